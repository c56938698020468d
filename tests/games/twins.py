"""What the tests of the games' compiled twins share: the check that the test command built
them, and the same random games played by a process running the twins and by one running
plain Python alone (``TOWERS_PURE_PYTHON=1``), compared state by state."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from towers.core.compiled import PURE_ENV, pure_requested

PLAY = """
import hashlib, json, random, sys, towers
from towers.core.chance import sample_chance
from towers.core.game import CHANCE, TERMINAL
name, options, games, seed, heuristics = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "1"
game = towers.make(name, **options)
rng = random.Random(seed)
for _ in range(games):
    state = game.new_initial_state()
    while (player := state.current_player()) != TERMINAL:
        if player == CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        state.apply_trusted(action)
        seen = state.to_json() + repr(state.legal_actions())
        if heuristics:
            seen += repr(state.heuristics())
        print(action, hashlib.sha256(seen.encode()).hexdigest()[:16])
"""
"""Prints, after every action of random games, the action and a digest of the state's saved
JSON and legal actions (and every seat's heuristic, when asked)."""


def require_built(built: bool, what: str) -> None:
    """The body of each game's test that its twins are in use where the test command builds
    them (scripts/test sets TOWERS_REQUIRE_COMPILED where a C compiler is found)."""
    if os.environ.get("TOWERS_REQUIRE_COMPILED") != "1" or pure_requested():
        pytest.skip("the compiled twins are not required here")
    assert built, (
        f"{what}: a compiled twin was not built or is out of date (pip install -e . builds "
        "it; its output says why it failed)"
    )


def played(
    name: str, options: dict[str, Any], games: int, seed: int, pure: bool, heuristics: bool
) -> list[str]:
    """The lines :data:`PLAY` prints in a new process, with or without plain Python alone."""
    env = {k: v for k, v in os.environ.items() if k != PURE_ENV}
    if pure:
        env[PURE_ENV] = "1"
    args = [name, json.dumps(options), str(games), str(seed), "1" if heuristics else "0"]
    done = subprocess.run(
        [sys.executable, "-c", PLAY, *args], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.splitlines()


def assert_same_games(
    name: str,
    options: dict[str, Any],
    *,
    games: int,
    seed: int,
    at_least: int,
    heuristics: bool = False,
) -> None:
    """The same seeds give the same actions and the same states (and heuristics) with the
    twins as with plain Python alone; at least ``at_least`` states compared."""
    compiled = played(name, options, games, seed, pure=False, heuristics=heuristics)
    plain = played(name, options, games, seed, pure=True, heuristics=heuristics)
    assert len(compiled) >= at_least
    first = next((k for k, (a, b) in enumerate(zip(compiled, plain, strict=False)) if a != b), None)
    assert first is None, f"{name} {options}: the twins and plain Python part at state {first}"
    assert len(compiled) == len(plain)
