"""Return to Dark Tower's balance facets for simulation reports: the difficulty, the number
of heroes, the main goal and the adversary (one label a game each), and each seat's hero
(one label a seat), so a report shows the win rate, the team's in the cooperative game, under each; a
report of several runs (at Heroic and at Gritty, say) sets them side by side."""

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
        "hero": [hero.name for hero in game.heroes],
    }
