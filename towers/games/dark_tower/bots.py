"""The Return to Dark Tower heuristic used by the greedy and search bots: how close the team
stands to winning, from 0 (lost) to 1 (won), read from the public table only.

``evaluate(state, seat)`` is the same for every seat (the team wins or loses together):

- progress toward the goal: each of the main goal's dungeons recovered, the rooms cleared in
  the current one, and once the adversary is on the board each of its cards resolved; and
  how near the nearest hero stands to the next dungeon or the adversary;
- the heroes' strength for battles and dungeons: warriors and spirit (with diminishing
  worth), gear, potions and treasures;
- the dangers: skulls on buildings (more the fuller a building), buildings destroyed, a
  supply running low (an empty supply loses), corruptions (a third loses), foes on the board
  and their status, and the months running out.

Nothing hidden is read: the skulls inside the tower count by their public total only.
"""

from __future__ import annotations

from towers.core.game import State
from towers.core.graphs import distance_table
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerState

GOAL_STEPS = len(DATA.main_goal.steps)
ROOMS = int(DATA.game["dungeon"]["rooms"])
MONTHS = int(DATA.game["months"]["count"])
TOTAL_SKULLS = int(DATA.game["skulls"]["total"])
FAR = distance_table(DATA.adjacent)
REACH = 10
"""Spaces beyond which a hero counts as far from the goal."""


def objective(state: DarkTowerState) -> int:
    """Where the team must go next: the main goal's dungeon, then the adversary."""
    if state.goal_step < GOAL_STEPS:
        return DATA.main_goal.steps[state.goal_step][0]
    return state.adversary_at


def progress(state: State) -> float:
    """The share of the way to victory, 0 to 1: the dungeons of the main goal, then the
    adversary's cards."""
    s = state
    assert isinstance(s, DarkTowerState)
    dungeon = s.goal_step + (
        bin(s.cleared).count("1") / (ROOMS * 2) if s.goal_step < GOAL_STEPS else 0
    )
    cards = DATA.foes[s.game.adversary].level
    adversary = (cards - s.adv_left) / cards
    return 0.6 * dungeon / GOAL_STEPS + 0.4 * adversary


def evaluate(state: State, seat: int) -> float:
    """The team's standing, 0 (lost) to 1 (won) (see the module docstring)."""
    s = state
    assert isinstance(s, DarkTowerState)
    if s.result:
        return 1.0 if s.result > 0 else 0.0
    n = len(s.at)
    strength = 0.0
    for h in range(n):
        strength += min(s.warriors[h], 20) / 20 + min(s.spirit[h], 10) / 10
        strength += 0.1 * sum(s.gear[h]) + 0.1 * sum(s.potions[h]) + 0.1 * len(s.treasures[h])
        strength -= 0.6 * len(s.corruptions[h]) ** 2
    strength /= n
    danger = sum((k * k) / 9 for k in s.skulls if k > 0) / len(s.skulls)
    danger += 0.15 * sum(1 for k in s.skulls if k < 0)
    danger += 2 * (1 - s.supply / TOTAL_SKULLS) ** 2
    foes = sum(s.foes) * (1 + 0.25 * max(s.status))
    danger += 0.02 * foes
    time_left = (MONTHS - s.month + s.turns_left / max(1, s.game.month_turns)) / MONTHS
    target = objective(s)
    near = min(FAR[a][target] for a in s.at) if target >= 0 else REACH
    value = (
        0.55 * progress(s)
        + 0.05 * (1 - min(near, REACH) / REACH)
        + 0.15 * max(-1.0, min(1.0, strength / 2))
    )
    value += 0.1 * time_left - 0.1 * min(3.0, danger)
    return max(0.01, min(0.99, 0.3 + value))
