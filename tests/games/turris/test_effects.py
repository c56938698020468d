"""Each kind of effect of the data's vocabulary, the Council track, the Excavation Site
change and the Endgame."""

from __future__ import annotations

from towers.games.turris.frames import CouncilStep, Resolving, Turn

from .conftest import DELUSION, HARROW, PAIN, D, act, empty_board, names, new_game, node, put

ALICE, BOB, CAROL = range(3)


def resolve(state, seat: int, effects_of: str) -> None:  # type: ignore[no-untyped-def]
    """Resolve the effects of a named source for ``seat`` on top of the Action Step."""
    src = [name for name, _ in state.game.sources].index(effects_of)
    state.stack.push(Resolving(seat, src, 0))
    state._legal = None
    state._run()


def tactics_id(name: str) -> int:
    return [c.id for c in D.tactics].index(name)


def test_gain_of_choice_and_optional_trade_at_the_brink() -> None:
    state = new_game(3)
    empty_board(state)
    resolve(state, ALICE, "location brink")  # I1 + 1 of K/R/W, then may trade 2 for an Artifact
    assert sorted(names(state)) == ["token K", "token R", "token W"]
    act(state, "token R")
    assert state.resources[ALICE] == [4, 0, 1, 0, 0]
    assert isinstance(state.stack.top, Turn)  # the trade cannot be paid: not offered
    state.resources[ALICE] = [0, 2, 0, 0, 0]
    resolve(state, ALICE, "location brink")
    act(state, "token K")
    assert sorted(names(state)) == ["pass", "yes"]
    act(state, "yes")
    assert state.resources[ALICE] == [1, 1, 0, 0, 1]


def test_artifact_pays_for_any_one_resource() -> None:
    state = new_game(3)
    state.resources[ALICE] = [0, 0, 0, 0, 1]
    state.hands[ALICE] = [tactics_id("forbidden_knowledge")]  # pay an Ichor
    state._legal = None
    act(state, "play Forbidden Knowledge")
    assert state.resources[ALICE] == [0, 3, 0, 0, 0]


def test_steal_from_the_player_of_choice() -> None:
    state = new_game(3)
    state.resources[BOB] = [0, 1, 0, 0, 0]
    state.resources[CAROL] = [0, 0, 0, 2, 0]
    resolve(state, ALICE, "site stall")
    assert sorted(names(state)) == ["steal K from 2", "steal W from 3"]
    act(state, "steal W from 3")
    assert state.resources[ALICE][3] == 1 and state.resources[CAROL][3] == 1


def test_sacrifice_at_the_abyss_advances_the_council() -> None:
    state = new_game(3)
    empty_board(state)
    act(state, "place Abyss")
    assert state.reserve[ALICE] == 2 and state.graveyard[ALICE] == 1
    assert names(state) == ["council ichor", "council tactics"]
    act(state, "council ichor")
    act(state, "resolve 1")
    assert state.resources[ALICE][0] == 5
    assert state.resources[ALICE][4] == 1  # the Abyss's Artifact


def test_council_last_level_may_return_to_the_start() -> None:
    state = new_game(3)
    spots = [c.id for c in D.council]
    state.council[ALICE] = spots.index("reserve")
    state.stack.push(CouncilStep(0, 1))
    state._legal = None
    state._run()
    act(state, "council prestige")
    act(state, "resolve 1")
    assert state.prestige[ALICE] == 2 and sorted(names(state)) == ["pass", "yes"]
    act(state, "pass")  # Carol's example: she stays on the final spot
    assert state.council[ALICE] == spots.index("prestige")
    # her next advance puts the token back on the start, with no reward
    state.hands[ALICE] = [tactics_id("echo_of_the_council")]
    state._legal = None
    act(state, "play Echo of the Council")  # repeats the spot she is on
    act(state, "resolve 1")
    assert state.prestige[ALICE] == 4
    state.stack.push(CouncilStep(0, 1))
    state._legal = None
    state._run()
    assert state.council[ALICE] == 0


def test_revive_at_the_isle_one_to_three_for_an_ichor_each() -> None:
    state = new_game(3)
    empty_board(state)
    state.reserve[ALICE], state.graveyard[ALICE] = 1, 3
    state._legal = None
    act(state, "place Isle")
    assert names(state) == ["yes"]  # at least one, as the Place needs
    act(state, "yes")
    act(state, "yes")
    act(state, "pass")
    assert state.graveyard[ALICE] == 1 and state.reserve[ALICE] == 2
    assert state.resources[ALICE][0] == 1


