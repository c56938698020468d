"""``towers simulate ... --results FILE --resume`` killed outright (SIGKILL) at random moments,
again and again: after each kill the file holds whole games, each the game an unbroken run
plays at its index and none twice, and none it held before is lost; the same command carries
the run on, and the last one ends with the file of an unbroken run.

The moments are drawn from a seeded generator, so a failure shows the same plan when run
again (the processes' own speed still moves each kill a little)."""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from towers.core.errors import GameOptionError
from towers.sim import load_report, open_store, run_simulation
from towers.sim.store import RUN_FILE

ROOT = Path(__file__).resolve().parents[2]
GAME, SEATS, SEED = "torres", ["random", "random"], 5
DEADLINE = 120.0
"""Seconds a test may take at most (about 30 on a quiet machine); a process that hangs
fails it instead."""


def unbroken_report(games: int) -> Any:
    return run_simulation(GAME, 2, games, SEATS, seed=SEED)


def unbroken(games: int, report: Any = None) -> list[dict[str, Any]]:
    """Every game of the run as an unbroken run plays it (timings left out)."""
    report = report or unbroken_report(games)
    return [r.to_dict(timings=False) for r in report.results]


def stored(path: Path) -> list[dict[str, Any]] | None:
    """The games in the results file, in index order (timings left out); None when the file
    holds no run yet."""
    try:
        store = open_store(path)
    except GameOptionError:
        return None
    try:
        return [r.to_dict(timings=False) for r in store.results()]
    finally:
        store.close()


def figures(report: Any) -> dict[str, Any]:
    data: dict[str, Any] = report.to_dict(timings=False)
    data["inputs"].pop("workers")
    return data


def launch(path: Path, games: int, workers: int, parquet_rows: int | None = None) -> Any:
    """The run's command, ``--resume`` each time (the first time too: there is no file)."""
    args = ["simulate", GAME, "-s", ",".join(SEATS), "-n", str(games), "--seed", str(SEED)]
    args += ["--workers", str(workers), "--results", str(path), "--resume"]
    if parquet_rows is None:
        command = [sys.executable, "-m", "towers.cli", *args]
    else:
        # a part file every few games, so that kills land between parts and inside one
        code = (
            "import sys, towers.cli, towers.sim.store as store; "
            f"store.PARQUET_ROWS = {parquet_rows}; sys.argv[0] = 'towers'; towers.cli.main()"
        )
        command = [sys.executable, "-c", code, *args]
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def written(path: Path) -> int:
    """How far the run has come, as cheaply as it can be seen: the games in a SQLite file,
    the part files of a Parquet folder (-1: no file yet)."""
    if path.suffix == ".parquet":
        return len(list(path.glob("part-*.parquet"))) if path.is_dir() else -1
    if not path.exists():
        return -1
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=1)
    except sqlite3.Error:
        return -1
    try:
        return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.Error:
        return -1
    finally:
        db.close()


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux); [] where that cannot be read."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def gone(pids: list[int], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while True:
        alive = []
        for pid in pids:
            try:
                status = Path(f"/proc/{pid}/stat").read_text()
            except OSError:
                continue
            if status.rsplit(")", 1)[1].split()[0] != "Z":
                alive.append(pid)
        if not alive:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)


def kill_again_and_again(
    path: Path, games: int, kills: int, step: int, parquet_rows: int | None = None
) -> int:
    """Run and kill the run ``kills`` times, checking the file after each kill, then let it
    finish; the number of kills that landed before the run ended. A kill comes after the
    run has written up to ``step`` more games (SQLite) or parts (Parquet), and a random
    moment more."""
    rng = random.Random(f"{path.name} {games}")
    whole = unbroken_report(games)
    want = unbroken(games, whole)
    deadline = time.monotonic() + DEADLINE
    held: list[dict[str, Any]] = []
    landed = 0
    for _ in range(kills):
        workers = rng.choice([1, 1, 2])
        proc = launch(path, games, workers, parquet_rows)
        try:
            # mostly a moment of the games being played and written, sometimes any moment
            # from the start (opening the file, reading it back, starting the workers)
            early = rng.random() < 0.25
            wait = rng.uniform(0.0, 0.6) if early else rng.uniform(0.0, 0.05)
            target = written(path) + 1 + rng.randint(0, step)
            pool: list[int] = []
            while not early and proc.poll() is None and written(path) < target:
                pool = children(proc.pid) or pool
                assert time.monotonic() < deadline, "the run wrote nothing"
                time.sleep(0.002)
            started = time.monotonic()
            while proc.poll() is None and time.monotonic() - started < wait:
                pool = children(proc.pid) or pool
                time.sleep(0.002)
            ended = proc.poll() is not None
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=30)
        assert proc.stderr is not None
        errors = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
        # no refusal (worker processes may say that their parent went away)
        assert not re.search("^Error: ", errors, re.M), errors
        # the worker processes of a killed run end too, however it was stopped
        assert gone(pool, 20), f"the run's processes {pool} outlived it"
        now = stored(path)
        if now is None:
            assert not held, "a file that held games no longer reads as a results file"
            now = []
        indices = [g["index"] for g in now]
        assert len(indices) == len(set(indices)), "a game is in the file twice"
        assert all(g == want[g["index"]] for g in now), "a game differs from the unbroken run's"
        assert {g["index"] for g in held} <= set(indices), "games the file held were lost"
        held = now
        if ended:
            break
        landed += 1
        assert time.monotonic() < deadline, "the kills took too long"
    # the same command once more, unbroken, ends the run
    proc = launch(path, games, 1, parquet_rows)
    try:
        _, err = proc.communicate(timeout=max(5.0, deadline - time.monotonic()))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    assert proc.returncode == 0, err.decode(errors="replace")
    assert stored(path) == want
    report = load_report(path)
    assert report.games == games
    assert figures(report) == figures(whole)
    return landed


