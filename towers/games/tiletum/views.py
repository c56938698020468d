"""How Tiletum is shown: the board as text for a terminal (:mod:`towers.games.tiletum.render`), and as
an SVG with the ids of its clickable elements for the browser (:mod:`towers.games.tiletum.svg`);
how it explains itself, its log and its ending (:mod:`towers.games.tiletum.explain`).
The rules know nothing of these; the game's plugin declares them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.views import Ending, Topic, Views
from towers.games.tiletum import explain, render, svg
from towers.games.tiletum.rules import TiletumGame, TiletumState

if TYPE_CHECKING:
    from towers.core.game import State


class TiletumViews(Views):
    def text(self, state: State, seat: int | None) -> str:
        assert isinstance(state, TiletumState)
        return render.text(state, seat)

    def svg(self, state: State, seat: int | None) -> str | None:
        assert isinstance(state, TiletumState)
        return svg.svg(state, seat)

    def targets(self, action: int) -> list[str]:
        return svg.targets(action)

    # ---- explaining the game ---------------------------------------------------------------
    def howto(self) -> str:
        return explain.howto()

    def glossary(self) -> list[Topic]:
        assert isinstance(self.game, TiletumGame)
        return explain.glossary(self.game)

    def rules_section(self, section: str) -> str | None:
        return explain.rules_section(section)

    def rule_sections(self) -> list[str]:
        return explain.rule_sections()

    # ---- a game under way and at its end ---------------------------------------------------
    def chapter(self, state: State) -> str:
        assert isinstance(state, TiletumState)
        return explain.chapter(state)

    def log_words(self, state: State, action: int) -> str:
        assert isinstance(state, TiletumState)
        return explain.log_words(state, action)

    def ending(self, state: State) -> Ending | None:
        assert isinstance(state, TiletumState)
        return explain.ending(state)

    def seat_name(self, seat: int) -> str:
        return explain.seat_name(seat)

    def colours(self) -> list[str] | None:
        return list(svg.SEAT_COLORS[: self.game.num_players])

    # ---- the terminal ----------------------------------------------------------------------
    def glance(self, state: State, seat: int | None) -> str:
        assert isinstance(state, TiletumState)
        return render.glance(state, seat)

    def sections(self, state: State, seat: int | None) -> dict[str, str]:
        assert isinstance(state, TiletumState)
        return render.sections(state, seat)
