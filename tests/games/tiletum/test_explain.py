"""Tiletum explains itself: the glossary says what each component does (from its data), every
rule a refusal cites has a summary, the log's chapters and words say what happened, the
ending's categories add up to each score, and the glance shows the seat's numbers."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.text import Text

from tests.games.tiletum.helpers import (
    ACTION,
    chance,
    do,
    frame,
    game,
    kind,
    new,
    set_res,
    store,
    town,
)
from towers.core.conformance import random_action
from towers.core.views import GLANCE_LINES, find_topics
from towers.games.tiletum import actions as A
from towers.games.tiletum import explain
from towers.games.tiletum import frames as F
from towers.games.tiletum import legality as L
from towers.games.tiletum.data import load, load_help
from towers.games.tiletum.rules import TiletumState
from towers.games.tiletum.views import TiletumViews

D = load()


NAMES = ("Red", "Blue", "Green", "Yellow")
"""The seats' names (``Views.seat_name``), in seat order."""


def views(players: int = 2, **options: object) -> TiletumViews:
    return TiletumViews(game(players, **options))


def topic(v: TiletumViews, name: str) -> Any:
    found = [t for t in v.glossary() if t.name == name]
    assert len(found) == 1, name
    return found[0]


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def played(players: int, seed: int, **options: object) -> TiletumState:
    """A whole random game, chance and choices driven by ``seed``."""
    rng = random.Random(seed)
    state = game(players, **options).new_initial_state()
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    return state


# ---- the glossary ------------------------------------------------------------------------------
def test_a_character_says_its_bonus_and_the_action_it_strengthens() -> None:
    t = topic(views(), "Smith (2 iron)")
    assert t.kind == "character tile" and t.key == "tile-smith-2"
    assert "gain 2 Iron" in t.text
    assert "Contract Action gets its bonus Action Points" in t.text


def test_a_contract_says_what_it_costs_and_scores() -> None:
    t = topic(views(4), "9 iron for 17 points")
    assert "pay 9 Iron" in t.text and "score 17 VP plus that space's VP" in t.text
    king = topic(views(), "5 iron for 7 points and a King track space")
    assert "advance 1 space on the King track" in king.text


def test_an_identical_resources_contract_says_the_type_is_chosen() -> None:
    t = topic(views(), "3 identical resources for 3 points")
    assert "3 identical Resources of one type of your choice" in t.text


def test_a_helper_says_its_ability_and_that_it_is_used_once() -> None:
    t = topic(views(), "+2 action points")
    assert t.kind == "helper tile"
    assert "add 2 Action Points to the action of the die you took this turn" in t.text
    assert "leaves the game" in t.text
    sub = topic(views(), "the die's resources as another type")
    assert "as you take a die's Resources" in sub.text


def test_a_crest_says_it_is_placed_with_food_and_is_unique() -> None:
    t = topic(views(), "Lion crest")
    assert "pay Food" in t.text and "never have two Lion crests" in t.text


def test_buildings_say_rooms_roof_crest_cost_and_bonus_from_the_board() -> None:
    first = topic(views(), "Building 1").text
    assert "2 Rooms" in first and "score 2 VP" in first
    assert "costs 6 Food" in first and "place a House from your supply in any Town" in first
    last = topic(views(), "Building 6").text
    assert "already occupied" in last and "costs 2 Food" in last and "score 5 VP" in last


def test_a_town_counts_the_spaces_used_with_this_many_players() -> None:
    # Paris: a building bonus space for 2, a 3+ space, a 4 space worth 2 VP
    two = topic(views(2), "Paris").text
    four = topic(views(4), "Paris").text
    assert two.startswith("Town. 1 House space with 2 players (it gives a Building Bonus)")
    assert "3 House spaces with 4 players" in four and "one scores 2 VP" in four
    assert "a Cathedral with" in two and "tiles worth 2, 3 and 5 VP" in two
    assert "the first fair is held here" in topic(views(), "Tiletum").text


