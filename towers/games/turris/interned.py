"""Turris's frames made once and shared: a frame is a frozen value, so the rules may hand out
the same object each time it is asked for with the same fields (a clone shares its frames
already). Making a frozen dataclass runs its Python ``__init__``, one ``object.__setattr__``
a field; finding the one made before is a lookup."""

from __future__ import annotations

from typing import Any, TypeVar

from towers.core.frames import Frame

F = TypeVar("F", bound=Frame)

_MADE: dict[type[Any], dict[tuple[Any, ...], Any]] = {}
"""Each frame made so far, by its kind, then by its fields."""

_MOST = 200_000
"""The frames of one kind kept at most: their fields are small ints, flags and short tuples
of them, so the kinds a game meets are few; a kind's table is emptied should it ever grow
past this."""


def made(kind: type[F], *fields: Any) -> F:
    """The frame ``kind(*fields)``: the one made before with these fields, or a new one."""
    table = _MADE.get(kind)
    if table is None:
        table = _MADE[kind] = {}
    frame = table.get(fields)
    if frame is None:
        if len(table) >= _MOST:
            table.clear()
        frame = table[fields] = kind(*fields)
    return frame
