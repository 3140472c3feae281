"""What the game tells the player, in the browser (issue 14: README "What a game tells the
player"): a target whose move has consequences is marked and asks for confirmation (each
consequence with its rule, the path drawn, Cancel plays nothing, Confirm plays it, by mouse and by
keyboard), the friendly bases while a destination is chosen, the battle panel with the game's
preview (units, values, totals, modifiers with their rules, the exact chance of each result, the
die face by face) and the resolved roll itemised, actions in words everywhere (buttons, the list
of every action, the map's names, the replay bar), and the choice of a waypoint with the path it
gives. Positions of Empire of the Sun found through the Python API (tests/browser/positions.py)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from tests.browser.positions import (
    battle_preview,
    body_of,
    call,
    reach,
    waypoint,
    with_consequence,
)
from tests.browser.test_client import version, wait_newer
from tests.browser.test_help import contrast
from tests.browser.test_phone import PHONES, on_screen

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

NO_PORT = "7.21"  # ships away from a friendly port: eliminated unless they reach one


def open_position(page, server, position, lang="en"):
    page.goto(position.link(server, lang))
    page.wait_for_selector("#prompt-panel[data-prompt]", state="attached")
    page.wait_for_function(
        "() => Number(document.querySelector('#prompt-panel').dataset.actions) > 0"
    )


def planned(page):
    """The path the map shows now (hex ids), or None."""
    shown = page.locator("#map .plan")
    return shown.get_attribute("data-path").split() if shown.count() else None


def open_hex(page, hex_id):
    page.locator(f'#map .target[data-target-hex="{hex_id}"]').focus()  # the map pans to it
    page.click(f'#map .target[data-target-hex="{hex_id}"]')
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{hex_id}"]')


def check_marks(page, body, side, hex_id):
    """The warning signs are on the targets whose actions have consequences, ``hex_id`` among
    them, and on no other: a full sign where every action of the hex has some, a white one where
    another has none (a strategic move beside a plain one); the seat's friendly bases are
    shown."""
    notes = body["notes_text"]
    targets = page.eval_on_selector_all(
        "#map .target[data-target-hex]",
        "ps => ps.map(p => [p.dataset.targetHex, p.dataset.actions])",
    )
    expected = {}
    for target, actions in targets:
        offered = actions.split("|")
        warned = [text for text in offered if notes.get(text, {}).get("consequences")]
        if warned:
            expected[target] = "all" if len(warned) == len(offered) else "some"
    shown = page.eval_on_selector_all(
        "#map [data-warned]", "gs => gs.map(g => [g.dataset.warned, g.dataset.level])"
    )
    assert dict(shown) == expected and len(shown) == len(expected)  # marked, and only those
    assert expected[hex_id] == "all" and "some" in expected.values()
    bases = body["view"]["board"]["bases"][side]
    shown = page.eval_on_selector_all("#map .base-port", "gs => gs.map(g => g.dataset.base)")
    assert sorted(shown) == sorted(bases["ports"])  # the seat's friendly ports
    assert page.locator("#map .base-airfield").count() == len(bases["airfields"])


def test_a_move_with_consequences_is_marked_and_asks_before_it_is_played(page, server, artifacts):
    position = reach(server, "1942", 3, with_consequence(NO_PORT))
    action = position.found
    hex_id = action.split()[1]
    body = body_of(server, position)
    note = body["notes_text"][action]
    open_position(page, server, position)

    check_marks(page, body, position.side, hex_id)

    open_hex(page, hex_id)
    button = page.locator(f'#popup button[data-action="{action}"]')
    assert "warned" in button.get_attribute("class")
    warnings = button.locator(".action-warning").all_inner_texts()
    assert [w.replace("\n", " ") for w in warnings] == [
        f"{item['text']} ({item['rule']})" for item in note["consequences"]
    ]
    button.hover()
    assert planned(page) == note["path"]  # the path of the move pointed at
    assert contrast(page) == []  # WCAG AA, the button's warnings

    start = version(page)
    button.click()
    page.wait_for_selector("#confirm:not([hidden])")
    dialog = page.locator("#confirm [role=alertdialog]")
    assert page.inner_text("#confirm .confirm-action") == note["label"]["text"]
    items = page.locator("#confirm-consequences li").all_inner_texts()
    assert items == [f"{item['text']} ({item['rule']})" for item in note["consequences"]]
    assert any(f"({NO_PORT})" in item for item in items)
    assert planned(page) == note["path"]  # the path applied, drawn while it is confirmed
    assert page.evaluate("() => document.activeElement.id") == "confirm-cancel"
    assert dialog.get_attribute("aria-modal") == "true"
    page.screenshot(path=str(artifacts / "confirm_dialog.png"))
    assert contrast(page) == []  # WCAG AA, the dialog's text
    page.click("#confirm-cancel")
    assert page.is_hidden("#confirm")
    page.keyboard.press("Escape")
    open_hex(page, hex_id)
    page.click(f'#popup button[data-action="{action}"]')
    page.keyboard.press("Escape")  # Escape cancels too
    assert page.is_hidden("#confirm")
    page.wait_for_timeout(300)
    assert version(page) == start and body_of(server, position)["version"] == start

    page.focus(f'#popup button[data-action="{action}"]')
    page.keyboard.press("Enter")  # the keyboard: Enter asks, Tab reaches Confirm, Enter plays
    page.wait_for_selector("#confirm:not([hidden])")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "confirm-ok"
    page.keyboard.press("Enter")
    wait_newer(page, start)
    assert body_of(server, position)["version"] == start + 1
    played = page.locator("#log li").last.inner_text()
    assert re.search(r"\b(moves?|sails?)\b", played, re.IGNORECASE), played


def mark_sizes(page, hex_id):
    """The on-screen width of ``hex_id``'s warning sign, of the smallest base badge, and of the
    path's line (pixels)."""
    return page.evaluate(
        """(hexId) => {
      const width = (e) => e.getBoundingClientRect().width;
      const warned = document.querySelector(`#map [data-warned="${hexId}"] .warn-mark`);
      const bases = [...document.querySelectorAll('#map .base .base-disc')].map(width);
      const line = document.querySelector('#map .plan-path');
      const scale = document.querySelector('#map').getScreenCTM().a;
      const stroke = line ? parseFloat(getComputedStyle(line).strokeWidth) * scale : 0;
      return { warned: width(warned), base: Math.min(...bases), path: stroke };
    }""",
        hex_id,
    )


