"""The Rich tables of a report."""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table

from towers.sim import report_table, run_simulation


def test_report_tables_name_every_bot_and_seat() -> None:
    report = run_simulation("toy", 3, 3, ["greedy", "random", "random"], seed=2)
    tables = report_table(report)
    assert all(isinstance(t, Table) for t in tables)
    console = Console(file=io.StringIO(), width=120)
    for table in tables:
        console.print(table)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    for word in ("greedy", "random#2", "first-seat advantage", "toy, 3 players", "1/1/1"):
        assert word in text


def test_a_solo_report_claims_no_first_seat_advantage() -> None:
    """One seat has no one to be first against: the report says what a solo win is, and gives
    no seat table and no first-seat figure (which would read as -100% for a lost game)."""
    report = run_simulation("turris", 1, 2, ["random"], seed=2)
    assert report.first_seat_advantage == 0.0 and report.first_seat_ci is None
    console = Console(file=io.StringIO(), width=120)
    for table in report_table(report):
        console.print(table)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "won against the game itself" in text
    assert "first-seat" not in text and "Seats" not in text
