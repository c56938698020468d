"""The competitive game (rulebook: Competitive Game), one test a rule."""

from __future__ import annotations

import random

import pytest

from towers.core.errors import GameOptionError
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import TESTS_OF_KIND
from towers.games.dark_tower.data import CORRUPTION, DATA, SIDES
from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState
from towers.games.dark_tower.tower import STILL

from .conftest import act, building, can, chance, end_turn, fresh, loc, middle, new_game, resolve

VALOR, PROWESS = 0, 1  # the heroic test types of the north and the east


def race(players: int = 2) -> DarkTowerState:
    return new_game(players, mode="competitive")


def quest(name: str) -> int:
    return next(q for q, quest in enumerate(DATA.quests) if quest.name == name)


def do(state: DarkTowerState, action: A.Action) -> None:
    fresh(state)
    state.apply_action(A.SPACE.encode(action))


def allowed(state: DarkTowerState, action: A.Action) -> bool:
    fresh(state)
    return A.SPACE.encode(action) in state.legal_actions()


def give_test(state: DarkTowerState, seat: int, kind: int, name: str) -> None:
    state.tests[seat][kind] = quest(name)


# ---- Setup Changes -------------------------------------------------------------------------
def test_the_competitive_game_is_for_two_to_four_heroes() -> None:
    with pytest.raises(GameOptionError, match="2 to 4"):
        DarkTowerGame(1, mode="competitive")
    for n in (2, 3, 4):
        DarkTowerGame(n, mode="competitive")


def test_each_hero_is_dealt_four_heroic_tests_one_of_each_type() -> None:
    state = race(4)
    dealt = [q for row in state.tests for q in row]
    assert len(set(dealt)) == 16
    for row in state.tests:
        assert [DATA.quests[q].kingdom for q in row] == [0, 1, 2, 3]
    assert TESTS_OF_KIND[VALOR] == tuple(
        q for q, x in enumerate(DATA.quests) if SIDES[x.kingdom] == "north"
    )


def test_each_hero_holds_one_amulet_of_hope_and_no_main_goal_companion() -> None:
    state = race(3)
    assert state.amulets == [1, 1, 1]
    assert state.companions == [[], [], []]
    assert DATA.main_goal.companion in state.companions_left


def test_the_heroic_tests_are_hidden_from_the_others_until_completed() -> None:
    state = race(2)
    mine = state.observation(0)["heroes"][0]["tests"]
    theirs = state.observation(0)["heroes"][1]["tests"]
    assert all(mine.values()) and not any(theirs.values())
    assert state.observation(1)["heroes"][1]["tests"] == {
        DATA.kingdoms[k].virtue: DATA.quests[q].name for k, q in enumerate(state.tests[1])
    }
    state.tests_done[1] |= 1 << PROWESS
    shown = state.observation(0)["heroes"][1]["tests"]
    assert shown[DATA.kingdoms[PROWESS].virtue] == DATA.quests[state.tests[1][PROWESS]].name


def test_determinize_re_deals_the_other_heroes_hidden_tests() -> None:
    state = race(2)
    state.tests_done[1] |= 1 << PROWESS
    seen = set()
    for seed in range(30):
        copy = state.determinize(0, random.Random(seed))
        assert isinstance(copy, DarkTowerState)
        assert copy.tests[0] == state.tests[0]
        assert copy.tests[1][PROWESS] == state.tests[1][PROWESS]
        assert copy.tests[1][VALOR] != state.tests[0][VALOR]
        assert DATA.quests[copy.tests[1][VALOR]].kingdom == VALOR
        seen.add(copy.tests[1][VALOR])
    assert len(seen) == 3  # the four Valor cards but seat 0's own


