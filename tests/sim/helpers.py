"""Small helpers shared by the simulation tests."""

from __future__ import annotations

import io

from rich.console import Console

from towers.sim import SimulationReport
from towers.sim.report import report_table


def report_text(report: SimulationReport) -> str:
    """The tables ``towers simulate`` prints for ``report``, as plain text."""
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    for table in report_table(report):
        console.print(table)
    return out.getvalue()
