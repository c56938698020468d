"""The pieces board games are made of: decks, bags, dice, tracks and supplies.

Each mutable component copies itself (``copy()``, sharing nothing), writes itself as JSON
(``to_json()``) and reads itself back (``from_json``), so a state made of them gets its
``clone()`` and its saved form from its declared fields (see :class:`towers.core.game.State`).
What a seat cannot see is never dealt early: a draw whose card nobody knows is a chance node,
whose outcomes are the kinds that could come, each with its probability.

>>> deck = Deck.of_counts([2, 1])        # two cards of kind 0, one of kind 1, face down
>>> deck.needs_chance(), deck.draw_outcomes()
(True, [(0, 0.6666666666666666), (1, 0.3333333333333333)])
>>> deck.draw(1)                         # the chance outcome: the card drawn is a 1
1
>>> deck.put_top(1)                      # a player puts it back on top, face down
>>> deck.needs_chance(), deck.draw(), len(deck)
(False, 1, 2)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

_new = object.__new__


class Deck:
    """A face-down pile whose order nobody knows, except for cards a player put back on the top
    or the bottom (and so knows where they are).

    ``top`` lists the known cards on top (its last item is the top card), ``counts`` how many
    of each kind lie in the unknown middle, ``bottom`` the known cards at the bottom (its last
    item is the bottom card). Cards are kinds, ints from 0."""

    __slots__ = ("bottom", "counts", "top")

    def __init__(self, top: list[int], counts: list[int], bottom: list[int]) -> None:
        self.top = top
        self.counts = counts
        self.bottom = bottom

    @classmethod
    def of_counts(cls, counts: Iterable[int]) -> Deck:
        """A shuffled deck: ``counts[k]`` cards of kind ``k``, none of them known."""
        return cls([], list(counts), [])

    def __len__(self) -> int:
        return len(self.top) + sum(self.counts) + len(self.bottom)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Deck(top={self.top}, counts={self.counts}, bottom={self.bottom})"

    def has_cards(self) -> bool:
        """True when a card is left to draw (without counting them)."""
        return bool(self.top or self.bottom or any(self.counts))

    def needs_chance(self) -> bool:
        """True when nobody knows the next card drawn from the top."""
        return not self.top and any(self.counts)

    def draw_outcomes(self) -> list[tuple[int, float]]:
        """The kinds the unknown top card may be, with their probabilities."""
        total = sum(self.counts)
        return [(kind, n / total) for kind, n in enumerate(self.counts) if n]

    def draw(self, kind: int | None = None) -> int:
        """Take the top card: the known top, else ``kind`` (the chance outcome) from the
        middle, else the known bottom."""
        if self.top:
            return self.top.pop()
        if any(self.counts):
            if kind is None or not 0 <= kind < len(self.counts) or self.counts[kind] <= 0:
                raise ValueError("a card from the unknown middle needs a kind that is there")
            self.counts[kind] -= 1
            return kind
        if self.bottom:
            # the bottom list's last item is the bottom card, so its first is the one on top
            return self.bottom.pop(0)
        raise ValueError("the deck is empty")

    def draw_random(self, rng: random.Random) -> int:
        """Take the top card, an unknown one picked at random by its count (to re-deal hidden
        cards when determinizing, or to play a chance node out)."""
        if not self.top and any(self.counts):
            return self.draw(_weighted(self.counts, rng))
        return self.draw()

    def put_top(self, kind: int) -> None:
        self.top.append(kind)

    def put_bottom(self, kind: int) -> None:
        self.bottom.append(kind)

    def shuffle_in(self, kinds: Iterable[int]) -> None:
        """Shuffle cards into the unknown middle."""
        for k in kinds:
            self.counts[k] += 1

    def copy(self) -> Deck:
        copy = _new(Deck)  # no __init__ call: a clone copies decks by the thousand
        copy.top = self.top.copy()
        copy.counts = self.counts.copy()
        copy.bottom = self.bottom.copy()
        return copy

    def to_json(self) -> list[list[int]]:
        """``[top, counts, bottom]``."""
        return [self.top[:], self.counts[:], self.bottom[:]]

    @classmethod
    def from_json(cls, data: Sequence[Sequence[int]]) -> Deck:
        top, counts, bottom = data
        return cls(list(top), list(counts), list(bottom))


class Bag:
    """Pieces drawn blind from a bag: ``counts[k]`` pieces of kind ``k``, no order at all."""

    __slots__ = ("counts",)

    def __init__(self, counts: Iterable[int]) -> None:
        self.counts = list(counts)

    def __len__(self) -> int:
        return sum(self.counts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bag) and self.counts == other.counts

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Bag({self.counts})"

    def draw_outcomes(self) -> list[tuple[int, float]]:
        total = sum(self.counts)
        return [(kind, n / total) for kind, n in enumerate(self.counts) if n]

    def draw(self, kind: int) -> int:
        """Take out a piece of ``kind`` (the chance outcome)."""
        if not 0 <= kind < len(self.counts) or self.counts[kind] <= 0:
            raise ValueError(f"the bag holds no piece of kind {kind}")
        self.counts[kind] -= 1
        return kind

    def draw_random(self, rng: random.Random) -> int:
        return self.draw(_weighted(self.counts, rng))

    def put(self, kind: int, n: int = 1) -> None:
        self.counts[kind] += n

    def copy(self) -> Bag:
        copy = _new(Bag)
        copy.counts = self.counts.copy()
        return copy

    def to_json(self) -> list[int]:
        return self.counts[:]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Bag:
        return cls(data)


@dataclass(frozen=True)
class Die:
    """A fair die: ``faces`` are what it shows (a d6 shows 1 to 6). Immutable, so shared."""

    faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)

    def roll_outcomes(self) -> list[tuple[int, float]]:
        """(face index, probability) of each face."""
        n = len(self.faces)
        return [(i, 1 / n) for i in range(n)]

    def roll(self, rng: random.Random) -> int:
        """A face index at random."""
        return rng.randrange(len(self.faces))


class Track:
    """Markers on a track of numbered spaces, one marker per seat, moved forward and held at
    the last space; ``spaces`` says what each space is worth (read-only, shared by copies)."""

    __slots__ = ("positions", "spaces")

    def __init__(self, spaces: Sequence[int], positions: Iterable[int]) -> None:
        self.spaces = tuple(spaces)
        self.positions = list(positions)

    @classmethod
    def start(cls, spaces: Sequence[int], seats: int, at: int = 0) -> Track:
        return cls(spaces, [at] * seats)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Track)
            and self.spaces == other.spaces
            and self.positions == other.positions
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Track(positions={self.positions})"

    @property
    def last(self) -> int:
        return len(self.spaces) - 1

    def advance(self, seat: int, steps: int = 1) -> int:
        """Move ``seat``'s marker on by ``steps`` (held at the last space); the steps moved."""
        was = self.positions[seat]
        self.positions[seat] = min(self.last, was + steps)
        return self.positions[seat] - was

    def value(self, seat: int) -> int:
        """What the space ``seat``'s marker stands on is worth."""
        return self.spaces[self.positions[seat]]

    def copy(self) -> Track:
        return Track(self.spaces, self.positions)

    def to_json(self) -> list[int]:
        """The positions (the spaces are the game's data, not the state's)."""
        return self.positions[:]


