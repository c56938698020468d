"""The round the views show is the rulebook's (Rounds: the game is played in Rounds, the
first after Setup): the first Player Turn Phase is round 1, the next round 2."""

from __future__ import annotations

import random

import towers
from towers.core.conformance import random_action
from towers.core.registry import views_of


def test_the_first_round_is_round_1_and_the_next_round_2() -> None:
    game = towers.make("turris", players=2)
    state = game.new_initial_state()
    views = views_of(game)
    assert "set-up" in views.text(state, 0)
    rng = random.Random(5)
    shown: dict[int, tuple[str, str]] = {}
    while not state.is_terminal() and state.round < 3:
        if not state.is_chance_node() and state.round >= 1 and state.round not in shown:
            svg = views.svg(state, 0) or ""
            shown[state.round] = (views.text(state, 0), svg)
        state.apply_action(random_action(state, rng))
    for n in (1, 2):
        text, svg = shown[n]
        assert f"round {n} -" in text
        assert f"Turris — round {n}<" in svg
