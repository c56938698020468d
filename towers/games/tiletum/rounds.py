"""Playing the Game: four rounds of five phases in order, and the Action phase's turns in turn
order, three each (rulebook: Playing the Game; Preparation phase; Action phase).

The phases nobody decides are steps of a small machine (``state.phase``, the ``S_*`` steps of
:mod:`towers.games.tiletum.frames`); :func:`next_step` takes the next one, and :func:`run`
takes them all up to the next decision, after every action. A turn is a stack of decisions
(:mod:`towers.games.tiletum.action_phase`) that :func:`end_turn` closes.

The rules run on this module's compiled twin when it is built (``rounds.pxd``,
:mod:`towers.core.compiled`); the tests hold it to the plain module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.tiletum.cleanup import cleanup
from towers.games.tiletum.contract import shift_offer
from towers.games.tiletum.frames import (
    S_CYCLE,
    S_KING,
    S_KING_SCORE,
    S_OVER,
    S_PREP,
    S_SETUP,
    S_TURN,
    ActionBonusTile,
    ActionOfChoice,
    ChooseDieValue,
    CompletedBuilding,
    KingTile,
    MerchantToAdjacentTown,
    MoveAnywhere,
    PayIdentical,
    PerformAction,
    TileDraw,
    Turn,
    new_corruption_reveal,
    new_die_draw,
    new_turn,
)
from towers.games.tiletum.setup import enqueue_setup

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState

NEVER_SETTLED = frozenset(
    {
        Turn,
        ChooseDieValue,
        ActionBonusTile,
        ActionOfChoice,
        PayIdentical,
        MoveAnywhere,
        MerchantToAdjacentTown,
        CompletedBuilding,
        KingTile,
    }
)
"""Decisions that wait for the player whatever the state (:func:`run` passes them by)."""


def run(state: TiletumState) -> None:
    """Advance through everything nobody decides, up to a decision, a chance node or the end."""
    # the lists are changed in place, never replaced
    events = state.chance_events
    stack = state.stack
    while not state.game_over:
        if events:
            # draws.draw_ready, with no call at the many draws that are ready: a tile
            # drawn from an empty pile is dropped
            event = events[0]
            if type(event) is not TileDraw or state.piles[event.pile].has_cards():
                return
            events.pop(0)
            continue
        if stack:
            # the action performed and the decisions that never settle by themselves are
            # on top at most states: told here by type, with no call to _settle
            top = stack[-1]
            if type(top) is PerformAction:
                if not top.from_die and top.action_points <= 0:
                    stack.pop()
                    continue
                return
            if type(top) in NEVER_SETTLED or not state._settle():
                return
            continue
        next_step(state)


def next_step(state: TiletumState) -> None:
    """The next step nobody decides: the phases in order, a turn started, the game ended."""
    g = state.game
    d = g.data
    step = state.phase
    if step == S_SETUP:
        enqueue_setup(state)
        state.phase = S_PREP
    elif step == S_PREP:
        # Preparation phase: 8/11/14 dice drawn from the bag and rolled onto the wheel.
        state.chance_events.extend([new_die_draw()] * g.dice_drawn)  # one shared frame
        state.phase = S_CYCLE
    elif step == S_CYCLE:
        # Action phase step 1: reveal the rightmost face-down corruption token.
        state.chance_events.append(new_corruption_reveal())
        state.phase = S_TURN
        state.turn_position = 0
    elif step == S_TURN:
        state.active_player = state.turn_order[state.turn_position]
        state.die_value = 0
        state.die_colour = -1
        state.exchanged_this_turn = False
        state.stack.append(new_turn())
    elif step == S_KING:
        state._king_phase_tile()
        state.phase = S_KING_SCORE
    elif step == S_KING_SCORE:
        state._king_phase_score()
        state._fair_phase()
        if state.round == d.rounds - 1:
            state._final_scoring()
            state.game_over = True
            state.phase = S_OVER
            state.active_player = -1
        else:
            cleanup(state)
            state.round += 1
            state.turn = 0
            state.phase = S_PREP


def end_turn(state: TiletumState) -> None:
    """The turn ends: the Contract offer is refilled, the next player in turn order plays;
    after everyone's third turn the King phase follows."""
    state.stack.clear()
    shift_offer(state)
    state.turn_position += 1
    if state.turn_position == state.game.num_players:
        state.turn_position = 0
        state.turn += 1
        state.phase = S_CYCLE if state.turn < state.game.data.turns_per_round else S_KING
    state.active_player = -1
