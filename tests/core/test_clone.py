"""The default ``clone()`` is written for each state class from its fields' annotations; it
must share no mutable part with the original, whatever shape a field has, and fall back to
copying by value where an annotation says too little."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from tests.core.test_components import CardsGame, CardsState, Draw
from towers.core.components import Deck
from towers.core.game import State, _copy_expression


@dataclass(slots=True)
class ShapesState(CardsState):
    grid: list[list[int]] = field(default_factory=lambda: [[1, 2], [3]])
    cube: list[list[list[int]]] = field(default_factory=lambda: [[[1], [2]], [[3]]])
    piles: list[Deck] = field(default_factory=lambda: [Deck.of_counts([1, 2])])
    maybe: list[int] | None = field(default_factory=lambda: [4, 5])
    table: dict[str, list[int]] = field(default_factory=lambda: {"a": [1]})
    loose: Any = field(default_factory=lambda: [[7], {"b": [8]}])
    frames: list[Draw] = field(default_factory=lambda: [Draw(1), Draw(2)])
    word: str = "tower"


def shapes() -> ShapesState:
    game = CardsGame(2)
    plain = game.new_initial_state()
    return ShapesState(game, plain.deck, plain.hands, plain.pending)


def shared_mutables(a: Any, b: Any, path: str = "") -> list[str]:
    """Where ``a`` and ``b`` hold the very same mutable object."""
    if isinstance(a, int | float | str | bool | tuple | frozenset | Draw) or a is None:
        return []
    out = [path] if a is b else []
    if isinstance(a, dict):
        for k in a:
            out += shared_mutables(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, list):
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            out += shared_mutables(x, y, f"{path}[{k}]")
    elif isinstance(a, Deck):
        out += shared_mutables(a.to_json(), b.to_json(), f"{path}.deck")
    return out


FIELDS = ("deck", "hands", "pending", "grid", "cube", "piles", "maybe", "table", "loose", "frames")


def test_a_clone_is_equal_and_shares_no_mutable_part_whatever_the_field_shape() -> None:
    state = shapes()
    copy = state.clone()
    assert type(copy) is ShapesState and copy.game is state.game
    for name in FIELDS:
        assert getattr(copy, name) == getattr(state, name), name
        assert not shared_mutables(getattr(state, name), getattr(copy, name), name)
    assert copy.frames[0] is state.frames[0]  # frames are frozen: shared, never edited
    copy.grid[0].append(9)
    copy.cube[0][0].append(9)
    copy.table["a"].append(9)
    copy.loose[1]["b"].append(9)
    assert state.grid == [[1, 2], [3]] and state.cube[0][0] == [1]
    assert state.table == {"a": [1]} and state.loose == [[7], {"b": [8]}]


@dataclass(slots=True)
class CachingState(ShapesState):
    _masks: list[int] | None = field(default_factory=lambda: [1, 2])
    CLONE_SHARES: ClassVar[tuple[str, ...]] = ("_masks",)


def test_a_cache_named_in_clone_shares_is_shared_and_the_rest_copied() -> None:
    game = CardsGame(2)
    plain = game.new_initial_state()
    state = CachingState(game, plain.deck, plain.hands, plain.pending)
    copy = state.clone()
    assert copy._masks is state._masks  # replaced, never changed: no copy needed
    assert shared_mutables(state.grid, copy.grid) == []
    del state.word  # the field-by-field fallback shares it too
    assert state.clone()._masks is state._masks


def test_a_field_that_may_be_none_is_cloned_either_way() -> None:
    state = shapes()
    state.maybe = None
    assert state.clone().maybe is None


def test_a_state_with_a_field_unset_is_cloned_field_by_field() -> None:
    state = shapes()
    del state.word
    copy = state.clone()
    assert not hasattr(copy, "word")
    assert copy.grid == state.grid and copy.grid is not state.grid


def test_a_field_holding_other_than_its_annotation_says_is_cloned_by_value() -> None:
    state = shapes()
    state.grid = [(1, 2), (3,)]  # type: ignore[list-item]  # tuples where lists are declared
    copy = state.clone()
    assert copy.grid == state.grid and copy.grid is not state.grid


def test_each_annotation_is_copied_as_its_shape_needs() -> None:
    assert _copy_expression(int, "x") == "x"
    assert _copy_expression(tuple[int, ...], "x") == "x"
    assert _copy_expression(list[int], "x") == "x.copy()"
    assert _copy_expression(list[Draw], "x") == "x.copy()"
    assert _copy_expression(list[list[int]], "x") == "[*map(list_copy, x)]"
    assert _copy_expression(list[list[list[int]]], "x") == "[[*map(list_copy, v)] for v in x]"
    assert _copy_expression(Deck, "x") == "x.copy()"
    assert _copy_expression(list[Deck], "x") == "[v.copy() for v in x]"
    assert _copy_expression(dict[str, list[int]], "x") == "copy_value(x)"
    assert _copy_expression(Any, "x") == "copy_value(x)"


def test_the_written_clone_becomes_the_class_clone_and_a_subclass_still_clones_as_itself() -> None:
    base = CardsGame(2).new_initial_state()
    base.clone()  # writes CardsState's clone and puts it on the class
    assert CardsState.clone is not State.clone
    state = shapes()  # a subclass, which inherits CardsState's clone until it has its own
    copy = state.clone()
    assert type(copy) is ShapesState and copy.grid == state.grid and copy.word == state.word
    assert copy.clone().to_json() == state.to_json()
    assert type(base.clone()) is CardsState
