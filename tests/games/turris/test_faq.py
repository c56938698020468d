"""The publisher's Errata, Rules Clarifications and FAQs (V1, June 2022), one test each: the
sheet overrides the rulebook where they differ."""

from __future__ import annotations

from typing import Any

from towers.games.turris.frames import CollectPick, DisplaceChoice, Rewards, Turn
from towers.games.turris.rules import TurrisGame

from .builders import (
    ALICE,
    BOB,
    CAROL,
    Plan,
    changes,
    give_card,
    install,
    mission_index,
    position,
    put_site,
    run,
    site_index,
    snapshot,
    tactics_index,
)
from .conftest import DELUSION, PAIN, empty_board, names, new_game, node, put


def finish_turn(state: Any) -> None:
    """The active player Gathers Ichor with the actions left, ends the Action Step and
    completes no Mission."""
    seat = state.active
    run(state, ["gather ichor"] * state.actions_left + ["pass"])
    while state.active == seat and "pass" in names(state):
        run(state, ["pass"])


# ---- Errata -----------------------------------------------------------------------------
def test_errata_1_righteous_fury_and_forbidden_knowledge_follow_their_text() -> None:
    """Errata 1: "Righteous Fury & Forbidden Knowledge: the icons are incorrect; please refer
    to the text": Forbidden Knowledge, an Ichor for three Knowledge; Righteous Fury, a
    Weaponry to drive a Beast two steps."""
    state = position(Plan())
    give_card(state, ALICE, "forbidden_knowledge")
    before = snapshot(state)
    run(state, ["play Forbidden Knowledge"])
    assert changes(before, snapshot(state)) == {
        "alice.I": -1, "alice.K": 3, "alice.hand": -1, "discard": 1,
    }  # fmt: skip
    state = position(Plan())
    empty_board(state, {PAIN: "nest"})
    give_card(state, ALICE, "righteous_fury")
    before = snapshot(state)
    run(state, ["play Righteous Fury", "beast Pain", "choose Forge", "choose Guild"])
    assert changes(before, snapshot(state)) == {
        "alice.W": -1, "alice.hand": -1, "discard": 1, "beast.pain": "guild",
    }  # fmt: skip


def test_errata_2_dedicated_research_once_per_turn() -> None:
    """Errata 2: Dedicated Research, "One per turn" should be "Once per turn": a Collect from
    two Locations gives its Knowledge once."""
    state = position(Plan())
    install(state, ALICE, "mission dedicated_research")
    put(state, ALICE, "forge")
    put(state, ALICE, "guild")
    before = snapshot(state)
    # both Scouts recalled, both rewards declined: only the Mission's Knowledge is gained
    run(state, ["collect", "collect from Forge", "collect from Guild", "pass", "pass"])
    assert changes(before, snapshot(state)) == {
        "alice.I": -2, "alice.K": 1, "alice.reserve": 2, "alice.at.forge": -1,
        "alice.at.guild": -1, "actions": -1,
    }  # fmt: skip


def test_errata_3_steal_one_k_r_w_of_your_choice_from_the_player_of_your_choice() -> None:
    """Errata 3: the icon means "Steal 1 resource of your choice (K/R/W) from the player of
    your choice": never Ichor, from any other player who has it."""
    state = position(Plan())
    state.resources[BOB] = [3, 1, 0, 0, 2]
    state.resources[CAROL] = [1, 0, 0, 2, 0]
    give_card(state, ALICE, "pickpocket")
    run(state, ["play Pickpocket"], manual=lambda top: True)
    assert sorted(names(state)) == ["steal K from 2", "steal W from 3"]
    before = snapshot(state)
    run(state, ["steal W from 3"], manual=lambda top: True)
    assert changes(before, snapshot(state)) == {"alice.W": 1, "carol.W": -1}


def test_errata_4_solo_removes_the_underworld_map_not_preferential_treatment() -> None:
    """Errata 4: the solo game removes the Underworld Map Mission card, not Preferential
    Treatment."""
    state = TurrisGame(1).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])

    def copies(mission: str) -> int:
        m = mission_index(mission)
        return state.mission_deck.counts[m] + state.missions.count(m)

    assert copies("underworld_map") == 0
    assert copies("preferential_treatment") == 1


