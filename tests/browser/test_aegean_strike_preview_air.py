"""The battle panel previews Aegean Strike's air strike before its target is chosen (issue 18,
point 8; air_previews.py): Player A's A-6s, escorted, reach Benghazi's ships (the moves
test_aegean_strike_board.py clicks, played through the API), and the panel shows, for each
target offered, the strike units with their values, the target with its ECM, the chart and its
column, and each number of hits with its chance, in English and Japanese."""

from __future__ import annotations

import pytest

from tests.browser.language import page_problems
from tests.browser.test_aegean_strike_board import (
    CARRIER,
    ESCORT,
    LEAD,
    NEAR_LIBYA,
    TARGET,
    new_game,
    open_page,
    play_as,
)
from tests.browser.test_client import wait_prompt
from tests.browser.test_dai_senso_board import preview_facts as dai_senso_facts
from wargame.games.aegean_strike.forces import forces

pytestmark = [pytest.mark.game("aegean-strike"), pytest.mark.slow]
LEAD_NAME, LEAD_NAME_JA = forces().display_names[LEAD]


def to_the_target_choice(server, game_id, tokens):
    """Player A's first strike of the game, played through the API up to its target choice (the
    moves test_aegean_strike_board.fly_a_strike clicks): the carrier sailed near Libya, the
    A-6s launched with the F-14s as their escort to Benghazi, Player B passing each time."""
    moves = [
        ("b", "done"),
        *(("a", text) for text in ("done", "end", f"sail {CARRIER}", f"to {NEAR_LIBYA}", "end")),
        ("b", "pass"),  # 15.02: no interception of the carrier
        *(("a", text) for text in (f"launch {LEAD}", "mission bombing_strike", f"escort {ESCORT}")),
        ("a", f"target {TARGET}"),
        ("b", "pass"),  # no interception of the strike
    ]
    for side, text in moves:
        play_as(server, game_id, tokens[side], lambda actions, text=text: text)


def preview_facts(page):
    """As the Dai Senso! board test reads the panel, with the preview buttons, the values'
    heads and the number of die faces."""
    more = page.evaluate(
        """() => {
          const box = document.querySelector('#battle-panel');
          const all = (selector) => [...box.querySelectorAll(selector)];
          return {
            choices: all('.preview-choice button').map((b) => b.dataset.preview),
            heads: all('.preview-side th.number').map((th) => th.textContent),
            faces: all('.preview-roll tr.face').length,
          };
        }"""
    )
    return dai_senso_facts(page) | more


@pytest.mark.rule("9.06", "16.08", "0.02")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_strikes_target_choice_previews_each_target_in_the_battle_panel(
    page, server, artifacts, lang
):
    """Every target offered has its preview (a button each); the one shown names the A-6s and
    the Libyan ship, the Air/Naval chart with the ship's ECM, the chances of the d10's ten
    faces summing to 100%, and the note on ECM; in Japanese with no English left."""
    game_id, tokens, links = new_game(server)
    to_the_target_choice(server, game_id, tokens)
    open_page(page, links["a"], lang)
    wait_prompt(page, "prompt.strike")
    page.wait_for_selector('#battle-panel[data-preview="offered"] .preview-roll')
    facts = preview_facts(page)
    assert any(choice.startswith("attack ly-") for choice in facts["choices"])
    assert "attack benina" in facts["choices"]
    assert facts["units"][0] == LEAD and facts["units"][1].startswith("ly-")
    assert ESCORT not in facts["units"]  # an escort does not strike (9.03 G)
    assert facts["faces"] == 10 and round(sum(facts["percents"])) == 100 and facts["results"]
    if lang == "en":
        assert facts["label"].startswith("Air/Naval chart: ")
        assert "ECM" in facts["heads"] and "Bombing" in facts["heads"]
        assert any("(16.08)" in note for note in facts["notes"])
    else:
        assert facts["label"].startswith("航空/海上戦闘表: ")
        assert "への攻撃" in facts["title"] and "爆撃" in facts["heads"]
        assert [str(problem) for problem in page_problems(page)] == []  # no English left
    page.locator("#battle-panel").screenshot(path=str(artifacts / f"as_preview_air_{lang}.png"))
    before = facts["title"]
    page.click('#battle-panel .preview-choice button[data-preview="attack benina"]')
    page.wait_for_function(
        "(before) => document.querySelector('#battle-panel .preview-title')?.textContent"
        " !== before",
        arg=before,
    )
    base = preview_facts(page)
    assert base["units"] == [LEAD, "benina"]
    assert base["label"].startswith("Air-to-ground chart: " if lang == "en" else "空対地戦闘表: ")


@pytest.mark.rule("16.10", "14")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_groups_target_choice_previews_the_fire_it_meets_as_its_side_sees_it(
    page, server, lang
):
    """Before the escorted A-6s are sent to Benghazi, the panel shows the fire they meet there
    (air_previews.fire_preview) as Player A sees it: Benghazi's ships are not detected yet, so
    the group alone, no roll, and the notes that no defence seen reaches the hex and that
    unseen ones may fire too; in Japanese, no English."""
    game_id, tokens, links = new_game(server)
    moves = [
        ("b", "done"),
        *(("a", text) for text in ("done", "end", f"sail {CARRIER}", f"to {NEAR_LIBYA}", "end")),
        ("b", "pass"),
        *(("a", text) for text in (f"launch {LEAD}", "mission bombing_strike", f"escort {ESCORT}")),
    ]
    for side, text in moves:
        play_as(server, game_id, tokens[side], lambda actions, text=text: text)
    open_page(page, links["a"], lang)
    wait_prompt(page, "prompt.group")
    page.wait_for_selector('#battle-panel[data-preview="offered"]')
    page.click(f'#battle-panel .preview-choice button[data-preview="target {TARGET}"]')
    page.wait_for_selector("#battle-panel .preview-notes li")
    facts = page.evaluate(
        """() => {
          const box = document.querySelector('#battle-panel');
          const all = (selector) => [...box.querySelectorAll(selector)];
          return {
            title: box.querySelector('.preview-title')?.textContent || '',
            units: all('.preview-side tr[data-unit]').map((r) => r.dataset.unit),
            rolls: all('.preview-roll').length,
            notes: all('.preview-notes li').map((li) => li.textContent),
          };
        }"""
    )
    assert facts["units"] == [LEAD, ESCORT] and facts["rolls"] == 0
    assert len(facts["notes"]) == 2
    if lang == "en":
        assert facts["title"] == f"The fire at {LEAD_NAME}'s group arriving in Benghazi"
        assert facts["notes"][1].endswith("may fire too (14)")
    else:
        assert facts["title"] == f"ベンガジに到着する{LEAD_NAME_JA}の攻撃隊への射撃"
        assert [str(problem) for problem in page_problems(page)] == []  # no English left
