"""The component types: each copies itself sharing nothing, writes and reads its JSON, and
keeps hidden what nobody knows (a draw from an unknown middle is a chance outcome)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from towers.core.components import Bag, Deck, Die, Supply, Track, copy_value
from towers.core.frames import DecisionStack, Frame, FrameKinds
from towers.core.game import TERMINAL, Game, State


def test_a_deck_draws_its_known_top_then_the_unknown_middle_then_its_known_bottom() -> None:
    deck = Deck.of_counts([1, 2])
    deck.put_bottom(0)
    deck.put_top(1)
    assert len(deck) == 5 and not deck.needs_chance()
    assert deck.draw() == 1
    assert deck.needs_chance() and deck.draw_outcomes() == [(0, 1 / 3), (1, 2 / 3)]
    with pytest.raises(ValueError, match="needs a kind that is there"):
        deck.draw()
    assert [deck.draw(1), deck.draw(0), deck.draw(1)] == [1, 0, 1]
    assert not deck.needs_chance() and deck.has_cards()
    assert deck.draw() == 0 and not deck.has_cards()
    with pytest.raises(ValueError, match="empty"):
        deck.draw()


def test_a_deck_copies_and_round_trips_as_top_counts_bottom() -> None:
    deck = Deck([3], [1, 0, 2], [0])
    assert deck.to_json() == [[3], [1, 0, 2], [0]]
    again = Deck.from_json(deck.to_json())
    assert again == deck
    copy = deck.copy()
    copy.draw()
    copy.put_bottom(2)
    assert deck == Deck([3], [1, 0, 2], [0])


def test_a_random_draw_follows_the_counts() -> None:
    rng = random.Random(4)
    seen = [Deck.of_counts([1, 3]).draw_random(rng) for _ in range(400)]
    assert 220 < seen.count(1) < 380
    deck = Deck.of_counts([2, 0])
    deck.shuffle_in([1])
    assert deck.counts == [2, 1]


def test_a_bag_draws_by_kind() -> None:
    bag = Bag([0, 2, 1])
    assert bag.draw_outcomes() == [(1, 2 / 3), (2, 1 / 3)]
    copy = bag.copy()
    assert copy.draw(2) == 2 and len(copy) == 2 and len(bag) == 3
    with pytest.raises(ValueError, match="no piece of kind 0"):
        bag.draw(0)
    bag.put(0, 2)
    assert Bag.from_json(bag.to_json()) == Bag([2, 2, 1])
    assert bag.draw_random(random.Random(1)) in (0, 1, 2)


def test_a_die_lists_its_faces_evenly() -> None:
    die = Die((1, 1, 2))
    assert die.roll_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert 0 <= die.roll(random.Random(0)) < 3


def test_a_track_holds_markers_at_its_last_space() -> None:
    track = Track.start([0, 1, 3, 6], seats=2)
    assert track.advance(0, 2) == 2 and track.value(0) == 3
    assert track.advance(0, 5) == 1 and track.positions == [3, 0]
    copy = track.copy()
    copy.advance(1)
    assert track.positions == [3, 0] and copy.spaces is track.spaces
    assert track.to_json() == [3, 0]


def test_a_supply_never_goes_below_zero() -> None:
    supply = Supply([2, 0])
    supply.take(0, 2)
    with pytest.raises(ValueError, match="holds 0 of kind 0, not 1"):
        supply.take(0)
    supply.give(1, 3)
    assert supply.has(1, 3) and Supply.from_json(supply.to_json()) == Supply([0, 3])


def test_copy_value_copies_lists_dicts_and_components_and_keeps_immutables() -> None:
    frame = ("frozen", 1)
    value = {"decks": [Deck.of_counts([1])], "grid": [[1, 2], [3]], "tag": frame}
    copy = copy_value(value)
    assert copy == value
    assert copy["decks"][0] is not value["decks"][0]
    assert copy["grid"][0] is not value["grid"][0]
    assert copy["tag"] is frame


# ---- a state made of components gets clone() and its saved form from its fields -------------


@dataclass(frozen=True, slots=True)
class Draw(Frame):
    left: int


FRAMES = FrameKinds([Draw])


class CardsGame(Game):
    name = "cards"
    min_players = 2
    max_players = 2

    def num_distinct_actions(self) -> int:
        return 2

    def max_game_length(self) -> int:
        return 6

    def state_class(self) -> type[State]:
        return CardsState

    def new_initial_state(self) -> CardsState:
        return CardsState(self, Deck.of_counts([2, 2]), [[], []], DecisionStack([Draw(3)]))


@dataclass(slots=True)
class CardsState(State):
    """Both seats draw three times from a shared deck (a chance node each time)."""

    game: CardsGame
    deck: Deck
    hands: list[list[int]]
    pending: DecisionStack
    _history: list[int] = field(default_factory=list)
    _legal: list[int] | None = None
    _legal_set: frozenset[int] | None = None

    FIELD_READERS: ClassVar[dict[str, Any]] = {
        "deck": Deck.from_json,
        "pending": FRAMES.stack_from_json,
    }

    def current_player(self) -> int:
        return -1 if self.pending else TERMINAL

    def _legal_actions(self) -> list[int]:
        return [k for k, _ in self.deck.draw_outcomes()]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return self.deck.draw_outcomes()

    def _apply(self, action: int) -> None:
        top = self.pending.top
        assert isinstance(top, Draw)
        self.hands[len(self._history) % 2].append(self.deck.draw(action))
        if top.left == 1:
            self.pending.pop()
        else:
            self.pending.replace(Draw(top.left - 1))

    def _explain(self, action: int) -> tuple[str, str]:
        return "no card of that kind is left", ""

    def scores(self) -> list[float]:
        return [float(sum(h)) for h in self.hands]

    def action_to_string(self, action: int) -> str:
        return f"draw {action}"

    def string_to_action(self, text: str) -> int:
        return int(text.split()[-1])

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"hands": self.hands}


def test_the_default_clone_copies_every_declared_field_and_shares_nothing() -> None:
    state = CardsGame(2).new_initial_state()
    state.apply_action(1)
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    assert copy.deck is not state.deck and copy.pending is not state.pending
    assert copy.hands[0] is not state.hands[0] and copy._history is not state._history
    copy.apply_action(0)
    assert state.deck.counts == [2, 1] and state.pending.top == Draw(2)


def test_components_and_frames_are_saved_as_json_and_read_back() -> None:
    game = CardsGame(2)
    state = game.new_initial_state()
    state.apply_action(0)
    fields = state.to_fields()
    assert fields["deck"] == [[], [1, 2], []]
    assert fields["pending"] == [{"frame": "draw", "left": 2}]
    again = game.state_from_json(state.to_json())
    assert isinstance(again, CardsState)
    assert again.deck == state.deck and again.pending == state.pending
    assert isinstance(again.pending, DecisionStack)
