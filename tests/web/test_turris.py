"""Turris in a real browser, played to the end by clicking: a two-player game against a bot
and a solo game against the Betrayers, each created in the lobby. The human seat chooses at
random (from a seed) among its legal moves and makes each the way a person does on the page
(:func:`tests.web.browser.make_move`): the move's targets clicked on the board in order, then
the chooser's button where several moves share them, or the move's button in words. Every
decision of the seat, the Beasts' paths it plots on the bot's turn included, is taken so."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tests.server.live import Live
from tests.web.browser import create_in_lobby, needs_chromium, open_page, play_to_the_end, shot
from towers.games.turris.actions import DATA, SPACE
from towers.games.turris.rules import TurrisState

pytestmark = needs_chromium
D = DATA
LOOK = 20  # moves between two looks at what the board shows of the hands


def choose(state: TurrisState, legal: list[int], rng: random.Random) -> int:
    """Any legal move, at random."""
    return rng.choice(legal)


def check_hands(page: Any, state: TurrisState) -> int:
    """The board shows seat 0's own Tactics cards, and no card of another hand; how many."""
    names = [D.tactics[c].name for c in state.observation(0)["hand"]]
    shown = page.locator('#board [id^="tactics-"]').evaluate_all(
        "cs => cs.map(c => c.querySelector('title').textContent.split(':')[0])"
    )
    assert sorted(shown) == sorted(names)
    board = page.evaluate("() => document.querySelector('#board svg').textContent")
    for seat in range(1, state.game.num_players):
        for c in state.observation(seat)["hand"]:
            if D.tactics[c].name not in names:
                assert D.tactics[c].name not in board, f"seat {seat}'s {D.tactics[c].name}"
    return len(names)


def play_out(page: Any, live: Live, gid: str, secret: str, seed: int) -> tuple[Any, Any]:
    """Seat 0 played to the end, its hand looked at now and then (``ways["looks"]``); how its
    moves were made, and the final state."""
    ways, _, final = play_to_the_end(
        page, live, gid, secret, seed, choose,
        lambda action: type(SPACE.decode(action)).__name__, check_hands, LOOK,
    )  # fmt: skip
    return ways, final


def decided(final: TurrisState) -> Counter[str]:
    """The kinds of decision (the frames) seat 0 took over the game, replayed."""
    again = final.game.new_initial_state()
    frames: Counter[str] = Counter()
    for action in final.history():
        if again.current_player() == 0:
            frames[type(again.stack.top).__name__] += 1
        again.apply_action(action)
    return frames


def test_a_turris_game_against_a_bot_played_by_clicking(live: Live, page: Any) -> None:
    gid, secret = create_in_lobby(page, live.base, "turris", ["greedy"], seed=11)
    ways, final = play_out(page, live, gid, secret, 11)
    frames = decided(final)
    # the First Player's choices in the Beast Phase, the bot's turn included, were clicked
    assert frames["BeastPath"] and frames["TargetChoice"] and frames["DisplaceChoice"], frames
    winner = page.inner_text("#winner")
    if final.winners() == [0]:
        assert winner.startswith("You win!")
    else:
        assert "Blue" in winner
    assert ways["board"] >= 50 and ways["words"] >= 10 and ways["looks"] >= 1, ways
    shot(page, "turris-over")


def test_a_solo_turris_game_against_the_betrayers_played_by_clicking(live: Live, page: Any) -> None:
    gid, secret = create_in_lobby(page, live.base, "turris", [], seed=12)
    ways, final = play_out(page, live, gid, secret, 12)
    frames = decided(final)
    assert frames["BeastPath"] and frames["BetrayerPush"], frames
    winner = page.inner_text("#winner")
    if final.winners():
        assert winner.startswith("You win!")
    else:
        assert "lost" in winner.lower(), winner
    assert ways["board"] >= 20 and ways["looks"] >= 1, ways
    shot(page, "turris-solo-over")


def test_news_of_the_seats_leaves_the_board_as_it_is(live: Live, browser: Any, page: Any) -> None:
    """A state that changes nothing on the board (another seat arriving) does not draw the
    board again, so a click under way lands on what it was aimed at."""
    g = live.create("turris", players=2, seats=[{"kind": "human"}, {"kind": "human"}], seed=3)
    page.goto(live.base + g["seats"][0]["link"])
    page.wait_for_selector("#board svg")
    page.evaluate("() => { document.querySelector('#board svg').dataset.mark = 'before'; }")
    other, second, _ = open_page(browser)
    try:
        second.goto(live.base + g["seats"][1]["link"])
        page.wait_for_function(
            "() => document.querySelector('#seats li[data-seat=\"1\"]').innerText.includes('here')"
        )
    finally:
        other.close()
    assert page.evaluate("() => document.querySelector('#board svg').dataset.mark") == "before"
