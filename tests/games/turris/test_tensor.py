"""Turris's observation tensor: a fixed length per player count, every value within its
part's bounds, and nothing a seat may not see (the core conformance check), 2 to 5 players."""

from __future__ import annotations

import pytest

from towers.core.conformance import check_tensor
from towers.core.registry import make, tensor_of


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_tensor_conforms(players: int, seed: int) -> None:
    check_tensor(make("turris", players=players), seed=seed)


def test_tensor_length_grows_with_the_player_count_only() -> None:
    sizes = [tensor_of(make("turris", players=n)).size for n in (1, 2, 3, 4, 5)]
    assert sizes == [642, 854, 1066, 1278, 1490]
    assert len(set(tensor_of(make("turris", players=3)).describe().splitlines())) == 20


def test_the_solo_part_shows_the_betrayers_and_is_zeros_with_opponents() -> None:
    """Appendix 1: the Betrayers' Scouts, their Prestige, the Damaged tokens, the d4's Beast
    and the Beast Movement card are read from the observation; a game with opponents has none."""
    game = make("turris", players=1)
    tensor = tensor_of(game)
    state = game.new_initial_state()
    while state.is_chance_node() or state.phase == "setup":
        state.apply_action(state.legal_actions()[0])
    state.betrayer_prestige = 30
    state.damaged[2] = True
    state.beast_die = 3
    state.movement_card = 7
    state.phase = "betrayers"
    parts = tensor.split(tensor.encode(state.observation(0)))
    nodes = game.n_nodes
    solo = parts["solo"]
    assert [k for k in range(nodes) if solo[k]] == sorted(state.betrayer_at)
    assert solo[nodes] == pytest.approx(0.5)
    assert solo[nodes + 1 : nodes + 7] == [0, 0, 1, 0, 0, 0]
    assert solo[nodes + 7 : nodes + 11] == [0, 0, 0, 1]
    assert solo[nodes + 11 :].index(1.0) == 6 and sum(solo[nodes + 11 :]) == 1
    assert parts["phase"] == [0, 0, 1, 0, 0]

    duo = make("turris", players=2)
    state = duo.new_initial_state()
    for _ in range(40):
        state.apply_action(state.legal_actions()[-1])
    assert not any(tensor_of(duo).split(tensor_of(duo).encode(state.observation(0)))["solo"])


def test_a_spectator_sees_no_hand() -> None:
    game = make("turris", players=3)
    tensor = tensor_of(game)
    state = game.new_initial_state()
    while state.is_chance_node() or not any(state.hands):
        state.apply_action(state.legal_actions()[0])
    hand = tensor.split(tensor.encode(state.observation(None)))["hand"]
    assert not any(hand)
    seat = next(s for s in range(3) if state.hands[s])
    mine = tensor.split(tensor.encode(state.observation(seat)))["hand"]
    assert sum(mine) == len(set(state.hands[seat]))
