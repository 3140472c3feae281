"""Browser hardening (issue 13) on the server: every response carries the security headers, whoever
answers it; the API documentation has a policy of its own; a GET names its token in the
Authorization header (``?token=`` still works)."""

from __future__ import annotations

import base64
import hashlib
import re

import pytest

from tests.server.conftest import new_game
from tests.server.test_hot import served

pytestmark = pytest.mark.game("toy")


def directives(response):
    """The response's Content-Security-Policy: each directive's sources."""
    [policy] = response.headers.get_list("content-security-policy")
    parts = (part.split() for part in policy.split(";") if part.strip())
    return {name: sources for name, *sources in parts}


def a_view(client, players):
    return client.get(
        f"/api/games/{players['red'].game_id}", params={"token": players["red"].token}
    )


def an_action(client, players):
    red = players["red"]
    return red.act(red.get()["view"]["actions"][0])


def a_refused_view(client, players):
    return client.get(f"/api/games/{players['red'].game_id}", params={"token": "not-a-token"})


def a_failed_view(client, players):
    def bug(*_args):
        raise RuntimeError("a bug")

    client.app.state.service.body = bug
    return a_view(client, players)


IN_THE_HOT_LANE = {
    "view": (a_view, 200),
    "action": (an_action, 200),
    "refusal": (a_refused_view, 403),
    "server error": (a_failed_view, 500),
}

ELSEWHERE = {
    "FastAPI route": ("/api/catalog", {}, 200),
    "FastAPI refusal": ("/api/about/nothing", {}, 404),
    "FastAPI validation error": ("/api/kinds/toy/static?lang=xx", {}, 400),
    "unknown path": ("/nothing/here", {}, 404),
    "static file": ("/static/js/api.js", {}, 200),
    "lobby page": ("/", {}, 200),
    "play page": ("/play/anything", {}, 200),
    "about page": ("/about/empire-of-the-sun", {}, 200),
    "OpenAPI document": ("/openapi.json", {}, 200),
}


def assert_secured(response, status):
    assert response.status_code == status, response.text
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"
    policy = directives(response)
    assert policy["script-src"] == policy["style-src"] == ["'self'"]
    assert policy["default-src"] == policy["object-src"] == policy["frame-ancestors"] == ["'none'"]
    assert policy["connect-src"] == ["'self'"] and "data:" in policy["img-src"]
    assert policy["base-uri"] == ["'none'"] and policy["form-action"] == ["'self'"]


@pytest.mark.parametrize("kind", IN_THE_HOT_LANE)
def test_the_hot_lanes_answers_carry_the_security_headers(client, kind):
    request, status = IN_THE_HOT_LANE[kind]
    _, players = new_game(client)
    before = served(client)
    assert_secured(request(client, players), status)
    assert served(client) > before


@pytest.mark.parametrize("kind", ELSEWHERE)
def test_every_other_answer_carries_the_security_headers(client, kind):
    url, headers, status = ELSEWHERE[kind]
    assert_secured(client.get(url, headers=headers), status)


def test_an_empty_304_and_a_refused_large_body_carry_them_too(client):
    url = "/api/kinds/toy/static"
    tag = client.get(url).headers["etag"]
    assert_secured(client.get(url, headers={"If-None-Match": tag}), 304)
    assert_secured(client.post("/api/games", content=b"{" + b" " * 70_000 + b"}"), 413)


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_the_api_docs_allow_the_cdn_and_only_their_own_inline_script(client, page):
    response = client.get(page)
    assert response.status_code == 200 and response.headers["x-content-type-options"] == "nosniff"
    policy = directives(response)
    scripts = re.findall(r"<script>(.*?)</script>", response.text, re.DOTALL)
    for script in scripts:
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in policy["script-src"]
    assert scripts or page == "/redoc"  # Swagger UI starts from an inline script
    assert not any("unsafe" in source for source in policy["script-src"])
    assert "https://cdn.jsdelivr.net" in policy["script-src"]
    assert policy["frame-ancestors"] == ["'none'"] and policy["connect-src"] == ["'self'"]


# -- the token in a header ----------------------------------------------------------------------


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_replay_and_record_read_the_token_from_the_header(client):
    created, players = new_game(client)
    spectator = players[None].token
    url = f"/api/games/{created['id']}"
    by_header = client.get(f"{url}/replay", params={"n": 0}, headers=bearer(spectator))
    by_query = client.get(f"{url}/replay", params={"n": 0, "token": spectator})
    assert by_header.status_code == 200 and by_header.content == by_query.content
    record = client.get(f"{url}/record", headers=bearer(spectator))
    assert record.status_code == 403  # the token is known: it is the game that is not over
    assert record.json() == {"error": "the record is shown once the game is over"}


def test_openapi_names_the_bearer_header_and_keeps_the_token_parameter(client):
    spec = client.get("/openapi.json").json()
    assert spec["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
    for path in ("/api/games/{game_id}", "/api/games/{game_id}/record"):
        get = spec["paths"][path]["get"]
        assert get["security"] == [{"HTTPBearer": []}]
        assert "token" in {parameter["name"] for parameter in get["parameters"]}
    assert "Authorization: Bearer" in spec["info"]["description"]
