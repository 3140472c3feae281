"""An event that must fight or land somewhere (5.31: A9, A62, A65, A74, A75), in the browser: the
Allies play A74 Operation Iceberg (an amphibious assault within 10 hexes of Tokyo) as an event by
clicking its card and its Event button; the HQ choice highlights only the HQs that command a unit
able to land there (SEAC, at Calcutta and in supply, is left out); the activation's prompt says the
event requires it (``prompt.activate_required``) and highlights only the able units, with no Done;
once one is activated, the movement's prompt says a move is required (``prompt.move_required``),
with no Done either. In English and in Japanese (nothing left untranslated), and on a phone held
upright and sideways, where the prompt is read whole: in the window, not clipped, over nothing.
The page's boxes name the Air Units in China box in either language (they showed its id, "china").

The 1944 scenario, seed 0: the Allies hold A74 at their first decision (Japan has declined the
initiative). What is expected is asked of the game in-process (``events.able_hqs``,
``offensives.able_to_activate``) on the same actions, not written down here."""

from __future__ import annotations

import pytest

from tests.browser.language import page_problems, problems_in
from tests.browser.positions import body_of, call, reach
from tests.browser.test_client import version, wait_newer
from tests.browser.test_phone import PHONES, on_screen
from wargame.engine.session import Session
from wargame.games.empire_of_the_sun import GAME, events, forces, offensives

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]

SCENARIO, SEED, CARD = "1944", 0, "A74"
HQ, LANDS = "us-hq-cenpac", "us-2mar-div"  # the Central Pacific HQ; marines at Tarawa
SEAC = "cw-hq-seac"  # on the map and in supply, but commands no unit that could land near Tokyo
STEPS = ["decline", f"card {CARD}", "event", f"hq {HQ}", f"unit {LANDS}", "done"]
TEXTS = {
    "en": {
        "box": "Air Units in China (1)",
        "prompt.activate_required": "Activate a unit: A74 Operation Iceberg requires a battle or "
        "a landing that only these units can make",
        "prompt.move_required": "Move a unit: A74 Operation Iceberg requires a move that some "
        "activated unit can still make",
    },
    "ja": {
        "box": "中国航空部隊 (1)",
        "prompt.activate_required": "ユニットを活性化する：A74 アイスバーグ作戦が求める戦闘や上陸を"
        "行えるのはこれらのユニットだけ",
        "prompt.move_required": "ユニットを移動する：A74 アイスバーグ作戦が求める移動をまだ行える"
        "活性化ユニットがいる",
    },
}


def steered(_rng, actions: list[str]) -> str:
    """The next of STEPS that is offered (the search plays nothing else)."""
    return next(step for step in STEPS if step in actions)


def at_prompt(key: str):
    def wanted(_state, side: str, view) -> bool:
        return side == "allied" and (view.get("prompt") or {}).get("key") == key

    return wanted


def holding(_state, side: str, view) -> bool:
    return side == "allied" and f"card {CARD}" in view["actions"]


def in_process(server, position, played: int):
    """The game after the first ``played`` of STEPS, in-process; the server's game is there."""
    session = Session.new(GAME, SCENARIO, SEED, None)
    for text in STEPS[:played]:
        session.act(GAME.active(session.state)[0], text)
    view = GAME.view(session.state, "allied", log=False)
    assert body_of(server, position)["view"]["actions"] == view["actions"]
    return GAME.context(session.state)


def wait_key(page, key):
    page.wait_for_selector(f'#prompt-panel[data-prompt="{key}"]', state="attached")


def prompt_text(page) -> str:
    return page.inner_text("#prompt-text").strip()


def offered(page) -> list[str]:
    """Every action the page offers (its list of every legal action, or its buttons)."""
    listed = page.eval_on_selector_all("#all-actions option", "os => os.map(o => o.value)")
    return listed or page.eval_on_selector_all(
        "#buttons [data-action]", "bs => bs.map(b => b.dataset.action)"
    )


def highlighted_hexes(page) -> set[str]:
    """The hexes of the map's stacks that hold a unit with an action."""
    return set(
        page.eval_on_selector_all("#map g.stack.has-target", "gs => gs.map(g => g.dataset.hex)")
    )


