"""The rulebook's worked examples, each on this game's map with the shape of its picture
(builders.py)."""

from __future__ import annotations

from towers.games.sifnos import frames as F
from towers.games.sifnos.rules import SifnosState

from .builders import (
    BLUE,
    GREEN,
    PURPLE,
    RED,
    beacon_example,
    might_example,
    network_example,
    run_to,
    ships_example,
    to_defend,
    to_majors,
)
from .conftest import (
    GOLD,
    LEAD,
    SILVER,
    act,
    hand_size,
    large,
    names,
    placed,
    play,
    province,
    region,
    space,
    supply_soldiers,
)


# ------------------------------------------------------------------- Determining Might
def _might_example_invested() -> SifnosState:
    """The example with Green's Die in Poulati: the third Die of the Province."""
    state = might_example()
    play(state, "done", "invest", "die 4 in Poulati")
    return state


def test_determining_might_example_counts() -> None:
    state = _might_example_invested()
    # Green 4 Towers + 2 Soldier + 1 Die (Beacon and covered Tower nothing); Red Soldier 2,
    # Tent 1, Fort 1 (its other Tower and Soldier are outside); Blue and Purple 1 + 1
    assert state.might(province("kastro")) == [7, 4, 2, 2]


def test_determining_might_example_rewards() -> None:
    state = _might_example_invested()
    act(state, "done")
    before = hand_size(state)
    barracks = state.barracks[:]
    to_defend(state)
    run_to(state, F.Workshop)
    # Green: 1 Gold and 1 Lead Influence for the 2 Ships, a card for the empty space
    assert state.influence[GREEN] == [1, 0, 1]
    assert [a - b for a, b in zip(hand_size(state), before, strict=True)] == [1, 1, 1, 1]
    # Red's card is for its Tent (its Tower there is covered), Blue's and Purple's for their
    # uncovered Towers; nobody else gains Influence
    assert state.influence[RED] == state.influence[BLUE] == state.influence[PURPLE] == [0, 0, 0]
    # Green's Soldier goes home; Red's stays where it is
    assert state.soldier_at[region("kastro")] == -1
    assert state.barracks[GREEN] == barracks[GREEN] + 1
    assert state.soldier_at[region("seralia")] == RED
    assert state.barracks[RED] == barracks[RED]
    # every Die of the Province to its owner's Workshop, keeping its value
    assert state.workshop[GREEN] == [4]
    assert state.workshop[BLUE] == [6]
    assert state.workshop[PURPLE] == [3]
    assert all(state.die_owner[region(r)] < 0 for r in ("seralia", "kastro", "poulati"))
    # the Fort stays; Green, whose turn it is, now places its Workshop Die
    assert state.fort_at[region("kastro")] == RED
    assert state.pending[-1] == F.Workshop(seat=GREEN)


# ------------------------------------------------------------------------- Moving Ships
def test_moving_ships_example() -> None:
    state = ships_example()
    to_majors(state)
    to_defend(state)
    run_to(state, F.ShipDraw)
    # the back Lead to Vathy; the back Silver skips full Kamares to Cheronissos; the Gold to
    # Kastro; the front Silver to Faros, the Province behind the one it came from
    assert state.ships[large("platis_gialos")] == []
    assert state.ships[large("vathy")] == [GOLD, GOLD, GOLD, LEAD]
    assert state.ships[large("kamares")] == [LEAD, LEAD, SILVER, GOLD]
    assert state.ships[large("cheronissos")] == [LEAD, SILVER]
    assert state.ships[large("kastro")] == [SILVER, GOLD]
    assert state.ships[large("faros")] == [SILVER]
    # then a Ship from the Bag goes to the front of the invaded Province
    act(state, "draw gold ship")
    assert state.ships[large("platis_gialos")] == [GOLD]


def test_moving_ships_a_ship_may_return_to_where_it_came_from() -> None:
    state = ships_example()
    # room in Vathy (1) and Cheronissos (2) only: the Lead to Vathy, the back Silver to
    # Cheronissos, the Gold round to the invaded Province itself, the front Silver on from
    # there to Cheronissos
    for name in ("kamares", "kastro", "faros"):
        state.ships[large(name)] = [LEAD] * 4
    state.ships[large("cheronissos")] = [GOLD] * 2
    state.ships[large("vathy")] = [GOLD] * 3
    to_majors(state)
    to_defend(state)
    run_to(state, F.ShipDraw)
    assert state.ships[large("vathy")] == [GOLD, GOLD, GOLD, LEAD]
    assert state.ships[large("cheronissos")] == [GOLD, GOLD, SILVER, SILVER]
    assert state.ships[large("platis_gialos")] == [GOLD]


