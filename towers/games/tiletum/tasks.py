"""The Tasks, done at any time of your turn: Resources bought for Gold, a Contract fulfilled,
a Crest placed, a contribution to a Cathedral, a Helper used (rulebook: Tasks; Types of Tiles:
Contracts, Helpers; Appendix: Contracts, Crest placement bonuses, Helper abilities).

Points are scored, and bonuses given, through the state (``state._vp``, ``state._effects``,
``state._fulfil``) so that a state that books each score by its source can watch them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.tiletum import actions as A
from towers.games.tiletum.buildings import check_building
from towers.games.tiletum.data import FOOD, GOLD, STONE
from towers.games.tiletum.frames import PayIdentical

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def task(state: TiletumState, seat: int, value: Action) -> None:
    g = state.game
    d = g.data
    res = state.resources[seat]
    match value:
        case A.Buy(resource=r):
            res[GOLD] -= d.buy_cost
            res[r] += 1
        case A.Fulfil(tile=kind):
            if g.contract_identical[kind]:
                state.stack.append(PayIdentical(kind))
            else:
                state._fulfil(seat, kind, -1)
        case A.PlaceCrest(crest=crest, space=space):
            state.storehouse[seat].remove(d.crest_kind[crest])
            bld = d.buildings[space]
            res[FOOD] -= bld.crest_cost
            state.crests[seat][space] = crest
            state._effects(seat, bld.crest_bonus)
            check_building(state, seat, space)
        case A.Contribute(cathedral=c):
            cost = state.construction_costs[c]
            res[STONE] -= d.cost_stone[cost]
            left = state.cathedral_tiles_left[c] - 1
            state.cathedral_tiles_left[c] = left
            state.cathedral_tiles[seat].append(c)
            state._vp(seat, d.cost_vp[cost] + d.cathedrals[c].tiles[left])
        case A.UseHelper(tile=kind):
            state.storehouse[seat].remove(kind)
            state._effects(seat, g.tile_effects[kind])


def fulfil(state: TiletumState, seat: int, kind: int, same_type: int) -> None:
    """A Contract paid (its identical Resources in ``same_type`` when it asks some) and moved
    to the leftmost open Contract space: the space's Pillar freed, the tile's and the space's
    VP, the tile's other benefits."""
    g = state.game
    d = g.data
    res = state.resources[seat]
    pay = g.contract_pay[kind]
    for r in range(5):
        res[r] -= pay[r]
    if same_type >= 0:
        res[same_type] -= g.contract_identical[kind]
    state.storehouse[seat].remove(kind)
    space = len(state.fulfilled_contracts[seat])
    state.fulfilled_contracts[seat].append(kind)
    if d.contract_space_pillar[space]:
        state.pillars_in_supply[seat] += 1
    state._vp(seat, g.tile_vp[kind] + d.contract_space_vp[space])
    state._effects(seat, g.tile_effects[kind])
