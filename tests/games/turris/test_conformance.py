"""The core conformance suite over Turris's randomised Beast start (the suite in
tests/conformance runs every check over the plain game for 1 to 5 players), and random games
played to the Endgame's last Beast."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from towers.core import conformance
from towers.core.registry import register_game, unregister_game
from towers.games.turris.rules import TurrisGame


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    # replays look the game up by name: the variant's class is the plain game's
    register_game("turris", "towers.games.turris.rules:TurrisGame")
    yield
    unregister_game("turris")


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
