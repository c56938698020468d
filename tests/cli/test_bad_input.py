"""Every command, given input it cannot use, says so in one line and exits with code 2: never
a traceback, never a Python name. (Code 1 is kept for faults that are no input's: a bot that
chooses an illegal action, a game that cannot be loaded.)

``{tmp}`` in an argument is a fresh folder and ``{file}`` a file in it; ``{save:NAME}`` is a
saved game written by the test (see ``SAVES``), ``{finished}`` a finished toy game.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import towers
from towers.cli import app
from towers.core.record import game_record

INTERNALS = re.compile(
    r"Traceback|\b[A-Z]\w*(Error|Exception)\b|__\w+__|\w+\(\)|<class |<function |\w+Game\(|"
    r"\bNone\b|``"
)
"""Python showing through: a traceback, an exception class, a dunder, a call, a repr, None,
a docstring's markup."""


def toy_record(**change: Any) -> dict[str, Any]:
    state = towers.make("toy", players=2).new_initial_state()
    data = game_record(state, seats=["human", "random"], seed=1)
    data.update(change)
    return data


SAVES: dict[str, Any] = {
    "empty": "",
    "not_json": "this is not json",
    "list": [1, 2],
    "text": "a saved game",
    "no_format": {"game": "toy", "players": 2, "history": []},
    "other_format": toy_record(format="chess/1"),
    "no_game": {"format": "towers-game/1", "players": 2, "history": []},
    "unknown_game": toy_record(game="chess"),
    "game_not_text": toy_record(game=["toy"]),
    "players_text": toy_record(players="two"),
    "players_many": toy_record(players=99),
    "options_list": toy_record(options=[1]),
    "options_unknown": toy_record(options={"colour": "red"}),
    "options_bad": toy_record(options={"deck": 7}),
    "history_text": toy_record(history="abc"),
    "history_dict": toy_record(history={"a": 1}),
    "history_big": toy_record(history=[99999]),
    "history_negative": toy_record(history=[-1]),
    "history_float": toy_record(history=[4.5]),
    "history_bool": toy_record(history=[True]),
    "history_illegal": toy_record(history=[0]),
    "history_nested": toy_record(history=[[4]]),
    "seats_missing": toy_record(seats=None),
    "seats_text": toy_record(seats="human,random"),
    "seats_short": toy_record(seats=["human"]),
    "seats_unknown": toy_record(seats=["human", "oracle"]),
    "seats_bad_param": toy_record(seats=["human", "mcts:iterations=abc"]),
    "seats_numbers": toy_record(seats=[1, 2]),
    "seats_empty": toy_record(seats=["human", ""]),
}

FILE_ERRORS = [
    "no-such-file.json",
    "{tmp}",
    "{binary}",
    *(f"{{save:{name}}}" for name in SAVES),
]

