"""The public calls of a playout (who decides, the legal actions, an action applied or
refused), compiled and in plain Python, give the same games.

TorresState binds the move generator's ``current_player``, ``legal_actions``, ``is_legal``,
``apply_action`` and ``apply_trusted`` as its methods: the compiled twin's when it is built.
Here one state is played through the twin and a copy through the plain module, action by
action, and the two are compared at every state: the saved fields, the kept masks, who
decides, the legal actions and the answers to actions that are not legal."""

from __future__ import annotations

import random

import pytest

import towers
from towers.core.chance import sample_chance
from towers.core.compiled import is_compiled
from towers.core.errors import IllegalActionError
from towers.core.game import CHANCE, TERMINAL
from towers.games.torres import actions as A
from towers.games.torres import movegen as pure
from towers.games.torres import rules
from towers.games.torres.rules import VARIANTS, TorresState

COMPILED = rules.MG if is_compiled(rules.MG) else None
needs_twin = pytest.mark.skipif(COMPILED is None, reason="the compiled twin is not built here")

KEPT = ("_free", "_places", "_levels", "_doors", "_cmask")
ODD_ACTIONS = (-1, A.NUM_ACTIONS, 2**70, 3.0, True, "3", None)


def same(fast: TorresState, plain: TorresState, where: str) -> None:
    assert fast.to_json() == plain.to_json(), where
    for name in KEPT:
        assert getattr(fast, name) == getattr(plain, name), f"{name} {where}"


@needs_twin
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_and_plain_calls_play_the_same_games(players: int, variant: str) -> None:
    twin = COMPILED
    assert twin is not None
    game = towers.make("torres", players=players, variant=variant)
    actions = 0
    for seed in range(3):
        rng = random.Random(1000 * players + seed)
        fast = game.new_initial_state()
        plain = fast.clone()
        assert isinstance(fast, TorresState) and isinstance(plain, TorresState)
        while True:
            where = f"seed {seed} after {fast.history()[-4:]}"
            player = twin.current_player(fast)
            assert player == pure.current_player(plain), where
            if player == TERMINAL:
                assert twin.legal_actions(fast) == pure.legal_actions(plain) == [], where
                break
            legal = twin.legal_actions(fast)
            assert legal == pure.legal_actions(plain), where
            for odd in (*ODD_ACTIONS, rng.randrange(A.NUM_ACTIONS)):
                assert twin.is_legal(fast, odd) == pure.is_legal(plain, odd), f"{odd!r} {where}"
                if not twin.is_legal(fast, odd):
                    with pytest.raises(IllegalActionError) as refused:
                        twin.apply_action(fast, odd)
                    with pytest.raises(IllegalActionError) as also:
                        pure.apply_action(plain, odd)
                    assert str(refused.value) == str(also.value), where
            action = sample_chance(fast, rng) if player == CHANCE else rng.choice(legal)
            if actions % 2:
                twin.apply_action(fast, action)
                pure.apply_action(plain, action)
            else:
                twin.apply_trusted(fast, action)
                pure.apply_trusted(plain, action)
            actions += 1
            same(fast, plain, where)
    assert actions > 400