# ---- Hero Goals: the heroic tests ------------------------------------------------------------
def test_a_heroic_test_is_completed_by_the_quest_action_at_its_location_with_its_resources() -> (
    None
):
    state = race(2)
    give_test(state, 0, VALOR, "Win Egan's Tournament")
    middle(state, at="Egan's End")
    state.warriors[0] = 17
    test = A.HeroicTest(kind=VALOR)
    assert not allowed(state, test)  # 18 warriors are spent
    state.warriors[0] = 20
    state.at[0] = loc("Radiant Mountains")
    assert not allowed(state, test)  # at its location
    state.at[0] = loc("Egan's End")
    spirit = state.spirit[0]
    do(state, test)
    assert state.warriors[0] == 2
    assert state.tests_done[0] == 1 << VALOR
    assert isinstance(state.pending[-1], F.ChooseSeal)
    act(state, "done")
    assert state.spirit[0] == spirit + 2  # a heroic action
    assert state.heroic_done and not allowed(state, A.HeroicTest(kind=PROWESS))


def test_after_a_heroic_test_a_seal_may_be_removed_from_any_opening() -> None:
    state = race(2)
    give_test(state, 0, VALOR, "Impress the Winter Fey")
    middle(state, at="Lower Ice Fangs")
    state.treasures[0] = [0, 1, 2]
    do(state, A.HeroicTest(kind=VALOR))
    assert state.treasures[0] == [0, 1, 2]  # "have 3 treasures" keeps them
    assert state.tower.is_sealed(5)
    assert not allowed(state, A.RestoreSeal(opening=5))
    do(state, A.RemoveSeal(opening=5))
    resolve(state)
    assert not state.tower.is_sealed(5)


def test_after_a_heroic_test_a_seal_may_be_placed_back() -> None:
    state = race(2)
    state.tower.break_seal(2)
    state.tower.release(STILL)  # the skulls it loosened come to rest
    give_test(state, 0, VALOR, "Impress the Winter Fey")
    middle(state, at="Lower Ice Fangs")
    state.treasures[0] = [0, 1, 2]
    do(state, A.HeroicTest(kind=VALOR))
    assert not allowed(state, A.RemoveSeal(opening=2))
    do(state, A.RestoreSeal(opening=2))
    resolve(state)
    assert state.tower.is_sealed(2)


def test_a_completed_heroic_test_is_not_completed_again_and_three_are_enough() -> None:
    state = race(2)
    give_test(state, 0, VALOR, "Win Egan's Tournament")
    middle(state, at="Egan's End")
    state.warriors[0] = 40
    state.tests_done[0] = 1 << VALOR
    assert not allowed(state, A.HeroicTest(kind=VALOR))
    state.tests_done[0] = 0b1110
    state.tests[0][VALOR] = quest("Win Egan's Tournament")
    assert not allowed(state, A.HeroicTest(kind=VALOR))


# ---- Hero Goals: the Tower dungeon and the relic ---------------------------------------------
def test_the_tower_dungeon_opens_after_three_tests_from_a_space_next_to_the_tower() -> None:
    state = race(2)
    middle(state, at="Bleak Wastes")
    assert DATA.locations[loc("Bleak Wastes")].borders_tower
    state.tests_done[0] = 0b0011
    assert not allowed(state, A.EnterTower())
    state.tests_done[0] = 0b0111
    assert allowed(state, A.EnterTower())
    state.at[0] = loc("Egan's End")
    assert not DATA.locations[state.at[0]].borders_tower
    assert not allowed(state, A.EnterTower())
    assert not allowed(state, A.Explore())  # no main goal in the competitive game


def test_the_hero_who_finds_the_relic_wins() -> None:
    state = race(3)
    middle(state, at="Bleak Wastes")
    state.tests_done[0] = 0b0111
    do(state, A.EnterTower())
    act(state, "enter room 2")
    chance(state, "revealed: the target room")
    act(state, "resolve")
    assert state.is_terminal()
    assert state.winners() == [0]
    assert state.scores() == [1.0, 0.0, 0.0]


