"""A page opened in English and switched to Japanese by its language button reads wholly in
Japanese, for every game: what the page drew once (the map's switches, its labels) is named
again, as what it draws at each state is (tests/browser/language.py)."""

from __future__ import annotations

import pytest

from tests.browser.language import page_problems
from tests.browser.positions import call, open_seat
from wargame.games import REGISTRY

pytestmark = pytest.mark.slow

GAMES = ["empire-of-the-sun", "asia-engulfed", "dai-senso", "aegean-strike"]


def first_human_link(server, game_id):
    """A new game of ``game_id``'s first scenario, every seat human: the first seat's link."""
    game = REGISTRY.game(game_id)
    scenario = game.scenarios()[0].id
    seats = {side: "human" for side in game.scenario_sides(scenario)}
    created = call(
        server, "POST", "/api/games", {"game": game_id, "scenario": scenario, "seats": seats}
    )
    url = next(seat["url"] for seat in created["seats"].values() if seat["url"])
    return f"{server}{url}"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_page_switched_to_japanese_reads_in_japanese(page, server, game_id):
    open_seat(page, first_human_link(server, game_id), "en", "#map svg, #map canvas, #map *")
    page.wait_for_selector("#prompt-panel[data-prompt]", state="attached")
    page.click(".lang[data-lang=ja]")
    page.wait_for_function("() => document.documentElement.lang === 'ja'")
    heading = "document.querySelector('#prompt-panel h2')"
    page.wait_for_function(f"() => {heading} && {heading}.textContent === 'やること'")
    page.wait_for_timeout(300)  # the panels drawn with the prompt's, then the map's labels
    found = [str(problem) for problem in page_problems(page)]
    assert found == [], "\n".join(found)
