"""The play page on a phone (issue 14), held upright (390x844) and sideways (844x390), with touch:
a header of one row whose other buttons are in a menu, a card tapped opens on the screen, its
choices and then the new prompt are in view, and, upright, the panels are a sheet that a finger
drags up and down. Empire of the Sun, the 1942 scenario, Japan against the bot."""

from __future__ import annotations

import pytest

from tests.browser.test_client import create_game, version, wait_newer, wait_prompt
from tests.browser.test_touch import Fingers, centre_of

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

PHONES = {"portrait": {"width": 390, "height": 844}, "landscape": {"width": 844, "height": 390}}


@pytest.fixture(params=sorted(PHONES))
def context_options(request) -> dict[str, object]:
    return {
        "viewport": PHONES[request.param],
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    }


def on_screen(page, selector):
    """Whether the whole of the element is inside the window."""
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    inside_x = box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5
    return inside_x and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5


def check_header(page):
    header = page.locator(".topbar").bounding_box()
    assert header["height"] <= 48  # one row
    assert page.is_visible("#undo") and page.is_visible("#menu-button")
    assert page.is_hidden("#resign")
    page.tap("#menu-button")
    assert page.is_visible("#resign") and page.is_visible("#seat-select")
    assert page.get_attribute("#menu-button", "aria-expanded") == "true"
    page.tap("#menu-button")
    assert page.is_hidden("#resign")
    page.tap("#menu-button")
    page.tap("#prompt-panel .prompt-text")  # a tap elsewhere closes the menu
    assert page.is_hidden("#resign")
    assert page.get_attribute("#menu-button", "aria-expanded") == "false"
    page.tap("#menu-button")
    page.tap("#sound")  # as does one of its buttons, once it has done its work
    assert page.is_hidden("#resign")
    page.tap("#menu-button")
    page.tap("#sound")


def drag_the_sheet(page, fingers, pixels):
    x, y = centre_of(page, "#sheet-handle")
    fingers.slide([(x, y)], [(x, y + pixels)])
    return page.get_attribute("#side", "data-sheet")


def check_the_sheet(page, artifacts, name):
    fingers = Fingers(page)
    assert page.get_attribute("#side", "data-sheet") == "half"
    assert drag_the_sheet(page, fingers, -300) == "full"  # up: the hand and the rest
    page.wait_for_timeout(100)
    cards = page.locator("#hand .card")
    shown = [on_screen(page, f"#hand .card >> nth={index}") for index in range(cards.count())]
    assert sum(shown) >= 4
    page.screenshot(path=str(artifacts / f"{name}_sheet_up.png"))
    assert drag_the_sheet(page, fingers, 450) == "low"  # down: the prompt and the map
    assert on_screen(page, "#prompt-panel .prompt-text")
    page.tap("#sheet-handle")  # a tap raises it a step
    assert page.get_attribute("#side", "data-sheet") == "half"


def test_a_phone_shows_the_prompt_the_hand_and_a_card_s_choices(page, server, artifacts):
    name = "phone_portrait" if page.viewport_size["width"] < 500 else "phone_landscape"
    page.goto(create_game(page, server, scenario="1942")["japan"])
    wait_prompt(page, "prompt.action")
    page.screenshot(path=str(artifacts / f"{name}.png"))
    check_header(page)
    if name == "phone_portrait":
        check_the_sheet(page, artifacts, name)
    else:
        assert page.is_hidden("#sheet-handle")

    card = page.locator("#cards-panel .card.legal").first
    card_id = card.get_attribute("data-card")
    start = version(page)
    card.locator(".card-title").tap()
    page.wait_for_selector(f'#popup:not([hidden])[data-card="{card_id}"]')
    assert version(page) == start
    assert on_screen(page, "#popup") and on_screen(page, "#popup button.action")
    page.screenshot(path=str(artifacts / f"{name}_card.png"))
    page.locator("#popup button.action").tap()
    wait_newer(page, start)
    wait_prompt(page, "prompt.use")
    assert on_screen(page, "#prompt-text")  # the card's choices, in view after the tap
    buttons = page.locator("#buttons button.action")
    assert buttons.count() >= 2 and on_screen(page, "#buttons button.action")
    page.screenshot(path=str(artifacts / f"{name}_choices.png"))
