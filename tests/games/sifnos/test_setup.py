"""Setup (rulebook: Main Board Setup; Player Board Setup; Final Setup Steps), every draw its
first outcome."""

from __future__ import annotations

import pytest

import towers
from towers.games.sifnos.rules import SifnosState

from .conftest import D, hand_size, resolve


def set_up(players: int) -> SifnosState:
    state = towers.make("sifnos", players=players).new_initial_state()
    assert isinstance(state, SifnosState)
    resolve(state)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_main_board_setup(players: int) -> None:
    state = set_up(players)
    assert len(state.tile_row) == players + 1
    assert len(state.face_up) == players
    assert sorted(state.markers) == [0, 0, 1, 1, 2, 2]
    # one Ship on each front space, 2 of each mineral; then the Bag: 1 of each a player and
    # an Allied Ship
    assert all(len(q) == 1 for q in state.ships)
    assert sorted(q[0] for q in state.ships) == [0, 0, 1, 1, 2, 2]
    assert state.bag.counts == [players, players, players, 1]


@pytest.mark.parametrize(("players", "cards", "supply", "workshop"), [
    (2, [3, 4], [0, 1], [0, 1]),  # the 2nd player takes the 3rd player's effects
    (3, [3, 4, 4], [0, 1, 1], [0, 0, 1]),
    (4, [3, 4, 4, 6], [0, 1, 1, 1], [0, 0, 1, 1]),
])  # fmt: skip
def test_final_setup_seat_effects(
    players: int, cards: list[int], supply: list[int], workshop: list[int]
) -> None:
    state = set_up(players)
    assert hand_size(state) == cards
    assert state.soldier_supply == supply
    assert [len(w) for w in state.workshop] == workshop
    assert all(len(d) == 2 for d in state.dice_supply)
    assert all(sum(t) == 2 for t in state.tower_supply)


@pytest.mark.parametrize(("players", "aids"), [(2, 2), (3, 1), (4, 1)])
def test_final_setup_aids_place_dice_and_towers_as_printed(players: int, aids: int) -> None:
    state = set_up(players)
    for seat in range(players):
        assert len(state.aids[seat]) == aids
        for a in state.aids[seat]:
            aid = D.setup_aids[a]
            assert state.die_owner[aid.region] == seat
            assert state.die_value[aid.region] == D.regions[aid.region].value
            assert state.stacks[aid.tower] == [seat * 8 + D.spaces[aid.tower].image]


def test_player_board_setup_pieces_and_soldiers() -> None:
    state = set_up(3)
    for seat in range(3):
        assert all(face >= 0 for face in state.pieces[seat])
        assert state.barracks[seat] + state.soldier_supply[seat] == 5
        assert state.ally_on_track[seat] and state.influence[seat] == [0, 0, 0]
    assert state.pending[-1].seat == 0  # type: ignore[attr-defined]
