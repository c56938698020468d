"""Towers of Sifnos's observation tensor: a fixed length per player count, every value within
its part's bounds, and nothing a seat may not see (the core conformance check), 2 to 4
players."""

from __future__ import annotations

import random

import pytest

from towers.core.chance import sample_chance
from towers.core.conformance import check_tensor
from towers.core.registry import make, tensor_of
from towers.games.sifnos.actions import DATA


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_tensor_conforms(players: int, seed: int) -> None:
    check_tensor(make("sifnos", players=players), seed=seed)


def test_tensor_length_grows_with_the_player_count_only() -> None:
    sizes = [tensor_of(make("sifnos", players=n)).size for n in (2, 3, 4)]
    assert sizes == [1498, 1879, 2260]
    assert len(tensor_of(make("sifnos", players=3)).describe().splitlines()) == 2 + 14


def _played(players: int, steps: int, seed: int = 3) -> object:
    game = make("sifnos", players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_chance_node():
            state.apply_trusted(sample_chance(state, rng))
        else:
            state.apply_trusted(rng.choice(state.legal_actions()))
    return state


def test_a_spectator_sees_no_hand_and_a_seat_sees_its_own() -> None:
    state = _played(3, 400)
    tensor = tensor_of(state.game)  # type: ignore[attr-defined]
    hand = tensor.split(tensor.encode(state.observation(None)))["hand"]  # type: ignore[attr-defined]
    assert not any(hand)
    for seat in range(3):
        mine = tensor.split(tensor.encode(state.observation(seat)))["hand"]  # type: ignore[attr-defined]
        assert [c for c, v in enumerate(mine) if v] == state.hands[seat]  # type: ignore[attr-defined]


def test_per_side_parts_start_from_the_observers_seat() -> None:
    state = _played(3, 400)
    tensor = tensor_of(state.game)  # type: ignore[attr-defined]
    per_side = len(tensor.split(tensor.encode(state.observation(0)))["players"]) // 3
    for seat in range(3):
        players = tensor.split(tensor.encode(state.observation(seat)))["players"]  # type: ignore[attr-defined]
        lead = players[2] * DATA.game["influence_track"]["last"]
        assert round(lead) == state.influence[seat][0]  # type: ignore[attr-defined]
        turn = tensor.split(tensor.encode(state.observation(seat)))["turn"]  # type: ignore[attr-defined]
        assert turn[(state.turn - seat) % 3] == 1.0  # type: ignore[attr-defined]
    assert per_side == 44
