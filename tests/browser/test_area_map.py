"""The play page on an area map: Asia Engulfed's introductory scenario (Tipping the Scales), both
seats human. The map loads for each side in English and Japanese and on a phone held upright, its
names never overlap; a Japanese block chosen and moved by clicking lands in the area clicked, and
the Allied page shows there a blank in the block's colour, never its name or type; a ground battle
under way shows on the battle panel with each side's pieces as that side may see them. Panning
and zooming never show more paper beyond the drawing than the whole map does at rest (desktop and
phone); a click on the mark of a highlighted island box reaches its target and plays the move."""

from __future__ import annotations

import json
import random
import urllib.request
from pathlib import Path

import pytest

from tests.browser.conftest import serving
from tests.browser.language import page_problems
from tests.browser.positions import body_of, call, reach
from tests.browser.test_client import play_button, version, wait_newer, wait_prompt
from wargame.engine.action import Action
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.board import area_map

pytestmark = [pytest.mark.game("asia-engulfed"), pytest.mark.slow]

STATIC = Path(__file__).parents[2] / "src" / "wargame" / "server" / "static"
JAPANESE = json.loads((STATIC / "i18n" / "ja.json").read_text(encoding="utf-8"))
SCENARIO = "tipping_the_scales"
BLOCK = "jp-11a"  # the 11th Army, in Hupeh at the start
START = "hupeh"
TARGET = "szechwan"  # Nationalist-held: the move contests it
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="module")
def ae_server(tmp_path_factory, playwright_api):
    with serving(tmp_path_factory.mktemp("ae-server")) as url:
        yield url


