"""``towers companion`` driven through Typer's CliRunner by scripted input: the seeded table's
entries typed as text, against the simulated tower."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.companion.helpers import script
from towers.cli import app
from towers.core.record import load

SEED = 11


@pytest.fixture(scope="module")
def whole() -> tuple[list[str], list[int]]:
    return script(SEED)


def flat(text: str) -> str:
    return " ".join(text.split())


def runner(tmp_path: Path) -> CliRunner:
    return CliRunner(env={"COLUMNS": "240", "XDG_DATA_HOME": str(tmp_path)})


def start(tmp_path: Path, *extra: str) -> list[str]:
    return ["companion", "dark_tower", "--players", "2", "--seed", str(SEED), *extra]


def saved(tmp_path: Path) -> Path:
    return tmp_path / "towers" / "companion" / "dark_tower.json"


def test_a_two_hero_session_is_played_to_the_end(
    tmp_path: Path, whole: tuple[list[str], list[int]]
) -> None:
    entries, history = whole
    result = runner(tmp_path).invoke(app, start(tmp_path), input="\n".join(entries) + "\n")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "The heroes win" in out or "The heroes lose" in out
    assert "Event: " in out and "your turn" in out
    data = load(saved(tmp_path))
    assert data["history"] == history
    assert data["companion"] == {"version": 1, "tower": "simulated"}
    assert data["format"] == "towers-game/1"


def test_bad_entries_are_refused_in_one_line_and_change_nothing(
    tmp_path: Path, whole: tuple[list[str], list[int]]
) -> None:
    entries, _ = whole
    first = entries[:8]
    bad = ["fly to the moon", "999", "move to Yellowpike", "haggle die 3", "why move to Yellowpike"]
    run = runner(tmp_path)
    result = run.invoke(app, start(tmp_path), input="\n".join(first) + "\n")
    before = load(saved(tmp_path))["history"]
    result = run.invoke(app, start(tmp_path), input="\n".join(bad) + "\n")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for typed in bad[:4]:
        at = next(i for i, line in enumerate(lines) if line.endswith("> " + typed))
        refusal = lines[at + 1]
        assert refusal and not refusal.endswith("> "), refusal
        assert "> " not in refusal  # one line, then the prompt again
    assert "there is no move number 999" in result.output
    assert load(saved(tmp_path))["history"] == before


def test_a_session_stopped_mid_turn_is_picked_up_by_the_same_command(
    tmp_path: Path, whole: tuple[list[str], list[int]]
) -> None:
    entries, history = whole
    run = runner(tmp_path)
    cut = 30
    first = run.invoke(app, start(tmp_path), input="\n".join(entries[:cut]) + "\n")
    assert first.exit_code == 0, first.output
    assert "Stopped; the session is saved" in first.output
    middle = load(saved(tmp_path))["history"]
    assert history[: len(middle)] == middle
    again = run.invoke(app, start(tmp_path), input="\n".join(entries[cut:]) + "\n")
    assert again.exit_code == 0, again.output
    assert "Resuming after" in again.output
    assert load(saved(tmp_path))["history"] == history


def test_resume_a_file(tmp_path: Path, whole: tuple[list[str], list[int]]) -> None:
    entries, history = whole
    path = tmp_path / "table.json"
    run = runner(tmp_path)
    run.invoke(app, [*start(tmp_path), "--save", str(path)], input="\n".join(entries[:50]) + "\n")
    result = run.invoke(
        app, ["companion", "dark_tower", "--resume", str(path)], input="\n".join(entries[50:])
    )
    assert result.exit_code == 0, result.output
    assert load(path)["history"] == history


def test_undo_within_a_turn(tmp_path: Path, whole: tuple[list[str], list[int]]) -> None:
    entries, _ = whole
    run = runner(tmp_path)
    # up to a hero's first move of a turn: undo takes it back, and then the start of turn
    at = next(i for i, e in enumerate(entries) if e.startswith("move to"))
    run.invoke(app, start(tmp_path), input="\n".join(entries[: at + 1]) + "\n")
    moved = load(saved(tmp_path))["history"]
    result = run.invoke(app, start(tmp_path), input="undo\n")
    assert "Undone: " + entries[at] in flat(result.output)
    assert load(saved(tmp_path))["history"] == moved[:-1]
    result = run.invoke(app, start(tmp_path), input="undo\n" * 8)
    assert "nothing to undo" in result.output


def test_a_ble_tower_without_its_package_is_refused_in_one_line(tmp_path: Path) -> None:
    result = runner(tmp_path).invoke(app, [*start(tmp_path), "--tower", "ble", "--new"])
    assert result.exit_code == 2
    message = result.output.strip()
    assert "Bluetooth" in message and "simulated tower" in message
    assert len(flat(message)) == len(" ".join(message.split()))


def test_a_game_without_companion_mode_is_refused(tmp_path: Path) -> None:
    result = runner(tmp_path).invoke(app, ["companion", "torres"])
    assert result.exit_code == 2
    assert "no companion mode for 'torres'" in result.output


def test_a_killed_process_loses_no_entry(
    tmp_path: Path, whole: tuple[list[str], list[int]]
) -> None:
    entries, history = whole
    # how far the first 20 entries take the session, played here in a folder of its own
    alone = tmp_path / "alone"
    runner(alone).invoke(app, start(alone), input="\n".join(entries[:20]) + "\n")
    want = len(load(saved(alone))["history"])
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "COLUMNS": "200"}
    command = [sys.executable, "-m", "towers.cli", *start(tmp_path)]
    proc = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env
    )
    assert proc.stdin is not None
    for line in entries[:20]:
        proc.stdin.write((line + "\n").encode())
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    path = saved(tmp_path)
    # every typed entry is saved as soon as it is taken: nothing waits for the end
    while not (path.exists() and len(json.loads(path.read_text())["history"]) >= want):
        assert time.monotonic() < deadline, "the typed entries were not all saved"
        time.sleep(0.1)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    data = load(path)
    assert history[: len(data["history"])] == data["history"]
    result = runner(tmp_path).invoke(app, start(tmp_path), input="\n".join(entries[20:]) + "\n")
    assert result.exit_code == 0, result.output
    assert load(path)["history"] == history


def test_another_main_goal_is_announced_and_a_bad_one_refused(tmp_path: Path) -> None:
    run = runner(tmp_path)
    chosen = [*start(tmp_path), "-o", "goal=assemble-an-army-of-trees", "--new"]
    result = run.invoke(app, chosen, input="quit\n")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "Assemble an Army of Trees against Ashstrider, on Heroic." in out
    assert "Main goal: Assemble an Army of Trees, with Letha joining" in out
    assert "Recover Azkol" not in out
    assert load(saved(tmp_path))["options"]["goal"] == "assemble-an-army-of-trees"
    bad = run.invoke(app, [*start(tmp_path), "-o", "goal=slay-the-moon", "--new"])
    assert bad.exit_code == 2
    message = bad.output.strip()
    assert "slay-the-moon" in message and "recover-azkols-treasures" in message
    assert "\n" not in message and "Traceback" not in message
    assert load(saved(tmp_path))["options"]["goal"] == "assemble-an-army-of-trees"


def test_the_help_names_the_main_goal_option(tmp_path: Path) -> None:
    result = runner(tmp_path).invoke(app, ["companion", "--help"])
    assert result.exit_code == 0
    assert "-o goal=ID chooses the main goal" in flat(result.output)