def test_a_hero_may_leave_the_tower_dungeon_and_its_cleared_rooms_stay_cleared() -> None:
    state = race(2)
    middle(state, at="Bleak Wastes")
    state.tests_done[0] = 0b0111
    do(state, A.EnterTower())
    act(state, "enter room 1")
    chance(state, "revealed: room 4")
    act(state, "resolve")
    resolve(state)
    act(state, "leave the dungeon")
    end_turn(state)
    state.tests_done[1] = 0b1011
    middle(state, at="Bleak Wastes")
    do(state, A.EnterTower())  # another hero explores the same dungeon
    assert not can(state, "enter room 1")
    assert can(state, "enter room 3")


# ---- Hero Elimination ----------------------------------------------------------------------
def test_the_amulet_of_hope_saves_its_hero_from_one_corruption() -> None:
    state = race(2)
    middle(state)
    state._effects(0, ((CORRUPTION, 1),))
    state._settle()
    assert state.amulets[0] == 0 and state.corruptions[0] == []


def test_a_third_corruption_eliminates_the_hero_and_the_last_hero_in_wins() -> None:
    state = race(2)
    middle(state)
    state.amulets[0] = 0
    state.corruptions[0] = [0, 1]
    state._effects(0, ((CORRUPTION, 1),))
    state._settle()
    assert state.eliminated == [True, False]
    assert state.is_terminal() and state.winners() == [1]
    assert state.scores() == [0.0, 1.0]


def test_an_eliminated_heros_kingdom_turns_dormant_and_its_turns_are_skipped() -> None:
    state = race(3)
    middle(state)
    state.amulets[1] = 0
    state.corruptions[1] = [0, 1]
    state._effects(1, ((CORRUPTION, 1),))
    state._settle()
    assert state.eliminated == [False, True, False] and not state.is_terminal()
    assert state.is_dormant(state.game.kingdoms[1])
    end_turn(state)
    assert state.current == 2  # seat 1 takes no more turns
    # a skull emerging in the dormant kingdom is placed by the dropper
    east = state.game.kingdoms[1]
    state._emerged(east, 2)
    assert state.pending[-1] == F.PlaceSkull(seat=2, kingdom=east)


def test_a_building_destroyed_in_a_dormant_kingdom_gives_no_corruption() -> None:
    state = race(3)
    middle(state)
    state.eliminated[1] = True
    b = next(b for b, bd in enumerate(DATA.buildings) if bd.kingdom == state.game.kingdoms[1])
    state.skulls[b] = 3
    state.in_hand = 1
    state.supply -= 1
    state._place_skull(b)
    state._settle()
    assert state.skulls[b] == -1
    assert not any(isinstance(f, F.Effects) for f in state.pending)


def test_dropping_a_skull_with_none_in_the_supply_eliminates_the_dropper() -> None:
    state = race(3)
    middle(state)
    state.out_of_game += state.supply
    state.supply = 0
    act(state, "drop a skull")
    resolve(state)
    assert state.eliminated == [True, False, False]
    assert not state.is_terminal()
    assert state.current == 1


def test_all_remaining_heroes_eliminated_at_once_is_nobodys_win() -> None:
    state = race(2)
    middle(state)
    for seat in (0, 1):
        state.amulets[seat] = 0
        state.corruptions[seat] = [0, 1]
        state._effects(seat, ((CORRUPTION, 1),))
    state._settle()
    assert state.eliminated == [True, True]
    assert state.is_terminal() and state.winners() == [] and state.scores() == [0.0, 0.0]


# ---- End of the Game -------------------------------------------------------------------------
def test_the_end_of_the_sixth_month_is_nobodys_win() -> None:
    state = race(2)
    state.month = 6
    state.turns_left = 1
    end_turn(state)
    assert state.is_terminal() and state.winners() == [] and state.scores() == [0.0, 0.0]
    assert "nobody wins" in state.ending


def test_a_hero_eliminated_on_the_sixth_months_last_turn_leaves_the_other_the_winner() -> None:
    # Hero Elimination comes before the month's end: the last hero in wins, not nobody
    state = race(2)
    state.month = 6
    state.turns_left = 1
    middle(state)
    state.out_of_game += state.supply
    state.supply = 0
    act(state, "drop a skull")
    resolve(state)
    assert state.eliminated == [True, False]
    assert state.is_terminal() and state.winners() == [1] and state.scores() == [0.0, 1.0]
    assert "eliminated" in state.ending


