"""run_tournament on the toy game: every group, every seat, the same on any worker count."""

from __future__ import annotations

from collections import Counter

import pytest

from towers.core.errors import GameOptionError
from towers.sim import run_simulation, run_tournament, seating, tournament_groups

BOTS = ["greedy", "random", "mcts:iterations=6"]


def figures(report: object) -> dict[str, object]:
    """Everything but the clock and where the games ran."""
    data = report.to_dict(timings=False)  # type: ignore[attr-defined]
    data["inputs"].pop("workers")
    data["inputs"].pop("ray", None)
    return data


def test_every_group_is_seated_in_every_rotation_once() -> None:
    groups = tournament_groups(3, 2)
    assert groups == ((0, 1), (0, 2), (1, 2))
    seatings = [tuple(seating(i, groups, rotate=True)) for i in range(6)]
    assert sorted(seatings) == sorted([(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)])
    # the next round of the schedule repeats the first
    assert [seating(i + 6, groups, True) for i in range(6)] == [list(s) for s in seatings]


def test_every_order_seats_each_permutation() -> None:
    groups = tournament_groups(3, 3, every_order=True)
    assert len(groups) == 6
    assert len({seating(i, groups, rotate=False)[0] for i in range(6)}) == 3


def test_a_tournament_plays_every_pairing_at_every_seat() -> None:
    report = run_tournament("toy", 2, 12, BOTS, seed=4)
    pairs = Counter(tuple(r.lineup) for r in report.results)
    assert pairs == {p: 2 for p in [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]}
    assert [b.games for b in report.bots] == [8, 8, 8]
    assert [b.seat_games for b in report.bots] == [[4, 4]] * 3
    assert sum(b.wins for b in report.bots) == pytest.approx(12)
    assert report.inputs["bots"] == BOTS
    assert report.inputs["groups"] == [[0, 1], [0, 2], [1, 2]]


def test_a_bot_named_twice_fields_two_of_it() -> None:
    report = run_tournament("toy", 3, 4, ["random", "random", "greedy", "greedy"], seed=1)
    assert [e.label for e in report.entries] == ["random", "random#2", "greedy", "greedy#2"]
    assert all(len(set(r.lineup)) == 3 for r in report.results)


def test_a_tournament_on_two_workers_gives_what_one_gives() -> None:
    one = run_tournament("toy", 2, 6, BOTS, seed=9, workers=1)
    two = run_tournament("toy", 2, 6, BOTS, seed=9, workers=2)
    assert figures(one) == figures(two)


def test_a_tournament_of_one_group_is_the_simulation_of_it() -> None:
    seats = ["greedy", "random"]
    tournament = run_tournament("toy", 2, 4, seats, seed=3)
    simulation = run_simulation("toy", 2, 4, seats, seed=3)
    assert [r.to_dict(False) for r in tournament.results] == [
        r.to_dict(False) for r in simulation.results
    ]


@pytest.mark.parametrize(
    ("bots", "players", "message"),
    [
        (["random"], 2, "at least 2 bots"),
        (["random", "greedy"], 3, "at least 3 bots"),
        (["random", "robot"], 2, "robot"),
        (["random", "mcts:iterations=0"], 2, "iterations"),
    ],
)
def test_a_tournament_refuses_what_it_cannot_play(
    bots: list[str], players: int, message: str
) -> None:
    with pytest.raises(GameOptionError, match=message):
        run_tournament("toy", players, 2, bots, seed=1)
