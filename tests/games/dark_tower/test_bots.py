"""The bots' heuristic: the team's standing from 0 (lost) to 1 (won), from public facts."""

from __future__ import annotations

from towers.games.dark_tower.bots import evaluate, progress
from towers.games.dark_tower.rules import GOAL

from .conftest import loc, middle, new_game


def test_the_heuristic_is_1_on_a_win_and_0_on_a_loss() -> None:
    state = new_game(2)
    state.result = 1
    assert evaluate(state, 0) == evaluate(state, 1) == 1.0
    state.result = -1
    assert evaluate(state, 0) == 0.0


def test_progress_toward_the_goal_raises_the_standing() -> None:
    state = middle(new_game(2))
    before = evaluate(state, 0)
    state.goal_step = 1
    assert progress(state) > 0 and evaluate(state, 0) > before
    state.goal_step = len(GOAL.steps)
    state.adversary_at = GOAL.adversary_spawn
    state.adv_left -= 2
    assert evaluate(state, 1) > before


def test_skulls_and_corruption_lower_the_standing() -> None:
    state = middle(new_game(2))
    before = evaluate(state, 0)
    state.skulls[0] = 3
    state.supply -= 3
    assert evaluate(state, 0) < before
    state.corruptions[0] = [0, 1]
    assert evaluate(state, 0) < before


def test_walking_toward_the_dungeon_raises_the_standing() -> None:
    state = middle(new_game(1))
    far = evaluate(state, 0)
    state.at[0] = loc("Howling Desert")  # the first dungeon of the main goal
    assert evaluate(state, 0) > far
