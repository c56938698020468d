"""The compiled twins of legality.py and hero.py give the answers of the plain modules.

The rules run on the twins when they are built (see towers.core.compiled); the rest of the
suite then tests the twins, and these tests tie the plain modules to them: the legal actions
and the move value at every state of random games in every player count and mode, and whole
games played from the same seeds with the twins and with plain Python alone, state by state."""

from __future__ import annotations

import random

import pytest

import towers
from tests.games.twins import assert_same_games, require_built
from towers.core.chance import sample_chance
from towers.core.compiled import is_compiled
from towers.core.game import CHANCE, TERMINAL
from towers.games.dark_tower import hero, legality, rules
from towers.games.dark_tower.rules import DarkTowerState

BUILT = is_compiled(rules.LEGALITY) and is_compiled(rules.HERO)
needs_twins = pytest.mark.skipif(not BUILT, reason="the compiled twins are not built here")

MODES = [
    (players, options) for players in range(1, 5) for options in ({}, {"difficulty": "gritty"})
] + [(players, {"mode": "competitive"}) for players in range(2, 5)]


def test_the_twins_are_in_use_where_the_test_command_builds_them() -> None:
    require_built(BUILT, f"rules use {rules.LEGALITY.__file__} and {rules.HERO.__file__}")


@needs_twins
@pytest.mark.parametrize("players, options", MODES)
def test_the_twins_answer_as_the_plain_modules_at_every_state(
    players: int, options: dict[str, str]
) -> None:
    game = towers.make("dark_tower", players=players, **options)
    rng = random.Random(100 + players * 7 + len(options))
    checked = 0
    for _ in range(4):
        state = game.new_initial_state()
        assert isinstance(state, DarkTowerState)
        while (player := state.current_player()) != TERMINAL:
            for seat in range(players):
                assert rules.HERO.move_value(state, seat) == hero.move_value(state, seat)
            if player == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            legal = legality.legal_actions(state)
            assert rules.LEGALITY.fast_legal_actions(state) == legal, state.to_json()
            assert rules.LEGALITY.legal_actions(state) == legal
            checked += 1
            state.apply_trusted(rng.choice(legal))
    assert checked > 100


@needs_twins
@pytest.mark.parametrize("players, options", MODES[::2] + MODES[-1:])
def test_games_played_with_the_twins_are_those_of_plain_python(
    players: int, options: dict[str, str]
) -> None:
    """The same seeds give the same actions and the same state after every one of them."""
    mode = {"players": players, **options}
    assert_same_games("dark_tower", mode, games=3, seed=players, at_least=300)
