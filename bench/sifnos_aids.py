"""Towers of Sifnos Setup Aid balance: win rates by Setup Aid over many bot games.

The six Setup Aids are dealt at random (rulebook: Final Setup Steps; two each in a 2-player
game), and each places one Die and one Tower of its player on the Main Board. A seat's game
counts once for every Aid it was dealt, so in a 2-player game a rate is that of the Aid
together with a random other one. The Aids' spots are designed (data/game.toml), so the
figures measure this game's balance; ties share the win; each rate has its 95% Wilson
interval, and the seats' own rates are shown beside (the first player draws fewest cards).

    python bench/sifnos_aids.py --games 200 --players 2 --workers 2
    python bench/sifnos_aids.py --games 100 --players 4 --bot greedy:samples=1

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
from towers.games.sifnos.actions import DATA
from towers.sim.simulate import play_game
from towers.sim.specs import parse_seat_spec
from towers.sim.summary import rate_interval


def one_game(job: tuple[int, int, str, int]) -> dict[str, Any]:
    index, players, bot, seed = job
    kind, params = parse_seat_spec(bot)
    game = towers.make("sifnos", players=players)
    state = game.new_initial_state()
    bots = [
        towers.make_bot(kind, seed=derive_seed(seed, "bot", index, seat), **params)
        for seat in range(players)
    ]
    play_game(state, bots, random.Random(derive_seed(seed, "chance", index)))
    return {
        "aids": [[DATA.setup_aids[a].id for a in state.aids[s]] for s in range(players)],  # type: ignore[attr-defined]
        "winners": state.winners(),
        "rounds": state.rounds,  # type: ignore[attr-defined]
        "allies": state.allies,  # type: ignore[attr-defined]
    }


def _rows(results: dict[Any, list[float]]) -> dict[Any, dict[str, Any]]:
    rows = {}
    for key in sorted(results, key=lambda k: -sum(results[k]) / len(results[k])):
        got = results[key]
        ci = rate_interval(got)
        assert ci is not None
        rows[key] = {
            "seats": len(got),
            "wins": sum(got),
            "win_rate": sum(got) / len(got),
            "interval": ci.to_dict(),
        }
    return rows


def _print(title: str, rows: dict[Any, dict[str, Any]]) -> None:
    print(f"{title:<14}{'seats':>8}{'win rate':>10}  95% interval")
    for key, row in rows.items():
        ci = row["interval"]
        print(
            f"{key!s:<14}{row['seats']:>8}{row['win_rate']:>10.1%}  {ci['low']:.1%}..{ci['high']:.1%}"
        )


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
            games = pool.map(one_game, jobs, chunksize=2)
    else:
        games = [one_game(job) for job in jobs]
    seconds = time.perf_counter() - started
    by_aid: dict[int, list[float]] = collections.defaultdict(list)
    by_seat: dict[int, list[float]] = collections.defaultdict(list)
    for g in games:
        won = g["winners"]
        for seat, aids in enumerate(g["aids"]):
            share = 1 / len(won) if seat in won else 0.0
            by_seat[seat + 1].append(share)
            for aid in aids:
                by_aid[aid].append(share)
    aids, seats = _rows(by_aid), _rows(by_seat)
    capped = sum(1 for g in games if g["allies"] < 3)
    print(
        f"sifnos, {args.players} players, {args.games} games of {args.bot} ({seconds:.0f} s, "
        f"{args.workers} workers); {capped} ended without the third Allied Ship"
    )
    _print("Setup Aid", aids)
    _print("seat", seats)
    if args.json:
        out = {
            "inputs": vars(args),
            "aids": aids,
            "seats": seats,
            "without_third_ally": capped,
            "seconds": seconds,
        }
        text = json.dumps(out, indent=1)
        if args.json == "-":
            sys.stdout.write(text + "\n")
        else:
            with open(args.json, "w") as f:
                f.write(text + "\n")


if __name__ == "__main__":
    main()
