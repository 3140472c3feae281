"""Browser hardening (issue 13): the client runs under the server's Content-Security-Policy without
a violation (the ``page`` fixture fails a test on any), the policy refuses what it should, and no
seat token goes into a URL the browser asks for, nor into a Referer header: the links carry it in
the fragment, the client sends it in a header, a POST body or the socket's first message."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser.test_client import create_game, pass_the_device, play_button, wait_prompt

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

INJECT = """([kind]) => new Promise((resolve) => {
  document.addEventListener("securitypolicyviolation", (e) => resolve(e.effectiveDirective));
  const element = document.createElement(kind === "script" ? "script" : "p");
  if (kind === "script") element.textContent = "window.inlineRan = true";
  else element.setAttribute("style", "color: red");
  document.body.append(element);
})"""


def link_token(link):
    return parse_qs(urlsplit(link).fragment)["token"][0]


def recorded(page, event):
    """Everything the page emits as ``event`` from now on, in a list."""
    found = []

    def keep(item):  # Playwright takes a function, not a list's own append
        found.append(item)

    page.on(event, keep)
    return found


def sent_url(request):
    """The URL as the browser sends it: Playwright names a page's address with its fragment."""
    return request.url.split("#")[0]


def test_the_pages_refuse_inline_script_and_inline_style(browser, page, server):
    links = create_game(page, server)
    watcher = browser.new_context().new_page()  # its violations are the point: not the fixture's
    for address in (f"{server}/", links["japan"], f"{server}/about/empire-of-the-sun"):
        response = watcher.goto(address)
        assert response.headers["x-content-type-options"] == "nosniff"
        assert watcher.evaluate(INJECT, ["script"]) == "script-src-elem"
        assert watcher.evaluate("() => window.inlineRan") is None
        assert watcher.evaluate(INJECT, ["style"]) == "style-src-attr"
    watcher.context.close()


def test_the_main_flows_run_under_the_policy_and_keep_tokens_out_of_urls(page, server, artifacts):
    requests, sockets = recorded(page, "request"), recorded(page, "websocket")
    links = create_game(page, server, allied="human")
    tokens = {seat: link_token(link) for seat, link in links.items()}
    for link in links.values():
        assert parse_qs(urlsplit(link).query) == {"lang": ["en"]}  # the token only in the fragment
    chips = page.eval_on_selector_all("#my-games a.chip", "found => found.map((a) => a.href)")
    assert sorted(link_token(chip) for chip in chips) == sorted(tokens.values())
    assert not any("token" in urlsplit(chip).query for chip in chips)

    page.goto(links["japan"])
    wait_prompt(page, "prompt.assign_none")
    play_button(page, "done")
    page.click('button.switch-seat[data-side="allied"]')  # the hot-seat switcher
    page.wait_for_function("() => document.body.dataset.seat === 'allied'")
    assert urlsplit(page.url).fragment == f"token={tokens['allied']}"
    pass_the_device(page, "allied")
    wait_prompt(page, "prompt.intelligence")
    page.click(".lang[data-lang=ja]")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    page.wait_for_selector("#live.on", state="attached")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    page.wait_for_selector("#result")
    page.click("#replay-button")
    page.click("#replay-first")
    page.wait_for_function(
        "() => document.querySelector('#replay-step').textContent.startsWith('0 ')"
    )
    page.screenshot(path=str(artifacts / "hardened_replay_ja.png"))
    page.click("#about-link")
    page.wait_for_selector("#coverage")
    page.screenshot(path=str(artifacts / "hardened_about_ja.png"))

    api = [sent_url(request) for request in requests if "/api/games/" in request.url]
    assert any("/replay?" in url for url in api) and any("/record" in url for url in api)
    assert len(sockets) >= 2  # the seat's switch and the language's opened new sockets
    for url in [*map(sent_url, requests), *(socket.url for socket in sockets)]:
        assert not any(token in url for token in tokens.values()), url
    assert [request.url for request in requests if request.header_value("referer")] == []


def test_a_link_with_the_token_in_its_query_opens_the_seat_and_leaves_the_address(page, server):
    links = create_game(page, server)
    game_id = urlsplit(links["japan"]).path.split("/")[-1]
    token, spectator = link_token(links["japan"]), link_token(links["spectator"])
    old_link = f"{server}/play/{game_id}?token={token}&lang=en"
    requests = recorded(page, "request")
    page.goto(old_link)
    wait_prompt(page, "prompt.assign_none")
    address = urlsplit(page.url)
    assert parse_qs(address.query) == {"lang": ["en"]} and address.fragment == f"token={token}"
    assert [url for url in map(sent_url, requests) if token in url] == [old_link]
    page.reload()
    wait_prompt(page, "prompt.assign_none")
    assert page.get_attribute("body", "data-seat") == "japan"
    page.evaluate(f"() => {{ location.hash = 'token={spectator}'; }}")  # a link pasted over it
    page.wait_for_function("() => document.body.dataset.seat === ''")
