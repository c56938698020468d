"""The Contract Action: Contracts taken from the offer, Resources exchanged, and the offer
shifted and refilled at the end of the turn (rulebook: Actions in Detail: Contract Action).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.tiletum.frames import (
    EMPTY,
    LOC_CONTRACT,
    PILE_CONTRACT,
    new_resources_of_choice,
    new_tile_draw,
)

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def shift_offer(state: TiletumState) -> None:
    """Shift the offer's tiles right to fill the gaps, then refill it from the left (the
    draws are chance events)."""
    offer = state.contract_offer
    tiles = [k for k in offer if k >= 0]
    gaps = len(offer) - len(tiles)
    if gaps:
        state.contract_offer = [EMPTY] * gaps + tiles
        state.chance_events.extend(
            new_tile_draw(PILE_CONTRACT, LOC_CONTRACT, i) for i in range(gaps)
        )


def take_contract(state: TiletumState, seat: int, i: int) -> None:
    """A Contract of the offer into the storehouse (the offer is refilled at the turn's end)."""
    state.storehouse[seat].append(state.contract_offer[i])
    state.contract_offer[i] = EMPTY


def exchange(state: TiletumState, seat: int, give: int, get: int) -> None:
    """One Resource for another; the first exchange of the turn gives a Resource of your
    choice too."""
    res = state.resources[seat]
    res[give] -= 1
    res[get] += 1
    if not state.exchanged_this_turn:
        state.exchanged_this_turn = True
        state.stack.append(new_resources_of_choice(1))
