"""The lobby's rules overlay (issue 16 point 6): a player downloads the template of the printed
tables, chooses the edited file, and the game is made with it; a bad file is refused with the
server's one-line reason and no game is made. In English and Japanese."""

from __future__ import annotations

import json
import urllib.request
from urllib.parse import urlsplit

import pytest

pytestmark = [pytest.mark.game("empire-of-the-sun"), pytest.mark.slow]


def open_lobby(page, server, lang="en"):
    page.goto(f"{server}/?lang={lang}")
    page.wait_for_selector("#scenario option[value='1942']", state="attached")
    page.select_option("#scenario", "1942")
    page.wait_for_selector("#overlay:not([hidden])")


def template(server):
    with urllib.request.urlopen(f"{server}/api/kinds/empire-of-the-sun/overlay-template") as got:
        return got.read().decode()


def body_of(server, link):
    parts = urlsplit(link)
    game_id = parts.path.rsplit("/", 1)[1]
    token = parts.fragment.removeprefix("token=").split("&")[0]
    url = f"{server}/api/games/{game_id}?token={token}"
    with urllib.request.urlopen(url) as got:
        return json.load(got)


@pytest.mark.rule("8.2")
def test_a_game_is_made_from_the_lobby_with_the_players_charts(page, server, tmp_path, artifacts):
    charts = tmp_path / "charts.yaml"
    edited = template(server).replace("surprise: 3", "surprise: 2")
    charts.write_text(edited.replace("My printed charts", "Second printing"), encoding="utf-8")
    open_lobby(page, server)
    assert page.get_attribute("#overlay-template", "href").endswith("/overlay-template")
    page.set_input_files("#rules-overlay", str(charts))
    page.locator("#new-game").screenshot(path=str(artifacts / "lobby_overlay.png"))
    page.click("#create")
    page.wait_for_selector("#links tr[data-seat=japan] a.seat-link")
    link = page.get_attribute("#links tr[data-seat=japan] a.seat-link", "href")
    overlay = body_of(server, link)["rules_overlay"]
    assert overlay["name"] == "Second printing"
    assert [table["id"] for table in overlay["tables"]] == ["t3_modifiers"]


def test_a_bad_overlay_file_is_refused_in_the_lobby_in_japanese_too(
    page, server, tmp_path, artifacts, problems
):
    bad = tmp_path / "bad.yaml"
    bad.write_text("tables: {t3_modifiers: {surprise: three}}\n", encoding="utf-8")
    open_lobby(page, server, "ja")
    assert "お手元の印刷チャート" in page.inner_text("#overlay")
    page.set_input_files("#rules-overlay", str(bad))
    page.click("#create")
    page.wait_for_selector("#create-error:not([hidden])")
    refusal = page.inner_text("#create-error")
    assert refusal.startswith("差し替えチャートを使えません(詳細・英語: rules overlay: ")
    assert "table t3_modifiers" in refusal
    assert page.is_hidden("#created")
    page.locator("#new-game").screenshot(path=str(artifacts / "lobby_overlay_refused_ja.png"))
    problems[:] = [found for found in problems if "status of 400" not in found]  # the refusal


@pytest.mark.parametrize(
    ("lang", "title"), [("en", "T4 Ground combat results"), ("ja", "T4 地上戦闘結果表")]
)
def test_the_about_page_lists_the_tables_a_player_may_replace(page, server, artifacts, lang, title):
    page.goto(f"{server}/about/empire-of-the-sun?lang={lang}")
    page.wait_for_selector("#table-list li[data-table]")
    assert page.locator("#table-list li[data-table]").count() == 9
    assert title in page.inner_text("#table-list li[data-table=t4_ground]")
    assert page.get_attribute("#tables a", "href").endswith("/overlay-template")
    page.locator("#tables").screenshot(path=str(artifacts / f"about_tables_{lang}.png"))
