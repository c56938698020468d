"""The conformance checks pass on a sound game and fail on games broken one way each."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import towers
from towers.core.conformance import (
    CHECKS,
    check_all,
    check_golden,
    check_perft,
    make_golden_record,
    make_perft_record,
    perft,
    random_history,
)
from towers.core.game import Disclosure, Game, State
from towers.core.registry import register_game, unregister_game

from .tiny_game import DRAW, PASS, PLAY, TinyGame, TinyState

SEEDS = range(6)


# ---- broken variants, each with one bug ------------------------------------------------


class SharedCloneState(TinyState):
    __slots__ = ()

    def clone(self) -> State:
        twin = TinyState.clone(self)
        assert isinstance(twin, TinyState)
        twin.hands = self.hands  # the bug: one list of hands for both
        return twin


class LossyJsonState(TinyState):
    __slots__ = ()

    @classmethod
    def from_fields(cls, game: Game, fields: Mapping[str, Any]) -> State:
        state = super().from_fields(game, fields)
        assert isinstance(state, TinyState)
        state.passes = 0  # the bug: passes in a row are not restored
        return state


class UnsortedState(TinyState):
    __slots__ = ()

    def _legal_actions(self) -> list[int]:
        return sorted(TinyState._legal_actions(self), reverse=True)


class ImpureState(TinyState):
    __slots__ = ()

    def _apply(self, action: int) -> None:
        TinyState._apply(self, action)
        if action == PASS:
            self.scores_[0] += random.randrange(3)  # the bug: a hidden die outside chance nodes


class BadOddsState(TinyState):
    __slots__ = ()

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(a, p * 0.9) for a, p in TinyState._chance_outcomes(self)]


class LeakyState(TinyState):
    __slots__ = ()

    def observation(self, seat: int | None) -> dict[str, Any]:
        seen = TinyState.observation(self, seat)
        seen["all_hands"] = [sorted(h) for h in self.hands]  # the bug: everyone's hand shown
        return seen


class StaleDeterminizeState(TinyState):
    __slots__ = ()

    def determinize(self, seat: int, rng: random.Random) -> State:
        state = TinyState.determinize(self, seat, rng)
        state._legal = self._legal  # the bug: the old cache survives the re-deal
        state._legal_set = self._legal_set
        return state


class MeddlingState(TinyState):
    __slots__ = ()

    def _explain(self, action: int) -> tuple[str, str]:
        self.height += 1  # the bug: explaining a refusal changes the game
        return TinyState._explain(self, action)


class MisnamedState(TinyState):
    __slots__ = ()

    def string_to_action(self, text: str) -> int:
        return min(TinyState.string_to_action(self, text), PLAY)


class TupleObservationState(TinyState):
    __slots__ = ()

    def observation(self, seat: int | None) -> dict[str, Any]:
        seen = TinyState.observation(self, seat)
        seen["hand_sizes"] = tuple(seen["hand_sizes"])  # not JSON-ready: comes back a list
        return seen


class NoWinnerState(TinyState):
    __slots__ = ()

    def winners(self) -> list[int]:
        return []


class InfiniteScoreState(TinyState):
    __slots__ = ()

    def scores(self) -> list[float]:
        return [float("inf")] + TinyState.scores(self)[1:]


class FalseWitnessState(TinyState):
    __slots__ = ()

    def disclosure(self, action: int) -> Disclosure | None:
        return Disclosure(None, True) if action == PASS else None

    def reveal_witness(self, action: int, rng: random.Random) -> tuple[int, State] | None:
        return 0, self.clone()  # the bug: a pass reveals nothing, and the truth is no witness


class SettledLegalState(TinyState):
    """Sound: works out the next decision's legal actions while applying, as a game whose
    settling finds them anyway may, and its clones share that list (never edited)."""

    __slots__ = ()

    def _apply(self, action: int) -> None:
        TinyState._apply(self, action)
        self._legal = [] if self.over else TinyState._legal_actions(self)


def _variant(state_cls: type[State], **overrides: Any) -> type[TinyGame]:
    attrs: dict[str, Any] = {
        "name": f"tiny-{state_cls.__name__}",
        "state_class": lambda self: state_cls,
    }
    attrs.update(overrides)
    return type(f"{state_cls.__name__}Game", (TinyGame,), attrs)


BROKEN: dict[str, tuple[str, type[TinyGame]]] = {
    "shared clone": ("clone", _variant(SharedCloneState)),
    "lossy JSON": ("serialization", _variant(LossyJsonState)),
    "unsorted legal actions": ("legal_actions", _variant(UnsortedState)),
    "randomness outside chance": ("determinism", _variant(ImpureState)),
    "odds not summing to 1": ("chance", _variant(BadOddsState)),
    "length bound too small": (
        "game_length",
        _variant(TinyState, name="tiny-short", max_game_length=lambda self: 6),
    ),
    "observation leaks hands": ("hidden_information", _variant(LeakyState)),
    "hidden information undeclared": (
        "hidden_information",
        _variant(TinyState, name="tiny-undeclared", has_hidden_information=lambda self: False),
    ),
    "determinize keeps a stale cache": ("hidden_information", _variant(StaleDeterminizeState)),
    "refusal changes the state": ("illegal_actions", _variant(MeddlingState)),
    "names do not read back": ("action_strings", _variant(MisnamedState)),
    "observation not JSON-ready": ("observations", _variant(TupleObservationState)),
    "no winner at the end": ("scores", _variant(NoWinnerState)),
    "infinite score": ("scores", _variant(InfiniteScoreState)),
    "a reveal proven by a false witness": ("disclosure", _variant(FalseWitnessState)),
}

SETTLED = _variant(SettledLegalState)

ALL_GAMES: list[type[TinyGame]] = [TinyGame, SETTLED] + [cls for _, cls in BROKEN.values()]


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    # replay() and the records find games by name, so the variants are registered while
    # this module runs (and only then: the suite-wide conformance run must not see them).
    for cls in ALL_GAMES:
        globals()[cls.__name__] = cls
        register_game(cls.name, f"{__name__}:{cls.__name__}")
    yield
    for cls in ALL_GAMES:
        unregister_game(cls.name)


# ---- the tests -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("check", sorted(CHECKS))
def test_the_sound_game_passes(check: str, players: int) -> None:
    for seed in SEEDS:
        CHECKS[check](TinyGame(players), seed)


@pytest.mark.parametrize("bug", sorted(BROKEN))
def test_the_check_for_it_catches(bug: str) -> None:
    check, cls = BROKEN[bug]
    with pytest.raises(AssertionError) as failure:
        for seed in SEEDS:
            CHECKS[check](cls(2), seed)
    assert "seed" in str(failure.value) or "step" in str(failure.value)


def test_check_all_stops_at_a_broken_game() -> None:
    check_all(TinyGame(2), 1)
    with pytest.raises(AssertionError, match="shares mutable containers"):
        for seed in SEEDS:
            check_all(BROKEN["shared clone"][1](2), seed)


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_legal_actions_kept_while_settling_pass(check: str) -> None:
    for seed in SEEDS:
        CHECKS[check](SETTLED(2), seed)
    state = SETTLED(2).new_initial_state()
    while state.current_player() < 0 and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state._legal is not None  # the cache is filled, and the clone shares it
    assert state.clone()._legal is state._legal


def test_checks_take_a_registered_name() -> None:
    CHECKS["legal_actions"]("tiny", 3, players=3)
    with pytest.raises(ValueError, match="not 3"):
        CHECKS["legal_actions"](TinyGame(2), 3, players=3)


def test_random_history_is_seeded_and_legal() -> None:
    game = TinyGame(2)
    assert random_history(game, 5) == random_history(game, 5)
    assert len({tuple(random_history(game, s)) for s in range(10)}) > 1
    assert len(random_history(game, 5, limit=3)) == 3


def test_perft_counts_by_hand() -> None:
    game = TinyGame(2)
    # The first deal: three values can come, each leaving all three in the deck.
    counts, divide = perft(game, [], 2)
    assert counts == [3, 9]
    assert divide == {DRAW: 3, DRAW + 1: 3, DRAW + 2: 3}
    # Dealt 1,2 to seat 0 and 3,3 to seat 1: seat 0 may pass or play 1 or play 2;
    # either way it then draws a card (three values are left in the deck).
    prefix = [DRAW, DRAW + 2, DRAW + 1, DRAW + 2]
    counts, divide = perft(game, prefix, 2)
    assert counts == [3, 3 + 3 + 3]
    assert divide == {PASS: 3, PLAY: 3, PLAY + 1: 3}


def test_perft_record_round_trip_and_divide_on_mismatch() -> None:
    record = make_perft_record("tiny", seed=4, prefix_length=4, players=2)
    check_perft(None, record)
    check_perft(TinyGame(2), record)
    wrong = copy.deepcopy(record)
    first = sorted(wrong["divide"])[0]
    wrong["divide"][first] += 1
    wrong["counts"]["2"] += 1
    with pytest.raises(AssertionError) as failure:
        check_perft(None, wrong)
    text = str(failure.value)
    assert f"{first}: {record['divide'][first]} / {record['divide'][first] + 1}" in text
    assert "differs" in text
    with pytest.raises(ValueError, match="not TinyGame"):
        check_perft(TinyGame(3), record)


def test_perft_rejects_an_illegal_prefix() -> None:
    record = make_perft_record("tiny", seed=4, prefix_length=4, players=2)
    record["prefix"] = [PASS]  # the game opens with a deal, not a pass
    with pytest.raises(AssertionError, match="not legal"):
        check_perft(None, record)


def test_golden_record_catches_changes() -> None:
    record = make_golden_record("tiny", seed=8, players=3)
    check_golden(record)
    assert record["length"] == len(record["history"])
    changed = copy.deepcopy(record)
    changed["digest"] = "0" * 64
    with pytest.raises(AssertionError, match="final state no longer matches"):
        check_golden(changed)
    midway = copy.deepcopy(record)
    step = sorted(midway["checkpoints"], key=int)[0]
    midway["checkpoints"][step] = "0" * 64
    with pytest.raises(AssertionError, match=f"after {step} actions"):
        check_golden(midway)
    illegal = copy.deepcopy(record)
    illegal["history"][0] = PASS
    with pytest.raises(AssertionError, match="not legal"):
        check_golden(illegal)


def test_golden_record_of_a_registered_game_replays() -> None:
    name = towers.list_games()[0]
    record = make_golden_record(name, seed=2)
    check_golden(record)
