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
    async def about_page(game: str) -> Response:
        facts = await in_thread(about_game, service, game)  # 404 for an unknown game
        if (STATIC / "about.html").is_file():
            return FileResponse(STATIC / "about.html", media_type="text/html")
        return HTMLResponse(render_about(facts))

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


def render_about(facts: dict[str, Any]) -> str:
    title = escape(facts["title"])
    rows = "".join(
        f"<tr><td>{escape(r['number'])}</td><td>{escape(r['title'])}</td>"
        f"<td>{escape(r['provenance'])}</td><td>{'yes' if r['implemented'] else 'no'}</td></tr>"
        for r in facts["rules"]
    )
    stand_ins = "".join(
        f"<li>{escape(s['rule'])}: {escape(s['description'])}</li>" for s in facts["stand_ins"]
    )
    cards = "".join(
        f"<li>{escape(c['id'])} {escape(c['title'])}: {escape(str(c.get('note', '')))}</li>"
        for c in facts["cards"]
        if c.get("provenance") == "provisional"
    )
    return (
        f"<!doctype html><meta charset=utf-8><title>About {title}</title>"
        f"<h1>About this edition: {title}</h1>"
        f"<h2>Provisional stand-ins</h2><ul>{stand_ins or '<li>none</li>'}</ul>"
        f"<h2>Provisional cards</h2><ul>{cards or '<li>none</li>'}</ul>"
        "<h2>Rules</h2><table><tr><th>rule</th><th>title</th><th>provenance</th>"
        f"<th>implemented</th></tr>{rows}</table>"
    )
