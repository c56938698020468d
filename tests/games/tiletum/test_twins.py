"""The compiled twins of Tiletum's modules give the answers of the plain modules.

The rules run on the twins of rounds.py (the flow after every action) and legality.py (the
fast generator of the legal actions), and the bots on the twin of bots.py, when they are
built (see towers.core.compiled); the rest of the suite then tests the twins, and these tests
tie the plain modules to them: every seat's heuristic, to the last bit of its float, the
legal actions and the state after every legal action, at every state of random games in
every player count and mode, and the same games played and valued with the twins and
with plain Python alone (``TOWERS_PURE_PYTHON=1``, another process), state by state."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import towers
from tests.games.sampling import every_state
from tests.games.twins import assert_same_games, require_built
from towers.core.compiled import is_compiled
from towers.core.game import CHANCE
from towers.games.tiletum import bots, legality, rounds, rules
from towers.games.tiletum.draws import apply_chance
from towers.games.tiletum.rules import TiletumState

BUILT = all(is_compiled(m) for m in (bots.ESTIMATE, rules.ROUNDS, rules.LEGALITY))
needs_twins = pytest.mark.skipif(not BUILT, reason="the compiled twins are not built here")

MODES = [(players, options) for players in (2, 3, 4) for options in ({}, {"action_tiles": True})]


def test_the_twins_are_in_use_where_the_test_command_builds_them() -> None:
    require_built(
        BUILT,
        f"the bots use {bots.ESTIMATE.__file__} and the rules {rules.ROUNDS.__file__} and "
        f"{rules.LEGALITY.__file__}",
    )


def _states(
    players: int, options: dict[str, bool], seed: int, games: int
) -> Iterator[TiletumState]:
    """Every state of ``games`` random games, the seed told apart by the mode."""
    game = towers.make("tiletum", players=players, **options)
    rng = random.Random(seed + players * 7 + len(options))
    for _ in range(games):
        for state in every_state(game.new_initial_state(), rng):
            assert isinstance(state, TiletumState)
            yield state


@needs_twins
@pytest.mark.parametrize("players, options", MODES)
def test_the_heuristic_twin_gives_the_plain_floats_at_every_state(
    players: int, options: dict[str, bool]
) -> None:
    checked = 0
    for state in _states(players, options, 300, 2):
        values = bots.evaluate_all(state)
        assert bots.ESTIMATE.evaluate_all(state) == values, state.to_json()
        for seat in range(players):
            assert bots.ESTIMATE.evaluate(state, seat) == values[seat]
            assert bots.ESTIMATE.king_outlook(state, seat) == bots.king_outlook(state, seat)
        checked += 1
    assert checked > 500


def _after(state: TiletumState, action: int, run: object) -> str:
    """The state after ``action``, the flow run by ``run`` (a module's ``run``)."""
    after = state.clone()
    assert isinstance(after, TiletumState)
    if after.current_player() == CHANCE:
        apply_chance(after, action)
    else:
        after._apply_decision(action)
    run(after)  # type: ignore[operator]
    return after.to_json()


@needs_twins
@pytest.mark.parametrize("players, options", MODES)
def test_the_rules_twins_give_the_plain_legal_actions_and_states(
    players: int, options: dict[str, bool]
) -> None:
    checked = 0
    for state in _states(players, options, 500, 1):
        if state.is_terminal():
            break
        legal = legality.legal_actions(state)
        assert rules.LEGALITY.legal_actions(state) == legal, state.to_json()
        for action in legal:
            assert _after(state, action, rules.ROUNDS.run) == _after(state, action, rounds.run)
            checked += 1
    assert checked > 2000


@needs_twins
@pytest.mark.parametrize("players, options", MODES[::3] + MODES[-1:])
def test_games_played_with_the_twins_are_those_of_plain_python(
    players: int, options: dict[str, bool]
) -> None:
    """The same seeds give the same actions, states and heuristic after every action."""
    mode = {"players": players, **options}
    assert_same_games("tiletum", mode, games=2, seed=players, at_least=500, heuristics=True)
