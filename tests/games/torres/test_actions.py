"""The action space: the same ints as every earlier release, names that call the cards by their
printed names, values to match on."""

from __future__ import annotations

import hashlib

import pytest

import towers
from towers.core.actions import Action
from towers.games.torres import actions as A
from towers.games.torres.actions import SPACE, BlockUnder, JumpUp, Move, TakeStack

NAMES_SHA256 = "aea14dbfcd2a7c5d769186b34bdbad0d7cb94d3e2f1578978a5a28e61cc35f12"
"""The digest of every action's name, one a line, in int order: a name changes only on purpose
(saved games keep their moves as ints, so a renamed card reads as its new name in them)."""


def test_every_int_keeps_its_name() -> None:
    assert SPACE.size == A.NUM_ACTIONS == 17_852
    assert hashlib.sha256("\n".join(SPACE.names).encode()).hexdigest() == NAMES_SHA256


def test_every_name_parses_back_to_its_int() -> None:
    assert all(SPACE.parse(name) == a for a, name in enumerate(SPACE.names))
    assert SPACE.parse("  MOVE  d4-D5 ") == SPACE.parse("move d4-d5")


@pytest.mark.parametrize(
    ("text", "value", "number"),
    [
        ("end turn", A.EndTurn(), 0),
        ("take stack 2", TakeStack(height=1), 6),
        ("play Block under a knight e4 from in-use stack", BlockUnder(square=28, source=0), 556),
        ("play Jump up two levels e4 N", JumpUp(frm=28, direction=0), 812),
        ("move d4-d5", Move(frm=27, to=35), 3231),
    ],
)
def test_names_values_and_ints_agree(text: str, value: Action, number: int) -> None:
    assert SPACE.parse(text) == number == SPACE.encode(value)
    assert SPACE.values[number] == value and SPACE.name(number) == text


def test_the_hot_path_constants_are_the_kinds_first_ints() -> None:
    assert A.MOVE == SPACE.base(Move) == A.MOVE_BLOCK - 3 * 4096
    assert A.JUMP_UP + 4 * 28 + 0 == SPACE.parse("play Jump up two levels e4 N")


def test_a_misspelt_action_says_how_it_is_written() -> None:
    with pytest.raises(towers.ActionParseError, match="direction is one of N, E, S, W"):
        SPACE.parse("play Jump up two levels e4 up")
    with pytest.raises(towers.ActionParseError, match=r"'move <square>-<square>'"):
        SPACE.parse("move d4-d9")
    with pytest.raises(towers.ActionParseError, match="'return <card> top'"):
        SPACE.parse("return Relocate a knight")


def test_a_card_is_also_read_by_the_key_earlier_releases_wrote() -> None:
    # moves name cards as printed; a script or a habit typing the old keys is still understood
    from towers.games.torres.actions import CARD_KEYS, CARD_NAMES, MASTER_KEYS, MASTER_NAMES

    state = towers.make("torres", players=2).new_initial_state()
    for key, name in zip(CARD_KEYS, CARD_NAMES, strict=True):
        assert state.string_to_action(f"keep {key}") == state.string_to_action(f"keep {name}")
    for key, name in zip(MASTER_KEYS, MASTER_NAMES, strict=True):
        assert state.string_to_action(f"master card {key}") == state.string_to_action(
            f"master card {name}"
        )
    assert state.action_to_string(state.string_to_action("play six_ap")) == "play 6 action points"
