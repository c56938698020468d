"""Torres: what a seat may see (the rulebook's hidden cards: each player's hand, the cards
drawn and the decks' order; the rest is on the table), the disclosure of an action to the
other seats, and the re-dealt worlds a seat holds possible (determinize)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from towers.core.actions import Action
from towers.core.components import Deck
from towers.core.game import PUBLIC, Disclosure
from towers.games.torres import actions as A
from towers.games.torres.actions import Draw, Keep, ReturnBottom, ReturnTop
from towers.games.torres.steps import STEP_NAMES

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState


def observation(state: TorresState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know, in words and square names (``docs/games/torres.md`` lists
    each key): the board, the players' public holdings and, for the seat itself, its
    hand, the cards it draws and where it put cards back in its deck."""
    n = state.game.num_players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat!r} is not in this game; seats are 0 to {n - 1}")
    names = A.SQUARE_NAMES
    mover = state.current_player()
    castles: list[list[str]] = [[] for _ in state.surface_areas]
    for s, k in enumerate(state.castle_of):
        if k >= 0:
            castles[k].append(names[s])
    obs: dict[str, Any] = {
        "variant": state.game.variant,
        "phase": state.phase + 1,
        "round": state.round + 1,
        "rounds": list(state.game.phases_rounds),
        "step": STEP_NAMES[state.step],
        "current_player": mover if mover >= 0 else None,
        "turn": state.turn,
        "starting_player": state.starting_player,
        "heights": dict(zip(names, state.heights, strict=True)),
        "knights": [[names[s] for s in sorted(mine)] for mine in state.knights],
        "king": names[state.king] if state.king >= 0 else None,
        "castles": [
            {"squares": squares, "surface_area": a, "height": t}
            for squares, a, t in zip(
                castles, state.surface_areas, state.castle_heights, strict=True
            )
        ],
        "scores": state.score[:],
        "stacks": [s[:] for s in state.stacks],
        "supply": state.supply,
        "knights_in_supply": [state.game.data.knights_per_player - len(k) for k in state.knights],
        "action_points": state.action_points,
        "stack_in_use": state.stack_in_use if state.stack_in_use >= 0 else None,
        "blocks_placed": state.blocks_placed,
        "card_played": state.card_played,
        "acquisitions": state.acquisitions,
        "hand_sizes": [sum(c) for c in state.hands],
        "played_cards": [cards_by_name(p) for p in state.played_cards],
        "master_card": A.MASTER_KEYS[state.master_card] if state.master_card >= 0 else None,
        # everyone sees how many cards went back on top and at the bottom, not which
        "deck_sizes": [
            {"cards": len(d), "known_on_top": len(d.top), "known_at_bottom": len(d.bottom)}
            for d in state.decks
        ],
        "drawn_count": len(state.drawn_cards),
        "leftover_blocks": state.leftover_blocks,
    }
    if seat is not None:
        obs["seat"] = seat
        obs["hand"] = cards_by_name(state.hands[seat])
        if seat == state.turn:
            obs["acquired_this_turn"] = cards_by_name(state.acquired_this_turn)
            obs["drawn"] = [A.CARD_KEYS[c] for c in sorted(state.drawn_cards)]
        if state.decks and not state.game.is_common:
            deck = state.decks[seat]
            obs["deck_top"] = [A.CARD_KEYS[c] for c in deck.top]
            obs["deck_bottom"] = [A.CARD_KEYS[c] for c in deck.bottom]
    return obs


def disclosure(state: TorresState, action: int) -> Disclosure | None:
    """Who may read ``action`` and whether it reveals a card, exactly (the server's log
    and undo ask it). The hidden cards are the hands, the cards drawn, the decks' order
    and which cards came this turn; a seat other than the mover counts, as
    ``determinize`` deals them, on the pool of cards it cannot place: the mover's hand,
    deck and drawn cards (each seat's own deck), or the common deck with every hand but
    its own. A card drawn, kept or put back is the mover's to read, and another seat's
    only when its pool holds nothing else; a card played is public and reveals the card
    unless every other seat knew the mover could play it. None (left to the sampled
    answer) only when every seat could tell which card it was."""
    if state.game.is_master:
        return None  # no card is hidden in the master version: every seat can tell
    value = state.game.values[action]
    p = state.turn
    match value:
        case Draw(card=c) | Keep(card=c) | ReturnTop(card=c) | ReturnBottom(card=c):
            readers = frozenset(
                s
                for s in range(state.game.num_players)
                if s == p or hidden_pool(state, s).keys() <= {c}
            )
            return None if len(readers) == state.game.num_players else Disclosure(readers)
        case Action() if type(value) in A.CARD_OF_KIND:
            c = A.CARD_OF_KIND[type(value)]
            # the card is unplayable in some world a seat holds possible when that seat
            # can deal the mover a hand whose cards of this kind all came this turn
            need = sum(state.hands[p]) - sum(state.acquired_this_turn)
            reveals = any(
                sum(pool.values()) - pool.get(c, 0) >= need
                for s in range(state.game.num_players)
                if s != p
                for pool in (hidden_pool(state, s),)
            )
            return Disclosure(None, reveals)
    return PUBLIC


