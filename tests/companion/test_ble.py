"""The companion session against a real tower's stand-in: the Bluetooth package's fake tower
at bleak's level (no radio). Runs once that package is installed with towers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.companion.helpers import table_choice
from towers.agents.greedy import GreedyBot
from towers.companion.session import TOWER, CompanionSession
from towers.games.dark_tower import frames as F

ble = pytest.importorskip("towers.games.dark_tower.ble")
fake_module = pytest.importorskip("towers.games.dark_tower.ble.fake")


def connect(fake: Any) -> Any:
    def factory(kind: str, tower: Any = None) -> Any:
        return ble.open_tower(
            kind, tower=tower, scanner=fake.scanner, client_factory=fake.client_factory
        )

    return factory


def drums(fake: Any) -> list[int]:
    return [d.position for d in fake.state.drums]


def test_a_session_with_a_real_tower_connects_plays_and_survives_a_lost_connection() -> None:
    fake = fake_module.FakeTower()
    session = CompanionSession.new(2, seed=9, tower_kind="ble", tower=connect(fake))
    assert not session.mirror.simulated
    bot = GreedyBot(seed=9)
    rng = random.Random(9)
    session.advance()
    asked_where = 0
    lost = False
    while not session.is_over():
        if isinstance(session.state.pending[-1], F.Releasing):
            assert session.source() == TOWER and not session.is_drawn()
            asked_where += 1
        if session.state.month == 2 and not lost:
            fake.drop_connection()
            lost = True
        session.enter(table_choice(session, bot, rng))
        # the tower on the table turned as the engine's did
        assert drums(fake) == session.state.tower.drums
    assert lost and asked_where > 10
    assert session.mirror.problem is None
