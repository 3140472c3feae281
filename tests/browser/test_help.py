"""Help for a new player in the browser (issue 14): looking never acts (a card's effect is read, a
card or a hex opens, and only its button or a second click plays it), a map readable at every zoom
with a colour per nationality and a legend of every highlight, highlights that keep a counter's
colour, control shown by tint and flag, targets reached with Tab and played with Enter and named
in the page's language, text contrast of at least WCAG AA, private notes, and a last battle shown
until the seat's next decision. Empire of the Sun, the 1942 scenario or the campaign (seed 7, as in
``test_client``)."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_client import (
    PEARL_HARBOR,
    create_game,
    pass_the_device,
    play_button,
    reach_the_battle,
    reach_the_hits,
    version,
    wait_newer,
    wait_prompt,
)
from tests.browser.test_hardening import recorded

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

NATIONS = {  # counters.js NATIONS: each nationality's colour
    "japanese": "rgb(242, 209, 95)",
    "us": "rgb(169, 205, 124)",
    "dutch": "rgb(245, 154, 74)",
    "british": "rgb(237, 163, 156)",
}


def open_1942(page, server):
    """Japan's first decision of the 1942 scenario (the Allies are the bot): play a card or pass."""
    page.goto(create_game(page, server, scenario="1942")["japan"])
    wait_prompt(page, "prompt.action")


def computed(page, selector, prop):
    return page.eval_on_selector(selector, f"e => getComputedStyle(e).{prop}")


# -- look before you act ------------------------------------------------------------------------


def test_reading_a_card_never_plays_it_and_its_button_or_a_second_click_does(page, server):
    open_1942(page, server)
    card = page.locator("#cards-panel .card.legal").first
    card_id = card.get_attribute("data-card")
    start = version(page)
    card.locator("summary").click()
    assert card.locator("details").get_attribute("open") is not None
    assert page.is_hidden("#popup") and version(page) == start
    card.locator(".card-title").click()
    page.wait_for_selector(f'#popup:not([hidden])[data-card="{card_id}"]')
    assert page.inner_text("#popup .card-effect-text") == card.get_attribute("title")
    assert page.locator("#popup button.action").count() == 1
    assert version(page) == start  # opening a card plays nothing
    card.locator(".card-title").click()  # a second click on a card that offers one action
    wait_newer(page, start)
    wait_prompt(page, "prompt.use")
    assert page.is_hidden("#popup")


def test_a_stack_opens_with_its_units_full_names_and_nothing_is_played(page, server, artifacts):
    open_1942(page, server)
    start = version(page)
    names = page.evaluate(
        """async () => {
        const data = await (await fetch('/api/kinds/empire-of-the-sun/static?lang=en')).json();
        return Object.fromEntries(data.data.units.map((unit) => [unit.id, unit.name]));
    }"""
    )
    stack = page.locator('#map g.stack[data-hex="2813"]')  # Manila: the US Far East forces
    manila = page.locator('#map .layer-terrain [data-hex="2813"]')
    box = manila.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -900)  # closer, around Manila
    box = manila.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector('#popup:not([hidden])[data-hex="2813"]')
    rows = page.locator("#popup li[data-unit]")
    assert rows.count() == int(stack.get_attribute("data-stack")) >= 2
    for index in range(rows.count()):
        unit = rows.nth(index).get_attribute("data-unit")
        assert rows.nth(index).locator(".unit-name").inner_text() == names[unit]
    assert "Manila" in page.inner_text("#popup h3") and version(page) == start
    page.screenshot(path=str(artifacts / "stack_full_names.png"))


# -- a readable map -----------------------------------------------------------------------------

OVERLAPS = """() => {
  const svg = document.querySelector('#map').getBoundingClientRect();
  const shown = (r) => r.width > 0 && r.right > svg.left && r.left < svg.right
    && r.bottom > svg.top && r.top < svg.bottom;
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  let stacks = 0;
  const hiding = [];
  for (const stack of document.querySelectorAll('#map g.stack')) {
    const name = document.querySelector(`#map .hex-name[data-place="${stack.dataset.hex}"]`);
    const parts = [...stack.querySelectorAll('.stack-full rect')];
    const boxes = parts.map((part) => part.getBoundingClientRect()).filter(shown);
    if (!boxes.length) continue;
    stacks += 1;
    if (name && boxes.some((box) => overlap(box, name.getBoundingClientRect()))) {
      hiding.push(stack.dataset.hex);
    }
  }
  return { stacks, hiding };
}"""


