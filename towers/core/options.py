"""Declared game options: each game lists its options once, with defaults and allowed values."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from towers.core.errors import GameOptionError


@dataclass(frozen=True)
class Option:
    """One option of a game.

    ``choices`` lists the allowed values when they are few; otherwise ``check`` validates a
    value and returns it normalised (raising ``ValueError`` with the reason if it is bad).
    """

    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    check: Callable[[Any], Any] | None = field(default=None, compare=False)

    def validate(self, name: str, value: Any) -> Any:
        if self.choices:
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise GameOptionError(f"option {name}={value!r} is not allowed; allowed: {allowed}")
            return value
        if self.check is not None:
            try:
                return self.check(value)
            except (TypeError, ValueError) as exc:
                raise GameOptionError(f"option {name}={value!r} is not allowed: {exc}") from exc
        return value


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
