"""Torres in towers against the public Torres JavaScript engine, games per second side by side.

The JavaScript engine is TobiHol/torres (its ``packages/game-logic``, run by Node). It is not
published on the npm registry, so it is not a dependency of towers: bring the repository into a
folder outside this project, install its one dependency, and give this script that folder:

    git clone https://github.com/TobiHol/torres /some/scratch/torres_js
    (cd /some/scratch/torres_js/packages/game-logic && npm install)
    python bench/torres_js.py --js /some/scratch/torres_js
    python bench/torres_js.py --js /some/scratch/torres_js --players 2 --seconds 5 --rounds 5

Without ``--js`` (or with a folder that holds no engine, or no ``node``) it says so and exits 0:
a benchmark, never a test.

Both engines play whole random games: at each step a move is picked uniformly among the legal
ones and applied (towers through its public API, chance included, as ``towers bench`` plays;
the JavaScript engine through ``getLegalMoves`` and ``executeMove``). The runs are interleaved
(JS, then towers, for each player count, ``--rounds`` times) and each is pinned to one core
with ``taskset`` where it exists, so both meet the same machine; the figure to read is the
ratio of the medians, towers over JS, of games per second. The JavaScript engine leaves out the
action cards, the scoring marker and the King's moves of the full rules, so its games are
shorter; games per second is compared all the same, since that is what a user of either gets.

Each side also reports its processor time (Node's ``process.cpuUsage()``, Python's
``time.process_time()``), and the ratio of games per second of processor time is printed
beside the wall-clock one: on a loaded machine a process gets a share of its core that changes
from run to run, which the wall-clock ratio takes in and the processor-time one mostly does not.

Figures (2026-12-06, Node 20, 3 rounds of 3 s): towers with its compiled move generator, load
average about 4: games/s JS 1,760 / 1,465 / 1,138 at 2 / 3 / 4 players, towers 1,282 / 1,016 /
825, a ratio of 0.73 / 0.69 / 0.72 (moves a game: JS 135 / 166 / 216, towers 154 / 212 / 267).
With a state played on its compiled core, load average 13 to 16: ratio 4.44 / 3.82 / 3.80 by
the wall clock, 6.14 / 5.59 / 5.41 by processor time. The goal is 2. ``--before
/path/to/older/towers`` runs an earlier checkout of towers in the same rounds (in that
checkout's folder), for a before/after in one run; figures of such runs are in
docs/games/torres.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "torres_js" / "playout.mjs"

TOWERS_SIDE = """
import json, random, sys, time
import towers
from towers.bench import play_random_game
players, budget = int(sys.argv[1]), float(sys.argv[2])
game = towers.make("torres", players=players)
rng = random.Random(players)
games = moves = 0
cpu = time.process_time()
start = time.perf_counter()
while True:
    moves += play_random_game(game, rng, trusted=False)
    games += 1
    elapsed = time.perf_counter() - start
    if elapsed >= budget:
        break
