"""Figures a report draws from a run's results: ratings, the cross-table, the balance views,
and the comparison of two runs.

Who finished ahead: seats are ranked by their return (a win, a share of a tie, a loss) and
then by score, so that among the losers of a game the one with more points is ahead of the
others; equal on both, they tie.

>>> finish_ranks([1.0, 0.0, 0.0], [30.0, 12.0, 20.0])
[1, 3, 2]
>>> finish_ranks([0.5, 0.5], [9.0, 9.0])
[1, 1]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from towers.core.errors import GameOptionError
from towers.sim.specs import SeatEntry
from towers.sim.summary import (
    Z95,
    GameResult,
    Interval,
    SimulationReport,
    mean,
    rate_interval,
    sample_std,
    seat_wins,
    team_won,
)

ALPHA = 0.05
"""The chance, over the whole family of figures compared, of calling noise a move."""


def finish_ranks(returns: Sequence[float], scores: Sequence[float]) -> list[int]:
    """Each seat's place at the end (1 is first; equal places tie)."""
    keys = list(zip(returns, scores, strict=True))
    return [1 + sum(1 for other in keys if other > key) for key in keys]


# ---- ratings ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rating:
    """A bot's skill as a rating model estimates it: a mean and its standard deviation."""

    label: str
    mu: float
    sigma: float
    games: int

    @property
    def interval(self) -> Interval:
        """The 95% interval of the skill."""
        return Interval(self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma)

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "mu": self.mu, "sigma": self.sigma, "games": self.games}


def ratings(entries: Sequence[SeatEntry], results: Sequence[GameResult]) -> list[Rating]:
    """Each entry's rating after the games in their order (openskill's Plackett-Luce model,
    ``towers[report]``), the entries in their order."""
    try:
        from openskill.models import PlackettLuce
    except ImportError as exc:
        raise GameOptionError("ratings need openskill: pip install 'towers[report]'") from exc
    model = PlackettLuce()
    current = [model.rating(name=e.label) for e in entries]
    games = [0] * len(entries)
    for r in sorted(results, key=lambda r: r.index):
        if len(r.lineup) < 2:
            continue  # a solo game has no one to be ahead of
        teams = [[current[k]] for k in r.lineup]
        rated = model.rate(teams, ranks=finish_ranks(r.returns, r.scores))
        for seat, k in enumerate(r.lineup):
            current[k] = rated[seat][0]
            games[k] += 1
    return [
        Rating(e.label, float(c.mu), float(c.sigma), n)
        for e, c, n in zip(entries, current, games, strict=True)
    ]


# ---- the cross-table ----------------------------------------------------------------------
@dataclass(frozen=True)
class Pairing:
    """How often ``first`` finished ahead of ``second`` in the games they played together
    (a tie counts a half)."""

    first: str
    second: str
    games: int
    ahead: float
    interval: Interval | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "second": self.second,
            "games": self.games,
            "ahead": self.ahead,
            "interval": self.interval.to_dict() if self.interval else None,
        }


def cross_table(entries: Sequence[SeatEntry], results: Sequence[GameResult]) -> list[Pairing]:
    """Every ordered pair of entries that met."""
    outcomes: dict[tuple[int, int], list[float]] = {}
    for r in results:
        ranks = finish_ranks(r.returns, r.scores)
        for sa, a in enumerate(r.lineup):
            for sb, b in enumerate(r.lineup):
                if a != b:
                    won = 1.0 if ranks[sa] < ranks[sb] else 0.5 if ranks[sa] == ranks[sb] else 0.0
                    outcomes.setdefault((a, b), []).append(won)
    return [
        Pairing(entries[a].label, entries[b].label, len(v), mean(v), rate_interval(v))
        for (a, b), v in sorted(outcomes.items())
    ]


# ---- balance views ------------------------------------------------------------------------
@dataclass(frozen=True)
class BalanceRow:
    """One label of a facet: for a game's facet, the games with it and the win rate of each
    seat in them (of the team, one rate, in a cooperative game); for a seat's facet, the
    seats with it and their win rate (their team's, in a cooperative game)."""

    facet: str
    label: str
    count: int
    win_rate: list[float]
    intervals: list[Interval | None]
    score_mean: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "facet": self.facet,
            "label": self.label,
            "count": self.count,
            "win_rate": list(self.win_rate),
            "intervals": [i.to_dict() if i else None for i in self.intervals],
            "score_mean": self.score_mean,
        }