def new_game(server):
    """A new game of the scenario with both seats human: the play link of each side and of a
    spectator."""
    seats = {"japan": "human", "allies": "human"}
    body = {"game": "asia-engulfed", "scenario": SCENARIO, "seats": seats}
    request = urllib.request.Request(
        f"{server}/api/games",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        created = json.loads(response.read())
    links = {side: f"{server}{seat['url']}" for side, seat in created["seats"].items()}
    return {**links, "spectator": f"{server}{created['spectator']['url']}"}


def open_page(page, link, lang):
    base, _, fragment = link.partition("#")
    joiner = "&" if "?" in base else "?"
    page.goto(f"{base}{joiner}lang={lang}#{fragment}")
    page.wait_for_selector("#map.area-map path.area", state="attached")
    page.wait_for_selector("#map .layer-units .stack", state="attached")


BOXES = """(selector) => [...document.querySelectorAll(selector)]
  .filter((item) => item.getBoundingClientRect().width > 0)
  .map((item) => { const r = item.getBoundingClientRect();
                   const name = item.dataset.place || item.closest('[data-area]').dataset.area;
                   return [name, r.left, r.top, r.right, r.bottom]; })"""
SLACK = 0.5  # pixels: rounding


def clashes(boxes, others):
    return [
        (a[0], b[0])
        for a in boxes
        for b in others
        if a is not b
        and a[1] + SLACK < b[3]
        and b[1] + SLACK < a[3]
        and a[2] + SLACK < b[4]
        and b[2] + SLACK < a[4]
    ]


def check_names(page):
    """The names shown overlap neither each other nor a stack (the far zoom's markers, or the
    top pieces of the nearer ones)."""
    names = page.evaluate(BOXES, "#map .area-name:not(.crowded)")
    stacks = page.evaluate(BOXES, "#map .stack .marker-disc, #map .stack .piece-body")
    assert len(names) >= 20
    assert clashes(names, names) == []
    assert clashes(names, stacks) == []


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("side", ["japan", "allies"])
def test_the_area_map_loads_for_each_side(page, ae_server, artifacts, side, lang):
    links = new_game(ae_server)
    open_page(page, links[side], lang)
    assert page.locator("#map path.area").count() >= 100
    assert page.locator("#map .box-mark").count() >= 30
    assert page.locator("#map .control-area").count() > 40
    contested = page.locator("#map .layer-contested [data-contested]")
    assert sorted(contested.evaluate_all("(all) => all.map((mark) => mark.dataset.contested)")) == [
        "guadalcanal",
        "port_moresby",
    ]
    kiangsu = "江蘇" if lang == "ja" else "Kiangsu"
    assert page.locator('#map .area-name[data-place="kiangsu"]').text_content() == kiangsu
    check_names(page)
    page.screenshot(path=str(artifacts / f"ae_{side}_{lang}.png"))
    page.click("#zoom-in")
    page.click("#zoom-in")
    check_names(page)
    own = "japan" if side == "japan" else "allies"
    other = "allies" if side == "japan" else "japan"
    assert page.locator(f"#map .stack[data-side={own}] [data-unit]").count() > 0
    assert page.locator(f"#map .stack[data-side={other}] .piece-block").count() == 0  # blanks
    assert page.locator(f"#map .stack[data-side={other}] .piece-blank").count() > 0
    page.screenshot(path=str(artifacts / f"ae_{side}_{lang}_zoomed.png"))
    page.click("#legend-button")
    page.wait_for_selector("#legend [data-legend=border-strait]")
    assert page.locator("#legend [data-legend^=blank-]").count() >= 3  # the other side's colours
    assert page.locator("#legend [data-legend=target-box]").count() == 1  # a box's ring
    page.locator("#legend").screenshot(path=str(artifacts / f"ae_legend_{side}_{lang}.png"))
    if lang == "ja":
        page.locator("#map .stack").first.click()  # its popup too
        page.wait_for_selector("#popup:not([hidden])")
        assert [str(problem) for problem in page_problems(page)] == []


def test_a_spectator_sees_every_block_blank(page, ae_server):
    open_page(page, new_game(ae_server)["spectator"], "en")
    assert page.locator("#map .piece-block").count() == 0
    assert page.locator("#map .stack[data-side=japan] .piece-blank").count() > 10
    assert page.locator("#map .stack[data-side=allies] .piece-blank").count() > 10
    assert page.locator("#map .piece-air").count() > 0  # counters are open


@pytest.mark.parametrize("context_options", [PHONE])
def test_the_area_map_on_a_phone(page, ae_server, artifacts):
    links = new_game(ae_server)
    open_page(page, links["japan"], "ja")
    wait_prompt(page, "prompt.naval_movement")
    map_box = page.locator("#map").bounding_box()
    assert map_box["width"] >= 380 and map_box["height"] >= 250
    check_names(page)
    page.screenshot(path=str(artifacts / "ae_phone_ja.png"))


def click_target(page, target):
    """Click the target area at its point (where its stacks and name stand)."""
    box = page.locator(f'#map .target[data-target-area="{target}"] .target-box').bounding_box()
    before = version(page)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_newer(page, before)


def choose_and_move(page, block, target, artifacts):
    """Open the block's area, pick the block in its popup (a move names its unit first), then
    click the target area among the picked block's destinations."""
    pick_in_popup(page, f'#map .stack[data-area="{START}"][data-side=japan]', f"move {block}")
    page.wait_for_selector(f'#map .target[data-target-area="{target}"]')
    assert page.locator("#map .target").count() == 6  # Hupeh's neighbours it may enter
    page.screenshot(path=str(artifacts / "ae_chosen.png"))
    click_target(page, target)


def pick_in_popup(page, opened, pick):
    """Open the popup of the stack ``opened`` (a selector) and play its action ``pick`` there:
    the first step of a move, after which the picked unit's destinations are the targets."""
    page.locator(opened).first.click()
    page.wait_for_selector("#popup:not([hidden])")
    before = version(page)
    page.click(f'#popup button[data-action="{pick}"]')
    wait_newer(page, before)


def test_a_block_moved_by_clicking_lands_there_and_the_other_side_sees_a_blank(
    page, ae_server, artifacts, browser
):
    links = new_game(ae_server)
    open_page(page, links["japan"], "en")
    wait_prompt(page, "prompt.naval_movement")
    play_button(page, "end")  # no fleet sails
    wait_prompt(page, "prompt.supply_network")
    play_button(page, "end")  # no supply network
    wait_prompt(page, "prompt.production")
    play_button(page, "done")  # nothing bought
    wait_prompt(page, "prompt.port_attack")
    play_button(page, "end")  # no strike
    wait_prompt(page, "prompt.operational_movement")
    choose_and_move(page, BLOCK, TARGET, artifacts)
    japanese = f'#map .stack[data-area="{TARGET}"][data-side=japan]'
    page.wait_for_selector(f'{japanese} [data-unit="{BLOCK}"]')
    assert page.locator(f'#map [data-unit="{BLOCK}"]').count() == 1
    assert page.locator("#map .target").count() == 0  # the block let go once moved
    page.screenshot(path=str(artifacts / "ae_moved_japan.png"))

    # a click on another block opens its popup, where it is picked: it is the one chosen, its
    # destinations the targets
    pick_in_popup(page, '#map .piece[data-unit="jp-13a"]', "move jp-13a")
    page.wait_for_selector('#map .piece.selected-unit[data-unit="jp-13a"]', state="attached")
    assert page.locator("#map .target").count() == 5
    click_target(page, "honan")
    page.wait_for_selector('#map .stack[data-area="honan"][data-side=japan] [data-unit="jp-13a"]')
    assert "Japan moves 13th Army from Kiangsu to Honan" in page.locator("#log-panel").inner_text()

    allied = browser.new_context(viewport={"width": 1500, "height": 950}, locale="en-US")
    other = allied.new_page()
    try:
        open_page(other, links["allies"], "en")
        other.wait_for_selector(f"{japanese} .piece-blank[data-blank=orange]", state="attached")
        assert other.locator(f"{japanese} .piece text").count() == 0  # nothing written on a blank
        other.locator(japanese).click()
        other.wait_for_selector(f'#popup:not([hidden])[data-hex="{TARGET}"]')
        other.screenshot(path=str(artifacts / "ae_moved_allies.png"))
        popup = other.locator("#popup").inner_text()
        assert "A block you cannot read" in popup and "11th Army" not in popup
        html = other.content()
        assert BLOCK not in html and "11th Army" not in html
    finally:
        allied.close()


def api(server, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        f"{server}/api{path}", data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def battle_under_way(body):
    """The battle frame's locals once a round has been fired between blocks of both sides."""
    frames = [f for f in body["view"]["stack"] if f["name"] == "battle" and f.get("locals")]
    keys = [event["key"] for event in body["view"]["log"]]
    started = len(keys) - keys[::-1].index("log.battle") if "log.battle" in keys else len(keys)
    if not frames or "log.ground_fire" not in keys[started:]:
        return None
    battle, board = frames[-1]["locals"], body["view"]["board"]
    there = [b for b in [*board["units"], *board["blanks"]] if b["where"] == battle["area"]]
    sides = {b["owner"] for b in there if b["public"]["kind"] == "ground"}
    return battle if len(sides) == 2 else None  # blocks of both sides, not garrisons alone


def play_until(server, reached, seed=3, most=800):
    """A hot-seat game played by seeded random choices through the API until ``reached`` (of
    Japan's game body) gives something: the seats' tokens and what it gave."""
    body = {"game": "asia-engulfed", "scenario": SCENARIO, "seed": 11, "hot_seat": True}
    created = api(server, "/games", body)
    game, tokens = created["id"], {s: seat["token"] for s, seat in created["seats"].items()}
    choose = random.Random(seed)
    for _ in range(most):
        shown = api(server, f"/games/{game}?token={tokens['japan']}")
        found = reached(shown)
        if found:
            return game, tokens, found
        side = shown["view"]["active"][0]
        own = api(server, f"/games/{game}?token={tokens[side]}")
        move = {"token": tokens[side], "version": own["version"]}
        api(
            server,
            f"/games/{game}/actions",
            {**move, "action": choose.choice(own["view"]["actions"])},
        )
    raise AssertionError(f"not reached within {most} actions")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_ground_battle_under_way_shows_on_the_battle_panel(page, ae_server, artifacts, lang):
    game, tokens, battle = play_until(ae_server, battle_under_way, seed=1)
    for side in ("japan", "allies"):
        open_page(page, f"{ae_server}/play/{game}#token={tokens[side]}", lang)
        panel = page.locator("#battle-panel")
        panel.wait_for(state="visible")
        assert panel.get_attribute("data-hex") == battle["area"]
        sides = panel.locator(".battle-side")
        assert sides.count() == 2
        assert sides.first.get_attribute("data-side") == battle["attacker"]  # attacker first
        own = panel.locator(f".battle-side[data-side={side}] [data-unit]")
        assert own.count() > 0  # a side's own pieces, by name
        assert panel.locator(".battle-log li").count() >= 3
        if lang == "ja":
            assert [str(problem) for problem in page_problems(page)] == []
        panel.screenshot(path=str(artifacts / f"ae_battle_{side}_{lang}.png"))


def test_the_production_sheet_and_the_pools_show_beside_the_map(page, ae_server, artifacts):
    game, tokens, sheet = play_until(ae_server, lambda body: body["view"]["board"]["sheet"])
    open_page(page, f"{ae_server}/play/{game}#token={tokens['japan']}", "ja")
    panel = page.locator("#ledger-panel")
    panel.wait_for(state="visible")
    assert panel.locator(".ledger tr").count() == len(sheet["rows"])
    werp = str(sheet["rows"][0]["value"])
    assert panel.locator(".ledger tr").first.locator("td").text_content() == werp
    assert [str(problem) for problem in page_problems(page)] == []
    how = page.locator("#prompt-panel .targets-hint .how").text_content()
    assert how == JAPANESE["play.click_twice"]  # no block moves now: no word of choosing one
    panel.screenshot(path=str(artifacts / "ae_production_sheet_ja.png"))
    # a block of the pool is built in the area's popup (it has no piece on the map to click)
    home = page.locator('#map .target[data-actions*="build "]').first
    area = home.get_attribute("data-target-area")
    home.focus()
    home.press("Enter")
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{area}"] button[data-action^="build "]')
    boxes = page.locator("#boxes-panel")
    assert boxes.is_visible()
    assert boxes.locator("details[data-place='offmap.pool']").count() > 0  # Japan's own pools
    other = boxes.locator("details[data-place='offmap.pool_other']")
    assert other.locator("[data-blank]").count() > 0  # the Allied pool: colours only


# -- the view stays over the drawing ---------------------------------------------------------

PAPER_BANDS = """() => {
  const view = document.querySelector('#map').getBoundingClientRect();
  const drawn = document.querySelector('#map .layer-areas').getBoundingClientRect();
  return [drawn.left - view.left, drawn.top - view.top, view.right - drawn.right,
          view.bottom - drawn.bottom].map((gap) => Math.max(0, gap));
}"""
DRAGS = [(0, 700), (0, -1400), (700, 0), (-1400, 0), (500, 500)]  # pixels, one after the other


def paper_bands(page):
    """The empty paper between the map's drawing (its areas) and each edge of the map's
    viewport, in pixels: left, top, right, bottom (0 where the drawing reaches the edge)."""
    return page.evaluate(PAPER_BANDS)


def drag_map(page, dx, dy):
    box = page.locator("#map").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx, y + dy, steps=10)
    page.mouse.up()


def no_wider(bands, rest):
    return all(band <= at_rest + 1 for band, at_rest in zip(bands, rest, strict=True))


@pytest.mark.parametrize("context_options", [{}, PHONE], ids=["desktop", "phone"])
def test_panning_and_zooming_never_show_paper_beyond_the_map(page, ae_server, artifacts):
    open_page(page, new_game(ae_server)["japan"], "ja")
    rest = paper_bands(page)  # the whole map: paper above and below it, or beside it
    page.click("#zoom-in")
    page.click("#zoom-in")  # the drawing now larger than the view both ways
    for dx, dy in DRAGS:
        before = page.get_attribute("#map", "viewBox")
        drag_map(page, dx, dy)
        assert page.get_attribute("#map", "viewBox") != before  # the map followed the drag
        bands = paper_bands(page)
        assert bands[1] <= 2 and bands[3] <= 2, (dx, dy, bands)  # the top and bottom covered
        assert no_wider(bands, rest), (dx, dy, bands, rest)
    page.screenshot(path=str(artifacts / f"ae_panned_{page.viewport_size['width']}.png"))
    page.click("#zoom-fit")
    box = page.locator("#map").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 3, box["y"] + box["height"] / 3)
    for _ in range(4):
        page.mouse.wheel(0, 600)  # out, past the whole map
    assert no_wider(paper_bands(page), rest)


