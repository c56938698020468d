"""The guarded State contract: returns and winners, chance, JSON, the legal-action cache."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

import towers
from towers.core.game import CHANCE, TERMINAL
from towers.core.registry import views_of


def _finished(points: Sequence[int]) -> towers.State:
    """A toy game forced to its end with the given points."""
    state = towers.make("toy", players=len(points)).new_initial_state()
    fields = json.loads(state.to_json())["state"]
    fields.update(scores_=list(points), over=True, dealing=0)
    return state.game.state_class().from_fields(state.game, fields)


def test_a_single_winner_takes_the_return() -> None:
    state = _finished([5, 9, 2])
    assert state.current_player() == TERMINAL
    assert state.winners() == [1]
    assert state.returns() == [0.0, 1.0, 0.0]


def test_a_tie_shares_the_return() -> None:
    state = _finished([7, 3, 7, 7])
    assert state.winners() == [0, 2, 3]
    assert state.returns() == pytest.approx([1 / 3, 0.0, 1 / 3, 1 / 3])
    assert sum(state.returns()) == pytest.approx(1.0)
    assert _finished([0, 0]).returns() == [0.5, 0.5]


def test_a_cooperative_win_is_the_whole_return_of_every_seat() -> None:
    state = _finished([7, 3, 7])
    state.game.COOPERATIVE = True  # a cooperative game's winners are the whole team
    assert state.winners() == [0, 2]
    assert state.returns() == [1.0, 0.0, 1.0]


def test_no_winners_and_zero_returns_before_the_end() -> None:
    state = towers.make("toy", players=3).new_initial_state()
    assert state.winners() == []
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.legal_actions() and not state.is_terminal()


def test_chance_nodes_list_outcomes_and_sample_them() -> None:
    state = towers.make("toy", deck=6).new_initial_state()
    assert state.current_player() == CHANCE and state.is_chance_node()
    assert state.chance_outcomes() == [(4, 1 / 3), (5, 1 / 3), (6, 1 / 3)]
    counts = {4: 0, 5: 0, 6: 0}
    rng = random.Random(0)
    for _ in range(3000):
        counts[towers.sample_chance(state, rng)] += 1
    assert all(900 < n < 1100 for n in counts.values()), counts


def test_sample_chance_follows_the_listed_probabilities() -> None:
    class Fixed(random.Random):
        def __init__(self, value: float) -> None:
            super().__init__(0)
            self.value = value

        def random(self) -> float:
            return self.value

    state = towers.make("toy", deck=6).new_initial_state()
    state.apply_action(4)  # one card of value 1 dealt: counts 1, 2, 2 of 5
    assert towers.sample_chance(state, Fixed(0.1)) == 4
    assert towers.sample_chance(state, Fixed(0.3)) == 5
    assert towers.sample_chance(state, Fixed(0.7)) == 6
    assert towers.sample_chance(state, Fixed(0.999999)) == 6


def test_sample_chance_needs_a_chance_node() -> None:
    state = towers.make("toy").new_initial_state()
    towers.resolve_chance(state, random.Random(1))
    assert not state.is_chance_node()
    assert state.chance_outcomes() == []
    with pytest.raises(ValueError, match="needs a chance node"):
        towers.sample_chance(state, random.Random(1))


def test_resolve_chance_stops_at_a_decision() -> None:
    state = towers.make("toy", players=3).new_initial_state()
    towers.resolve_chance(state, random.Random(2))
    assert state.current_player() == 0
    assert len(state.history()) == 6  # two cards dealt to each of three seats


def test_state_from_json_refuses_another_game() -> None:
    state = towers.make("toy", players=2).new_initial_state()
    text = state.to_json()
    with pytest.raises(towers.GameOptionError, match="for 2 players, not 'toy' for 3"):
        towers.make("toy", players=3).state_from_json(text)
    with pytest.raises(towers.GameOptionError, match="written with options"):
        towers.make("toy", players=2, deck=6).state_from_json(text)
    data = json.loads(text)
    del data["state"]["height"]
    with pytest.raises(towers.GameOptionError, match="lacks the fields height"):
        state.game.state_from_json(json.dumps(data))


def test_legal_actions_are_a_fresh_list_each_time() -> None:
    state = towers.make("toy").new_initial_state()
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions()
    assert state.is_legal(state.legal_actions()[0])
    assert not state.is_legal(0)


def test_history_is_a_copy() -> None:
    state = towers.make("toy").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    state.history().append(99)
    assert len(state.history()) == 1


def test_the_plain_text_view_shows_the_observation() -> None:
    game = towers.make("toy")
    state = game.new_initial_state()
    assert json.loads(views_of(game).text(state, 0)) == state.observation(0)
    assert json.loads(str(state)) == state.observation(None)


def test_game_repr_names_players_and_options() -> None:
    assert repr(towers.make("toy", players=3, deck=6)) == "ToyGame(players=3, deck=6)"
