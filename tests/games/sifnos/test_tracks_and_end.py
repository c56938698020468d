"""The Influence Tracks' spaces, the Allied Ships and the end of the game (rulebook: Influence
Tracks; Drawing Ships; End of the Game)."""

from __future__ import annotations

from towers.core.components import Bag
from towers.games.sifnos import frames as F
from towers.games.sifnos.rules import SifnosState

from .builders import run_to, ships_example
from .conftest import (
    ALLY,
    GOLD,
    LEAD,
    act,
    card,
    die,
    face_up,
    fort,
    hand,
    hand_size,
    markers,
    names,
    new_game,
    play,
    region,
    resolve,
    workshop_dice,
)


def place_a_lead_card(state: SifnosState) -> None:
    """Seat 0 places L06 (cost 1) in Prepare: 1 Lead Influence."""
    hand(state, 0, "L06", "L05")
    play(
        state,
        "use Place a Card",
        "place Lead Card: adjust a Die",
        "discard Lead Card: adjust and move for any Card",
    )


# ------------------------------------------------------------------------------- space 3
def test_influence_track_space_3_takes_a_face_up_card_free() -> None:
    state = new_game(3)
    markers(state, face_up_cards="lead")
    face_up(state, "G01", "S36", "L36")
    state.influence[0][LEAD] = 2
    place_a_lead_card(state)
    assert state.pending[-1] == F.FaceUp(seat=0)
    assert sorted(names(state)) == [
        "take Gold Card: place a Card",
        "take Lead Card: 1 more Die (second copy)",
        "take Silver Card: 1 more Tower (second copy)",
    ]
    act(state, "take Gold Card: place a Card")
    # placed above the board without discards, and its own Influence
    assert card("G01") in state.placed[0] and state.face_up == [card("S36"), card("L36")]
    assert state.influence[0] == [3, 0, 1] and state.hands[0] == []


def test_influence_track_space_3_of_another_mineral_nothing() -> None:
    state = new_game(3)
    markers(state, face_up_cards="silver")
    face_up(state, "G01")
    state.influence[0][LEAD] = 2
    place_a_lead_card(state)
    assert state.pending[-1] == F.Prepare(seat=0) and state.face_up == [card("G01")]


# ------------------------------------------------------------------------------- space 5
def test_influence_track_space_5_claims_a_scoring_tile() -> None:
    state = new_game(3)
    markers(state, scoring_tiles="lead")
    state.influence[0][LEAD] = 4
    place_a_lead_card(state)
    assert state.pending[-1] == F.TileChoice(seat=0)
    act(state, "tile minority")  # immediate: any 1 Influence
    act(state, "silver influence")
    assert state.tile_of[0] == 1 and 1 not in state.tile_row
    assert state.influence[0] == [5, 1, 0]


# ------------------------------------------------------------------------- Allied Ships
def test_allied_ship_enters_the_bag_when_a_marker_reaches_it() -> None:
    state = new_game(3)
    assert state.game.ally_space == 8  # 3 players (Player Board Setup: 7/8/9 for 4/3/2)
    before = state.bag.counts[ALLY]
    state.influence[0][LEAD] = 7
    place_a_lead_card(state)
    assert state.bag.counts[ALLY] == before + 1 and not state.ally_on_track[0]
    # another marker reaching it later adds nothing
    state.influence[0][GOLD] = 7
    state.pending.push(F.Gain(seat=0, mineral=GOLD, n=1))
    state._settle()
    assert state.bag.counts[ALLY] == before + 1


def test_allied_ship_spaces_by_player_count() -> None:
    assert [new_game(n).game.ally_space for n in (2, 3, 4)] == [9, 8, 7]


def allied_ship_drawn(allies: int, **influence: list[int]) -> SifnosState:
    """The Moving Ships example with ``allies`` Allied Ships already placed, run to the
    drawn Ship (the Bag's next Ship is an Allied one)."""
    state = ships_example()
    markers(state, ally_1="gold", ally_2="silver", ally_3="lead")
    state.allies = allies
    play(state, "done", "done")
    run_to(state, F.ShipDraw)
    for i, values in enumerate(influence.get("by_seat", [])):
        state.influence[i] = values
    return state


