"""Declared game options: each game lists its options once, with defaults and allowed values.

Values are read as people type them and shown the same way, so that a message never lists a
value that would be refused when typed as listed:

>>> tiles = Option(default=False, help="with action tiles", choices=(False, True))
>>> tiles.validate("action_tiles", "True"), tiles.validate("action_tiles", "off")
(True, False)
>>> tiles.validate("action_tiles", "maybe")
Traceback (most recent call last):
...
towers.core.errors.GameOptionError: option action_tiles=maybe is not allowed; allowed: false, true

A value may have a printed name, which a player reads where the value would be an id, and
may type in its place:

>>> variant = Option(default="basic", help="the rules", choices=("basic", "common_deck"),
...                  names={"basic": "Basic game", "common_deck": "Common action deck"})
>>> variant.name_of("common_deck"), variant.validate("variant", "common action deck")
('Common action deck', 'common_deck')

Only a value the option takes has a name, and no two share one:

>>> Option(default="basic", help="the rules", choices=("basic",), names={"master": "Master"})
Traceback (most recent call last):
...
ValueError: master is named 'Master' but is no choice; choices: basic
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from towers.core.errors import GameOptionError

TRUE_WORDS = frozenset({"true", "yes", "on", "1"})
FALSE_WORDS = frozenset({"false", "no", "off", "0"})


def parse_value(text: str) -> Any:
    """A value as typed after ``KEY=``: JSON when it is JSON (numbers, ``true``/``false``,
    lists), ``none`` as None, else the text itself; the inverse of :func:`value_text`.

    >>> [parse_value(t) for t in ("12", "true", "none", "basic", '"12"', "[1, 2]")]
    [12, True, None, 'basic', '12', [1, 2]]
    """
    text = text.strip()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return None if text.lower() == "none" else text


def value_text(value: Any) -> str:
    """A value as a person types it after ``KEY=``: ``true``/``false``, ``none``, numbers and
    words bare, and JSON for the rest (a word that would read as a number is quoted).

    >>> [value_text(v) for v in (True, None, 12, "basic", "12", [1, 2])]
    ['true', 'none', '12', 'basic', '"12"', '[1, 2]']
    """
    if value is None:
        return "none"
    if isinstance(value, str):
        try:
            json.loads(value)
        except ValueError:
            if value.strip() == value and value and value.lower() != "none":
                return value
    return json.dumps(value)


def _as_bool(value: Any) -> bool | None:
    """``value`` as a yes or no, from the spellings people type; None if it is neither."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
    return None


_NO_CHOICE = object()


@dataclass(frozen=True)
class Option:
    """One option of a game.

    ``choices`` lists the allowed values when they are few; otherwise ``check`` validates a
    value and returns it normalised (raising ``ValueError`` with the reason if it is bad).
    ``names`` gives values their printed words (``"common_deck"`` -> ``"Common action deck"``):
    each a choice, or, without choices, a value ``check`` takes as it is; a value without one
    reads as typed.
    """

    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    check: Callable[[Any], Any] | None = field(default=None, compare=False)
    # words for people, not what the option allows: two options that allow the same are equal
    names: Mapping[Any, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        """Refuse a name of a value the option does not take, an empty name, or two values
        of one name (a name typed would then mean either)."""
        seen: dict[str, Any] = {}
        for value, words in self.names.items():
            if not isinstance(words, str) or not words.strip():
                raise ValueError(f"{value_text(value)} is named {words!r}, which is no words")
            if self.choices and not self._is_choice(value):
                choices = ", ".join(value_text(c) for c in self.choices)
                raise ValueError(
                    f"{value_text(value)} is named {words!r} but is no choice; choices: {choices}"
                )
            if not self.choices and self.check is not None and not self._checks_as_is(value):
                raise ValueError(
                    f"{value_text(value)} is named {words!r} but is no value the option takes"
                )
            other = seen.setdefault(words.strip().casefold(), value)
            if other is not value:
                raise ValueError(
                    f"{value_text(other)} and {value_text(value)} are both named {words!r}"
                )

    def _is_choice(self, value: Any) -> bool:
        return any(type(c) is type(value) and c == value for c in self.choices)

    def _checks_as_is(self, value: Any) -> bool:
        assert self.check is not None
        try:
            return bool(self.check(value) == value)
        except (TypeError, ValueError):
            return False

    def name_of(self, value: Any) -> str:
        """``value`` in printed words: its name, else as typed.

        >>> mode = Option(default="solo", help="", choices=("solo", "team"), names={"team": "Team"})
        >>> mode.name_of("team"), mode.name_of("solo")
        ('Team', 'solo')
        """
        for named, words in self.names.items():
            if type(named) is type(value) and named == value:
                return words
        return value_text(value)

    def validate(self, name: str, value: Any) -> Any:
        """The allowed value that ``value`` names (a choice itself, when there are choices),
        or a GameOptionError that says what is allowed."""
        if self.choices:
            choice = self._choice(value)
            if choice is _NO_CHOICE:
                allowed = ", ".join(value_text(c) for c in self.choices)
                raise GameOptionError(
                    f"option {name}={value_text(value)} is not allowed; allowed: {allowed}"
                )
            return choice
        if self.check is not None:
            try:
                return self.check(self._named(value))
            except (TypeError, ValueError) as exc:
                raise GameOptionError(
                    f"option {name}={value_text(value)} is not allowed: {exc}"
                ) from exc
        return self._named(value)

    def _named(self, value: Any) -> Any:
        """The value whose printed name ``value`` is, in any case; else ``value`` itself."""
        if isinstance(value, str):
            typed = value.strip().casefold()
            for named, words in self.names.items():
                if words.strip().casefold() == typed:
                    return named
        return value

    def _choice(self, value: Any) -> Any:
        """The choice ``value`` names: itself (of the same type: 1 is no ``true``), a yes or no
        spelled as people type it when the choices are yes and no, or a text that reads as
        exactly one choice or its printed name in any case (``"Master"`` for ``master``, ``"6"``
        for 6, ``"master version"`` for ``master``)."""
        for choice in self.choices:
            if type(choice) is type(value) and choice == value:
                return choice
        if all(isinstance(c, bool) for c in self.choices):
            meant = _as_bool(value)
            return meant if meant in self.choices else _NO_CHOICE
        if isinstance(value, str):
            typed = value.strip().casefold()
            same = [
                c
                for c in self.choices
                if typed in (value_text(c).casefold(), self.name_of(c).strip().casefold())
            ]
            if len(same) == 1:
                return same[0]
        return _NO_CHOICE


def resolve_options(
    game: str, declared: Mapping[str, Option], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Defaults overlaid with ``given``; unknown names raise a GameOptionError listing the known."""
    unknown = sorted(set(given) - set(declared))
    if unknown:
        known = ", ".join(sorted(declared)) or "none"
        raise GameOptionError(
            f"{game} has no option {', '.join(unknown)}; its options are: {known}"
        )
    resolved = {name: opt.default for name, opt in declared.items()}
    for name, value in given.items():
        resolved[name] = declared[name].validate(name, value)
    return resolved
