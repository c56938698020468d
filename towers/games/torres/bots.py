"""The Torres heuristic used by the greedy and search bots (public information only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.torres.steps import S_OVER, S_TURN

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState


def evaluate(state: TorresState, seat: int) -> float:
    """Score so far plus what the seat's position would score if the phase ended now.

    Phases still to come weigh the standing position again (knights stay where they are),
    discounted because the board changes. Unused action points of the mover count a little,
    so ending a turn early is not free.
    """
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
