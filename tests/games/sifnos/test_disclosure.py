"""What using an effect reveals of a hand (``SifnosState.disclosure``): the share of hands
that could not have placed a card, counted exactly, held to every hand of a small pool."""

from __future__ import annotations

import itertools
import random

import pytest

from towers.games.sifnos.rules import RARE_HAND, _unplaceable_share

from .conftest import D, card, hand, new_game


def placing_none(pool: list[int], held: int, discounts: list[int]) -> float:
    """The share of the ``held``-card hands of ``pool`` that the rules offer no placement,
    found by dealing each one to seat 0."""
    state = new_game()
    state.discounts = discounts
    hands = list(itertools.combinations(sorted(pool), held))
    unable = 0
    for cards in hands:
        state.hands[0] = list(cards)
        unable += not state._can_use(0, "place_card", None)
    return unable / len(hands)


@pytest.mark.parametrize("held", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_hands_that_place_no_card_are_counted_exactly(held: int, seed: int) -> None:
    pool = random.Random(seed).sample(range(len(D.cards)), 13)
    discounts = [] if seed == 0 else [seed * 4 + 1]  # 1 off silver, then off gold
    state = new_game()
    state.discounts = discounts
    share = _unplaceable_share(state._by_cost(pool), held)
    assert share == pytest.approx(placing_none(pool, held, discounts))


def test_three_cards_of_three_minerals_costing_two_place_none() -> None:
    """Each needs two cards of its mineral, or four others standing two for one: the other
    two pay for one."""
    costly = [c.id for c in D.cards if c.cost == 2]
    lead, silver, gold = (next(i for i in costly if i[0] == m) for m in "LSG")
    state = new_game()
    hand(state, 0, lead, silver, gold)
    assert not state._can_use(0, "place_card", None)
    pool = [card(lead), card(silver), card(gold)]
    assert _unplaceable_share(state._by_cost(pool), 3) == 1.0


def test_a_hand_of_six_always_places_a_card() -> None:
    """Six cards of three minerals hold two of one: either is paid for by the other and two
    pairs of the last four, 3, the most a card costs. Using the effect then reveals nothing."""
    state = new_game()
    assert _unplaceable_share(state._by_cost(list(range(len(D.cards)))), 6) == 0.0
    assert max(c.cost for c in D.cards) == 3


def test_five_cards_placing_none_are_too_rare_to_count() -> None:
    """Five cards place none only when all cost 3 and no mineral has three: far fewer than
    ``RARE_HAND`` of the hands a full pool deals."""
    state = new_game()
    share = _unplaceable_share(state._by_cost(list(range(len(D.cards)))), 5)
    assert 0 < share < RARE_HAND
