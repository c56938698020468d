"""How Return to Dark Tower is shown: the table as text for a terminal
(:mod:`towers.games.dark_tower.render`), and as an SVG with the ids of its clickable elements
for the browser (:mod:`towers.games.dark_tower.svg`). The rules know nothing of these; the
game's plugin declares them as ``towers.games.dark_tower.views:DarkTowerViews``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.views import Views
from towers.games.dark_tower import render, svg
from towers.games.dark_tower.rules import DarkTowerState

if TYPE_CHECKING:
    from towers.core.game import State


class DarkTowerViews(Views):
    def text(self, state: State, seat: int | None) -> str:
        assert isinstance(state, DarkTowerState)
        return render.text(state, seat)

    def svg(self, state: State, seat: int | None) -> str | None:
        assert isinstance(state, DarkTowerState)
        return svg.svg(state, seat)

    def targets(self, action: int) -> list[str]:
        return svg.targets(action)
