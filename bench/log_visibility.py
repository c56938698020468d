"""What working out the log's visibility costs a game action: who may read it
(``knowledge.seen_by``) and whether it revealed something (``knowledge.reveals``), with the
game's own declaration (``State.disclosure``) and with the sampled answer it replaces.

    python bench/log_visibility.py                 # every game with hidden information
    python bench/log_visibility.py torres --games 3

Wall-clock figures on a shared machine: compare the two columns of one run. A benchmark,
not a test.
"""

from __future__ import annotations

import argparse
import random
import time

import towers
from towers.core import knowledge
from towers.core.chance import random_action


def measure(name: str, players: int, games: int, options: dict[str, str]) -> None:
    game = towers.make(name, players=players, **options)
    rng = random.Random(players)
    positions = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            action = random_action(state, rng)
            positions.append((state.clone(), action))
            state.apply_action(action)
    undeclared = sum(1 for state, action in positions if state.disclosure(action) is None)
    spent = {}
    for way, seen, reveals in (
        ("declared", knowledge.seen_by, knowledge.reveals),
        ("sampled", knowledge.sampled_seen_by, knowledge.sampled_reveals),
    ):
        start = time.perf_counter()
        for i, (state, action) in enumerate(positions):
            seen(state, action, random.Random(i))
            if not state.is_chance_node():
                reveals(state, action, random.Random(i))
        spent[way] = (time.perf_counter() - start) / len(positions)
    label = " ".join([name, f"{players}p", *(f"{k}={v}" for k, v in options.items())])
    print(
        f"{label:<30} {len(positions):>6} actions   declared {1e6 * spent['declared']:8.1f} µs"
        f"   sampled {1e6 * spent['sampled']:9.1f} µs   left to sampling "
        f"{100 * undeclared / len(positions):5.2f}%",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="games (default: those with hidden information)")
    parser.add_argument("--games", dest="count", type=int, default=2, help="games per seating")
    args = parser.parse_args()
    seatings = [
        ("torres", 2, {}),
        ("torres", 4, {}),
        ("turris", 2, {}),
        ("turris", 4, {}),
        ("sifnos", 2, {}),
        ("sifnos", 4, {}),
        ("dark_tower", 2, {}),
        ("dark_tower", 3, {"mode": "competitive"}),
    ]
    for name, players, options in seatings:
        if not args.games or name in args.games:
            measure(name, players, args.count, options)


if __name__ == "__main__":
    main()
