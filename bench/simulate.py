"""Games a second of ``towers simulate`` on 1 and 2 local workers, and on Ray, with the cost
of farming games out.

    python bench/simulate.py torres --seats greedy,random --games 200
    python bench/simulate.py torres --ray local               # a Ray instance started here
    ray start --head --num-cpus 2 && python bench/simulate.py torres --ray auto

For each way of running it prints games a second, the ratio to one worker, and the overhead
per game: the CPU seconds a game costs beyond playing it, ``(workers x wall - the games' own
seconds) / games`` (starting the workers, sending jobs and results, scheduling; Ray's own
start-up is timed apart, before its run). Every way
plays the same games (the same seeds), and the script checks that they end the same. A
benchmark, not a test: on a shared machine the figures move from run to run.
"""

from __future__ import annotations

import argparse
import time

from towers.sim import run_simulation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seats", default="random,random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ray", help="a Ray address (or 'local'), to time Ray with 2 workers")
    args = parser.parse_args()
    seats = args.seats.split(",")
    ways: list[tuple[str, int, str | None]] = [("1 worker", 1, None), ("2 workers", 2, None)]
    if args.ray:
        ways.append((f"Ray at {args.ray}, 2 CPUs", 2, args.ray))
    baseline = None
    reference = None
    print(f"{args.game}, {args.seats}, {args.games} games")
    for name, workers, ray in ways:
        if ray is not None:
            # joining the cluster and starting its workers is paid once, not by each game
            from towers.sim.cluster import connect

            start = time.perf_counter()
            connect(ray, workers)
            run_simulation(args.game, len(seats), 4, seats, args.seed, workers=workers, ray=ray)
            print(f"{'Ray start-up':>24}: {time.perf_counter() - start:.1f} s (not counted below)")
        start = time.perf_counter()
        report = run_simulation(
            args.game, len(seats), args.games, seats, args.seed, workers=workers, ray=ray
        )
        wall = time.perf_counter() - start
        played = sum(r.seconds for r in report.results)
        rate = args.games / wall
        baseline = baseline or rate
        overhead = (workers * wall - played) / args.games
        ended = [r.to_dict(timings=False) for r in report.results]
        reference = reference or ended
        same = "same games" if ended == reference else "DIFFERENT GAMES"
        print(
            f"{name:>24}: {rate:7.2f} games/s  x{rate / baseline:4.2f}  "
            f"{1000 * played / args.games:7.1f} ms a game  "
            f"overhead {1000 * overhead:6.1f} ms a game  ({wall:.1f} s, {same})"
        )


if __name__ == "__main__":
    main()
