"""Each game's end played in a real browser as a person plays it, at a desktop's size and at a
phone's: the game is created through the API with every seat human, most of it is played
there at random (seeded; chance drawn by the server), then the other seats go to bots and seat
0's page plays on to the end. On the desktop the first moves are made with the mouse on the
board and the rest with the keyboard alone (Tab to the board, the arrow keys, Enter or Space,
Tab to the chooser or the words, Enter on the confirmation); on the phone every move is a tap,
the tab of the board's part that holds a target chosen first when another is shown.

At the start, halfway and at the end the page shows no internal id (its text, the board's text
and the names of its targets), axe-core finds nothing wrong, and a screenshot is kept (see
TOWERS_SHOTS). At the end the game-over screen gives the verdict and the scores of the stored
game replayed.

With ``TOWERS_SCREENS`` naming a folder (docs/screens for the documentation), the game-over
screen of each game is also saved there as the screen shows it, at CSS pixels."""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.games.test_printed_words import ids_in
from tests.server.live import Live
from tests.web.browser import (
    MY_TURN_OR_OVER,
    axe_violations,
    key_move,
    make_move,
    needs_chromium,
    open_page,
    shot,
    tap_move,
)
from towers.core.record import replay

pytestmark = needs_chromium

SEED = 7
PLAYERS = 2
# The actions played through the API before seat 0's page opens: with SEED, seat 0 then has
# 10 to 20 decisions left before the game ends (a game's length is set by its seed).
FAST = {"torres": 130, "tiletum": 150, "turris": 780, "sifnos": 370, "dark_tower": 140}
# Sifnos played at random lasts long (every effect is taken up): there the seats say "done"
# most of the time they may, as a player in a hurry would, in the API; in the page a third as
# often for the first CALM decisions, so that the board's choices are tried too.
HURRY = {"sifnos": 0.9}
CALM = 12
QUICK = "done"
BY_MOUSE = 6  # on the desktop, the moves made with the mouse before the keyboard takes over
LEAST = 8  # the fewest decisions seat 0 takes in the page

# The text a person reads on the page: the page's own, and on the board the texts, the tooltips
# and the names the targets are read out by.
PAGE_TEXT = """() => {
  const board = document.querySelector('#board svg');
  const drawn = board ? [...board.querySelectorAll('text, title')].map((n) => n.textContent) : [];
  const named = [...document.querySelectorAll('[aria-label]')].map((n) => n.getAttribute('aria-label'));
  return [document.body.innerText, ...drawn, ...named].join('\\n');
}"""


def fast_forward(live: Live, game: str) -> tuple[str, str, str]:
    """A game of ``game`` created with every seat human, played through the API at random for
    ``FAST[game]`` actions (the engine's legal actions read from the live service), then the
    other seats handed to random bots; the game's id, seat 0's secret and its page's link."""
    g = live.create(game, players=PLAYERS, seats=[{"kind": "human"}] * PLAYERS, seed=SEED)
    gid = g["id"]
    secrets = [s["secret"] for s in g["seats"]]
    assert live.service is not None
    room = live.service.rooms[gid]
    rng = random.Random(SEED)
    hurry = HURRY.get(game, 0.0)
    for _ in range(FAST[game]):
        state = room.state
        assert not state.is_terminal(), "the game ended before seat 0's page opened"
        seat = state.current_player()
        legal = state.legal_actions()
        quick = [a for a in legal if state.action_to_string(a) == QUICK]
        action = rng.choice(quick if quick and rng.random() < hurry else legal)
        r = live.act(gid, secrets[seat], ply=room.ply, action=action)
        assert r.status_code == 200, r.text
    for seat in range(1, PLAYERS):
        r = live.set_seat(gid, secrets[seat], seat, kind="random")
        assert r.status_code == 200, r.text
    return gid, secrets[0], g["seats"][0]["link"]


