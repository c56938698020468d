"""Turris's balance facets for simulation reports: each seat's faction and side (one label a
seat), so a report shows the win rate of each faction side."""

from __future__ import annotations

from towers.core.game import State
from towers.games.turris.data import load


def facets(state: State) -> dict[str, str | list[str]]:
    from towers.games.turris.rules import TurrisState

    assert isinstance(state, TurrisState)
    factions = load().factions
    labels = [
        f"{factions[f].name} {'AB'[s]}" if f >= 0 else "none"
        for f, s in zip(state.faction, state.side, strict=True)
    ]
    return {"faction": labels}
