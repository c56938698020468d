"""Bot parameters as declared beside each bot: reading, checking, bounds, and time limits."""

from __future__ import annotations

import math
import random
import time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import towers
from towers.agents import GreedyBot, MCTSBot
from towers.agents.mcts import MAX_ITERATIONS
from towers.agents.params import BotParamError, Param, check_params, clamp_params, is_light
from towers.core.registry import bot_class, check_bot_params, list_bots

COUNT = Param("count", int, 4, "how many", low=1, limit=64, light=16)
RATE = Param("rate", float, None, "how fast", low=0, above_low=True, limit=30.0, light=1.0)
FLAG = Param("flag", bool, True, "whether")


@pytest.mark.parametrize(
    ("param", "text", "value"),
    [
        (COUNT, "12", 12),
        (COUNT, " 7 ", 7),
        (COUNT, 3.0, 3),
        (RATE, "0.25", 0.25),
        (RATE, 2, 2.0),
        (FLAG, "yes", True),
        (FLAG, "OFF", False),
        (FLAG, "true", True),
        (FLAG, False, False),
    ],
)
def test_values_are_read_as_people_type_them(param: Param, text: Any, value: Any) -> None:
    checked = param.check(text)
    assert checked == value and type(checked) is type(value)


@pytest.mark.parametrize(
    ("param", "value", "words"),
    [
        (COUNT, "abc", "a whole number of at least 1"),
        (COUNT, 0, "a whole number of at least 1"),
        (COUNT, 2.5, "a whole number"),
        (COUNT, True, "a whole number"),
        (COUNT, None, "a whole number"),
        (COUNT, [1], "a whole number"),
        (RATE, 0, "a number more than 0"),
        (RATE, math.inf, "a number more than 0"),
        (RATE, math.nan, "a number more than 0"),
        (RATE, "fast", "a number more than 0"),
        (FLAG, 1, "true or false"),
        (FLAG, "maybe", "true or false"),
    ],
)
def test_a_bad_value_says_what_is_allowed(param: Param, value: Any, words: str) -> None:
    with pytest.raises(BotParamError, match=words) as failure:
        param.check(value)
    assert failure.value.param == param.name and failure.value.limit is None


def test_a_bound_applies_only_where_asked_and_is_named() -> None:
    assert COUNT.check(65) == 65
    with pytest.raises(BotParamError, match="count may be at most 64 here, not 65") as failure:
        COUNT.check(65, limited=True)
    assert (failure.value.param, failure.value.limit) == ("count", 64)
    assert COUNT.check(64, limited=True) == 64


@given(st.one_of(st.integers(), st.floats(allow_nan=True), st.text(), st.booleans(), st.none()))
def test_clamped_values_are_always_allowed(value: Any) -> None:
    for param in (COUNT, RATE, FLAG):
        clamped = param.clamp(value)
        assert clamped == param.default or param.check(clamped, limited=True) == clamped


def test_stored_parameters_are_clamped_to_the_bounds() -> None:
    stored = {"count": 10**9, "rate": "soon", "flag": "no", "gone": 1}
    assert clamp_params((COUNT, RATE, FLAG), stored) == {"count": 64, "rate": None, "flag": False}


def test_unknown_parameters_list_the_known_ones() -> None:
    with pytest.raises(BotParamError, match="bot has no parameter 'depth'; it takes: count, rate"):
        check_params("bot", (COUNT, RATE), {"depth": 3})
    with pytest.raises(BotParamError, match="^bot: count must be"):
        check_params("bot", (COUNT, RATE), {"count": "x"})


def test_lightness_follows_the_declared_thresholds() -> None:
    assert is_light((COUNT, RATE), {})
    assert is_light((COUNT, RATE), {"count": 16, "rate": 1.0})
    assert not is_light((COUNT, RATE), {"count": 17})
    assert not is_light((COUNT, RATE), {"rate": 1.5})
    assert MCTSBot.is_light({}) and not MCTSBot.is_light({"seconds": 5})
    assert GreedyBot.is_light({}) and not GreedyBot.is_light({"samples": 64})


def test_every_bot_declares_its_parameters_for_players() -> None:
    for name in list_bots():
        cls = bot_class(name)
        assert cls.about and "``" not in cls.about and "state." not in cls.about
        for p in cls.PARAMS:
            assert p.help and p.allowed()
            assert p.check(p.default, limited=True) == p.default
        # the declaration and the constructor agree on the names; a bot that needs a value
        # with no default (the policy bot's file) says which
        try:
            made = towers.make_bot(name, seed=0, **{p.name: p.default for p in cls.PARAMS})
        except BotParamError as exc:
            needed = {p.name for p in cls.PARAMS if p.default is None}
            assert exc.param in needed, exc
        else:
            assert made is not None


