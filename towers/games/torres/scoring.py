"""Torres, Scoring (The castle positions, The king's bonus, After the scoring), the scoring
track (A player's turn: Move along the scoring track) and Game End; the master cards' points
are counted by :mod:`towers.games.torres.master`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.torres.master import master_points
from towers.games.torres.steps import S_KING_MOVE, S_OVER

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState


def advance(state: TorresState, seat: int, points: int) -> None:
    """Move a scoring marker; it lands on the next empty space (the start holds any)."""
    if points <= 0:
        return
    target = state.score[seat] + points
    others = {s for i, s in enumerate(state.score) if i != seat}
    while target in others:
        target += 1
    state.score[seat] = target


def castle_points(state: TorresState, seat: int) -> int:
    """The castle positions: area x level of the seat's highest knight, for each castle it
    stands on."""
    best: dict[int, int] = {}
    cid = state.castle_of
    h = state.heights
    for s in state.knights[seat]:
        k = cid[s]
        if k >= 0:
            hs = h[s]
            if hs > best.get(k, 0):
                best[k] = hs
    areas = state.surface_areas
    points = 0
    for k, lvl in best.items():
        points += areas[k] * lvl
    return points


def king_bonus(state: TorresState, seat: int, phase: int) -> int:
    """The king's bonus after ``phase`` (0-based): a knight on level phase+1 of its castle."""
    cid = state.castle_of
    h = state.heights
    k = cid[state.king]
    lvl = phase + 1
    for s in state.knights[seat]:
        if cid[s] == k and h[s] == lvl:
            return state.game.data.king_bonus[phase]
    return 0


def score_phase(state: TorresState) -> None:
    """Score the phase (castles, the King's bonus, the master card), take back the unused
    stacks (After the scoring), then end the game after the last phase (Game End) or let the
    last player move the King."""
    n = state.game.num_players
    order = [(state.starting_player + i) % n for i in range(n)]
    for seat in order:
        advance(state, seat, castle_points(state, seat))
    for seat in order:
        advance(state, seat, king_bonus(state, seat, state.phase))
    if state.game.is_master:
        points = master_points(state, state.master_card, state.phase)
        for seat in order:
            advance(state, seat, points[seat])
    for seat in range(n):
        state.supply += sum(state.stacks[seat])
        state.stacks[seat] = []
    if state.phase == len(state.game.phases_rounds) - 1:
        state.step = S_OVER
        return
    low = min(state.score)
    state.deciding_player = next(seat for seat in order if state.score[seat] == low)
    state.step = S_KING_MOVE
