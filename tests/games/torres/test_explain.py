"""Torres explains itself (towers.games.torres.explain, the views' hooks): the glossary says
what each card does, the log says each action's result, the ending splits the score by what
scored it, the glance shows what matters now, a refusal's rule has a summary."""

from __future__ import annotations

import random
import re

import pytest
from rich.text import Text

import towers
from towers.core.registry import views_of
from towers.core.views import GLANCE_LINES, Views, find_topics
from towers.games.torres import actions as A
from towers.games.torres import explain
from towers.games.torres.rules import TorresState
from towers.games.torres.steps import S_KING_MOVE, S_OVER

from .helpers import act, fresh, position

FIVE = {"c3": 1, "c4": 3, "c5": 1, "d4": 2, "e4": 1}
"""A castle of 5 spaces, columns up to level 3 (as in the scoring tests)."""


def views(players: int = 2, **options: object) -> Views:
    return views_of(towers.make("torres", players=players, **options))


def topic_text(v: Views, name: str) -> str:
    (topic,) = find_topics(v, name)
    return topic.text


def played_game(seed: int, players: int = 2, **options: object) -> TorresState:
    """A game played to its end by random legal moves (chance by its odds)."""
    state = towers.make("torres", players=players, **options).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert isinstance(state, TorresState)
    return state


def ints(rows: list[list[float | int | str]]) -> list[list[int]]:
    """An ending's rows, every value a whole number of points."""
    assert all(isinstance(x, int) for row in rows for x in row)
    return [[int(x) for x in row] for row in rows]


def last_turn_of_phase(phase: int, **kw: object) -> TorresState:
    """Seat 1's last turn of ``phase`` (0-based), two players: ending it scores the phase."""
    state = position(turn=1, phase=phase, **kw)  # type: ignore[arg-type]
    state.starting_player = 0
    state.stacks = [[], []]
    state.round = state.game.phases_rounds[phase] - 1
    state.turns_taken = 1
    return fresh(state)


# ---- glossary ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "says"),
    [
        ("Jump up two levels", "exactly two levels higher"),
        ("Block under a knight", "under one of your knights"),
        ("Extra block from general supply", "from the general supply"),
        ("Door climb", "climbing as many levels as you like"),
        ("Diagonal move", "diagonally"),
        ("6 action points", "6 action points to spend this turn instead of 5"),
        ("7 action points", "7 action points to spend this turn instead of 5"),
        ("Move a tower block", "at least six castles must remain"),
        ("Relocate a knight", "as if adding a knight"),
        ("Jump over a knight", "over the knight next to it"),
    ],
)
def test_each_action_card_says_what_it_does(card: str, says: str) -> None:
    v = views()
    (topic,) = find_topics(v, card)
    assert topic.name == card and topic.kind == "action card"
    assert says in topic.text


def test_the_master_cards_are_explained_only_in_the_master_version() -> None:
    master = views(3, variant="master")
    border = topic_text(master, "Knights on border spaces")
    assert "edge of the board" in border and "2 after phase 1, 5 after phase 2, 10" in border
    assert "exactly 5 after phase 2" in topic_text(master, "Knights on exactly 4 / 5 / 6 castles")
    kinds = [t.kind for t in master.glossary()]
    assert kinds.count("master card") == 8
    assert "master card" not in [t.kind for t in views().glossary()]
    # the master version has no deck to acquire from; the common deck variant its own
    assert "deck" not in {t.key for t in master.glossary()}
    assert "All 40 action cards" in topic_text(views(4, variant="common_deck"), "Action deck")
    assert "draw 3, keep 1" in topic_text(views(), "Action deck")


@pytest.mark.parametrize(
    "name", ["King", "Castle", "Tower block", "Knight", "Level", "Scoring track", "Phase"]
)
def test_the_topics_a_player_asks_about_are_there(name: str) -> None:
    (topic,) = find_topics(views(), name)
    assert topic.name == name


