"""The one reader of the games' data files: every fault named with its file, key path and
what is allowed there."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

import pytest

from towers.core.datafile import DataFileError, Schema, Source, Text, read, read_text


class Card(Schema):
    key: str
    name: Text
    kind: Literal["action", "master"] = "action"
    points: tuple[int, int, int] = (0, 0, 0)
    source: Source


class Deck(Schema):
    colors: int
    cards: list[Card]


class GameError(DataFileError):
    pass


GOOD = """
colors = 4
[[cards]]
key = "jump"
name = "Jump up"
points = [1, 2, 3]
source = "rulebook: The Action Cards"
"""


def test_a_good_file_is_read_with_arrays_as_tuples() -> None:
    deck = read_text(GOOD, Deck, "deck.toml")
    assert deck.colors == 4 and deck.cards[0].points == (1, 2, 3)
    assert deck.cards[0].kind == "action"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("colors = 4", 'colors = "4"', "deck.toml: colors: should be a whole number, not '4'"),
        ("colors = 4\n", "", "deck.toml: colors: missing (a required key)"),
        ('key = "jump"', 'key = "jump"\nkind = "joker"', "cards[0].kind: should be 'action' or"),
        ('name = "Jump up"', 'name = " "', "cards[0].name: should not be empty"),
        ('key = "jump"', 'key = "jump"\nnmae = "x"', "cards[0].nmae: unknown key; the keys"),
        ("[1, 2, 3]", "[1, 2]", "cards[0].points[2]: missing"),
        ("rulebook: The", "printed: The", "source: should be 'rulebook: <section>' or"),
    ],
)
def test_a_fault_names_the_file_the_key_path_and_what_is_allowed(
    old: str, new: str, message: str
) -> None:
    with pytest.raises(GameError, match=re.escape(message)):
        read_text(GOOD.replace(old, new, 1), Deck, "deck.toml", GameError)


def test_an_unknown_key_lists_the_keys_allowed_there() -> None:
    with pytest.raises(DataFileError) as caught:
        read_text(GOOD.replace('key = "jump"', 'key = "jump"\nnmae = "x"'), Deck, "deck.toml")
    assert "the keys allowed here are key, name, kind, points, source" in str(caught.value)


def test_a_file_that_is_not_toml_says_so(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text("colors = = 4")
    with pytest.raises(DataFileError, match="deck.toml: not valid TOML"):
        read(path, Deck)


@pytest.mark.parametrize("source", ["rulebook: Setup", "designed", "designed: a default"])
def test_sources_allowed(source: str) -> None:
    assert read_text(GOOD.replace("rulebook: The Action Cards", source), Deck, "d").cards
