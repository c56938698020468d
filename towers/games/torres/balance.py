"""Torres's balance facets for simulation reports: the variant, the starting castles' layout
and, in the master version, the master card in play (one label a game each), so a report
shows the win rate by seat under each of them."""

from __future__ import annotations

from towers.core.game import State
from towers.games.torres import actions as A


def facets(state: State) -> dict[str, str | list[str]]:
    from towers.games.torres.rules import TorresState

    assert isinstance(state, TorresState)
    game = state.game
    layout = game.options["layout"]
    found: dict[str, str | list[str]] = {
        "variant": str(game.options["variant"]),
        "layout": layout if isinstance(layout, str) else "custom " + layout_text(layout),
    }
    if state.master_card >= 0:
        found["master card"] = A.MASTER_KEYS[state.master_card]
    return found


def layout_text(squares: tuple[tuple[int, int], ...]) -> str:
    """A custom layout's squares as ``x,y`` in order, e.g. ``1,1 6,6 ...``."""
    return " ".join(f"{x},{y}" for x, y in squares)
