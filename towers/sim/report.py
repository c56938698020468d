"""Rich tables of a :class:`~towers.sim.summary.SimulationReport` and of a comparison of two
runs, for the CLI.

>>> from rich.console import Console
>>> for table in report_table(report):  # doctest: +SKIP
...     Console().print(table)
"""

from __future__ import annotations

import json

from rich.table import Table

from towers.sim.analysis import Change, cross_table, ratings
from towers.sim.summary import Interval, SimulationReport, TeamSummary, players_text, runs_text


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(ci: Interval | None, signed: bool = False) -> str:
    if ci is None:
        return "-"
    sign = "+" if signed else ""
    return f"{100 * ci.low:{sign}.1f}..{100 * ci.high:{sign}.1f}%"


def report_table(report: SimulationReport) -> list[Table]:
    """Three tables: the run (inputs and totals), the bots, and the seats, or for a
    cooperative game the team (its win rate, one figure: the seats win or lose together)."""
    inputs = report.inputs
    kind = "Tournament" if "bots" in inputs else "Simulation"
    run = Table(
        title=f"{kind}: {inputs['game']}, {players_text(inputs['players'])}", show_header=False
    )
    run.add_column("what", style="bold")
    run.add_column("value")
    options = ", ".join(f"{k}={v}" for k, v in inputs["options"].items()) or "defaults"
    if "runs" in inputs:
        options = runs_text(inputs)
    asked = inputs.get("games", report.games)
    where = f"Ray at {inputs['ray']}" if inputs.get("ray") else str(inputs.get("workers", 1))
    rows = [
        ("games", str(report.games) if asked == report.games else f"{report.games} of {asked}"),
        (
            "bots" if "bots" in inputs else "seats",
            ", ".join(inputs["bots"] if "bots" in inputs else inputs["seats"]),
        ),
        ("seed", str(inputs["seed"])),
        ("options", options),
        ("rotate", "yes" if inputs["rotate"] else "every order" if "bots" in inputs else "no"),
        ("workers", where),
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

    team = report.team
    bots = Table(title="Bots", caption="win: shared ties count fractionally; CI: 95% interval")
    if team is not None:
        bots.caption = "team win: the games its team won; CI: 95% interval"
    bots.add_column("bot", no_wrap=True)
    bots.add_column("win" if team is None else "team win", justify="right")
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

    if team is not None:
        return [run, bots, team_table(team)]
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


def team_table(team: TeamSummary) -> Table:
    """A cooperative game's one result: how often the team won against the game."""
    table = Table(
        title="Team",
        caption="a team result: the seats win or lose together against the game",
    )
    table.add_column("games", justify="right")
    table.add_column("won", justify="right")
    table.add_column("team win rate", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_row(
        str(team.games), str(team.wins), _percent(team.win_rate), _interval(team.win_rate_ci)
    )
    return table


def ratings_table(report: SimulationReport) -> Table:
    """Each bot's rating (openskill) and the 95% interval of its skill, best first."""
    table = Table(title="Ratings", caption="openskill Plackett-Luce; a win first, then the score")
    table.add_column("bot", no_wrap=True)
    table.add_column("rating", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("games", justify="right")
    for r in sorted(ratings(report.entries, report.results), key=lambda r: -r.mu):
        table.add_row(
            r.label, f"{r.mu:.2f}", f"{r.interval.low:.1f}..{r.interval.high:.1f}", str(r.games)
        )
    return table


def cross_table_table(report: SimulationReport) -> Table:
    """How often each row's bot finished ahead of each column's."""
    labels = [e.label for e in report.entries]
    cells = {(p.first, p.second): p for p in cross_table(report.entries, report.results)}
    table = Table(title="Cross-table", caption="row ahead of column, in the games they met")
    table.add_column("", no_wrap=True)
    for label in labels:
        table.add_column(label, justify="right")
    for a in labels:
        table.add_row(a, *(_percent(cells[a, b].ahead) if (a, b) in cells else "-" for b in labels))
    return table


def input_changes(first: SimulationReport, second: SimulationReport) -> list[str]:
    """What the second run was asked to do differently, one line an input."""
    skip = {"games", "workers", "ray", "game_options"}
    keys = sorted((set(first.inputs) | set(second.inputs)) - skip)
    lines = []
    for key in keys:
        a, b = first.inputs.get(key), second.inputs.get(key)
        if a != b:
            lines.append(f"{key}: {json.dumps(a)} -> {json.dumps(b)}")
    return lines


def compare_table(changes: list[Change], first: str, second: str) -> Table:
    """The figures of two runs, and which moved beyond their noise."""
    moved = sum(c.moved for c in changes)
    table = Table(
        title=f"Compare: {first} -> {second}",
        caption=f"{moved} of {len(changes)} figures moved beyond their noise (95%, Holm's "
        f"correction over all {len(changes)}); difference: second minus first",
    )
    for name in ("figure", "first", "second", "difference", "95% interval", "p"):
        if name == "figure":
            table.add_column(name, no_wrap=True)
        else:
            table.add_column(name, justify="right", no_wrap=name != "95% interval")
    table.add_column("moved")
    for c in changes:
        rate = "win rate" in c.figure
        show = _percent if rate else (lambda v: f"{v:.2f}")
        span = (
            _interval(c.interval, signed=True)
            if rate
            else f"{c.interval.low:+.2f}..{c.interval.high:+.2f}"
        )
        difference = f"{100 * c.difference:+.1f}%" if rate else f"{c.difference:+.2f}"
        table.add_row(
            c.figure,
            show(c.first),
            show(c.second),
            difference,
            span,
            f"{c.p_value:.3g}",
            "[bold]moved[/bold]" if c.moved else "",
        )
    return table
