"""What one move does at once, as a seat may know it, and the words its figures are said in.

A move's effect is measured on worlds the seat holds possible (one copy when the game hides
nothing, else :data:`WORLDS` determinizations for the seat), never on the true state: its
score change (the victory points it brings now, before any draw that follows it) and the
change in the seat's standing by the game's own measure (the bots' heuristic).

>>> points(2), points(1), points(-1.5, signed=True), points(0, signed=True)
('2 points', '1 point', '-1.5 points', '0 points')
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from towers.agents.base import hides_information, observed_copy
from towers.core.game import State
from towers.core.registry import heuristic_scale_of, views_of
from towers.core.words import plural

WORLDS = 4
"""Worlds a seat holds possible on which a move's effect is measured, when the game hides
something."""


def number(x: float, signed: bool = False) -> str:
    """``x`` as the texts write it: a whole number without decimals, else one decimal.

    >>> number(3.0), number(2.25), number(1, signed=True), number(-0.04, signed=True)
    ('3', '2.2', '+1', '0')
    """
    r = round(x, 1)
    if r == 0:
        return "0"
    text = f"{r:.0f}" if r == int(r) else f"{r:.1f}"
    return f"+{text}" if signed and r > 0 else text


def points(x: float, signed: bool = False) -> str:
    """``x`` victory points in words, with the plural English wants."""
    r = round(x, 1)
    if r == int(r):
        text = plural(abs(int(r)), "point")
        if r < 0:
            return "-" + text
        return ("+" + text) if signed and r > 0 else text
    return f"{number(x, signed)} points"


def in_points(state: State) -> bool:
    """True when the game's heuristic is counted in victory points (no scale of its own)."""
    return heuristic_scale_of(state.game) is None


def measure(state: State, x: float, signed: bool = False) -> str:
    """A figure of the game's measure (the bots' heuristic) in words: points for a game whose
    measure is victory points, else the measure's own number."""
    if in_points(state):
        return points(x, signed)
    text = f"{x:+.2f}" if signed else f"{x:.2f}"
    return text.replace("-0.00", "0.00").replace("+0.00", "0.00")


@dataclass(frozen=True)
class Effect:
    """What a move does at once for ``seat``: its score before and after (averaged over the
    worlds held possible), its standing by the game's measure before and after, and whether
    every world agreed on the score change (``certain``)."""

    seat: int
    score_before: float
    score_after: float
    standing_before: float
    standing_after: float
    certain: bool
    next_player: int
    """Who decides after the move in the first world (-1 for a draw, -4 when it ends)."""

    @property
    def points_now(self) -> float:
        return self.score_after - self.score_before


def worlds_of(state: State, seat: int, rng: random.Random) -> list[State]:
    """Copies of ``state`` that ``seat`` holds possible: one when nothing is hidden."""
    count = WORLDS if hides_information(state) else 1
    return [observed_copy(state, seat, rng) for _ in range(count)]


def effect(worlds: list[State], seat: int, action: int) -> Effect:
    """What ``action`` does at once on ``worlds`` (copies :func:`worlds_of` gave; they are
    left as they were)."""
    before: list[float] = []
    after: list[float] = []
    stand_before: list[float] = []
    stand_after: list[float] = []
    next_player = -4
    for i, world in enumerate(worlds):
        if not world.is_legal(action):
            continue
        moved = world.clone()
        moved.apply_action(action)
        before.append(world.scores()[seat])
        after.append(moved.scores()[seat])
        stand_before.append(world.heuristic(seat))
        stand_after.append(moved.heuristic(seat))
        if i == 0:
            next_player = moved.current_player()
    if not before:
        raise ValueError(
            f"{worlds[0].action_to_string(action)} is not a legal move for seat {seat}"
        )
    changes = {a - b for a, b in zip(after, before, strict=True)}
    k = len(before)
    return Effect(
        seat,
        sum(before) / k,
        sum(after) / k,
        sum(stand_before) / k,
        sum(stand_after) / k,
        len(changes) == 1,
        next_player,
    )


def move_words(worlds: list[State], action: int) -> str:
    """The move as the log says it, when every world the seat holds possible says it alike
    (a result that hangs on what the seat cannot see is left out); else its name."""
    views = views_of(worlds[0].game)
    said = {views.log_words(w, action) for w in worlds if w.is_legal(action)}
    return said.pop() if len(said) == 1 else worlds[0].action_to_string(action)
