"""What a seat may know: every public fact of the table, its own hand, the others' counts;
who may read each action (the disclosure), and the worlds a seat cannot tell apart (its
hidden cards dealt again).
"""

from __future__ import annotations

import random
from collections import deque
from itertools import compress, repeat
from typing import TYPE_CHECKING, Any, cast

from towers.core.components import Deck
from towers.core.game import CHANCE, PUBLIC, Disclosure
from towers.core.knowledge import open_disclosure
from towers.games.sifnos import frames as F
from towers.games.sifnos import solo
from towers.games.sifnos.actions import (
    DATA,
    SPACE,
    DrawCard,
    Give,
    UseCard,
    UsePrinted,
)
from towers.games.sifnos.board import N_CARDS
from towers.games.sifnos.cards import cost
from towers.games.sifnos.data import ANY, IMAGES, MINERALS
from towers.games.sifnos.scoring import final_scores

if TYPE_CHECKING:
    from towers.core.game import State
    from towers.games.sifnos.rules import SifnosState


def _frame(state: SifnosState) -> dict[str, Any] | None:
    return state.pending[-1].to_json() if state.pending else None


def observation(state: SifnosState, seat: int | None) -> dict[str, Any]:
    g = state.game
    cards = DATA.cards
    sides = []
    for side in range(g.sides):
        entry: dict[str, Any] = {
            "side": side,
            "solo_opponent": side == g.opponent,
            "hand_size": len(state.hands[side]),
            "placed": [cards[c].id for c in state.placed[side]],
            "influence": dict(zip(MINERALS, state.influence[side], strict=True)),
            "ally_on_track": state.ally_on_track[side],
            "dice_supply": sorted(state.dice_supply[side]),
            "workshop": sorted(state.workshop[side]),
            "dice_reserve": state.dice_reserve[side],
            "tower_supply": dict(zip(IMAGES, state.tower_supply[side], strict=True)),
            "tower_reserve": sum(state.tower_reserve[side]),
            "barracks": state.barracks[side],
            "soldier_supply": state.soldier_supply[side],
            "tents": {DATA.provinces[p].id: n for p, n in enumerate(state.tents[side]) if n},
            "pieces": list(state.pieces[side]),
            "buildings": {
                s.id: state.buildings[side][s.index]
                for s in DATA.building_spaces
                if state.buildings[side][s.index]
            },
            "scoring_tile": DATA.tiles[state.tile_of[side]].id
            if state.tile_of[side] >= 0
            else None,
        }
        if side == seat:
            entry["hand"] = [cards[c].id for c in state.hands[side]]
        sides.append(entry)
    regions = []
    for r, region in enumerate(DATA.regions):
        regions.append(
            {
                "id": region.id,
                "die": [state.die_owner[r], state.die_value[r]]
                if state.die_owner[r] >= 0
                else None,
                "soldier": state.soldier_at[r] if state.soldier_at[r] >= 0 else None,
                "fort": state.fort_at[r] if state.fort_at[r] >= 0 else None,
            }
        )
    spaces = [
        {
            "id": s.id,
            "towers": [[t >> 3, IMAGES[t & 7]] for t in state.stacks[i]],
            "beacon": state.beacon_at[i] if state.beacon_at[i] >= 0 else None,
        }
        for i, s in enumerate(DATA.spaces)
    ]
    out: dict[str, Any] = {
        "seat": seat,
        "turn": state.turn,
        "round": state.rounds,
        "deciding": _frame(state),
        "sides": sides,
        "central_soldiers": list(state.central),
        "regions": regions,
        "tower_spaces": spaces,
        "ships": {
            DATA.provinces[p].id: [(*MINERALS, "ally")[k] for k in state.ships[i]]
            for i, p in enumerate(DATA.large)
        },  # fmt: skip
        "bag": len(state.bag),
        "allies": state.allies,
        "markers": [MINERALS[m] if m >= 0 else None for m in state.markers],
        "face_up": [cards[c].id for c in state.face_up],
        "scoring_tiles": [DATA.tiles[t].id if t >= 0 else None for t in state.tile_row],
        "deck": len(state.deck),
        "discards": [cards[c].id for c in state.discards],
        "invaded": DATA.provinces[DATA.large[state.invaded]].id if state.invaded >= 0 else None,
        "scores": final_scores(state),
        "over": state.over,
    }
    if g.has_opponent:
        out["solo"] = solo.observe(state)
    return out


