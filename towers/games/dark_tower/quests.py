"""Quests & Dungeons: Completing a Quest (the monthly quests, their requirements and rewards),
Exploring a Dungeon (enter, improve once, resolve, leave) and Completing the Main Goal (its
steps and treasures; the adversary spawns)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import N_GEAR, ROOMS, TOWER_DUNGEON
from towers.games.dark_tower.data import DATA, WILD, DungeonType, Gear, Quest

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def dungeon_type(state: DarkTowerState) -> DungeonType:
    """The dungeon being explored: the main goal's current one, or the Tower dungeon."""
    if state.game.competitive:
        return TOWER_DUNGEON
    loc = state.game.goal.steps[state.goal_step][0]
    return DATA.dungeon_types[DATA.locations[loc].dungeon_type]


def dungeon_advantage(state: DarkTowerState) -> int:
    return state.dungeon_type().advantage


def can_meet(state: DarkTowerState, seat: int, quest: Quest) -> bool:
    """Whether the hero can meet a monthly quest's requirement (Completing a Quest)."""
    return state.toward(seat, quest) >= quest.amount


def toward(state: DarkTowerState, seat: int, quest: Quest) -> int:
    """How much of a quest's requirement the hero holds: warriors, spirit, gear, potions,
    treasures or virtues; advantages of one type (all the same) or of different types."""
    match quest.what:
        case "warriors":
            return state.warriors[seat]
        case "spirit":
            return state.spirit[seat]
        case "gear":
            return sum(state.gear[seat])
        case "potions":
            return sum(state.potions[seat])
        case "treasures":
            return len(state.treasures[seat])
        case "virtues":
            return state.active_virtues(seat)
        case "advantages":
            by_type, wild = state.quest_advantages(seat)
            if quest.qualifier == "all-same":
                return max(by_type) + wild
            return sum(1 for v in by_type if v) + wild
    raise AssertionError(quest.what)


def explore_step(state: DarkTowerState, top: F.Exploring, value: Any) -> None:
    p = state.pending
    match value:
        case A.EnterRoom(room=r):
            p[-1] = replace(top, room=r, improved=False, entered=top.entered + 1)
            if state.rooms[r] < 0:
                p.append(F.RoomReveal(room=r))
        case A.Leave():
            p[-1] = F.HeroicDone(seat=top.seat, foe=-1, location=-1)
        case A.Improve():
            p[-1] = replace(top, pool=top.pool - 1, spent=top.spent + 1, improved=True)
        case A.Resolve():
            kind = state.rooms[top.room]
            dtype = state.dungeon_type()
            ladder = dtype.target if kind == A.TARGET else dtype.rooms[kind][1]
            result = ladder[1 if top.improved else 0]
            state.cleared |= 1 << top.room
            if kind == A.TARGET and state.game.competitive:
                # Hero Goals: the hero who finds the relic wins at once
                p.pop()
                state._win(top.seat, f"seat {top.seat} found the relic in the Tower")
                return
            if kind == A.TARGET:
                state.rooms = [-1] * ROOMS
                state.cleared = 0
                p[-1] = F.HeroicDone(seat=top.seat, foe=-1, location=-1)
                state._goal_step_done(top.seat)
            else:
                p[-1] = replace(top, room=-1, improved=False)
            state._effects(top.seat, result)


def complete_quest(state: DarkTowerState, seat: int, k: int) -> None:
    state.heroic_done = True
    quest = DATA.quests[state.monthly[k]]
    state.monthly[k] = -1
    p = state.pending
    p.append(F.HeroicDone(seat=seat, foe=-1, location=-1))
    if k == 0:
        state._reward(seat, quest.reward)
    state._pay_quest(seat, quest)


def reward(state: DarkTowerState, seat: int, reward: str) -> None:
    """Monthly Quests: a companion quest gives a new companion or a quest item, as its
    card says (quests.toml); the other when that one is not to be had. The competitive
    game's quest gives a companion (Competitive Clarifications)."""
    p = state.pending
    items = bool(state.quest_items_left()) and not state.game.competitive
    if reward == "quest item" and items:
        p.append(F.QuestItemDraw(seat=seat))
    elif state.companions_left:
        p.append(F.CompanionDraw(seat=seat))
    elif items:
        p.append(F.QuestItemDraw(seat=seat))


