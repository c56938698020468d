"""A bot and a heuristic for Pillars."""

from __future__ import annotations

from typing import Any

from towers.core.game import State
from towers_pillars.actions import SPACE, Build
from towers_pillars.rules import PillarsState


class TallestBot:
    """Builds on the tallest pillar it may (and takes every bonus block)."""

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

        def height(action: int) -> tuple[int, int]:
            value = SPACE.values[action]
            return (state.heights[value.pillar], -action) if isinstance(value, Build) else (-1, 0)

        return max(state.legal_actions(), key=height)


def points_so_far(state: State, seat: int) -> float:
    """The bots' heuristic: points so far (a search then looks ahead for more)."""
    assert isinstance(state, PillarsState)
    return float(state.points[seat])


def facets(state: State) -> dict[str, str | list[str]]:
    """What simulation reports split the results by: the pillars' height, for the game, and
    whether each seat moved first."""
    assert isinstance(state, PillarsState)
    later = ["later"] * (state.game.num_players - 1)
    return {"height": str(state.height), "order": ["first", *later]}
