"""What every bot shares: the :class:`Bot` protocol, a seeded base class, observation-safe
copies and the two ways of turning ``heuristic`` into a value.

A bot must never read what its seat could not observe. Search bots therefore never touch the
true state beyond ``legal_actions()`` and ``current_player()``; they work on
:func:`observed_copy`, which re-deals the hidden parts with ``determinize`` whenever the game
may hide anything.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

from towers.agents.params import Param, check_params, is_light
from towers.core.game import State

LOGIT_LIMIT = 40.0
"""Beyond this many ``scale`` units a win value is 0 or 1 to double precision anyway."""


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a legal action for the seat deciding in ``state``."""

    def choose(self, state: State) -> int: ...


class BaseBot:
    """A bot with its own generator: the same seed and the same states give the same choices.

    ``about`` says in a line what the bot does, for players; ``PARAMS`` declares the keyword
    parameters it takes. ``time_limit`` (seconds, None for none) is the longest one choice may
    take: a bot still thinking then answers with the best action it has found so far.
    """

    name: ClassVar[str] = "bot"
    about: ClassVar[str] = ""
    PARAMS: ClassVar[tuple[Param, ...]] = ()

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.time_limit: float | None = None

    @classmethod
    def check_params(cls, params: Mapping[str, Any], *, limited: bool = False) -> dict[str, Any]:
        """``params`` checked against ``PARAMS`` (a :class:`~towers.agents.params.BotParamError`
        names what is wrong); ``limited`` applies a shared server's bounds too."""
        return check_params(cls.name, cls.PARAMS, params, limited=limited)

    @classmethod
    def is_light(cls, params: Mapping[str, Any]) -> bool:
        """True when a move with ``params`` stays light (see :attr:`Param.light`)."""
        return is_light(cls.PARAMS, params)

    def choose(self, state: State) -> int:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


def deciding_seat(state: State) -> int:
    """The seat that decides in ``state``; a ValueError at a chance node or a finished game."""
    seat = state.current_player()
    if seat >= 0:
        return seat
    if state.is_terminal():
        raise ValueError("a bot was asked to choose, but the game is over")
    if state.is_chance_node():
        raise ValueError(
            "a bot was asked to choose at a chance node; sample it with towers.sample_chance"
        )
    raise ValueError(f"a bot was asked to choose, but current_player() is {seat}")


def hides_information(state: State) -> bool:
    """True when a copy of ``state`` must be determinized before a bot may search it.

    A game that says it hides information, or that re-deals anything in its own
    ``_determinize`` (or ``determinize``), counts: a forgotten flag must not let a bot peek.
    """
    if state.game.has_hidden_information():
        return True
    cls = type(state)
    return any(
        getattr(cls, hook, None) is not getattr(State, hook, None)
        for hook in ("determinize", "_determinize")
    )


def observed_copy(state: State, seat: int, rng: random.Random) -> State:
    """A copy of ``state`` holding nothing that ``seat`` cannot see, hidden parts re-dealt."""
    if hides_information(state):
        return state.determinize(seat, rng)
    return state.clone()


def standing(state: State, seat: int) -> float:
    """The seat's heuristic minus the best other seat's (just its heuristic when alone, or
    in a cooperative game, where every seat shares one standing and a lead would be 0)."""
    if state.game.COOPERATIVE:
        return state.heuristic(seat)
    h = state.heuristics()
    mine = h[seat]
    others = [v for s, v in enumerate(h) if s != seat]
    return mine - max(others) if others else mine


def leads(state: State) -> list[float]:
    """Each seat's heuristic minus the best other seat's (its heuristic alone when solo or in
    a cooperative game)."""
    h = state.heuristics()
    if len(h) == 1 or state.game.COOPERATIVE:
        return h
    # the best seat leads by its margin over the second; seats tied for best lead by 0
    top = sorted(h, reverse=True)
    best, second = top[0], top[1]
    return [x - (second if x == best else best) for x in h]


def win_values(
    state: State, scale: float, baseline: Sequence[float] | None = None, loss: float = 0.0
) -> list[float]:
    """A value per seat: :func:`outcome_values` when the game is over, else a logistic of its
    heuristic lead over the best other seat, in [0, 1], ``scale`` points per unit (a lead of
    ``scale`` is worth about 0.73). With ``baseline``, the lead is counted from the baseline
    lead, so a search values what it gains from where it started, whatever the margin then
    was.
    """
    if state.is_terminal():
        return outcome_values(state, loss)
    d = leads(state)
    if baseline is not None:
        d = [x - b for x, b in zip(d, baseline, strict=True)]
    return [_logistic(x / scale) for x in d]


def outcome_values(state: State, loss: float = 0.0) -> list[float]:
    """What a game over is worth to each seat in a search: its returns, and ``loss`` for a
    seat that won nothing."""
    return values_of_returns(state.returns(), loss)


def values_of_returns(returns: Sequence[float], loss: float = 0.0) -> list[float]:
    """:func:`outcome_values` of a game over given by its returns."""
    return [float(r) if r > 0 else loss for r in returns]


def _logistic(x: float) -> float:
    x = max(-LOGIT_LIMIT, min(LOGIT_LIMIT, x))
    return 1.0 / (1.0 + math.exp(-x))
