"""Each Card effect kind (towers/games/sifnos/data.py lists them), used from the column it is
placed above (rulebook: Prepare, Invest, Construct, Muster, Defend (continued), Recoup: Card
Effects)."""

from __future__ import annotations

from towers.games.sifnos import frames as F
from towers.games.sifnos.rules import SifnosState

from .builders import run_to
from .conftest import (
    GOLD,
    LEAD,
    SILVER,
    D,
    act,
    card,
    die,
    fort,
    hand,
    hand_size,
    large,
    names,
    new_game,
    placed,
    play,
    province,
    region,
    resolve,
    ships,
    soldier,
    space,
    supply_dice,
    supply_soldiers,
    supply_towers,
    tower,
)


def test_every_kind_has_a_test_here() -> None:
    kinds = {c.kind for c in D.cards}
    source = open(__file__).read()
    assert all(f"def test_{kind}_" in source for kind in kinds), sorted(
        k for k in kinds if f"def test_{k}_" not in source
    )


# ---------------------------------------------------------------------------- Prepare
def test_place_card_a_second_placement_in_prepare() -> None:
    state = new_game(3)
    placed(state, 0, "L01")
    hand(state, 0, "S06", "S05", "G06", "G05")
    play(
        state,
        "use Place a Card",
        "place Silver Card: adjust a Die",
        "discard Silver Card: adjust and move for any Card",
    )
    assert "use Lead Card: place a Card" in names(state)
    play(
        state,
        "use Lead Card: place a Card",
        "place Gold Card: adjust a Die",
        "discard Gold Card: adjust and move for any Card",
    )
    assert state.columns_cards(0, 0) == [card("L01"), card("S06"), card("G06")]
    assert state.influence[0] == [0, 1, 1]


def test_discount_others_one_off_each_other_mineral() -> None:
    state = new_game(3)
    placed(state, 0, "L02")  # discard a Lead: -1 on one Silver and one Gold placement
    hand(state, 0, "L05", "S06", "G01", "G05", "G04")
    play(
        state,
        "use Lead Card: discount Silver and Gold",
        "discard Lead Card: adjust and move for any Card",
        "use Place a Card",
    )
    # the Silver card (cost 1) is now free, the Gold one (cost 3) costs 2
    act(state, "place Silver Card: adjust a Die")
    assert state.hands[0] == [card("G01"), card("G04"), card("G05")]
    assert state.discounts == [GOLD * 4 + 1]


def test_discount_same_two_off_one_placement_of_its_mineral() -> None:
    state = new_game(3)
    placed(state, 0, "L03")  # discard a Lead: -2 on one Lead placement
    hand(state, 0, "L01", "L05", "L06")
    play(
        state,
        "use Lead Card: discount Lead by 2",
        "discard Lead Card: adjust and move for any Card",
        "use Place a Card",
        "place Lead Card: place a Card",
    )
    assert state.pending[-1] == F.Pay(seat=0, mineral=LEAD, need=1, half=False)
    act(state, "discard Lead Card: adjust a Die")
    assert state.hands[0] == [] and card("L01") in state.placed[0]


def test_discount_one_off_a_placement_of_the_mineral_shown() -> None:
    state = new_game(3)
    placed(state, 0, "L04")  # Silver placements 1 cheaper
    hand(state, 0, "S06")
    play(
        state,
        "use Lead Card: discount Silver by 1",
        "use Place a Card",
        "place Silver Card: adjust a Die",
    )
    assert state.hands[0] == [] and state.influence[0] == [0, 1, 0]


def test_discount_only_for_one_placement() -> None:
    state = new_game(3)
    placed(state, 0, "L04", "S01")
    hand(state, 0, "S06", "S27", "S05")
    play(
        state,
        "use Lead Card: discount Silver by 1",
        "use Place a Card",
        "place Silver Card: adjust a Die",
        "use Silver Card: place a Card",
        "place Silver Card: Tent in Faros",
    )
    assert isinstance(state.pending[-1], F.Pay)  # the second Silver card pays in full


