"""What a page shows in a language, and the checks that find what was left untranslated in
Japanese: a message key (``play.tracks``, ``log.hit unit=us-cv-1``) and an English sentence.

Any browser test may use it: :data:`COLLECT_TEXT` gathers every text of the whole document (text
in closed ``<details>`` and hidden elements too, the ``title``, ``aria-label``, ``placeholder``
and ``alt`` attributes, and the page's title), :func:`untranslated` returns what fails the checks.

English is told by a heuristic: ASCII words with two lower-case letters in a row, alone or in a
run ("map", "zoom in", "campaign", a sentence). The abbreviations Japanese wargamers use as they
are (HQ, LV, OC, ASP, ZOI, CV, B-29, d10, US) pass, and so do numbers, rule numbers and hashes.
What may stay English is in :data:`ALLOWED`, each with its reason; keep it short.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

ALLOWED: dict[str, str] = {
    "Empire of the Sun": "the game's published title, credited beside its Japanese one",
    "GMT Games": "the publisher's name, credited as it is written",
    "Decision Games": "the publisher's name, credited as it is written",
    "Victory Games": "the publisher's name, credited as it is written",
    "Asia Engulfed": "a published title with no Japanese edition, credited as published",
    "Aegean Strike": "a published title with no Japanese edition, credited as published",
    "Dai Senso!": "a published title in romanised Japanese, credited as published beside 大戦争",
    "wargame": "the program's name",
    "English": "the language switch names each language in that language",
}

# a dotted lower-case key whose segments after the first start with a letter or an underscore
# (so that "v2.0" and "7.52" pass), or a key followed by its parameters as name=value; the
# boundaries are ASCII, as Japanese letters count as word characters to Python
MESSAGE_KEY = re.compile(
    r"(?<![A-Za-z0-9_./-])[a-z][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+(?![A-Za-z0-9_/-])"
)
PARAMETER = re.compile(r"(?<![A-Za-z0-9_-])[a-z_][a-z0-9_]*=\S")
# ASCII words in a row (a word joined to digits, as in "d10" or a hash, is not one)
WORD = r"(?<![A-Za-z0-9_'’-])[A-Za-z][A-Za-z'’]*(?:-[A-Za-z]+)*(?![A-Za-z0-9_'’-])"
WORDS = re.compile(rf"{WORD}(?:[ \t\n]+{WORD})*")
ENGLISH_WORD = re.compile(r"[a-z]{2}")
# a hash shown shortened, its head and tail around an ellipsis ("0638189c3b99…ddaddc"): its tail
# may be hex letters alone, which read as a word
SHORTENED_HASH = re.compile(r"(?<![A-Za-z0-9])[0-9a-f]{8,}…[0-9a-f]{4,}(?![A-Za-z0-9])")

COLLECT_TEXT = """() => {
  const found = [];
  const where = (node) => {
    let element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
    const path = [];
    while (element && element !== document.body && path.length < 3) {
      path.unshift(element.id ? `#${element.id}` : element.tagName.toLowerCase());
      if (element.id) break;
      element = element.parentElement;
    }
    return path.join(" > ");
  };
  found.push({ text: document.title, where: "document.title" });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || ["SCRIPT", "STYLE"].includes(parent.tagName)) continue;
    if (node.textContent.trim()) found.push({ text: node.textContent, where: where(node) });
  }
  for (const element of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
    for (const name of ["title", "aria-label", "placeholder", "alt"]) {
      const value = element.getAttribute(name);
      if (value && value.trim()) found.push({ text: value, where: `${where(element)} @${name}` });
    }
  }
  return found;
}"""


@dataclass(frozen=True)
class Problem:
    kind: str  # "key" or "english"
    found: str
    text: str
    where: str

    def __str__(self) -> str:
        return f"{self.kind} {self.found!r} at {self.where}: {self.text.strip()[:160]!r}"


def without_allowed(text: str, allowed: Iterable[str] = ALLOWED) -> str:
    for name in allowed:
        text = text.replace(name, " ")
    return text


def problems_in(text: str, where: str = "") -> list[Problem]:
    """What is untranslated in one text shown in Japanese."""
    shown = SHORTENED_HASH.sub(" ", without_allowed(text))
    found = [Problem("key", m.group(), text, where) for m in MESSAGE_KEY.finditer(shown)]
    found += [Problem("key", m.group(), text, where) for m in PARAMETER.finditer(shown)]
    found += [
        Problem("english", m.group(), text, where)
        for m in WORDS.finditer(shown)
        if ENGLISH_WORD.search(m.group())
    ]
    return found


def untranslated(texts: Iterable[dict[str, str]]) -> list[Problem]:
    """The first problem of every text :data:`COLLECT_TEXT` gathered, each text once."""
    seen: set[str] = set()
    found: list[Problem] = []
    for item in texts:
        problems = [] if item["text"] in seen else problems_in(item["text"], item["where"])
        seen.add(item["text"])
        found += problems[:1]
    return found


def page_problems(page) -> list[Problem]:
    """What the page shows now, untranslated."""
    return untranslated(page.evaluate(COLLECT_TEXT))
