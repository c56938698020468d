"""Who learns which action was taken, on a terminal screen: live play and replay both follow
:func:`towers.core.knowledge.seen_by` (the server's rule too), so a replay shows each seat
exactly the moves it was shown while the game was played.

A seat learns an action when its observation after it differs from its observation after
every other action possible then, in the true position and in a few worlds re-dealt from what
the seat sees (``determinize``): the last card of three returned to a deck is told apart
from the other two, but its name is still secret. The seat that chose it always knows. The
spectator (``None``) learns an action only when every seat learns it and the spectator's own
observation tells it apart too.

>>> import towers
>>> state = towers.make("torres", players=2).new_initial_state()
>>> seen_by(state, state.legal_actions()[0]) is None  # placing a first knight is public
True
>>> move_line(1, "Blue", "keep relocate", frozenset({1}), [0], ["Red", "Blue"])
'Blue: a hidden choice (seen by Blue)'
>>> move_line(CHANCE, "chance", "draw relocate", frozenset({1}), [1])
'chance: draw relocate'
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any

from towers.core import knowledge
from towers.core.game import CHANCE

SPECTATOR = None
"""The viewer who is no seat: what anybody watching may see."""

Seen = knowledge.Seen


def seen_by(state: Any, action: int) -> Seen:
    """Who learns which action ``action`` was, asked of ``state`` before it is applied (the
    action must be legal there): None when everybody does, else the seats that do. The rule
    is :func:`towers.core.knowledge.seen_by`, the server's too; its re-dealt worlds are drawn
    from a seed of the position, so live play and replay draw the same."""
    rng = random.Random(f"{len(state.history())}:{action}")
    return knowledge.seen_by(state, action, rng)


def is_seen(seen: Seen, audience: Collection[int | None]) -> bool:
    """Whether every viewer of ``audience`` (seats, or ``SPECTATOR``) learns the action."""
    return seen is None or all(v is not None and v in seen for v in audience)


def move_line(
    actor: int,
    who: str,
    name: str,
    seen: Seen,
    audience: Collection[int | None],
    names: Sequence[str] = (),
) -> str:
    """How ``actor``'s move (``who`` names the actor) reads on a screen watched by
    ``audience``: in words when every viewer there learns it, else that a hidden choice or
    outcome happened, and who learned it (each seat by ``names``, its seat names)."""
    if is_seen(seen, audience):
        return f"{who}: {name}"
    kind = "outcome" if actor == CHANCE else "choice"
    seers = ", ".join(names[s] if s < len(names) else f"Player {s + 1}" for s in sorted(seen or ()))
    return f"{who}: a hidden {kind}" + (f" (seen by {seers})" if seers else "")
