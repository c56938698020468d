"""The batch interface: the one-game fallback plays what the one-game engine plays, for
every game, and a game without an engine of its own gets the fallback."""

from __future__ import annotations

import random

import pytest

from towers.bench import play_random_game
from towers.core.batch import (
    BatchEngine,
    StateBatch,
    any_batch_engine,
    batch_engine,
    legal_masks,
    random_playout,
    rollouts_for,
    step,
)
from towers.core.errors import GameOptionError
from towers.core.game import Game
from towers.core.registry import games_allowed, list_games, tensor_of


def smallest(name: str) -> Game:
    """The game with the fewest players its default options allow."""
    return next(iter(games_allowed(name)))


@pytest.mark.parametrize("name", sorted(list_games()))
def test_the_fallback_plays_the_one_game_random_playouts(name: str) -> None:
    game = smallest(name)
    engine = StateBatch(game, 2)
    assert isinstance(engine, BatchEngine)
    engine.reset([11, 12])
    lengths = engine.play_random()
    assert lengths == [play_random_game(game, random.Random(s), trusted=True) for s in (11, 12)]
    for g in range(2):
        assert engine.is_terminal(g)
        assert engine.returns(g) == engine.state(g).returns()
        assert sum(engine.decisions(g)) <= engine.length(g)


@pytest.mark.parametrize("name", sorted(list_games()))
def test_every_game_has_a_batch_engine_or_the_fallback(name: str) -> None:
    game = smallest(name)
    own = batch_engine(game, 3)
    engine = any_batch_engine(game, 3)
    assert isinstance(engine, BatchEngine)
    assert engine.size == 3
    assert own is None or engine is not None and type(engine) is type(own)


def test_step_and_masks_follow_the_states() -> None:
    game = smallest(sorted(list_games())[0])
    engine = StateBatch(game, 3)
    engine.reset([random.Random(1), 2, 3])
    for _ in range(20):
        masks = legal_masks(engine)
        actions = []
        for g in range(3):
            legal = engine.legal_actions(g)
            assert [a for a in range(game.num_distinct_actions()) if masks[g][a]] == legal
            actions.append(legal[0] if legal else 0)
        before = [engine.length(g) for g in range(3)]
        step(engine, actions)
        for g in range(3):
            assert engine.length(g) > before[g] or engine.is_terminal(g)


def test_a_batch_needs_a_seed_a_game() -> None:
    engine = any_batch_engine(smallest(sorted(list_games())[0]), 2)
    with pytest.raises(ValueError):
        engine.reset([1])
    with pytest.raises(ValueError):
        StateBatch(engine.game, 0)


@pytest.mark.parametrize("name", sorted(list_games()))
def test_the_fallback_loads_plays_on_and_observes_as_its_states(name: str) -> None:
    """load copies the state, play takes that many decisions, the heuristics and tensors are
    the state's; random_playout is the game play_random plays."""
    game = smallest(name)
    engine = StateBatch(game, 2)
    state = random_playout(game, random.Random(5))
    engine.reset([5, 6])
    engine.play_random()
    assert engine.state(0).to_json() == state.to_json()
    start = game.new_initial_state()
    engine.load(1, start, 3, [random.Random(1).randrange] * game.num_players)
    assert start.to_json() == game.new_initial_state().to_json()  # a copy was loaded
    engine.play(1, 5)
    assert sum(engine.decisions(1)) == 5 or engine.is_terminal(1)
    after = engine.state(1)
    assert engine.heuristics(1) == after.heuristics()
    try:
        tensor = tensor_of(game)
    except GameOptionError:
        return
    for seat in range(game.num_players):
        out = [0.0] * tensor.size
        engine.observation_tensor(1, seat, out)
        assert out == tensor.encode(after.observation(seat))


def test_rollouts_are_offered_only_by_a_games_own_engine() -> None:
    for name in sorted(list_games()):
        game = smallest(name)
        assert (rollouts_for(game) is None) == (batch_engine(game, 1) is None)
