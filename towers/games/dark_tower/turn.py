"""Taking Your Turn: 1. Start of Turn (the Banner action), 2. Middle of Turn (Movement and its
doubling, the Cleanse heroic action, Reinforce with the haggle die; the Battle, Quest and
trade decisions open their own sections), 3. End of Turn (drop a skull, then the event)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import G
from towers.games.dark_tower.data import DATA, GAIN_WARRIORS

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def begin_turn(state: DarkTowerState, seat: int) -> None:
    """A hero's turn begins: its move value, and each once-a-turn action unused."""
    state.current = seat
    state.banner_used = False
    state.moves_left = state.base_move = state.move_value(seat)
    state.haggle_at = -1
    state.moved = state.doubled = state.heroic_done = state.reinforced = state.traded = False
    state.refused = 0
    state.haggle = -1


def follow_move_value(state: DarkTowerState) -> None:
    """Movement: the hero moves up to its move value, and "modifiers from virtues or gear
    are applied before doubling". A modifier gained or lost during the turn changes the
    moves left by the change, doubled once the move is doubled: the turn's move is the
    value with its modifiers, times two, whenever a modifier comes (a companion traded
    for after doubling adds two moves). Moves a potion gave stay as they are."""
    if state.result:
        return
    now = state.move_value(state.current)
    if now != state.base_move:
        state.moves_left += (now - state.base_move) * (2 if state.doubled else 1)
        state.base_move = now


def reinforce(state: DarkTowerState, seat: int, how: int) -> None:
    """Reinforce at the building on the hero's space: its free effect or, for spirit, its
    enhanced one; the Reinforce bonuses of perks as warriors; then the haggle die's gain."""
    state.reinforced = True
    building = DATA.buildings[state.building_at(state.at[seat])]
    btype = state.game.building_types[building.type]
    effects = list(btype.enhanced if how else btype.free)
    if how:
        state.spirit[seat] -= btype.enhanced_cost
    bonus = sum(p.reinforce for p in state.perks(seat))
    if bonus:
        gained = sum(n for code, n in effects if code == GAIN_WARRIORS)
        effects = [e for e in effects if e[0] != GAIN_WARRIORS]
        if gained + bonus > 0:
            effects.insert(0, (GAIN_WARRIORS, gained + bonus))
    face = DATA.haggle_faces[state.haggle] if state.haggle >= 0 else "normal"
    if face in DATA.haggle:
        effects += DATA.haggle[face]
    state._effects(seat, tuple(effects))


def decide_start_turn(state: DarkTowerState, top: F.StartTurn, value: Any) -> None:
    """Start of Turn: the Banner action, once, or on to the middle of the turn."""
    match value:
        case A.Done():
            state.pending[-1] = F.TURN[top.seat]
        case A.Banner():
            state.banner_used = True
            state._effects(top.seat, state.game.heroes[top.seat].banner)
        case _:
            raise AssertionError((top, value))


def decide_turn(state: DarkTowerState, top: F.Turn, value: Any) -> None:
    """Middle of Turn: move, one heroic action, Reinforce, a trade; End of Turn: the skull."""
    p = state.pending
    seat = top.seat
    match value:
        case A.Move(to=to):
            state.at[seat] = to
            state.moves_left -= 1
            state.moved = True
        case A.DoubleMove():
            state.spirit[seat] -= int(G["move"]["double_cost"])
            # the move value now doubles, with every modifier gained so far this turn
            # (applied before doubling), not the moves a potion added (Movement)
            state.moves_left += state.base_move
            state.doubled = True
        case A.Cleanse():
            b = state.building_at(state.at[seat])
            state.supply += state.skulls[b]
            state.skulls[b] = 0
            state.heroic_done = True
            p.append(F.HeroicDone(seat=seat, foe=-1, location=-1))
        case A.Battle(foe=f):
            state._start_battle(seat, f)
        case A.Quest(quest=k):
            state._complete_quest(seat, k)
        case A.GoalQuest():
            state._complete_goal_quest(seat)
        case A.Explore() | A.EnterTower():
            state._start_exploring(seat)
        case A.HeroicTest(kind=kind):
            state._complete_test(seat, kind)
        case A.Haggle():
            state.haggle_at = state.at[seat]
            p.append(F.HaggleRoll(seat=seat))
        case A.Reinforce(how=how):
            state._reinforce(seat, how)
        case A.TradeWith(seat=other):
            # the turn's trade is used once a trade is made, not by opening one
            p.append(F.Trade(seat=seat, partner=other, offer=(), ask=()))
        case A.DropSkull():
            p[-1] = F.END_TURN[seat]
            p.append(F.EVENT_DRAW[seat])
            p.append(F.skull_drops(seat, 1))
        case _:
            raise AssertionError((top, value))
