"""Turris's frames made once and shared: a frame is a frozen value, so the rules may hand out
the same object each time it is asked for with the same fields (a clone shares its frames
already). Making a frozen dataclass runs its Python ``__init__``, one ``object.__setattr__``
a field; finding the one made before is a lookup."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from towers.core.frames import Frame

F = TypeVar("F", bound=Frame)

FRAME_SLOTS: dict[str, tuple[str, ...]] = {
    "FactionChoice": ("seat",),
    "Turn": ("seat",),
    "CollectPick": ("chosen", "seat"),
    "Rewards": ("optional", "packets", "seat"),
    "Resolving": ("index", "seat", "source"),
    "GainChoice": ("n", "of", "seat"),
    "PayChoice": ("any_n", "fixed", "of", "seat", "waive"),
    "TradeOffer": ("index", "left", "seat", "source"),
    "TradeGain": ("index", "seat", "source"),
    "StealChoice": ("n", "of", "seat"),
    "CouncilStep": ("seat", "steps"),
    "CouncilReturn": ("seat",),
    "PlayTacticsChoice": ("drawn", "n", "seat"),
    "ReserveChoice": ("n", "seat"),
    "PlaceFree": ("n", "seat"),
    "MoveScoutChoice": ("n", "origin", "seat", "steps"),
    "MoveBeastChoice": ("beast", "crossroads", "flip", "seat", "start", "steps"),
    "ReviveChoice": ("done", "index", "n", "seat", "source"),
    "FruitChoice": ("seat",),
    "TrionfiChoice": ("optional", "prestige", "seat"),
    "MissionStep": ("seat",),
    "OngoingChoice": ("mission", "seat"),
    "DiscardDown": ("seat",),
    "EndTurn": ("seat", "stage"),
    "BeastTurn": ("beast", "chain"),
    "TargetChoice": ("beast", "chain", "options", "seat"),
    "BeastPath": ("beast", "chain", "path", "seat", "speed", "target"),
    "BeastEffect": ("beast", "devoured", "in_phase", "node", "queue", "seat"),
    "DisplaceChoice": ("node", "owner", "seat"),
    "DespairChoice": ("seat",),
    "BetrayerPush": ("scout", "seat"),
    "RepairChoice": ("seat",),
    "TacticsDraw": ("seat",),
    "TrionfiDraw": ("slot",),
    "SiteDraw": ("spot",),
    "BeastStartDraw": ("beast",),
}
"""Each frame's slots, by the frame's name, in the order CPython lays them out (by name): the
compiled twins read a frame's fields as C fields in this order (``interned.pxd`` declares
them so), and ``rules.py`` binds the twins only while the frames are laid out so."""


_MADE: dict[type[Any], dict[tuple[Any, ...], Any]] = {}
"""Each frame made so far, by its kind, then by its fields."""

_MOST = 200_000
"""The frames of one kind kept at most: their fields are small ints, flags and short tuples
of them, so the kinds a game meets are few; a kind's table is emptied should it ever grow
past this."""


def made(kind: type[F], *fields: Any) -> F:
    """The frame ``kind(*fields)``: the one made before with these fields, or a new one."""
    return made_of(kind, fields)


def made_of(kind: type[F], fields: tuple[Any, ...]) -> F:
    """:func:`made` with the fields as one tuple."""
    table = _MADE.get(kind)
    if table is None:
        table = _MADE[kind] = {}
    frame = table.get(fields)
    if frame is None:
        if len(table) >= _MOST:
            table.clear()
        frame = table[fields] = new_frame(kind, fields)
    return frame


_SLOTS: dict[type[Any], tuple[Any, ...]] = {}
"""Each kind's slots (their member descriptors), in the order of its fields."""


def new_frame(kind: type[F], fields: tuple[Any, ...]) -> F:
    """``kind(*fields)`` without the frozen dataclass's ``__init__`` (Python code, one
    ``object.__setattr__`` a field): the frame made empty and each slot set by its
    descriptor, which is all that ``__init__`` does (no frame has a default or a
    ``__post_init__``)."""
    slots = _SLOTS.get(kind)
    if slots is None:
        slots = _SLOTS[kind] = slots_of(kind)
    if len(slots) != len(fields):
        return kind(*fields)  # the dataclass says what is wrong
    frame = object.__new__(kind)
    for k in range(len(slots)):
        slots[k].__set__(frame, fields[k])
    return frame


def slots_of(kind: type[Any]) -> tuple[Any, ...]:
    """The slots of a frame's fields (their member descriptors), in the fields' order."""
    return tuple(getattr(kind, f.name) for f in dataclasses.fields(kind))
