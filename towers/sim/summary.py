"""What a simulation found: per-game results and the figures summed up from them.

Win rates count a shared tie fractionally (each of ``k`` winners gets ``1/k``), except in a
cooperative game (``Game.COOPERATIVE``), where the seats win or lose together: there a game
counts as a win for every seat when the team won, and the report adds the team's win rate, one
figure. Intervals are 95% Wilson score intervals of a rate, which behave at rates near 0 and 1
where the normal approximation collapses; with fractional ties they are slightly wide, never
too narrow.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from towers.sim.specs import SeatEntry

FORMAT = "towers-sim/1"
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class GameResult:
    """One game: its seed, who sat where, and how it ended."""

    index: int
    seed: int
    lineup: list[int]
    """``lineup[seat]``: the index in the line-up of the bot at that seat."""
    scores: list[float]
    returns: list[float]
    actions: int
    """Every action of the game, chance outcomes included."""
    decisions: list[int]
    """Actions chosen by each seat."""
    thinking: list[float]
    """Seconds each seat spent choosing."""
    seconds: float
    balance: dict[str, Any] = field(default_factory=dict)
    """The game's balance facets at its end, as its plugin declares them
    (:func:`towers.core.registry.balance_of`): a label for the game or one a seat."""

    def to_dict(self, timings: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "index": self.index,
            "seed": self.seed,
            "lineup": list(self.lineup),
            "scores": list(self.scores),
            "returns": list(self.returns),
            "actions": self.actions,
            "decisions": list(self.decisions),
        }
        if self.balance:
            data["balance"] = dict(self.balance)
        if timings:
            data["thinking"] = list(self.thinking)
            data["seconds"] = self.seconds
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        """The inverse of :meth:`to_dict` (a result read back from a results file)."""
        return cls(
            index=int(data["index"]),
            seed=int(data["seed"]),
            lineup=[int(v) for v in data["lineup"]],
            scores=[float(v) for v in data["scores"]],
            returns=[float(v) for v in data["returns"]],
            actions=int(data["actions"]),
            decisions=[int(v) for v in data["decisions"]],
            thinking=[float(v) for v in data.get("thinking", [0.0] * len(data["lineup"]))],
            seconds=float(data.get("seconds", 0.0)),
            balance=dict(data.get("balance") or {}),
        )


@dataclass(frozen=True)
class Interval:
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {"low": self.low, "high": self.high}


@dataclass(frozen=True)
class BotSummary:
    """One bot of the line-up over every game it played (in a tournament, the games of the
    line-ups it was in)."""

    label: str
    bot: str
    params: dict[str, Any]
    games: int
    wins: float
    win_rate: float
    win_rate_ci: Interval | None
    score_mean: float
    score_std: float
    seat_games: list[int]
    """How many games it played at each seat."""
    decisions: int
    seconds_per_decision: float

    def to_dict(self, timings: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "label": self.label,
            "bot": self.bot,
            "params": dict(self.params),
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci": self.win_rate_ci.to_dict() if self.win_rate_ci else None,
            "score_mean": self.score_mean,
            "score_std": self.score_std,
            "seat_games": list(self.seat_games),
            "decisions": self.decisions,
        }
        if timings:
            data["seconds_per_decision"] = self.seconds_per_decision
        return data


@dataclass(frozen=True)
class SeatSummary:
    """One seat, whoever sat there."""

    seat: int
    win_rate: float
    score_mean: float
    win_rate_ci: Interval | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "win_rate": self.win_rate,
            "win_rate_ci": self.win_rate_ci.to_dict() if self.win_rate_ci else None,
            "score_mean": self.score_mean,
        }


@dataclass(frozen=True)
class TeamSummary:
    """The team of a cooperative game over every game: how often it won against the game."""

    games: int
    wins: int
    win_rate: float
    win_rate_ci: Interval | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci": self.win_rate_ci.to_dict() if self.win_rate_ci else None,
        }


@dataclass(frozen=True)
class SimulationReport:
    """The inputs of a simulation, its per-game results and the figures summed from them."""

    inputs: dict[str, Any]
    entries: list[SeatEntry]
    results: list[GameResult]
    bots: list[BotSummary]
    seats: list[SeatSummary]
    first_seat_advantage: float
    """Seat 0's win rate minus ``1 / players``."""
    first_seat_ci: Interval | None
    actions_mean: float
    actions_min: int
    actions_max: int
    seconds_per_game: float
    total_seconds: float
    decisions_mean: float
    """Actions chosen by the seats (chance outcomes left out), per game."""
    team: TeamSummary | None = None
    """The team's result, for a cooperative game (None for a competitive one)."""

    @property
    def cooperative(self) -> bool:
        return self.team is not None

    @property
    def games(self) -> int:
        return len(self.results)

    def bot(self, label: str) -> BotSummary:
        """The summary of the bot reported as ``label``."""
        for summary in self.bots:
            if summary.label == label:
                return summary
        raise KeyError(f"no bot {label!r}; bots: {', '.join(b.label for b in self.bots)}")

    def to_dict(self, timings: bool = True, results: bool = True) -> dict[str, Any]:
        """JSON-ready; ``timings=False`` leaves out every figure that depends on the clock."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "inputs": dict(self.inputs),
            "entries": [e.to_dict() for e in self.entries],
            "bots": [b.to_dict(timings) for b in self.bots],
            "seats": [s.to_dict() for s in self.seats],
            "first_seat_advantage": self.first_seat_advantage,
            "first_seat_ci": self.first_seat_ci.to_dict() if self.first_seat_ci else None,
            "actions": {
                "mean": self.actions_mean,
                "min": self.actions_min,
                "max": self.actions_max,
            },
            "decisions_mean": self.decisions_mean,
        }
        if self.team is not None:
            data["cooperative"] = True
            data["team"] = self.team.to_dict()
        if timings:
            data["seconds_per_game"] = self.seconds_per_game
            data["total_seconds"] = self.total_seconds
        if results:
            data["results"] = [r.to_dict(timings) for r in self.results]
        return data


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def sample_std(values: Sequence[float]) -> float:
    """Standard deviation with ``n - 1`` in the denominator; 0 for fewer than two values."""
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))


def rate_interval(values: Sequence[float], shift: float = 0.0) -> Interval | None:
    """95% Wilson score interval of the mean of ``values`` in [0, 1], minus ``shift``; None
    for no values. Wilson stays inside [0, 1] and is not empty at a rate of 0 or 1.
    """
    n = len(values)
    if not n:
        return None
    p = mean(values)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return Interval(max(0.0, centre - half) - shift, min(1.0, centre + half) - shift)


def team_won(result: GameResult) -> bool:
    """True when the team of a cooperative game won it: each seat's return is 1 then, or in
    results written before returns gave every seat the whole win, a share of it."""
    return any(v > 0 for v in result.returns)


def seat_wins(result: GameResult, cooperative: bool) -> list[float]:
    """Each seat's win in ``result``: its return (a tie shared), or in a cooperative game 1 for
    every seat when the team won."""
    if cooperative:
        return [1.0 if team_won(result) else 0.0] * len(result.returns)
    return list(result.returns)


def players_text(players: int | list[int]) -> str:
    """``2`` -> ``"2 players"``; the counts of a report of several team sizes, ``[1, 2]`` ->
    ``"1 and 2 players"``."""
    if isinstance(players, list):
        return f"{', '.join(str(n) for n in players[:-1])} and {players[-1]} players"
    return f"{players} player{'' if players == 1 else 's'}"


def runs_text(inputs: Mapping[str, Any], games: bool = False) -> str:
    """The options of each run of a report of several runs, with its player count when they
    differ and, with ``games``, its games: ``"defaults (1 player); difficulty=gritty (2
    players)"``."""
    sizes = isinstance(inputs.get("players"), list)
    parts = []
    for run in inputs["runs"]:
        text = ", ".join(f"{k}={v}" for k, v in run["options"].items()) or "defaults"
        notes = [players_text(run["players"])] if sizes else []
        notes += [f"{run['games']} games"] if games else []
        parts.append(f"{text} ({', '.join(notes)})" if notes else text)
    return "; ".join(parts)