# ---- who reads an action ----------------------------------------------------------------
HAND_FRAMES = (F.Pay, F.GiveCards, F.Placement)
"""Decisions offered on a hand's contents."""

FACE_DOWN_DEALS = (F.SoloFort, F.SoloBeacon)
"""Chance that deals the opponent a face-down piece: two faces may do the same."""


def disclosure(state: SifnosState, action: int) -> Disclosure:
    """Who may read ``action`` and whether it reveals a card, exactly (the server's log
    and undo ask it). Only the hands and the deck are hidden, and, as :func:`determinize`
    deals them, a seat counts on the pool of the deck and the other hands, less those of
    a seat paying, giving or placing (its choices were offered on the hand as it is, so
    that hand counts as known). A card drawn is its drawer's to read, and another seat's
    only when that pool holds no other card; a card given is the giver's and the
    receiver's, and a third seat's only when the giver held no other card. The spectator
    reads a draw or a gift only when nothing else could have been drawn or given. An
    effect used is read as the table shows it, and reveals a card when another seat held
    possible a hand that could not have used it (see :func:`use_disclosure`)."""
    n = state.game.num_players
    top = state.pending[-1] if state.pending else None
    match SPACE.decode(action):
        case DrawCard(card=c):
            assert isinstance(top, F.Draw)
            if top.seat < 0:
                return PUBLIC  # a face-up card
            readers = frozenset(s for s in range(n) if s == top.seat or unplaced(state, s) <= {c})
            return _spectator_too(readers, n, len(state.deck.draw_outcomes()) == 1)
        case Give(card=c):
            assert isinstance(top, F.GiveCards)
            if top.to == state.game.opponent:
                return PUBLIC  # given to the Schemes' discard pile
            alone = state.hands[top.seat] == [c]
            readers = frozenset(s for s in range(n) if s in (top.seat, top.to) or alone)
            return _spectator_too(readers, n, alone)
        case UseCard() if not isinstance(top, F.Triggered):
            return use_disclosure(state, action, *effect_used(action))
        case UsePrinted():
            return use_disclosure(state, action, *effect_used(action))
    if state.current_player() == CHANCE and not isinstance(top, FACE_DOWN_DEALS):
        return PUBLIC
    # two Ships alike, two effects pushing the same decisions, or two faces of the
    # opponent's face-down Fort or Beacon doing the same, end alike: nobody else tells
    # them apart
    return open_disclosure(state, action)


def use_disclosure(state: SifnosState, action: int, kind: str, discard: int | None) -> Disclosure:
    """An effect used from a column: read as the table shows it, since what it pushes
    owes nothing to the hand (two effects pushing the same decisions, or the same price,
    leave the table alike, and nobody else tells them apart). Whether it may be used can
    owe something to the hand, and then using it reveals a card (:func:`use_reveals`)."""
    seen = open_disclosure(state, action)
    return Disclosure(seen.readers, use_reveals(state, kind, discard))


def use_reveals(state: SifnosState, kind: str, discard: int | None) -> bool:
    """Whether another seat held possible a hand of the user's that could not have used
    this effect (rulebook: Cards), however rare: a lone card of another mineral than the
    price, or no card it could place, paying the cost with the rest. Any two cards pay
    any price, so a price reveals nothing of a hand of two."""
    user = state.current_player()
    return any(
        unusable_hand(state, other, user, kind, discard) is not None
        for other in range(state.game.num_players)
        if other != user
    )


