"""The turn's rules outside the Cards: the printed effects of each column, Dice, Cards and
their payment, Soldiers, Towers, invasions, Recoup (rulebook: Gameplay Overview to Recoup)."""

from __future__ import annotations

import pytest

from towers.core.errors import IllegalActionError
from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import SPACE, PlaceDie
from towers.games.sifnos.cards import draw
from towers.games.sifnos.influence import tile_immediate
from towers.games.sifnos.rules import SifnosState

from .builders import covering_with_one_card, run_to
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
    names,
    new_game,
    pieces_left,
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
    tent,
    tower,
    workshop_dice,
)


# ------------------------------------------------------------------------------- Dice
@pytest.mark.parametrize(("where", "value", "moves"), [
    ("supply", 1, ["adjust supply 1 up"]),
    ("supply", 6, ["adjust supply 6 down"]),
    ("workshop", 1, ["adjust workshop 1 up"]),
    ("workshop", 6, ["adjust workshop 6 down"]),
])  # fmt: skip
def test_dice_adjusted_without_wrapping(where: str, value: int, moves: list[str]) -> None:
    state = new_game(3)
    (supply_dice if where == "supply" else workshop_dice)(state, 0, value)
    hand(state, 0, "G01")
    play(state, "use Adjust for any Card", "discard Gold Card: place a Card")
    assert names(state) == ["done", *moves]


def test_dice_a_die_gained_with_none_in_reserve_is_not_gained() -> None:
    # the Scoring Tile that rolls a Die into the Workshop, with the Reserve empty
    state = new_game(3)
    state.dice_reserve[0] = 0
    tile_immediate(state, 0, "workshop_die")
    state._settle()
    assert state.workshop[0] == [] and state.pending[-1] == F.Prepare(seat=0)


def test_dice_a_gained_die_is_rolled() -> None:
    state = new_game(3)
    tile_immediate(state, 0, "workshop_die")
    state._settle()
    assert isinstance(state.pending[-1], F.Roll)
    act(state, "roll 5")
    assert state.workshop[0] == [5] and state.dice_reserve[0] == 19


# ------------------------------------------------------------------------------ Cards
def test_cards_placing_pays_discards_of_the_cards_mineral() -> None:
    state = new_game(3)
    hand(state, 0, "G04", "G05", "G06", "L05")  # G04 costs 2
    play(state, "use Place a Card", "place Gold Card: discount Lead by 1")
    assert sorted(names(state)) == [
        "discard Gold Card: adjust a Die",
        "discard Gold Card: adjust and move for any Card",
        "discard Lead Card: adjust and move for any Card",
    ]
    play(
        state, "discard Gold Card: adjust and move for any Card", "discard Gold Card: adjust a Die"
    )
    assert state.hands[0] == [card("L05")] and state.influence[0] == [0, 0, 1]


def test_cards_any_two_cards_for_one() -> None:
    # the rulebook's own case: a Gold card of cost 2 for 3 Lead and 1 Silver
    state = new_game(3)
    hand(state, 0, "G04", "L05", "L06", "L07", "S05")
    play(state, "use Place a Card", "place Gold Card: discount Lead by 1")
    play(
        state,
        "discard Lead Card: adjust and move for any Card",
        "discard Lead Card: adjust a Die",
        "discard Lead Card: Soldier after a Die on a Fort",
        "discard Silver Card: adjust and move for any Card",
    )
    assert state.hands[0] == [] and card("G04") in state.placed[0]
    assert state.discards == [card(c) for c in ("L05", "L06", "L07", "S05")]


def test_cards_not_placeable_without_the_discards() -> None:
    state = new_game(3)
    hand(state, 0, "G04", "G05")
    assert "use Place a Card" not in names(state)


def test_cards_each_effect_once_an_action() -> None:
    state = new_game(3)
    hand(state, 0, "G05", "G06")
    supply_dice(state, 0, 3)
    play(
        state,
        "use Adjust for any Card",
        "discard Gold Card: adjust and move for any Card",
        "adjust supply 3 up",
    )
    assert "use Adjust for any Card" not in names(state)


def test_cards_the_draw_pile_reshuffled_from_the_discards() -> None:
    state = new_game(3)
    state.discards = [c for c, n in enumerate(state.deck.counts) if n]
    state.deck.counts = [0] * len(state.deck.counts)
    draw(state, 0, 1)
    state._settle()
    assert state.is_chance_node() and state.discards == []
    resolve(state)
    assert hand_size(state)[0] == 1


