"""The balance facets the shipped games declare for simulation reports."""

from __future__ import annotations

import random

import pytest

import towers
from towers.core.chance import random_action
from towers.core.registry import balance_of


def finished(name: str, players: int, seed: int) -> towers.State:
    state = towers.make(name, players=players).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    return state


@pytest.mark.parametrize(("name", "facet"), [("turris", "faction"), ("sifnos", "setup aids")])
def test_a_game_labels_each_seat_for_its_balance_view(name: str, facet: str) -> None:
    state = finished(name, 2, 1)
    facets = balance_of(state.game)
    assert facets is not None
    labels = facets(state)[facet]
    assert isinstance(labels, list) and len(labels) == 2 and all(labels)


def test_sifnos_labels_are_the_setup_aids_each_seat_was_dealt() -> None:
    from towers.games.sifnos.actions import DATA

    state = finished("sifnos", 3, 2)
    labels = balance_of(state.game)(state)["setup aids"]  # type: ignore[misc]
    for seat, label in enumerate(labels):
        assert label == str(DATA.setup_aids[state.aids[seat][0]].id)  # one Aid each with 3


@pytest.mark.parametrize(
    ("name", "players", "game_facets", "seat_facets"),
    [
        ("torres", 2, {"variant", "layout"}, set()),
        ("tiletum", 3, set(), {"starting order"}),
        (
            "dark_tower",
            2,
            {"difficulty", "heroes", "main goal", "adversary", "ending", "month"},
            {"hero"},
        ),
    ],
)
def test_a_game_labels_the_game_or_each_seat_for_its_balance_views(
    name: str, players: int, game_facets: set[str], seat_facets: set[str]
) -> None:
    state = finished(name, players, 3)
    facets = balance_of(state.game)
    assert facets is not None
    labels = facets(state)
    assert set(labels) == game_facets | seat_facets
    for facet in game_facets:
        assert isinstance(labels[facet], str) and labels[facet]
    for facet in seat_facets:
        seats = labels[facet]
        assert isinstance(seats, list) and len(seats) == players and all(seats)


def test_torres_labels_its_variant_layout_and_master_card() -> None:
    from towers.games.torres.actions import MASTER_KEYS

    squares = [[1, 1], [6, 6], [1, 6], [6, 1], [3, 1], [4, 6], [1, 4], [6, 3]]
    state = towers.make("torres", 2, variant="master", layout=squares).new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    labels = balance_of(state.game)(state)  # type: ignore[misc]
    assert labels["variant"] == "master"
    assert labels["layout"] == "custom 1,1 6,6 1,6 6,1 3,1 4,6 1,4 6,3"
    assert labels["master card"] == MASTER_KEYS[state.master_card]  # type: ignore[attr-defined]
    basic = balance_of(state.game)(finished("torres", 2, 4))  # type: ignore[misc]
    assert basic == {"variant": "basic", "layout": "default"}


def test_tiletum_labels_each_seats_place_in_the_starting_order_with_its_gold() -> None:
    state = finished("tiletum", 4, 5)
    labels = balance_of(state.game)(state)["starting order"]  # type: ignore[misc]
    # Game Setup, step 14: the first to fourth player take 1, 3, 5 and 6 gold
    assert labels == ["1st (1 gold)", "2nd (3 gold)", "3rd (5 gold)", "4th (6 gold)"]


def test_dark_tower_labels_its_difficulty_heroes_goal_adversary_and_each_seats_hero() -> None:
    state = towers.make(
        "dark_tower", 2, difficulty="gritty", heroes="spymaster,brutal-warlord"
    ).new_initial_state()
    labels = balance_of(state.game)(state)  # type: ignore[misc]
    assert labels == {
        "difficulty": "gritty",
        "heroes": "2 heroes",
        "main goal": "Recover Azkol's Treasures",
        "adversary": "Ashstrider",
        "ending": "not over",
        "month": "month 1",
        "hero": ["Spymaster", "Brutal Warlord"],
    }


@pytest.mark.parametrize(
    ("ending", "label"),
    [
        ("seat 1 found the relic in the Tower", "the relic found"),
        ("Ashstrider is defeated", "the adversary defeated"),
        ("a skull had to be taken from an empty supply", "the supply ran out"),
        (
            "the other heroes were eliminated (seat 0 had to drop a skull with none in the supply)",
            "the supply ran out",
        ),
        (
            "the other heroes were eliminated (seat 1 would gain a third corruption)",
            "a third corruption",
        ),
        ("seat 0's hero would gain a third corruption", "a third corruption"),
        (
            "every remaining hero was eliminated at once (seat 1 would gain a third corruption)",
            "every hero left eliminated at once",
        ),
        ("the sixth month ended: nobody wins", "the sixth month ended"),
    ],
)
def test_dark_tower_labels_how_a_game_ended(ending: str, label: str) -> None:
    state = towers.make("dark_tower", 2).new_initial_state()
    state.ending = ending  # type: ignore[attr-defined]
    state.result = -1  # type: ignore[attr-defined]
    assert balance_of(state.game)(state)["ending"] == label  # type: ignore[misc]


def test_dark_tower_labels_the_ending_of_a_game_played_out() -> None:
    from towers.games.dark_tower.balance import ENDINGS

    labels = {label for _, label in ENDINGS}
    for seed in range(3):
        state = finished("dark_tower", 2, seed)
        assert balance_of(state.game)(state)["ending"] in labels  # type: ignore[misc]


def test_dark_tower_labels_the_month_a_game_ended_in() -> None:
    state = finished("dark_tower", 1, 6)
    labels = balance_of(state.game)(state)  # type: ignore[misc]
    assert labels["month"] == f"month {state.month}"  # type: ignore[attr-defined]
    assert 1 <= state.month <= 6  # type: ignore[attr-defined]