def quest_items_left(state: DarkTowerState) -> list[int]:
    """The quest items still in the box whose companion is in play (held by a hero)."""
    in_play = {c for row in state.companions for c in row}
    held = {q for row in state.quest_items for q in row}
    return [
        q for q, item in enumerate(DATA.quest_items) if item.companion in in_play and q not in held
    ]


def complete_goal_quest(state: DarkTowerState, seat: int) -> None:
    """Completing a Quest: the main goal's quest step, with what it requires."""
    state.heroic_done = True
    quest = state.game.goal.quests[state.goal_step]
    assert quest is not None
    state.pending.append(F.HeroicDone(seat=seat, foe=-1, location=-1))
    state._goal_step_done(seat)
    state._pay_quest(seat, quest)


def goal_step_done(state: DarkTowerState, seat: int) -> None:
    """A step of the main goal done: its treasure to the hero; the last step completes
    the main goal, and the adversary spawns on the board (Completing the Main Goal)."""
    goal = state.game.goal
    treasure = goal.steps[state.goal_step][1]
    if treasure >= 0:
        state.treasures[seat].append(treasure)
    state.goal_step += 1
    if state.goal_step == len(goal.steps):
        state.adversary_at = goal.adversary_spawn


def pay_quest(state: DarkTowerState, seat: int, quest: Quest) -> None:
    """Spend what a quest asks (a "have" requirement keeps what it counts)."""
    p = state.pending
    n = quest.amount
    match quest.what:
        case "warriors":
            state.warriors[seat] -= n
        case "spirit":
            state.spirit[seat] -= n
        case "gear":
            p.append(F.DiscardGear(seat=seat, n=n))
        case "potions":
            p.append(F.DiscardPotion(seat=seat, n=n))
        case "advantages":
            state._spend_quest_gear(seat, quest)


def spend_quest_gear(state: DarkTowerState, seat: int, quest: Quest) -> None:
    """Designed: a quest's advantages come first from automatic ones (kept), then Wild
    ones (kept), then gear, which is spent: the fewest gear, lowest kind first."""
    auto, wild = state.automatic_by_type(seat)
    gear = state.gear[seat]
    if quest.qualifier == "all-same":
        best = max(range(WILD), key=lambda t: (auto[t] + _gear_of(state.game.gear, gear, t), -t))
        need = quest.amount - auto[best] - wild
        for g in range(N_GEAR):
            while need > 0 and gear[g] and state.game.gear[g].advantage == best:
                gear[g] -= 1
                need -= 1
    else:
        need = quest.amount - sum(1 for v in auto if v) - wild
        for g in range(N_GEAR):
            if need > 0 and gear[g] and not auto[state.game.gear[g].advantage]:
                gear[g] -= 1
                auto[state.game.gear[g].advantage] = 1
                need -= 1


def start_exploring(state: DarkTowerState, seat: int) -> None:
    """Exploring a Dungeon (the main goal's, or the Tower dungeon): the heroic action opens
    with the hero's automatic Advantages against the dungeon's type."""
    state.heroic_done = True
    pool = state.advantages(seat, (state.dungeon_advantage(),))
    state.pending.append(
        F.Exploring(seat=seat, room=-1, pool=pool, spent=0, improved=False, entered=0)
    )


def decide_exploring(state: DarkTowerState, top: F.Exploring, value: Any) -> None:
    """Exploring a Dungeon: an item spent for an Advantage, or the room's next step."""
    if not state._spend_for_advantage(top, value):
        explore_step(state, top, value)


def _gear_of(kinds: Sequence[Gear], gear: list[int], t: int) -> int:
    """How many of ``gear`` (counts by kind) give an advantage of type ``t``."""
    return sum(n for g, n in enumerate(gear) if kinds[g].advantage == t)