# -------------------------------------------------------------------- Invest (printed)
def test_invest_gold_adjust_twice_for_a_gold_card() -> None:
    state = new_game(3)
    hand(state, 0, "G05")
    supply_dice(state, 0, 3)
    play(
        state,
        "done",
        "invest",
        "use Adjust twice for Gold",
        "discard Gold Card: adjust and move for any Card",
    )
    play(state, "adjust supply 3 up", "adjust supply 4 up")
    assert state.dice_supply[0] == [5]


def test_invest_a_die_must_match_the_printed_value_without_a_fort() -> None:
    state = new_game(3)
    supply_dice(state, 0, 2, 6)
    fort(state, 1, "xeroxylo")
    hand(state, 0, "G05")
    play(state, "done", "invest")
    dice = {n for n in names(state) if n.startswith("die ")}
    assert "die 2 in Troulaki" in dice and "die 6 in Troulaki" not in dice
    # on a Fort, any value (an opponent's Fort: a card to its owner first)
    assert {"die 2 in Xeroxylo", "die 6 in Xeroxylo"} <= dice
    act(state, "die 2 in Xeroxylo")
    assert state.pending[-1] == F.GiveCards(seat=0, to=1, n=1)
    act(state, "give Gold Card: adjust and move for any Card")
    assert state.hands[1] == [card("G05")]


def test_invest_one_die_a_region() -> None:
    state = new_game(3)
    die(state, 1, "troulaki")
    supply_dice(state, 0, 2)
    play(state, "done", "invest")
    assert "die 2 in Troulaki" not in names(state)


def test_invest_a_die_on_an_opponents_fort_needs_a_card() -> None:
    state = new_game(3)
    fort(state, 1, "xeroxylo")
    supply_dice(state, 0, 2)
    play(state, "done", "invest")
    assert "die 2 in Xeroxylo" not in names(state)


# ------------------------------------------------------------------------ Major Actions
def test_major_actions_two_at_most_in_either_order() -> None:
    state = new_game(3)
    act(state, "done")
    assert names(state) == ["done", "invest", "construct", "muster"]
    play(state, "muster", "done", "invest", "done")
    assert names(state) == ["done"]


def test_major_actions_in_one_active_region() -> None:
    state = new_game(3)
    supply_dice(state, 0, 2)
    supply_towers(state, 0, "horse")
    play(state, "done", "invest", "die 2 in Troulaki", "done", "construct")
    towers = {n.split(" on ")[1] for n in names(state) if " on " in n}
    assert towers == set()  # horse: none of Troulaki's corners (t01, t02, t06, t05) shows it
    supply_towers(state, 0, "jar")
    towers = {n.split(" on ")[1] for n in names(state) if " on " in n}
    assert towers == {"Troulaki north-west"}


# ---------------------------------------------------------------------------- Construct
def test_construct_the_image_must_match() -> None:
    state = new_game(3)
    supply_towers(state, 0, "jar")
    play(state, "done", "construct")
    towers = {n for n in names(state) if " on " in n}
    assert towers == {
        f"jar on {s.name}" for s in D.spaces if s.image == D.spaces[space("t01")].image
    }


def test_construct_covering_matches_the_existing_towers_image() -> None:
    state = new_game(3)
    tower(state, 1, "t01", image=D.spaces[space("t02")].image)  # a helmet on the jar space
    supply_towers(state, 0, "jar", "helmet")
    hand(state, 0, "G05", "G06")
    play(state, "done", "construct")
    assert "helmet on Troulaki north-west" in names(
        state
    ) and "jar on Troulaki north-west" not in names(state)


def test_construct_covering_needs_two_cards() -> None:
    state = covering_with_one_card()
    assert "jar on Troulaki north-west" not in names(state)


def test_construct_never_twice_on_a_space_even_once_covered() -> None:
    state = new_game(3)
    tower(state, 0, "t01")
    tower(state, 1, "t01")
    supply_towers(state, 0, "jar")
    hand(state, 0, "G05", "G06")
    play(state, "done", "construct")
    assert "jar on Troulaki north-west" not in names(state)


