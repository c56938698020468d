"""Every towers game as an OpenSpiel game: ``pyspiel.load_game("towers_torres(players=3)")``.

Needs the extra: ``pip install 'towers[openspiel]'``.

>>> import pyspiel
>>> from towers.adapters.openspiel import register
>>> names = register()
>>> game = pyspiel.load_game("towers_torres", {"players": 3})
>>> game.num_players(), game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
(3, True)

Each game is registered under ``towers_<name>``; its players and options are OpenSpiel
parameters, with the game's defaults. What OpenSpiel is told, from the game's own
description:

- sequential moves, chance explicit (its outcomes and their probabilities are listed),
  perfect or imperfect information as the game has hidden parts with its default options;
- rewards at the end only: 1 for a win, 0 for a loss, a tie shared (so the returns always sum
  to 1: constant-sum; a game with a solo mode, whose player may lose to the game itself, is
  general-sum, and so is a cooperative game, whose team's win is 1 to every seat);
- every action and chance outcome is an int below ``num_distinct_actions()``, so that is also
  the bound on chance outcomes;
- the observation string is the seat's ``observation`` as JSON, the observation tensor the
  game's declared tensor. A towers observation is everything the seat may know, so the same
  tensor serves as the information state tensor; the information state string adds the
  seat's own actions and the number of actions so far. With no private information asked
  for, the observer takes the spectator's (public) observation.
- ``resample_from_infostate`` re-deals what the seat cannot see (``State.determinize``).

Use OpenSpiel's Python search (``open_spiel.python.algorithms.mcts.MCTSBot``,
``ismcts.ISMCTSBot``) on these games: its C++ ``MCTSBot.step`` crashes on games written in
Python.
"""

from __future__ import annotations

import json
import random
from array import array
from typing import Any

import numpy as np
import pyspiel

from towers.core.errors import GameOptionError
from towers.core.game import Game, State
from towers.core.registry import game_class, list_games, tensor_of

PREFIX = "towers_"
UNSET = ""
"""The OpenSpiel parameter of an option whose towers default is None (OpenSpiel has no None)."""
_registered: dict[str, type[pyspiel.Game]] = {}


def register(names: list[str] | None = None) -> list[str]:
    """Register the games (default: every registered towers game) with OpenSpiel, once
    each; the OpenSpiel names."""
    done = []
    for name in names if names is not None else list_games():
        if name not in _registered:
            game_type = _game_type(name)
            cls = type(f"Spiel_{name}", (SpielGame,), {"TOWERS_NAME": name, "GAME_TYPE": game_type})
            pyspiel.register_game(game_type, cls)
            _registered[name] = cls
        done.append(PREFIX + name)
    return done


def _parameters(cls: type[Game]) -> dict[str, Any]:
    params: dict[str, Any] = {"players": cls.min_players}
    for key, option in cls.OPTIONS.items():
        default = UNSET if option.default is None else option.default
        if not isinstance(default, bool | int | float | str):
            raise TypeError(f"{cls.name}'s option {key} is not an int, float, bool or string")
        params[key] = default
    return params


def _options(params: dict[str, Any]) -> dict[str, Any]:
    """The towers options that OpenSpiel parameters give (an unset one left to its default)."""
    return {k: v for k, v in params.items() if k != "players" and v != UNSET}


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    probe = cls(cls.min_players)
    info = pyspiel.GameType.Information
    try:
        tensor_of(probe)
        has_tensor = True
    except GameOptionError:  # a game that declares no tensor still plays, without one
        has_tensor = False
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"towers: {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            info.IMPERFECT_INFORMATION
            if probe.has_hidden_information()
            else info.PERFECT_INFORMATION
        ),
        # a solo game may be lost to the game itself (returns 0), and a cooperative game's win
        # is 1 to every seat, so neither sums to a constant
        utility=(
            pyspiel.GameType.Utility.CONSTANT_SUM
            if cls.min_players > 1 and not cls.COOPERATIVE
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=has_tensor,
        provides_observation_string=True,
        provides_observation_tensor=has_tensor,
        parameter_specification=_parameters(cls),
    )


class SpielGame(pyspiel.Game):
    """A towers game with its options fixed, as OpenSpiel sees it."""

    TOWERS_NAME = ""
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = game_class(self.TOWERS_NAME)
        given = {**_parameters(cls), **(params or {})}
        players = int(given["players"])
        self.towers = cls(players, **_options(given))
        n = self.towers.num_distinct_actions()
        info = pyspiel.GameInfo(
            num_distinct_actions=n,
            max_chance_outcomes=n,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0
            if self.GAME_TYPE.utility == pyspiel.GameType.Utility.CONSTANT_SUM
            else None,
            max_game_length=self.towers.max_game_length(),
        )
        super().__init__(self.GAME_TYPE, info, given)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.towers.new_initial_state())

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer:
        if params:
            raise ValueError(f"towers observers take no parameters, not {params!r}")
        return Observer(self.towers, iig_obs_type)


class SpielState(pyspiel.State):
    """One towers game in progress, as OpenSpiel sees it: every call goes to the towers state."""

    def __init__(self, game: SpielGame, state: State, actors: array[int] | None = None) -> None:
        super().__init__(game)
        self.towers = state
        self.actors: array[int] = actors if actors is not None else array("b")
        """Who took each action of the history (CHANCE for chance outcomes), as bytes: OpenSpiel
        clones a Python state with ``copy.deepcopy``, which copies a list item by item."""

    def current_player(self) -> int:
        # towers uses OpenSpiel's numbers: CHANCE is -1, TERMINAL -4
        return self.towers.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.towers.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.towers.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        actor = self.towers.current_player()
        self.towers.apply_action(int(action))
        self.actors.append(actor)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.towers.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self.towers.is_terminal()

    def returns(self) -> list[float]:
        return self.towers.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        seed = int(probability_sampler() * 2**53)
        world = self.towers.determinize(player_id, random.Random(seed))
        return SpielState(self.get_game(), world, self.actors[:])

    def __str__(self) -> str:
        return self.towers.content_json()


class Observer:
    """OpenSpiel's observer of a towers game: the observation tensor and strings."""

    def __init__(self, game: Game, iig_obs_type: pyspiel.IIGObservationType | None) -> None:
        self.game = game
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = kind.perfect_recall
        self.private = kind.private_info != pyspiel.PrivateInfoType.NONE
        try:
            self.spec = tensor_of(game)
        except GameOptionError:  # no tensor declared: the strings still work
            self.spec = None
        size = self.spec.size if self.spec is not None else 0
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        if self.spec is not None:
            for part in self.spec.parts:
                at = self.spec.offsets[part.name]
                self.dict[part.name] = self.tensor[at : at + part.size].reshape(part.shape)

    def _seat(self, player: int) -> int | None:
        return player if self.private else None

    def set_from(self, state: SpielState, player: int) -> None:
        if self.spec is None:
            raise ValueError(f"{self.game.name} declares no observation tensor")
        self.tensor[:] = self.spec.encode(state.towers.observation(self._seat(player)))

    def string_from(self, state: SpielState, player: int) -> str:
        seat = self._seat(player)
        observed: dict[str, Any] = {"observation": state.towers.observation(seat)}
        if self.perfect_recall:
            history = state.towers.history()
            mine = [a for a, p in zip(history, state.actors, strict=True) if p == seat]
            observed.update(ply=len(history), mine=mine)
        return json.dumps(observed, sort_keys=True, separators=(",", ":"))
