"""No seat is shown what it may not know, in any game and any mode: the conformance check
``views`` (:func:`towers.core.conformance.check_views`) over random games of every registered
game with hidden information, at every player count, under its default options and under
each value of every option with few choices (Torres's variants, Return to Dark Tower's
competitive game, Towers of Sifnos's Scheme-driven opponent, ...), so that a mode added later
is covered too.

``TOWERS_PRIVACY_GAMES`` sets the number of random games per mode and player count (2 by
default), and ``TOWERS_PRIVACY_SAMPLES`` the worlds followed and positions re-dealt in each
(the check's default otherwise); a thorough run:
``TOWERS_PRIVACY_GAMES=100 TOWERS_PRIVACY_SAMPLES=3 pytest tests/conformance/test_privacy.py``.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import towers
from towers.core.conformance import DEFAULT_SAMPLES, check_views
from towers.core.errors import GameOptionError
from towers.core.registry import game_class

from .suite import suite_games

FEW_CHOICES = 3
"""An option with at most this many choices is a mode, each of whose values is checked."""

GAMES = int(os.environ.get("TOWERS_PRIVACY_GAMES", "2"))
SAMPLES = int(os.environ.get("TOWERS_PRIVACY_SAMPLES", str(DEFAULT_SAMPLES)))


def modes(name: str) -> list[dict[str, Any]]:
    """The default options, and each value of each option with few choices set alone."""
    out: list[dict[str, Any]] = [{}]
    for key, option in game_class(name).OPTIONS.items():
        if 1 < len(option.choices) <= FEW_CHOICES:
            out += [{key: value} for value in option.choices if value != option.default]
    return out


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for name in suite_games():
        cls = game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            for options in modes(name):
                try:
                    game = towers.make(name, players=players, **options)
                except GameOptionError:
                    continue  # a mode not played at this count (the competitive game alone)
                if game.has_hidden_information():
                    out.append((name, players, options))
    return out


CASES = cases()


def test_the_modes_with_hidden_information_are_all_here() -> None:
    named = {(n, p, tuple(sorted(o.items()))) for n, p, o in CASES}
    assert ("dark_tower", 2, (("mode", "competitive"),)) in named
    assert ("sifnos", 2, (("solo_opponent", True),)) in named
    assert ("torres", 3, (("variant", "common_deck"),)) in named
    assert ("turris", 1, ()) in named


@pytest.mark.parametrize(
    ("name", "players", "options"),
    CASES,
    ids=[f"{n}-{p}p-" + ",".join(f"{k}={v}" for k, v in o.items()) for n, p, o in CASES],
)
def test_no_view_shows_a_seat_what_it_may_not_know(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = towers.make(name, players=players, **options)
    for seed in range(GAMES):
        check_views(game, seed, samples=SAMPLES)
