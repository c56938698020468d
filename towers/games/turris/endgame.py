"""Endgame of Turris: triggered by all 6 Tower Rooms constructed or 40 Prestige; the winner
by Prestige, then resources (I/K/R/W), then nearness to the First Player in turn order.
Solo: Appendix 1, Solo Endgame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.turris.frames import (
    P_BEASTS,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def check_endgame(state: TurrisState) -> None:
    """Trigger the Endgame (6 Tower Rooms or 40 Prestige); solo, end the game at 40 Prestige
    (Solo Endgame b). A hook (the ending's ledger wraps it)."""
    g = state.game
    if g.solo:
        # Solo Endgame b): 40 Prestige ends the game at once; who reached it first wins
        if not state.game_over:
            if state.prestige[0] >= g.c["prestige_end"]:
                state._end_solo(True)
            elif state.betrayer_prestige >= g.c["prestige_end"]:
                state._end_solo(False)
        return
    if state.endgame:
        return
    if max(state.prestige) >= g.c["prestige_end"] or sum(state.rooms) >= g.c["tower_rooms"]:
        state.endgame = True
        state.endgame_in_beasts = state.phase == P_BEASTS


def winners(state: TurrisState) -> list[int]:
    """Most Prestige; then most resources (I/K/R/W); then nearest the First Player in
    turn order (Endgame). Solo: the player, or nobody when the Betrayers won (Solo
    Endgame)."""
    if not state.game_over:
        return []
    if state.game.solo:
        return [0] if state.player_won else []
    n = state.game.n_players
    order = [(state.first_player + k) % n for k in range(n)]
    best = max(order, key=lambda s: (state.prestige[s], sum(state.resources[s][:4])))
    return [best]
