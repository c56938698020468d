"""Games and states cross process boundaries and deep copies intact: a Game pickles as what
makes it and deep-copies as itself (it is immutable); a State deep-copies as its clone."""

from __future__ import annotations

import copy
import pickle

import pytest

import towers
from tests.toy_game import ToyGame
from towers.core.errors import GameOptionError
from towers.core.registry import register_game, tensor_of, unregister_game


@pytest.mark.parametrize("name", ["toy", "torres", "tiletum"])
def test_a_state_pickles_and_deep_copies_into_an_equal_independent_state(name: str) -> None:
    game = towers.make(name, players=2)
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state))
    assert again.to_json() == state.to_json()
    assert again.game.options == game.options and type(again.game) is type(game)
    deep = copy.deepcopy(state)
    assert deep.game is game and deep.to_json() == state.to_json()
    deep.apply_action(deep.legal_actions()[0])
    assert len(state.history()) == 5


def test_a_game_is_its_own_copy() -> None:
    game = towers.make("torres", players=3, variant="master")
    assert copy.deepcopy(game) is game and copy.copy(game) is game
    again = pickle.loads(pickle.dumps(game))
    assert again.num_players == 3 and again.options == game.options


class PlainToyGame(ToyGame):
    name = "plain-toy"


def test_a_game_without_a_tensor_says_so() -> None:
    register_game("plain-toy", f"{__name__}:PlainToyGame")  # a class: no plugin, no tensor
    try:
        with pytest.raises(GameOptionError, match="plain-toy declares no observation tensor"):
            tensor_of(towers.make("plain-toy", players=2))
    finally:
        unregister_game("plain-toy")
