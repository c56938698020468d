"""Reviews of short saved games of each game: one rating per decision, the real scores over
time, the ending's categories, and a stored review used again."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import towers
from towers.core.chance import sample_chance
from towers.core.errors import SaveFormatError
from towers.core.record import game_record, save
from towers.core.registry import views_of
from towers.learn.review import (
    FEW_MOVES,
    MOST_TIMES,
    REVIEW_ITERATIONS,
    SWINGS,
    Review,
    decision_budget,
    review,
    review_path,
    review_saved,
)
from towers.learn.search import Budget

from .positions import GAMES, playout

TINY = Budget(iterations=3)


def short_game(name: str, plies: int = 30, seed: int = 2) -> towers.State:
    return playout(name, seed, plies)


def finished_game(name: str, seed: int, **options: object) -> towers.State:
    rng = random.Random(seed)
    state = towers.make(name, players=2, **options).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def decisions(state: towers.State) -> list[tuple[int, int, int]]:
    """(step, seat, legal move count) of each decision in the state's history."""
    game = state.game
    replayed = game.new_initial_state()
    found = []
    for step, action in enumerate(state.history(), start=1):
        seat = replayed.current_player()
        if seat >= 0:
            found.append((step, seat, len(replayed.legal_actions())))
        replayed.apply_action(action)
    return found


def real_scores(state: towers.State) -> list[list[float]]:
    replayed = state.game.new_initial_state()
    series = [[float(x)] for x in replayed.scores()]
    for action in state.history():
        replayed.apply_action(action)
        for seat, x in enumerate(replayed.scores()):
            series[seat].append(float(x))
    return series


@pytest.mark.parametrize("name", GAMES)
def test_a_review_rates_each_decision_and_keeps_the_real_scores(name: str) -> None:
    state = short_game(name)
    seen: list[tuple[int, int]] = []
    made = review(game_record(state), TINY, progress=lambda d, t: seen.append((d, t)))
    wanted = decisions(state)
    assert [(r.step, r.seat, r.choices) for r in made.ratings] == wanted
    assert made.scores == real_scores(state)
    assert made.steps == len(state.history()) and not made.finished
    searched = sum(1 for _, _, n in wanted if n > 1)
    assert seen[0] == (0, searched) and seen[-1] == (searched, searched)
    replayed = state.game.new_initial_state()
    for step, action in enumerate(state.history(), start=1):
        rating = next((r for r in made.ratings if r.step == step), None)
        if rating is not None:
            assert rating.action == action
            assert rating.words == replayed.action_to_string(action)
            after = replayed.clone()
            after.apply_action(action)
            seat = rating.seat
            assert rating.points_now == after.scores()[seat] - replayed.scores()[seat]
            assert rating.cost >= 0
            if rating.forced:
                assert rating.cost == 0 and rating.iterations == 0
            else:
                assert rating.best_lead is not None and rating.played_lead is not None
                assert rating.cost == pytest.approx(max(0.0, rating.best_lead - rating.played_lead))
                if rating.best_action == action:
                    assert rating.cost == 0
                assert replayed.is_legal(rating.best_action)
        replayed.apply_action(action)


def test_a_review_repeats_with_the_same_budget() -> None:
    state = short_game("turris")
    assert review(state, TINY).to_json() == review(state, TINY).to_json()


@pytest.mark.parametrize("name", ["torres", "tiletum"])
def test_a_finished_game_has_its_categories_and_swings(name: str) -> None:
    state = finished_game(name, 4)
    made = review(state, Budget(iterations=2))
    ending = views_of(state.game).ending(state)
    assert ending is not None
    assert made.finished and made.categories == ending.categories
    assert [row[-1] for row in made.rows] == state.scores()
    assert made.verdict == ending.verdict
    for swing in made.swings:
        rating = next(r for r in made.ratings if r.step == swing.step)
        assert swing.seat == rating.seat and swing.cost == rating.cost > 0
        name = views_of(state.game).seat_name(rating.seat)  # its printed name, not its number
        assert swing.text.startswith(f"Step {rating.step}, {name}: ")
        assert rating.best_words in swing.text
    costs = sorted((r.cost for r in made.ratings), reverse=True)
    assert all(s.cost >= costs[len(made.swings) - 1] for s in made.swings)


def test_the_stored_review_is_used_again(tmp_path: Path) -> None:
    state = short_game("torres")
    path = tmp_path / "game.json"
    save(path, state)
    calls: list[int] = []
    made, stored = review_saved(path, TINY, lambda d, t: calls.append(d))
    assert not stored and calls
    assert review_path(path) == tmp_path / "game.review.json"
    assert Review.from_json(review_path(path).read_text()) == made
    calls.clear()
    again, stored = review_saved(path, TINY, lambda d, t: calls.append(d))
    assert stored and again == made and not calls
    # another budget, or a game gone on, is reviewed afresh
    other, stored = review_saved(path, Budget(iterations=4))
    assert not stored and other.budget["iterations"] == 4
    state.apply_action(state.legal_actions()[0])
    save(path, state)
    longer, stored = review_saved(path, Budget(iterations=4))
    assert not stored and longer.steps == made.steps + 1