def pick(
    legal: list[dict[str, Any]], done: Counter[str], rng: random.Random, hurry: float
) -> dict[str, Any]:
    """A legal move at random, preferring one asked of the chooser (few are) while fewer than 2
    were, then one made a way not yet used (on the board, by the chooser, in words), else
    "done" with the chance ``hurry`` where it may be said."""
    paths = {tuple(a["targets"]) for a in legal}

    def way(a: dict[str, Any]) -> str:
        mine = tuple(a["targets"])
        if not mine:
            return "words"
        longer = any(len(p) > len(mine) and p[: len(mine)] == mine for p in paths)
        alike = sum(tuple(b["targets"]) == mine for b in legal)
        return "chooser" if alike > 1 or longer else "board"

    if done["chooser"] < 2 and (asked := [a for a in legal if way(a) == "chooser"]):
        return rng.choice(asked)
    fresh = [a for a in legal if not done[way(a)]]
    if fresh:
        return rng.choice(fresh)
    quick = [a for a in legal if a["text"] == QUICK]
    return quick[0] if quick and rng.random() < hurry else rng.choice(legal)


def look(page: Any, game: str, size: str, when: str) -> None:
    """No internal id in what the page shows, nothing axe-core finds wrong; a screenshot."""
    text = page.evaluate(PAGE_TEXT)
    assert not ids_in(game, text), f"{when}: ids shown: {sorted(ids_in(game, text))}"
    found = axe_violations(page)
    assert not found, f"{when}: {found}"
    shot(page, f"whole-{game}-{size}-{when}")


def stored_final(live: Live, gid: str) -> Any:
    """The stored game replayed from its log."""
    assert live.service is not None
    row, log = live.service.store.load(gid)  # type: ignore[misc]
    return replay(
        {
            "format": "towers-game/1",
            "game": row.game,
            "players": PLAYERS,
            "options": row.options,
            "history": [r.action for r in log],
        }
    )


@pytest.mark.parametrize("game", ["torres", "tiletum", "turris", "sifnos", "dark_tower"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_end_of_a_game_played_in_the_page(
    live: Live, browser: Any, game: str, size: str
) -> None:
    gid, secret, link = fast_forward(live, game)
    phone = size == "phone"
    context, page, errors = open_page(browser, phone=phone)
    try:
        page.goto(live.base + link)
        page.wait_for_selector("#board svg")
        rng = random.Random(SEED)
        ways: Counter[str] = Counter()
        by: Counter[str] = Counter()
        decisions = 0
        while True:
            page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
            view = live.view(gid, secret)
            if view["status"] == "over":
                break
            if not view["your_turn"]:
                continue  # the turn passed on between the two looks
            if decisions in (0, BY_MOUSE):
                look(page, game, size, "start" if decisions == 0 else "halfway")
            hurry = HURRY.get(game, 0.0) / (3 if decisions < CALM else 1)
            entry = pick(view["legal"], ways, rng, hurry)
            if phone:
                how, hand = tap_move(page, entry), "finger"
            elif decisions < BY_MOUSE:
                how, hand = make_move(page, entry), "mouse"
            else:
                how, hand = key_move(page, entry, space=decisions % 2 == 1)[0], "keys"
            ways[how] += 1
            by[hand] += 1
            decisions += 1

        print(f"\n{game} {size}: {decisions} decisions, {dict(ways)}, {dict(by)}")
        assert decisions >= LEAST, f"only {decisions} decisions in the page"
        assert ways["board"] and ways["words"], ways
        if not phone:
            assert by["mouse"] == BY_MOUSE and by["keys"] >= 3, by
        final = stored_final(live, gid)
        assert final.is_terminal()
        if phone:
            # the verdict at the foot of the screen; the scores in the last tab
            assert page.locator("#dock .result-line").is_visible()
            page.locator("#tab-side").tap()
        page.wait_for_selector("#final:not(.hidden)")
        page.locator("#final").scroll_into_view_if_needed()
        assert page.locator("#final").is_visible()
        shown = [float(x) for x in page.locator("#final-scores .final-score").all_inner_texts()]
        assert shown == final.scores()
        verdict = page.inner_text("#winner")
        winners = final.winners()
        if 0 in winners:
            assert verdict.startswith("You win!"), verdict
        elif winners:
            assert all(f"seat {w}" in verdict.lower() for w in winners), verdict
        else:
            assert verdict.startswith("You lost."), verdict
        look(page, game, size, "over")
        screens = os.environ.get("TOWERS_SCREENS")
        if screens:
            page.screenshot(path=str(Path(screens) / f"{game}-{size}.png"), scale="css")
    finally:
        context.close()
    assert not errors, errors
