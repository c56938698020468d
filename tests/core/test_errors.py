"""Error kinds and the IllegalActionError message."""

from __future__ import annotations

import random

import pytest

import towers
from towers.core.chance import random_action
from towers.core.errors import IllegalActionError


def test_the_message_names_the_action_reason_rule_and_allowed() -> None:
    err = IllegalActionError("play 3", "no such card", "Toy: play", ["pass", "play 1"])
    assert str(err) == "play 3 is not allowed: no such card (Toy: play). Allowed now: pass, play 1."
    assert err.allowed_total == 2


def test_the_message_counts_what_it_does_not_show() -> None:
    err = IllegalActionError("x", "why", allowed=["a", "b"], allowed_total=7)
    assert str(err) == "x is not allowed: why. Allowed now: a, b and 5 more."


def test_nothing_allowed_is_said() -> None:
    assert str(IllegalActionError("x", "the game is over", allowed_total=0)) == (
        "x is not allowed: the game is over. Nothing is allowed now."
    )


def test_error_kinds() -> None:
    for kind in (
        towers.IllegalActionError,
        towers.ActionParseError,
        towers.GameOptionError,
        towers.SaveFormatError,
    ):
        assert issubclass(kind, towers.TowersError)
        assert issubclass(kind, ValueError)
    assert not issubclass(towers.IllegalActionError, towers.ActionParseError)


def _decision(seed: int = 0) -> towers.State:
    state = towers.make("toy").new_initial_state()
    towers.resolve_chance(state, random.Random(seed))
    return state


def test_a_game_refuses_an_action_not_allowed_now() -> None:
    state = _decision()
    before = state.to_json()
    with pytest.raises(towers.IllegalActionError) as failure:
        state.apply_action(6)  # a draw, which only chance may do
    err = failure.value
    assert err.tried == "draw 3"
    assert err.reason == "only a chance node draws cards"
    assert err.rule == "Toy: draw"
    assert err.allowed == [state.action_to_string(a) for a in state.legal_actions()]
    assert str(err).startswith("draw 3 is not allowed: only a chance node draws cards (Toy: draw)")
    assert state.to_json() == before
    assert state.explain(6) == str(err)


def test_out_of_range_actions_say_the_range() -> None:
    state = _decision()
    for bad in (-1, 7, 10**9):
        with pytest.raises(towers.IllegalActionError, match="whole numbers from 0 to 6") as failure:
            state.apply_action(bad)
        assert failure.value.tried == f"action {bad}"


def test_a_finished_game_allows_nothing() -> None:
    state = towers.make("toy").new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    with pytest.raises(towers.IllegalActionError, match="the game is over. Nothing is allowed now"):
        state.apply_action(0)


def test_unknown_text_is_a_parse_error() -> None:
    state = _decision()
    with pytest.raises(towers.ActionParseError, match="names no toy action"):
        state.string_to_action("castle")
