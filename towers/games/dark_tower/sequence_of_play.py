"""Sequence of Play: turns clockwise, the months and their turns (Turns Per Month), the monthly
quests dealt at each month's start (Monthly Quests), and the sixth month's end; and the
automatic steps worked off between the decisions (effects, skulls dropped, a heroic action's
end, a turn's end)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import HEROIC_SPIRIT, MONTHS
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


AUTOMATIC_KINDS = frozenset((F.Effects, F.SkullDrops, F.HeroicDone, F.EndTurn, F.CorruptionDraw))
"""The frames ``settle`` works off (a CorruptionDraw only when the deck is empty), looked up
by ``type(frame)`` (a frame class has no subclasses)."""


def settle(state: DarkTowerState) -> None:
    """Work off the automatic frames until a seat decides, chance acts or the game ends."""
    p = state.pending
    competitive = state.game.competitive
    while not state.result:
        top = p[-1]
        kind = type(top)
        if kind is F.Effects:
            codes = top.effects  # type: ignore[attr-defined]
            if not codes:
                p.pop()
                continue
            rest = F.effects_frame(top.seat, codes[2:], top.corrupted)  # type: ignore[attr-defined]
            p[-1] = rest
            state._effect(rest, codes[0], codes[1])
        elif kind is F.SkullDrops:
            d, n = top.dropper, top.n  # type: ignore[attr-defined]
            if n <= 0:
                p.pop()
                continue
            if state.supply <= 0:
                if competitive:
                    p.pop()
                    state._eliminate(d, "had to drop a skull with none in the supply")
                    continue
                state._lose("a skull had to be taken from an empty supply")
                return
            p[-1] = F.skull_drops(d, n - 1)
            state.supply -= 1
            state.tower.drop()
            p.append(F.RELEASING[d])
        elif kind is F.HeroicDone:
            seat, f = top.seat, top.foe  # type: ignore[attr-defined]
            p.pop()
            if f == A.ADVERSARY:
                state.adversary_at = -1
                state.result = 1
                state.ending = f"{DATA.foes[state.game.adversary].name} is defeated"
                return
            if f >= 0:
                state._remove_foe(top.location, f)  # type: ignore[attr-defined]
            gain = HEROIC_SPIRIT
            for perk in state.perks(seat):
                gain += perk.heroic
            state.spirit[seat] += max(0, gain)
        elif kind is F.EndTurn:
            p.pop()
            if competitive and True in state.eliminated:
                # Hero Elimination before the month's end: on the sixth month's last turn
                # the last hero in still wins
                state._end_if_decided()
                if state.result:
                    return
            next_turn(state, top.seat)  # type: ignore[attr-defined]
        elif kind is F.CorruptionDraw and not state.corruption_deck.has_cards():
            p.pop()
        else:
            # a seat decides or chance acts
            if competitive and True in state.eliminated:
                state._end_if_decided()
            return
