"""The battle panel previews a land combat of Aegean Strike (issue 18, point 8; 16.02, 11.05,
11.11): in the Greece-Turkey War, Turkey's first ground segment offers land combats against the
Greek units across the border; the panel shows, before any click, the combat the first
``assault`` declares (both sides' units, the land CRT's column, each column shift with its rule,
each result's chance summing to 100%, the remarks), in English and Japanese. The player then
picks another combat's preview by its button, declares the first by clicking its hex, and the
panel previews its Planned Assault, two columns to the right (11.11)."""

from __future__ import annotations

import pytest

from tests.browser.language import page_problems
from tests.browser.positions import body_of, reach
from tests.browser.test_client import version, wait_newer, wait_prompt
from tests.browser.test_what_the_game_tells import check_battle_panel, open_hex, open_position
from wargame.games import REGISTRY

pytestmark = [pytest.mark.game("aegean-strike"), pytest.mark.slow]

GAME = REGISTRY.game("aegean-strike")
SCENARIO = "greece_turkey_war"
PASSING = ("done", "end", "pass", "go")


def assault_preview(_state, _side, view):
    """The first ``assault HEX`` offered with its preview: the action."""
    notes = view.get("notes") or {}
    found = [a for a in view["actions"] if a.startswith("assault ")]
    return next((a for a in found if (notes.get(a) or {}).get("preview")), None)


def passing(chooser, actions):
    """Each side passes on (it ends its steps) until a land combat is offered."""
    return next((a for a in PASSING if a in actions), None) or chooser.choice(actions)


def words(page):
    """The panel's preview in words: its title, the roll's label, the remarks, and the offered
    previews' buttons."""
    return page.evaluate(
        """() => {
          const box = document.querySelector('#battle-panel');
          const all = (selector) => [...box.querySelectorAll(selector)];
          return {
            title: box.querySelector('.preview-title')?.textContent || '',
            label: box.querySelector('.preview-roll h4')?.textContent || '',
            notes: all('.preview-notes li').map((li) => li.textContent),
            choices: all('.preview-choice button').map((b) => b.dataset.preview),
          };
        }"""
    )


def check_panel(page, preview):
    """The panel shows ``preview`` (the server's, in the page's language): its units, each
    shift's rule, each result's chance summing to 1, and its words."""
    check_battle_panel(page, preview)
    facts = words(page)
    assert facts["title"] == preview["title"]["text"]
    assert facts["label"] == preview["rolls"][0]["label"]["text"]
    assert facts["notes"] == [note["text"] for note in preview["notes"]]
    return facts


@pytest.mark.rule("16.02", "11.05", "11.11")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_battle_panel_previews_a_land_combat_then_its_planned_assault(
    page, server, artifacts, lang
):
    position = reach(server, SCENARIO, 7, assault_preview, 60, game=GAME, choose=passing)
    action = position.found
    hex_id = action.split()[1]
    body = body_of(server, position, lang)
    preview = body["notes_text"][action]["preview"]
    assert len(preview["sides"][0]["units"]) >= 1 and len(preview["sides"][1]["units"]) >= 1
    page.set_viewport_size({"width": 1500, "height": 2400})  # the whole panel in its screenshot
    open_position(page, server, position, lang)
    page.wait_for_selector('#battle-panel[data-preview="offered"] .preview-roll')
    facts = check_panel(page, preview)
    above = page.evaluate(
        """() => document.querySelector('#battle-panel').getBoundingClientRect().top
                 < document.querySelector('#airbases-panel').getBoundingClientRect().top"""
    )
    assert above  # the preview on offer comes before the airbase display, next to the prompt
    overflow = page.evaluate(
        """() => [...document.querySelectorAll('#battle-panel .preview-side')]
                 .map((box) => box.scrollWidth - box.clientWidth)"""
    )
    assert max(overflow) <= 1  # each side's table fits its box (its headers wrap)
    assert facts["label"].startswith("Land CRT: " if lang == "en" else "地上戦闘結果表: ")
    others = [text for text in facts["choices"] if text != action]
    if lang == "ja":
        assert facts["title"].endswith("の地上戦闘")
        assert [str(problem) for problem in page_problems(page)] == []  # no English left
    page.locator("#battle-panel").screenshot(path=str(artifacts / f"as_ground_preview_{lang}.png"))

    if others:  # another combat's preview, by its button
        page.click(f'#battle-panel .preview-choice button[data-preview="{others[0]}"]')
        page.wait_for_selector(
            f'#battle-panel .preview-choice button[data-preview="{others[0]}"][aria-pressed="true"]'
        )
        check_panel(page, body["notes_text"][others[0]]["preview"])

    start = version(page)  # declare the combat by clicking its hex, then its button
    open_hex(page, hex_id)
    page.click(f'#popup button[data-action="{action}"]')
    wait_newer(page, start)
    wait_prompt(page, "prompt.ground_segment")
    after = body_of(server, position, lang)
    plan = f"plan {hex_id}"
    if plan not in after["view"]["actions"]:
        pytest.skip(f"{plan} is not offered here (SP)")
    page.wait_for_selector(f'#battle-panel .preview-choice button[data-preview="{plan}"]')
    page.click(f'#battle-panel .preview-choice button[data-preview="{plan}"]')
    page.wait_for_selector(
        f'#battle-panel .preview-choice button[data-preview="{plan}"][aria-pressed="true"]'
    )
    planned = after["notes_text"][plan]["preview"]
    check_panel(page, planned)
    assert "11.11" in [m["rule"] for m in planned["rolls"][0]["modifiers"]]
    page.locator("#battle-panel").screenshot(path=str(artifacts / f"as_ground_plan_{lang}.png"))
