"""The batch engine plays Towers of Sifnos exactly as SifnosState does: the same legal actions
in the same order, the same chance outcomes from the same floats, and the same state (every
saved field) after every action, in every option (1-4 players, 2 Player vs Solo Rules); its
plain-Python text and its compiled twin both.

The games are driven through the batch's public interface: a decision is drawn from the
game's generator, then the batch resolves the chance nodes from that same generator, which is
the order in which the one-game random playout (``towers.bench.play_random_game``) draws."""

from __future__ import annotations

import random
from typing import Any

import pytest

import towers
from towers.bench import play_random_game
from towers.core.batch import StateBatch, batch_engine, legal_masks, random_playout
from towers.core.chance import random_action, sample_chance
from towers.core.compiled import is_compiled, twin
from towers.core.game import CHANCE, TERMINAL
from towers.core.registry import make_bot, tensor_of
from towers.games.sifnos import batch as plain

ENGINE = twin(plain)  # the compiled twin when built, else the plain module
MODULES = [plain] + ([ENGINE] if is_compiled(ENGINE) else [])
OPTIONS = [(1, False), (2, False), (2, True), (3, False), (4, False)]
"""(players, solo_opponent): every option the engine plays."""


def make(players: int, versus: bool = False) -> Any:
    return towers.make("sifnos", players=players, solo_opponent=versus)


def fields_of(state: Any) -> dict[str, Any]:
    found: dict[str, Any] = state.to_fields()
    del found["_history"]
    return found