@pytest.mark.parametrize("zoom", ["far", "mid", "near"])
def test_the_marks_and_the_path_read_at_every_zoom(page, server, artifacts, zoom):
    position = reach(server, "1942", 3, with_consequence(NO_PORT))
    hex_id = position.found.split()[1]
    body = body_of(server, position)
    open_position(page, server, position)
    page.wait_for_selector(f'#map [data-warned="{hex_id}"]', state="attached")
    for _ in range(12):
        if page.get_attribute("#map", "data-zoom") == zoom:
            break
        page.click("#zoom-in")
    assert page.get_attribute("#map", "data-zoom") == zoom
    target = page.locator(f'#map .target[data-target-hex="{hex_id}"]')
    target.focus()  # the map pans to it
    target.hover()  # pointed at: its move's path is drawn
    assert planned(page) == body["notes_text"][position.found]["path"]
    sizes = mark_sizes(page, hex_id)
    assert sizes["warned"] >= 8 and sizes["base"] >= 5 and sizes["path"] >= 2, sizes
    page.locator("#map-box").screenshot(path=str(artifacts / f"marks_zoom_{zoom}.png"))
    target.click()  # its stack opens beside the path's end, not over it
    page.wait_for_selector("#popup:not([hidden])")
    assert planned(page) == body["notes_text"][position.found]["path"]
    assert not overlap(page.locator("#popup"), page.locator("#map .plan-end"))
    page.screenshot(path=str(artifacts / f"popup_by_path_{zoom}.png"))


