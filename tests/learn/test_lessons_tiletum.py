"""The Tiletum tutorial: every lesson's position builds through the engine, its expected move is
legal and does what the text says (real quantities checked on the state after), each wrong
move it names is refused by the rules or comes out weaker; `towers learn tiletum LESSON` in
the terminal; and the last lesson's game against the random bot played to its end."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from towers.cli import app
from towers.core.game import State
from towers.core.registry import views_of
from towers.learn.lessons import tiletum
from towers.learn.tutorial import Lesson, after_move

TUTORIAL = tiletum.TUTORIAL
IDS = re.compile(r"\b[a-z]+(-[a-z0-9]+)+\b|\b[a-z]+_[a-z_]+\b")
"""Internal ids such as ``wool-7-town`` or ``add_ap``: never in a lesson's words."""


def me(state: State) -> dict:  # type: ignore[type-arg]
    player: dict = state.observation(0)["players"][0]  # type: ignore[type-arg]
    return player


def test_five_to_ten_lessons_ending_in_a_game() -> None:
    lessons = TUTORIAL.lessons
    assert TUTORIAL.game == "tiletum" and 5 <= len(lessons) <= 10
    assert lessons[-1].bout and not any(lesson.bout for lesson in lessons[:-1])
    assert len({lesson.key for lesson in lessons}) == len(lessons)
    assert [lesson.key for lesson in lessons] == [
        "die",
        "merchant",
        "architect",
        "character",
        "value",
        "crest",
        "contract",
        "fulfil",
        "king",
        "game",
    ]


@pytest.mark.parametrize("lesson", TUTORIAL.lessons, ids=lambda lesson: lesson.key)
def test_lesson_text_fits_the_terminal_speaks_in_printed_words_and_cites_the_rulebook(
    lesson: Lesson,
) -> None:
    for text in (lesson.intro, lesson.after):
        assert all(len(line) <= 80 for line in text.splitlines())
    texts = [lesson.title, lesson.intro, lesson.ask, lesson.why, lesson.after]
    texts += [w.text for w in (lesson.wrong.values() if not callable(lesson.wrong) else [])]
    for text in texts:
        assert not IDS.search(text), text
        assert "1 Action Points" not in text and "1 VPs" not in text
    assert lesson.rule.startswith("Tiletum, ")
    section = lesson.rule.removeprefix("Tiletum, ")
    assert views_of(lesson.build().game).rules_section(section), lesson.rule


# ---- the quantities each lesson speaks of ------------------------------------------------------
def test_the_die_brings_its_value_in_its_colour_and_seven_minus_it_in_action_points() -> None:
    state = TUTORIAL.lesson("die").build()
    then = tiletum._settle_die(after_move(state, state.string_to_action("die 6 blue")))
    assert me(then)["resources"]["iron"] == me(state)["resources"]["iron"] + 6
    assert tiletum._ap_left(then) == 1  # the Joker with 7 - 6 Action Points
    low = tiletum._settle_die(after_move(state, state.string_to_action("die 1 blue")))
    assert tiletum._ap_left(low) == 6 and tiletum._total(low) == tiletum._total(state) + 1


def test_the_merchant_and_architect_lessons_stand_in_london() -> None:
    merchant = TUTORIAL.lesson("merchant").build()
    assert me(merchant)["merchant"] == "london" and tiletum._ap_left(merchant) == 3
    architect = TUTORIAL.lesson("architect").build()
    assert me(architect)["architect"] == "london" and tiletum._ap_left(architect) == 2


def test_a_step_of_the_die_costs_two_gold_and_changes_resources_and_action() -> None:
    state = TUTORIAL.lesson("value").build()
    assert me(state)["resources"]["gold"] == 9 and me(state)["houses_in_supply"] == 3
    for word, gold, food, action in (
        ("value 2", 7, 3, "merchant"),
        ("value 4", 7, 5, "character"),
        ("value 1", 5, 2, "king"),
    ):
        then = tiletum._settle_die(after_move(state, state.string_to_action(word)))
        assert me(then)["resources"]["gold"] == gold and me(then)["resources"]["food"] == food
        decision = then.observation(0)["decisions"][-1]
        assert decision["action"] == action, word


def test_the_crest_on_space_six_completes_the_occupied_building() -> None:
    state = TUTORIAL.lesson("crest").build()
    assert me(state)["storehouse"] == ["lion"] and me(state)["resources"]["food"] == 4
    then = after_move(state, state.string_to_action("crest Lion on space 6"))
    assert me(then)["vp"] == 15 and me(then)["resources"]["food"] == 2
    assert [b["completed"] for b in me(then)["buildings"]] == [False] * 5 + [True]


def test_the_fulfilled_contract_scores_twelve_and_frees_a_pillar() -> None:
    state = TUTORIAL.lesson("fulfil").build()
    assert me(state)["resources"]["wool"] == 8 and tiletum._ap_left(state) == 0
    then = after_move(state, state.string_to_action(f"fulfil {tiletum.WOOL_7}"))
    assert me(then)["vp"] == 22 and me(then)["pillars_in_supply"] == 3
    assert me(then)["resources"]["wool"] == 1


def test_the_king_action_climbs_one_space_per_action_point() -> None:
    state = TUTORIAL.lesson("king").build()
    assert me(state)["king_track"] == -2 and tiletum._ap_left(state) == 6
    for _ in range(6):
        state.apply_action(state.string_to_action("advance king"))
    assert me(state)["king_track"] == 4 and tiletum._ap_left(state) == 0


# ---- the terminal ------------------------------------------------------------------------------
def test_towers_learn_tiletum_explains_wrong_moves_and_accepts_the_right_one(
    tmp_path: Path,
) -> None:
    runner = CliRunner(env={"XDG_DATA_HOME": str(tmp_path), "COLUMNS": "80"})
    answers = "house Tiletum 2\nend turn\nhelp House\nhouse London 1\nquit\n"
    result = runner.invoke(app, ["learn", "tiletum", "merchant"], input=answers)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Tiletum, lesson 2 of 10: The Merchant action: build a House" in text
    assert "house Tiletum 2 is not allowed here: house space 2 of Tiletum is taken" in text
    assert "The rule (Actions in Detail: Merchant Action)" in text
    assert "end turn is allowed, but weaker here: ending the turn now wastes" in text
    assert "Right. A House from your supply on London's first space" in text
    assert "Tiletum, lesson 3 of 10: The Architect action" in text
    assert "Stopped." in text
    for line in text.splitlines():  # the prompt "> " stands before the typed answer
        assert len(re.sub(r"^(> )+", "", line)) <= 80, line
    saved = json.loads((tmp_path / "towers" / "learn.json").read_text())
    assert saved == {"tiletum": ["merchant"]}
