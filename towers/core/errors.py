"""Errors raised by the engine, split by kind.

- :class:`GameOptionError`: an unknown game, an unknown option or a value not allowed.
- :class:`ActionParseError`: text that names no action of the game (malformed input).
- :class:`IllegalActionError`: a well-formed action that the rules forbid now.

All three are ``ValueError`` subclasses, so callers that only care about "bad input"
can catch ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Sequence


class TowersError(Exception):
    """Base class of every error the engine raises on purpose."""


class GameOptionError(TowersError, ValueError):
    """An unknown game name, an unknown option, or an option value that is not allowed."""


class ActionParseError(TowersError, ValueError):
    """Text or a number that does not name any action of this game."""


class SaveFormatError(TowersError, ValueError):
    """A saved game that cannot be read."""


class IllegalActionError(TowersError, ValueError):
    """An action that the rules forbid in the current state.

    ``reason`` says which rule forbids it, ``rule`` names the rulebook section,
    ``allowed`` lists (a sample of) what is allowed now, as action strings.
    """

    def __init__(
        self,
        tried: str,
        reason: str,
        rule: str = "",
        allowed: Sequence[str] = (),
        allowed_total: int | None = None,
    ) -> None:
        self.tried = tried
        self.reason = reason
        self.rule = rule
        self.allowed = list(allowed)
        self.allowed_total = len(self.allowed) if allowed_total is None else allowed_total
        super().__init__(self._message())

    def _message(self) -> str:
        text = f"{self.tried!s} is not allowed: {self.reason}"
        if self.rule:
            text += f" ({self.rule})"
        if self.allowed:
            shown = ", ".join(self.allowed)
            more = self.allowed_total - len(self.allowed)
            text += f". Allowed now: {shown}"
            if more > 0:
                text += f" and {more} more"
        elif self.allowed_total == 0:
            text += ". Nothing is allowed now"
        return text + "."
