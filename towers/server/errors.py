"""The errors the server answers with: a 4xx status, a short code and a sentence.

Every refusal is raised as :class:`ApiError` before anything is changed, and reaches an HTTP
client as ``{"error": code, "message": text, ...}`` with the status, or a WebSocket client as
the same object with ``"type": "error"`` and ``"status"``.

>>> e = ApiError(409, "not_your_turn", "it is seat 1's turn, not seat 0's")
>>> e.to_dict()
{'error': 'not_your_turn', 'message': "it is seat 1's turn, not seat 0's"}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from towers.core.errors import IllegalActionError


class ApiError(Exception):
    """A refused request: nothing was changed."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def to_dict(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message, **self.extra}


def malformed(message: str, **extra: Any) -> ApiError:
    return ApiError(400, "malformed", message, **extra)


def out_of_range(message: str, **extra: Any) -> ApiError:
    """A number of the right kind outside the range the API allows (422)."""
    return ApiError(422, "out_of_range", message, **extra)


def over_limit(message: str, param: str, limit: float) -> ApiError:
    """A bot parameter past this server's bound (422), naming the parameter and the bound."""
    return ApiError(422, "over_limit", message, field="seats", param=param, limit=limit)


RANGE_ERRORS = frozenset({"greater_than", "greater_than_equal", "less_than", "less_than_equal"})
"""Pydantic's error types for a number outside its range."""


def invalid_request(errors: Iterable[Mapping[str, Any]]) -> ApiError:
    """A request body, query or message that does not validate: 422 ``out_of_range`` when
    every fault is a number outside its range, else 400 ``malformed``; the message names
    each field and what it must be."""
    errors = list(errors)
    parts = []
    for e in errors[:5]:
        if e.get("type") == "json_invalid":
            why = (e.get("ctx") or {}).get("error", "")
            parts.append(f"the body is not JSON ({why})" if why else "the body is not JSON")
            continue
        where = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
        parts.append(f"{where}: {e.get('msg')}" if where else str(e.get("msg")))
    text = "; ".join(parts)
    if errors and all(e.get("type") in RANGE_ERRORS for e in errors):
        return out_of_range(f"out of range: {text}")
    return malformed(f"malformed request: {text}")


def unknown_game(game_id: str) -> ApiError:
    return ApiError(404, "unknown_game", f"there is no game {game_id!r} on this server")


def missing_secret() -> ApiError:
    return ApiError(
        401,
        "missing_secret",
        "this needs a seat's secret (the X-Seat-Secret header, or 'secret' in the hello "
        "message); a spectator may only watch",
    )


def wrong_secret() -> ApiError:
    return ApiError(403, "wrong_secret", "this secret belongs to no seat of this game")


def illegal(exc: IllegalActionError) -> ApiError:
    """The engine's refusal in its own words, with the rulebook section."""
    return ApiError(
        422,
        "illegal_action",
        str(exc),
        reason=exc.reason,
        rule=exc.rule,
        allowed=exc.allowed,
        allowed_total=exc.allowed_total,
    )
