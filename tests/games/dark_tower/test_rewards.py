"""What a companion quest gives (Monthly Quests: "a new companion or quest item"): the reward
each quest card names in quests.toml, the quest items of items.toml, and what they do."""

from __future__ import annotations

import pytest

from towers.games.dark_tower import frames as F
from towers.games.dark_tower.data import DATA, REWARDS
from towers.games.dark_tower.rules import DarkTowerState

from .conftest import act, can, chance, middle, new_game

SMUGGLERS_COIN = next(q for q, item in enumerate(DATA.quest_items) if item.id == "smugglers-coin")


def quest_named(name: str) -> int:
    return next(q for q, quest in enumerate(DATA.quests) if quest.name == name)


def companion_quest(name: str, **options: object) -> DarkTowerState:
    """Seat 0 at the month's companion quest ``name``, with plenty to meet it."""
    state = new_game(2, **options)
    q = quest_named(name)
    state.monthly = [q, -1]
    middle(state, DATA.locations[DATA.quests[q].location].name)
    state.warriors[0] = state.spirit[0] = 30
    return state


def test_every_quest_card_names_its_reward_and_both_kinds_are_dealt() -> None:
    rewards = [q.reward for q in DATA.quests]
    assert set(rewards) == set(REWARDS)
    for kingdom in range(4):
        mine = [q.reward for q in DATA.quests if q.kingdom == kingdom]
        assert sorted(mine) == ["companion", "companion", "quest item", "quest item"]


def test_quest_items_are_the_companion_quests_items_of_the_reference() -> None:
    names = {item.name for item in DATA.quest_items}
    assert len(names) == 11 and {"Smuggler's Coin", "Tomas's Map", "Dragon Scales"} <= names
    hakan = DATA.companion_ids.index("hakan")
    assert sum(item.companion == hakan for item in DATA.quest_items) == 3  # cards.json


def test_a_quest_item_quest_gives_a_quest_item_of_a_companion_in_play() -> None:
    state = companion_quest("Finish Building the Shrine")  # quest item; spend 4 spirit
    act(state, "complete the companion quest")
    assert isinstance(state.pending[-1], F.QuestItemDraw)
    # Zaida (the main goal's companion) is the only companion in play: her item only
    assert [a for a, _ in state.chance_outcomes()] == [
        state.string_to_action("quest item Smuggler's Coin")
    ]
    chance(state, "quest item Smuggler's Coin")
    assert state.quest_items[0] == [SMUGGLERS_COIN]
    assert state.companions[0] == [DATA.main_goal.companion]
    assert state.observation(1)["heroes"][0]["quest_items"] == ["Smuggler's Coin"]


def test_a_companion_quest_gives_a_companion() -> None:
    state = companion_quest("Suffer with the Silent Sisters")  # companion; spend 4 spirit
    act(state, "complete the companion quest")
    assert isinstance(state.pending[-1], F.CompanionDraw)
    chance(state, "new companion Miras")
    assert len(state.companions[0]) == 2 and state.quest_items[0] == []


def test_a_quest_item_quest_gives_a_companion_when_no_item_is_left() -> None:
    # Nimet, the companion of A Heroic Beginning, has no quest item (cards.json)
    state = companion_quest("Finish Building the Shrine", goal="a-heroic-beginning")
    assert state.quest_items_left() == []
    act(state, "complete the companion quest")
    assert isinstance(state.pending[-1], F.CompanionDraw)


def test_a_companion_quest_gives_a_quest_item_when_no_companion_is_left() -> None:
    state = companion_quest("Suffer with the Silent Sisters")
    state.companions_left = []
    act(state, "complete the companion quest")
    assert isinstance(state.pending[-1], F.QuestItemDraw)


def test_each_quest_item_of_zaida_is_given_once() -> None:
    state = companion_quest("Finish Building the Shrine")
    state.quest_items[1] = [SMUGGLERS_COIN]
    act(state, "complete the companion quest")
    assert isinstance(state.pending[-1], F.CompanionDraw)  # Zaida's one item is given


@pytest.mark.parametrize(
    ("item", "check"),
    [
        ("smugglers-coin", "reinforce"),
        ("tomass-map", "move"),
        ("dragon-scales", "advantage"),
    ],
)
def test_a_quest_item_lends_its_hero_what_it_says(item: str, check: str) -> None:
    state = new_game(1)
    q = next(i for i, it in enumerate(DATA.quest_items) if it.id == item)
    before = (sum(p.reinforce for p in state.perks(0)), state.move_value(0))
    melee = state.advantages(0, (0,))
    state.quest_items[0] = [q]
    after = (sum(p.reinforce for p in state.perks(0)), state.move_value(0))
    if check == "reinforce":
        assert after[0] == before[0] + 1
    elif check == "move":
        assert after[1] == before[1] + 1
    else:
        assert state.advantages(0, (0,)) == melee + 1  # Melee is advantage type 0


def test_a_quest_item_is_traded() -> None:
    state = new_game(2)
    middle(state, "Fivepint")
    state.at[1] = state.at[0]
    state.quest_items[1] = [SMUGGLERS_COIN]
    act(state, "trade with seat 1")
    assert not can(state, "offer quest item Smuggler's Coin")
    act(state, "ask for quest item Smuggler's Coin")
    assert not can(state, "ask for quest item Smuggler's Coin")  # one card
    act(state, "propose the trade", "accept the trade")
    assert (state.quest_items[0], state.quest_items[1]) == ([SMUGGLERS_COIN], [])


def test_the_competitive_quest_gives_a_companion() -> None:
    state = new_game(2, mode="competitive")
    state.companions[0] = [DATA.companion_ids.index("zaida")]
    state._reward(0, "quest item")
    assert isinstance(state.pending[-1], F.CompanionDraw)
