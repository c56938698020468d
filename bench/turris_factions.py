"""Turris faction balance: win rates by faction side over many bot games.

By default each seat picks its faction and side as its bot decides (Setup step 9), so a side's
figure is its win rate in the games where a bot chose it; how often each side was chosen is
shown beside it. A bot's pick may be the same every game (the first to choose takes what it
rates best), which measures that side only against what is left; ``--factions dealt`` makes
each Setup step 9 choice at random (seeded), so every side is measured about equally often
against every other, the bots playing the rest of the game. Ties share the win; each rate has
its 95% Wilson interval. The published balance study (see docs/games/turris.md) had
Ministers B winning 65.5% of 2-player games; our factions' abilities are designed, so the
figures are a measure of this game's balance, not a replication.

    python bench/turris_factions.py --games 1000 --players 2 --workers 2
    python bench/turris_factions.py --games 1000 --factions dealt
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
from towers.core.game import State
from towers.games.turris.frames import FactionChoice
from towers.sim.simulate import play_game
from towers.sim.specs import parse_seat_spec
from towers.sim.summary import rate_interval


class DealtFaction:
    """Makes the faction choice at random, and every other decision as ``bot`` does."""

    def __init__(self, bot: Any, seed: int) -> None:
        self.bot = bot
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        if isinstance(state.stack[-1], FactionChoice):  # type: ignore[attr-defined]
            return self.rng.choice(state.legal_actions())
        return int(self.bot.choose(state))


def one_game(job: tuple[int, int, str, int, bool]) -> dict[str, Any]:
    index, players, bot, seed, dealt = job
    kind, params = parse_seat_spec(bot)
    game = towers.make("turris", players=players)
    state = game.new_initial_state()
    bots = [
        towers.make_bot(kind, seed=derive_seed(seed, "bot", index, seat), **params)
        for seat in range(players)
    ]
    if dealt:
        bots = [DealtFaction(b, derive_seed(seed, "faction", index, k)) for k, b in enumerate(bots)]
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
    parser.add_argument("--factions", choices=("chosen", "dealt"), default="chosen")
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    dealt = args.factions == "dealt"
    jobs = [(i, args.players, args.bot, args.seed, dealt) for i in range(args.games)]
    started = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            games = pool.map(one_game, jobs, chunksize=4)
    else:
        games = [one_game(job) for job in jobs]
    seconds = time.perf_counter() - started
    results: dict[str, list[float]] = collections.defaultdict(list)
    for g in games:
        for seat, side in enumerate(g["sides"]):
            won = g["winners"]
            results[side].append(1 / len(won) if seat in won else 0.0)
    rows = {}
    for side in sorted(results, key=lambda s: -sum(results[s]) / len(results[s])):
        got = results[side]
        ci = rate_interval(got)
        assert ci is not None
        rows[side] = {
            "chosen": len(got),
            "wins": sum(got),
            "win_rate": sum(got) / len(got),
            "interval": ci.to_dict(),
        }
    print(
        f"turris, {args.players} players, {args.games} games of {args.bot}, factions "
        f"{args.factions} ({seconds:.0f} s, {args.workers} workers)"
    )
    print(f"{'faction side':<22}{'seats':>8}{'win rate':>10}  95% interval")
    for side, row in rows.items():
        ci = row["interval"]
        print(
            f"{side:<22}{row['chosen']:>8}{row['win_rate']:>10.1%}"
            f"  {ci['low']:.1%}..{ci['high']:.1%}"
        )
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
