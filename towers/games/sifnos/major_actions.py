"""Actions (rulebook: Actions; Prepare; Major Actions; the Card Effects of Prepare, Invest,
Construct, Muster and Recoup): the columns of the Player Board and the Cards placed above them,
each effect used once an action, its price discarded first; two of Invest, Construct and Muster
in either order, in one Active Region.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import (
    DATA,
    Done,
    Major,
    PlaceDie,
    PlaceTower,
    UseCard,
    UsePrinted,
)
from towers.games.sifnos.board import PLACE_DIE_BIT, PLACE_TOWER_BIT, PRINTED, PRINTED_BIT
from towers.games.sifnos.cards import draw
from towers.games.sifnos.construct import place_tower
from towers.games.sifnos.invest import place_die

# which effects can be used now is legality's (the choices of Prepare and the columns)
from towers.games.sifnos.legality import can_use

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState

__all__ = [
    "can_use",
    "decide_column",
    "decide_majors",
    "decide_prepare",
    "decide_recoup",
    "is_used_printed",
    "use",
]


def is_used_printed(state: SifnosState, name: str) -> bool:
    return bool(state.used >> (PRINTED_BIT + PRINTED[name]) & 1)


def use(state: SifnosState, seat: int, kind: str, discard: int | None, card: Any) -> None:
    """Use a column's effect: its result pushed under its price, so the price comes first."""
    p = state.pending
    match kind:
        case "place_card":
            p.append(F.PLACEMENT(seat, False))
        case "discard_adjust" | "adjust":
            p.append(F.ADJUST_DICE(seat, 1))
        case "gold_adjust":
            p.append(F.ADJUST_DICE(seat, 2))
        case "adjust_and_move":
            p.append(F.SOLDIERS(seat, 1, False, False, F.ACTIVE))
            p.append(F.ADJUST_DICE(seat, 1))
        case "discount_others":
            for m in range(3):
                if m != discard:
                    state.discounts.append(m * 4 + 1)
        case "discount_same":
            state.discounts.append(discard * 4 + 2)  # type: ignore[operator]
        case "discount":
            state.discounts.append(card.mineral_arg * 4 + 1)
        case "ignore_image":
            state.ignore_image = True
        case "network":
            state.use_network = True
        case "silver_muster":
            p.append(F.SOLDIERS(seat, 2, True, False, F.ACTIVE))
        case "muster":
            p.append(F.SOLDIERS(seat, 1, True, True, F.ACTIVE))
        case "move" | "discard_move":
            p.append(F.SOLDIERS(seat, 1, False, False, F.ACTIVE))
        case "discard_place":
            p.append(F.SOLDIERS(seat, 0, True, False, F.ACTIVE))
        case "discard_ship":
            p.append(F.SHIP_CHOICE(seat))
        case "discard_draw":
            draw(state, seat, 2)
        case _:
            raise AssertionError(kind)
    if discard is not None:
        p.append(F.PAY(seat, discard, 1, False))


# ---- the decisions ----------------------------------------------------------------------
def _use_effect(state: SifnosState, seat: int, value: Any) -> bool:
    """A printed effect or a placed Card of the column used; False: ``value`` is neither."""
    if isinstance(value, UsePrinted):
        e = value.effect
        state.used |= 1 << (PRINTED_BIT + e)
        use(state, seat, DATA.printed[e].id, DATA.printed[e].discard, None)
        return True
    if isinstance(value, UseCard):
        c = value.card
        state.used |= 1 << c
        card = DATA.cards[c]
        use(state, seat, card.kind, card.discard, card)
        return True
    return False


def decide_prepare(state: SifnosState, top: F.Prepare, value: Any) -> None:
    if isinstance(value, Done):
        state.pending.pop()
        state.discounts = []
        state.used = 0
    elif not _use_effect(state, top.seat, value):
        raise AssertionError(f"{value} at {top}")


def decide_majors(state: SifnosState, top: F.Majors, value: Any) -> None:
    if isinstance(value, Done):
        state.pending.pop()
        return
    if not isinstance(value, Major):
        raise AssertionError(f"{value} at {top}")
    k = value.major
    state.majors_done |= 1 << k
    state.used = 0
    state.ignore_image = state.use_network = state.beacon_placed = False
    state.pending.append(F.COLUMN(top.seat, k))


def decide_column(state: SifnosState, top: F.Column, value: Any) -> None:
    seat = top.seat
    match value:
        case Done():
            state.pending.pop()
            state.used = 0
            state.ignore_image = state.use_network = False
        case PlaceDie(region=r, value=v):
            state.used |= 1 << PLACE_DIE_BIT
            place_die(state, seat, r, v + 1)
        case PlaceTower(space=s, image=i):
            state.used |= 1 << PLACE_TOWER_BIT
            place_tower(state, seat, s, i)
        case _:
            if not _use_effect(state, seat, value):
                raise AssertionError(f"{value} at {top}")


def decide_recoup(state: SifnosState, top: F.RecoupChoice, value: Any) -> None:
    if isinstance(value, Done):
        state.pending.pop()
    elif not _use_effect(state, top.seat, value):
        raise AssertionError(f"{value} at {top}")