def test_a_stack_opened_at_the_right_of_the_screen_leaves_its_hex_to_click_again(
    page, server, artifacts
):
    """The popup goes left of a hex too near the right edge for it (it was pushed back over the
    hex, whose second click then fell on the popup)."""
    position = reach(server, "campaign", 7, battle_preview)  # a battle hex: no path drawn
    open_position(page, server, position)
    page.wait_for_selector("#map .target[data-target-hex]", state="attached")
    rightmost = page.evaluate(
        """() => {
      const inside = document.querySelector('#map-box').getBoundingClientRect();
      const shown = [...document.querySelectorAll('#map .target[data-target-hex]')]
        .map((t) => [t.dataset.targetHex, t.getBoundingClientRect()])
        .filter(([, r]) => r.left >= inside.left && r.right <= inside.right
          && r.top >= inside.top + 60 && r.bottom <= inside.bottom);
      shown.sort((a, b) => b[1].right - a[1].right);
      return shown.length ? shown[0][0] : null;
    }"""
    )
    assert rightmost is not None
    target = page.locator(f'#map .target[data-target-hex="{rightmost}"]')
    target.click()  # a popup as wide as a big stack's (one of Pearl Harbor's, say)
    page.keyboard.press("Escape")
    page.evaluate("() => { document.querySelector('#popup').style.minWidth = '560px'; }")
    box, edge = target.bounding_box(), page.locator("#map-box").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)  # drag the map until the hex is at its right edge
    page.mouse.down()
    page.mouse.move(edge["x"] + edge["width"] - 4, y, steps=8)  # its centre 4 px inside
    page.mouse.up()
    page.keyboard.press("Escape")
    target.click()
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{rightmost}"]')
    popup, box = page.locator("#popup").bounding_box(), target.bounding_box()
    room = page.viewport_size["width"] - 8
    assert box["x"] + box["width"] / 2 + 12 + popup["width"] > room  # none on its right
    assert popup["x"] + popup["width"] <= box["x"] + box["width"] / 2  # so it lies on its left
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    centre = page.evaluate(
        f"() => document.elementFromPoint({x}, {y}).closest('[data-hex]')?.dataset.hex"
    )
    assert centre == rightmost  # a second click there reaches the hex
    page.screenshot(path=str(artifacts / "popup_at_the_right.png"))


def overlap(one, other):
    a, b = one.bounding_box(), other.bounding_box()
    apart_x = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
    apart_y = a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]
    return not (apart_x or apart_y)


def battle_panel_facts(page):
    return page.evaluate(
        """() => {
      const all = (root, selector) => [...root.querySelectorAll(selector)];
      const panel = document.querySelector('#battle-panel');
      const rolls = all(panel, '.preview-roll');
      return {
        units: all(panel, '.preview-side').map((side) =>
          [side.dataset.side, all(side, 'tr[data-unit]').map((row) => row.dataset.unit)]),
        rules: all(panel, 'li.modifier').map((item) => item.dataset.rule),
        outcomes: rolls.map((roll) => all(roll, 'tr.outcome').map((row) =>
          [row.dataset.probability, Number(row.dataset.percent),
           row.querySelector('.percent').textContent])),
        faces: rolls.map((roll) => all(roll, 'tr.face').length),
      };
    }"""
    )


def check_battle_panel(page, preview):
    facts = battle_panel_facts(page)
    assert facts["units"] == [
        [side["side"], [unit["id"] for unit in side["units"]]] for side in preview["sides"]
    ]
    assert facts["rules"] == [m["rule"] for roll in preview["rolls"] for m in roll["modifiers"]]
    assert len(facts["outcomes"]) == len(preview["rolls"]) > 0
    for shown, roll in zip(facts["outcomes"], preview["rolls"], strict=True):
        assert sum(Fraction(fraction) for fraction, _, _ in shown) == 1
        assert abs(sum(percent for _, percent, _ in shown) - 100) < 0.05
        assert [text for _, _, text in shown] == [f"{o['percent']:g}%" for o in roll["outcomes"]]
    assert facts["faces"] == [len(roll["rows"]) for roll in preview["rolls"]]


