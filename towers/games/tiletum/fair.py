"""The Fair phase: who takes part and how often each meets the Fair tile's condition
(rulebook: Playing the Game: Fair phase; Appendix: Fair tiles). The King track Fair tile
scores in the King phase, before the track is reset (:mod:`towers.games.tiletum.king`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.tiletum.data import FAIR_CONDITIONS, FAIR_KING
from towers.games.tiletum.legality import is_full

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def is_at_fair(state: TiletumState, seat: int) -> bool:
    """A house in this round's fair town, or the merchant there (Fair phase)."""
    town = state.fair_towns[state.round]
    return town in state.houses_on_map[seat] or state.merchant[seat] == town


def fair_count(state: TiletumState, seat: int, condition: int) -> int:
    """How many times ``seat`` meets a fair tile's condition (Appendix: Fair tiles)."""
    # only what the condition counts is counted: the heuristic asks this at every position
    name = FAIR_CONDITIONS[condition]
    if name == "house_pillar_sets":
        return min(len(state.houses_on_map[seat]), len(state.pillars_on_map[seat]))
    if name == "contract_cathedral_sets":
        return min(len(state.fulfilled_contracts[seat]), len(state.cathedral_tiles[seat]))
    if name == "contracts":
        return len(state.fulfilled_contracts[seat])
    if name == "king_track":
        return 1  # scored apart, before the King track is reset
    if name == "contract_crest_sets":
        return min(len(state.fulfilled_contracts[seat]), _crests(state, seat))
    if name == "houses":
        return len(state.houses_on_map[seat])
    if name == "upper_floor_characters":
        floor = state.game.room_floor
        count = 0
        for i, k in enumerate(state.rooms[seat]):
            if k >= 0 and floor[i] >= 2:
                count += 1
        return count
    if name == "crests":
        return _crests(state, seat)
    if name == "pillars":
        return len(state.pillars_on_map[seat])
    if name == "full_buildings":
        count = 0
        for b in range(len(state.game.data.buildings)):
            if is_full(state, seat, b):
                count += 1
        return count
    return len(state.cathedral_tiles[seat])


def _crests(state: TiletumState, seat: int) -> int:
    """The crests placed on the seat's buildings."""
    count = 0
    for c in state.crests[seat]:
        if c >= 0:
            count += 1
    return count


def fair_phase(state: TiletumState) -> None:
    d = state.game.data
    fair = state.fair_tiles[state.round]
    if fair < 0 or d.fair_condition[fair] == FAIR_KING:
        return
    each = d.fair_board_vp[state.round] + d.fair_vp[fair]
    for seat in range(state.game.num_players):
        if is_at_fair(state, seat):
            state._vp(seat, each * fair_count(state, seat, d.fair_condition[fair]))
