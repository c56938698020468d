"""The Beast Phase (rulebook: Choose Target, Plot Path, Move Beast, Resolve Effects), the
Cleanup Phase and Artifacts as Shields."""

from __future__ import annotations

from towers.games.turris.frames import BeastPath, TargetChoice

from .conftest import (
    DELUSION,
    DESPAIR,
    HARROW,
    PAIN,
    D,
    act,
    beast_acts,
    empty_board,
    names,
    new_game,
    node,
    put,
)

ALICE, BOB, CAROL = range(3)


def setup(beasts: dict[int, str], first: int = ALICE):  # type: ignore[no-untyped-def]
    state = new_game(3, first=first)
    empty_board(state, beasts)
    return state


# ---- Choose Target --------------------------------------------------------------------
def test_choose_target_example_1_most_scouts_among_the_closest() -> None:
    state = setup({PAIN: "guild"})
    put(state, BOB, "forge")
    put(state, CAROL, "shrine", 2)
    state.resources = [[0] * 5 for _ in range(3)]
    beast_acts(state, PAIN)
    assert state.beast_at[PAIN] == node("shrine")
    assert state.graveyard[CAROL] == 2


def test_choose_target_example_2_first_player_breaks_the_tie() -> None:
    state = setup({DELUSION: "brink"})
    put(state, BOB, "ridge")
    put(state, CAROL, "circle")
    beast_acts(state, DELUSION)
    top = state.stack.top
    assert isinstance(top, TargetChoice) and state.current_player() == ALICE
    assert sorted(names(state)) == ["choose Circle", "choose Ridge"]
    act(state, "choose Circle")
    assert state.beast_at[DELUSION] == node("circle")


def test_choose_target_example_3_the_closest_before_the_most() -> None:
    state = setup({DESPAIR: "nest"})
    put(state, BOB, "ridge")
    put(state, CAROL, "guild", 2)
    beast_acts(state, DESPAIR)
    assert state.beast_at[DESPAIR] == node("ridge")


def test_choose_target_example_4_the_fruit_first() -> None:
    state = setup({PAIN: "guild"})
    put(state, BOB, "forge")
    state.fruit = node("isle")
    beast_acts(state, PAIN)
    # it ignores Bob in the Forge and heads for the Isle by the Shrine
    assert state.beast_at[PAIN] == node("shrine") and state.graveyard[BOB] == 0
    state = setup({PAIN: "circle"})
    put(state, BOB, "brink")
    state.fruit = node("isle")
    beast_acts(state, PAIN)
    assert state.beast_at[PAIN] == node("isle")


def test_choose_target_example_5_scouts_with_a_beast_are_ignored() -> None:
    state = setup({DESPAIR: "forge", PAIN: "guild"})
    put(state, BOB, "forge")
    put(state, CAROL, "garden")
    beast_acts(state, PAIN)
    assert state.beast_at[PAIN] == node("shrine")  # towards the Garden, not the Forge


def test_no_scouts_target_the_abyss() -> None:
    state = setup({PAIN: "nest"})
    beast_acts(state, PAIN)
    assert state.beast_at[PAIN] == node("abyss")


# ---- Plot Path and Move Beast ----------------------------------------------------------
def test_plot_path_example_first_player_picks_the_circle_and_speed_2() -> None:
    state = setup({PAIN: "crossroads_east"}, first=CAROL)
    state.altar = 1  # the Pain's space
    put(state, ALICE, "brink")
    beast_acts(state, PAIN)
    assert isinstance(state.stack.top, BeastPath) and state.current_player() == CAROL
    assert sorted(names(state)) == ["choose Circle", "choose Ridge"]
    act(state, "choose Circle")
    assert state.beast_at[PAIN] == node("brink")


def test_plot_path_example_continued_speed_1_ends_on_the_circle() -> None:
    state = setup({PAIN: "crossroads_east"}, first=CAROL)
    put(state, ALICE, "brink")
    beast_acts(state, PAIN)
    act(state, "choose Circle")
    assert state.beast_at[PAIN] == node("circle")


