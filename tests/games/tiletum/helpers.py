"""Building Tiletum positions for tests: seeded setups, then fields set by hand.

Tests change a state's plain-data fields to reach a position quickly, then play actions by
their names through the public, guarded ``apply_action``.
"""

from __future__ import annotations

import random
from typing import Any

from towers.core.chance import sample_chance
from towers.core.frames import DecisionStack
from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum import rules as R
from towers.games.tiletum.data import RESOURCES, load
from towers.games.tiletum.rules import TiletumGame, TiletumState

D = load()


def game(players: int = 2, **options: object) -> TiletumGame:
    return TiletumGame(players, **options)


def kind(tile_id: str) -> int:
    return D.kind_index[tile_id]


def town(town_id: str) -> int:
    return [t.id for t in D.towns].index(town_id)


def spot(name: str) -> int:
    return D.spot_ids.index(name)


def cathedral(town_id: str) -> int:
    return D.towns[town(town_id)].cathedral


def resolve(state: TiletumState, seed: int = 0) -> TiletumState:
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    return state


def new(players: int = 2, seed: int = 0, **options: object) -> TiletumState:
    """A game at its first decision: the first player's first turn."""
    return resolve(game(players, **options).new_initial_state(), seed)


def refresh(state: TiletumState) -> TiletumState:
    state._legal = None
    state._legal_set = None
    return state


def names(state: TiletumState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def do(state: TiletumState, *texts: str) -> TiletumState:
    for text in texts:
        state.apply_action(state.string_to_action(text))
    return state


def is_legal(state: TiletumState, text: str) -> bool:
    return state.is_legal(state.string_to_action(text))


def set_res(state: TiletumState, seat: int, **amounts: int) -> TiletumState:
    state.resources[seat] = [amounts.get(r, 0) for r in RESOURCES]
    return refresh(state)


def store(state: TiletumState, seat: int, *tile_ids: str) -> TiletumState:
    state.storehouse[seat] = [kind(t) for t in tile_ids]
    return refresh(state)


def frame(state: TiletumState, action: int, ap: int, is_die: int = 1) -> TiletumState:
    """The player to move is performing ``action`` with ``ap`` action points."""
    seat = state.active_player
    state.stack = DecisionStack([F.Turn(), F.PerformAction(action, ap, bool(is_die))])
    if is_die:
        state.die_value = max(1, 7 - ap)
        state.die_colour = 0
    assert seat >= 0
    return refresh(state)


def turn_start(state: TiletumState) -> TiletumState:
    state.stack = DecisionStack([F.Turn()])
    return refresh(state)


def top(state: TiletumState) -> Any:
    return state.stack[-1]


def chance(state: TiletumState, text: str) -> TiletumState:
    """Apply the chance outcome named ``text`` (it must be possible)."""
    assert state.is_chance_node(), "not a chance node"
    a = state.string_to_action(text)
    assert a in [x for x, _ in state.chance_outcomes()], f"{text} cannot happen now"
    state.apply_action(a)
    return state


def place_characters(
    state: TiletumState, seat: int, building: int, *tile_ids: str, first_floor: int = 1
) -> None:
    """Put characters straight into a building's rooms, floor after floor from ``first_floor``."""
    g = state.game
    for f, t in enumerate(tile_ids, start=first_floor - 1):
        state.rooms[seat][g.rooms[building][f]] = kind(t)
    refresh(state)


ACTION = {
    name: i
    for i, name in enumerate(("architect", "merchant", "character", "contract", "king", "joker"))
}
__all__ = ["A", "D", "F", "R"]
