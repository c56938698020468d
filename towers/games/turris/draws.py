"""The chance events of Turris: the decks drawn from, the First Player and the Beasts'
starting spots drawn, and the solo dice.

Setup (steps 2 to 4, 6, 9 and 14, and the variant of step 3); Rules Clarification 2 (a
Tactics deck run out is refilled by shuffling its discards); Appendix 1: Solo Play,
Betrayer Phase (the d4 names the Beast that moves, the d12 the Location of the Beast
Movement card). Each event waits in ``state.chance`` and is resolved before any decision."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.core.components import Deck, Die
from towers.core.frames import Frame
from towers.games.turris import actions as A
from towers.games.turris.frames import (
    BeastDie,
    BeastStartDraw,
    BeastTurn,
    FactionChoice,
    FirstPlayerDraw,
    MissionDraw,
    MovementDie,
    SiteDraw,
    TacticsDraw,
    TrionfiDraw,
)
from towers.games.turris.twins import beast_on

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState

_DRAWTACTICS = A.SPACE.base(A.DrawTactics)
_DRAWMISSION = A.SPACE.base(A.DrawMission)
_DRAWTRIONFI = A.SPACE.base(A.DrawTrionfi)
_DRAWSITE = A.SPACE.base(A.DrawSite)
"""The first action of each deck's draws."""

D4 = Die((1, 2, 3, 4))


D12 = Die(tuple(range(1, 13)))

_ROLL_BEAST = [(A.SPACE.base(A.RollBeast) + k, p) for k, p in D4.roll_outcomes()]
_ROLL_LOCATION = [(A.SPACE.base(A.RollLocation) + k, p) for k, p in D12.roll_outcomes()]
"""The outcomes of the d4 and the d12, listed once (a copy leaves ``chance_outcomes``)."""


def chance_outcomes(state: TurrisState) -> list[tuple[int, float]]:
    """The outcomes of the chance event first in line, with their probabilities."""
    event = state.chance[0]
    match event:
        case TacticsDraw():
            return deck_outcomes(state.tactics_deck, _DRAWTACTICS)
        case MissionDraw():
            return deck_outcomes(state.mission_deck, _DRAWMISSION)
        case TrionfiDraw():
            return deck_outcomes(state.trionfi_deck, _DRAWTRIONFI)
        case SiteDraw():
            return deck_outcomes(state.site_deck, _DRAWSITE)
        case FirstPlayerDraw():
            n = state.game.n_players
            base = A.SPACE.base(A.FirstPlayer)
            return [(base + s, 1 / n) for s in range(n)]
        case BeastDie():
            return _ROLL_BEAST.copy()
        case MovementDie():
            return _ROLL_LOCATION.copy()
        case BeastStartDraw():
            free = [
                k for k in range(len(state.game.spots)) if beast_on(state, state.game.spots[k]) < 0
            ]
            base = A.SPACE.base(A.BeastStart)
            return [(base + k, 1 / len(free)) for k in free]
    raise AssertionError(f"unknown chance event {event!r}")


def deck_outcomes(deck: Deck, base: int) -> list[tuple[int, float]]:
    """``Deck.draw_outcomes`` of a deck with no card known, as actions from ``base``: the
    kinds in the deck, each by its count."""
    if deck.top or deck.bottom:
        return [(base + k, p) for k, p in deck.draw_outcomes()]
    counts = deck.counts
    total = 0
    for n in counts:
        total += n
    out = []
    for k in range(len(counts)):
        n = counts[k]
        if n:
            out.append((base + k, n / total))
    return out


