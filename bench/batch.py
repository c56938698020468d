"""The batch path against the one-game engine: random playouts, actions per second, same run.

For each game with a batch engine of its own (:func:`towers.core.batch.batch_engine`) and
each player count, the same seeds are played both ways, in alternation, ``--rounds`` times:

- one-game: ``towers.bench.play_random_game(game, random.Random(seed), trusted=True)`` for
  each seed (the public API, chance included);
- batch: one engine of all the seeds, ``reset(seeds)`` then ``play_random()``, which plays
  the very same games (``--check`` compares their lengths and final states).

It prints the actions per second of each (the median of the rounds) and the ratio (the
median of the rounds' ratios). Wall-clock figures move with whatever else runs on the
machine; ``--instructions`` counts machine instructions with valgrind's callgrind instead,
as ``bench/instructions.py`` does (two runs of each path, short and long; the difference in
instructions over the difference in actions).

    python bench/batch.py                       # every game with a batch engine
    python bench/batch.py torres --games 200 --rounds 5
    python bench/batch.py torres --check
    python bench/batch.py torres --instructions
    python bench/batch.py sifnos --players 2 -o solo_opponent=true

A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from typing import Any

from instructions import add_option_argument, parse_options


def with_batch_engines(names: list[str], options: dict[str, Any]) -> list[tuple[str, int]]:
    """(game, players) for each named game (default: all) and count with a batch engine for
    the game ``options``."""
    from towers.core.batch import batch_engine
    from towers.core.registry import games_allowed, list_games

    found = []
    for name in names or sorted(list_games()):
        for game in games_allowed(name, **options):
            if batch_engine(game, 1) is not None:
                found.append((name, game.num_players))
    return found


def one_game(game: Any, seeds: range) -> int:
    from towers.bench import play_random_game

    return sum(play_random_game(game, random.Random(seed), trusted=True) for seed in seeds)


def batched(game: Any, seeds: range) -> int:
    from towers.core.batch import batch_engine

    engine = batch_engine(game, len(seeds))
    assert engine is not None
    engine.reset(seeds)
    return sum(engine.play_random())


def measure(
    name: str, players: int, games: int, rounds: int, options: dict[str, Any]
) -> dict[str, float]:
    import towers

    game = towers.make(name, players=players, **options)
    single, batch, ratios = [], [], []
    for r in range(rounds):
        seeds = range(r * games, (r + 1) * games)
        start = time.perf_counter()
        actions = one_game(game, seeds)
        t1 = time.perf_counter() - start
        start = time.perf_counter()
        again = batched(game, seeds)
        t2 = time.perf_counter() - start
        if again != actions:
            raise SystemExit(
                f"{name}, {players} players: the batch played {again} actions, not {actions}"
            )
        single.append(actions / t1)
        batch.append(actions / t2)
        ratios.append(t1 / t2)
    return {
        "one_game": statistics.median(single),
        "batch": statistics.median(batch),
        "ratio": statistics.median(ratios),
        "actions": actions,
    }


def check(name: str, players: int, games: int, options: dict[str, Any]) -> int:
    """Compare the batch's games with the one-game engine's: lengths, final fields."""
    import towers
    from towers.core.batch import batch_engine, random_playout

    game = towers.make(name, players=players, **options)
    engine = batch_engine(game, games)
    assert engine is not None
    engine.reset(range(games))
    lengths = engine.play_random()
    for seed in range(games):
        state = random_playout(game, random.Random(seed))
        want = state.to_fields()
        got = engine.state(seed).to_fields()
        want.pop("_history")
        got.pop("_history")
        if lengths[seed] != len(state.history()) or want != got:
            raise SystemExit(f"{name}, {players} players, seed {seed}: the games differ")
    return games


def state_rollout_bot(**params: Any) -> Any:
    """An ``mcts`` bot whose rollouts are played on the state, as a game without a batch
    engine of its own plays them: the reference the batch engine's rollouts are timed and
    checked against."""
    from towers.agents.mcts import MCTSBot

    class StateRollouts(MCTSBot):
        def _begin(self, state: Any) -> bool:
            hidden: bool = super()._begin(state)
            self._rollouts = None
            return hidden

    return StateRollouts(**params)


def rollouts(
    name: str,
    players: int,
    depths: list[int],
    iterations: int,
    rounds: int,
    options: dict[str, Any],
) -> None:
    """mcts with ``rollout_depth`` each of ``depths``: iterations/s with its rollouts played on
    the state and in the batch engine, the same searches (the same seeds, the same stats)."""
    import towers
    from towers.agents.mcts import MCTSBot
    from towers.core.chance import random_action

    game = towers.make(name, players=players, **options)
    positions = []
    for seed, steps in ((1, 40), (2, 90), (3, 140)):
        state = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            state.apply_action(random_action(state, rng))
        while state.is_chance_node():
            state.apply_action(random_action(state, rng))
        positions.append(state)
    for depth in depths:
        plain, fast, ratios, same = [], [], [], True
        for _ in range(rounds):
            times = []
            stats = []
            for make in (state_rollout_bot, MCTSBot):
                elapsed = 0.0
                found = []
                for k, state in enumerate(positions):
                    bot = make(seed=k, iterations=iterations, rollout_depth=depth)
                    start = time.process_time()
                    bot.choose(state)
                    elapsed += time.process_time() - start
                    found.append(bot.action_stats)
                times.append(elapsed)
                stats.append(found)
            same = same and stats[0] == stats[1]
            done = iterations * len(positions)
            plain.append(done / times[0])
            fast.append(done / times[1])
            ratios.append(times[0] / times[1])
        print(
            f"{name}, {players} players, rollout_depth {depth}: on the state "
            f"{statistics.median(plain):,.0f} iterations/s, in the batch engine "
            f"{statistics.median(fast):,.0f}, ratio {statistics.median(ratios):.2f}; "
            f"same searches: {'yes' if same else 'NO'}"
        )


def instructions(
    name: str, players: int, games: int, path: str, options: list[str]
) -> tuple[int, int]:
    """(actions, instructions) of one valgrind run of ``path`` over ``games`` seeds."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         __file__, name, "--play", path, "--players", str(players), "--games", str(games),
         *[arg for option in options for arg in ("-o", option)]],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    actions = int(re.search(r"^actions (\d+)$", done.stdout, re.M).group(1))  # type: ignore[union-attr]
    count = int(re.search(r"Collected : (\d+)", done.stderr).group(1))  # type: ignore[union-attr]
    return actions, count


