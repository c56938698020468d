"""The shipped conformance checks over Tiletum's action tiles variant.

The default options at every player count, the golden replays and the perft counts are
covered for every game by tests/conformance with the data under tests/data/tiletum/.
"""

from __future__ import annotations

import pytest

import towers
from towers.core.conformance import CHECKS


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_conformance_with_action_tiles(check: str) -> None:
    game = towers.make("tiletum", players=3, action_tiles=True)
    CHECKS[check](game, 7)