# ---------------------------------------------------------------------------- Beacons
def test_beacons_example_covering_the_purple_jar_tower() -> None:
    state = beacon_example()
    to_majors(state)
    act(state, "construct")
    # a horse Tower cannot go on the jar
    assert "horse on Agios Sostis south-east" not in names(state)
    act(state, "use Ignore the image for Lead")
    # the Lead card (two others could stand for it, leaving too few cards to cover with)
    assert "discard Lead Card: place a Card" in names(state)
    act(state, "discard Lead Card: place a Card")
    act(state, "horse on Agios Sostis south-east")
    # 2 cards to Purple for covering its Tower
    assert state.pending[-1] == F.GiveCards(seat=GREEN, to=1, n=2)
    act(state, "give Silver Card: place a Card")
    act(state, "give Gold Card: place a Card")
    assert hand_size(state)[:2] == [0, 2]
    # all four spaces around Seralia now hold Green's Towers: a Beacon may be placed
    assert isinstance(state.pending[-1], F.BeaconChoice)
    assert state.pending[-1].region == region("seralia")
    beacons = [n for n in names(state) if n.startswith("take")]
    assert len(beacons) == 6
    slot = beacons[0].removeprefix("take ")
    face = _face(state, GREEN, slot)
    act(state, f"take {slot}")
    # the Beacon goes on an uncovered Green Tower around Seralia
    assert sorted(names(state)) == [
        "beacon on Agios Sostis south-east",
        "beacon on Apollonia north-east",
        "beacon on Cheronissos south-east",
        "beacon on Seralia south-east",
    ]
    act(state, "beacon on Agios Sostis south-east")
    assert state.beacon_at[space("t08")] == GREEN
    assert state.influence[GREEN][face] == 1
    assert sum(state.influence[GREEN]) == 1


def _face(state, seat: int, slot: str) -> int:  # type: ignore[no-untyped-def]
    from towers.games.sifnos import actions as A
    from towers.games.sifnos.actions import DATA

    index = next(p.index for p in DATA.pieces if A.SLOT_NAMES[p.index] == slot)
    return int(state.pieces[seat][index])


# ------------------------------------------------------------------------ Tower Networks
NETWORK_REGIONS = {"Cheronissos", "Agios Sostis", "Agia Marina", "Apollonia", "Chrysopigi"}
"""Around t03 (Cheronissos, Agios Sostis), t07 (and Seralia, Agia Marina) and t13 (and
Apollonia, Seralia, Chrysopigi); Seralia holds a Die already."""


def _invest_regions(state) -> set[str]:  # type: ignore[no-untyped-def]
    return {n.split(" in ")[1] for n in names(state) if n.startswith("die ")}


def test_tower_networks_example_without_the_network() -> None:
    state = network_example()
    play(state, "done", "construct", "owl on Cheronissos north-east", "done", "invest")
    assert _invest_regions(state) == {"Cheronissos", "Agios Sostis"}


def _through_the_network(state: SifnosState, then: str) -> None:
    """Construct on t03 using the Tower network (the Lead card L17), then ``then``."""
    placed(state, 0, "L17")  # Construct: discard a Lead to use a Tower network
    play(
        state,
        "done",
        "construct",
        "use Lead Card: Tower network for Lead",
        "discard Lead Card: place a Card",
        "owl on Cheronissos north-east",
        "done",
        then,
    )


def test_tower_networks_example_invest() -> None:
    state = network_example()
    _through_the_network(state, "invest")
    assert _invest_regions(state) == NETWORK_REGIONS


def test_tower_networks_example_muster() -> None:
    state = network_example()
    supply_soldiers(state, 0)
    _through_the_network(state, "muster")
    act(state, "use Move, place or Fort")
    placements = {n.split(" to ")[1] for n in names(state) if n.startswith("soldier to")}
    assert placements == NETWORK_REGIONS | {"Seralia"}
