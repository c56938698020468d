"""A game page whose link the server refuses says why in words, offers the way back to the
lobby and stops trying to connect; a connection that merely drops is made again."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from tests.server.live import Live
from tests.web.browser import needs_chromium, open_page, shot

pytestmark = needs_chromium

RETRIES = 2.5  # seconds: the page would have tried again twice in this time


def sockets_opened(page: Any) -> list[Any]:
    opened: list[Any] = []
    page.on("websocket", lambda ws: opened.append(ws))
    return opened


def assert_refused(page: Any, opened: list[Any], words: str) -> None:
    """The page says ``words``, shows no sign of still connecting and tries no more."""
    page.wait_for_selector("#refused:not(.hidden)")
    assert words in page.inner_text("#refused")
    assert not page.get_by_text(re.compile("connecting", re.I)).filter(visible=True).count()
    assert not page.locator("#board svg").count()
    lobby = page.locator("#refused a", has_text="lobby")
    assert lobby.is_visible() and lobby.get_attribute("href") == "/"
    page.wait_for_timeout(RETRIES * 1000)
    assert len(opened) == 1, "a refused link must not be tried again"


def test_a_link_to_a_game_this_server_does_not_have_says_so(live: Live, page: Any) -> None:
    opened = sockets_opened(page)
    page.goto(live.base + "/game/no-such-game")
    assert_refused(page, opened, "There is no game “no-such-game” on this server")
    page.locator("#refused a", has_text="lobby").click()
    page.wait_for_selector("#game option", state="attached")  # the lobby
    assert page.url == live.base + "/"


def test_a_link_with_a_wrong_secret_says_so_and_offers_to_watch(live: Live, page: Any) -> None:
    g = live.create("torres", players=2, seats=[{"kind": "human"}, {"kind": "random"}])
    opened = sockets_opened(page)
    page.goto(f"{live.base}/game/{g['id']}#seat=0&secret=wrong")
    assert_refused(page, opened, "This link's secret belongs to no seat of this game")
    page.locator("#refused a", has_text="Watch").click()
    page.wait_for_selector("#board svg")
    assert "watching" in page.inner_text("#title")


def test_any_other_refusal_is_given_in_the_servers_words(live: Live, page: Any) -> None:
    g = live.create("torres", players=2, seats=[{"kind": "human"}, {"kind": "random"}])
    refusal = {"type": "error", "status": 400, "error": "malformed", "message": "hello? no"}

    opened: list[Any] = []

    def refuse(route: Any) -> None:  # a server that refuses every hello
        opened.append(route)
        route.on_message(lambda _hello: (route.send(json.dumps(refusal)), route.close(code=4400)))

    page.route_web_socket(re.compile(r"/ws(\?.*)?$"), refuse)
    page.goto(live.base + g["seats"][0]["link"])
    assert_refused(page, opened, "The server refused this page")
    assert "The server's answer: hello? no" in page.inner_text("#refused")
    assert page.locator("#refused-watch").is_hidden()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_refusals_fit_the_screen(live: Live, browser: Any, phone: bool) -> None:
    """And screenshots of them, to look at (see TOWERS_SHOTS)."""
    g = live.create("torres", players=2, seats=[{"kind": "human"}, {"kind": "random"}])
    context, page, errors = open_page(browser, phone=phone)
    size = "phone" if phone else "desktop"
    try:
        for name, path in [
            ("unknown-game", "/game/no-such-game"),
            ("wrong-secret", f"/game/{g['id']}#seat=0&secret=wrong"),
        ]:
            page.goto(live.base + path)
            page.wait_for_selector("#refused:not(.hidden)")
            shot(page, f"refused-{name}-{size}")
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= (390 if phone else 1200)
    finally:
        context.close()
    assert not errors, errors


def test_a_connection_that_drops_is_made_again(live: Live, page: Any) -> None:
    g = live.create("torres", players=2, seats=[{"kind": "human"}, {"kind": "random"}])
    routes: list[Any] = []

    def through(route: Any) -> None:
        route.connect_to_server()
        routes.append(route)

    page.route_web_socket(re.compile(r"/ws(\?.*)?$"), through)
    page.goto(live.base + g["seats"][0]["link"])
    page.wait_for_selector("#board svg")
    routes[0].close(code=1011, reason="the server went away")  # as a restart does
    deadline = time.monotonic() + 10
    while len(routes) < 2:
        assert time.monotonic() < deadline, "the page did not connect again"
        page.wait_for_timeout(100)
    page.wait_for_function("() => document.querySelector('#connection').textContent === ''")
    assert page.locator("#refused:visible").count() == 0
    assert page.locator("#board svg").is_visible()
