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
