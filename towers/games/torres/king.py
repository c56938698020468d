"""Torres, Scoring: Move the king (after each phase but the last); Preparation: the King's
first castle."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.torres import actions as A
from towers.games.torres.steps import S_KING_MOVE
from towers.games.torres.turn import begin_phase

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState

SQ = A.SQUARES


def king_squares(state: TorresState) -> list[int]:
    """Move the king: any empty castle square."""
    return [s for s in range(SQ) if state.heights[s] and state.occupants[s] == -1]


def king_stays(state: TorresState) -> None:
    """The King stays where it is; the next phase begins."""
    begin_phase(state, state.phase + 1, state.deciding_player)


def place_king(state: TorresState, s: int) -> None:
    """The King onto ``s``: after a phase's scoring the next phase begins, started by the
    player who moved it; at setup the first phase begins with the first player."""
    state._move_king(s)
    if state.step == S_KING_MOVE:
        begin_phase(state, state.phase + 1, state.deciding_player)
    else:
        begin_phase(state, 0, 0)
