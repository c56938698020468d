"""Setup (rulebook: Main Board Setup; Player Board Setup; Final Setup Steps): the Scoring
Tiles, the Mineral Markers, the face-up cards, the front Ships and the Bag, the Setup Aids'
Dice and Towers, the Forts and Beacons dealt onto the Player Boards, and the starting effects
by seat with two random Towers and two rolled Dice each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.components import Bag
from towers.games.sifnos import frames as F
from towers.games.sifnos import solo
from towers.games.sifnos.actions import DATA, DealAid, DealBeacon, DealFort, DrawMarker, DrawTile
from towers.games.sifnos.board import SETUP
from towers.games.sifnos.data import MINERALS

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState


def begin(state: SifnosState) -> None:
    """The setup's steps as a stack, the first on top (its draws and deals are chances)."""
    game = state.game
    if game.has_opponent:
        solo.setup(state)
    p = state.pending
    p.push(F.EndTurn(seat=-1))
    p.push(F.SeatEffects())
    for seat in reversed(range(game.num_players)):
        p.push(F.PieceDeal(seat=seat, slot=0))
    for side in reversed(range(game.sides)):
        p.push(F.AidDeal(side=side, n=aids_for(state, side)))
    p.push(F.ShipDraw(province=-1, n=2 * len(MINERALS)))
    p.push(F.Draw(seat=-1, n=game.face_up_count))
    p.push(F.MarkerDraw(space=0))
    p.push(F.TileDraw(n=game.tile_count))


def aids_for(state: SifnosState, side: int) -> int:
    """The Setup Aids ``side`` takes (two each at a 2-player table)."""
    g = state.game
    if side == g.opponent:
        return int(DATA.game["solo" if g.solo else "two_player_solo"]["aids"])
    return 2 if g.table == 2 else 1


def fill_bag(state: SifnosState) -> None:
    """The Bag once the front Ships are out: each mineral's Ships by player count, and the
    Allied Ships."""
    per = state.game.bag_players
    state.bag = Bag([per, per, per, int(SETUP["bag_allies"])])


def place_aid(state: SifnosState, side: int, a: int) -> None:
    """A Setup Aid's Die on its Region (of the Region's value) and Tower on its space."""
    aid = DATA.setup_aids[a]
    region = DATA.regions[aid.region]
    image = DATA.spaces[aid.tower].image
    state.dice_reserve[side] -= 1
    state.die_owner[aid.region] = side
    state.die_value[aid.region] = region.value
    # the opponent's Towers all stand face up beside it, as its Supply
    towers = state.tower_supply if side == state.game.opponent else state.tower_reserve
    towers[side][image] -= 1
    state.stacks[aid.tower].append(side * 8 + image)


def seat_effects(state: SifnosState) -> None:
    """The starting effects by seat, then two random Towers and two rolled Dice each
    (rulebook: Final Setup Steps)."""
    g = state.game
    p = state.pending
    effects = DATA.seat_effects
    for side in reversed(range(g.num_players)):
        p.push(F.Roll(seat=side, n=int(SETUP["starting_dice"]), workshop=False))
        p.push(F.TowerDraw(seat=side, n=int(SETUP["starting_towers"])))
    for seat in reversed(range(g.num_players)):
        index = seat
        if g.table == 2 and seat == 1 and not g.versus and not g.solo:
            index = 2  # 2 players: the 2nd player takes the 3rd player's effects
        e = effects[index]
        if e["workshop_die"]:
            p.push(F.Roll(seat=seat, n=1, workshop=True))
        if e["supply_soldier"]:
            state.barracks[seat] -= 1
            state.soldier_supply[seat] += 1
        p.push(F.Draw(seat=seat, n=int(e["cards"])))


# ---- the setup's chances ----------------------------------------------------------------
def tile_drawn(state: SifnosState, top: F.TileDraw, value: DrawTile) -> None:
    state.tile_row.append(value.tile)
    if top.n > 1:
        state.pending.replace(F.TileDraw(n=top.n - 1))
    else:
        state.pending.pop()


def marker_drawn(state: SifnosState, top: F.MarkerDraw, value: DrawMarker) -> None:
    s = top.space
    state.markers[s] = value.mineral
    if s < 5:
        state.pending.replace(F.MarkerDraw(space=s + 1))
    else:
        state.pending.pop()


def aid_dealt(state: SifnosState, top: F.AidDeal, value: DealAid) -> None:
    a, side = value.aid, top.side
    state.aid_pool.remove(a)
    state.aids[side].append(a)
    place_aid(state, side, a)
    if top.n > 1:
        state.pending.replace(F.AidDeal(side=side, n=top.n - 1))
    else:
        state.pending.pop()


def piece_dealt(state: SifnosState, top: F.PieceDeal, value: DealFort | DealBeacon) -> None:
    """A Fort or Beacon dealt face up onto the next space of a Player Board."""
    seat, s = top.seat, top.slot
    state.pieces[seat][s] = value.fort if isinstance(value, DealFort) else value.mineral
    if s + 1 < len(DATA.pieces):
        state.pending.replace(F.PieceDeal(seat=seat, slot=s + 1))
    else:
        state.pending.pop()
