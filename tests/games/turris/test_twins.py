"""The compiled twins of Turris's sections play every game as the plain modules do.

``rules.py`` binds the compiled twin of each section it runs every action through when it
is built (see :mod:`towers.core.compiled`), so the rest of the suite tests the twins; here
the same random games, at every player count with and without the random Beasts, are played
by this process and by one that runs plain Python (``TOWERS_PURE_PYTHON=1``), and every state
(its saved JSON and its legal actions) is compared."""

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
from towers.games.turris import rules

TWINNED = (
    rules.action_step, rules.beast_moves, rules.beast_phase, rules.board, rules.draws,
    rules.effects, rules.legality, rules.player_turn, rules.rounds, rules.tactics,
    rules.council_rules, rules.missions_rules, rules.resources_rules,
)  # fmt: skip
COMPILED = all(is_compiled(m) for m in TWINNED)
needs_twins = pytest.mark.skipif(not COMPILED, reason="the compiled twins are not built here")

GAMES = 1
"""Games per player count and mode: each some hundreds of actions."""


def digests(games: int = GAMES) -> list[str]:
    """A digest of every state of random games from fixed seeds (each count, each mode)."""
    out = []
    for random_beasts in (False, True):
        for players in range(1, 6):
            game = towers.make("turris", players=players, random_beasts=random_beasts)
            rng = random.Random(100 * players + random_beasts)
            for _ in range(games):
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


def test_the_twins_are_in_use_where_the_test_command_builds_them() -> None:
    """scripts/test sets TOWERS_REQUIRE_COMPILED where a C compiler is found."""
    if os.environ.get("TOWERS_REQUIRE_COMPILED") != "1" or pure_requested():
        pytest.skip("the compiled twins are not required here")
    plain = [m.__name__ for m in TWINNED if not is_compiled(m)]
    assert not plain, f"rules use plain {plain}: not built or out of date (pip install -e .)"


@needs_twins
def test_the_twins_play_every_state_as_the_plain_modules_do() -> None:
    compiled = digests()
    done = subprocess.run(
        [sys.executable, "-c", "from tests.games.turris.test_twins import digests; "
         "print('\\n'.join(digests()))"],
        env={**os.environ, "TOWERS_PURE_PYTHON": "1"},
        capture_output=True,
        text=True,
        check=True,
    )  # fmt: skip
    plain = done.stdout.split()
    assert len(compiled) == len(plain) > 1000
    first = next((k for k, (a, b) in enumerate(zip(compiled, plain, strict=True)) if a != b), -1)
    assert first == -1, f"the twins and the plain modules part at state {first}"