def test_move_beast_example_a_scout_on_the_path_ends_the_move() -> None:
    state = setup({PAIN: "crossroads_east"}, first=CAROL)
    state.altar = 1
    put(state, ALICE, "brink")
    put(state, BOB, "circle")
    state.resources = [[0] * 5 for _ in range(3)]
    beast_acts(state, PAIN)
    # the Circle has a Scout at distance 1: the Pain targets it and devours there
    assert state.beast_at[PAIN] == node("circle") and state.graveyard[BOB] == 1


def test_move_beast_example_delusion_blocked_by_the_harrow() -> None:
    state = setup({DELUSION: "grove", HARROW: "abyss"})
    state.fruit = node("nest")
    beast_acts(state, DELUSION)
    assert state.beast_at[DELUSION] == node("grove")
    state = setup({DELUSION: "grove", HARROW: "abyss"})
    state.fruit = node("nest")
    state.altar = 2  # the Delusion's space: speed 2, through the Harrow
    beast_acts(state, DELUSION)
    assert state.beast_at[DELUSION] == node("nest")


def test_a_flipped_beast_stands_up_instead_of_moving() -> None:
    state = setup({PAIN: "nest"})
    state.flipped[PAIN] = True
    put(state, BOB, "ridge")
    beast_acts(state, PAIN)
    assert state.beast_at[PAIN] == node("nest") and not state.flipped[PAIN]


# ---- Resolve Effects -------------------------------------------------------------------
def test_pain_example_devoured_in_turn_order_with_council_steps() -> None:
    state = setup({PAIN: "grove"})
    put(state, BOB, "abyss")
    put(state, CAROL, "abyss")
    state.resources = [[0] * 5 for _ in range(3)]
    beast_acts(state, PAIN)
    assert state.graveyard == [0, 1, 1] and sum(state.scouts[node("abyss")]) == 0
    # Bob precedes Carol: Bob advances his Council token first
    assert state.current_player() == BOB and names(state) == ["council ichor", "council tactics"]
    act(state, "council ichor")
    act(state, "resolve 1")
    assert state.current_player() == CAROL
    act(state, "council ichor")
    act(state, "pass")  # the reward is optional
    assert state.resources[BOB][0] == 2 and state.resources[CAROL][0] == 0


def test_delusion_example_bob_moves_alices_scout_to_the_garden() -> None:
    state = setup({DELUSION: "forge"}, first=BOB)
    put(state, ALICE, "spire")
    put(state, CAROL, "garden")
    state.fruit = node("spire")
    beast_acts(state, DELUSION)
    assert state.current_player() == BOB
    assert sorted(names(state)) == ["choose Forge", "choose Garden"]
    act(state, "choose Garden")
    # not a Place: no Immediate effect, no limit-1
    assert state.scouts[node("garden")] == [1, 0, 1]
    assert state.resources[ALICE][0] == 3 and state.fruit == node("spire")


def test_delusion_moves_beyond_a_crossroads_or_beast_when_nothing_is_adjacent() -> None:
    """The Delusion: "Scouts cannot be moved into Crossroads ... or locations with another
    Beast. If there are no legal adjacent locations, move them 1 step further beyond a
    Crossroad or location with a Beast, instead." """
    state = setup({DELUSION: "crossroads_east", PAIN: "nest", HARROW: "brink", DESPAIR: "site_c"})
    put(state, BOB, "ridge")
    # the Delusion enters the Ridge; its neighbours are the Crossroads it came from and
    # three Locations with Beasts
    beast_acts(state, DELUSION)
    assert state.beast_at[DELUSION] == node("ridge") and state.current_player() == ALICE
    assert sorted(names(state)) == [
        "choose Abyss", "choose Circle", "choose Excavation spot B", "choose Forge",
    ]  # fmt: skip
    act(state, "choose Forge")
    assert state.scouts[node("forge")][BOB] == 1


