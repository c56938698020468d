"""Construct (rulebook: Construct; Beacons; Tower Networks): Towers drawn into the Supply,
placed on a Tower space of their image (covering another's for two cards), a fourth Tower
around a Region earning a Beacon, and the Active Region's choices widened by a network.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import (
    DATA,
    BeaconOn,
    Done,
    DrawTower,
    TakePiece,
)
from towers.games.sifnos.board import N_SPACES
from towers.games.sifnos.data import BEACON
from towers.games.sifnos.muster import take_piece

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState


SPACE_REGIONS = tuple(sum(1 << r for r in space.regions) for space in DATA.spaces)
"""Each Tower space's Regions, a bit each."""


def tower_reach(state: SifnosState, seat: int, space: int) -> int:
    """The Regions that placing on ``space`` leaves as the Active Region's choices."""
    if not state.use_network:
        return SPACE_REGIONS[space] & state.region_ok
    reach = 0
    for s in state.network(seat, space, extra=space):
        reach |= SPACE_REGIONS[s]
    return reach & state.region_ok


def place_tower(state: SifnosState, seat: int, s: int, image: int) -> None:
    p = state.pending
    state.region_ok = tower_reach(state, seat, s)
    top = state.top_tower(s)
    state.tower_supply[seat][image] -= 1
    before = [sum(state.has_tower_on(seat, c) for c in DATA.regions[r].corners)
              for r in DATA.spaces[s].regions]  # fmt: skip
    state.stacks[s].append(seat * 8 + image)
    p.push(F.TRIGGER(seat, "beacon", -1))
    beacons_left = any(
        f >= 0 for x, f in enumerate(state.pieces[seat]) if DATA.pieces[x].kind == BEACON
    )
    for r, had in reversed(list(zip(DATA.spaces[s].regions, before, strict=True))):
        if had == 3 and beacons_left:
            p.push(F.BEACON_CHOICE(seat, r))
    if top >= 0:
        p.push(F.TRIGGER(seat, "cover", -1))
        p.push(F.GIVE_CARDS(seat, top >> 3, 2))


def beacon_targets(state: SifnosState, seat: int, region: int) -> list[int]:
    """``seat``'s uncovered Towers without a Beacon around ``region`` (-1: anywhere)."""
    spaces = DATA.regions[region].corners if region >= 0 else range(N_SPACES)
    return [s for s in spaces if state.uncovered(seat, s) and state.beacon_at[s] < 0]


def decide_beacon(state: SifnosState, top: F.BeaconChoice, value: Any) -> None:
    """A Beacon taken from the Player Board (its mineral's Influence), or none."""
    p = state.pending
    if isinstance(value, Done):
        p.pop()
        return
    if not isinstance(value, TakePiece):
        raise AssertionError(f"{value} at {top}")
    seat, s = top.seat, value.slot
    p.pop()
    mineral = state.pieces[seat][s]
    take_piece(state, seat, s)
    p.push(F.GAIN(seat, mineral, 1))
    p.push(F.BEACON_PLACE(seat, top.region))


def decide_beacon_place(state: SifnosState, top: F.BeaconPlace, value: Any) -> None:
    if not isinstance(value, BeaconOn):
        raise AssertionError(f"{value} at {top}")
    state.pending.pop()
    state.beacon_at[value.space] = top.seat
    state.beacon_placed = True


def tower_drawn(state: SifnosState, top: F.TowerDraw, value: DrawTower) -> None:
    """A Tower from the reserve to the Supply (its image at random)."""
    seat, i = top.seat, value.image
    state.tower_reserve[seat][i] -= 1
    state.tower_supply[seat][i] += 1
    if top.n > 1:
        state.pending.replace(F.TOWER_DRAW(seat, top.n - 1))
    else:
        state.pending.pop()
