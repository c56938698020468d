"""The shared pieces: deciding seat, observation-safe copies, values from the heuristic."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import towers
from tests.agents.helpers import play_out, toy_decision
from tests.agents.nim import NIM
from tests.toy_game import ToyGame
from towers.agents import (
    BaseBot,
    Bot,
    GreedyBot,
    MCTSBot,
    RandomBot,
    deciding_seat,
    hides_information,
    leads,
    observed_copy,
    standing,
    win_values,
)

BOTS = [RandomBot, GreedyBot, MCTSBot]


@pytest.mark.parametrize("cls", BOTS)
def test_bots_are_bots_with_their_own_generator(cls: type[BaseBot]) -> None:
    bot = cls(seed=5)
    assert isinstance(bot, Bot)
    assert bot.rng.random() == random.Random(5).random()


@pytest.mark.parametrize("cls", BOTS)
def test_choose_at_a_chance_node_is_a_value_error(cls: type[BaseBot]) -> None:
    state = towers.make("toy", players=2).new_initial_state()
    assert state.is_chance_node()
    with pytest.raises(ValueError, match="chance node"):
        cls(seed=0).choose(state)


@pytest.mark.parametrize("cls", BOTS)
def test_choose_after_the_end_is_a_value_error(cls: type[BaseBot]) -> None:
    state = play_out(toy_decision(), [RandomBot(seed=1), RandomBot(seed=2)], seed=3)
    with pytest.raises(ValueError, match="game is over"):
        cls(seed=0).choose(state)


def test_deciding_seat_is_the_current_player() -> None:
    state = toy_decision(players=3)
    assert deciding_seat(state) == state.current_player() == 0


class UnflaggedToyGame(ToyGame):
    def has_hidden_information(self) -> bool:
        return False


def test_a_game_that_redeals_counts_as_hiding_even_without_the_flag() -> None:
    assert hides_information(UnflaggedToyGame(2).new_initial_state())
    assert hides_information(ToyGame(2).new_initial_state())
    assert not hides_information(towers.make(NIM).new_initial_state())


def test_observed_copy_redeals_what_the_seat_cannot_see() -> None:
    state = toy_decision(seed=4)
    rng = random.Random(0)
    copies = [observed_copy(state, 0, rng) for _ in range(30)]
    assert all(c.hands[0] == state.hands[0] for c in copies)
    assert all(len(c.hands[1]) == len(state.hands[1]) for c in copies)
    assert len({tuple(sorted(c.hands[1])) for c in copies}) > 1
    assert state.hands == toy_decision(seed=4).hands


def test_observed_copy_of_a_perfect_information_game_is_a_clone() -> None:
    state = towers.make(NIM, stones=7).new_initial_state()
    copy = observed_copy(state, 0, random.Random(0))
    copy.apply_action(0)
    assert (copy.stones, state.stones) == (6, 7)


def test_leads_and_standing_are_against_the_best_other_seat() -> None:
    state = toy_decision(players=3)
    state.scores_[:] = [10, 4, 7]
    assert leads(state) == [3.0, -6.0, -3.0]
    assert [standing(state, s) for s in range(3)] == [3.0, -6.0, -3.0]


@given(st.lists(st.integers(min_value=-20, max_value=20), min_size=2, max_size=4))
def test_leads_match_their_definition_ties_included(scores: list[int]) -> None:
    state = toy_decision(players=len(scores))
    state.scores_[:] = scores
    h = [state.heuristic(s) for s in range(len(scores))]
    expected = [h[s] - max(h[t] for t in range(len(h)) if t != s) for s in range(len(h))]
    assert leads(state) == expected
    assert [standing(state, s) for s in range(len(h))] == expected


def test_win_values_are_logistic_in_the_lead_and_centred_on_a_baseline() -> None:
    state = toy_decision()
    state.scores_[:] = [15, 10]
    values = win_values(state, scale=5.0)
    assert values[0] == pytest.approx(1 / (1 + 2.718281828459045**-1))
    assert values[0] + values[1] == pytest.approx(1.0)
    assert win_values(state, 5.0, baseline=[5.0, -5.0]) == [0.5, 0.5]
    state.scores_[:] = [10**6, 0]
    assert win_values(state, 1.0) == pytest.approx([1.0, 0.0])


def test_win_values_are_the_returns_once_the_game_is_over() -> None:
    state = play_out(toy_decision(), [RandomBot(seed=1), RandomBot(seed=2)], seed=9)
    assert win_values(state, 5.0) == state.returns()
