"""Many games stepped together: the batch interface every game offers, and its fallback.

A batch engine holds ``size`` games of one :class:`Game` and steps them by index: legal
actions (as a list, or as marks in a mask over the game's distinct actions), an action
applied, who decides, the returns at the end. Chance is resolved inside: each game draws its
chance nodes from its own ``random.Random`` (given, or seeded by :meth:`BatchEngine.reset`),
one float a node, the outcome picked as :func:`towers.core.chance.sample_chance` picks it.
So a batch engine never stops at a chance node, and the same seeds and decisions give the
same games as the one-game engine.

:meth:`BatchEngine.play_random` plays every game to its end at random, a decision picked as
``legal[int(rng.random() * len(legal))]`` from the same generator (the random playouts of
:func:`towers.bench.play_random_game`), or by a function a seat given to ``reset``.

A game of the batch can be set to a state (:meth:`BatchEngine.load`) and played on for some
decisions (:meth:`BatchEngine.play`), which :class:`Rollouts` does for a search's rollouts;
every seat's heuristic and a seat's observation tensor are read from the engine
(:meth:`BatchEngine.heuristics`, :meth:`BatchEngine.observation_tensor`), from its own arrays
where it has them, which the vector environment of :mod:`towers.adapters.vector` uses.

A game offers a fast engine by a module ``batch`` in its package with
``engine_for(game, size)`` (its compiled twin used when built, see
:mod:`towers.core.compiled`), which may answer None for options it does not play.
:func:`batch_engine` finds it; :func:`any_batch_engine` falls back to
:class:`StateBatch`, the same interface over one-game states, so that a caller can always
use it::

    engine = any_batch_engine(game, 64)
    engine.reset(range(64))        # game g draws from random.Random(g)
    lengths = engine.play_random()
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from towers.core.chance import sample_chance
from towers.core.compiled import twin
from towers.core.game import CHANCE, TERMINAL, Game, State

Chooser = Callable[[int], int]
"""``pick(count)``: the index of the legal action a seat takes among ``count``."""


@runtime_checkable
class BatchEngine(Protocol):
    """``size`` games of ``game`` stepped by index ``g`` (0 to size - 1)."""

    game: Game
    size: int

    def reset(
        self,
        seeds: Sequence[int | random.Random],
        choosers: Sequence[Sequence[Chooser] | None] | None = None,
    ) -> None:
        """New games: game g draws its chance from ``random.Random(seeds[g])`` (or from
        ``seeds[g]`` when it is a generator); ``choosers[g]``, one function a seat, picks
        that game's decisions in :meth:`play_random`."""
        ...

    def current_player(self, g: int) -> int:
        """The seat deciding in game g, or TERMINAL (never CHANCE: chance is resolved)."""
        ...

    def is_terminal(self, g: int) -> bool: ...

    def length(self, g: int) -> int:
        """The actions game g has played since its reset, chance included."""
        ...

    def legal_actions(self, g: int) -> list[int]:
        """Game g's legal actions in increasing order, as its one-game state lists them."""
        ...

    def legal_mask(self, g: int, mask: Any) -> None:
        """``mask[a] = 1`` for each legal action a of game g (the rest left as they are)."""
        ...

    def apply(self, g: int, action: int) -> None:
        """Apply a legal action to game g (unchecked), then resolve its chance nodes."""
        ...

    def load(
        self,
        g: int,
        state: State,
        rng: int | random.Random | None = None,
        choosers: Sequence[Chooser] | None = None,
    ) -> None:
        """Game g set to a copy of ``state``, drawing its chance from ``rng`` (an int: from
        ``random.Random(rng)``) and picking its decisions in :meth:`play` by ``choosers``, as
        :meth:`reset` gives them; its chance nodes are resolved."""
        ...

    def play(self, g: int, decisions: int, until: int = -1) -> None:
        """Play at most ``decisions`` decisions of game g (no limit if negative), picked as
        :meth:`play_random` picks them, and the chance nodes that follow the last; stop
        before a decision of seat ``until``."""
        ...

    def heuristics(self, g: int) -> list[float]:
        """Every seat's heuristic of game g: ``state.heuristics()`` of its state."""
        ...

    def observation_tensor(self, g: int, seat: int, out: Any) -> None:
        """Write into ``out`` (``out[:] = ...``) the observation tensor of ``seat`` in game g:
        ``tensor.encode(state.observation(seat))`` of the game's tensor
        (:func:`towers.core.registry.tensor_of`)."""
        ...

    def returns(self, g: int) -> list[float]: ...

    def decisions(self, g: int) -> list[int]:
        """The decisions each seat of game g took."""
        ...

    def play_random(self) -> list[int]:
        """Play every game to its end at random; each game's length."""
        ...

    def state(self, g: int) -> State:
        """Game g as a one-game state."""
        ...


