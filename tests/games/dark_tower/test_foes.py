"""Each foe and adversary plays by its own designed cards, strike and advance (foes.toml), and
foes calm down as well as grow in power (events.toml; rules: Events)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import GOAL, HEROIC_SPIRIT, N_FOES, START_STATUS
from towers.games.dark_tower.data import (
    DATA,
    LOSE_SPIRIT,
    LOSE_WARRIORS,
    STATUSES,
    DataError,
    Effects,
    parse_effects,
)
from towers.games.dark_tower.rules import DarkTowerState

from .conftest import act, chance, event, middle, new_game, resolve

FOES = [f.id for f in DATA.foes if f.kind == "foe"]
ADVERSARIES = [f.id for f in DATA.foes if f.kind == "adversary"]
READY = STATUSES.index("ready")
LETHAL = STATUSES.index("lethal")
PANICKED = STATUSES.index("panicked")
RAW = tomllib.loads(
    (Path(__file__).parents[3] / "towers/games/dark_tower/data/foes.toml").read_text()
)["foes"]


def _lost(effects: Effects, code: int) -> int:
    return sum(n for c, n in effects if c == code)


def _with_foe(foe_id: str) -> tuple[DarkTowerState, int]:
    """A two-player game against ``foe_id`` (in its level's place), seat 0 in its Middle of
    Turn; the foe's slot."""
    level = DATA.foes[DATA.foe(foe_id)].level
    state = middle(new_game(2, **{f"foe{level}": foe_id}))
    return state, level - 2


def _event_card(category: str, **fields: object) -> int:
    for i, e in enumerate(DATA.events):
        if e.category == category and all(getattr(e, k) == v for k, v in fields.items()):
            return i
    raise AssertionError(f"no {category} event with {fields}")


def _to_event(state: DarkTowerState) -> None:
    act(state, "drop a skull")
    chance(state, "tower: still")
    assert isinstance(state.pending[-1], F.EventDraw)


# ---- every foe its own ----------------------------------------------------------------------
def test_every_foe_and_adversary_has_its_own_cards_strike_and_advance() -> None:
    tables = {repr((f.battle, f.strike, f.strike_moves, f.advance)) for f in DATA.foes}
    assert len(tables) == len(DATA.foes) == 20


def test_no_two_foes_share_a_battle_card_table_or_a_strike() -> None:
    assert len({f.battle for f in DATA.foes}) == 20
    assert len({(f.strike, f.strike_moves, f.advance) for f in DATA.foes}) == 20


@pytest.mark.parametrize("item", RAW, ids=[f["id"] for f in RAW])
def test_each_designed_table_says_why(item: dict[str, object]) -> None:
    strike = item["strike"]
    assert isinstance(strike, dict)
    for source in (item["battle_source"], strike["source"]):
        assert isinstance(source, str) and source.startswith("designed: ")
        assert len(source) > len("designed: ") + 20


@pytest.mark.parametrize("foe_id", FOES)
def test_a_battle_against_each_foe_deals_its_own_cards(foe_id: str) -> None:
    foe = DATA.foes[DATA.foe(foe_id)]
    state, slot = _with_foe(foe_id)
    state.foes[state.at[0] * N_FOES + slot] = 1
    state.warriors[0], state.spirit[0] = 20, 20
    state.gear[0][0] = 1  # one of each, so a loss takes it without a choice
    state.potions[0][0] = 1
    act(state, f"battle foe{foe.level}")
    assert state.game.foes[slot] == DATA.foe(foe_id)
    for c, card in enumerate(("clash", "onslaught", "ambush", "rout")[: foe.level]):
        chance(state, f"battle card {card}")
        top = state.pending[-1]
        assert isinstance(top, F.Battling)
        assert state.battle_ladder(top) == foe.battle[READY][c]
        warriors, spirit = state.warriors[0], state.spirit[0]
        act(state, "resolve")
        worst = foe.battle[READY][c][0]
        assert state.warriors[0] == warriors - _lost(worst, LOSE_WARRIORS)
        last = c == foe.level - 1  # the foe removed: 2 spirit for the heroic action
        gain = HEROIC_SPIRIT + sum(p.heroic for p in state.perks(0)) if last else 0
        assert state.spirit[0] == spirit - _lost(worst, LOSE_SPIRIT) + gain
        state.gear[0][0] = state.potions[0][0] = 1
    resolve(state)
    assert state.foes[state.at[0] * N_FOES + slot] == 0 and state.corruptions[0] == []


@pytest.mark.parametrize("adversary_id", ADVERSARIES)
def test_a_battle_against_each_adversary_deals_its_own_cards(adversary_id: str) -> None:
    adversary = DATA.foes[DATA.foe(adversary_id)]
    state = middle(new_game(2, adversary=adversary_id))
    state.goal_step = len(GOAL.steps)
    state.adversary_at = state.at[0]
    state.warriors[0] = 20
    act(state, "battle adversary")
    chance(state, "battle card onslaught")
    top = state.pending[-1]
    assert isinstance(top, F.Battling)
    assert state.battle_ladder(top) == adversary.battle[0][1]
    act(state, "resolve")
    worst = adversary.battle[0][1][0]
    assert state.warriors[0] == 20 - _lost(worst, LOSE_WARRIORS)


@pytest.mark.parametrize("foe_id", FOES)
def test_each_foe_strikes_with_its_own_strike(foe_id: str) -> None:
    foe = DATA.foes[DATA.foe(foe_id)]
    state, slot = _with_foe(foe_id)
    state.foes[state.at[0] * N_FOES + slot] = 1
    state.spirit[0] = 5
    _to_event(state)
    event(state, _event_card("foes_strike", foe=slot))
    resolve(state)
    strike = foe.strike[READY]
    assert strike, foe_id
    assert state.warriors[0] == 7 - _lost(strike, LOSE_WARRIORS)
    assert state.spirit[0] == 5 - _lost(strike, LOSE_SPIRIT)
    assert state.corruptions[0] == []  # steal never corrupts a hero with nothing to take


def test_shadow_wolves_run_farther_than_brigands() -> None:
    wolves = DATA.foes[DATA.foe("shadow-wolves")]
    brigands = DATA.foes[DATA.foe("brigands")]
    assert all(w >= b for w, b in zip(wolves.strike_moves, brigands.strike_moves, strict=True))
    assert wolves.strike_moves[READY] == 2
    state, slot = _with_foe("shadow-wolves")
    two_away = next(
        b for a in DATA.adjacent[state.at[0]] for b in DATA.adjacent[a]
        if b != state.at[0] and b not in DATA.adjacent[state.at[0]]
    )  # fmt: skip
    state.foes[two_away * N_FOES + slot] = 1
    _to_event(state)
    event(state, _event_card("foes_strike", foe=slot))
    assert state.foes[state.at[0] * N_FOES + slot] == 1  # two steps: on the hero
    resolve(state)
    assert state.warriors[0] == 7 - _lost(wolves.strike[READY], LOSE_WARRIORS)


def test_frost_trolls_ready_do_not_walk() -> None:
    state, slot = _with_foe("frost-trolls")
    near = DATA.adjacent[state.at[0]][0]
    state.foes[near * N_FOES + slot] = 1
    _to_event(state)
    event(state, _event_card("foes_strike", foe=slot))
    resolve(state)
    assert state.foes[near * N_FOES + slot] == 1 and state.warriors[0] == 7


def test_brigands_steal_potions_then_gear_and_no_more_than_there_is() -> None:
    state, slot = _with_foe("brigands")
    state.foes[state.at[0] * N_FOES + slot] = 1
    state.status[slot] = STATUSES.index("savage")  # lose 1 warriors, steal 2
    state.potions[0][0] = 1
    state.gear[0][2] = 3
    _to_event(state)
    event(state, _event_card("foes_strike", foe=slot))
    resolve(state)
    assert sum(state.potions[0]) == 0 and state.gear[0][2] == 2 and state.warriors[0] == 6
    assert state.corruptions[0] == []


def test_steal_is_an_effect_of_the_data_files() -> None:
    assert parse_effects("lose 1 warriors, steal 2")[1] == (parse_effects("steal 1")[0][0], 2)
    with pytest.raises(DataError, match="steal N"):
        parse_effects("steal 0")


@pytest.mark.parametrize("adversary_id", ADVERSARIES)
def test_the_tower_acts_with_each_adversarys_own_strike(adversary_id: str) -> None:
    adversary = DATA.foes[DATA.foe(adversary_id)]
    state = middle(new_game(2, adversary=adversary_id))
    state.spirit[0] = 5
    _to_event(state)
    assert state.tower.glyph_sides()["battle"] == 0  # north: seat 0's home, where it stands
    event(state, _event_card("tower_acts"))
    resolve(state)
    assert state.warriors[0] == 7 - _lost(adversary.strike[0], LOSE_WARRIORS)
    assert state.spirit[0] == 5 - _lost(adversary.strike[0], LOSE_SPIRIT)


@pytest.mark.parametrize("adversary_id", ["lingering-rot", "bane-of-omens"])
def test_a_failed_adversary_quest_advances_each_adversary_its_own_way(adversary_id: str) -> None:
    adversary = DATA.foes[DATA.foe(adversary_id)]
    state = new_game(1, adversary=adversary_id)
    state.spirit[0] = 5
    state.monthly[1] = 0  # the month's adversary quest is still open
    state.turns_left = 1
    state._next_turn(0)
    advances = [f for f in state.pending if isinstance(f, F.Effects)]
    assert len(advances) == 1
    assert (
        tuple(zip(advances[0].effects[::2], advances[0].effects[1::2], strict=True))
        == adversary.advance
    )


# ---- foes calm down ---------------------------------------------------------------------------
def test_a_companion_event_calms_every_foe_on_the_board() -> None:
    state = middle(new_game(2))
    state.foes[state.at[1] * N_FOES + 0] = 1
    state.foes[state.at[1] * N_FOES + 2] = 1
    state.status = [LETHAL, LETHAL, READY]
    _to_event(state)
    event(state, _event_card("companion", calm=True, foe=-1))
    # the level-3 foe is not on the board: nothing to calm
    assert state.status == [LETHAL - 1, LETHAL, READY - 1]


def test_a_companion_event_calms_one_foe_down_to_panicked_and_no_lower() -> None:
    state = middle(new_game(2))
    state.foes[state.at[1] * N_FOES + 2] = 1
    state.status[2] = PANICKED + 1
    card = _event_card("companion", calm=True, foe=2)
    _to_event(state)
    event(state, card)
    assert state.status[2] == PANICKED
    state._event(1, card)  # drawn again: panicked is the calmest
    assert state.status[2] == PANICKED


def test_no_hero_with_a_companion_calms_no_foe() -> None:
    state = middle(new_game(2))
    state.companions = [[], []]
    state.foes[state.at[1] * N_FOES + 0] = 1
    state.status[0] = LETHAL
    _to_event(state)
    event(state, _event_card("companion", calm=True, foe=-1))
    assert state.status[0] == LETHAL


def test_a_calmer_foe_deals_its_calmer_cards() -> None:
    state, slot = _with_foe("oreks")
    state.foes[state.at[0] * N_FOES + slot] = 1
    state.status[slot] = PANICKED
    act(state, "battle foe2")
    chance(state, "battle card clash")
    top = state.pending[-1]
    assert isinstance(top, F.Battling)
    oreks = DATA.foes[DATA.foe("oreks")]
    assert state.battle_ladder(top) == oreks.battle[PANICKED][0] != oreks.battle[READY][0]


def test_a_foe_wiped_from_the_board_is_ready_again() -> None:
    state, slot = _with_foe("brigands")
    at = state.at[0]
    state.foes[at * N_FOES + slot] = 1
    state.status[slot] = LETHAL
    state.warriors[0] = 20
    act(state, "battle foe2")
    for _ in range(2):
        chance(state, "battle card clash")  # lethal: lose 4 warriors at worst
        act(state, "resolve")
    resolve(state)
    assert state.foes[at * N_FOES + slot] == 0 and state.status[slot] == START_STATUS


def test_a_foe_with_tokens_left_keeps_its_status() -> None:
    state, slot = _with_foe("brigands")
    at = state.at[0]
    state.foes[at * N_FOES + slot] = 1
    state.foes[state.at[1] * N_FOES + slot] = 1
    state.status[slot] = LETHAL
    state.potions[0][4] = 1  # Potion of the Siren's Song: removes a level-2 foe
    act(state, "drink Potion of the Siren's Song")
    assert state.foes[at * N_FOES + slot] == 0 and state.status[slot] == LETHAL
    state.foes[state.at[1] * N_FOES + slot] = 0
    state.foes[at * N_FOES + slot] = 1
    state.potions[0][4] = 1
    act(state, "drink Potion of the Siren's Song")
    assert state.status[slot] == START_STATUS
