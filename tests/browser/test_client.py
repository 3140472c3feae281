"""The browser client against a real server: create games in the lobby, play by clicking legal
targets on the map, undo, reload, watch as a spectator, hot-seat, Japanese, replay, and the
"about this edition" page. Empire of the Sun, campaign, seed 7: Japan's first decisions are
Pearl Harbor's (assign air units: done; the Allies decline intelligence and special reaction; the
battle at 5808; Japan allocates its hits on the Allied units there)."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

SEED = "7"
PEARL_HARBOR = "5808"


def create_game(
    page, server, allied="bot:random", japan="human", *, spectator_delay=0, scenario="campaign"
):
    """Create a game (the campaign unless told) through the lobby; the links of the seats by seat
    name."""
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector(f"#scenario option[value='{scenario}']", state="attached")
    page.select_option("#scenario", scenario)
    page.check(f'input[name="seat-japan"][value="{japan}"]')
    page.check(f'input[name="seat-allied"][value="{allied}"]')
    page.fill("#seed", SEED)
    if japan == allied == "human":
        page.check("#hot-seat")  # a chosen seed is taken only where one person holds every seat
    if spectator_delay:
        page.fill("#spectator-delay", str(spectator_delay))
    return create_and_link(page)


def create_and_link(page):
    """Press the lobby's create button; the links of the new game's seats by seat name."""
    page.click("#create")
    page.wait_for_selector("#links tr[data-seat=spectator]")
    return {
        row.get_attribute("data-seat"): row.query_selector("a.seat-link").get_attribute("href")
        for row in page.query_selector_all("#links tr")
        if row.query_selector("a.seat-link")
    }


def wait_prompt(page, key):
    """Wait for the prompt ``key`` or one of its variants (``prompt.intelligence_none``: a game
    picks a prompt naming only what it offers)."""
    page.wait_for_selector(
        f'#prompt-panel[data-prompt="{key}"], #prompt-panel[data-prompt^="{key}_"]',
        state="attached",
    )


def version(page):
    return int(page.get_attribute("body", "data-version"))


def wait_newer(page, before):
    """Wait until the page shows a version after ``before`` and its request has returned: the
    socket can deliver the new view while the action is still in flight (buttons disabled)."""
    page.wait_for_function(
        f"() => Number(document.body.dataset.version) > {before} && !document.body.dataset.busy"
    )


def play_hex_target(page, hex_id):
    """Two clicks on a highlighted hex: the first opens it, the second plays its one action."""
    target = page.locator(f'#map [data-target-hex="{hex_id}"]')
    target.click(force=True)
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{hex_id}"]')
    before = version(page)
    target.click(force=True)
    wait_newer(page, before)


def play_button(page, action):
    before = version(page)
    page.click(f'#buttons [data-action="{action}"]')
    wait_newer(page, before)


def pass_the_device(page, side):
    """Hot-seat: the "pass the device" screen shows nothing of ``side``'s seat; its player
    dismisses it."""
    page.wait_for_selector("#pass-screen:not([hidden])")
    assert page.locator("#hand").count() == 0 and page.is_hidden("#layout")
    page.click("#pass-ready")
    page.wait_for_selector("#pass-screen", state="hidden")


def reach_the_battle(page, link):
    """Open Japan's link and play to the choice of the next battle (at Pearl Harbor)."""
    page.goto(link)
    wait_prompt(page, "prompt.assign_none")
    play_button(page, "done")
    wait_prompt(page, "prompt.next_battle")  # the Allied bot declined intelligence and reaction


def reach_the_hits(page, link):
    """Open Japan's link and play to the allocation of Japan's hits at Pearl Harbor: a first click
    on the battle's hex opens it (and plays nothing), a second click fights the battle."""
    reach_the_battle(page, link)
    target = page.locator(f'[data-target-hex="{PEARL_HARBOR}"]')
    assert "target-battle" in target.get_attribute("class")
    before = version(page)
    target.click()
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{PEARL_HARBOR}"]')
    assert version(page) == before
    target.click()
    wait_prompt(page, "prompt.allocate_hits")


