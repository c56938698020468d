"""Appendix: Character tiles: every kind of character bonus, earned as the tile is placed."""

from __future__ import annotations

import pytest

from towers.games.tiletum import frames as F
from towers.games.tiletum import rules as R
from towers.games.tiletum.data import CHARACTER, CONTRACT, KING

from .helpers import D, cathedral, do, frame, names, new, set_res, spot, store, top, town


def _place(tile: str, building: int = 4, ap: int = 3, seed: int = 1) -> R.TiletumState:
    """The first player places ``tile`` during a character action with ``ap`` AP."""
    s = frame(new(2, seed=seed), CHARACTER, ap)
    store(s, 0, tile)
    set_res(s, 0)
    do(s, f"place {tile} in building {building} floor 1")
    return s


@pytest.mark.parametrize(
    ("tile", "resources"),
    [
        ("weaver-2", [0, 0, 2, 0, 0]),
        ("smith-1", [0, 0, 0, 0, 1]),
        ("smith-2", [0, 0, 0, 0, 2]),
        ("knight-1", [1, 0, 0, 0, 1]),
        ("weaver-1", [1, 0, 1, 0, 0]),
        ("innkeeper-1", [0, 1, 0, 0, 0]),
        ("innkeeper-2", [0, 2, 0, 0, 0]),
        ("banker-1", [2, 0, 0, 0, 0]),
        ("banker-2", [3, 0, 0, 0, 0]),
        ("mason-1", [0, 0, 0, 1, 0]),
        ("mason-2", [0, 0, 0, 2, 0]),
    ],
)
def test_resource_bonuses(tile: str, resources: list[int]) -> None:
    s = _place(tile)
    assert s.resources[0] == resources


@pytest.mark.parametrize(("tile", "vp"), [("bishop-1", 2), ("bishop-2", 3)])
def test_vp_bonuses(tile: str, vp: int) -> None:
    assert _place(tile).vp[0] == 10 + vp


@pytest.mark.parametrize(
    ("tile", "action", "ap", "resource"),
    [
        ("notary-1", CONTRACT, 1, True),
        ("notary-2", CONTRACT, 2, True),
        ("notary-3", CONTRACT, 3, False),
        ("scholar-1", CHARACTER, 1, False),
        ("scholar-2", CHARACTER, 2, False),
        ("courtier-1", KING, 1, False),
        ("courtier-2", KING, 2, False),
    ],
)
def test_action_bonuses(tile: str, action: int, ap: int, resource: bool) -> None:
    s = _place(tile)
    if resource:
        assert top(s) == F.ResourcesOfChoice(1)  # the resource of your choice first
        do(s, "gain iron")
        assert s.resources[0][4] == 1
    assert top(s) == F.PerformAction(action, ap, False)


@pytest.mark.parametrize(("tile", "steps"), [("trader-1", 1), ("trader-2", 2)])
def test_merchant_moves_once_or_twice(tile: str, steps: int) -> None:
    s = _place(tile)
    for _ in range(steps):
        here = s.merchant[0]
        nxt = D.adjacent[here][0]
        assert f"merchant to {D.spot_names[nxt]}" in names(s) and "skip" in names(s)
        do(s, f"merchant to {D.spot_names[nxt]}")
        assert s.merchant[0] == nxt
    assert isinstance(top(s), F.PerformAction)


@pytest.mark.parametrize(("tile", "steps"), [("builder-1", 1), ("builder-2", 2)])
def test_architect_moves_once_or_twice(tile: str, steps: int) -> None:
    s = _place(tile)
    do(s, "architect to Tiletum-Paris road")
    if steps == 2:
        do(s, "architect to Paris")
        assert s.architect[0] == spot("paris")
    assert isinstance(top(s), F.PerformAction)


def test_a_move_bonus_may_be_declined() -> None:
    s = _place("trader-2")
    do(s, "skip")
    assert s.merchant[0] == spot("tiletum") and isinstance(top(s), F.PerformAction)


