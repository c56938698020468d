"""The Character Action: a Character taken from the offer (which is refilled), the offer
refreshed, a Character placed in a Room of your Player board for its floor in AP, with its
bonus at once (rulebook: Actions in Detail: Character Action; Appendix: Character tiles).
Which Rooms a Character may go into is asked of :mod:`towers.games.tiletum.legality`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.tiletum.buildings import check_building
from towers.games.tiletum.frames import EMPTY, LOC_CHARACTER, PILE_CHARACTER, new_tile_draw

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def take_character(state: TiletumState, seat: int, i: int) -> None:
    state.storehouse[seat].append(state.character_offer[i])
    state.character_offer[i] = EMPTY
    state.chance_events.append(new_tile_draw(PILE_CHARACTER, LOC_CHARACTER, i))


def refresh_characters(state: TiletumState) -> None:
    """The offer's tiles shuffled back into the pile and five new ones drawn."""
    offer = state.character_offer
    state.piles[PILE_CHARACTER].shuffle_in(k for k in offer if k >= 0)
    for i in range(len(offer)):
        offer[i] = EMPTY
        state.chance_events.append(new_tile_draw(PILE_CHARACTER, LOC_CHARACTER, i))


def place_character(state: TiletumState, seat: int, kind: int, room: int) -> None:
    """From the storehouse into the room: its bonus now, then the building checked."""
    g = state.game
    state.storehouse[seat].remove(kind)
    state.rooms[seat][room] = kind
    state._effects(seat, g.tile_effects[kind])
    check_building(state, seat, g.room_building[room])
