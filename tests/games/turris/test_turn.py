"""The Player Turn Phase (rulebook: Action Step, Complete Mission Step, Trionfi Step)."""

from __future__ import annotations

from towers.games.turris.frames import DiscardDown, MissionStep, PlayTacticsChoice, Rewards, Turn

from .conftest import DELUSION, D, act, empty_board, names, new_game, node, put

ABYSS_SACRIFICE = "place Abyss"


def test_place_example_garden_limited_to_1_nest_immediate_guild_not() -> None:
    state = new_game(3)
    empty_board(state)
    put(state, 1, "garden")  # Bob got there first
    assert "place Garden" not in names(state)
    tactics_before = len(state.tactics_deck)
    act(state, "place Nest")
    # the Nest is Immediate: two Tactics cards drawn at once
    assert state.is_chance_node()
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    assert len(state.hands[0]) == 2 and len(state.tactics_deck) == tactics_before - 2
    act(state, "place Guild")
    assert state.resources[0][1] == 0  # no Knowledge until Collect
    assert state.scouts[node("guild")][0] == 1 and state.reserve[0] == 2


def test_place_not_where_a_beast_is() -> None:
    state = new_game(3)
    empty_board(state, {DELUSION: "forge"})
    legal = names(state)
    assert "place Forge" not in legal and "place Guild" in legal
    assert "a Beast" in state.explain(state.string_to_action("place Forge"))


def test_place_only_where_every_non_optional_part_resolves() -> None:
    state = new_game(3)
    empty_board(state)
    # the Abyss sacrifices a Scout from the reserve: impossible with the last Scout
    state.reserve[0] = 1
    assert ABYSS_SACRIFICE not in names(state)
    state.reserve[0] = 2
    state._legal = None
    assert ABYSS_SACRIFICE in names(state)
    # the Isle revives: impossible with nobody in the Graveyard
    assert "place Isle" not in names(state)
    state.reserve[0], state.graveyard[0] = 1, 3
    state._legal = None
    assert "place Isle" in names(state)
    assert "place West Crossroads" not in names(state)


def test_collect_example_pay_two_ichor_guild_rewards_not_the_nest() -> None:
    state = new_game(3)
    empty_board(state)
    put(state, 0, "nest")
    put(state, 0, "guild")
    act(state, "collect")
    act(state, "collect from Nest")
    act(state, "collect from Guild")
    act(state, "pass")
    assert state.resources[0][0] == 1 and state.reserve[0] == 4
    top = state.stack.top
    assert isinstance(top, Rewards) and len(top.packets) == 1
    act(state, "resolve 1")
    assert state.resources[0][1] == 2  # the Guild's Knowledge


def test_collect_rewards_may_be_declined_and_a_beast_prevents_them() -> None:
    state = new_game(3)
    empty_board(state, {DELUSION: "forge"})
    put(state, 0, "guild")
    put(state, 0, "forge")
    act(state, "collect")
    act(state, "collect from Guild")
    act(state, "collect from Forge")
    act(state, "pass")
    top = state.stack.top
    assert isinstance(top, Rewards) and len(top.packets) == 1  # the Forge's Beast
    act(state, "pass")
    assert state.resources[0][1] == 0 and state.reserve[0] == 4


def test_collect_once_and_never_with_place() -> None:
    state = new_game(3)
    empty_board(state)
    put(state, 0, "guild")
    act(state, "place Forge")
    assert "collect" not in names(state)
    state = new_game(3)
    empty_board(state)
    put(state, 0, "guild", 2)
    act(state, "collect")
    act(state, "collect from Guild")
    act(state, "pass")
    act(state, "pass")  # decline the Guild
    assert not any(n.startswith("place") for n in names(state))
    assert "collect" not in names(state)


def test_gather_ichor_example_two_actions_give_three() -> None:
    state = new_game(3)
    act(state, "gather ichor")
    assert state.resources[0][0] == 4
    act(state, "gather ichor")
    assert state.resources[0][0] == 6
    assert names(state) == ["pass"] or "pass" in names(state)


def test_force_revive_example_three_ichor_or_one_if_all_dead() -> None:
    state = new_game(3)
    empty_board(state)
    state.reserve[0], state.graveyard[0] = 2, 2
    state._legal = None
    act(state, "force revive")
    assert state.resources[0][0] == 0 and state.graveyard[0] == 1 and state.reserve[0] == 3
    state = new_game(3)
    empty_board(state)
    state.reserve[0], state.graveyard[0] = 0, 4
    state._legal = None
    act(state, "force revive")
    assert state.resources[0][0] == 2 and state.graveyard[0] == 3


def test_two_actions_then_pass() -> None:
    state = new_game(3)
    assert "pass" not in names(state)
    act(state, "gather ichor")
    act(state, "gather ichor")
    assert not any(n.startswith(("place", "gather")) for n in names(state))
    act(state, "pass")
    assert not isinstance(state.stack.top, Turn) or state.active != 0