def test_architect_and_merchant_move_once_each() -> None:
    s = _place("guide-1")
    do(s, "merchant to Tiletum-London road")
    assert not any(n.startswith("merchant to") for n in names(s))
    do(s, "architect to Tiletum-Paris road")
    assert isinstance(top(s), F.PerformAction)
    assert s.merchant[0] == spot("tiletum-london-1") and s.architect[0] == spot("tiletum-paris-1")


def test_merchant_move_and_house_in_any_order() -> None:
    # house first, then move
    s = frame(new(2, seed=2), CHARACTER, 3)
    s.merchant[0] = spot("london")
    s.house_spaces[town("london")] = [R.EMPTY, R.INACTIVE]
    store(s, 0, "trader-3")
    do(
        s,
        "place Trader (move the merchant and place a house) in building 2 floor 3",
        "house London 1",
    )
    assert town("london") in s.houses_on_map[0]
    assert any(n.startswith("merchant to") for n in names(s))
    do(s, "merchant to Tiletum-London road")
    assert isinstance(top(s), F.PerformAction)
    # move first, then house
    s = frame(new(2, seed=2), CHARACTER, 3)
    s.merchant[0] = spot("tiletum-london-1")
    s.house_spaces[town("london")] = [R.EMPTY, R.INACTIVE]
    store(s, 0, "trader-3")
    do(
        s,
        "place Trader (move the merchant and place a house) in building 2 floor 3",
        "merchant to London",
        "house London 1",
    )
    assert town("london") in s.houses_on_map[0] and isinstance(top(s), F.PerformAction)


def test_architect_move_and_pillar() -> None:
    s = frame(new(2, seed=3), CHARACTER, 3)
    c = cathedral("paris")
    s.construction_costs[c] = 0
    s.pillar_spaces[c] = [R.EMPTY, R.EMPTY, R.INACTIVE]
    s.architect[0] = spot("tiletum-paris-1")
    store(s, 0, "builder-3")
    do(
        s,
        "place Builder (move the architect and place a pillar) in building 2 floor 3",
        "architect to Paris",
        "pillar Paris",
    )
    assert s.pillars_on_map[0] == [c] and isinstance(top(s), F.PerformAction)


def test_house_where_the_merchant_is_only_if_possible() -> None:
    s = frame(new(2, seed=4), CHARACTER, 3)
    s.merchant[0] = spot("rome")
    s.house_spaces[town("rome")] = [R.EMPTY, R.INACTIVE]
    store(s, 0, "innkeeper-3")
    do(s, "place Innkeeper (a house where the merchant is) in building 2 floor 3")
    assert names(s) == ["house Rome 1"]  # not optional when it can be done
    do(s, "house Rome 1")
    assert s.vp[0] == 14
    # in Tiletum, where the player already has a house, nothing happens
    s = frame(new(2, seed=4), CHARACTER, 3)
    store(s, 0, "innkeeper-3")
    do(s, "place Innkeeper (a house where the merchant is) in building 2 floor 3")
    assert isinstance(top(s), F.PerformAction) and s.houses_in_supply[0] == 2


def test_pillar_where_the_architect_is() -> None:
    s = frame(new(2, seed=5), CHARACTER, 3)
    c = cathedral("vienna")
    s.construction_costs[c] = 1
    s.pillar_spaces[c] = [R.EMPTY, R.EMPTY, R.INACTIVE]
    s.architect[0] = spot("vienna")
    store(s, 0, "bishop-3")
    do(s, "place Bishop (a pillar where the architect is) in building 2 floor 3")
    assert names(s) == ["pillar Vienna"]
    do(s, "pillar Vienna")
    assert s.pillars_on_map[0] == [c]


def test_gold_three_on_the_third_floor() -> None:
    s = _place("mason-3")
    assert s.resources[0][0] == 3
