"""Every game played from the keyboard alone, in a real browser: Tab reaches the board in one
stop, whose targets are buttons named by the moves they make (the moves' words); the arrow
keys go from target to target, Enter chooses (each step of a move chosen by several), the
confirmation is answered with Enter, and when the turn comes back the keyboard is on the board
again, its ring drawn round the target it is on."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import Live
from tests.web.browser import needs_chromium, shot

pytestmark = needs_chromium

MOVES = 3  # seat 0's moves played by keys in each game

# What the keyboard is on: the board target's id, or a description of another element.
FOCUS = """() => {
  const n = document.activeElement;
  if (n && n.dataset && n.dataset.twTarget) return { target: n.dataset.twTarget,
    name: n.getAttribute('aria-label'), role: n.getAttribute('role'),
    ring: document.querySelectorAll('#board .tw-focus').length };
  return { other: n ? `${n.tagName}#${n.id}` : null };
}"""

# From the target the keyboard is on to ``id``: how far to go across and down, on screen.
TOWARD = """(id) => {
  const at = document.activeElement.getBoundingClientRect();
  const to = document.querySelector(`#board svg [id="${CSS.escape(id)}"]`).getBoundingClientRect();
  return [to.left + to.width / 2 - at.left - at.width / 2, to.top + to.height / 2 - at.top - at.height / 2];
}"""

MINE = """(ply) => { const s = document.querySelector('#status');
  return (Number(s.dataset.ply) > ply && s.classList.contains('mine')) || s.dataset.status === 'over'; }"""


def viewport_shot(page: Any, name: str) -> None:
    """A screenshot of the screen as it is, mid-move. Not of the whole page: Chromium takes that
    by resizing the page's viewport for a moment, below the phone layout's width, and the page
    laid out for a phone hides the panel of the target the keyboard is on (it then loses it)."""
    page.screenshot(path=str(Path(os.environ.get("TOWERS_SHOTS", "/tmp")) / f"towers-{name}.png"))


def focus(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(FOCUS)
    return found


def tab_to(page: Any, selector: str, most: int = 60) -> None:
    """Press Tab until the keyboard is on ``selector``."""
    for _ in range(most):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def arrow_to(page: Any, ident: str, most: int = 80) -> int:
    """Go with the arrow keys to the board target ``ident``; how many presses it took."""
    for presses in range(most):
        if focus(page).get("target") == ident:
            return presses
        dx, dy = page.evaluate(TOWARD, ident)
        across = "ArrowRight" if dx > 0 else "ArrowLeft"
        down = "ArrowDown" if dy > 0 else "ArrowUp"
        # the longer way first; on a diagonal, each way in turn (one way alone may swing
        # between two targets either side of the one sought)
        tie = abs(abs(dx) - abs(dy)) < 1
        keys = (
            [across, down] if (presses % 2 == 0 if tie else abs(dx) >= abs(dy)) else [down, across]
        )
        before = focus(page).get("target")
        for key in keys:
            if abs(dx if key == across else dy) < 1:
                continue
            page.keyboard.press(key)
            if focus(page).get("target") != before:
                break
    raise AssertionError(f"the arrow keys never reached {ident}; on {focus(page)}")


def unique(legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The moves chosen on the board whose targets no other move shares."""
    counts: dict[tuple[str, ...], int] = {}
    for a in legal:
        counts[tuple(a["targets"])] = counts.get(tuple(a["targets"]), 0) + 1
    return [a for a in legal if a["targets"] and counts[tuple(a["targets"])] == 1]


@pytest.mark.parametrize("game", ["torres", "turris", "tiletum", "sifnos", "dark_tower"])
def test_a_stretch_of_each_game_played_by_keys_only(live: Live, page: Any, game: str) -> None:
    g = live.create(game, players=2, seats=[{"kind": "human"}, {"kind": "random"}], seed=5)
    gid, secret = g["id"], g["seats"][0]["secret"]
    rng = random.Random(5)
    page.goto(live.base + g["seats"][0]["link"])
    page.wait_for_function(MINE, arg=-1)
    # Tab reaches the board: one stop, a target named by its move in words, after the header's
    # link to the lobby, the zoom of a dense board, its help mode and How this game goes
    for _ in range(6):
        page.keyboard.press("Tab")
        if "target" in focus(page):
            break
    assert "target" in focus(page), focus(page)
    stops = page.evaluate("() => document.querySelectorAll('#board [tabindex=\"0\"]').length")
    assert stops == 1
    played = steps = 0
    looked = False
    while played < MOVES:
        view = live.view(gid, secret)
        if view["status"] == "over":
            break
        on_board = unique(view["legal"])
        if on_board:
            action = rng.choice(on_board)
            for k, ident in enumerate(action["targets"]):
                steps += arrow_to(page, ident)
                now = focus(page)
                assert now["role"] == "button"
                if k == len(action["targets"]) - 1:
                    assert now["name"] == action["text"]
                elif not looked:
                    assert now["ring"] == 1, "no focus ring on the board"
                    viewport_shot(page, f"keyboard-{game}")
                    assert focus(page)["target"] == ident, "the screenshot moved the keyboard"
                    looked = True
                page.keyboard.press("Enter")
                if k + 1 < len(action["targets"]):
                    page.wait_for_function(
                        "(n) => document.querySelectorAll('#board .tw-picked').length === n",
                        arg=k + 1,
                    )
                    assert "target" in focus(page), "the keyboard left the board mid-move"
        else:
            action = rng.choice(view["legal"])
            tab_to(page, f'#words button[data-action="{action["action"]}"]')
            page.keyboard.press("Enter")
        if action["ends_turn"]:
            assert focus(page) == {"other": "BUTTON#confirm-yes"}
            page.keyboard.press("Enter")
        played += 1
        page.wait_for_function(MINE, arg=view["ply"], timeout=60_000)
        if live.view(gid, secret)["status"] != "over":
            # the keyboard is back on the board, on a target of the new position (on the
            # board itself when everything to do now is in words)
            page.wait_for_function(
                "() => !!document.activeElement.dataset.twTarget"
                " || document.activeElement.id === 'board'"
            )
    assert played == MOVES
    assert steps > 0
    if not looked:
        shot(page, f"keyboard-{game}")


def test_the_keyboard_stays_on_the_board_when_the_window_narrows_and_widens(
    live: Live, page: Any
) -> None:
    """A window resized below the phone layout's width and back (or a tablet turned) lays
    the board out anew; a target of a panel the phone's first tab hides loses its place for a
    while, and the keyboard comes back to the board rather than falling to the page."""
    g = live.create("sifnos", players=2, seats=[{"kind": "human"}, {"kind": "random"}], seed=5)
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(live.base + g["seats"][0]["link"])
    page.wait_for_function(MINE, arg=-1)
    for _ in range(6):
        page.keyboard.press("Tab")
        if "target" in focus(page):
            break
    assert "target" in focus(page), focus(page)
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function("() => window.matchMedia('(max-width: 899px)').matches")
    page.set_viewport_size({"width": 1200, "height": 900})
    page.wait_for_function("() => !window.matchMedia('(max-width: 899px)').matches")
    page.wait_for_function("() => !!document.activeElement.dataset.twTarget", timeout=5_000)
    assert focus(page)["ring"] == 1
