"""Turris explains itself: the glossary says what each named component does, the board asks
for that help and names its panels, the log tells results, the round is the rulebook's,
the glance shows the seat's numbers, and the ending splits each total by where its Prestige
came from (a replay of the public history)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text

import towers
from towers.core.conformance import random_action
from towers.core.game import CHANCE
from towers.core.registry import views_of
from towers.core.views import GLANCE_LINES, find_topics
from towers.games.turris import actions as A
from towers.games.turris import explain, render
from towers.games.turris.data import DATA_DIR, DataError, load_help
from towers.games.turris.frames import FactionChoice, Rewards, Turn
from towers.games.turris.rules import TurrisGame, TurrisState

from .conftest import PAIN, act, empty_board, new_game, put

D = A.DATA


def views(players: int = 2) -> Any:
    return views_of(towers.make("turris", players=players))


def topic(v: Any, name: str) -> str:
    (found,) = find_topics(v, name)
    assert found.name == name
    return str(found.text)


def finished(players: int, seed: int) -> TurrisState:
    state = TurrisGame(players).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    assert isinstance(state, TurrisState)
    return state


# ---- the glossary -----------------------------------------------------------------------------


def test_a_tactics_card_says_what_it_does() -> None:
    text = topic(views(), "Forbidden Knowledge")
    assert text.startswith("Pay 1 Ichor; gain 3 Knowledge.")


def test_a_location_says_its_number_reward_marks_and_upgrade() -> None:
    text = topic(views(), "Garden")
    assert text.startswith("Location 1: place the Fruit; gain 1 Ichor")
    assert "one Scout at most" in text and "Immediate" in text
    garden_upgrade = next(u for u in D.upgrades if u.location == "garden")
    lovers = next(t for t in D.trionfi if t.location == "garden")
    upgrade = topic(views(), garden_upgrade.name)
    assert (
        f"takes {lovers.name}" in upgrade and "the Garden gives: place the Fruit; gain 2" in upgrade
    )


def test_a_mission_says_its_price_and_prestige() -> None:
    mission = next(m for m in D.missions if m.ongoing)
    text = topic(views(), mission.name)
    assert f"score {mission.prestige} Prestige" in text
    assert "while in an Ongoing slot" in text


def test_each_faction_explains_both_sides() -> None:
    v = views()
    text = topic(v, "Ministers")
    assert "Side A, Council Favour: after you complete a Mission: gain 1 Ichor" in text
    assert "Side B, Privileged Audience: as an action: reserve 1 Mission" in text
    # the fifth faction comes only with five players
    assert not find_topics(v, "Ferrymen")
    assert "Passage Home" in topic(views(5), "Ferrymen")


def test_the_beasts_and_tokens_are_explained_from_help_data() -> None:
    v = views()
    assert "Devour" in topic(v, "Pain") and "Chain Attack" in topic(v, "Harrow")
    assert "Shield" in topic(v, "Artifact")
    assert not find_topics(v, "Betrayers")


def test_the_solo_glossary_has_the_betrayers_and_lacks_what_solo_removes() -> None:
    v = views(1)
    assert "Damage" in topic(v, "Betrayers")
    assert find_topics(v, "d4") and find_topics(v, "Damaged token")
    assert not find_topics(v, "Underworld Map")
    assert not find_topics(v, "Stall")
    assert find_topics(views(2), "Underworld Map")
    svg = v.svg(new_game(1), 0)
    assert 'data-help="d4"' in svg and 'data-help="d12"' in svg and 'data-help="betrayers"' in svg


# ---- the board ----------------------------------------------------------------------------------


def test_the_board_asks_for_help_on_what_it_shows() -> None:
    state = new_game(2)
    state.hands[0] = [D.tactics.index(next(c for c in D.tactics if c.id == "forbidden_knowledge"))]
    svg = views().svg(state, 0)
    keys = set(re.findall(r'data-help="([^"]*)"', svg))
    assert {"location-garden", "crossroads", "graveyard", "pain", "ichor"} <= keys
    assert "tactics-forbidden_knowledge" in keys
    assert {f"mission-{D.missions[m].id}" for m in state.missions} <= keys
    assert {f"council-{c.id}" for c in D.council} <= keys
    assert re.search(r'id="loc-garden" data-help="location-garden"', svg)


def test_every_panel_has_a_name_and_a_part() -> None:
    state = new_game(3)
    svg = views(3).svg(state, 1)
    panels = re.findall(r'<g class="tw-panel"([^>]*)>', svg)
    assert panels
    named = [re.search(r'data-name="([^"]+)" data-part="(\w+)"', p) for p in panels]
    assert all(named), panels
    parts = {m.group(1): m.group(2) for m in named if m}
    assert parts["The board"] == "board" and parts["Your board"] == "me"
    # another seat's panel is named as every screen names the seat
    assert parts[views(3).seat_name(0)] == "others" and parts["Missions"] == "supply"
    assert parts["Prestige and Tower"] == "scores"


def test_factions_show_their_abilities_where_they_are_chosen() -> None:
    state = TurrisGame(2).new_initial_state()
    while not (state.stack and isinstance(state.stack.top, FactionChoice) and not state.chance):
        state.apply_action(state.legal_actions()[0])
    v = views()
    text = v.text(state, state.current_player())
    assert "Ministers A, Council Favour: after you complete a Mission: gain 1 Ichor" in text
    svg = v.svg(state, state.current_player())
    assert 'data-help="faction-wardens"' in svg
    assert "after one of your Scouts is Devoured: gain 1 Ichor" in svg
    # once chosen, the player's row says the ability
    act(state, "faction Wardens side A")
    assert "ability: after one of your Scouts is Devoured: gain 1 Ichor" in v.text(state, 0)


# ---- the log --------------------------------------------------------------------------------------


def test_the_chapter_is_the_round_the_board_shows() -> None:
    game = TurrisGame(2)
    v = views_of(game)
    state = game.new_initial_state()
    assert v.chapter(state) == ""
    rng = random.Random(2)
    seen = set()
    while state.round < 3:
        if not state.is_chance_node() and state.round:
            chapter = v.chapter(state)
            assert chapter == f"Round {state.round}"
            assert f"round {state.round} -" in v.text(state, 0)
            seen.add(chapter)
        state.apply_action(random_action(state, rng))
    assert seen == {"Round 1", "Round 2"}


def test_a_devouring_beast_is_told_in_the_log_line_that_set_it_off() -> None:
    state = new_game(2)
    empty_board(state, {PAIN: "nest"})
    put(state, 1, "forge")
    v = views()
    lines = []
    while state.phase == "turns":
        legal = [state.action_to_string(a) for a in state.legal_actions()]
        text = "gather ichor" if "gather ichor" in legal else "pass"
        action = state.string_to_action(text if text in legal else legal[0])
        lines.append(v.log_words(state, action))
        state.apply_action(action)
    assert state.graveyard[1] == 1
    assert lines[-1].endswith(
        "— the Pain moves to the Forge; 1 Scout of Blue goes to the Graveyard"
    ), lines[-1]
    assert "Red gathers Ichor" in lines[0]


def test_draws_rolls_and_rewards_say_what_they_brought() -> None:
    game = TurrisGame(1)
    v = views_of(game)
    state = game.new_initial_state()
    rng = random.Random(6)
    said = {"d4": False, "tactics": False, "reward": False}
    while not state.is_terminal() and not all(said.values()):
        action = random_action(state, rng)
        words = v.log_words(state, action)
        value = A.SPACE.decode(action)
        match value:
            case A.RollBeast(beast=b):
                assert words == f"the d4 rolls {b + 1}: the {D.beasts[b].name} moves now"
                said["d4"] = True
            case A.DrawTactics(card=c):
                assert f"Red draws the Tactics card {D.tactics[c].name}" in words
                said["tactics"] = True
            case A.Resolve(slot=k) if isinstance(state.stack.top, Rewards):
                src = state.stack.top.packets[k]
                name = render.source_name(game, src)
                assert words.startswith(f"Red takes {name}: "), words
                said["reward"] = True
        assert "resolve" not in words
        state.apply_action(action)
    assert all(said.values()), said


def test_log_words_of_every_action_of_a_game_are_one_line_of_words() -> None:
    state = TurrisGame(3).new_initial_state()
    v = views(3)
    rng = random.Random(8)
    for _ in range(600):
        action = random_action(state, rng)
        words = v.log_words(state, action)
        assert words and "\n" not in words and "_" not in words
        if state.current_player() != CHANCE:
            assert words.startswith(f"{v.seat_name(state.current_player())} ")
        state.apply_action(action)


# ---- the terminal -------------------------------------------------------------------------------


def test_the_glance_of_a_fixed_position_shows_the_seats_numbers() -> None:
    state = new_game(2)
    state.resources[0] = [4, 1, 2, 0, 1]
    state.prestige = [12, 9]
    state.action_tokens[0] = 2
    state.hands[0] = [0]
    lines = [Text.from_markup(x).plain for x in views().glance(state, 0).splitlines()]
    assert 1 <= len(lines) <= GLANCE_LINES and all(len(x) <= 80 for x in lines), lines
    text = "\n".join(lines)
    assert lines[0].startswith("Turris, round 1, Player Turn Phase; First Player Red")
    assert "Prestige: Red 12, Blue 9" in text
    assert "You, Red: I4 K1 R2 W0, 1 Artifact, 2 Additional Action tokens" in text
    assert f"Your Tactics: {D.tactics[0].name}" in text
    assert D.missions[state.missions[0]].name in text
    assert "Now: Red: Action Step, 2 actions left" in text


def test_the_sections_split_the_table() -> None:
    state = new_game(2)
    parts = views().sections(state, 0)
    assert set(parts) == {"board", "me", "supply", "scores"}
    assert "Graveyard" in parts["board"] and "Missions" in parts["supply"]
    assert "(you)" in parts["me"] and "Prestige" in parts["scores"]
    assert "me" not in views().sections(state, None)


# ---- refusals and their sections ----------------------------------------------------------------


def test_each_refusal_at_a_turn_cites_an_explained_section() -> None:
    state = new_game(2)
    act(state, "gather ichor")
    v = views()
    cited = set()
    for a in range(state.game.num_distinct_actions()):
        if not state.is_legal(a):
            cited.add(state._illegal(a).rule)
    cited.discard("")
    assert "Action Step (PLACE)" in cited or "Action Step (COLLECT)" in cited
    for rule in cited:
        assert v.rules_section(rule), rule
    assert "3 Ichor" in v.rules_section("Action Step (FORCE REVIVE)")


# ---- the ending ---------------------------------------------------------------------------------


def test_the_ending_adds_up_by_category_and_says_why() -> None:
    state = finished(3, seed=4)
    ending = views(3).ending(state)
    assert ending is not None
    assert ending.categories[-1] == "Total"
    assert ending.categories[:3] == ["Missions", "Tower Rooms", "Trionfi"]
    # every point found its source; no faction ability scores, so no column for them
    assert "Other" not in ending.categories and "Factions" not in ending.categories
    for s, row in enumerate(ending.rows):
        assert sum(row[:-1]) == row[-1] == state.prestige[s]
        missions = sum(D.missions[m].prestige for m in state.completed[s])
        assert row[0] >= missions  # a Mission's own Prestige, and what its effects score
        assert 3 * state.rooms[s] <= row[1] <= 5 * state.rooms[s]  # Council 3, Grove 5
    (winner,) = state.winners()
    assert ending.verdict.startswith(f"{views(3).seat_name(winner)} wins with ")
    assert "The Endgame began when" in ending.reason
    assert "40 Prestige" in ending.reason or "Tower Room" in ending.reason
    assert f"round {state.round}" in ending.reason


def test_the_solo_ending_says_the_target_and_the_betrayers_score() -> None:
    state = finished(1, seed=3)
    ending = views(1).ending(state)
    assert ending is not None and len(ending.rows) == 1
    assert ending.rows[0][-1] == state.prestige[0]
    target, betrayers = ending.notes
    assert target.startswith("Target: 40 Prestige before the Betrayers, or 6 Tower Rooms")
    assert ("; met (" in target) == state.player_won
    numbers = [int(x) for x in re.findall(r"\d+", betrayers)]
    assert numbers[0] == state.betrayer_prestige == numbers[1] + numbers[2]
    assert ending.reason.startswith("The game ended when ")


def test_a_pending_reward_asks_for_help_on_its_source() -> None:
    state = new_game(2)
    empty_board(state, {})
    put(state, 0, "guild")
    act(state, "collect")
    act(state, "collect from Guild")
    act(state, "pass")
    assert isinstance(state.stack.top, Rewards)
    svg = views().svg(state, 0)
    assert re.search(r'id="reward-0" data-help="location-guild"', svg)


def test_a_solo_win_names_the_condition_met() -> None:
    state = new_game(1)
    ledger = explain.replay(state)
    ledger.prestige[0] = 40
    ledger._end_solo(True)
    assert ledger.ended == "Red reached 40 Prestige in round 1"
    ledger = explain.replay(state)
    ledger.rooms[0] = 6
    ledger._end_solo(True)
    assert ledger.ended.startswith("Red had built 6 Tower Rooms with none Damaged")


def test_no_ending_before_the_end() -> None:
    assert views().ending(new_game(2)) is None


def test_the_lone_turn_is_the_seats() -> None:
    state = new_game(2)
    assert isinstance(state.stack.top, Turn)
    assert explain.chapter(state) == "Round 1"


# ---- the help data ------------------------------------------------------------------------------


def test_help_data_loads_and_a_bad_topic_is_named(tmp_path: Path) -> None:
    topics = load_help()
    assert len({t.key for t in topics}) == len(topics)
    assert all(t.source.startswith(("rulebook: ", "designed: ")) for t in topics)
    text = (DATA_DIR / "help.toml").read_text()
    broken = text.replace('key = "fruit"\nname = "Fruit token"\n', 'key = "fruit"\n', 1)
    assert broken != text
    (tmp_path / "help.toml").write_text(broken)
    with pytest.raises(DataError, match=r"help.toml: topic\[9\]\.name: missing \(a required key\)"):
        load_help(tmp_path)
    (tmp_path / "help.toml").write_text(text + text[text.index("[[topic]]") :])
    with pytest.raises(DataError, match=r"help.toml topic: id 'ichor' repeats"):
        load_help(tmp_path)
