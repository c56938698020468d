"""A chance node's outcome picked by the state's ``_sample_chance`` (draws.py, compiled when
built) is the one the generic walk of towers.core.chance.sample_chance over
``chance_outcomes()`` picks, for many draws at every chance node of random games, 1-5
players, both Beast setups; at a decision or the end the hook answers -1."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import towers
from tests.core.test_chance_sampling import by_loop, draws_to_try
from towers.core.chance import sample_chance
from towers.core.game import CHANCE, TERMINAL
from towers.games.turris import draws
from towers.games.turris.frames import BeastDie, MovementDie
from towers.games.turris.rules import TurrisState

hooked = TurrisState._sample_chance  # the compiled twin's, when built


def positions(players: int, random_beasts: bool) -> Iterator[tuple[TurrisState, bool]]:
    """Each position of one random game (chance sampled by the core), with whether it is a
    chance node; the final one last."""
    game = towers.make("turris", players=players, random_beasts=random_beasts)
    rng = random.Random(38 + players)
    state = game.new_initial_state()
    assert isinstance(state, TurrisState)
    while (player := state.current_player()) != TERMINAL:
        yield state, player == CHANCE
        pick = sample_chance(state, rng) if player == CHANCE else rng.choice(state.legal_actions())
        state.apply_trusted(pick)
    yield state, False


@pytest.mark.parametrize("random_beasts", [False, True])
@pytest.mark.parametrize("players", range(1, 6))
def test_the_hook_picks_the_outcome_the_walk_over_the_outcomes_picks(
    players: int, random_beasts: bool
) -> None:
    rng = random.Random(players)
    tried = 0
    for state, is_chance in positions(players, random_beasts):
        if not is_chance:
            assert hooked(state, 0.5) == draws.sample_chance(state, 0.5) == -1
            continue
        outcomes = state.chance_outcomes()
        tries = draws_to_try(outcomes, rng, 5)
        want = [by_loop(outcomes, r) for r in tries]
        assert [hooked(state, r) for r in tries] == want, outcomes
        assert [draws.sample_chance(state, r) for r in tries] == want, outcomes
        tried += len(tries)
    assert tried > 100


def test_the_dice_list_fresh_outcomes() -> None:
    for state, is_chance in positions(1, False):
        if is_chance and isinstance(state.chance[0], BeastDie | MovementDie):
            state.chance_outcomes().clear()
            assert state.chance_outcomes()
            return
    pytest.fail("no solo die was rolled")
