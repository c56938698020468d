"""The balance views of Torres, Tiletum and Return to Dark Tower in a run's report: a plot and
a table for each facet, and figures that are the games' own results."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.sim.helpers import report_text
from towers.core.errors import GameOptionError
from towers.sim import GameResult, load_reports, run_simulation
from towers.sim.summary import mean, rate_interval, team_won

pytest.importorskip("matplotlib")
pytest.importorskip("openskill")

from towers.sim.html import write_report  # noqa: E402


def written(report: Any, folder: Path) -> dict[str, Any]:
    """Write the report; check it has a plot and a table for each facet; its figures."""
    page = write_report(report, folder)
    data: dict[str, Any] = json.loads((page.parent / "figures.json").read_text())
    html = page.read_text()
    for n, facet in enumerate(data["balance"]):
        plot = page.parent / f"balance-{n}.png"
        assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f'src="balance-{n}.png"' in html and f"Balance: {facet}" in html
    return data


def rows_of(data: dict[str, Any], facet: str) -> dict[str, dict[str, Any]]:
    return {row["label"]: row for row in data["balance"][facet]["rows"]}


def check_game_facet(
    data: dict[str, Any],
    facet: str,
    results: list[GameResult],
    wins: Callable[[GameResult], list[float]],
) -> None:
    """Each label's games, and the win rates (and intervals) of ``wins`` over them."""
    rows = rows_of(data, facet)
    labels = {str(r.balance[facet]) for r in results}
    assert set(rows) == labels
    for label, row in rows.items():
        games = [r for r in results if str(r.balance[facet]) == label]
        assert row["count"] == len(games)
        rates = [[wins(g)[s] for g in games] for s in range(len(row["win_rate"]))]
        assert row["win_rate"] == [pytest.approx(mean(w)) for w in rates]
        expected = [rate_interval(w) for w in rates]
        assert row["intervals"] == [i.to_dict() if i else None for i in expected]


def test_torres_reports_win_rates_by_variant_layout_and_master_card(tmp_path: Path) -> None:
    basic, master = tmp_path / "basic.sqlite", tmp_path / "master.sqlite"
    seats = ["greedy", "random"]
    run_simulation("torres", 2, 4, seats, seed=1, results=basic)
    run_simulation("torres", 2, 4, seats, seed=1, options={"variant": "master"}, results=master)
    report = load_reports([basic, master])
    data = written(report, tmp_path / "report")
    assert set(data["balance"]) == {"variant", "layout", "master card", "options"}
    assert {r: row["count"] for r, row in rows_of(data, "variant").items()} == {
        "basic": 4,
        "master": 4,
    }
    for facet in ("variant", "layout"):
        check_game_facet(data, facet, report.results, lambda r: r.returns)
    masters = [r for r in report.results if "master card" in r.balance]
    assert len(masters) == 4  # the basic games hold no master card
    check_game_facet(data, "master card", masters, lambda r: r.returns)


def test_tiletum_reports_the_win_rate_of_each_starting_place(tmp_path: Path) -> None:
    report = run_simulation("tiletum", 3, 6, ["greedy", "random", "random"], seed=2)
    data = written(report, tmp_path / "report")
    view = data["balance"]["starting order"]
    assert view["per_seat"] is True
    rows = rows_of(data, "starting order")
    assert set(rows) == {"1st (1 gold)", "2nd (3 gold)", "3rd (5 gold)"}
    for seat, label in enumerate(["1st (1 gold)", "2nd (3 gold)", "3rd (5 gold)"]):
        wins = [r.returns[seat] for r in report.results]  # the first player is seat 0
        assert rows[label]["count"] == 6
        assert rows[label]["win_rate"] == [pytest.approx(mean(wins))]
        assert rows[label]["win_rate"][0] == pytest.approx(report.seats[seat].win_rate)


def test_dark_tower_reports_the_team_win_rate_by_difficulty_and_heroes_across_runs(
    tmp_path: Path,
) -> None:
    pytest.importorskip("pyarrow")
    runs = [(1, "heroic", "one.sqlite"), (2, "heroic", "two.sqlite"), (2, "gritty", "two.parquet")]
    for heroes, difficulty, name in runs:
        run_simulation(
            "dark_tower", heroes, 3, ["greedy"] * heroes, seed=3,
            options={"difficulty": difficulty}, results=tmp_path / name,
        )  # fmt: skip
    report = load_reports([tmp_path / name for _, _, name in runs])
    assert report.team is not None and report.inputs["players"] == [1, 2]
    assert [run["players"] for run in report.inputs["runs"]] == [1, 2, 2]
    text = report_text(report)
    assert "dark_tower, 1 and 2 players" in text
    assert "difficulty=heroic (1 player); difficulty=heroic (2 players); difficulty=gritty" in text
    data = written(report, tmp_path / "report")
    assert {"difficulty", "heroes", "main goal", "adversary", "hero"} <= set(data["balance"])

    def team(r: GameResult) -> list[float]:
        return [1.0 if team_won(r) else 0.0]

    for facet in ("difficulty", "heroes"):
        check_game_facet(data, facet, report.results, team)
    assert {label: row["count"] for label, row in rows_of(data, "difficulty").items()} == {
        "heroic": 6,
        "gritty": 3,
    }
    assert {label: row["count"] for label, row in rows_of(data, "heroes").items()} == {
        "1 hero": 3,
        "2 heroes": 6,
    }
    assert report.team.games == 9
    assert report.team.win_rate == pytest.approx(mean([team(r)[0] for r in report.results]))
    # a seat's hero: its team's win rate in the games that hero played
    for label, row in rows_of(data, "hero").items():
        games = [r for r in report.results if label in r.balance["hero"]]
        assert row["win_rate"] == [pytest.approx(mean([team(r)[0] for r in games]))]
    html = (tmp_path / "report" / "index.html").read_text()
    assert "team win" in html and "Balance: difficulty" in html and "Balance: heroes" in html


def test_runs_of_several_player_counts_are_reported_together_only_as_one_team(
    tmp_path: Path,
) -> None:
    for players in (2, 3):
        run_simulation(
            "dark_tower", players, 1, ["random"] * players, seed=1,
            options={"mode": "competitive"}, results=tmp_path / f"race{players}.sqlite",
        )  # fmt: skip
    with pytest.raises(GameOptionError, match="one game and player count"):
        load_reports([tmp_path / "race2.sqlite", tmp_path / "race3.sqlite"])
    run_simulation("dark_tower", 1, 1, ["random"], seed=1, results=tmp_path / "one.sqlite")
    run_simulation(
        "dark_tower", 2, 1, ["greedy", "random"], seed=1, results=tmp_path / "two.sqlite"
    )
    with pytest.raises(GameOptionError, match="one line-up"):
        load_reports([tmp_path / "one.sqlite", tmp_path / "two.sqlite"])