# ---- Rules Clarifications ----------------------------------------------------------------
def test_clarification_1_placement_only_from_your_reserves() -> None:
    """Clarification 1: "Placement of scouts can only be done from your reserves": with none
    in reserve (two on the board, two in the Graveyard) no Place, by an action or a card."""
    state = position(Plan())
    put(state, ALICE, "guild", 2)
    state.graveyard[ALICE], state.reserve[ALICE] = 2, 0
    give_card(state, ALICE, "forced_march")
    legal = names(state)
    assert not [a for a in legal if a.startswith("place ")]
    assert "play Forced March" not in legal
    state.graveyard[ALICE], state.reserve[ALICE] = 1, 1
    state._legal = None
    assert "place Forge" in names(state) and "play Forced March" in names(state)


def test_clarification_2_tactics_are_single_use_and_the_discards_are_reshuffled() -> None:
    """Clarification 2: "Tactics cards are single use and discarded after use. If the deck ever
    runs out, immediately shuffle the discard pile into a new deck"."""
    state = position(Plan())
    give_card(state, ALICE, "insight")  # draw two Tactics cards
    spring = tactics_index("ichor_spring")
    blades = tactics_index("hidden_blades")
    # the deck is empty; two cards lie in the discard pile
    state.tactics_deck.counts = [0] * len(state.tactics_deck.counts)
    state.tactics_discard = [spring, blades]
    run(state, ["play Insight"])  # the draws give the first card of the deck
    assert sorted(state.hands[ALICE]) == sorted([spring, blades])
    # Insight, used once, is in the discard pile or shuffled into the new deck
    assert state.tactics_discard + [
        k for k, n in enumerate(state.tactics_deck.counts) for _ in range(n)
    ] == [tactics_index("insight")]
    assert "play Insight" not in names(state)


def test_clarification_3_action_tokens_single_use_any_number_collect_rules_hold() -> None:
    """Clarification 3: "Extra action tokens are single use... You may use as many as you wish
    during a single turn... the Collect restrictions still apply even if you have more
    actions"."""
    state = position(Plan())
    state.action_tokens[ALICE] = 2
    put(state, ALICE, "guild")
    run(state, ["collect", "collect from Guild", "pass", "pass"])
    run(state, ["use action token", "use action token"])
    assert state.action_tokens[ALICE] == 0 and state.actions_left == 3
    legal = names(state)
    assert "use action token" not in legal
    assert "collect" not in legal and not [a for a in legal if a.startswith("place ")]
    run(state, ["gather ichor"] * 3)
    assert names(state) == ["pass"]


def test_clarification_4_the_fruit_leaves_the_board_in_the_cleanup_phase() -> None:
    """Clarification 4: "The Fruit token is removed from the board during the Cleanup
    Phase"."""
    state = position(Plan())
    empty_board(state, {PAIN: "isle"})  # the Fruit's Location: the Pain stays
    give_card(state, ALICE, "decoy")
    run(state, ["play Decoy"])
    assert state.fruit == node("isle")
    for _ in range(3):
        finish_turn(state)
        if state.round == 1:
            assert state.fruit == node("isle")
    assert state.round == 2 and isinstance(state.stack.top, Turn)
    assert state.fruit == -1


def test_clarification_5_an_action_from_something_is_an_additional_action() -> None:
    """Clarification 5: "When you are instructed to take an action from something, it means an
    additional action": Second Breath gives a third action this turn."""
    state = position(Plan())
    give_card(state, ALICE, "second_breath")
    before = snapshot(state)
    run(state, ["play Second Breath", "gather ichor", "gather ichor", "gather ichor"])
    assert "gather ichor" not in names(state)
    # three Gathers: 1 each and 1 more in total for two or more (Action Step)
    assert changes(before, snapshot(state)) == {
        "alice.I": 4, "alice.hand": -1, "discard": 1, "actions": -2,
    }  # fmt: skip


