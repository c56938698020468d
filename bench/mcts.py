"""Iterations per second of the ``mcts`` bot, this checkout against an earlier one, in one run.

For each game, at a typical player count, a few mid-game positions are reached by seeded
random play (the same positions in both checkouts: a digest of their histories is printed);
the bot searches each with a fixed number of iterations. Each side runs in its own
subprocess, the two sides interleaved round by round, and the processor time of the searches
is taken (``time.process_time``), which a busy machine disturbs less than wall time. The
figure of a side is the median over the rounds; the ratio is this checkout's over the
earlier one's. Whether the moves chosen are the same is printed too, and whether the searches
were (every root action's visits and mean value): the same seeds give the same search when
a change keeps the algorithm as it was.

With ``--strength N`` the strength check runs as well: ``N`` games of ``mcts`` against
``greedy`` and ``N`` against ``random`` (two players, seats rotated, ``--workers 1``) with
each checkout, and the win rates of ``mcts`` printed side by side.

    python bench/mcts.py --before /work/scratch/main-before
    python bench/mcts.py --before ../old --games torres,tiletum --rounds 5 --iterations 200
    python bench/mcts.py --before ../old --strength 100 --strength-iterations 50

A benchmark, not a test: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

GAMES = ("torres", "tiletum", "turris", "sifnos", "dark_tower")
PLAYERS = {"torres": 3, "tiletum": 3, "turris": 3, "sifnos": 3, "dark_tower": 2}
"""A typical player count of each game."""
STEPS = (40, 90, 140)
"""Random actions played from the start (chance included) to reach each position."""


def position(game_name: str, seed: int, steps: int) -> Any:
    """The state after ``steps`` seeded random actions, moved on to a decision with a choice."""
    import towers
    from towers.core.chance import sample_chance
    from towers.core.game import CHANCE, TERMINAL

    game = towers.make(game_name, players=PLAYERS[game_name])
    rng = random.Random(seed)
    state = game.new_initial_state()
    played = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            raise ValueError(f"{game_name} seed {seed} ended before {steps} actions")
        if player == CHANCE:
            state.apply_trusted(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if played >= steps and len(legal) > 1:
            return state
        state.apply_trusted(legal[rng.randrange(len(legal))])
        played += 1


def search(game_name: str, iterations: int) -> dict[str, Any]:
    """One side's figures: processor seconds of the searches, iterations, moves chosen."""
    from towers.agents.mcts import MCTSBot

    states = [position(game_name, seed, steps) for seed, steps in enumerate(STEPS, 1)]
    digest = hashlib.sha256(json.dumps([s.history() for s in states]).encode()).hexdigest()
    bot = MCTSBot(seed=7, iterations=iterations)
    bot.choose(states[0])  # warm the caches a first search fills
    seconds = 0.0
    moves = []
    stats: list[Any] = []
    for state in states:
        started = time.process_time()
        moves.append(bot.choose(state))
        seconds += time.process_time() - started
        stats.append(bot.action_stats)
    return {
        "seconds": seconds,
        "iterations": iterations * len(states),
        "moves": moves,
        "search": hashlib.sha256(repr(stats).encode()).hexdigest()[:12],
        "positions": digest[:12],
    }


def strength(game_name: str, games: int, iterations: int) -> dict[str, float]:
    """Win rates of mcts against greedy and against random, two players."""
    from towers.sim.simulate import run_simulation

    rates = {}
    for other in ("greedy", "random"):
        report = run_simulation(
            game_name, 2, games, [f"mcts:iterations={iterations}", other], seed=1, workers=1
        )
        rates[other] = report.to_dict()["bots"][0]["win_rate"]
    return rates


def child(root: str, args: list[str]) -> dict[str, Any]:
    """Run this script's child mode under ``root`` (a checkout; '' for this one)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    if root:
        env["PYTHONPATH"] = root
    else:
        env["PYTHONPATH"] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--child", *args],
        capture_output=True,
        text=True,
        env=env,
    )
    if done.returncode:
        sys.exit(f"{root or 'this checkout'}: {' '.join(args)} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def compare_speed(before: str, games: list[str], iterations: int, rounds: int) -> None:
    print(f"mcts iterations/s, {iterations} iterations a move, {len(STEPS)} positions a game, "
          f"median of {rounds} rounds (processor time)")  # fmt: skip
    print(f"{'game':<11} {'players':>7} {'before':>9} {'after':>9} {'ratio':>6}  same moves")
    for name in games:
        rates: dict[str, list[float]] = {"before": [], "after": []}
        moves: dict[str, list[int]] = {}
        digests: dict[str, str] = {}
        searches: dict[str, str] = {}
        for _ in range(rounds):
            for side, root in (("before", before), ("after", "")):
                got = child(root, ["speed", name, str(iterations)])
                rates[side].append(got["iterations"] / got["seconds"])
                moves[side] = got["moves"]
                searches[side] = got["search"]
                digests[side] = got["positions"]
        b = statistics.median(rates["before"])
        a = statistics.median(rates["after"])
        same = "yes" if moves["before"] == moves["after"] else f"no {moves}"
        if same == "yes":
            same += ", same search" if len(set(searches.values())) == 1 else ", other visits"
        if digests["before"] != digests["after"]:
            same += " (the positions differ)"
        print(f"{name:<11} {PLAYERS[name]:>7} {b:>9.0f} {a:>9.0f} {a / b:>6.2f}  {same}")


def compare_strength(before: str, games: list[str], count: int, iterations: int) -> None:
    print(f"\nmcts win rates, {count} games each, 2 players, {iterations} iterations a move, "
          f"seats rotated, seed 1, one worker")  # fmt: skip
    print(
        f"{'game':<11} {'vs greedy before':>16} {'after':>6} {'vs random before':>16} {'after':>6}"
    )
    for name in games:
        got = {
            side: child(root, ["strength", name, str(count), str(iterations)])
            for side, root in (("before", before), ("after", ""))
        }
        print(
            f"{name:<11} {got['before']['greedy']:>16.3f} {got['after']['greedy']:>6.3f} "
            f"{got['before']['random']:>16.3f} {got['after']['random']:>6.3f}"
        )


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        kind, name, *rest = sys.argv[2:]
        numbers = [int(x) for x in rest]
        out = search(name, *numbers) if kind == "speed" else strength(name, *numbers)
        print(json.dumps(out))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the earlier checkout to compare with")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games")
    parser.add_argument("--iterations", type=int, default=200, help="iterations a move")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per game")
    parser.add_argument("--strength", type=int, default=0, help="games per strength pairing")
    parser.add_argument("--strength-iterations", type=int, default=50)
    parser.add_argument("--no-speed", action="store_true", help="the strength check alone")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    if not args.no_speed:
        compare_speed(args.before, games, args.iterations, args.rounds)
    if args.strength:
        compare_strength(args.before, games, args.strength, args.strength_iterations)


if __name__ == "__main__":
    main()
