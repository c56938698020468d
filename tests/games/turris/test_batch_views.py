"""What the Turris batch engine gives besides the moves, read from its arrays: every seat's
heuristic (the floats of ``bots.evaluate_all``, equal to the last bit) and the returns, the
same as those of a one-game state played alongside at every decision of whole games in every
mode, in the plain text and in its compiled twin."""

from __future__ import annotations

import random
from typing import Any

import pytest

import towers
from towers.core.chance import sample_chance
from towers.core.compiled import is_compiled, twin
from towers.core.game import CHANCE, TERMINAL
from towers.games.turris import batch as plain

ENGINE = twin(plain)
MODULES = [plain] + ([ENGINE] if is_compiled(ENGINE) else [])
MODES = [(2, False), (3, False), (4, False), (5, False), (1, False), (3, True)]


def _name(module: Any) -> str:
    return str(module.__name__.rpartition(".")[2])


def views_alike(module: Any, players: int, beasts: bool, seeds: range) -> int:
    """Each seed's game played on a one-game state and in a batch, the heuristics and the
    returns compared at every decision; the decisions compared."""
    game = towers.make("turris", players=players, random_beasts=beasts)
    engine = module.TurrisBatch(game, len(seeds))
    rngs = [random.Random(seed) for seed in seeds]
    engine.reset(rngs)
    compared = 0
    for g, seed in enumerate(seeds):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while True:
            while state.current_player() == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
            where = f"{game!r}, seed {seed}, action {len(state.history())}"
            assert engine.heuristics(g) == state.heuristics(), where
            assert engine.returns(g) == state.returns(), where
            compared += 1
            if state.current_player() == TERMINAL:
                assert engine.is_terminal(g), where
                break
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            state.apply_trusted(action)
            rngs[g].random()  # the batch's generator draws the decision as well
            engine.apply(g, action)
    return compared


@pytest.mark.parametrize("module", MODULES, ids=_name)
@pytest.mark.parametrize(("players", "beasts"), MODES)
def test_heuristics_and_returns_at_every_decision(module: Any, players: int, beasts: bool) -> None:
    """Whole games (about 300-2,200 decisions each): 1 in the plain text, 6 in the twin."""
    games = 1 if module is plain else 6
    seeds = range(players * 10 + 7, players * 10 + 7 + games)
    assert views_alike(module, players, beasts, seeds) > 100 * games


def test_the_winner_s_tie_breaks() -> None:
    """At the ends of many games the returns are those of the state read back (most Prestige,
    then most resources, then nearest the First Player)."""
    for players in (2, 3, 4, 5):
        game = towers.make("turris", players=players)
        engine = ENGINE.TurrisBatch(game, 60)
        engine.reset(range(60))
        engine.play_random()
        for g in range(60):
            assert engine.returns(g) == engine.state(g).returns(), (players, g)
