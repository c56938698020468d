"""Bad input, explanations and what each seat may see (Torres)."""

from __future__ import annotations

import json
import random

import pytest

import towers
from towers.games.torres import actions as A

from .helpers import act, fresh, position


def test_illegal_action_names_the_rule_section_and_what_is_allowed() -> None:
    state = position(heights={"d4": 2, "d5": 1}, knights={0: ["a1"]})
    before = state.to_json()
    with pytest.raises(towers.IllegalActionError) as info:
        act(state, "block d4")
    message = str(info.value)
    assert "block d4 is not allowed" in message
    assert "taller than its surface area" in message
    assert "Torres, Place a tower block" in message
    assert "Allowed now:" in message and "end turn" in message
    assert state.to_json() == before


def test_explain_matches_legality() -> None:
    state = position(heights={"d4": 2, "d5": 1}, knights={0: ["a1"]})
    assert state.explain(A.SPACE.parse("end turn")) is None
    why = state.explain(A.SPACE.parse("add knight h8"))
    assert why is not None and "Add a knight" in why


def test_out_of_range_and_wrong_kinds_are_rejected() -> None:
    state = position(knights={0: ["a1"]})
    with pytest.raises(towers.IllegalActionError, match="whole numbers"):
        state.apply_action(A.NUM_ACTIONS + 5)
    with pytest.raises(towers.IllegalActionError, match="turn"):
        state.apply_action(A.KEEP)


def test_unknown_text_is_a_parse_error_listing_examples() -> None:
    state = position(knights={0: ["a1"]})
    with pytest.raises(towers.ActionParseError, match="for example"):
        state.string_to_action("fly to the moon")
    with pytest.raises(towers.ActionParseError, match="a1 to h8"):
        A.parse_square("z9")


def test_unknown_options_list_what_is_allowed() -> None:
    with pytest.raises(towers.GameOptionError, match="basic"):
        towers.make("torres", players=2, variant="expert")
    with pytest.raises(towers.GameOptionError, match="2 to 4 players"):
        towers.make("torres", players=5)
    with pytest.raises(towers.GameOptionError, match="its options are"):
        towers.make("torres", players=2, colour="red")


def test_custom_layout_option() -> None:
    layout = [[0, 0], [2, 0], [4, 0], [6, 0], [0, 7], [2, 7], [4, 7], [6, 7]]
    state = towers.make("torres", players=2, layout=layout).new_initial_state()
    assert sorted(s for s in range(64) if state.heights[s]) == sorted(y * 8 + x for x, y in layout)
    with pytest.raises(towers.GameOptionError, match="touch only diagonally"):
        towers.make("torres", players=2, layout=[[0, 0], [1, 0], *layout[2:]])


def _hidden_game(seed: int) -> towers.State:
    rng = random.Random(seed)
    state = towers.make("torres", players=3).new_initial_state()
    while len(state.history()) < 150 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(towers.sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            acquire = A.ACQUIRE in legal and rng.random() < 0.4
            state.apply_action(A.ACQUIRE if acquire else rng.choice(legal))
    return state


def test_observation_hides_other_hands_and_deck_order() -> None:
    state = _hidden_game(4)
    assert sum(map(sum, state.hands)) > 0
    for seat in range(3):
        obs = state.observation(seat)
        text = json.dumps(obs)
        assert obs["hand"] == {A.CARD_KEYS[c]: n for c, n in enumerate(state.hands[seat]) if n}
        assert "hands" not in obs and "decks" not in obs
        assert all(other not in obs for other in ("deck_counts",))
        assert obs["hand_sizes"] == [sum(h) for h in state.hands]
        json.loads(text)
    spectator = state.observation(None)
    assert "hand" not in spectator and "deck_top" not in spectator


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    state = _hidden_game(7)
    rng = random.Random(0)
    seen_different = False
    for _ in range(20):
        world = state.determinize(0, rng)
        assert world.observation(0) == state.observation(0)
        assert world.observation(None) == state.observation(None)
        assert [sum(h) for h in world.hands] == [sum(h) for h in state.hands]
        for seat in (1, 2):
            # every card of a color is in its hand, deck or played pile: ten in all
            deck = world.decks[seat]
            total = sum(world.hands[seat]) + len(deck)
            assert total + sum(world.played_cards[seat]) == 10
        seen_different |= world.hands[1:] != state.hands[1:]
    assert seen_different


def test_determinized_world_plays_on_legally() -> None:
    state = _hidden_game(11)
    world = fresh(state.determinize(1, random.Random(2)))
    rng = random.Random(3)
    while not world.is_terminal():
        if world.is_chance_node():
            world.apply_action(towers.sample_chance(world, rng))
        else:
            world.apply_action(rng.choice(world.legal_actions()))
    assert world.is_terminal()


def test_the_observation_names_squares_cards_and_pieces() -> None:
    state = position(
        heights={"d4": 2, "d5": 1},
        knights={0: ["d4"], 1: ["a1"]},
        king="d5",
        hands={0: ["relocate"]},
    )
    obs = state.observation(0)
    assert obs["heights"]["d4"] == 2 and obs["heights"]["a1"] == 0 and len(obs["heights"]) == 64
    assert obs["knights"] == [["d4"], ["a1"]] and obs["king"] == "d5"
    assert obs["castles"] == [{"squares": ["d4", "d5"], "surface_area": 2, "height": 2}]
    assert obs["hand"] == {"relocate": 1} and obs["played_cards"] == [{}, {}]
    assert obs["current_player"] == 0 and obs["stack_in_use"] is None
    assert obs["deck_sizes"][0] == {"cards": 10, "known_on_top": 0, "known_at_bottom": 0}
    assert "hand" not in state.observation(None)
