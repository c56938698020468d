"""Towers of Sifnos's board names each seat as every screen does (the game's
``Views.seat_name``), never "P2 (blue)" nor "seat 1"; the Scheme-driven opponent, no seat,
is the Schemes."""

from __future__ import annotations

import re
from typing import Any

import pytest

import towers
from tests.games.sampling import sampled_states
from towers.core.registry import views_of
from towers.games.sifnos.views import SifnosViews

OTHER_NAMES = re.compile(r"\bP[1-4]\b|\bseat [0-3]\b|\((?:red|blue|green|yellow)\)")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_names_the_seats_by_their_seat_names(players: int) -> None:
    for state in sampled_states("sifnos", players, seed=40 + players, every=150, steps=300):
        views = views_of(state.game)
        document = views.svg(state, 0) or ""
        assert not OTHER_NAMES.search(document), OTHER_NAMES.findall(document)
        for seat in range(1, players):
            assert f"{views.seat_name(seat)}: Player Board — " in document
            assert f'data-name="{views.seat_name(seat)}&#x27;s Cards"' in document
        assert f"{views.seat_name(0)} (you): Player Board — " in document


def test_the_board_asks_the_games_views_for_the_name(monkeypatch: Any) -> None:
    monkeypatch.setattr(SifnosViews, "seat_name", lambda self, seat: f"Zed{seat}")
    state = towers.make("sifnos", players=2).new_initial_state()
    document = views_of(state.game).svg(state, 0) or ""
    assert "Zed1: Player Board — " in document and "Zed0 (you): Player Board — " in document


@pytest.mark.parametrize("players", [1, 2])
def test_the_scheme_driven_opponent_is_the_schemes(players: int) -> None:
    options = {"solo_opponent": True} if players == 2 else {}
    state = next(iter(sampled_states("sifnos", players, seed=5, steps=1, **options)))
    document = views_of(state.game).svg(state, 0) or ""
    assert "The Schemes: Solo Board — " in document
    assert ">The Schemes<" in document
    assert not OTHER_NAMES.search(document), OTHER_NAMES.findall(document)
