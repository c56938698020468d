"""Who learns which action was taken: the one rule that live play and replay both follow, so a
replay shows each seat exactly the moves it was shown while the game was played.

A seat learns an action when its observation after it differs from its observation after
every other action that was possible then, and the action's name says nothing the seat could
not see: in a few worlds re-dealt from what the seat sees (``determinize``), no action with
another name would have left the seat the same observation (the last card of three returned
to a deck is told apart from the other two, but its name is still secret). The seat that chose
it always knows. The spectator (``None``) learns an action only when every seat learns it and
the spectator's own observation tells it apart too.

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

import random
from collections.abc import Collection
from typing import Any

from towers.core.game import CHANCE

SPECTATOR = None
"""The viewer who is no seat: what anybody watching may see."""

WORLDS = 4
"""How many worlds re-dealt from a seat's view are searched for an action of another name."""

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
    seats = {
        v for v in telling if v is not None and names_nothing_hidden(state, action, v, mine[v])
    }
    if actor >= 0:
        seats.add(actor)
    if SPECTATOR in telling and len(seats) == game.num_players:
        return None
    return frozenset(seats)


def names_nothing_hidden(state: Any, action: int, seat: int, seen: Any) -> bool:
    """Whether ``action``'s name tells ``seat``, who saw ``seen`` after it, nothing it could
    not see: in none of ``WORLDS`` worlds re-dealt from the seat's view does an action with
    another name, possible there and not here, leave the seat that same observation. The
    worlds are drawn from a seed of the position, so live play and replay draw the same."""
    legal = state.legal_actions()
    name = state.action_to_string(action)
    rng = random.Random(f"{len(state.history())}:{action}:{seat}")
    for _ in range(WORLDS):
        world = state.determinize(seat, rng)
        for other in set(world.legal_actions()) - set(legal):
            if world.action_to_string(other) == name:
                continue
            after = world.clone()
            after.apply_trusted(other)
            if after.observation(seat) == seen:
                return False
    return True


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
