"""The engine's quick ways of answering a question agree with the plain ones: the nodes a
Scout may be placed on, found in one pass, are those a node-by-node reading of PLACE allows;
the distance tables shared between states are what a fresh search finds; a source taken as
resolvable without a look is one the full check always passes."""

from __future__ import annotations

import inspect
import random
import re

import pytest

import towers
from towers.games.turris import legality
from towers.games.turris.rules import CHECKED_KINDS, TurrisState


def states(players: int, seed: int, count: int = 400) -> list[TurrisState]:
    game = towers.make("turris", players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    out = []
    while not state.is_terminal() and len(out) < count:
        out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return out


def can_place(state: TurrisState, seat: int, node: int) -> bool:
    """PLACE read node by node: a Scout in reserve; a Location or an Excavation Site; no
    Beast nor Betrayer Scout there; room under a limit of 1; an Immediate reward that can
    be resolved in full."""
    if state.reserve[seat] <= 0 or not state._is_scout_node(node):
        return False
    if state._beast_on(node) >= 0 or node in state.betrayer_at:
        return False
    if state._limit(node) == 1 and sum(state.scouts[node]) > 0:
        return False
    if state._immediate(node):
        effects = state.game.sources[state._reward_source(node)][1]
        return state._can_resolve(seat, effects, placing=node)
    return True


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_place_nodes_are_those_a_node_by_node_reading_allows(players: int) -> None:
    checked = 0
    for state in states(players, seed=players):
        n = state.game.n_nodes
        for seat in range(players):
            plain = [node for node in range(n) if can_place(state, seat, node)]
            assert state._place_nodes(seat) == plain
            checked += bool(plain)
    assert checked > 50


@pytest.mark.parametrize("players", [2, 3])
def test_shared_distance_tables_match_a_fresh_search(players: int) -> None:
    seen_shapes = set()
    for state in states(players, seed=7, count=600):
        shape = tuple(state._is_open(k) for k in state.game.spots)
        seen_shapes.add(shape)
        for start in range(0, state.game.n_nodes, 3):
            assert state._distances(start) == state._search_distances(start)
    assert len(seen_shapes) >= 1


def test_checked_kinds_are_the_cases_can_resolve_checks() -> None:
    """A source with none of CHECKED_KINDS is taken as resolvable without a look: the set
    must name every kind ``_can_resolve`` has a case for, but the gains."""
    # read from the plain module: its compiled twin, which rules bind when built, has the
    # same text but no source to inspect
    source = inspect.getsource(legality.can_resolve)
    cases = set(re.findall(r'case "(\w+)":', source))
    assert cases - {"gain"} == CHECKED_KINDS


@pytest.mark.parametrize("players", [1, 2, 4])
def test_always_resolvable_sources_resolve_in_every_state(players: int) -> None:
    for state in states(players, seed=11, count=200):
        game = state.game
        for seat in range(players):
            for src, (_, effects) in enumerate(game.sources):
                expected = state._can_resolve(seat, effects)
                assert state._can_resolve_source(seat, src) == expected
                if game.always_resolvable[src]:
                    assert expected
