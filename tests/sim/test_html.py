"""The HTML report of a small run: its files are there, and its figures are the results'."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from towers.core.errors import GameOptionError
from towers.sim import load_report, run_simulation, run_tournament
from towers.sim.summary import rate_interval

pytest.importorskip("matplotlib")
pytest.importorskip("openskill")

from towers.sim.html import write_report  # noqa: E402


def test_the_report_of_a_tournament_has_its_plots_and_its_figures(tmp_path: Path) -> None:
    results = tmp_path / "run.sqlite"
    bots = ["greedy", "random", "mcts:iterations=5"]
    run_tournament("toy", 2, 12, bots, seed=8, results=results)
    report = load_report(results)
    page = write_report(report, tmp_path / "report")
    folder = page.parent
    names = {p.name for p in folder.iterdir()}
    assert {"index.html", "figures.json"} <= names
    pngs = {
        "seats",
        "bots",
        "scores",
        "lengths",
        "ratings",
        "cross_table",
        "balance-0",
        "balance-1",
    }
    assert {f"{n}.png" for n in pngs} <= names
    for name in pngs:
        assert (folder / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    data = json.loads((folder / "figures.json").read_text())
    assert data["games"] == 12
    assert data["lengths"] == [r.actions for r in report.results]
    seat_rates = [s["win_rate"] for s in data["summary"]["seats"]]
    assert seat_rates == [sum(r.returns[s] for r in report.results) / 12 for s in (0, 1)]
    for s, seat in enumerate(data["summary"]["seats"]):
        interval = rate_interval([r.returns[s] for r in report.results])
        assert interval is not None and seat["win_rate_ci"] == interval.to_dict()
    for bot, entry in zip(data["summary"]["bots"], report.entries, strict=True):
        k = report.entries.index(entry)
        played = [r for r in report.results if k in r.lineup]
        assert bot["games"] == len(played) == 8
        assert bot["win_rate"] == pytest.approx(
            sum(r.returns[r.lineup.index(k)] for r in played) / len(played)
        )
        assert data["scores"][entry.label] == [r.scores[r.lineup.index(k)] for r in played]
    cells = {(p["first"], p["second"]): p for p in data["cross_table"]}
    assert len(cells) == 6 and all(p["games"] == 4 for p in cells.values())
    assert cells["greedy", "random"]["ahead"] + cells["random", "greedy"]["ahead"] == 1
    assert {r["label"] for r in data["ratings"]} == set(bots)
    assert set(data["balance"]) == {"first card", "opening card"}
    assert data["balance"]["opening card"]["per_seat"] is True

    html = page.read_text()
    for img in pngs:
        assert f'src="{img}.png"' in html
    for bot in data["summary"]["bots"]:
        assert f"{100 * bot['win_rate']:.1f}%" in html
    assert "Cross-table" in html and "Balance: first card" in html


def test_a_solo_report_has_no_seats_ratings_or_cross_table(tmp_path: Path) -> None:
    report = run_simulation("turris", 1, 2, ["random"], seed=2)
    folder = write_report(report, tmp_path / "solo").parent
    names = {p.name for p in folder.iterdir()}
    assert "bots.png" in names
    assert not {"seats.png", "ratings.png", "cross_table.png"} & names


def test_a_report_needs_a_folder(tmp_path: Path) -> None:
    report = run_simulation("toy", 2, 1, ["random", "random"], seed=2)
    file = tmp_path / "file"
    file.write_text("")
    with pytest.raises(GameOptionError, match="is a file"):
        write_report(report, file)
