"""Game options: defaults, allowed values, and errors that say what is allowed."""

from __future__ import annotations

from typing import Any

import pytest

import towers
from towers.core.options import Option, resolve_options, value_text


def _even(value: Any) -> int:
    if not isinstance(value, int) or value % 2:
        raise ValueError("must be an even whole number")
    return value


DECLARED = {
    "deck": Option(default=12, help="cards", choices=(6, 12)),
    "size": Option(default=4, help="board size", check=_even),
    "name": Option(default="x", help="anything goes"),
}


def test_defaults_fill_what_is_not_given() -> None:
    assert resolve_options("g", DECLARED, {}) == {"deck": 12, "size": 4, "name": "x"}
    assert resolve_options("g", DECLARED, {"deck": 6, "size": 8}) == {
        "deck": 6,
        "size": 8,
        "name": "x",
    }


def test_unknown_option_lists_the_known_ones() -> None:
    with pytest.raises(towers.GameOptionError) as failure:
        resolve_options("g", DECLARED, {"colour": "red", "deck": 6})
    text = str(failure.value)
    assert "g has no option colour" in text
    assert "its options are: deck, name, size" in text


def test_a_game_without_options_says_so() -> None:
    with pytest.raises(towers.GameOptionError, match="its options are: none"):
        resolve_options("g", {}, {"x": 1})


def test_a_value_outside_the_choices_lists_them() -> None:
    with pytest.raises(towers.GameOptionError, match=r"deck=7 is not allowed; allowed: 6, 12"):
        resolve_options("g", DECLARED, {"deck": 7})


def test_a_checked_value_gives_the_reason() -> None:
    with pytest.raises(towers.GameOptionError, match="size=3 is not allowed: must be an even"):
        resolve_options("g", DECLARED, {"size": 3})
    with pytest.raises(towers.GameOptionError, match='size="4" is not allowed'):
        resolve_options("g", DECLARED, {"size": "4"})


def test_option_errors_are_value_errors() -> None:
    assert issubclass(towers.GameOptionError, ValueError)
    assert issubclass(towers.GameOptionError, towers.TowersError)


def test_games_check_options_and_player_counts() -> None:
    game = towers.make("toy", players=3, deck=6)
    assert game.options == {"deck": 6}
    assert game.num_players == 3
    with pytest.raises(TypeError):
        game.options["deck"] = 12  # type: ignore[index]
    with pytest.raises(towers.GameOptionError, match="allowed: 6, 12"):
        towers.make("toy", deck=5)
    with pytest.raises(towers.GameOptionError, match="toy is for 2 to 4 players, not 5"):
        towers.make("toy", players=5)
    with pytest.raises(towers.GameOptionError, match="not '2'"):
        towers.make("toy", players="2")  # type: ignore[arg-type]


FLAGS = {"tiles": Option(default=False, help="with tiles", choices=(False, True))}


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        (True, True),
        ("true", True),
        ("True", True),
        ("TRUE", True),
        ("yes", True),
        ("On", True),
        ("1", True),
        (1, True),
        (False, False),
        ("false", False),
        ("False", False),
        ("no", False),
        ("OFF", False),
        ("0", False),
        (0, False),
    ],
)
def test_a_yes_or_no_option_reads_the_usual_spellings(typed: Any, meant: bool) -> None:
    value = resolve_options("g", FLAGS, {"tiles": typed})["tiles"]
    assert value is meant


def test_a_yes_or_no_option_refuses_other_words_and_shows_the_choices_as_typed() -> None:
    for typed in ("maybe", 2, "", None, 0.5, [True]):
        with pytest.raises(towers.GameOptionError) as failure:
            resolve_options("g", FLAGS, {"tiles": typed})
        assert "allowed: false, true" in str(failure.value)


def test_a_number_is_not_taken_for_a_yes_or_no_and_back() -> None:
    numbers = {"n": Option(default=1, help="a count", choices=(1, 2))}
    assert resolve_options("g", numbers, {"n": "2"})["n"] == 2
    with pytest.raises(towers.GameOptionError, match="n=true is not allowed; allowed: 1, 2"):
        resolve_options("g", numbers, {"n": True})


WORDS = {"variant": Option(default="basic", help="rules", choices=("basic", "master", "6"))}


def test_words_are_shown_bare_and_read_in_any_case() -> None:
    assert resolve_options("g", WORDS, {"variant": "Master"})["variant"] == "master"
    with pytest.raises(towers.GameOptionError) as failure:
        resolve_options("g", WORDS, {"variant": "long"})
    assert str(failure.value) == ('option variant=long is not allowed; allowed: basic, master, "6"')


def test_values_read_as_they_are_typed() -> None:
    assert [value_text(v) for v in (True, False, None, 6, 0.5, "basic", "6", "a b")] == [
        "true",
        "false",
        "none",
        "6",
        "0.5",
        "basic",
        '"6"',
        "a b",
    ]
