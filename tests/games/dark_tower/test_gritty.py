"""Gritty against Heroic (App Setup: Gritty for more challenge): each difference in the rules,
the rulebook's (fewer turns a month) and the designed ones the rulebook leaves to the app
(game.toml [gritty], events.toml)."""

from __future__ import annotations

import pytest

from towers.games.dark_tower import frames as F
from towers.games.dark_tower.actions import event_text
from towers.games.dark_tower.constants import EVENT, N_FOES
from towers.games.dark_tower.data import DATA, STATUSES
from towers.games.dark_tower.rules import DarkTowerGame

from .conftest import act, chance, loc, middle, new_game, resolve, still_first

EVENT_TEXT = [event_text(e) for e in DATA.events]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_gritty_has_one_turn_fewer_each_month(players: int) -> None:
    heroic = DarkTowerGame(players).month_turns
    assert DarkTowerGame(players, difficulty="gritty").month_turns == heroic - 1


def test_foes_enter_play_savage_on_gritty() -> None:
    assert [STATUSES[s] for s in new_game(2).status] == ["ready"] * N_FOES
    assert [STATUSES[s] for s in new_game(2, difficulty="gritty").status] == ["savage"] * N_FOES


def test_a_foe_gone_from_the_board_comes_back_savage_on_gritty() -> None:
    state = new_game(2, difficulty="gritty")
    state.status[0] = STATUSES.index("lethal")
    state.foes[loc("Fivepint") * N_FOES + 0] = 1
    state._remove_foe(loc("Fivepint"), 0)
    assert STATUSES[state.status[0]] == "savage"


def test_setup_drops_two_more_skulls_on_gritty() -> None:
    heroic = DarkTowerGame(2).new_initial_state()
    gritty = DarkTowerGame(2, difficulty="gritty").new_initial_state()
    resolve(heroic)
    resolve(gritty)
    assert (heroic.tower.dropped, gritty.tower.dropped) == (3, 5)
    assert heroic.skull_count() == gritty.skull_count() == 24


@pytest.mark.parametrize("difficulty", ["heroic", "gritty"])
def test_the_adversary_takes_battle_cards_equal_to_its_level_on_every_difficulty(
    difficulty: str,
) -> None:
    """Starting the Battle: "Select a number of battle cards equal to the foe's level." Gritty
    changes the turns (Sequence of Play), not the cards."""
    level = DATA.foes[DarkTowerGame(1).adversary].level
    state = new_game(1, difficulty=difficulty)
    assert state.adv_left == level
    state.adversary_at = loc("Azkol's Bane")
    middle(state, "Azkol's Bane")
    act(state, "battle adversary")
    for _ in range(level - 1):
        chance(state, "battle card clash")
        state.warriors[0] = state.spirit[0] = 50  # survive every card
        act(state, "resolve")
    assert not state.is_terminal()
    chance(state, "battle card clash")
    state.warriors[0] = state.spirit[0] = 50
    act(state, "resolve")
    assert state.is_terminal() and state.scores()[0] == 1.0


def test_each_gritty_difference_names_its_source() -> None:
    """Style: what the rulebook states is marked rulebook, what it leaves to the app designed;
    Gritty's only stated difference is fewer turns (Sequence of Play)."""
    gritty = DATA.game["gritty"]
    items = {k: v for k, v in gritty.items() if isinstance(v, dict)}
    assert set(items) == {"fewer_turns", "foe_status", "setup_skulls", "events"}
    assert items["fewer_turns"]["source"].startswith("rulebook: Sequence of Play")
    for name in ("foe_status", "setup_skulls", "events"):
        assert items[name]["source"].startswith("designed: "), name
    assert "adversary_cards" not in gritty


def event_chances(difficulty: str) -> dict[str, float]:
    """The event cards' chances at the first event draw of a game."""
    state = new_game(2, difficulty=difficulty)
    middle(state, "Fivepint")
    act(state, "drop a skull")
    while not isinstance(state.pending[-1], F.EventDraw):
        legal = state.legal_actions()
        state.apply_action(still_first(state, legal) if state.is_chance_node() else legal[0])
    chances: dict[str, float] = {}
    for a, p in state.chance_outcomes():
        what = EVENT_TEXT[a - EVENT]
        chances[what] = chances.get(what, 0.0) + p
    return chances


def test_the_gritty_event_deck_has_no_calm_and_more_harsh_cards() -> None:
    heroic, gritty = event_chances("heroic"), event_chances("gritty")
    calming = [e for e in heroic if e == "all is calm" or "calm" in e]
    assert calming and not any(e in gritty for e in calming)
    for harsh in ("every foe grows bolder", "2 tokens of the level-2 foe appear"):
        assert gritty[harsh] == pytest.approx(2 / 33) and heroic[harsh] == pytest.approx(1 / 34)
    assert sum(gritty.values()) == pytest.approx(1.0)
