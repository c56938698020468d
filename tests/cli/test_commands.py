"""``towers games``, ``bots``, ``simulate``, ``bench``, ``--version`` and the error messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import towers
from tests.cli.conftest import TOY
from tests.cli.test_bad_input import INTERNALS
from towers.bench import run_bench
from towers.cli import app
from towers.core.options import value_text
from towers.core.registry import bot_class


def flat(text: str) -> str:
    return " ".join(text.split())


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"towers {towers.__version__}"


def test_games_lists_players_and_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if " toy " in line)
    assert "2-4" in row
    assert "deck = 12: cards in the deck (allowed: 6, 12)" in row


def test_bots_lists_every_bot_and_human(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bots"], env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    text = flat(result.output.replace("│", " "))
    for name in ["human", *towers.list_bots()]:
        assert f" {name} " in result.output
    for name in towers.list_bots():
        cls = bot_class(name)
        assert flat(cls.about) in text
        for param in cls.PARAMS:
            default = "not set" if param.default is None else value_text(param.default)
            assert f"{param.name} = {default}: {flat(param.help)}; {param.allowed()}" in text
    assert "iterations = 200: " in text
    assert not INTERNALS.search(result.output), INTERNALS.search(result.output)


def test_what_players_read_shows_no_python(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    outputs = [
        runner.invoke(app, ["games"], env={"COLUMNS": "300"}).output,
        runner.invoke(app, ["bots"], env={"COLUMNS": "300"}).output,
        runner.invoke(app, ["play", TOY, "-s", "random,random", "--save", str(path)]).output,
        runner.invoke(app, ["replay", str(path), "--all"]).output,
        runner.invoke(app, ["replay", str(path), "--all", "--seat", "1"]).output,
        runner.invoke(app, ["play", "torres", "-s", "human,random"], input="help\n").output,
        runner.invoke(app, ["play", "tiletum", "-s", "human,random"]).output,
    ]
    for output in outputs:
        assert not INTERNALS.search(output), INTERNALS.search(output)
    assert "Toy, 2 players, deck 12" in outputs[2]
    assert "Start of Toy, 2 players, deck 12" in outputs[3]
    assert "Torres, 2 players, variant Basic game, layout default" in outputs[5]
    assert "Tiletum, 2 players" in outputs[6]


def test_simulate_prints_tables_and_writes_json(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "sim.json"
    args = ["simulate", "toy", "--players", "2", "--games", "4", "--seats", "random,random"]
    result = runner.invoke(app, [*args, "--seed", "1", "--json", str(path)])
    assert result.exit_code == 0, result.output
    assert "Simulation: toy, 2 players" in result.output
    report = json.loads(path.read_text())
    assert report["inputs"]["games"] == 4
    assert report["inputs"]["rotate"] is True
    assert len(report["results"]) == 4

    to_stdout = runner.invoke(app, [*args, "--seed", "1", "--no-rotate", "--json", "-"])
    assert to_stdout.exit_code == 0, to_stdout.output
    piped = json.loads(to_stdout.stdout)
    assert piped["inputs"]["rotate"] is False
    assert "Simulation: toy" in to_stdout.stderr


def test_run_bench_gives_positive_figures() -> None:
    report = run_bench(TOY, players=[2, 3], seconds=0.3, seed=1)
    assert report["game"] == TOY
    assert [row["players"] for row in report["results"]] == [2, 3]
    for row in report["results"]:
        for kind in ("playouts", "playouts_trusted"):
            figures = row[kind]
            assert figures["games"] >= 1
            assert figures["actions"] >= figures["games"]
            assert figures["actions_per_second"] > 0
            assert figures["games_per_second"] > 0
        assert row["mid_game_ply"] > 0
        assert row["clone_microseconds"] > 0
        assert 0 < row["state_json_bytes"] < row["state_json_bytes_with_history"]
        assert row["mcts"]["iterations"] > 0
        assert row["mcts"]["iterations_per_second"] > 0


def test_bench_command_prints_a_table_and_json(runner: CliRunner, tmp_path: Path) -> None:
    args = ["bench", TOY, "--players", "2", "--seconds", "0.2", "--seed", "3"]
    result = runner.invoke(app, [*args, "--json", "-"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seed"] == 3
    assert data["results"][0]["players"] == 2
    assert "MCTS iterations/s" in result.stderr

    path = tmp_path / "bench.json"
    result = runner.invoke(app, [*args, "--json", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "clone() µs, median" in result.stdout
    assert json.loads(path.read_text())["results"][0]["clone_microseconds"] > 0


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["play", "nope"], ["unknown game 'nope'; games:", "toy"]),
        (
            ["play", "toy", "--seats", "human,robot"],
            ["unknown seat 'robot'; a seat can be: human,"],
        ),
        (
            ["play", "toy", "--option", "colour=red"],
            ["toy has no option colour; its options are: deck"],
        ),
        (["play", "toy", "--option", "deck=7"], ["option deck=7 is not allowed; allowed: 6, 12"]),
        (["play", "toy", "--option", "deck"], ["--option: 'deck' is not KEY=VALUE"]),
        (
            ["play", "toy", "--seats", "human,mcts:depth=3"],
            ["seat 1 (mcts:depth=3): mcts has no parameter 'depth'; it takes: iterations, seconds"],
        ),
        (
            ["play", "toy", "--players", "3", "--seats", "human,random"],
            ["--seats names 2 seats but --players is 3"],
        ),
        (["play", "toy", "--players", "5"], ["toy is for 2 to 4 players, not 5"]),
        (
            ["play", "toy", "--seats", "human,random", "--bot-param", "mcts:iterations=5"],
            ["--bot-param is for mcts but no seat plays it"],
        ),
        (
            ["play", "toy", "--bot-param", "oracle:x=1"],
            ["--bot-param names unknown bot 'oracle'; bots:"],
        ),
        (
            ["simulate", "toy", "--seats", "random,human"],
            ["simulate plays bots only; a seat can be:"],
        ),
        (["simulate", "toy", "--seats", "random", "--games", "0"], ["--games must be at least 1"]),
        (["simulate", "nope"], ["unknown game 'nope'"]),
        (["bench", "toy", "--players", "1,2"], ["is not allowed; this game is for 2 to 4 players"]),
        (["bench", "toy", "--players", "two"], ["--players needs numbers such as 2,3,4"]),
        (["bench", "toy", "--seconds", "0"], ["--seconds must be a positive number"]),
        (["resume", "no-such-file.json"], ["cannot read saved game no-such-file.json"]),
    ],
)
def test_bad_input_exits_non_zero_listing_what_is_allowed(
    runner: CliRunner, tmp_path: Path, args: list[str], expected: list[str]
) -> None:
    save = tmp_path / "never.json"
    extra = ["--save", str(save)] if args[0] == "play" else []
    result = runner.invoke(app, [*args, *extra])
    assert result.exit_code == 2, result.output
    message = flat(result.stderr)
    assert message.startswith("Error:")
    for text in expected:
        assert text in message
    assert not save.exists()


def test_yes_or_no_options_take_the_usual_spellings(runner: CliRunner) -> None:
    for typed in ("True", "yes", "ON", "1", "false"):
        result = runner.invoke(
            app, ["play", "tiletum", "-o", f"action_tiles={typed}", "-s", "human,random"]
        )
        assert result.exit_code == 0, result.output
        assert "Input ended" in result.output
    bad = runner.invoke(app, ["play", "tiletum", "-o", "action_tiles=maybe"])
    assert bad.exit_code == 2
    assert flat(bad.stderr) == (
        "Error: option action_tiles=maybe is not allowed; allowed: false, true"
    )
    listed = runner.invoke(app, ["games"], env={"COLUMNS": "300"})
    assert "action_tiles = false: " in listed.output
    assert "(allowed: false, true)" in listed.output
    assert "variant = basic: " in listed.output


def test_an_existing_save_file_is_not_overwritten(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text("precious")
    result = runner.invoke(app, ["play", "toy", "--seats", "random,random", "--save", str(path)])
    assert result.exit_code == 2
    assert "pass --overwrite" in flat(result.stderr)
    assert path.read_text() == "precious"


def test_replay_out_of_range_and_conflicting_flags(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    runner.invoke(
        app, ["play", "toy", "--seats", "random,random", "--seed", "1", "--save", str(path)]
    )
    n = len(json.loads(path.read_text())["history"])
    result = runner.invoke(app, ["replay", str(path), "--to", str(n + 1)])
    assert result.exit_code == 2
    assert f"choose a position from 0 to {n}" in flat(result.stderr)
    both = runner.invoke(app, ["replay", str(path), "--to", "1", "--all"])
    assert both.exit_code == 2
    assert "give --to N or --all, not both" in flat(both.stderr)
    seat = runner.invoke(app, ["replay", str(path), "--seat", "7"])
    assert seat.exit_code == 2
    assert "seats are 0 to 1" in flat(seat.stderr)


@pytest.mark.parametrize("command", ["simulate", "bench"])
@pytest.mark.parametrize("target", ["{tmp}/no/such/folder/out.json", "{tmp}", "{tmp}/file/x.json"])
def test_a_json_file_that_cannot_be_written_is_refused_before_any_game(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, target: str
) -> None:
    import towers.cli
    import towers.sim

    played: list[str] = []

    def no_play(*args: object, **kwargs: object) -> None:
        played.append(command)
        raise AssertionError("a game was played before the output was checked")

    monkeypatch.setattr(towers.sim, "run_simulation", no_play)
    monkeypatch.setattr(towers.cli, "run_bench", no_play)
    (tmp_path / "file").write_text("a file, not a folder")
    path = target.replace("{tmp}", str(tmp_path))
    extra = ["-n", "3"] if command == "simulate" else ["--seconds", "0.1"]
    result = runner.invoke(app, [command, TOY, *extra, "--json", path])
    assert result.exit_code == 2, result.output
    assert played == []
    message = flat(result.stderr)
    assert message.startswith(f"Error: --json {path}")
    assert "folder" in message


def test_tournament_writes_results_a_report_and_resumes(runner: CliRunner, tmp_path: Path) -> None:
    results = tmp_path / "t.sqlite"
    args = ["tournament", "toy", "--bots", "greedy,random,mcts:iterations=5", "-n", "6"]
    first = runner.invoke(app, [*args, "--workers", "1", "--results", str(results)])
    assert first.exit_code == 0, first.output
    for text in ("Tournament: toy, 2 players", "Cross-table", "Ratings", "mcts:iterations=5"):
        assert text in first.output
    again = runner.invoke(app, [*args, "--results", str(results)])
    assert again.exit_code == 2
    assert "carry that run on with --resume" in flat(again.stderr)
    more = [a if a != "6" else "9" for a in args]
    report = tmp_path / "report"
    resumed = runner.invoke(
        app, [*more, "--results", str(results), "--resume", "--report", str(report)]
    )
    assert resumed.exit_code == 0, resumed.output
    assert (report / "index.html").exists() and (report / "cross_table.png").exists()
    data = json.loads((report / "figures.json").read_text())
    assert data["games"] == 9


def test_report_and_compare_read_results_files(runner: CliRunner, tmp_path: Path) -> None:
    base = ["simulate", "toy", "-s", "greedy,random", "-n", "12", "--workers", "1"]
    a, b = tmp_path / "a.sqlite", tmp_path / "b.parquet"
    assert runner.invoke(app, [*base, "--results", str(a)]).exit_code == 0
    assert runner.invoke(app, [*base, "-o", "deck=6", "--results", str(b)]).exit_code == 0
    report = runner.invoke(app, ["report", str(a)])
    assert report.exit_code == 0, report.output
    assert "Simulation: toy, 2 players" in report.output
    assert (tmp_path / "a-report" / "index.html").exists()

    same = runner.invoke(app, ["compare", str(a), str(a), "--json", "-"], env={"COLUMNS": "200"})
    assert same.exit_code == 0, same.output
    assert not any(c["moved"] for c in json.loads(same.stdout))
    assert "the runs were asked the same" in same.stderr
    other = runner.invoke(app, ["compare", str(a), str(b)], env={"COLUMNS": "200"})
    assert other.exit_code == 0, other.output
    assert 'options: {} -> {"deck": 6}' in other.output
    assert "game length (actions)" in other.output
    assert "moved beyond their noise" in flat(other.output)


def test_simulate_plays_on_every_local_core_by_default(runner: CliRunner) -> None:
    from towers.sim import local_cores

    result = runner.invoke(app, ["simulate", "toy", "-n", "2", "--json", "-"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["inputs"]["workers"] == local_cores()


def test_bench_measures_the_player_counts_a_mode_allows() -> None:
    # Return to Dark Tower's competitive game is for 2-4 heroes, its cooperative one for 1-4:
    # the counts come from the options, not the game's widest range.
    report = run_bench("dark_tower", seconds=0.05, options={"mode": "competitive"})
    assert [row["players"] for row in report["results"]] == [2, 3, 4]
    assert all(row["playouts"]["games"] >= 1 for row in report["results"])


def test_bench_command_prints_the_competitive_figures(runner: CliRunner) -> None:
    args = ["bench", "dark_tower", "-p", "2", "--seconds", "0.05", "-o", "mode=competitive"]
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "2 players" in result.output and "MCTS iterations/s" in result.output
    refused = runner.invoke(app, [*args[:3], "1-2", *args[4:]], env={"COLUMNS": "200"})
    assert refused.exit_code == 2
    assert "2 to 4 heroes" in flat(refused.output)