def test_fruit_and_future_first_player_once() -> None:
    state = new_game(3)
    empty_board(state)
    act(state, "place Garden")
    assert "choose East Crossroads" not in names(state)
    act(state, "choose Isle")
    assert state.fruit == node("isle")
    act(state, "place Spire")
    assert state.future_first == ALICE
    state.scouts[node("spire")][ALICE] = 0
    state.actions_left = 1
    state._legal = None
    assert "place Spire" not in names(state)  # she holds the card already


def test_ridge_moves_a_beast_one_step_then_flips_it() -> None:
    state = new_game(3)
    empty_board(state, {PAIN: "crossroads_east", DELUSION: "forge"})
    put(state, BOB, "guild")
    act(state, "place Ridge")
    assert names(state) == ["beast Delusion"]  # not a Beast in a Crossroads
    act(state, "beast Delusion")
    assert sorted(names(state)) == [
        "choose Excavation spot B", "choose Guild", "choose Nest", "choose Spire",
        "choose West Crossroads",
    ]  # fmt: skip
    act(state, "choose Guild")
    # the Delusion's effect at the end of the move (the First Player moves Bob), then the flip
    act(state, "choose Shrine")
    assert state.scouts[node("shrine")][BOB] == 1 and state.flipped[DELUSION]


def test_a_flipped_beast_moved_by_an_effect_stands_up_instead() -> None:
    state = new_game(3)
    empty_board(state, {DELUSION: "forge"})
    state.flipped[DELUSION] = True
    act(state, "place Ridge")
    act(state, "beast Delusion")
    assert not state.flipped[DELUSION] and state.beast_at[DELUSION] == node("forge")


def test_place_effect_after_collect_and_extra_action_tokens() -> None:
    state = new_game(3)
    empty_board(state)
    put(state, ALICE, "guild")
    act(state, "collect")
    act(state, "collect from Guild")
    act(state, "pass")
    act(state, "pass")
    state.hands[ALICE] = [tactics_id("forced_march")]
    state.action_tokens[ALICE] = 1
    state._legal = None
    act(state, "play Forced March")
    assert "place Forge" in names(state)  # a Place by an effect after a Collect
    act(state, "place Forge")
    act(state, "use action token")
    assert state.actions_left == 2 and state.action_tokens[ALICE] == 0
    assert not any(n.startswith("place") for n in names(state))


def test_reserve_a_mission() -> None:
    state = new_game(3)
    resolve(state, ALICE, "trionfi justice")
    m = D.missions[state.missions[2]].id
    act(state, f"mission {m}")
    assert [D.missions[x].id for x in state.reserved[ALICE]] == [m]
    assert len(state.missions) == 4


def test_excavation_sites_change_the_first_time_10_prestige_is_reached() -> None:
    state = new_game(3)
    empty_board(state, {HARROW: "site_d"})
    put(state, BOB, "site_a")
    state.prestige[ALICE] = 9
    old = state.site_at[:]
    state.hands[ALICE] = [tactics_id("tower_plans")]  # pay 2, a Council step, a Prestige
    state.resources[ALICE] = [3, 2, 0, 0, 0]
    state._legal = None
    act(state, "play Tower Plans")
    act(state, "council ichor")
    act(state, "pass")
    assert state.prestige[ALICE] == 10
    # once the action is resolved: every Site removed, as many drawn, from A
    assert state.is_chance_node() and state.site_at == [-1, -1, -1, -1]
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert [s >= 0 for s in state.site_at] == [True, True, True, False]
    assert set(state.site_at[:3]).isdisjoint(old)
    assert state.scouts[node("site_a")][BOB] == 1 and state.thresholds_hit == [10]


def test_endgame_removes_a_beast_each_beast_phase_then_ends() -> None:
    state = new_game(2)
    state.prestige[BOB] = 40
    state._check_endgame()
    assert state.endgame and not state.endgame_in_beasts
    removed = []
    while not state.is_terminal():
        before = [b >= 0 for b in state.beast_at]
        state.phase = "beasts"
        state.stack.clear()
        state._end_round()
        removed.append(
            [d for d, (x, y) in enumerate(zip(before, state.beast_at, strict=True)) if x and y < 0]
        )
    assert removed == [[HARROW], [2], [DELUSION], [PAIN]]


def test_endgame_triggered_in_the_beast_phase_waits_a_round() -> None:
    state = new_game(2)
    state.phase = "beasts"
    state.prestige[BOB] = 40
    state._check_endgame()
    state.stack.clear()
    state._end_round()
    assert all(b >= 0 for b in state.beast_at)


