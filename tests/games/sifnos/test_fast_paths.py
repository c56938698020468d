"""The move generators' action ints, built by arithmetic and tables, are the declared ones."""

from __future__ import annotations

from towers.games.sifnos import actions as A
from towers.games.sifnos.actions import (
    DATA,
    SPACE,
    Adjust,
    Build,
    MoveShip,
    MoveSoldier,
    PlaceDie,
    PlaceTower,
)


def test_arithmetic_action_ints_match_the_action_space() -> None:
    enc = SPACE.encode
    for r in range(len(DATA.regions)):
        for v in range(6):
            assert A.A_PLACE_DIE + 6 * r + v == enc(PlaceDie(region=r, value=v))
    for s in range(len(DATA.spaces)):
        for i in range(A.N_IMAGES):
            assert A.A_PLACE_TOWER + A.N_IMAGES * s + i == enc(PlaceTower(space=s, image=i))
    for p in range(len(DATA.large)):
        for i in range(4):
            assert A.A_MOVE_SHIP + 4 * p + i == enc(MoveShip(province=p, place=i))
    for b in range(len(DATA.building_spaces)):
        for v in range(6):
            assert A.A_BUILD + 6 * b + v == enc(Build(space=b, value=v))
    for (w, v, d), a in A.A_ADJUST.items():
        assert a == enc(Adjust(where=w, value=v, direction=d))
    assert len(A.A_ADJUST) == len(SPACE.ints(Adjust))
    for (f, t), a in A.A_MOVE_SOLDIER.items():
        assert a == enc(MoveSoldier(frm=f, to=t))
    assert len(A.A_MOVE_SOLDIER) == len(SPACE.ints(MoveSoldier))
