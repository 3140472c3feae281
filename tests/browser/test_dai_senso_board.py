"""The play page on Dai Senso!'s hex map: August Storm (A.1), the Axis and the Soviets human, the
West's seat idle (the scenario has no West faction). The joined map loads with its pointy-topped
hexes, terrain, the hexsides the rules read (mountains, rivers, borders), the coastlines, the
weather of the turn and both factions' counters with their values; an Axis unit picked on the map
and sent to a hex by clicking moves there and the log says so; in English and Japanese, and on a
phone held upright. The lobby offers the game and shows the West's seat as idle. In Tora! Tora!
Tora! (A.3) a beachhead placed by clicking (2.2.3) shows as a tile in its side's colour with its
level and an arrow toward its land hex, with a legend entry, in both languages and on a phone."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from tests.browser.language import page_problems
from tests.browser.positions import call, open_seat
from tests.browser.test_client import (
    play_button,
    play_hex_target,
    version,
    wait_newer,
    wait_prompt,
)

pytestmark = [pytest.mark.game("dai-senso"), pytest.mark.slow]

SCENARIO = "a1_august_storm"
UNIT = "j-17th-aa"  # the 17th Area Army, at Keijo (Seoul) at the start
START = "w5027"
TARGET = "w4927"  # the hex south-east of Keijo, one of its first moves
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def new_game(server):
    """A game of August Storm with the Axis and the Soviets human and the West's seat left to the
    server, which makes it idle (a bot seat that is never asked): the play link of each side that
    has one."""
    seats = {"axis": "human", "soviet": "human"}
    body = {"game": "dai-senso", "scenario": SCENARIO, "seats": seats}
    created = call(server, "POST", "/api/games", body)
    assert created["seats"]["west"] == {"kind": "bot:random", "token": None, "url": None}
    seats = created["seats"].items()
    return {side: f"{server}{seat['url']}" for side, seat in seats if seat["url"]}


def open_page(page, link, lang):
    stack = f'#map g.stack[data-hex="{START}"]'
    # the coastlines are fetched after the map
    open_seat(page, link, lang, "#map polygon.hex", stack, "#map path.backdrop-coast")
    past_organization(page)


def past_organization(page):
    """The Axis ends its organization segment by the prompt's button if it is asked (2.3: its
    one-step infantry may flip to detachments, 2.3.5), then is at its movement."""
    either = ", ".join(f'#prompt-panel[data-prompt="prompt.{key}"]' for key in ORGANIZED)
    page.wait_for_selector(either, state="attached")
    if page.get_attribute("#prompt-panel", "data-prompt") == "prompt.organization":
        play_button(page, "end")
    wait_prompt(page, "prompt.movement")


def map_facts(page):
    return page.evaluate(
        """() => ({
          hexes: document.querySelectorAll('#map .layer-terrain polygon.hex').length,
          mountains: document.querySelectorAll('#map line.side-mountain').length,
          rivers: document.querySelectorAll('#map line.side-river').length,
          borders: document.querySelectorAll('#map line.side-border').length,
          coasts: document.querySelectorAll('#map path.backdrop-coast').length,
          weather: document.querySelectorAll('#map polygon.weather').length,
          axis: document.querySelectorAll('#map g.stack[data-side="axis"]').length,
          soviet: document.querySelectorAll('#map g.stack[data-side="soviet"]').length,
          values: [...document.querySelectorAll('#map .counter-values')].map((t) => t.textContent),
        })"""
    )


def move_by_clicking(page, country):
    """Pick the unit on its stack (whose hex is named with its ``country``), then its
    destination: two clicks on the target hex (the first opens it, the second moves there)."""
    page.click(f'#map g.stack[data-hex="{START}"]')
    assert country in page.inner_text("#popup .hex-facts")
    button = page.locator(f'#popup li[data-unit="{UNIT}"] button[data-action="move {UNIT}"]')
    before = version(page)
    button.click()
    wait_newer(page, before)
    wait_prompt(page, "prompt.unit_move")
    play_hex_target(page, TARGET)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_map_draws_terrain_hexsides_and_counters_and_a_unit_moves_by_clicking(
    page, server, artifacts, lang
):
    game = new_game(server)
    assert set(game) == {"axis", "soviet"}  # the West's seat is the idle bot's
    open_page(page, game["axis"], lang)
    facts = map_facts(page)
    assert facts["hexes"] == 3190
    assert facts["mountains"] > 50 and facts["rivers"] > 100 and facts["borders"] > 100
    assert facts["coasts"] >= 1 and facts["weather"] > 0  # Central has Storms in Aug-Sep
    assert facts["axis"] >= 10 and facts["soviet"] >= 10
    assert "2-2-3" in facts["values"]  # the Kwantung Army HQ, full strength
    page.screenshot(path=str(artifacts / f"ds_start_{lang}.png"))
    at_war = page.inner_text('#tracks-panel tr[data-track="war_axis_soviet"]')
    assert ("At war" if lang == "en" else "交戦中") in at_war  # 13.1
    assert page.locator('#tracks-panel tr[data-track="held_axis"] td').inner_text() == "7"
    assert ("None dealt" if lang == "en" else "配らない") in page.inner_text(
        '#tracks-panel tr[data-track="cards"]'
    )
    assert page.locator("#cards-panel #hand .card").count() == 0  # no option card dealt (0.3)
    page.locator("#tracks-panel").screenshot(path=str(artifacts / f"ds_tracks_{lang}.png"))

    move_by_clicking(page, "Korea" if lang == "en" else "朝鮮")
    moved = page.locator(f'#map g.stack[data-hex="{TARGET}"][data-side="axis"]')
    assert moved.count() == 1
    assert page.locator(f'#map g.stack[data-hex="{START}"] [data-unit="{UNIT}"]').count() == 0
    log = page.inner_text("#log")
    assert ("17th Area Army" in log) if lang == "en" else ("第17方面軍" in log)
    if lang == "ja":
        assert [str(problem) for problem in page_problems(page)] == []  # no English left
    page.locator("#map").screenshot(path=str(artifacts / f"ds_moved_{lang}.png"))


@contextmanager
def on_a_phone(browser):
    """A page on a phone held upright, and the list of the page's script errors."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(60_000)
    try:
        yield page, errors
    finally:
        context.close()


