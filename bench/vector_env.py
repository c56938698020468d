"""The vector environment against as many single Gymnasium environments, steps per second in
the same run.

For a game and player count, ``--envs`` games are played both ways from the same seeds, in
alternation, ``--rounds`` times, for ``--steps`` steps each:

- single: ``towers.env.gymnasium(...)`` environments, each stepped in turn (and reset
  without a seed when its game ends, as an autoreset does);
- vector: one ``towers.env.vector_env(...)`` of ``--envs`` games, stepped with all the
  actions at once.

The learner's action in each game is drawn from its mask by a numpy generator seeded the
same both ways, and the opponents are random bots, so both play the very same games (the
script checks the observations agree at the end of each round). It prints the environment
steps per second of each (the median of the rounds) and the ratio (the median of the
rounds' ratios). Wall-clock figures move with whatever else runs on the machine.

    python bench/vector_env.py                      # torres, 3 players, 64 envs
    python bench/vector_env.py tiletum --players 2 --envs 16 --steps 100

A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

import numpy as np


def pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One legal action a game (the first action where none is legal)."""
    actions = np.zeros(len(masks), np.int64)
    for i, mask in enumerate(masks.view(np.bool_)):  # bools: found some 8 times faster
        legal = np.flatnonzero(mask)
        if len(legal):
            actions[i] = legal[int(rng.integers(len(legal)))]
    return actions


def singles(name: str, players: int, envs: int, steps: int, seed: int) -> tuple[float, Any]:
    import towers.env

    games = [towers.env.gymnasium(name, ["random"] * (players - 1)) for _ in range(envs)]
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    got = [game.reset(seed=seed + i)[0] for i, game in enumerate(games)]
    restart = [False] * envs
    for _ in range(steps):
        actions = pick(np.stack([o["action_mask"] for o in got]), rng)
        for i, game in enumerate(games):
            if restart[i]:
                got[i] = game.reset()[0]
                restart[i] = False
            else:
                got[i], _, done, _, _ = game.step(actions[i])
                restart[i] = done
    elapsed = time.perf_counter() - start
    return elapsed, np.stack([o["observation"] for o in got])


def vector(name: str, players: int, envs: int, steps: int, seed: int) -> tuple[float, Any]:
    import towers.env

    env = towers.env.vector_env(name, envs, ["random"] * (players - 1))
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    obs, _ = env.reset(seed=seed)
    for _ in range(steps):
        obs, _, _, _, _ = env.step(pick(obs["action_mask"], rng))
    elapsed = time.perf_counter() - start
    return elapsed, obs["observation"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="torres")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=200, help="steps of every env a round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from batch import twins_used  # bench/batch.py, beside this script

    import towers.env

    engine = type(towers.env.vector_env(args.game, 1, ["random"] * (args.players - 1)).engine)
    print(
        f"Python {sys.version.split()[0]}; {args.game}, {args.players} players, {args.envs} "
        f"envs, {args.steps} steps, {args.rounds} rounds; the vector env's engine: "
        f"{engine.__module__}.{engine.__name__}"
    )
    one, many, ratios = [], [], []
    for r in range(args.rounds):
        seed = 1000 * r
        t1, last1 = singles(args.game, args.players, args.envs, args.steps, seed)
        t2, last2 = vector(args.game, args.players, args.envs, args.steps, seed)
        if not np.array_equal(last1, last2):
            sys.exit(f"round {r}: the vector env's games differ from the single envs'")
        stepped = args.envs * args.steps
        one.append(stepped / t1)
        many.append(stepped / t2)
        ratios.append(t1 / t2)
    print(
        f"single envs {statistics.median(one):,.0f} steps/s, vector env "
        f"{statistics.median(many):,.0f} steps/s, ratio {statistics.median(ratios):.1f} "
        f"(rounds: {', '.join(f'{x:.1f}' for x in ratios)})"
    )
    print(f"twins: {twins_used()}")


if __name__ == "__main__":
    main()
