"""Hints on fixed positions of each game: a legal move, figures that are the real ones, no
dependence on what the seat cannot see, and a budget that is honoured."""

from __future__ import annotations

import random
import threading

import pytest

import towers
from towers.core.registry import views_of
from towers.learn.effects import points
from towers.learn.hints import WIDTH, hint, hint_text, hints_allowed, hints_refusal
from towers.learn.search import Budget, lead_of, search

from .positions import GAMES, HIDDEN, playout, position, scoring_position

SMALL = Budget(iterations=24)


@pytest.mark.parametrize("name", GAMES)
def test_hint_is_a_legal_move_and_names_the_searched_figures(name: str) -> None:
    state = position(name)
    seat = state.current_player()
    before = state.to_json()
    h = hint(state, seat, SMALL, random.Random(3))
    assert state.to_json() == before, "a hint changed the state"
    assert h.action in state.legal_actions()
    assert h.words == state.action_to_string(h.action)
    assert h.found.iterations == SMALL.iterations
    assert h.best is not None and h.best.action == h.action
    # the most tried move is the one given, and its expected lead is the searched value
    assert h.best.visits == max(c.visits for c in h.found.candidates)
    assert h.lead == pytest.approx(lead_of(h.best.value, h.found.lead_now, h.found.scale))
    assert h.other is not None and h.other.action != h.action
    assert h.other_words in h.text
    assert all(len(line) <= WIDTH for line in h.lines)
    assert f"Hint for {views_of(state.game).seat_name(seat)}: {h.words}" in h.text
    assert points(h.points_now, signed=True) in h.text


@pytest.mark.parametrize("name", GAMES)
def test_points_now_are_the_real_score_change(name: str) -> None:
    state = scoring_position(name) or position(name)
    seat = state.current_player()
    h = hint(state, seat, Budget(iterations=8), random.Random(5))
    after = state.clone()
    after.apply_action(h.action)
    assert h.points_now == after.scores()[seat] - state.scores()[seat]
    # and for a move that scores, when there is one, through the move compared with it
    for action in state.legal_actions():
        moved = state.clone()
        moved.apply_action(action)
        change = moved.scores()[seat] - state.scores()[seat]
        if change:
            other = hint(state, seat, Budget(iterations=8), random.Random(5), intended=action)
            assert other.effect.score_after - other.effect.score_before == pytest.approx(
                h.points_now
            )
            from towers.learn.whatif import preview

            assert preview(state, seat, action, random.Random(1)).points_now == change
            break
    else:
        assert name == "dark_tower", f"{name}: the scoring position has no scoring move"


@pytest.mark.parametrize("name", HIDDEN)
def test_a_hint_depends_only_on_what_the_seat_may_know(name: str) -> None:
    state = position(name)
    seat = state.current_player()
    one = state.determinize(seat, random.Random(101))
    two = state.determinize(seat, random.Random(202))
    assert one.observation(seat) == two.observation(seat) == state.observation(seat)
    first = hint(one, seat, SMALL, random.Random(9))
    second = hint(two, seat, SMALL, random.Random(9))
    assert first.action == second.action
    assert first.text == second.text


def test_the_worlds_compared_differ_where_the_seat_cannot_see() -> None:
    # the test above is worth something: its worlds are not all the same world
    state = position("sifnos")
    seat = state.current_player()
    one = state.determinize(seat, random.Random(101))
    two = state.determinize(seat, random.Random(202))
    assert one.to_json() != two.to_json()


def test_a_cancelled_hint_returns_after_one_imagined_game() -> None:
    state = position("torres")
    stop = threading.Event()
    stop.set()
    h = hint(state, state.current_player(), Budget(iterations=20_000), random.Random(1), stop)
    assert h.found.iterations == 1
    assert h.found.cut_short
    assert h.action in state.legal_actions()
    assert "stopped after 1 imagined game" in h.text.replace("\n", " ").replace("  ", " ")


def test_a_hint_stops_when_cancelled_from_another_thread() -> None:
    state = position("tiletum")
    stop = threading.Event()
    timer = threading.Timer(0.2, stop.set)
    timer.start()
    try:
        found = search(state, state.current_player(), Budget(iterations=20_000), None, stop)
    finally:
        timer.cancel()
    assert found.cut_short
    assert 1 <= found.iterations < 20_000


def test_a_think_time_ends_the_search_without_cutting_it_short() -> None:
    state = position("turris")
    found = search(state, state.current_player(), Budget(iterations=None, seconds=0.05))
    assert found.iterations >= 1
    assert not found.cut_short


def test_same_generator_same_hint() -> None:
    state = position("turris")
    seat = state.current_player()
    assert hint_text(state, seat, SMALL, random.Random(4)) == hint_text(
        state, seat, SMALL, random.Random(4)
    )


def test_the_move_about_to_be_made_is_compared() -> None:
    state = position("torres")
    seat = state.current_player()
    best = hint(state, seat, SMALL, random.Random(2))
    mine = next(a for a in state.legal_actions() if a != best.action)
    h = hint(state, seat, SMALL, random.Random(2), intended=mine)
    assert h.intended and h.other is not None and h.other.action == mine
    assert f"Your move, {state.action_to_string(mine)}" in h.text.replace("\n  ", " ")
    same = hint(state, seat, SMALL, random.Random(2), intended=best.action)
    assert "Your move is the one the search found best." in same.text


def test_solo_and_cooperative_hints_speak_of_a_standing() -> None:
    solo = playout("turris", 3, 30, players=1)
    h = hint(solo, solo.current_player(), SMALL, random.Random(1))
    assert "a standing of" in h.text and "ahead of" not in h.text
    team = position("dark_tower")
    h = hint(team, team.current_player(), SMALL, random.Random(1))
    assert "a standing of" in h.text


def test_bad_requests_are_refused_and_change_nothing() -> None:
    state = position("torres")
    seat = state.current_player()
    before = state.to_json()
    with pytest.raises(ValueError, match="decision"):
        hint(state, 1 - seat, SMALL)
    illegal = next(a for a in range(state.game.num_distinct_actions()) if not state.is_legal(a))
    with pytest.raises(ValueError):
        hint(state, seat, SMALL, intended=illegal)
    with pytest.raises(ValueError, match="iterations"):
        Budget(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        Budget(iterations=None, seconds=-1)
    assert state.to_json() == before


def test_hint_policy() -> None:
    duel = towers.make("torres", players=2)
    team = towers.make("dark_tower", players=2)
    # casual games, solo against bots and teams: allowed unless turned off
    assert hints_allowed(duel)
    assert hints_allowed(duel, humans=[0], rated=True)
    assert hints_allowed(team, rated=True)
    assert hints_refusal(duel, table=False) == "this table plays without hints"
    assert hints_refusal(team, server=False) == "hints are turned off on this server"
    # a rated game between people: only when every one of them agreed
    refusal = hints_refusal(duel, rated=True, agreed={0: True})
    names = views_of(duel).seat_names()
    assert refusal is not None and names[1] in refusal and names[0] not in refusal
    assert not hints_allowed(duel, rated=True, table=True)
    assert hints_allowed(duel, rated=True, agreed={0: True, 1: True})
    with pytest.raises(ValueError, match="seat 5"):
        hints_allowed(duel, humans=[5])
