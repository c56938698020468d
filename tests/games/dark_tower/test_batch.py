"""The batch engine plays Return to Dark Tower exactly as DarkTowerState does: the same legal
actions in the same order and the same state (every saved field) after every action of
hundreds of games, at 1-4 heroes, Heroic and Gritty, cooperative and competitive, with the
main goals, adversaries, foes and heroes drawn from the options; its plain-Python text and its
compiled twin agree with each other as well.

The games are driven through the batch's public interface: a decision is drawn from the
game's generator, then the batch resolves the chance nodes from that same generator, which
is the order in which the one-game random playout (``towers.bench.play_random_game``) draws."""

from __future__ import annotations

import random
from typing import Any

import pytest

import towers
from tests.core import batch_checks
from tests.core.batch_checks import fields_of, position, searches_alike, walked
from towers.bench import play_random_game
from towers.core.batch import batch_engine, rollouts_for
from towers.core.compiled import is_compiled, twin
from towers.games.dark_tower import batch as plain
from towers.games.dark_tower.rules import DarkTowerGame

ENGINE = twin(plain)  # the compiled twin when built, else the plain module
MODULES = [plain] + ([ENGINE] if is_compiled(ENGINE) else [])
MODES = [
    (p, m)
    for p in (1, 2, 3, 4)
    for m in ("cooperative", "competitive")
    if p > 1 or m == "cooperative"
]


def options(players: int, mode: str, seed: int) -> dict[str, Any]:
    """Options drawn for a seed: the difficulty, main goal, adversary, foes and heroes."""
    rng = random.Random(seed * 7 + players)
    chosen: dict[str, Any] = {"players": players, "mode": mode}
    for name in ("difficulty", "goal", "adversary", "foe2", "foe3", "foe4"):
        choices = DarkTowerGame.OPTIONS[name].choices
        assert choices
        chosen[name] = rng.choice(choices)
    if rng.random() < 0.5:
        heroes = [h for h in DarkTowerGame.OPTIONS["heroes"].names if h != "by-kingdom"]
        chosen["heroes"] = ",".join(rng.sample(heroes, players))
    return chosen


def play_both(module: Any, game: Any, seeds: range) -> int:
    """Each seed's game played on a DarkTowerState and in one batch of all the seeds, every
    field compared at every decision (``batch_checks.play_both``); the decisions compared."""
    engine = module.DarkTowerBatch(game, len(seeds))
    return batch_checks.play_both(engine, game, seeds, lambda e, g: fields_of(e.state(g)))


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
@pytest.mark.parametrize(("players", "mode"), MODES)
def test_plays_as_the_state_does(module: Any, players: int, mode: str) -> None:
    compared = 0
    for first in range(0, 24, 4):
        game = towers.make("dark_tower", **options(players, mode, first))
        compared += play_both(module, game, range(first, first + 4))
    assert compared > 500


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
def test_random_playouts_as_long_as_the_state_s(module: Any) -> None:
    """play_random plays the games play_random_game plays (the same lengths; the final
    states too)."""
    for players in (1, 2, 3, 4):
        game = towers.make("dark_tower", players=players)
        seeds = range(100, 140)
        engine = module.DarkTowerBatch(game, len(seeds))
        engine.reset(seeds)
        lengths = engine.play_random()
        assert lengths == [play_random_game(game, random.Random(s), trusted=True) for s in seeds]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
def test_loaded_mid_game_plays_on_as_the_state(module: Any) -> None:
    """A state loaded in the middle of a game is played on as the state plays on, by the
    choosers given (a seat's ``randrange``, as towers.sim.simulate.play_random_batch gives
    them) and chance from the generator given."""
    for players, mode in MODES:
        game = towers.make("dark_tower", players=players, mode=mode)
        engine = module.DarkTowerBatch(game, 3)
        engine.reset([0, 1, 2])
        for seed in range(6):
            rng = random.Random(seed)
            state = walked(game, rng, rng.randrange(20, 200))
            if state.is_terminal():
                continue
            batch_checks.loaded_plays_on(engine, seed % 3, state, seed)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
def test_stops_before_a_seat_decides(module: Any) -> None:
    """play(g, decisions, until): at most that many decisions, and never one of ``until``."""
    batch_checks.stops_before_a_seat(module.DarkTowerBatch(towers.make("dark_tower", players=3), 1))


def test_the_twin_is_compiled_when_built() -> None:
    if not is_compiled(ENGINE):
        pytest.skip("the compiled twin is not built here")
    assert ENGINE.__name__.endswith("batch_c")


def test_the_game_offers_its_engine() -> None:
    game = towers.make("dark_tower", players=2)
    engine = batch_engine(game, 3)
    assert engine is not None and engine.size == 3
    assert rollouts_for(game) is not None


@pytest.mark.parametrize("depth", [1, 6, 1000])
@pytest.mark.parametrize(
    ("players", "mode", "steps"),
    [(1, "cooperative", 40), (2, "competitive", 60), (4, "cooperative", 30)],
)
def test_batch_rollouts_search_as_the_state_does(
    depth: int, players: int, mode: str, steps: int
) -> None:
    """tests/agents/test_mcts_batch_rollouts.py's check, for this game's engine."""
    game = towers.make("dark_tower", players=players, mode=mode)
    state = position(game, seed=players * 7 + steps, steps=steps)
    assert searches_alike(state, depth, iterations=30) is not None


def test_simulate_plays_random_bots_in_the_batch() -> None:
    """towers.sim.simulate.play_random_batch: the game its random bots play one state at a
    time."""
    batch_checks.simulated_alike(towers.make("dark_tower", players=3), range(4))