def sample_chance(state: TurrisState, r: float) -> int:
    """The outcome the draw ``r`` picks at the chance event first in line: the first whose
    running total of probabilities passes ``r``, the last if rounding leaves the total short
    (``towers.core.chance.sample_chance``'s walk over :func:`chance_outcomes`, the same
    additions in the same order, a deck's outcomes not listed); -1 when no draw waits."""
    if state.game_over or not state.chance:
        return -1
    event = state.chance[0]
    if isinstance(event, TacticsDraw):
        return deck_pick(state.tactics_deck, _DRAWTACTICS, r)
    if isinstance(event, MissionDraw):
        return deck_pick(state.mission_deck, _DRAWMISSION, r)
    if isinstance(event, TrionfiDraw):
        return deck_pick(state.trionfi_deck, _DRAWTRIONFI, r)
    if isinstance(event, SiteDraw):
        return deck_pick(state.site_deck, _DRAWSITE, r)
    if isinstance(event, BeastDie):
        return walk(_ROLL_BEAST, r)
    if isinstance(event, MovementDie):
        return walk(_ROLL_LOCATION, r)
    return walk(chance_outcomes(state), r)


def walk(outcomes: list[tuple[int, float]], r: float) -> int:
    """The first of ``outcomes`` whose running total passes ``r``, else the last (-1: none)."""
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0] if outcomes else -1


def deck_pick(deck: Deck, base: int, r: float) -> int:
    """:func:`walk` over :func:`deck_outcomes` without listing them."""
    if deck.top or deck.bottom:
        return walk(deck_outcomes(deck, base), r)
    counts = deck.counts
    total = 0
    for n in counts:
        total += n
    acc = 0.0
    last = -1
    for k in range(len(counts)):
        n = counts[k]
        if n:
            acc += n / total
            last = base + k
            if r < acc:
                return last
    return last


def apply_chance(state: TurrisState, value: Action) -> None:
    """Resolve the chance event first in line with the outcome ``value``."""
    event = state.chance.pop(0)
    match event, value:
        case TacticsDraw(seat=seat), A.DrawTactics(card=card):
            state.hands[seat].append(state.tactics_deck.draw(card))
        case MissionDraw(), A.DrawMission(mission=m):
            state.missions.append(state.mission_deck.draw(m))
        case TrionfiDraw(slot=slot), A.DrawTrionfi(trionfi=t):
            state.trionfi_tableau[slot] = state.trionfi_deck.draw(t)
        case SiteDraw(spot=spot), A.DrawSite(site=s):
            state.site_at[spot] = state.site_deck.draw(s)
        case FirstPlayerDraw(), A.FirstPlayer(seat=seat):
            state.first_player = seat
            n = state.game.n_players
            # Setup step 9: from the First Player, each seat chooses in turn order
            for k in reversed(range(n)):
                state.stack.append(FactionChoice((seat + k) % n))
        case BeastStartDraw(beast=b), A.BeastStart(spot=spot):
            state.beast_at[b] = state.game.spots[spot]
        case BeastDie(), A.RollBeast(beast=b):
            state.beast_die = b
        case MovementDie(), A.RollLocation(number=k):
            # the d12 is the Beast Movement card drawn; the d4's Beast moves now
            state.movement_card = D12.faces[k]
            state.stack.append(BeastTurn(state.beast_die, False))
        case _:
            raise AssertionError(f"{value!r} is no outcome of {event!r}")


def queue_draw(state: TurrisState, event: Frame) -> None:
    """Queue a draw, if its deck has a card (Tactics: the discards are shuffled in first,
    Rules Clarification 2)."""
    match event:
        case TacticsDraw():
            if not state.tactics_deck.has_cards() and state.tactics_discard:
                state.tactics_deck.shuffle_in(state.tactics_discard)
                state.tactics_discard = []
            # a draw queued earlier may empty the deck: count the queued draws
            queued = sum(1 for e in state.chance if isinstance(e, TacticsDraw))
            if len(state.tactics_deck) - queued <= 0:
                if state.tactics_discard:
                    state.tactics_deck.shuffle_in(state.tactics_discard)
                    state.tactics_discard = []
                if len(state.tactics_deck) - queued <= 0:
                    return
        case MissionDraw():
            queued = sum(1 for e in state.chance if isinstance(e, MissionDraw))
            if len(state.mission_deck) - queued <= 0:
                return
        case SiteDraw():
            queued = sum(1 for e in state.chance if isinstance(e, SiteDraw))
            if len(state.site_deck) - queued <= 0:
                return
    state.chance.append(event)
