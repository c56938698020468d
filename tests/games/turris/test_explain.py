"""A refused Turris action says why, in the rulebook's words, and what is allowed; the state
is unchanged."""

from __future__ import annotations

import random

import pytest

import towers
from towers.core.errors import IllegalActionError
from towers.games.turris import actions as A
from towers.games.turris.frames import Turn
from towers.games.turris.rules import TurrisState


def first_turn(seed: int = 0) -> TurrisState:
    state = towers.make("turris", players=2).new_initial_state()
    rng = random.Random(seed)
    while not (state.current_player() >= 0 and isinstance(state.stack.top, Turn)):
        state.apply_action(rng.choice(state.legal_actions()))
    assert isinstance(state, TurrisState)
    return state


def refusal(state: TurrisState, action: A.Action) -> str:
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(A.SPACE.encode(action))
    assert state.to_json() == before
    message = str(info.value)
    assert "Allowed now:" in message
    return message


def test_an_action_token_not_held() -> None:
    state = first_turn()
    assert "you hold no Additional Action token" in refusal(state, A.UseActionToken())


def test_force_revive_with_no_scout_in_the_graveyard() -> None:
    state = first_turn()
    assert "none of your Scouts is in the Graveyard" in refusal(state, A.ForceRevive())


def test_force_revive_without_the_ichor() -> None:
    state = first_turn()
    seat = state.current_player()
    state.graveyard[seat] = 1
    state.reserve[seat] -= 1
    state.resources[seat] = [0, 0, 0, 0, 0]
    state._legal = state._legal_set = None  # the fields were changed by hand
    message = refusal(state, A.ForceRevive())
    assert "FORCE REVIVE costs" in message and "more than you hold" in message


def test_a_tactics_card_not_in_hand() -> None:
    state = first_turn()
    seat = state.current_player()
    card = next(c for c in range(len(state.game.data.tactics)) if c not in state.hands[seat])
    assert "not in your hand" in refusal(state, A.PlayTactics(card))


def test_a_second_tactics_card_in_one_turn() -> None:
    state = first_turn()
    state.tactics_played = True
    state._legal = state._legal_set = None  # the fields were changed by hand
    seat = state.current_player()
    card = state.hands[seat][0]
    assert "already played" in refusal(state, A.PlayTactics(card))
