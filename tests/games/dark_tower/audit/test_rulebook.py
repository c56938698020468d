"""The rulebook section by section: one scenario a rule that the other tests of
tests/games/dark_tower do not already cover, each named after its rule, with the rulebook's
words in its docstring.

Covered elsewhere, rule by rule: the board and components (test_data), the start of a game
and the turn's steps (test_turn), trades (test_trade), battles, the adversary's two exceptions,
at most 10 advantages and Removing Foes (test_battle), Quests & Dungeons and Completing the
Main Goal (test_dungeon, test_goals), each category of Events (test_events), Spending vs.
Losing and Winning & Losing (test_losing), Placing Skulls with the 4th skull (test_skulls), the
haggle die's faces (test_reinforce), Gritty (test_gritty) and the Competitive Game
(test_competitive)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from towers.core.errors import GameOptionError, IllegalActionError
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import N_FOES
from towers.games.dark_tower.data import DATA, SIDES
from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState
from towers.games.dark_tower.tower import Tower

from ..conftest import (
    act,
    building,
    can,
    chance,
    end_turn,
    event,
    fresh,
    loc,
    middle,
    new_game,
    resolve,
    settle,
)


def potion(name: str) -> int:
    return next(k for k, p in enumerate(DATA.potions) if p.name == name)


def quest(name: str) -> int:
    return next(q for q, card in enumerate(DATA.quests) if card.name == name)


def card(category: str, **fields: object) -> int:
    return next(
        i
        for i, e in enumerate(DATA.events)
        if e.category == category and all(getattr(e, k) == v for k, v in fields.items())
    )


def to_event(state: DarkTowerState) -> DarkTowerState:
    """Seat 0 drops its skull and the tower lets nothing out: the event deck is next."""
    middle(state)
    act(state, "drop a skull")
    chance(state, "tower: still")
    assert isinstance(state.pending[-1], F.EventDraw)
    return state


# ---- World Setup ---------------------------------------------------------------------------


def test_world_setup_gear_in_six_stacks_of_three_copies() -> None:
    """World Setup: "Sort the gear cards into 6 separate face-up stacks (3 copies of each)."
    Once a stack's three copies are taken, there is none of that gear left to take."""
    assert len(DATA.gear) == 6 and all(g.count == 3 for g in DATA.gear)
    state = middle(new_game(2))
    state.gear[1][4] = 3  # every Longswords with the other hero
    state._effects(0, DATA.haggle["gear"])  # gain 1 gear
    state._settle()
    assert isinstance(state.pending[-1], F.ChooseGear)
    assert not can(state, "take Longswords") and can(state, "take Leather Armor")


def test_world_setup_potion_and_corruption_decks_are_face_down() -> None:
    """World Setup: "Shuffle the potion cards into a face-down deck. Shuffle the corruption
    cards into a face-down deck." A seat sees how many cards each deck holds, never their
    order; a draw is a chance outcome weighted by the copies left."""
    state = new_game(2)
    decks = state.observation(0)["decks"]
    assert all(isinstance(n, int) for n in decks.values())
    assert decks["potions"] == sum(p.count for p in DATA.potions)
    outcomes = dict(state.potion_deck.draw_outcomes())
    total = sum(p.count for p in DATA.potions)
    assert outcomes == {k: pytest.approx(p.count / total) for k, p in enumerate(DATA.potions)}


# ---- Hero Setup ----------------------------------------------------------------------------


def test_hero_setup_the_home_kingdom_virtue_tile_fills_an_empty_slot() -> None:
    """Hero Setup: "Place the kingdom virtue tile for your home kingdom in an empty slot on
    your hero board." It starts inactive beside the three hero virtues, and once activated
    it is the home kingdom's virtue that counts."""
    state = middle(new_game(2))
    state.pending.push(F.ChooseVirtue(seat=1))  # as a Sanctuary's enhanced effect asks
    fresh(state)
    assert can(state, "activate kingdom virtue")
    act(state, "activate kingdom virtue")
    home = DATA.kingdom_virtues[state.game.kingdoms[1]]
    assert home in state.perks(1) and DATA.kingdom_virtues[0] not in state.perks(1)


# ---- App Setup -----------------------------------------------------------------------------


def test_app_setup_default_difficulty_is_heroic() -> None:
    """App Setup: "Default difficulty is Heroic; select Gritty for more challenge." Another
    difficulty is refused naming the two."""
    assert DarkTowerGame(2).options["difficulty"] == "heroic"
    assert DarkTowerGame(2).month_turns == 7
    with pytest.raises(GameOptionError, match="gritty"):
        DarkTowerGame(2, difficulty="nightmare")


@pytest.mark.parametrize("players", [0, 5])
def test_app_setup_select_the_number_of_players_one_to_four(players: int) -> None:
    """App Setup: "Select the number of players" (Turns Per Month lists 1 to 4)."""
    with pytest.raises(GameOptionError):
        DarkTowerGame(players)


