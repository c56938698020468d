"""How Torres is shown: the board as text for a terminal (:mod:`towers.games.torres.render`), and as
an SVG with the ids of its clickable elements for the browser (:mod:`towers.games.torres.svg`);
how it explains itself (:mod:`towers.games.torres.explain`). The rules know nothing of these;
the game's plugin declares them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.views import Ending, Topic, Views
from towers.games.torres import explain, render, svg
from towers.games.torres.rules import TorresGame, TorresState

if TYPE_CHECKING:
    from towers.core.game import State


class TorresViews(Views):
    def _game(self) -> TorresGame:
        assert isinstance(self.game, TorresGame)
        return self.game

    def text(self, state: State, seat: int | None) -> str:
        assert isinstance(state, TorresState)
        return render.text(state, seat)

    def svg(self, state: State, seat: int | None) -> str | None:
        assert isinstance(state, TorresState)
        return svg.svg(state, seat)

    def targets(self, action: int) -> list[str]:
        return svg.targets(action)

    # ---- explaining the game ------------------------------------------------------------
    def howto(self) -> str:
        return explain.howto(self._game())

    def glossary(self) -> list[Topic]:
        return explain.glossary(self._game())

    def rules_section(self, section: str) -> str | None:
        return explain.rules_section(section)

    def rule_sections(self) -> list[str]:
        return explain.rule_sections()

    def chapter(self, state: State) -> str:
        assert isinstance(state, TorresState)
        return explain.chapter(state)

    def log_words(self, state: State, action: int) -> str:
        assert isinstance(state, TorresState)
        return explain.log_words(state, action)

    def ending(self, state: State) -> Ending | None:
        assert isinstance(state, TorresState)
        return explain.ending(state)

    def seat_name(self, seat: int) -> str:
        return render.seat_name(seat)

    def colours(self) -> list[str] | None:
        return list(svg.SEAT_COLORS[: self.game.num_players])

    def glance(self, state: State, seat: int | None) -> str:
        assert isinstance(state, TorresState)
        return render.glance(state, seat)

    def sections(self, state: State, seat: int | None) -> dict[str, str]:
        assert isinstance(state, TorresState)
        return render.sections(state, seat)
