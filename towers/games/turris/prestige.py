"""Prestige in Turris: points scored on the Prestige track, and the Excavation Site change
the first time anyone reaches 10, 20, 30 or 40 (Excavation Sites), made once the current
action is fully resolved."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.turris.frames import (
    SiteDraw,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def score(state: TurrisState, seat: int, points: int) -> None:
    """``seat`` scores ``points``; the first time anyone reaches 10, 20, 30 or 40 the
    Excavation Sites change once the action is resolved. A hook (the ending's ledger wraps
    it)."""
    state.prestige[seat] += points
    for t in state.game.c["excavation_thresholds"]:
        if state.prestige[seat] >= t and t not in state.thresholds_hit:
            # the first time anyone reaches it, once the current action is resolved
            state.thresholds_hit.append(t)
            state.excavation_due += 1
    state._check_endgame()


def change_excavation_sites(state: TurrisState) -> None:
    """Excavation Sites: remove every Site and draw as many as players, in order from A;
    Scouts, Beasts and the Fruit stay on their spots."""
    state.excavation_due -= 1
    for k in state.game.used_spots:
        state.site_at[k] = -1
        state._queue_draw(SiteDraw(k))
