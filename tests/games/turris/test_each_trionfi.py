"""Each Trionfi card: taken when a Tower Room is constructed (from a Grove Collect, in the
Trionfi Step), its effect resolved at once and its Location upgraded, against what its text
in the data says; each ongoing effect, when its trigger fires and in a case where it does
not."""

from __future__ import annotations

from typing import Any

import pytest

from .builders import (
    ALICE,
    MISSIONS_DONE,
    TRIONFI,
    by_id,
    changes,
    mission_index,
    offer_trionfi,
    one,
    plan,
    position,
    run,
    snapshot,
    trigger_effect,
    trionfi_step,
    via_collect,
)

GROVE_ROOM = one(by_id["location"]["grove"]["effects"][0])[1]["prestige"]


def card_param(card: dict[str, Any]) -> Any:
    return pytest.param(card, id=card["id"])


@pytest.mark.parametrize("card", [card_param(c) for c in TRIONFI])
def test_trionfi(card: dict[str, Any]) -> None:
    """Its own Tower Room scores the Grove's Prestige only: an ongoing effect on Tower Rooms
    (The World) counts the rooms after it."""
    p = plan(card.get("effects", []))
    state = position(p)
    state.completed[ALICE] = [mission_index(m) for m in MISSIONS_DONE]
    offer_trionfi(state, card["id"])
    script = via_collect(state, p, "grove")
    script += trionfi_step(p, card["id"])
    p.mine("prestige", GROVE_ROOM)
    p.mine("rooms", 1)
    p.add("trionfi", -1)
    p.expect[f"upgraded.{card['location']}"] = True
    p.expect.pop("tableau", None)  # refilled to five at the end of the turn
    before = snapshot(state)
    run(state, script + p.script + p.tail)
    assert changes(before, snapshot(state)) == p.expect


@pytest.mark.parametrize("fires", [True, False], ids=["fires", "does-not-fire"])
@pytest.mark.parametrize(
    "card", [c for c in TRIONFI if c.get("ongoing")], ids=lambda card: card["id"]
)
def test_ongoing_trionfi(card: dict[str, Any], fires: bool) -> None:
    got, expected = trigger_effect(f"trionfi {card['id']}", fires)
    assert expected or not fires
    assert got == expected
