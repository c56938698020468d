"""Actions as values: a game declares its kinds of action once, and gets the dense ints of
the contract, small frozen values to dispatch on, and the names players type, all from that
one declaration.

A kind of action is a frozen dataclass whose fields are its parameters, each annotated with
the :class:`Domain` of values it takes, and whose ``TEXT`` says how the action is written:

>>> from dataclasses import dataclass
>>> from typing import Annotated
>>> PILE = Domain.numbered("pile", 3)
>>> @dataclass(frozen=True, slots=True)
... class Take(Action):
...     TEXT = "take {count} from {pile}"
...     count: Annotated[int, Domain.numbered("count", 2)]
...     pile: Annotated[int, PILE]
>>> @dataclass(frozen=True, slots=True)
... class Pass(Action):
...     TEXT = "pass"
>>> space = ActionSpace("piles", [Pass, Take])
>>> space.size
7
>>> space.encode(Take(count=1, pile=2))
6
>>> space.decode(6)
Take(count=1, pile=2)
>>> space.name(6), space.parse("Take 2  from 3")
('take 2 from 3', 6)

The ints run kind after kind in the order declared; inside a kind, the first parameter
varies slowest (``base + (count * 3 + pile)`` above). So a hot path may build and read ints
with :meth:`ActionSpace.base` and the domains' sizes, behind the same declaration, and rules
dispatch on the decoded values with ``match``:

>>> match space.decode(6):
...     case Take(count=c, pile=p):
...         print(c, p)
1 2

A kind whose parameters cannot take every combination (a resource exchanged for a
*different* one) says which it allows in ``allows``; its ints are then dense over the
allowed combinations only.
"""

# No "from __future__ import annotations": a kind declared in a doctest or a function keeps
# its Annotated domains as objects, so they are read without looking names up.
import dataclasses
import itertools
import string
import sys
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

from towers.core.errors import ActionParseError

LISTED_WORDS = 12
"""A domain of up to this many values lists them all in a parse error; a longer one gives
its first and last."""


@dataclasses.dataclass(frozen=True)
class Domain:
    """The values one parameter takes, ``0 .. size - 1``, and the word that writes each."""

    name: str
    """What a value is, in the words a player would use ("square", "card")."""
    words: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.words:
            raise ValueError(f"the domain {self.name!r} has no values")
        folded = [_fold(w) for w in self.words]
        if len(set(folded)) != len(folded):
            raise ValueError(f"two values of the domain {self.name!r} are written alike")
        for w in self.words:
            if not w or w != w.strip():
                raise ValueError(f"the domain {self.name!r} has the blank or padded word {w!r}")

    @classmethod
    def of(cls, name: str, words: Iterable[str]) -> "Domain":
        return cls(name, tuple(words))

    @classmethod
    def numbered(cls, name: str, size: int, first: int = 1) -> "Domain":
        """Values written as numbers from ``first`` (a stack of height 1 to 3 is value 0 to 2)."""
        return cls(name, tuple(str(first + i) for i in range(size)))

    @property
    def size(self) -> int:
        return len(self.words)

    def describe(self) -> str:
        if self.size <= LISTED_WORDS:
            return f"{self.name} is one of {', '.join(self.words)}"
        return f"{self.name} is {self.words[0]} to {self.words[-1]} ({self.size} values)"


class Action:
    """The base of every kind of action: subclasses are frozen, slotted dataclasses."""

    __slots__ = ()

    TEXT: ClassVar[str]
    """How the action is written: the parameters' names in braces, ``"move {frm}-{to}"``."""
    CHANCE: ClassVar[bool] = False
    """True for the outcomes of a chance event (a card drawn, a die rolled)."""

    @classmethod
    def allows(cls, *values: int) -> bool:
        """Whether this combination of parameter values is an action (all are by default)."""
        return True


