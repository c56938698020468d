"""Pillars: a tiny tower-building game, added to towers as a plugin.

Three pillars start empty. In turn, each player adds a block to a pillar that is not yet
``height`` blocks tall and scores the pillar's new height. When every pillar is complete the
game ends; the most points win. Action ``p`` adds a block to pillar ``p``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from towers.core.errors import ActionParseError
from towers.core.game import TERMINAL, Game, State
from towers.core.options import Option
from towers.core.registry import GamePlugin
from towers.core.views import Views

PILLARS = 3


class PillarsGame(Game):
    name = "pillars"
    min_players = 2
    max_players = 3
    OPTIONS = {"height": Option(default=4, help="blocks in a complete pillar", choices=(3, 4, 5))}

    def num_distinct_actions(self) -> int:
        return PILLARS

    def max_game_length(self) -> int:
        return PILLARS * int(self.options["height"])

    def state_class(self) -> type[State]:
        return PillarsState

    def new_initial_state(self) -> PillarsState:
        return PillarsState(game=self, points=[0] * self.num_players)


@dataclass(slots=True)
class PillarsState(State):
    game: PillarsGame
    points: list[int]
    heights: list[int] = field(default_factory=lambda: [0] * PILLARS)
    turn: int = 0
    _history: list[int] = field(default_factory=list)
    _legal: tuple[int, ...] | None = None
    _legal_set: frozenset[int] | None = None

    @property
    def height(self) -> int:
        return int(self.game.options["height"])

    def current_player(self) -> int:
        return self.turn if self._legal_actions() else TERMINAL

    def _legal_actions(self) -> list[int]:
        return [p for p in range(PILLARS) if self.heights[p] < self.height]

    def _apply(self, action: int) -> None:
        self.heights[action] += 1
        self.points[self.turn] += self.heights[action]
        self.turn = (self.turn + 1) % self.game.num_players

    def _explain(self, action: int) -> tuple[str, str]:
        return f"pillar {action} is complete", "Pillars: a complete pillar takes no block"

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def action_to_string(self, action: int) -> str:
        if not 0 <= action < PILLARS:
            raise ActionParseError(f"{action} is no pillars action; actions are 0 to {PILLARS - 1}")
        return f"build {action}"

    def string_to_action(self, text: str) -> int:
        for action in range(PILLARS):
            if self.action_to_string(action) == text.strip().lower():
                return action
        raise ActionParseError(f"{text!r} names no pillars action; say build 0, 1 or 2")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"heights": self.heights[:], "points": self.points[:], "turn": self.turn}

    def clone(self) -> PillarsState:
        return PillarsState(
            game=self.game,
            points=self.points[:],
            heights=self.heights[:],
            turn=self.turn,
            _history=self._history[:],
            _legal=self._legal,
            _legal_set=self._legal_set,
        )


class TallestBot:
    """Builds on the tallest pillar it may."""

    name = "tallest"
    about = "Always builds on the tallest pillar that is not complete."
    PARAMS = ()

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.time_limit: float | None = None

    @classmethod
    def check_params(cls, params: Any, *, limited: bool = False) -> dict[str, Any]:
        from towers.agents.params import check_params

        return check_params(cls.name, cls.PARAMS, params, limited=limited)

    def choose(self, state: State) -> int:
        assert isinstance(state, PillarsState)
        legal = state.legal_actions()
        return max(legal, key=lambda p: (state.heights[p], -p))


class PillarsViews(Views):
    """The pillars as a line of text (no SVG board: the browser lists the moves in words)."""

    def text(self, state: State, seat: int | None) -> str:
        assert isinstance(state, PillarsState)
        return "  ".join(f"pillar {p}: {h}" for p, h in enumerate(state.heights))


def tallest_first(state: State, seat: int) -> float:
    """The bots' heuristic: points so far (a search then looks ahead for more)."""
    assert isinstance(state, PillarsState)
    return float(state.points[seat])


PLUGIN = GamePlugin(
    rules="towers_pillars:PillarsGame",
    views="towers_pillars:PillarsViews",
    heuristic="towers_pillars:tallest_first",
)
