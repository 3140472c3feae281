"""Browser tests of the play client: a real server (``wargame serve`` in a subprocess on a free
port, a temporary SQLite file) driven by Debian's Chromium through Playwright.

They skip, with the reason, where Chromium or the playwright library is missing. Screenshots go to
``tests/browser/artifacts/`` (ignored by git). The pages run under the server's
Content-Security-Policy, which forbids ``eval``: a ``wait_for_function`` predicate is a function
(``"() => ..."``), which Playwright evaluates once, not an expression, which it evaluates at every
poll. A violation of the policy fails the test like a JavaScript error.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).parent / "artifacts"
START_SECONDS = 60

SERVE = "import sys; from wargame.cli import main; sys.exit(main(sys.argv[1:]))"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_until_up(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped at start (exit {process.returncode})")
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(f"{url}/api/catalog", timeout=2) as response,
        ):
            if response.status == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"the server did not answer within {START_SECONDS} s")


@pytest.fixture(scope="session")
def playwright_api():
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="the playwright library is not installed"
    )
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    return sync_api


@contextlib.contextmanager
def serving(folder: Path, env: dict[str, str] | None = None) -> Iterator[str]:
    """A play server on a fresh SQLite file in ``folder`` (``env``: more of its environment,
    such as $WARGAME_GAMES); its base URL while the block runs."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = (folder / "server.log").open("wb")
    command = [sys.executable, "-c", SERVE, "serve", "--host", "127.0.0.1", "--port", str(port)]
    command += ["--database", f"sqlite:///{folder / 'games.db'}"]
    command += ["--create-limit", "off", "--action-limit", "off"]  # every test's games, one address
    command += ["--bot-delay", "0"]  # bots at full speed: the tests watch every game they play
    full_env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=full_env)
    try:
        _wait_until_up(url, process)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory, playwright_api) -> Iterator[str]:
    """The base URL of a play server running on a fresh SQLite file."""
    with serving(tmp_path_factory.mktemp("server")) as url:
        yield url


@pytest.fixture(scope="session")
def browser(playwright_api):
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"]
        )
        yield launched
        launched.close()


@pytest.fixture
def problems() -> list[str]:
    """The page's JavaScript errors, failed loads and violations of its security policy; a test
    may drop the ones it expects."""
    return []


REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (event) =>
  window.reportViolation(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`));"""


@pytest.fixture
def context_options() -> dict[str, object]:
    """More options of the page's browser context (``has_touch``, ``viewport``...): a module may
    override it."""
    return {}


@pytest.fixture
def page(browser, problems, context_options):
    """A fresh browser context (its own localStorage); JavaScript errors and violations of the
    security policy fail the test."""
    options = {"viewport": {"width": 1500, "height": 950}, "locale": "en-US", **context_options}
    context = browser.new_context(**options)
    context.expose_function("reportViolation", lambda text: problems.append(f"CSP: {text}"))
    context.add_init_script(REPORT_VIOLATIONS)
    opened = context.new_page()
    opened.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    opened.on(
        "console",
        lambda message: (
            problems.append(f"console: {message.text}")
            if message.type == "error" and "status of 409" not in message.text
            else None
        ),
    )
    # A bound against a hang, not a pace: every wait ends as soon as its condition holds. 20 s
    # was too short for a bot's reply while the suite shares two cores with other work.
    opened.set_default_timeout(60_000)
    yield opened
    context.close()
    assert problems == []


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
