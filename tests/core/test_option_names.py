"""Printed names of option values: read where a value would be an id, typed in its place, and
declared only for values the option takes."""

from __future__ import annotations

from typing import Any

import pytest

from towers.core.errors import GameOptionError
from towers.core.options import Option, resolve_options
from towers.core.registry import game_class

VARIANT = Option(
    default="basic",
    help="the rules",
    choices=("basic", "common_deck", "master"),
    names={"basic": "Basic game", "common_deck": "Common action deck"},
)


def _pair(value: Any) -> str:
    if value not in ("ab", "cd", "ab,cd"):
        raise ValueError("ab or cd, or both parted by a comma")
    return str(value)


PAIR = Option(default="ab", help="letters", check=_pair, names={"ab": "First", "cd": "Second"})


def test_a_value_reads_as_its_name_or_as_typed() -> None:
    assert VARIANT.name_of("common_deck") == "Common action deck"
    assert VARIANT.name_of("master") == "master"  # no name: as typed
    assert PAIR.name_of("cd") == "Second"


def test_a_name_may_be_typed_in_place_of_its_value_in_any_case() -> None:
    given = {"variant": " COMMON action deck "}
    assert resolve_options("g", {"variant": VARIANT}, given) == {"variant": "common_deck"}
    assert VARIANT.validate("variant", "Common_Deck") == "common_deck"  # the id still
    assert PAIR.validate("pair", "second") == "cd"
    assert PAIR.validate("pair", "ab,cd") == "ab,cd"


def test_names_do_not_change_what_is_refused_nor_what_the_refusal_lists() -> None:
    with pytest.raises(GameOptionError, match="allowed: basic, common_deck, master"):
        VARIANT.validate("variant", "Expert game")


def test_only_a_value_the_option_takes_is_named() -> None:
    with pytest.raises(ValueError, match="expert is named 'Expert' but is no choice"):
        Option(default="basic", help="", choices=("basic",), names={"expert": "Expert"})
    with pytest.raises(ValueError, match="ef is named 'Third' but is no value the option takes"):
        Option(default="ab", help="", check=_pair, names={"ef": "Third"})
    with pytest.raises(ValueError, match="1 is named 'One' but is no choice"):
        Option(default=True, help="", choices=(False, True), names={1: "One"})  # 1 is no true


def test_a_name_is_words_and_names_one_value() -> None:
    with pytest.raises(ValueError, match="which is no words"):
        Option(default="a", help="", choices=("a",), names={"a": " "})
    with pytest.raises(ValueError, match="a and b are both named 'same'"):
        Option(default="a", help="", choices=("a", "b"), names={"a": "Same", "b": "same"})


def test_names_are_words_for_people_not_part_of_what_the_option_allows() -> None:
    plain = Option(default="basic", help="the rules", choices=("basic", "common_deck", "master"))
    assert plain == VARIANT and hash(plain) == hash(VARIANT)


@pytest.mark.parametrize("game", ["torres", "dark_tower"])
def test_every_text_choice_of_torres_and_dark_tower_has_a_printed_name(game: str) -> None:
    for key, opt in game_class(game).OPTIONS.items():
        for choice in opt.choices:
            if isinstance(choice, str):
                assert opt.name_of(choice) != choice, (key, choice)