# -- a box's mark under its target -------------------------------------------------------------

ISLAND_BOXES = {name for name, area in area_map().areas.items() if area.kind == "island_box"}


def move_to_an_empty_island_box(body):
    """(unit, island box) of Japan's first move into an island box where nothing stands."""
    view = body["view"]
    if view["active"] != ["japan"]:
        return None
    board = view["board"]
    standing = {piece["where"] for piece in board.get("units", []) + board.get("blanks", [])}
    standing |= {counter["where"] for counter in board.get("counters", {}).values()}
    standing |= {where for _, where in board.get("garrisons", [])}
    for action in view["actions"]:
        _, *args = action.split()
        if len(args) == 2 and args[1] in ISLAND_BOXES - standing and args[0] not in ISLAND_BOXES:
            return args[0], args[1]
    return None


AT_POINT = """([x, y]) => {
  const found = document.elementFromPoint(x, y);
  return found && found.closest('.target') ? found.closest('.target').dataset.targetArea : null;
}"""


def test_a_click_on_the_mark_of_a_highlighted_island_box_plays_its_target(
    page, ae_server, artifacts
):
    game, tokens, (unit, box) = play_until(ae_server, move_to_an_empty_island_box)
    open_page(page, f"{ae_server}/play/{game}#token={tokens['japan']}", "en")
    stack = page.locator(f'#map .stack:has([data-unit="{unit}"])')
    stack.focus()  # the map pans to it
    stack.click()  # chooses the piece, or opens its area's popup
    page.wait_for_selector(f'#popup:not([hidden]), #map .target[data-target-area="{box}"]')
    if page.locator(f'#popup:not([hidden]) [data-choose="{unit}"]').count():
        page.click(f'#popup [data-choose="{unit}"]')
    page.keyboard.press("Escape")  # the popup of a block chosen already (its move's 2nd step)
    target = page.locator(f'#map .target[data-target-area="{box}"]')
    target.wait_for(state="attached")
    ring = target.locator(".box-ring")
    assert ring.evaluate("(ring) => getComputedStyle(ring).stroke") != "none"  # it shows
    page.click("#zoom-in")
    page.click("#zoom-in")
    target.focus()  # in view, the mark bigger than at the whole map
    mark = page.locator(f'#map .box-mark[data-area="{box}"]').bounding_box()
    centre = [mark["x"] + mark["width"] / 2, mark["y"] + mark["height"] / 2]
    assert page.evaluate(AT_POINT, centre) == box  # the target, not the mark, takes the click
    names = page.evaluate(BOXES, "#map .area-name:not(.crowded)")
    assert clashes(names, page.evaluate(BOXES, "#map .box-ring")) == []  # names clear of rings
    page.screenshot(path=str(artifacts / "ae_island_box_target.png"))
    before = version(page)
    page.mouse.click(*centre)
    wait_newer(page, before)
    page.wait_for_selector(f'#map .stack[data-area="{box}"] [data-unit="{unit}"]', state="attached")


