"""The HTML pages: the lobby and the play page are the browser client's files (``static/``, written
apart); until they exist a short page says so. The "about this edition" page is rendered here from
the rule registry, so that every provisional stand-in is shown to players (DESIGN 1)."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Final

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

from wargame.server.catalog import about
from wargame.server.live import in_thread
from wargame.server.service import Service

STATIC: Final = Path(__file__).parent / "static"


def page_routes(service: Service) -> APIRouter:
    router = APIRouter(include_in_schema=False)

    @router.get("/")
    async def lobby() -> Response:
        return _client_page("lobby.html")

    @router.get("/play/{game_id}")
    async def play(game_id: str) -> Response:
        return _client_page("play.html")

    @router.get("/about/{game}")
    async def about_page(game: str, lang: str = "en") -> Response:
        facts = await in_thread(about_game, service, game)  # 404 for an unknown game
        if (STATIC / "about.html").is_file():
            return FileResponse(STATIC / "about.html", media_type="text/html")
        return HTMLResponse(render_about(facts, "ja" if lang == "ja" else "en"))

    return router


def about_game(service: Service, game_kind: str) -> dict[str, Any]:
    return about(service.kind(game_kind))


def _client_page(name: str) -> Response:
    path = STATIC / name
    if path.is_file():
        return FileResponse(path, media_type="text/html")
    return HTMLResponse(
        "<!doctype html><meta charset=utf-8><title>wargame</title>"
        "<p>The browser client is not installed yet; the API is described at "
        '<a href="/docs">/docs</a>.</p>'
    )


# The words of the fallback page, for when the browser client's about.html is not installed.
FALLBACK: Final[dict[str, dict[str, Any]]] = {
    "en": {
        "title": "About this edition: {title}",
        "notice": "This is an unofficial fan edition of {game}, the board wargame published by "
        "{publisher}; it is not affiliated with or endorsed by {publisher} or by the game's "
        "designers. Its rules and cards are paraphrased, not reproduced: please own the printed "
        "game.",
        "stand_ins": "Rules we designed",
        "cards": "Cards with an effect we designed",
        "rules": "Rules",
        "columns": ("rule", "title", "source", "enforced"),
        "yes": "yes",
        "no": "no",
        "none": "none",
        "not_a_rule": "nothing to enforce",
        "sources": {
            "seed": "rulebook (Japanese)",
            "rulebook": "rulebook (English)",
            "reconstructed": "reconstructed",
            "provisional": "provisional",
        },
    },
    "ja": {
        "title": "この版について：{title}",
        "notice": "これは{publisher}が発行したボードウォーゲーム『{game}』の非公式ファン版で、"
        "{publisher}やデザイナーとは関係がなく、その承認も受けていません。ルールとカードは言い換えた"
        "もので、複製ではありません。ぜひ印刷版のゲームをお手元にご用意ください。",
        "stand_ins": "私たちが設計した暫定ルール",
        "cards": "効果を私たちが設計したカード",
        "rules": "ルール",
        "columns": ("番号", "見出し", "出典", "実施"),
        "yes": "はい",
        "no": "いいえ",
        "none": "なし",
        "not_a_rule": "実施する内容なし",
        "sources": {
            "seed": "ルールブック(日本語訳)",
            "rulebook": "ルールブック(英語版)",
            "reconstructed": "再構成",
            "provisional": "暫定",
        },
    },
}


def _enforced(rule: dict[str, Any], words: dict[str, Any], why: str) -> str:
    """A rule's "enforced" cell; a row that is not a rule has nothing to enforce, and says why
    (``why``, escaped, in the page's language)."""
    if rule.get("not_a_rule"):
        return f'<span title="{why}">{words["not_a_rule"]}</span>'
    return str(words["yes" if rule["implemented"] else "no"])


def render_about(facts: dict[str, Any], lang: str = "en") -> str:
    """The About page without the browser client: the notice, the stand-ins, the provisional
    cards and the rules, in players' words (``lang``: "en" or "ja")."""
    words = FALLBACK[lang]
    suffix = "_ja" if lang == "ja" else ""

    def shown(record: dict[str, Any], field: str) -> str:
        return escape(str(record.get(f"{field}{suffix}") or record.get(field) or ""))

    credits = facts.get("credits") or {"title": facts["title"], "publisher": "?"}
    notice = words["notice"].format(
        game=shown(credits, "title"), publisher=escape(credits["publisher"])
    )
    title = words["title"].format(title=shown(facts, "title"))
    rows = "".join(
        f"<tr><td>{escape(r['number'])}</td><td>{shown(r, 'title')}</td>"
        f"<td>{escape(words['sources'].get(r['provenance'], r['provenance']))}</td>"
        f"<td>{_enforced(r, words, shown(r, 'not_a_rule'))}</td></tr>"
        for r in facts["rules"]
    )
    stand_ins = "".join(
        f"<li>{escape(s['rule'])} {shown(s, 'title')}: {shown(s, 'text')}</li>"
        for s in facts["stand_ins"]
    )
    cards = "".join(
        f"<li>{escape(c['id'])} {shown(c, 'title')}: {shown(c, 'effect')}</li>"
        for c in facts["cards"]
        if c.get("provenance") == "provisional"
    )
    head = "".join(f"<th>{column}</th>" for column in words["columns"])
    nothing = f"<li>{words['none']}</li>"
    return (
        f"<!doctype html><html lang={lang}><meta charset=utf-8><title>{title}</title>"
        f"<h1>{title}</h1><p>{notice}</p>"
        f"<h2>{words['stand_ins']}</h2><ul>{stand_ins or nothing}</ul>"
        f"<h2>{words['cards']}</h2><ul>{cards or nothing}</ul>"
        f"<h2>{words['rules']}</h2><table><tr>{head}</tr>{rows}</table>"
    )
