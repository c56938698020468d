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
