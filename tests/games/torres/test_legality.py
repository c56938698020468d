"""One source per rule: the legal actions the rules hand out are exactly those that
:mod:`towers.games.torres.legality` allows, and every other action is explained by it.

The rules list their actions from fast generators (the compiled move generator when it is
built, the plain one otherwise, and short comprehensions outside a turn); these tests hold
them to the rules as written, state by state, in random games of every variant."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import towers
from towers.core.chance import random_action
from towers.games.torres import actions as A
from towers.games.torres import movegen as pure
from towers.games.torres.legality import legal_by_rules, problem
from towers.games.torres.rules import TorresState
from towers.games.torres.steps import S_TURN


def states(players: int, variant: str, seed: int, every: int) -> Iterator[TorresState]:
    """Every state of a random game outside a turn, and every ``every``-th during one."""
    state = towers.make("torres", players=players, variant=variant).new_initial_state()
    assert isinstance(state, TorresState)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal():
        n += 1
        if state.step != S_TURN or n % every == 0:
            yield state
        state.apply_action(random_action(state, rng))


@pytest.mark.parametrize("variant", ["basic", "common_deck", "master"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legal_actions_are_those_the_rules_allow(players: int, variant: str) -> None:
    seen = 0
    for seed in (7 * players, 7 * players + 1):
        for state in states(players, variant, seed, every=12):
            where = f"seed {seed} after {state.history()[-4:]}"
            assert state.legal_actions() == legal_by_rules(state), where
            if state.step == S_TURN:
                assert pure.turn_actions(state) == state.legal_actions(), where
            seen += 1
    assert seen > 30


@pytest.mark.parametrize("players", [2, 4])
def test_every_card_is_played_as_the_rules_allow(players: int) -> None:
    """Turn states with every action card in hand, so that each card's moves are compared."""
    seen = 0
    for state in states(players, "basic", 11 * players, every=11):
        if state.step != S_TURN:
            continue
        copy = state.clone()
        copy.hands[copy.turn] = [1] * A.CARD_KINDS
        copy.acquired_this_turn = [0] * A.CARD_KINDS
        copy.card_played = False
        copy.forget_caches()
        assert copy.legal_actions() == legal_by_rules(copy), f"after {state.history()[-4:]}"
        seen += 1
    assert seen > 10


def test_an_action_is_explained_exactly_when_it_is_refused() -> None:
    for state in states(3, "basic", 5, every=25):
        legal = set(state.legal_actions())
        for action in range(0, A.NUM_ACTIONS, 7):
            why = state.explain(action)
            assert (why is None) == (action in legal)
            if why is not None:
                assert problem(state, action) is not None
