"""The turn (rulebook: Gameplay Overview): in seat order, each player Prepares, takes up to
two major actions, Defends and Recoups; the Scheme-driven opponent plays its own turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.sifnos import frames as F
from towers.games.sifnos import solo
from towers.games.sifnos.board import N_REGIONS
from towers.games.sifnos.end_of_game import MAX_ROUNDS, end_game

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState

ALL_REGIONS = (1 << N_REGIONS) - 1
END_TURN = tuple(F.EndTurn(seat=seat) for seat in range(5))
"""Each side's EndTurn (frames are frozen, so states share them)."""
TURN_STEPS = tuple(
    (F.Recoup(seat=seat), F.Defend(seat=seat), F.Majors(seat=seat), F.Prepare(seat=seat))
    for seat in range(4)
)
"""Each seat's turn after its EndTurn, in the order stacked (Prepare on top)."""


def next_turn(state: SifnosState, seat: int) -> None:
    """The turn after ``seat``'s (-1: the first turn) begins, its steps stacked in order."""
    g = state.game
    nxt = (seat + 1) % g.sides
    if seat < 0:
        nxt = 0
    if nxt == 0:
        state.rounds += 1
        if state.rounds > MAX_ROUNDS:
            state.turn = 0
            end_game(state)
            return
    state.turn = nxt
    state.invaded = -1
    state.region_ok = ALL_REGIONS
    state.majors_done = 0
    state.used = 0
    state.discounts = []
    state.ignore_image = state.use_network = state.beacon_placed = False
    p = state.pending
    p.append(END_TURN[nxt])
    if nxt == g.opponent:
        solo.start_turn(state)
        return
    p.extend(TURN_STEPS[nxt])
