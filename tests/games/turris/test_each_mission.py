"""Each Mission: completed in the Complete Mission Step (its cost paid, its Prestige scored,
its "when completed" effect resolved, an ongoing one put in a slot) against what its text in
the data says; each ongoing effect, when its trigger fires and in a case where it does not."""

from __future__ import annotations

from typing import Any

import pytest

from towers.games.turris.frames import OngoingChoice

from .builders import (
    ALICE,
    MISSIONS,
    PAY_ORDER,
    changes,
    end_action_step,
    ends_turn,
    install,
    offer_mission,
    plan,
    position,
    run,
    snapshot,
    trigger_effect,
)
from .conftest import names

ONGOING = [m for m in MISSIONS if m.get("ongoing")]


@pytest.mark.parametrize("mission", MISSIONS, ids=lambda m: m["id"])
def test_mission(mission: dict[str, Any]) -> None:
    p = plan(mission.get("effects", []))
    state = position(p)
    offer_mission(state, mission["id"])
    end_action_step(state)
    p.bundle(mission["cost"], -1, PAY_ORDER)
    p.mine("prestige", mission["prestige"])
    p.mine("completed", 1)
    if mission.get("ongoing"):
        p.mine("ongoing", 1)
    ends_turn(p)
    p.expect.pop("tableau", None)  # refilled to five at the end of the turn
    before = snapshot(state)
    run(state, ["pass", f"mission {mission['id']}", *p.script, *p.tail])
    assert changes(before, snapshot(state)) == p.expect


@pytest.mark.parametrize("fires", [True, False], ids=["fires", "does-not-fire"])
@pytest.mark.parametrize("mission", ONGOING, ids=lambda m: m["id"])
def test_ongoing_mission(mission: dict[str, Any], fires: bool) -> None:
    got, expected = trigger_effect(f"mission {mission['id']}", fires)
    assert expected or not fires
    assert got == expected


def completing(ongoing_before: list[str]) -> Any:
    """Alice in her Complete Mission Step with the Missions in her Ongoing slots, about to
    complete Saplings (an ongoing Mission)."""
    state = position(plan([]))
    for m in ongoing_before:
        install(state, ALICE, f"mission {m}")
    offer_mission(state, "saplings")
    end_action_step(state)
    run(state, ["pass", "mission Saplings"], manual=slot_choice)
    return state


def slot_choice(top: Any) -> bool:
    return isinstance(top, OngoingChoice)


def test_a_free_ongoing_slot_is_filled_not_replaced() -> None:
    """Complete Mission Step: "If both slots are taken, you may replace a previous card"."""
    state = completing(["ichor_wells"])
    assert sorted(names(state)) == ["ongoing 2", "pass"]


def test_both_ongoing_slots_taken_one_may_be_replaced() -> None:
    state = completing(["ichor_wells", "council_seat"])
    assert sorted(names(state)) == ["ongoing 1", "ongoing 2", "pass"]
    run(state, ["ongoing 1"], manual=slot_choice)
    ids = [m["id"] for m in MISSIONS]
    assert [ids[m] for m in state.ongoing[ALICE]] == ["saplings", "council_seat"]
    assert ids.index("ichor_wells") in state.completed[ALICE]


def test_ongoing_effects_only_from_the_ongoing_slots() -> None:
    """Complete Mission Step: a completed Mission outside the slots has no ongoing effect."""
    state = position(plan([]))
    install(state, ALICE, "mission ichor_wells")
    state.ongoing[ALICE] = []
    before = snapshot(state)
    run(state, ["gather ichor", "gather ichor"])
    assert changes(before, snapshot(state)) == {"alice.I": 3, "actions": -2}