def test_beacons_a_fourth_tower_counts_covered_towers() -> None:
    state = new_game(3)
    for where in ("t01", "t02", "t06"):
        tower(state, 0, where)
    tower(state, 1, "t02")  # covered: still Green's Tower for the Beacon
    supply_towers(state, 0, "owl")
    play(state, "done", "construct", "owl on Troulaki south-west")
    assert state.pending[-1] == F.BeaconChoice(seat=0, region=region("troulaki"))
    act(state, "take Beacon row 3 column 1")
    # not on the covered Tower
    assert sorted(names(state)) == [
        "beacon on Troulaki north-west",
        "beacon on Troulaki south-east",
        "beacon on Troulaki south-west",
    ]


def test_beacons_optional() -> None:
    state = new_game(3)
    for where in ("t01", "t02", "t06"):
        tower(state, 0, where)
    supply_towers(state, 0, "owl")
    play(state, "done", "construct", "owl on Troulaki south-west", "done")
    assert pieces_left(state, 0, "beacon") == 6 and isinstance(state.pending[-1], F.Column)


# ------------------------------------------------------------------------------- Muster
def test_muster_silver_two_moves_or_a_placement() -> None:
    state = new_game(3)
    hand(state, 0, "S05")
    soldier(state, 0, "troulaki")
    supply_soldiers(state, 0)
    play(
        state,
        "done",
        "muster",
        "use Soldiers for Silver",
        "discard Silver Card: adjust and move for any Card",
    )
    play(state, "move Troulaki to Cheronissos", "move Cheronissos to Agios Sostis")
    assert state.soldier_at[region("agios_sostis")] == 0
    assert "use Soldiers for Silver" not in names(state)


def test_muster_the_printed_effect_one_of_move_place_or_fort() -> None:
    state = new_game(3)
    soldier(state, 0, "troulaki")
    supply_soldiers(state, 0)
    play(state, "done", "muster", "use Move, place or Fort")
    options = names(state)
    assert "move Troulaki to Kamares" in options
    assert "soldier to Apollonia" in options
    assert "fort in Troulaki" in options
    act(state, "soldier to Apollonia")
    assert state.central[0] == 1 and isinstance(state.pending[-1], F.Column)


def test_forts_the_soldier_goes_home_and_the_fort_effect_resolves() -> None:
    state = new_game(3)
    soldier(state, 0, "troulaki")
    play(state, "done", "muster", "use Move, place or Fort", "fort in Troulaki")
    assert state.barracks[0] == 5 and state.soldier_at[region("troulaki")] == -1
    act(state, "take Fort row 1 column 1")  # any 1 Influence
    act(state, "gold influence")
    assert state.fort_at[region("troulaki")] == 0 and state.influence[0] == [0, 0, 1]


def test_forts_the_third_removed_from_a_column_gives_its_bonus() -> None:
    # the first column's bonus: a Die rolled into the Workshop
    state = new_game(3)
    state.pieces[0][0] = state.pieces[0][8] = -1  # r1c1 and r3c1 gone
    soldier(state, 0, "troulaki")
    play(
        state,
        "done",
        "muster",
        "use Move, place or Fort",
        "fort in Troulaki",
        "take Fort row 2 column 1",
    )
    assert F.Roll(seat=0, n=1, workshop=True) in list(state.pending)


def test_soldiers_one_a_region_but_the_central_one() -> None:
    state = new_game(3)
    soldier(state, 1, "troulaki")
    soldier(state, 1, "apollonia")
    supply_soldiers(state, 0)
    play(state, "done", "muster", "use Move, place or Fort")
    assert "soldier to Troulaki" not in names(state)
    assert "soldier to Apollonia" in names(state)


def test_pushing_out_a_card_and_both_soldiers_home() -> None:
    state = new_game(3)
    soldier(state, 0, "troulaki")
    soldier(state, 1, "cheronissos")
    hand(state, 0, "G05")
    play(state, "done", "muster", "use Move, place or Fort", "move Troulaki to Cheronissos")
    act(state, "give Gold Card: adjust and move for any Card")
    assert state.soldier_at[region("cheronissos")] == -1
    assert state.barracks[:2] == [5, 5] and state.hands[1] == [card("G05")]