def per_action(name: str, players: int, games: int, path: str, options: list[str]) -> float:
    a1, i1 = instructions(name, players, max(1, games // 4), path, options)
    a2, i2 = instructions(name, players, games, path, options)
    return (i2 - i1) / (a2 - a1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games (default: every one with a batch engine)")
    parser.add_argument("--games", dest="count", type=int, default=100, help="seeds a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", type=int, default=0, help="one player count only")
    parser.add_argument("--check", action="store_true", help="compare the games both ways")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument(
        "--rollouts",
        default="",
        help="mcts rollout depths to time, as 4,16,1000 (1000: to the end)",
    )
    parser.add_argument("--iterations", type=int, default=200, help="mcts iterations, --rollouts")
    add_option_argument(parser)
    parser.add_argument("--play", choices=("one", "batch"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    options = parse_options(args.option)
    if args.play:
        import towers

        game = towers.make(args.games[0], players=args.players, **options)
        play = one_game if args.play == "one" else batched
        print(f"actions {play(game, range(args.count))}")
        return
    pairs = [
        (n, p)
        for n, p in with_batch_engines(args.games, options)
        if p == args.players or not args.players
    ]
    if not pairs:
        sys.exit("no game named has a batch engine")
    if args.instructions and shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    print(f"Python {sys.version.split()[0]}; {args.count} games a round, {args.rounds} rounds")
    if args.option:
        print(f"options: {', '.join(args.option)}")
    for name, players in pairs:
        if args.rollouts:
            depths = [int(d) for d in args.rollouts.split(",")]
            rollouts(name, players, depths, args.iterations, args.rounds, options)
            continue
        if args.check:
            alike = check(name, players, args.count, options)
            print(f"{name}, {players} players: {alike} games alike")
            continue
        if args.instructions:
            one = per_action(name, players, args.count, "one", args.option)
            batch = per_action(name, players, args.count, "batch", args.option)
            print(
                f"{name}, {players} players: one-game {one:,.0f} instructions/action, "
                f"batch {batch:,.0f}, ratio {one / batch:.1f}"
            )
            continue
        got = measure(name, players, args.count, args.rounds, options)
        print(
            f"{name}, {players} players: one-game {got['one_game']:,.0f} actions/s, "
            f"batch {got['batch']:,.0f} actions/s, ratio {got['ratio']:.1f}"
        )
    print(f"twins: {twins_used()}")


def twins_used() -> str:
    """Which compiled twins were used, in words."""
    from towers.core.compiled import twins_chosen

    return ", ".join(
        f"{n.rpartition('.')[2]} {'compiled' if u else 'plain'}" for n, u in twins_chosen().items()
    )


if __name__ == "__main__":
    main()