def test_one_tactics_card_a_turn() -> None:
    state = new_game(3)
    tc = [c.id for c in D.tactics]
    k = tc.index("forbidden_knowledge")  # pay an Ichor, gain three Knowledge
    state.hands[0] = [k, k]
    state._legal = None
    act(state, "play Forbidden Knowledge")
    assert state.resources[0][:2] == [2, 3]
    assert "play Forbidden Knowledge" not in names(state)
    reason = state.explain(state.string_to_action("play Forbidden Knowledge"))
    assert reason is not None and "one Tactics card" in reason


def test_tactics_card_that_cannot_be_resolved_in_full_cannot_be_played() -> None:
    state = new_game(3)
    k = [c.id for c in D.tactics].index("righteous_fury")  # pays a Weaponry
    state.hands[0] = [k]
    state._legal = None
    assert "play Righteous Fury" not in names(state)


def test_stroboscope_example_plays_the_card_drawn_and_it_does_not_count() -> None:
    """Action Step example: Carol "Places in the Stroboscope Excavation Site, which allows
    her to draw another Tactics card and play it. She has a Tactics card in hand and may
    still play it": the card played is the one drawn, and the limit is not used."""
    state = new_game(3)
    empty_board(state)
    strobe = [s.id for s in D.excavation_sites].index("stroboscope")
    state.site_at[0] = strobe
    held = [c.id for c in D.tactics].index("forbidden_knowledge")
    state.hands[0] = [held]
    state._legal = None
    act(state, "place Excavation spot A")
    act(state, "draw tactics Ichor Spring")
    # the card drawn, not the card held
    assert names(state) == ["play Ichor Spring", "pass"]
    act(state, "play Ichor Spring")
    assert state.resources[0][0] == 5 and state.hands[0] == [held]
    assert not state.tactics_played
    assert "play Forbidden Knowledge" in names(state)


def test_stroboscope_card_drawn_may_be_kept() -> None:
    """ "allows her to draw another Tactics card and play it": the play may be declined, and
    a card that cannot be resolved in full is not offered (Minor Rules and Clarifications)."""
    state = new_game(3)
    empty_board(state)
    state.site_at[0] = [s.id for s in D.excavation_sites].index("stroboscope")
    state._legal = None
    act(state, "place Excavation spot A")
    act(state, "draw tactics Ichor Spring")
    act(state, "pass")
    assert state.hands[0] == [[c.id for c in D.tactics].index("ichor_spring")]
    assert isinstance(state.stack.top, Turn)
    act(state, "place Excavation spot A")
    act(state, "draw tactics Righteous Fury")  # a Weaponry it cannot pay
    assert isinstance(state.stack.top, Turn) and len(state.hands[0]) == 2


def finish_actions(state) -> None:  # type: ignore[no-untyped-def]
    while isinstance(state.stack.top, Turn) and state.actions_left:
        act(state, "gather ichor")
    act(state, "pass")


def test_complete_a_mission_after_the_actions() -> None:
    state = new_game(3)
    m = state.missions[0]
    card = D.missions[m]
    state.resources[0] = [9, 9, 9, 9, 0]
    finish_actions(state)
    assert isinstance(state.stack.top, MissionStep)
    act(state, f"mission {card.name}")
    while not state.is_chance_node() and state.current_player() == 0 and "pass" in names(state):
        act(state, "pass")
    assert card.id == "ruined_totem"  # K1 R2 for 2 Prestige, and an Artifact
    assert state.prestige[0] == card.prestige and m in state.completed[0]
    assert state.resources[0] == [12, 8, 7, 9, 1]


def test_reserved_mission_example_one_resource_less() -> None:
    state = new_game(3)
    ids = [m.id for m in D.missions]
    m = ids.index("ruined_totem")  # K1 R2
    state.reserved[0] = [m]
    state.resources[0] = [3, 0, 2, 0, 0]
    finish_actions(state)
    assert "mission Ruined Totem" in names(state)
    act(state, "mission Ruined Totem")
    act(state, "token K")  # the Knowledge is the resource left unpaid
    assert state.resources[0][1:4] == [0, 0, 0]
    assert m in state.completed[0] and not state.reserved[0]


def test_grove_example_tower_room_in_the_trionfi_step_for_5() -> None:
    state = new_game(3)
    empty_board(state)
    state.rooms[0] = 1
    state.completed[0] = [40, 41, 42]  # three; the second room needs four
    put(state, 0, "grove")
    act(state, "collect")
    act(state, "collect from Grove")
    act(state, "pass")
    act(state, "resolve 1")
    assert state.grove_room[0] == 5
    act(state, "gather ichor")
    state.resources[0] = [9, 9, 9, 9, 0]
    act(state, "pass")
    mission = D.missions[state.missions[0]].id
    act(state, f"mission {mission}")
    while state.current_player() == 0 and not names(state)[0].startswith("trionfi"):
        act(state, "pass")
    before = state.prestige[0]
    card = names(state)[0]
    act(state, card)
    assert state.rooms[0] == 2 and state.prestige[0] >= before + 5


