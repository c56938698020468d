"""Typed decision frames on the decision stack."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from towers.core.errors import GameOptionError
from towers.core.frames import DecisionStack, Frame, FrameKinds


@dataclass(frozen=True, slots=True)
class ChooseAction(Frame):
    action_points: int
    from_die: bool


@dataclass(frozen=True, slots=True)
class MoveFigure(Frame):
    NAME = "move"
    figure: int
    steps_left: int
    visited: tuple[int, ...] = ()


KINDS = FrameKinds([ChooseAction, MoveFigure])


def test_frames_are_named_in_snake_case_unless_they_say() -> None:
    assert ChooseAction.frame_name() == "choose_action"
    assert MoveFigure.frame_name() == "move"


def test_a_stack_round_trips_through_json() -> None:
    stack = DecisionStack([ChooseAction(3, True), MoveFigure(1, 2, (4, 5))])
    data = stack.to_json()
    assert data[1] == {"frame": "move", "figure": 1, "steps_left": 2, "visited": [4, 5]}
    again = KINDS.stack_from_json(data)
    assert again == stack and isinstance(again, DecisionStack)
    assert again.top == MoveFigure(1, 2, (4, 5))


def test_a_decision_moves_on_by_replacing_the_top_frame() -> None:
    stack = DecisionStack([MoveFigure(0, 3)])
    copy = stack.copy()
    stack.replace(dataclasses.replace(stack.top, steps_left=2))
    assert copy.top == MoveFigure(0, 3) and stack.top == MoveFigure(0, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        stack.top.steps_left = 1  # type: ignore[misc]


def test_unknown_or_incomplete_saved_frames_are_refused() -> None:
    with pytest.raises(GameOptionError, match="they are choose_action, move"):
        KINDS.from_json({"frame": "dance"})
    with pytest.raises(GameOptionError, match="lacks its steps_left"):
        KINDS.from_json({"frame": "move", "figure": 1})


def test_frame_kinds_must_be_frozen_and_distinct() -> None:
    @dataclass(slots=True)
    class Loose(Frame):
        n: int

    with pytest.raises(TypeError, match="frozen"):
        FrameKinds([Loose])
    with pytest.raises(ValueError, match="two frames"):
        FrameKinds([MoveFigure, MoveFigure])