def test_the_glossary_gives_the_numbers_of_the_game_played() -> None:
    assert "4, 4 and 4 rounds" in topic_text(views(2), "Phase")
    assert "4, 3 and 3 rounds" in topic_text(views(4), "Phase")
    assert "phase 1, 4 stacks of 2 blocks" in topic_text(views(4), "Stack")
    assert "5, 10 or 15 points" in topic_text(views(), "King's bonus")
    assert "5 action points" in topic_text(views(), "Action points")


def test_howto_names_the_variant_played() -> None:
    assert "Master version" in views(3, variant="master").howto()
    assert "Common action deck" in views(4, variant="common_deck").howto()
    assert "Master version" not in views().howto()
    assert "third phase" in views().howto()


# ---- rule sections ----------------------------------------------------------------------
def test_a_refusal_cites_a_section_whose_summary_explains_it() -> None:
    state = position(heights={"d4": 2, "d5": 1}, knights={0: ["a1"]})
    error = fresh(state)._illegal(A.SPACE.parse("block d4"))
    assert error.rule == "Torres, Place a tower block"
    assert "taller than its surface area" in (views().rules_section(error.rule) or "")
    error = state._illegal(A.SPACE.parse("add knight h8"))
    assert "orthogonally next to one" in (views().rules_section(error.rule) or "")


def test_rule_sections_come_in_the_rulebooks_order_and_unknown_ones_are_none() -> None:
    sections = views().rule_sections()
    assert sections.index("Torres, Preparation") < sections.index("Torres, Move a knight")
    assert sections.index("Torres, Move a knight") < sections.index("Torres, Game End")
    assert views().rules_section("Torres, Flying") is None


# ---- chapters and the log ---------------------------------------------------------------
def test_chapters_follow_the_phases_and_rounds() -> None:
    v = views()
    state = v.game.new_initial_state()
    assert v.chapter(state) == ""
    state = last_turn_of_phase(0, heights=FIVE, knights={0: ["c4"], 1: ["d4"]}, king="e4")
    assert v.chapter(state) == "Phase 1, round 4"
    act(state, "end turn")
    assert state.step == S_KING_MOVE and v.chapter(state) == "Phase 1, after the scoring"
    act(state, "king stays")
    assert v.chapter(state) == "Phase 2, round 1"
    assert v.chapter(played_game(1)) == "Game end"


def test_log_says_where_a_knight_lands_and_how_high_a_castle_grows() -> None:
    v = views()
    state = position(heights=FIVE, knights={0: ["d4"]})
    words = v.log_words(state, A.SPACE.parse("move d4-c4"))
    assert words == "move d4-c4: knight on c4, level 3 of a castle of 5 spaces"
    words = v.log_words(state, A.SPACE.parse("block c2"))
    assert words == "block c2: c2 now level 1 of a castle of 6 spaces"
    state = position(heights=FIVE, knights={0: ["c3"]}, hands={0: ["jump_up"]})
    words = v.log_words(state, A.SPACE.parse("play Jump up two levels c3 N"))
    assert words.endswith("knight on c4, level 3 of a castle of 5 spaces")


def test_log_says_where_the_marker_leaps() -> None:
    state = position(heights=FIVE, knights={0: ["c4"]})
    state.score = [4, 5]
    words = views().log_words(state, A.SPACE.parse("advance marker"))
    assert words == "advance marker: marker to 6 points, leaping 1 space past a taken one"
    assert state.score == [4, 5]  # the log reads a copy


def test_log_of_the_last_turn_says_what_the_scoring_gave() -> None:
    state = last_turn_of_phase(
        2, heights=FIVE, knights={0: ["c4", "c3"], 1: ["d4"]}, king="e4", stacks={0: [], 1: []}
    )
    state.heights[A.SQUARE_OF["c3"]] = 3  # seat 0 has a knight on level 3 of the King's castle
    state._relabel()
    words = views().log_words(state, A.END_TURN)
    # castles: 3 x 5 for seat 0, 2 x 5 for seat 1; the King's bonus of phase 3 for seat 0
    assert words == (
        "end turn: scoring after phase 3: Red scores 30 (castles 15, King's bonus 15; "
        "now 30); Blue scores 10 (now 10)"
    )