def checked_choosers(
    size: int,
    seeds: Sequence[int | random.Random],
    choosers: Sequence[Sequence[Chooser] | None] | None,
) -> list[list[Chooser] | None]:
    """:meth:`BatchEngine.reset`'s arguments checked (``ValueError`` unless there is a seed,
    and a chooser entry if any, for each of the ``size`` games): each game's choosers, a list
    or None."""
    if len(seeds) != size or (choosers is not None and len(choosers) != size):
        given = len(seeds) if choosers is None else f"{len(seeds)} and {len(choosers)}"
        raise ValueError(f"{size} seeds (and choosers) are needed, not {given}")
    return [chooser_list(c) for c in choosers or [None] * size]


def generator(seed: int | random.Random | None) -> random.Random:
    """A game's generator: ``seed`` itself when it is one, else ``random.Random(seed)``."""
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def chooser_list(choosers: Sequence[Chooser] | None) -> list[Chooser] | None:
    """One game's choosers (one function a seat) as a list of its own, or None."""
    return None if choosers is None else list(choosers)


def check_state(game: Game, state: State) -> None:
    """``ValueError`` unless ``state`` is of ``game``: the same game, or one made with the same
    class, player count and options (which is what a game is made from)."""
    other = state.game
    if other is game or other == game:
        return
    if (
        type(other) is type(game)
        and other.num_players == game.num_players
        and dict(other.options) == dict(game.options)
    ):
        return
    raise ValueError("the state is of another game than the batch's")


def batch_engine(game: Game, size: int) -> BatchEngine | None:
    """The game's own batch engine for ``size`` games, or None when it has none for these
    options (see the module docstring)."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(package + ".batch")
    except ModuleNotFoundError as error:
        if error.name != package + ".batch":
            raise
        return None
    made: BatchEngine | None = twin(module).engine_for(game, size)
    return made


def any_batch_engine(game: Game, size: int) -> BatchEngine:
    """The game's batch engine, else :class:`StateBatch` (the same games, one state each)."""
    return batch_engine(game, size) or StateBatch(game, size)


def step(engine: BatchEngine, actions: Sequence[int]) -> None:
    """One action for each game still going (``actions[g]``; ignored for a game over)."""
    for g in range(engine.size):
        if not engine.is_terminal(g):
            engine.apply(g, actions[g])


def legal_masks(engine: BatchEngine) -> Any:
    """The legal actions of every game as a ``size`` x ``num_distinct_actions`` array of
    0/1 bytes: numpy's (bool) when numpy is installed, else a list of bytearrays."""
    width = engine.game.num_distinct_actions()
    try:
        import numpy as np
    except ImportError:
        rows = [bytearray(width) for _ in range(engine.size)]
        for g, row in enumerate(rows):
            engine.legal_mask(g, row)
        return rows
    masks = np.zeros((engine.size, width), dtype=np.bool_)
    for g in range(engine.size):
        engine.legal_mask(g, masks[g])
    return masks


