"""The board module in plain Python and its compiled twin give the same answers.

The rules make a whole board's castles and masks with the twin when it is built (see
towers.core.compiled); these tests tie the plain module to it at every state of random
games, every player count and variant (skipped when the twin is not built)."""

from __future__ import annotations

import random

import pytest

import towers
from towers.core.chance import random_action
from towers.core.compiled import is_compiled
from towers.games.torres import actions as A
from towers.games.torres import board as pure
from towers.games.torres import rules

COMPILED = rules.BD if is_compiled(rules.BD) else None
needs_twin = pytest.mark.skipif(COMPILED is None, reason="the compiled twin is not built here")


def answers(module, state) -> tuple:  # type: ignore[no-untyped-def]
    h, occ = state.heights, state.occupants
    cid, areas = module.label_castles(h)
    count = len(areas)
    return (
        cid,
        areas,
        module.castle_heights(h, cid, count),
        module.door_exits(h, cid, count),
        module.castle_masks(cid, count),
        module.placement_mask(h, cid, areas),
        module.level_masks(h),
        module.free_squares(occ),
        [module.next_to_one_castle(cid, s) for s in range(A.SQUARES)],
    )


@needs_twin
@pytest.mark.parametrize("variant", ["basic", "common_deck", "master"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_plain_and_compiled_board_agree_at_every_state(players: int, variant: str) -> None:
    game = towers.make("torres", players=players, variant=variant)
    states = 0
    for seed in range(2):
        state = game.new_initial_state()
        rng = random.Random(1000 * players + seed)
        while not state.is_terminal():
            where = f"seed {seed} after {state.history()[-4:]}"
            assert answers(pure, state) == answers(COMPILED, state), where
            states += 1
            state.apply_action(random_action(state, rng))
    assert states > 200
