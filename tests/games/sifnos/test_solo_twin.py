"""The compiled twin of solo.py (the Scheme-driven opponent) gives the answers and makes the
moves of the plain module.

The rules run on the twin when it is built (see towers.core.compiled); these tests tie the
plain module to it at every state of random games with the opponent (the solo game and the
2-player game with ``solo_opponent``): where each Scheme can be resolved, where its Tower
and Beacon would go around each Region, the opponent's lowest Influence and Tents left; and
each of its steps and chances carried out on two copies of the state, one by each module,
leaving the same state. Whole games played with the twins and in plain Python alone are
compared in test_twins.py."""

from __future__ import annotations

import random

import pytest

import towers
from tests.games.twins import require_built
from towers.core.chance import sample_chance
from towers.core.compiled import is_compiled
from towers.core.game import CHANCE, TERMINAL
from towers.games.sifnos import rules, solo
from towers.games.sifnos.actions import DATA

TWIN = rules.solo
BUILT = is_compiled(TWIN)
needs_twin = pytest.mark.skipif(not BUILT, reason="the compiled twin is not built here")

MODES = [(1, {}), (2, {"solo_opponent": True})]
PRIORITIES = sorted({scheme.tower_priority for scheme in DATA.schemes})


def test_the_twin_is_in_use_where_the_test_command_builds_it() -> None:
    require_built(BUILT, f"rules use {TWIN.__file__}")


def _answers(module: object, state: rules.SifnosState) -> list[object]:
    m: object = module
    out: list[object] = [m.lowest(state), m.tents_left(state)]  # type: ignore[attr-defined]
    for s in range(len(DATA.schemes)):
        out.append(m.resolvable_region(state, s))  # type: ignore[attr-defined]
    for r in range(len(DATA.regions)):
        for priority in PRIORITIES:
            out.append(m.tower_space(state, r, priority))  # type: ignore[attr-defined]
            out.append(m.beacon_targets(state, r, priority))  # type: ignore[attr-defined]
    return out


def _applied(state: rules.SifnosState, action: int) -> rules.SifnosState:
    """``state`` after ``action``, as apply_trusted leaves it but for the steps after it."""
    top = state.pending[-1]
    state._legal = state._legal_set = None
    rules.APPLY.get(type(top), solo.apply_decision)(state, top, rules.VALUES[action])
    state._history.append(action)
    return state


@needs_twin
@pytest.mark.parametrize("players, options", MODES)
def test_the_twin_answers_and_moves_as_the_plain_module_at_every_state(
    players: int, options: dict[str, bool]
) -> None:
    game = towers.make("sifnos", players=players, **options)
    rng = random.Random(700 + players)
    steps = chances = 0
    for _ in range(3):
        state = game.new_initial_state()
        assert isinstance(state, rules.SifnosState)
        while (player := state.current_player()) != TERMINAL:
            assert _answers(TWIN, state) == _answers(solo, state)
            top = state.pending[-1]
            if player == CHANCE:
                action = sample_chance(state, rng)
                if type(top) in solo.CHANCES:
                    value = rules.VALUES[action]
                    plain, compiled = state.clone(), state.clone()
                    solo.apply_chance(plain, top, value)
                    TWIN.apply_chance(compiled, top, value)
                    assert compiled.to_json() == plain.to_json()
                    chances += 1
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state = _applied(state, action)
            # the steps that follow, one at a time; the opponent's by each module
            while not state.over:
                top = state.pending[-1]
                step = rules.STEPS.get(type(top))
                if step is None:
                    break
                if type(top) not in solo.STEPS:
                    if not step(state, top):
                        break
                    continue
                plain, compiled = state.clone(), state.clone()
                done = solo.settle(plain, plain.pending[-1])
                assert TWIN.settle(compiled, compiled.pending[-1]) == done
                assert compiled.to_json() == plain.to_json()
                steps += 1
                state = compiled
                if not done:
                    break
    assert steps > 200
    assert chances > 100