def test_pushing_out_not_when_placing_nor_without_a_card() -> None:
    state = new_game(3)
    soldier(state, 0, "troulaki")
    soldier(state, 1, "cheronissos")
    supply_soldiers(state, 0)
    play(state, "done", "muster", "use Move, place or Fort")
    assert "move Troulaki to Cheronissos" not in names(state)
    assert "soldier to Cheronissos" not in names(state)


# ------------------------------------------------------------------------------ Defend
def invasion_of_cheronissos(state: SifnosState) -> None:
    """Seat 1's Dice fill Cheronissos; seat 0 ends its major actions."""
    for where in ("troulaki", "cheronissos", "agios_sostis"):
        die(state, 1, where)
    play(state, "done", "done")


def test_invasion_the_influence_leader_moves_a_soldier_first() -> None:
    state = new_game(3)
    state.influence[2][state.markers[2]] = 2  # the mineral of the invasion marker
    invasion_of_cheronissos(state)
    assert state.pending[-1] == F.Soldiers(seat=2, moves=1, place=False, fort=False,
                                           region=F.ACTIVE)  # fmt: skip


def test_invasion_tied_leaders_move_nothing() -> None:
    state = new_game(3)
    state.influence[1][state.markers[2]] = 2
    state.influence[2][state.markers[2]] = 2
    invasion_of_cheronissos(state)
    assert not isinstance(state.pending[-1], F.Soldiers)


def test_invasion_tied_might_goes_to_the_next_turn_first() -> None:
    # on seat 0's turn, seats 0 and 2 tie with seat 1 (3 Dice each, seat 0 and 2 a Tent and
    # two uncovered Towers): seat 1, whose turn is next, wins; then seat 2 would before seat 0
    state = new_game(3)
    ships(state, "cheronissos", "gold", "gold", "gold", "gold")
    tower(state, 2, "t01")
    tower(state, 2, "t04")
    tent(state, 2, "cheronissos")
    tower(state, 0, "t02")
    tower(state, 0, "t03")
    tent(state, 0, "cheronissos")
    for where in ("troulaki", "cheronissos", "agios_sostis"):
        die(state, 1, where)
    assert state.might(province("cheronissos")) == [3, 3, 3]
    play(state, "done", "done")
    resolve(state)
    assert state.influence[1] == [0, 0, 4]
    assert state.influence[0] == state.influence[2] == [0, 0, 0]


def test_invasion_no_ships_any_influence_and_a_card() -> None:
    state = new_game(3)
    invasion_of_cheronissos(state)
    run_to(state, F.InfluenceChoice)
    assert state.pending[-1] == F.InfluenceChoice(seat=1, n=1)
    act(state, "lead influence")
    resolve(state)
    assert state.influence[1] == [1, 0, 0] and hand_size(state)[1] == 1


def test_invasion_three_ships_no_bonus() -> None:
    state = new_game(3)
    ships(state, "cheronissos", "lead", "silver", "silver")
    before = hand_size(state)
    invasion_of_cheronissos(state)
    run_to(state, F.Roll)  # seat 0's Recoup
    assert state.influence[1] == [1, 2, 0] and hand_size(state) == before


def test_invasion_other_players_dice_wait_in_their_workshops() -> None:
    state = new_game(3)
    ships(state, "cheronissos", "lead", "silver", "silver")
    invasion_of_cheronissos(state)
    resolve(state)
    assert sorted(state.workshop[1]) == sorted(D.regions[region(r)].value for r in
                                               ("troulaki", "cheronissos", "agios_sostis"))  # fmt: skip


# ------------------------------------------------------------------------------ Recoup
def test_recoup_back_up_to_2_dice_2_towers_and_2_cards() -> None:
    state = new_game(3)
    supply_dice(state, 0, 4)
    supply_towers(state, 0, "horse", "jar", "owl")
    play(state, "done", "done")
    resolve(state)
    assert len(state.dice_supply[0]) == 2 and sum(state.tower_supply[0]) == 3
    assert hand_size(state)[0] == 2 and state.pending[-1] == F.Prepare(seat=1)


def test_recoup_ships_of_an_invaded_province_then_one_drawn() -> None:
    state = new_game(3)
    ships(state, "cheronissos", "lead", "silver", "silver")
    invasion_of_cheronissos(state)
    run_to(state, F.ShipDraw)
    assert state.ships[0] == [] and state.ships[1:4] == [[SILVER], [SILVER], [LEAD]]
    act(state, "draw gold ship")
    assert state.ships[0] == [GOLD]


