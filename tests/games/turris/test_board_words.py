"""Turris's board as a new player reads it: the phone's Board tab holds the map alone, and a
Mission's cost and the supply's tokens are named in words, not in the tokens' letters."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from tests.games.sampling import sampled_states
from tests.games.test_printed_words import visible_svg_text
from towers.core.registry import views_of
from towers.games.turris import actions as A
from towers.games.turris.render import TOKEN_NAMES
from towers.games.turris.rules import TurrisGame
from towers.games.turris.svg import cost_words

D = A.DATA
SVG = "{http://www.w3.org/2000/svg}"
LETTERS = re.compile(r"\b\d+[IKRWA]\b")
"""A count of tokens written with the token's letter (``3W``), as card faces once did."""


def _parts(svg: str) -> dict[str, str]:
    root = ElementTree.fromstring(svg)
    return {
        g.get("data-name", ""): g.get("data-part", "")
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "tw-panel"
    }


def test_the_board_part_is_the_map_alone() -> None:
    for players in (1, 3):
        state = TurrisGame(players).new_initial_state()
        parts = _parts(views_of(state.game).svg(state, 0) or "")
        assert [name for name, part in parts.items() if part == "board"] == ["The board"]
        assert parts["Altar and Beasts"] == "scores"
        assert parts["Location rewards"] == "supply"


def test_a_cost_names_its_tokens() -> None:
    costs = {cost_words(m.cost) for m in D.missions}
    assert all(not LETTERS.search(c) for c in costs), costs
    words = set(" ".join(costs).replace(",", " ").split())
    assert words & set(TOKEN_NAMES.values())
    mission = next(m for m in D.missions if len({t for t in "IKRW" if m.cost.count(t)}) >= 2)
    said = cost_words(mission.cost)
    assert " and " in said and all(
        TOKEN_NAMES[t] in said for t in "IKRW" if mission.cost.count(t)
    ), said


def test_no_token_is_shown_by_its_letter_alone() -> None:
    for state in sampled_states("turris", 2, seed=5, every=9, steps=120):
        svg = views_of(state.game).svg(state, 0) or ""
        text = visible_svg_text(svg)
        assert not LETTERS.search(text), LETTERS.findall(text)[:5]
        # the supply's tokens and each player's resources say their names under their colour
        for name in ("Ichor", "Knowledge", "Relics", "Weaponry", "Artifact"):
            assert text.count(name) >= 3, name


def test_the_map_foot_gives_the_marks_and_the_beasts_whole() -> None:
    state = TurrisGame(2).new_initial_state()
    text = visible_svg_text(views_of(state.game).svg(state, 0) or "")
    assert "① one Scout at most" in text and "⚡ resolved when Placed" in text
    for beast in D.beasts:
        assert f"{beast.name[:3]} {beast.name}" in text
