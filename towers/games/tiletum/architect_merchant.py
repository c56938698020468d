"""The Architect and Merchant Actions: a figure moved a step along the roads, a House or a
Pillar placed, a Bonus tile taken from the figure's Town (rulebook: Actions in Detail:
Architect Action, Merchant Action; Appendix: Game board, for the House spaces' bonuses).

The bonuses that move or place a figure (Appendix: Character tiles, Crest placement bonuses)
use the same moves and placements.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.tiletum import actions as A
from towers.games.tiletum.frames import EMPTY, ChooseBuildingBonus

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def move_figure(state: TiletumState, seat: int, value: Action) -> None:
    match value:
        case A.MoveMerchant(spot=spot):
            state.merchant[seat] = spot
        case A.MoveArchitect(spot=spot):
            state.architect[seat] = spot


def place(state: TiletumState, seat: int, value: Action) -> None:
    match value:
        case A.PlaceHouse(town=town, space=space):
            state._place_house(seat, town, space)
        case A.PlacePillar(cathedral=c):
            place_pillar(state, seat, c)


def place_house(state: TiletumState, seat: int, town: int, space: int) -> None:
    """A House from the supply on a Town's space; the space's VP, or its Building Bonus
    (a building's character bonuses, chosen next)."""
    t = state.game.data.towns[town]
    state.house_spaces[town][space] = seat
    state.houses_in_supply[seat] -= 1
    state.houses_on_map[seat].append(town)
    if t.house_vp[space]:
        state._vp(seat, t.house_vp[space])
    if t.house_building_bonus[space]:
        state.stack.append(ChooseBuildingBonus())


def place_pillar(state: TiletumState, seat: int, c: int) -> None:
    spaces = state.pillar_spaces[c]
    spaces[spaces.index(EMPTY)] = seat
    state.pillars_in_supply[seat] -= 1
    state.pillars_on_map[seat].append(c)


def take_map_tile(state: TiletumState, seat: int, town: int, space: int) -> None:
    """A Bonus tile of the figure's Town into the storehouse (never replenished)."""
    state.storehouse[seat].append(state.map_bonus_tiles[town][space])
    state.map_bonus_tiles[town][space] = EMPTY
