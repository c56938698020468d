"""Return to Dark Tower's balance facets for simulation reports: the difficulty, the number
of heroes, the main goal, the adversary, how the game ended and in which month (one label a
game each), and each seat's hero (one label a seat), so a report shows the win rate, the team's in the
cooperative game, under each; a report of several runs (at Heroic and at Gritty, say) sets
them side by side."""

from __future__ import annotations

from towers.core.game import State


def facets(state: State) -> dict[str, str | list[str]]:
    from towers.games.dark_tower.data import DATA
    from towers.games.dark_tower.rules import DarkTowerState

    assert isinstance(state, DarkTowerState)
    game = state.game
    n = game.num_players
    return {
        "difficulty": str(game.options["difficulty"]),
        "heroes": f"{n} hero{'es' if n > 1 else ''}",
        "main goal": game.goal.name,
        "adversary": DATA.foes[game.adversary].name,
        "ending": ending(state),
        "month": f"month {state.month}",
        "hero": [hero.name for hero in game.heroes],
    }


ENDINGS = (
    ("at once", "every hero left eliminated at once"),
    ("found the relic", "the relic found"),
    ("is defeated", "the adversary defeated"),
    ("empty supply", "the supply ran out"),
    ("none in the supply", "the supply ran out"),
    ("third corruption", "a third corruption"),
    ("sixth month ended", "the sixth month ended"),
)
"""How a game ended, by the words of its ending, the first that matches (a competitive game
won by the others' elimination is labelled by why the last of them went out)."""


def ending(state: State) -> str:
    """How the game ended, one of the labels of :data:`ENDINGS` ("not over" while playing)."""
    if not state.is_terminal():
        return "not over"
    text = getattr(state, "ending", "")
    return next((label for words, label in ENDINGS if words in text), "other")
