"""The bots' strength ordering in two-player Torres, with small budgets (no timings).

Figures over 100 games are measured with ``towers simulate`` and kept in the notes; here a
couple of seeded games check that the ordering holds, seats alternating.
"""

from __future__ import annotations

from towers.sim import run_simulation


def test_greedy_beats_random() -> None:
    report = run_simulation("torres", 2, 2, ["greedy", "random"], seed=3)
    assert report.bot("greedy").win_rate == 1.0
    assert report.bot("greedy").score_mean > 3 * report.bot("random").score_mean


def test_mcts_beats_greedy() -> None:
    report = run_simulation("torres", 2, 2, ["mcts:iterations=12", "greedy"], seed=5)
    assert report.bot("mcts:iterations=12").win_rate == 1.0
