"""Turris faction balance: win rates by faction side over many bot games.

Each seat picks its faction and side as its bot decides (Setup step 9), so a side's figure
is its win rate in the games where a bot chose it; how often each side was chosen is shown
beside it. Ties share the win. The published balance study (see docs/games/turris.md) had
Ministers B winning 65.5% of 2-player games; our factions' abilities are designed, so the
figures are a measure of this game's balance, not a replication.

    python bench/turris_factions.py --games 1000 --players 2 --workers 2
    python bench/turris_factions.py --games 100 --bot mcts:seconds=0.2

A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import random
import sys
import time
from typing import Any

import towers
from towers.core.chance import derive_seed
from towers.sim.simulate import play_game
from towers.sim.specs import parse_seat_spec


def one_game(job: tuple[int, int, str, int]) -> dict[str, Any]:
    index, players, bot, seed = job
    kind, params = parse_seat_spec(bot)
    game = towers.make("turris", players=players)
    state = game.new_initial_state()
    bots = [
        towers.make_bot(kind, seed=derive_seed(seed, "bot", index, seat), **params)
        for seat in range(players)
    ]
    play_game(state, bots, random.Random(derive_seed(seed, "chance", index)))
    factions = game.data.factions
    return {
        "sides": [
            f"{factions[f].name} {'AB'[s]}" for f, s in zip(state.faction, state.side, strict=True)
        ],
        "winners": state.winners(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    jobs = [(i, args.players, args.bot, args.seed) for i in range(args.games)]
    started = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            games = pool.map(one_game, jobs, chunksize=4)
    else:
        games = [one_game(job) for job in jobs]
    seconds = time.perf_counter() - started
    chosen: collections.Counter[str] = collections.Counter()
    wins: collections.Counter[str] = collections.Counter()
    for g in games:
        for seat, side in enumerate(g["sides"]):
            chosen[side] += 1
            if seat in g["winners"]:
                wins[side] += 1 / len(g["winners"])
    rows = {
        side: {"chosen": chosen[side], "wins": wins[side], "win_rate": wins[side] / chosen[side]}
        for side in sorted(chosen, key=lambda s: -wins[s] / chosen[s])
    }
    print(
        f"turris, {args.players} players, {args.games} games of {args.bot} "
        f"({seconds:.0f} s, {args.workers} workers)"
    )
    print(f"{'faction side':<22}{'chosen':>8}{'win rate':>10}")
    for side, row in rows.items():
        print(f"{side:<22}{row['chosen']:>8}{row['win_rate']:>10.1%}")
    if args.json:
        out = {"inputs": vars(args), "sides": rows, "seconds": seconds}
        text = json.dumps(out, indent=1)
        if args.json == "-":
            sys.stdout.write(text + "\n")
        else:
            with open(args.json, "w") as f:
                f.write(text + "\n")


if __name__ == "__main__":
    main()
