"""The hidden deck: known top, unknown middle by kind, known bottom."""

from __future__ import annotations

import pytest

from towers.core.components import (
    clone_deck,
    deck_draw,
    deck_draw_outcomes,
    deck_has_cards,
    deck_needs_chance,
    deck_put_bottom,
    deck_put_top,
    deck_size,
    new_hidden_deck,
)


def test_a_new_deck_is_all_unknown() -> None:
    deck = new_hidden_deck([2, 0, 1])
    assert deck == [[], [2, 0, 1], []]
    assert deck_size(deck) == 3
    assert deck_needs_chance(deck)
    assert deck_draw_outcomes(deck) == [(0, 2 / 3), (2, 1 / 3)]


def test_new_deck_copies_its_counts() -> None:
    counts = [1, 1]
    deck = new_hidden_deck(counts)
    deck_draw(deck, 0)
    assert counts == [1, 1]


def test_drawing_from_the_middle_takes_the_named_kind() -> None:
    deck = new_hidden_deck([2, 1])
    assert deck_draw(deck, 1) == 1
    assert deck[1] == [2, 0]
    with pytest.raises(ValueError, match="needs a kind that is there"):
        deck_draw(deck, 1)
    with pytest.raises(ValueError, match="needs a kind"):
        deck_draw(deck)


def test_known_top_cards_come_first_last_put_first() -> None:
    deck = new_hidden_deck([1, 1])
    deck_put_top(deck, 5)
    deck_put_top(deck, 6)
    assert not deck_needs_chance(deck)
    assert deck_size(deck) == 4
    assert deck_draw(deck) == 6
    assert deck_draw(deck) == 5
    assert deck_needs_chance(deck)


def test_known_bottom_cards_come_last_in_the_order_put() -> None:
    deck = new_hidden_deck([1])
    deck_put_bottom(deck, 7)
    deck_put_bottom(deck, 8)  # now the bottom card; 7 lies just above it
    assert deck_needs_chance(deck)
    assert deck_draw(deck, 0) == 0
    assert not deck_needs_chance(deck)
    assert deck_draw(deck) == 7
    assert deck_draw(deck) == 8
    assert deck_size(deck) == 0
    with pytest.raises(ValueError, match="empty"):
        deck_draw(deck)


def test_an_empty_deck_needs_no_chance() -> None:
    deck = new_hidden_deck([0, 0])
    assert not deck_needs_chance(deck)
    assert deck_draw_outcomes(deck) == []


def test_clone_shares_no_list() -> None:
    deck = [[1], [2, 3], [4]]
    twin = clone_deck(deck)
    assert twin == deck
    assert all(a is not b for a, b in zip(twin, deck, strict=True))
    deck_draw(twin)
    deck_draw(twin, 1)
    deck_put_bottom(twin, 9)
    assert deck == [[1], [2, 3], [4]]


@pytest.mark.parametrize(
    "deck",
    [
        [[], [0, 0], []],
        [[1], [0, 0], []],
        [[], [0, 2], []],
        [[], [0, 0], [0]],
    ],
)
def test_a_deck_has_cards_exactly_when_its_size_is_not_zero(deck: list[list[int]]) -> None:
    assert deck_has_cards(deck) == (deck_size(deck) > 0)
