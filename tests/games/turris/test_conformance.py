"""The core conformance suite over Turris, 2 to 5 players, with and without the variant."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from towers.core import conformance
from towers.core.registry import register_game, unregister_game
from towers.games.turris.rules import TurrisGame


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    # the game is not yet declared as a plugin; replays look it up by name
    register_game("turris", "towers.games.turris.rules:TurrisGame")
    yield
    unregister_game("turris")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_conformance(players: int) -> None:
    conformance.check_all(TurrisGame(players), seed=players)


def test_conformance_random_beasts() -> None:
    conformance.check_all(TurrisGame(3, random_beasts=True), seed=7)


def test_random_games_end_with_every_beast_removed() -> None:
    import random

    for seed in range(3):
        rng = random.Random(seed)
        state = TurrisGame(4).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(
                    rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                )
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert all(b < 0 for b in state.beast_at) and state.endgame
        assert len(state.history()) <= state.game.max_game_length()
