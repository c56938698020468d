"""Battle: Starting the Battle (the foe's cards and the hero's automatic Advantages), Spending
Advantages, Applying Results, Battling the Adversary (retreat; the cards and Advantages stay)
and Removing Foes."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import N_FOES
from towers.games.dark_tower.data import DATA, Effects

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def battle_ladder(state: DarkTowerState, top: F.Battling) -> tuple[Effects, ...]:
    foe = DATA.foes[state.foe_id(top.foe)]
    row = 0 if top.foe == A.ADVERSARY else state.status[top.foe]
    return foe.battle[row][top.card]


def start_battle(state: DarkTowerState, seat: int, f: int) -> None:
    state.heroic_done = True
    foe = DATA.foes[state.foe_id(f)]
    at = state.at[seat]
    pool = state.advantages(seat, foe.traits)
    if f == A.ADVERSARY:
        frame = F.Battling(seat=seat, foe=f, location=at, card=state.adv_card,
                           rung=state.adv_rung, left=state.adv_left, pool=pool, spent=0,
                           resolved=0)  # fmt: skip
    else:
        frame = F.Battling(seat=seat, foe=f, location=at, card=-1, rung=0, left=foe.level,
                           pool=pool, spent=0, resolved=0)  # fmt: skip
    state.pending.append(frame)
    if frame.card < 0:
        state.pending.append(F.CardReveal())


def battle_step(state: DarkTowerState, top: F.Battling, value: Any) -> None:
    p = state.pending
    adversary = top.foe == A.ADVERSARY
    match value:
        case A.Improve():
            rung = top.rung + 1
            p[-1] = replace(top, rung=rung, pool=top.pool - 1, spent=top.spent + 1)
            if adversary:
                state.adv_rung = rung
        case A.Retreat():
            p[-1] = F.HeroicDone(seat=top.seat, foe=-1, location=-1)
        case A.Resolve():
            result = state.battle_ladder(top)[top.rung]
            left = top.left - 1
            if adversary:
                state.adv_left, state.adv_card, state.adv_rung = left, -1, 0
            if left <= 0:
                p[-1] = F.HeroicDone(seat=top.seat, foe=top.foe, location=top.location)
            else:
                p[-1] = replace(top, card=-1, rung=0, left=left, resolved=top.resolved + 1)
                p.append(F.CardReveal())
            state._effects(top.seat, result)


def remove_foe(state: DarkTowerState, loc: int, f: int) -> None:
    """A token of foe ``f`` leaves ``loc``; designed (foes.toml): when its last token leaves
    the board, the foe's status is back to the one foes enter with (the next are fresh)."""
    state.foes[loc * N_FOES + f] -= 1
    if not state._on_board(f):
        state.status[f] = state.game.foe_status


def decide_battling(state: DarkTowerState, top: F.Battling, value: Any) -> None:
    """Spending Advantages and Applying Results: an item spent for an Advantage, or the
    card's next step."""
    if not state._spend_for_advantage(top, value):
        battle_step(state, top, value)