def test_log_of_chance_says_the_master_card_by_name() -> None:
    state = towers.make("torres", players=3, variant="master").new_initial_state()
    words = views(3, variant="master").log_words(state, A.MASTER + A.MASTER_KEYS.index("border"))
    assert words == "the master card drawn: Knights on border spaces"


def test_log_of_the_kings_move_says_who_starts_the_next_phase() -> None:
    state = last_turn_of_phase(0, heights=FIVE, knights={0: ["c4"], 1: ["d4"]}, king="e4")
    state.score = [0, 15]
    act(state, "end turn")
    words = views().log_words(state, A.SPACE.parse("king c5"))
    assert words == "king c5: the King on c5, level 1 of a castle of 5 spaces; Red starts phase 2"


# ---- the ending ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seed", "players", "options"),
    [(1, 2, {}), (2, 3, {"variant": "master"}), (3, 4, {"variant": "common_deck"})],
)
def test_the_ending_adds_up_by_category(seed: int, players: int, options: dict[str, str]) -> None:
    state = played_game(seed, players, **options)
    ending = views(players, **options).ending(state)
    assert ending is not None
    assert ending.categories[:4] == [
        "Castles, phase 1",
        "Castles, phase 2",
        "Castles, phase 3",
        "King's bonus",
    ]
    assert ending.categories[-1] == "Total"
    assert ("Master card" in ending.categories) == (options.get("variant") == "master")
    if state.master_card >= 0:
        assert f"Master card: {A.MASTER_NAMES[state.master_card]}." in ending.notes
    for seat, row in enumerate(ints(ending.rows)):
        assert sum(row[:-1]) == row[-1] == state.score[seat]
    assert "third phase" in ending.reason and "Game End" in ending.reason
    (winner,) = state.winners()
    name = ("Red", "Blue", "Green", "Yellow")[winner]
    assert ending.verdict == f"{name} wins with {state.score[winner]} points."


def test_the_ending_counts_the_spaces_bought_with_action_points() -> None:
    state = played_game(1)
    advances = [0, 0]
    replay = towers.make("torres", players=2).new_initial_state()
    assert isinstance(replay, TorresState)
    for action in state.history():
        if action == A.ADVANCE:
            advances[replay.turn] += 1
        replay.apply_action(action)
    ending = views().ending(state)
    assert ending is not None
    track = ending.categories.index("Scoring track moves")
    # each advance moves a marker a space at least, more when it leaps another
    assert all(row[track] >= n for row, n in zip(ints(ending.rows), advances, strict=True))


def test_the_ending_reads_the_scorings_as_the_log_said_them() -> None:
    game = towers.make("torres", players=2)
    state = game.new_initial_state()
    assert isinstance(state, TorresState)
    rng = random.Random(5)
    said: dict[int, list[int]] = {}
    while not state.is_terminal():
        moves = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        action = rng.choice(moves)
        words = views().log_words(state, action)
        if "scoring after phase" in words:
            phase = int(words.split("scoring after phase ")[1][0])
            said[phase] = [
                int(x) for x in re.findall(r"(?:Red|Blue|Green|Yellow) scores (\d+)", words)
            ]
        state.apply_action(action)
    ending = views().ending(state)
    assert ending is not None and sorted(said) == [1, 2, 3]
    bonus = ending.categories.index("King's bonus")
    for seat, row in enumerate(ints(ending.rows)):
        assert sum(row[:3]) + row[bonus] == sum(said[p][seat] for p in said)


def test_no_ending_while_the_game_goes_on() -> None:
    assert views().ending(position(knights={0: ["a1"]})) is None


def test_a_scoring_bump_counts_in_the_part_that_moved_the_marker() -> None:
    state = last_turn_of_phase(0, heights=FIVE, knights={0: ["c4"], 1: ["d4"]}, king="e4")
    state.score = [0, 15]
    after = state.clone()
    assert isinstance(after, TorresState)
    act(after, "end turn")
    scoring = explain.scoring_of(state, after)
    assert scoring is not None
    # seat 0's 15 lands on seat 1's space and goes on to 16: the castles moved it 16
    assert scoring.castles == [16, 10] and scoring.bonus == [0, 0]
    assert explain.scoring_of(after, after) is None


