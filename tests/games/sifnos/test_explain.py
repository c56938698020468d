"""A refused Towers of Sifnos action changes nothing and says why, naming the rulebook
section."""

from __future__ import annotations

import pytest

from towers.core.errors import IllegalActionError
from towers.games.sifnos.rules import SifnosState

from .builders import covering_with_one_card
from .conftest import (
    act,
    die,
    fort,
    hand,
    new_game,
    play,
    refresh,
    soldier,
    supply_dice,
    supply_soldiers,
    supply_towers,
    tower,
)


def refusal(state: SifnosState, text: str) -> str:
    action = state.string_to_action(text)
    before = state.to_json()
    why = state.explain(action)
    assert why is not None
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    assert state.to_json() == before
    assert "Allowed now:" in str(info.value) and "rulebook" in str(info.value)
    return why


def test_a_die_in_a_region_that_holds_one() -> None:
    state = new_game(3)
    die(state, 1, "troulaki")
    supply_dice(state, 0, 2)
    play(state, "done", "invest")
    assert "Troulaki already holds a Die" in refusal(state, "die 2 in Troulaki")


def test_a_die_outside_the_active_region() -> None:
    state = new_game(3)
    supply_dice(state, 0, 2, 2)
    soldier(state, 0, "cheronissos")
    supply_soldiers(state, 0)
    play(
        state, "done", "muster", "use Move, place or Fort", "soldier to Troulaki", "done", "invest"
    )
    assert "is not the Active Region" in refusal(state, "die 2 in Chrysopigi")


def test_a_die_not_in_the_supply() -> None:
    state = new_game(3)
    supply_dice(state, 0, 3)
    play(state, "done", "invest")
    assert "you have no 2 in your Supply" in refusal(state, "die 2 in Troulaki")


def test_a_soldier_where_one_stands() -> None:
    state = new_game(3)
    soldier(state, 1, "troulaki")
    supply_soldiers(state, 0)
    play(state, "done", "muster", "use Move, place or Fort")
    assert "Troulaki already holds a Soldier" in refusal(state, "soldier to Troulaki")


def test_a_card_not_in_hand() -> None:
    state = new_game(3)
    hand(state, 0, "G04", "G05", "G06")
    play(state, "use Place a Card")
    assert "Gold Card: place a Card is not in your hand" in refusal(
        state, "place Gold Card: place a Card"
    )


def test_a_tower_already_placed_there() -> None:
    state = new_game(3)
    tower(state, 0, "t01")
    tower(state, 1, "t01")
    supply_towers(state, 0, "jar")
    hand(state, 0, "G05", "G06")
    play(state, "done", "construct")
    assert "already placed a Tower on Troulaki north-west" in refusal(
        state, "jar on Troulaki north-west"
    )


def test_covering_with_one_card_says_two_cards_are_needed() -> None:
    state = covering_with_one_card()
    why = refusal(state, "jar on Troulaki north-west")
    assert "does not match" not in why and "2" in why


def test_a_chance_outcome_chosen_by_a_player() -> None:
    state = new_game(3)
    act(state, "done")
    assert "choose a major action" in refusal(state, "roll 3")


def test_a_push_out_without_a_card_names_the_card_it_takes() -> None:
    state = new_game(3)
    hand(state, 0, "L01")
    soldier(state, 0, "troulaki")
    soldier(state, 1, "kamares")
    play(state, "done", "muster", "use Move, place or Fort")
    state.deck.shuffle_in(state.hands[0])  # the card is gone before the move
    state.hands[0] = []
    refresh(state)
    assert "takes a card from your hand" in refusal(state, "move Troulaki to Kamares")


def test_a_die_on_an_opponents_fort_without_a_card_names_the_card_it_takes() -> None:
    state = new_game(3)
    fort(state, 1, "troulaki")
    supply_dice(state, 0, 4)
    play(state, "done", "invest")
    assert "takes a card from your hand" in refusal(state, "die 4 in Troulaki")
