"""The ``mcts`` think time is measured on the clock asked for: wall time by default, this
thread's processor time with ``clock=cpu``. Fake clocks stand in for both, so nothing here
depends on how busy the machine is."""

from __future__ import annotations

import time

import pytest

import towers
from tests.agents.helpers import toy_decision
from tests.agents.nim import NIM
from towers.agents import MCTSBot
from towers.agents.mcts import SETTLED_EVERY
from towers.agents.params import BotParamError
from towers.core.registry import make_bot


class FakeClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def _patch(
    monkeypatch: pytest.MonkeyPatch, wall_step: float, cpu_step: float
) -> tuple[FakeClock, FakeClock]:
    wall, cpu = FakeClock(wall_step), FakeClock(cpu_step)
    monkeypatch.setattr(time, "perf_counter", wall)
    monkeypatch.setattr(time, "thread_time", cpu)
    return wall, cpu


def test_a_cpu_think_time_is_measured_on_the_thread_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    # wall time runs 100 times faster than processor time, as on a heavily loaded machine
    wall, cpu = _patch(monkeypatch, wall_step=1.0, cpu_step=0.01)
    bot = MCTSBot(seed=1, seconds=0.1, clock="cpu")
    bot.choose(toy_decision(seed=3))
    assert cpu.reads > 0
    # 0.1 s of processor time at 0.01 s a read: about ten iterations, whatever the wall did
    assert 5 <= bot.iterations_done <= 12


def test_a_wall_think_time_ignores_the_thread_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    wall, cpu = _patch(monkeypatch, wall_step=0.01, cpu_step=1.0)
    bot = MCTSBot(seed=1, seconds=0.1)
    assert bot.clock == "wall"
    bot.choose(toy_decision(seed=3))
    assert cpu.reads == 0
    assert 5 <= bot.iterations_done <= 12


def test_a_server_time_limit_stays_wall_time_under_a_cpu_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the processor clock hardly moves, but the wall limit of 0.1 s still ends the search
    _patch(monkeypatch, wall_step=0.01, cpu_step=1e-6)
    bot = MCTSBot(seed=1, seconds=5.0, clock="cpu")
    bot.time_limit = 0.1
    bot.choose(toy_decision(seed=3))
    assert 3 <= bot.iterations_done <= 12


def test_the_clock_is_a_declared_parameter_with_two_values() -> None:
    bot = make_bot("mcts", seed=0, seconds=0.2, clock="cpu")
    assert isinstance(bot, MCTSBot) and bot.clock == "cpu"
    assert "clock" in {p.name for p in MCTSBot.PARAMS}
    assert "cpu" in next(p.help for p in MCTSBot.PARAMS if p.name == "clock")
    with pytest.raises(BotParamError, match="clock must be wall or cpu, not sundial"):
        MCTSBot(seed=0, seconds=0.2, clock="sundial")


def test_a_think_time_ends_once_its_answer_is_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    # three stones: taking all three wins at once, and the search soon sees nothing else
    # could overtake it: it stops once its lead passes 1.5 times the ~1000 - n iterations left
    _patch(monkeypatch, wall_step=1e-6, cpu_step=0.001)
    state = towers.make(NIM, stones=3).new_initial_state()
    eager = MCTSBot(seed=1, seconds=1.0, clock="cpu")
    assert eager.choose(state) == 2
    assert eager.iterations_done < 700 and eager.iterations_done % SETTLED_EVERY == 0
    full = MCTSBot(seed=1, seconds=1.0, clock="cpu", stop_early=False)
    assert full.choose(state) == 2
    assert full.iterations_done > 900


@pytest.mark.parametrize("seed", range(6))
def test_stopping_early_never_changes_the_move(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    # at a steady pace the rest of the time could not have overtaken the settled answer
    _patch(monkeypatch, wall_step=1e-6, cpu_step=0.001)
    state = toy_decision(players=2 + seed % 2, seed=seed)
    eager = MCTSBot(seed=seed, seconds=0.3, clock="cpu")
    full = MCTSBot(seed=seed, seconds=0.3, clock="cpu", stop_early=False)
    assert eager.choose(state.clone()) == full.choose(state.clone())
    assert eager.iterations_done <= full.iterations_done


def test_a_count_of_iterations_runs_in_full() -> None:
    state = towers.make(NIM, stones=3).new_initial_state()
    bot = MCTSBot(seed=1, iterations=300)
    assert bot.choose(state) == 2
    assert bot.iterations_done == 300
