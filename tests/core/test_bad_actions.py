"""Every public method of a state that takes an action refuses an id that is no action of the
game with the engine's own error, saying which ids are allowed, and changes nothing: in every
registered game and every mode of the shipped ones, at decisions, chance nodes and the end."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import towers
from towers.core.chance import random_action
from towers.core.errors import ActionParseError, IllegalActionError
from towers.core.registry import list_games

MODES: list[tuple[str, int | None, dict[str, Any]]] = [
    *((name, None, {}) for name in list_games()),
    ("torres", 2, {"variant": "master"}),
    ("torres", 4, {}),
    ("tiletum", 4, {}),
    ("turris", 1, {}),
    ("turris", 2, {}),
    ("sifnos", 1, {}),
    ("sifnos", 2, {"solo_opponent": True}),
    ("dark_tower", 1, {}),
    ("dark_tower", 2, {"mode": "competitive"}),
]

OTHER_THAN_IDS: list[Any] = [True, False, 3.0, "3", None, [1], 2**70 * 1.0]


def mode_id(mode: tuple[str, int | None, dict[str, Any]]) -> str:
    name, players, options = mode
    shown = [name] + ([f"{players}p"] if players else [])
    return "-".join(shown + [f"{k}={v}" for k, v in options.items()])


def make_game(mode: tuple[str, int | None, dict[str, Any]]) -> towers.Game:
    name, players, options = mode
    return (
        towers.make(name, **options) if players is None else towers.make(name, players, **options)
    )


def positions(game: towers.Game, seed: int = 0) -> Iterator[towers.State]:
    """States of one random game: its first plies, its first decision and chance node, every
    40th ply, and its end."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    ply = 0
    kinds_seen: set[bool] = set()
    while not state.is_terminal():
        kind = state.is_chance_node()
        if ply < 4 or ply % 40 == 0 or kind not in kinds_seen:
            kinds_seen.add(kind)
            yield state.clone()
        state.apply_action(random_action(state, rng))
        ply += 1
    yield state


def bad_ids(game: towers.Game) -> list[Any]:
    n = game.num_distinct_actions()
    return [-1, -(10**9), n, n + 1, 10**9, *OTHER_THAN_IDS]


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_every_method_refuses_an_id_that_is_no_action(
    mode: tuple[str, int | None, dict[str, Any]],
) -> None:
    game = make_game(mode)
    last = game.num_distinct_actions() - 1
    allowed = f"0 to {last}"
    for state in positions(game):
        before = state.to_json()
        for bad in bad_ids(game):
            for method in ("action_to_string", "disclosure"):
                with pytest.raises(ActionParseError, match=allowed):
                    getattr(state, method)(bad)
            with pytest.raises(ActionParseError, match=allowed):
                state.reveal_witness(bad, random.Random(0))
            assert state.is_legal(bad) is False
            explained = state.explain(bad)
            assert isinstance(explained, str) and "is not allowed" in explained
            with pytest.raises(IllegalActionError):
                state.apply_action(bad)
        for not_text in (5, None, b"pass", ["pass"]):
            with pytest.raises(ActionParseError, match="not an action's name"):
                state.string_to_action(not_text)  # type: ignore[arg-type]
        assert state.to_json() == before
        # the ids of the game still answer as before
        for action in state.legal_actions()[:3]:
            assert state.string_to_action(state.action_to_string(action)) == action
            state.disclosure(action)


@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_an_id_out_of_range_is_explained_with_the_range(
    mode: tuple[str, int | None, dict[str, Any]],
) -> None:
    game = make_game(mode)
    state = game.new_initial_state()
    last = game.num_distinct_actions() - 1
    for bad in (-1, last + 1, True, "3"):
        with pytest.raises(IllegalActionError, match=f"whole numbers from 0 to {last}"):
            state.apply_action(bad)
        assert f"whole numbers from 0 to {last}" in str(state.explain(bad))


def test_torres_master_disclosure_of_an_id_past_the_end() -> None:
    state = towers.make("torres", 2, variant="master").new_initial_state()
    with pytest.raises(ActionParseError, match="is not a torres action"):
        state.disclosure(17101 + state.game.num_distinct_actions())
    with pytest.raises(ActionParseError, match="is not a torres action"):
        state.disclosure(-1)