def unusable_hand(
    state: SifnosState, seat: int, user: int, kind: str, discard: int | None
) -> list[int] | None:
    """A hand of the user's size, dealt from the cards ``seat`` cannot place, with which
    the user could not have used the effect; None when there is none, or when the user's
    hand is not dealt again (a payment under way was offered on it)."""
    known = {f.seat for f in state.pending if isinstance(f, HAND_FRAMES)}
    if user in known:
        return None
    held = len(state.hands[user])
    pool = sorted(unplaced(state, seat))  # each card is one of a kind
    cards = DATA.cards
    if kind != "place_card":
        if discard is None or discard == ANY or held != 1:
            return None
        return next(([c] for c in pool if cards[c].mineral != discard), None)
    # no card placeable: a mineral's k cards each cost more than the k - 1 others of
    # it and half the rest pay, k + (held - k) // 2 or more, for some split by mineral
    by_mineral: list[list[int]] = [[] for _ in MINERALS]
    for c in sorted(pool, key=lambda c: cost(state, c), reverse=True):
        by_mineral[cards[c].mineral].append(c)
    for first in range(held + 1):
        for second in range(held - first + 1):
            hand: list[int] = []
            for k, row in zip((first, second, held - first - second), by_mineral, strict=True):
                if k and (len(row) < k or cost(state, row[k - 1]) < k + (held - k) // 2):
                    break
                hand += row[:k]
            else:
                return hand
    return None


def reveal_witness(state: SifnosState, action: int, rng: random.Random) -> tuple[int, State] | None:
    """A world proving that using an effect reveals a card: another seat's, the user's
    hand dealt as one that could not have used it (:func:`unusable_hand`)."""
    if not isinstance(SPACE.decode(action), UseCard | UsePrinted):
        return None
    kind, discard = effect_used(action)
    user = state.current_player()
    for seat in range(state.game.num_players):
        if seat != user:
            hand = unusable_hand(state, seat, user, kind, discard)
            if hand is not None:
                return seat, deal(state, seat, rng, {user: hand})
    return None


def unplaced(state: SifnosState, seat: int) -> set[int]:
    """The kinds of card ``seat`` cannot place, from which :func:`determinize` deals the
    other hands and the deck again."""
    paying = {f.seat for f in state.pending if isinstance(f, HAND_FRAMES)}
    kinds = {k for k, count in enumerate(state.deck.counts) if count}
    for side in range(state.game.sides):
        if side != seat and side not in paying:
            kinds.update(state.hands[side])
    return kinds


def determinize(state: SifnosState, seat: int, rng: random.Random) -> SifnosState:
    """Re-deal the other hands and the draw pile from the cards ``seat`` cannot see."""
    return deal(state, seat, rng, {})


def deal(
    state: SifnosState, seat: int, rng: random.Random, given: dict[int, list[int]]
) -> SifnosState:
    """:func:`determinize` for ``seat``, each side in ``given`` dealt those cards (some of
    those ``seat`` cannot see, as many as it holds)."""
    world = cast("SifnosState", state.clone())
    deck_counts = world.deck.counts
    if max(deck_counts, default=0) <= 1:
        unseen = list(compress(range(len(deck_counts)), deck_counts))
    else:
        unseen = []
        for c, count in enumerate(deck_counts):
            unseen += [c] * count
    # a payment under way was offered on the hand as it is: that hand stays
    paying = {f.seat for f in world.pending if isinstance(f, HAND_FRAMES)}
    sizes = []
    for side in range(state.game.sides):
        if side == seat or side in paying:
            sizes.append(-1)
            continue
        sizes.append(len(world.hands[side]))
        unseen += world.hands[side]
    # in one order whatever world this is, so that worlds alike to ``seat`` deal alike
    unseen.sort()
    rng.shuffle(unseen)
    for cards in given.values():
        for c in cards:
            unseen.remove(c)
    for side, size in enumerate(sizes):
        if side in given:
            world.hands[side] = sorted(given[side])
        elif size >= 0:
            world.hands[side] = sorted(unseen[:size])
            del unseen[:size]
    counts = [0] * N_CARDS
    if len(set(unseen)) == len(unseen):
        # each card one of a kind: its count 1, all set in one C-level pass
        deque(map(counts.__setitem__, unseen, repeat(1)), maxlen=0)
    else:
        for c in unseen:
            counts[c] += 1
    world.deck = Deck(world.deck.top[:], counts, world.deck.bottom[:])
    return world


def effect_used(action: int) -> tuple[str, int | None]:
    """The kind of effect a card's or a board's use (``UseCard``, ``UsePrinted``) is, and
    the mineral of its price (None: no price)."""
    match SPACE.decode(action):
        case UseCard(card=c):
            return DATA.cards[c].kind, DATA.cards[c].discard
        case UsePrinted(effect=e):
            return DATA.printed[e].id, DATA.printed[e].discard
    raise ValueError(f"action {action} uses no effect")


def _spectator_too(readers: frozenset[int], n: int, only_one: bool) -> Disclosure:
    """Read by ``readers``, and by the spectator too when every seat reads it and it was
    the only action that could be taken (the spectator sees no hand, so any other card drawn
    or given would have left it seeing the same)."""
    return PUBLIC if len(readers) == n and only_one else Disclosure(readers)
