"""The map under fingers: a one-finger drag pans it, a two-finger pinch zooms it around the
pinch centre, a tap opens a stack, and a second tap plays a legal target. Touches are sent through
the Chrome DevTools Protocol (``Input.dispatchTouchEvent``), as Playwright's own API taps only.
Empire of the Sun, campaign, seed 7, Japan at Pearl Harbor (as in ``test_client``)."""

from __future__ import annotations

import pytest

from tests.browser.test_client import (
    PEARL_HARBOR,
    create_game,
    reach_the_battle,
    version,
    view_box,
    wait_prompt,
)

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

DRAG = (-150.0, 40.0)  # screen pixels: left and down
PINCH_FROM, PINCH_TO = 40.0, 120.0  # half the distance between the fingers, in pixels
STEPS = 10


@pytest.fixture
def context_options() -> dict[str, object]:
    return {"has_touch": True}


class Fingers:
    """Touch points moved together on the page, in CSS pixels of the viewport."""

    def __init__(self, page):
        self.session = page.context.new_cdp_session(page)

    def send(self, kind, points):
        touches = [{"x": x, "y": y, "id": number} for number, (x, y) in enumerate(points)]
        self.session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touches})

    def slide(self, starts, ends):
        """Put the fingers down at ``starts``, move them to ``ends`` in steps, lift them."""
        self.send("touchStart", starts)
        for step in range(1, STEPS + 1):
            part = step / STEPS
            self.send(
                "touchMove",
                [
                    (x0 + (x1 - x0) * part, y0 + (y1 - y0) * part)
                    for (x0, y0), (x1, y1) in zip(starts, ends, strict=True)
                ],
            )
        self.send("touchEnd", [])


def centre_of(page, selector):
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def map_point(page, screen):
    """The map point (viewBox units) drawn at the screen point ``screen``."""
    x, y, width, _ = view_box(page)
    rect = page.locator("#map").bounding_box()
    per_pixel = width / rect["width"]
    return x + (screen[0] - rect["x"]) * per_pixel, y + (screen[1] - rect["y"]) * per_pixel


def pixel_size(page):
    return view_box(page)[2] / page.locator("#map").bounding_box()["width"]


def drag_from_the_target(page, fingers):
    """A one-finger drag that starts on Pearl Harbor's target moves the map, and plays nothing."""
    start = version(page)
    x, y = centre_of(page, f'[data-target-hex="{PEARL_HARBOR}"]')
    before, per_pixel = view_box(page), pixel_size(page)
    fingers.slide([(x, y)], [(x + DRAG[0], y + DRAG[1])])
    after = view_box(page)
    assert after[0] - before[0] == pytest.approx(-DRAG[0] * per_pixel, rel=0.02)
    assert after[1] - before[1] == pytest.approx(-DRAG[1] * per_pixel, rel=0.02)
    assert after[2] == pytest.approx(before[2])  # a pan does not zoom
    assert version(page) == start


def pinch_out(page, fingers):
    """Fingers spread threefold around a point off the map's centre: the view is three times
    narrower and the map point under the pinch centre stays under it."""
    rect = page.locator("#map").bounding_box()
    centre = (rect["x"] + rect["width"] * 0.4, rect["y"] + rect["height"] * 0.6)
    held, per_pixel, width = map_point(page, centre), pixel_size(page), view_box(page)[2]
    x, y = centre
    fingers.slide(
        [(x - PINCH_FROM, y), (x + PINCH_FROM, y)], [(x - PINCH_TO, y), (x + PINCH_TO, y)]
    )
    assert view_box(page)[2] == pytest.approx(width * PINCH_FROM / PINCH_TO, rel=0.03)
    kept = map_point(page, centre)
    assert abs(kept[0] - held[0]) < 4 * per_pixel  # a few pixels at the zoom before the pinch
    assert abs(kept[1] - held[1]) < 4 * per_pixel


def test_one_finger_pans_two_fingers_zoom_and_taps_act(page, server, artifacts):
    links = create_game(page, server)
    reach_the_battle(page, links["japan"])
    fingers = Fingers(page)
    page.tap("#show-targets")
    drag_from_the_target(page, fingers)
    pinch_out(page, fingers)
    page.locator("#map").screenshot(path=str(artifacts / "touch_pinch.png"))

    start = version(page)
    page.tap("#show-targets")
    page.touchscreen.tap(*centre_of(page, '#map g.stack[data-hex="5506"]'))
    page.wait_for_selector("#popup:not([hidden]) .stack-list")
    assert version(page) == start  # a tap on a stack only opens it
    page.keyboard.press("Escape")
    target = centre_of(page, f'[data-target-hex="{PEARL_HARBOR}"]')
    page.touchscreen.tap(*target)  # opens the battle's hex
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{PEARL_HARBOR}"]')
    assert version(page) == start
    page.touchscreen.tap(*target)  # a second tap fights it
    wait_prompt(page, "prompt.allocate_hits")
