"""The play page on Aegean Strike's two maps: the North Africa War, both players human. The
operational and strategic maps load in one frame with the switch between them and the overlay
area (the strategic hexes the operational map lies on) outlined; the counters (aircraft, ships,
ground units, airbases) carry their values; the airbase display shows each base's sortie boxes;
Player A, who sees no Libyan unit at the start (the fog of war, 14), sails the Eisenhower
towards Benghazi so that its radars find the ships there, then flies a bombing strike at them
by clicking only (the carrier's stack and its destination on the map, the unit in the airbase
display, its mission and escort, the target hex, the Libyan ship struck), in English and
Japanese, on a desktop and a phone held upright. The Libyan units Player A does not see are
drawn as unknown counters. The lobby offers the game."""

from __future__ import annotations

import pytest

from tests.browser.language import page_problems
from tests.browser.positions import call, open_seat
from tests.browser.test_client import play_hex_target, version, wait_newer, wait_prompt

pytestmark = [pytest.mark.game("aegean-strike"), pytest.mark.slow]

SCENARIO = "north_africa_war"
CARRIER = "us-cvn-69"
CARRIER_HEX = "S0103"  # the Eisenhower's strategic hex at the start, with its air wing
NEAR_LIBYA = "S0305"  # where it sails: its radars reach Benghazi's ships, its wing Benghazi
LEAD = "us-va34"  # an A-6 squadron aboard the Eisenhower
ESCORT = "us-vf142"  # an F-14 squadron aboard the Eisenhower
TARGET = "S0406"  # Benghazi (Benina): Libyan ships, seen from NEAR_LIBYA
TRIPOLI = "S0106"  # Libyan troops, out of Player A's sight all through the test
BACKDROP = "#map path.backdrop-coast"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def overlay():
    """The charts the strike is played with, so that it is flown whatever the dice: every naval
    movement determination roll lets two naval units move (10.04), and Benghazi's three ships
    firing at the strike (Air/Naval chart, first column) score no hit (as
    tests/aegean_strike/play.py SHIPS_HARMLESS)."""
    columns = ["1", "2", "3-4", "5-6", "7-9", "10-14", "15-20", "21+"]
    rows = {str(face): [0, 1, 1, 1, 1, 1, 1, 1] for face in range(1, 11)}
    return {
        "game": "aegean-strike",
        "name": "test",
        "tables": {
            "sea_movement": {str(face): 2 for face in range(1, 11)},
            "air_naval_combat": {"columns": columns, "rows": rows},
        },
    }


def new_game(server):
    """A game of the North Africa War with both players human: each side's token and link."""
    seats = {"a": "human", "b": "human"}
    body = {"game": "aegean-strike", "scenario": SCENARIO, "seats": seats}
    body["rules_overlay"] = overlay()
    created = call(server, "POST", "/api/games", body)
    seats = created["seats"]
    return (
        created["id"],
        {side: seat["token"] for side, seat in seats.items()},
        {side: f"{server}{seat['url']}" for side, seat in seats.items()},
    )


def play_as(server, game_id, token, choose):
    """Player B's decision through the API (the test clicks for Player A only): the action
    ``choose`` picks from its legal ones."""
    body = call(server, "GET", f"/api/games/{game_id}", token=token)
    move = {"token": token, "version": body["version"], "action": choose(body["view"]["actions"])}
    call(server, "POST", f"/api/games/{game_id}/actions", move)


def open_page(page, link, lang):
    """The seat's page once its map, the carrier's stack and the coastlines (fetched after the
    map) are drawn."""
    carrier = f'#map g.stack[data-hex="{CARRIER_HEX}"]'
    open_seat(page, link, lang, "#map polygon.hex.map-strategic", carrier, BACKDROP)


def map_facts(page):
    return page.evaluate(
        """() => ({
          operational: document.querySelectorAll('#map polygon.hex.map-operational').length,
          strategic: document.querySelectorAll('#map polygon.hex.map-strategic').length,
          overlay: document.querySelectorAll('#map polygon.overlay-area').length,
          switches: [...document.querySelectorAll('.sheet-switch')].map((b) => b.dataset.sheet),
          a: document.querySelectorAll('#map g.stack[data-side="a"]').length,
          b: document.querySelectorAll('#map g.stack[data-side="b"]').length,
          values: [...document.querySelectorAll('#map .counter-values')].map((t) => t.textContent),
          bases: [...document.querySelectorAll('#airbases-panel details.airbase')].map(
            (d) => d.dataset.base),
          boxes: document.querySelectorAll('#airbases-panel .sortie-box').length,
          unseen: [...document.querySelectorAll('#map g.counter.nation-unseen')].map(
            (g) => g.closest('g.stack').dataset.hex),
        })"""
    )