def hit_from_the_stack(page, unit):
    """Open the Allied stack at Pearl Harbor and allocate a hit to ``unit``."""
    page.click(f'#map g.stack[data-hex="{PEARL_HARBOR}"][data-side="allied"]')
    button = page.locator(f'#popup li[data-unit="{unit}"] button[data-action="hit {unit}"]')
    before = version(page)
    button.click()
    wait_newer(page, before)


def test_play_by_clicking_targets_then_undo_and_reload(page, server, artifacts):
    links = create_game(page, server)
    assert set(links) == {"japan", "spectator"}  # the Allies are the server's bot
    reach_the_hits(page, links["japan"])
    stack = page.locator(f'#map g.stack[data-hex="{PEARL_HARBOR}"][data-side="allied"]')
    assert int(stack.get_attribute("data-stack")) >= 4  # the carriers strike from 5506
    assert "has-target" in stack.get_attribute("class")
    hit_from_the_stack(page, "us-7af")
    assert page.is_enabled("#undo")
    page.click("#battle-show")  # show the battle on the map
    page.locator("#map").screenshot(path=str(artifacts / "map_battle.png"))
    page.screenshot(path=str(artifacts / "battle_page.png"))
    assert page.locator("#battle-panel .preview-side").count() == 2  # the battle's preview
    assert page.locator("#battle-dice .die").count() >= 1

    before = version(page)
    page.click("#undo")
    wait_newer(page, before)
    wait_prompt(page, "prompt.allocate_hits")
    assert page.get_attribute("#prompt-panel", "data-actions") == "4"  # us-7af may be hit again

    hit_from_the_stack(page, "us-7af")
    shown_version = version(page)
    prompt = page.inner_text("#prompt-text")
    log_lines = page.locator("#log li").count()
    log_text = page.inner_text("#log")  # built from log pages (log_from), the bot moving too
    page.reload()
    wait_prompt(page, "prompt.allocate_hits")
    assert version(page) == shown_version
    assert page.inner_text("#prompt-text") == prompt
    assert page.locator("#log li").count() == log_lines
    assert page.inner_text("#log") == log_text  # the whole log, fetched at once


def test_spectator_sees_the_map_but_no_hand(browser, page, server, artifacts):
    links = create_game(page, server)
    page.goto(links["japan"])
    wait_prompt(page, "prompt.assign_none")
    assert page.locator("#hand .card").count() == 1  # J2, Japan's opening hand
    watcher = browser.new_context(viewport={"width": 1300, "height": 850}).new_page()
    watcher.goto(links["spectator"])
    watcher.wait_for_selector("#map g.stack", state="attached")
    assert watcher.get_attribute("body", "data-seat") == ""
    assert watcher.locator("#hand").count() == 0
    assert watcher.locator(".card").count() == 0
    assert not watcher.is_visible("#undo")
    assert watcher.locator("#buttons").count() == 0
    assert "J2" not in watcher.inner_text("body")
    assert watcher.locator("#tracks-panel tr").count() > 5
    watcher.screenshot(path=str(artifacts / "spectator.png"))
    watcher.context.close()


