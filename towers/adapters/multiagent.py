"""towers games as PettingZoo environments, turn-based (:class:`AECTable`) and parallel
(:class:`ParallelTable`); what they observe and how chance, rewards and illegal actions go is
said in :mod:`towers.adapters.environments`, whose :class:`~towers.adapters.environments.Table`
they play on. Use them through :mod:`towers.env`."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from towers.adapters.environments import Table
from towers.core.errors import GameOptionError
from towers.core.registry import make


def _agent(seat: int) -> str:
    return f"player_{seat}"


class _Seats:
    """What both PettingZoo forms share: the table, the agents and their spaces, the text view."""

    metadata: dict[str, Any]

    def _seat_players(
        self,
        name: str,
        players: int | None,
        illegal: str,
        max_cycles: int | None,
        render_mode: str | None,
        options: dict[str, Any],
    ) -> None:
        self.table = Table(make(name, players, **options), illegal)
        self.metadata = {**self.metadata, "name": f"towers_{name}"}
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = [_agent(s) for s in range(self.table.game.num_players)]
        self._obs_space = self.table.observation_space()
        self._act_space = spaces.Discrete(self.table.n_actions)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        from towers.core.registry import views_of

        return views_of(self.table.game).text(self.table.state, None)

    def close(self) -> None:
        pass


class AECTable(_Seats, AECEnv):  # type: ignore[misc]
    """A towers game as a turn-based PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        name: str,
        players: int | None = None,
        *,
        illegal: str = "lose",
        max_cycles: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self._seat_players(name, players, illegal, max_cycles, render_mode, options)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self.steps = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._obs_space.seed(seed)
            self._act_space.seed(seed)
        self.table.reset(seed)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = _agent(self.table.to_move())

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observe(self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos = {a: {} for a in self.agents}
        self.infos[agent] = self.table.play(seat, action)
        self.steps += 1
        if self.table.over:
            for s, r in enumerate(self.table.returns()):
                self.rewards[_agent(s)] = r
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self.steps >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        if self.table.over or self.truncations[agent]:
            self.agent_selection = agent
        else:
            self.agent_selection = _agent(self.table.to_move())
        self._accumulate_rewards()


class ParallelTable(_Seats, ParallelEnv):  # type: ignore[misc]
    """A towers game as a PettingZoo parallel environment: each cycle every agent sends an
    action and the seat to move plays its own (the others' are ignored)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(
        self,
        name: str,
        players: int | None = None,
        *,
        illegal: str = "lose",
        max_cycles: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self._seat_players(name, players, illegal, max_cycles, render_mode, options)
        self.cycles = 0
        self.agents: list[str] = []

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self.table.observe(self.possible_agents.index(a)) for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._act_space.seed(seed)
        self.table.reset(seed)
        self.cycles = 0
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        seat = self.table.to_move()
        agent = _agent(seat)
        if agent not in actions:
            raise GameOptionError(f"{agent} is to move, and sent no action")
        infos[agent] = self.table.play(seat, actions[agent])
        self.cycles += 1
        rewards = dict.fromkeys(self.agents, 0.0)
        over = self.table.over
        if over:
            for s, r in enumerate(self.table.returns()):
                rewards[_agent(s)] = r
        cut = not over and self.max_cycles is not None and self.cycles >= self.max_cycles
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos
