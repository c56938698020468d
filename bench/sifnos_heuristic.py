"""Towers of Sifnos heuristic: the processor time of one ``evaluate(state, seat)`` call.

The positions are every seventh decision of fixed games (2 and 3 players, a seat choosing
with ``greedy:samples=1`` two decisions in three and at random otherwise, so that both tidy
and odd positions are met). Each position is scored for every seat; the best of
``--repeat`` passes is reported, on this thread's processor clock so that other work on the
machine does not count. ``mcts`` spends most of its think time here, so a cheaper call is more
iterations in the same time.

    python bench/sifnos_heuristic.py
    python bench/sifnos_heuristic.py --games 5 --repeat 5

A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import random
import time

import towers
from towers.agents import GreedyBot
from towers.core.chance import sample_chance
from towers.games.sifnos.bots import evaluate
from towers.games.sifnos.rules import SifnosState


def positions(games: int, every: int = 7) -> list[SifnosState]:
    """Copies of every ``every``-th decision of ``games`` fixed games at 2 and 3 players."""
    out: list[SifnosState] = []
    for players in (2, 3):
        game = towers.make("sifnos", players=players)
        for seed in range(games):
            state = game.new_initial_state()
            rng = random.Random(seed)
            bot = GreedyBot(seed=seed, samples=1)
            n = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                    continue
                if n % every == 0:
                    out.append(state.clone())  # type: ignore[arg-type]
                legal = state.legal_actions()
                state.apply_action(bot.choose(state) if n % 3 else rng.choice(legal))
                n += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per player count")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    states = positions(args.games)
    calls = sum(s.game.num_players for s in states)
    best = float("inf")
    for _ in range(args.repeat):
        start = time.thread_time()
        for state in states:
            for seat in range(state.game.num_players):
                evaluate(state, seat)
        best = min(best, time.thread_time() - start)
    print(
        f"sifnos heuristic: {1e6 * best / calls:.1f} µs a call "
        f"({len(states)} positions, {calls} calls, best of {args.repeat} passes)"
    )


if __name__ == "__main__":
    main()
