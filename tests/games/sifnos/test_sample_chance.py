"""A chance node's outcome picked by the state's ``_sample_chance`` (legality.py, compiled
when built) is the one the generic walk of towers.core.chance.sample_chance over
``chance_outcomes()`` picks, for many draws at every chance node of random games in every
player count and mode."""

from __future__ import annotations

import random

import pytest

import towers
from tests.core.test_chance_sampling import by_loop, draws_to_try
from towers.core.chance import sample_chance
from towers.core.game import CHANCE, TERMINAL
from towers.games.sifnos import legality
from towers.games.sifnos.rules import SifnosState

hooked = SifnosState._sample_chance  # the compiled twin's, when built
MODES = [(players, {}) for players in range(1, 5)] + [(2, {"solo_opponent": True})]


@pytest.mark.parametrize("players, options", MODES)
def test_the_hook_picks_the_outcome_the_walk_over_the_outcomes_picks(
    players: int, options: dict[str, bool]
) -> None:
    game = towers.make("sifnos", players=players, **options)
    rng = random.Random(38 + players + len(options))
    draws_seen = 0
    for _ in range(2):
        state = game.new_initial_state()
        assert isinstance(state, SifnosState)
        while (player := state.current_player()) != TERMINAL:
            if player != CHANCE:
                assert hooked(state, 0.5) == -1
                assert legality.sample_chance(state, 0.5) == -1
                with pytest.raises(ValueError):
                    sample_chance(state, random.Random(0))
                legal = state.legal_actions()
                state.apply_trusted(legal[int(rng.random() * len(legal))])
                continue
            outcomes = state.chance_outcomes()
            for r in draws_to_try(outcomes, rng, 8):
                want = by_loop(outcomes, r)
                assert hooked(state, r) == want, (r, outcomes)
                assert legality.sample_chance(state, r) == want, (r, outcomes)
                draws_seen += 1
            state.apply_trusted(sample_chance(state, rng))
        assert hooked(state, 0.5) == -1
    assert draws_seen > 1000
