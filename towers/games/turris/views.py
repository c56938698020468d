"""How Turris is shown: the table as text for a terminal (:mod:`towers.games.turris.render`),
and as an SVG with the ids of its clickable elements for the browser
(:mod:`towers.games.turris.svg`). The rules know nothing of these; the game's plugin declares
them as ``towers.games.turris.views:TurrisViews``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.views import Views
from towers.games.turris import render, svg
from towers.games.turris.rules import TurrisState

if TYPE_CHECKING:
    from towers.core.game import State


class TurrisViews(Views):
    def text(self, state: State, seat: int | None) -> str:
        assert isinstance(state, TurrisState)
        return render.text(state, seat)

    def svg(self, state: State, seat: int | None) -> str | None:
        assert isinstance(state, TurrisState)
        return svg.svg(state, seat)

    def targets(self, action: int) -> list[str]:
        return svg.targets(action)
