"""Tiletum's rules are found by the rulebook's section names: one module per section, each
naming its section(s) in its docstring, and the state's dispatch reaching them."""

from __future__ import annotations

import importlib

import pytest

SECTIONS = {
    "setup": "Game Setup",
    "draws": "Preparation phase",
    "rounds": "Playing the Game",
    "action_phase": "Action phase",
    "architect_merchant": "Architect Action",
    "character": "Character Action",
    "contract": "Contract Action",
    "king": "King phase",
    "tasks": "Tasks",
    "buildings": "Completed Buildings",
    "effects": "Helper abilities",
    "fair": "Fair phase",
    "cleanup": "Cleanup phase",
    "final_scoring": "End of the Game and Final Scoring",
}


@pytest.mark.parametrize("module", sorted(SECTIONS))
def test_each_rules_module_names_its_rulebook_section(module: str) -> None:
    doc = importlib.import_module(f"towers.games.tiletum.{module}").__doc__ or ""
    assert "rulebook:" in doc
    assert SECTIONS[module] in " ".join(doc.split())


def test_the_rules_that_score_are_reached_through_the_state() -> None:
    """The score's sources are booked by a state that overrides these (explain.py)."""
    from towers.games.tiletum import architect_merchant, effects, fair, final_scoring, king, tasks
    from towers.games.tiletum.rules import TiletumState

    assert TiletumState._place_house is architect_merchant.place_house
    assert TiletumState._task is tasks.task
    assert TiletumState._fulfil is tasks.fulfil
    assert TiletumState._effects is effects.apply_effects
    assert TiletumState._king_phase_tile is king.king_phase_tile
    assert TiletumState._king_phase_score is king.king_phase_score
    assert TiletumState._fair_phase is fair.fair_phase
    assert TiletumState._final_scoring is final_scoring.final_scoring
