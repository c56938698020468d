"""Each game's end played in a real browser as a person plays it, at a desktop's size and at a
phone's: the game is created through the API with every seat human, most of it is played
there (at random from a seed, Sifnos as a player in a hurry; chance drawn by the server), then
the other seats go to random bots and seat 0's page plays on to the end, 10 to 35 decisions,
each made on the board, by the chooser's buttons or by a button in words. On the desktop the first moves are made with the mouse on the
board and the rest with the keyboard alone (Tab to the board, the arrow keys, Enter or Space,
Tab to the chooser or the words, Enter on the confirmation); on the phone every move is a tap,
the tab of the board's part that holds a target chosen first when another is shown.

At the start, halfway (on a phone, in each of its tabs) and at the end the page shows no
internal id (its text, the board's text and the names of its targets), axe-core finds nothing
wrong, and a screenshot is kept (see TOWERS_SHOTS). At the end the game-over screen gives the verdict and the scores of the stored
game replayed.

With ``TOWERS_SCREENS`` naming a folder (docs/screens for the documentation), the game-over
screen of each game is also saved there as the screen shows it, at CSS pixels."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
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
from tests.web.test_sifnos import choose as sifnos_choice
from towers.core.record import replay
from towers.core.registry import views_of

pytestmark = needs_chromium

SEED = 7
PLAYERS = 2
# The actions played through the API before seat 0's page opens: with SEED, seat 0 then has
# 10 to 35 decisions left before the game ends (the seed sets the rest of the game too).
FAST = {"torres": 130, "tiletum": 150, "turris": 780, "sifnos": 180, "dark_tower": 140}
# Sifnos played at random lasts until the round this project stops it at: there the seats play
# as a player in a hurry to bring on the invasions would (the Sifnos browser test's choice),
# through the API and in the page, and the game ends by its rules.
POLICY: dict[str, Callable[[Any, list[int], random.Random], int]] = {"sifnos": sifnos_choice}
# The games whose last part (from FAST, with SEED) offers seat 0 a move asked of the chooser
# (several moves on the same places): elsewhere it is rare or never happens.
CHOOSER = {"sifnos"}
BY_MOUSE = 6  # on the desktop, the moves made with the mouse before the keyboard takes over
LEAST = 8  # the fewest decisions seat 0 takes in the page
MOST = 60  # the most (more: the rules changed the game's course, FAST wants choosing again)

# The text a person reads on the page: the page's own, and on the board the texts, the tooltips
# and the names the targets are read out by.
PAGE_TEXT = """() => {
  const board = document.querySelector('#board svg');
  const drawn = board ? [...board.querySelectorAll('text, title')].map((n) => n.textContent) : [];
  const named = [...document.querySelectorAll('[aria-label]')].map((n) => n.getAttribute('aria-label'));
  return [document.body.innerText, ...drawn, ...named].join('\\n');
}"""


def at_random(state: Any, legal: list[int], rng: random.Random) -> int:
    """Any legal action."""
    return rng.choice(legal)


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
    policy = POLICY.get(game, at_random)
    for _ in range(FAST[game]):
        state = room.state
        assert not state.is_terminal(), "the game ended before seat 0's page opened"
        seat = state.current_player()
        action = policy(state.clone(), state.legal_actions(), rng)
        r = live.act(gid, secrets[seat], ply=room.ply, action=action)
        assert r.status_code == 200, r.text
    for seat in range(1, PLAYERS):
        r = live.set_seat(gid, secrets[seat], seat, kind="random")
        assert r.status_code == 200, r.text
    return gid, secrets[0], g["seats"][0]["link"]


def pick(
    legal: list[dict[str, Any]], done: Counter[str], rng: random.Random, game: str, state: Any
) -> dict[str, Any]:
    """A legal move, preferring one asked of the chooser (few are) while fewer than 2 were,
    then one made a way not yet used (on the board, by the chooser, in words), else the game's
    policy's choice in ``state`` (at random where it has none)."""
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
    chosen = POLICY.get(game, at_random)(state, sorted(a["action"] for a in legal), rng)
    return next(a for a in legal if a["action"] == chosen)


def look(page: Any, game: str, size: str, when: str, every_tab: bool = False) -> None:
    """No internal id in what the page shows, nothing axe-core finds wrong; a screenshot. With
    ``every_tab``, the same in each tab of a phone's board (each tapped in turn, then the one
    shown before again)."""
    text = page.evaluate(PAGE_TEXT)
    assert not ids_in(game, text), f"{when}: ids shown: {sorted(ids_in(game, text))}"
    found = axe_violations(page)
    assert not found, f"{when}: {found}"
    shot(page, f"whole-{game}-{size}-{when}")
    if not every_tab:
        return
    shown = page.evaluate("() => document.querySelector('#game-main').dataset.tab || ''")
    tabs = page.locator("#tabs [role=tab]").evaluate_all("ts => ts.map((t) => t.dataset.tab)")
    for tab in [t for t in tabs if t != shown]:
        page.locator(f"#tab-{tab}").tap()
        page.wait_for_function(
            "(t) => document.querySelector('#game-main').dataset.tab === t", arg=tab
        )
        look(page, game, size, f"{when}-{tab}")
    if shown:
        page.locator(f"#tab-{shown}").tap()


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
        tabs: list[str] = []  # the phone's tabs chosen to reach a target
        decisions = 0
        while True:
            page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
            view = live.view(gid, secret)
            if view["status"] == "over":
                break
            if not view["your_turn"]:
                continue  # the turn passed on between the two looks
            if decisions in (0, BY_MOUSE):
                halfway = decisions == BY_MOUSE
                look(page, game, size, "halfway" if halfway else "start", phone and halfway)
            assert live.service is not None
            state = live.service.rooms[gid].state.clone()
            entry = pick(view["legal"], ways, rng, game, state)
            assert decisions < MOST, f"the game goes on past {MOST} decisions in the page"
            if phone:
                how, hand = tap_move(page, entry, tabs), "finger"
            elif decisions < BY_MOUSE:
                how, hand = make_move(page, entry), "mouse"
            else:
                how, hand = key_move(page, entry, space=decisions % 2 == 1)[0], "keys"
            ways[how] += 1
            by[hand] += 1
            decisions += 1

        assert decisions >= LEAST, f"only {decisions} decisions in the page"
        assert ways["board"] and ways["words"], ways
        assert bool(ways["chooser"]) == (game in CHOOSER), ways
        if not phone:
            assert by["mouse"] == BY_MOUSE and by["keys"] >= 3, by
        final = stored_final(live, gid)
        assert final.is_terminal()
        if phone:
            # the verdict at the foot of the screen, and a button to the scores (in the last tab)
            assert page.locator("#dock .result-line").is_visible()
            page.locator("#dock .result-line button").tap()
            page.wait_for_function(
                "() => document.querySelector('#game-main').dataset.tab === 'side'"
                " && document.querySelector('#final').getBoundingClientRect().top < innerHeight"
            )
        else:
            page.locator("#final").hover()  # the mouse off the board, on the scores
            page.evaluate("() => window.scrollTo(0, 0)")  # the scores stay in view beside
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
            names = views_of(final.game).seat_names()
            assert all(names[w] in verdict for w in winners), verdict
        else:
            assert verdict.startswith("You lost."), verdict
        look(page, game, size, "over")
        screens = os.environ.get("TOWERS_SCREENS")
        if screens:
            page.screenshot(path=str(Path(screens) / f"{game}-{size}.png"), scale="css")
    finally:
        context.close()
    assert not errors, errors