def test_japanese_renders_prompt_log_and_place_names(page, server, artifacts):
    links = create_game(page, server)
    reach_the_hits(page, links["japan"])
    page.click(".lang[data-lang=ja]")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_function(
        "() => document.querySelector('#prompt-text') && /ヒット/.test("
        "document.querySelector('#prompt-text').textContent)"
    )
    assert "ja" in page.url
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", page.inner_text("#log"))
    assert page.inner_text("#prompt-panel h2") == "やること"
    names = page.eval_on_selector_all("#map .hex-name", "found => found.map(e => e.textContent)")
    assert any(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", name) for name in names)
    page.click("#battle-show")
    page.screenshot(path=str(artifacts / "japanese.png"))
    page.click(".lang[data-lang=en]")
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    page.wait_for_function("() => /hits/.test(document.querySelector('#prompt-text').textContent)")


def test_hot_seat_switches_between_the_seats_of_one_browser(page, server):
    links = create_game(page, server, allied="human")
    assert set(links) == {"japan", "allied", "spectator"}
    page.goto(links["japan"])
    wait_prompt(page, "prompt.assign_none")
    play_button(page, "done")
    switch = page.locator('button.switch-seat[data-side="allied"]')
    switch.click()
    page.wait_for_function("() => document.body.dataset.seat === 'allied'")
    pass_the_device(page, "allied")
    wait_prompt(page, "prompt.intelligence")
    assert "token=" in page.url and links["allied"].split("token=")[1] in page.url
    page.check("#follow")  # from now on the page follows the side to act
    play_button(page, "decline")
    wait_prompt(page, "prompt.special_reaction")
    play_button(page, "done")
    page.wait_for_function("() => document.body.dataset.seat === 'japan'")
    pass_the_device(page, "japan")
    wait_prompt(page, "prompt.next_battle")
    page.select_option("#seat-select", label="Spectator")
    page.wait_for_function("() => document.body.dataset.seat === ''")
    assert page.locator("#hand").count() == 0


def test_the_page_follows_a_move_made_elsewhere(browser, page, server):
    links = create_game(page, server, allied="human")
    page.goto(links["allied"])
    page.wait_for_selector("#live.on", state="attached")
    other = browser.new_context().new_page()
    other.goto(links["japan"])
    wait_prompt(other, "prompt.assign_none")
    play_button(other, "done")
    wait_prompt(page, "prompt.intelligence")  # pushed through the WebSocket
    other.context.close()


def shown_log(page):
    """The log lines drawn, without their dice."""
    return page.evaluate(
        "Array.from(document.querySelectorAll('#log li')).map((li) => li.lastChild.textContent)"
    )


def test_the_log_follows_in_pages_and_the_whole_log_can_be_shown(page, server):
    """The socket sends only new log lines (log_from): two bots play while a spectator watches;
    past 400 lines the latest 400 are drawn, and "whole log" draws them all, as the server has
    them (both are prefixes of the same log: the bots go on)."""
    links = create_game(page, server, allied="bot:random", japan="bot:random")
    page.goto(links["spectator"])
    more = page.locator("#log-panel button")
    more.wait_for(timeout=300_000)  # two random bots write 400 lines; slow on a loaded machine
    assert page.locator("#log li").count() == 400
    more.dispatch_event("click")  # the page redraws on every bot move: a pointer click may miss
    drawn = shown_log(page)
    game_id, token = re.search(r"/play/([^?#]+).*#token=(.+)", links["spectator"]).groups()
    with urllib.request.urlopen(f"{server}/api/games/{game_id}?token={token}") as response:
        served = json.load(response)["log_text"]
    assert len(drawn) > 400 and len(served) > 400
    shorter = min(len(drawn), len(served))
    assert drawn[:shorter] == served[:shorter]
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {len(drawn)}")
    assert shown_log(page)[: len(drawn)] == drawn  # new lines appended after the whole log


def test_a_finished_game_can_be_replayed(page, server, problems, artifacts):
    links = create_game(page, server)
    reach_the_battle(page, links["japan"])
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.wait_for_selector("#result")
    page.click("#replay-button")
    page.wait_for_selector("#replay-bar:not([hidden])")
    total = int(page.inner_text("#replay-step").split("/")[1])
    assert total >= 4  # done, the bot's decline and done, the resignation
    panel_at_end = page.inner_text("#prompt-panel")
    page.click("#replay-first")
    page.wait_for_function(
        "() => document.querySelector('#replay-step').textContent.startsWith('0 ')"
    )
    panel_at_start = page.inner_text("#prompt-panel")
    page.click("#replay-next")
    page.wait_for_function(
        "() => document.querySelector('#replay-step').textContent.startsWith('1 ')"
    )
    # the action in the words it was offered with: "done" at "all air units are assigned"
    assert page.inner_text("#replay-action") == "1. Japan: Go on"
    page.screenshot(path=str(artifacts / "replay.png"))
    if page.locator("#replay-bar .error").count():  # the server cannot replay positions yet
        problems[:] = [problem for problem in problems if "status of 404" not in problem]
    else:
        assert panel_at_start != panel_at_end  # Japan to act at the start, the result at the end
        page.select_option("#replay-seat", "")
        page.wait_for_function("() => document.body.dataset.seat === ''")
    page.click("#replay-exit")
    assert page.is_hidden("#replay-bar")


def test_about_page_lists_coverage_and_stand_ins(page, server, artifacts):
    page.goto(f"{server}/static/about.html?game=empire-of-the-sun&lang=en")
    page.wait_for_selector("#coverage")
    assert re.search(r"\d+ of \d+ rule sections", page.inner_text("#coverage"))
    assert page.locator("#stand-in-list li").count() >= 1
    assert page.locator("#rules-table tr").count() > 100
    page.fill("#rules input[type=search]", "5.31")
    page.wait_for_function("() => document.querySelectorAll('#rules-table tr').length < 20")
    page.click(".lang[data-lang=ja]")
    page.wait_for_function(
        "() => document.querySelector('#coverage').textContent.includes('ルール節')"
    )
    page.screenshot(path=str(artifacts / "about_ja.png"))


def view_box(page):
    return [float(part) for part in page.get_attribute("#map", "viewBox").split()]


def test_map_pans_zooms_and_opens_stacks_without_acting(page, server, artifacts):
    links = create_game(page, server)
    reach_the_battle(page, links["japan"])
    start = version(page)
    box = page.locator("#map").bounding_box()
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*centre)
    width = view_box(page)[2]
    page.mouse.wheel(0, -600)
    page.wait_for_function(
        f"() => Number(document.querySelector('#map').viewBox.baseVal.width) < {width}"
    )
    page.click("#show-targets")
    target = page.locator(f'[data-target-hex="{PEARL_HARBOR}"]').bounding_box()
    x, y = target["x"] + target["width"] / 2, target["y"] + target["height"] / 2
    before = view_box(page)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 150, y + 40, steps=6)
    page.mouse.up()
    after = view_box(page)
    assert after[0] > before[0] and after[1] < before[1]  # the map followed the drag
    assert version(page) == start  # a drag that starts on a target does not play it
    page.click('#map g.stack[data-hex="5506"]')
    page.wait_for_selector("#popup:not([hidden]) .stack-list")
    assert page.locator("#popup li[data-unit]").count() == 4  # the Pearl Harbor strike force
    assert page.locator("#popup button.action").count() == 0
    page.screenshot(path=str(artifacts / "stack_popup.png"))
    page.keyboard.press("Escape")
    assert page.is_hidden("#popup")


