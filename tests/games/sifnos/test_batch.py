"""The batch engine plays Towers of Sifnos exactly as SifnosState does: the same legal actions
in the same order and the same state (every saved field) after every action, at 2-4 players
and in the games with the Scheme-driven opponent (solo, and 2 players with it); its
plain-Python text and its compiled twin agree with each other as well.

The games are driven through the batch's public interface: a decision is drawn from the
game's generator, then the batch resolves the chance nodes from that same generator, which
is the order in which the one-game random playout (``towers.bench.play_random_game``) draws."""

from __future__ import annotations

import random
from typing import Any

import pytest

import towers
from tests.core import batch_checks
from tests.core.batch_checks import diff, fields_of, play_out, position, searches_alike, walked
from towers.bench import play_random_game
from towers.core.batch import batch_engine, random_playout, rollouts_for
from towers.core.compiled import is_compiled, twin
from towers.core.game import TERMINAL
from towers.games.sifnos import batch as plain
from towers.games.sifnos.end_of_game import MAX_ROUNDS

ENGINE = twin(plain)  # the compiled twin when built, else the plain module
MODULES = [plain] + ([ENGINE] if is_compiled(ENGINE) else [])
MODES = [(2, False), (3, False), (4, False), (1, False), (2, True)]
"""Player counts and the 2-player game with the opponent (the last two: the Scheme-driven
opponent's games)."""


def _game(players: int, versus: bool = False) -> Any:
    return towers.make("sifnos", players=players, solo_opponent=versus)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
@pytest.mark.parametrize(("players", "versus"), MODES)
def test_plays_as_the_state_does(module: Any, players: int, versus: bool) -> None:
    """Every field at every decision of whole games (about 700-2,600 actions each)."""
    game = _game(players, versus)
    games = 1 if module is plain else 3
    seeds = range(players * 100, players * 100 + games)
    engine = module.SifnosBatch(game, len(seeds))
    compared = batch_checks.play_both(engine, game, seeds, lambda e, g: fields_of(e.state(g)))
    assert compared > 300 * games


def test_random_playouts_as_the_state_s() -> None:
    """play_random plays the games play_random_game plays: the same lengths, and the same
    final state (every field), in every mode, 60 games each."""
    for players, versus in MODES:
        game = _game(players, versus)
        seeds = range(1000, 1060)
        engine = ENGINE.SifnosBatch(game, len(seeds))
        engine.reset(seeds)
        lengths = engine.play_random()
        for g, seed in enumerate(seeds):
            state = random_playout(game, random.Random(seed))
            assert lengths[g] == len(state.history()), seed
            assert not diff(fields_of(state), fields_of(engine.state(g))), seed


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
def test_loaded_mid_game_plays_on_as_the_state(module: Any) -> None:
    """A state loaded in the middle of a game is read back as it was, and played on as the
    state plays on, by the choosers given (a seat's ``randrange``, as
    towers.sim.simulate.play_random_batch gives them) and chance from the generator given."""
    for players, versus in MODES:
        game = _game(players, versus)
        engine = module.SifnosBatch(game, 2)
        engine.reset([0, 1])
        for seed in range(3):
            rng = random.Random(players * 10 + seed)
            state = walked(game, rng, rng.randrange(50, 900))
            if state.is_terminal():
                continue
            engine.write(1, state)
            assert not diff(fields_of(state), fields_of(engine.state(1)))
            batch_checks.loaded_plays_on(engine, 1, state, seed)
            assert engine.current_player(1) == TERMINAL
            assert engine.returns(1) == state.returns()


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
def test_the_last_round_ends_the_game_as_the_state_does(module: Any) -> None:
    """A game in its last round (end_of_game.MAX_ROUNDS) ends after it as the state's does:
    the Workshops' last Dice placed, the same final state, in every mode."""
    for players, versus in MODES:
        game = _game(players, versus)
        engine = module.SifnosBatch(game, 1)
        for seed in range(2):
            rng = random.Random(players * 20 + seed)
            state = walked(game, rng, rng.randrange(100, 400))
            if state.is_terminal():
                continue
            state.rounds = MAX_ROUNDS
            bots = [random.Random(seed * 10 + p) for p in range(players)]
            twins = [random.Random(seed * 10 + p) for p in range(players)]
            engine.load(0, state, random.Random(seed), [b.randrange for b in bots])
            engine.play(0, -1)
            taken = play_out(state, random.Random(seed), twins)
            assert state.rounds == MAX_ROUNDS + 1
            assert not diff(fields_of(state), fields_of(engine.state(0)))
            assert engine.decisions(0) == taken


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
def test_stops_before_a_seat_decides(module: Any) -> None:
    """play(g, decisions, until): at most that many decisions, and never one of ``until``."""
    batch_checks.stops_before_a_seat(module.SifnosBatch(_game(3), 1))


def test_the_twin_is_compiled_when_built() -> None:
    if not is_compiled(ENGINE):
        pytest.skip("the compiled twin is not built here")
    assert ENGINE.__name__.endswith("batch_c")


def test_the_game_offers_its_engine_in_every_mode() -> None:
    for players, versus in MODES:
        engine = batch_engine(_game(players, versus), 3)
        assert isinstance(engine, ENGINE.SifnosBatch) and engine.size == 3
        assert rollouts_for(_game(players, versus)) is not None


@pytest.mark.parametrize("depth", [1, 6, 1000])
@pytest.mark.parametrize(
    ("players", "versus", "steps"), [(2, False, 60), (3, False, 200), (4, False, 400),
                                     (1, False, 150), (2, True, 250)]
)  # fmt: skip
def test_batch_rollouts_search_as_the_state_does(
    depth: int, players: int, versus: bool, steps: int
) -> None:
    """tests/agents/test_mcts_batch_rollouts.py's check, for this game's engine."""
    state = position(_game(players, versus), seed=players * 7 + steps, steps=steps)
    assert searches_alike(state, depth, iterations=30) is not None


@pytest.mark.parametrize(("players", "versus"), [(3, False), (1, False), (2, True)])
def test_simulate_plays_random_bots_in_the_batch(players: int, versus: bool) -> None:
    """towers.sim.simulate.play_random_batch: the game its random bots play one state at a
    time."""
    batch_checks.simulated_alike(_game(players, versus), range(3))


def test_random_playout_lengths_in_every_mode() -> None:
    """play_random's lengths are play_random_game's in every mode, in both texts."""
    for module in MODULES:
        for players, versus in MODES:
            game = _game(players, versus)
            seeds = range(40, 42)
            engine = module.SifnosBatch(game, len(seeds))
            engine.reset(seeds)
            assert engine.play_random() == [
                play_random_game(game, random.Random(s), trusted=True) for s in seeds
            ]