def finish(state: SifnosState) -> None:
    """Place the last Workshop Dice (the first choice each time): the final scoring."""
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])


def test_allied_ship_first_draws_per_2_influence() -> None:
    state = allied_ship_drawn(0, by_seat=[[0, 0, 5], [0, 9, 3], [9, 0, 1]])
    before = hand_size(state)
    act(state, "draw ally ship")
    resolve(state)
    assert state.allies == 1
    assert [a - b for a, b in zip(hand_size(state), before, strict=True)] == [2, 1, 0]


def test_allied_ship_second_draws_per_3_influence() -> None:
    state = allied_ship_drawn(1, by_seat=[[0, 5, 9], [0, 6, 0], [0, 2, 0]])
    before = hand_size(state)
    act(state, "draw ally ship")
    resolve(state)
    assert state.allies == 2
    assert [a - b for a, b in zip(hand_size(state), before, strict=True)] == [1, 2, 0]


def test_allied_ship_third_ends_the_game() -> None:
    state = allied_ship_drawn(2)
    act(state, "draw ally ship")
    # at once: only the Workshop Dice are placed before the final scoring
    assert state.allies == 3 and state.ended_by == 0
    assert all(isinstance(f, (F.GameEnd, F.Workshop)) for f in state.pending)
    finish(state)
    assert state.turn == 0 and state.rounds == 1


def test_an_empty_bag_ends_the_game_without_the_majority() -> None:
    state = ships_example()
    state.bag = Bag([0, 0, 0, 0])
    state.influence[0] = [9, 0, 0]
    play(state, "done", "done")
    resolve(state)
    assert state.ended_by == 0 and state.pending[0] == F.GameEnd()
    finish(state)
    assert state.allies == 0
    from towers.games.sifnos.scoring import breakdown

    assert breakdown(state, 0)["majority"] == 0


# ---------------------------------------------------------------------- End of the Game
def ended(state: SifnosState) -> SifnosState:
    """The third Allied Ship drawn on seat 0's turn (the Moving Ships example)."""
    state.allies = 2
    state.bag = Bag([0, 0, 0, 1])
    play(state, "done", "done")
    run_to(state, F.ShipDraw)
    act(state, "draw ally ship")
    return state


def test_end_of_game_dice_on_own_forts_go_to_the_workshop() -> None:
    state = ships_example()
    fort(state, 2, "xeroxylo")
    die(state, 2, "xeroxylo", 4)
    fort(state, 0, "kastro")
    die(state, 2, "kastro", 5)  # on an opponent's Fort: stays
    die(state, 1, "vathy")  # on no Fort: stays
    ended(state)
    assert state.die_owner[region("xeroxylo")] == -1
    assert state.die_owner[region("kastro")] == 2 and state.die_owner[region("vathy")] == 1
    assert state.pending[-1] == F.Workshop(seat=1)  # seat 0 has no Workshop Die


def test_end_of_game_workshops_placed_clockwise_from_the_ender() -> None:
    state = ships_example()  # seat 1's invasion Dice are in its Workshop at the end
    workshop_dice(state, 0, 2)
    workshop_dice(state, 2, 3)
    # seat 0 places its Die during its Defend, before the game ends in its Recoup
    play(state, "done", "done")
    act(state, "build 2 on Gate left 1")
    state.allies = 2
    state.bag = Bag([0, 0, 0, 1])
    workshop_dice(state, 0, 6)
    run_to(state, F.ShipDraw)
    act(state, "draw ally ship")
    order = [f.seat for f in reversed(state.pending) if isinstance(f, F.Workshop)]
    assert order == [0, 1, 2]
    act(state, "build 6 on Gate left 2")
    assert state.pending[-1] == F.Workshop(seat=1)


def test_end_of_game_after_60_rounds_as_if_the_bag_were_empty() -> None:
    # the package's designed limit: the round after the 60th does not begin
    state = new_game(3)
    state.rounds = 60
    for seat in range(3):
        assert state.pending[-1] == F.Prepare(seat=seat)
        play(state, "done", "done")
        resolve(state)
    assert state.is_terminal() and state.ended_by == 0 and state.allies == 0
