"""The King track: the King Action's steps, the corruption of the Action phase and the King
phase (rulebook: Actions in Detail: King Action; Playing the Game: Action phase, Step 1; King
phase).

Markers on one space keep their order in ``king_track_stack`` (bottom to top): a marker that
arrives goes on top, ties go to the bottom-most marker. Points are scored through the state
(``state._vp``) so that a state that books each score by its source can watch them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.tiletum.data import FAIR_KING
from towers.games.tiletum.fair import is_at_fair
from towers.games.tiletum.frames import EMPTY, KingTile
from towers.games.tiletum.legality import can_store

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def king_leader(state: TiletumState) -> int:
    """The highest marker on the King track; ties go to the bottom-most (King phase)."""
    pos = state.king_track
    top = max(pos)
    for seat in state.king_track_stack:
        if pos[seat] == top:
            return seat
    raise AssertionError("no marker on the King track")


def corrupt(state: TiletumState, value: int) -> None:
    """Move every marker left by ``value`` (not past the end), leftmost first, keeping the
    order of markers that share a space: a stable sort of the bottom-to-top order."""
    if not value:
        return
    pos = state.king_track
    for seat in range(len(pos)):
        pos[seat] = max(0, pos[seat] - value)
    state.king_track_stack.sort(key=lambda s: pos[s])


def king_advance(state: TiletumState, seat: int, steps: int) -> None:
    pos = state.king_track
    top = len(state.game.data.king_track) - 1
    new = min(pos[seat] + steps, top)
    if new == pos[seat]:
        return
    pos[seat] = new
    order = state.king_track_stack
    order.remove(seat)
    # On top of the markers already on its new space.
    at = len(order)
    while at > 0 and pos[order[at - 1]] > new:
        at -= 1
    order.insert(at, seat)


def king_phase_tile(state: TiletumState) -> None:
    d = state.game.data
    leader = king_leader(state)
    state.active_player = leader
    tile = state.king_tile
    if tile < 0:
        state._vp(leader, d.king_no_tile_vp)
    elif can_store(state, leader, tile):
        state.stack.append(KingTile())
    else:
        # The leader may not take it (storehouse full, a crest they have, no contract
        # space): the tile is discarded.
        state.king_tile = EMPTY


def king_phase_score(state: TiletumState) -> None:
    d = state.game.data
    n = state.game.num_players
    pos = state.king_track
    for seat in range(n):
        state._vp(seat, d.king_track[pos[seat]])
    # Turn order: highest first, ties to the bottom-most marker.
    state.turn_order = sorted(state.king_track_stack, key=lambda s: -pos[s])
    # The King track fair tile scores before the reset.
    fair = state.fair_tiles[state.round]
    if fair >= 0 and d.fair_condition[fair] == FAIR_KING:
        flat = d.fair_board_vp[state.round] + d.fair_vp[fair]
        for seat in range(n):
            if is_at_fair(state, seat):
                state._vp(seat, flat)
                state._vp(seat, d.king_track[pos[seat]])
    # Red markers go up to 0: on top of the 0 stack, the lowest of them on top.
    start = d.king_start
    order = state.king_track_stack
    zero = [s for s in order if pos[s] == start]
    red = sorted((s for s in order if pos[s] < start), key=lambda s: -pos[s])
    above = [s for s in order if pos[s] > start]
    for s in red:
        pos[s] = start
    state.king_track_stack = zero + red + above
    state.active_player = -1


def take_king_tile(state: TiletumState, seat: int, take: bool) -> None:
    """The leader takes the King track's Bonus tile, or discards it (King phase, Step 1)."""
    state.stack.pop()
    if take:
        state.storehouse[seat].append(state.king_tile)
    state.king_tile = EMPTY
