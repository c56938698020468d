"""How Towers of Sifnos is shown: the table as text for a terminal
(:mod:`towers.games.sifnos.render`), and as an SVG with the ids of its clickable elements for
the browser (:mod:`towers.games.sifnos.svg`). The rules know nothing of these; the game's
plugin declares them as ``towers.games.sifnos.views:SifnosViews``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.views import Views
from towers.games.sifnos import render, svg
from towers.games.sifnos.rules import SifnosState

if TYPE_CHECKING:
    from towers.core.game import State


class SifnosViews(Views):
    def text(self, state: State, seat: int | None) -> str:
        assert isinstance(state, SifnosState)
        return render.text(state, seat)

    def svg(self, state: State, seat: int | None) -> str | None:
        assert isinstance(state, SifnosState)
        return svg.svg(state, seat)

    def targets(self, action: int) -> list[str]:
        return svg.targets(action)
