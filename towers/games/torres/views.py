"""How Torres is shown: the board as text for a terminal (:mod:`towers.games.torres.render`), and as
an SVG with the ids of its clickable elements for the browser (:mod:`towers.games.torres.svg`).
The rules know nothing of these; the game's plugin declares them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.views import Views
from towers.games.torres import render, svg
from towers.games.torres.rules import TorresState

if TYPE_CHECKING:
    from towers.core.game import State


class TorresViews(Views):
    def text(self, state: State, seat: int | None) -> str:
        assert isinstance(state, TorresState)
        return render.text(state, seat)

    def svg(self, state: State, seat: int | None) -> str | None:
        assert isinstance(state, TorresState)
        return svg.svg(state, seat)

    def targets(self, action: int) -> list[str]:
        return svg.targets(action)
