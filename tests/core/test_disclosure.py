"""``State.disclosure``: the knowledge module takes a game's declaration when it gives one and
samples otherwise, and the conformance check holds a declaration to a thorough sample."""

from __future__ import annotations

import random

import pytest

from tests.toy_game import DRAW, PASS, PLAY, ToyGame, ToyState
from towers.core import knowledge
from towers.core.conformance import check_disclosure
from towers.core.game import PUBLIC, Disclosure, State


def toy_of(state_class: type[ToyState]) -> type[ToyGame]:
    """The toy game playing states of ``state_class``."""
    return type(
        f"{state_class.__name__}Game", (ToyGame,), {"state_class": lambda self: state_class}
    )


class DeclaredToyState(ToyState):
    """The toy with its visibility declared: a card drawn is its drawer's (and a seat's
    whose unseen cards are all of that value), a card played is public and reveals it unless
    every other seat knew the player held one."""

    __slots__ = ()

    def _pool(self, seat: int) -> list[int]:
        """The card values ``seat`` cannot place: the deck and the other hands."""
        cards = [v + 1 for v, n in enumerate(self.deck.counts) for _ in range(n)]
        for other, hand in enumerate(self.hands):
            if other != seat:
                cards += hand
        return cards

    def disclosure(self, action: int) -> Disclosure | None:
        n = self.game.num_players
        if action >= DRAW:
            value = action - DRAW + 1
            drawer = (2 * n - self.dealing) % n if self.dealing else self.turn
            readers = frozenset(s for s in range(n) if s == drawer or set(self._pool(s)) <= {value})
            return None if len(readers) == n else Disclosure(readers)
        if action == PASS:
            return PUBLIC
        value = action - PLAY + 1
        held = len(self.hands[self.turn])
        reveals = any(
            len([c for c in self._pool(s) if c != value]) >= held
            for s in range(n)
            if s != self.turn
        )
        return Disclosure(None, reveals)


DeclaredToy = toy_of(DeclaredToyState)


class BlabbingToyState(DeclaredToyState):
    """Says every card drawn is everybody's to read."""

    __slots__ = ()

    def disclosure(self, action: int) -> Disclosure | None:
        return PUBLIC if action >= DRAW else DeclaredToyState.disclosure(self, action)


BlabbingToy = toy_of(BlabbingToyState)


class SecretiveToyState(DeclaredToyState):
    """Says a card played is its player's alone to read."""

    __slots__ = ()

    def disclosure(self, action: int) -> Disclosure | None:
        if PLAY <= action < DRAW:
            return Disclosure(frozenset({self.turn}), True)
        return DeclaredToyState.disclosure(self, action)


SecretiveToy = toy_of(SecretiveToyState)


class ForgetfulToyState(DeclaredToyState):
    """Says a card played reveals nothing."""

    __slots__ = ()

    def disclosure(self, action: int) -> Disclosure | None:
        if PLAY <= action < DRAW:
            return PUBLIC
        return DeclaredToyState.disclosure(self, action)


ForgetfulToy = toy_of(ForgetfulToyState)


def dealt(game: ToyGame) -> ToyState:
    """The toy after its deal, seat 0 to play."""
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    assert isinstance(state, ToyState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_an_exact_declaration_passes_the_conformance_check(players: int, seed: int) -> None:
    check_disclosure(DeclaredToy(players), seed, samples=12)


@pytest.mark.parametrize(
    ("game", "complaint"),
    [
        (BlabbingToy(2), "cannot tell it from another action"),
        (SecretiveToy(3), "tell it apart"),
        (ForgetfulToy(2), "declared to reveal nothing"),
    ],
)
def test_the_conformance_check_catches_a_wrong_declaration(game: ToyGame, complaint: str) -> None:
    failures = []
    for seed in range(3):
        try:
            check_disclosure(game, seed, samples=12)
        except AssertionError as exc:
            failures.append(str(exc))
    assert failures and all(complaint in f for f in failures), failures


def test_knowledge_takes_the_declaration_and_samples_without_one() -> None:
    declared = dealt(DeclaredToy(2))
    plain = dealt(ToyGame(2))
    assert declared.to_json() == plain.to_json()
    play = next(a for a in plain.legal_actions() if a >= PLAY)
    rng = random.Random(0)
    assert declared.disclosure(play) == Disclosure(None, True)
    assert plain.disclosure(play) is None
    for state in (declared, plain):
        assert knowledge.seen_by(state, play, rng) is None
        assert knowledge.reveals(state, play, rng)
        assert not knowledge.reveals(state, PASS, rng)
    # a card drawn: the drawer's alone, declared or sampled
    after = plain_after(declared, play)
    assert after.is_chance_node()
    draw = after.legal_actions()[0]
    for s in (after, plain_after(plain, play)):
        assert knowledge.seen_by(s, draw, rng) == frozenset({0})
        assert not knowledge.reveals(s, draw, rng)  # a chance outcome is never taken back


def plain_after(state: State, action: int) -> State:
    copy = state.clone()
    copy.apply_action(action)
    return copy


def test_the_declaration_is_what_the_log_stores() -> None:
    class Marked(DeclaredToyState):
        __slots__ = ()

        def disclosure(self, action: int) -> Disclosure | None:
            return Disclosure(frozenset({1}))

    class MarkedToy(ToyGame):
        def state_class(self) -> type[State]:
            return Marked

    game = MarkedToy(2)
    history = dealt(game).history()
    seen = knowledge.compute_seen(game, history, range(len(history)), {}, seed=0)
    assert set(seen.values()) == {"[1]"}


class ScorelessToyState(ToyState):
    """The toy with the scores kept out of sight: which card was played shows only in the
    player's own hand."""

    __slots__ = ()

    def observation(self, seat: int | None) -> dict[str, object]:
        obs = ToyState.observation(self, seat)
        del obs["scores"]
        return obs


ScorelessToy = toy_of(ScorelessToyState)


def test_seen_in_truth_finds_two_actions_that_end_alike() -> None:
    state = dealt(ScorelessToy(2))
    state.hands[0] = [1, 2]
    state._legal = None
    assert state.legal_actions() == [PASS, PLAY, PLAY + 1]
    # a card played leaves the table as the other card would: only its player can tell
    assert knowledge.seen_in_truth(state, PLAY) == frozenset({0})
    assert knowledge.seen_in_truth(state, PASS) is None
    # with the scores in sight, everybody tells the two apart
    plain = dealt(ToyGame(2))
    plain.hands[0] = [1, 2]
    plain._legal = None
    assert knowledge.seen_in_truth(plain, PLAY) is None
