"""1. Player Turn Phase of Turris: each player's turn of three steps (Action Step, Complete
Mission Step, Trionfi Step), then discard down to 4 Tactics cards and refill the Missions
Tableau to 5 (after the Trionfi Step)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.turris import actions as A
from towers.games.turris.effects import trigger
from towers.games.turris.frames import (
    DiscardDown,
    EndTurn,
    MissionDraw,
    MissionStep,
    TrionfiChoice,
    Turn,
    unanswered,
)
from towers.games.turris.twins import made

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def start_turn(state: TurrisState) -> None:
    """The next seat's turn: two actions, nothing played or collected yet, its turn-start
    effects."""
    seat = (state.first_player + state.turn_index) % state.game.n_players
    state.active = seat
    state.actions_left = state.game.c["actions_per_turn"]
    state.placed_action = False
    state.collected = False
    state.gathers = 0
    state.tactics_played = False
    state.once_used = []
    state.stack.append(made(Turn, seat))
    trigger(state, seat, "turn_start")


def end_turn_stage(state: TurrisState, seat: int, stage: int) -> None:
    """The steps after the Action Step, from ``stage`` on: the Complete Mission Step, the
    Trionfi Step, the discard to 4, the Mission refill. A step that puts a decision to the
    seat goes on the stack above the next stage; one with nothing to decide is passed at once
    (its frame would be settled away unasked)."""
    stack = state.stack
    if stage == 0:
        if state._completable(seat):
            stack[-1] = made(EndTurn, seat, 1)
            stack.append(made(MissionStep, seat))
            return
        stage = 1
    if stage == 1:
        # the Trionfi Step: a Tower Room from a Grove Collect, prerequisite met now
        p = state.grove_room[seat]
        state.grove_room[seat] = 0
        if p and state._may_build(seat):
            stack[-1] = made(EndTurn, seat, 2)
            stack.append(made(TrionfiChoice, seat, p, True))
            return
        stage = 2
    g = state.game
    if stage == 2 and len(state.hands[seat]) > g.c["tactics_hand_limit"]:
        stack[-1] = made(EndTurn, seat, 3)
        stack.append(made(DiscardDown, seat))
        return
    stack.pop()
    for _ in range(g.c["mission_tableau"] - len(state.missions)):
        state._queue_draw(made(MissionDraw))


def settle_end_turn(state: TurrisState, top: EndTurn) -> bool:
    """Settle a :class:`EndTurn` that needs no decision; False: it is put to its seat."""
    seat = top.seat
    stage = top.stage
    end_turn_stage(state, seat, stage)
    return True


def settle_discard_down(state: TurrisState, top: DiscardDown) -> bool:
    """Settle a :class:`DiscardDown` that needs no decision; False: it is put to its seat."""
    seat = top.seat
    if len(state.hands[seat]) <= state.game.c["tactics_hand_limit"]:
        state.stack.pop()
        return True
    return False


def decide_discard_down(state: TurrisState, top: DiscardDown, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`DiscardDown`."""
    seat = top.seat
    match value:
        case A.Discard(card=card):
            state.hands[seat].remove(card)
            state.tactics_discard.append(card)
            return
    raise unanswered(top, value)
