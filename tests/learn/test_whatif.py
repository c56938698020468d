"""What if: a legal move's result before it is made, from what the seat may know."""

from __future__ import annotations

import random

import pytest

from towers.core.game import CHANCE, TERMINAL
from towers.core.registry import views_of
from towers.learn.effects import points
from towers.learn.whatif import WIDTH, preview, preview_text

from .positions import GAMES, HIDDEN, position, scoring_position


@pytest.mark.parametrize("name", GAMES)
def test_a_preview_says_the_real_score_change_and_who_decides_next(name: str) -> None:
    state = scoring_position(name) or position(name)
    seat = state.current_player()
    before = state.to_json()
    for action in state.legal_actions()[:6]:
        p = preview(state, seat, action, random.Random(2))
        after = state.clone()
        after.apply_action(action)
        assert p.points_now == after.scores()[seat] - state.scores()[seat]
        assert points(p.points_now, signed=True) in p.text
        assert p.words == state.action_to_string(action)
        assert all(len(line) <= WIDTH for line in p.lines)
        if name not in HIDDEN or after.current_player() in (seat, TERMINAL):
            assert p.next_player == after.current_player()
        if p.next_player == seat:
            assert "you decide next" in p.text
        elif p.next_player == CHANCE:
            assert "A draw follows it." in p.text
        if p.reply is not None:
            assert p.reply.seat != seat
            name = views_of(state.game).seat_name(p.reply.seat)
            assert f"Likely reply of {name}: {p.reply.words}" in p.text.replace(
                "\n  ", " "
            )
    assert state.to_json() == before, "a preview changed the state"


def test_the_reply_is_a_legal_move_of_the_next_seat() -> None:
    for seed in range(10):
        state = position("torres", seed=seed, plies=30)
        seat = state.current_player()
        for action in state.legal_actions():
            p = preview(state, seat, action, random.Random(0))
            if p.reply is None:
                continue
            if p.played_on:
                assert p.reply.seat != seat and "your turn ends after" in p.text
                continue
            after = state.clone()
            after.apply_action(action)
            assert after.current_player() == p.reply.seat
            assert after.is_legal(p.reply.action)
            then = after.clone()
            then.apply_action(p.reply.action)
            assert (
                p.reply.points_for_them
                == then.scores()[p.reply.seat] - after.scores()[p.reply.seat]
            )
            return
    raise AssertionError("no move in the fixed positions hands the turn over")


def test_bad_previews_are_refused() -> None:
    state = position("tiletum")
    seat = state.current_player()
    illegal = next(a for a in range(state.game.num_distinct_actions()) if not state.is_legal(a))
    with pytest.raises(ValueError):
        preview(state, seat, illegal)
    with pytest.raises(ValueError, match="decision"):
        preview(state, 1 - seat, state.legal_actions()[0])
    assert preview_text(state, seat, state.legal_actions()[0], random.Random(1)).startswith(
        f"What if {views_of(state.game).seat_name(seat)} plays"
    )
