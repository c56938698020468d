"""A Gymnasium vector environment whose games live in one batch engine
(:func:`towers.core.batch.any_batch_engine`): the game's own (Torres's compiled one) where it
has one, else one-game states behind the same interface. Use it through
:func:`towers.env.vector_env`.

Each of the ``num_envs`` games is what :class:`~towers.adapters.environments.GymTable` plays
for the same seed and actions: one learner's seat against towers bots, the same
observations (stacked: ``observation`` float32 ``num_envs`` x tensor size, ``action_mask``
int8 ``num_envs`` x ``num_distinct_actions()``), rewards at the end, illegal actions handled
as ``illegal`` says and chance drawn from a generator seeded at reset. The observation
tensors are written by the engine (:meth:`~towers.core.batch.BatchEngine.observation_tensor`),
from its arrays where it has them, so no one-game state is built a step; a random opponent
picks among the engine's legal actions with its own generator, another bot is shown the
game as a state.

Resetting follows :class:`gymnasium.vector.SyncVectorEnv`: ``reset(seed=s)`` seeds game i with
``s + i`` (or a list, one seed a game), ``reset(options={"reset_mask": m})`` resets only the
games marked. ``autoreset_mode`` is ``NEXT_STEP`` (the default: the step after a game ends
starts the next one, its reward 0) or ``DISABLED`` (reset the ended games with a mask);
a game started by an autoreset is seeded as a single environment's ``reset()`` without a
seed is, from its own ``np_random``. The observations come as new arrays each step, unless
``copy=False`` (as :class:`~gymnasium.vector.SyncVectorEnv` has it): then they are the
environment's own, written over by the next step; ``info["action_mask"]`` is the
observation's mask.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from towers.adapters.environments import check_illegal, forfeit_returns, observation_space_of
from towers.agents.random_bot import RandomBot
from towers.agents.specs import parse_spec
from towers.core.batch import any_batch_engine
from towers.core.errors import GameOptionError
from towers.core.registry import list_bots, make, make_bot, tensor_of

MODES = (AutoresetMode.NEXT_STEP, AutoresetMode.DISABLED)


def _learner(count: int) -> int:
    raise AssertionError("the engine stops before the learner's decisions")


class VectorTable(VectorEnv):
    """``num_envs`` games of one learner's seat against towers bots, stepped together."""

    metadata = {"render_modes": [], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        name: str,
        num_envs: int,
        opponents: Sequence[str] = ("random",),
        *,
        seat: int = 0,
        illegal: str = "lose",
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        copy: bool = True,
        **options: Any,
    ) -> None:
        players = 1 + len(opponents)
        game = make(name, players, **options)
        if not 0 <= seat < players:
            raise GameOptionError(f"seat {seat} is not in a {players}-player game")
        check_illegal(illegal)
        mode = AutoresetMode(autoreset_mode)
        if mode not in MODES:
            raise GameOptionError(
                f"autoreset_mode={mode.value!r} is not offered; use NextStep or Disabled"
            )
        self.game = game
        self.num_envs = num_envs
        self.seat = seat
        self.illegal = illegal
        self.copy = copy
        self.engine = any_batch_engine(game, num_envs)
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        self.specs = [parse_spec(o, list_bots(), what="opponent") for o in opponents]
        self.single_observation_space = observation_space_of(game)
        self.single_action_space = spaces.Discrete(game.num_distinct_actions())
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.observations = np.zeros((num_envs, tensor_of(game).size), np.float32)
        self.masks = np.zeros((num_envs, game.num_distinct_actions()), np.int8)
        self.rngs = [random.Random() for _ in range(num_envs)]
        """Each game's chance (and the random action played for an illegal one)."""
        self.env_randoms: list[np.random.Generator | None] = [None] * num_envs
        """Each game's ``np_random``, which seeds the games an autoreset starts."""
        self.bots: list[list[Any]] = [[] for _ in range(num_envs)]
        self.engine_plays = [False] * num_envs
        """Whether game i's opponents are random bots, whose decisions the engine plays."""
        self.forfeit: list[int | None] = [None] * num_envs
        self.ended = np.zeros(num_envs, np.bool_)

    # ---- the games ---------------------------------------------------------------------
    def is_over(self, i: int) -> bool:
        return self.forfeit[i] is not None or self.engine.is_terminal(i)

    def returns(self, i: int) -> list[float]:
        offender = self.forfeit[i]
        return self.engine.returns(i) if offender is None else forfeit_returns(self.game, offender)

    def _start(self, i: int, seed: int | None) -> None:
        """Game i started anew, as ``GymTable.reset(seed=seed)`` starts its game."""
        if seed is not None:
            self.env_randoms[i] = seeding.np_random(seed)[0]
            base = seed
        else:
            made = self.env_randoms[i]
            if made is None:
                made = self.env_randoms[i] = seeding.np_random()[0]
            base = int(made.integers(2**31))
        self.bots[i] = [
            make_bot(kind, seed=base + k + 1, **params)
            for k, (kind, params) in enumerate(self.specs)
        ]
        self.engine_plays[i] = all(type(bot) is RandomBot for bot in self.bots[i])
        self.rngs[i].seed(base)
        self.forfeit[i] = None
        self.ended[i] = False
        bots = self.bots[i]
        picks = None
        if self.engine_plays[i]:
            # the engine plays them: what their choose() draws, with no state made
            picks = [bot.rng.randrange for bot in bots]
            picks.insert(self.seat, _learner)
        self.engine.load(i, self.game.new_initial_state(), self.rngs[i], picks)
        self._others_play(i)

    def _others_play(self, i: int) -> None:
        engine = self.engine
        seat = self.seat
        bots = self.bots[i]
        if self.engine_plays[i]:
            engine.play(i, -1, seat)
            return
        while not engine.is_terminal(i):
            p = engine.current_player(i)
            if p == seat:
                return
            bot = bots[p if p < seat else p - 1]
            if type(bot) is RandomBot:  # what its choose() draws, with no state made
                legal = engine.legal_actions(i)
                engine.apply(i, legal[bot.rng.randrange(len(legal))])
            else:
                engine.apply(i, bot.choose(engine.state(i)))

    def _play(self, i: int, action: Any) -> dict[str, Any]:
        """The learner's ``action`` in game i (``Table.play``); what info says of it."""
        info: dict[str, Any] = {}
        a = int(action)
        if not (0 <= a < self.masks.shape[1] and self.masks[i, a]):
            if self.illegal == "raise":
                raise self.engine.state(i)._illegal(a)
            info["illegal"] = a
            if self.illegal == "lose":
                self.forfeit[i] = self.seat
                return info
            a = self.rngs[i].choice(self.engine.legal_actions(i))
            info["played"] = a
        self.engine.apply(i, a)
        return info

    def _observe(self, i: int) -> None:
        engine = self.engine
        engine.observation_tensor(i, self.seat, self.observations[i])
        mask = self.masks[i]
        mask.fill(0)
        if not self.is_over(i) and engine.current_player(i) == self.seat:
            engine.legal_mask(i, mask)

    def _answer(self) -> tuple[dict[str, np.ndarray], np.ndarray]:
        if not self.copy:
            return {"observation": self.observations, "action_mask": self.masks}, self.masks
        masks = self.masks.copy()
        return {"observation": self.observations.copy(), "action_mask": masks}, masks

    # ---- the Gymnasium interface ---------------------------------------------------------
    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed if isinstance(seed, int) else None)
        n = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * n
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"{n} seeds are needed, not {len(seeds)}")
        which = (options or {}).get("reset_mask")
        for i in range(n):
            if which is None or which[i]:
                self._start(i, seeds[i])
                self._observe(i)
        obs, masks = self._answer()
        return obs, {"action_mask": masks, "_action_mask": np.ones(n, np.bool_)}

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        n = self.num_envs
        rewards = np.zeros(n, np.float64)
        terminations = np.zeros(n, np.bool_)
        infos: dict[str, Any] = {}
        next_step = self.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
        for i in range(n):
            if self.ended[i]:
                if not next_step:
                    raise GameOptionError(f"game {i} is over: reset it first (reset_mask)")
                self._start(i, None)
            else:
                info = self._play(i, actions[i])
                self._others_play(i)
                if self.is_over(i):
                    rewards[i] = self.returns(i)[self.seat]
                    terminations[i] = self.ended[i] = True
                if info:
                    infos = self._add_info(infos, info, i)
            self._observe(i)
        obs, masks = self._answer()
        infos["action_mask"] = masks
        infos["_action_mask"] = np.ones(n, np.bool_)
        return obs, rewards, terminations, np.zeros(n, np.bool_), infos


__all__ = ["VectorTable"]