@dataclasses.dataclass(frozen=True)
class Kind:
    """What the space knows of one kind: its parameters, its ints, how it is written."""

    cls: type[Action]
    params: tuple[str, ...]
    domains: tuple[Domain, ...]
    base: int
    size: int
    rectangular: bool
    """True when every combination is an action, so ints follow by arithmetic alone."""

    @property
    def name(self) -> str:
        return self.cls.__name__

    @property
    def shape(self) -> str:
        """The kind as a player writes it, each parameter as ``<its domain>``."""
        return self.cls.TEXT.format(
            **{p: f"<{d.name}>" for p, d in zip(self.params, self.domains, strict=True)}
        )

    @property
    def prefix(self) -> str:
        """The fixed words the kind's text starts with."""
        return _fold(self.cls.TEXT.split("{", 1)[0])


class ActionSpace:
    """Every action of a game, as ints ``0 .. size - 1``, values and names.

    The tables of all values and names are built on first use, once per process."""

    def __init__(self, game: str, kinds: Sequence[type[Action]], examples: Sequence[str] = ()):
        self.game = game
        self.examples = tuple(examples)
        if len({k.__name__ for k in kinds}) != len(kinds):
            raise ValueError(f"{game}: two kinds of action share a class name")
        self.kinds: tuple[Kind, ...] = ()
        self._by_class: dict[type[Action], Kind] = {}
        at = 0
        made = []
        for cls in kinds:
            kind = _declare(cls, at)
            made.append(kind)
            self._by_class[cls] = kind
            at += kind.size
        self.kinds = tuple(made)
        self.size = at
        self._starts = [k.base for k in self.kinds]
        self._values: list[Action] | None = None
        self._names: list[str] | None = None
        self._index: dict[Action, int] = {}
        self._by_name: dict[str, int] = {}

    # ---- ints ------------------------------------------------------------------------
    def base(self, cls: type[Action]) -> int:
        """The first int of a kind (of a rectangular kind, ``base + the parameters' mixed-radix
        number`` is any of its actions)."""
        return self._by_class[cls].base

    def kind(self, cls: type[Action]) -> Kind:
        return self._by_class[cls]

    def kind_of(self, action: int) -> Kind:
        """The kind an int belongs to."""
        self._check(action)
        lo, hi = 0, len(self._starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._starts[mid] <= action:
                lo = mid
            else:
                hi = mid - 1
        return self.kinds[lo]

    def ints(self, cls: type[Action]) -> range:
        """Every int of a kind."""
        kind = self._by_class[cls]
        return range(kind.base, kind.base + kind.size)

    def encode(self, value: Action) -> int:
        """The int of an action value."""
        if not self._index:
            self._build()
        try:
            return self._index[value]
        except (KeyError, TypeError):
            raise ActionParseError(f"{value!r} is not a {self.game} action") from None

    # ---- values ----------------------------------------------------------------------
    @property
    def values(self) -> list[Action]:
        """The value of every int, by int: ``space.values[a]`` decodes in one step."""
        if self._values is None:
            self._build()
        assert self._values is not None
        return self._values

    def decode(self, action: int) -> Action:
        self._check(action)
        return self.values[action]

    # ---- names -----------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        if self._names is None:
            self._build()
        assert self._names is not None
        return self._names

    def name(self, action: int) -> str:
        self._check(action)
        return self.names[action]

    def parse(self, text: str) -> int:
        """The action that ``text`` writes (case and spacing folded); ActionParseError, naming
        the kinds it could have meant and how they are written, if none."""
        if not isinstance(text, str):
            raise ActionParseError(f"{text!r} is not an action's name")
        if not self._by_name:
            self._build()
        key = _fold(text)
        found = self._by_name.get(key)
        if found is not None:
            return found
        raise ActionParseError(self._parse_help(text, key))

    def parse_renamed(self, text: str, old_words: Mapping[str, str]) -> int:
        """:meth:`parse`, also reading a text written before some words were renamed:
        ``old_words`` maps each old word (lower case) to the words that replaced it. The
        refusal names what was typed, not its renaming.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True, slots=True)
        ... class Play(Action):
        ...     TEXT = "play {card}"
        ...     card: typing.Annotated[int, Domain.of("card", ["Door climb", "Jump up"])]
        >>> space = ActionSpace("cards", [Play])
        >>> space.parse_renamed("play door_climb", {"door_climb": "Door climb"})
        0
        """
        try:
            return self.parse(text)
        except ActionParseError as error:
            words = text.split()
            renamed = [old_words.get(w.lower(), w) for w in words]
            if renamed == words:
                raise
            try:
                return self.parse(" ".join(renamed))
            except ActionParseError:
                raise error from None

    def describe(self) -> list[tuple[str, str, int]]:
        """(kind, how it is written, how many actions) of every kind, in order."""
        return [(k.name, k.shape, k.size) for k in self.kinds]

    # ---- inside ------------------------------------------------------------------------
    def _check(self, action: object) -> None:
        if type(action) is not int or not 0 <= action < self.size:
            raise ActionParseError(
                f"{action!r} is not a {self.game} action; actions are 0 to {self.size - 1}"
            )

    def _build(self) -> None:
        values: list[Action] = []
        names: list[str] = []
        for kind in self.kinds:
            for combo in _combinations(kind):
                value = kind.cls(*combo)
                values.append(value)
                names.append(
                    kind.cls.TEXT.format(
                        **{
                            p: d.words[v]
                            for p, d, v in zip(kind.params, kind.domains, combo, strict=True)
                        }
                    )
                )
        by_name: dict[str, int] = {}
        for a, n in enumerate(names):
            key = _fold(n)
            if key in by_name:
                raise ValueError(
                    f"{self.game}: actions {by_name[key]} and {a} are both written {n!r}"
                )
            by_name[key] = a
        self._index = {v: a for a, v in enumerate(values)}
        self._by_name = by_name
        self._names = names
        self._values = values

    def _parse_help(self, text: str, key: str) -> str:
        near = [k for k in self.kinds if k.prefix and key.startswith(k.prefix.rstrip())]
        if near:
            lines = []
            for k in near:
                domains = {d.name: d for d in k.domains}
                said = "; ".join(d.describe() for d in domains.values())
                lines.append(f"'{k.shape}'" + (f" ({said})" if said else ""))
            return f"{text!r} is not a {self.game} action; it is written " + " or ".join(lines)
        examples = ", ".join(f"'{e}'" for e in self.examples) or ", ".join(
            f"'{k.shape}'" for k in self.kinds[:6]
        )
        return f"{text!r} names no {self.game} action; for example {examples}"


def _fold(text: str) -> str:
    return " ".join(text.strip().lower().split())


def _combinations(kind: Kind) -> Iterable[tuple[int, ...]]:
    combos = itertools.product(*(range(d.size) for d in kind.domains))
    if kind.rectangular:
        return combos
    return (c for c in combos if kind.cls.allows(*c))


def _declare(cls: type[Action], base: int) -> Kind:
    if not (dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen):
        raise TypeError(f"the action kind {cls.__name__} must be a frozen dataclass")
    text = getattr(cls, "TEXT", None)
    if not isinstance(text, str):
        raise TypeError(f"the action kind {cls.__name__} says in TEXT how it is written")
    hints = typing.get_type_hints(
        cls, globalns=vars(sys.modules[cls.__module__]), include_extras=True
    )
    params: list[str] = []
    domains: list[Domain] = []
    for f in dataclasses.fields(cls):
        domain = next(
            (m for m in getattr(hints[f.name], "__metadata__", ()) if isinstance(m, Domain)),
            None,
        )
        if domain is None:
            raise TypeError(
                f"the parameter {cls.__name__}.{f.name} needs a domain: Annotated[int, Domain(...)]"
            )
        params.append(f.name)
        domains.append(domain)
    used = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    if used != set(params):
        raise TypeError(
            f"{cls.__name__}.TEXT {text!r} must name each parameter once: {', '.join(params)}"
        )
    rectangular = cls.allows is Action.allows
    if rectangular:
        size = 1
        for d in domains:
            size *= d.size
    else:
        probe = Kind(cls, tuple(params), tuple(domains), base, 0, False)
        size = sum(1 for _ in _combinations(probe))
    return Kind(cls, tuple(params), tuple(domains), base, size, rectangular)


__all__ = ["Action", "ActionSpace", "Domain", "Kind"]
