"""The move generator in plain Python and its compiled twin give the same answers.

The rules run on the twin when it is built (see towers.core.compiled); the rest of the suite
then tests the twin, and these tests tie the plain module to it, state by state."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import towers
from towers.bench import bench_table, run_bench
from towers.core.chance import random_action
from towers.core.compiled import is_compiled, pure_requested
from towers.games.torres import actions as A
from towers.games.torres import movegen as pure
from towers.games.torres import rules
from towers.games.torres.rules import TorresState
from towers.games.torres.steps import S_TURN

COMPILED = rules.MG if is_compiled(rules.MG) else None
needs_twin = pytest.mark.skipif(COMPILED is None, reason="the compiled twin is not built here")


def test_the_twin_is_in_use_where_the_test_command_builds_it() -> None:
    """scripts/test sets TOWERS_REQUIRE_COMPILED where a C compiler is found."""
    if os.environ.get("TOWERS_REQUIRE_COMPILED") != "1" or pure_requested():
        pytest.skip("the compiled twin is not required here")
    assert COMPILED is not None, (
        f"rules use {rules.MG.__file__}: the compiled twin was not built or is out of date "
        "(pip install -e . builds it; its output says why it failed)"
    )


def reference(mask: int, base: int) -> list[int]:
    return [base + s for s in range(A.SQUARES) if mask >> s & 1]


masks = st.integers(min_value=0, max_value=(1 << A.SQUARES) - 1)


@given(masks, st.integers(min_value=0, max_value=A.MOVE + 63 * A.SQUARES))
def test_squares_of_lists_the_set_bits_in_order(mask: int, base: int) -> None:
    assert pure.squares_of(mask, base) == reference(mask, base)
    if COMPILED is not None:
        assert COMPILED.squares_of(mask, base) == reference(mask, base)


@settings(max_examples=50)
@given(st.lists(masks, min_size=1, max_size=12), st.data())
def test_actions_of_is_right_whether_its_list_is_kept_edited_or_new(
    series: list[int], data: st.DataObject
) -> None:
    """One key, masks one after another: the same mask again, a few squares changed (the
    kept list edited) and many changed (made anew) all give the set bits in order."""
    base = A.MOVE + 64 * 12
    key = -1000  # a key of the test's own
    for mask in series:
        flips = data.draw(st.lists(st.integers(0, 63), max_size=4))
        for m in (mask, mask, *(mask ^ (1 << f) for f in flips)):
            assert pure.actions_of(base, m, key) == reference(m, base)
            if COMPILED is not None:
                assert COMPILED.actions_of(base, m, key) == reference(m, base)


def turn_states(players: int, variant: str, seed: int):
    """Every state of a random game where a player is taking actions."""
    game = towers.make("torres", players=players, variant=variant)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if isinstance(state, TorresState) and state.step == S_TURN:
            yield state
        state.apply_action(random_action(state, rng))


@needs_twin
@pytest.mark.parametrize("variant", ["basic", "common_deck", "master"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_plain_and_compiled_agree_at_every_turn_state(players: int, variant: str) -> None:
    assert COMPILED is not None
    states = 0
    for seed in range(2):
        for state in turn_states(players, variant, 100 * players + seed):
            where = f"seed {seed} after {state.history()[-4:]}"
            legal = state.legal_actions()
            assert pure.turn_actions(state) == legal, where
            assert COMPILED.turn_actions(state) == legal, where
            args = (
                state.heights,
                state.castle_of,
                state._level_masks(),
                state._door_exits(),
                state.free_mask(),
            )
            every_card, none_acquired = [1] * A.CARD_KINDS, [0] * A.CARD_KINDS
            assert pure.block_move_masks(state) == COMPILED.block_move_masks(state), where
            for seat in range(players):
                # every card in hand, so that each card's moves are compared at every state
                cards = (state, seat, every_card, none_acquired)
                stacks = state.stacks[seat]
                assert pure.card_moves(*cards, stacks) == COMPILED.card_moves(*cards, stacks), where
                assert pure.late_card_moves(*cards) == COMPILED.late_card_moves(*cards), where
                mine = sorted(state.knights[seat])
                for climb, offset in ((False, A.MOVE), (True, A.DOOR_CLIMB), (False, 0)):
                    assert pure.knight_pass(*args, mine, climb, offset) == COMPILED.knight_pass(
                        *args, mine, climb, offset
                    ), where
            states += 1
    assert states > 100


def test_the_bench_says_which_move_generator_it_measured() -> None:
    report = run_bench("torres", players=[2], seconds=0.1, seed=1)
    twins = report["compiled_twins"]  # with any other twin this process has loaded
    assert twins["towers.games.torres.board"] == is_compiled(rules.BD)
    assert twins["towers.games.torres.movegen"] == (COMPILED is not None)
    console = Console(width=100, record=True)
    console.print(bench_table(report))
    shown = "compiled" if COMPILED is not None else "plain Python"
    assert f"movegen: {shown}" in console.export_text()