def test_circle_example_council_tower_room_at_once_for_3() -> None:
    state = new_game(3)
    empty_board(state)
    state.completed[0] = [40, 41]
    spots = [c.id for c in D.council]
    state.council[0] = spots.index("place")  # one step from the tower spot
    state._legal = None
    act(state, "place Circle")
    act(state, "council tower")
    act(state, "resolve 1")
    assert any(n.startswith("trionfi") for n in names(state))
    act(state, names(state)[0])
    assert state.rooms[0] == 1 and state.prestige[0] == 3
    assert sum(t >= 0 for t in state.trionfi_tableau) == 5


def test_discard_to_four_and_refill_the_missions() -> None:
    state = new_game(3)
    state.hands[0] = [0, 1, 2, 3, 4, 5]
    state.missions.pop()
    finish_actions(state)
    # no Mission can be paid: the Complete Mission Step passes by itself
    assert isinstance(state.stack.top, DiscardDown)
    act(state, f"discard {D.tactics[0].name}")
    act(state, f"discard {D.tactics[1].name}")
    assert len(state.hands[0]) == 4
    assert state.is_chance_node()
    state.apply_action(state.legal_actions()[0])
    assert len(state.missions) == 5 and state.current_player() == 1


def test_a_choice_of_tactics_cards_saved_before_drawn_reads_back() -> None:
    import json

    state = new_game(3)
    state.hands[0] = [[c.id for c in D.tactics].index("ichor_spring")]
    state.stack.push(PlayTacticsChoice(0, 1, 0))
    state._legal = None
    saved = json.loads(state.to_json())
    saved["version"] = 2
    saved["state"]["stack"][-1].pop("drawn")
    again = state.game.state_from_json(json.dumps(saved))
    assert again.to_json() == state.to_json()
    assert names(again) == ["play Ichor Spring", "pass"]


def test_an_ongoing_mission_replaces_another_only_when_both_slots_are_taken() -> None:
    """Complete Mission Step: "you may place the Mission in one of the 2 Ongoing Effects
    slots ... If both slots are taken, you may replace a previous card"."""
    ids = [m.id for m in D.missions]
    for held, offered in (
        ([], ["ongoing 1", "pass"]),
        (["long_term_strategy"], ["ongoing 2", "pass"]),
        (["long_term_strategy", "patronage"], ["ongoing 1", "ongoing 2", "pass"]),
    ):
        state = new_game(3)
        state.missions[0] = ids.index("saplings")  # I2 K1, an ongoing effect
        state.ongoing[0] = [ids.index(m) for m in held]
        state.completed[0] = state.ongoing[0][:]
        state.resources[0] = [5, 1, 0, 0, 0]
        finish_actions(state)
        act(state, "mission Saplings")
        assert names(state) == offered


def test_collect_from_a_replaced_excavation_site_gives_the_new_sites_reward() -> None:
    """Excavation Sites: Scouts on removed Sites "stay on the newly placed Excavation sites
    in the same spot"; COLLECT gains "rewards of all the Locations of those Scouts": the
    Site the Scout is on now."""
    state = new_game(3)
    empty_board(state)
    sites = [s.id for s in D.excavation_sites]
    state.site_at[0] = sites.index("quarry")  # W2 R1 on Collect
    put(state, 0, "site_a")
    state.site_at[0] = sites.index("cistern")  # the change: I3 on Collect
    act(state, "collect")
    act(state, "collect from Excavation spot A")
    act(state, "pass")
    act(state, "resolve 1")
    assert state.resources[0][:4] == [5, 0, 0, 0]


def test_faq_4_the_observatory_yields_its_resources_each_turn() -> None:
    """FAQ 4: "How does the Observatory work? Can a player collect these resources each
    turn? A: Yes": a Scout there yields them at the start of each of its owner's turns,
    unless a Beast is there (Collect: a Beast prevents the reward)."""
    state = new_game(3)
    empty_board(state)
    state.site_at[0] = [s.id for s in D.excavation_sites].index("observatory")
    put(state, 0, "site_a")
    for expected in ([1, 1], [2, 2]):
        state.stack.clear()
        state.turn_index = 0
        state._start_turn()
        state._run()
        assert state.resources[0][1:3] == expected
    state.beast_at[DELUSION] = node("site_a")
    state.stack.clear()
    state._start_turn()
    state._run()
    assert state.resources[0][1:3] == [2, 2]
    state.beast_at[DELUSION] = -1
    act(state, "collect")
    act(state, "collect from Excavation spot A")
    act(state, "pass")  # recalled for an Ichor; the resources came each turn instead
    assert isinstance(state.stack.top, Turn) and state.resources[0][:3] == [2, 2, 2]
