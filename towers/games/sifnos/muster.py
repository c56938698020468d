"""Muster (rulebook: Soldiers; Muster; Forts; Pushing out opposing Soldiers): Soldiers moved
and placed, a Fort built in place of a Soldier, and the Fort and Beacon spaces of the Player
Board emptied (the third of a column gives the column's bonus).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import (
    A_TAKE_PIECE,
    BARRACKS,
    DATA,
    Done,
    FortIn,
    MoveSoldier,
    PlaceSoldier,
    TakePiece,
)
from towers.games.sifnos.board import CENTRAL, fix_region
from towers.games.sifnos.data import FORT_FACES
from towers.games.sifnos.effects import gain_effect

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState


def pieces_left(state: SifnosState, seat: int, kind: str) -> list[int]:
    """The Fort (or Beacon) spaces of ``seat``'s Player Board still holding one."""
    return [
        (A_TAKE_PIECE + s)
        for s, face in enumerate(state.pieces[seat])
        if face >= 0 and DATA.pieces[s].kind == kind
    ]


def move_soldier(state: SifnosState, seat: int, a: int, b: int) -> None:
    if a == BARRACKS:
        state.barracks[seat] -= 1
        state.soldier_supply[seat] += 1
        return
    if a == CENTRAL:
        state.central[seat] -= 1
    else:
        state.soldier_at[a] = -1
    if b == CENTRAL:
        state.central[seat] += 1
        return
    there = state.soldier_at[b]
    if there >= 0:
        # pushing out: both Soldiers go home, for a card to the opponent
        state.soldier_at[b] = -1
        soldier_home(state, there)
        soldier_home(state, seat)
        state.pending.push(F.GIVE_CARDS(seat, there, 1))
    else:
        state.soldier_at[b] = seat


def soldier_home(state: SifnosState, side: int) -> None:
    if side == state.game.opponent:
        state.soldier_supply[side] += 1
    else:
        state.barracks[side] += 1


def place_soldier(state: SifnosState, seat: int, r: int, fixes: bool = True) -> None:
    state.soldier_supply[seat] -= 1
    if r == CENTRAL:
        state.central[seat] += 1
    else:
        state.soldier_at[r] = seat
        if fixes:
            fix_region(state, r)


def take_piece(state: SifnosState, seat: int, s: int) -> None:
    """Take a Fort or Beacon off the board: the third from its column gives the column's
    bonus (rulebook: Forts)."""
    state.pieces[seat][s] = -1
    column = DATA.pieces[s].column
    gone = sum(1 for x in DATA.pieces if x.column == column and state.pieces[seat][x.index] < 0)
    if gone == 3:
        gain_effect(state, seat, DATA.column_bonus[column])


# ---- the decisions ----------------------------------------------------------------------
def decide_soldiers(state: SifnosState, top: F.Soldiers, value: Any) -> None:
    p = state.pending
    seat = top.seat
    match value:
        case Done():
            p.pop()
        case MoveSoldier(frm=a, to=b):
            if top.moves > 1:
                p.replace(F.SOLDIERS(seat, top.moves - 1, False, False, top.region))
            else:
                p.pop()
            move_soldier(state, seat, a, b)
        case PlaceSoldier(region=r):
            p.pop()
            # the Scoring Tile's Soldier is no effect of a major action: it fixes nothing
            place_soldier(state, seat, r, fixes=top.region != F.ANYWHERE)
        case FortIn(region=r):
            p.pop()
            if state.soldier_at[r] == seat:
                state.soldier_at[r] = -1
            else:
                state.central[seat] -= 1
            state.barracks[seat] += 1
            fix_region(state, r)
            p.push(F.TRIGGER(seat, "fort", r))
            p.push(F.FORT_CHOICE(seat, r))
        case _:
            raise AssertionError(f"{value} at {top}")


def decide_fort(state: SifnosState, top: F.FortChoice, value: Any) -> None:
    """The Fort taken from the Player Board goes to the Region; its face's effect."""
    if not isinstance(value, TakePiece):
        raise AssertionError(f"{value} at {top}")
    seat, s = top.seat, value.slot
    state.pending.pop()
    face = state.pieces[seat][s]
    take_piece(state, seat, s)
    state.fort_at[top.region] = seat
    gain_effect(state, seat, FORT_FACES[face])