CASES: list[tuple[list[str], int]] = [
    # ---- play ------------------------------------------------------------------------
    (["play", "nope"], 2),
    (["play", ""], 2),
    (["play", "toy", "-p", "0"], 2),
    (["play", "toy", "-p", "-1"], 2),
    (["play", "toy", "-p", "99"], 2),
    (["play", "toy", "-p", "abc"], 2),
    (["play", "toy", "-p", "3", "-s", "human,random"], 2),
    *(
        (["play", "toy", "-s", seats], 2)
        for seats in [
            "",
            ",",
            " ",
            "human,",
            "human,,random",
            "robot,human",
            "human:x=1",
            "human,mcts:iterations",
            "human,mcts:=3",
            "human,mcts:iterations=abc",
            "human,mcts:iterations=0",
            "human,mcts:iterations=-5",
            "human,mcts:iterations=1.5",
            "human,mcts:iterations=1e999",
            "human,mcts:iterations=[1]",
            "human,mcts:iterations={}",
            "human,mcts:iterations=none",
            "human,mcts:seconds=0",
            "human,mcts:seconds=abc",
            "human,mcts:seconds=nan",
            "human,mcts:seconds=inf",
            "human,mcts:c=-1",
            "human,mcts:minimax=2",
            "human,mcts:relative=maybe",
            "human,mcts:depth=3",
            "human,greedy:samples=0",
            "human,greedy:samples=abc",
            "human,random:x=1",
            "human,random,random,random,random",
        ]
    ),
    (["play", "toy", "-s", "human,mcts", "--bot-param", "mcts:iterations=abc"], 2),
    (["play", "toy", "-s", "human,mcts", "--bot-param", "mcts:iterations=0"], 2),
    (["play", "toy", "-s", "human,greedy", "--bot-param", "greedy:samples=0"], 2),
    (["play", "toy", "-s", "human,mcts", "--bot-param", "mcts"], 2),
    (["play", "toy", "-s", "human,mcts", "--bot-param", "mcts:"], 2),
    (["play", "toy", "-s", "human,mcts", "--bot-param", "mcts:iterations"], 2),
    (["play", "toy", "-s", "human,mcts", "--bot-param", "oracle:x=1"], 2),
    (["play", "toy", "-s", "human,random", "--bot-param", "mcts:iterations=5"], 2),
    (["play", "toy", "-s", "human,random", "--bot-param", "human:x=1"], 2),
    *(
        (["play", "toy", "-o", option], 2)
        for option in [
            "deck=7",
            "deck",
            "=3",
            "colour=red",
            "deck=[6]",
            "deck={}",
            "deck=none",
            "deck=true",
            "deck=6.5",
        ]
    ),
    (["play", "toy", "-o", "deck=6", "-o", "deck=12"], 2),
    *(
        (["play", "torres", "-o", option], 2)
        for option in [
            "variant=long",
            "variant=[1]",
            "variant=none",
            "layout=abc",
            "layout=[[1]]",
            "layout=[1, 2]",
            "layout=7",
            "layout={}",
            "master_card=abc",
            "master_card=7",
            "master_card=[1]",
        ]
    ),
    (["play", "tiletum", "-o", "action_tiles=maybe"], 2),
    (["play", "tiletum", "-o", "action_tiles=2"], 2),
    (["play", "toy", "-s", "human,random", "--save", "/nonexistent/dir/x.json"], 2),
    (["play", "toy", "-s", "human,random", "--save", "{tmp}"], 2),
    (["play", "toy", "-s", "human,random", "--save", "{tmp}", "--overwrite"], 2),
    (["play", "toy", "-s", "human,random", "--save", "{file}/x.json"], 2),
    (["play", "toy", "-s", "human,random", "--save", "{file}"], 2),
    (["play", "toy", "-s", "human,random", "--save", ""], 2),
    (["play", "toy", "-s", "random,random", "--save", "/proc/x.json"], 2),
    (["play", "toy", "-s", "random,random", "--save", "/proc/self/x.json"], 2),
    (["play", "toy", "-s", "random,random", "--save", "/proc/version", "--overwrite"], 2),
    (["play", "toy", "-s", "random,random", "--save", "/dev/null", "--overwrite"], 2),
    (["play", "toy", "--seed", "abc"], 2),
    (["play", "toy", "-s", "human,mcts:clock=banana"], 2),
    (["play", "toy", "-s", "human,mcts:clock=3"], 2),
    (["play", "toy", "-s", "human,mcts:clock="], 2),
    (["play", "toy", "-s", "human,mcts", "--bot-param", "mcts:clock=banana"], 2),
    # ---- resume ----------------------------------------------------------------------
    *((["resume", path], 2) for path in FILE_ERRORS if path != "{save:seats_missing}"),
    (["resume", "{save:seats_missing}"], 2),
    (["resume", "{save:empty}", "-s", "human"], 2),
    (["resume", "{save:seats_missing}", "-s", "human"], 2),
    (["resume", "{save:seats_missing}", "-s", "human,robot"], 2),
    (["resume", "{save:seats_missing}", "-s", "human,mcts:iterations=0"], 2),
    (["resume", "{save:seats_missing}", "-s", "human,mcts", "--bot-param", "mcts:c=x"], 2),
    (["resume", "{save:seats_missing}", "-s", "human,random", "--bot-param", "mcts:c=1"], 2),
    # ---- replay ----------------------------------------------------------------------
    *((["replay", path], 2) for path in FILE_ERRORS if "seat" not in path),
    (["replay", "{finished}", "--to", "-1"], 2),
    (["replay", "{finished}", "--to", "99999"], 2),
    (["replay", "{finished}", "--to", "abc"], 2),
    (["replay", "{finished}", "--seat", "-1"], 2),
    (["replay", "{finished}", "--seat", "2"], 2),
    (["replay", "{finished}", "--seat", "abc"], 2),
    (["replay", "{finished}", "--to", "1", "--all"], 2),
    # ---- simulate --------------------------------------------------------------------
    (["simulate", "nope"], 2),
    (["simulate", "toy", "-s", "human"], 2),
    (["simulate", "toy", "-s", "random,human"], 2),
    (["simulate", "toy", "-s", ""], 2),
    (["simulate", "toy", "-s", "robot"], 2),
    (["simulate", "toy", "-s", "random,mcts:iterations=abc"], 2),
    (["simulate", "toy", "-s", "mcts:iterations=0"], 2),
    (["simulate", "toy", "-s", "greedy:samples=0"], 2),
    (["simulate", "toy", "-s", "mcts", "--bot-param", "mcts:iterations=abc"], 2),
    (["simulate", "toy", "-s", "random", "--bot-param", "mcts:iterations=5"], 2),
    (["simulate", "toy", "-n", "0"], 2),
    (["simulate", "toy", "-n", "-1"], 2),
    (["simulate", "toy", "-n", "abc"], 2),
    (["simulate", "toy", "--workers", "0"], 2),
    (["simulate", "toy", "-p", "1"], 2),
    (["simulate", "toy", "-p", "9"], 2),
    (["simulate", "toy", "-p", "3", "-s", "random,random"], 2),
    (["simulate", "toy", "-o", "deck=7"], 2),
    (["simulate", "toy", "-n", "1", "--json", "/nonexistent/dir/x.json"], 2),
    (["simulate", "toy", "-n", "1", "--json", "{tmp}"], 2),
    (["simulate", "toy", "-n", "1", "--json", "{file}/x.json"], 2),
    (["simulate", "toy", "-n", "1", "--json", ""], 2),
    (["simulate", "toy", "-n", "1", "--results", "{tmp}/x.csv"], 2),
    (["simulate", "toy", "-n", "1", "--results", "/nonexistent/dir/x.sqlite"], 2),
    (["simulate", "toy", "-n", "1", "--results", "/nonexistent/dir/x.parquet"], 2),
    (["simulate", "toy", "-n", "1", "--results", "{tmp}"], 2),
    (["simulate", "toy", "-n", "1", "--resume"], 2),
    (["simulate", "toy", "-n", "1", "--report", "{file}"], 2),
    (["simulate", "toy", "-n", "1", "--report", "/nonexistent/dir/report"], 2),
    (["simulate", "toy", "-n", "1", "--ray", "127.0.0.1:1", "--results", "{tmp}/x.sqlite"], 2),
    (["simulate", "toy", "-n", "1", "--json", "/proc/x.json"], 2),
    (["simulate", "toy", "-n", "1", "--results", "/proc/x.sqlite"], 2),
    (["simulate", "toy", "-n", "1", "--results", "/proc/x.parquet"], 2),
    (["simulate", "toy", "-n", "1", "--report", "/proc/report"], 2),
    (["simulate", "toy", "-n", "1", "--report", "/proc"], 2),
    (["simulate", "toy", "-s", "random,mcts:clock=banana"], 2),
    (["simulate", "toy", "-s", "mcts", "--bot-param", "mcts:clock=banana"], 2),
    # ---- tournament ------------------------------------------------------------------
    (["tournament", "toy"], 2),
    (["tournament", "nope", "-b", "random,greedy"], 2),
    (["tournament", "toy", "-b", "random"], 2),
    (["tournament", "toy", "-b", "random,human"], 2),
    (["tournament", "toy", "-b", "random,robot"], 2),
    (["tournament", "toy", "-b", ""], 2),
    (["tournament", "toy", "-b", "random,mcts:iterations=0"], 2),
    (["tournament", "toy", "-b", "random,greedy", "-p", "3"], 2),
    (["tournament", "toy", "-b", "random,greedy", "-p", "9"], 2),
    (["tournament", "toy", "-b", "random,greedy", "-n", "0"], 2),
    (["tournament", "toy", "-b", "random,greedy", "-o", "deck=7"], 2),
    (["tournament", "toy", "-b", "random,greedy", "--workers", "0"], 2),
    (["tournament", "toy", "-b", "random,greedy", "--results", "{file}"], 2),
    (["tournament", "toy", "-b", "random,greedy", "--results", "/proc/x.sqlite"], 2),
    (["tournament", "toy", "-b", "random,greedy", "--json", "/proc/x.json"], 2),
    (["tournament", "toy", "-b", "random,greedy", "--report", "/proc/report"], 2),
    (["tournament", "toy", "-b", "random,mcts:clock=banana"], 2),
    (["tournament", "toy", "-b", "random,mcts", "--bot-param", "mcts:clock=sundial"], 2),
    # ---- report and compare ----------------------------------------------------------
    (["report"], 2),
    (["report", "no-such-file.sqlite"], 2),
    (["report", "no-such-file.parquet"], 2),
    (["report", "{file}"], 2),
    (["report", "{tmp}"], 2),
    (["report", "{binary}"], 2),
    (["report", "{notdb}"], 2),
    (["report", "{otherdb}"], 2),
    (["compare", "no-such-file.sqlite"], 2),
    (["compare", "no-such-file.sqlite", "other.sqlite"], 2),
    (["compare", "{file}", "{file}"], 2),
    (["compare", "{file}", "{file}", "--json", "/proc/x.json"], 2),
    # ---- bench -----------------------------------------------------------------------
    (["bench", "nope"], 2),
    (["bench", "toy", "-p", "9"], 2),
    (["bench", "toy", "-p", "two"], 2),
    (["bench", "toy", "-p", "4-2"], 2),
    (["bench", "toy", "-p", ""], 2),
    (["bench", "toy", "-p", ","], 2),
    (["bench", "toy", "--seconds", "0"], 2),
    (["bench", "toy", "--seconds", "-1"], 2),
    (["bench", "toy", "--seconds", "nan"], 2),
    (["bench", "toy", "--seconds", "inf"], 2),
    (["bench", "toy", "--seconds", "abc"], 2),
    (["bench", "toy", "-o", "deck=7"], 2),
    (["bench", "toy", "--seconds", "0.1", "--json", "/nonexistent/dir/x.json"], 2),
    (["bench", "toy", "--seconds", "0.1", "--json", "{tmp}"], 2),
    (["bench", "toy", "--seconds", "0.1", "--json", "/proc/x.json"], 2),
    # ---- companion and serve: where they write -----------------------------------------
    (["companion", "dark_tower", "--save", "/proc/x.json"], 2),
    (["companion", "dark_tower", "--save", "{tmp}"], 2),
    (["companion", "dark_tower", "--save", "/nonexistent/dir/x.json"], 2),
    (["serve", "--database", "/proc/x.sqlite"], 2),
    (["serve", "--database", "/nonexistent/dir/x.sqlite"], 2),
    (["serve", "--database", "{tmp}"], 2),
    (["serve", "--header-timeout", "0"], 2),
    (["serve", "--header-timeout", "nan"], 2),
    (["serve", "--body-timeout", "-1"], 2),
    (["serve", "--connections-per-address", "-1"], 2),
    (["serve", "--ws-max-size", "10"], 2),
    # ---- games, bots, the command itself -----------------------------------------------
    (["games", "toy"], 2),
    (["bots", "mcts"], 2),
    (["frobnicate"], 2),
    (["play"], 2),
    (["--no-such-flag"], 2),
]