def test_app_setup_retrieve_the_main_goals_companion_card() -> None:
    """App Setup: "Select your main goal. Retrieve the matching companion card." It is in
    play, with the first player, and out of the companions still to be gained."""
    for goal in DATA.main_goals:
        state = new_game(2, goal=goal.id)
        assert state.companions[0] == [goal.companion] and state.companions[1] == []
        assert goal.companion not in state.companions_left


def test_app_setup_final_setup_adds_skulls_and_spawns_foes() -> None:
    """App Setup: "Follow the final setup directions in the app: adding skulls, spawning
    foes, placing the main goal quest marker, etc." (designed: three skulls dropped, two
    tokens of the level-2 foe and one of the level-3 foe)."""
    state = DarkTowerGame(2).new_initial_state()
    resolve(state)
    assert state.tower.dropped == 3
    spaces = range(len(DATA.locations))
    tokens = [sum(state.foes[at * N_FOES + f] for at in spaces) for f in range(N_FOES)]
    assert tokens == [2, 1, 0]
    assert isinstance(state.pending[-1], F.StartTurn) and state.current == 0


# ---- Sequence of Play ----------------------------------------------------------------------


def test_sequence_of_play_turns_are_taken_in_clockwise_order() -> None:
    """Sequence of Play: "Each month consists of a number of player turns taken in clockwise
    order." Seats sit at the kingdoms clockwise from the north."""
    state = new_game(4)
    seen = []
    for _ in range(6):
        seen.append(SIDES[state.game.kingdoms[state.current]])
        end_turn(state)
    assert seen == ["north", "east", "south", "west", "north", "east"]


# ---- Monthly Quests ------------------------------------------------------------------------


def test_monthly_quests_fail_if_not_completed_by_the_end_of_the_month() -> None:
    """Monthly Quests: "Monthly quests fail if not completed by the end of the month." The
    month's companion quest left undone is gone the next month, its reward with it, and a
    new one is given."""
    state = new_game(1)
    end_turn(state)  # the first month: one turn
    assert state.month == 2
    first = state.monthly[0]
    assert first >= 0
    for _ in range(state.game.month_turns):
        end_turn(state)
    assert state.month == 3
    assert state.monthly[0] >= 0 and state.monthly[0] != first
    assert first in state.quests_dealt and len(state.companions[0]) == 1


# ---- Taking Your Turn ----------------------------------------------------------------------


def test_start_of_turn_effects_happen_in_any_order_with_the_banner() -> None:
    """Start of Turn: "Other game effects that apply "at the start of your turn" also happen
    now, in any order with your Banner action." A potion may come before the banner."""
    state = new_game(2)
    state.potions[0][potion("Potion of the Golden Sun")] = 1
    act(state, "drink Potion of the Golden Sun")
    assert can(state, "banner")
    act(state, "banner")
    assert state.spirit[0] == 1 + 3 and state.warriors[0] == 7 + 2


def test_middle_of_turn_the_move_may_be_split_around_actions() -> None:
    """Middle of Turn: "You can even split up your move, stopping to take actions before,
    during, or after moving." Move away and back, cleanse, Reinforce, move again."""
    state = middle(new_game(2))
    b = building("Radiant Mountains")
    state.skulls[b], state.supply = 1, state.supply - 1
    act(state, "move to Fivepint", "move to Radiant Mountains", "cleanse", "reinforce free")
    act(state, "move to Fivepint")
    assert state.moves_left == 0 and state.at[0] == loc("Fivepint")
    assert state.warriors[0] == 7 + 3 and state.skulls[b] == 0


def test_heroic_action_cleanse_returns_the_skulls_to_the_supply() -> None:
    """Heroic Actions: "Cleanse — Remove all skulls from a building on your space and return
    them to the supply." Then, as after any heroic action, gain 2 spirit."""
    state = middle(new_game(2))
    b = building("Radiant Mountains")
    state.skulls[b], state.supply = 3, state.supply - 3
    act(state, "cleanse")
    assert state.skulls[b] == 0 and state.supply == 24 - 3 + 3 - state.tower.dropped
    assert state.spirit[0] == 1 + 2 and state.skull_count() == 24


def test_reinforce_the_haggle_die_is_rolled_before_reinforcing() -> None:
    """Reinforce: "Before Reinforcing, you may optionally roll the haggle die." Once the
    Reinforce is taken, the die is not rolled for it."""
    state = middle(new_game(2))
    act(state, "reinforce free")
    with pytest.raises(IllegalActionError, match="before Reinforcing"):
        act(state, "haggle")


def test_end_of_turn_you_must_drop_a_skull() -> None:
    """End of Turn: "You must take a skull from the supply and drop it into the Tower." The
    middle of the turn has no way out but the drop."""
    state = middle(new_game(2))
    assert not can(state, "done") and can(state, "drop a skull")
    supply = state.supply
    act(state, "drop a skull")
    assert state.supply == supply - 1


# ---- Battle --------------------------------------------------------------------------------


