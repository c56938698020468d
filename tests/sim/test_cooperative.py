"""A cooperative game's simulation reports the team's win rate, one figure with its interval,
said to be a team result, in the table, the report and a comparison; a competitive game's
figures stay each seat's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.sim.helpers import report_text
from towers.sim import load_report, run_simulation
from towers.sim.analysis import compare
from towers.sim.summary import mean, rate_interval, team_won


@pytest.fixture(scope="module", params=[1, 2], ids=["1 hero", "2 heroes"])
def team_run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A results file of four Heroic games of greedy heroes (which win most of them)."""
    heroes = request.param
    path = tmp_path_factory.mktemp("team") / f"heroes{heroes}.sqlite"
    run_simulation("dark_tower", heroes, 4, ["greedy"] * heroes, seed=4, results=path)
    return path


def test_the_team_win_rate_is_one_figure_counted_once_a_game(team_run: Path) -> None:
    report = load_report(team_run)
    heroes = len(report.seats)
    wins = [1.0 if team_won(r) else 0.0 for r in report.results]
    assert 0 < sum(wins), "greedy heroes won none of the games: nothing split to check"
    team = report.team
    assert team is not None and report.cooperative
    assert (team.games, team.wins, team.win_rate) == (4, sum(wins), mean(wins))
    assert team.win_rate_ci == rate_interval(wins)
    for bot in report.bots:  # each hero played every game: its team's rate, not a share
        assert bot.win_rate == team.win_rate and bot.win_rate_ci == team.win_rate_ci
    # every hero's return is the whole win, not a share of it
    assert [r.returns for r in report.results] == [[w] * heroes for w in wins]
    assert report.first_seat_ci is None and report.first_seat_advantage == 0
    data = report.to_dict()
    assert data["cooperative"] is True and data["team"] == team.to_dict()


def test_the_table_shows_the_team_result_and_no_seats(team_run: Path) -> None:
    report = load_report(team_run)
    team = report.team
    assert team is not None
    text = report_text(report)
    assert "Team" in text and "a team result" in text and "team win" in text
    assert f"{100 * team.win_rate:.1f}%" in text
    assert team.win_rate_ci is not None
    assert f"{100 * team.win_rate_ci.low:.1f}..{100 * team.win_rate_ci.high:.1f}%" in text
    assert "Seats" not in text and "first-seat advantage" not in text


def test_the_html_report_shows_the_team_result(team_run: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from towers.sim.html import write_report

    report = load_report(team_run)
    page = write_report(report, tmp_path / "report")
    names = {p.name for p in page.parent.iterdir()}
    assert {"team.png", "bots.png"} <= names
    assert not {"seats.png", "ratings.png", "cross_table.png"} & names
    data = json.loads((page.parent / "figures.json").read_text())
    assert report.team is not None and data["summary"]["team"] == report.team.to_dict()
    assert data["ratings"] == [] and data["cross_table"] == []
    html = page.read_text()
    assert "<h2>Team</h2>" in html and "A team result" in html
    assert f"{100 * report.team.win_rate:.1f}%" in html
    assert "<h2>Seats</h2>" not in html


def test_a_comparison_of_team_runs_compares_the_team_win_rate(team_run: Path) -> None:
    report = load_report(team_run)
    names = [c.figure for c in compare(report, report)]
    assert "team win rate" in names
    assert not any(name.startswith("seat ") for name in names)


def test_the_competitive_game_keeps_each_seats_own_figures() -> None:
    report = run_simulation(
        "dark_tower", 2, 2, ["random", "random"], seed=1, options={"mode": "competitive"}
    )
    assert report.team is None and not report.cooperative
    assert "team" not in report.to_dict() and "cooperative" not in report.to_dict()
    assert [s.win_rate for s in report.seats] == [
        mean([r.returns[s] for r in report.results]) for s in (0, 1)
    ]
    text = report_text(report)
    assert "Seats" in text and "Team" not in text


def test_the_command_prints_the_team_result() -> None:
    from typer.testing import CliRunner

    from towers.cli import app

    command = ["simulate", "dark_tower", "-p", "2", "-s", "random", "-n", "2", "--workers", "1"]
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, command)
    assert result.exit_code == 0, result.output
    assert "Team" in result.output and "a team result" in result.output
    assert "Seats" not in result.output
