"""The bots' heuristic: the team's standing from 0 (lost) to 1 (won), from public facts."""

from __future__ import annotations

from towers.agents.base import leads, standing
from towers.agents.greedy import GreedyBot
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.bots import (
    FAR,
    SUPPLIERS,
    brink,
    danger,
    doomed,
    errand,
    evaluate,
    objective,
    progress,
    team_readiness,
)
from towers.games.dark_tower.constants import GOAL, N_FOES, TESTS_OF_KIND
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerState

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


def test_every_skull_more_lowers_the_standing_however_many_there_are() -> None:
    # the supply nearly spent and buildings full: one more skull out of the supply still
    # counts, so the team never stops minding them
    state = middle(new_game(2))
    for b in range(8):
        state.skulls[b] = 2
    state.supply = 4
    assert danger(state) > 3
    before = evaluate(state, 0)
    state.skulls[8] = 1
    state.supply = 3
    assert 0 < evaluate(state, 0) < before
    # and far worse still, where the standing is all but 0
    for b in range(16):
        state.skulls[b] = 3
    state.supply = 1
    worst = evaluate(state, 0)
    state.supply = 0
    assert 0 < evaluate(state, 0) < worst < 0.01


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


def _test_of(what: str) -> tuple[int, int]:
    """A heroic test card (its type and quest) that asks for ``what``."""
    for kind, cards in enumerate(TESTS_OF_KIND):
        for q in cards:
            if DATA.quests[q].what == what:
                return kind, q
    raise AssertionError(what)


def test_a_competitor_is_drawn_to_its_own_next_heroic_test_once_it_holds_what_it_needs() -> None:
    state = middle(new_game(2, mode="competitive"))
    kind, q = _test_of("warriors")
    state.tests[0] = [q if k == kind else -1 for k in range(len(state.tests[0]))]
    state.warriors[0] = DATA.quests[q].amount
    near, far = two_spaces(DATA.quests[q].location)
    state.at[0] = far
    before = evaluate(state, 0)
    state.at[0] = near
    assert evaluate(state, 0) > before
    mine = evaluate(state, 0)
    state.tests[1] = [-1] * len(state.tests[1])  # another seat's hidden cards count for nothing
    assert evaluate(state, 0) == mine
    # holding none of it, the test's place draws the hero no nearer
    state.warriors[0] = 0
    at_near = evaluate(state, 0)
    state.at[0] = far
    assert evaluate(state, 0) == at_near


def test_holding_what_a_heroic_test_asks_raises_the_standing() -> None:
    # the same warriors, the same place: worth more to a hero whose test asks for warriors
    state = middle(new_game(2, mode="competitive"))
    for what in ("warriors", "treasures"):
        assert _test_of(what)[0] == 0  # one type of card, two requirements
    warriors, treasures = _test_of("warriors")[1], _test_of("treasures")[1]
    state.warriors[0] = DATA.quests[warriors].amount
    state.treasures[0] = []
    state.tests[0][0] = treasures
    unready = evaluate(state, 0)
    state.tests[0][0] = warriors
    assert evaluate(state, 0) > unready
    half = state.clone()
    half.warriors[0] = DATA.quests[warriors].amount // 2
    half.tests[0][0] = treasures
    half_unready = evaluate(half, 0)
    half.tests[0][0] = warriors
    assert half_unready < evaluate(half, 0) < evaluate(state, 0)


def test_the_hero_whose_drop_would_find_the_supply_empty_is_doomed_and_stands_lower() -> None:
    state = middle(new_game(2, mode="competitive"))  # seat 0's turn, its drop still to come
    state.out_of_game += state.supply
    state.supply = 0
    assert doomed(state) == (0, 1.0)
    lead = standing(state, 0)
    state.supply, state.out_of_game = 1, state.out_of_game - 1  # seat 0 drops it, seat 1 finds none
    assert doomed(state) == (1, 1 - 1 / 6)
    assert standing(state, 0) > lead
    state.supply, state.out_of_game = 12, state.out_of_game - 11  # far off: not counted
    assert doomed(state)[1] == 0.0


def test_a_cleanse_of_an_odd_number_of_skulls_passes_the_doom_on() -> None:
    state = middle(new_game(2, mode="competitive"))
    b = next(b for b, bd in enumerate(DATA.buildings) if bd.location == state.at[0])
    state.out_of_game += state.supply - 1
    state.supply = 0
    state.skulls[b] = 1
    before = standing(state, 0)
    act(state, "cleanse")
    assert state.supply == 1 and doomed(state)[0] == 1
    assert standing(state, 0) > before


def test_a_hero_one_corruption_from_elimination_fears_its_full_buildings() -> None:
    state = middle(new_game(2, mode="competitive"))
    home = state.game.kingdoms[0]
    b = next(b for b, bd in enumerate(DATA.buildings) if bd.kingdom == home)
    state.skulls[b] = 3
    state.supply -= 3
    state.amulets[0] = 0
    state.corruptions[0] = [0]
    assert brink(state, 0) == 0
    state.corruptions[0] = [0, 1]
    assert brink(state, 0) == 1
    mine = evaluate(state, 0)
    state.skulls[b] = 2
    assert evaluate(state, 0) > mine
    state.skulls[b] = 3
    state.amulets[0] = 1  # the amulet takes the next corruption
    assert brink(state, 0) == 0


def test_nobody_is_doomed_when_the_game_ends_before_the_supply_does() -> None:
    state = middle(new_game(2, mode="competitive"))
    state.month, state.turns_left = 6, 2  # this turn's drop and one more
    state.out_of_game += state.supply - 2
    state.supply = 2
    assert doomed(state) == (-1, 0.0)
    state.supply, state.out_of_game = 1, state.out_of_game + 1
    assert doomed(state)[0] == 1


