"""The compiled twins of legality.py and hero.py give the answers of the plain modules.

The rules run on the twins when they are built (see towers.core.compiled); the rest of the
suite then tests the twins, and these tests tie the plain modules to them: the legal actions
and the move value at every state of random games in every player count and mode, and whole
games played from the same seeds with the twins and with plain Python alone, state by state."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

import towers
from towers.core.chance import sample_chance
from towers.core.compiled import PURE_ENV, is_compiled, pure_requested
from towers.core.game import CHANCE, TERMINAL
from towers.games.dark_tower import hero, legality, rules
from towers.games.dark_tower.rules import DarkTowerState

BUILT = is_compiled(rules.LEGALITY) and is_compiled(rules.HERO)
needs_twins = pytest.mark.skipif(not BUILT, reason="the compiled twins are not built here")

MODES = [
    (players, options) for players in range(1, 5) for options in ({}, {"difficulty": "gritty"})
] + [(players, {"mode": "competitive"}) for players in range(2, 5)]


def test_the_twins_are_in_use_where_the_test_command_builds_them() -> None:
    """scripts/test sets TOWERS_REQUIRE_COMPILED where a C compiler is found."""
    if os.environ.get("TOWERS_REQUIRE_COMPILED") != "1" or pure_requested():
        pytest.skip("the compiled twins are not required here")
    assert BUILT, (
        f"rules use {rules.LEGALITY.__file__} and {rules.HERO.__file__}: a compiled twin was "
        "not built or is out of date (pip install -e . builds it; its output says why it failed)"
    )


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


PLAY = """
import hashlib, random, sys, towers
from towers.core.chance import sample_chance
from towers.core.game import CHANCE, TERMINAL
players, games = int(sys.argv[1]), int(sys.argv[2])
options = dict(o.split("=") for o in sys.argv[3:])
game = towers.make("dark_tower", players=players, **options)
rng = random.Random(players)
for _ in range(games):
    state = game.new_initial_state()
    while (player := state.current_player()) != TERMINAL:
        if player == CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state.apply_trusted(action)
        print(action, hashlib.sha256(state.to_json().encode()).hexdigest()[:16])
"""


def _played(players: int, options: dict[str, str], pure: bool) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    args = [str(players), "3", *(f"{k}={v}" for k, v in options.items())]
    done = subprocess.run(
        [sys.executable, "-c", PLAY, *args], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.splitlines()


@needs_twins
@pytest.mark.parametrize("players, options", MODES[::2] + MODES[-1:])
def test_games_played_with_the_twins_are_those_of_plain_python(
    players: int, options: dict[str, str]
) -> None:
    """The same seeds give the same actions and the same state after every one of them."""
    compiled = _played(players, options, pure=False)
    plain = _played(players, options, pure=True)
    assert len(compiled) > 300
    assert compiled == plain
