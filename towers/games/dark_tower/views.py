"""How Return to Dark Tower is shown: the table as text for a terminal, its glance and its
sections (:mod:`towers.games.dark_tower.render`), as an SVG with the ids of its clickable
elements for the browser (:mod:`towers.games.dark_tower.svg`), and how it explains itself
(:mod:`towers.games.dark_tower.explain`: how it goes, the glossary, the rulebook's sections,
the log's chapters and words, the ending). The rules know nothing of these; the game's plugin
declares them as ``towers.games.dark_tower.views:DarkTowerViews``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.views import Ending, Topic, Views
from towers.games.dark_tower import explain, render, svg
from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState

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

    # ---- explaining the game ------------------------------------------------------------
    def howto(self) -> str:
        assert isinstance(self.game, DarkTowerGame)
        return explain.howto(self.game.competitive)

    def glossary(self) -> list[Topic]:
        return list(explain.glossary())

    def rules_section(self, section: str) -> str | None:
        return explain.rules_section(section)

    def rule_sections(self) -> list[str]:
        return explain.rule_sections()

    # ---- a game under way and at its end -----------------------------------------------
    def chapter(self, state: State) -> str:
        assert isinstance(state, DarkTowerState)
        return explain.chapter(state)

    def log_words(self, state: State, action: int) -> str:
        assert isinstance(state, DarkTowerState)
        return explain.log_words(state, action)

    def ending(self, state: State) -> Ending | None:
        assert isinstance(state, DarkTowerState)
        return explain.ending(state)

    def seat_name(self, seat: int) -> str:
        """A hero is named by its hero's printed name ("Brutal Warlord"), not its colour:
        that is what players call each other at this table, the heroes are distinct in every
        game, and every seat has one from the start (by default the hero of its home kingdom).
        The board draws each hero in its kingdom's colour, so the colour goes beside the name
        as a swatch, never as a second name."""
        assert isinstance(self.game, DarkTowerGame)
        return render.seat_name(self.game, seat)

    def colours(self) -> list[str] | None:
        assert isinstance(self.game, DarkTowerGame)
        return explain.colours(self.game)

    # ---- the terminal ---------------------------------------------------------------------
    def glance(self, state: State, seat: int | None) -> str:
        assert isinstance(state, DarkTowerState)
        return render.glance(state, seat)

    def sections(self, state: State, seat: int | None) -> dict[str, str]:
        assert isinstance(state, DarkTowerState)
        return render.sections(state, seat)
