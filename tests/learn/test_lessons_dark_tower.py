"""The Return to Dark Tower tutorial: every lesson's position builds through the engine, its
expected move is legal and does what the text says (real quantities of the game after it),
each wrong move it names is refused by the rules or comes out weaker; `towers learn
dark_tower LESSON` in the terminal; and the last lesson's game played to its end."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from towers.cli import app
from towers.core.game import State
from towers.core.registry import title_of, views_of
from towers.learn.lessons import dark_tower
from towers.learn.lessons.dark_tower import TUTORIAL
from towers.learn.tutorial import Lesson, after_move

ALL = [pytest.param(lesson, id=lesson.key) for lesson in TUTORIAL.lessons]
IDS = re.compile(r"\bfoe[234]\b|_")


def hero(state: State) -> dict[str, object]:
    return dict(state.observation(0)["heroes"][0])


def test_five_to_ten_lessons_in_the_turns_order_ending_in_a_game() -> None:
    keys = [lesson.key for lesson in TUTORIAL.lessons]
    assert TUTORIAL.game == "dark_tower" and 5 <= len(keys) <= 10
    assert keys == ["banner", "reinforce", "move", "explore", "room", "battle", "skulls", "game"]
    assert TUTORIAL.lessons[-1].bout and not any(x.bout for x in TUTORIAL.lessons[:-1])
    assert len(set(keys)) == len(keys)


@pytest.mark.parametrize("lesson", ALL)
def test_lesson_text_fits_the_terminal_names_no_ids_and_cites_the_rulebook(
    lesson: Lesson,
) -> None:
    for text in (lesson.intro, lesson.after):
        assert all(len(line) <= 80 for line in text.splitlines())
    for text in (lesson.title, lesson.intro, lesson.ask, lesson.why, lesson.after):
        assert not IDS.search(text), text
        assert not re.search(r"\b1 (warriors|spaces|skulls|advantages|moves)\b", text), text
    for wrong in lesson.listed_wrong():
        assert not IDS.search(lesson.wrong[wrong].text)  # type: ignore[index]
    game, section = lesson.rule.split(", ", 1)
    assert game == title_of("dark_tower")
    views = views_of(lesson.build().game)
    assert views.rules_section(section) is not None, section
    assert lesson.intro and lesson.ask and lesson.after


# ---- the figures each lesson's text gives ---------------------------------------------------
def test_the_positions_hold_what_the_intros_say() -> None:
    first = dark_tower._first_turn()
    me = hero(first)
    assert (me["hero"], me["at"], me["warriors"], me["spirit"]) == (
        "Brutal Warlord",
        "Radiant Mountains",
        7,
        1,
    )
    assert hero(dark_tower._middle_of_turn())["warriors"] == 9
    at_dungeon = dark_tower._at_the_dungeon()
    assert hero(at_dungeon)["at"] == "Howling Desert"
    assert at_dungeon.observation(0)["buildings"]["Citadel of Howling Desert"] == 1
    room = dark_tower._in_a_room()
    dungeon = room.observation(0)["dungeon"]
    assert dungeon["room"] == 1 and dungeon["advantages_at_hand"] == 1
    assert hero(room)["warriors"] == 12
    words = views_of(room.game).log_words(room, room.string_to_action("resolve"))
    assert words == "resolve Ritual Circle: lose 4 warriors"
    brigands = dark_tower._at_the_brigands()
    assert (hero(brigands)["at"], hero(brigands)["warriors"], hero(brigands)["spirit"]) == (
        "Archmont",
        12,
        2,
    )
    assert dark_tower._brigands_here(brigands) == 1
    skulls = dark_tower._placing_skulls()
    assert skulls.observation(0)["buildings"]["Village of Duwani"] == 3


def test_a_fourth_skull_destroys_the_building() -> None:
    state = dark_tower._placing_skulls()
    then = after_move(state, state.string_to_action("place the skull on Village of Duwani"))
    assert then.observation(0)["buildings"]["Village of Duwani"] == "destroyed"
    assert dark_tower._standing(then) == dark_tower._standing(state) - 1
    assert not hero(then)["corruptions"]  # Brynthia is no hero's home


def test_skipping_the_double_keeps_howling_desert_out_of_reach() -> None:
    state = dark_tower._reinforced()
    then = after_move(state, state.string_to_action("move to Broken Lands"))
    assert not then.is_legal(then.string_to_action("double move"))
    assert then.observation(0)["turn"]["moves_left"] == 2


# ---- the terminal --------------------------------------------------------------------------
def test_towers_learn_dark_tower_explains_a_wrong_move_and_accepts_the_right_one(
    tmp_path: Path,
) -> None:
    runner = CliRunner(env={"XDG_DATA_HOME": str(tmp_path), "COLUMNS": "80"})
    answers = "reinforce enhanced\nmove to Broken Lands\nreinforce free\nquit\n"
    result = runner.invoke(app, ["learn", "dark_tower", "reinforce"], input=answers)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Return to Dark Tower, lesson 2 of 8: Reinforce at a building" in text
    assert "reinforce enhanced is not allowed here: the enhanced effect of the Citadel" in text
    assert "The rule (rulebook: Reinforce)" in text
    assert "move to Broken Lands is allowed, but weaker here" in text
    assert "Right. The free effect gives 3 warriors (12 now)" in text
    assert "Return to Dark Tower, lesson 3 of 8: Moving, and doubling the move" in text
    assert "Stopped." in text
    saved = json.loads((tmp_path / "towers" / "learn.json").read_text())
    assert saved == {"dark_tower": ["reinforce"]}


def test_towers_learn_dark_tower_refuses_an_unknown_lesson(tmp_path: Path) -> None:
    runner = CliRunner(env={"XDG_DATA_HOME": str(tmp_path)})
    result = runner.invoke(app, ["learn", "dark_tower", "castle"])
    assert result.exit_code == 2
    assert "no lesson 'castle'" in result.output and "banner, reinforce" in result.output
    assert not (tmp_path / "towers").exists()
