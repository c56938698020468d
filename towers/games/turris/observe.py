"""What a seat of Turris may see: its observation, who may read an action, and a copy of
the game with what a seat cannot see dealt again.

Only the Tactics hands and the Tactics deck are hidden (Components; Action Step: the
Tactics cards); everything else on the table is open, and the number and details of
completed Missions are open information (Complete Mission Step)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import fields as dataclass_fields
from typing import TYPE_CHECKING, Any

from towers.core.game import CHANCE, PUBLIC, Disclosure
from towers.core.knowledge import open_disclosure
from towers.games.turris import actions as A
from towers.games.turris.frames import (
    PlayTacticsChoice,
    TacticsDraw,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def _any_card(card: int) -> bool:
    """Any card drawn instead would have left the table alike."""
    return True


def observation(state: TurrisState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know: every field but the Tactics deck and hands, the hands' and
    the deck's sizes, and the seat's own hand (``None``: a spectator)."""
    fields = state.to_fields()
    for name in ("_history", "tactics_deck", "hands"):
        fields.pop(name, None)
    fields["hand_sizes"] = [len(h) for h in state.hands]
    fields["tactics_deck_size"] = len(state.tactics_deck)
    if seat is not None:
        fields["hand"] = state.hands[seat][:]
    return fields


def disclosure(state: TurrisState, action: int) -> Disclosure:
    """Who may read ``action`` and whether it reveals a Tactics card, exactly (the
    server's log and undo ask it). Only the Tactics hands and deck are hidden; a seat
    counts, as ``_determinize`` deals them, on the pool of the deck and every hand but
    its own, in any order. A card drawn is its drawer's to read, and another seat's only
    when no other card of that pool could have been drawn to the same effect on the
    table (see ``_draw_twins``); the spectator reads it when every seat does and no other
    card of the deck could have been drawn to that effect. A card played or discarded is
    public and reveals it unless every other seat's pool is too short of other cards to
    fill the hand without it, or, for a card chosen among those just drawn, the drawn
    cards without it. Any other decision is public, unless another choice would have
    left the table just as it does (two Beast paths ending alike)."""
    n = state.game.num_players
    value = A.SPACE.decode(action)
    match value:
        case A.DrawTactics(card=card):
            event = state.chance[0]
            assert isinstance(event, TacticsDraw)
            seen, truth = draw_twins(state, event.seat, card)
            readers = frozenset(
                s
                for s in range(n)
                if s == event.seat or not any(k != card and seen(k) for k in tactics_pool(state, s))
            )
            alone = not any(k != card and truth(k) for k, _ in state.tactics_deck.draw_outcomes())
            return PUBLIC if len(readers) == n and alone else Disclosure(readers)
        case A.PlayTactics(card=card) | A.Discard(card=card):
            top = state.stack.top if state.stack else None
            p = state.current_player()
            held = len(state.hands[p])
            if isinstance(top, PlayTacticsChoice) and top.drawn > 0:
                held = top.drawn  # chosen among the last drawn, which a seat cannot tell
            reveals = False
            for s in range(n):
                if s != p:
                    pool = tactics_pool(state, s)
                    reveals |= sum(pool.values()) - pool.get(card, 0) >= held
            return Disclosure(None, reveals)
    if state.current_player() == CHANCE:
        return PUBLIC
    # two paths, targets or answers may end alike, and then nobody else tells them apart
    return open_disclosure(state, action, view)


def draw_twins(
    state: TurrisState, seat: int, card: int
) -> tuple[Callable[[int], bool], Callable[[int], bool]]:
    """Which other Tactics cards ``seat`` could have drawn instead of ``card`` to the same
    effect on the table: in some world another seat holds possible, and in the true
    state. Each does, but for the last card an effect draws to be played at once (the
    Stroboscope): whether one of the cards just drawn may be played shows, as the choice
    stays or goes. In another seat's worlds the hand is dealt in any order, so the cards
    drawn before the last may be any; a card that may be played among them, or the last
    one if it may be, keeps the choice whatever else comes."""
    top = state.stack.top if state.stack else None
    if not (
        len(state.chance) == 1
        and isinstance(top, PlayTacticsChoice)
        and top.seat == seat
        and top.n > 0
        and top.drawn > 0
    ):
        return _any_card, _any_card  # the table shows nothing of the card

    def playable(k: int) -> bool:
        return state._can_resolve_source(seat, state.game.src_tactics[k])

    def unplayable(k: int) -> bool:
        return not playable(k)

    before = top.drawn - 1
    kept = any(playable(k) for k in state.hands[seat][len(state.hands[seat]) - before :])
    if not (playable(card) or kept):
        return unplayable, unplayable
    if before:
        return _any_card, (_any_card if kept else playable)
    return playable, playable


def view(state: TurrisState, seat: int | None) -> object:
    """Equal exactly when ``observation(seat)`` is, and made without writing JSON."""
    public = tuple(getattr(state, name) for name in _open_fields(type(state)))
    sizes = [len(h) for h in state.hands]
    return public, sizes, len(state.tactics_deck), None if seat is None else state.hands[seat]


def tactics_pool(state: TurrisState, seat: int) -> dict[int, int]:
    """The Tactics cards, by kind, that ``seat`` cannot place: the deck and the others'
    hands, from which ``_determinize(seat)`` deals those hands again."""
    pool = {c: k for c, k in enumerate(state.tactics_deck.counts) if k}
    for other, hand in enumerate(state.hands):
        if other != seat:
            for c in hand:
                pool[c] = pool.get(c, 0) + 1
    return pool


def determinize(state: TurrisState, seat: int, rng: random.Random) -> TurrisState:
    """A copy of the game with the other seats' Tactics hands dealt again from the deck and
    those hands (what ``seat`` cannot see)."""
    s = state.clone()
    assert isinstance(s, type(state))
    for other in range(state.game.num_players):
        if other != seat:
            s.tactics_deck.shuffle_in(s.hands[other])
    for other in range(state.game.num_players):
        if other != seat:
            k = len(s.hands[other])
            s.hands[other] = [s.tactics_deck.draw_random(rng) for _ in range(k)]
    return s


@functools.cache
def _open_fields(kind: type) -> tuple[str, ...]:
    """The fields every seat sees as they are (``observation`` writes them all)."""
    return tuple(
        f.name
        for f in dataclass_fields(kind)
        if f.name not in {"game", "_history", "_legal", "_legal_set", "tactics_deck", "hands"}
    )
