"""A move that leaves no choice, in a real browser: when the seat has one legal move, the page
offers it as one prominent button ("Play: end turn") that plays it (confirmed first, as any
move that ends the turn); a setting, off at first and kept in this browser, plays such a move
for the player, with no confirmation, and only such a move."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.live import Live
from tests.web.browser import needs_chromium, open_page, shot

pytestmark = needs_chromium

SEED = 11
PLY_IS = "(p) => Number(document.querySelector('#status').dataset.ply) === p"
PLY_PAST = "(p) => Number(document.querySelector('#status').dataset.ply) > p"


def advance_to_forced(
    live: Live, gid: str, secrets: list[str], seat: int, rng: random.Random
) -> dict[str, Any]:
    """Play random moves for both seats through the API until ``seat`` is to move with one
    legal move; its view then."""
    for _ in range(400):
        view = live.view(gid)
        assert view["status"] == "playing", "the game ended before a move was forced"
        mover = view["to_move"]
        mine = live.view(gid, secrets[mover])
        if mover == seat and len(mine["legal"]) == 1:
            return mine
        action = rng.choice(mine["legal"])["action"]
        r = live.act(gid, secrets[mover], ply=mine["ply"], action=action)
        assert r.status_code == 200, r.text
    raise AssertionError("no forced move came")


@pytest.fixture(scope="module")
def game(live: Live) -> dict[str, Any]:
    return live.create("torres", players=2, seats=[{"kind": "human"}] * 2, seed=SEED)


@pytest.fixture(scope="module")
def page(browser: Any, live: Live, game: dict[str, Any]) -> Iterator[Any]:
    context, page, errors = open_page(browser)
    page.goto(live.base + game["seats"][0]["link"])
    page.wait_for_selector("#status[data-ply]")
    yield page
    context.close()
    assert not errors, errors


def test_the_only_move_is_one_button_and_plays_once_confirmed(
    live: Live, page: Any, game: dict[str, Any]
) -> None:
    secrets = [s["secret"] for s in game["seats"]]
    assert not page.is_checked("#set-autoplay"), "playing for the player is off at first"
    view = advance_to_forced(live, game["id"], secrets, 0, random.Random(SEED))
    only = view["legal"][0]
    page.wait_for_function(PLY_IS, arg=view["ply"])
    button = page.locator("#words button")
    assert button.count() == 1
    assert button.inner_text().strip() == f"Play: {only['text']}"
    assert "primary" in (button.get_attribute("class") or "")
    assert button.get_attribute("data-action") == str(only["action"])
    shot(page, "forced-offered")
    page.wait_for_timeout(1200)  # not played for the player: the setting is off
    assert live.view(game["id"])["ply"] == view["ply"]
    button.click()
    if only["ends_turn"]:
        page.wait_for_selector("#confirm:not(.hidden)")
        assert only["text"] in page.inner_text("#confirm-text")
        page.click("#confirm-yes")
    page.wait_for_function(PLY_PAST, arg=view["ply"])
    entries = live.view(game["id"], secrets[0], log=True)["log"]
    assert next(e for e in entries if e["ply"] == view["ply"])["who"] == "Red"


def test_the_setting_plays_the_only_move_with_no_confirmation(
    live: Live, page: Any, game: dict[str, Any]
) -> None:
    secrets = [s["secret"] for s in game["seats"]]
    page.check("#set-autoplay")
    assert page.evaluate("() => localStorage.getItem('towers.autoplay')") == "on"
    assert page.is_checked("#set-confirm")  # the confirmation stays asked for other moves
    # a position with several moves is left to the player
    rng = random.Random(SEED + 1)
    view = live.view(game["id"], secrets[0])
    while not (view["your_turn"] and len(view["legal"]) > 1):
        mover = live.view(game["id"])["to_move"]
        mine = live.view(game["id"], secrets[mover])
        live.act(
            game["id"], secrets[mover], ply=mine["ply"], action=rng.choice(mine["legal"])["action"]
        )
        view = live.view(game["id"], secrets[0])
    page.wait_for_function(PLY_IS, arg=view["ply"])
    page.wait_for_timeout(1200)
    assert live.view(game["id"])["ply"] == view["ply"]
    # confirmations seen from now on are counted
    page.evaluate("""() => { window.asked = 0;
      new MutationObserver(() => { if (!document.querySelector('#confirm').classList.contains('hidden')) window.asked++; })
        .observe(document.querySelector('#confirm'), { attributes: true }); }""")
    forced = advance_to_forced(live, game["id"], secrets, 0, rng)
    page.wait_for_function(PLY_PAST, arg=forced["ply"], timeout=10_000)
    entries = live.view(game["id"], secrets[0], log=True)["log"]
    played = next(e for e in entries if e["ply"] == forced["ply"])
    assert played["who"] == "Red", played
    assert page.evaluate("() => window.asked") == 0, "the page asked to confirm a forced move"
    # kept in this browser
    page.reload()
    page.wait_for_selector("#status[data-ply]")
    assert page.is_checked("#set-autoplay")
    page.uncheck("#set-autoplay")
    assert page.evaluate("() => localStorage.getItem('towers.autoplay')") == "off"
