"""The Torres heuristic used by the greedy and search bots (public information only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.torres.rules import BT, TorresState
from towers.games.torres.steps import S_OVER, S_TURN

if TYPE_CHECKING:
    from towers.core.game import State

one_heuristics = BT.one_heuristics
seat_value = BT.seat_value


def evaluate(state: TorresState, seat: int) -> float:
    """Score so far plus what the seat's position would score if the phase ended now.

    Phases still to come weigh the standing position again (knights stay where they are),
    discounted because the board changes. Unused action points of the mover count a little,
    so ending a turn early is not free.
    """
    if state._core is not None:
        value: float = seat_value(state._core, 0, seat)
        return value
    score = float(state.score[seat])
    if state.step == S_OVER:
        return score
    phases = len(state.game.phases_rounds)
    position = state.castle_points(seat)
    bonus = state.king_bonus(seat, state.phase) if state.king >= 0 else 0
    later = phases - 1 - state.phase
    value = score + position + bonus + 0.35 * later * position
    value += 0.4 * len(state.knights[seat])
    if state.turn == seat and state.step == S_TURN:
        value += 0.5 * state.action_points
    return value


def evaluate_all(state: State) -> list[float]:
    """:func:`evaluate` of every seat at once, the same floats: the step, phase, King and
    board are read once a position, and each seat's knights are walked once for both its
    castle points (:func:`scoring.castle_points`: the castle's area times the level of the
    seat's highest knight on it, added as a higher knight of the castle is met) and the
    King's bonus (:func:`scoring.king_bonus`). A state played on its core asks the core
    (:func:`batch.seat_value`, the same floats)."""
    assert isinstance(state, TorresState)
    if state._core is not None:
        values: list[float] = one_heuristics(state)
        return values
    scores = state.score
    knights = state.knights
    n = state.game.num_players
    step = state.step
    if step == S_OVER:
        return [float(scores[seat]) for seat in range(n)]
    phase = state.phase
    later = 0.35 * (len(state.game.phases_rounds) - 1 - phase)  # evaluate's 0.35 * later
    cid = state.castle_of
    h = state.heights
    areas = state.surface_areas
    king = state.king
    # a square's castle id is -1 exactly when it has no block (height 0), and the King's
    # bonus asks a knight on level phase+1 >= 1 of the King's castle: with the King on bare
    # ground nobody has it, as with no King on the board
    king_castle = cid[king] if king >= 0 else -1
    lvl = phase + 1
    mover = state.turn if step == S_TURN else -1
    values = []
    for seat in range(n):
        tops: dict[int, int] = {}  # castle id -> the seat's highest knight on it so far
        position = 0
        bonus = 0
        mine = knights[seat]
        for s in mine:
            k = cid[s]
            if k >= 0:
                hs = h[s]
                was = tops.get(k, 0)
                if hs > was:
                    tops[k] = hs
                    position += areas[k] * (hs - was)
                if k == king_castle and hs == lvl:
                    bonus = state.game.data.king_bonus[phase]
        value = float(scores[seat]) + position + bonus + later * position
        value += 0.4 * len(mine)
        if seat == mover:
            value += 0.5 * state.action_points
        values.append(value)
    return values
