"""How Turris is shown: the table as text for a terminal (:mod:`towers.games.turris.render`),
and as an SVG with the ids of its clickable elements for the browser
(:mod:`towers.games.turris.svg`); how it explains itself (how it goes, its components, the
rulebook's sections, the log, the ending: :mod:`towers.games.turris.explain`). The rules know
nothing of these; the game's plugin declares them as
``towers.games.turris.views:TurrisViews``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.views import Ending, Topic, Views
from towers.games.turris import explain, render, svg
from towers.games.turris.rules import TurrisGame, TurrisState

if TYPE_CHECKING:
    from towers.core.game import State


class TurrisViews(Views):
    def _game(self) -> TurrisGame:
        assert isinstance(self.game, TurrisGame)
        return self.game

    def text(self, state: State, seat: int | None) -> str:
        assert isinstance(state, TurrisState)
        return render.text(state, seat)

    def svg(self, state: State, seat: int | None) -> str | None:
        assert isinstance(state, TurrisState)
        return svg.svg(state, seat)

    def targets(self, action: int) -> list[str]:
        return svg.targets(action)

    # ---- explaining the game --------------------------------------------------------------
    def howto(self) -> str:
        return explain.howto(self._game())

    def glossary(self) -> list[Topic]:
        return explain.glossary(self._game())

    def rules_section(self, section: str) -> str | None:
        return explain.rules_section(section)

    def rule_sections(self) -> list[str]:
        return explain.rule_sections()

    def chapter(self, state: State) -> str:
        assert isinstance(state, TurrisState)
        return explain.chapter(state)

    def log_words(self, state: State, action: int) -> str:
        assert isinstance(state, TurrisState)
        return explain.log_words(state, action)

    def ending(self, state: State) -> Ending | None:
        assert isinstance(state, TurrisState)
        return explain.ending(state)

    def seat_name(self, seat: int) -> str:
        return render.seat_name(self._game(), seat)

    def colours(self) -> list[str] | None:
        game = self._game()
        return [svg.seat_fill(game, s) for s in range(game.num_players)]

    # ---- the terminal -----------------------------------------------------------------------
    def glance(self, state: State, seat: int | None) -> str:
        assert isinstance(state, TurrisState)
        return render.glance(state, seat)

    def sections(self, state: State, seat: int | None) -> dict[str, str]:
        assert isinstance(state, TurrisState)
        return render.sections(state, seat)