def strategic_unit(body):
    """A block that Japan may move strategically, standing on the map, when it is to act."""
    view = body["view"]
    if view["active"] != ["japan"]:
        return None
    places = {unit["id"]: unit["where"] for unit in view["board"]["units"]}
    names = [a.split()[1] for a in view["actions"] if a.split()[0] == "strategic"]
    return next((unit for unit in names if places.get(unit) in area_map().areas), None)


def test_a_strategic_move_shows_its_destinations_once_its_block_is_picked(
    page, ae_server, artifacts
):
    """The strategic move's second step is the picked block's alone: its destinations are the
    targets at once, without a second click on the block, and a click on one moves it there."""
    game, tokens, unit = play_until(ae_server, strategic_unit)
    open_page(page, f"{ae_server}/play/{game}#token={tokens['japan']}", "en")
    stack = page.locator(f'#map .stack:has([data-unit="{unit}"])')
    stack.focus()
    stack.click()
    page.wait_for_selector("#popup:not([hidden])")
    before = version(page)
    page.click(f'#popup button[data-action="strategic {unit}"]')
    wait_newer(page, before)
    offered = api(ae_server, f"/games/{game}?token={tokens['japan']}")["view"]["actions"]
    ends = sorted(a.split()[2] for a in offered if a.startswith(f"strategic {unit} "))
    page.wait_for_selector("#map .target[data-target-area]", state="attached")
    shown = page.eval_on_selector_all(
        "#map .target[data-target-area]", "(all) => all.map((t) => t.dataset.targetArea)"
    )
    assert sorted(shown) == ends
    page.screenshot(path=str(artifacts / "ae_strategic_destinations.png"))
    end = ends[0]
    page.locator(f'#map .target[data-target-area="{end}"]').focus()
    click_target(page, end)  # at its point, as a player clicks, over any block standing there
    page.wait_for_selector(f'#map .stack[data-area="{end}"] [data-unit="{unit}"]', state="attached")


