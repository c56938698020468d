"""Ratings, the cross-table, balance views and the comparison of two runs, on results made
by hand (so each figure can be worked out here) and on small runs of the toy game."""

from __future__ import annotations

import pytest

from towers.core.errors import GameOptionError
from towers.sim import GameResult, SeatEntry, run_simulation
from towers.sim.analysis import balance, compare, cross_table, finish_ranks, ratings
from towers.sim.summary import summarize

ENTRIES = [SeatEntry("a", "random"), SeatEntry("b", "random"), SeatEntry("c", "random")]


def game(
    index: int,
    lineup: list[int],
    returns: list[float],
    scores: list[float] | None = None,
    balance: dict[str, object] | None = None,
    actions: int = 10,
) -> GameResult:
    n = len(lineup)
    return GameResult(
        index=index,
        seed=index,
        lineup=lineup,
        scores=scores if scores is not None else [10 * r for r in returns],
        returns=returns,
        actions=actions,
        decisions=[1] * n,
        thinking=[0.0] * n,
        seconds=0.0,
        balance=dict(balance or {}),
    )


def test_the_winner_is_first_and_the_losers_are_placed_by_score() -> None:
    assert finish_ranks([0.0, 1.0, 0.0], [40.0, 41.0, 12.0]) == [2, 1, 3]
    assert finish_ranks([0.0, 0.0], [5.0, 5.0]) == [1, 1]


def test_the_cross_table_counts_who_finished_ahead_in_the_games_they_met() -> None:
    results = [
        game(0, [0, 1], [1, 0]),
        game(1, [1, 0], [1, 0]),
        game(2, [0, 1], [1, 0]),
        game(3, [0, 2], [0.5, 0.5]),
    ]
    cells = {(p.first, p.second): p for p in cross_table(ENTRIES, results)}
    assert set(cells) == {("a", "b"), ("b", "a"), ("a", "c"), ("c", "a")}
    assert (cells["a", "b"].games, cells["a", "b"].ahead) == (3, pytest.approx(2 / 3))
    assert cells["b", "a"].ahead == pytest.approx(1 / 3)
    assert cells["a", "c"].ahead == 0.5  # a tie counts a half
    interval = cells["a", "b"].interval
    assert interval is not None and interval.low < 2 / 3 < interval.high


def test_a_bot_that_always_wins_is_rated_above_one_that_always_loses() -> None:
    results = [
        game(i, [i % 2, 1 - i % 2], [1.0, 0.0] if i % 2 == 0 else [0.0, 1.0]) for i in range(20)
    ]
    a, b, c = ratings(ENTRIES, results)
    assert a.mu > 25 > b.mu
    assert a.interval.low > b.interval.high
    assert (a.games, b.games, c.games) == (20, 20, 0)
    assert (c.mu, c.sigma) == pytest.approx((25.0, 25 / 3))  # never played: the prior


def test_balance_views_split_games_and_seats_by_their_labels() -> None:
    results = [
        game(0, [0, 1], [1, 0], balance={"layout": "A", "faction": ["red", "blue"]}),
        game(1, [1, 0], [1, 0], balance={"layout": "A", "faction": ["blue", "red"]}),
        game(2, [0, 1], [0, 1], balance={"layout": "B", "faction": ["red", "blue"]}),
    ]
    views = balance(results)
    layout = {r.label: r for r in views["layout"]}
    assert layout["A"].count == 2 and layout["A"].win_rate == [1.0, 0.0]
    assert layout["B"].count == 1 and layout["B"].win_rate == [0.0, 1.0]
    faction = {r.label: r for r in views["faction"]}
    # red won game 0 at seat 0; blue won game 1 at seat 0 and game 2 at seat 1
    assert faction["red"].count == 3 and faction["red"].win_rate == [pytest.approx(1 / 3)]
    assert faction["blue"].win_rate == [pytest.approx(2 / 3)]


def test_the_toy_game_reports_its_facets_and_the_views_add_up() -> None:
    report = run_simulation("toy", 2, 12, ["greedy", "random"], seed=3)
    views = balance(report.results)
    assert set(views) == {"first card", "opening card"}
    assert sum(r.count for r in views["first card"]) == 12
    assert sum(r.count for r in views["opening card"]) == 24


def test_a_run_compared_with_itself_moves_nothing() -> None:
    report = run_simulation("toy", 2, 20, ["greedy", "random"], seed=1)
    changes = compare(report, report)
    assert changes and not any(c.moved for c in changes)
    assert all(c.difference == 0 for c in changes)
    names = [c.figure for c in changes]
    assert "greedy win rate" in names and "seat 1 score" in names
    assert names[-1] == "game length (actions)"


def test_a_clear_change_moves_and_noise_does_not() -> None:
    results_a = [
        game(i, [0, 1], [1.0, 0.0] if i % 2 else [0.0, 1.0], actions=10) for i in range(40)
    ]
    # b: seat 0 wins every game and games are longer; by-bot figures are as often 0 as 1
    results_b = [game(i, [0, 1], [1.0, 0.0], actions=20 + i % 2) for i in range(40)]
    a = summarize({"game": "toy"}, ENTRIES[:2], results_a, 1.0)
    b = summarize({"game": "toy"}, ENTRIES[:2], results_b, 1.0)
    moved = {c.figure: c for c in compare(a, b)}
    assert moved["seat 0 win rate"].moved and moved["seat 0 win rate"].difference == 0.5
    assert moved["game length (actions)"].moved
    interval = moved["seat 0 win rate"].interval
    assert interval.low < 0.5 < interval.high


def test_runs_of_two_games_are_not_compared() -> None:
    toy = run_simulation("toy", 2, 2, ["random", "random"], seed=1)
    torres = run_simulation("torres", 2, 1, ["random", "random"], seed=1)
    with pytest.raises(GameOptionError, match="different games"):
        compare(toy, torres)
