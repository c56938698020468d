"""`towers review SAVE`: the review printed in 80 columns, stored, and written as JSON and a
plot; bad input refused before any search."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from towers.cli import app
from towers.core.record import save
from towers.learn.review import Review, review_path

from .positions import playout


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    save(path, playout("torres", 5, 24))
    return path


def test_review_prints_stores_and_writes(saved: Path, tmp_path: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "200"})
    out_json = tmp_path / "review.json"
    plot = tmp_path / "scores.png"
    args = ["review", str(saved), "--iterations", "3", "--json", str(out_json), "--plot", str(plot)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Review of Torres" in text
    assert "Each seat's decisions" in text and "The score over time" in text
    assert "The game is not over" in text
    review_lines = [line for line in text.splitlines() if not line.startswith("The plot is in")]
    assert max(len(line) for line in review_lines) <= 80
    made = Review.from_json(review_path(saved).read_text())
    assert json.loads(out_json.read_text()) == json.loads(made.to_json())
    assert plot.read_bytes()[:4] == b"\x89PNG"
    again = runner.invoke(app, args[:4])
    assert again.exit_code == 0
    assert "as stored beside the save" in again.stdout


def test_review_json_to_standard_output(saved: Path) -> None:
    result = CliRunner().invoke(app, ["review", str(saved), "--iterations", "2", "--json", "-"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["format"] == "towers-review/2"
    assert len(data["scores"][0]) == data["steps"] + 1


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--iterations", "0"], "iterations"),
        (["--seconds-per-move", "0"], "seconds"),
    ],
)
def test_bad_budgets_are_refused(saved: Path, extra: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["review", str(saved), *extra])
    assert result.exit_code == 2
    assert message in result.stderr
    assert not review_path(saved).exists()


def test_a_file_that_is_no_saved_game_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text("[1, 2]")
    result = CliRunner().invoke(app, ["review", str(bad)])
    assert result.exit_code == 2
    assert "saved game" in result.stderr
    missing = CliRunner().invoke(app, ["review", str(tmp_path / "none.json")])
    assert missing.exit_code == 2


def test_a_seat_out_of_the_game_is_refused(saved: Path) -> None:
    result = CliRunner().invoke(app, ["review", str(saved), "--seat", "3"])
    assert result.exit_code == 2
    assert "--seat 3 is not a seat of this game" in result.stderr
    assert not review_path(saved).exists()


def test_a_save_with_an_illegal_action_is_refused_before_any_search(
    saved: Path, tmp_path: Path
) -> None:
    data = json.loads(saved.read_text())
    data["history"].append(10**6)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["review", str(bad)])
    assert result.exit_code == 2
    assert f"action {len(data['history'])} of the saved game is not legal" in result.stderr
    assert not review_path(bad).exists()
