"""docs/games/turris.md against the code: every top-level key of a seat's and a spectator's
observation (in the first cell of a table row), every frame the ``stack`` and ``chance`` keys
may hold, and every kind of action (as ``SPACE.describe()`` writes it, with its ints) is on the
page, written in backticks."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from towers.games.turris import actions as A
from towers.games.turris.frames import CHANCE_EVENTS, DECISIONS
from towers.games.turris.rules import TurrisGame

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "turris.md"


def quoted() -> set[str]:
    """Every span of the page written in backticks."""
    return set(re.findall(r"`([^`\n]+)`", DOC.read_text()))


def table_keys() -> set[str]:
    """The spans in backticks that start a row of a table (the first cell): the keys the
    observation tables describe."""
    out: set[str] = set()
    for line in DOC.read_text().splitlines():
        cells = line.split("|")
        if line.startswith("|") and len(cells) > 2:
            out |= set(re.findall(r"`([^`]+)`", cells[1]))
    return out


def observed_keys(players: int, seat: int | None, seed: int = 0, steps: int = 300) -> set[str]:
    """The top-level keys of ``observation(seat)`` over the first ``steps`` actions of a
    random game."""
    rng = random.Random(seed)
    state = TurrisGame(players).new_initial_state()
    keys: set[str] = set()
    for _ in range(steps):
        keys |= set(state.observation(seat))
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return keys


@pytest.mark.parametrize("players", [1, 2, 5])
@pytest.mark.parametrize("seat", [0, None], ids=["seat", "spectator"])
def test_every_observation_key_is_documented(players: int, seat: int | None) -> None:
    missing = sorted(observed_keys(players, seat) - table_keys())
    assert not missing, f"observation keys not in a table of {DOC.name} (as `key`): {missing}"


def test_every_frame_of_the_stack_and_of_chance_is_documented() -> None:
    names = set(DECISIONS.by_name) | set(CHANCE_EVENTS.by_name)
    missing = sorted(names - quoted())
    assert not missing, f"frames not in {DOC.name} (as `frame`): {missing}"


def test_every_action_kind_is_documented_with_its_ints() -> None:
    lines = DOC.read_text().splitlines()
    problems = []
    for kind in A.SPACE.kinds:
        written = f"`{kind.shape}`"
        rows = [line for line in lines if line.startswith("|") and written in line]
        last = kind.base + kind.size - 1
        ints = f"| {kind.base} |" if kind.size == 1 else f"| {kind.base}-{last} |"
        if not rows:
            problems.append(f"{kind.name}: no table row with {written}")
        elif not any(ints in row for row in rows):
            problems.append(f"{kind.name}: its row should give the ints {ints.strip('| ')}")
    assert not problems, f"{DOC.name} and towers/games/turris/actions.py differ: {problems}"
