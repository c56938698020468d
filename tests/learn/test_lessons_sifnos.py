"""The Towers of Sifnos tutorial, lesson by lesson: each position builds through the engine,
its expected move is legal there and does what the text says (the figures after it checked),
each wrong move it names is refused by the rules or comes out weaker; then `towers learn
sifnos LESSON` in the terminal, and the last lesson's game against the random bot played to
its end."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from towers.cli import app
from towers.core.game import State
from towers.core.registry import title_of, views_of
from towers.learn.lessons import sifnos
from towers.learn.tutorial import Lesson, after_move

TUTORIAL = sifnos.TUTORIAL
ID = re.compile(r"\b(?:[LSG]\d\d|[a-z]+_[a-z_]+|t\d\d)\b")
"""What a data id looks like (a Card's ``G22``, a Region's ``agia_marina``, a space's ``t01``)."""


def side(state: State) -> dict[str, Any]:
    return dict(state.observation(0)["sides"][0])


def test_five_to_ten_lessons_in_the_rulebooks_order_ending_in_a_game() -> None:
    keys = [lesson.key for lesson in TUTORIAL.lessons]
    assert keys == [
        "prepare",
        "construct",
        "invest",
        "muster",
        "invasion",
        "buildings",
        "fort",
        "game",
    ]
    assert TUTORIAL.game == "sifnos" and TUTORIAL.players == 2
    assert TUTORIAL.lessons[-1].bout and not any(lesson.bout for lesson in TUTORIAL.lessons[:-1])


@pytest.mark.parametrize("lesson", TUTORIAL.lessons, ids=lambda lesson: lesson.key)
def test_lesson_text_fits_the_terminal_names_no_ids_and_cites_the_rulebook(
    lesson: Lesson,
) -> None:
    title = title_of("sifnos")
    assert lesson.rule.startswith(f"{title}, ")
    assert views_of(lesson.build().game).rules_section(lesson.rule), lesson.rule
    texts = [lesson.title, lesson.intro, lesson.ask, lesson.why, lesson.after]
    texts += [w.text for w in (lesson.wrong.values() if not callable(lesson.wrong) else [])]
    for text in (lesson.intro, lesson.after):
        assert all(len(line) <= 80 for line in text.splitlines())
    for text in texts:
        assert not ID.search(text), text
        assert not re.search(r"\b1 (Dice|Cards|Soldiers|Towers|Ships)\b", text), text
        assert not re.search(r"\b([2-9]|\d\d) (Die|Card|Soldier|Tower|Ship)\b", text), text
    assert lesson.intro and lesson.ask and lesson.after


# ---- the figures each lesson's text names ---------------------------------------------------
def test_prepare_pays_a_cost_of_one_with_two_other_cards() -> None:
    state = TUTORIAL.lesson("prepare").build()
    assert side(state)["hand_size"] == 3 and side(state)["influence"]["gold"] == 0
    after = after_move(state, state.string_to_action("place Gold Card: Ship for Gold"))
    paying = [after.action_to_string(a) for a in after.legal_actions()]
    assert paying == [
        "discard Lead Card: place a Soldier for Silver",
        "discard Silver Card: Tent in Cheronissos",
    ]
    for word in paying:
        after.apply_action(after.string_to_action(word))
    assert side(after)["hand_size"] == 0 and side(after)["influence"]["gold"] == 1


def test_construct_opens_the_regions_around_the_tower() -> None:
    state = TUTORIAL.lesson("construct").build()
    assert {k: v for k, v in side(state)["tower_supply"].items() if v} == {"jar": 1, "helmet": 1}
    assert sorted(side(state)["dice_supply"]) == [1, 6]
    chosen = sifnos._die_choices(
        after_move(state, state.string_to_action("helmet on Kastro north-east"))
    )
    assert chosen == 1.0
    assert (
        sifnos._die_choices(after_move(state, state.string_to_action("jar on Troulaki north-west")))
        == 0.0
    )


def test_the_invasion_gives_gold_influence_a_card_and_the_dice_to_the_workshop() -> None:
    state = TUTORIAL.lesson("invasion").build()
    assert sorted(side(state)["dice_supply"]) == [2, 6]
    done = sifnos._resolved(after_move(state, state.string_to_action("die 2 in Agia Marina")))
    assert side(done)["influence"] == {"lead": 0, "silver": 0, "gold": 2}
    assert side(done)["hand_size"] == side(state)["hand_size"] + 1
    assert sorted(side(done)["workshop"]) == [2, 3]
    assert done.observation(1)["sides"][1]["workshop"] == [4]  # P2's Die goes home too
    weaker = sifnos._resolved(after_move(state, state.string_to_action("die 6 in Seralia")))
    assert side(weaker)["influence"]["gold"] == 1


def test_a_column_refuses_two_dice_that_do_not_make_seven() -> None:
    state = TUTORIAL.lesson("buildings").build()
    after = after_move(state, state.string_to_action("build 2 on Lead Column 1"))
    assert not after.is_legal(after.string_to_action("build 3 on Lead Column 2"))
    theatre = after_move(state, state.string_to_action("build 3 on Theatre 1"))
    assert theatre.is_legal(theatre.string_to_action("build 2 on Theatre 2"))


# ---- the terminal --------------------------------------------------------------------------
def test_towers_learn_sifnos_explains_wrong_moves_and_accepts_the_right_one(tmp_path: Path) -> None:
    runner = CliRunner(env={"XDG_DATA_HOME": str(tmp_path), "COLUMNS": "80"})
    answers = "die 6 in Seralia\ndie 6 in Kamares\ndie 2 in Agia Marina\nquit\n"
    result = runner.invoke(app, ["learn", "sifnos", "invasion"], input=answers)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Towers of Sifnos, lesson 5 of 8: An invasion" in text
    assert "die 6 in Seralia is allowed, but weaker here" in text
    assert "die 6 in Kamares is not allowed here" in text
    assert "Right. Your 2 Dice against P2's 1" in text
    assert "lesson 6 of 8: Build with your Workshop Dice" in text
    assert "Stopped." in text
    # the prompt "> " stands before the answer, which the terminal echoes on its own line
    assert all(len(line.removeprefix("> ").rstrip()) <= 80 for line in text.splitlines())
    assert not ID.search(text.replace("towers learn", ""))
    saved = (tmp_path / "towers" / "learn.json").read_text()
    assert '"sifnos"' in saved and '"invasion"' in saved
