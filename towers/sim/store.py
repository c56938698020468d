"""Results files: one row a game, written as each game ends, so that a run that is stopped
can go on where it stopped and a finished one can be summed up again without replaying it.

Two formats, told apart by the file's name:

- ``*.sqlite`` (or ``*.db``, ``*.sqlite3``): a SQLite database, the standard library's. Each
  game is committed as it arrives (write-ahead log), so a run killed at any moment keeps every
  game it had finished. The file's tables are made in one transaction, and a file left blank
  by a run killed while making it is made again.
- ``*.parquet``: a folder of Parquet files (pyarrow, ``towers[parquet]``), which tools such as
  pandas, polars and DuckDB read as one table. Games are gathered and written a part file at
  a time (every :data:`PARQUET_ROWS` games or :data:`PARQUET_SECONDS` seconds), so a killed
  run loses at most the games since the last part, which ``resume`` plays again (to the same
  results: a game depends only on its seed). A folder left without its inputs by a run
  killed while making it is made again.

Both hold the run's inputs and line-up beside the games: ``resume`` refuses a file made by a
run with other inputs (game, players, seats or bots, seed, options, bot parameters, rotation)
and takes any number of games, workers or a cluster.

Each row: ``index``, ``seed``, ``seats`` (the label at each seat), ``lineup`` (the entry at
each seat), ``options``, ``scores``, ``returns``, ``winners``, ``actions`` (the game's
length), ``decisions``, ``thinking`` and ``seconds`` (timings), and ``balance`` (the game's
balance facets); lists and mappings are JSON text.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from towers.core.errors import GameOptionError
from towers.core.options import value_text
from towers.sim.specs import SeatEntry
from towers.sim.summary import GameResult, SimulationReport, summarize

FORMAT = "towers-results/1"
SQLITE_SUFFIXES = (".sqlite", ".sqlite3", ".db")
PARQUET_SUFFIX = ".parquet"
PARQUET_ROWS = 256
PARQUET_SECONDS = 10.0
RUN_FILE = "_run.json"
"""Named so that Parquet readers of the folder (pyarrow, DuckDB, Spark) pass over it."""

IGNORED_ON_RESUME = ("games", "workers", "ray")
"""Inputs a resumed run may change: how many games, and where they are played."""

COLUMNS = (
    "index",
    "seed",
    "seats",
    "lineup",
    "options",
    "scores",
    "returns",
    "winners",
    "actions",
    "decisions",
    "thinking",
    "seconds",
    "balance",
)
JSON_COLUMNS = frozenset(
    {"seats", "lineup", "options", "scores", "returns", "winners", "decisions", "thinking"}
    | {"balance"}
)


def to_row(result: GameResult, seats: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
    """A game as a results file's row (plain values; lists and mappings as JSON text)."""
    best = max(result.returns) if result.returns else 0.0
    row: dict[str, Any] = {
        "index": result.index,
        "seed": result.seed,
        "seats": list(seats),
        "lineup": list(result.lineup),
        "options": dict(options),
        "scores": list(result.scores),
        "returns": list(result.returns),
        "winners": [s for s, v in enumerate(result.returns) if v > 0 and v == best],
        "actions": result.actions,
        "decisions": list(result.decisions),
        "thinking": list(result.thinking),
        "seconds": result.seconds,
        "balance": dict(result.balance),
    }
    return {k: json.dumps(v) if k in JSON_COLUMNS else v for k, v in row.items()}


def from_row(row: dict[str, Any]) -> GameResult:
    data = {k: json.loads(v) if k in JSON_COLUMNS else v for k, v in row.items()}
    return GameResult.from_dict(data)


class Store(Protocol):
    meta: dict[str, Any]
    """The format, the run's inputs and its line-up (entries)."""

    def results(self) -> list[GameResult]: ...
    def elapsed(self) -> float: ...
    def add(self, result: GameResult, seats: Sequence[str], options: dict[str, Any]) -> None: ...
    def close(self, elapsed: float | None = None) -> None:
        """Write what is pending and, unless None, the run's seconds so far."""


def _kind(path: Path) -> str:
    if path.suffix in SQLITE_SUFFIXES:
        return "sqlite"
    if path.suffix == PARQUET_SUFFIX:
        return "parquet"
    raise GameOptionError(
        f"{path}: a results file ends in {', '.join(SQLITE_SUFFIXES)} (SQLite) "
        f"or {PARQUET_SUFFIX} (Parquet)"
    )


