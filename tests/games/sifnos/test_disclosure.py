"""What using an effect reveals of a hand (``SifnosState.disclosure``): whether another seat
held possible a hand that could not have placed a card, found by ``unusable_hand`` and held
to every hand of a small pool, and the world it gives the conformance check."""

from __future__ import annotations

import itertools
import random

import pytest

from towers.games.sifnos.major_actions import can_use
from towers.games.sifnos.observe import deal, unusable_hand
from towers.games.sifnos.rules import SifnosState

from .conftest import D, card, hand, new_game, refresh


def pooled(pool: list[int], held: int, discounts: list[int]) -> SifnosState:
    """Seat 0 holds the first ``held`` cards of ``pool``, the deck the rest, seat 1 nothing:
    seat 1's unseen cards are the whole pool."""
    state = new_game()
    state.discounts = discounts
    state.hands[0] = sorted(pool[:held])
    counts = [0] * len(D.cards)
    for c in pool[held:]:
        counts[c] += 1
    state.deck.counts = counts
    refresh(state)
    return state


def hands_placing_none(pool: list[int], held: int, discounts: list[int]) -> list[list[int]]:
    """The ``held``-card hands of ``pool`` the rules offer no placement, found by dealing
    each one to seat 0."""
    state = new_game()
    state.discounts = discounts
    unable = []
    for cards in itertools.combinations(sorted(pool), held):
        state.hands[0] = list(cards)
        if not can_use(state, 0, "place_card", None):
            unable.append(list(cards))
    return unable


@pytest.mark.parametrize("held", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_hand_placing_no_card_is_found_whenever_there_is_one(held: int, seed: int) -> None:
    pool = random.Random(seed).sample(range(len(D.cards)), 13)
    discounts = [] if seed == 0 else [seed * 4 + 1]  # 1 off silver, then off gold
    state = pooled(pool, held, discounts)
    found = unusable_hand(state, 1, 0, "place_card", None)
    unable = hands_placing_none(pool, held, discounts)
    assert (found is not None) == bool(unable)
    if found is not None:
        assert sorted(found) in unable


def test_three_cards_of_three_minerals_costing_two_place_none() -> None:
    """Each needs two cards of its mineral, or four others standing two for one: the other
    two pay for one."""
    costly = [c.id for c in D.cards if c.cost == 2]
    lead, silver, gold = (next(i for i in costly if i[0] == m) for m in "LSG")
    state = new_game()
    hand(state, 0, lead, silver, gold)
    assert not can_use(state, 0, "place_card", None)
    pool = [card(lead), card(silver), card(gold)]
    assert sorted(unusable_hand(pooled(pool, 3, []), 1, 0, "place_card", None) or []) == sorted(
        pool
    )


def test_a_hand_of_six_always_places_a_card() -> None:
    """Six cards of three minerals hold two of one: either is paid for by the other and two
    pairs of the last four, 3, the most a card costs. Using the effect then reveals nothing."""
    state = pooled(list(range(len(D.cards))), 6, [])
    assert unusable_hand(state, 1, 0, "place_card", None) is None
    assert max(c.cost for c in D.cards) == 3


def test_five_cards_placing_none_are_rare_yet_possible() -> None:
    """Five cards place none only when all cost 3 and no mineral has three: rare among the
    hands a full pool deals, yet placing a card rules them out."""
    state = pooled(list(range(len(D.cards))), 5, [])
    found = unusable_hand(state, 1, 0, "place_card", None)
    assert found is not None and all(D.cards[c].cost == 3 for c in found)
    state.hands[0] = sorted(found)
    assert not can_use(state, 0, "place_card", None)


def test_the_witness_is_a_world_the_seat_held_possible_and_rules_out() -> None:
    """The world given to the conformance check: seat 1 sees it as the true state, and seat
    0 placing a card there is impossible."""
    state = new_game()
    state.hands[0] = sorted(c for c in range(len(D.cards)) if D.cards[c].cost == 1)[:5]
    counts = [1] * len(D.cards)
    for c in state.hands[0]:
        counts[c] = 0
    state.deck.counts = counts
    refresh(state)
    assert can_use(state, 0, "place_card", None)
    found = unusable_hand(state, 1, 0, "place_card", None)
    assert found is not None
    world = deal(state, 1, random.Random(3), {0: found})
    assert world.observation(1) == state.observation(1)
    assert sorted(world.hands[0]) == sorted(found)
    assert not can_use(world, 0, "place_card", None)
    assert sum(world.deck.counts) + len(world.hands[0]) == sum(counts) + 5