def open_stack(page, hex_id):
    stack = page.locator(f'#map g.stack.has-target[data-hex="{hex_id}"]')
    stack.focus()  # the map pans to it
    stack.click()
    page.wait_for_selector(f'#popup:not([hidden])[data-hex="{hex_id}"]')


def legal_rows(page) -> list[str]:
    return page.eval_on_selector_all(
        "#popup li.stack-unit.legal", "ls => ls.map(l => l.dataset.unit)"
    )


def play_in_popup(page, action):
    before = version(page)
    page.click(f'#popup button[data-action="{action}"]')
    wait_newer(page, before)


def play_button(page, action):
    before = version(page)
    page.click(f'#buttons [data-action="{action}"]')
    wait_newer(page, before)


def untranslated_prompt(page) -> list[str]:
    texts = [page.inner_text("#prompt-panel")]
    texts += page.eval_on_selector_all("#popup:not([hidden])", "ps => ps.map(p => p.innerText)")
    return [str(problem) for text in texts for problem in problems_in(text, "prompt")]


def choose_the_hq(page, server, position, artifacts, lang):
    """The HQ choice offers, and highlights, only the HQs that command a unit able to land near
    Tokyo; the Central Pacific HQ is chosen from its stack."""
    wait_key(page, "prompt.choose_hq")
    g = in_process(server, position, 3)
    able_hqs = events.able_hqs(g, "allied", CARD)
    assert SEAC in events.hqs_in_supply(g, "allied", []) and SEAC not in able_hqs
    assert sorted(offered(page)) == sorted([f"hq {hq}" for hq in able_hqs] + ["none"])
    assert highlighted_hexes(page) == {forces.at(g, hq) for hq in able_hqs}
    assert forces.at(g, SEAC) not in highlighted_hexes(page)
    page.screenshot(path=str(artifacts / f"required_event_hq_{lang}.png"))
    open_stack(page, forces.at(g, HQ))
    assert legal_rows(page) == [HQ]
    play_in_popup(page, f"hq {HQ}")


def activate_the_marines(page, server, position, artifacts, lang) -> str:
    """The activation says why, offers and highlights the able units alone, with no Done until
    one of them is activated; the marines are, from their stack. Their hex."""
    wait_key(page, "prompt.activate_required")
    assert prompt_text(page) == TEXTS[lang]["prompt.activate_required"]
    g = in_process(server, position, 4)
    record = offensives.current(g)
    able = offensives.able_to_activate(g, record)
    assert LANDS in able and set(able) < set(record["candidates"])  # the others wait
    assert sorted(offered(page)) == sorted(f"unit {unit}" for unit in able)
    assert highlighted_hexes(page) == {forces.at(g, unit) for unit in able}
    assert page.locator('#buttons [data-action="done"]').count() == 0
    assert f"{len(able)}" in page.inner_text("#prompt-panel .targets-hint")
    at = forces.at(g, LANDS)  # Tarawa: the marines beside air units that may not go first
    open_stack(page, at)
    here = [unit for unit in record["candidates"] if forces.at(g, unit) == at]
    assert len(here) > 1 and legal_rows(page) == [unit for unit in able if unit in here]
    page.screenshot(path=str(artifacts / f"required_event_activate_{lang}.png"))
    if lang == "ja":
        assert untranslated_prompt(page) == []
    play_in_popup(page, f"unit {LANDS}")
    return at


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_required_event_offers_only_what_can_meet_it_and_says_so(page, server, artifacts, lang):
    position = reach(server, SCENARIO, SEED, holding, 10, choose=steered)
    page.goto(position.link(server, lang))
    page.wait_for_selector('#prompt-panel[data-prompt^="prompt.action"]', state="attached")

    # the card, opened from the hand, played as an event
    page.click(f'#hand .card[data-card="{CARD}"]')
    page.wait_for_selector(f'#popup:not([hidden])[data-card="{CARD}"]')
    play_in_popup(page, f"card {CARD}")
    wait_key(page, "prompt.use")
    play_button(page, "event")
    choose_the_hq(page, server, position, artifacts, lang)
    at = activate_the_marines(page, server, position, artifacts, lang)

    # then any unit, and Done; the movement must make the landing, and says so
    wait_key(page, "prompt.activate")
    assert page.locator('#buttons [data-action="done"]').count() == 1
    play_button(page, "done")
    wait_key(page, "prompt.move_required")
    assert prompt_text(page) == TEXTS[lang]["prompt.move_required"]
    assert body_of(server, position, lang)["prompt_text"] == prompt_text(page)
    assert offered(page) == [f"unit {LANDS}"]
    assert page.locator('#buttons [data-action="done"]').count() == 0
    assert highlighted_hexes(page) == {at}
    page.screenshot(path=str(artifacts / f"required_event_move_{lang}.png"))
    # the 14th Air Force's off-map box, named (it showed its id, "china", in either language)
    assert page.inner_text('#boxes-panel details[data-place="china"] summary') == TEXTS[lang]["box"]
    if lang == "ja":
        assert [str(problem) for problem in page_problems(page)] == []  # the log's lines too