def case_id(case: tuple[list[str], int]) -> str:
    return " ".join(a or "''" for a in case[0])


def materialise(args: list[str], tmp_path: Path) -> list[str]:
    folder = tmp_path / "folder"
    folder.mkdir(exist_ok=True)
    file = tmp_path / "file.txt"
    file.write_text("not a folder")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    out = []
    for arg in args:
        arg = arg.replace("{tmp}", str(folder)).replace("{file}", str(file))
        arg = arg.replace("{binary}", str(binary))
        if arg == "{notdb}":
            arg = str(tmp_path / "notes.sqlite")
            Path(arg).write_text("some notes, not a database")
        if arg == "{otherdb}":
            arg = str(tmp_path / "other.sqlite")
            with sqlite3.connect(arg) as db:
                db.execute("CREATE TABLE t (x)")
            db.close()
        if arg == "{finished}":
            arg = str(finished_game(tmp_path))
        match = re.fullmatch(r"\{save:(\w+)\}", arg)
        if match:
            data = SAVES[match.group(1)]
            path = tmp_path / f"{match.group(1)}.json"
            path.write_text(data if isinstance(data, str) else json.dumps(data))
            arg = str(path)
        out.append(arg)
    return out


def finished_game(tmp_path: Path) -> Path:
    path = tmp_path / "finished.json"
    if not path.exists():
        result = CliRunner().invoke(
            app, ["play", "toy", "-s", "random,random", "--seed", "1", "--save", str(path)]
        )
        assert result.exit_code == 0, result.output
    return path


