"""Towers of Sifnos explains itself: the glossary says what each component does, the log says
what chance and the Schemes did, the ending adds up by category and names the rule that ended
it, the glance shows a seat's numbers, and every refusal's rulebook section is summarised."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.text import Text

import towers
from tests.games.sampling import sampled_states
from towers.core.registry import views_of
from towers.core.views import GLANCE_LINES, Topic, find_topics
from towers.games.sifnos import explain, scoring
from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import (
    DATA,
    DONE,
    SPACE,
    Build,
    DealAid,
    DrawMarker,
    DrawScheme,
    DrawShip,
    DrawTile,
    RollDie,
)
from towers.games.sifnos.rules import MAX_ROUNDS, SifnosState

from .builders import ships_example
from .conftest import die, hand, new_game, play, supply_dice
from .test_solo import at_reveal, clear_map, opening


def topic(name: str) -> Topic:
    (found,) = [t for t in explain.glossary() if t.name == name]
    return found


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


# ---- the glossary ---------------------------------------------------------------------------


def test_a_cards_topic_says_its_cost_column_and_effect() -> None:
    t = topic("Lead Card: discount Silver and Gold")
    assert t.kind == "card" and t.key == "card-L02"
    assert "cost 1" in t.text and "Prepare" in t.text
    assert "take 1 off the cost of one placement of a Silver Card and of a Gold Card" in t.text
    assert "gains 1 Lead Influence" in t.text


def test_every_card_has_a_topic_by_its_name() -> None:
    names = {t.name for t in explain.glossary() if t.kind == "card"}
    assert names == {c.name for c in DATA.cards}


def test_a_defend_card_says_where_its_tent_goes() -> None:
    card = next(c for c in DATA.cards if c.kind == "tent")
    province = DATA.provinces[card.province or 0].name
    assert f"a Tent in {province}" in topic(card.name).text


def test_scoring_tiles_by_printed_name_say_both_halves() -> None:
    t = topic("Tents Scoring Tile")
    assert "place 1 Tent in any Province" in t.text and "1 VP per Tent" in t.text
    assert find_topics(views_of(towers.make("sifnos")), "Majority") == [
        topic("Majority Scoring Tile")
    ]


def test_buildings_say_their_rule_and_reward() -> None:
    gate = topic("Gate").text
    assert "every Die a different value" in gate and "2 Gold Influence" in gate
    assert "2 Dice add up to 7" in topic("Columns").text


def test_a_region_says_its_printed_value_province_and_neighbours() -> None:
    region = DATA.regions[DATA.region_index("troulaki")]
    text = topic("Troulaki").text
    assert f"printed value {region.value}" in text
    assert DATA.provinces[region.province].name in text
    assert all(DATA.regions[r].name in text for r in region.adjacent)
    assert "any number of Soldiers" in topic(DATA.regions[DATA.central].name).text


def test_a_region_and_its_province_of_the_same_name_are_two_topics() -> None:
    assert topic("Kastro").kind == "region" and topic("Kastro Province").kind == "province"


def test_a_scheme_says_its_regions_and_effects() -> None:
    scheme = DATA.schemes[0]
    text = topic(f"Scheme {scheme.id}").text
    assert f"A {DATA.regions[scheme.regions[0]].name}" in text
    assert "a Die and a Tower" in text


def test_the_solo_opponent_and_its_marker_are_explained() -> None:
    assert "Region A, B or C" in topic("The Schemes").text
    assert "clockwise" in topic("Solo Marker").text


def test_the_board_asks_for_help_on_cards_regions_and_buildings() -> None:
    state = new_game(3)
    hand(state, 0, "L02")
    svg = views_of(state.game).svg(state, 0) or ""
    keys = set(re.findall(r'data-help="([^"]*)"', svg))
    assert {"card-L02", "region-troulaki", "building-gate", "influence-gold"} <= keys
    assert keys <= {t.key for t in explain.glossary()}


def test_every_panel_has_a_name_and_a_part() -> None:
    state = opening(1)
    svg = views_of(state.game).svg(state, 0) or ""
    panels = re.findall(r'<g class="tw-panel"([^>]*)>', svg)
    named = [re.search(r'data-name="([^"]+)" data-part="([^"]+)"', p) for p in panels]
    assert all(named), panels
    parts = {m.group(2) for m in named if m}
    assert parts == {"board", "me", "supply", "others", "scores"}
    assert 'data-name="The Schemes"' in svg and 'data-name="Your hand"' in svg


# ---- rulebook sections ----------------------------------------------------------------------


def test_a_refusals_rule_has_a_summary() -> None:
    state = new_game(3)
    die(state, 1, "troulaki")
    supply_dice(state, 0, 2)
    play(state, "done", "invest")
    rule = state._illegal(state.string_to_action("die 2 in Troulaki")).rule
    text = explain.rules_section(rule)
    assert rule == "rulebook: Major Actions" and text and "Active Region" in text


def test_a_rule_of_several_sections_joins_their_summaries() -> None:
    text = explain.rules_section("rulebook: Invest; Construct; Muster") or ""
    assert text.startswith("Invest: ") and "Construct: " in text and "Muster: " in text


def test_an_unknown_section_is_none() -> None:
    assert explain.rules_section("rulebook: Flying") is None
    assert explain.rules_section("") is None


# ---- chapters and the log -------------------------------------------------------------------


def test_setup_has_no_chapter_and_the_first_turn_is_round_1() -> None:
    state = towers.make("sifnos", players=2).new_initial_state()
    assert isinstance(state, SifnosState)
    assert explain.chapter(state) == ""
    assert explain.chapter(opening(2)) == "Round 1"


def test_setups_chance_lines_say_what_was_dealt() -> None:
    state = towers.make("sifnos", players=2).new_initial_state()
    assert isinstance(state, SifnosState)
    tile = SPACE.encode(DrawTile(tile=2))
    assert explain.log_words(state, tile).startswith(
        "A Scoring Tile is dealt: Tents Scoring Tile (when claimed: place 1 Tent"
    )
    while not isinstance(state.pending[-1], F.MarkerDraw):
        state.apply_action(state.chance_outcomes()[0][0])
    gold = SPACE.encode(DrawMarker(mineral=2))
    assert (
        explain.log_words(state, gold) == "A Gold Mineral Marker goes on the face-up Cards' space"
    )
    while not isinstance(state.pending[-1], F.AidDeal):
        state.apply_action(state.chance_outcomes()[0][0])
    aid = DATA.setup_aids[0]
    words = explain.log_words(state, SPACE.encode(DealAid(aid=0)))
    assert words.startswith(f"Red is dealt Setup Aid {aid.id}: a Die in ")
    assert DATA.regions[aid.region].name in words and DATA.spaces[aid.tower].name in words


def test_a_roll_says_whose_die_and_where() -> None:
    state = towers.make("sifnos", players=2).new_initial_state()
    assert isinstance(state, SifnosState)
    while not isinstance(state.pending[-1], F.Roll):
        state.apply_action(state.chance_outcomes()[0][0])
    top = state.pending[-1]
    assert isinstance(top, F.Roll)
    where = "Workshop" if top.workshop else "Supply"
    words = explain.log_words(state, SPACE.encode(RollDie(value=4)))
    assert words == f"{('Red', 'Blue')[top.seat]} rolls a 5 into their {where}"


def test_the_schemes_move_in_words() -> None:
    state = at_reveal(opening(1))
    clear_map(state)
    scheme = DATA.schemes[0]  # A Troulaki: a Die and a Tower
    region = DATA.regions[scheme.regions[0]]
    words = explain.log_words(state, SPACE.encode(DrawScheme(scheme=0)))
    assert words.startswith(f"The Schemes move: Scheme {scheme.id} in {region.name} (Region A)")
    corner = DATA.spaces[region.corners[scheme.tower_priority[0]]]
    assert f"a Die in {region.name}" in words and f"Tower on {corner.name}" in words
    assert "reveal scheme" not in words
    state.apply_action(SPACE.encode(DrawScheme(scheme=0)))
    opp = state.game.opponent
    assert state.die_owner[scheme.regions[0]] == opp
    assert state.stacks[region.corners[scheme.tower_priority[0]]][-1] >> 3 == opp


def test_a_scheme_that_fits_nowhere_says_so() -> None:
    state = at_reveal(opening(1))
    clear_map(state)
    scheme = DATA.schemes[0]
    for r in scheme.regions:
        state.die_owner[r], state.die_value[r] = 0, DATA.regions[r].value
    words = explain.log_words(state, SPACE.encode(DrawScheme(scheme=0)))
    assert words.startswith(f"The Schemes reveal Scheme {scheme.id}: a Die and a Tower fit in none")
    assert words.endswith("so they reveal another")


def test_an_invasion_says_who_won_with_what_might() -> None:
    state = ships_example()  # Platis Gialos: 3 Dice of P2's; Silver, Gold, Silver, Lead Ships
    play(state, "done")
    words = explain.log_words(state, DONE)
    assert words == (
        "done; Platis Gialos is invaded: Blue wins with 3 Might and gains 1 Lead "
        "Influence, 2 Silver Influence and 1 Gold Influence"
    )
    before = list(state.influence[1])
    state.apply_action(DONE)
    assert [a - b for a, b in zip(state.influence[1], before, strict=True)] == [1, 2, 1]


def test_a_log_line_changes_nothing() -> None:
    state = ships_example()
    play(state, "done")
    before = state.to_json()
    explain.log_words(state, DONE)
    assert state.to_json() == before and type(state) is SifnosState


def test_an_allied_ship_drawn_says_what_it_gives() -> None:
    state = ships_example()
    play(state, "done", "done")
    while not isinstance(state.pending[-1], F.ShipDraw):
        action = state.legal_actions()[0] if not state.is_chance_node() else None
        state.apply_action(action if action is not None else state.chance_outcomes()[0][0])
    mineral = DATA.game["minerals"][state.markers[3]].capitalize()
    words = explain.log_words(state, SPACE.encode(DrawShip(ship=3)))
    assert words == (
        "An Allied Ship is drawn from the Bag onto Allied Ship space 1: everyone draws 1 Card "
        f"per 2 {mineral} Influence"
    )


# ---- the ending -----------------------------------------------------------------------------


def finished(players: int, seed: int, **options: Any) -> SifnosState:
    *_, state = sampled_states("sifnos", players, seed=seed, every=1000, **options)
    assert isinstance(state, SifnosState) and state.is_terminal()
    return state


@pytest.mark.parametrize(("players", "options"), [(3, {}), (2, {"solo_opponent": True})])
def test_the_categories_add_up_to_each_total(players: int, options: dict[str, Any]) -> None:
    state = finished(players, 1, **options)
    ending = explain.ending(state)
    assert ending is not None and ending.categories[-1] == "Total"
    for seat, row in enumerate(ending.rows):
        assert sum(int(v) for v in row[:-1]) == row[-1] == state.scores()[seat]
        assert row[1:4] == state.influence[seat]


def test_the_reason_names_the_rule_that_ended_it() -> None:
    state = finished(3, 1)
    ending = explain.ending(state)
    assert ending is not None and ending.reason == explain.end_reason(state)
    state.rounds, state.allies, state.ended_by = 12, 3, 1
    majority = DATA.game["minerals"][state.markers[5]].capitalize()
    assert explain.end_reason(state) == (
        "The third Allied Ship was drawn from the Bag on Blue's turn, which ends the game "
        f"at once (End of the Game); the most {majority} Influence scored the majority."
    )
    state.allies = 2
    assert explain.end_reason(state) == (
        "A Ship had to be drawn from an empty Bag on Blue's turn, which ends the game at "
        "once (End of the Game); nobody scores the third Allied Ship's majority."
    )
    state.rounds = MAX_ROUNDS + 1
    assert explain.end_reason(state).startswith(f"{MAX_ROUNDS} rounds were played")


def test_the_verdict_names_the_winning_seat_and_its_points() -> None:
    state = finished(3, 2)
    ending = explain.ending(state)
    (best,) = state.winners()
    assert ending is not None
    assert ending.verdict.startswith(
        f"{('Red', 'Blue', 'Green')[best]} wins with {int(state.scores()[best])} points"
    )


def test_solo_says_the_schemes_score_and_who_won() -> None:
    state = finished(1, 1)
    ending = explain.ending(state)
    assert ending is not None and len(ending.rows) == 1
    theirs = scoring.final_scores(state)[state.game.opponent]
    mine = int(state.scores()[0])
    if state.winners() == [0]:
        assert ending.verdict == f"Red beats the Schemes, {mine} to {theirs}."
    else:
        assert ending.verdict == f"The Schemes win, {theirs} to {mine}: Red loses."
    assert ending.notes[0].startswith(f"The Schemes scored {theirs}: Influence ")


def test_a_game_under_way_has_no_ending() -> None:
    assert explain.ending(opening(2)) is None


# ---- the terminal ---------------------------------------------------------------------------


def test_the_glance_shows_the_seats_numbers_and_the_offer() -> None:
    state = new_game(3)
    state.influence[0] = [3, 1, 4]
    hand(state, 0, "L02", "S01")
    supply_dice(state, 0, 2, 5)
    views = views_of(state.game)
    lines = plain(views.glance(state, 0)).splitlines()
    assert 1 <= len(lines) <= GLANCE_LINES and all(len(x) <= 80 for x in lines)
    assert lines[0] == "Round 1: Red's turn"
    assert "You: Influence Lead 3, Silver 1, Gold 4; 2 Cards in hand" in lines
    assert any(x.startswith("  Supply: Dice 2 5") for x in lines)
    assert any(x.startswith("Scoring Tiles (5th ") for x in lines)
    scores = scoring.final_scores(state)
    assert lines[-1] == (f"Scores: Red {scores[0]}; Blue {scores[1]}; Green {scores[2]}")


def test_the_glance_never_shows_another_seats_hand() -> None:
    state = new_game(3)
    hand(state, 1, "L02")
    text = plain(views_of(state.game).glance(state, 0))
    assert "discount Silver and Gold" not in text


def test_sections_by_name() -> None:
    state = opening(1)
    parts = views_of(state.game).sections(state, 0)
    assert set(parts) == {"board", "me", "supply", "scores"}
    assert "Main Board" in parts["supply"] and "The island" in plain(parts["board"])
    assert "Scores" in plain(parts["scores"]) and "(you)" in plain(parts["me"])


def test_glances_of_a_random_game_fit() -> None:
    rng = random.Random(5)
    for state in sampled_states("sifnos", 4, seed=rng.randrange(99), every=11):
        seat = max(state.current_player(), 0)
        lines = plain(views_of(state.game).glance(state, seat)).splitlines()
        assert len(lines) <= GLANCE_LINES and all(len(x) <= 80 for x in lines), lines


def test_colours_one_a_seat() -> None:
    assert views_of(towers.make("sifnos", players=3)).colours() == ["#d23c3c", "#2f66d0", "#2b9a4b"]


def test_a_payment_that_places_a_card_says_the_influence_it_gains() -> None:
    state = new_game(3)
    hand(state, 0, "L06", "L01")  # Lead Card: adjust a Die costs 1 Lead Card
    play(state, "use Place a Card", "place Lead Card: adjust a Die")
    pay = state.string_to_action("discard Lead Card: place a Card")
    assert explain.log_words(state, pay) == (
        "discard Lead Card: place a Card; Red gains 1 Lead Influence"
    )


def test_influence_by_source_is_part_of_each_seats_influence() -> None:
    state = finished(4, 1)
    sources = explain.influence_sources(state)
    for seat in range(4):
        assert sources["Buildings"][seat] + sources["invasions won"][seat] <= sum(
            state.influence[seat]
        )
    assert sum(sources["invasions won"]) > 0
    ending = explain.ending(state)
    assert ending is not None
    assert any(n.startswith("Influence from Buildings (within the Influence") for n in ending.notes)


def test_a_die_built_for_influence_counts_for_buildings() -> None:
    state = finished(4, 1)
    replay = state.game.new_initial_state()
    assert isinstance(replay, SifnosState)
    built = [0] * 4
    for action in state.history():
        before = [sum(x) for x in replay.influence]
        is_build = isinstance(SPACE.decode(action), Build)
        replay.apply_action(action)
        if is_build:
            built = [
                b + sum(x) - a for b, a, x in zip(built, before, replay.influence, strict=False)
            ]
    sources = explain.influence_sources(state)["Buildings"]
    assert all(s >= b for s, b in zip(sources, built, strict=True))
    assert sum(built) > 0


def test_the_influence_notes_read_seat_by_seat() -> None:
    *_, state = sampled_states("sifnos", 2, seed=1, every=1000)
    notes = views_of(state.game).ending(state).notes  # type: ignore[union-attr]
    built = next(n for n in notes if n.startswith("Influence from Buildings"))
    assert re.search(r": Red \d+, from \d+ Buildings? completed; Blue \d+, from ", built)
    won = next(n for n in notes if n.startswith("Influence from invasions won"))
    assert re.fullmatch(r"Influence from invasions won: Red \d+; Blue \d+\.", won)
