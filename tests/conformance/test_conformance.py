"""Every conformance check over every game and every player count it allows.

The games are the shipped ones and the test game "toy" (see ``suite.suite_games``).

Hypothesis picks the seeds; a failure prints the seed, and
``towers.core.conformance.CHECKS[check](towers.make(game, players=n), seed)`` reproduces it.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import towers
from towers.core.conformance import CHECKS
from towers.core.registry import game_class

from .suite import suite_games


def _seatings() -> list[tuple[str, int | None]]:
    """(game, players) for every registered game; players None when the game cannot load."""
    out: list[tuple[str, int | None]] = []
    for name in suite_games():
        try:
            cls = game_class(name)
        except Exception:  # reported by the test itself, not at collection
            out.append((name, None))
            continue
        out += [(name, n) for n in range(cls.min_players, cls.max_players + 1)]
    return out


SEATINGS = _seatings()

# Games run to their end, so a few seeds per check are enough; shrinking a seed tells nothing.
conformance_settings = settings(
    max_examples=5,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize(("name", "players"), SEATINGS, ids=[f"{g}-{n}p" for g, n in SEATINGS])
@conformance_settings
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_conformance(name: str, players: int | None, check: str, seed: int) -> None:
    if players is None:
        game_class(name)  # raises the import error that kept the game from loading
    game = towers.make(name, players=players)
    CHECKS[check](game, seed)


def test_every_game_offers_a_player_count() -> None:
    for name, players in SEATINGS:
        if players is not None:
            cls = game_class(name)
            assert 1 <= cls.min_players <= cls.max_players, name


def test_the_suite_covers_the_shipped_games_and_the_toy() -> None:
    names = suite_games()
    assert "toy" in names and "torres" in names
    assert set(names) <= set(towers.list_games())
