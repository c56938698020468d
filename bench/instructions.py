"""Machine instructions per action of random playouts, counted by valgrind's callgrind.

Wall-clock figures (``towers bench``) move by a third from run to run on a shared virtual
machine; instruction counts repeat to a fraction of a percent whatever else runs, so they
are the figure to compare two versions of a game's engine by. The count covers legal actions
plus apply, chance included, through the trusted path, as the bench's playouts do.

The same fixed games are played twice, once short and once long, in two valgrind runs; the
difference between the runs divided by the difference in actions is the cost of one action,
without the interpreter's start-up and imports.

    python bench/instructions.py                   # torres, 2-4 players
    python bench/instructions.py tiletum --games 4
    python bench/instructions.py sifnos --players 2-4
    python bench/instructions.py dark_tower -o mode=competitive -o difficulty=gritty

Needs valgrind (Debian: ``apt-get install valgrind``). A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from typing import Any


def play(game_name: str, games: int, counts: str = "", options: list[str] | None = None) -> int:
    """Play ``games`` random games per player count (``counts``, e.g. ``2-4``; default every
    count the options allow) from fixed seeds, with the game's ``options`` (``key=value``
    each); the actions played."""
    import towers
    from towers.bench import play_random_game
    from towers.core.registry import games_allowed
    from towers.terminal.parsing import parse_player_counts

    chosen = parse_options(options or [])
    allowed = [game.num_players for game in games_allowed(game_name, **chosen)]
    actions = 0
    low, high = towers.make(game_name, players=None).min_players, max(allowed)
    for players in parse_player_counts(counts, low, high) if counts else allowed:
        game = towers.make(game_name, players=players, **chosen)
        rng = random.Random(players)
        for _ in range(games):
            actions += play_random_game(game, rng, trusted=True)
    return actions


def parse_options(options: list[str]) -> dict[str, Any]:
    """``key=value`` texts as game options, each value read as a person types it."""
    from towers.core.options import parse_value

    chosen = {}
    for text in options:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            sys.exit(f"a game option is key=value, not {text!r}")
        chosen[key.strip()] = parse_value(value)
    return chosen


def count(
    game_name: str, games: int, counts: str = "", options: list[str] | None = None
) -> tuple[int, int, str]:
    """(actions, instructions, which twins ran) of one valgrind run playing ``games`` games
    per count."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--play",
            game_name,
            "--games",
            str(games),
            *(["--players", counts] if counts else []),
            *[arg for option in options or [] for arg in ("-o", option)],
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    actions = int(re.search(r"^actions (\d+)$", done.stdout, re.M).group(1))  # type: ignore[union-attr]
    instructions = int(re.search(r"Collected : (\d+)", done.stderr).group(1))  # type: ignore[union-attr]
    twins = ", ".join(
        f"{name.rpartition('.')[2]} {how}"
        for name, how in re.findall(r"^twin (\S+) (\S+)$", done.stdout, re.M)
    )
    return actions, instructions, twins


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """``-o KEY=VALUE``, repeated: the game options, read by :func:`parse_options`."""
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. -o mode=competitive (repeat for more)",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="torres")
    parser.add_argument("--games", type=int, default=8, help="games per player count (long run)")
    parser.add_argument("--players", default="", help="player counts, e.g. 2-4 (default: all)")
    add_option_argument(parser)
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        print(f"actions {play(args.game, args.games, args.players, args.option)}")
        from towers.core.compiled import twins_chosen

        for name, used in twins_chosen().items():
            print(f"twin {name} {'compiled' if used else 'plain'}")
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    short = max(1, args.games // 4)
    parse_options(args.option)  # a malformed one refused before valgrind runs
    a1, i1, _ = count(args.game, short, args.players, args.option)
    a2, i2, twins = count(args.game, args.games, args.players, args.option)
    named = "".join(f" {option}" for option in args.option)
    print(
        f"{args.game}{named}: {(i2 - i1) / (a2 - a1):,.0f} instructions per action "
        f"({a2 - a1:,} actions measured, Python {sys.version.split()[0]}"
        + (f"; {twins}" if twins else "")
        + ")"
    )


if __name__ == "__main__":
    main()