# ---- Competitive Clarifications ------------------------------------------------------------
def test_the_monthly_quest_is_a_companion_quest_without_penalty() -> None:
    state = race(2)
    state.turns_left = 1
    middle(state)
    act(state, "drop a skull")
    while state.is_chance_node() and not isinstance(state.pending[-1], F.QuestDraw):
        resolve(state)
        if isinstance(state.pending[-1], F.PlaceSkull):
            state.apply_action(state.legal_actions()[0])
    assert state.month == 2
    assert not any(isinstance(f, F.QuestDraw) and f.kind == 1 for f in state.pending)
    resolve(state)
    assert state.monthly[0] >= 0 and state.monthly[1] == -1


def test_with_no_potion_in_the_deck_a_hero_takes_one_from_another_hero() -> None:
    state = race(2)
    middle(state)
    while state.potion_deck.has_cards():
        state.potion_deck.draw(state.potion_deck.draw_outcomes()[0][0])
    state.potions[1][2] = 1
    state._effects(0, DATA.haggle["potion"])
    state._settle()
    assert isinstance(state.pending[-1], F.PotionFromHero)
    assert not allowed(state, A.TakePotion(seat=1, potion=0))
    do(state, A.TakePotion(seat=1, potion=2))
    assert state.potions[0][2] == 1 and state.potions[1][2] == 0


def test_trades_need_the_other_hero_to_agree_and_may_move_the_amulet() -> None:
    state = race(2)
    middle(state, at="Egan's End")
    state.at[1] = loc("Egan's End")
    act(state, "trade with seat 1")
    do(state, A.AskAmulet())
    assert not allowed(state, A.AskAmulet())  # seat 1 holds one
    act(state, "propose the trade")
    assert state.current_player() == 1
    act(state, "accept the trade")
    assert state.amulets == [2, 0]


def test_the_word_foe_never_means_a_hero() -> None:
    state = race(2)
    middle(state, at="Egan's End")
    state.at[1] = loc("Egan's End")
    assert not any(allowed(state, A.Battle(foe=f)) for f in range(4))
    state.foes[loc("Egan's End") * 3] = 1
    assert allowed(state, A.Battle(foe=0))
    state.skulls[building("Egan's End")] = 1
    act(state, "cleanse")  # a heroic action touches buildings and foes, never a hero
    assert state.warriors == [7, 7]


def test_the_competitive_game_shows_no_main_goal_but_the_race_for_the_relic() -> None:
    # Competitive Game: the heroes race to find the relic; the setup deals heroic tests and
    # chooses no main goal, so none is shown (the rooms are the Tower dungeon's)
    from towers.core.registry import views_of

    state = race(2)
    goal = state.observation(None)["main_goal"]
    assert goal["name"] is None and goal["steps"] == 0
    assert "three heroic tests" in goal["next"] and "relic" in goal["next"]
    views = views_of(state.game)
    for seat in (0, 1, None):
        text, board = views.text(state, seat), views.svg(state, seat) or ""
        assert DATA.main_goal.name not in text and "Main goal" not in text
        assert "Main goal" not in board and "race for the relic" in board
    cooperative = new_game(2)
    assert cooperative.observation(None)["main_goal"]["name"] == DATA.main_goal.name


def test_the_competitive_treasure_deck_holds_every_treasure() -> None:
    # World Setup 6 shuffles the treasure cards into the deck; only a main goal's steps keep
    # some aside, and the competitive game has no main goal
    state = race(2)
    assert sum(state.treasure_deck.counts) + sum(1 for t in state.market if t >= 0) == len(
        DATA.treasures
    )
    assert sum(1 for t in new_game(2).treasure_deck.counts if t == 0) > 0