def test_fair_tiles_say_who_scores_and_for_what() -> None:
    t = topic(views(), "Fair tile: houses on the map")
    assert "House in the fair's Town, or their Merchant there" in t.text
    assert "1 VP plus the board's VP for the round for each House they have on the map" in t.text
    king = topic(views(), "Fair tile: King track").text
    assert "before the King track is reset" in king and "may be a loss" in king


def test_the_glossary_keeps_to_the_tiles_of_this_player_count() -> None:
    # Weaver (a contract action with 3 action points) is marked "4"
    names = {t.name for t in views(2).glossary()}
    assert "Weaver (a contract action with 3 action points)" not in names
    assert "Weaver (a contract action with 3 action points)" in {
        t.name for t in views(4).glossary()
    }


def test_help_texts_fill_every_number_from_the_data() -> None:
    v = views()
    keys = {h.key for h in load_help()}
    for t in v.glossary():
        assert "{" not in t.text and "}" not in t.text, t
    texts = {t.key: t.text for t in v.glossary() if t.key in keys}
    assert f"The {D.storehouse_size} spaces" in texts["storehouse"]
    assert (
        "3, 4, 5 or 6 Completed Buildings score 5, 10, 20 or 30 VP" in texts["completed-building"]
    )
    assert f"+{D.king_track[-1]} VP" in texts["action-king"]


def test_a_topic_is_found_by_its_printed_name() -> None:
    v = views()
    assert [t.key for t in find_topics(v, "king track")] == ["king-track"]
    assert "tile-smith-1" in {t.key for t in find_topics(v, "smith")}


def test_the_board_points_its_components_to_their_topics() -> None:
    v = views()
    state = new(2, seed=1)
    svg = v.svg(state, 0) or ""
    keys = set(re.findall(r'data-help="([^"]*)"', svg))
    assert {"king-track", "town-tiletum", "road-space", "storehouse", "building-1"} <= keys
    assert any(k.startswith("die-") for k in keys) and any(k.startswith("tile-") for k in keys)
    assert keys <= {t.key for t in v.glossary()}
    assert re.search(r'id="spot-paris" class="town" data-help="town-paris"', svg)


def test_every_panel_has_a_name_and_a_part() -> None:
    svg = views().svg(new(2, seed=1), 0) or ""
    panels = re.findall(r'<g class="tw-panel"( data-name="([^"]*)" data-part="([^"]*)")?', svg)
    assert len(panels) == 6
    named = [(name, part) for _, name, part in panels]
    assert ("Your board", "me") in named and ("Map", "board") in named
    assert all(name and part for name, part in named)
    spectator = views().svg(new(2, seed=1), None) or ""
    assert "Your board" not in spectator


# ---- rulebook sections --------------------------------------------------------------------------
def test_every_section_the_rules_cite_is_summarised() -> None:
    cited = {v for k, v in vars(L).items() if k.startswith("R_") and isinstance(v, str)}
    cited |= set(L.R_SECTION.values())
    v = views()
    assert set(v.rule_sections()) == cited
    for s in cited:
        assert len(v.rules_section(s) or "") >= 40, s
    assert v.rules_section("Torres, Move a knight") is None


def test_a_refusal_cites_a_section_that_is_explained() -> None:
    state = new(2, seed=0)
    # a house before any die is taken: the turn asks for a die first
    error = state._illegal(A.from_string("house Paris 1"))
    assert error.rule and views().rules_section(error.rule)
    error = state._illegal(A.from_string("draw Smith (1 iron)"))
    assert error.rule == L.R_SETUP and "chance" in (views().rules_section(L.R_SETUP) or "")


