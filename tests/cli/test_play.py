"""``towers play``, ``resume`` and ``replay`` driven through Typer's CliRunner with piped input."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from tests.cli.conftest import TOY
from towers.cli import app
from towers.core.record import load, replay

PLAYS = 4  # toy actions below DRAW are decisions (pass, play 1-3); the rest are chance


def flat(text: str) -> str:
    """Output with line wrapping undone."""
    return " ".join(text.split())


def decisions(history: list[int]) -> list[int]:
    return [a for a in history if a < PLAYS]


def test_bots_play_a_whole_game_and_save_it(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    result = runner.invoke(
        app, ["play", "toy", "--seats", "random,random", "--seed", "5", "--save", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "Final scores" in result.output
    data = load(path)
    assert data["seats"] == ["random", "random"]
    assert data["seed"] == 5
    state = replay(data)
    assert state.is_terminal()
    # Every action was printed in words: one line per chance outcome and per bot move.
    printed = re.findall(r"^(chance|Player \d \(random\)): ", result.output, re.MULTILINE)
    assert len(printed) == len(data["history"])

    again = tmp_path / "again.json"
    runner.invoke(
        app, ["play", "toy", "--seats", "random,random", "--seed", "5", "--save", str(again)]
    )
    assert load(again)["history"] == data["history"]


def test_search_bots_with_parameters(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "search.json"
    result = runner.invoke(
        app,
        [
            "play",
            TOY,
            "--seats",
            "greedy,mcts:iterations=8",
            "--bot-param",
            "greedy:samples=2",
            "--seed",
            "3",
            "--save",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Player 2 (mcts:iterations=8): " in result.output
    data = load(path)
    assert data["seats"] == ["greedy:samples=2", "mcts:iterations=8"]
    assert replay(data).is_terminal()


def test_human_moves_by_number_and_name_after_bad_input(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "human.json"
    lines = ["xyzzy", "draw 1", "why draw 1", "why 1", "9", "moves", "help", "1", "", "PASS"]
    result = runner.invoke(
        app,
        [
            "play",
            "toy",
            "--seats",
            "human,human",
            "--seed",
            "3",
            "--save",
            str(path),
            "--no-confirm",
        ],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "'xyzzy' is not a move or a command" in out
    # only a chance node draws, so "draw 1" is never a player's move
    assert "draw 1 is not allowed: only a chance node draws cards (Toy: draw). Allowed now:" in out
    assert "pass is allowed now." in out
    assert "there is no move number 9; the moves are numbered 1 to" in out
    assert "why MOVE" in out
    assert "Player 1 (human): pass" in out
    assert "Player 2 (human): pass" in out
    assert "Game over" in out
    # The unknown word, the illegal move and the commands changed nothing.
    assert decisions(load(path)["history"]) == [0, 0]


def test_hotseat_with_hidden_information_hands_over(runner: CliRunner) -> None:
    args = ["play", TOY, "--seats", "human,human", "--seed", "2", "--no-confirm"]
    result = runner.invoke(app, args, input="1\n\n1\n")
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "chance: a hidden outcome (seen by Player 1)" in out
    assert "Pass the terminal to Player 2 (human) and press Enter" in out
    # each seat's screen reads in words what it alone saw
    assert "chance: draw 1" in out or "chance: draw 2" in out or "chance: draw 3" in out

    # the master version of Torres hides nothing: no hand-over between humans
    open_game = runner.invoke(
        app,
        [
            "play",
            "torres",
            "-o",
            "variant=master",
            "-s",
            "human,human",
            "--seed",
            "2",
            "--no-confirm",
        ],
        input="1\n1\n",
    )
    assert open_game.exit_code == 0, open_game.output
    assert "Pass the terminal" not in open_game.output


def test_quit_resume_and_replay_keep_one_history(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    copy = tmp_path / "copy.json"
    # Seat 0 plays its first card (move 2), then saves a copy and quits.
    first = runner.invoke(
        app,
        ["play", TOY, "--seats", "human,random", "--seed", "4", "--save", str(path)],
        input=f"2\ny\nsave {copy}\nquit\n",
    )
    assert first.exit_code == 0, first.output
    assert f"continue with: towers resume {path}" in flat(first.output)
    saved = load(path)
    assert saved["history"] == load(copy)["history"]
    assert not replay(saved).is_terminal()
    assert decisions(saved["history"])[0] in (1, 2, 3)

    # Same seats from the file: the human quits at once, nothing changes.
    second = runner.invoke(app, ["resume", str(path)], input="quit\n")
    assert second.exit_code == 0, second.output
    assert f"Resuming after {len(saved['history'])} actions" in second.output
    assert load(path)["history"] == saved["history"]

    # Bots take over and finish; the earlier actions stay as they were.
    third = runner.invoke(app, ["resume", str(path), "--seats", "random,random"])
    assert third.exit_code == 0, third.output
    assert "Game over" in third.output
    final = load(path)
    history = final["history"]
    assert history[: len(saved["history"])] == saved["history"]
    assert replay(final).is_terminal()
    assert final["seats"] == ["random", "random"]

    shown = runner.invoke(app, ["replay", str(path), "--all"])
    assert shown.exit_code == 0, shown.output
    steps = re.findall(r"^(\d+)\. (.*)$", shown.output, re.MULTILINE)
    assert [int(n) for n, _ in steps] == list(range(1, len(history) + 1))
    words = [re.sub(r" \(\w+\)", "", move) for _, move in steps]
    # the spectator is told each move in words unless a seat's hand hid it
    hidden = [i for i, move in enumerate(words) if ": a hidden " in move]
    assert hidden and all(final["moves"][i].startswith("chance: draw") for i in hidden)
    # the saved record's words name the actor by its seat number ("seat 0: pass"); the
    # replay by the seat's name (the toy game's default, "Player 1")
    saved = [re.sub(r"^seat (\d+)", lambda m: f"Player {int(m[1]) + 1}", m) for m in final["moves"]]
    assert [w for i, w in enumerate(words) if i not in hidden] == [
        m for i, m in enumerate(saved) if i not in hidden
    ]

    middle = len(history) // 2
    at = runner.invoke(app, ["replay", str(path), "--to", str(middle)])
    assert at.exit_code == 0, at.output
    assert f"after {middle} of {len(history)} actions" in at.output
    assert f"{middle}. " in at.output

    stepping = runner.invoke(app, ["replay", str(path)], input="\n\nb\nq\n")
    assert stepping.exit_code == 0, stepping.output
    positions = re.findall(r"after (\d+) of", stepping.output)
    assert positions == ["0", "1", "2", "1"]


def test_end_of_input_stops_and_saves(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "eof.json"
    result = runner.invoke(
        app, ["play", "toy", "--seats", "human,random", "--seed", "1", "--save", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert "Input ended" in result.output
    data = load(path)
    assert decisions(data["history"]) == []
    assert not replay(data).is_terminal()


def test_resume_of_a_finished_game_shows_the_result(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "done.json"
    runner.invoke(
        app, ["play", "toy", "--seats", "random,random", "--seed", "9", "--save", str(path)]
    )
    before = path.read_text()
    result = runner.invoke(app, ["resume", str(path)])
    assert result.exit_code == 0, result.output
    assert "holds a finished game" in flat(result.output)
    assert "Final scores" in result.output
    assert path.read_text() == before


def test_in_game_save_asks_before_replacing_another_game(runner: CliRunner, tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    runner.invoke(
        app, ["play", TOY, "--seats", "random,random", "--seed", "9", "--save", str(other)]
    )
    kept = other.read_text()
    actions = len(load(other)["history"])
    mine = tmp_path / "mine.json"
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    lines = [
        f"save {other}",  # asks; Enter means no
        "",
        f"save {other}",  # asks; n
        "n",
        f"save {notes}",  # not a saved game: asks too
        "no",
        f"save {mine}",  # this game's own file: no question
        f"save {tmp_path}",  # a folder
        "quit",
    ]
    result = runner.invoke(
        app,
        ["play", TOY, "--seats", "human,random", "--seed", "4", "--save", str(mine)],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    question = f"{other} exists (a saved game of {actions} actions); overwrite? [y/N]"
    assert out.count(question) == 2
    assert f"{notes} exists (not a saved game); overwrite? [y/N]" in out
    assert out.count("Not saved.") == 3
    assert other.read_text() == kept
    assert notes.read_text() == "my notes"
    assert f"{mine} exists" not in out
    assert f"cannot save to {tmp_path}: it is a folder" in out

    # yes replaces it, and so do save! and save ... --force without a question
    for how in ([f"save {other}", "y"], [f"save! {notes}"], [f"save {other} --force"]):
        again = runner.invoke(
            app,
            ["play", TOY, "--seats", "human,random", "--seed", "4"],
            input="\n".join([*how, "quit"]) + "\n",
        )
        assert again.exit_code == 0, again.output
        assert "Saved " in again.output
    assert load(other)["seats"] == ["human", "random"]
    assert load(notes)["seats"] == ["human", "random"]


def test_in_game_save_on_end_of_input_keeps_the_file(runner: CliRunner, tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text("{}")
    result = runner.invoke(
        app, ["play", TOY, "--seats", "human,random", "--seed", "4"], input=f"save {other}\n"
    )
    assert result.exit_code == 0, result.output
    assert other.read_text() == "{}"
    assert "Not saved." in result.output
