"""The late positions the tutorials' browser test wins from (tests/fixtures/learn-GAME.json):
still legal under today's rules, undecided, the person's seat to move, and (for Turris, quick to
play) exactly what scripts/learn_fixtures.py makes. When a rules change breaks one, run
``.venv/bin/python scripts/learn_fixtures.py GAME`` again."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from towers.core.registry import make
from towers.learn.lessons import tutorials

ROOT = Path(__file__).resolve().parents[2]


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "learn_fixtures", ROOT / "scripts" / "learn_fixtures.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["turris", "sifnos"])
def test_a_recorded_late_position_is_still_a_game_to_finish(game: str) -> None:
    record = json.loads((ROOT / "tests" / "fixtures" / f"learn-{game}.json").read_text())
    assert record["format"] == "towers-game/1" and record["game"] == game
    assert record["players"] == tutorials()[game].players
    state = make(game, players=record["players"], **record["options"]).new_initial_state()
    for step, action in enumerate(record["history"]):
        assert state.is_legal(action), f"step {step}: {state.explain(action)}"
        state.apply_action(action)
    assert not state.is_terminal() and not state.is_chance_node()
    assert state.current_player() == record["seat"] == tutorials()[game].lessons[-1].seat
    kinds = [s["kind"] for s in record["seats"]]
    assert kinds[record["seat"]] == "human" and set(kinds) - {"human"} == {"random"}


def test_the_turris_position_is_what_the_script_makes() -> None:
    made = script().record("turris")
    kept = json.loads((ROOT / "tests" / "fixtures" / "learn-turris.json").read_text())
    again = "the rules or the hint's search changed: run scripts/learn_fixtures.py turris"
    assert made["history"] == kept["history"] and made["seed"] == kept["seed"], again