def test_battling_the_adversary_the_fight_is_cumulative_across_heroes() -> None:
    """Battling the Adversary: "Advantages applied to the adversary's battle cards remain for
    future battles (the fight is cumulative across multiple heroes/turns)." A card one hero
    resolved is not dealt again to the next; a card it improved stays improved."""
    state = new_game(2)
    level = DATA.foes[state.game.adversary].level
    state.adversary_at = loc("Radiant Mountains")
    state.at[1] = loc("Radiant Mountains")
    middle(state, "Radiant Mountains")
    state.warriors[0] = state.spirit[0] = 50
    act(state, "battle adversary")
    chance(state, "battle card clash")
    act(state, "resolve")
    chance(state, "battle card clash")
    top = state.pending[-1]
    assert isinstance(top, F.Battling)
    state.pending.replace(replace(top, pool=1))  # one advantage at hand
    act(state, "spend an advantage", "retreat")
    assert state.adv_left == level - 1 and state.adv_rung == 1
    settle(state)
    middle(state)
    assert state.current == 1
    act(state, "battle adversary")
    battle = state.pending[-1]
    assert isinstance(battle, F.Battling)
    assert (battle.left, battle.rung, battle.card) == (level - 1, 1, state.adv_card)


# ---- Events --------------------------------------------------------------------------------


def test_events_skulls_loosened_by_the_tower_stirring_are_placed_as_normal() -> None:
    """Events: "If skulls emerge when the Tower rotates or a seal is removed, place those
    skulls as normal." The east is dormant with two heroes, so the dropper places it."""
    state = to_event(new_game(2))
    saved = state.tower.to_json()
    one = {"resting": [1, 0, 0], "loose": [0, 0, 0], "emerged": saved["dropped"] - 1}
    state.tower = Tower.from_json(saved | one)  # one skull rests on the top drum's ledge
    count = state.skull_count()
    event(state, card("tower_stirs", level=0, steps=1))
    assert isinstance(state.pending[-1], F.Releasing)
    chance(state, "tower: door east")
    top = state.pending[-1]
    assert isinstance(top, F.PlaceSkull) and top.seat == 0 and SIDES[top.kingdom] == "east"
    assert state.in_hand == 1 and state.skull_count() == count


# ---- Spending vs. Losing -------------------------------------------------------------------


def test_spending_an_item_for_a_different_effect_gives_not_its_normal_effect() -> None:
    """Spending vs. Losing: "When you spend an item for a different effect (like activating a
    virtue), you do not also get the item's normal effect." Potions spent on a quest are
    spent, not drunk: the Potion of the Golden Sun gives no spirit."""
    state = middle(new_game(2), "Arkartus")
    state.monthly[1] = quest("Consecrate Arkartus")  # spend 5 potions
    state.potions[0][potion("Potion of the Golden Sun")] = 5
    act(state, "complete the adversary quest")
    while isinstance(state.pending[-1], F.DiscardPotion):
        act(state, "lose Potion of the Golden Sun")
    resolve(state)
    assert sum(state.potions[0]) == 0 and state.spirit[0] == 1 + 2  # the heroic action's 2


# ---- Making Trades -------------------------------------------------------------------------


def test_making_trades_warriors_spirit_items_and_companions_may_be_traded() -> None:
    """Making Trades: "You may trade warriors, spirit, items, and companions." One of each
    kind in a single trade."""
    state = middle(new_game(2))
    state.at[1] = state.at[0]
    zaida = state.companions[0][0]
    state.gear[0][0] = state.potions[0][1] = 1
    state.treasures[0] = [0]
    fresh(state)
    act(state, "trade with seat 1", "offer warrior", "offer spirit", "offer Leather Armor")
    act(state, "offer Potion of the Golden Sun", f"offer {DATA.treasures[0].name}")
    act(state, f"offer companion {DATA.companions[zaida].name}", "propose the trade")
    act(state, "accept the trade")
    assert (state.warriors, state.spirit) == ([6, 8], [0, 2])
    assert state.gear[1][0] == state.potions[1][1] == 1 and state.treasures[1] == [0]
    assert state.companions == [[], [zaida]]


def test_making_trades_virtues_and_corruptions_may_not_be_traded() -> None:
    """Making Trades: "You may not trade virtues or corruptions." No trade action names one,
    and a hero holding both has nothing of them to offer."""
    words = {w.casefold() for w in A.ITEM.words + A.QUEST_ITEM_DOMAIN.words}
    names = [v.name for h in DATA.heroes for v in (*h.default_virtues, *h.virtues)]
    names += [v.name for v in DATA.kingdom_virtues] + [c.name for c in DATA.corruptions]
    assert not any(n.casefold() in words for n in names)
    state = middle(new_game(2))
    state.at[1] = state.at[0]
    state.virtues[0], state.corruptions[0] = 0b1111, [0]
    warriors, spirit = state.warriors[0], state.spirit[0]
    fresh(state)
    act(state, "trade with seat 1")
    offers = [A.SPACE.decode(a) for a in state.legal_actions()]
    kinds = {type(o).__name__ for o in offers if isinstance(o, A.Offer)}
    assert kinds == {"Offer"}
    companion = A.COMPANION_ITEM + state.companions[0][0]
    assert {o.item for o in offers if isinstance(o, A.Offer)} == {0, 1, companion}
    assert (warriors, spirit) == (7, 1)