def test_adjust_and_move_a_die_and_a_soldier_for_any_card() -> None:
    state = new_game(3)
    placed(state, 0, "L05")
    hand(state, 0, "G01")
    supply_dice(state, 0, 3)
    play(
        state,
        "use Lead Card: adjust and move for any Card",
        "discard Gold Card: place a Card",
        "adjust supply 3 up",
        "move barracks to supply",
    )
    assert state.dice_supply[0] == [4] and state.soldier_supply[0] == 1


def test_adjust_a_die_for_nothing() -> None:
    state = new_game(3)
    placed(state, 0, "L06")
    supply_dice(state, 0, 3)
    play(state, "use Lead Card: adjust a Die", "adjust supply 3 down")
    assert state.dice_supply[0] == [2] and "use Lead Card: adjust a Die" not in names(state)


# ----------------------------------------------------------------------------- Invest
def invest(state: SifnosState, where: str, value: int) -> None:
    supply_dice(state, 0, value)
    play(state, "done", "invest", f"die {value} in {where}")


def test_fort_die_soldier_placed_in_the_region_or_centrally() -> None:
    state = new_game(3)
    placed(state, 0, "L07")
    fort(state, 0, "troulaki")
    supply_soldiers(state, 0)
    invest(state, "troulaki", 6)  # any value on a Fort
    act(state, "use Lead Card: Soldier after a Die on a Fort")
    assert names(state) == ["done", "soldier to Apollonia", "soldier to Troulaki"]


def test_fort_die_move_a_soldier_anywhere() -> None:
    state = new_game(3)
    placed(state, 0, "L08")
    fort(state, 0, "troulaki")
    soldier(state, 0, "xeroxylo")
    invest(state, "troulaki", 1)
    act(state, "use Lead Card: move after a Die on a Fort")
    assert "move Xeroxylo to Fykiada" in names(state)
    assert "move barracks to supply" in names(state)


def test_first_die_draw_a_card() -> None:
    state = new_game(3)
    placed(state, 0, "L09")
    invest(state, "troulaki", 2)
    resolve(state)
    assert hand_size(state)[0] == 1


def test_first_die_draw_two_copies_each_draw() -> None:
    state = new_game(3)
    placed(state, 0, "L09", "S09")
    invest(state, "troulaki", 2)
    resolve(state)
    assert hand_size(state)[0] == 2


def test_first_die_soldier_placed_in_the_region_or_centrally() -> None:
    state = new_game(3)
    placed(state, 0, "L10")
    supply_soldiers(state, 0)
    invest(state, "troulaki", 2)
    act(state, "use Lead Card: Soldier after a first Die")
    assert names(state) == ["done", "soldier to Apollonia", "soldier to Troulaki"]


def test_first_die_not_for_a_second_die() -> None:
    state = new_game(3)
    placed(state, 0, "L09", "L10")
    die(state, 1, "cheronissos")
    invest(state, "troulaki", 2)
    resolve(state)
    assert hand_size(state)[0] == 0 and isinstance(state.pending[-1], F.Column)


def test_second_die_draw_a_card() -> None:
    state = new_game(3)
    placed(state, 0, "L11")
    die(state, 1, "cheronissos")
    invest(state, "troulaki", 2)
    resolve(state)
    assert hand_size(state)[0] == 1


def test_second_die_ship_moved_clockwise() -> None:
    state = new_game(3)
    placed(state, 0, "L12")
    die(state, 1, "cheronissos")
    ships(state, "kastro", "gold")
    invest(state, "troulaki", 2)
    act(state, "use Lead Card: Ship after a second Die")
    act(state, "sail Kastro 1")
    assert state.ships[large("kastro")] == [] and state.ships[large("faros")] == [GOLD]


# -------------------------------------------------------------------------- Construct
def cover_t01(state: SifnosState) -> None:
    """Seat 0 covers seat 1's jar Tower on t01 (Troulaki), giving S01 and S02."""
    tower(state, 1, "t01")
    supply_towers(state, 0, "jar")
    hand(state, 0, "S01", "S02")
    play(
        state,
        "done",
        "construct",
        "jar on Troulaki north-west",
        "give Silver Card: place a Card",
        "give Silver Card: discount Lead and Gold",
    )


def test_cover_draw_after_giving_the_cards() -> None:
    state = new_game(3)
    placed(state, 0, "L13")
    cover_t01(state)
    resolve(state)
    assert hand_size(state)[:2] == [1, 2]


