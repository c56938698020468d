"""Rich tables of a :class:`~towers.sim.summary.SimulationReport`, for the CLI.

>>> from rich.console import Console
>>> for table in report_table(report):  # doctest: +SKIP
...     Console().print(table)
"""

from __future__ import annotations

from rich.table import Table

from towers.sim.summary import Interval, SimulationReport


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(ci: Interval | None, signed: bool = False) -> str:
    if ci is None:
        return "-"
    sign = "+" if signed else ""
    return f"{100 * ci.low:{sign}.1f}..{100 * ci.high:{sign}.1f}%"


def report_table(report: SimulationReport) -> list[Table]:
    """Three tables: the run (inputs and totals), the bots, the seats."""
    inputs = report.inputs
    run = Table(
        title=f"Simulation: {inputs['game']}, {inputs['players']} players", show_header=False
    )
    run.add_column("what", style="bold")
    run.add_column("value")
    options = ", ".join(f"{k}={v}" for k, v in inputs["options"].items()) or "defaults"
    rows = [
        ("games", str(report.games)),
        ("seats", ", ".join(inputs["seats"])),
        ("seed", str(inputs["seed"])),
        ("options", options),
        ("rotate", "yes" if inputs["rotate"] else "no"),
        ("workers", str(inputs["workers"])),
        (
            "actions per game",
            f"{report.actions_mean:.1f} (min {report.actions_min}, max {report.actions_max})",
        ),
        ("decisions per game", f"{report.decisions_mean:.1f}"),
        ("seconds per game", f"{report.seconds_per_game:.3f}"),
        ("total seconds", f"{report.total_seconds:.2f}"),
    ]
    for name, value in rows:
        run.add_row(name, value)

    bots = Table(title="Bots", caption="win: shared ties count fractionally; CI: 95% interval")
    bots.add_column("bot", no_wrap=True)
    bots.add_column("win", justify="right")
    bots.add_column("CI", justify="right")
    bots.add_column("score ± sd", justify="right")
    bots.add_column("by seat", justify="right")
    bots.add_column("ms/move", justify="right")
    for b in report.bots:
        bots.add_row(
            b.label,
            _percent(b.win_rate),
            _interval(b.win_rate_ci),
            f"{b.score_mean:.1f} ± {b.score_std:.1f}",
            "/".join(str(n) for n in b.seat_games),
            f"{1000 * b.seconds_per_decision:.2f}",
        )

    if len(report.seats) == 1:
        # solo: the one seat is the bot above, and a win is a game won against the game
        bots.caption = f"solo: a win is a game won against the game itself; {bots.caption}"
        return [run, bots]
    advantage = f"{100 * report.first_seat_advantage:+.1f}%"
    caption = (
        f"first-seat advantage {advantage} "
        f"(95% interval {_interval(report.first_seat_ci, signed=True)})"
    )
    seats = Table(title="Seats", caption=caption)
    seats.add_column("seat", justify="right")
    seats.add_column("win rate", justify="right")
    seats.add_column("score mean", justify="right")
    for s in report.seats:
        seats.add_row(str(s.seat), _percent(s.win_rate), f"{s.score_mean:.2f}")
    return [run, bots, seats]