# ---- the terminal -------------------------------------------------------------------------
def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def test_the_glance_shows_the_seats_key_numbers() -> None:
    state = position(
        heights=FIVE, knights={0: ["c4", "a1"], 1: ["d4"]}, king="e4", hands={0: ["six_ap"]}
    )
    state.score = [7, 3]
    act(state, "move a1-a2")
    glance = plain(views().glance(state, 0)).splitlines()
    assert len(glance) <= GLANCE_LINES and all(len(x) <= 80 for x in glance)
    text = "\n".join(glance)
    assert "Phase 1 of 3, round 1 of 4" in glance[0] and "you: take actions" in glance[0]
    assert "You: 4 action points left" in text
    assert "2 knights on the board, 4 in supply" in text
    assert "Your cards: 6 action points" in text
    assert "Scores: Red 7 · Blue 3" in text
    assert "If scored now: Red 15 · Blue 10" in text
    assert "King on e4, level 1 of a castle of 5 spaces; bonus 5 for level 1" in text
    # seat 1 sees its own (empty) hand, never seat 0's
    other = plain(views().glance(state, 1))
    assert "6 action points" not in other and "Your cards: none" in other


def test_sections_hold_the_board_and_the_seats_own_cards_only() -> None:
    state = position(knights={0: ["c4"], 1: ["d4"]}, hands={0: ["door_climb"], 1: ["relocate"]})
    mine = views().sections(state, 0)
    assert set(mine) == {"board", "me", "supply", "scores"}
    assert "Door climb" in mine["me"] and "Relocate a knight" not in mine["me"]
    assert "Relocate a knight" not in plain("\n".join(mine.values()))
    assert "me" not in views().sections(state, None)


def test_the_game_over_glance() -> None:
    state = played_game(1)
    assert state.step == S_OVER
    assert plain(views().glance(state, 0)).startswith("Game over")


# ---- the board ------------------------------------------------------------------------------
def test_every_panel_has_a_name_and_a_part() -> None:
    state = position(knights={0: ["c4"], 1: ["d4"]}, king="e4", hands={0: ["diagonal"]})
    svg = views().svg(state, 0) or ""
    panels = re.findall(r'<g class="tw-panel"([^>]*)>', svg)
    assert len(panels) == 5
    assert all("data-name=" in p and "data-part=" in p for p in panels)
    parts = dict(re.findall(r'data-name="([^"]*)" data-part="([^"]*)"', svg))
    assert parts == {
        "The board": "board",
        "Scoring track": "scores",
        "Red (you)": "me",
        "Blue": "others",
        "Your action cards": "me",
    }


def test_the_board_asks_for_help_on_what_it_shows() -> None:
    state = position(heights=FIVE, knights={0: ["c4"]}, king="e4", hands={0: ["diagonal"]})
    svg = views().svg(state, 0) or ""
    assert re.search(r'id="card-diagonal" class="card" data-help="diagonal"', svg)
    assert 'id="sq-c4" class="square" data-help="castle"' in svg
    assert 'id="sq-a1" class="square" data-help="board"' in svg
    helps = set(re.findall(r'data-help="([^"]*)"', svg))
    assert {"king", "knight", "track", "marker", "stack", "phase", "points", "deck"} <= helps
    keys = {t.key for t in views().glossary()}
    assert helps <= keys


def test_colours_are_the_boards() -> None:
    assert views(3).colours() == ["#d23c3c", "#2f66d0", "#2b9a4b"]


def test_a_master_castle_too_close_cites_a_section_that_says_how_far() -> None:
    game = towers.make("torres", players=3, variant="master", master_card="border")
    state = game.new_initial_state()
    state.apply_action(A.SPACE.parse("castle d4"))
    error = state._illegal(A.SPACE.parse("castle d5"))
    assert error.rule == "Torres, Master Version, Initial placement of the castles"
    assert "at least two empty squares between" in (views_of(game).rules_section(error.rule) or "")
