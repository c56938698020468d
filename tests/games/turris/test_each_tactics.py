"""Each Tactics card, played from the hand in the Action Step, against what its text in the
data says; a card whose effects cannot all be performed cannot be played (Minor Rules and
Clarifications)."""

from __future__ import annotations

from typing import Any

import pytest

from .builders import ALICE, TACTICS, changes, give_card, plan, position, run, snapshot
from .conftest import empty_board, names, said


@pytest.mark.parametrize("card", TACTICS, ids=lambda card: card["id"])
def test_tactics(card: dict[str, Any]) -> None:
    p = plan(card["effects"])
    state = position(p)
    give_card(state, ALICE, card["id"])
    p.mine("hand", -1)
    p.add("discard", 1)
    before = snapshot(state)
    run(state, [f"play {card['id']}", *p.script, *p.tail])
    assert changes(before, snapshot(state)) == p.expect


def kinds(card: dict[str, Any]) -> set[str]:
    return {next(iter(e)) for e in card["effects"]}


@pytest.mark.parametrize(
    "card", [c for c in TACTICS if "pay" in kinds(c)], ids=lambda card: card["id"]
)
def test_tactics_that_cannot_be_paid_cannot_be_played(card: dict[str, Any]) -> None:
    p = plan(card["effects"])
    state = position(p)
    state.resources[ALICE] = [0, 0, 0, 0, 0]
    give_card(state, ALICE, card["id"])
    assert said(f"play {card['id']}") not in names(state)


@pytest.mark.parametrize(
    "card", [c for c in TACTICS if "move_scout" in kinds(c)], ids=lambda card: card["id"]
)
def test_tactics_moving_scouts_need_a_scout_on_the_main_board(card: dict[str, Any]) -> None:
    state = position(plan([]))
    empty_board(state)
    give_card(state, ALICE, card["id"])
    assert said(f"play {card['id']}") not in names(state)


@pytest.mark.parametrize(
    "card", [c for c in TACTICS if "move_beast" in kinds(c)], ids=lambda card: card["id"]
)
def test_tactics_beast_move_is_not_skipped(card: dict[str, Any]) -> None:
    """A card played is performed in full (Minor Rules and Clarifications): once played, its
    Beast is moved, not passed over."""
    p = plan(card["effects"])
    state = position(p)
    give_card(state, ALICE, card["id"])
    run(state, [f"play {card['id']}"])
    assert "pass" not in names(state)


def test_an_artifact_may_pay_a_tactics_cost_in_place_of_the_resource() -> None:
    """Artifacts: "Wild resource — may be spent instead of any 1 resource (I/K/R/W) at any
    time": Forbidden Knowledge's Ichor paid with an Artifact though Alice has Ichor."""
    state = position(plan([]))
    state.resources[ALICE] = [3, 0, 0, 0, 1]
    give_card(state, ALICE, "forbidden_knowledge")
    run(state, ["play Forbidden Knowledge"], manual=lambda top: True)
    assert sorted(names(state)) == ["token A", "token I"]
    run(state, ["token A"], manual=lambda top: True)
    assert state.resources[ALICE] == [3, 3, 0, 0, 0]
