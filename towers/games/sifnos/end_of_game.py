"""End of the Game (rulebook: End of the Game): the game ends at once when the third Allied
Ship arrives or a Ship must be drawn from an empty Bag; the Dice on their owners' Forts go to
the Workshops, and the Workshops' Dice are placed on the Buildings a last time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.sifnos import frames as F
from towers.games.sifnos.board import N_REGIONS

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState

MAX_ROUNDS = 60
"""Designed: the rulebook has no limit on the game's length, and a table where nobody Invests
would never end; after this many rounds the game ends as if the Bag were empty."""


def end_game(state: SifnosState) -> None:
    """The game ends at once: Dice on their owners' Forts go to the Workshops, which are
    placed from the player who ended it on (rulebook: End of the Game)."""
    p = state.pending
    p.clear()
    ender = state.turn
    state.ended_by = ender
    for r in range(N_REGIONS):
        owner = state.die_owner[r]
        if owner >= 0 and state.fort_at[r] == owner:
            state.workshop[owner].append(state.die_value[r])
            state.die_owner[r] = -1
            state.die_value[r] = 0
    p.push(F.GameEnd())
    n = state.game.num_players
    order = [(ender + k) % n for k in range(n)] if ender < n else list(range(n))
    for seat in reversed(order):
        p.push(F.WORKSHOP(seat))
