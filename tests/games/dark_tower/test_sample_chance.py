"""A chance node's outcome picked by the state's ``_sample_chance`` (draws.py, compiled when
built) is the one the generic walk of towers.core.chance.sample_chance over
``chance_outcomes()`` picks, for many draws at every chance node of random games."""

from __future__ import annotations

import random

import pytest

import towers
from tests.core.test_chance_sampling import by_loop, draws_to_try
from towers.core.chance import sample_chance
from towers.core.game import CHANCE, TERMINAL
from towers.games.dark_tower import draws
from towers.games.dark_tower.rules import DarkTowerState

hooked = DarkTowerState._sample_chance  # the compiled twin's, when built
MODES = [(1, {}), (2, {"difficulty": "gritty"}), (3, {"mode": "competitive"}), (4, {})]


@pytest.mark.parametrize("players, options", MODES)
def test_the_hook_picks_the_outcome_the_walk_over_the_outcomes_picks(
    players: int, options: dict[str, str]
) -> None:
    game = towers.make("dark_tower", players=players, **options)
    rng = random.Random(38 + players)
    draws_seen = 0
    for _ in range(3):
        state = game.new_initial_state()
        assert isinstance(state, DarkTowerState)
        while (player := state.current_player()) != TERMINAL:
            if player != CHANCE:
                assert hooked(state, 0.5) == -1
                assert draws.sample_chance(state, 0.5) == -1
                with pytest.raises(ValueError):
                    sample_chance(state, random.Random(0))
                state.apply_trusted(rng.choice(state.legal_actions()))
                continue
            outcomes = state.chance_outcomes()
            for r in draws_to_try(outcomes, rng, 20):
                want = by_loop(outcomes, r)
                assert hooked(state, r) == want, (r, outcomes)
                assert draws.sample_chance(state, r) == want, (r, outcomes)
                draws_seen += 1
            state.apply_trusted(sample_chance(state, rng))
    assert draws_seen > 1000


def test_sample_chance_draws_one_float_as_the_walk_does() -> None:
    game = towers.make("dark_tower", players=2)
    rng, again = random.Random(5), random.Random(5)
    state = game.new_initial_state()
    while (player := state.current_player()) != TERMINAL:
        if player == CHANCE:
            action = sample_chance(state, rng)
            assert action == by_loop(state.chance_outcomes(), again.random())
        else:
            legal = state.legal_actions()
            action = rng.choice(legal)
            assert again.choice(legal) == action
        state.apply_trusted(action)