def test_on_a_phone_the_map_and_the_move_work_too(browser, server, artifacts):
    with on_a_phone(browser) as (page, errors):
        game = new_game(server)
        open_page(page, game["axis"], "ja")
        page.screenshot(path=str(artifacts / "ds_phone_ja.png"))
        move_by_clicking(page, "朝鮮")
        assert page.locator(f'#map g.stack[data-hex="{TARGET}"][data-side="axis"]').count() == 1
        page.screenshot(path=str(artifacts / "ds_phone_moved_ja.png"))
    assert errors == []


def test_the_lobby_offers_dai_senso_with_the_west_seat_idle_in_august_storm(page, server):
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("#game option[value='dai-senso']", state="attached")
    page.select_option("#game", "dai-senso")
    page.select_option("#scenario", SCENARIO)
    idle = page.locator('#seats .seat[data-side="west"]')
    assert "idle" in idle.get_attribute("class")
    assert idle.locator("input").count() == 0
    assert page.locator('#seats .seat[data-side="soviet"] input').count() >= 2


def declare_the_attack(page, link, lang):
    """The Axis ends its movement by the prompt's button, clicks the Soviet hex of Lesozavodsk
    (e5402) to attack it, then the 5th Army's stack beside it and its button to add the army."""
    open_page(page, link, lang)
    before = version(page)
    page.click('#buttons [data-action="end"]')
    wait_newer(page, before)
    wait_prompt(page, "prompt.combat")
    target = page.locator('#map [data-target-hex="e5402"]')
    assert "target-attack" in target.get_attribute("class")
    target.click(force=True)
    page.wait_for_selector('#popup:not([hidden])[data-hex="e5402"]')
    before = version(page)
    target.click(force=True)
    wait_newer(page, before)
    wait_prompt(page, "prompt.attack_units")
    page.click('#map g.stack[data-hex="e5401"]', force=True)
    button = page.locator('#popup button[data-action="with j-5th-army"]')
    words = button.inner_text()
    before = version(page)
    button.click()
    wait_newer(page, before)
    wait_prompt(page, "prompt.attack_units")
    return words


