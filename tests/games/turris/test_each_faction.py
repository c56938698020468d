"""Each side of each Factional Ability card: a side B ability is one of the turn's actions, a
side A ability is passive (tested when its trigger fires and in a case where it does not);
an effect of the side itself resolves when the side is chosen (Setup step 9)."""

from __future__ import annotations

from typing import Any

import pytest

from towers.games.turris.frames import FactionChoice
from towers.games.turris.rules import TurrisGame

from .builders import (
    ALICE,
    FACTIONS,
    changes,
    install,
    passive,
    plan,
    position,
    run,
    snapshot,
    trigger_effect,
)
from .conftest import act, names

SIDES = [(f["id"], side) for f in FACTIONS for side in f["sides"]]


def side_id(item: tuple[str, dict[str, Any]]) -> str:
    return f"{item[0]}-{item[1]['side']}"


def action_of(side: dict[str, Any]) -> list[dict[str, Any]]:
    [effects] = [o["do"] for o in side.get("ongoing", []) if o["on"] == "action"]
    return effects


@pytest.mark.parametrize("item", [s for s in SIDES if s[1]["side"] == "B"], ids=side_id)
def test_faction_action(item: tuple[str, dict[str, Any]]) -> None:
    faction, side = item
    p = plan(action_of(side))
    state = position(p)
    install(state, ALICE, f"faction {faction} B")
    p.add("actions", -1)
    before = snapshot(state)
    run(state, ["faction action", *p.script, *p.tail])
    assert changes(before, snapshot(state)) == p.expect
    # an action of the turn: none left after two
    run(state, ["gather ichor"] * state.actions_left)
    assert "faction action" not in names(state)


@pytest.mark.parametrize("fires", [True, False], ids=["fires", "does-not-fire"])
@pytest.mark.parametrize("item", [s for s in SIDES if s[1]["side"] == "A"], ids=side_id)
def test_faction_passive(item: tuple[str, dict[str, Any]], fires: bool) -> None:
    faction, side = item
    assert passive(f"faction {faction} A")
    got, expected = trigger_effect(f"faction {faction} A", fires)
    assert expected or not fires
    assert got == expected


@pytest.mark.parametrize("item", [s for s in SIDES if s[1].get("effects")], ids=side_id)
def test_faction_side_effect_when_chosen(item: tuple[str, dict[str, Any]]) -> None:
    faction, side = item
    fifth = next(f for f in FACTIONS if f["id"] == faction).get("fifth_player", False)
    state = TurrisGame(5 if fifth else 3).new_initial_state()
    while state.is_chance_node() or not isinstance(state.stack.top, FactionChoice):
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == ALICE
    before = snapshot(state)
    act(state, f"faction {faction} side {side['side']}")
    assert changes(before, snapshot(state)) == plan(side["effects"]).expect
