"""Every lesson of every tutorial is a test: its position builds through the engine, its
expected move is legal there and does what the text says, and each wrong move it names is
refused by the rules or comes out weaker. Then `towers learn` in the terminal, and the last
lesson's game against the random bot played to its end."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from towers.cli import app
from towers.core.game import State
from towers.core.registry import is_shipped, list_games, title_of, views_of
from towers.learn.lessons import tutorial, tutorials
from towers.learn.lessons.screen import LessonScreen, move_list
from towers.learn.tutorial import (
    Lesson,
    LessonError,
    Progress,
    Tutorial,
    after_move,
    judge,
    script,
)

LESSONS = [
    pytest.param(t, lesson, id=f"{name}-{lesson.key}")
    for name, t in sorted(tutorials().items())
    for lesson in t.lessons
]
TAUGHT = [p for p in LESSONS if not p.values[1].bout]  # type: ignore[union-attr]


def expected_moves(lesson: Lesson, state: State) -> list[int]:
    return [a for a in state.legal_actions() if lesson.accepts(state, a)]


def test_every_game_with_a_tutorial_has_five_to_ten_lessons_ending_in_a_game() -> None:
    assert set(tutorials()) == {g for g in list_games() if is_shipped(g)}
    for t in tutorials().values():
        assert 5 <= len(t.lessons) <= 10
        assert t.lessons[-1].bout and not any(lesson.bout for lesson in t.lessons[:-1])
        assert len({lesson.key for lesson in t.lessons}) == len(t.lessons)


@pytest.mark.parametrize(("tut", "lesson"), LESSONS)
def test_lesson_text_fits_the_terminal_and_cites_the_rulebook(
    tut: Tutorial, lesson: Lesson
) -> None:
    for text in (lesson.intro, lesson.after):  # the others are one sentence, wrapped
        assert all(len(line) <= 80 for line in text.splitlines())
    assert lesson.rule.split(",")[0] == title_of(tut.game)
    assert lesson.intro and lesson.ask and lesson.after


@pytest.mark.parametrize(("tut", "lesson"), TAUGHT)
def test_the_expected_move_is_legal_and_does_what_the_text_says(
    tut: Tutorial, lesson: Lesson
) -> None:
    state = lesson.build()
    assert state.current_player() == lesson.seat
    moves = expected_moves(lesson, state)
    assert moves, f"no legal move answers {lesson.key}"
    if not callable(lesson.expected):
        assert {state.action_to_string(a) for a in moves} == set(lesson.expected)
    assert lesson.check is not None
    for action in moves:
        before = state.clone()
        assert judge(lesson, state, action).ok
        assert lesson.check(before, after_move(state, action)), state.action_to_string(action)
    assert state.history() == lesson.build().history()  # judging changed nothing


@pytest.mark.parametrize(("tut", "lesson"), TAUGHT)
def test_each_wrong_move_is_refused_or_weaker_as_the_text_says(
    tut: Tutorial, lesson: Lesson
) -> None:
    state = lesson.build()
    names = lesson.listed_wrong()
    assert names, "a lesson explains at least one wrong move"
    best = None
    if lesson.measure is not None:
        best = max(lesson.measure(after_move(state, a)) for a in expected_moves(lesson, state))
    for name in names:
        action = state.string_to_action(name)
        wrong = lesson.wrong_for(state, action)
        assert wrong is not None
        verdict = judge(lesson, state, action)
        assert not verdict.ok
        assert wrong.text[1:] in verdict.text
        if wrong.refused:
            assert not state.is_legal(action), f"{name} is legal in {lesson.key}"
            assert verdict.refused and "is not allowed here" in verdict.text
            assert "The rule (" in verdict.text  # the rulebook section, summarised
        else:
            assert state.is_legal(action), f"{name} is refused in {lesson.key}"
            assert lesson.measure is not None and best is not None
            assert lesson.measure(after_move(state, action)) < best, name


def test_an_illegal_move_is_explained_by_the_engine_and_its_rule() -> None:
    lesson = tutorial("torres").lesson("card")
    state = lesson.build()
    verdict = judge(lesson, state, state.string_to_action("move d1-d2"))
    assert verdict.refused
    assert "up only one level" in verdict.text
    summary = views_of(state.game).rules_section("Torres, Move a knight")
    assert summary and summary in verdict.text


def test_a_legal_move_the_lesson_does_not_list_asks_again() -> None:
    lesson = tutorial("torres").lesson("climb")
    state = lesson.build()
    verdict = judge(lesson, state, state.string_to_action("advance marker"))
    assert not verdict.ok and lesson.ask in verdict.text


def test_a_script_the_rules_refuse_says_which_step_broke() -> None:
    with pytest.raises(LessonError, match="step 4 of the torres lesson script, 'block d1'"):
        script("torres", ["first knight d1", "first knight c6", "king f3", "block d1"])


def test_unknown_tutorial_and_lesson_are_clear_errors() -> None:
    with pytest.raises(LessonError, match="no tutorial for 'chess'"):
        tutorial("chess")
    with pytest.raises(LessonError, match="lessons: knight, block"):
        tutorial("torres").lesson("castle")


def test_progress_starts_at_the_first_lesson_not_done(tmp_path: Path) -> None:
    path = tmp_path / "learn.json"
    progress = Progress.load(path)
    torres = tutorial("torres")
    assert progress.first_open(torres).key == "knight"
    progress.mark("torres", "knight")
    progress.mark("torres", "climb")
    again = Progress.load(path)
    assert again.done == {"torres": ["knight", "climb"]}
    assert again.first_open(torres).key == "block" and again.count(torres) == 2
    path.write_text("[1, 2]")
    with pytest.raises(LessonError, match="not a list of lessons"):
        Progress.load(path)


def test_the_move_list_numbers_moves_and_groups_their_last_words() -> None:
    state = tutorial("torres").lesson("climb").build()
    text = move_list(state)
    assert "1 end turn" in text and "move: " in text
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    n = legal.index("move d1-d2") + 1
    assert f"{n} d1-d2" in text


# ---- the terminal --------------------------------------------------------------------------
def test_towers_learn_explains_a_wrong_move_accepts_the_right_one_and_saves(
    tmp_path: Path,
) -> None:
    runner = CliRunner(env={"XDG_DATA_HOME": str(tmp_path), "COLUMNS": "80"})
    answers = "move d1-c1\nhelp knight\nmove d1-d2\nquit\n"
    result = runner.invoke(app, ["learn", "torres", "climb"], input=answers)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "Torres, lesson 3 of 7: Moving a knight up a castle" in text
    assert "move d1-c1 is allowed, but weaker here" in text
    assert "Right. On d2 your knight stands at level 2" in text
    assert "Torres, lesson 4 of 7: Action cards" in text  # on to the next lesson
    assert "Stopped." in text
    saved = json.loads((tmp_path / "towers" / "learn.json").read_text())
    assert saved == {"torres": ["climb"]}
    listing = runner.invoke(app, ["learn"])
    assert listing.exit_code == 0
    assert "1 of 7" in listing.stdout and "Your turn and a new knight" in listing.stdout
    # `towers learn torres` starts at the first lesson not done
    again = runner.invoke(app, ["learn", "torres"], input="quit\n")
    assert "Torres, lesson 1 of 7" in again.stdout


def test_towers_learn_refuses_bad_input(tmp_path: Path) -> None:
    runner = CliRunner(env={"XDG_DATA_HOME": str(tmp_path)})
    for args, words in (
        (["learn", "chess"], "unknown game 'chess'"),
        (["learn", "torres", "castle"], "no lesson 'castle'"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert words in result.output
    assert not (tmp_path / "towers").exists()


def test_an_illegal_move_in_the_terminal_names_its_rule(tmp_path: Path) -> None:
    runner = CliRunner(env={"XDG_DATA_HOME": str(tmp_path), "COLUMNS": "80"})
    answers = "place Spire\nplace Nest\nquit\n"
    result = runner.invoke(app, ["learn", "turris", "place"], input=answers)
    assert result.exit_code == 0, result.output
    assert "place Spire is not allowed here" in result.stdout
    assert "The rule (Action Step (PLACE))" in result.stdout
    assert "Right." in result.stdout


def _ended(game: str, text: str) -> bool:
    """Whether the game's end is told: a winner, or in the cooperative game the heroes' fate."""
    if game == "dark_tower":
        return "The heroes win" in text or "The heroes lose" in text
    return "wins" in text or "won" in text.lower()


@pytest.mark.parametrize("game", ["torres", "tiletum", "turris", "sifnos", "dark_tower"])
def test_the_last_lesson_is_a_game_against_the_random_bot_played_to_its_end(
    game: str, tmp_path: Path
) -> None:
    tut = tutorial(game)
    lesson = tut.lessons[-1]
    asked: list[str] = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        return "hint" if len(asked) == 1 else "1"  # a hint first, then always the first move

    out = io.StringIO()
    progress = Progress.load(tmp_path / "learn.json")
    screen = LessonScreen(tut, Console(file=out, width=80), read, progress, seed=3)
    screen.lesson(lesson)
    text = out.getvalue()
    assert "Hint for " in text and "Hint for seat" not in text  # the seat by its name
    assert _ended(game, text)
    assert Progress.load(tmp_path / "learn.json").done == {game: [lesson.key]}


def test_the_bots_hidden_choices_stay_hidden_in_the_game(tmp_path: Path) -> None:
    """In Torres the bot keeps one of three drawn cards unseen: the learner reads only that
    a hidden choice was made, never the card."""
    tut = tutorial("torres")
    words = ["first knight d1", "first knight c6", "king f3", "end turn", "acquire card"]
    lesson = replace(tut.lessons[-1], build=lambda: script("torres", words))
    out = io.StringIO()
    screen = LessonScreen(
        replace(tut, lessons=(lesson,)),
        Console(file=out, width=80),
        lambda prompt: "1",
        Progress.load(tmp_path / "learn.json"),
        seed=5,
    )
    screen.lesson(lesson)
    bot_lines = [line for line in out.getvalue().splitlines() if "The random bot" in line]
    assert "The random bot: a hidden choice" in bot_lines
    assert not any(" keep " in line for line in bot_lines)