def test_an_attack_is_declared_on_a_hex_and_its_units_added_by_clicking(page, server, artifacts):
    """The prompt then asks to resolve the attack on that hex, and the buttons say so in words."""
    game = new_game(server)
    assert "Add 5th Army (Japan) to the attack" in declare_the_attack(page, game["axis"], "en")
    assert page.locator('#buttons [data-action="resolve"]').inner_text() == "Resolve the attack"
    page.screenshot(path=str(artifacts / "ds_attack_en.png"))


def preview_facts(page):
    return page.evaluate(
        """() => {
          const box = document.querySelector('#battle-panel');
          const roll = box.querySelector('.preview-roll');
          const all = (root, selector) => [...root.querySelectorAll(selector)];
          return {
            offered: box.dataset.preview,
            title: box.querySelector('.preview-title')?.textContent || '',
            units: all(box, '.preview-side tr[data-unit]').map((r) => r.dataset.unit),
            label: roll?.querySelector('h4')?.textContent || '',
            shifts: all(roll, 'li.modifier').map((li) => [li.dataset.rule, li.textContent]),
            percents: all(roll, 'tr.outcome').map((tr) => Number(tr.dataset.percent)),
            results: all(roll, 'tr.outcome th').map((th) => th.textContent),
            notes: all(box, '.preview-notes li').map((li) => li.textContent),
          };
        }"""
    )


@pytest.mark.rule("4.2.2", "4.2.3", "4.2.4")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_attack_declared_shows_its_odds_shifts_and_chances(page, server, artifacts, lang):
    """With the 5th Army named, the battle panel previews the attack the resolve button leads to:
    both sides' units, the CRT column, each column shift with its rule, each result's chance."""
    game = new_game(server)
    declare_the_attack(page, game["axis"], lang)
    page.wait_for_selector('#battle-panel[data-preview="offered"] .preview-roll')
    facts = preview_facts(page)
    assert "j-5th-army" in facts["units"] and len(facts["units"]) >= 2
    assert ("CRT: " if lang == "en" else "戦闘結果表: ") in facts["label"]
    assert round(sum(facts["percents"])) == 100 and facts["results"]
    assert all(rule.startswith("4.2.3") for rule, _ in facts["shifts"])
    assert facts["notes"]
    if lang == "ja":
        assert "への攻撃" in facts["title"]
        assert [str(problem) for problem in page_problems(page)] == []  # no English left
    page.screenshot(path=str(artifacts / f"ds_preview_{lang}.png"))
    page.locator("#battle-panel").screenshot(path=str(artifacts / f"ds_preview_panel_{lang}.png"))


def test_on_a_phone_the_attack_preview_shows_too(browser, server, artifacts):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        declare_the_attack(page, new_game(server)["axis"], "ja")
        page.wait_for_selector('#battle-panel[data-preview="offered"] .preview-roll')
        assert round(sum(preview_facts(page)["percents"])) == 100
        page.locator("#battle-panel").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "ds_preview_phone_ja.png"))
    finally:
        context.close()


def end_the_axis_turn(server, link):
    """Play "end" for the Axis (by the API) until the Soviets are to act."""
    game_id = link.split("/play/")[1].split("#")[0]
    token = link.split("#token=")[1]
    for _ in range(12):
        body = call(server, "GET", f"/api/games/{game_id}?token={token}")
        if "axis" not in body["view"]["active"]:
            return
        move = {"token": token, "version": body["version"], "action": "end"}
        call(server, "POST", f"/api/games/{game_id}/actions", move)
    raise AssertionError("the Axis turn did not end")


