"""Winning & Losing: the heroes win together by completing the main goal and defeating the
adversary, and lose at once on a third corruption, the sixth month's end or an empty skull
supply; in the competitive game one hero wins (End of the Game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def win(state: DarkTowerState, seat: int, why: str) -> None:
    state.winner = seat
    state.result = 1
    state.ending = why


def lose(state: DarkTowerState, why: str) -> None:
    state.result = -1
    state.ending = why


def scores(state: DarkTowerState) -> list[float]:
    """The team wins together: 1 each on a win, 0 on a loss (and while playing). In the
    competitive game the winner scores 1 and the others 0 (nobody won: all 0)."""
    n = state.game.num_players
    if state.game.competitive:
        return [1.0 if s == state.winner else 0.0 for s in range(n)]
    won = 1.0 if state.result > 0 else 0.0
    return [won] * n


def winners(state: DarkTowerState) -> list[int]:
    if state.game.competitive:
        return [state.winner] if state.winner >= 0 else []
    if state.result > 0:
        return list(range(state.game.num_players))
    return []
