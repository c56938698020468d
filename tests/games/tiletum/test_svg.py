"""The Tiletum SVG board: well-formed XML, unique ids, and every click target drawn."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from towers.core.chance import sample_chance
from towers.core.registry import views_of
from towers.games.tiletum import actions as A
from towers.games.tiletum.rules import TiletumGame

NS = "{http://www.w3.org/2000/svg}"


def _ids(text: str) -> list[str]:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return [el.get("id") for el in root.iter() if el.get("id") is not None]


def _check(game: TiletumGame, state) -> int:
    """Draw for the player to move and for a spectator; return how many targets were checked."""
    seat = state.current_player()
    drawn = views_of(game).svg(state, seat if seat >= 0 else None)
    assert drawn is not None
    ids = _ids(drawn)
    assert len(ids) == len(set(ids)), "duplicate ids"
    present = set(ids)
    checked = 0
    if state.is_terminal() or state.is_chance_node():
        return 0
    for action in state.legal_actions():
        for ident in views_of(game).targets(action):
            assert ident in present, (A.to_string(action), ident)
            checked += 1
    return checked


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_targets_are_drawn_through_a_random_game(players: int, seed: int) -> None:
    game = TiletumGame(players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    checked = 0
    steps = 0
    while not state.is_terminal() and steps < 2500:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            if steps % 2 == 0:
                checked += _check(game, state)
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    _check(game, state)
    _ids(views_of(game).svg(state, None) or "")
    assert checked > 0


def test_spectator_view_parses_and_has_no_own_board() -> None:
    game = TiletumGame(2)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    text = views_of(game).svg(state, None) or ""
    ids = _ids(text)
    assert "room-1-1" not in ids
    assert "king-track" in ids and "contract-1" in ids and "character-1" in ids
    assert all(f"spot-{name}" in ids for name in A.DATA.spot_ids)
    mine = _ids(views_of(game).svg(state, 0) or "")
    assert "room-1-1" in mine


def test_targets_name_the_board() -> None:
    assert views_of(TiletumGame(2)).targets(A.take_die(3, 0)) == ["die-3-yellow"]
    assert views_of(TiletumGame(2)).targets(A.TAKE_CONTRACT + 1) == ["contract-2"]
    assert views_of(TiletumGame(2)).targets(A.TAKE_CHARACTER) == ["character-1"]
    # a house space is chosen through its town, a fingertip wide (the page asks which space)
    assert views_of(TiletumGame(2)).targets(A.house(2, 0)) == ["spot-paris"]
    assert views_of(TiletumGame(2)).targets(A.END_TURN) == []
