"""Events, one test for each category (rulebook: Events; events.toml for the cards)."""

from __future__ import annotations

from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import N_FOES
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerState

from .conftest import act, chance, event, loc, middle, new_game, resolve


def _card(category: str, **fields: object) -> int:
    for i, e in enumerate(DATA.events):
        if e.category == category and all(getattr(e, k) == v for k, v in fields.items()):
            return i
    raise AssertionError(category)


def _to_event(state: DarkTowerState) -> DarkTowerState:
    """Seat 0 drops its skull, the tower lets nothing out: the event deck is next."""
    middle(state)
    act(state, "drop a skull")
    chance(state, "tower: still")
    assert isinstance(state.pending[-1], F.EventDraw)
    return state


def _event(state: DarkTowerState, card: int) -> None:
    event(state, card)


def test_foes_strike_step_toward_the_nearest_hero_and_strike() -> None:
    state = _to_event(new_game(2))
    near = DATA.adjacent[state.at[0]][0]
    state.foes[near * N_FOES + 0] = 1
    _event(state, _card("foes_strike", foe=0))  # Brigands, ready: 1 step, lose 1 warrior
    assert state.foes[state.at[0] * N_FOES] == 1 and state.foes[near * N_FOES] == 0
    resolve(state)
    assert state.warriors[0] == 6


def test_foes_strike_is_skipped_when_none_of_that_foe_is_on_the_board() -> None:
    state = _to_event(new_game(2))
    _event(state, _card("foes_strike", foe=2))
    assert state.warriors == [7, 7] and isinstance(state.pending[-1], F.StartTurn)


def test_foes_spawn_at_random_spaces() -> None:
    state = _to_event(new_game(2))
    _event(state, _card("foes_spawn", foe=0, count=2))
    chance(state, "spawn at Anza")
    chance(state, "spawn at Dayside")
    assert state.foes[loc("Anza") * N_FOES] == 1 and state.foes[loc("Dayside") * N_FOES] == 1


def test_foes_grow_in_power_only_when_on_the_board() -> None:
    state = _to_event(new_game(2))
    state.foes[loc("Anza") * N_FOES + 1] = 1
    _event(state, _card("foes_grow", foe=-1))
    assert state.status == [2, 3, 2]  # only the level-3 foe is on the board: ready -> savage


def test_foes_grow_stops_at_lethal() -> None:
    state = _to_event(new_game(2))
    state.foes[loc("Anza") * N_FOES] = 1
    state.status[0] = 4
    _event(state, _card("foes_grow", foe=0))
    assert state.status[0] == 4


def test_the_tower_stirs_a_drum_turns() -> None:
    state = _to_event(new_game(2))
    _event(state, _card("tower_stirs", level=0, steps=1))
    assert state.tower.drums[0] == 1
    assert state.tower.glyph_sides()["quest"] == 3  # south, one step clockwise: west
    resolve(state)


def test_the_tower_stirs_a_seal_is_removed() -> None:
    state = _to_event(new_game(2))
    _event(state, _card("tower_stirs", seal=True))
    assert isinstance(state.pending[-1], F.SealGlow)
    chance(state, "the seal at middle east glows")
    assert not state.tower.is_sealed(5)


def test_the_tower_acts_the_adversary_strikes_where_the_battle_glyph_faces() -> None:
    state = _to_event(new_game(2))
    assert state.tower.glyph_sides()["battle"] == 0  # north: seat 0's home, where it stands
    _event(state, _card("tower_acts"))
    resolve(state)
    assert (state.warriors, state.spirit) == ([4, 7], [1, 1])  # Ashstrider: lose 3 warriors


def test_companion_events_reward_the_heroes_with_companions() -> None:
    state = _to_event(new_game(2))
    _event(state, _card("companion", effects=((2, 2),)))  # gain 2 spirit
    assert state.spirit == [3, 1]  # seat 0 has Zaida, seat 1 no companion


def test_new_wares_replace_treasures_of_the_market() -> None:
    state = _to_event(new_game(2))
    old = state.market[0]
    _event(state, _card("new_wares"))
    act(state, "replace market 1")
    resolve(state)
    assert state.market[0] not in (-1, old)
    act(state, "done")
    assert isinstance(state.pending[-1], F.StartTurn)


def test_calm_nothing_happens() -> None:
    state = _to_event(new_game(2))
    _event(state, _card("calm"))
    assert isinstance(state.pending[-1], F.StartTurn) and state.current == 1
