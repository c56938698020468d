"""Cards (rulebook: Cards; Hand Limits and Shuffling): paying with discards (any two cards
stand for one), Prepare's discounts, placing a card above the Player Board, giving and drawing.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos import solo
from towers.games.sifnos.actions import (
    DATA,
    Discard,
    DrawCard,
    Give,
    PlaceCard,
)
from towers.games.sifnos.board import SETUP
from towers.games.sifnos.data import ANY

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState


CARD_MINERAL = tuple(c.mineral for c in DATA.cards)
"""Each Card's mineral, by its index."""
CARD_COST = tuple(c.cost for c in DATA.cards)


def hand_minerals(hand: list[int]) -> list[int]:
    """How many cards of each mineral ``hand`` holds."""
    minerals = list(map(CARD_MINERAL.__getitem__, hand))
    return [minerals.count(0), minerals.count(1), minerals.count(2)]


def is_payable(held: list[int], size: int, mineral: int, need: int, half: bool) -> bool:
    """Whether ``size`` cards, ``held`` of each mineral, pay ``need`` cards of ``mineral``
    (ANY: any), any two cards standing for one (rulebook: Cards); ``half``: one card of such
    a pair is already discarded."""
    if mineral == ANY:
        match, other = size, 0
    else:
        match = held[mineral]
        other = size - match
    if half:
        # the pair under way is completed by any card: best by one of another mineral
        if other:
            other -= 1
        elif match:
            match -= 1
        else:
            return False
        need -= 1
    return match + other // 2 >= need


def can_pay(state: SifnosState, side: int, mineral: int, need: int, half: bool = False,
            without: int = -1) -> bool:  # fmt: skip
    """Whether ``side``'s hand (less the card ``without``) pays ``need`` cards of
    ``mineral`` (ANY: any), any two cards standing for one (rulebook: Cards); ``half``:
    one card of such a pair is already discarded."""
    hand = state.hands[side]
    held = hand_minerals(hand)
    size = len(hand)
    if without in hand:
        held[CARD_MINERAL[without]] -= 1
        size -= 1
    return is_payable(held, size, mineral, need, half)


def can_pay_rest(state: SifnosState, seat: int, mineral: int, need: int, half: bool,
                 card: int) -> bool:  # fmt: skip
    if need <= 0 and not half:
        return True
    return can_pay(state, seat, mineral, need, half, without=card)


def cost(state: SifnosState, card: int) -> int:
    """The card's cost less the discounts it would take now (rulebook: Prepare)."""
    c = DATA.cards[card]
    left = c.cost
    if not state.discounts:
        return left
    for d in sorted((d & 3 for d in state.discounts if d >> 2 == c.mineral), reverse=True):
        if left <= 0:
            break
        left -= d
    return max(left, 0)


def take_discounts(state: SifnosState, card: int) -> int:
    c = DATA.cards[card]
    left = c.cost
    mine = sorted((d for d in state.discounts if d >> 2 == c.mineral), key=lambda d: -(d & 3))
    for d in mine:
        if left <= 0:
            break
        left -= d & 3
        state.discounts.remove(d)
    return max(left, 0)


def add_to_hand(state: SifnosState, side: int, card: int) -> None:
    """The card into the hand, which is kept sorted."""
    insort(state.hands[side], card)


def give(state: SifnosState, seat: int, to: int, card: int) -> None:
    state.hands[seat].remove(card)
    if to == state.game.opponent:
        state.discards.append(card)
        solo.gain_card(state, 1)
    else:
        add_to_hand(state, to, card)


def draw(state: SifnosState, side: int, n: int) -> None:
    """``side`` draws ``n`` cards (the Scheme-driven opponent moves its marker instead)."""
    if n <= 0:
        return
    if side == state.game.opponent:
        solo.gain_card(state, n)
        return
    state.pending.append(F.DRAW(side, n))


def place_card(state: SifnosState, seat: int, c: int) -> None:
    """A card goes above the Player Board: 1 Influence of its mineral, and a Defend card's
    Tent (rulebook: Cards; Defend (continued))."""
    state.placed[seat].append(c)
    card = DATA.cards[c]
    if card.kind == "tent":
        tent(state, seat, card.province)  # type: ignore[arg-type]
    state.pending.append(F.GAIN(seat, card.mineral, 1))


def tent(state: SifnosState, side: int, province: int) -> None:
    """A Tent in ``province``, while any is left (rulebook: Defend (continued))."""
    if sum(state.tents[side]) < int(SETUP["tents"]):
        state.tents[side][province] += 1


# ---- the decisions (their choices: legality) ---------------------------------------------
def decide_pay(state: SifnosState, top: F.Pay, value: Any) -> None:
    if not isinstance(value, Discard):
        raise AssertionError(f"{value} at {top}")
    p = state.pending
    seat, mineral, need, half = top.seat, top.mineral, top.need, top.half
    c = value.card
    matches = mineral == ANY or DATA.cards[c].mineral == mineral
    state.hands[seat].remove(c)
    state.discards.append(c)
    if half or matches:
        need -= 1
        half = False
    else:
        half = True
    if need <= 0 and not half:
        p.pop()
    else:
        p.replace(F.PAY(seat, mineral, need, half))


def decide_give(state: SifnosState, top: F.GiveCards, value: Any) -> None:
    if not isinstance(value, Give):
        raise AssertionError(f"{value} at {top}")
    p = state.pending
    if top.n > 1:
        p.replace(F.GIVE_CARDS(top.seat, top.to, top.n - 1))
    else:
        p.pop()
    give(state, top.seat, top.to, value.card)


def decide_placement(state: SifnosState, top: F.Placement, value: Any) -> None:
    if not isinstance(value, PlaceCard):
        raise AssertionError(f"{value} at {top}")
    p = state.pending
    seat, c = top.seat, value.card
    p.pop()
    state.hands[seat].remove(c)
    price = 0 if top.free else take_discounts(state, c)
    place_card(state, seat, c)
    if price:
        p.append(F.PAY(seat, DATA.cards[c].mineral, price, False))


def drawn(state: SifnosState, top: F.Draw, value: DrawCard) -> None:
    """A card drawn: to the face-up row at setup, else to the drawer's hand."""
    c = value.card
    state.deck.draw(c)
    if top.seat < 0:
        state.face_up.append(c)
    else:
        add_to_hand(state, top.seat, c)
    if top.n > 1:
        state.pending.replace(F.DRAW(top.seat, top.n - 1))
    else:
        state.pending.pop()
