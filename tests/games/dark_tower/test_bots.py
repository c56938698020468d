"""The bots' heuristic: the team's standing from 0 (lost) to 1 (won), from public facts."""

from __future__ import annotations

from towers.agents.base import leads, standing
from towers.games.dark_tower.bots import FAR, evaluate, objective, progress
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import GOAL, N_FOES

from .conftest import act, loc, middle, new_game


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


def two_spaces(toward: int, away_from: int | None = None) -> tuple[int, int]:
    """Adjacent spaces ``near``, ``far``: ``near`` one step nearer ``toward`` and no nearer
    ``away_from`` than ``far`` (so only the first pull can prefer it)."""
    for far in range(len(DATA.locations)):
        for near in DATA.adjacent[far]:
            if (
                FAR[near][toward] == FAR[far][toward] - 1
                and 1 <= FAR[near][toward] <= 4
                and (away_from is None or FAR[near][away_from] >= FAR[far][away_from])
            ):
                return near, far
    raise AssertionError("no such pair of spaces")


def test_a_hero_one_step_nearer_a_skulled_building_stands_better() -> None:
    state = middle(new_game(2))
    state.skulls = [0] * len(state.skulls)
    state.skulls[0] = 2
    state.supply -= 2
    near, far = two_spaces(DATA.buildings[0].location, objective(state))
    state.at = [far, far]
    before = evaluate(state, 0)
    state.at[0] = near
    assert evaluate(state, 0) > before


def test_cleansing_is_worth_more_than_standing_on_the_building() -> None:
    state = middle(new_game(2))
    building = DATA.buildings[0]
    state.at[0] = building.location
    state.skulls = [0] * len(state.skulls)
    state.skulls[0] = 1
    state.supply = 6
    before = evaluate(state, 0)
    act(state, "cleanse")
    assert state.skulls[0] == 0
    assert evaluate(state, 0) > before


def test_a_strong_hero_is_drawn_to_a_foe_and_a_spent_one_is_not() -> None:
    state = middle(new_game(2))
    state.skulls = [0] * len(state.skulls)
    foe_at = DATA.buildings[5].location
    state.foes[foe_at * N_FOES + 0] = 1  # a level-2 foe
    near, far = two_spaces(foe_at, objective(state))
    state.at = [far, far]
    state.warriors[0] = 12
    before = evaluate(state, 0)
    state.at[0] = near
    assert evaluate(state, 0) > before
    state.warriors[0] = state.spirit[0] = 0
    weak = evaluate(state, 0)
    state.at[0] = far
    assert evaluate(state, 0) == weak


def test_the_months_running_out_lower_the_standing() -> None:
    state = middle(new_game(2))
    before = evaluate(state, 0)
    state.month += 2
    assert evaluate(state, 0) < before


def test_a_cooperative_seat_scores_its_heuristic_not_a_lead_over_its_partner() -> None:
    state = middle(new_game(2))
    assert standing(state, 0) == evaluate(state, 0) > 0
    assert leads(state) == [evaluate(state, 0), evaluate(state, 1)]


def test_in_the_competitive_game_each_seat_is_valued_on_its_own_race() -> None:
    state = middle(new_game(2, mode="competitive"))
    before = [evaluate(state, 0), evaluate(state, 1)]
    state.tests_done[0] = 1
    assert evaluate(state, 0) > before[0]
    assert evaluate(state, 1) == before[1]
    assert standing(state, 0) > 0 > standing(state, 1)


def test_a_competitor_is_drawn_to_its_own_next_heroic_test() -> None:
    state = middle(new_game(2, mode="competitive"))
    kind = next(k for k, q in enumerate(state.tests[0]) if q >= 0)
    state.tests[0] = [q if k == kind else -1 for k, q in enumerate(state.tests[0])]
    target = DATA.quests[state.tests[0][kind]].location
    near, far = two_spaces(target)
    state.at[0] = far
    before = evaluate(state, 0)
    state.at[0] = near
    assert evaluate(state, 0) > before
    mine = evaluate(state, 0)
    state.tests[1] = [-1] * len(state.tests[1])  # another seat's hidden cards count for nothing
    assert evaluate(state, 0) == mine