# ---- chapters and log words ---------------------------------------------------------------------
def test_chapters_follow_the_rounds_and_phases() -> None:
    v = views()
    rng = random.Random(2)
    state = game(2).new_initial_state()
    seen: list[str] = []
    while not state.is_terminal():
        c = v.chapter(state)
        if not seen or seen[-1] != c:
            seen.append(c)
        state.apply_action(random_action(state, rng))
    rounds = [
        [f"Round {r}, Preparation phase", f"Round {r}, Action phase", f"Round {r}, King phase"]
        + ([f"Round {r}, Cleanup phase"] if r < 4 else [])
        for r in range(1, 5)
    ]
    # the last round has no King tile to decide on, and no Cleanup phase
    rounds[-1].remove("Round 4, King phase")
    assert seen == ["", *(c for r in rounds for c in r)]


def test_setup_draws_read_as_what_was_laid_out() -> None:
    v = views()
    state = game(2).new_initial_state()
    event = state.chance_events[0]
    assert isinstance(event, F.TileDraw) and event.place == F.LOC_ACTION
    smith = A.from_string("draw 2 iron for 2 points")
    words = v.log_words(state, smith)
    assert words == f"{explain.action_name(event.index)}'s bonus tile: contract 2 iron for 2 points"
    # on through the bonus tiles to the contract offer
    while not (
        isinstance(state.chance_events[0], F.TileDraw)
        and state.chance_events[0].place == F.LOC_CONTRACT
    ):
        state.apply_action(state.chance_outcomes()[0][0])
    words = v.log_words(state, A.from_string("draw 9 iron for 17 points"))
    assert words == "contract offer space 1 (3 AP): contract 9 iron for 17 points"


def test_cost_town_and_fair_tiles_read_in_words() -> None:
    v = views()
    state = game(2).new_initial_state()
    while not isinstance(state.chance_events[0], F.CostTileDraw):
        state.apply_action(state.chance_outcomes()[0][0])
    c = state.chance_events[0].cathedral
    unavailable = A.COST_TILE + D.unavailable_cost
    assert v.log_words(state, unavailable) == (
        f"{explain.cathedral_town(c)}'s Cathedral gets the Unavailable Cathedral tile: "
        "it is not built this game"
    )
    assert v.log_words(state, A.COST_TILE) == (
        f"{explain.cathedral_town(c)}'s Cathedral costs {D.cost_stone[0]} Stone for "
        f"{D.cost_vp[0]} VP more"
    )
    while not isinstance(state.chance_events[0], F.TownTileDraw):
        state.apply_action(state.chance_outcomes()[0][0])
    assert (
        v.log_words(state, A.from_string("town tile Paris"))
        == "the fair of round 2 will be in Paris"
    )
    while not isinstance(state.chance_events[0], F.FairTileDraw):
        state.apply_action(state.chance_outcomes()[0][0])
    houses = D.fair_ids.index("houses")
    assert v.log_words(state, A.FAIR_TILE + houses) == (
        f"the fair of round 1 scores houses on the map "
        f"({D.fair_board_vp[0] + D.fair_vp[houses]} VP each)"
    )


def test_dice_and_corruption_read_as_their_result() -> None:
    v = views()
    state = game(2).new_initial_state()
    while not isinstance(state.chance_events[0], F.DieDraw):
        state.apply_action(state.chance_outcomes()[0][0])
    assert v.log_words(state, A.from_string("bag blue")) == "a blue die is drawn from the bag"
    chance(state, "bag blue")
    four = explain.action_name(state.action_of_value(4))
    assert v.log_words(state, A.from_string("roll 4")) == f"the blue die rolls 4, beside the {four}"
    while not isinstance(state.chance_events[0], F.CorruptionReveal):
        state.apply_action(state.chance_outcomes()[0][0])
    assert v.log_words(state, A.from_string("corruption 2")) == (
        "Corruption token 2 revealed: every King track marker moves 2 spaces down"
    )
    assert v.log_words(state, A.from_string("corruption 0")).endswith("no marker moves")