def test_cover_move_a_soldier() -> None:
    state = new_game(3)
    placed(state, 0, "L14")
    cover_t01(state)
    act(state, "use Lead Card: move after covering")
    act(state, "move barracks to supply")
    assert state.soldier_supply[0] == 1


def beacon_at_troulaki(state: SifnosState) -> None:
    """Seat 0's fourth Tower around Troulaki (on t05), then a Beacon on t01."""
    for where in ("t01", "t02", "t06"):
        tower(state, 0, where)
    supply_towers(state, 0, "owl")
    play(
        state,
        "done",
        "construct",
        "owl on Troulaki south-west",
        "take Beacon row 2 column 2",
        "beacon on Troulaki north-west",
    )


def test_beacon_ship_moved_after_placing_beacons() -> None:
    state = new_game(3)
    placed(state, 0, "L15")
    ships(state, "faros", "silver")
    beacon_at_troulaki(state)
    act(state, "use Lead Card: Ship after Beacons")
    act(state, "sail Faros 1")
    assert state.ships[large("platis_gialos")] == [SILVER]


def test_beacon_ship_not_without_a_beacon() -> None:
    state = new_game(3)
    placed(state, 0, "L15")
    ships(state, "faros", "silver")
    supply_towers(state, 0, "owl")
    play(state, "done", "construct", "owl on Troulaki south-west")
    assert isinstance(state.pending[-1], F.Column)


def test_beacon_soldier_in_the_active_region_or_centrally() -> None:
    state = new_game(3)
    placed(state, 0, "L16")
    supply_soldiers(state, 0)
    beacon_at_troulaki(state)
    act(state, "use Lead Card: Soldier after Beacons")
    # t05 is a corner of Troulaki and Kamares: either may still be the Active Region
    assert names(state) == [
        "done",
        "soldier to Apollonia",
        "soldier to Troulaki",
        "soldier to Kamares",
    ]


def test_network_a_tower_away_from_the_active_region() -> None:
    # Invest first fixes the Active Region (Troulaki); the network lets the Tower go on t03,
    # outside it, because t03 joins t02, a corner of Troulaki
    state = new_game(3)
    placed(state, 0, "L17")
    tower(state, 0, "t02")
    supply_towers(state, 0, "owl")
    hand(state, 0, "L01")
    invest(state, "troulaki", 2)
    play(state, "done", "construct")
    assert "owl on Cheronissos north-east" not in names(state)
    play(
        state,
        "use Lead Card: Tower network for Lead",
        "discard Lead Card: place a Card",
        "owl on Cheronissos north-east",
    )
    assert state.top_tower(space("t03")) == 0 * 8 + D.spaces[space("t03")].image


# ----------------------------------------------------------------------------- Muster
def muster(state: SifnosState) -> None:
    play(state, "done", "muster")


def test_move_a_soldier() -> None:
    state = new_game(3)
    placed(state, 0, "L19")
    soldier(state, 0, "troulaki")
    muster(state)
    play(state, "use Lead Card: move a Soldier", "move Troulaki to Kamares")
    assert state.soldier_at[region("kamares")] == 0


def test_discard_move_any_card_to_move_a_soldier() -> None:
    state = new_game(3)
    placed(state, 0, "L20")
    hand(state, 0, "G01")
    muster(state)
    play(
        state,
        "use Lead Card: move a Soldier for any Card",
        "discard Gold Card: place a Card",
        "move barracks to supply",
    )
    assert state.soldier_supply[0] == 1 and state.hands[0] == []


def test_discard_place_a_soldier_for_its_mineral() -> None:
    state = new_game(3)
    placed(state, 0, "L21")  # discard a Silver
    hand(state, 0, "G01")
    supply_soldiers(state, 0)
    muster(state)
    assert "use Lead Card: place a Soldier for Silver" not in names(
        state
    )  # a Gold card alone does not pay
    hand(state, 0, "S01")
    play(state, "use Lead Card: place a Soldier for Silver", "discard Silver Card: place a Card")
    assert "soldier to Troulaki" in names(state)
    act(state, "soldier to Troulaki")
    assert state.soldier_at[region("troulaki")] == 0