def test_a_blitz_marker_placed_by_clicking_shows_on_its_hex(page, server, artifacts):
    """The Soviets' support segment: a click on a highlighted hex of their units, then another,
    places a Blitz marker (2.2.4), drawn as a tile in the Soviet colour on that hex."""
    game = new_game(server)
    end_the_axis_turn(server, game["axis"])
    base, _, fragment = game["soviet"].partition("#")
    page.goto(f"{base}?lang=ja#{fragment}")
    wait_prompt(page, "prompt.blitz_placement")
    assert page.locator('#map g.token[data-token="blitz"]').count() == 0
    cut_off = page.locator('#map g.token[data-token="out_of_supply"]')
    assert cut_off.count() == 0  # Paramushiro (e5611) is in the Kuriles, an Axis source (10.1)
    target = page.locator('#map [data-target-hex="e5301"]')
    target.click(force=True)
    page.wait_for_selector('#popup:not([hidden])[data-hex="e5301"]')
    before = version(page)
    target.click(force=True)
    wait_newer(page, before)
    token = page.locator('#map g.token[data-hex="e5301"]')
    assert token.get_attribute("data-side") == "soviet"
    assert token.get_attribute("data-token") == "blitz"
    assert "電撃戦マーカー" in page.inner_text("#log")
    page.click("#legend-button")
    assert "電撃戦マーカー" in page.inner_text('#legend li[data-legend="token-blitz-soviet"]')
    page.screenshot(path=str(artifacts / "ds_blitz_ja.png"))


# -- Tora! Tora! Tora! (A.3): beachheads ---------------------------------------------------------

TORA = "a3_tora_tora_tora"
SEA, KOTA_BHARU, SAIGON = "w3517", "w3417", "w3619"  # off Kota Bharu, Kota Bharu, Saigon


def new_tora(server):
    """A game of Tora! Tora! Tora! with the Axis and the West human: each side's play link."""
    body = {"game": "dai-senso", "scenario": TORA, "seats": {"axis": "human", "west": "human"}}
    created = call(server, "POST", "/api/games", body)
    return {side: f"{server}{seat['url']}" for side, seat in created["seats"].items()}


def pass_until(server, game, key, most=30, who="axis"):
    """Play "end" (else "decline") by the API for the side to act until ``who`` is asked
    ``key``: the West declines to contest a placement and ends its turn."""
    for _ in range(most):
        for side, link in game.items():
            game_id = link.split("/play/")[1].split("#")[0]
            token = link.split("#token=")[1]
            body = call(server, "GET", f"/api/games/{game_id}?token={token}")
            if side not in body["view"]["active"]:
                continue
            if side == who and body["view"]["prompt"]["key"] == key:
                return
            offered = body["view"]["actions"]
            action = "end" if "end" in offered else "decline"
            move = {"token": token, "version": body["version"], "action": action}
            call(server, "POST", f"/api/games/{game_id}/actions", move)
            break
    raise AssertionError(f"the {who} side was not asked {key}")


def place_a_beachhead(page, server, game, lang):
    """The Axis support segment: the 11th Air Fleet's button, then its all-sea hex and the land
    hex of its arrow, each a highlighted hex clicked twice (2.2.3)."""
    open_seat(page, game["axis"], lang, "#map polygon.hex")
    wait_prompt(page, "prompt.beachhead_support")
    button = page.locator('#buttons [data-action="beachhead j-air-11af"]')
    assert ("11th Air Fleet" if lang == "en" else "第11航空艦隊") in button.inner_text()
    before = version(page)
    button.click()
    wait_newer(page, before)
    wait_prompt(page, "prompt.beachhead_hex")
    assert page.locator("#map [data-target-hex]").count() > 20  # every all-sea hex in range
    assert page.locator(f'#map [data-target-hex="{SEA}"]').count() == 1
    play_hex_target(page, SEA)
    wait_prompt(page, "prompt.beachhead_arrow")
    assert page.locator(f'#map [data-target-hex="{KOTA_BHARU}"]').count() == 1
    play_hex_target(page, KOTA_BHARU)
    pass_until(server, game, "prompt.beachhead_support")  # the West may contest, then declines
    page.wait_for_selector(f'#map g.token[data-token="beachhead"][data-hex="{SEA}"]')


