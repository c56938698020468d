"""Stronger bots beat weaker ones on the toy game by margins far outside the noise.

The win rates seen over many seeds are about 75% for greedy against random (the toy's heuristic values the hand) and 85-90% for mcts against random; each test asks for much less, so it does not
hang on its seed. The games are few and small, so the file runs in a few seconds.
"""

from __future__ import annotations

from towers.sim import run_simulation


def test_greedy_beats_random_when_the_heuristic_values_the_hand() -> None:
    report = run_simulation("toy", 2, 200, ["greedy", "random"], seed=11)
    greedy = report.bot("greedy")
    assert greedy.win_rate > 0.6
    assert greedy.win_rate_ci is not None and greedy.win_rate_ci.low > 0.5
    assert greedy.score_mean > report.bot("random").score_mean


def test_mcts_beats_random() -> None:
    report = run_simulation("toy", 2, 60, ["mcts:iterations=40", "random"], seed=12)
    mcts = report.bot("mcts:iterations=40")
    assert mcts.win_rate > 0.7
    assert mcts.win_rate_ci is not None and mcts.win_rate_ci.low > 0.5