def _check_same_run(path: Path, stored: dict[str, Any], inputs: dict[str, Any]) -> None:
    for key in sorted(set(stored) | set(inputs)):
        if key in IGNORED_ON_RESUME:
            continue
        if stored.get(key) != inputs.get(key):
            raise GameOptionError(
                f"{path} holds a run with {key} {json.dumps(stored.get(key))}, not "
                f"{json.dumps(inputs.get(key))}; resume it with the same inputs, or give "
                f"another results file"
            )


def _meta(inputs: dict[str, Any], entries: Sequence[SeatEntry]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "inputs": json.loads(json.dumps(inputs)),
        "entries": [e.to_dict() for e in entries],
    }


def _read_meta(path: Path, text: str | None) -> dict[str, Any]:
    try:
        meta = json.loads(text or "")
    except ValueError:
        meta = None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise GameOptionError(f"{path} is not a towers results file")
    return meta


class SqliteStore:
    """A results file in SQLite; see the module's docstring."""

    def __init__(self, path: Path, meta: dict[str, Any] | None, resume: bool) -> None:
        self.path = path
        existed = path.exists()
        try:
            # a file only read is opened read-only: its journal is left as it was
            self.db = (
                sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
                if meta is None
                else sqlite3.connect(path)
            )
        except sqlite3.Error as exc:
            raise GameOptionError(f"{path} cannot be opened as a SQLite file: {exc}") from exc
        try:
            if existed and meta is not None and self._blank():
                existed = False  # made by a run stopped before it had written anything
            self.meta = self._stored_meta() if existed else meta or {}
            if meta is not None:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
            if existed and meta is not None:
                if not resume and self._count():
                    raise GameOptionError(
                        f"{path} already holds games; carry the run on with --resume, or give "
                        f"another results file"
                    )
                _check_same_run(path, self.meta["inputs"], meta["inputs"])
                self._set("inputs", meta["inputs"])
        except (sqlite3.Error, GameOptionError) as exc:
            self.db.close()
            if isinstance(exc, GameOptionError):
                raise
            raise GameOptionError(f"{path} cannot be opened as a SQLite file: {exc}") from exc
        if existed:
            return
        assert meta is not None  # open_store reads only a file that exists
        columns = ", ".join(
            f'"{c}"' + (" INTEGER PRIMARY KEY" if c == "index" else "") for c in COLUMNS
        )
        # one transaction (the module's own would commit each CREATE TABLE by itself): a run
        # stopped while making the file leaves it whole or blank, never half made
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for table in ("run", "games"):
                self.db.execute(f"DROP TABLE IF EXISTS {table}")
            self.db.execute("CREATE TABLE run (key TEXT PRIMARY KEY, value TEXT)")
            self.db.execute(f"CREATE TABLE games ({columns})")
            self.db.execute("INSERT INTO run VALUES ('meta', ?)", (json.dumps(meta),))
            self.db.execute("INSERT INTO run VALUES ('elapsed', '0')")
            self.db.commit()
        except BaseException:
            self.db.rollback()
            self.db.close()
            raise

    def _blank(self) -> bool:
        """Whether the file holds no run: no tables at all, or only this module's tables
        without the run's inputs and without a game (a file left by a run stopped while it
        was being made)."""
        tables = {
            r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        if not tables:
            return True
        if not tables <= {"run", "games"}:
            return False
        if (
            "run" in tables
            and self.db.execute("SELECT count(*) FROM run WHERE key = 'meta'").fetchone()[0]
        ):
            return False
        return "games" not in tables or not self._count()

    def _stored_meta(self) -> dict[str, Any]:
        try:
            row = self.db.execute("SELECT value FROM run WHERE key = 'meta'").fetchone()
        except sqlite3.OperationalError:
            row = None  # a database without our tables
        return _read_meta(self.path, row[0] if row else None)

    def _set(self, key: str, value: Any) -> None:
        self.meta[key] = value
        with self.db:
            self.db.execute("UPDATE run SET value = ? WHERE key = 'meta'", (json.dumps(self.meta),))

    def _count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM games").fetchone()[0])

    def results(self) -> list[GameResult]:
        cursor = self.db.execute(
            "SELECT " + ", ".join(f'"{c}"' for c in COLUMNS) + ' FROM games ORDER BY "index"'
        )
        return [from_row(dict(zip(COLUMNS, row, strict=True))) for row in cursor]

    def elapsed(self) -> float:
        row = self.db.execute("SELECT value FROM run WHERE key = 'elapsed'").fetchone()
        return float(row[0]) if row else 0.0

    def add(self, result: GameResult, seats: Sequence[str], options: dict[str, Any]) -> None:
        row = to_row(result, seats, options)
        marks = ", ".join("?" for _ in COLUMNS)
        with self.db:
            self.db.execute(
                f"INSERT OR REPLACE INTO games VALUES ({marks})", [row[c] for c in COLUMNS]
            )

    def close(self, elapsed: float | None = None) -> None:
        if elapsed is not None:
            with self.db:
                self.db.execute("UPDATE run SET value = ? WHERE key = 'elapsed'", (repr(elapsed),))
        self.db.close()


class ParquetStore:
    """A results folder of Parquet part files; see the module's docstring."""

    def __init__(self, path: Path, meta: dict[str, Any] | None, resume: bool) -> None:
        try:
            import pyarrow  # noqa: F401
        except ImportError as exc:
            raise GameOptionError(
                "Parquet results need pyarrow: pip install 'towers[parquet]', or name a "
                ".sqlite file"
            ) from exc
        self.path = path
        self.pending: list[dict[str, Any]] = []
        self.last_write = time.monotonic()
        run = path / RUN_FILE
        if path.exists() and meta is not None and _blank_folder(path):
            # made by a run stopped before it had written its inputs: made again
            for left in path.iterdir():
                left.unlink()
            path.rmdir()
        if path.exists():
            if not path.is_dir() or not run.is_file():
                raise GameOptionError(f"{path} is not a towers results folder")
            self.meta = _read_meta(path, run.read_text())
            if meta is not None:
                if not resume and self._parts():
                    raise GameOptionError(
                        f"{path} already holds games; carry the run on with --resume, or give "
                        f"another results file"
                    )
                _check_same_run(path, self.meta["inputs"], meta["inputs"])
                self.meta["inputs"] = meta["inputs"]
                self._write_meta()
            return
        if meta is None:
            raise GameOptionError(f"{path} does not exist")
        path.mkdir()
        self.meta = {**meta, "elapsed": 0.0}
        self._write_meta()

    def _write_meta(self) -> None:
        temporary = self.path / (RUN_FILE + ".new")
        temporary.write_text(json.dumps(self.meta))
        temporary.replace(self.path / RUN_FILE)

    def _parts(self) -> list[Path]:
        return sorted(self.path.glob("part-*.parquet"))

    def results(self) -> list[GameResult]:
        import pyarrow.parquet as pq

        found: dict[int, GameResult] = {}
        for part in self._parts():
            for row in pq.read_table(part).to_pylist():
                result = from_row(row)
                found[result.index] = result
        return [found[i] for i in sorted(found)]

    def elapsed(self) -> float:
        return float(self.meta.get("elapsed", 0.0))

    def add(self, result: GameResult, seats: Sequence[str], options: dict[str, Any]) -> None:
        self.pending.append(to_row(result, seats, options))
        if (
            len(self.pending) >= PARQUET_ROWS
            or time.monotonic() - self.last_write >= PARQUET_SECONDS
        ):
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not self.pending:
            return
        table = pa.Table.from_pylist(self.pending)
        number = len(self._parts())
        temporary = self.path / f".part-{number:06d}.tmp"
        pq.write_table(table, temporary)
        # a part appears whole or not at all, whenever the run is stopped
        temporary.replace(self.path / f"part-{number:06d}.parquet")
        self.pending = []
        self.last_write = time.monotonic()

    def close(self, elapsed: float | None = None) -> None:
        self._flush()
        if elapsed is not None:
            self.meta["elapsed"] = elapsed
            self._write_meta()


def _blank_folder(path: Path) -> bool:
    """Whether ``path`` is a folder holding nothing but what a results folder's writing
    leaves half done (its inputs or a part not yet in place)."""
    if not path.is_dir() or (path / RUN_FILE).exists():
        return False
    return all(
        f.is_file()
        and (f.name == RUN_FILE + ".new" or (f.name.startswith(".part-") and f.suffix == ".tmp"))
        for f in path.iterdir()
    )


def open_store(
    path: str | Path,
    inputs: dict[str, Any] | None = None,
    entries: Sequence[SeatEntry] = (),
    resume: bool = False,
) -> Store:
    """The results file at ``path``: for a run (``inputs`` given), made or, with ``resume``,
    carried on; without ``inputs``, an existing file opened to be read."""
    path = Path(path)
    kind = _kind(path)
    if inputs is None and not path.exists():
        raise GameOptionError(f"{path} does not exist")
    meta = _meta(inputs, entries) if inputs is not None else None
    if kind == "sqlite":
        return SqliteStore(path, meta, resume)
    return ParquetStore(path, meta, resume)


def load_report(path: str | Path) -> SimulationReport:
    """The report of the run a results file holds, summed up from its rows (no game is
    replayed); ``inputs["games"]`` is what the run was asked for, ``games`` what it holds."""
    path = Path(path)
    if not path.exists():
        raise GameOptionError(f"{path} does not exist")
    store = open_store(path)
    try:
        meta = store.meta
        entries = [
            SeatEntry(e["label"], e["bot"], dict(e.get("params") or {})) for e in meta["entries"]
        ]
        results = store.results()
        return summarize(dict(meta["inputs"]), entries, results, store.elapsed())
    finally:
        store.close()


OPTIONS_FACET = "options"
"""The balance facet a report of several runs splits their games by: each run's options."""


def options_label(options: dict[str, Any]) -> str:
    """``{"variant": "master"}`` -> ``"variant=master"``, as ``-o`` takes it; no options ->
    ``"defaults"``."""
    return ", ".join(f"{k}={value_text(v)}" for k, v in sorted(options.items())) or "defaults"


def load_reports(paths: Sequence[str | Path]) -> SimulationReport:
    """The report of one results file, or of several runs of one game with the same line-up
    (before and after rule changes, say) taken together: their games in the order of the
    files, each game's balance facets given one more, ``options``, its run's options, so that
    the report shows the win rate by seat under each set of rules.

    The runs of a cooperative game may also have teams of different sizes (one hero and two,
    say), whose one figure, the team's win rate, they share: the line-up of a smaller team
    is then the start of the largest one's (``greedy`` and ``greedy, greedy#2``), and the
    report's ``players`` lists the sizes."""
    if len(paths) == 1:
        return load_report(paths[0])
    reports = [load_report(p) for p in paths]
    first = reports[0]
    sizes = sorted({int(r.inputs.get("players", 0)) for r in reports})
    team_sizes = len(sizes) > 1 and all(r.cooperative for r in reports)
    largest = max(reports, key=lambda r: len(r.entries)) if team_sizes else first
    labels = [e.label for e in largest.entries]
    for path, report in zip(paths, reports, strict=True):
        for key in ("game",) if team_sizes else ("game", "players"):
            if report.inputs.get(key) != first.inputs.get(key):
                raise GameOptionError(
                    f"{path} is a run with {key} {report.inputs.get(key)}, not "
                    f"{first.inputs.get(key)}: a report takes runs of one game and player count "
                    f"(or of several team sizes of a cooperative game)"
                )
        if report.cooperative != first.cooperative:
            modes = {True: "cooperative", False: "competitive"}
            raise GameOptionError(
                f"{path} is a {modes[report.cooperative]} run, not {modes[first.cooperative]}: "
                f"a report takes runs of one mode"
            )
        own = [e.label for e in report.entries]
        expected = labels[: len(own)] if team_sizes else labels
        if own != expected:
            raise GameOptionError(
                f"{path} seats {', '.join(own)}, not {', '.join(expected)}: a report takes "
                f"runs of one line-up"
            )
    results = []
    for report in reports:
        label = options_label(report.inputs.get("options", {}))
        for r in report.results:
            results.append(
                GameResult.from_dict(
                    {
                        **r.to_dict(),
                        "index": len(results),
                        "balance": {**r.balance, OPTIONS_FACET: label},
                    }
                )
            )
    inputs = {
        **largest.inputs,
        "players": sizes if team_sizes else first.inputs.get("players"),
        "games": sum(r.inputs.get("games", r.games) for r in reports),
        "options": {},
        "runs": [
            {
                "file": str(p),
                "players": r.inputs.get("players"),
                "options": r.inputs.get("options", {}),
                "games": r.games,
            }
            for p, r in zip(paths, reports, strict=True)
        ],
    }
    return summarize(
        inputs,
        largest.entries,
        results,
        sum(r.total_seconds for r in reports),
        cooperative=first.cooperative,
    )
