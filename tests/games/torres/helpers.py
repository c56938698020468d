"""Build Torres positions by hand for rule tests."""

from __future__ import annotations

import towers
from towers.games.torres import actions as A
from towers.games.torres.actions import parse_square as sq
from towers.games.torres.board import KING
from towers.games.torres.rules import TorresState
from towers.games.torres.steps import S_TURN
from towers.games.torres.turn import begin_turn


def position(
    players: int = 2,
    variant: str = "basic",
    heights: dict[str, int] | None = None,
    knights: dict[int, list[str]] | None = None,
    king: str | None = None,
    hands: dict[int, list[str]] | None = None,
    stacks: dict[int, list[int]] | None = None,
    turn: int = 0,
    phase: int = 0,
) -> TorresState:
    """A state at the start of ``turn``'s turn with exactly the pieces given."""
    game = towers.make("torres", players=players, variant=variant)
    state = game.new_initial_state()
    assert isinstance(state, TorresState)
    state.heights = [0] * A.SQUARES
    for name, height in (heights or {}).items():
        state.heights[sq(name)] = height
    state._relabel()
    state.occupants = [-1] * A.SQUARES
    state.knights = [[] for _ in range(players)]
    for seat, squares in (knights or {}).items():
        for name in squares:
            state._put_knight(seat, sq(name))
    if king:
        state.king = sq(king)
        state.occupants[state.king] = KING
    for seat, cards in (hands or {}).items():
        for card in cards:
            state.hands[seat][A.CARD_KEYS.index(card)] += 1
    for seat in range(players):
        state.stacks[seat] = sorted((stacks or {}).get(seat, [2, 2]), reverse=True)
    state.phase = phase
    state.turn = turn
    state.starting_player = turn
    state.step = S_TURN
    begin_turn(state)
    return state


def fresh(state: TorresState) -> TorresState:
    """Forget cached legal actions and masks (tests edit fields by hand)."""
    state.forget_caches()
    return state


def act(state: TorresState, text: str) -> None:
    fresh(state).apply_action(A.SPACE.parse(text))


def legal(state: TorresState, text: str) -> bool:
    return A.SPACE.parse(text) in fresh(state).legal_actions()


def legal_strings(state: TorresState, prefix: str) -> set[str]:
    return {s for s in map(A.SPACE.name, fresh(state).legal_actions()) if s.startswith(prefix)}


__all__ = ["position", "act", "fresh", "legal", "legal_strings", "sq"]
