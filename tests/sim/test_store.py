"""Results files: written a game at a time, read back to the same report, resumed; a run
killed part way resumes to the games an unbroken run plays."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from towers.core.errors import GameOptionError
from towers.sim import load_report, load_reports, open_store, run_simulation, run_tournament
from towers.sim.analysis import balance
from towers.sim.store import COLUMNS

SEATS = ["greedy", "random"]
ROOT = Path(__file__).resolve().parents[2]


def figures(report: object) -> dict[str, object]:
    data = report.to_dict(timings=False)  # type: ignore[attr-defined]
    data["inputs"].pop("workers")
    return data


def rows(path: Path) -> int:
    """Games in the file; 0 while the run that makes it has not made its tables yet."""
    try:
        with sqlite3.connect(path) as db:
            return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def test_each_game_is_in_the_file_when_it_is_reported_done(tmp_path: Path) -> None:
    path = tmp_path / "run.sqlite"
    seen: list[tuple[int, int]] = []
    run_simulation(
        "toy", 2, 5, SEATS, seed=1, results=path, progress=lambda n: seen.append((n, rows(path)))
    )
    assert seen == [(n, n) for n in range(1, 6)]


def test_a_row_holds_the_game(tmp_path: Path) -> None:
    path = tmp_path / "run.sqlite"
    report = run_simulation("toy", 2, 3, SEATS, seed=2, options={"deck": 6}, results=path)
    with sqlite3.connect(path) as db:
        names = [c[1] for c in db.execute("PRAGMA table_info(games)")]
        row = db.execute("SELECT * FROM games ORDER BY 1").fetchone()
    first = dict(zip(names, row, strict=True))
    assert tuple(names) == COLUMNS
    game = report.results[0]
    assert first["seed"] == game.seed
    assert json.loads(first["seats"]) == ["greedy", "random"]
    assert json.loads(first["options"]) == {"deck": 6}
    assert json.loads(first["scores"]) == game.scores
    assert json.loads(first["winners"]) == [s for s, v in enumerate(game.returns) if v == 1]
    assert first["actions"] == game.actions
    assert first["seconds"] == game.seconds
    assert json.loads(first["balance"])["opening card"] == game.balance["opening card"]


@pytest.mark.parametrize("name", ["run.sqlite", "run.parquet"])
def test_a_results_file_reads_back_to_the_report_of_its_run(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    report = run_tournament("toy", 2, 6, ["greedy", "random", "random"], seed=5, results=path)
    again = load_report(path)
    assert figures(again) == figures(report)
    assert again.total_seconds == pytest.approx(report.total_seconds)


@pytest.mark.parametrize("name", ["run.sqlite", "run.parquet"])
def test_resume_plays_only_the_games_the_file_lacks(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    run_simulation("toy", 2, 4, SEATS, seed=6, results=path)
    played: list[int] = []
    resumed = run_simulation(
        "toy", 2, 7, SEATS, seed=6, results=path, resume=True, progress=played.append
    )
    assert played == [4, 5, 6, 7]  # the four in the file are counted done at once
    whole = run_simulation("toy", 2, 7, SEATS, seed=6)
    assert figures(resumed) == figures(whole)
    assert load_report(path).games == 7


@pytest.mark.parametrize("name", ["run.sqlite", "run.parquet"])
def test_a_file_of_another_run_is_refused(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    run_simulation("toy", 2, 2, SEATS, seed=6, results=path)
    with pytest.raises(GameOptionError, match="already holds games"):
        run_simulation("toy", 2, 2, SEATS, seed=6, results=path)
    with pytest.raises(GameOptionError, match="seed 6, not 7"):
        run_simulation("toy", 2, 2, SEATS, seed=7, results=path, resume=True)
    with pytest.raises(GameOptionError, match="options"):
        run_simulation("toy", 2, 2, SEATS, seed=6, options={"deck": 6}, results=path, resume=True)
    with pytest.raises(GameOptionError, match="seats"):
        run_simulation("toy", 2, 2, ["random", "greedy"], seed=6, results=path, resume=True)


def test_what_is_not_a_results_file_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.sqlite"
    text.write_text("some notes")
    with pytest.raises(GameOptionError, match="SQLite"):
        load_report(text)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(GameOptionError, match="not a towers results file"):
        load_report(other)
    with pytest.raises(GameOptionError, match="does not exist"):
        load_report(tmp_path / "missing.sqlite")
    with pytest.raises(GameOptionError, match="ends in"):
        open_store(tmp_path / "run.csv")


def parts(path: Path) -> int:
    """Games in the Parquet folder's whole part files (a part being written is not one)."""
    import pyarrow.parquet as pq

    return sum(pq.read_metadata(part).num_rows for part in path.glob("part-*.parquet"))


@pytest.mark.parametrize(("name", "written"), [("killed.sqlite", rows), ("killed.parquet", parts)])
def test_a_run_killed_part_way_resumes_to_the_games_of_an_unbroken_run(
    tmp_path: Path, name: str, written: Callable[[Path], int]
) -> None:
    if name.endswith(".parquet"):
        pytest.importorskip("pyarrow")
    path = tmp_path / name
    seats = "mcts:iterations=60,greedy"
    command = [sys.executable, "-m", "towers.cli", "simulate", "toy", "-s", seats, "-n", "40"]
    command += ["--seed", "11", "--workers", "1", "--results", str(path)]
    # the toy game is registered by the test set-up, which the command does not run; Parquet
    # parts are written every two games, so that the run is killed between parts and inside
    # one
    code = (
        "import sys, tests.conftest, towers.cli, towers.sim.store as store; "
        "store.PARQUET_ROWS = 2; sys.argv[0] = 'towers'; towers.cli.main()"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-c", code, *command[3:]],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while not (path.exists() and written(path) >= 3):
            assert process.poll() is None, "the run ended before it could be killed"
            assert time.monotonic() < deadline, "the run wrote no games"
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    done = load_report(path).games
    assert 3 <= done < 40
    assert done == written(path)
    resumed = run_simulation(
        "toy", 2, 40, ["mcts:iterations=60", "greedy"], seed=11, results=path, resume=True
    )
    whole = run_simulation("toy", 2, 40, ["mcts:iterations=60", "greedy"], seed=11)
    assert figures(resumed) == figures(whole)
    assert figures(load_report(path)) == figures(whole)


def test_runs_under_other_rules_are_reported_together_split_by_their_options(
    tmp_path: Path,
) -> None:
    a, b = tmp_path / "a.sqlite", tmp_path / "b.parquet"
    first = run_simulation("toy", 2, 6, SEATS, seed=1, results=a)
    second = run_simulation("toy", 2, 4, SEATS, seed=1, options={"deck": 6}, results=b)
    both = load_reports([a, b])
    assert both.games == 10
    assert [r.index for r in both.results] == list(range(10))
    assert [r.scores for r in both.results] == [r.scores for r in first.results + second.results]
    rows = {r.label: r for r in balance(both.results)["options"]}
    assert set(rows) == {"defaults", "deck=6"}
    assert rows["deck=6"].count == 4
    assert rows["deck=6"].win_rate == [
        sum(r.returns[s] for r in second.results) / 4 for s in (0, 1)
    ]
    assert [run["games"] for run in both.inputs["runs"]] == [6, 4]
    other = tmp_path / "other.sqlite"
    run_simulation("toy", 2, 2, ["random", "greedy"], seed=1, results=other)
    with pytest.raises(GameOptionError, match="one line-up"):
        load_reports([a, other])