def check_refusal(output: str, stderr: str, code: int, expected: int, args: list[str]) -> None:
    assert code == expected, (args, code, output)
    assert not INTERNALS.search(output), (args, output)
    lines = [line for line in stderr.splitlines() if line.strip()]
    if lines and lines[0].startswith("Error:"):
        # the command's own refusal: one line that says what was wrong
        assert len(lines) == 1, (args, stderr)
        assert len(lines[0]) > len("Error: ") + 10
    else:
        # a refusal by the argument parser (a flag's type, a missing argument)
        assert "Usage:" in stderr, (args, stderr)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_bad_input_gets_one_line_and_exit_code_2(
    case: tuple[list[str], int], tmp_path: Path
) -> None:
    args, expected = case
    args = materialise(args, tmp_path)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = CliRunner().invoke(app, args, input="", env={"COLUMNS": "80"})
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        repr(result.exception),
    )
    check_refusal(result.output, result.stderr, result.exit_code, expected, args)
    # nothing was written by a refused command
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_a_saved_game_with_an_illegal_action_is_refused(tmp_path: Path) -> None:
    path = materialise(["{save:history_illegal}"], tmp_path)[0]
    for command in (["resume", path], ["replay", path]):
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 2, result.output
        assert "action 1 of the saved game is not legal" in " ".join(result.stderr.split())


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "torres", "-s", "human,mcts:iterations=abc"], "iterations must be a whole"),
        (["play", "torres", "-s", "human,greedy", "--save", "/nonexistent/x.json"], "not exist"),
        (["play", "torres", "-s", "human,greedy", "--save", "{tmp}"], "is a folder"),
        (["resume", "{binary}"], "it is not text"),
        (["simulate", "torres", "-n", "1", "--json", "/nonexistent/x.json"], "not exist"),
        (
            ["play", "torres", "-s", "greedy,greedy", "--save", "/proc/x.json"],
            "--save /proc/x.json: no file can be written in /proc",
        ),
        (["play", "torres", "-s", "human,mcts:clock=banana"], "clock must be wall or cpu"),
    ],
    ids=lambda arg: " ".join(arg) if isinstance(arg, list) else "",
)
def test_the_installed_command_refuses_in_one_line(
    args: list[str], said: str, tmp_path: Path
) -> None:
    args = materialise(args, tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "towers.cli", *args],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        cwd=tmp_path,
    )
    check_refusal(done.stdout + done.stderr, done.stderr, done.returncode, 2, args)
    assert said in " ".join(done.stderr.split())