def test_a_lead_in_the_race_is_worth_less_as_the_months_run_out() -> None:
    state = middle(new_game(2, mode="competitive"))
    state.tests_done[0] = 1
    early = standing(state, 0)
    state.month = 6
    assert 0 < standing(state, 0) < early


def _gear_step() -> DarkTowerState:
    """Two heroes on the third step of Raise an Outlaw Army (spend 3 gear), holding none,
    with no skull on the board."""
    state = middle(new_game(2, goal="raise-an-outlaw-army"))
    state.goal_step = 2
    quest = state.game.goal.quests[2]
    assert quest is not None and (quest.what, quest.amount) == ("gear", 3)
    state.gear = [[0] * len(state.gear[0]) for _ in state.gear]
    state.skulls = [0 if k > 0 else k for k in state.skulls]
    return state


def test_a_quest_step_counts_the_gear_a_hero_holds_or_is_about_to_take() -> None:
    state = _gear_step()
    none = progress(state)
    state.gear[0][0] = 1
    one = progress(state)
    assert one > none
    state.gear[0][0] = 0
    state.pending.push(F.ChooseGear(seat=0, n=1))  # a Bazaar's gear, not yet chosen
    assert progress(state) == one
    # a dungeon step counts no gear: the recommended goal's first step
    azkol = middle(new_game(2))
    before = progress(azkol)
    azkol.gear[0][0] = 3
    assert progress(azkol) == before


def test_a_hero_short_of_what_a_quest_step_asks_is_drawn_to_a_building_that_gives_it() -> None:
    state = _gear_step()
    suppliers = [b for b, _ in SUPPLIERS["gear"]]  # the Bazaars (free) and Villages (enhanced)
    kinds = {DATA.building_types[DATA.buildings[b].type].type for b in suppliers}
    assert kinds == {"Bazaar", "Village"}
    target = state.game.goal.steps[2][0]
    there = DATA.buildings[suppliers[0]].location
    # a space as far from every supplier as the step's place is from the building
    away = max(
        range(len(DATA.locations)),
        key=lambda x: (min(FAR[x][DATA.buildings[b].location] for b in suppliers), -FAR[x][target]),
    )
    state.at[0] = away
    lacking_away = evaluate(state, 0)
    state.at[0] = there
    assert evaluate(state, 0) > lacking_away
    # holding all it needs, the hero is drawn to the step's place instead
    state.gear[0][0] = 3
    near, far = two_spaces(target)
    state.at[0] = far
    ready_far = evaluate(state, 0)
    state.at[0] = near
    assert evaluate(state, 0) > ready_far


def test_what_may_be_traded_counts_toward_a_quest_step_in_any_heros_hands() -> None:
    state = _gear_step()
    quest = state.game.goal.quests[2]
    assert quest is not None
    state.gear[0][0] = 2
    two = team_readiness(state, quest)
    assert two == 2 / 3
    state.gear[1][0] = 1  # half a gear's worth in the other hero's hands, to be handed over
    assert team_readiness(state, quest) == 2.5 / 3
    state.gear[1][0], state.gear[0][0] = 0, 3
    assert team_readiness(state, quest) == 1.0
    # virtues are not traded (Making Trades): only the readiest hero's count
    beseech = middle(new_game(2, goal="beseech-the-gods-of-light"))
    virtues = beseech.game.goal.quests[0]
    assert virtues is not None and virtues.what == "virtues"
    alone = team_readiness(beseech, virtues)
    beseech.virtues[1] |= 1 << 3
    assert beseech.active_virtues(1) > beseech.active_virtues(0)
    assert team_readiness(beseech, virtues) == min(1.0, beseech.active_virtues(1) / 4) > alone
    beseech.virtues[0] |= 1 << 3
    assert team_readiness(beseech, virtues) == min(1.0, beseech.active_virtues(1) / 4)


def test_the_team_trades_what_a_quest_step_asks_into_the_readier_heros_hands() -> None:
    state = _gear_step()
    state.at[1] = state.at[0]
    gear = DATA.gear[0].name
    state.gear[0][0], state.gear[1][0] = 2, 1
    before = evaluate(state, 0)
    act(state, "trade with seat 1")
    opened = evaluate(state, 0)
    assert opened > before  # what the trade could hand over counts in part at once
    bot = GreedyBot(seed=1)
    assert state.action_to_string(bot.choose(state)) == f"ask for {gear}"
    act(state, f"ask for {gear}")
    assert evaluate(state, 0) > opened
    act(state, "propose the trade")
    assert state.action_to_string(bot.choose(state)) == "accept the trade"
    act(state, "accept the trade")
    assert (state.gear[0][0], state.gear[1][0]) == (3, 0)
    assert evaluate(state, 0) > before


def test_a_reinforce_the_hero_cannot_pay_for_draws_it_less() -> None:
    state = middle(new_game(2, goal="beseech-the-gods-of-light"))
    sanctuaries = SUPPLIERS["virtues"]  # only the Sanctuary's enhanced Reinforce gives a virtue
    assert {cost for _, cost in sanctuaries} == {3}
    b = sanctuaries[0][0]
    state.at[0] = DATA.buildings[b].location
    state.skulls = [0 if k > 0 else k for k in state.skulls]
    target = state.game.goal.steps[0][0]
    state.spirit[0] = 3
    paid = errand(state, 0, target, 1.0, 0.0, 1.0, sanctuaries)
    state.spirit[0] = 0
    assert 0 < errand(state, 0, target, 1.0, 0.0, 1.0, sanctuaries) < paid
