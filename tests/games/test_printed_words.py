"""Every text a player reads names things as the game's components print them: the terminal
view, the SVG board's visible text (its text nodes and tooltips, not its attributes), the
moves' names and the refusals of illegal moves. A data file's ``id`` (``the_emperor``,
``add-ap-2``, ``G04``) stays in attributes, the JSON API and the observation.

Random games are sampled in every mode and player count; the counts in the text are checked
too ("1 points" is no English)."""

from __future__ import annotations

import json
import random
import re
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

import towers
from tests.games.sampling import sampled_states
from towers.core.registry import views_of

GAMES = Path(towers.__file__).parent / "games"

CASES = [
    ("torres", 2, {}),
    ("torres", 3, {"variant": "master"}),
    ("torres", 4, {"variant": "common_deck"}),
    ("turris", 1, {}),
    ("turris", 3, {}),
    ("dark_tower", 1, {}),
    ("dark_tower", 3, {"mode": "competitive"}),
    ("tiletum", 2, {}),
    ("tiletum", 4, {"action_tiles": True}),
    ("sifnos", 1, {}),
    ("sifnos", 2, {"solo_opponent": True}),
    ("sifnos", 4, {}),
]

NOT_YET: dict[str, str] = {}
"""Games whose texts still show ids: their case is expected to fail until it is fixed."""

ENGLISH_COMPOUNDS = frozenset(
    {
        "north-west",
        "north-east",
        "south-west",
        "south-east",
        "set-up",
        "face-up",
        "face-down",
        "in-use",
        "two-player",
        "first-player",
        "one-shot",
        "non-empty",
    }
)
"""Hyphenated words of ordinary English, which no id is."""

NOUNS = (
    "player|block|point|space|card|turn|skull|warrior|round|coin|tile|knight|castle|floor|"
    "level|action|gem|token|worker|resource|step|square|move|hero|foe|month|seat|tower|"
    "marker|cube|scout|beast|ship|stone|building|influence|sword|spirit|item|quest|game|"
    "advantage|mission|scheme|soldier|prestige|pillar|house|contract|value|stack"
)
ONE_OF_MANY = re.compile(rf"(?<![\d.,/-])\b1 (?:{NOUNS})s\b", re.IGNORECASE)
SNAKE = re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b")
KEBAB = re.compile(r"(?<![\w-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w-])")


def _is_kebab_id(word: str) -> bool:
    # a square pair ("e2-e4") or a range ("1-3") has no part of two letters
    parts = word.split("-")
    if re.fullmatch(r"level-\d", word):  # "a level-2 foe", as the rulebooks write it
        return False
    return word not in ENGLISH_COMPOUNDS and any(re.fullmatch(r"[a-z]{2,}", p) for p in parts)


@cache
def data_ids(game: str) -> frozenset[str]:
    """The ids of the game's data that its printed names do not spell: ids with ``_``, ``-``
    or a digit in them (a lone word such as ``forge`` reads as the printed ``Forge``)."""
    ids: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            key = x.get("id", x.get("key"))
            name = x.get("name")
            if isinstance(key, str) and (not isinstance(name, str) or key != name):
                if re.search(r"[_\-\d]", key):
                    ids.add(key)
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for path in sorted((GAMES / game / "data").iterdir()):
        if path.suffix == ".toml":
            walk(tomllib.loads(path.read_text()))
        elif path.suffix == ".json":
            walk(json.loads(path.read_text()))
    return frozenset(ids)


def ids_in(game: str, text: str) -> set[str]:
    """The ids and id-like words in ``text``."""
    found = set(SNAKE.findall(text)) | {w for w in KEBAB.findall(text) if _is_kebab_id(w)}
    words = set(re.findall(r"(?<![\w-])[\w-]+(?![\w-])", text))
    return found | (words & data_ids(game))


def visible_svg_text(svg: str) -> str:
    """The text a person sees on the board: text nodes, ``<title>`` tooltips included."""
    return "\n".join(ElementTree.fromstring(svg).itertext())


def texts_of(game_name: str, state: Any, rng: random.Random) -> Iterator[tuple[str, str]]:
    views = views_of(state.game)
    seat = state.current_player() if state.current_player() >= 0 else 0
    yield "text view", views.text(state, seat)
    svg = views.svg(state, seat)
    if svg is not None:
        yield "SVG board", visible_svg_text(svg)
    if state.is_terminal():
        return
    legal = state.legal_actions()
    yield "move names", "\n".join(state.action_to_string(a) for a in legal)
    legal_set = set(legal)
    tried = rng.sample(range(state.game.num_distinct_actions()), 20)
    refused = [a for a in tried if a not in legal_set][:5]
    yield "refusals", "\n".join(str(state.explain(a)) for a in refused)


def _cases() -> Iterator[Any]:
    for name, players, options in CASES:
        marks = [pytest.mark.xfail(reason=NOT_YET[name], strict=True)] if name in NOT_YET else []
        label = f"{name}-{players}p" + "".join(f"-{v}" for v in options.values())
        yield pytest.param(name, players, options, id=label, marks=marks)


@pytest.mark.parametrize(("name", "players", "options"), list(_cases()))
def test_texts_name_things_as_printed(name: str, players: int, options: dict[str, Any]) -> None:
    rng = random.Random(7)
    wrong: dict[str, set[str]] = {}
    for state in sampled_states(name, players, seed=3, every=9, **options):
        for where, text in texts_of(name, state, rng):
            for word in ids_in(name, text) | set(ONE_OF_MANY.findall(text)):
                wrong.setdefault(where, set()).add(word)
    assert not wrong, "; ".join(f"{w}: {', '.join(sorted(v)[:12])}" for w, v in wrong.items())


def test_the_finder_sees_ids_and_spares_words() -> None:
    assert ids_in("torres", "play six_ap, then e2-e4") == {"six_ap"}
    assert ids_in("dark_tower", "the north-west corner") == set()
    assert ids_in("dark_tower", "Goal: recover-azkols-treasures") == {"recover-azkols-treasures"}
    assert ONE_OF_MANY.findall("1 points, 2 points, 11 points, 1 point") == ["1 points"]
