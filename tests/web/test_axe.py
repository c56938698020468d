"""axe-core (the copy packaged with axe-playwright-python: nothing is fetched) finds nothing
wrong on any page, at a desktop's size and a phone's: the lobby, every game's page on the
viewer's turn (and with a click's explanation shown), and the companion page."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.live import Live
from tests.web.browser import PHONE, axe_violations, needs_chromium, open_page

pytestmark = needs_chromium

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": PHONE}
GAMES = ["torres", "turris", "tiletum", "sifnos", "dark_tower"]


def opened(browser: Any, size: str) -> tuple[Any, Any, list[str]]:
    context, page, errors = open_page(browser, phone=size == "phone")
    page.set_viewport_size(SIZES[size])
    return context, page, errors


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lobby_has_nothing_for_axe(live: Live, browser: Any, size: str) -> None:
    context, page, errors = opened(browser, size)
    try:
        page.goto(live.base + "/")
        page.wait_for_selector("#game option", state="attached")
        assert axe_violations(page) == []
    finally:
        context.close()
    assert not errors, errors


@pytest.mark.parametrize("size", list(SIZES))
def test_every_game_page_has_nothing_for_axe(live: Live, browser: Any, size: str) -> None:
    context, page, errors = opened(browser, size)
    found = {}
    try:
        for game in GAMES:
            g = live.create(game, players=2, seats=[{"kind": "human"}] * 2, seed=3)
            mover = live.view(g["id"])["to_move"]
            page.goto(live.base + g["seats"][mover]["link"])
            page.wait_for_selector("#status.mine")
            page.wait_for_selector("#board [data-tw-target]", state="attached")
            found[game] = axe_violations(page)
        # a click that chooses nothing, explained next to the board
        page.evaluate(
            "() => document.querySelector('#board svg').dispatchEvent(new MouseEvent('click', { bubbles: true }))"
        )
        page.wait_for_selector("#error:not(.hidden)")
        found["explained"] = axe_violations(page)
    finally:
        context.close()
    assert all(v == [] for v in found.values()), found
    assert not errors, errors


@pytest.mark.parametrize("size", list(SIZES))
def test_the_companion_page_has_nothing_for_axe(live: Live, browser: Any, size: str) -> None:
    r = live.http.post("/api/companion", json={"players": 2})
    assert r.status_code < 300, r.text
    context, page, errors = opened(browser, size)
    try:
        page.goto(live.base + f"/companion/{r.json()['id']}")
        page.wait_for_selector("#entries button")
        assert axe_violations(page) == []
    finally:
        context.close()
    assert not errors, errors