def test_a_die_value_says_the_action_its_points_and_the_gold_paid() -> None:
    v = views()
    state = new(2, seed=0)
    seat = state.active_player
    taken = next(a for a in state.legal_actions() if isinstance(A.VALUES[a], A.TakeDie))
    die = A.VALUES[taken]
    assert isinstance(die, A.TakeDie)
    do(state, state.action_to_string(taken))
    shown = die.value + 1
    colour = explain.resource_name(die.colour)
    act = state.action_of_value(shown)
    points = 7 - shown + (state.bonus_action_points[seat][act] if act < 5 else 0)
    words = v.log_words(state, A.SET_VALUE + shown - 1)
    assert words == (
        f"value {shown}: {explain.action_name(act)} with "
        f"{points} Action Point{'s' if points != 1 else ''}, {shown} {colour}"
    )
    other = shown % 6 + 1  # one step up (6 becomes 1): 2 Gold
    state.resources[seat][0] = 5
    assert v.log_words(state, A.SET_VALUE + other - 1).endswith(", paying 2 Gold")


def test_a_fulfilled_contract_says_whom_it_scored_for() -> None:
    v = views()
    state = new(2, seed=0)
    seat = state.active_player
    store(state, seat, "iron-3")
    set_res(state, seat, iron=3)
    frame(state, ACTION["contract"], 2)
    points = D.kinds[kind("iron-3")].vp + D.contract_space_vp[0]
    words = v.log_words(state, A.from_string("fulfil 3 iron for 4 points"))
    assert words == f"fulfil 3 iron for 4 points; {NAMES[seat]} +{points} VP"
    assert state.vp[seat] == D.start_vp  # the words changed nothing
    set_res(state, seat, iron=2)  # too little: the move alone, no result
    assert v.log_words(state, A.from_string("fulfil 3 iron for 4 points")) == (
        "fulfil 3 iron for 4 points"
    )


def test_taking_from_an_offer_names_the_tile() -> None:
    v = views()
    state = new(2, seed=0)
    frame(state, ACTION["contract"], 3)
    tile = explain.tile_label(state.contract_offer[0])
    assert v.log_words(state, A.from_string("take contract 1")) == (
        f"take contract 1: {tile} for {D.contract_offer_costs[0]} AP"
    )
    frame(state, ACTION["character"], 3)
    name = D.kinds[state.character_offer[2]].name
    assert v.log_words(state, A.from_string("take character 3")) == f"take character 3: {name}"


def test_the_last_turn_of_a_round_says_the_round_ends() -> None:
    v = views()
    rng = random.Random(5)
    state = new(2, seed=5)
    while True:
        action = random_action(state, rng)
        if not state.is_chance_node():
            after = state.clone()
            after.apply_action(action)
            assert isinstance(after, TiletumState)
            if after.round != state.round:
                words = v.log_words(state, action)
                assert "round 1 ends with the King phase and the fair in Tiletum" in words
                return
        state.apply_action(action)


# ---- the ending ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 7), (4, 2)])
def test_the_categories_add_up_to_each_score(players: int, seed: int) -> None:
    state = played(players, seed)
    ending = views(players).ending(state)
    assert ending is not None
    assert ending.categories == list(explain.CATEGORIES)
    rows = explain.points_by_category(state)
    assert rows is not None and ending.rows == rows
    for s, row in enumerate(rows):
        assert sum(row[:-1]) == row[-1] == state.vp[s]
        assert row[explain.START] == D.start_vp
        # final scoring changes no piece, so the end state still shows what it counted
        houses, buildings, resources = state.final_points(s)
        assert row[explain.HOUSES_PILLARS] == houses
        assert row[explain.COMPLETED] == buildings
        assert row[explain.RESOURCES_LEFT] == resources
        contracts = sum(
            D.kinds[k].vp + D.contract_space_vp[i]
            for i, k in enumerate(state.fulfilled_contracts[s])
        )
        assert row[explain.CONTRACTS] == contracts
        assert (row[explain.CATHEDRALS] > 0) == bool(state.cathedral_tiles[s])