def zoom_to(page, wanted):
    for _ in range(12):
        if page.get_attribute("#map", "data-zoom") == wanted:
            return
        page.click("#zoom-in")
    raise AssertionError(f"no {wanted} zoom")


def test_the_map_is_readable_at_three_zooms(page, server, artifacts):
    open_1942(page, server)
    assert page.get_attribute("#map", "data-zoom") == "far"  # the whole map
    markers = page.locator("#map g.stack .stack-marker")
    assert markers.count() > 50 and markers.first.is_visible()
    assert not page.locator("#map g.stack .stack-full").first.is_visible()
    counts = page.eval_on_selector_all(
        "#map g.stack",
        "gs => gs.map(g => [g.dataset.stack, g.querySelector('.marker-count').textContent])",
    )
    assert all(stack == shown for stack, shown in counts)
    sides = page.eval_on_selector_all(
        "#map .marker-disc", "ds => [...new Set(ds.map(d => getComputedStyle(d).fill))]"
    )
    assert sorted(sides) == ["rgb(200, 16, 46)", "rgb(31, 78, 156)"]  # Japan, the Allies
    assert page.is_hidden("#map .layer-names")
    page.locator("#map").screenshot(path=str(artifacts / "map_zoom_far.png"))

    page.click("#zoom-in")
    zoom_to(page, "mid")
    assert page.locator("#map g.stack .stack-full").first.is_visible()
    assert not page.locator("#map .counter-name").first.is_visible()
    assert page.locator("#map .counter-values").first.is_visible()
    page.locator("#map").screenshot(path=str(artifacts / "map_zoom_mid.png"))

    zoom_to(page, "near")
    assert page.locator("#map .counter-name").first.is_visible()
    layers = page.eval_on_selector_all("#map > g", "gs => gs.map(g => g.getAttribute('class'))")
    assert layers.index("layer layer-names") > layers.index("layer layer-units")  # names on top
    found = page.evaluate(OVERLAPS)
    assert found["stacks"] > 5 and found["hiding"] == []  # no counter over its hex's name
    page.locator("#map").screenshot(path=str(artifacts / "map_zoom_near.png"))


def test_each_nationality_has_its_colour_and_a_highlight_keeps_it(page, server, artifacts):
    links = create_game(page, server)
    reach_the_hits(page, links["japan"])
    ring = "#map g.stack[data-side=allied] .counter.target-unit"
    unit = page.get_attribute(ring, "data-unit")
    assert unit.startswith("us-")
    assert computed(page, f"{ring} .counter-body", "fill") == NATIONS["us"]  # not the ring's
    assert computed(page, f"{ring} .target-ring", "stroke") == "rgb(255, 176, 0)"
    plain = page.locator("#map .counter.nation-us:not(.target-unit) .counter-body").first
    assert plain.evaluate("e => getComputedStyle(e).fill") == NATIONS["us"]
    for nation in ("japanese", "dutch", "british"):
        selector = f"#map .counter.nation-{nation} .counter-body"
        assert computed(page, selector, "fill") == NATIONS[nation]

    page.keyboard.press("Escape")
    page.click("#legend-button")
    page.wait_for_selector("#legend:not([hidden]) li[data-legend]")
    nations = page.eval_on_selector_all(
        "#legend li[data-legend^=nation-]",
        "items => items.map(i => [i.dataset.legend, i.querySelector('span').textContent,"
        " getComputedStyle(i.querySelector('.counter-body')).fill])",
    )
    assert {key for key, _, _ in nations} == {
        f"nation-{n}"
        for n in (
            "japanese",
            "us",
            "british",
            "dutch",
            "australian",
            "indian",
            "chinese",
            "burmese",
            "new_zealand",
        )
    }
    assert len({colour for _, _, colour in nations}) == len(nations)  # one colour each
    assert ["nation-dutch", "Dutch", NATIONS["dutch"]] in nations
    page.locator("#legend").screenshot(path=str(artifacts / "legend.png"))


