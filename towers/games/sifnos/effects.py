"""Card Effects that happen rather than are used (rulebook: the Card Effects of Invest,
Construct and Muster; Forts; Buildings): the placed Cards triggered by a Die, a cover, a Beacon
or a Fort, and the one-off effects printed on the Fort faces, the Player Board's column
bonuses and the Buildings' spaces.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import DATA, Done, UseCard
from towers.games.sifnos.board import MAJOR_COLUMN
from towers.games.sifnos.cards import draw

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState

TRIGGERS = {
    "fort_die": ("fort_die_soldier", "fort_die_move"),
    "first_die": ("first_die_draw", "first_die_soldier"),
    "second_die": ("second_die_draw", "second_die_ship"),
    "cover": ("cover_draw", "cover_move"),
    "beacon": ("beacon_ship", "beacon_soldier"),
    "fort": ("fort_draw", "fort_ship"),
}
DRAWING = frozenset({"first_die_draw", "second_die_draw", "cover_draw", "fort_draw"})
"""Triggered effects that only draw a card: taken at once (drawing is never worse)."""
TRIGGERED_KINDS = frozenset(k for kinds in TRIGGERS.values() for k in kinds) | {
    "tent", "dice_limit", "tower_limit", "draw",
}  # fmt: skip
"""Card kinds that are never used from a column: triggered, one-off, or Recoup's numbers."""


def gain_effect(state: SifnosState, seat: int, effect: str) -> None:
    """A one-off effect named in the data (Fort faces, column bonuses, Building spaces)."""
    p = state.pending
    match effect:
        case "any_influence":
            p.push(F.INFLUENCE_CHOICE(seat, 1))
        case "any_influence_2":
            p.push(F.INFLUENCE_CHOICE(seat, 2))
        case "draw_card":
            draw(state, seat, 1)
        case "move_soldier":
            p.push(F.SOLDIERS(seat, 1, False, False, F.ACTIVE))
        case "move_ship":
            p.push(F.SHIP_CHOICE(seat))
        case "workshop_die":
            if state.dice_reserve[seat]:
                p.push(F.ROLL(seat, 1, True))
        case _:
            raise AssertionError(effect)


def trigger(state: SifnosState, seat: int, event: str, region: int) -> None:
    """The placed Cards of the current major action's column that ``event`` triggers: the
    ones that only draw are taken at once, the others offered."""
    if event == "beacon" and not state.beacon_placed:
        return
    kinds = TRIGGERS[event]
    cards = DATA.cards
    column = MAJOR_COLUMN[current_major(state)]
    mine = [
        c
        for c in state.placed[seat]
        if cards[c].column == column and cards[c].kind in kinds and not state.used >> c & 1
    ]
    offered = []
    for c in mine:
        if cards[c].kind in DRAWING:
            state.used |= 1 << c
            draw(state, seat, 1)
        else:
            offered.append(c)
    if offered:
        state.pending.push(F.Triggered(seat=seat, event=event, region=region, cards=tuple(offered)))


def current_major(state: SifnosState) -> int:
    for frame in reversed(state.pending):
        if isinstance(frame, F.Column):
            return frame.major
    raise AssertionError("a trigger outside a major action")


def triggered_effect(state: SifnosState, seat: int, kind: str, region: int) -> None:
    p = state.pending
    match kind:
        case "fort_die_soldier" | "first_die_soldier":
            p.push(F.SOLDIERS(seat, 0, True, False, region))
        case "beacon_soldier":
            p.push(F.SOLDIERS(seat, 0, True, False, F.ACTIVE))
        case "fort_die_move" | "cover_move":
            p.push(F.SOLDIERS(seat, 1, False, False, F.ACTIVE))
        case "second_die_ship" | "beacon_ship" | "fort_ship":
            p.push(F.SHIP_CHOICE(seat))
        case _:
            raise AssertionError(kind)


def decide_triggered(state: SifnosState, top: F.Triggered, value: Any) -> None:
    """A triggered Card used (``UseCard``) or the rest declined (``done``)."""
    p = state.pending
    if isinstance(value, Done):
        p.pop()
        return
    if not isinstance(value, UseCard):
        raise AssertionError(f"{value} at {top}")
    c = value.card
    rest = tuple(x for x in top.cards if x != c)
    if rest:
        p.replace(F.Triggered(seat=top.seat, event=top.event, region=top.region, cards=rest))
    else:
        p.pop()
    state.used |= 1 << c
    triggered_effect(state, top.seat, DATA.cards[c].kind, top.region)
