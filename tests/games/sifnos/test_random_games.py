"""Random games for 2, 3 and 4 players keep every component's count at the start of each turn
(rulebook: General Components; Player Components): nothing is made or lost. The conformance
suite (tests/conformance, over every registered game and player count) checks the contract."""

from __future__ import annotations

import random

import pytest

import towers
from towers.games.sifnos import frames as F
from towers.games.sifnos.rules import SifnosState

from .conftest import D


def counts_kept(state: SifnosState) -> None:
    n = state.game.num_players
    for seat in range(n):
        on_map = state.soldier_at.count(seat) + state.central[seat]
        assert state.barracks[seat] + state.soldier_supply[seat] + on_map == 5
        built = sum(1 for v in state.buildings[seat] if v)
        dice = len(state.dice_supply[seat]) + len(state.workshop[seat]) + built
        assert state.dice_reserve[seat] + dice + state.die_owner.count(seat) == 20
        placed = sum(1 for stack in state.stacks for t in stack if t >> 3 == seat)
        assert sum(state.tower_reserve[seat]) + sum(state.tower_supply[seat]) + placed == 20
        assert sum(state.tents[seat]) <= 6
        gone = {k: sum(1 for p in D.pieces if p.kind == k and state.pieces[seat][p.index] < 0)
                for k in ("fort", "beacon")}  # fmt: skip
        assert gone == {"fort": state.fort_at.count(seat), "beacon": state.beacon_at.count(seat)}
    for s, stack in enumerate(state.stacks):
        assert len({t >> 3 for t in stack}) == len(stack)  # a seat once a space
        if state.beacon_at[s] >= 0:
            assert any(t >> 3 == state.beacon_at[s] for t in stack)
    cards = len(state.deck) + len(state.discards) + len(state.face_up)
    assert cards + sum(map(len, state.hands)) + sum(map(len, state.placed)) == 108
    assert all(len(q) <= 4 for q in state.ships)
    ships = sum(map(len, state.ships)) + len(state.bag) + state.allies + sum(state.ally_on_track)
    assert ships == 6 + 3 * n + 1 + n


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_random_games_keep_every_count(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = towers.make("sifnos", players=players).new_initial_state()
    assert isinstance(state, SifnosState)
    started = False
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        started = started or isinstance(state.pending[-1], F.Prepare)
        if started and isinstance(state.pending[-1], F.Prepare):
            counts_kept(state)
    counts_kept(state)
    assert len(state.scores()) == players
