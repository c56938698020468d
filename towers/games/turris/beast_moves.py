"""A Beast moved by an effect during a turn in Turris (Easily Missed Rules: the player
chooses the way, the move ends early at a Scout and then the Beast's effect resolves; a
flipped Beast stands up instead of moving; FAQ 2: the effect before the flip; Minor Rules
and Clarifications: the Ridge never names a Beast in a Crossroads)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.turris import actions as A
from towers.games.turris.frames import (
    MoveBeastChoice,
    unanswered,
)
from towers.games.turris.twins import beast_left, ends_beast_move, is_alone, made
from towers.games.turris.twins import open_nodes as board_open_nodes

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def movable_beasts(state: TurrisState, steps: int, crossroads: bool) -> list[int]:
    """The Beasts a move of ``steps`` may name (``crossroads``: one in a Crossroads too):
    a flipped one (it stands up instead of moving), any for a flip where it stands, else
    one with a full move open to it."""
    out = []
    g = state.game
    flipped = state.flipped
    open_nodes = None
    for b, at in enumerate(state.beast_at):
        if at < 0 or (not crossroads and at in g.crossroads):
            continue
        if flipped[b] or steps == 0:
            out.append(b)
            continue
        if open_nodes is None:
            open_nodes = board_open_nodes(state)
        if search_move(state, open_nodes, b, at, steps, at):
            out.append(b)
    return out


def can_move_on(state: TurrisState, b: int, here: int, steps: int, start: int) -> bool:
    """Whether Beast ``b``, at ``here`` with ``steps`` still to go on a move begun at
    ``start``, can finish it: all its steps, or fewer when it reaches a Scout (Easily
    Missed Rules); never ending with another Beast (Move Beast) nor back at ``start``."""
    open_nodes = board_open_nodes(state)
    return search_move(state, open_nodes, b, here, steps, start)


def search_move(
    state: TurrisState, open_nodes: list[bool], b: int, here: int, steps: int, start: int
) -> bool:
    """:func:`can_move_on`, the nodes that exist now given (``open_nodes``, by node): the
    board's ``is_alone`` and ``ends_beast_move`` read from the state's lists at each step."""
    beast_at = state.beast_at
    if (
        here != start
        and beast_at.count(here) == (beast_at[b] == here)
        and (steps == 0 or sum(state.scouts[here]) > 0 or here in state.betrayer_at)
    ):
        return True
    if steps == 0:
        return False
    for n in state.game.adjacent[here]:
        if n != start and open_nodes[n] and search_move(state, open_nodes, b, n, steps - 1, start):
            return True
    return False


def choose_beast(state: TurrisState, top: MoveBeastChoice, b: int) -> None:
    """The Beast ``b`` an effect moves: a flipped one stands up, a move of 0 steps flips it,
    else its steps are chosen."""
    if state.flipped[b]:
        # a flipped Beast stands up again instead of moving (Easily Missed Rules)
        state.flipped[b] = False
        state.stack.pop()
        return
    if top.steps == 0:
        state.flipped[b] = top.flip
        state.stack.pop()
        return
    at = state.beast_at[b]
    state.stack[-1] = made(MoveBeastChoice, top.seat, top.steps, top.flip, top.crossroads, b, at)


def beast_steps(state: TurrisState, top: MoveBeastChoice) -> list[int]:
    """The next steps that keep the whole move possible; none once it is made."""
    if top.steps <= 0:
        return []
    b, here = top.beast, state.beast_at[top.beast]
    if here != top.start and ends_beast_move(state, here) and is_alone(state, b, here):
        return []  # a Scout ends the move early (Easily Missed Rules)
    open_nodes = board_open_nodes(state)
    return [
        n
        for n in state.game.adjacent[here]
        if n != top.start
        and open_nodes[n]
        and search_move(state, open_nodes, b, n, top.steps - 1, top.start)
    ]


def beast_moved(state: TurrisState, top: MoveBeastChoice) -> None:
    """The move is made: the flip, then the Beast's effect where it ends (FAQ 2), no Chain
    Attack."""
    b = top.beast
    end = state.beast_at[b]
    if top.flip:
        state.flipped[b] = True
    beast_left(state, top.start, end)
    if end != top.start and sum(state.scouts[end]):
        # the effect at the end of the move, before the flip (FAQ 2); no Chain Attack
        state.stack.append(state._effect_frame(b, end, False))
    if end != top.start:
        state._push_betrayers(end)


def settle_move_beast_choice(state: TurrisState, top: MoveBeastChoice) -> bool:
    """Settle a :class:`MoveBeastChoice` that needs no decision; False: it is put to its seat."""
    if top.beast == -1:
        if not movable_beasts(state, top.steps, top.crossroads):
            state.stack.pop()
            return True
    else:
        if not beast_steps(state, top):
            state.stack.pop()
            beast_moved(state, top)
            return True
    return False


def decide_move_beast_choice(state: TurrisState, top: MoveBeastChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`MoveBeastChoice`."""
    match value:
        case A.ChooseBeast(beast=b):
            choose_beast(state, top, b)
            return
        case A.Choose(node=node):
            state.beast_at[top.beast] = node
            state.stack[-1] = made(
                MoveBeastChoice,
                top.seat,
                top.steps - 1,
                top.flip,
                top.crossroads,
                top.beast,
                top.start,
            )
            return
    raise unanswered(top, value)