def zoom_on(page, hex_id):
    """Wheel the map in on the hex's beachhead, near enough to read the counters."""
    box = page.locator(f'#map g.token[data-hex="{hex_id}"]').bounding_box()
    centre = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
    page.evaluate(
        """([x, y]) => {
          const map = document.querySelector('#map');
          for (let i = 0; i < 20 && map.dataset.zoom !== 'near'; i += 1) {
            const wheel = { deltaY: -240, clientX: x, clientY: y, bubbles: true, cancelable: true };
            map.dispatchEvent(new WheelEvent('wheel', wheel));
          }
        }""",
        centre,
    )
    page.wait_for_selector('#map[data-zoom="near"]')


@pytest.mark.rule("2.2.3")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_beachhead_placed_by_clicking_shows_its_level_side_and_arrow(
    page, server, artifacts, lang
):
    """The Beachhead-2 of the Axis off Kota Bharu: a tile in the Axis colour with its level, an
    arrow toward Kota Bharu, and its legend entry in the page's language."""
    game = new_tora(server)
    place_a_beachhead(page, server, game, lang)
    token = page.locator(f'#map g.token[data-hex="{SEA}"]')
    assert token.get_attribute("data-side") == "axis"
    assert token.get_attribute("data-toward") == KOTA_BHARU
    assert token.locator(".token-text").text_content() == "2"
    arrow = page.locator(f'#map polygon.token-arrow[data-arrow="{SEA}"]')
    assert arrow.get_attribute("data-toward") == KOTA_BHARU
    assert ("Beachhead-2" if lang == "en" else "橋頭堡") in page.inner_text("#log")
    page.click(f'#map .layer-terrain polygon[data-hex="{SEA}"]', force=True)
    facts = page.inner_text(f'#popup:not([hidden])[data-hex="{SEA}"] .hex-facts')
    assert ("Beachhead-2 of Axis" if lang == "en" else "枢軸の橋頭堡-2") in facts
    if lang == "ja":
        assert [str(problem) for problem in page_problems(page)] == []  # the popup's words too
    page.screenshot(path=str(artifacts / f"ds_beachhead_popup_{lang}.png"))
    page.keyboard.press("Escape")
    page.click("#legend-button")
    entry = page.inner_text('#legend li[data-legend="token-beachhead-axis"]')
    assert ("Beachhead marker" if lang == "en" else "橋頭堡マーカー") in entry
    if lang == "ja":
        assert [str(problem) for problem in page_problems(page)] == []  # no English left
    page.screenshot(path=str(artifacts / f"ds_beachhead_{lang}.png"))
    legend = page.locator('#legend li[data-legend="token-beachhead-axis"]')
    legend.screenshot(path=str(artifacts / f"ds_beachhead_legend_{lang}.png"))
    page.click("#legend-button")
    zoom_on(page, SEA)
    page.locator("#map").screenshot(path=str(artifacts / f"ds_beachhead_map_{lang}.png"))


def test_on_a_phone_a_beachhead_is_placed_by_clicking_too(browser, server, artifacts):
    with on_a_phone(browser) as (page, errors):
        place_a_beachhead(page, server, new_tora(server), "ja")
        token = page.locator(f'#map g.token[data-hex="{SEA}"]')
        assert token.get_attribute("data-toward") == KOTA_BHARU
        zoom_on(page, SEA)
        page.screenshot(path=str(artifacts / "ds_beachhead_phone_ja.png"))
    assert errors == []


ORGANIZED = ("organization", "movement")  # 2.3 asks only when a unit may be reorganized


