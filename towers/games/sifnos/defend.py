"""Defend (rulebook: Defend; Resolving an Invasion; Determining Might): the Workshop Dice to
place, a Province with three Dice invaded (the Invasion Marker's leader moves a Soldier
first), each side's Might, and the winner's and the others' rewards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.sifnos import frames as F
from towers.games.sifnos import solo
from towers.games.sifnos.actions import DATA
from towers.games.sifnos.board import CENTRAL, LARGE_OF, PROVINCE_SPACES
from towers.games.sifnos.cards import draw
from towers.games.sifnos.muster import soldier_home

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState


LARGE_REGIONS = tuple((q, DATA.provinces[q].regions) for q in DATA.large)
"""Each larger Province and its Regions."""


def defend(state: SifnosState, seat: int) -> None:
    p = state.pending
    if seat != state.game.opponent:
        p.append(F.WORKSHOP(seat))
    die_owner = state.die_owner
    for q, regions in LARGE_REGIONS:
        dice = 0
        for r in regions:
            if die_owner[r] >= 0:
                dice += 1
        if dice >= 3:
            state.invaded = LARGE_OF[q]
            p.append(F.INVASION(seat, q))
            best = leader(state, state.markers[2])
            if best >= 0 and best != state.game.opponent:
                p.append(F.SOLDIERS(best, 1, False, False, F.ACTIVE))
            elif best >= 0:
                solo.gain_card(state, 1)
            break


def leader(state: SifnosState, mineral: int) -> int:
    """The side with the most Influence of ``mineral``; -1 on a tie."""
    values = [state.influence[s][mineral] for s in range(state.game.sides)]
    if state.game.versus:
        values[state.game.opponent] = -1
    best = max(values)
    return values.index(best) if values.count(best) == 1 else -1


def might(state: SifnosState, province: int) -> list[int]:
    """Each side's Might in the Province (rulebook: Determining Might)."""
    g = state.game
    out = [0] * g.sides
    for r in DATA.provinces[province].regions:
        if state.die_owner[r] >= 0:
            out[state.die_owner[r]] += 1
        if state.fort_at[r] >= 0:
            out[state.fort_at[r]] += 1
        if state.soldier_at[r] >= 0:
            out[state.soldier_at[r]] += 2
        if r == CENTRAL:
            for s in range(g.sides):
                out[s] += 2 * state.central[s]
    for s in PROVINCE_SPACES[province]:
        top = state.top_tower(s)
        if top >= 0:
            out[top >> 3] += 1
    for side in range(g.sides):
        out[side] += state.tents[side][province]
    return out


def invasion(state: SifnosState, seat: int, q: int) -> None:
    """Province ``q`` invaded on ``seat``'s turn: the most Might wins (ties to the next in
    turn order), the Dice go to their Workshops, the others draw a card per uncovered Tower
    and Tent there, the winner gains per Ship and empty Ship space (rulebook: Resolving an
    Invasion)."""
    mights = might(state, q)
    order = state.turn_order_from(seat)
    best = max(mights)
    winner = next(s for s in order if mights[s] == best)
    p = state.pending
    province = DATA.provinces[q]
    # the dice go to their Workshops (last, so pushed first)
    dice = [
        (r, state.die_owner[r], state.die_value[r])
        for r in province.regions
        if state.die_owner[r] >= 0
    ]
    for r, owner, v in dice:
        state.die_owner[r] = -1
        state.die_value[r] = 0
        state.workshop[owner].append(v)
    for side in reversed(order):
        if side == winner:
            continue
        cards = sum(1 for s in PROVINCE_SPACES[q] if state.uncovered(side, s))
        draw(state, side, cards + state.tents[side][q])
    # the winner: Influence per Ship, the empty spaces, Soldiers home
    for r in province.regions:
        if state.soldier_at[r] == winner:
            state.soldier_at[r] = -1
            soldier_home(state, winner)
    ships = state.ships[LARGE_OF[q]]
    bonus = DATA.game["ship_spaces"]["empty_bonus"]
    for i in range(len(ships), 4):
        if bonus[i] == "card":
            draw(state, winner, 1)
        elif bonus[i] == "any_influence":
            if winner == state.game.opponent:
                solo.majority_influence(state)
            else:
                p.append(F.INFLUENCE_CHOICE(winner, 1))
    for kind in reversed(ships):
        p.append(F.GAIN(winner, kind, 1))
