"""3. Cleanup Phase of Turris, after the Endgame's removal of a Beast (Endgame: at the end of
each Beast Phase after the trigger, Harrow, then Despair, Delusion, Pain): the Altar
advances, the Future First Player takes the First Player token, the Fruit token leaves the
board (Rules Clarification 4); with no Beast left the game ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.turris.board import (
    vacate,
)
from towers.games.turris.frames import (
    P_OVER,
    P_TURNS,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def end_round(state: TurrisState) -> None:
    """The end of the round: the Endgame's Beast removed, then the Cleanup Phase, then the next
    round or the end."""
    g = state.game
    # Endgame: at the end of each Beast Phase after the trigger, remove a Beast
    if state.endgame and not state.endgame_in_beasts:
        for b in g.removal:
            if state.beast_at[b] >= 0:
                vacate(state, state.beast_at[b])
                state.beast_at[b] = -1
                state.flipped[b] = False
                break
    state.endgame_in_beasts = False
    # Cleanup Phase
    state.altar = (state.altar + 1) % len(g.data.altar)
    if state.future_first >= 0:
        state.first_player = state.future_first
    state.future_first = -1
    state.fruit = -1  # Rules Clarification 4
    if not g.solo and max(state.beast_at) < 0:
        # the Endgame's last Beast is gone (solo play ends only by the Solo Endgame)
        state.game_over = True
        state.phase = P_OVER
        state.active = -1
        return
    state.phase = P_TURNS
    state.round += 1
    state.turn_index = 0
    state._start_turn()