def test_the_battle_panel_shows_the_preview_then_the_roll_itemised(page, server, artifacts):
    position = reach(server, "campaign", 7, battle_preview)
    action = position.found
    preview = body_of(server, position)["notes_text"][action]["preview"]
    assert any(roll["modifiers"] for roll in preview["rolls"])  # Pearl Harbor: Surprise
    page.set_viewport_size({"width": 1500, "height": 2400})  # the whole panel in its screenshots
    open_position(page, server, position)
    page.wait_for_selector("#battle-panel.current .preview")
    check_battle_panel(page, preview)
    assert "target: 1 hex on the map." in page.inner_text("#prompt-panel")  # in number
    assert preview["title"]["text"] in page.inner_text("#battle-panel .preview-title")
    page.eval_on_selector_all(
        "#battle-panel details.faces", "ds => ds.forEach(d => { d.open = true; })"
    )
    page.locator("#battle-panel").screenshot(path=str(artifacts / "battle_panel_en.png"))
    assert contrast(page) == []
    page.click(".lang[data-lang=ja]")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_function(
        "() => /ヒット/.test(document.querySelector('#battle-panel').textContent)"
    )
    check_battle_panel(page, body_of(server, position, "ja")["notes_text"][action]["preview"])
    page.eval_on_selector_all(
        "#battle-panel details.faces", "ds => ds.forEach(d => { d.open = true; })"
    )
    page.locator("#battle-panel").screenshot(path=str(artifacts / "battle_panel_ja.png"))

    start = version(page)
    open_hex(page, action.split()[1])
    page.click(f'#popup button[data-action="{action}"]')
    wait_newer(page, start)
    decision = body_of(server, position, "ja")["preview_text"]
    assert decision is not None  # the battle under way: the decision's own preview
    page.wait_for_selector("#battle-panel.current .preview")
    check_battle_panel(page, decision)
    rolled = page.locator("#battle-panel .resolved-roll").first
    natural, modified = rolled.get_attribute("data-natural"), rolled.get_attribute("data-roll")
    assert rolled.locator(".modifier-chip").count() >= 1  # "+3 奇襲"...
    assert rolled.locator(".die").first.inner_text() == natural
    assert rolled.locator(".die.modified").inner_text() == modified and natural != modified


def phone(browser, held):
    """A page in a phone held upright or sideways, with touch."""
    context = browser.new_context(
        viewport=PHONES[held], is_mobile=True, has_touch=True, device_scale_factor=2
    )
    return context, context.new_page()


@pytest.mark.parametrize("held", sorted(PHONES))
def test_the_battle_panel_on_a_phone(browser, server, artifacts, held):
    position = reach(server, "campaign", 7, battle_preview)
    context, page = phone(browser, held)
    try:
        open_position(page, server, position)
        page.wait_for_selector("#battle-panel.current .preview")
        if held == "portrait":
            page.tap("#sheet-handle")  # the sheet up: the prompt, then the battle
            page.wait_for_timeout(200)
        prompt = page.locator("#prompt-panel").bounding_box()
        panel = page.locator("#battle-panel").bounding_box()
        assert panel["y"] >= prompt["y"] + prompt["height"] - 1  # under the prompt, before the hand
        hand = page.locator("#cards-panel").bounding_box()
        assert hand["y"] > panel["y"]
        title = page.locator("#title").bounding_box()
        assert title["x"] >= 0 and title["x"] + title["width"] <= PHONES[held]["width"]
        assert page.locator(".topbar .game-name").bounding_box()["width"] > 40  # not cut away
        page.evaluate(  # the panels scrolled to the battle's first roll, under the prompt
            """() => {
          const side = document.querySelector('#side');
          const roll = document.querySelector('#battle-panel .preview-roll');
          const prompt = document.querySelector('#prompt-panel').getBoundingClientRect();
          side.scrollTop += roll.getBoundingClientRect().top - prompt.bottom - 8;
        }"""
        )
        page.screenshot(path=str(artifacts / f"battle_panel_phone_{held}.png"))
    finally:
        context.close()


@pytest.mark.parametrize("held", sorted(PHONES))
def test_a_confirmation_on_a_phone(browser, server, artifacts, held):
    position = reach(server, "1942", 3, with_consequence(NO_PORT))
    hex_id = position.found.split()[1]
    context, page = phone(browser, held)
    try:
        open_position(page, server, position)
        target = page.locator(f'#map .target[data-target-hex="{hex_id}"]')
        target.focus()  # the map pans to it
        target.tap()
        page.wait_for_selector(f'#popup:not([hidden])[data-hex="{hex_id}"]')
        page.tap(f'#popup button[data-action="{position.found}"]')
        page.wait_for_selector("#confirm:not([hidden])")
        for shown in ("#confirm .confirm-action", "#confirm-cancel", "#confirm-ok"):
            assert on_screen(page, shown), shown  # the dialog and both buttons in sight
        assert planned(page) == body_of(server, position)["notes_text"][position.found]["path"]
        page.screenshot(path=str(artifacts / f"confirm_phone_{held}.png"))
        start = version(page)
        page.tap("#confirm-cancel")
        assert page.is_hidden("#confirm") and version(page) == start
    finally:
        context.close()


