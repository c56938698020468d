"""Helpers for the Return to Dark Tower rules tests: a game set up with chance outcomes chosen
by the test (the first one by default), then acted on in the words players type."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import N_FOES
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState
from towers.games.dark_tower.tower import STILL

Pick = Callable[[DarkTowerState, list[int]], int]


def first(state: DarkTowerState, outcomes: list[int]) -> int:
    return outcomes[0]


def still_first(state: DarkTowerState, outcomes: list[int]) -> int:
    """The tower lets nothing out when it may; otherwise the first outcome."""
    quiet = A.SPACE.encode(A.Release(what=STILL))
    return quiet if quiet in outcomes else outcomes[0]


def resolve(state: DarkTowerState, pick: Pick = still_first) -> None:
    """Apply chance outcomes until a seat decides or the game ends."""
    while state.is_chance_node():
        state.apply_action(pick(state, state.legal_actions()))


def chance(state: DarkTowerState, text: str) -> None:
    """Apply the named chance outcome, which must be offered now."""
    assert state.is_chance_node(), state.pending[-1]
    state.apply_action(state.string_to_action(text))


def fresh(state: DarkTowerState) -> None:
    """Forget the legal actions kept by the state (a test changed its fields)."""
    state._legal = None
    state._legal_set = None


def act(state: DarkTowerState, *texts: str) -> None:
    for text in texts:
        fresh(state)
        state.apply_action(state.string_to_action(text))


def can(state: DarkTowerState, text: str) -> bool:
    fresh(state)
    return state.string_to_action(text) in state.legal_actions()


def loc(name: str) -> int:
    return DATA.location(name)


def building(name: str) -> int:
    """A building by its location's name."""
    at = loc(name)
    return next(b for b, bd in enumerate(DATA.buildings) if bd.location == at)


def new_game(players: int = 2, **options: object) -> DarkTowerState:
    """A game at seat 0's Start of Turn: no foe on the board, the tower empty and quiet."""
    state = DarkTowerGame(players, **options).new_initial_state()
    resolve(state)
    assert isinstance(state.pending[-1], F.StartTurn), state.pending[-1]
    state.foes = [0] * (len(DATA.locations) * N_FOES)
    return state


def middle(state: DarkTowerState, at: str | None = None) -> DarkTowerState:
    """Move on to seat's Middle of Turn, with the hero put on ``at``."""
    seat = state.current
    if at is not None:
        state.at[seat] = loc(at)
    if isinstance(state.pending[-1], F.StartTurn):
        act(state, "done")
    return state


@pytest.fixture
def game2() -> DarkTowerState:
    return new_game(2)


def end_turn(state: DarkTowerState) -> None:
    """Drop the skull and play on to the next Start of Turn: the tower lets nothing out when it
    may, skulls go on the first building offered, other choices take their first option."""
    middle(state)
    act(state, "drop a skull")
    settle(state)


def settle(state: DarkTowerState) -> None:
    """Play on to the next Start of Turn (or the end) as ``end_turn`` does."""
    while not state.is_terminal() and not isinstance(state.pending[-1], F.StartTurn):
        if state.is_chance_node():
            resolve(state)
            continue
        legal = state.legal_actions()
        done = A.SPACE.encode(A.Done())
        state.apply_action(done if done in legal else legal[0])


def event(state: DarkTowerState, card: int) -> None:
    """Draw event card ``card`` (0-based), which must be offered now."""
    chance(state, A.SPACE.name(A.SPACE.encode(A.DrawEvent(card=card))))
