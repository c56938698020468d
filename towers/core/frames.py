"""Pending decisions as typed frames on a decision stack.

A rulebook's "choose, then choose again" (take a die, then choose its action, then move
the figure up to three steps, stopping when you like) is a stack of pending decisions: the
top frame says what is being decided now and holds what the choice needs, each as a named
field. Frames are frozen: a rule that moves a decision on replaces the top frame with a new
one (``stack.replace(dataclasses.replace(top, steps=top.steps - 1))``), so copying a
state copies the stack's list and shares the frames.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Move(Frame):
...     figure: int
...     steps: int
>>> @dataclass(frozen=True, slots=True)
... class Turn(Frame):
...     pass
>>> KINDS = FrameKinds([Turn, Move])
>>> stack = DecisionStack([Turn()])
>>> stack.push(Move(figure=1, steps=3))
>>> match stack.top:
...     case Move(figure=f, steps=n):
...         print(f, n)
1 3
>>> stack.to_json()
[{'frame': 'turn'}, {'frame': 'move', 'figure': 1, 'steps': 3}]
>>> KINDS.stack_from_json(stack.to_json()) == stack
True
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from towers.core.errors import GameOptionError


class Frame:
    """The base of every pending decision: subclasses are frozen, slotted dataclasses whose
    fields are ints, strings, booleans or tuples of them."""

    __slots__ = ()

    NAME: ClassVar[str] = ""
    """How the frame is called in saved games and observations (default: the class name in
    snake_case)."""

    @classmethod
    def frame_name(cls) -> str:
        return cls.NAME or re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"frame": self.frame_name()}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out


class DecisionStack(list[Frame]):
    """The pending decisions, innermost last. A list, so pushing and popping stay fast."""

    __slots__ = ()

    # both used by the rules at every action: list's own C functions, no Python frame between
    if TYPE_CHECKING:

        @property
        def top(self) -> Frame:
            """The decision being made now."""

        def push(self, frame: Frame) -> None:
            """Put ``frame`` on top."""

    else:
        top = property(itemgetter(-1), doc="The decision being made now.")
        push = list.append

    def replace(self, frame: Frame) -> None:
        """Put ``frame`` in place of the top one (a decision that moves on)."""
        self[-1] = frame

    def copy(self) -> DecisionStack:
        """A copy of the stack; the frames, being frozen, are shared."""
        return DecisionStack(self)

    def to_json(self) -> list[dict[str, Any]]:
        return [f.to_json() for f in self]


class FrameKinds:
    """The frames one game declares, to read saved stacks back."""

    def __init__(self, kinds: Iterable[type[Frame]]) -> None:
        self.by_name: dict[str, type[Frame]] = {}
        for cls in kinds:
            if not (dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen):
                raise TypeError(f"the frame {cls.__name__} must be a frozen dataclass")
            name = cls.frame_name()
            if name in self.by_name:
                raise ValueError(f"two frames are called {name!r}")
            self.by_name[name] = cls

    def from_json(self, data: Mapping[str, Any]) -> Frame:
        name = data.get("frame") if isinstance(data, Mapping) else None
        cls = self.by_name.get(name) if isinstance(name, str) else None
        if cls is None:
            raise GameOptionError(
                f"{data!r} is not a pending decision of this game; they are "
                f"{', '.join(sorted(self.by_name))}"
            )
        args = {}
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            if f.name not in data:
                raise GameOptionError(f"the saved {name} decision lacks its {f.name}")
            v = data[f.name]
            args[f.name] = tuple(v) if isinstance(v, list) else v
        return cls(**args)

    def stack_from_json(self, data: Sequence[Mapping[str, Any]]) -> DecisionStack:
        return DecisionStack(self.from_json(d) for d in data)
