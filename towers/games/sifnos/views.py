"""How Towers of Sifnos is shown: the table as text for a terminal
(:mod:`towers.games.sifnos.render`, with the glance after each action and the sections on
demand), as an SVG with the ids of its clickable elements for the browser
(:mod:`towers.games.sifnos.svg`), and the game explained (:mod:`towers.games.sifnos.explain`:
how it goes, its components, the rulebook's sections, the log and the ending). The rules know
nothing of these; the game's plugin declares them as ``towers.games.sifnos.views:SifnosViews``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.views import Ending, Topic, Views
from towers.games.sifnos import explain, render, svg
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

    # ---- explaining the game ------------------------------------------------------------
    def howto(self) -> str:
        return explain.howto()

    def glossary(self) -> list[Topic]:
        return explain.glossary()

    def rules_section(self, section: str) -> str | None:
        return explain.rules_section(section)

    def rule_sections(self) -> list[str]:
        return explain.rule_sections()

    # ---- a game under way and at its end -----------------------------------------------
    def chapter(self, state: State) -> str:
        assert isinstance(state, SifnosState)
        return explain.chapter(state)

    def log_words(self, state: State, action: int) -> str:
        assert isinstance(state, SifnosState)
        return explain.log_words(state, action)

    def ending(self, state: State) -> Ending | None:
        assert isinstance(state, SifnosState)
        return explain.ending(state)

    def seat_name(self, seat: int) -> str:
        return render.seat_name(seat)

    def colours(self) -> list[str] | None:
        return [svg.SIDE_FILLS[s % len(svg.SIDE_FILLS)] for s in range(self.game.num_players)]

    # ---- the terminal ---------------------------------------------------------------------
    def glance(self, state: State, seat: int | None) -> str:
        assert isinstance(state, SifnosState)
        return render.glance(state, seat)

    def sections(self, state: State, seat: int | None) -> dict[str, str]:
        assert isinstance(state, SifnosState)
        return render.sections(state, seat)