@pytest.fixture(params=[(phone, lang) for phone in sorted(PHONES) for lang in ("en", "ja")])
def phone(request):
    return request.param


@pytest.fixture
def context_options(request) -> dict[str, object]:
    """A phone's, for the test that asks for one (the other keeps the desktop's window)."""
    if "phone" not in request.fixturenames:
        return {}
    return {
        "viewport": PHONES[request.getfixturevalue("phone")[0]],
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    }


READ_WHOLE = """(near) => {
  const text = document.querySelector('#prompt-text');
  const mine = text.getBoundingClientRect();
  const style = getComputedStyle(text);
  const clipped = text.scrollWidth > text.clientWidth + 1
    || text.scrollHeight > text.clientHeight + 1;
  const hits = (r) => r.width > 0 && r.height > 0
    && r.left < mine.right - 1 && mine.left < r.right - 1
    && r.top < mine.bottom - 1 && mine.top < r.bottom - 1;
  const name = (e) => e.id || e.className;
  const others = [...document.querySelectorAll(near)].filter((e) => e !== text
    && !text.contains(e) && !e.contains(text) && getComputedStyle(e).visibility !== 'hidden');
  const over = others.filter((e) => hits(e.getBoundingClientRect())).map(name);
  // what the browser draws at the text's corners and middle is the text itself
  const points = [[mine.left + 2, mine.top + 2], [mine.right - 2, mine.bottom - 2],
    [(mine.left + mine.right) / 2, (mine.top + mine.bottom) / 2]];
  const covered = points.map(([x, y]) => document.elementFromPoint(x, y))
    .filter((e) => e && e !== text && !text.contains(e)).map(name);
  const ellipsis = style.textOverflow === 'ellipsis' && style.overflow !== 'visible';
  return { clipped, over, covered, ellipsis };
}"""
NEIGHBOURS = "#prompt-panel > *, .topbar, #popup:not([hidden]), #sheet-handle"


def check_readable(page, artifacts, name):
    assert on_screen(page, "#prompt-text")
    found = page.evaluate(READ_WHOLE, NEIGHBOURS)
    assert found == {"clipped": False, "over": [], "covered": [], "ellipsis": False}, found
    page.screenshot(path=str(artifacts / f"{name}.png"))


def test_a_phone_reads_the_required_prompts_whole(page, server, artifacts, phone):
    held, lang = phone
    wanted = at_prompt("prompt.activate_required")
    position = reach(server, SCENARIO, SEED, wanted, 10, choose=steered)
    page.goto(position.link(server, lang))
    wait_key(page, "prompt.activate_required")
    assert prompt_text(page) == TEXTS[lang]["prompt.activate_required"]
    check_readable(page, artifacts, f"required_event_phone_{held}_{lang}_activate")

    for action in (f"unit {LANDS}", "done"):  # played elsewhere: the page follows
        body = body_of(server, position)
        move = {"token": position.tokens["allied"], "version": body["version"], "action": action}
        call(server, "POST", f"/api/games/{position.id}/actions", move)
    wait_key(page, "prompt.move_required")
    assert prompt_text(page) == TEXTS[lang]["prompt.move_required"]
    check_readable(page, artifacts, f"required_event_phone_{held}_{lang}_move")
