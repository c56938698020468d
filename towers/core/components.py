"""Shared components kept as plain lists so that states clone fast.

A *hidden deck* is a face-down pile whose order nobody knows except for cards a player
put back on the top or bottom. It is kept as three parts: ``top`` (known cards, the last
item is the top card), ``counts`` (how many of each kind are in the unknown middle) and
``bottom`` (known cards, the last item is the bottom card). Drawing from an unknown middle
is a chance node whose outcomes are the kinds, with probability count / total.
"""

from __future__ import annotations

HiddenDeck = list[list[int]]
"""``[top, counts, bottom]``."""


def new_hidden_deck(counts: list[int]) -> HiddenDeck:
    return [[], list(counts), []]


def deck_size(deck: HiddenDeck) -> int:
    return len(deck[0]) + sum(deck[1]) + len(deck[2])


def deck_has_cards(deck: HiddenDeck) -> bool:
    """True when a card is left to draw (``deck_size(deck) > 0``, without counting them)."""
    return bool(deck[0] or deck[2] or any(deck[1]))


def deck_needs_chance(deck: HiddenDeck) -> bool:
    """True when the next card drawn from the top is not known."""
    return not deck[0] and sum(deck[1]) > 0


def deck_draw_outcomes(deck: HiddenDeck) -> list[tuple[int, float]]:
    counts = deck[1]
    total = sum(counts)
    return [(kind, n / total) for kind, n in enumerate(counts) if n]


def deck_draw(deck: HiddenDeck, kind: int | None = None) -> int:
    """Take the top card: the known top, else ``kind`` from the middle, else the known bottom."""
    if deck[0]:
        return deck[0].pop()
    if sum(deck[1]):
        if kind is None or deck[1][kind] <= 0:
            raise ValueError("drawing from the unknown middle needs a kind that is there")
        deck[1][kind] -= 1
        return kind
    if deck[2]:
        # The bottom list's last item is the bottom card, so its first is the one on top.
        return deck[2].pop(0)
    raise ValueError("the deck is empty")


def deck_put_top(deck: HiddenDeck, kind: int) -> None:
    deck[0].append(kind)


def deck_put_bottom(deck: HiddenDeck, kind: int) -> None:
    deck[2].append(kind)


def clone_deck(deck: HiddenDeck) -> HiddenDeck:
    return [deck[0][:], deck[1][:], deck[2][:]]
