"""What the tests of every game's batch engine share: a state's saved fields, their
differences, and games played on one-game states and in a batch side by side.

The games are driven through the batch's public interface: a decision is drawn from the
game's generator, then the batch resolves the chance nodes from that same generator, which
is the order in which the one-game random playout (``towers.bench.play_random_game``) draws."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from towers.agents.mcts import MCTSBot
from towers.core.chance import random_action, sample_chance
from towers.core.game import CHANCE, TERMINAL, Game, State
from towers.core.registry import tensor_of


def fields_of(state: State) -> dict[str, Any]:
    """A state's saved fields, its history aside."""
    found = state.to_fields()
    del found["_history"]
    return found


def diff(want: dict[str, Any], got: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    """The fields of ``want`` that ``got`` holds otherwise: (wanted, found) by name."""
    return {k: (want[k], got.get(k)) for k in want if want[k] != got.get(k)}


def play_both(
    engine: Any,
    game: Game,
    seeds: Sequence[int],
    fields: Callable[[Any, int], dict[str, Any]],
    decided: Callable[[State], None] | None = None,
    also: Callable[[Any, int, State, str], None] | None = None,
) -> int:
    """Each seed's game played on a one-game state and as game g of ``engine`` (a batch of
    ``len(seeds)`` games of ``game``), comparing at every decision the length, every saved
    field (``fields(engine, g)`` against the state's), who decides, the legal actions, and at
    the end the returns; ``decided(state)`` is told of each decision before it is taken, and
    ``also(engine, g, state, where)`` may compare more at each. The decisions compared."""
    batch_rngs = [random.Random(seed) for seed in seeds]
    engine.reset(batch_rngs)
    compared = 0
    for g, seed in enumerate(seeds):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while True:
            while state.current_player() == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
            where = f"{game!r}, seed {seed}, action {len(state.history())}"
            assert engine.length(g) == len(state.history()), where
            found = diff(fields_of(state), fields(engine, g))
            assert not found, f"{where}: {found}"
            assert engine.current_player(g) == state.current_player(), where
            if also is not None:
                also(engine, g, state, where)
            compared += 1
            if state.current_player() == TERMINAL:
                assert engine.is_terminal(g), where
                assert engine.returns(g) == state.returns(), where
                assert engine.legal_actions(g) == [], where
                break
            if decided is not None:
                decided(state)
            legal = state.legal_actions()
            assert engine.legal_actions(g) == legal, where
            action = legal[int(rng.random() * len(legal))]
            state.apply_trusted(action)
            batch_rngs[g].random()  # the batch's generator draws the decision as well
            engine.apply(g, action)
    return compared


def views_along(
    engine: Any,
    seeds: Sequence[int],
    seats: int,
    where: Callable[[int], str],
    step: Callable[[Any, random.Random], None] | None = None,
    seen: Callable[[State], None] | None = None,
) -> int:
    """Each seed's game played as game 0 of ``engine`` (a batch of one), comparing at every
    decision the tensors of seats ``0..seats-1`` and the heuristics with those of the
    engine's state (``engine.state(0)``); the states compared. A decision is taken by
    ``step(engine, pick)`` (``pick`` the generator ``random.Random(-seed)``), else picked
    from the legal actions by ``pick``; ``seen(state)`` is told of each decision first, and
    ``where(seed)`` names the game in a failure."""
    tensor = tensor_of(engine.game)
    compared = 0
    for seed in seeds:
        engine.reset([random.Random(seed)])
        pick = random.Random(-seed)
        while True:
            state = engine.state(0)
            at = f"{where(seed)}, ply {engine.length(0)}"
            for seat in range(seats):
                out = [0.0] * tensor.size
                engine.observation_tensor(0, seat, out)
                assert out == tensor.encode(state.observation(seat)), f"{at}, seat {seat}"
            assert engine.heuristics(0) == state.heuristics(), at
            compared += 1
            if engine.is_terminal(0):
                break
            if seen is not None:
                seen(state)
            if step is not None:
                step(engine, pick)
            else:
                legal = engine.legal_actions(0)
                engine.apply(0, legal[pick.randrange(len(legal))])
    return compared


def position(game: Game, seed: int, steps: int) -> State:
    """A state of ``game`` after ``steps`` random actions (chance included) drawn from
    ``random.Random(seed)``, then played on to a decision with a choice, or the end."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))
    while not state.is_terminal() and (state.is_chance_node() or len(state.legal_actions()) < 2):
        state.apply_action(random_action(state, rng))
    return state


class StateRollouts(MCTSBot):
    """The reference: every rollout played on the state itself."""

    def _begin(self, state: State) -> bool:
        hidden = super()._begin(state)
        self._rollouts = None
        return hidden


def searches_alike(state: State, depth: int, iterations: int) -> Any:
    """mcts's search of ``state`` (a decision with a choice) with its rollouts of ``depth``
    played in the game's batch engine and with every rollout played on the state: the same
    move, every root action's visits and value, the state left as it was. The first bot's
    rollouts (None when the game has no batch engine)."""
    assert not state.is_terminal() and len(state.legal_actions()) > 1, "a search, not a forced move"
    fast = MCTSBot(seed=5, iterations=iterations, rollout_depth=depth)
    reference = StateRollouts(seed=5, iterations=iterations, rollout_depth=depth)
    before = state.to_json()
    assert fast.choose(state) == reference.choose(state)
    assert fast.action_stats == reference.action_stats
    assert state.to_json() == before
    return fast._rollouts


def play_out(state: State, chance: random.Random, seats: Sequence[random.Random]) -> list[int]:
    """``state`` played to its end, each seat's decisions by its generator's ``randrange``
    and chance from ``chance``; the decisions each seat took."""
    taken = [0] * len(seats)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_trusted(sample_chance(state, chance))
            continue
        legal = state.legal_actions()
        taken[player] += 1
        state.apply_trusted(legal[seats[player].randrange(len(legal))])
    return taken


def loaded_plays_on(engine: Any, g: int, state: State, seed: int) -> list[int]:
    """``state`` (mid-game) loaded as game g of ``engine`` with seat p's chooser
    ``random.Random(seed * 10 + p).randrange`` (as towers.sim.simulate.play_random_batch gives
    them) and chance from ``random.Random(seed)``, played out there, and the state played out
    alike beside it: the state left as it was by the load and the engine's play, then the
    same final fields and each seat's decisions compared. The decisions each seat
    took."""
    players = state.game.num_players
    bots = [random.Random(seed * 10 + p) for p in range(players)]
    twins = [random.Random(seed * 10 + p) for p in range(players)]
    saved = state.to_json()
    engine.load(g, state, random.Random(seed), [b.randrange for b in bots])
    assert state.to_json() == saved
    engine.play(g, -1)
    assert state.to_json() == saved
    taken = play_out(state, random.Random(seed), twins)
    assert not diff(fields_of(state), fields_of(engine.state(g)))
    assert engine.decisions(g) == taken
    return taken


def simulated_alike(game: Game, seeds: range) -> None:
    """``towers.sim.simulate.play_random_batch`` (random bots played in the game's batch
    engine) gives each seed's game as the bots play it one state at a time: the final
    state, each seat's decisions and the length."""
    from towers.core.registry import make_bot
    from towers.sim.simulate import play_random_batch

    players = game.num_players
    for seed in seeds:
        bots = [make_bot("random", seed=seed * 10 + p) for p in range(players)]
        played = play_random_batch(game, bots, random.Random(seed))
        assert played is not None, "the game has a batch engine"
        final, decisions, length = played
        twins = [random.Random(seed * 10 + p) for p in range(players)]
        state = game.new_initial_state()
        taken = play_out(state, random.Random(seed), twins)
        assert not diff(fields_of(state), fields_of(final))
        assert decisions == taken and length == len(state.history())


def stops_before_a_seat(engine: Any) -> None:
    """``play(g, decisions, until)`` of a batch of one game of at least 3 seats: at most that
    many decisions, and never one of ``until``."""
    engine.reset([5])
    engine.play(0, 7)
    assert sum(engine.decisions(0)) == 7
    engine.play(0, -1, until=2)
    assert engine.current_player(0) in (2, TERMINAL)


def walked(game: Game, rng: random.Random, steps: int) -> State:
    """A state of ``game`` after at most ``steps`` actions drawn from ``rng`` (a chance
    outcome as ``sample_chance`` picks it, a decision ``legal[rng.randrange(len(legal))]``);
    it may be over."""
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_trusted(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_trusted(legal[rng.randrange(len(legal))])
    return state