def balance(
    results: Sequence[GameResult], cooperative: bool = False
) -> dict[str, list[BalanceRow]]:
    """The balance views of the facets the games reported, by facet then label (sorted);
    ``cooperative`` counts the team's win (one rate for a game's facet)."""
    game_facets: dict[str, dict[str, list[GameResult]]] = {}
    seat_facets: dict[str, dict[str, list[tuple[float, float]]]] = {}
    for r in results:
        won = seat_wins(r, cooperative)
        for facet, value in r.balance.items():
            if isinstance(value, list):
                for seat, label in enumerate(value):
                    by = seat_facets.setdefault(facet, {}).setdefault(str(label), [])
                    by.append((won[seat], r.scores[seat]))
            else:
                game_facets.setdefault(facet, {}).setdefault(str(value), []).append(r)
    views: dict[str, list[BalanceRow]] = {}
    for facet, by_label in sorted(game_facets.items()):
        rows = []
        for label, games in sorted(by_label.items()):
            # in a team every seat has the team's win: one rate says it
            seats = range(1 if cooperative else len(games[0].lineup))
            wins = [[seat_wins(g, cooperative)[s] for g in games] for s in seats]
            rows.append(
                BalanceRow(
                    facet,
                    label,
                    len(games),
                    [mean(w) for w in wins],
                    [rate_interval(w) for w in wins],
                    mean([sum(g.scores) / len(g.scores) for g in games]),
                )
            )
        views[facet] = rows
    for facet, by_seat in sorted(seat_facets.items()):
        views[facet] = [
            BalanceRow(
                facet,
                label,
                len(pairs),
                [mean([w for w, _ in pairs])],
                [rate_interval([w for w, _ in pairs])],
                mean([s for _, s in pairs]),
            )
            for label, pairs in sorted(by_seat.items())
        ]
    return views


def is_seat_facet(results: Sequence[GameResult], facet: str) -> bool:
    return any(isinstance(r.balance.get(facet), list) for r in results)


# ---- comparing two runs -------------------------------------------------------------------
@dataclass(frozen=True)
class Change:
    """One figure of two runs: its values, the difference (second minus first) with its 95%
    interval, the chance of a difference this large from noise alone, and whether it moved
    beyond noise over the whole family of figures compared (Holm's correction)."""

    figure: str
    first: float
    second: float
    difference: float
    interval: Interval
    p_value: float
    moved: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "figure": self.figure,
            "first": self.first,
            "second": self.second,
            "difference": self.difference,
            "interval": self.interval.to_dict(),
            "p_value": self.p_value,
            "moved": self.moved,
        }


def _difference(
    name: str, a: Sequence[float], b: Sequence[float]
) -> tuple[str, float, float, float, float]:
    """The figure, both means, the difference and its standard error (Welch)."""
    se = math.sqrt(sample_std(a) ** 2 / len(a) + sample_std(b) ** 2 / len(b))
    return name, mean(a), mean(b), mean(b) - mean(a), se


def _p_value(difference: float, se: float) -> float:
    if se == 0:
        return 1.0 if difference == 0 else 0.0
    return math.erfc(abs(difference / se) / math.sqrt(2))


def compare(first: SimulationReport, second: SimulationReport) -> list[Change]:
    """The figures two runs share (each bot's win rate and mean score, by label; each seat's
    win rate and mean score; the game's length), which moved beyond their noise."""
    if first.inputs.get("game") != second.inputs.get("game"):
        raise GameOptionError(
            f"the runs are of different games ({first.inputs.get('game')} and "
            f"{second.inputs.get('game')}): nothing to compare"
        )
    if not first.results or not second.results:
        raise GameOptionError("a run with no games has nothing to compare")
    if first.cooperative != second.cooperative:
        raise GameOptionError(
            "one run is of the cooperative game and the other of the competitive one: "
            "nothing to compare"
        )
    cooperative = first.cooperative
    rows = []

    def of_bot(report: SimulationReport, label: str) -> tuple[list[float], list[float]]:
        k = [e.label for e in report.entries].index(label)
        played = [r for r in report.results if k in r.lineup]
        return (
            [seat_wins(r, cooperative)[r.lineup.index(k)] for r in played],
            [r.scores[r.lineup.index(k)] for r in played],
        )

    second_labels = {e.label for e in second.entries}
    for entry in first.entries:
        if entry.label in second_labels:
            (wa, sa), (wb, sb) = of_bot(first, entry.label), of_bot(second, entry.label)
            if wa and wb:
                rows.append(_difference(f"{entry.label} win rate", wa, wb))
                rows.append(_difference(f"{entry.label} score", sa, sb))
    seats = min(len(first.results[0].lineup), len(second.results[0].lineup))
    if cooperative:
        rows.append(
            _difference(
                "team win rate",
                [float(team_won(r)) for r in first.results],
                [float(team_won(r)) for r in second.results],
            )
        )
    elif seats > 1:
        for s in range(seats):
            rows.append(
                _difference(
                    f"seat {s} win rate",
                    [r.returns[s] for r in first.results],
                    [r.returns[s] for r in second.results],
                )
            )
            rows.append(
                _difference(
                    f"seat {s} score",
                    [r.scores[s] for r in first.results],
                    [r.scores[s] for r in second.results],
                )
            )
    rows.append(
        _difference(
            "game length (actions)",
            [float(r.actions) for r in first.results],
            [float(r.actions) for r in second.results],
        )
    )
    p_values = [_p_value(d, se) for _, _, _, d, se in rows]
    # Holm: the k-th smallest p-value is held to ALPHA / (m - k), and stops at the first fail
    moved = [False] * len(rows)
    for k, i in enumerate(sorted(range(len(rows)), key=lambda i: p_values[i])):
        if p_values[i] > ALPHA / (len(rows) - k):
            break
        moved[i] = True
    return [
        Change(name, a, b, d, Interval(d - Z95 * se, d + Z95 * se), p, m)
        for (name, a, b, d, se), p, m in zip(rows, p_values, moved, strict=True)
    ]