class Supply:
    """A general supply of pieces by kind; ``limits`` (None: unlimited) caps what it holds."""

    __slots__ = ("counts",)

    def __init__(self, counts: Iterable[int]) -> None:
        self.counts = list(counts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Supply) and self.counts == other.counts

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Supply({self.counts})"

    def has(self, kind: int, n: int = 1) -> bool:
        return self.counts[kind] >= n

    def take(self, kind: int, n: int = 1) -> None:
        if self.counts[kind] < n:
            raise ValueError(f"the supply holds {self.counts[kind]} of kind {kind}, not {n}")
        self.counts[kind] -= n

    def give(self, kind: int, n: int = 1) -> None:
        self.counts[kind] += n

    def copy(self) -> Supply:
        return Supply(self.counts)

    def to_json(self) -> list[int]:
        return self.counts[:]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Supply:
        return cls(data)


def _weighted(counts: Sequence[int], rng: random.Random) -> int:
    pick = rng.randrange(sum(counts))
    for kind, n in enumerate(counts):
        if pick < n:
            return kind
        pick -= n
    raise AssertionError("unreachable: the pick is below the total")


def copy_value(value: Any) -> Any:
    """A copy of a state field that shares no mutable part: lists and dicts are copied through,
    components copy themselves, everything else (ints, strings, tuples, frozen values) is
    immutable and kept."""
    kind = type(value)
    if kind is list:
        if value and type(value[0]) in _ATOMS:
            return value[:]
        return [copy_value(v) for v in value]
    if kind is dict:
        return {k: copy_value(v) for k, v in value.items()}
    copy = getattr(value, "copy", None)
    if copy is not None and kind not in _ATOMS and not isinstance(value, tuple | frozenset):
        return copy()
    return value


_ATOMS = frozenset({int, float, str, bool, type(None)})


def to_json_value(value: Any) -> Any:
    """A state field in JSON-ready form: components and frames write themselves."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if isinstance(value, list):
        return [to_json_value(v) for v in value]
    if kind is dict:
        return {k: to_json_value(v) for k, v in value.items()}
    write = getattr(value, "to_json", None)
    if write is not None:
        return write()
    return value
