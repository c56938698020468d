"""(Re)write the perft and golden test data of a game for every player count.

    python scripts/make_test_data.py GAME [GAME ...]

Files go to tests/data/<game>/perft/ and tests/data/<game>/golden/; the old files there are
removed first. Seeds and prefix lengths are fixed, so rerunning after an intended rules
change gives the new counts and digests (review the diff before keeping it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tests.conftest  # noqa: E402, F401  (registers the games that exist only for tests)
import towers  # noqa: E402
from towers.core.conformance import (  # noqa: E402
    check_golden,
    check_perft,
    make_golden_record,
    make_perft_record,
    random_history,
)
from towers.core.errors import GameOptionError  # noqa: E402
from towers.core.registry import game_class  # noqa: E402

PERFT_SEED = 1
PERFT_PREFIXES = (0, 7, 30, 90)
"""Actions played before counting (fewer when the seed's game is shorter)."""
PERFT_DEPTH = 2
GOLDEN_SEEDS = (1, 2)


def dump(record: dict[str, Any]) -> str:
    """One key a line: readable diffs without a line per action of a long history."""
    lines = [
        f" {json.dumps(k)}: {json.dumps(v, separators=(', ', ': '))}" for k, v in record.items()
    ]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def write_game(name: str) -> list[Path]:
    cls = game_class(name)
    base = ROOT / "tests" / "data" / name
    written: list[Path] = []
    for kind in ("perft", "golden"):
        folder = base / kind
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.json"):
            old.unlink()
    # a game may name option sets worth their own data (TEST_VARIANTS: suffix -> options)
    variants: dict[str, dict[str, Any]] = {"": {}, **getattr(cls, "TEST_VARIANTS", {})}
    for suffix, options in variants.items():
        tag = f"-{suffix}" if suffix else ""
        for players in range(cls.min_players, cls.max_players + 1):
            try:
                game = towers.make(name, players=players, **options)
            except GameOptionError:
                continue  # the variant is not for this player count
            full = random_history(game, PERFT_SEED)
            for k in sorted({min(k, len(full) - 1) for k in PERFT_PREFIXES}):
                record = make_perft_record(game, PERFT_SEED, k, PERFT_DEPTH)
                check_perft(game, record)
                path = base / "perft" / f"{players}p{tag}-seed{PERFT_SEED}-after{k}.json"
                path.write_text(dump(record))
                written.append(path)
            for seed in GOLDEN_SEEDS:
                record = make_golden_record(game, seed)
                check_golden(record)
                path = base / "golden" / f"{players}p{tag}-seed{seed}.json"
                path.write_text(dump(record))
                written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", metavar="GAME", help=", ".join(towers.list_games()))
    args = parser.parse_args(argv)
    for name in args.games:
        for path in write_game(name):
            print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