READ_ONLY_PLACES = [
    ["play", "toy", "-s", "random,random", "--save", "{tmp}/x.json"],
    ["play", "toy", "-s", "random,random", "--save", "{tmp}/old.json", "--overwrite"],
    ["simulate", "toy", "-n", "1", "--json", "{tmp}/x.json"],
    ["simulate", "toy", "-n", "1", "--results", "{tmp}/x.sqlite"],
    ["simulate", "toy", "-n", "1", "--results", "{tmp}/x.parquet"],
    ["simulate", "toy", "-n", "1", "--report", "{tmp}/report"],
    ["tournament", "toy", "-b", "random,greedy", "--results", "{tmp}/x.sqlite"],
    ["bench", "toy", "--seconds", "0.1", "--json", "{tmp}/x.json"],
    ["companion", "dark_tower", "--save", "{tmp}/x.json"],
]


@pytest.mark.parametrize("args", READ_ONLY_PLACES, ids=" ".join)
def test_a_read_only_place_is_refused_before_anything_is_played(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a read-only disk refuses every new file, whoever asks (an administrator too)
    def read_only(*_: Any, **__: Any) -> Any:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr("towers.cli.tempfile.TemporaryFile", read_only)
    args = materialise(args, tmp_path)
    (tmp_path / "folder" / "old.json").write_text("{}")
    result = CliRunner().invoke(app, args, input="", env={"COLUMNS": "300"})
    check_refusal(result.output, result.stderr, result.exit_code, 2, args)
    assert "read-only file system" in result.stderr
    assert sorted(p.name for p in (tmp_path / "folder").iterdir()) == ["old.json"]


@pytest.mark.skipif(os.geteuid() == 0, reason="permissions do not stop an administrator")
def test_a_folder_this_user_may_not_write_in_is_refused(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        args = ["play", "toy", "-s", "random,random", "--save", str(locked / "x.json")]
        result = CliRunner().invoke(app, args, input="")
        check_refusal(result.output, result.stderr, result.exit_code, 2, args)
        assert "permission denied" in result.stderr
    finally:
        locked.chmod(0o700)
