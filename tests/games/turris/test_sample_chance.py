"""A chance node's outcome picked by the state's ``_sample_chance`` (draws.py, compiled when
built) is the one the generic walk of towers.core.chance.sample_chance over
``chance_outcomes()`` picks, for many draws at every chance node of random games, 1-5
players, both Beast setups."""

from __future__ import annotations

import random

import pytest

import towers
from tests.core.test_chance_sampling import by_loop, draws_to_try
from towers.core.chance import sample_chance
from towers.core.game import CHANCE, TERMINAL
from towers.games.turris import draws
from towers.games.turris.rules import TurrisState

hooked = TurrisState._sample_chance  # the compiled twin's, when built


@pytest.mark.parametrize("random_beasts", [False, True])
@pytest.mark.parametrize("players", range(1, 6))
def test_the_hook_picks_the_outcome_the_walk_over_the_outcomes_picks(
    players: int, random_beasts: bool
) -> None:
    game = towers.make("turris", players=players, random_beasts=random_beasts)
    rng = random.Random(38 + players)
    draws_seen = 0
    state = game.new_initial_state()
    assert isinstance(state, TurrisState)
    while (player := state.current_player()) != TERMINAL:
        if player != CHANCE:
            assert hooked(state, 0.5) == -1
            assert draws.sample_chance(state, 0.5) == -1
            with pytest.raises(ValueError):
                sample_chance(state, random.Random(0))
            state.apply_trusted(rng.choice(state.legal_actions()))
            continue
        outcomes = state.chance_outcomes()
        for r in draws_to_try(outcomes, rng, 5):
            want = by_loop(outcomes, r)
            assert hooked(state, r) == want, (r, outcomes)
            assert draws.sample_chance(state, r) == want, (r, outcomes)
            draws_seen += 1
        state.apply_trusted(sample_chance(state, rng))
    assert hooked(state, 0.5) == -1
    assert draws_seen > 100


def test_the_dice_list_fresh_outcomes() -> None:
    game = towers.make("turris", players=1)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.current_player() != TERMINAL:
        if state.is_chance_node() and type(state.chance[0]).__name__ in ("BeastDie", "MovementDie"):
            first = state.chance_outcomes()
            first.clear()
            assert state.chance_outcomes()
            return
        state.apply_trusted(
            sample_chance(state, rng)
            if state.is_chance_node()
            else rng.choice(state.legal_actions())
        )
    pytest.fail("no solo die was rolled")