def is_cooperative(inputs: Mapping[str, Any]) -> bool:
    """True when the run of ``inputs`` (its game, players and options) is of a cooperative
    game; False when that game cannot be made here (a plugin no longer installed)."""
    from towers.core.registry import make  # the registry loads games; only asked here

    try:
        game = make(
            str(inputs["game"]), int(inputs["players"]), **dict(inputs.get("options") or {})
        )
    except (KeyError, TypeError, ValueError):
        return False
    return bool(game.COOPERATIVE)


def summarize(
    inputs: dict[str, Any],
    entries: Sequence[SeatEntry],
    results: Sequence[GameResult],
    total_seconds: float,
    cooperative: bool | None = None,
) -> SimulationReport:
    """The figures of a simulation from its results, in game order; ``cooperative`` (by
    default what the game of ``inputs`` is) counts a team's win for each of its seats."""
    if cooperative is None:
        cooperative = is_cooperative(inputs)
    # the most seats of a game (a report of a cooperative game's runs may mix team sizes)
    players = max((len(r.lineup) for r in results), default=len(entries))
    bots = []
    for k, entry in enumerate(entries):
        wins: list[float] = []
        scores: list[float] = []
        seat_games = [0] * players
        decisions = 0
        thinking = 0.0
        for r in results:
            if k not in r.lineup:
                continue  # a tournament's line-up without this bot
            seat = r.lineup.index(k)
            wins.append(seat_wins(r, cooperative)[seat])
            scores.append(r.scores[seat])
            seat_games[seat] += 1
            decisions += r.decisions[seat]
            thinking += r.thinking[seat]
        bots.append(
            BotSummary(
                label=entry.label,
                bot=entry.bot,
                params=dict(entry.params),
                games=len(wins),
                wins=sum(wins),
                win_rate=mean(wins),
                win_rate_ci=rate_interval(wins),
                score_mean=mean(scores),
                score_std=sample_std(scores),
                seat_games=seat_games,
                decisions=decisions,
                seconds_per_decision=thinking / decisions if decisions else 0.0,
            )
        )
    won = [seat_wins(r, cooperative) for r in results]
    seats = [
        SeatSummary(
            seat=s,
            win_rate=mean([w[s] for w in won if s < len(w)]),
            score_mean=mean([r.scores[s] for r in results if s < len(r.scores)]),
            win_rate_ci=rate_interval([w[s] for w in won if s < len(w)]),
        )
        for s in range(players)
    ]
    team = None
    if cooperative:
        games = [1.0 if team_won(r) else 0.0 for r in results]
        team = TeamSummary(len(games), int(sum(games)), mean(games), rate_interval(games))
    # in a team no seat is ahead of another: no first-seat advantage to measure
    rivals = players > 1 and not cooperative
    first = [r.returns[0] for r in results]
    actions = [r.actions for r in results]
    return SimulationReport(
        inputs=inputs,
        entries=list(entries),
        results=list(results),
        bots=bots,
        seats=seats,
        # a solo game has no seat to be first against: no advantage to measure
        first_seat_advantage=mean(first) - 1.0 / players if rivals else 0.0,
        first_seat_ci=rate_interval(first, 1.0 / players) if rivals else None,
        actions_mean=mean(actions),
        actions_min=min(actions, default=0),
        actions_max=max(actions, default=0),
        seconds_per_game=mean([r.seconds for r in results]),
        total_seconds=total_seconds,
        decisions_mean=mean([sum(r.decisions) for r in results]),
        team=team,
    )