def test_a_sqlite_run_killed_again_and_again_resumes_to_the_unbroken_run(
    tmp_path: Path,
) -> None:
    landed = kill_again_and_again(tmp_path / "run.sqlite", 1200, 16, 40)
    assert landed >= 12, f"only {landed} kills landed before the run ended"


def test_a_parquet_run_killed_again_and_again_resumes_to_the_unbroken_run(
    tmp_path: Path,
) -> None:
    pytest.importorskip("pyarrow")
    landed = kill_again_and_again(tmp_path / "run.parquet", 1000, 12, 4, 16)
    assert landed >= 9, f"only {landed} kills landed before the run ended"


def wait_for(path: Path, proc: Any, timeout: float) -> bool:
    """Wait until ``path`` exists (True) or the process ends (False)."""
    deadline = time.monotonic() + timeout
    while not path.exists():
        if proc.poll() is not None:
            return False
        assert time.monotonic() < deadline, "the run made no file"
        time.sleep(0.0002)
    return True


@pytest.mark.parametrize("name", ["fresh.sqlite", "fresh.parquet"])
def test_a_run_killed_while_it_makes_its_file_resumes(tmp_path: Path, name: str) -> None:
    if name.endswith(".parquet"):
        pytest.importorskip("pyarrow")
    rng = random.Random(name)
    want = unbroken(20)
    for attempt in range(5):
        path = tmp_path / f"{attempt}-{name}"
        proc = launch(path, 20, 1)
        try:
            if wait_for(path, proc, 30):
                time.sleep(rng.choice([0.0, 0.0, rng.uniform(0.0, 0.01)]))
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=30)
        assert proc.stderr is not None
        proc.stderr.close()
        again = launch(path, 20, 1)
        _, err = again.communicate(timeout=60)
        assert again.returncode == 0, err.decode(errors="replace")
        assert stored(path) == want


def test_files_left_by_a_run_stopped_while_making_them_are_made_again(tmp_path: Path) -> None:
    want = unbroken(6)
    # an empty file, and one with only the first of the tables
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    half = tmp_path / "half.sqlite"
    with sqlite3.connect(half) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE run (key TEXT PRIMARY KEY, value TEXT)")
    for path in (empty, half):
        report = run_simulation(GAME, 2, 6, SEATS, seed=SEED, results=path, resume=True)
        assert [r.to_dict(timings=False) for r in report.results] == want
        assert stored(path) == want
    pytest.importorskip("pyarrow")
    folder = tmp_path / "half.parquet"
    folder.mkdir()
    (folder / (RUN_FILE + ".new")).write_text('{"format": ')
    report = run_simulation(GAME, 2, 6, SEATS, seed=SEED, results=folder, resume=True)
    assert stored(folder) == want


def test_a_file_that_holds_something_else_is_still_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (x)")
    with pytest.raises(GameOptionError, match="not a towers results file"):
        run_simulation(GAME, 2, 2, SEATS, seed=SEED, results=other, resume=True)
    games = tmp_path / "games.sqlite"
    with sqlite3.connect(games) as db:
        db.execute("CREATE TABLE games (x)")
        db.execute("INSERT INTO games VALUES (1)")
    with pytest.raises(GameOptionError, match="not a towers results file"):
        run_simulation(GAME, 2, 2, SEATS, seed=SEED, results=games, resume=True)
    folder = tmp_path / "mine.parquet"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(GameOptionError, match="not a towers results folder"):
        run_simulation(GAME, 2, 2, SEATS, seed=SEED, results=folder, resume=True)
    assert (folder / "notes.txt").read_text() == "mine"
