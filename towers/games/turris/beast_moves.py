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
from towers.games.turris.solo import push_betrayers
from towers.games.turris.twins import beast_left, ends_beast_move, is_alone, made

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def movable_beasts(state: TurrisState, steps: int, crossroads: bool) -> list[int]:
    """The Beasts a move of ``steps`` may name (``crossroads``: one in a Crossroads too):
    a flipped one (it stands up instead of moving), any for a flip where it stands, else
    one with a full move open to it."""
    out = []
    g = state.game
    flipped = state.flipped
    beast_at = state.beast_at
    scouts = state.scouts
    open_mask = -1
    betrayer_mask = 0
    for b, at in enumerate(beast_at):
        if at < 0 or (not crossroads and at in g.crossroads):
            continue
        if flipped[b] or steps == 0:
            out.append(b)
            continue
        if open_mask < 0:
            open_mask = open_bits(state)
            betrayer_mask = betrayer_bits(state)
        other_mask = other_bits(beast_at, b)
        if reach(g.adjacent, scouts, betrayer_mask, open_mask, other_mask, at, steps, at):
            out.append(b)
    return out


def can_move_on(state: TurrisState, b: int, here: int, steps: int, start: int) -> bool:
    """Whether Beast ``b``, at ``here`` with ``steps`` still to go on a move begun at
    ``start``, can finish it: all its steps, or fewer when it reaches a Scout (Easily
    Missed Rules); never ending with another Beast (Move Beast) nor back at ``start``."""
    return reach(
        state.game.adjacent,
        state.scouts,
        betrayer_bits(state),
        open_bits(state),
        other_bits(state.beast_at, b),
        here,
        steps,
        start,
    )


def open_bits(state: TurrisState) -> int:
    """The nodes that exist now (``board.open_nodes``), one bit a node."""
    site_at = state.site_at
    spot_open = state.spot_open
    bits = 0
    for n, k in enumerate(state.game.spot_of):
        if k < 0 or site_at[k] >= 0 or spot_open[k]:
            bits |= 1 << n
    return bits


def betrayer_bits(state: TurrisState) -> int:
    """The nodes of the Betrayers' Scouts (solo), one bit a node."""
    bits = 0
    for n in state.betrayer_at:
        bits |= 1 << n
    return bits


def has_scout(here: list[int]) -> bool:
    """Some seat's Scout stands in a node (its Scouts by seat)."""
    for count in here:
        if count > 0:
            return True
    return False


def other_bits(beast_at: list[int], b: int) -> int:
    """The nodes holding a Beast other than ``b``, one bit a node."""
    bits = 0
    for k, at in enumerate(beast_at):
        if k != b and at >= 0:
            bits |= 1 << at
    return bits


def reach(
    adjacent: tuple[tuple[int, ...], ...],
    scouts: list[list[int]],
    betrayer_mask: int,
    open_mask: int,
    other_mask: int,
    here: int,
    steps: int,
    start: int,
) -> bool:
    """:func:`can_move_on` over bits by node (the nodes that exist, those holding another
    Beast, those of the Betrayers' Scouts) and the Scouts by node: a move ends early at a
    Scout (``board.ends_beast_move``)."""
    bit = 1 << here
    if (
        here != start
        and not other_mask & bit
        and (steps == 0 or betrayer_mask & bit or has_scout(scouts[here]))
    ):
        return True
    if steps == 0:
        return False
    for n in adjacent[here]:
        if (
            n != start
            and open_mask >> n & 1
            and reach(adjacent, scouts, betrayer_mask, open_mask, other_mask, n, steps - 1, start)
        ):
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
    g = state.game
    open_mask = open_bits(state)
    other_mask = other_bits(state.beast_at, b)
    betrayer_mask = betrayer_bits(state)
    return [
        n
        for n in g.adjacent[here]
        if n != top.start
        and open_mask >> n & 1
        and reach(
            g.adjacent,
            state.scouts,
            betrayer_mask,
            open_mask,
            other_mask,
            n,
            top.steps - 1,
            top.start,
        )
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
        push_betrayers(state, end)


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