@pytest.mark.rule("3.1.2", "2.2.2")
def test_a_unit_ships_to_the_beachhead_by_clicking_and_stands_there_as_a_stack(
    page, server, artifacts
):
    """After the placement, the Axis ends its beachheads, Blitz markers and organization by
    the prompt's buttons, picks the Imperial Guards in Saigon's stack, and ships it port to
    port by a click on the beachhead's highlighted hex: the division is drawn as a stack in
    the all-sea hex, the beachhead's tile and arrow still beside it. Next turn the beachhead
    fails and the division advances inland by a click on its stack and its button (2.2.2)."""
    game = new_tora(server)
    place_a_beachhead(page, server, game, "en")
    play_button(page, "end")
    wait_prompt(page, "prompt.blitz_placement")
    play_button(page, "end")
    past_organization(page)
    page.click(f'#map g.stack[data-hex="{SAIGON}"]', force=True)
    before = version(page)
    page.click('#popup button[data-action="move j-guards"]')
    wait_newer(page, before)
    wait_prompt(page, "prompt.unit_move")
    assert "Ship to" in page.get_attribute(f'#map [data-target-hex="{SEA}"]', "aria-label")
    play_hex_target(page, SEA)
    stack = page.locator(f'#map g.stack[data-hex="{SEA}"][data-side="axis"]')
    assert stack.count() == 1
    assert page.locator(f'#map polygon.token-arrow[data-arrow="{SEA}"]').count() == 1
    assert "Imperial Guards" in page.inner_text("#log")
    page.click(f'#map g.stack[data-hex="{SEA}"]', force=True)
    facts = page.inner_text("#popup .hex-facts")
    assert "Beachhead-2 of Axis, its arrow toward Kota Bharu" in facts
    page.keyboard.press("Escape")
    zoom_on(page, SEA)
    page.locator("#map").screenshot(path=str(artifacts / "ds_beachhead_shipped_en.png"))
    advance_inland_by_clicking(page, server, game, artifacts)


def advance_inland_by_clicking(page, server, game, artifacts):
    """Turn 2: the air fleet back to base, the beachhead fails (2.2.2); the Guards' stack on it
    is highlighted, and its button advances the division inland to Kota Bharu."""
    pass_until(server, game, "prompt.inland_advance")
    wait_prompt(page, "prompt.inland_advance")
    page.click(f'#map g.stack[data-hex="{SEA}"]', force=True)
    before = version(page)
    page.click('#popup button[data-action="advance j-guards"]')
    wait_newer(page, before)
    guards = f'#map g.stack[data-hex="{KOTA_BHARU}"][data-side="axis"]'
    assert page.locator(guards).count() == 1
    page.locator("#map").screenshot(path=str(artifacts / "ds_inland_en.png"))


@pytest.mark.rule("3.1.3")
def test_a_unit_in_an_off_map_box_is_listed_and_moves_to_the_next_box_by_clicking(
    page, server, artifacts
):
    """Tora! Tora! Tora!: the IX Corps in the Western USA box, listed beside the map in Japanese,
    opens with its move to the Panama Canal, which the click plays (3.1.3)."""
    game = new_tora(server)
    pass_until(server, game, "prompt.movement", most=40, who="west")
    open_seat(page, game["west"], "ja", "#map polygon.hex")
    wait_prompt(page, "prompt.movement")
    usa = page.locator('#boxes-panel details[data-place="offmap_box.western_usa"]')
    assert usa.locator("summary").inner_text() == "アメリカ西部 (1)"
    usa.locator('button.box-unit[data-unit="u-west-coast"]').click()
    move = page.locator('#popup:not([hidden]) [data-action="box u-west-coast panama_canal"]')
    page.screenshot(path=str(artifacts / "ds_offmap_box_ja.png"))
    before = version(page)
    move.click()
    wait_newer(page, before)
    panama = page.locator('#boxes-panel details[data-place="offmap_box.panama_canal"]')
    panama.locator('.box-unit[data-unit="u-west-coast"]').wait_for(state="attached")
    assert usa.locator('.box-unit[data-unit="u-west-coast"]').count() == 0
    assert [str(problem) for problem in page_problems(page)] == []
