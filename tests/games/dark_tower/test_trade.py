"""Making Trades: "Once per turn, you may trade with heroes on your space (all must agree). You
may trade warriors, spirit, items, and companions. You may not trade virtues or corruptions."
A trade may take in every hero on the space; a refused proposal is no trade."""

from __future__ import annotations

import json

import pytest

from towers.core.errors import IllegalActionError
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState

from .conftest import act, can, fresh, middle, new_game


def together(players: int = 3) -> DarkTowerState:
    """Seat 0 in its Middle of Turn with every other hero on its space."""
    state = middle(new_game(players))
    for seat in range(1, players):
        state.at[seat] = state.at[0]
    fresh(state)
    return state


def test_one_trade_may_take_in_every_hero_on_your_space() -> None:
    """Making Trades: "you may trade with heroes on your space (all must agree)": one trade,
    seat 0 giving a warrior to seat 1 and taking a spirit from seat 2."""
    state = together(3)
    act(state, "trade with seat 1", "offer warrior", "trade with seat 2", "ask for spirit")
    act(state, "propose the trade")
    assert state.current_player() == 1  # the heroes in it answer in seat order
    act(state, "accept the trade")
    assert state.current_player() == 2
    act(state, "accept the trade")
    assert (state.warriors, state.spirit) == ([6, 8, 7], [2, 1, 0])
    assert state.traded and not can(state, "trade with seat 1")


def test_all_must_agree_one_refusal_moves_nothing() -> None:
    """Making Trades: "(all must agree)": seat 1 agrees, seat 2 refuses: nothing moves."""
    state = together(3)
    act(state, "trade with seat 1", "offer warrior", "trade with seat 2", "offer spirit")
    act(state, "propose the trade", "accept the trade", "decline the trade")
    assert (state.warriors, state.spirit) == ([7, 7, 7], [1, 1, 1])


def test_a_refused_proposal_does_not_use_up_the_turns_trade() -> None:
    """Making Trades: "Once per turn, you may trade": a refused proposal is no trade, so the
    hero may still trade this turn with a hero who agrees."""
    state = together(3)
    act(state, "trade with seat 1", "offer warrior", "propose the trade", "decline the trade")
    assert not state.traded
    act(state, "trade with seat 2", "offer warrior", "propose the trade", "accept the trade")
    assert state.warriors == [6, 7, 8]


def test_a_hero_who_refused_is_not_asked_again_this_turn() -> None:
    """Designed, so that proposing and refusing cannot go on for ever: a hero who refused a
    trade this turn is not part of another one until the trader's next turn."""
    state = together(2)
    act(state, "trade with seat 1", "offer warrior", "propose the trade", "decline the trade")
    with pytest.raises(IllegalActionError, match="refused a trade this turn"):
        act(state, "trade with seat 1")
    assert state.observation(0)["turn"]["refused"] == [1]
    state3 = together(3)
    act(state3, "trade with seat 2", "offer warrior", "propose the trade", "decline the trade")
    act(state3, "trade with seat 1")
    assert not can(state3, "trade with seat 2")  # nor brought into a trade with another


def test_closing_a_trade_unproposed_gives_up_the_turns_trade() -> None:
    """Designed: opening a trade and closing it without a proposal ends the turn's trading
    (else opening and closing could go round for ever)."""
    state = together(2)
    act(state, "trade with seat 1", "done")
    assert state.traded and not can(state, "trade with seat 1")


def test_a_hero_in_the_trade_is_not_brought_in_twice() -> None:
    state = together(3)
    act(state, "trade with seat 1", "offer warrior", "trade with seat 2")
    assert not can(state, "trade with seat 1") and not can(state, "trade with seat 2")


def test_a_hero_offers_no_more_than_it_holds_across_partners() -> None:
    """Making Trades: each hero trades what it holds; one spirit offered to seat 1 is not
    offered again to seat 2."""
    state = together(3)
    act(state, "trade with seat 1", "offer spirit", "trade with seat 2")
    assert not can(state, "offer spirit")


def test_heroes_not_on_your_space_are_not_in_the_trade() -> None:
    state = together(3)
    state.at[2] = state.at[2] + 1 if state.at[2] + 1 != state.at[0] else 0
    act(state, "trade with seat 1")
    assert not can(state, "trade with seat 2")


def test_a_saved_state_of_the_one_partner_trade_still_loads() -> None:
    """A state saved before trades took several heroes (version 1: plain item codes, one
    partner, no refusals) loads with its trade intact."""
    state = together(2)
    act(state, "trade with seat 1", "offer warrior", "ask for spirit")
    saved = json.loads(state.to_json())
    fields = saved["state"]
    del fields["refused"]
    top = fields["pending"][-1]
    assert top["frame"] == "trade"
    top["offer"], top["ask"] = [0], [1]  # version 1: items only, all with the one partner
    saved["version"] = 1
    again = DarkTowerGame(2).state_from_json(json.dumps(saved))
    assert again.pending[-1] == F.Trade(seat=0, partner=1, offer=(1, 0), ask=(1, 1))
    act(again, "propose the trade", "accept the trade")
    assert (again.warriors, again.spirit) == ([6, 8], [2, 0])
