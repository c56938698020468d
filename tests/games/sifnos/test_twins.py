"""The compiled twin of legality.py gives the answers of the plain module.

The rules run on the twin when it is built (see towers.core.compiled); the rest of the suite
then tests the twin, and these tests tie the plain module to it: the answers to the decision
on top, every column's usable effects and the Workshop's builds for the seat deciding, and the
outcomes of a card drawn, at every state of random games in every player count and mode; and
whole games played from the same seeds with the twin and with plain Python alone
(``TOWERS_PURE_PYTHON=1`` in a subprocess), state by state."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys

import pytest

import towers
from towers.core.chance import sample_chance
from towers.core.compiled import is_compiled, pure_requested
from towers.core.game import CHANCE, TERMINAL
from towers.games.sifnos import frames as F
from towers.games.sifnos import legality, rules
from towers.games.sifnos.data import COLUMNS

TWIN = rules.legality
BUILT = is_compiled(TWIN)
needs_twin = pytest.mark.skipif(not BUILT, reason="the compiled twin is not built here")

MODES = [(players, {}) for players in range(1, 5)] + [(2, {"solo_opponent": True})]


def test_the_twin_is_in_use_where_the_test_command_builds_it() -> None:
    """scripts/test sets TOWERS_REQUIRE_COMPILED where a C compiler is found."""
    if os.environ.get("TOWERS_REQUIRE_COMPILED") != "1" or pure_requested():
        pytest.skip("the compiled twins are not required here")
    assert BUILT, (
        f"rules use {TWIN.__file__}: the compiled twin was not built or is out of date "
        "(pip install -e . builds it; its output says why it failed)"
    )


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


def digests() -> list[str]:
    """A digest of every state (its saved JSON and legal actions) of random games from fixed
    seeds, one a player count and mode."""
    out = []
    for players, options in MODES:
        game = towers.make("sifnos", players=players, **options)
        rng = random.Random(500 + players + len(options))
        state = game.new_initial_state()
        while state.current_player() != TERMINAL:
            if state.current_player() == CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)
            seen = f"{state.to_json()}{state.legal_actions()}"
            out.append(hashlib.sha256(seen.encode()).hexdigest()[:16])
    return out


@needs_twin
def test_the_twin_plays_every_state_as_plain_python_does() -> None:
    compiled = digests()
    done = subprocess.run(
        [sys.executable, "-c", "from tests.games.sifnos.test_twins import digests; "
         "print('\\n'.join(digests()))"],
        env={**os.environ, "TOWERS_PURE_PYTHON": "1"},
        capture_output=True,
        text=True,
        check=True,
    )  # fmt: skip
    plain = done.stdout.split()
    assert len(compiled) == len(plain) > 1000
    first = next((k for k, (a, b) in enumerate(zip(compiled, plain, strict=True)) if a != b), -1)
    assert first == -1, f"the twin and the plain module part at state {first}"
