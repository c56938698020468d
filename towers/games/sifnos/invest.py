"""Invest (rulebook: Dice; Invest): Dice rolled into the Supply, adjusted by one without
wrapping, and placed on a Region of their value (any value on a Fort, paying its owner a card);
the first and second Die of a Province and a Die on a Fort trigger placed Cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import A_ADJUST, DATA, Adjust, Done, RollDie
from towers.games.sifnos.board import LARGE_OF, REGION_PROVINCE, fix_region

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState

REGION_VALUE = tuple(r.value for r in DATA.regions)


ADJUSTS = tuple(
    ((), *(tuple(A_ADJUST[where, v - 1, d] for d in (0, 1) if (v > 1, v < 6)[d])
           for v in range(1, 7)))
    for where in (0, 1)
)  # fmt: skip
"""The adjustments of a Die of each value in the Supply (0) or the Workshop (1): down
unless a 1, up unless a 6."""


def place_die(state: SifnosState, seat: int, r: int, v: int) -> None:
    p = state.pending
    state.dice_supply[seat].remove(v)
    state.die_owner[r] = seat
    state.die_value[r] = v
    fix_region(state, r)
    province = REGION_PROVINCE[r]
    count = state.dice_in_province(province)
    if LARGE_OF[province] >= 0 and count in (1, 2):
        p.append(F.TRIGGER(seat, "first_die" if count == 1 else "second_die", r))
    fort = state.fort_at[r]
    if fort >= 0:
        p.append(F.TRIGGER(seat, "fort_die", r))
        if fort != seat:
            p.append(F.GIVE_CARDS(seat, fort, 1))


def decide_adjust(state: SifnosState, top: F.AdjustDice, value: Any) -> None:
    p = state.pending
    if isinstance(value, Done):
        p.pop()
        return
    if not isinstance(value, Adjust):
        raise AssertionError(f"{value} at {top}")
    seat = top.seat
    dice = state.workshop[seat] if value.where else state.dice_supply[seat]
    dice.remove(value.value + 1)
    dice.append(value.value + 2 if value.direction else value.value)
    if top.n > 1:
        p.replace(F.ADJUST_DICE(seat, top.n - 1))
    else:
        p.pop()


def rolled(state: SifnosState, top: F.Roll, value: RollDie) -> None:
    """A Die from the reserve rolled into the Supply (or the Workshop)."""
    seat = top.seat
    state.dice_reserve[seat] -= 1
    (state.workshop if top.workshop else state.dice_supply)[seat].append(value.value + 1)
    if top.n > 1:
        state.pending.replace(F.ROLL(seat, top.n - 1, top.workshop))
    else:
        state.pending.pop()
