"""The buildings of the Player board: a full building frees its roof House; full and with
its Crest it is a Completed Building whose Action gets its bonus AP from then on; a Building
Bonus gives a building's character bonuses again (rulebook: Playing the Game: Player Board
Layout; Actions in Detail: Character Action; Player Boards — Completed Buildings; Appendix:
Game board, the Building Bonus symbol).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.tiletum import actions as A
from towers.games.tiletum.action_phase import add_die_points
from towers.games.tiletum.frames import BuildingBonuses, CompletedBuilding
from towers.games.tiletum.legality import building_mask, is_full

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def check_building(state: TiletumState, seat: int, b: int) -> None:
    """A full building frees its roof house; full with a crest it is Completed."""
    g = state.game
    d = g.data
    if not is_full(state, seat, b):
        return
    bit = 1 << b
    bld = d.buildings[b]
    if not bld.occupied and not state.roof_houses_freed[seat] & bit:
        state.roof_houses_freed[seat] |= bit
        state.houses_in_supply[seat] += 1
        state._effects(seat, bld.roof_bonus)
    if state.crests[seat][b] >= 0 and not state.completed_buildings[seat] & bit:
        state.completed_buildings[seat] |= bit
        if bld.occupied:
            return
        actions = sorted({g.tile_action[state.rooms[seat][i]] for i in g.rooms[b]})
        if len(actions) > 1:
            state.stack.append(CompletedBuilding(b, tuple(actions)))
        else:
            award(state, seat, b, actions[0])


def award(state: TiletumState, seat: int, b: int, action: int) -> None:
    """The building's bonus AP marker goes on its action, the current one included."""
    rooms = state.game.data.buildings[b].rooms
    state.bonus_action_points[seat][action] += rooms
    add_die_points(state, rooms, only_for=action)


def choose_building(state: TiletumState, seat: int, value: Action) -> None:
    """The building whose characters' bonuses are given again (or none)."""
    match value:
        case A.ChooseBuilding(building=b):
            mask = building_mask(state, seat, b)
            floors = tuple(f for f in range(3) if mask >> f & 1)
            state.stack[-1] = BuildingBonuses(b, floors)
        case _:
            state.stack.pop()


def floor_bonus(state: TiletumState, seat: int, top: BuildingBonuses, value: Action) -> None:
    """One character's bonus of the building chosen, in any order, or stop."""
    g = state.game
    match value:
        case A.FloorBonus(floor=f):
            b = top.building
            state.stack[-1] = BuildingBonuses(b, tuple(x for x in top.floors_left if x != f))
            kind = state.rooms[seat][g.rooms[b][f]]
            state._effects(seat, g.tile_effects[kind])
        case _:
            state.stack.pop()
