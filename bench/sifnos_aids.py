"""Towers of Sifnos Setup Aid balance: win rates by Setup Aid over many bot games.

The six Setup Aids are dealt at random (rulebook: Final Setup Steps; two each in a 2-player
game), and each places one Die and one Tower of its player on the Main Board. A seat's game
counts once for every Aid it was dealt, so in a 2-player game a rate is that of the Aid
together with a random other one. The Aids' spots are designed (data/game.toml), so the
figures measure this game's balance; ties share the win; each rate has its 95% Wilson
interval, and the seats' own rates are shown beside (the first player draws fewest cards).

The games are those of ``towers simulate sifnos`` with the same bot at every seat (the Aids
read from the game's balance facets), so ``--results FILE.sqlite`` keeps each game as it
ends and a run stopped part way goes on from there when started again with the same file.

    python bench/sifnos_aids.py --games 1000 --results aids.sqlite
    python bench/sifnos_aids.py --games 200 --players 2 --workers 2
    python bench/sifnos_aids.py --games 100 --players 4 --bot greedy:samples=1

A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path
from typing import Any

from towers.sim import run_simulation
from towers.sim.summary import GameResult, rate_interval


def aid_shares(result: GameResult) -> list[tuple[int, list[int], float]]:
    """(seat, the ids of the Setup Aids it was dealt, its share of the win) for each seat."""
    returns = result.returns
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    out = []
    for seat, label in enumerate(result.balance["setup aids"]):
        share = 1 / len(winners) if seat in winners else 0.0
        out.append((seat, [int(a) for a in label.split("+")], share))
    return out


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
    parser.add_argument("--results", default="", help="a results file (.sqlite) to resume")
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    results = Path(args.results) if args.results else None
    report = run_simulation(
        "sifnos",
        args.players,
        args.games,
        [args.bot] * args.players,
        args.seed,
        workers=args.workers,
        results=results,
        resume=results is not None and results.exists(),
    )
    by_aid: dict[int, list[float]] = collections.defaultdict(list)
    by_seat: dict[int, list[float]] = collections.defaultdict(list)
    for result in report.results:
        for seat, aids, share in aid_shares(result):
            by_seat[seat + 1].append(share)
            for aid in aids:
                by_aid[aid].append(share)
    aids, seats = _rows(by_aid), _rows(by_seat)
    print(
        f"sifnos, {args.players} players, {len(report.results)} games of {args.bot} "
        f"({report.total_seconds:.0f} s of play, workers: {args.workers})"
    )
    _print("Setup Aid", aids)
    _print("seat", seats)
    if args.json:
        out = {
            "inputs": vars(args),
            "games": len(report.results),
            "aids": aids,
            "seats": seats,
            "seconds": report.total_seconds,
        }
        text = json.dumps(out, indent=1)
        if args.json == "-":
            sys.stdout.write(text + "\n")
        else:
            with open(args.json, "w") as f:
                f.write(text + "\n")


if __name__ == "__main__":
    main()
