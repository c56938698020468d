"""States saved with the fields' first names (version 1) load under the rulebook's names."""

from __future__ import annotations

import json
import random

import towers
from towers.core.chance import random_action
from towers.games.torres.rules import FIELDS_RENAMED_IN_2, TorresState


def test_a_version_1_state_loads_as_the_same_state() -> None:
    game = towers.make("torres", players=3)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(60):
        state.apply_action(random_action(state, rng))
    data = json.loads(state.to_json())
    assert data["version"] == TorresState.FIELDS_VERSION == 2
    old_names = {new: old for old, new in FIELDS_RENAMED_IN_2.items()}
    data["version"] = 1
    data["state"] = {old_names.get(k, k): v for k, v in data["state"].items()}
    assert "h" in data["state"] and "heights" not in data["state"]
    loaded = game.state_from_json(json.dumps(data))
    assert loaded.to_json() == state.to_json()
    assert loaded.legal_actions() == state.legal_actions()


def test_every_renamed_field_is_a_field() -> None:
    fields = json.loads(towers.make("torres", players=2).new_initial_state().to_json())["state"]
    assert set(FIELDS_RENAMED_IN_2.values()) <= set(fields)
    assert not set(FIELDS_RENAMED_IN_2) & set(fields)
