"""Placing Skulls: a skull that emerges from the Tower is placed on a building of the kingdom
where it emerged, by that kingdom's hero (the dropper for a dormant kingdom); a 4th skull
destroys the building and gives its kingdom's hero a corruption."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import CAPACITY
from towers.games.dark_tower.data import CORRUPTION, DATA

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def place_skull(state: DarkTowerState, b: int) -> None:
    """Placing Skulls: up to 3 a building; a 4th destroys it."""
    state.in_hand -= 1
    if state.skulls[b] < CAPACITY:
        state.skulls[b] += 1
        return
    state.out_of_game += state.skulls[b]
    state.skulls[b] = -1
    state.supply += 1
    kingdom = DATA.buildings[b].kingdom
    if not state.is_dormant(kingdom):
        state._effects(state.game.home_of[kingdom], ((CORRUPTION, 1),))


def emerged(state: DarkTowerState, side: int, dropper: int) -> None:
    """A skull emerged facing ``side``: it lands in that kingdom; its player places it,
    or the dropper for a dormant kingdom (Placing Skulls)."""
    if not state._standing(side):
        # designed: a kingdom with no building left sends the skull back to the supply
        state.supply += 1
        return
    state.in_hand += 1
    home = state.game.home_of[side]
    seat = state._placer(dropper) if state.is_dormant(side) else home
    state.pending.append(F.PLACE_SKULL[seat * 4 + side])


def placer(state: DarkTowerState, dropper: int) -> int:
    """Who places a skull for a dormant kingdom: the dropper, or (eliminated) the hero
    whose turn it is, or the next hero still in the game."""
    if state.is_live(dropper):
        return dropper
    n = state.game.num_players
    for step in range(n):
        seat = (state.current + step) % n
        if state.is_live(seat):
            return seat
    return dropper


def standing(state: DarkTowerState, kingdom: int) -> list[int]:
    """The buildings of ``kingdom`` not destroyed."""
    skulls = state.skulls
    return [b for b in KINGDOM_BUILDINGS[kingdom] if skulls[b] >= 0]


KINGDOM_BUILDINGS = tuple(
    tuple(b for b, bd in enumerate(DATA.buildings) if bd.kingdom == k) for k in range(4)
)
"""The buildings of each kingdom, in the order of the data."""


def decide_place_skull(state: DarkTowerState, top: F.PlaceSkull, value: A.PlaceSkull) -> None:
    """Placing Skulls: the hero places the skull on a building of the kingdom."""
    state.pending.pop()
    place_skull(state, value.building)
