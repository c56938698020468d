"""run_simulation on the toy game: reproducible, rotated, the same with any worker count."""

from __future__ import annotations

import json

import pytest

from towers.core.errors import GameOptionError
from towers.sim import derive_seed, lineup, run_simulation

SEATS = ["greedy", "random", "mcts:iterations=8"]


def figures(report: object) -> dict[str, object]:
    """Everything but the clock and the worker count."""
    data = report.to_dict(timings=False)  # type: ignore[attr-defined]
    data["inputs"].pop("workers")
    return data


def test_the_same_seed_gives_the_same_report() -> None:
    first = run_simulation("toy", 3, 6, SEATS, seed=7)
    second = run_simulation("toy", 3, 6, SEATS, seed=7)
    assert figures(first) == figures(second)
    other = run_simulation("toy", 3, 6, SEATS, seed=8)
    assert [r.seed for r in other.results] != [r.seed for r in first.results]


def test_games_have_their_own_seeds_from_the_run_seed() -> None:
    report = run_simulation("toy", 2, 4, ["random", "random"], seed=3)
    assert [r.seed for r in report.results] == [derive_seed(3, "game", i) for i in range(4)]
    assert len({r.seed for r in report.results}) == 4
    assert derive_seed(3, "game", 0) == derive_seed(3, "game", 0) < 2**63


def test_a_prefix_of_the_games_is_the_same_games() -> None:
    short = run_simulation("toy", 2, 3, ["greedy", "random"], seed=5)
    long = run_simulation("toy", 2, 6, ["greedy", "random"], seed=5)
    assert [r.to_dict(False) for r in short.results] == [r.to_dict(False) for r in long.results[:3]]


def test_rotation_seats_every_bot_at_every_seat_equally() -> None:
    report = run_simulation("toy", 3, 9, SEATS, seed=1)
    assert [b.seat_games for b in report.bots] == [[3, 3, 3]] * 3
    assert [r.lineup for r in report.results[:3]] == [[0, 1, 2], [2, 0, 1], [1, 2, 0]]
    assert lineup(4, 3, rotate=True) == [2, 0, 1]


def test_without_rotation_every_bot_keeps_its_seat() -> None:
    report = run_simulation("toy", 3, 4, SEATS, seed=1, rotate=False)
    assert [b.seat_games for b in report.bots] == [[4, 0, 0], [0, 4, 0], [0, 0, 4]]


def test_two_workers_give_what_one_gives() -> None:
    seats = ["mcts:iterations=6", "random"]
    one = run_simulation("toy", 2, 4, seats, seed=21, workers=1)
    two = run_simulation("toy", 2, 4, seats, seed=21, workers=2)
    assert figures(one) == figures(two)
    assert two.inputs["workers"] == 2


def test_workers_reach_a_game_registered_at_run_time() -> None:
    # the toy game is registered at run time by tests/conftest.py, never by towers itself
    report = run_simulation("toy", 2, 2, ["greedy", "random"], seed=2, workers=2)
    assert report.games == 2


def test_progress_counts_the_games_done() -> None:
    seen: list[int] = []
    run_simulation("toy", 2, 5, ["random", "random"], seed=1, progress=seen.append)
    assert seen == [1, 2, 3, 4, 5]


def test_the_report_adds_up() -> None:
    report = run_simulation("toy", 2, 8, ["greedy", "random"], seed=4)
    assert report.games == 8
    assert sum(b.wins for b in report.bots) == pytest.approx(8)
    assert sum(s.win_rate for s in report.seats) == pytest.approx(1)
    assert report.first_seat_advantage == pytest.approx(report.seats[0].win_rate - 0.5)
    assert report.actions_min <= report.actions_mean <= report.actions_max
    for bot in report.bots:
        assert bot.decisions > 0
        assert bot.score_std >= 0
        assert bot.win_rate_ci is not None
        assert bot.win_rate_ci.low <= bot.win_rate <= bot.win_rate_ci.high
    for result in report.results:
        assert result.actions > sum(result.decisions)  # the toy game deals cards
        assert max(result.returns) > 0


def test_to_dict_is_json_and_echoes_the_inputs() -> None:
    report = run_simulation(
        "toy",
        2,
        2,
        ["mcts", "random"],
        seed=9,
        options={"deck": 6},
        bot_params={"mcts": {"iterations": 5}},
    )
    data = json.loads(json.dumps(report.to_dict()))
    assert data["inputs"] == {
        "game": "toy",
        "players": 2,
        "games": 2,
        "seats": ["mcts", "random"],
        "seed": 9,
        "options": {"deck": 6},
        "game_options": {"deck": 6},
        "bot_params": {"mcts": {"iterations": 5}},
        "rotate": True,
        "workers": 1,
    }
    assert data["entries"][0] == {"label": "mcts", "bot": "mcts", "params": {"iterations": 5}}
    assert len(data["results"]) == 2
    assert "seconds_per_game" in data and "total_seconds" in data
    assert "seconds_per_game" not in report.to_dict(timings=False)
    assert "results" not in report.to_dict(results=False)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seats": ["random"]}, "2 seat specs"),
        ({"games": 0}, "games"),
        ({"workers": 0}, "workers"),
        ({"seats": ["random", "mcts:iterations=0"]}, "iterations"),
        ({"seats": ["random", "mcts:depth=2"]}, "depth"),
        ({"options": {"deck": 5}}, "deck"),
    ],
)
def test_bad_inputs_fail_before_any_game(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"seats": ["random", "random"], "games": 2, **kwargs}
    with pytest.raises((GameOptionError, ValueError), match=message):
        run_simulation("toy", 2, seed=1, **args)  # type: ignore[arg-type]