def test_every_highlight_colour_and_control_is_in_the_legend(page, server):
    links = create_game(page, server)
    reach_the_battle(page, links["japan"])
    page.click("#legend-button")
    page.wait_for_selector("#legend li[data-legend=target-battle]")
    legend = dict(
        page.eval_on_selector_all(
            "#legend li[data-legend^=target-] .target",
            "ps => ps.map(p => [p.closest('li').dataset.legend, getComputedStyle(p).stroke])",
        )
    )
    assert set(legend) == {
        "target-hex",
        "target-battle",
        "target-strategic",
        "target-assault",
        "target-place",
        "target-via",
        "target-many",
    }
    assert len(set(legend.values())) == len(legend)  # one colour each
    strokes = "ps => ps.map(p => getComputedStyle(p).stroke)"
    shown = page.eval_on_selector_all("#map .target", strokes)
    assert shown and set(shown) <= set(legend.values())
    battle = computed(page, f'[data-target-hex="{PEARL_HARBOR}"]', "stroke")
    assert legend["target-battle"] == battle
    assert page.locator("#legend li[data-legend=target-unit] .target-ring").count() == 1
    for mark, drawn in (
        ("warned", ".warn-mark"),
        ("warned-some", ".warn-mark"),
        ("plan", ".plan-path"),
    ):
        assert page.locator(f"#legend li[data-legend={mark}] {drawn}").count() == 1
    for kind in ("port", "airfield"):
        assert page.locator(f"#legend li[data-legend=base-{kind}] .base-disc").count() == 1
    for side, colour in (("japan", "rgb(200, 16, 46)"), ("allied", "rgb(31, 78, 156)")):
        tint = f"#map .control-{side} .control-tint"
        assert computed(page, tint, "fill") == colour
        assert float(computed(page, tint, "fillOpacity")) >= 0.15
        assert page.locator(f"#map .control-{side} .control-flag").count() > 10
        assert page.locator(f"#legend li[data-legend=control-{side}] .control-flag").count() == 1


# -- keyboard and screen readers ------------------------------------------------------------------


def tab_until(page, test, most=80):
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(test):
            return
    raise AssertionError(f"Tab never reached {test}")


def test_targets_are_reached_with_tab_played_with_enter_and_named(page, server):
    links = create_game(page, server)
    reach_the_battle(page, links["japan"])
    page.click("#zoom-fit")
    tab_until(page, f"() => document.activeElement.dataset.targetHex === '{PEARL_HARBOR}'")
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert label.startswith("Resolve the battle at") and "Oahu" in label  # the action's words
    start = version(page)
    page.keyboard.press("Enter")  # opens the hex, its first button focused
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{PEARL_HARBOR}"]')
    assert page.evaluate("() => document.activeElement.dataset.action") == f"battle {PEARL_HARBOR}"
    assert version(page) == start
    page.keyboard.press("Enter")
    wait_prompt(page, "prompt.allocate_hits")

    page.keyboard.press("Escape")
    page.locator("#undo").focus()  # from the header on, as a keyboard user does
    tab_until(page, "() => document.activeElement.matches('#map g.stack.has-target')")
    assert re.search(
        r"\d+ of them with an action",
        page.evaluate("() => document.activeElement.getAttribute('aria-label')"),
    )
    before = version(page)
    page.keyboard.press("Enter")
    page.wait_for_selector("#popup:not([hidden]) li.legal")
    assert page.evaluate("() => document.activeElement.dataset.action").startswith("hit ")
    page.keyboard.press("Enter")
    wait_newer(page, before)

    page.click(".lang[data-lang=ja]")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_function(  # the map is drawn again once the game's Japanese names are in
        "() => /ユニット/.test(document.querySelector('#map g.stack.has-target')"
        "?.getAttribute('aria-label') || '')"
    )
    named = page.get_attribute("#map g.stack.has-target", "aria-label")
    assert "ユニット" in named and "行動可能" in named
    assert page.get_attribute("#zoom-in", "aria-label") == "拡大"


def test_a_card_is_opened_and_played_with_the_keyboard(page, server):
    open_1942(page, server)
    card = page.locator("#cards-panel .card.legal").first
    assert card.get_attribute("tabindex") == "0" and card.get_attribute("role") == "button"
    assert "can be played" in card.get_attribute("aria-label")
    start = version(page)
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#popup:not([hidden])[data-card]")
    assert page.evaluate("() => document.activeElement.dataset.action").startswith("card ")
    page.keyboard.press("Enter")
    wait_newer(page, start)
    wait_prompt(page, "prompt.use")


CONTRAST = """() => {
  const channel = (c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const parse = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const parts = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a), a: 1,
  });
  const background = (element) => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const colour = parse(getComputedStyle(e).backgroundColor);
      if (colour && colour.a > 0) layers.push(colour);
      if (colour && colour.a === 1) break;
    }
    const white = { r: 255, g: 255, b: 255, a: 1 };
    return layers.reverse().reduce((under, top) => over(top, under), white);
  };
  const luminance = (c) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const failures = [];
  let checked = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const element = walker.currentNode.parentElement;
    if (!walker.currentNode.textContent.trim() || element.closest('svg')) continue;
    if (element.closest(':disabled, [aria-disabled=true]') || !element.checkVisibility()) continue;
    const style = getComputedStyle(element);
    const back = background(element);
    const ink = over(parse(style.color), back);
    const [light, dark] = [luminance(ink), luminance(back)].sort((a, b) => b - a);
    const ratio = (light + 0.05) / (dark + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    checked += 1;
    if (ratio < (large ? 3 : 4.5)) {
      failures.push(`${ratio.toFixed(2)} ${element.tagName}.${element.className}: `
        + walker.currentNode.textContent.trim().slice(0, 40));
    }
  }
  return { checked, failures: [...new Set(failures)] };
}"""


