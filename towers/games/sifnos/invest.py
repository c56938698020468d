"""Invest (rulebook: Dice; Invest): Dice rolled into the Supply, adjusted by one without
wrapping, and placed on a Region of their value (any value on a Fort, paying its owner a card);
the first and second Die of a Province and a Die on a Fort trigger placed Cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import A_ADJUST, A_PLACE_DIE, DATA, Adjust, Done, RollDie
from towers.games.sifnos.board import LARGE_OF, N_REGIONS, REGION_PROVINCE, fix_region

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState


def adjustments(state: SifnosState, seat: int) -> list[int]:
    """Each Die value of the Supply and the Workshop one up or down, within 1 to 6."""
    out = []
    for where, dice in ((0, state.dice_supply[seat]), (1, state.workshop[seat])):
        for v in sorted(set(dice)):
            if v > 1:
                out.append(A_ADJUST[where, v - 1, 0])
            if v < 6:
                out.append(A_ADJUST[where, v - 1, 1])
    return out


def die_placements(state: SifnosState, seat: int) -> list[int]:
    """Where ``seat``'s Supply Dice may go: an empty Region of the Active Region's choices,
    of the Die's value, or any value on a Fort (another's Fort costs a card)."""
    supply = set(state.dice_supply[seat])
    if not supply:
        return []
    out = []
    for r in range(N_REGIONS):
        if state.die_owner[r] >= 0 or not state.region_ok >> r & 1:
            continue
        fort = state.fort_at[r]
        if fort >= 0 and fort != seat and not state.hands[seat]:
            continue  # the Fort's price is a card
        for v in supply:
            if fort >= 0 or v == DATA.regions[r].value:
                out.append(A_PLACE_DIE + 6 * r + v - 1)
    return out


def place_die(state: SifnosState, seat: int, r: int, v: int) -> None:
    p = state.pending
    state.dice_supply[seat].remove(v)
    state.die_owner[r] = seat
    state.die_value[r] = v
    fix_region(state, r)
    province = REGION_PROVINCE[r]
    count = state.dice_in_province(province)
    if LARGE_OF[province] >= 0 and count in (1, 2):
        p.push(F.Trigger(seat=seat, event="first_die" if count == 1 else "second_die", region=r))
    fort = state.fort_at[r]
    if fort >= 0:
        p.push(F.Trigger(seat=seat, event="fort_die", region=r))
        if fort != seat:
            p.push(F.GiveCards(seat=seat, to=fort, n=1))


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
        p.replace(F.AdjustDice(seat=seat, n=top.n - 1))
    else:
        p.pop()


def rolled(state: SifnosState, top: F.Roll, value: RollDie) -> None:
    """A Die from the reserve rolled into the Supply (or the Workshop)."""
    seat = top.seat
    state.dice_reserve[seat] -= 1
    (state.workshop if top.workshop else state.dice_supply)[seat].append(value.value + 1)
    if top.n > 1:
        state.pending.replace(F.Roll(seat=seat, n=top.n - 1, workshop=top.workshop))
    else:
        state.pending.pop()
