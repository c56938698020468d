"""Moves name things as players call them, and the texts earlier releases wrote with ids are
still read."""

from __future__ import annotations

import pytest

from towers.core.errors import ActionParseError
from towers.games.sifnos import actions as A

from .conftest import new_game

D = A.DATA


def test_every_card_has_a_name_of_its_own() -> None:
    names = [c.name for c in D.cards]
    assert len({n.lower() for n in names}) == len(D.cards)
    assert all(n.startswith(("Lead Card: ", "Silver Card: ", "Gold Card: ")) for n in names)
    assert D.cards[D.card_index("L06")].name == "Lead Card: adjust a Die"


def test_identical_cards_are_told_apart_as_copies() -> None:
    first, second = D.cards[D.card_index("L34")], D.cards[D.card_index("L36")]
    assert (first.kind, first.cost) == (second.kind, second.cost)
    assert second.name == f"{first.name} (second copy)"


def test_tower_spaces_and_building_spaces_are_named_by_where_they_are() -> None:
    assert D.spaces[D.space_index("t01")].name == "Troulaki north-west"
    assert len({s.name for s in D.spaces}) == len(D.spaces)
    assert [s.name for s in D.building_spaces][:3] == ["Gate left 1", "Gate left 2", "Gate left 3"]
    assert "Lead Column 1" in {s.name for s in D.building_spaces}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("place L06", "place Lead Card: adjust a Die"),
        ("use discard_adjust", "use Adjust for any Card"),
        ("use muster", "use Move, place or Fort"),
        ("soldier to agia_marina", "soldier to Agia Marina"),
        ("move barracks to supply", "move barracks to supply"),
        ("jar on t01", "jar on Troulaki north-west"),
        ("sail platis_gialos 2", "sail Platis Gialos 2"),
        ("build 4 on column_lead_1", "build 4 on Lead Column 1"),
        ("deal fort move_soldier", "deal fort move 1 Soldier"),
        ("take r2c4", "take Beacon row 2 column 4"),
        ("DISCARD g36", "discard Gold Card: draw a Card (second copy)"),
    ],
)
def test_an_old_text_reads_as_the_named_move(old: str, new: str) -> None:
    state = new_game(3)
    action = state.string_to_action(old)
    assert state.action_to_string(action) == new
    assert state.string_to_action(new) == action


def test_a_text_naming_nothing_is_refused_as_typed() -> None:
    state = new_game(3)
    with pytest.raises(ActionParseError, match="place L99"):
        state.string_to_action("place L99")
    with pytest.raises(ActionParseError, match="'jar on t01 north'"):
        state.string_to_action("jar on t01 north")