# ---- FAQs ----------------------------------------------------------------------------------
def test_faq_1_no_reward_where_a_beast_is_flipped_or_not() -> None:
    """FAQ 1: "whenever a beast is present REGARDLESS OF FLIP/NOT FLIPPED, when you collect you
    do not get the reward from that location"."""
    for flipped in (True, False):
        state = position(Plan())
        empty_board(state, {DELUSION: "guild"})
        state.flipped[DELUSION] = flipped
        put(state, ALICE, "guild")
        before = snapshot(state)
        run(state, ["collect", "collect from Guild", "pass"], manual=lambda top: True)
        assert not isinstance(state.stack.top, Rewards | CollectPick)
        run(state, [])
        assert changes(before, snapshot(state)) == {
            "alice.I": -1, "alice.reserve": 1, "alice.at.guild": -1, "actions": -1,
        }  # fmt: skip


def test_faq_2_the_ridge_beast_acts_after_the_move_then_flips() -> None:
    """FAQ 2: "The Ridge. Move a Beast & Flip it. Does the beast perform its ability after the
    move, before the flip? Yes"."""
    state = position(Plan())
    empty_board(state, {PAIN: "nest"})
    put(state, BOB, "forge")
    before = snapshot(state)
    run(state, ["place Ridge", "beast Pain", "choose Forge"])
    assert changes(before, snapshot(state)) == {
        "alice.reserve": -1, "alice.at.ridge": 1, "actions": -1, "beast.pain": "forge",
        "flipped.pain": True, "bob.at.forge": -1, "bob.graveyard": 1, "bob.council": 1,
    }  # fmt: skip


def test_faq_3_the_first_player_decides_for_scouts_when_a_player_moves_a_beast() -> None:
    """FAQ 3: "Who decides what happens to scouts when a player moves a beast during their
    turn? The current holder of the first player token"."""
    state = new_game(3, first=BOB)
    empty_board(state, {DELUSION: "forge"})
    state.resources[BOB] = [0, 0, 0, 0, 0]
    finish_turn(state)  # Bob's turn; Carol's follows
    assert state.active == CAROL and state.first_player == BOB
    put(state, ALICE, "guild")
    give_card(state, CAROL, "herding")
    run(state, ["play Herding", "beast Delusion", "choose Guild"])
    assert isinstance(state.stack.top, DisplaceChoice) and state.current_player() == BOB
    assert sorted(names(state)) == ["choose Forge", "choose Shrine"]
    run(state, ["choose Shrine"])
    assert state.scouts[node("shrine")][ALICE] == 1 and state.active == CAROL


def test_faq_4_the_observatory_gives_its_resources_each_turn() -> None:
    """FAQ 4: "How does the Observatory work? Can a player collect these resources each turn?
    Yes": a Scout sent there once yields its resources, a Knowledge and a Relic, at the start
    of each of its player's turns while it stays there, with no Collect."""
    state = new_game(2, first=BOB)
    empty_board(state, {PAIN: "abyss"})
    state.flipped[PAIN] = True  # it stands up in the first Beast Phase, and no more
    put_site(state, "observatory", "site_a")
    put(state, ALICE, "site_a")
    state.resources = [[6, 0, 0, 0, 0], [6, 0, 0, 0, 0]]
    for _ in range(2):
        assert state.active == BOB
        before = snapshot(state)
        finish_turn(state)  # Bob's turn; Alice's starts
        assert state.active == ALICE and state.site_at[0] == site_index("observatory")
        gained = changes(before, snapshot(state))
        assert {k: v for k, v in gained.items() if k.startswith("alice.")} == {
            "alice.K": 1, "alice.R": 1,
        }  # fmt: skip
        finish_turn(state)  # Alice's, her Scout staying; then the Beast and Cleanup Phases
    assert state.scouts[node("site_a")][ALICE] == 1


def test_faq_5_the_graveyard_is_not_on_the_main_board() -> None:
    """FAQ 5: "Is the Graveyard part of the 'Main Board'? No": Scouts in the Graveyard are no
    Scouts on the Main Board to Collect."""
    state = position(Plan())
    state.graveyard[ALICE], state.reserve[ALICE] = 2, 2
    state._legal = None
    assert "collect" not in names(state)
    put(state, ALICE, "guild")
    assert "collect" in names(state)
    run(state, ["collect"], manual=lambda top: True)
    assert names(state) == ["collect from Guild"]