def contrast(page):
    found = page.evaluate(CONTRAST)
    assert found["checked"] > 20
    return found["failures"]


FAINT = """() => {
  const faint = document.createElement('p');
  faint.id = 'faint';
  faint.textContent = 'too faint to read';
  faint.style.color = '#b0b0b0';
  document.querySelector('main').append(faint);
}"""


def test_text_contrast_is_at_least_wcag_aa(page, server):
    links = create_game(page, server, allied="human", scenario="1942")
    page.evaluate(FAINT)
    assert [found for found in contrast(page) if "too faint" in found]  # the check sees it
    page.evaluate("() => document.querySelector('#faint').remove()")
    assert contrast(page) == []  # the lobby with its links and list
    page.goto(links["japan"])
    page.wait_for_selector("#prompt-panel[data-prompt]", state="attached")
    page.wait_for_selector("#cards-panel .card")
    page.click("#legend-button")
    assert contrast(page) == []  # the prompt, hand, panels, the map's buttons and legend
    page.click("#legend-button")
    page.locator("#cards-panel .card .card-title").first.click()
    page.wait_for_selector("#popup:not([hidden])")
    assert contrast(page) == []
    page.keyboard.press("Escape")
    page.select_option("#seat-select", label="Allies")
    page.wait_for_selector("#pass-screen:not([hidden])")
    assert contrast(page) == []
    pass_the_device(page, "allied")
    page.click(".lang[data-lang=ja]")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_selector("#prompt-panel h2")
    assert contrast(page) == []


# -- notes, and the last battle -------------------------------------------------------------------


def test_notes_are_kept_per_game_and_seat_in_this_browser_only(page, server):
    requests = recorded(page, "request")
    links = create_game(page, server, allied="human")
    page.goto(links["japan"])
    page.wait_for_selector("#notes")
    assert "never sent anywhere" in page.inner_text("#notes-privacy")
    page.fill("#notes", "Strike Manila first")
    page.reload()
    page.wait_for_selector("#notes")
    assert page.input_value("#notes") == "Strike Manila first"
    page.select_option("#seat-select", label="Allies")
    pass_the_device(page, "allied")
    assert page.input_value("#notes") == ""  # the Allied seat's notes are its own
    page.fill("#notes", "Hold Midway")
    page.select_option("#seat-select", label="Japan")
    pass_the_device(page, "japan")
    assert page.input_value("#notes") == "Strike Manila first"
    for request in requests:
        sent = f"{request.url} {request.post_data or ''}"
        assert "Manila first" not in sent and "Midway" not in sent


def test_the_last_battle_is_shown_until_the_seat_s_next_decision(page, server):
    links = create_game(page, server)
    reach_the_hits(page, links["japan"])
    allocating = ("prompt.allocate_hits", "prompt.hits_lost")  # the last: hits no unit can take
    while page.get_attribute("#prompt-panel", "data-prompt") in allocating:
        if page.locator('#buttons [data-action="done"]').count():
            play_button(page, "done")
            continue
        page.click('#map g.stack[data-side="allied"].has-target')
        before = version(page)
        page.locator("#popup li.legal button.action").first.click()
        wait_newer(page, before)
    assert page.locator("#battle-panel.current").count() == 1  # the Allies' hits, a swap...
    if page.get_attribute("#prompt-panel", "data-prompt") == "prompt.carrier_swap":
        play_button(page, "decline")
    page.wait_for_selector(  # the battle is over: Japan's next decision (there is no other one)
        '#prompt-panel[data-prompt^="prompt.next_battle"], '
        '#prompt-panel[data-prompt="prompt.battles_over"]',
        state="attached",
    )
    page.wait_for_selector("#battle-panel:not(.current) .last-battle[open]")
    assert "Last battle: Oahu" in page.inner_text("#battle-panel h2")
    assert page.locator("#battle-panel .die").count() >= 1
    play_button(page, "done")
    wait_prompt(page, "prompt.post_battle")
    assert page.is_hidden("#battle-panel")  # gone once Japan moved on