def unseen_troops(page, lang):
    """Tripoli's stack opened: Libya's troops there, which Player A does not see, are unknown
    counters ("?", Player B's colours) named only by their kind, and offer no action."""
    page.click(f'#map g.stack[data-hex="{TRIPOLI}"]')
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{TRIPOLI}"]')
    rows = page.locator('#popup li.stack-unit[data-unit^="?b."]')
    assert rows.count() == page.locator("#popup li.stack-unit").count() >= 1
    assert rows.first.locator(".counter-type").text_content() == "?"
    name = rows.first.locator(".unit-name").inner_text()
    assert name == ("Unseen troops" if lang == "en" else "未探知地上軍")
    assert page.locator("#popup button.action").count() == 0


def click_button(page, selector):
    before = version(page)
    page.click(selector)
    wait_newer(page, before)


def from_the_airbase_display(page, unit, action):
    """Open the unit's stack from its counter in the airbase display (a base with a unit that
    may act is open), play its action there."""
    page.click(f'#airbases-panel button.airbase-unit[data-unit="{unit}"]')
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{NEAR_LIBYA}"]')
    click_button(page, f'#popup button[data-action="{action}"]')


def close_the_popup(page):
    if page.is_visible("#popup"):
        page.click("#popup button.close")
        page.wait_for_selector("#popup", state="hidden")


def sail_near_libya(page):
    """The naval segment: the carrier's stack opened on the map, the carrier sailed from its
    button there, its destination clicked on the map, the segment ended."""
    wait_prompt(page, "prompt.naval_segment")
    assert page.locator(f'#map [data-target-hex="{TARGET}"]').count() == 0
    page.click(f'#map g.stack[data-hex="{CARRIER_HEX}"]')
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{CARRIER_HEX}"]')
    click_button(page, f'#popup button[data-action="sail {CARRIER}"]')
    wait_prompt(page, "prompt.naval_where")
    play_hex_target(page, NEAR_LIBYA)
    wait_prompt(page, "prompt.naval_segment")
    click_button(page, '#buttons [data-action="end"]')