def test_a_stored_review_that_is_broken_is_made_again(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save(path, short_game("tiletum", plies=12))
    review_path(path).write_text("{not json")
    made, stored = review_saved(path, TINY)
    assert not stored
    assert json.loads(review_path(path).read_text())["key"] == made.key


def test_a_record_with_an_illegal_action_is_refused() -> None:
    state = short_game("torres", plies=6)
    record = game_record(state)
    record["history"] = record["history"] + [10**6]
    with pytest.raises(SaveFormatError):
        review(record, TINY)


def test_the_plot_is_drawn(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from towers.learn.review import plot_scores

    made = review(short_game("sifnos", plies=20), TINY)
    target = tmp_path / "scores.png"
    plot_scores(made, target, views_of(towers.make("sifnos", players=2)).colours())
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_hidden_choice_is_told_only_to_those_who_may_read_it() -> None:
    from towers.core.knowledge import can_read
    from towers.learn.review import Swing, _swings

    state = playout("torres", 2, 60)
    made = review(state, TINY)
    private = [r for r in made.ratings if r.readers != "*"]
    assert private, "the fixed Torres game has no private choice"
    # every private choice is the actor's to read, and no spectator's
    for r in private:
        assert can_read(r.readers, r.seat) and not can_read(r.readers, None)
    # a swing of a private choice says its words only to a seat that may read them
    rating = private[0]
    costly = [
        type(rating)(**{**rating.__dict__, "cost": 5.0, "played_lead": 0.0, "best_lead": 5.0})
    ]
    [swing] = _swings(state, costly)
    assert isinstance(swing, Swing)
    assert rating.log in swing.text_for(rating.seat)
    hidden = swing.text_for(None)
    assert rating.log not in hidden and rating.best_words not in hidden
    name = views_of(state.game).seat_name(rating.seat)
    assert hidden.startswith(f"Step {rating.step}, {name}: a hidden choice")
    assert swing.text_for(1 - rating.seat) == hidden


def test_a_cooperative_game_over_is_reviewed_with_its_ending() -> None:
    state = finished_game("dark_tower", 3)
    made = review(state, Budget(iterations=2))
    ending = views_of(state.game).ending(state)
    assert ending is not None
    assert made.finished and made.unit == "measure"
    assert made.categories == ending.categories and made.notes == ending.notes
    assert [(r.step, r.seat, r.choices) for r in made.ratings] == decisions(state)


def test_a_solo_game_is_reviewed() -> None:
    state = playout("turris", 3, 40, players=1)
    made = review(state, TINY)
    assert made.players == 1 and made.scores == real_scores(state)
    assert [(r.step, r.seat, r.choices) for r in made.ratings] == decisions(state)


def test_a_decision_among_more_moves_gets_more_imagined_games() -> None:
    state = short_game("torres", plies=8)
    made = review(state, Budget(iterations=4))
    searched = [r for r in made.ratings if not r.forced]
    assert searched
    for r in searched:
        spend = decision_budget(Budget(iterations=4), r.choices).iterations
        assert spend == min(4 * MOST_TIMES, max(4, round(4 * r.choices / FEW_MOVES)))
        # one search of the position, and one of each position after when the moves differ
        assert r.iterations == (spend if r.best_action == r.action else 3 * spend)
    assert any(r.choices > FEW_MOVES for r in searched)
    assert max(r.iterations for r in searched) > 3 * 4  # more than the flat count gives
    assert made.budget["few_moves"] == FEW_MOVES and made.budget["most_times"] == MOST_TIMES


def test_the_biggest_swing_is_the_one_a_stronger_search_names() -> None:
    """A fixed Turris game of 50 plies: the costliest decision of the review at the default
    budget, and the move the search preferred there, are those that a search of four times
    as many imagined games names; so are the swings. (At 3 imagined games a decision the
    costliest is another decision, step 15.)"""
    state = playout("turris", 2, 50)
    usual = review(state, Budget(iterations=REVIEW_ITERATIONS))
    stronger = review(state, Budget(iterations=4 * REVIEW_ITERATIONS))

    def top(made: Review) -> tuple[int, int]:
        worst = max(made.ratings, key=lambda r: r.cost)
        return worst.step, worst.best_action

    assert top(usual) == top(stronger)
    assert {s.step for s in usual.swings} == {s.step for s in stronger.swings}
    assert len(usual.swings) == SWINGS


def test_the_same_game_and_seed_give_the_same_review_whatever_the_moves() -> None:
    state = short_game("sifnos", plies=40)
    made = review(state, Budget(iterations=3), seed=5)
    assert made.to_json() == review(state, Budget(iterations=3), seed=5).to_json()