def test_the_ending_names_the_winner_and_the_rule_that_ended_it() -> None:
    state = played(3, 7)
    ending = views(3).ending(state)
    assert ending is not None
    winner = state.winners()[0]
    assert ending.verdict == f"{NAMES[winner]} wins with {state.vp[winner]} points."
    assert "round 4" in ending.reason and "End of the Game and Final Scoring" in ending.reason
    assert town(D.towns[state.fair_towns[-1]].id) == state.fair_towns[-1]
    assert D.towns[state.fair_towns[-1]].name in ending.reason
    assert len([n for n in ending.notes if n.startswith(NAMES)]) == 3


def test_a_tie_says_who_wins_it_and_unreached_scores_fall_back_to_the_total() -> None:
    state = played(2, 1)
    state.vp = [50, 50]
    ending = views().ending(state)
    assert ending is not None
    first = state.turn_order[0]
    assert ending.verdict == f"{NAMES[first]} wins with 50 points."
    assert any("tie on 50 points" in n and "first of them in turn order" in n for n in ending.notes)
    # the replay no longer reaches these scores: only the total is shown
    assert ending.categories == ["Points", "Total"] and ending.rows == [[50, 50], [50, 50]]


def test_no_ending_while_the_game_goes_on() -> None:
    assert views().ending(new(2)) is None


# ---- the terminal ---------------------------------------------------------------------------------
def test_the_glance_shows_the_seat_its_numbers_and_its_moves() -> None:
    v = views()
    state = new(2, seed=0)
    seat = state.active_player
    set_res(state, seat, gold=3, food=2, wool=1, stone=0, iron=4)
    store(state, seat, "smith-1")
    lines = plain(v.glance(state, seat)).splitlines()
    assert 1 <= len(lines) <= GLANCE_LINES and all(len(x) <= 80 for x in lines)
    assert lines[0] == f"Round 1/4, Action phase, turn 1/3: {NAMES[seat]} to move"
    assert f"{NAMES[seat]}: 10 VP; 3 Gold, 2 Food, 1 Wool, 0 Stone, 4 Iron" in lines
    assert "  Storehouse 1/4: Smith (1 iron)" in lines
    assert any(x.startswith("Wheel: 1 ") for x in lines)
    legal = state.legal_actions()
    assert any(x.startswith(f"{len(legal)} moves: ") for x in lines)
    assert lines[-1] == "Scores: Red 10, Blue 10"


def test_the_glance_at_the_end_shows_the_final_scores() -> None:
    state = played(2, 1)
    lines = plain(views().glance(state, 0)).splitlines()
    assert lines[0] == "Round 4/4: game over"
    assert lines[-1] == f"Scores: Red {state.vp[0]}, Blue {state.vp[1]}"


def test_sections_hold_the_board_the_seat_the_supply_and_the_scores() -> None:
    v = views()
    state = new(2, seed=0)
    parts = v.sections(state, 0)
    assert set(parts) == {"board", "me", "supply", "scores"}
    assert plain(parts["me"]).splitlines()[0].split(":")[0].endswith("Red (you)")
    assert "Contracts" in plain(parts["supply"]) and "Map" not in plain(parts["supply"])
    scores = plain(parts["scores"])
    assert "Starting points" in scores and "The final scoring would add now" in scores
    assert "me" not in v.sections(state, None)


def test_colours_are_the_boards() -> None:
    v = views(3)
    colours = v.colours()
    assert colours is not None and len(colours) == 3
    svg = v.svg(new(3), 0) or ""
    assert all(c in svg for c in colours)


def test_howto_says_rounds_scoring_and_the_end() -> None:
    text = views().howto()
    assert f"played over {D.rounds} rounds" in text
    assert "Houses on the map" in text and "times your Pillars" in text.replace("\n", " ")
    assert all(len(line) <= 80 for line in text.splitlines())


def test_a_saved_game_ends_with_the_same_categories() -> None:
    state = played(3, 7)
    again = state.game.state_from_json(state.to_json())
    assert isinstance(again, TiletumState)
    before, after = views(3).ending(state), views(3).ending(again)
    assert before is not None and after is not None
    assert after.categories == list(explain.CATEGORIES) and after.rows == before.rows
