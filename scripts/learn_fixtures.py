"""Make the late positions of the tutorials' last games that the browser test finishes by hand.

Turris and Towers of Sifnos take hundreds of moves a game, too many to click in a test. So
``tests/web/test_learn_browser.py`` starts their last lesson's game from a recorded late
position, ``tests/fixtures/learn-GAME.json``, loaded into the server's store as a game it
resumes, and plays the rest on the game page. This script makes those files: the lesson's
game (the lesson's seat and the random bot for the others) played from its start, the
person's seat by the hint's search (``towers.learn.hints.hint``, a fixed number of imagined
games, so it repeats) and the other seats by the random bot, chance drawn from a seeded
generator; then cut where the person's seat decides with ``LEFT`` of its decisions still to
come, before the game's end. The file is a save (``towers-game/1``: game, players, options,
history) with the seed the server plays the rest with and the seats.

    .venv/bin/python scripts/learn_fixtures.py            # both games
    .venv/bin/python scripts/learn_fixtures.py turris     # one
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from towers.core.chance import resolve_chance
from towers.core.registry import make, make_bot
from towers.learn.hints import hint
from towers.learn.lessons import tutorials
from towers.learn.search import Budget

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("turris", "sifnos")
SEED = 36
"""The seed of the recorded game's chance and bots, and of the game the server resumes."""
ITERATIONS = 24
"""Imagined games a move of the person's seat while recording."""
LEFT = {"turris": 24, "sifnos": 30}
"""The person's decisions left after the cut: about the last round."""


def path_of(game: str) -> Path:
    return ROOT / "tests" / "fixtures" / f"learn-{game}.json"


def record(game: str) -> dict[str, object]:
    """The lesson's game played to its end, cut ``LEFT[game]`` decisions of the person before
    it (the save of the position there)."""
    found = tutorials()[game]
    seat = found.lessons[-1].seat
    state = make(game, players=found.players).new_initial_state()
    rng = random.Random(SEED)
    bots = {s: make_bot("random", seed=SEED + s) for s in range(found.players) if s != seat}
    history: list[int] = []
    decisions: list[int] = []  # where in the history the person's seat decided
    while not state.is_terminal():
        if state.is_chance_node():
            before = len(state.history())
            resolve_chance(state, rng)
            history.extend(state.history()[before:])
            continue
        who = state.current_player()
        if who == seat:
            decisions.append(len(history))
            action = hint(state, seat, Budget(iterations=ITERATIONS), rng).action
        else:
            action = bots[who].choose(state)
        state.apply_action(action)
        history.append(action)
    cut = decisions[-LEFT[game]]
    return {
        "format": "towers-game/1",
        "game": game,
        "players": found.players,
        "options": {},
        "history": history[:cut],
        "seed": SEED,
        "seat": seat,
        "seats": [
            {"kind": "human"} if s == seat else {"kind": "random"} for s in range(found.players)
        ],
        "made_by": "scripts/learn_fixtures.py",
        "recorded_scores": state.scores(),
    }


def main(argv: list[str]) -> int:
    for game in argv or GAMES:
        if game not in GAMES:
            print(f"no late position is recorded for {game!r}; games: {', '.join(GAMES)}")
            return 2
        made = record(game)
        path_of(game).write_text(json.dumps(made) + "\n")
        print(f"{path_of(game).relative_to(ROOT)}: {len(made['history'])} steps")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