def call(server, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    with urllib.request.urlopen(urllib.request.Request(server + path, data, headers)) as answer:
        return json.load(answer)


def advance(server, links, until, choices):
    """Play a hot-seat game through the API (the first legal action, or the one ``choices``
    names for a prompt) until ``until`` is the prompt of the side to act; that side."""
    game_id = links["japan"].split("/play/")[1].split("?")[0]
    tokens = {side: link.split("token=")[1].split("&")[0] for side, link in links.items()}
    for _ in range(300):
        body = call(server, f"/api/games/{game_id}?token={tokens['spectator']}")
        side = body["view"]["active"][0]
        mine = call(server, f"/api/games/{game_id}?token={tokens[side]}")
        key, actions = mine["view"]["prompt"]["key"], mine["view"]["actions"]
        if key == until:
            return side
        action = choices.get(key) if choices.get(key) in actions else actions[0]
        move = {"token": tokens[side], "version": mine["version"], "action": action}
        call(server, f"/api/games/{game_id}/actions", move)
    raise AssertionError(f"no {until} prompt")


def test_a_card_of_the_hand_is_played_by_clicking_it(page, server, artifacts):
    links = create_game(page, server, allied="human")
    quick = {"prompt.activate": "done", "prompt.move": "done", "prompt.declare": "done"}
    side = advance(server, links, "prompt.action", quick)
    page.goto(links[side])
    wait_prompt(page, "prompt.action")
    cards = page.locator("#hand .card.legal")
    offered = page.eval_on_selector_all("#all-actions option", "found => found.map(o => o.value)")
    assert cards.count() == len([action for action in offered if action.startswith("card ")])
    card = cards.first.get_attribute("data-card")
    before = version(page)
    cards.first.locator("summary").click()  # reading the effect opens and plays nothing
    assert page.is_hidden("#popup") and version(page) == before
    cards.first.locator(".card-title").click()
    page.wait_for_selector(f'#popup:not([hidden])[data-card="{card}"]')
    assert version(page) == before
    page.click(f'#popup button[data-action="card {card}"]')
    wait_newer(page, before)
    wait_prompt(page, "prompt.use")
    assert "pending" in page.get_attribute(f'#hand .card[data-card="{card}"]', "class")
    assert card in page.inner_text("#prompt-text")
    page.screenshot(path=str(artifacts / "hand.png"))
    play_button(page, "oc")
    wait_prompt(page, "prompt.oc_use")


def test_real_coastlines_and_borders_lie_under_the_map_and_can_be_hidden(page, server, artifacts):
    links = create_game(page, server)
    page.goto(links["japan"])
    coast = page.locator("#map .layer-backdrop path.backdrop-coast")
    coast.wait_for(state="attached")
    assert coast.get_attribute("d").count("M") > 100  # one sub-path per shoreline
    border = page.locator("#map .layer-backdrop path.backdrop-border")
    assert border.get_attribute("d").count("M") > 10
    layers = page.eval_on_selector_all("#map > g", "gs => gs.map(g => g.getAttribute('class'))")
    assert layers.index("layer layer-backdrop") == layers.index("layer layer-terrain") + 1
    button = page.locator("#coastlines")
    assert button.is_visible() and button.get_attribute("aria-pressed") == "true"
    page.screenshot(path=str(artifacts / "coastlines_map.png"))
    for hex_id, picture in (("2813", "coastlines.png"), ("2208", "borders.png")):  # Manila, Burma
        centre = page.locator(f'#map .layer-terrain [data-hex="{hex_id}"]').bounding_box()
        page.mouse.move(centre["x"] + centre["width"] / 2, centre["y"] + centre["height"] / 2)
        page.mouse.wheel(0, -900)  # closer, for the picture
        page.screenshot(path=str(artifacts / picture))
        page.click("#zoom-fit")
    button.click()
    assert button.get_attribute("aria-pressed") == "false" and not coast.is_visible()
    button.click()
    assert coast.is_visible() and border.is_visible()


def test_the_dice_are_shown_committed_and_verified_once_the_game_is_over(page, server, artifacts):
    """Every seat sees the commitment from the start and that the seed was chosen (seed 7); once
    the game is over the browser recomputes the commitment from the seed and salt shown, and the
    server replays the record from the seed."""
    links = create_game(page, server)
    page.goto(links["japan"])
    page.wait_for_selector("#dice-panel code")
    at_start = page.get_attribute("#dice-panel code", "title")
    assert len(at_start) == 64
    assert page.locator("#dice-chosen").count() == 1
    assert page.locator("#verify-dice").count() == 0
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.wait_for_selector("#verify-dice")
    assert page.get_attribute("#dice-panel code", "title") == at_start
    page.click("#verify-dice")
    page.wait_for_function(
        "() => document.querySelectorAll('#dice-outcome [data-verdict=ok]').length === 2"
    )
    assert page.locator("#dice-outcome [data-verdict=bad]").count() == 0
    page.locator("#dice-panel").screenshot(path=str(artifacts / "dice_verified.png"))


def test_the_lobby_refuses_a_chosen_seed_between_two_people(page, server, problems):
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("#scenario option[value=campaign]", state="attached")
    page.check('input[name="seat-japan"][value="human"]')
    page.check('input[name="seat-allied"][value="human"]')
    page.fill("#seed", SEED)
    page.click("#create")
    page.wait_for_selector("#create-error:not([hidden])")
    assert "chosen seed" in page.inner_text("#create-error")
    problems[:] = [found for found in problems if "status of 400" not in found]  # the refusal
