"""How a game is shown, apart from its rules: text for a terminal, an SVG board and the ids of
the board elements that choose each action, for the browser.

A game package declares its views in its plugin (:class:`~towers.core.registry.GamePlugin`);
the views import the rules, never the other way. A game that declares none is shown as its
observation in JSON, and in the browser its moves are listed in words.

>>> import towers
>>> from towers.core.registry import views_of
>>> game = towers.make("torres", players=2)
>>> views_of(game).svg(game.new_initial_state(), 0).startswith("<svg")
True
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from towers.core.game import Game, State


class Views:
    """The plain views: the observation as text, no board. Games subclass it."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def text(self, state: State, seat: int | None) -> str:
        """The board as text for a terminal, as ``seat`` sees it (Rich console markup allowed)."""
        return json.dumps(state.observation(seat), indent=1)

    def svg(self, state: State, seat: int | None) -> str | None:
        """The board as an SVG document as ``seat`` sees it, or None if the game has none.
        Elements a player may click carry the ``id`` attributes that :meth:`targets` names."""
        return None

    def targets(self, action: int) -> list[str]:
        """Ids of the SVG elements that, clicked in this order, choose ``action`` (the same in
        every state); empty for an action with no place on the board."""
        return []
