"""Towers of Sifnos's balance facets for simulation reports: the Setup Aids each seat was
dealt (one label a seat), so a report shows the win rate by Setup Aid."""

from __future__ import annotations

from towers.core.game import State
from towers.games.sifnos.actions import DATA


def facets(state: State) -> dict[str, str | list[str]]:
    from towers.games.sifnos.rules import SifnosState

    assert isinstance(state, SifnosState)
    n = state.game.num_players
    aids = [
        "+".join(str(DATA.setup_aids[a].id) for a in sorted(state.aids[seat])) for seat in range(n)
    ]
    return {"setup aids": aids}
