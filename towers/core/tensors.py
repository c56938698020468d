"""Observation tensors: a fixed-length vector of floats per game and player count, made from
``observation(seat)`` only, and documented part by part.

A game declares its tensor in its plugin (``GamePlugin(tensor="package.module:function")``),
a function of the Game that lists the parts. Each part reads the observation and gives a
fixed number of floats; the tensor joins them in order. Learning code (the OpenSpiel,
PettingZoo and Gymnasium adapters) sees the vector; people read :meth:`ObservationTensor.describe`.

>>> tensor = ObservationTensor([
...     Part("heights", (3,), "each pillar's height / 5", lambda o: scaled(o["heights"], 5)),
...     Part("turn", (2,), "one-hot: whose turn it is", lambda o: one_hot(o["turn"], 2)),
... ])
>>> tensor.size, tensor.encode({"heights": [0, 5, 2], "turn": 1})
(5, [0.0, 1.0, 0.4, 0.0, 1.0])
>>> print(tensor.describe())
| part | shape | at | range | holds |
| --- | --- | --- | --- | --- |
| heights | 3 | 0-2 | 0..1 | each pillar's height / 5 |
| turn | 2 | 3-4 | 0..1 | one-hot: whose turn it is |
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Observation = Mapping[str, Any]


@dataclass(frozen=True)
class Part:
    """A named piece of the tensor: ``shape`` floats (flattened in row-major order) that
    ``encode`` reads from the observation."""

    name: str
    shape: tuple[int, ...]
    about: str
    encode: Callable[[Observation], Sequence[float]]
    low: float = 0.0
    high: float = 1.0
    """Bounds every value of the part keeps to (the conformance suite checks them), which the
    learning environments publish as their observation space."""

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class ObservationTensor:
    """The parts of a game's tensor, in order."""

    def __init__(self, parts: Iterable[Part]) -> None:
        self.parts = tuple(parts)
        names = [p.name for p in self.parts]
        if len(set(names)) != len(names):
            raise ValueError("two parts of the tensor share a name")
        self.offsets: dict[str, int] = {}
        at = 0
        for p in self.parts:
            self.offsets[p.name] = at
            at += p.size
        self.size = at

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def encode(self, observation: Observation) -> list[float]:
        """The vector of ``observation``; a part of the wrong length is an error of the game."""
        out: list[float] = []
        for p in self.parts:
            values = p.encode(observation)
            if len(values) != p.size:
                raise ValueError(
                    f"the tensor part {p.name!r} gave {len(values)} values, not {p.size}"
                )
            out.extend(map(float, values))
        return out

    def bounds(self) -> tuple[list[float], list[float]]:
        """The lowest and highest value of each index."""
        low: list[float] = []
        high: list[float] = []
        for p in self.parts:
            low += [p.low] * p.size
            high += [p.high] * p.size
        return low, high

    def check(self, vector: Sequence[float]) -> None:
        """ValueError naming the part and index of a value out of its bounds or not finite."""
        for p in self.parts:
            at = self.offsets[p.name]
            for i, v in enumerate(vector[at : at + p.size]):
                if not (math.isfinite(v) and p.low <= v <= p.high):
                    raise ValueError(
                        f"the tensor part {p.name!r} has {v} at its index {i}, outside "
                        f"{p.low}..{p.high}"
                    )

    def split(self, vector: Sequence[float]) -> dict[str, Sequence[float]]:
        """The vector cut back into its parts, by name (flat)."""
        return {
            p.name: vector[self.offsets[p.name] : self.offsets[p.name] + p.size] for p in self.parts
        }

    def describe(self) -> str:
        """A Markdown table of the parts: name, shape, the indices they take, what they hold."""
        rows = ["| part | shape | at | range | holds |", "| --- | --- | --- | --- | --- |"]
        for p in self.parts:
            at = self.offsets[p.name]
            shape = " x ".join(str(n) for n in p.shape)
            span = f"{p.low:g}..{p.high:g}"
            rows.append(f"| {p.name} | {shape} | {at}-{at + p.size - 1} | {span} | {p.about} |")
        return "\n".join(rows)


# ---- encoders for the usual parts -----------------------------------------------------------


def one_hot(index: int | None, size: int) -> list[float]:
    """``size`` zeros with a one at ``index`` (all zeros for None or an index out of range)."""
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out


def scaled(values: Iterable[float], scale: float) -> list[float]:
    """Each value divided by ``scale`` (the most it can be), so most values fall in 0..1."""
    return [float(v) / scale for v in values]


def counts(items: Iterable[Any], words: Sequence[Any], scale: float = 1.0) -> list[float]:
    """How many of ``items`` are each of ``words``, divided by ``scale``."""
    index = {w: i for i, w in enumerate(words)}
    out = [0.0] * len(words)
    for item in items:
        if item in index:
            out[index[item]] += 1.0 / scale
    return out


def padded(values: Sequence[float], size: int, fill: float = 0.0) -> list[float]:
    """``values`` cut or padded with ``fill`` to ``size``."""
    out = [float(v) for v in values[:size]]
    return out + [fill] * (size - len(out))


def rotate_to(seat: int | None, values: Sequence[Any]) -> list[Any]:
    """Per-seat values listed from ``seat``'s own first (then the seats after it), so a policy
    learns "me and the others" rather than seat numbers; a spectator's are left as they are."""
    if seat is None or not values:
        return list(values)
    return list(values[seat:]) + list(values[:seat])
