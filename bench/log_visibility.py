"""What working out the log's visibility costs a game action: who may read it
(``knowledge.seen_by``, asked of every action the server logs) and whether it revealed
something (``knowledge.reveals``, asked of a seat's action when it may be undone), with the
game's own declaration (``State.disclosure``) and with the sampled answer it replaces. The
last column is the share of actions a game leaves to the sampled answer.

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
    spent: dict[str, float] = {}
    for way, work in (
        ("seen_by", knowledge.seen_by),
        ("sampled seen_by", knowledge.sampled_seen_by),
        ("reveals", knowledge.reveals),
        ("sampled reveals", knowledge.sampled_reveals),
    ):
        asked = positions
        if "reveals" in way:  # asked of a seat's own action only (undo)
            asked = [(s, a) for s, a in positions if not s.is_chance_node()]
        start = time.perf_counter()
        for i, (state, action) in enumerate(asked):
            work(state, action, random.Random(i))
        spent[way] = 1e6 * (time.perf_counter() - start) / max(1, len(asked))
    label = " ".join([name, f"{players}p", *(f"{k}={v}" for k, v in options.items())])
    figures = "  ".join(f"{way} {us:9.1f} µs" for way, us in spent.items())
    share = 100 * undeclared / len(positions)
    print(f"{label:<26} {len(positions):>6} actions  {figures}  sampled {share:5.2f}%", flush=True)


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
