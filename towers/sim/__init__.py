"""Simulations between bots: many seeded games, rotated seats, and a report of the results.

>>> from towers.sim import run_simulation
>>> report = run_simulation("torres", 2, 4, ["greedy", "random"], seed=1)  # doctest: +SKIP
>>> report.bot("greedy").win_rate  # doctest: +SKIP

Tournaments, results files, Ray, reports and comparisons: :func:`run_tournament`,
:mod:`towers.sim.store`, :mod:`towers.sim.cluster`, :mod:`towers.sim.html` and
:mod:`towers.sim.analysis`.

Seat specs carry parameters (``"mcts:iterations=50"``); see :mod:`towers.sim.specs`.
"""

from towers.sim.report import report_table
from towers.sim.simulate import (
    derive_seed,
    lineup,
    local_cores,
    play_game,
    run_simulation,
    run_tournament,
    seating,
    tournament_groups,
)
from towers.sim.specs import SeatEntry, parse_seat_spec, resolve_seats
from towers.sim.store import load_report, load_reports, open_store
from towers.sim.summary import (
    BotSummary,
    GameResult,
    Interval,
    SeatSummary,
    SimulationReport,
    TeamSummary,
)

__all__ = [
    "BotSummary",
    "GameResult",
    "Interval",
    "SeatEntry",
    "SeatSummary",
    "SimulationReport",
    "TeamSummary",
    "derive_seed",
    "lineup",
    "load_report",
    "load_reports",
    "local_cores",
    "open_store",
    "parse_seat_spec",
    "play_game",
    "report_table",
    "resolve_seats",
    "run_simulation",
    "run_tournament",
    "seating",
    "tournament_groups",
]
