"""Battle (rulebook: Battle, Spending Advantages, Applying Results, Battling the Adversary,
Removing Foes; Spending vs. Losing)."""

from __future__ import annotations

import pytest

from towers.core.errors import IllegalActionError
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import GOAL, N_FOES
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerState

from .conftest import act, can, chance, middle, new_game, resolve

BRIGANDS = 0  # the level-2 foe of the first game (Stealth, Humanoid)


def _battle(card: str = "clash", foe: int = BRIGANDS) -> DarkTowerState:
    state = middle(new_game(2))
    state.foes[state.at[0] * N_FOES + foe] = 1
    act(state, f"battle foe{DATA.foes[GOAL.foes[foe]].level}")
    chance(state, f"battle card {card}")
    return state


def _top(state: DarkTowerState) -> F.Battling:
    top = state.pending[-1]
    assert isinstance(top, F.Battling)
    return top


def test_battle_cards_equal_the_foes_level() -> None:
    state = _battle()
    assert _top(state).left == 2
    act(state, "resolve")
    chance(state, "battle card clash")
    assert _top(state).left == 1 and _top(state).resolved == 1


def test_automatic_advantages_match_the_foes_traits() -> None:
    state = _battle()
    # Brutal Warlord: Veteran (Humanoid 1) works against Brigands, Baleful (Melee 1) does
    # not; Zaida, the main goal's companion, gives 1 Wild
    assert _top(state).pool == 2


def test_an_advantage_improves_the_revealed_card_up_to_its_best_result() -> None:
    state = _battle()
    state.warriors[0] = 7
    act(state, "spend an advantage", "spend an advantage")
    assert _top(state).rung == 2
    state.gear[0][0] = 1  # Leather Armor: a Humanoid advantage
    act(state, "spend Leather Armor", "spend an advantage")
    assert _top(state).rung == 3  # "gain 1 spirit": the best result
    assert not can(state, "spend an advantage")
    spirit = state.spirit[0]
    act(state, "resolve")
    assert state.spirit[0] == spirit + 1 and state.warriors[0] == 7


def test_gear_works_only_against_a_matching_trait() -> None:
    state = _battle()
    state.gear[0][4] = 1  # Longswords: Melee; Brigands are Stealth and Humanoid
    with pytest.raises(IllegalActionError, match="does not work here"):
        act(state, "spend Longswords")


def test_at_most_10_advantages_a_heroic_action() -> None:
    state = _battle("clash", foe=2)  # Dragons, level 4
    top = _top(state)
    state.pending.replace(F.Battling(**{**_fields(top), "pool": 20, "spent": 10}))
    assert not can(state, "spend an advantage")
    with pytest.raises(IllegalActionError, match="at most 10"):
        act(state, "spend an advantage")


def _fields(top: F.Battling) -> dict[str, int]:
    return {k: getattr(top, k) for k in F.Battling.__dataclass_fields__}


def test_spent_advantages_cannot_be_undone() -> None:
    state = _battle()
    act(state, "spend an advantage")
    pool, rung = _top(state).pool, _top(state).rung
    # no action gives an advantage back or lowers the card
    for a in state.legal_actions():
        other = state.clone()
        other.apply_action(a)
        if isinstance(other.pending[-1], F.Battling):
            assert _top(other).rung >= rung
    assert pool == 1


def test_an_unresolvable_loss_gives_one_corruption() -> None:
    state = _battle("onslaught")  # ready: "lose 1 warriors, lose 1 potion"
    state.warriors[0] = 0
    state.spirit[0] = 0
    act(state, "resolve")
    draws = [f for f in state.pending if isinstance(f, F.CorruptionDraw)]
    assert len(draws) == 1
    chance(state, "corruption Selfish")
    assert state.corruptions[0] == [0]
    resolve(state)
    assert not any(isinstance(f, F.CorruptionDraw) for f in state.pending)


def test_the_foe_is_removed_when_all_cards_resolve_then_2_spirit() -> None:
    state = _battle("clash")
    at = state.at[0]
    act(state, "resolve")
    chance(state, "battle card clash")
    spirit = state.spirit[0]
    act(state, "resolve")
    resolve(state)
    assert state.foes[at * N_FOES + BRIGANDS] == 0
    assert state.spirit[0] == spirit + 2
    assert isinstance(state.pending[-1], F.Turn) and state.heroic_done


def _adversary() -> DarkTowerState:
    state = middle(new_game(2))
    state.goal_step = len(GOAL.steps)
    state.adversary_at = state.at[0]
    act(state, "battle adversary")
    chance(state, "battle card clash")
    return state


def test_the_adversary_may_be_fled_only_after_a_card_resolves() -> None:
    state = _adversary()
    assert not can(state, "retreat")
    act(state, "resolve")
    chance(state, "battle card rout")
    assert can(state, "retreat")
    act(state, "retreat")
    assert isinstance(state.pending[-1], F.Turn)
    assert state.adv_left == 4 and state.adversary_at >= 0


def test_advantages_on_the_adversarys_cards_remain() -> None:
    state = _adversary()
    act(state, "resolve")
    chance(state, "battle card rout")
    act(state, "spend an advantage")
    act(state, "retreat")
    assert (state.adv_card, state.adv_rung) == (3, 1)
    # the next battle goes on from the same card, with its advantage
    state.heroic_done = False
    act(state, "battle adversary")
    assert _top(state).card == 3 and _top(state).rung == 1


def test_the_adversary_cannot_be_removed_without_battle() -> None:
    state = middle(new_game(2))
    state.adversary_at = state.at[0]
    state.potions[0][4] = 1  # Potion of the Siren's Song: level-2 foes only
    assert not can(state, "drink Potion of the Siren's Song")


def test_removing_a_foe_with_a_potion_is_not_a_heroic_action() -> None:
    state = middle(new_game(2))
    state.foes[state.at[0] * N_FOES + BRIGANDS] = 1
    state.potions[0][4] = 1
    act(state, "drink Potion of the Siren's Song")
    assert state.foes[state.at[0] * N_FOES + BRIGANDS] == 0
    assert not state.heroic_done and state.spirit[0] == 1


def test_defeating_the_adversary_after_the_main_goal_wins() -> None:
    state = _adversary()
    state.adv_left = 1
    top = _top(state)
    state.pending.replace(F.Battling(**{**_fields(top), "left": 1}))
    act(state, "resolve")
    resolve(state)
    assert state.is_terminal() and state.result == 1
    assert state.scores() == [1.0, 1.0] and state.winners() == [0, 1]


def test_a_game_plays_with_its_own_gear_so_printed_values_may_replace_the_data() -> None:
    # the owner of a copy may enter the printed gear (the companion's printed values): the
    # rules read each game's own gear, so Longswords printed as Stealth work on Brigands
    from dataclasses import replace

    from towers.games.dark_tower.data import ADVANTAGES

    state = _battle()
    state.game.gear = tuple(
        replace(g, advantage=ADVANTAGES.index("Stealth")) if g.name == "Longswords" else g
        for g in state.game.gear
    )
    state.gear[0][4] = 1
    act(state, "spend Longswords")
    assert DATA.gear[4].advantage != ADVANTAGES.index("Stealth")  # the data is untouched
