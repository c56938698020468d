"""Each Location, Location Upgrade, Excavation Site and Council spot: its reward, taken the way
a player takes it (Placing on an Immediate one, Collecting from the others, stepping on the
Council track), against what its text in the data says; its limit and Immediate icons; a
Site's yield at the start of its owner's turns."""

from __future__ import annotations

from typing import Any

import pytest

from towers.games.turris.frames import CouncilStep, PlayTacticsChoice

from .builders import (
    ALICE,
    BOB,
    COUNCIL,
    DRAWN,
    LOCATIONS,
    SEATS,
    SITE_AT,
    SITES,
    UPGRADES,
    Plan,
    by_id,
    changes,
    give_card,
    plan,
    position,
    put_site,
    run,
    snapshot,
    turn_start_gains,
    via_collect,
    via_place,
)
from .conftest import D, act, names, node, put, said

SPOT = SITE_AT
PLAYERS = 3
"""The players of the positions built (Alice's Action Step, Alice first)."""
TURNS = PLAYERS + 1
"""Turns ended, for a Site's turn-start yield: each player's turn, the owner's twice."""


def icons(state: Any, where: str, limit: int, immediate: bool) -> None:
    """The limit-to-1 icon: no Place where a Scout stands (another's); without it, a Place
    there. No Immediate icon: a Place gives nothing until the Collect."""
    probe = state.clone()
    put(probe, BOB, where)
    assert (said(f"place {where}") in names(probe)) is (limit == 0)
    if not immediate:
        probe = state.clone()
        before = snapshot(probe)
        act(probe, f"place {where}")
        assert changes(before, snapshot(probe)) == {
            "alice.reserve": -1,
            f"alice.at.{where}": 1,
            "actions": -1,
        }


def check_reward(
    where: str, effects: list[dict[str, Any]], limit: int, immediate: bool, setup: Any = None
) -> None:
    p = plan(effects)
    state = position(p)
    if setup is not None:
        setup(state)
    icons(state, where, limit, immediate)
    script = via_place(p, where) if immediate else via_collect(state, p, where, bool(effects))
    before = snapshot(state)
    run(state, script + p.script + p.tail)
    assert changes(before, snapshot(state)) == p.expect


@pytest.mark.parametrize("loc", LOCATIONS, ids=lambda loc: loc["id"])
def test_location(loc: dict[str, Any]) -> None:
    check_reward(loc["id"], loc["effects"], loc["limit"], loc["immediate"])


@pytest.mark.parametrize("tile", UPGRADES, ids=lambda tile: tile["id"])
def test_location_upgrade(tile: dict[str, Any]) -> None:
    """The tile replaces the Location's reward; its icons stay (upgrades.toml)."""
    loc = by_id["location"][tile["location"]]

    def upgrade(state: Any) -> None:
        state.upgraded[node(loc["id"])] = True

    check_reward(loc["id"], tile["effects"], loc["limit"], loc["immediate"], upgrade)


@pytest.mark.parametrize("site", SITES, ids=lambda site: site["id"])
def test_excavation_site(site: dict[str, Any]) -> None:
    check_reward(
        SPOT,
        site["effects"],
        site["limit"],
        site["immediate"],
        lambda state: put_site(state, site["id"], SPOT),
    )
    if site.get("ongoing"):
        check_turn_starts(site)


def check_turn_starts(site: dict[str, Any]) -> None:
    """A Site's ongoing yield: at the start of each of its owner's turns while their Scout is
    there, at no other player's; none once the Scout is Collected, none while a Beast stands
    there (as a Beast prevents a Collect's reward)."""
    owner = BOB
    for o in site["ongoing"]:
        assert o["on"] == "turn_start", f"no expectation for a Site's effect on {o['on']!r}"
    p = plan([e for o in site["ongoing"] for e in o["do"]], Plan(seat=SEATS[owner]))
    assert p.expect and not p.script, "a yield with nothing to decide"
    for collect, beast in ((False, False), (True, False), (False, True)):
        expected = []
        there = True
        for k in range(TURNS):
            ending, starting = k % PLAYERS, (k + 1) % PLAYERS
            if collect and ending == owner:
                there = False  # Collected in the owner's first turn
            yields = starting == owner and there and not beast
            expected.append((SEATS[starting], p.expect if yields else {}))
        got = turn_start_gains(site["id"], owner, TURNS, collect=collect, beast=beast)
        assert got == expected, f"collect={collect}, beast={beast}"


@pytest.mark.parametrize("spot", [c for c in COUNCIL if c["level"]], ids=lambda c: c["id"])
def test_council_spot(spot: dict[str, Any]) -> None:
    """A step onto the spot (the Circle's) and its reward taken; on the last level the token
    stays (it MAY go back to the start)."""
    p = plan(spot["effects"], Plan())
    state = position(p)
    below = next(c["id"] for c in COUNCIL if c["level"] == spot["level"] - 1)
    state.council[ALICE] = [c.id for c in D.council].index(below)
    script = via_place(p, "circle") + [f"council {spot['id']}", "resolve 1"]
    p.mine("council", 1)
    before = snapshot(state)
    run(
        state,
        script + p.script + p.tail,
        manual=lambda top: isinstance(top, CouncilStep) and top.seat == ALICE,
    )
    assert changes(before, snapshot(state)) == p.expect


def test_stroboscope_plays_the_card_it_draws() -> None:
    """Action Step (Carol's example): the Stroboscope "allows her to draw another Tactics card
    and play it"; the card already in her hand is hers to play under the 1-a-turn limit, which
    the drawn card played does not count against."""
    state = position(Plan())
    put_site(state, "stroboscope", SPOT)
    give_card(state, ALICE, "ichor_spring")
    run(
        state,
        [f"place {SPOT}"],
        manual=lambda top: isinstance(top, PlayTacticsChoice),
    )
    assert sorted(names(state)) == ["pass", said(f"play {DRAWN}")]
    run(state, [f"play {DRAWN}"], manual=lambda top: isinstance(top, PlayTacticsChoice))
    assert "play Ichor Spring" in names(state)


@pytest.mark.parametrize(
    "where, effects, setup",
    [
        pytest.param("ridge", by_id["location"]["ridge"]["effects"], None, id="ridge"),
        pytest.param(
            SPOT,
            by_id["site"]["menhir_ring"]["effects"],
            lambda state: put_site(state, "menhir_ring", SPOT),
            id="menhir_ring",
        ),
    ],
)
def test_immediate_beast_move_is_not_skipped(where: str, effects: Any, setup: Any) -> None:
    """An Immediate reward is received in full or the Place is not allowed (Minor Rules and
    Clarifications): the Beast move of a Place there is not passed over."""
    p = plan(effects)
    state = position(p)
    if setup is not None:
        setup(state)
    run(state, [f"place {where}"])
    assert "pass" not in names(state)
