"""Gameplay: Rounds. A round of Turris is the Player Turn Phase, the Beast Phase and the
Cleanup Phase; solo, the Betrayer Phase comes between the Player Turn Phase and the Beast
Phase (Appendix 1: Solo Rounds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.turris.frames import (
    P_BEASTS,
    P_BETRAYERS,
    P_SETUP,
    P_TURNS,
    BeastTurn,
    EndTurn,
    TacticsDraw,
    Turn,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def next_step(state: TurrisState) -> None:
    """Move on when nothing is pending: the first round after Setup (step 14's Tactics cards),
    the next turn, the Betrayer or Beast Phase, or the Cleanup Phase."""
    g = state.game
    n = g.num_players
    if state.phase == P_SETUP:
        # Setup step 14: a Tactics card each, in turn order
        for k in range(n):
            state._queue_draw(TacticsDraw((state.first_player + k) % n))
        state.phase = P_TURNS
        state.round = 1
        state.turn_index = 0
        state._start_turn()
    elif state.phase == P_TURNS:
        state.turn_index += 1
        if state.turn_index < n:
            state._start_turn()
        elif g.solo:
            state._check_solo_rooms()
            if not state.game_over:
                state._betrayer_phase()
        else:
            state._beast_phase()
    elif state.phase == P_BETRAYERS:
        # the end of the Betrayer Phase: the Betrayers gain 1 Prestige
        state._score_betrayers(g.c["solo_betrayer_phase_prestige"])
        if not state.game_over:
            state._beast_phase()
    elif state.phase == P_BEASTS:
        state._end_round()


def is_quiet(state: TurrisState) -> bool:
    """Between actions: the current action is fully resolved (Excavation Sites)."""
    return not state.stack or isinstance(state.stack[-1], Turn | EndTurn | BeastTurn)
