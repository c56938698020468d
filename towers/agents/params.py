"""The parameters a bot takes, declared once beside the bot: their kind, default, allowed
range, what they mean to a player, and the most a server allows of those that set how much
work a move takes. The command line, the simulator and the server all check a bot's
parameters here, so a bad value gets the same clear sentence everywhere.

>>> iterations = Param("iterations", int, 200, "searches per move", low=1, limit=20_000)
>>> iterations.check(50)
50
>>> iterations.check("abc")
Traceback (most recent call last):
...
towers.agents.params.BotParamError: iterations must be a whole number of at least 1, not abc
>>> iterations.check(10**9, limited=True)
Traceback (most recent call last):
...
towers.agents.params.BotParamError: iterations may be at most 20000 here, not 1000000000
>>> Param("relative", bool, True, "count gains from the start").check("no")
False
>>> Param("clock", str, "wall", "what time is measured on", choices=("wall", "cpu")).check("CPU")
'cpu'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from towers.core.errors import GameOptionError
from towers.core.options import FALSE_WORDS, TRUE_WORDS, value_text


class BotParamError(GameOptionError):
    """A bot parameter that the bot does not take, or a value it does not allow.

    ``param`` names the parameter (empty for an unknown one) and ``limit`` is the bound that
    was passed, when a server's bound was the reason."""

    def __init__(self, message: str, param: str = "", limit: float | None = None) -> None:
        super().__init__(message)
        self.param = param
        self.limit = limit


@dataclass(frozen=True)
class Param:
    """One parameter of a bot.

    ``kind`` is ``int``, ``float``, ``bool`` or ``str``; ``low`` and ``high`` bound the values that make
    sense at all, and ``choices`` lists the only texts a ``str`` parameter takes (none: any
    text); ``limit`` is the largest value a shared server allows, for a parameter that
    sets how much work one move takes (None for one that does not); ``default`` None means
    "not set" (the bot then uses something else, as ``mcts`` uses ``iterations`` when no
    ``seconds`` is given).
    """

    name: str
    kind: type
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    limit: float | None = None
    above_low: bool = False
    """True when ``low`` itself is not allowed (a think time must be more than 0)."""
    light: float | None = None
    """The most that keeps a move light (well under a second on any game); a server thinks
    heavier moves apart, so that they hold up no light one."""
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choices and self.kind is not str:
            raise ValueError(f"{self.name}: only a text parameter lists its choices")
        if self.choices and self.default is not None and self.default not in self.choices:
            raise ValueError(f"{self.name}: the default {self.default!r} is not a choice")

    def allowed(self) -> str:
        """The allowed values in words, e.g. 'a whole number of at least 1'."""
        if self.kind is bool:
            return "true or false"
        if self.kind is str:
            if not self.choices:
                return "some text"
            if len(self.choices) == 1:
                return self.choices[0]
            return f"{', '.join(self.choices[:-1])} or {self.choices[-1]}"
        what = "a whole number" if self.kind is int else "a number"
        low = "" if self.low is None else _number(self.low)
        high = "" if self.high is None else _number(self.high)
        if low and high:
            return f"{what} from {low} to {high}"
        if low:
            return f"{what} {'more than' if self.above_low else 'of at least'} {low}"
        if high:
            return f"{what} of at most {high}"
        return what

    def check(self, value: Any, *, limited: bool = False) -> Any:
        """The value in its kind, or a :class:`BotParamError` that says what is allowed.
        Text is read as people type it ("200", "0.5", "yes"); with ``limited`` the server's
        bound applies too."""
        if value is None and self.default is None:
            return None
        checked = self._convert(value)
        if checked is None:
            raise BotParamError(
                f"{self.name} must be {self.allowed()}, not {value_text(value)}", param=self.name
            )
        if limited and self.limit is not None and checked > self.limit:
            raise BotParamError(
                f"{self.name} may be at most {_number(self.limit)} here, not {_number(value)}",
                param=self.name,
                limit=self.limit,
            )
        return checked

    def clamp(self, value: Any) -> Any:
        """A stored value made allowed: held to the server's bound, or the default when it is
        not a value of this parameter at all (for games saved before a bound existed)."""
        try:
            checked = self.check(value)
        except BotParamError:
            return self.default
        if self.limit is not None and checked is not None and checked > self.limit:
            return self.kind(self.limit)
        return checked

    def _convert(self, value: Any) -> Any:
        if self.kind is str:
            text = value.strip() if isinstance(value, str) else ""
            if not text or not self.choices:
                return text or None
            return next((c for c in self.choices if c.casefold() == text.casefold()), None)
        if isinstance(value, str):
            value = _from_text(value.strip(), self.kind)
        if self.kind is bool:
            return value if isinstance(value, bool) else None
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        if self.kind is int:
            if isinstance(value, float):
                if not value.is_integer():
                    return None
                value = int(value)
        else:
            value = float(value)
            if not math.isfinite(value):
                return None
        if self.low is not None and (value < self.low or (self.above_low and value == self.low)):
            return None
        if self.high is not None and value > self.high:
            return None
        return value

    def to_dict(self) -> dict[str, Any]:
        """The declaration as the catalog publishes it."""
        return {
            "type": {int: "integer", float: "number", bool: "boolean", str: "string"}[self.kind],
            "default": self.default,
            "help": self.help,
            "allowed": self.allowed(),
            "min": self.low,
            "max": self.high,
            "limit": self.limit,
            "choices": list(self.choices),
        }


def _from_text(text: str, kind: type) -> Any:
    if kind is bool:
        word = text.lower()
        return True if word in TRUE_WORDS else False if word in FALSE_WORDS else text
    try:
        return int(text) if kind is int else float(text)
    except ValueError:
        return text


def _number(x: Any) -> str:
    """A number as people write it: 200 rather than 200.0; a large one as given (1e+30)."""
    if isinstance(x, str):
        return value_text(x)
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return str(x)


def check_params(
    bot: str, declared: Sequence[Param], given: Mapping[str, Any], *, limited: bool = False
) -> dict[str, Any]:
    """``given`` checked against ``declared``: each value in its kind, unknown names refused
    with the list of known ones; every error message starts with the bot's name."""
    by_name = {p.name: p for p in declared}
    out: dict[str, Any] = {}
    for name, value in given.items():
        param = by_name.get(name)
        if param is None:
            known = ", ".join(by_name) or "no parameters"
            raise BotParamError(f"{bot} has no parameter {name!r}; it takes: {known}")
        try:
            out[name] = param.check(value, limited=limited)
        except BotParamError as exc:
            raise BotParamError(f"{bot}: {exc}", param=exc.param, limit=exc.limit) from None
    return out


def is_light(declared: Sequence[Param], given: Mapping[str, Any]) -> bool:
    """True when no parameter, given or by default, is past what keeps a move light."""
    for p in declared:
        if p.light is None:
            continue
        value = given.get(p.name, p.default)
        if isinstance(value, int | float) and not isinstance(value, bool) and value > p.light:
            return False
    return True


def clamp_params(declared: Sequence[Param], given: Mapping[str, Any]) -> dict[str, Any]:
    """Stored parameters made allowed: unknown names dropped, values held to their bounds."""
    by_name = {p.name: p for p in declared}
    return {k: by_name[k].clamp(v) for k, v in given.items() if k in by_name}
