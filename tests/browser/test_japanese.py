"""Japanese everywhere: every page and panel of an Empire of the Sun game, shown in Japanese,
holds no message key left untranslated and no English sentence (tests/browser/language.py).

The walk opens the lobby, then Japan's seat of a campaign game (seed 7) and everything the play
page can show on the way to the first battle: the prompt, the hand (card effects in closed
``<details>`` are read too), the tracks, the boxes, the whole log, a stack's popup, the battle
panel with the battle's preview before it is resolved and while it is fought (each roll's die face
by face opened); then Japan resigns and the replay bar and the dice panel (verified) are read;
then a move with consequences of a 1942 game, its warning on the map and the legend, and the
dialog that asks before it is played; last the About page. It reads whichever panels the page has
(the ids of play.html), and the whole document each time.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.browser.language import page_problems, problems_in
from tests.browser.positions import reach, with_consequence

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

SEED = 7
PEARL_HARBOR = "5808"
PANELS = ("prompt", "battle", "cards", "tracks", "boxes", "log", "dice")


def create_game(server: str) -> str:
    """A campaign game, Japan human, the Allies the random bot: Japan's link."""
    body = {
        "game": "empire-of-the-sun",
        "scenario": "campaign",
        "seed": SEED,
        "seats": {"japan": "human", "allied": "bot:random"},
    }
    request = urllib.request.Request(
        f"{server}/api/games",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        created = json.load(response)
    return str(created["seats"]["japan"]["url"])


def in_japanese(server: str, link: str) -> str:
    path, _, fragment = link.partition("#")
    return f"{server}{path}?lang=ja#{fragment}"


def wait_prompt(page, key: str) -> None:
    page.wait_for_selector(f'#prompt-panel[data-prompt="{key}"]', state="attached")


def play_button(page, action: str) -> None:
    before = int(page.get_attribute("body", "data-version"))
    page.click(f'#buttons [data-action="{action}"]')
    page.wait_for_function(
        f"() => Number(document.body.dataset.version) > {before} && !document.body.dataset.busy"
    )


class Walk:
    """The problems found on each page and panel visited, by where they were seen."""

    def __init__(self, page) -> None:
        self.page = page
        self.found: dict[str, list[str]] = {}

    def read(self, stage: str) -> None:
        problems = [str(problem) for problem in page_problems(self.page)]
        if problems:
            self.found[stage] = problems

    def report(self) -> str:
        return "\n".join(
            f"{stage}:\n  " + "\n  ".join(problems) for stage, problems in self.found.items()
        )


def open_every_detail(page) -> None:
    """Open what the page folds away: every <details>, and the whole log where it is paged."""
    page.eval_on_selector_all("details", "found => found.forEach(d => { d.open = true; })")
    more = page.locator("#log-panel button")
    if more.count():
        more.first.click()


def read_the_battle(page, walk, artifacts) -> None:
    """Pearl Harbor: its hex opened and the battle panel's preview before it is resolved, then the
    battle under way and a stack's popup."""
    play_button(page, "done")
    wait_prompt(page, "prompt.next_battle")
    target = page.locator(f'[data-target-hex="{PEARL_HARBOR}"]')
    target.click()  # the first click opens the battle's hex (its popup is read below)
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{PEARL_HARBOR}"]')
    page.wait_for_selector("#battle-panel.current .preview .preview-roll")  # the preview
    open_every_detail(page)
    walk.read("play: the battle's hex opened, its preview")
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 2400})  # the whole panel in sight
    page.locator("#battle-panel").screenshot(path=str(artifacts / "japanese_walk_preview.png"))
    page.set_viewport_size(size)
    target.click()  # the second fights the battle
    wait_prompt(page, "prompt.allocate_hits")
    page.wait_for_selector("#battle-panel.current .preview .preview-side")  # the battle under way
    page.click(f'#map g.stack[data-hex="{PEARL_HARBOR}"][data-side="allied"]')
    page.wait_for_selector("#popup:not([hidden])")
    open_every_detail(page)
    walk.read("play: the battle and a stack's popup")
    page.screenshot(path=str(artifacts / "japanese_walk_battle.png"))


def read_a_confirmation(page, server, walk, artifacts) -> None:
    """A move with consequences in Japanese: its warning on the map, the legend (every mark),
    its button in the hex's popup, and the dialog that lists its consequences before it is
    played."""
    position = reach(server, "1942", 3, with_consequence("7.21"))
    hex_id = position.found.split()[1]
    page.goto(position.link(server, "ja"))
    page.wait_for_selector(f'#map [data-warned="{hex_id}"]', state="attached")
    page.click("#legend-button")
    page.wait_for_selector("#legend li[data-legend=warned]")
    walk.read("play: a move with consequences, and the legend")
    page.click("#legend-button")
    page.click(f'#map .target[data-target-hex="{hex_id}"]')
    page.click(f'#popup button[data-action="{position.found}"]')
    page.wait_for_selector("#confirm:not([hidden])")
    walk.read("play: the confirmation of a move with consequences")
    page.screenshot(path=str(artifacts / "japanese_walk_confirm.png"))
    page.click("#confirm-cancel")


def test_the_checks_find_a_key_and_an_english_sentence():
    assert [p.found for p in problems_in("play.tracks") if p.kind == "key"] == ["play.tracks"]
    keys = [p.found for p in problems_in("log.hit unit=us-cv-1") if p.kind == "key"]
    assert keys == ["log.hit", "unit=u"]
    assert [p.kind for p in problems_in("An empty deck is refilled")] == ["english"]
    assert [p.found for p in problems_in("地図") + problems_in("map")] == ["map"]
    assert [p.found for p in problems_in("帝国 — campaign")] == ["campaign"]
    assert [p.found for p in problems_in("終わったらdone")] == ["done"]
    shown = "トラック諸島 LV 4 (HQ) US CA B-29 d10 v2.0 7.52 ce63118904 Empire of the Sun"
    assert problems_in(shown) == []


def test_every_page_and_panel_reads_in_japanese(page, server, artifacts):
    walk = Walk(page)
    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("#scenario option[value=campaign]", state="attached")
    walk.read("lobby")

    page.goto(in_japanese(server, create_game(server)))
    wait_prompt(page, "prompt.assign_none")
    page.wait_for_selector("#log-panel li", state="attached")
    panels = [name for name in PANELS if page.locator(f"#{name}-panel").count()]
    assert {"prompt", "cards", "tracks", "log"} <= set(panels)
    open_every_detail(page)
    walk.read("play: the first decision")
    page.screenshot(path=str(artifacts / "japanese_walk_play.png"))

    read_the_battle(page, walk, artifacts)

    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.wait_for_selector("#result")
    if page.locator("#verify-dice").count():
        page.click("#verify-dice")
        page.wait_for_selector("#dice-outcome [data-verdict]")
    page.click("#replay-button")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click("#replay-first")
    page.click("#replay-next")
    page.wait_for_function(
        "() => document.querySelector('#replay-step').textContent.startsWith('1 ')"
    )
    open_every_detail(page)
    walk.read("play: the result, the replay bar and the dice")
    page.screenshot(path=str(artifacts / "japanese_walk_replay.png"))

    read_a_confirmation(page, server, walk, artifacts)

    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("#my-games a, #my-games button", state="attached")
    walk.read("lobby with a game")

    page.goto(f"{server}/about/empire-of-the-sun?lang=ja")
    page.wait_for_selector("#coverage")
    open_every_detail(page)
    walk.read("about")
    page.screenshot(path=str(artifacts / "japanese_walk_about.png"), full_page=True)

    assert not walk.found, walk.report()