cpu = time.process_time() - cpu
print(json.dumps({"games": games, "moves": moves, "seconds": elapsed, "cpu_seconds": cpu}))
"""


def pinned(command: list[str]) -> list[str]:
    taskset = shutil.which("taskset")
    return [taskset, "-c", "0", *command] if taskset else command


def run(command: list[str], pythonpath: Path | None = None) -> dict[str, float]:
    """The JSON line ``command`` prints, run pinned in the folder of the towers it imports
    (``python -c`` puts its working folder first on the path, before PYTHONPATH)."""
    env = None if pythonpath is None else dict(os.environ, PYTHONPATH=str(pythonpath))
    folder = HERE.parent if pythonpath is None else pythonpath
    done = subprocess.run(
        pinned(command), capture_output=True, text=True, check=True, env=env, cwd=folder
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def engine_dir(root: Path) -> Path | None:
    """The folder of the JavaScript engine's ``index.js`` in a checkout of TobiHol/torres."""
    for candidate in (root / "packages" / "game-logic", root):
        if (candidate / "index.js").is_file() and (candidate / "src" / "torres.js").is_file():
            return candidate
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--js", type=Path, help="a checkout of TobiHol/torres (see above)")
    parser.add_argument("--players", default="2,3,4", help="player counts, e.g. 2,3,4")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each run")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each engine per count")
    parser.add_argument(
        "--before",
        type=Path,
        help="another checkout of towers (an earlier version) to run interleaved with these two",
    )
    args = parser.parse_args()
    node = shutil.which("node")
    found = engine_dir(args.js.resolve()) if args.js else None
    if found is None or node is None:
        why = "node is not on PATH" if node is None else "no --js checkout of TobiHol/torres given"
        if args.js and node is not None:
            why = f"{args.js} holds no packages/game-logic/index.js"
        print(f"skipped: {why} (see the docstring: python {Path(__file__).name} --help)")
        return 0
    if not (found / "node_modules" / "tinyqueue").is_dir():
        print(f"skipped: run 'npm install' in {found} first (the engine needs tinyqueue)")
        return 0
    counts = [int(p) for p in args.players.split(",")]
    rows = []
    for players in counts:
        js_rates, py_rates, js_lengths, py_lengths = [], [], [], []
        before_rates = []
        js_cpu, py_cpu, before_cpu = [], [], []  # games a second of processor time
        towers_side = [sys.executable, "-c", TOWERS_SIDE, str(players), str(args.seconds)]
        for _ in range(args.rounds):
            js = run([node, str(DRIVER), str(found), str(players), str(args.seconds)])
            if args.before is not None:
                old = run(towers_side, args.before.resolve())
                before_rates.append(old["games"] / old["seconds"])
                before_cpu.append(old["games"] / old["cpu_seconds"])
            py = run(towers_side)
            js_rates.append(js["games"] / js["seconds"])
            py_rates.append(py["games"] / py["seconds"])
            js_cpu.append(js["games"] / js["cpu_seconds"])
            py_cpu.append(py["games"] / py["cpu_seconds"])
            js_lengths.append(js["moves"] / js["games"])
            py_lengths.append(py["moves"] / py["games"])
        js_rate, py_rate = statistics.median(js_rates), statistics.median(py_rates)
        rows.append(
            (
                players,
                js_rate,
                py_rate,
                statistics.median(js_lengths),
                statistics.median(py_lengths),
                statistics.median(py_cpu) / statistics.median(js_cpu),
            )
        )
        print(
            f"{players} players: JS {js_rate:,.0f} games/s ({min(js_rates):,.0f}-{max(js_rates):,.0f}), "
            f"towers {py_rate:,.0f} games/s ({min(py_rates):,.0f}-{max(py_rates):,.0f}), "
            f"ratio {py_rate / js_rate:.2f}; moves a game: JS {rows[-1][3]:.0f}, towers {rows[-1][4]:.0f}",
            flush=True,
        )
        js_c, py_c = statistics.median(js_cpu), statistics.median(py_cpu)
        print(
            f"  by processor time: JS {js_c:,.0f} games/s, towers {py_c:,.0f}, ratio {py_c / js_c:.2f}",
            flush=True,
        )
        if before_rates:
            before = statistics.median(before_rates)
            before_c = statistics.median(before_cpu)
            print(
                f"  before ({args.before}): {before:,.0f} games/s, ratio {before / js_rate:.2f}; "
                f"now {py_rate / before:.2f}x the games/s before; by processor time "
                f"{before_c:,.0f} games/s, ratio {before_c / js_c:.2f}, now {py_c / before_c:.2f}x",
                flush=True,
            )
    print(
        "ratio towers/JS (median of runs): "
        + ", ".join(f"{p}p {py / js:.2f}" for p, js, py, _, _, _ in rows)
        + "; by processor time: "
        + ", ".join(f"{p}p {cpu:.2f}" for p, _, _, _, _, cpu in rows)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
