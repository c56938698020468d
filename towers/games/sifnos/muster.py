"""Muster (rulebook: Soldiers; Muster; Forts; Pushing out opposing Soldiers): Soldiers moved
and placed, a Fort built in place of a Soldier, and the Fort and Beacon spaces of the Player
Board emptied (the third of a column gives the column's bonus).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import (
    A_MOVE_SOLDIER,
    A_PLACE_SOLDIER,
    A_TAKE_PIECE,
    BARRACKS,
    DATA,
    SPACE,
    SUPPLY,
    Done,
    FortIn,
    MoveSoldier,
    PlaceSoldier,
    TakePiece,
)
from towers.games.sifnos.board import CENTRAL, N_REGIONS, fix_region
from towers.games.sifnos.data import FORT, FORT_FACES
from towers.games.sifnos.effects import gain_effect

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState


def moves(state: SifnosState, seat: int) -> list[int]:
    """The Soldier moves open to ``seat``: one from the Barracks to the Supply, or one to an
    adjacent Region (an opponent's pushed out for a card)."""
    out = []
    if state.barracks[seat]:
        out.append(A_MOVE_SOLDIER[BARRACKS, SUPPLY])
    has_card = bool(state.hands[seat])
    regions = DATA.regions
    soldier_at = state.soldier_at
    froms = []
    r = -1
    for _ in range(soldier_at.count(seat)):
        r = soldier_at.index(seat, r + 1)
        froms.append(r)
    if state.central[seat]:
        froms.append(CENTRAL)
    for r in froms:
        for t in regions[r].adjacent:
            there = soldier_at[t]
            if t == CENTRAL or there < 0 or (there != seat and has_card):
                out.append(A_MOVE_SOLDIER[r, t])
    return out


def can_place_soldier(state: SifnosState, seat: int) -> bool:
    return state.soldier_supply[seat] > 0


def soldier_places(state: SifnosState, seat: int, region: int) -> list[int]:
    if not state.soldier_supply[seat]:
        return []
    out = [(A_PLACE_SOLDIER + CENTRAL)]
    for r in range(N_REGIONS):
        if r == CENTRAL or state.soldier_at[r] >= 0:
            continue
        if region == F.ANYWHERE or r == region or (region == F.ACTIVE and state.region_ok >> r & 1):
            out.append(A_PLACE_SOLDIER + r)
    return out


def fort_regions(state: SifnosState, seat: int) -> list[int]:
    """The Regions where ``seat``'s Soldier may become a Fort (rulebook: Forts)."""
    if not any(f >= 0 for s, f in enumerate(state.pieces[seat]) if DATA.pieces[s].kind == FORT):
        return []
    out = []
    for r in range(N_REGIONS):
        own = state.soldier_at[r] == seat or (r == CENTRAL and state.central[seat])
        if own and state.fort_at[r] < 0 and state.region_ok >> r & 1:
            out.append(r)
    return out


def soldier_choices(state: SifnosState, top: F.Soldiers) -> list[int]:
    seat = top.seat
    out = moves(state, seat) if top.moves else []
    if top.place:
        out += soldier_places(state, seat, top.region)
    if top.fort:
        out += [SPACE.encode(FortIn(region=r)) for r in fort_regions(state, seat)]
    return out


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
        state.pending.push(F.GiveCards(seat=seat, to=there, n=1))
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
                p.replace(F.Soldiers(seat=seat, moves=top.moves - 1, place=False, fort=False,
                                     region=top.region))  # fmt: skip
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
            p.push(F.Trigger(seat=seat, event="fort", region=r))
            p.push(F.FortChoice(seat=seat, region=r))
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