def test_discard_ship_move_a_ship_for_its_mineral() -> None:
    state = new_game(3)
    placed(state, 0, "L22")  # discard a Lead
    hand(state, 0, "L01")
    ships(state, "kamares", "lead", "gold")
    muster(state)
    play(state, "use Lead Card: Ship for Lead", "discard Lead Card: place a Card", "sail Kamares 1")
    # Kamares is the last Province clockwise: the Ship sails on to Cheronissos, the Gold
    # moves up to the front
    assert state.ships[large("kamares")] == [GOLD]
    assert state.ships[large("cheronissos")] == [LEAD]


def fort_in_troulaki(state: SifnosState) -> None:
    soldier(state, 0, "troulaki")
    play(
        state,
        "done",
        "muster",
        "use Move, place or Fort",
        "fort in Troulaki",
        "take Fort row 1 column 3",
    )  # draw_card


def test_fort_draw_after_placing_a_fort() -> None:
    state = new_game(3)
    placed(state, 0, "L23")
    fort_in_troulaki(state)
    resolve(state)
    assert hand_size(state)[0] == 2  # the Fort's own card and the Card's


def test_fort_ship_after_placing_a_fort() -> None:
    state = new_game(3)
    placed(state, 0, "L24")
    ships(state, "vathy", "lead")
    fort_in_troulaki(state)
    resolve(state)
    act(state, "use Lead Card: Ship after a Fort")
    act(state, "sail Vathy 1")
    assert state.ships[large("kamares")] == [LEAD]


# ----------------------------------------------------------------------------- Defend
def test_tent_once_when_the_card_is_placed() -> None:
    state = new_game(3)
    hand(state, 0, "L25", "L05")  # L25: a Tent in Cheronissos
    play(
        state,
        "use Place a Card",
        "place Lead Card: Tent in Cheronissos",
        "discard Lead Card: adjust and move for any Card",
    )
    assert state.tents[0][province("cheronissos")] == 1
    assert state.influence[0] == [1, 0, 0]
    assert not any(n == "use Lead Card: Tent in Cheronissos" for n in names(state))


# ----------------------------------------------------------------------------- Recoup
def recoup(state: SifnosState) -> None:
    """Seat 0's turn to its end, every draw the first outcome."""
    play(state, "done", "done")


def test_discard_draw_two_cards_for_one_of_its_mineral() -> None:
    state = new_game(3)
    placed(state, 0, "L31")  # discard a Lead
    recoup(state)
    run_to(state, F.RecoupChoice)
    assert hand_size(state)[0] == 2  # drawn first, so a Lead may be among them
    lead = next(c for c in state.hands[0] if D.cards[c].mineral == LEAD)
    act(state, "use Lead Card: 2 Cards for Lead")
    act(state, f"discard {D.cards[lead].name}")
    resolve(state)
    assert hand_size(state)[0] == 3


def test_draw_one_more_card() -> None:
    state = new_game(3)
    placed(state, 0, "L33")
    recoup(state)
    resolve(state)
    assert hand_size(state)[0] == 3


def test_dice_limit_one_more_die_drawn_back() -> None:
    state = new_game(3)
    placed(state, 0, "L34", "L36")
    recoup(state)
    resolve(state)
    assert len(state.dice_supply[0]) == 4


def test_tower_limit_one_more_tower_drawn_back() -> None:
    state = new_game(3)
    placed(state, 0, "L35")
    recoup(state)
    resolve(state)
    assert sum(state.tower_supply[0]) == 3


def test_network_runs_through_covered_towers() -> None:
    # "A Tower network consists of all Towers, even if they are covered by opposing Towers":
    # Construct first on t03 through t07 (covered by seat 1) to t13
    state = new_game(3)
    placed(state, 0, "L17")
    tower(state, 0, "t07")
    tower(state, 1, "t07")
    tower(state, 0, "t13")
    supply_towers(state, 0, "owl")
    supply_dice(state, 0, 2)
    hand(state, 0, "L01")
    play(
        state,
        "done",
        "construct",
        "use Lead Card: Tower network for Lead",
        "discard Lead Card: place a Card",
        "owl on Cheronissos north-east",
        "done",
        "invest",
    )
    assert "die 2 in Chrysopigi" in names(state)  # a Region around t13 only