def test_ties_go_to_most_resources_then_nearest_the_first_player() -> None:
    state = new_game(3, first=BOB)
    state.game_over = True
    state.prestige = [20, 20, 20]
    state.resources = [[1, 1, 0, 0, 0], [1, 0, 0, 0, 5], [2, 0, 0, 0, 0]]
    assert state.winners() == [CAROL]  # Artifacts are not resources
    state.resources = [[2, 0, 0, 0, 0], [1, 0, 0, 0, 0], [2, 0, 0, 0, 0]]
    assert state.winners() == [CAROL]  # Bob first, then Carol, then Alice


def test_artifact_may_be_spent_instead_of_a_resource_held() -> None:
    """Artifacts: "Wild resource — may be spent instead of any 1 resource (I/K/R/W) at any
    time": holding both, the player chooses which to pay."""
    state = new_game(3)
    state.resources[ALICE] = [1, 0, 0, 0, 1]
    state.hands[ALICE] = [tactics_id("forbidden_knowledge")]  # pay an Ichor
    state._legal = None
    act(state, "play Forbidden Knowledge")
    assert sorted(names(state)) == ["token A", "token I"]
    act(state, "token A")
    assert state.resources[ALICE] == [1, 3, 0, 0, 0]


def test_an_effect_moves_a_beast_its_full_steps_not_up_to_them() -> None:
    """Complete Mission Step example: the Mission's effect is "moving a Beast one step";
    Easily Missed Rules: the move ends early only when "it hits a Scout after moving 1 step".
    So the move is neither skipped nor stopped short, and never ends where it began."""
    state = new_game(3)
    empty_board(state, {PAIN: "guild"})
    state.hands[ALICE] = [tactics_id("righteous_fury")]  # pay a Weaponry, a Beast 2 steps
    state.resources[ALICE] = [3, 0, 0, 1, 0]
    state._legal = None
    act(state, "play Righteous Fury")
    assert names(state) == ["beast Pain"]  # no pass: the move is not optional
    act(state, "beast Pain")
    assert sorted(names(state)) == ["choose Forge", "choose Shrine"]
    act(state, "choose Forge")
    # no stop after one of two steps, and not back to the Guild
    assert sorted(names(state)) == [
        "choose Excavation spot B", "choose Nest", "choose Spire", "choose West Crossroads",
    ]  # fmt: skip
    act(state, "choose Spire")
    assert state.beast_at[PAIN] == node("spire") and isinstance(state.stack.top, Turn)


def test_an_effect_move_ends_early_at_a_scout() -> None:
    """Easily Missed Rules: the move "can prematurely end should it be able to move 2 steps
    and it hits a Scout after moving 1 step"."""
    state = new_game(3)
    empty_board(state, {PAIN: "guild"})
    put(state, BOB, "forge")
    state.hands[ALICE] = [tactics_id("righteous_fury")]
    state.resources[ALICE] = [3, 0, 0, 1, 0]
    state._legal = None
    act(state, "play Righteous Fury")
    act(state, "beast Pain")
    act(state, "choose Forge")
    assert state.beast_at[PAIN] == node("forge") and state.graveyard[BOB] == 1


def test_the_ridge_offers_only_a_beast_that_can_make_the_move_and_flips_it_after() -> None:
    """FAQ 2: the Ridge is "Move a Beast & Flip it": the flip follows the move. A Beast
    that cannot step anywhere it may end (with another Beast: Move Beast) is not offered,
    and is not flipped where it stands."""
    state = new_game(3)
    empty_board(state, {DELUSION: "guild", PAIN: "forge", HARROW: "shrine"})
    act(state, "place Ridge")
    assert sorted(names(state)) == ["beast Harrow", "beast Pain"]
    assert not state.flipped[DELUSION]


def test_a_scout_move_that_cannot_be_made_is_not_playable() -> None:
    """Minor Rules and Clarifications: "If you cannot perform in full all the effects
    necessary for a Tactics card, you may not play the Tactics card": Quick Feet moves one
    of your Scouts on the Main Board, so not with none there."""
    state = new_game(3)
    empty_board(state)
    state.hands[ALICE] = [tactics_id("quick_feet")]
    state._legal = None
    assert "play Quick Feet" not in names(state)
    put(state, ALICE, "guild")
    assert "play Quick Feet" in names(state)


def test_the_labyrinth_moves_the_scout_just_placed() -> None:
    """Easily Missed Rules: a Place needs every non-optional part of the Location to
    resolve; the Scout placed in the Labyrinth is on the board to be moved."""
    state = new_game(3)
    empty_board(state)
    state.site_at[0] = [s.id for s in D.excavation_sites].index("labyrinth")
    state._legal = None
    assert "place Excavation spot A" in names(state)
    act(state, "place Excavation spot A")
    assert names(state) == ["choose Excavation spot A", "pass"]