def move_and_drop(state, side, view):
    """A paratroop block that may both move and drop into one area once it is picked to move
    (a move names its unit first): (block, area)."""
    for text in view["actions"]:
        verb, *args = text.split()
        if verb == "move" and len(args) == 1 and "para" in args[0]:
            picked = GAME.apply(state, side, Action.parse(text))
            found = _both_ways([str(action) for action in GAME.legal_actions(picked, side)])
            if found:
                return found
    return None


def _both_ways(actions):
    """Of a picked unit's destinations, one it may reach by a move and by a drop."""
    ways: dict[tuple[str, str], set[str]] = {}
    for text in actions:
        verb, *args = text.split()
        if len(args) == 2:
            ways.setdefault((args[0], args[1]), set()).add(verb)
    return next((pair for pair, verbs in ways.items() if "drop" in verbs and len(verbs) > 1), None)


def steer_paratroops(chooser, actions):
    """Random play that mostly drops a paratroop block where one may, else mostly plays one's
    other actions but its embarkations (its production, placement, moves), so that a block
    stands where it may both move and drop within a few hundred actions."""
    drops = [text for text in actions if text.startswith("drop ")]
    para = drops or [t for t in actions if "para" in t and not t.startswith(("embark", "sail"))]
    return chooser.choice(para) if para and chooser.random() < 0.9 else chooser.choice(actions)


