"""``sample_chance`` picks the first outcome whose running total of probabilities passes the
generator's draw (the last one if rounding leaves the total short of it): the same pick, for
the same seed, as the plain loop written here, whatever the outcomes."""

from __future__ import annotations

import random

import pytest

from towers.core.chance import sample_chance


class Outcomes:
    """A chance node as far as sample_chance looks: just its outcomes."""

    def __init__(self, outcomes: list[tuple[int, float]]) -> None:
        self.outcomes = outcomes

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.outcomes


def by_loop(outcomes: list[tuple[int, float]], r: float) -> int:
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def draws_to_try(outcomes: list[tuple[int, float]], rng: random.Random, count: int) -> list[float]:
    """Draws to hold a game's own pick to :func:`by_loop` with: ``count`` of ``rng``, the
    ends, and each running total with the floats either side of it."""
    edges = [0.0, 1.0 - 2**-53]
    acc = 0.0
    for _, p in outcomes:
        acc += p
        edges += [acc, acc - 2**-53, min(acc + 2**-53, 1.0 - 2**-53)]
    return [rng.random() for _ in range(count)] + edges


def cases() -> list[list[tuple[int, float]]]:
    rng = random.Random(3)
    found = [
        [(7, 1.0)],
        [(a, 1 / 6) for a in range(6)],
        [(1, 0.1)] * 10,
        [(0, 0.5), (1, 0.0), (2, 0.5)],
    ]
    for _ in range(200):
        counts = [rng.randrange(0, 5) for _ in range(rng.randrange(1, 40))]
        total = sum(counts) or 1
        found.append([(k, n / total) for k, n in enumerate(counts) if n] or [(0, 1.0)])
    return found


@pytest.mark.parametrize("outcomes", cases())
def test_the_pick_is_the_running_totals_first_past_the_draw(
    outcomes: list[tuple[int, float]],
) -> None:
    state = Outcomes(outcomes)
    for seed in range(20):
        r = random.Random(seed).random()
        assert sample_chance(state, random.Random(seed)) == by_loop(outcomes, r)  # type: ignore[arg-type]
    # draws on a running total, and past the whole (rounding) go to the first past and the last
    total = 0.0
    for _, p in outcomes:
        total += p
        fixed = random.Random()
        fixed.random = lambda total=total: total  # type: ignore[method-assign]
        assert sample_chance(state, fixed) == by_loop(outcomes, total)  # type: ignore[arg-type]
    fixed = random.Random()
    fixed.random = lambda: 1.0  # type: ignore[method-assign]
    assert sample_chance(state, fixed) == outcomes[-1][0]  # type: ignore[arg-type]


def test_no_outcomes_is_not_a_chance_node() -> None:
    with pytest.raises(ValueError, match="chance node"):
        sample_chance(Outcomes([]), random.Random(1))  # type: ignore[arg-type]