# ----------------------------------------------------------------------------- refusals
def test_a_refused_move_changes_nothing_and_explains_itself() -> None:
    state = new_game(3)
    supply_dice(state, 0, 6)
    play(state, "done", "invest")
    action = SPACE.encode(PlaceDie(region=region("troulaki"), value=5))
    before = state.to_json()
    why = state.explain(action)
    assert why is not None and "Troulaki takes a 2" in why and "rulebook" in why
    with pytest.raises(IllegalActionError):
        state.apply_action(action)
    assert state.to_json() == before
    assert state.explain(SPACE.encode(PlaceDie(region=region("seralia"), value=5))) is None


def test_beacons_a_tower_fourth_for_two_regions_one_beacon_at_a_time() -> None:
    # t06 is a corner of Troulaki (t01, t02, t05) and of Cheronissos (t02, t03, t07)
    state = new_game(3)
    for where in ("t01", "t02", "t05", "t03", "t07"):
        tower(state, 0, where)
    supply_towers(state, 0, "lyre")
    play(state, "done", "construct", "lyre on Troulaki south-east")
    assert state.pending[-1] == F.BeaconChoice(seat=0, region=region("troulaki"))
    play(state, "take Beacon row 3 column 1", "beacon on Troulaki north-west")
    assert state.pending[-1] == F.BeaconChoice(seat=0, region=region("cheronissos"))
    play(state, "take Beacon row 3 column 2", "beacon on Cheronissos north-east")
    assert state.beacon_at[space("t01")] == state.beacon_at[space("t03")] == 0


def test_might_a_tower_space_counts_in_each_province_of_its_regions() -> None:
    # the package's interpretation: t07 is a corner of Regions in Cheronissos, Kastro and
    # Kamares
    state = new_game(3)
    tower(state, 0, "t07")
    assert [state.might(province(p))[0] for p in ("cheronissos", "kastro", "kamares")] == [1, 1, 1]
    assert state.might(province("faros"))[0] == 0


def test_discounts_several_on_one_placement_largest_first() -> None:
    # the package's interpretation: L03 (-2 on a Lead card) and G04 (-1 on a Lead card) both
    # go to L01 (cost 3), which is then free
    state = new_game(3)
    placed(state, 0, "L03", "G04")
    hand(state, 0, "L01", "L05")
    play(
        state,
        "use Lead Card: discount Lead by 2",
        "discard Lead Card: adjust and move for any Card",
        "use Gold Card: discount Lead by 1",
        "use Place a Card",
        "place Lead Card: place a Card",
    )
    assert state.hands[0] == [] and state.discounts == []
    assert isinstance(state.pending[-1], F.Prepare)


def test_construct_a_lead_card_ignores_the_image() -> None:
    state = new_game(3)
    supply_towers(state, 0, "horse")
    hand(state, 0, "L05")
    play(state, "done", "construct")
    assert "horse on Troulaki north-west" not in names(state)  # a jar space
    play(
        state,
        "use Ignore the image for Lead",
        "discard Lead Card: adjust and move for any Card",
        "horse on Troulaki north-west",
    )
    assert state.top_tower(space("t01")) == 0 * 8 + D.spaces[space("t07")].image


def test_invest_the_central_province_has_no_first_die() -> None:
    # "A Province is a coloured area comprised of 3 Regions" (Invest, the reminder)
    state = new_game(3)
    placed(state, 0, "L09")
    supply_dice(state, 0, 6)
    play(state, "done", "invest", "die 6 in Apollonia")
    assert isinstance(state.pending[-1], F.Column) and hand_size(state)[0] == 0


def test_forts_may_go_beneath_a_die_already_placed() -> None:
    state = new_game(3)
    die(state, 1, "troulaki")
    soldier(state, 0, "troulaki")
    play(
        state,
        "done",
        "muster",
        "use Move, place or Fort",
        "fort in Troulaki",
        "take Fort row 1 column 3",
    )
    assert state.fort_at[region("troulaki")] == 0 and state.die_owner[region("troulaki")] == 1


def test_forts_one_a_region() -> None:
    state = new_game(3)
    fort(state, 1, "troulaki")
    soldier(state, 0, "troulaki")
    play(state, "done", "muster", "use Move, place or Fort")
    assert "fort in Troulaki" not in names(state)