@pytest.mark.rule("13.4")
def test_an_area_a_block_may_reach_by_move_or_by_drop_offers_both(page, ae_server, artifacts):
    """With the paratroop option, a paratroop block picked to move that may move into an area
    and drop into it too has both among its destinations; a click on that area opens its popup
    with both actions (neither is played unasked), and the drop chosen there is played."""
    position = reach(
        ae_server, "jan1942", 5, move_and_drop, most=700, game=GAME,
        options={"paratroops": True}, choose=steer_paratroops,
    )  # fmt: skip
    unit, area = position.found
    pick = {"token": position.tokens[position.side], "action": f"move {unit}"}
    pick["version"] = body_of(ae_server, position)["version"]
    call(ae_server, "POST", f"/api/games/{position.id}/actions", pick)
    open_page(page, position.link(ae_server), "en")  # the block picked: shown with its moves
    page.wait_for_selector(f'#map .piece.selected-unit[data-unit="{unit}"]', state="attached")
    target = page.locator(f'#map .target[data-target-area="{area}"] .target-box').bounding_box()
    page.mouse.click(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2)
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{area}"]')
    assert page.locator(f'#popup button[data-action="drop {unit} {area}"]').is_visible()
    assert page.locator(f'#popup button[data-action^="move {unit} {area}"]').count() == 1
    page.screenshot(path=str(artifacts / "ae_move_or_drop.png"))
    before = version(page)
    page.click(f'#popup button[data-action="drop {unit} {area}"]')
    wait_newer(page, before)
    offered = body_of(ae_server, position)["view"]["actions"]
    assert not any(text.startswith("drop ") for text in offered)  # one drop a side a turn
