"""The masks a Torres state keeps up to date as blocks and pieces move must always equal the
same masks worked out afresh from the board."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import towers
from towers.core.chance import random_action
from towers.games.torres.board import (
    castle_heights,
    castle_masks,
    door_exits,
    label_castles,
    level_masks,
    placement_mask,
)
from towers.games.torres.legality import block_move_targets
from towers.games.torres.rules import TorresState


def audit(state: TorresState) -> None:
    """Every cache the state holds agrees with the board."""
    where = f"after {state.history()[-3:]}"
    h = state.heights
    cid, areas = label_castles(h)
    # castle ids may be numbered differently once castles grow; compare the partitions
    assert sorted(areas) == sorted(state.surface_areas), where
    groups = {}
    for s, k in enumerate(state.castle_of):
        assert (k >= 0) == (h[s] > 0), where
        if k >= 0:
            groups.setdefault(k, set()).add(s)
    for k, squares in groups.items():
        assert len(squares) == state.surface_areas[k], where
        assert len({cid[s] for s in squares}) == 1, where
    assert state.castle_heights == castle_heights(h, state.castle_of, len(state.surface_areas)), (
        where
    )
    if state._doors is not None:
        assert state._doors == door_exits(h, state.castle_of, len(state.surface_areas)), where
    if state._places is not None:
        assert state._places == placement_mask(h, state.castle_of, state.surface_areas), where
    if state._levels is not None:
        fresh = level_masks(h)
        assert state._levels[: len(fresh)] == fresh, where
    if state._free is not None:
        assert state._free == sum(1 << s for s in range(64) if state.occupants[s] == -1), where
    if state._cmask is not None:
        assert state._cmask == castle_masks(state.castle_of, len(state.surface_areas)), where


def play_and_audit(players: int, variant: str, seed: int) -> int:
    game = towers.make("torres", players=players, variant=variant)
    state = game.new_initial_state()
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
        assert isinstance(state, TorresState)
        audit(state)
        steps += 1
    return steps


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["basic", "common_deck", "master"])
def test_kept_masks_match_the_board_through_whole_games(players: int, variant: str) -> None:
    assert play_and_audit(players, variant, seed=players) > 100


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_kept_masks_match_the_board_at_any_seed(seed: int, players: int) -> None:
    play_and_audit(players, "basic", seed)


def test_the_audit_notices_a_stale_mask() -> None:
    game = towers.make("torres", players=2)
    state = game.new_initial_state()
    rng = random.Random(1)
    while state._places is None:
        state.apply_action(random_action(state, rng))
    assert isinstance(state, TorresState)
    state._places ^= 1 << 63
    with pytest.raises(AssertionError):
        audit(state)


@pytest.mark.parametrize("players", [2, 4])
def test_block_moves_from_the_kept_masks_match_the_rule_as_stated(players: int) -> None:
    """The Move a tower block card's targets come from the kept masks; at every state of
    whole games they must be what the rule as stated (castles labelled anew without the
    lifted block) gives, for tall columns, lone blocks and the ground floor of castles."""
    game = towers.make("torres", players=players)
    state = game.new_initial_state()
    rng = random.Random(players)
    kinds: set[str] = set()
    while not state.is_terminal():
        assert isinstance(state, TorresState)
        general = [
            (a, b)
            for a in range(64)
            if state.heights[a] and state.occupants[a] == -1
            for b in block_move_targets(state, a)
        ]
        assert state.block_moves() == general
        for a, _ in general:
            area = state.surface_areas[state.castle_of[a]]
            kinds.add("tall" if state.heights[a] > 1 else "alone" if area == 1 else "floor")
        state.apply_action(random_action(state, rng))
    assert kinds == {"tall", "alone", "floor"}


def test_changing_a_returned_legal_list_changes_nothing_kept() -> None:
    """Lists of actions are kept between states; what a caller gets is always its own."""
    game = towers.make("torres", players=3)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        assert isinstance(state, TorresState)
        legal = state.legal_actions()
        twin = state.clone()
        twin.forget_caches()
        legal.clear()
        assert state.legal_actions() == twin.legal_actions()
        state.apply_action(random_action(state, rng))
