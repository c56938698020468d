"""Turris in a real browser, played to the end by clicking: a two-player game against a bot
and a solo game against the Betrayers, each created in the lobby. The human seat chooses at
random (from a seed) among what the page offers: the targets ringed on the board, followed
ring by ring to a whole move, and the buttons of moves in words or of the chooser. Every
decision of the seat, the Beasts' paths it plots on the bot's turn included, is taken so."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from tests.server.live import Live
from tests.web.browser import click_target, create_in_lobby, needs_chromium, open_page, shot
from towers.core.record import replay
from towers.games.turris.actions import DATA

pytestmark = needs_chromium
D = DATA
LOOK = 20  # moves between two looks at what the board shows of the hands

# What the page offers now: the ringed targets (with their centres on screen, scrolled to)
# and the buttons of moves in words; None while the page waits for another seat.
OFFERED = """() => {
  const s = document.querySelector('#status');
  if (s.dataset.status === 'over') return 'over';
  if (!s.classList.contains('mine')) return null;
  const words = [...document.querySelectorAll('#words button')].map((b) => b.textContent);
  const rings = [...document.querySelectorAll('#board .tw-hl')].map((r) => r.dataset.target);
  return { ply: Number(s.dataset.ply), words, rings };
}"""

# After a click: 'played' once the ply moved on, 'chooser' when buttons ask which move,
# 'picked' when the click was a step of a longer choice and the next targets are ringed.
SETTLED = """([ply, picked]) => {
  const s = document.querySelector('#status');
  if (Number(s.dataset.ply) > ply || s.dataset.status === 'over') return 'played';
  if (!document.querySelector('#chooser').classList.contains('hidden')) return 'chooser';
  return document.querySelectorAll('#board .tw-picked').length === picked ? 'picked' : false;
}"""

MY_TURN_OR_OVER = """() => { const s = document.querySelector('#status');
  return s.classList.contains('mine') || s.dataset.status === 'over'; }"""


def wait_past(page: Any, ply: int) -> None:
    page.wait_for_function(
        "p => { const s = document.querySelector('#status');"
        " return Number(s.dataset.ply) > p || s.dataset.status === 'over'; }",
        arg=ply,
    )


def play_one_move(page: Any, offered: dict[str, Any], rng: random.Random) -> str:
    """Choose one move the way a person would: a ringed target or a button; return how."""
    ply = offered["ply"]
    choices = [("ring", r) for r in offered["rings"]] + [("words", w) for w in offered["words"]]
    assert choices, f"nothing to choose at ply {ply}"
    how, what = rng.choice(choices)
    if how == "words":
        page.locator("#words button").nth(offered["words"].index(what)).click()
        wait_past(page, ply)
        return "words"
    picked = 0
    while True:
        click_target(page, what)
        picked += 1
        settled = page.wait_for_function(SETTLED, arg=[ply, picked]).json_value()
        if settled == "played":
            return "board"
        if settled == "chooser":
            buttons = page.locator("#choices button")
            buttons.nth(rng.randrange(buttons.count())).click()
            wait_past(page, ply)
            return "chooser"
        rings = page.locator("#board .tw-hl").evaluate_all("rs => rs.map(r => r.dataset.target)")
        assert rings, f"a step of a choice at ply {ply} rings nothing next"
        what = rng.choice(rings)


def play_to_the_end(page: Any, seed: int, look: Callable[[], int]) -> dict[str, int]:
    """Play the page's seat until the game is over, calling ``look`` every LOOK moves; how
    many moves were chosen each way, and how many of the looks counted something."""
    rng = random.Random(seed)
    ways = {"board": 0, "chooser": 0, "words": 0, "looks": 0}
    moves = 0
    while True:
        page.wait_for_function(MY_TURN_OR_OVER, timeout=60_000)
        offered = page.evaluate(OFFERED)
        if offered == "over":
            return ways
        if offered is None:
            continue  # the turn passed on between the two looks
        if moves % LOOK == 0:
            ways["looks"] += look() > 0
        ways[play_one_move(page, offered, rng)] += 1
        moves += 1


def stored(live: Live, gid: str, players: int) -> tuple[Any, list[int]]:
    """The game as the server stored it: its state now and its actions."""
    assert live.service is not None
    row, log = live.service.store.load(gid)  # type: ignore[misc]
    history = [r.action for r in log]
    record = {
        "format": "towers-game/1",
        "game": "turris",
        "players": players,
        "options": row.options,
        "history": history,
    }
    return replay(record), history


def check_hands(page: Any, live: Live, gid: str, players: int) -> int:
    """The board shows seat 0's own Tactics cards, and no card of another hand; how many."""
    state, _ = stored(live, gid, players)
    names = [D.tactics[c].name for c in state.observation(0)["hand"]]
    shown = page.locator('#board [id^="tactics-"]').evaluate_all(
        "cs => cs.map(c => c.querySelector('title').textContent.split(':')[0])"
    )
    assert sorted(shown) == sorted(names)
    board = page.evaluate("() => document.querySelector('#board svg').textContent")
    for seat in range(1, players):
        for c in state.observation(seat)["hand"]:
            if D.tactics[c].name not in names:
                assert D.tactics[c].name not in board, f"seat {seat}'s {D.tactics[c].name}"
    return len(names)


def check_the_result(page: Any, live: Live, gid: str, players: int) -> tuple[Any, Counter[str]]:
    """The final scores on the page are the engine's, from the stored log; the final state and
    the kinds of decision (the frames) seat 0 took by clicking."""
    page.wait_for_selector("#final:not(.hidden)")
    state, history = stored(live, gid, players)
    assert state.is_terminal()
    shown = [float(x) for x in page.locator("#final-scores .final-score").all_inner_texts()]
    assert shown == state.scores()
    again = state.game.new_initial_state()
    decided: Counter[str] = Counter()
    for action in history:
        if again.current_player() == 0:
            decided[type(again.stack.top).__name__] += 1
        again.apply_action(action)
    return state, decided


def test_a_turris_game_against_a_bot_played_by_clicking(live: Live, page: Any) -> None:
    gid, _ = create_in_lobby(page, live.base, "turris", ["greedy"], seed=11)
    ways = play_to_the_end(page, 11, lambda: check_hands(page, live, gid, 2))
    state, decided = check_the_result(page, live, gid, 2)
    # the First Player's choices in the Beast Phase, the bot's turn included, were clicked
    assert decided["BeastPath"] and decided["TargetChoice"] and decided["DisplaceChoice"]
    winner = page.inner_text("#winner")
    if state.winners() == [0]:
        assert winner.startswith("You win!")
    else:
        assert "Winner: seat 1" in winner
    assert ways["board"] >= 50 and ways["words"] >= 10 and ways["looks"] >= 1, ways
    shot(page, "turris-over")


def test_a_solo_turris_game_against_the_betrayers_played_by_clicking(live: Live, page: Any) -> None:
    gid, _ = create_in_lobby(page, live.base, "turris", [], seed=12)
    ways = play_to_the_end(page, 12, lambda: check_hands(page, live, gid, 1))
    state, decided = check_the_result(page, live, gid, 1)
    assert decided["BeastPath"] and decided["BetrayerPush"]
    winner = page.inner_text("#winner")
    if state.winners():
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
