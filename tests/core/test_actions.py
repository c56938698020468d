"""The action space: ints, values and names from one declaration of kinds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import pytest

from towers.core.actions import Action, ActionSpace, Domain
from towers.core.errors import ActionParseError

SQUARE = Domain.of("square", [f"{c}{r}" for r in range(1, 4) for c in "abc"])
RESOURCE = Domain.of("resource", ["wood", "stone", "iron"])


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    TEXT = "end turn"


@dataclass(frozen=True, slots=True)
class Move(Action):
    TEXT = "move {frm}-{to}"
    frm: Annotated[int, SQUARE]
    to: Annotated[int, SQUARE]


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    TEXT = "exchange {give} for {get}"
    give: Annotated[int, RESOURCE]
    get: Annotated[int, RESOURCE]

    @classmethod
    def allows(cls, *values: int) -> bool:
        give, get = values
        return give != get


@dataclass(frozen=True, slots=True)
class Roll(Action):
    TEXT = "roll {face}"
    CHANCE = True
    face: Annotated[int, Domain.numbered("face", 6)]


SPACE = ActionSpace("demo", [EndTurn, Move, Exchange, Roll], examples=["move a1-b2"])


def test_ints_run_kind_after_kind_first_parameter_slowest() -> None:
    assert SPACE.size == 1 + 81 + 6 + 6
    assert [SPACE.base(k) for k in (EndTurn, Move, Exchange, Roll)] == [0, 1, 82, 88]
    assert SPACE.encode(Move(frm=2, to=4)) == SPACE.base(Move) + 2 * 9 + 4
    assert SPACE.ints(Roll) == range(88, 94)


def test_every_int_decodes_to_a_value_that_encodes_back() -> None:
    for a in range(SPACE.size):
        value = SPACE.decode(a)
        assert SPACE.encode(value) == a
        assert SPACE.parse(SPACE.name(a)) == a
        assert SPACE.kind_of(a).cls is type(value)


def test_a_kind_that_allows_some_combinations_is_dense_over_them() -> None:
    exchanges = [SPACE.decode(a) for a in SPACE.ints(Exchange)]
    assert exchanges == [
        Exchange(0, 1), Exchange(0, 2), Exchange(1, 0), Exchange(1, 2), Exchange(2, 0), Exchange(2, 1)
    ]  # fmt: skip
    with pytest.raises(ActionParseError, match="not a demo action"):
        SPACE.encode(Exchange(1, 1))


def test_names_come_from_the_text_and_the_domains_words() -> None:
    assert SPACE.name(SPACE.encode(Move(0, 8))) == "move a1-c3"
    assert SPACE.name(SPACE.encode(Exchange(2, 0))) == "exchange iron for wood"
    assert SPACE.name(SPACE.encode(Roll(5))) == "roll 6"
    assert SPACE.parse("  Move  A1-C3 ") == SPACE.encode(Move(0, 8))


def test_values_are_frozen_and_dispatch_with_match() -> None:
    value = SPACE.values[SPACE.encode(Move(1, 2))]
    with pytest.raises(AttributeError):
        value.frm = 3  # type: ignore[misc]
    match value:
        case Move(frm=a, to=b):
            assert (a, b) == (1, 2)
        case _:
            pytest.fail("a Move value did not match the Move pattern")


def test_a_near_miss_is_told_how_the_kind_is_written() -> None:
    with pytest.raises(ActionParseError) as err:
        SPACE.parse("move a1-d9")
    assert "'move <square>-<square>'" in str(err.value)
    assert "square is one of a1, b1, c1" in str(err.value)
    with pytest.raises(ActionParseError, match="resource is one of wood, stone, iron"):
        SPACE.parse("exchange gold for wood")


def test_an_unknown_text_gets_examples() -> None:
    with pytest.raises(ActionParseError, match="names no demo action; for example 'move a1-b2'"):
        SPACE.parse("fly away")


@pytest.mark.parametrize("bad", [-1, SPACE.size, 2.0, True, "3", None])
def test_ints_outside_the_space_are_refused(bad: object) -> None:
    with pytest.raises(ActionParseError, match=f"actions are 0 to {SPACE.size - 1}"):
        SPACE.decode(bad)  # type: ignore[arg-type]
    with pytest.raises(ActionParseError):
        SPACE.name(bad)  # type: ignore[arg-type]


def test_a_declaration_that_cannot_work_is_refused_at_once() -> None:
    @dataclass(frozen=True, slots=True)
    class NoDomain(Action):
        TEXT = "go {where}"
        where: int

    with pytest.raises(TypeError, match="needs a domain"):
        ActionSpace("bad", [NoDomain])

    @dataclass(frozen=True, slots=True)
    class Unnamed(Action):
        TEXT = "go"
        where: Annotated[int, SQUARE]

    with pytest.raises(TypeError, match="must name each parameter"):
        ActionSpace("bad", [Unnamed])

    @dataclass(slots=True)
    class Mutable(Action):
        TEXT = "go"

    with pytest.raises(TypeError, match="frozen dataclass"):
        ActionSpace("bad", [Mutable])

    @dataclass(frozen=True, slots=True)
    class Twice(Action):
        TEXT = "end turn"

    with pytest.raises(ValueError, match="both written 'end turn'"):
        ActionSpace("bad", [EndTurn, Twice]).names  # noqa: B018


def test_domains_refuse_words_written_alike() -> None:
    with pytest.raises(ValueError, match="written alike"):
        Domain.of("colour", ["Red", "red"])
    with pytest.raises(ValueError, match="no values"):
        Domain.of("colour", [])


def test_describe_lists_each_kind_as_written() -> None:
    assert SPACE.describe()[1] == ("Move", "move <square>-<square>", 81)
