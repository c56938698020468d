"""Who learns which action was taken: the one rule that live play and replay both follow, so a
replay shows each seat exactly the moves it was shown while the game was played.

A seat learns an action when its observation after it differs from its observation after
every other action that was possible then; the seat that chose it always knows. The spectator
(``None``) learns an action only when every seat learns it and the spectator's own observation
tells it apart too.

>>> import towers
>>> state = towers.make("torres", players=2).new_initial_state()
>>> seen_by(state, state.legal_actions()[0]) is None  # placing a first knight is public
True
>>> move_line(1, "seat 1", "keep relocate", frozenset({1}), [0])
'seat 1: a hidden choice (seen by seat 1)'
>>> move_line(CHANCE, "chance", "draw relocate", frozenset({1}), [1])
'chance: draw relocate'
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from towers.core.game import CHANCE

SPECTATOR = None
"""The viewer who is no seat: what anybody watching may see."""

Seen = frozenset[int] | None
"""The seats that learn an action, or None when everybody (the spectator too) does."""


def seen_by(state: Any, action: int) -> Seen:
    """Who learns which action ``action`` was, asked of ``state`` before it is applied (the
    action must be legal there): None when everybody does, else the seats that do."""
    game = state.game
    if not game.has_hidden_information():
        return None
    actor = state.current_player()
    viewers: list[int | None] = [s for s in range(game.num_players) if s != actor]
    viewers.append(SPECTATOR)

    def after(a: int) -> Any:
        copy = state.clone()
        copy.apply_trusted(a)
        return copy

    taken = after(action)
    mine = {v: taken.observation(v) for v in viewers}
    telling = set(viewers)  # the viewers who have told ``action`` apart from every other so far
    for alternative in state.legal_actions():
        if alternative == action:
            continue
        other = after(alternative)
        telling = {v for v in telling if other.observation(v) != mine[v]}
        if not telling:
            break
    seats = {v for v in telling if v is not None}
    if actor >= 0:
        seats.add(actor)
    if SPECTATOR in telling and len(seats) == game.num_players:
        return None
    return frozenset(seats)


def is_seen(seen: Seen, audience: Collection[int | None]) -> bool:
    """Whether every viewer of ``audience`` (seats, or ``SPECTATOR``) learns the action."""
    return seen is None or all(v is not None and v in seen for v in audience)


def move_line(actor: int, who: str, name: str, seen: Seen, audience: Collection[int | None]) -> str:
    """How ``actor``'s move (``who`` names the actor) reads on a screen watched by
    ``audience``: in words when every viewer there learns it, else that a hidden choice or
    outcome happened, and who learned it."""
    if is_seen(seen, audience):
        return f"{who}: {name}"
    kind = "outcome" if actor == CHANCE else "choice"
    seers = ", ".join(f"seat {s}" for s in sorted(seen or ()))
    return f"{who}: a hidden {kind}" + (f" (seen by {seers})" if seers else "")
