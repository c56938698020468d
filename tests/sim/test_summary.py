"""The figures summed from per-game results: fractional ties, intervals, first-seat advantage."""

from __future__ import annotations

import pytest

from towers.sim import GameResult, SeatEntry
from towers.sim.summary import rate_interval, sample_std, summarize

ENTRIES = [SeatEntry("a", "random"), SeatEntry("b", "random")]


def result(index: int, lineup: list[int], scores: list[float], returns: list[float]) -> GameResult:
    return GameResult(
        index=index,
        seed=index,
        lineup=lineup,
        scores=scores,
        returns=returns,
        actions=10 + index,
        decisions=[4, 4],
        thinking=[0.1, 0.3],
        seconds=0.5,
    )


def test_a_shared_tie_counts_half_a_win_each() -> None:
    results = [
        result(0, [0, 1], [5, 3], [1, 0]),
        result(1, [1, 0], [4, 4], [0.5, 0.5]),
        result(2, [0, 1], [2, 6], [0, 1]),
        result(3, [1, 0], [1, 7], [0, 1]),
    ]
    report = summarize({}, ENTRIES, results, total_seconds=2.0)
    a, b = report.bots
    assert (a.wins, a.win_rate) == (2.5, 0.625)
    assert (b.wins, b.win_rate) == (1.5, 0.375)
    assert a.score_mean == pytest.approx((5 + 4 + 2 + 7) / 4)
    assert a.score_std == pytest.approx(sample_std([5, 4, 2, 7]))
    assert a.seat_games == [2, 2]
    assert [s.win_rate for s in report.seats] == [0.375, 0.625]
    assert report.first_seat_advantage == pytest.approx(-0.125)
    assert (report.actions_min, report.actions_max, report.actions_mean) == (10, 13, 11.5)
    assert report.decisions_mean == 8
    assert a.seconds_per_decision == pytest.approx((0.1 + 0.3 + 0.1 + 0.3) / 16)
    assert report.seconds_per_game == 0.5


def test_the_wilson_interval_holds_the_rate_and_stays_in_bounds() -> None:
    every = rate_interval([1.0] * 20)
    assert every is not None and every.high == 1.0 and 0.8 < every.low < 1.0
    half = rate_interval([1.0, 0.0] * 50)
    assert half is not None
    assert half.low == pytest.approx(0.5 - half.high + 0.5)
    assert 0.09 < half.high - 0.5 < 0.1
    shifted = rate_interval([1.0, 0.0] * 50, shift=0.5)
    assert shifted is not None and shifted.low == pytest.approx(half.low - 0.5)
    assert rate_interval([]) is None


def test_standard_deviation_uses_n_minus_one() -> None:
    assert sample_std([1.0, 3.0]) == pytest.approx(2**0.5)
    assert sample_std([4.0]) == 0.0
