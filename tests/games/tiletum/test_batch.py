"""The batch engine plays Tiletum exactly as TiletumState does: the same legal actions in the
same order, and the same state (every saved field) after every action of many games, at 2-4
players with and without the action tiles variant; its plain-Python text and its compiled
twin agree with each other as well.

The games are driven through the batch's public interface: a decision is drawn from the
game's generator, then the batch resolves the chance nodes from that same generator, which
is the order in which the one-game random playout (``towers.bench.play_random_game``) draws."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

import towers
from tests.core import batch_checks
from tests.core.batch_checks import diff, fields_of, play_out, position, searches_alike
from towers.bench import play_random_game
from towers.core.batch import Rollouts, batch_engine, random_playout
from towers.core.chance import random_action, sample_chance
from towers.core.compiled import is_compiled, twin
from towers.core.game import CHANCE
from towers.core.registry import tensor_of
from towers.games.tiletum import batch as plain
from towers.games.tiletum.rules import TiletumState

ENGINE = twin(plain)  # the compiled twin when built, else the plain module
COMPILED = ENGINE if is_compiled(ENGINE) else None
needs_twin = pytest.mark.skipif(COMPILED is None, reason="the compiled twin is not built here")
OPTIONS = (False, True)  # the action tiles variant


def make(players: int, variant: bool = False) -> Any:
    return towers.make("tiletum", players=players, action_tiles=variant)


def play_both(
    module: Any, players: int, variant: bool, seeds: Sequence[int], kinds: Counter[str]
) -> int:
    """Each seed's game played on a TiletumState and in one batch of all the seeds, every
    field compared at every decision (``batch_checks.play_both``); the states compared.
    ``kinds`` counts the decisions met, by their frame."""
    game = make(players, variant)

    def decided(state: Any) -> None:
        kinds[type(state.stack[-1]).__name__] += 1

    engine = module.TiletumBatch(game, len(seeds))
    return batch_checks.play_both(engine, game, seeds, lambda e, g: e.fields(g), decided)


@pytest.mark.parametrize("part", range(2))
@pytest.mark.parametrize("variant", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_state_of_many_games_is_the_one_game_state(
    players: int, variant: bool, part: int
) -> None:
    """3 x 2 x 2 x 20 = 240 games, every state compared field by field."""
    seeds = range(1000 * players + 20 * part, 1000 * players + 20 * (part + 1))
    kinds: Counter[str] = Counter()
    assert play_both(ENGINE, players, variant, seeds, kinds) > 20 * 150
    assert len(kinds) >= 14, kinds


def test_the_batch_engine_is_found_for_every_option() -> None:
    for players in (2, 3, 4):
        for variant in OPTIONS:
            engine = batch_engine(make(players, variant), 2)
            assert type(engine).__name__ == "TiletumBatch"


def test_every_kind_of_decision_is_compared() -> None:
    """Games picked so that each of the 20 decisions a player meets comes up (the
    twenty-first, the die's action opened, settles by itself): a completed building's
    action, a building's bonuses, a place where a figure stands, the merchant to an
    adjacent town, a substitute helper's resources..."""
    kinds: Counter[str] = Counter()
    for players, seeds in ((2, [58]), (3, [27, 48, 59]), (4, [55])):
        play_both(ENGINE, players, False, seeds, kinds)
    assert len(kinds) == 20, kinds


@needs_twin
@pytest.mark.parametrize("variant", OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_plain_module_plays_as_its_twin_and_the_state(players: int, variant: bool) -> None:
    assert play_both(plain, players, variant, range(3), Counter()) > 3 * 150


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_are_the_one_game_random_playouts(players: int) -> None:
    """play_random from random.Random(seed) plays play_random_game's game for that seed:
    150 games a player count, their lengths and some final states compared."""
    game = make(players, players == 3)
    seeds = range(150)
    engine = ENGINE.TiletumBatch(game, len(seeds))
    engine.reset(list(seeds))
    lengths = engine.play_random()
    for seed in seeds:
        assert lengths[seed] == play_random_game(game, random.Random(seed), trusted=True), seed
    for seed in range(0, 150, 30):
        state = random_playout(game, random.Random(seed))
        assert isinstance(state, TiletumState)
        assert not diff(fields_of(state), engine.fields(seed)), seed
        assert engine.returns(seed) == state.returns()


def positions(players: int, seed: int, every: int) -> Any:
    """States of a random game, one every ``every`` actions (chance nodes included)."""
    state = make(players).new_initial_state()
    rng = random.Random(seed)
    count = 0
    while not state.is_terminal():
        count += 1
        if count % every == 0:
            yield state.clone()
        state.apply_trusted(random_action(state, rng))


@pytest.mark.parametrize("players", [2, 4])
def test_a_loaded_state_plays_on_as_the_state(players: int) -> None:
    """A state loaded mid-game (at a chance node too) and played on to the end from the same
    generator: the same game, and the state's views read from the batch."""
    game = make(players)
    engine = ENGINE.TiletumBatch(game, 2)
    engine.reset([0, 1])
    tensor = tensor_of(game)
    loaded = 0
    for state in positions(players, 7 * players, 61):
        engine.load(1, state, random.Random(loaded))
        rng = random.Random(loaded)
        want = state.clone()
        while want.current_player() == CHANCE:
            want.apply_trusted(sample_chance(want, rng))
        assert not diff(fields_of(want), engine.fields(1))
        back = engine.state(1)
        assert back.legal_actions() == want.legal_actions()
        assert engine.heuristics(1) == want.heuristics()
        out = [0.0] * tensor.size
        engine.observation_tensor(1, players - 1, out)
        assert out == list(tensor.encode(want.observation(players - 1)))
        engine.play(1, -1)
        while not want.is_terminal():
            if want.is_chance_node():
                want.apply_trusted(sample_chance(want, rng))
            else:
                legal = want.legal_actions()
                want.apply_trusted(legal[int(rng.random() * len(legal))])
        assert not diff(fields_of(want), engine.fields(1))
        loaded += 1
    assert loaded > 3
    with pytest.raises(ValueError):
        engine.load(0, make(3).new_initial_state())


def test_choosers_pick_each_seats_decisions() -> None:
    """With a chooser a seat (a random bot's randrange, as towers.sim.simulate's
    play_random_batch gives), the batch plays the game a loop of state.legal_actions() and
    those choosers plays."""
    game = make(3)
    engine = ENGINE.TiletumBatch(game, 4)
    bots = [[random.Random(100 * g + seat) for seat in range(3)] for g in range(4)]
    engine.reset(list(range(4)), [[rng.randrange for rng in seats] for seats in bots])
    lengths = engine.play_random()
    for g in range(4):
        rng = random.Random(g)
        seats = [random.Random(100 * g + seat) for seat in range(3)]
        state = game.new_initial_state()
        taken = play_out(state, rng, seats)
        assert lengths[g] == len(state.history())
        assert engine.decisions(g) == taken
        assert not diff(fields_of(state), engine.fields(g))


@pytest.mark.parametrize("depth", [1, 6, 1000])
@pytest.mark.parametrize(("players", "steps"), [(2, 120), (3, 300)])
def test_batch_rollouts_search_as_the_state_does(depth: int, players: int, steps: int) -> None:
    state = position(make(players), seed=players + steps, steps=steps)
    rollouts = searches_alike(state, depth, iterations=30)
    assert isinstance(rollouts, Rollouts)  # played in the batch engine
    assert type(rollouts.engine).__name__ == "TiletumBatch"
