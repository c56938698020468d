"""A refusal during a step the rules settle alone says that no seat decides, in words."""

from __future__ import annotations

import random

import towers
from towers.core.conformance import random_action
from towers.games.turris.frames import ASKED


def test_a_move_tried_while_chance_settles_a_step_says_no_seat_decides() -> None:
    game = towers.make("turris", players=2)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(3000):
        top = state.stack.top if state.stack else None
        if top is not None and type(top) not in ASKED and state.is_chance_node():
            break
        state.apply_action(random_action(state, rng))
    else:
        raise AssertionError("no step settled by chance came")
    reason, rule = state._explain(0)
    assert reason == "no seat decides now: chance comes next, in the step under way"
    assert rule == "Gameplay"
    assert "resolving" not in reason
