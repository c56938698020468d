"""Moves name the components as they are printed (``play Righteous Fury``, ``place West
Crossroads``), on the same ints as when they named them by id; the ids are still read, and a
refused move names the pending decision in words."""

from __future__ import annotations

from typing import Any

import pytest

import towers
from towers.games.turris import actions as A
from towers.games.turris.frames import ASKED, AUTOMATIC, DECISIONS

from .conftest import new_game

D = A.DATA

KINDS = [
    (A.PlayTactics, "play", D.tactics),
    (A.Discard, "discard", D.tactics),
    (A.DrawTactics, "draw tactics", D.tactics),
    (A.ChooseMission, "mission", D.missions),
    (A.DrawMission, "draw mission", D.missions),
    (A.TakeTrionfi, "trionfi", D.trionfi),
    (A.DrawTrionfi, "draw trionfi", D.trionfi),
    (A.DrawSite, "draw site", D.excavation_sites),
    (A.Place, "place", D.locations),
    (A.CollectScout, "collect from", D.locations),
    (A.Choose, "choose", D.locations),
    (A.ChooseBeast, "beast", D.beasts),
    (A.RollBeast, "d4", D.beasts),
]


@pytest.mark.parametrize(("kind", "verb", "items"), KINDS, ids=[k[1] for k in KINDS])
def test_each_item_is_named_as_printed_on_the_int_of_its_place_in_the_data(
    kind: type[A.Action], verb: str, items: tuple[Any, ...]
) -> None:
    # the data's order fixes the ints, so a saved history of ints reads as before
    base = A.SPACE.base(kind)
    for k, item in enumerate(items):
        assert A.SPACE.name(base + k) == f"{verb} {item.name}"
        assert A.SPACE.parse(f"{verb} {item.name}") == base + k


def test_the_space_keeps_its_size_and_its_kinds_their_ints() -> None:
    assert A.SPACE.size == 448
    assert [(k.name, k.base, k.size) for k in A.SPACE.kinds][:3] == [
        ("ChooseFaction", 0, 10),
        ("Place", 10, 18),
        ("Collect", 28, 1),
    ]
    assert A.SPACE.name(0) == "faction Ministers side A"
    assert A.SPACE.name(A.SPACE.base(A.BeastStart)) == "beast starts Excavation spot A"


def test_an_id_written_before_names_were_printed_is_still_read() -> None:
    state = towers.make("turris", players=3).new_initial_state()
    read = state.string_to_action
    assert state.action_to_string(read("play righteous_fury")) == "play Righteous Fury"
    assert state.action_to_string(read("choose crossroads_west")) == "choose West Crossroads"
    assert state.action_to_string(read("place site_a")) == "place Excavation spot A"
    assert state.action_to_string(read("trionfi the_emperor")) == "trionfi The Emperor"
    assert state.action_to_string(read("draw site sunken_archive")) == "draw site Sunken Archive"
    assert state.action_to_string(read("mission scholars_tithe")) == "mission Scholars' Tithe"
    for _, verb, items in KINDS:
        for item in items:
            assert read(f"{verb} {item.id}") == read(f"{verb} {item.name}")
    with pytest.raises(towers.ActionParseError):
        read("play no_such_card")


def test_no_id_stands_for_two_printed_names() -> None:
    pairs = {(x.id, x.name) for table in A.PRINTED for x in table if x.id != x.name.lower()}
    assert len(pairs) == len(A.OLD_WORDS)
    assert set(A.OLD_WORDS.items()) == pairs


def test_every_decision_put_to_a_seat_is_asked_in_words() -> None:
    asked = [kind for kind in DECISIONS.by_name.values() if kind not in AUTOMATIC]
    assert [k.__name__ for k in asked if k not in ASKED] == []


def test_a_move_for_another_decision_is_refused_with_the_decision_in_words() -> None:
    state = new_game(3)
    why = state.explain(A.SPACE.encode(A.OngoingSlot(0)))
    assert why is not None
    assert "the pending decision is to take an action of the Action Step" in why
    assert "_" not in why