def torres_mid_game() -> towers.State:
    state = towers.make("torres", players=2).new_initial_state()
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    while state.is_chance_node():
        state.apply_action(towers.sample_chance(state, random.Random(0)))
    return state


def test_a_time_limit_cuts_a_count_of_iterations_short() -> None:
    state = torres_mid_game()
    bot = MCTSBot(seed=1, iterations=MAX_ITERATIONS)
    bot.time_limit = 0.2
    started = time.perf_counter()
    action = bot.choose(state)
    assert time.perf_counter() - started < 2.0
    assert state.is_legal(action)
    assert 1 <= bot.iterations_done < MAX_ITERATIONS


def test_a_time_limit_longer_than_the_search_changes_nothing() -> None:
    state = torres_mid_game()
    free = MCTSBot(seed=4, iterations=30)
    limited = MCTSBot(seed=4, iterations=30)
    limited.time_limit = 60.0
    assert free.choose(state.clone()) == limited.choose(state.clone())
    assert limited.iterations_done == 30


def test_greedy_out_of_time_takes_the_best_scored_so_far() -> None:
    state = torres_mid_game()
    bot = GreedyBot(seed=2, samples=4)
    bot.time_limit = 0.0
    assert state.is_legal(bot.choose(state))


# ---- every declared parameter refuses every kind of bad value -----------------------------
CLOCK = Param("clock", str, "wall", "what time is measured on", choices=("wall", "cpu"))


def test_a_text_parameter_with_choices_takes_only_those() -> None:
    assert CLOCK.check(" CPU ") == "cpu" and CLOCK.check("wall") == "wall"
    assert CLOCK.allowed() == "wall or cpu"
    for bad in ("banana", "", "wall clock", 1, True, None, ["cpu"]):
        with pytest.raises(BotParamError, match="^clock must be wall or cpu, not ") as failure:
            CLOCK.check(bad)
        assert failure.value.param == "clock"
    assert CLOCK.clamp("banana") == "wall"
    assert CLOCK.to_dict()["choices"] == ["wall", "cpu"]
    assert COUNT.to_dict()["choices"] == []
    with pytest.raises(ValueError, match="not a choice"):
        Param("clock", str, "sundial", "what time is measured on", choices=("wall", "cpu"))
    with pytest.raises(ValueError, match="only a text parameter"):
        Param("count", int, 1, "how many", choices=("1",))


def bad_values(param: Param) -> list[Any]:
    """Values ``param`` must refuse: of another kind, out of its range, not among its choices."""
    values: list[Any] = [[1], {}, {"a": 1}]
    if param.default is not None:
        values.append(None)
    if param.kind is bool:
        return [*values, "maybe", "", 2, 0.5, "2"]
    if param.kind is str:
        values += ["", "   ", 5, 1.5, True]
        return values + (["banana", f"{param.choices[0]}x"] if param.choices else [])
    values += ["abc", "", True, False, math.nan, math.inf, -math.inf, "nan"]
    if param.kind is int:
        values += [1.5, "2.5"]
    if param.low is not None:
        values += [param.low - 1, param.low - 0.5, -(10**9)]
        if param.above_low:
            values.append(param.low)
    if param.high is not None:
        values += [param.high + 1, param.high + 0.5, 10**9]
    return values


def declared() -> list[tuple[str, Param]]:
    return [(name, p) for name in list_bots() for p in bot_class(name).PARAMS]


@pytest.mark.parametrize(("bot", "param"), declared(), ids=lambda x: getattr(x, "name", x))
def test_every_bot_parameter_refuses_every_kind_of_bad_value(bot: str, param: Param) -> None:
    for value in bad_values(param):
        for limited in (False, True):
            with pytest.raises(BotParamError) as failure:
                check_bot_params(bot, {param.name: value}, limited=limited)
            message = str(failure.value)
            assert failure.value.param == param.name, (value, message)
            assert message.startswith(f"{bot}: {param.name} must be {param.allowed()}"), message


def test_a_think_time_clock_is_one_of_two() -> None:
    clock = next(p for p in MCTSBot.PARAMS if p.name == "clock")
    assert clock.choices == ("wall", "cpu")
    with pytest.raises(BotParamError, match="mcts: clock must be wall or cpu, not banana"):
        check_bot_params("mcts", {"clock": "banana"}, limited=True)
    assert check_bot_params("mcts", {"clock": "CPU"}, limited=True) == {"clock": "cpu"}
