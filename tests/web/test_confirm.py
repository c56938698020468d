"""Safe to click: a move that cannot be taken back (it ends the turn, or shows hidden
information) waits for "Confirm", and "Not yet" leaves the position as it was; a move that can
be taken back is played at once, and undo stays offered; the player may turn the confirmation
off (kept in this browser). A click that chooses nothing says why at once, next to the board,
as does a move the rules refuse (with the rule); the next move clears it."""

from __future__ import annotations

from typing import Any

from tests.server.live import Live
from tests.web.browser import click_target, needs_chromium

pytestmark = needs_chromium


def ply(page: Any) -> int:
    return int(page.get_attribute("#status", "data-ply"))


def wait_past(page: Any, before: int) -> None:
    page.wait_for_function(
        "p => Number(document.querySelector('#status').dataset.ply) > p", arg=before
    )


def on_board(view: dict[str, Any], ends: bool) -> dict[str, Any] | None:
    """A move that ends the turn (or not): on the board where one is, with no other move
    sharing its targets, else in words."""
    chosen = [a["targets"] for a in view["legal"]]
    moves = [a for a in view["legal"] if a["ends_turn"] == ends]
    for a in moves:
        if a["targets"] and chosen.count(a["targets"]) == 1:
            return a
    return next((a for a in moves if not a["targets"]), None)


def choose(page: Any, move: dict[str, Any]) -> None:
    if not move["targets"]:
        page.click(f'#words button[data-action="{move["action"]}"]')
    for k, ident in enumerate(move["targets"]):
        click_target(page, ident)
        if k + 1 < len(move["targets"]):
            page.wait_for_function(
                "(n) => document.querySelectorAll('#board .tw-picked').length === n", arg=k + 1
            )


def test_a_move_that_cannot_be_taken_back_waits_for_confirm(live: Live, page: Any) -> None:
    g = live.create("tiletum", players=2, seats=[{"kind": "human"}] * 2, seed=4)
    gid = g["id"]
    mover = live.view(gid)["to_move"]
    secret = g["seats"][mover]["secret"]
    page.goto(live.base + g["seats"][mover]["link"])
    page.wait_for_selector("#status.mine")

    # a click on the board that chooses nothing: why, next to the board
    page.evaluate(
        "() => document.querySelector('#board svg')"
        ".dispatchEvent(new MouseEvent('click', { bubbles: true }))"
    )
    page.wait_for_selector(".board-column #error:not(.hidden)")
    assert "not something you may choose now" in page.inner_text("#error")

    # a move that can be taken back: played at once, the explanation gone, undo offered
    view = live.view(gid, secret)
    soft = on_board(view, ends=False)
    assert soft is not None, "no move of this position may be taken back"
    before = ply(page)
    choose(page, soft)
    assert page.locator("#confirm:not(.hidden)").count() == 0
    wait_past(page, before)
    assert page.locator("#error.hidden").count() == 1
    page.wait_for_selector("#undo:not([disabled])")

    # play on through the API until a move on the board would end the turn
    for _ in range(30):
        view = live.view(gid, secret)
        final = on_board(view, ends=True) if view["your_turn"] else None
        if final is not None:
            break
        seat = live.view(gid)["to_move"]
        other = live.view(gid, g["seats"][seat]["secret"])
        action = other["legal"][0]["action"]
        r = live.act(gid, g["seats"][seat]["secret"], ply=other["ply"], action=action)
        assert r.status_code == 200, r.text
    assert final is not None
    page.wait_for_function(
        "p => Number(document.querySelector('#status').dataset.ply) === p", arg=view["ply"]
    )
    undo_offered = view["can_undo"]
    choose(page, final)
    page.wait_for_selector("#confirm:not(.hidden)")
    assert final["text"] in page.inner_text("#confirm-text")
    assert page.evaluate("() => document.activeElement.id") == "confirm-yes"
    # undo is still there until the move is confirmed
    assert page.locator("#undo:not([disabled])").count() == (1 if undo_offered else 0)
    page.click("#confirm-no")
    assert page.locator("#confirm.hidden").count() == 1
    assert live.view(gid, secret)["ply"] == view["ply"]  # nothing was played
    choose(page, final)
    page.click("#confirm-yes")
    wait_past(page, view["ply"])
    assert live.view(gid, secret)["ply"] == view["ply"] + 1


def test_the_confirmation_may_be_turned_off_and_a_refusal_names_its_rule(
    live: Live, page: Any
) -> None:
    g = live.create("torres", players=2, seats=[{"kind": "human"}] * 2, seed=6)
    gid = g["id"]
    mover = live.view(gid)["to_move"]
    secret = g["seats"][mover]["secret"]
    page.goto(live.base + g["seats"][mover]["link"])
    page.wait_for_selector("#status.mine")
    page.uncheck("#set-confirm")
    assert page.evaluate("() => localStorage.getItem('towers.confirm')") == "off"
    page.reload()
    page.wait_for_selector("#status.mine")
    assert not page.is_checked("#set-confirm")

    # a move the rules refuse: the engine's words and the rule, next to the board
    page.fill("#typed-move", "end turn")
    page.click("#typed button")
    page.wait_for_selector(".board-column #error:not(.hidden)")
    assert "(Torres, " in page.inner_text("#error")

    view = live.view(gid, secret)
    final = on_board(view, ends=True)
    assert final is not None
    choose(page, final)
    assert page.locator("#confirm:not(.hidden)").count() == 0
    wait_past(page, view["ply"])
    assert page.locator("#error.hidden").count() == 1
