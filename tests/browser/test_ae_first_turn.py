"""Asia Engulfed's introductory scenario (Tipping the Scales), its first turn played through the
page alone (issue 16): a hot-seat game, both seats human, a fixed seed, held by one browser in
Japanese. Japan ends its naval, supply, production and strike phases with the prompt's buttons,
moves the 11th Army from Hupeh into Nationalist Szechwan by clicking the block, then the area, and
fights the battles it must (Guadalcanal, Port Moresby, Szechwan) by clicking their areas; the
Allies commit their air to each battle after the seat is switched to them; then the Allies play
their own player turn with buttons, until the header names the second turn (1942-11).

Where a choice is offered, a rule picks it: the button that ends the step (end, done, commit)
if one is offered, else the first button; the battle whose area comes first by name."""

from __future__ import annotations

import pytest

from tests.browser import test_area_map
from tests.browser.language import page_problems
from tests.browser.test_area_map import BLOCK, TARGET, api, choose_and_move, open_page
from tests.browser.test_client import pass_the_device, version, wait_newer, wait_prompt

pytestmark = [pytest.mark.game("asia-engulfed"), pytest.mark.slow]

ae_server = test_area_map.ae_server  # the module's server, a fixture

SEED = 11
FIRST_TURN, SECOND_TURN = "1942-09", "1942-11"
ENDING = ("end", "done", "commit")  # the buttons that end a step, picked first
# a point of the target's ring that nothing else covers (a box's mark may stand at its centre)
OPEN_POINT = """(target) => {
  const r = target.querySelector('.target-box').getBoundingClientRect();
  for (let dy = 0; dy < r.height / 2; dy += 2) for (let dx = 0; dx < r.width / 2; dx += 2)
    for (const [x, y] of [[r.x + r.width / 2 + dx, r.y + r.height / 2 + dy],
                          [r.x + r.width / 2 - dx, r.y + r.height / 2 - dy]]) {
      const found = document.elementFromPoint(x, y);
      if (found && found.closest('.target') === target) return [x, y];
    }
  throw new Error(`no free point on ${target.dataset.targetArea}`);
}"""
MOST_STEPS = 80  # the first turn takes about 30 decisions
STEP_MS = 60_000


def hot_seat_game(server):
    """A hot-seat game of the scenario: its id and the play link of each seat."""
    body = {"game": "asia-engulfed", "scenario": "tipping_the_scales", "seed": SEED}
    created = api(server, "/games", {**body, "hot_seat": True})
    links = {side: f"{server}{seat['url']}" for side, seat in created["seats"].items()}
    return created["id"], links


def turn_shown(page):
    return page.inner_text("#status")


def take_the_seat(page):
    """Switch to the held seat that must act, if this one need not, and pass the device to it."""
    switch = page.locator("#prompt-panel button.switch-seat")
    if page.locator("#prompt-panel .to-act").count() or not switch.count():
        return
    side = switch.first.get_attribute("data-side")
    switch.first.click()
    page.wait_for_function(f"() => document.body.dataset.seat === '{side}'", timeout=STEP_MS)
    pass_the_device(page, side)
    page.wait_for_selector("#prompt-panel .to-act", state="attached", timeout=STEP_MS)


def press_a_button(page):
    """Click the button that ends the step if one is offered, else the first; confirm it if it
    asks. The action played."""
    offered = page.locator("#buttons button[data-action]").evaluate_all(
        "(all) => all.filter((b) => !b.disabled).map((b) => b.dataset.action)"
    )
    assert offered, f"nothing to click at {page.get_attribute('#prompt-panel', 'data-prompt')}"
    action = next((text for text in offered if text in ENDING), offered[0])
    before = version(page)
    page.click(f'#buttons button[data-action="{action}"]')
    if page.locator("#confirm:not([hidden])").count():
        page.click("#confirm-ok")
    wait_newer(page, before)
    return action


def fight_a_battle(page):
    """Click the area of the battle that comes first by name. The action played."""
    areas = page.locator("#map .target[data-target-area]").evaluate_all(
        "(all) => all.map((target) => target.dataset.targetArea)"
    )
    area = sorted(areas)[0]
    target = page.locator(f'#map .target[data-target-area="{area}"]')
    target.focus()  # the map pans to it
    x, y = target.evaluate(OPEN_POINT)
    page.mouse.click(x, y)
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{area}"]', timeout=STEP_MS)
    action = f"battle {area}"
    before = version(page)
    page.click(f'#popup button[data-action="{action}"]')
    wait_newer(page, before)
    return action


def one_step(page, moved, artifacts):
    """Make the decision the page asks for, by clicking. The action played."""
    page.keyboard.press("Escape")  # no popup over what is to be clicked
    prompt = page.get_attribute("#prompt-panel", "data-prompt")
    if prompt == "prompt.operational_movement" and not moved:
        choose_and_move(page, BLOCK, TARGET, artifacts)
        page.screenshot(path=str(artifacts / "ae_first_turn_moved.png"))
        return f"move {BLOCK} {TARGET}"
    if prompt.startswith("prompt.first_combat_mandatory"):
        return fight_a_battle(page)
    return press_a_button(page)


def test_the_first_turn_of_tipping_the_scales_played_by_clicking(page, ae_server, artifacts):
    _, links = hot_seat_game(ae_server)
    open_page(page, links["allies"], "ja")  # the browser holds both seats
    open_page(page, links["japan"], "ja")
    wait_prompt(page, "prompt.naval_movement")
    assert FIRST_TURN in turn_shown(page)
    played, seats = [], []
    while FIRST_TURN in turn_shown(page):
        assert len(played) < MOST_STEPS, f"the first turn did not end: {played}"
        take_the_seat(page)
        seats.append(page.get_attribute("body", "data-seat"))
        prompt = page.get_attribute("#prompt-panel", "data-prompt")
        if prompt == "prompt.air_commitment" and "commit" not in played:  # the Allies, in Japanese
            page.screenshot(path=str(artifacts / "ae_first_turn_air_commitment.png"))
            assert [str(problem) for problem in page_problems(page)] == []
        played.append(one_step(page, f"move {BLOCK} {TARGET}" in played, artifacts))
    assert SECOND_TURN in turn_shown(page)
    page.screenshot(path=str(artifacts / "ae_first_turn_ended.png"))
    assert [str(problem) for problem in page_problems(page)] == []
    assert f"move {BLOCK} {TARGET}" in played
    assert {"battle guadalcanal", "battle port_moresby", "battle szechwan"} <= set(played)
    assert "commit" in played  # the Allied air, after a switch of seats
    assert seats.count("allies") > 5 and seats.count("japan") > 5