def test_despair_example_bob_discards_knowledge_then_ichor_then_nothing() -> None:
    state = setup({DESPAIR: "guild"})
    put(state, BOB, "forge", 3)
    put(state, CAROL, "forge")
    state.resources[BOB] = [1, 1, 0, 0, 0]
    state.resources[CAROL] = [0, 0, 1, 1, 0]
    beast_acts(state, DESPAIR)
    assert state.resources[BOB] == [0, 0, 0, 0, 0]
    assert state.current_player() == CAROL and sorted(names(state)) == ["token R", "token W"]
    act(state, "token W")
    assert state.resources[CAROL] == [0, 0, 1, 0, 0]
    assert state.scouts[node("forge")] == [0, 3, 1]


def test_harrow_chain_attack_example_circle_then_brink() -> None:
    state = setup({HARROW: "isle"})
    put(state, BOB, "circle")
    put(state, CAROL, "brink")
    state.resources = [[0] * 5 for _ in range(3)]
    beast_acts(state, HARROW)
    while state.current_player() in (BOB, CAROL) and not state.stack.top.frame_name() == "turn":
        act(state, names(state)[0])
    assert state.beast_at[HARROW] == node("brink")
    assert state.graveyard == [0, 1, 1]


def test_harrow_chain_attack_off_while_the_fruit_is_on_the_board() -> None:
    state = setup({HARROW: "isle"})
    put(state, BOB, "circle")
    put(state, CAROL, "brink")
    state.fruit = node("circle")
    state.resources = [[0] * 5 for _ in range(3)]
    beast_acts(state, HARROW)
    while state.current_player() in (BOB, CAROL) and not state.stack.top.frame_name() == "turn":
        act(state, names(state)[0])
    assert state.beast_at[HARROW] == node("circle") and state.graveyard == [0, 1, 0]


def test_harrow_chain_attack_is_checked_once_the_devour_is_resolved() -> None:
    """Chain Attack example: the Harrow "resolves its Devour effect, after which the players
    notice that there is a Scout in the Brink"; the Devour includes the Council step and its
    reward (The Pain), so a Scout that reward Places next to the Harrow is noticed."""
    state = setup({HARROW: "isle"})
    put(state, BOB, "circle")
    state.council[BOB] = [c.id for c in D.council].index("resource")
    state.resources = [[0] * 5 for _ in range(3)]
    beast_acts(state, HARROW)
    act(state, "council place")
    act(state, "resolve 1")
    act(state, "place Brink")  # next to the Circle, where the Harrow stands
    assert state.beast_at[HARROW] == node("brink")
    assert state.graveyard[BOB] == 2


def test_artifacts_example_1_despair_spares_a_scout_with_no_resources() -> None:
    state = setup({DESPAIR: "guild"})
    put(state, ALICE, "forge")
    state.resources[ALICE] = [0, 0, 0, 0, 1]
    beast_acts(state, DESPAIR)
    assert state.current_player() == ALICE  # she may Shield, but need not
    act(state, "pass")
    assert state.resources[ALICE] == [0, 0, 0, 0, 1]


def test_artifacts_example_2_bob_shields_his_scout_in_the_grove() -> None:
    state = setup({PAIN: "isle"})
    put(state, BOB, "grove")
    state.resources[BOB] = [0, 0, 0, 0, 1]
    beast_acts(state, PAIN)
    assert state.current_player() == BOB
    act(state, "yes")
    assert state.beast_at[PAIN] == node("grove") and state.scouts[node("grove")][BOB] == 1
    assert state.resources[BOB][4] == 0 and state.graveyard[BOB] == 0


# ---- Cleanup ---------------------------------------------------------------------------
def test_cleanup_example_alice_becomes_first_player() -> None:
    state = setup({PAIN: "site_a"}, first=BOB)
    state.future_first = ALICE
    state.fruit = node("isle")
    state._end_round()
    assert state.first_player == ALICE and state.future_first == -1
    assert state.fruit == -1 and state.altar == 1 and state.round == 2
    assert state.active == ALICE


def test_altar_speed_follows_the_altar_and_never_the_harrow() -> None:
    state = setup({})
    speeds = []
    for _ in range(4):
        speeds.append([state._speed(b) for b in range(4)])
        state.altar = (state.altar + 1) % 4
    assert speeds == [[1, 1, 1, 1], [2, 1, 1, 1], [1, 2, 1, 1], [1, 1, 2, 1]]