def test_actions_are_named_in_words_everywhere(page, server, artifacts):
    position = reach(server, "1942", 3, with_consequence(NO_PORT))
    body = body_of(server, position)
    labels = {text: note["label"]["text"] for text, note in body["notes_text"].items()}
    assert set(labels) == set(body["view"]["actions"])  # the game has words for every one
    open_position(page, server, position)
    page.click(".all-actions summary")
    options = page.eval_on_selector_all(
        "#all-actions option", "os => os.map(o => [o.value, o.textContent])"
    )
    warned = {text for text, note in body["notes_text"].items() if note.get("consequences")}
    assert options and all(
        shown == ("\u26a0\ufe0e " if text in warned else "") + labels[text] != text
        for text, shown in options
    )  # in words, with a warning sign where the action has consequences
    assert warned & {text for text, _ in options}
    buttons = page.eval_on_selector_all(
        "#buttons button.action",
        "bs => bs.map(b => [b.dataset.action, b.querySelector('.action-label').textContent])",
    )
    assert buttons and all(shown == labels[text] for text, shown in buttons)
    names = page.eval_on_selector_all(
        "#map .target[data-target-hex]",
        "ps => ps.map(p => [p.dataset.actions, p.getAttribute('aria-label')])",
    )
    for actions, name in names:
        assert all(labels[text] in name for text in actions.split("|"))
    hex_id = position.found.split()[1]
    open_hex(page, hex_id)
    shown = page.eval_on_selector_all(
        "#popup button.action",
        "bs => bs.map(b => [b.dataset.action, b.querySelector('.action-label').textContent])",
    )
    assert shown and all(text_shown == labels[text] for text, text_shown in shown)

    page.keyboard.press("Escape")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.wait_for_selector("#result")
    page.click("#replay-button")
    page.wait_for_selector("#replay-bar:not([hidden])")
    page.click("#replay-first")
    for _ in range(3):
        page.click("#replay-next")
    page.wait_for_function(
        "() => document.querySelector('#replay-step').textContent.startsWith('3 ')"
    )
    token = position.tokens[position.side]
    replayed = call(server, "GET", f"/api/games/{position.id}/replay?n=3&lang=en", token=token)
    words, text = replayed["action"]["label"], replayed["action"]["text"]
    assert words != text  # "Play it for operations" for "oc"...
    assert page.inner_text("#replay-action").endswith(words)


def test_a_waypoint_is_offered_on_the_map_and_the_path_drawn(page, server, artifacts):
    position = reach(server, "campaign", 3, waypoint)
    via_hex, move = position.found
    body = body_of(server, position)
    open_position(page, server, position)
    open_hex(page, via_hex)
    actions = page.eval_on_selector_all(
        "#popup .hex-actions button.action",
        "bs => bs.map(b => [b.dataset.action, b.querySelector('.action-label').textContent])",
    )
    words = {text: body["notes_text"][text]["label"]["text"] for text, _ in actions}
    assert {f"hex {via_hex}", f"via {via_hex}"} <= set(words)
    assert all(shown == words[text] for text, shown in actions)  # both in words
    hint = page.inner_text(f'#popup button[data-action="via {via_hex}"] .action-hint')
    assert hint.startswith("A waypoint")  # what a waypoint does, said where it is offered
    page.hover(f'#popup button[data-action="hex {via_hex}"]')
    assert planned(page) == body["notes_text"][f"hex {via_hex}"]["path"]

    start = version(page)
    page.click(f'#popup button[data-action="via {via_hex}"]')
    if page.locator("#confirm:not([hidden])").count():
        page.click("#confirm-ok")
    wait_newer(page, start)
    after = body_of(server, position)
    path = after["notes_text"][move]["path"]
    assert via_hex in path[1:-1]
    page.keyboard.press("Escape")
    open_hex(page, move.split()[1])
    assert planned(page) == path  # the path that will be applied, through the waypoint
    page.keyboard.press("Escape")
    target = page.locator(f'#map .target[data-target-hex="{move.split()[1]}"]')
    target.hover()
    for _ in range(4):  # the wheel zooms in around the pointer
        page.mouse.wheel(0, -240)
    target.hover()  # pointed at, the hex shows its move's path too
    assert planned(page) == path
    page.locator("#map-box").screenshot(path=str(artifacts / "waypoint_path.png"))
