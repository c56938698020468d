"""Actions (rulebook: Actions; Prepare; Major Actions; the Card Effects of Prepare, Invest,
Construct, Muster and Recoup): the columns of the Player Board and the Cards placed above them,
each effect used once an action, its price discarded first; two of Invest, Construct and Muster
in either order, in one Active Region.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import (
    A_MAJOR,
    A_USE_CARD,
    A_USE_PRINTED,
    DATA,
    DONE,
    Done,
    Major,
    PlaceDie,
    PlaceTower,
    UseCard,
    UsePrinted,
)
from towers.games.sifnos.board import (
    CONSTRUCT,
    INVEST,
    MAJOR_COLUMN,
    PREPARE_COLUMN,
    PRINTED,
    PRINTED_BIT,
    RECOUP_COLUMN,
)
from towers.games.sifnos.cards import draw, pays_one, placeable
from towers.games.sifnos.construct import place_tower, tower_placements
from towers.games.sifnos.data import COLUMNS
from towers.games.sifnos.effects import TRIGGERED_KINDS
from towers.games.sifnos.invest import adjustments, die_placements, place_die
from towers.games.sifnos.muster import can_place_soldier, fort_regions, moves
from towers.games.sifnos.recoup import ship_moves

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState

PLACE_DIE_BIT = PRINTED_BIT + PRINTED["place_die"]
PLACE_TOWER_BIT = PRINTED_BIT + PRINTED["place_tower"]


def is_used_printed(state: SifnosState, name: str) -> bool:
    return bool(state.used >> (PRINTED_BIT + PRINTED[name]) & 1)


PRINTED_IN = tuple(
    tuple((p.index, p.id, p.discard) for p in DATA.printed if p.column == column)
    for column in range(len(COLUMNS))
)
"""Each column's printed effects: (index, kind, price)."""
USED_IN = tuple(-1 if c.kind in TRIGGERED_KINDS else c.column for c in DATA.cards)
"""The column whose effects a Card is used among (-1: never used from a column)."""


def column_uses(state: SifnosState, seat: int, column: int) -> list[int]:
    """The column's printed effects and placed Cards that can be used now."""
    out = []
    used = state.used
    for index, kind, discard in PRINTED_IN[column]:
        if not used >> (PRINTED_BIT + index) & 1 and can_use(state, seat, kind, discard):
            out.append(A_USE_PRINTED + index)
    for c, card in placed_uses(state.placed[seat])[column]:
        if not used >> c & 1 and can_use(state, seat, card.kind, card.discard, card):
            out.append(A_USE_CARD + c)
    return out


_PLACED_USES: dict[tuple[int, ...], tuple[tuple[tuple[int, Any], ...], ...]] = {}


def placed_uses(placed: list[int]) -> tuple[tuple[tuple[int, Any], ...], ...]:
    """The placed Cards used from each column, in the order placed, as (index, Card); kept
    for the rows of Cards met most recently."""
    key = tuple(placed)
    uses = _PLACED_USES.get(key)
    if uses is None:
        if len(_PLACED_USES) >= 4096:
            _PLACED_USES.clear()
        by_column: list[list[tuple[int, Any]]] = [[] for _ in COLUMNS]
        for c in placed:
            if USED_IN[c] >= 0:
                by_column[USED_IN[c]].append((c, DATA.cards[c]))
        uses = _PLACED_USES[key] = tuple(tuple(cards) for cards in by_column)
    return uses


def can_use(state: SifnosState, seat: int, kind: str, discard: int | None,
            card: Any = None) -> bool:  # fmt: skip
    """Whether an effect of ``kind`` (its price ``discard``) would do something now."""
    if discard is not None and not pays_one(state.hands[seat], discard):
        return False
    usable = USABLE.get(kind)
    return usable is not None and usable(state, seat)


