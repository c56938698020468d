"""towers games as Gymnasium environments, and the table the PettingZoo ones share (use them
through :mod:`towers.env`; the PettingZoo forms are in :mod:`towers.adapters.multiagent`, so
Gymnasium alone needs no PettingZoo).

Every game with an observation tensor works, the same way:

- **observations** are ``{"observation": float32 vector, "action_mask": int8 vector}``: the
  game's tensor of ``observation(seat)`` (nothing the seat may not see) and which of the
  ``num_distinct_actions()`` actions are legal now (all zeros when it is not the seat's turn);
- **actions** are ``Discrete(num_distinct_actions())``, the game's own ints;
- **chance** (draws, dice) is resolved inside the environment by a generator seeded at
  ``reset(seed=...)``, so the same seed and actions give the same game;
- **rewards** come at the end: 1 for a win, 0 for a loss, a tie shared, and 1 to every seat
  of a cooperative game the team won (the game's ``returns()``);
- **an action outside the mask** is handled as ``illegal`` says: ``"lose"`` (the default: the
  game ends, the offender scores 0 and the others share the win, a solo player or the team of
  a cooperative game simply loses, and ``info["illegal"]`` names the action), ``"random"`` (a
  random legal action is played instead, and ``info`` says so) or ``"raise"`` (an
  IllegalActionError, and nothing changes).

The PettingZoo AEC environment is turn-based: ``agent_selection`` is the seat the game waits
for, and a seat may act several times in a row when its turn has several actions. The parallel
form (:class:`ParallelTable`) gives every agent a step each cycle; only the seat to move acts,
the others' actions are ignored (their masks are all zeros). ``max_cycles`` truncates a game
after that many steps (AEC: actions; parallel: cycles).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from towers.agents.specs import parse_spec
from towers.core.errors import GameOptionError, IllegalActionError
from towers.core.game import CHANCE, Game, State
from towers.core.registry import list_bots, make, make_bot, tensor_of

ILLEGAL = ("lose", "random", "raise")


def check_illegal(illegal: str) -> None:
    """GameOptionError unless ``illegal`` is one of :data:`ILLEGAL`."""
    if illegal not in ILLEGAL:
        raise GameOptionError(
            f"illegal={illegal!r} is not allowed; use one of {', '.join(ILLEGAL)}"
        )


class Table:
    """One game being played inside an environment: the state, chance resolved from the
    environment's generator, observations and masks for each seat."""

    def __init__(self, game: Game, illegal: str) -> None:
        check_illegal(illegal)
        self.game = game
        self.tensor = tensor_of(game)
        self.illegal = illegal
        self.n_actions = game.num_distinct_actions()
        self.rng = random.Random()
        self.state: State = game.new_initial_state()
        self.forfeit: int | None = None

    def observation_space(self) -> spaces.Dict:
        return observation_space_of(self.game)

    def reset(self, seed: int | None) -> None:
        if seed is not None:
            self.rng.seed(seed)
        self.state = self.game.new_initial_state()
        self.forfeit = None
        self.resolve_chance()

    def resolve_chance(self) -> None:
        state = self.state
        while state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            state.apply_trusted(self.rng.choices(actions, [p for _, p in outcomes])[0])

    @property
    def over(self) -> bool:
        return self.forfeit is not None or self.state.is_terminal()

    def to_move(self) -> int:
        return self.state.current_player()

    def mask(self, seat: int) -> np.ndarray:
        out = np.zeros(self.n_actions, np.int8)
        if not self.over and self.state.current_player() == seat:
            out[self.state.legal_actions()] = 1
        return out

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        vector = self.tensor.encode(self.state.observation(seat))
        return {"observation": np.asarray(vector, np.float32), "action_mask": self.mask(seat)}

    def play(self, seat: int, action: Any) -> dict[str, Any]:
        """``seat`` (the seat to move) plays ``action``; what info should say of it."""
        info: dict[str, Any] = {}
        a = int(action)
        if not self.state.is_legal(a):
            if self.illegal == "raise":
                raise self.state._illegal(a)
            info["illegal"] = a
            if self.illegal == "lose":
                self.forfeit = seat
                return info
            a = self.rng.choice(self.state.legal_actions())
            info["played"] = a
        self.state.apply_action(a)
        self.resolve_chance()
        return info

    def returns(self) -> list[float]:
        if self.forfeit is not None:
            return forfeit_returns(self.game, self.forfeit)
        return self.state.returns()


def observation_space_of(game: Game) -> spaces.Dict:
    """What a seat observes of ``game``: its tensor (float32, in the tensor's bounds) and
    the mask of its ``num_distinct_actions()`` actions (int8)."""
    low, high = tensor_of(game).bounds()
    return spaces.Dict(
        {
            "observation": spaces.Box(
                np.asarray(low, np.float32), np.asarray(high, np.float32), dtype=np.float32
            ),
            "action_mask": spaces.Box(0, 1, shape=(game.num_distinct_actions(),), dtype=np.int8),
        }
    )


def forfeit_returns(game: Game, offender: int) -> list[float]:
    """The returns of a game ended by ``offender``'s move outside the mask: 0 to it, the win
    shared by the others."""
    n = game.num_players
    # a solo player has no one to win for it, and a cooperative team loses together
    share = 0.0 if n == 1 or game.COOPERATIVE else 1.0 / (n - 1)
    return [0.0 if s == offender else share for s in range(n)]


class GymTable(gymnasium.Env):  # type: ignore[misc]
    """One learner's seat against towers bots, as a Gymnasium environment."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        name: str,
        opponents: Sequence[str] = ("random",),
        *,
        seat: int = 0,
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        players = 1 + len(opponents)
        game = make(name, players, **options)
        if not 0 <= seat < players:
            raise GameOptionError(f"seat {seat} is not in a {players}-player game")
        self.table = Table(game, illegal)
        self.seat = seat
        self.specs = [parse_spec(o, list_bots(), what="opponent") for o in opponents]
        self.bots: list[Any] = []
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space()
        self.action_space = spaces.Discrete(self.table.n_actions)

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (what sb3-contrib's MaskablePPO asks for)."""
        return self.table.mask(self.seat).astype(bool)

    def _others_play(self) -> None:
        table = self.table
        while not table.over and table.to_move() != self.seat:
            p = table.to_move()
            bot = self.bots[p if p < self.seat else p - 1]
            table.play(p, bot.choose(table.state))

    def _obs_info(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        obs = self.table.observe(self.seat)
        return obs, {"action_mask": obs["action_mask"].copy()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.action_space.seed(seed)
        base = seed if seed is not None else int(self.np_random.integers(2**31))
        self.bots = [
            make_bot(kind, seed=base + i + 1, **params)
            for i, (kind, params) in enumerate(self.specs)
        ]
        self.table.reset(base)
        self._others_play()
        return self._obs_info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.table.over:
            raise GameOptionError("the game is over: call reset() first")
        played = self.table.play(self.seat, action)
        self._others_play()
        obs, info = self._obs_info()
        info.update(played)
        done = self.table.over
        reward = self.table.returns()[self.seat] if done else 0.0
        return obs, float(reward), done, False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        from towers.core.registry import views_of

        return views_of(self.table.game).text(self.table.state, self.seat)


__all__ = ["GymTable", "IllegalActionError", "Table"]