def diff(want: dict[str, Any], got: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    return {k: (want[k], got.get(k)) for k in want if want[k] != got.get(k)}


def play_both(module: Any, players: int, versus: bool, seeds: range) -> int:
    """Play each seed's game on a SifnosState and in one batch of all the seeds, comparing the
    legal actions and every field at every decision; the decisions compared."""
    game = make(players, versus)
    engine = module.SifnosBatch(game, len(seeds))
    batch_rngs = [random.Random(seed) for seed in seeds]
    engine.reset(batch_rngs)
    compared = 0
    for g, seed in enumerate(seeds):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while True:
            while state.current_player() == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
            where = (
                f"{players} players, versus {versus}, seed {seed}, action {len(state.history())}"
            )
            assert engine.length(g) == len(state.history()), where
            found = diff(fields_of(state), fields_of(engine.state(g)))
            assert not found, f"{where}: {found}"
            assert engine.current_player(g) == state.current_player(), where
            compared += 1
            if state.current_player() == TERMINAL:
                assert engine.is_terminal(g)
                assert engine.legal_actions(g) == []
                assert engine.returns(g) == state.returns(), where
                break
            legal = state.legal_actions()
            assert engine.legal_actions(g) == legal, where
            action = legal[int(rng.random() * len(legal))]
            state.apply_trusted(action)
            batch_rngs[g].random()  # the batch's generator draws the decision as well
            engine.apply(g, action)
    return compared


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
@pytest.mark.parametrize(("players", "versus"), OPTIONS)
def test_every_state_of_games_is_the_one_game_state(
    module: Any, players: int, versus: bool
) -> None:
    """5 options x 4 games a module, every state compared field by field."""
    seeds = range(100 * players + 7 * versus, 100 * players + 7 * versus + 4)
    assert play_both(module, players, versus, seeds) > 4 * 300


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
@pytest.mark.parametrize(("players", "versus"), OPTIONS)
def test_random_playouts_are_the_one_game_random_playouts(
    module: Any, players: int, versus: bool
) -> None:
    """play_random from random.Random(seed) plays play_random_game's game for that seed: 60
    games an option, their lengths and final states compared."""
    game = make(players, versus)
    seeds = range(500, 560)
    engine = module.SifnosBatch(game, len(seeds))
    engine.reset(list(seeds))
    lengths = engine.play_random()
    for g, seed in enumerate(seeds):
        assert lengths[g] == play_random_game(game, random.Random(seed), trusted=True), seed
    for g in range(0, len(seeds), 15):
        state = random_playout(game, random.Random(seeds[g]))
        assert not diff(fields_of(state), fields_of(engine.state(g))), seeds[g]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
@pytest.mark.parametrize(("players", "versus"), [(1, False), (2, True), (3, False)])
def test_a_loaded_state_plays_on_as_the_state(module: Any, players: int, versus: bool) -> None:
    """States loaded mid-game (chance nodes on top too) play on as the state plays on, with
    the same draws from the generator given; the state loaded is left as it was."""
    game = make(players, versus)
    engine = module.SifnosBatch(game, 2)
    engine.reset([0, 1])
    for seed, steps in ((3, 150), (4, 400), (5, 900)):
        state = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            state.apply_action(random_action(state, rng))
        before = state.to_json()
        engine.load(1, state, random.Random(seed + 50))
        assert state.to_json() == before
        reference = state.clone()
        again = random.Random(seed + 50)
        while reference.current_player() == CHANCE:
            reference.apply_trusted(sample_chance(reference, again))
        assert not diff(fields_of(reference), fields_of(engine.state(1)))
        engine.play(1, 40)
        decided = 0
        while not reference.is_terminal():
            if reference.is_chance_node():
                reference.apply_trusted(sample_chance(reference, again))
                continue
            if decided == 40:
                break
            legal = reference.legal_actions()
            reference.apply_trusted(legal[int(again.random() * len(legal))])
            decided += 1
        assert not diff(fields_of(reference), fields_of(engine.state(1)))
        assert engine.length(1) == len(reference.history()) - len(state.history())
        assert sum(engine.decisions(1)) == decided
    with pytest.raises(ValueError):
        engine.load(0, towers.make("sifnos", players=4).new_initial_state())


def test_play_stops_before_a_seats_decision() -> None:
    game = make(3)
    engine = ENGINE.SifnosBatch(game, 1)
    engine.reset([8])
    engine.play(0, -1, until=2)
    assert engine.current_player(0) == 2
    engine.play(0, 0)
    assert engine.current_player(0) == 2


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rpartition(".")[2])
def test_choosers_pick_each_seats_decisions(module: Any) -> None:
    """With a chooser a seat (a random bot's randrange, as play_random_batch gives them), the
    batch plays the game a loop of state.legal_actions() and those choosers plays."""
    game = make(3)
    engine = module.SifnosBatch(game, 3)
    engine.reset(
        list(range(3)), [[random.Random(100 * g + s).randrange for s in range(3)] for g in range(3)]
    )
    lengths = engine.play_random()
    for g in range(3):
        rng = random.Random(g)
        seats = [random.Random(100 * g + seat) for seat in range(3)]
        state = game.new_initial_state()
        taken = [0, 0, 0]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_trusted(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            taken[state.current_player()] += 1
            state.apply_trusted(legal[seats[state.current_player()].randrange(len(legal))])
        assert lengths[g] == len(state.history())
        assert engine.decisions(g) == taken
        assert not diff(fields_of(state), fields_of(engine.state(g)))


def test_the_engine_is_offered_only_when_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    game = make(2)
    monkeypatch.delenv(plain.ENV, raising=False)
    assert batch_engine(game, 2) is None
    monkeypatch.setenv(plain.ENV, "1")
    engine = batch_engine(game, 2)
    assert engine is not None and type(engine).__module__ == ENGINE.__name__
    assert engine.size == 2


def test_legal_masks_views_and_heuristics_are_the_states() -> None:
    game = make(2, True)
    engine = ENGINE.SifnosBatch(game, 3)
    engine.reset([5, 6, 7])
    fallback = StateBatch(game, 3)
    fallback.reset([5, 6, 7])
    size = tensor_of(game).size
    for _ in range(30):
        masks, again = legal_masks(engine), legal_masks(fallback)
        assert [list(map(int, row)) for row in masks] == [list(map(int, row)) for row in again]
        for g in range(3):
            assert engine.heuristics(g) == fallback.heuristics(g)
            for seat in range(2):
                got, want = [0.0] * size, [0.0] * size
                engine.observation_tensor(g, seat, got)
                fallback.observation_tensor(g, seat, want)
                assert got == want
            legal = engine.legal_actions(g)
            action = legal[len(legal) // 2]
            engine.apply(g, action)
            fallback.apply(g, action)


@pytest.mark.parametrize("players", [1, 3])
def test_a_simulation_of_random_bots_gives_the_same_results_through_the_batch(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from towers.sim import simulate

    def results() -> list[tuple[Any, ...]]:
        report = simulate.run_simulation("sifnos", players, 6, ["random"] * players, seed=3)
        return [
            (r.index, r.lineup, r.scores, r.returns, r.actions, r.decisions, r.balance)
            for r in report.results
        ]

    monkeypatch.setenv(plain.ENV, "1")
    fast = results()
    bots = [make_bot("random", seed=seat) for seat in range(players)]
    assert simulate.play_random_batch(make(players), bots, random.Random(1)) is not None
    monkeypatch.setattr(simulate, "play_random_batch", lambda *args: None)
    assert results() == fast


@pytest.mark.parametrize("depth", [1, 6, 1000])
@pytest.mark.parametrize(
    ("players", "versus", "steps"), [(1, False, 60), (2, True, 200), (3, False, 401)]
)
def test_mcts_rollouts_in_the_engine_search_as_on_the_state(
    depth: int, players: int, versus: bool, steps: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the engine offered, mcts plays its rollouts in it: the same search, move for move,
    as its rollouts played on the state (tests/agents/test_mcts_batch_rollouts.py, for
    Sifnos)."""
    from towers.agents.mcts import MCTSBot

    class StateRollouts(MCTSBot):
        def _begin(self, state: Any) -> bool:
            hidden = super()._begin(state)
            self._rollouts = None
            return bool(hidden)

    monkeypatch.setenv(plain.ENV, "1")
    state = make(players, versus).new_initial_state()
    rng = random.Random(players + steps)
    for _ in range(steps):
        state.apply_action(random_action(state, rng))
    while state.is_chance_node():
        state.apply_action(random_action(state, rng))
    assert len(state.legal_actions()) > 1
    fast = MCTSBot(seed=5, iterations=20, rollout_depth=depth)
    reference = StateRollouts(seed=5, iterations=20, rollout_depth=depth)
    before = state.to_json()
    assert fast.choose(state) == reference.choose(state)
    assert fast._rollouts is not None
    assert fast.action_stats == reference.action_stats
    assert state.to_json() == before