USABLE: dict[str, Callable[[SifnosState, int], bool]] = {
    "place_card": lambda state, seat: bool(placeable(state, seat)),
    **dict.fromkeys(
        ("discard_adjust", "gold_adjust", "adjust"),
        lambda state, seat: bool(adjustments(state, seat)),
    ),
    "adjust_and_move": lambda state, seat: bool(adjustments(state, seat) or moves(state, seat)),
    # offered as their placements
    **dict.fromkeys(("place_die", "place_tower"), lambda state, seat: False),
    "ignore_image": lambda state, seat: not state.ignore_image,
    "network": lambda state, seat: not state.use_network,
    "silver_muster": lambda state, seat: bool(moves(state, seat)) or can_place_soldier(state, seat),
    "muster": lambda state, seat: (
        bool(moves(state, seat))
        or can_place_soldier(state, seat)
        or bool(fort_regions(state, seat))
    ),
    **dict.fromkeys(("move", "discard_move"), lambda state, seat: bool(moves(state, seat))),
    "discard_place": can_place_soldier,
    "discard_ship": lambda state, seat: bool(ship_moves(state)),
    **dict.fromkeys(
        ("discount_others", "discount_same", "discount", "discard_draw"), lambda state, seat: True
    ),
}
"""Whether an effect of each kind would do something now (any other kind: never)."""


def use(state: SifnosState, seat: int, kind: str, discard: int | None, card: Any) -> None:
    """Use a column's effect: its result pushed under its price, so the price comes first."""
    p = state.pending
    match kind:
        case "place_card":
            p.push(F.Placement(seat=seat, free=False))
        case "discard_adjust" | "adjust":
            p.push(F.AdjustDice(seat=seat, n=1))
        case "gold_adjust":
            p.push(F.AdjustDice(seat=seat, n=2))
        case "adjust_and_move":
            p.push(F.Soldiers(seat=seat, moves=1, place=False, fort=False, region=F.ACTIVE))
            p.push(F.AdjustDice(seat=seat, n=1))
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
            p.push(F.Soldiers(seat=seat, moves=2, place=True, fort=False, region=F.ACTIVE))
        case "muster":
            p.push(F.Soldiers(seat=seat, moves=1, place=True, fort=True, region=F.ACTIVE))
        case "move" | "discard_move":
            p.push(F.Soldiers(seat=seat, moves=1, place=False, fort=False, region=F.ACTIVE))
        case "discard_place":
            p.push(F.Soldiers(seat=seat, moves=0, place=True, fort=False, region=F.ACTIVE))
        case "discard_ship":
            p.push(F.ShipChoice(seat=seat))
        case "discard_draw":
            draw(state, seat, 2)
        case _:
            raise AssertionError(kind)
    if discard is not None:
        p.push(F.Pay(seat=seat, mineral=discard, need=1, half=False))


# ---- the decisions ----------------------------------------------------------------------
def prepare_choices(state: SifnosState, top: F.Prepare) -> list[int]:
    return [DONE, *column_uses(state, top.seat, PREPARE_COLUMN)]


def major_choices(state: SifnosState, top: F.Majors) -> list[int]:
    """``done``, or a major action not taken yet while fewer than two are."""
    out = [DONE]
    done = state.majors_done
    if bin(done).count("1") < 2:
        out += [(A_MAJOR + k) for k in range(3) if not done >> k & 1]
    return out


def column_choices(state: SifnosState, top: F.Column) -> list[int]:
    """A major action's column: its effects, and Invest's Dice or Construct's Towers."""
    seat, major = top.seat, top.major
    out = [DONE, *column_uses(state, seat, MAJOR_COLUMN[major])]
    if major == INVEST and not state.used >> PLACE_DIE_BIT & 1:
        out += die_placements(state, seat)
    if major == CONSTRUCT and not state.used >> PLACE_TOWER_BIT & 1:
        out += tower_placements(state, seat)
    return out


def recoup_choices(state: SifnosState, top: F.RecoupChoice) -> list[int]:
    return [DONE, *column_uses(state, top.seat, RECOUP_COLUMN)]


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
    state.pending.push(F.Column(seat=top.seat, major=k))


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