def test_the_tie_break_counts_from_the_first_player_after_the_last_cleanup() -> None:
    """Endgame: the game ends "at the end of the Cleanup Phase", in which the First Player
    token goes to the holder of the Future First Player card (Cleanup Phase example: Bob
    "keeps this title until the Cleanup Phase"); ties are broken "by proximity to the First
    Player", so from the new First Player."""
    state = new_game(3, first=BOB)
    state.endgame = True
    state.beast_at = [node("guild"), -1, -1, -1]  # the Pain is the last Beast
    state.future_first = ALICE
    state.prestige = [20, 20, 20]
    state.resources = [[1, 0, 0, 0, 0] for _ in range(3)]
    state.phase = "beasts"
    state.stack.clear()
    state._end_round()
    assert state.is_terminal() and state.first_player == ALICE
    assert state.winners() == [ALICE]


def test_two_prestige_thresholds_reached_at_once_change_the_sites_twice() -> None:
    """Excavation Sites: "The first time in the game any player reaches or passes 10, 20,
    30, or 40 Prestige ... remove all the Excavation Site locations, draw a number equal to
    player number": each threshold reached for the first time is one change."""
    state = new_game(3)
    empty_board(state)
    state.prestige[ALICE] = 8
    left = len(state.site_deck)
    state._score(ALICE, 13)  # 8 -> 21: past 10 and 20 in one go
    state._run()
    draws = 0
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
        draws += 1
    assert draws == 6 and len(state.site_deck) == left - 6
    assert sorted(state.thresholds_hit) == [10, 20] and not state.excavation_due


def test_a_state_saved_with_an_excavation_flag_reads_back_as_one_change() -> None:
    import json

    state = new_game(3)
    state.excavation_due = 1
    saved = json.loads(state.to_json())
    saved["version"] = 3
    saved["state"]["excavation_due"] = True
    again = state.game.state_from_json(json.dumps(saved))
    assert again.to_json() == state.to_json()


def test_an_empty_excavation_spot_closes_when_its_beast_is_removed_there() -> None:
    """Excavation Sites: spots with no Site "exist only for the purpose of the Beasts
    starting location and thereafter are treated as if they do not exist for all effects":
    a Beast removed in the Endgame without leaving its spot leaves nothing behind."""
    state = new_game(2)
    assert state.beast_at[HARROW] == node("site_d") and state._is_open(node("site_d"))
    state.endgame = True
    state.phase = "beasts"
    state.stack.clear()
    state._end_round()  # the Harrow goes first
    assert state.beast_at[HARROW] < 0
    assert not state._is_open(node("site_d"))
    assert node("site_d") not in state._distances(node("isle"))


def test_the_world_scores_later_tower_rooms_not_its_own() -> None:
    """The World (trionfi.toml): "a Prestige for each later Tower Room"; the room built
    with the card is not a later one."""
    state = new_game(3)
    world = [t.id for t in D.trionfi].index("the_world")
    state.trionfi_tableau[0] = world
    state.completed[ALICE] = [0, 1, 2, 3]
    state._take_trionfi(ALICE, world, 3)
    state._run()
    assert state.prestige[ALICE] == 3 and state.rooms[ALICE] == 1
    state._room_built(ALICE, 3)
    state._run()
    assert state.prestige[ALICE] == 7


def test_an_artifact_spent_on_a_payment_is_not_counted_again_by_a_later_part() -> None:
    """Artifacts: each stands for one resource. A cost paid partly with an Artifact leaves
    that Artifact spent for the rest of the same effect (here a revive paid in Ichor after an
    Ichor payment), so the whole cannot be resolved in full and may not be taken (Minor Rules
    and Clarifications); with a second Artifact it can."""
    from towers.games.turris.data import Bundle, Effect

    state = new_game(2)
    state.resources[0] = [0, 0, 0, 0, 1]  # one Artifact, no Ichor
    state.reserve[0] -= 1
    state.graveyard[0] += 1
    effects = (Effect("pay", bundle=Bundle(I=1)), Effect("revive", bundle=Bundle(I=1)))
    assert not state._can_resolve(0, effects)
    state.resources[0] = [0, 0, 0, 0, 2]
    assert state._can_resolve(0, effects)
    # resources of choice come off what is held, then Artifacts
    state.resources[0] = [0, 1, 0, 0, 1]
    two_of_choice = (Effect("pay", bundle=Bundle(any=2)), Effect("pay", bundle=Bundle(K=1)))
    assert not state._can_resolve(0, two_of_choice)
