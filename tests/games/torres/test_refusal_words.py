"""A refusal counts in English: a castle of one space is one space, not "1 spaces"."""

from __future__ import annotations

import random

import towers
from towers.core.conformance import random_action


def test_a_block_on_a_castle_of_one_space_is_refused_in_the_singular() -> None:
    state = towers.make("torres", players=2).new_initial_state()
    rng = random.Random(3)
    for _ in range(3):
        state.apply_action(random_action(state, rng))
    reason = str(state.explain(state.string_to_action("block d1")))
    assert "this castle covers 1 space and the block would make it 2 high" in reason
