"""Helpers for the Turris rules tests: a game set up with chosen draws, and positions built
on it."""

from __future__ import annotations

from towers.games.turris import actions as A
from towers.games.turris.frames import BeastTurn, Turn
from towers.games.turris.rules import TurrisGame, TurrisState

D = A.DATA
PAIN, DELUSION, DESPAIR, HARROW = range(4)


def node(name: str) -> int:
    return D.index[name]


def act(state: TurrisState, text: str) -> None:
    state.apply_action(state.string_to_action(text))


_READER = TurrisGame(2).new_initial_state()


def said(text: str) -> str:
    """An action as the game writes it, from a text that may name components by their data
    ids, as the helpers that address the data build them (``place site_a``)."""
    return _READER.action_to_string(_READER.string_to_action(text))


def names(state: TurrisState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def new_game(players: int = 3, first: int = 0, **options: object) -> TurrisState:
    """Setup with the first outcome of each draw, ``first`` as First Player, factions chosen
    in order (side A), then the factions cleared so no ability interferes, and the hands
    emptied: the first seat's Action Step."""
    state = TurrisGame(players, **options).new_initial_state()
    while not (state.stack and isinstance(state.stack.top, Turn) and not state.chance):
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            text = state.action_to_string(outcomes[0])
            if text.startswith("first player"):
                act(state, f"first player {first + 1}")
            else:
                state.apply_action(outcomes[0])
        else:
            state.apply_action(state.legal_actions()[0])
    state.faction = [-1] * players
    state.side = [-1] * players
    state.resources = [[3, 0, 0, 0, 0] for _ in range(players)]
    for seat in range(players):
        state.tactics_deck.shuffle_in(state.hands[seat])
        state.hands[seat] = []
    state._legal = None
    return state


def empty_board(state: TurrisState, beasts: dict[int, str] | None = None) -> None:
    """No Scout on the board (all in reserve) and the Beasts where given (else removed)."""
    n = state.game.num_players
    for row in state.scouts:
        for seat in range(n):
            state.reserve[seat] += row[seat]
            row[seat] = 0
    state.beast_at = [-1] * 4
    for b, where in (beasts or {}).items():
        state.beast_at[b] = node(where)
    state._legal = None


def put(state: TurrisState, seat: int, where: str, count: int = 1) -> None:
    state.scouts[node(where)][seat] += count
    state.reserve[seat] -= count
    state._legal = None


def beast_acts(state: TurrisState, beast: int) -> None:
    """One Beast's Beast Phase sequence, with the current Action Step left below it."""
    state.stack.push(BeastTurn(beast, False))
    state._legal = None
    state._run()