def fly_a_strike(page, server, game_id, tokens):
    """Player A's first mission of the game, by clicking: the Unit Assignment Stage and the
    ground movement ended by their buttons, the carrier sailed near Libya, the A-6s launched
    from the airbase display, their mission and the F-14 escort chosen, the target hex clicked
    on the map (a first click opens it, a second flies there); Player B's ships do not intercept
    the carrier (15.02, asked because it sailed); Player B lets the mission pass
    (no unit of its is in intercept mode); the strike hits the first Libyan ship of the
    stack."""
    play_as(server, game_id, tokens["b"], lambda actions: "done")
    wait_prompt(page, "prompt.assignment")
    click_button(page, '#buttons [data-action="done"]')
    wait_prompt(page, "prompt.ground_segment")
    click_button(page, '#buttons [data-action="end"]')
    sail_near_libya(page)
    play_as(server, game_id, tokens["b"], lambda actions: "pass")  # 15.02: no interception
    wait_prompt(page, "prompt.air_segment")
    from_the_airbase_display(page, LEAD, f"launch {LEAD}")
    wait_prompt(page, "prompt.mission")
    click_button(page, '#buttons [data-action="mission bombing_strike"]')
    wait_prompt(page, "prompt.group")
    from_the_airbase_display(page, ESCORT, f"escort {ESCORT}")
    close_the_popup(page)  # the carrier's stack, open over the target hex
    play_hex_target(page, TARGET)
    play_as(server, game_id, tokens["b"], lambda actions: "pass")
    wait_prompt(page, "prompt.strike")
    page.click(f'#map g.stack[data-hex="{TARGET}"]')
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{TARGET}"]')
    attack = page.locator('#popup button[data-action^="attack ly-"]').first  # a ship
    struck = attack.get_attribute("data-action").split()[1]
    before = version(page)
    attack.click()
    wait_newer(page, before)
    wait_prompt(page, "prompt.air_segment")
    return struck


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_both_maps_counters_and_airbase_display_and_a_strike_flown_by_clicking(
    page, server, artifacts, lang
):
    game_id, tokens, links = new_game(server)
    open_page(page, links["a"], lang)
    facts = map_facts(page)
    assert facts["operational"] == 2160 and facts["strategic"] == 104
    assert facts["overlay"] == 34  # 24 transitional hexes and the 10 inside the ring (4)
    assert facts["switches"] == ["operational", "strategic"]
    assert facts["a"] >= 5 and facts["b"] >= 3
    assert "6-3-5" in facts["values"]  # a Libyan Mirage F1 squadron: anti-air, bombing, MA
    assert {"us-cvn-69", "incirlik", "benina"} <= set(facts["bases"])
    assert facts["boxes"] >= 4 * len(facts["bases"])
    assert TRIPOLI in facts["unseen"]  # its troops, not detected, drawn as unknown counters
    page.screenshot(path=str(artifacts / f"as_start_{lang}.png"))
    page.click("#legend-button")
    legend = page.inner_text('#legend [data-legend="overlay-overlay_transitional"]')
    assert ("Transitional" in legend) if lang == "en" else ("移行ヘクス" in legend)
    assert page.locator('#legend [data-legend="nation-ly"]').count() == 1
    bridge = page.inner_text('#legend [data-legend="token-bridge"]')  # 11.08, of no side's
    assert bridge.endswith("Bridge (B; 11.08)" if lang == "en" else "橋梁 (B; 11.08)")
    assert page.locator('.token-bridge[data-hex="3910"][data-toward="4009"]').count() == 1
    unknown = page.inner_text('#legend [data-legend="counter-unseen-b-naval"]')
    assert ("not detected" in unknown) if lang == "en" else ("未探知" in unknown)
    page.locator("#legend").screenshot(path=str(artifacts / f"as_legend_{lang}.png"))
    page.click("#legend-button")
    unseen_troops(page, lang)
    page.screenshot(path=str(artifacts / f"as_unseen_{lang}.png"))
    close_the_popup(page)
    page.click('.sheet-switch[data-sheet="strategic"]')
    assert page.get_attribute("#map", "data-sheet") == "strategic"
    page.screenshot(path=str(artifacts / f"as_strategic_{lang}.png"))

    struck = fly_a_strike(page, server, game_id, tokens)
    log = page.inner_text("#log")
    words = ("bombing strike", "launches") if lang == "en" else ("爆撃",)
    assert all(word in log for word in words), log[-600:]
    named = call(server, "GET", f"/api/games/{game_id}?lang={lang}", token=tokens["a"])
    assert any(struck in str(event) for event in named["view"]["log"][-3:])
    if lang == "ja":  # with the carrier's stack open: ships, aircraft, their types and values
        page.click(f'#map g.stack[data-hex="{NEAR_LIBYA}"]')
        page.wait_for_selector(f'#popup:not([hidden])[data-hex="{NEAR_LIBYA}"]')
        page.screenshot(path=str(artifacts / "as_carrier_ja.png"))
        found = [str(problem) for problem in page_problems(page)]
        assert found == [], "\n".join(found)  # no English left
    page.screenshot(path=str(artifacts / f"as_struck_{lang}.png"))


@pytest.mark.parametrize("context_options", [PHONE])
def test_on_a_phone_the_maps_and_the_strike_work_too(page, server, artifacts):
    """The page's context is a phone's held upright (the fixture ``context_options``)."""
    game_id, tokens, links = new_game(server)
    open_page(page, links["a"], "ja")
    page.screenshot(path=str(artifacts / "as_phone_ja.png"))
    fly_a_strike(page, server, game_id, tokens)
    page.screenshot(path=str(artifacts / "as_phone_struck_ja.png"))


def test_the_lobby_offers_aegean_strike(page, server):
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("#game option[value='aegean-strike']", state="attached")
    page.select_option("#game", "aegean-strike")
    options = page.locator("#scenario option").evaluate_all("(all) => all.map((o) => o.value)")
    assert options == [
        "north_africa_war",
        "greece_turkey_war",
        "turkish_missile_crisis",
        "wwiii_southwestern_front",
    ]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_airbase_display_names_a_base_and_its_place_once_each(page, server, lang):
    """World War III's bases: one named for its town (Andravida) shows the name once, one in
    another town's hex (Hellinikon, Piraeus) shows both."""
    seats = {"a": "human", "b": "human"}
    body = {"game": "aegean-strike", "scenario": "wwiii_southwestern_front", "seats": seats}
    created = call(server, "POST", "/api/games", body)
    open_page(page, f"{server}{created['seats']['a']['url']}", lang)
    summary = '#airbases-panel details.airbase[data-base="{}"] > summary'
    assert "·" not in page.inner_text(summary.format("andravida"))
    assert len(page.inner_text(summary.format("hellinikon")).split(" · ")) == 2
