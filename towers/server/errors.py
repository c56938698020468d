"""The errors the server answers with: a 4xx status, a short code and a sentence.

Every refusal is raised as :class:`ApiError` before anything is changed, and reaches an HTTP
client as ``{"error": code, "message": text, ...}`` with the status, or a WebSocket client as
the same object with ``"type": "error"`` and ``"status"``.

>>> e = ApiError(409, "not_your_turn", "it is seat 1's turn, not seat 0's")
>>> e.to_dict()
{'error': 'not_your_turn', 'message': "it is seat 1's turn, not seat 0's"}
"""

from __future__ import annotations

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
