"""One printed name per seat on every screen (``Views.seat_name``): a seat is named by the
colour of its pieces (Return to Dark Tower: by its hero), the same in the log, the ending, the
terminal's glance and sections and the board; its 0-based number is an id and never shown.

Random games are played out at 2, 3 and 4 players in every game."""

from __future__ import annotations

import colorsys
import random
import re
from typing import Any

import pytest
from rich.text import Text

import towers
from towers.core.conformance import random_action
from towers.core.registry import views_of

CASES: list[tuple[str, int, dict[str, Any]]] = [
    (name, players, options)
    for name, options in (
        ("torres", {}),
        ("tiletum", {}),
        ("turris", {}),
        ("sifnos", {}),
        ("dark_tower", {"mode": "competitive"}),
    )
    for players in (2, 3, 4)
]

OLD_NAMES = re.compile(
    r"\b[Ss]eat \d\b|\b[Ss]eat [A-D]\b|\bP[1-5]\b|\b[Ss]eat \d's\b|\bseat [A-D]'s\b"
)
"""How seats were named before: "seat 0", "Seat 2's", "seat A", "P3"."""

HUES = {"red": (0, 20), "yellow": (35, 65), "green": (90, 160), "blue": (200, 250),
        "purple": (260, 320)}  # fmt: skip
"""The hue (degrees) each colour name may have as the board draws it."""


def case_ids() -> list[Any]:
    return [
        pytest.param(n, p, o, id=f"{n}-{p}p" + "".join(f"-{v}" for v in o.values()))
        for n, p, o in CASES
    ]


def plain(markup: str) -> str:
    """The text without markup, and without Tiletum's bag of dice ("bag: Y2 P2 L1"), whose
    letters are dice colours (P for pink), not seats."""
    return re.sub(r"bag: [^\n]*", "", Text.from_markup(markup).plain)


def hue(css: str) -> float:
    r, g, b = (int(css[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360


@pytest.mark.parametrize(("name", "players", "options"), case_ids())
def test_seat_names_are_distinct_words_matching_the_board_colours(
    name: str, players: int, options: dict[str, Any]
) -> None:
    views = views_of(towers.make(name, players=players, **options))
    names = views.seat_names()
    assert len(names) == players and len(set(names)) == players, names
    for seat, label in enumerate(names):
        assert label == views.seat_name(seat)
        assert label[0].isupper() and not any(c.isdigit() for c in label), label
        assert not label.lower().startswith(("seat", "player")), label
    colours = views.colours()
    assert colours is not None and len(colours) == players
    if name == "dark_tower":  # named by hero: distinct heroes, each drawn in its kingdom's colour
        return
    for label, css in zip(names, colours, strict=True):
        low, high = HUES[label.lower()]
        assert low <= hue(css) <= high or (label == "Red" and hue(css) >= 340), (label, css)


@pytest.mark.parametrize(("name", "players", "options"), case_ids())
def test_log_ending_and_terminal_name_seats_only_by_seat_name(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = towers.make(name, players=players, **options)
    views = views_of(game)
    names = views.seat_names()
    rng = random.Random(11)
    state = game.new_initial_state()
    said: list[str] = []
    step = 0
    while not state.is_terminal():
        action = random_action(state, rng)
        words = views.log_words(state, action)
        assert not OLD_NAMES.search(words), words
        said.append(words)
        if step % 23 == 0 and not state.is_chance_node():
            seat = state.current_player()
            texts = [views.glance(state, seat), *views.sections(state, seat).values()]
            for text in map(plain, texts):
                assert not OLD_NAMES.search(text), OLD_NAMES.search(text)
        state.apply_action(action)
        step += 1
    ending = views.ending(state)
    assert ending is not None
    text = "\n".join([ending.verdict, ending.reason, *ending.notes])
    assert not OLD_NAMES.search(text), text
    for winner in state.winners():
        assert names[winner] in ending.verdict, (names, ending.verdict)
    assert any(n in w for w in said for n in names), "the log never names a seat"
    for seat in (None, 0):
        for text in map(plain, [views.glance(state, seat), *views.sections(state, seat).values()]):
            assert not OLD_NAMES.search(text), OLD_NAMES.search(text)


@pytest.mark.parametrize("name", ["torres", "tiletum", "turris", "sifnos", "dark_tower"])
def test_the_board_names_each_seat_by_its_name(name: str) -> None:
    game = towers.make(name, players=3, **({"mode": "competitive"} if name == "dark_tower" else {}))
    views = views_of(game)
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))
    svg = views.svg(state, 0) or ""
    shown = re.sub(r"<[^>]*>", " ", svg)
    for seat in (1, 2):
        assert views.seat_name(seat) in shown, views.seat_name(seat)
    assert not OLD_NAMES.search(shown), OLD_NAMES.search(shown)
