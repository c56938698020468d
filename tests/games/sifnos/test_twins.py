"""The compiled twin of legality.py gives the answers of the plain module.

The rules run on the twin when it is built (see towers.core.compiled); the rest of the suite
then tests the twin, and these tests tie the plain module to it: the answers to the decision
on top, every column's usable effects and the Workshop's builds for the seat deciding, and the
outcomes of a card drawn, at every state of random games in every player count and mode; and
whole games played from the same seeds with the twin and with plain Python alone
(``TOWERS_PURE_PYTHON=1`` in a subprocess), state by state."""

from __future__ import annotations

import random

import pytest

import towers
from tests.games.twins import assert_same_games, require_built
from towers.core.chance import sample_chance
from towers.core.compiled import is_compiled
from towers.core.game import CHANCE, TERMINAL
from towers.games.sifnos import frames as F
from towers.games.sifnos import legality, rules
from towers.games.sifnos.data import COLUMNS

TWIN = rules.legality
BUILT = is_compiled(TWIN)
needs_twin = pytest.mark.skipif(not BUILT, reason="the compiled twin is not built here")

MODES = [(players, {}) for players in range(1, 5)] + [(2, {"solo_opponent": True})]


def test_the_twin_is_in_use_where_the_test_command_builds_it() -> None:
    require_built(BUILT, f"rules use {TWIN.__file__}")


@needs_twin
@pytest.mark.parametrize("players, options", MODES)
def test_the_twin_answers_as_the_plain_module_at_every_state(
    players: int, options: dict[str, bool]
) -> None:
    game = towers.make("sifnos", players=players, **options)
    rng = random.Random(300 + players * 7 + len(options))
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while (player := state.current_player()) != TERMINAL:
            top = state.pending[-1]
            if player == CHANCE:
                if type(top) is F.Draw:
                    counts = state.deck.counts
                    assert TWIN.draw_outcomes(counts) == legality.draw_outcomes(counts)
                state.apply_trusted(sample_chance(state, rng))
                continue
            assert TWIN.decisions(state, top) == legality.decisions(state, top)
            assert TWIN.legal_actions(state, top) == legality.legal_actions(state, top)
            for column in range(len(COLUMNS)):
                twin_uses = TWIN.column_uses(state, player, column)
                assert twin_uses == legality.column_uses(state, player, column)
            assert TWIN.builds(state, player) == legality.builds(state, player)
            assert TWIN.moves(state, player) == legality.moves(state, player)
            twin_towers = TWIN.tower_placements(state, player)
            assert twin_towers == legality.tower_placements(state, player)
            checked += 1
            legal = state.legal_actions()
            state.apply_trusted(legal[int(rng.random() * len(legal))])
    assert checked > 300


@needs_twin
@pytest.mark.parametrize("players, options", MODES)
def test_the_twin_plays_every_state_as_plain_python_does(
    players: int, options: dict[str, bool]
) -> None:
    mode = {"players": players, **options}
    assert_same_games("sifnos", mode, games=1, seed=500 + players + len(options), at_least=200)
