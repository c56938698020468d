"""Tactics cards of Turris: one played a turn in the Action Step (more through effects,
which do not count against the limit), only if all its effects can be performed in full
(Minor Rules and Clarifications); discarded after use (Rules Clarification 2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.turris import actions as A
from towers.games.turris.frames import (
    PlayTacticsChoice,
    Resolving,
    unanswered,
)
from towers.games.turris.twins import made

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def playable_cards(state: TurrisState, seat: int) -> list[int]:
    """The Tactics cards in ``seat``'s hand whose effects can all be performed in full."""
    g = state.game
    src_tactics = g.src_tactics
    always = g.always_resolvable
    return [
        c
        for c in sorted(set(state.hands[seat]))
        if always[src_tactics[c]] or state._can_resolve_source(seat, src_tactics[c])
    ]


def tactics_choices(state: TurrisState, top: PlayTacticsChoice) -> list[int]:
    """The cards the choice may play: any playable one, or only among those just drawn
    (the last of the hand: a draw appends)."""
    playable = playable_cards(state, top.seat)
    if top.drawn <= 0:
        return playable
    drawn = set(state.hands[top.seat][-top.drawn :])
    return [c for c in playable if c in drawn]


def play_tactics(state: TurrisState, seat: int, card: int) -> None:
    """Play Tactics ``card``: discarded, its effects resolved."""
    state.hands[seat].remove(card)
    state.tactics_discard.append(card)
    state.stack.append(made(Resolving, seat, state.game.src_tactics[card], 0))


def settle_play_tactics_choice(state: TurrisState, top: PlayTacticsChoice) -> bool:
    """Settle a :class:`PlayTacticsChoice` that needs no decision; False: it is put to its seat."""
    seat = top.seat
    n = top.n
    drawn = top.drawn
    if n <= 0 or not state.hands[seat] or (drawn and not tactics_choices(state, top)):
        state.stack.pop()
        return True
    return False


def decide_play_tactics_choice(state: TurrisState, top: PlayTacticsChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`PlayTacticsChoice`."""
    seat = top.seat
    n = top.n
    drawn = top.drawn
    match value:
        case A.PlayTactics(card=card):
            state.stack[-1] = made(PlayTacticsChoice, seat, n - 1, max(0, drawn - 1))
            play_tactics(state, seat, card)
            return
        case A.Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)
