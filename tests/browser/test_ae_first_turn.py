"""Asia Engulfed's introductory scenario (Tipping the Scales), its first turn played through the
page alone (issue 16): a hot-seat game, both seats human, a fixed seed, held by one browser in
Japanese. Japan's battleship fleet at Truk sails into the Coral Sea (picked in the port's popup,
the first step of a move that opens a sea area, then the sea clicked); the seat is switched to the
Allies, who decline to react with the prompt's button; Japan ends its supply, production and
strike phases with buttons, moves the 11th Army from Hupeh into Nationalist Szechwan by clicking
the block, then the area, and fights the battles it must (Guadalcanal, Port Moresby, Szechwan) by
clicking their areas, the Allies committing their air to each after a switch of seats; its fleet
rebases; then the Allies play their own player turn, until the header names the second turn
(1942-11). The page must show no untranslated text at the first air commitment and at the end.

Where a choice is offered, a rule picks it: the button that ends the step (end, done, commit,
close) if one is offered, else the first button; else the target area first by name, and the
first action of its popup; else the first block that may move, to the first area by name."""

from __future__ import annotations

import pytest

from tests.browser import test_area_map
from tests.browser.language import page_problems
from tests.browser.test_area_map import (
    BLOCK,
    TARGET,
    api,
    choose_and_move,
    click_target,
    open_page,
    pick_in_popup,
)
from tests.browser.test_client import pass_the_device, version, wait_newer, wait_prompt

pytestmark = [pytest.mark.game("asia-engulfed"), pytest.mark.slow]

ae_server = test_area_map.ae_server  # the module's server, a fixture

SEED = 11
FIRST_TURN, SECOND_TURN = "1942-09", "1942-11"
ENDING = ("end", "done", "commit", "close")  # the buttons that end a step, picked first
FLEET, PORT, SEA = "jp-bb-a", "truk", "coral_sea"  # the Allies may react to it there
SAIL, MOVE = f"sail {FLEET} {SEA}", f"move {BLOCK} {TARGET}"
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


def target_areas(page):
    return sorted(
        page.locator("#map .target[data-target-area]").evaluate_all(
            "(all) => all.map((target) => target.dataset.targetArea)"
        )
    )


OPENED_OR_PLAYED = """([area, before]) =>
  document.querySelector(`#popup:not([hidden])[data-hex="${area}"]`)
  || Number(document.body.dataset.version) > before"""


def play_a_target(page):
    """Open the target area that comes first by name, and click the first action of its popup;
    where the only piece that may act has been chosen for the player (its moves alone are
    offered), the click moves it there. The action played."""
    areas = target_areas(page)
    assert areas, f"nothing to click at {page.get_attribute('#prompt-panel', 'data-prompt')}"
    area = areas[0]
    target = page.locator(f'#map .target[data-target-area="{area}"]')
    target.focus()  # the map pans to it
    # at the ring's centre, over an island box's own mark: a click as a player's
    ring = target.locator(".target-box").bounding_box()
    before = version(page)
    page.mouse.click(ring["x"] + ring["width"] / 2, ring["y"] + ring["height"] / 2)
    page.wait_for_function(OPENED_OR_PLAYED, arg=[area, before], timeout=STEP_MS)
    if version(page) > before:
        wait_newer(page, before)
        return f"moved to {area}"
    button = page.locator("#popup button.action:not(:disabled)").first
    action = button.get_attribute("data-action")
    before = version(page)
    button.click()
    wait_newer(page, before)
    return action


def move_a_piece(page, stack, piece=None, to=None):
    """Open ``stack``, choose ``piece`` (else the first that may move) in its popup (a click on a
    lone piece that may move chooses it at once), then click
    the area ``to`` (else the first by name it may reach). The destination."""
    stack.focus()  # the map pans to it
    stack.click()  # opens its popup, or chooses the piece clicked if it may move
    shown = "#popup:not([hidden]), #map .target[data-target-area]"
    page.wait_for_selector(shown, state="attached", timeout=STEP_MS)
    if page.locator("#popup:not([hidden])").count():
        choose = f'#popup [data-choose="{piece}"]' if piece else "#popup [data-choose]"
        page.locator(choose).first.click()
        page.wait_for_selector("#map .target[data-target-area]", timeout=STEP_MS)
    to = to or target_areas(page)[0]
    page.locator(f'#map .target[data-target-area="{to}"]').focus()
    click_target(page, to)
    return to


def sail(page):
    """Japan's fleet at Truk sails into the Coral Sea: picked first (it opens the sea area),
    then the sea area clicked among its destinations."""
    pick_in_popup(page, f'#map .stack[data-area="{PORT}"][data-side=japan]', f"sail {FLEET}")
    page.wait_for_selector(f'#map .target[data-target-area="{SEA}"]', timeout=STEP_MS)
    click_target(page, SEA)
    return SAIL


def one_step(page, played, artifacts):
    """Make the decision the page asks for, by clicking: Japan's fleet sails and its block moves
    once; else a button, else a target area, else the first block that may move goes to the
    first area by name it may reach. The action played."""
    page.keyboard.press("Escape")  # no popup over what is to be clicked
    prompt = page.get_attribute("#prompt-panel", "data-prompt")
    if prompt == "prompt.naval_movement" and SAIL not in played:
        return sail(page)
    if prompt == "prompt.operational_movement" and MOVE not in played:
        choose_and_move(page, BLOCK, TARGET, artifacts)
        page.screenshot(path=str(artifacts / "ae_first_turn_moved.png"))
        return MOVE
    if page.locator("#buttons button[data-action]:not(:disabled)").count():
        return press_a_button(page)
    if page.locator("#map .target[data-target-area]").count():
        return play_a_target(page)
    to = move_a_piece(page, page.locator("#map .stack.has-target").first)  # a block's move
    return f"moved to {to}"


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
        played.append(one_step(page, played, artifacts))
    assert SECOND_TURN in turn_shown(page)
    page.screenshot(path=str(artifacts / "ae_first_turn_ended.png"))
    assert [str(problem) for problem in page_problems(page)] == []
    by_seat = list(zip(seats, played, strict=True))
    reacted = by_seat[played.index(SAIL) : played.index(MOVE)]
    assert ("allies", "done") in reacted  # the Allies' choice to react, after a switch of seats
    assert {"battle guadalcanal", "battle port_moresby", "battle szechwan"} <= set(played)
    assert by_seat.count(("allies", "commit")) == 4  # the Allied air, at each battle round
    assert seats.count("allies") > 5 and seats.count("japan") > 5