def hidden_pool(state: TorresState, seat: int) -> dict[int, int]:
    """The cards, counted by kind, from which ``determinize(seat)`` deals the mover's
    hidden cards (``seat`` not the mover)."""
    p = state.turn
    pool: dict[int, int] = {}
    if state.game.is_common:
        parts = [state.decks[0].counts, *(h for o, h in enumerate(state.hands) if o != seat)]
    else:
        deck = state.decks[p]
        parts = [state.hands[p], deck.counts, _counts(deck.top + deck.bottom, A.CARD_KINDS)]
    parts.append(_counts(state.drawn_cards, A.CARD_KINDS))
    for part in parts:
        for c, k in enumerate(part):
            if k:
                pool[c] = pool.get(c, 0) + k
    return pool


def determinize(state: TorresState, seat: int, rng: random.Random) -> TorresState:
    """Re-deal the other seats' hands, their drawn cards and every unseen deck order."""
    world = state.clone()
    if state.game.is_master:
        return world
    n = state.game.num_players
    kinds = A.CARD_KINDS
    others = [o for o in range(n) if o != seat]
    drawing_other = state.turn != seat and bool(state.drawn_cards)
    if state.game.is_common:
        pool_counts = world.decks[0].counts[:]
        for o in others:
            for c in range(kinds):
                pool_counts[c] += world.hands[o][c]
        if drawing_other:
            for c in world.drawn_cards:
                pool_counts[c] += 1
        pool = [c for c in range(kinds) for _ in range(pool_counts[c])]
        rng.shuffle(pool)
        for o in others:
            world.hands[o] = _counts(_deal(pool, sum(world.hands[o])), kinds)
        if drawing_other:
            world.drawn_cards = _deal(pool, len(world.drawn_cards))
        world.decks[0].counts = _counts(pool, kinds)
    else:
        for o in others:
            deck = world.decks[o]
            pool = [c for c in range(kinds) for _ in range(world.hands[o][c])]
            pool += deck.top + deck.bottom
            pool += [c for c in range(kinds) for _ in range(deck.counts[c])]
            own_drawn = drawing_other and o == state.turn
            if own_drawn:
                pool += world.drawn_cards
            rng.shuffle(pool)
            world.hands[o] = _counts(_deal(pool, sum(world.hands[o])), kinds)
            if own_drawn:
                world.drawn_cards = _deal(pool, len(world.drawn_cards))
            tops, bottoms = len(deck.top), len(deck.bottom)
            world.decks[o] = Deck(
                pool[:tops], _counts(pool[tops + bottoms :], kinds), pool[tops : tops + bottoms]
            )
    if state.turn != seat:
        # which of the mover's cards came this turn is unseen: pick them from its new hand
        count = sum(state.acquired_this_turn)
        held = [c for c in range(kinds) for _ in range(world.hands[state.turn][c])]
        rng.shuffle(held)
        world.acquired_this_turn = _counts(held[:count], kinds)
    return world


def cards_by_name(counts: list[int]) -> dict[str, int]:
    """Action cards counted by kind, as ``{name: count}`` of the kinds there are."""
    return {A.CARD_KEYS[c]: k for c, k in enumerate(counts) if k}


def _deal(pool: list[int], size: int) -> list[int]:
    """Take the first ``size`` cards off ``pool`` (shuffled by the caller)."""
    dealt = pool[:size]
    del pool[:size]
    return dealt


def _counts(cards: list[int], kinds: int) -> list[int]:
    out = [0] * kinds
    for c in cards:
        out[c] += 1
    return out
