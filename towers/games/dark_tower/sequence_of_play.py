"""Sequence of Play: turns clockwise, the months and their turns (Turns Per Month), the monthly
quests dealt at each month's start (Monthly Quests), and the sixth month's end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import MONTHS
from towers.games.dark_tower.data import DATA

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def next_turn(state: DarkTowerState, seat: int) -> None:
    """Sequence of Play: the next seat clockwise; at a month's end the adversary quest
    fails if not completed, and after the sixth month the heroes lose."""
    n = state.game.num_players
    nxt = (seat + 1) % n
    while state.eliminated[nxt] and nxt != seat:
        nxt = (nxt + 1) % n  # Hero Elimination: an eliminated hero takes no turns
    state.turns_left -= 1
    p = state.pending
    if state.turns_left > 0:
        state._begin_turn(nxt)
        p.append(F.START_TURN[nxt])
        return
    if state.month >= MONTHS:
        state._lose("the sixth month ended" + (": nobody wins" if state.game.competitive else ""))
        return
    failed = state.monthly[1] >= 0
    state.month += 1
    state.monthly = [-1, -1]
    state.turns_left = state.game.month_turns
    state._begin_turn(nxt)
    p.append(F.START_TURN[nxt])
    if not state.game.competitive:
        # Competitive Clarifications: one quest a month, for a companion, no penalty
        p.append(F.QUEST_DRAW[1])
    p.append(F.QUEST_DRAW[0])
    if failed:
        state._effects(seat, DATA.foes[state.game.adversary].advance)