def random_playout(game: Game, rng: random.Random) -> State:
    """A new game of ``game`` played to its end on one state as :meth:`BatchEngine.play_random`
    plays it from ``rng``: each chance node by :func:`~towers.core.chance.sample_chance`, each
    decision ``legal[int(rng.random() * len(legal))]``; the final state."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_trusted(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply_trusted(legal[int(rng.random() * len(legal))])
    return state


class Rollouts:
    """Random decisions played from given states in a game's own batch engine (the rollouts
    of a search): :meth:`play` gives what the search reads at the end, never a state."""

    def __init__(self, engine: BatchEngine) -> None:
        self.engine = engine
        self.players = engine.game.num_players

    def play(self, state: State, rng: random.Random, decisions: int) -> tuple[int, list[float]]:
        """Play ``decisions`` random decisions from a copy of ``state`` (``state`` is left as it
        is), each ``legal[rng.randrange(len(legal))]``, chance drawn from ``rng`` as
        :func:`~towers.core.chance.sample_chance` draws it, with the chance nodes after the
        last; who decides then (TERMINAL at the end) and every seat's heuristic then, or the
        returns of a game over: the same draws from ``rng`` and the same numbers as that loop
        played on ``state``."""
        engine = self.engine
        engine.load(0, state, rng, [rng.randrange] * self.players)
        engine.play(0, decisions)
        player = engine.current_player(0)
        return player, engine.returns(0) if player == TERMINAL else engine.heuristics(0)


def rollouts_for(game: Game) -> Rollouts | None:
    """:class:`Rollouts` in ``game``'s own batch engine, None when it has none (one-game
    states would only add copying to a rollout played on the state itself)."""
    engine = batch_engine(game, 1)
    return None if engine is None else Rollouts(engine)


class StateBatch:
    """The batch interface over ``size`` one-game states: every game has it, at the one-game
    engine's speed."""

    def __init__(self, game: Game, size: int) -> None:
        if size < 1:
            raise ValueError("a batch holds at least one game")
        self.game = game
        self.size = size
        self.states: list[State] = []
        self.rngs: list[random.Random] = []
        self.choosers: list[list[Chooser] | None] = []
        self.starts: list[int] = []
        self.taken: list[list[int]] = []
        self.tensor: Any = None

    def reset(
        self,
        seeds: Sequence[int | random.Random],
        choosers: Sequence[Sequence[Chooser] | None] | None = None,
    ) -> None:
        self.choosers = checked_choosers(self.size, seeds, choosers)
        self.rngs = [generator(s) for s in seeds]
        self.states = [self.game.new_initial_state() for _ in range(self.size)]
        self.starts = [len(s.history()) for s in self.states]
        self.taken = [[0] * self.game.num_players for _ in range(self.size)]
        for g in range(self.size):
            self._resolve(g)

    def _resolve(self, g: int) -> None:
        state = self.states[g]
        while state.current_player() == CHANCE:
            state.apply_trusted(sample_chance(state, self.rngs[g]))

    def current_player(self, g: int) -> int:
        return self.states[g].current_player()

    def is_terminal(self, g: int) -> bool:
        return self.states[g].current_player() == TERMINAL

    def length(self, g: int) -> int:
        return len(self.states[g].history()) - self.starts[g]

    def legal_actions(self, g: int) -> list[int]:
        return self.states[g].legal_actions()

    def legal_mask(self, g: int, mask: Any) -> None:
        for a in self.states[g].legal_actions():
            mask[a] = 1

    def apply(self, g: int, action: int) -> None:
        state = self.states[g]
        self.taken[g][state.current_player()] += 1
        state.apply_trusted(action)
        self._resolve(g)

    def load(
        self,
        g: int,
        state: State,
        rng: int | random.Random | None = None,
        choosers: Sequence[Chooser] | None = None,
    ) -> None:
        check_state(self.game, state)
        if not self.states:  # the other games need states too
            self.reset(range(self.size))
        self.states[g] = state.clone()
        self.rngs[g] = generator(rng)
        self.choosers[g] = chooser_list(choosers)
        self.starts[g] = len(state.history())
        self.taken[g] = [0] * self.game.num_players
        self._resolve(g)

    def play(self, g: int, decisions: int, until: int = -1) -> None:
        self._play_out(g, decisions, until)

    def heuristics(self, g: int) -> list[float]:
        return self.states[g].heuristics()

    def observation_tensor(self, g: int, seat: int, out: Any) -> None:
        if self.tensor is None:
            from towers.core.registry import tensor_of

            self.tensor = tensor_of(self.game)
        out[:] = self.tensor.encode(self.states[g].observation(seat))

    def returns(self, g: int) -> list[float]:
        return self.states[g].returns()

    def decisions(self, g: int) -> list[int]:
        return list(self.taken[g])

    def play_random(self) -> list[int]:
        for g in range(self.size):
            self._play_out(g, -1, -1)
        return [self.length(g) for g in range(self.size)]

    def _play_out(self, g: int, decisions: int, until: int) -> None:
        """Game g played on for ``decisions`` decisions (to its end if negative), or until
        seat ``until`` decides."""
        state = self.states[g]
        draw = self.rngs[g].random
        picks = self.choosers[g]
        taken = self.taken[g]
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return
            if player == CHANCE:
                state.apply_trusted(sample_chance(state, self.rngs[g]))
                continue
            if decisions == 0 or player == until:
                return
            decisions -= 1
            legal = state.legal_actions()
            pick = int(draw() * len(legal)) if picks is None else picks[player](len(legal))
            taken[player] += 1
            state.apply_trusted(legal[pick])

    def state(self, g: int) -> State:
        return self.states[g]
