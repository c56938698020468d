"""Tutorials over the HTTP API: each game's lessons (:mod:`towers.learn.tutorial`) for a page.

Stateless: every request builds the lesson's position again from its script (a lesson is a
seeded game played through the engine, so the same request gives the same answer), shows it
as the lesson's seat sees it (the board drawn for that seat, that seat's legal moves with
their words and board targets) and judges a tried move with :func:`towers.learn.tutorial.judge`:
the lesson's move, or why another is weaker, or the engine's refusal with the summary of the
rulebook section it cites. Nothing is stored: a browser keeps its own progress. The last
lesson of a tutorial is a game against the random bot, which a client creates through
``POST /api/games`` with what the lesson names (``bout``).

Help inside a lesson: ``GET /api/learn/{game}/help`` (the word ``help`` where a lesson's key
goes; no lesson is called so) gives the help of the lesson's game as the game page has it (how
the game goes, what each component a board's ``data-help`` names is, the rules in short), and
a move tried as the word ``hint`` (``POST .../try`` with ``{"text": "hint"}``, as the terminal's
lessons take ``hint``) gives the lesson's hint (:func:`lesson_hint`) instead of a verdict.
"""

from __future__ import annotations

import random
from typing import Any

from towers.core.errors import ActionParseError, TowersError
from towers.core.game import Game, State
from towers.core.registry import make, title_of, views_of
from towers.learn.hints import hint, lead_words
from towers.learn.lessons import tutorial, tutorials
from towers.learn.search import Budget
from towers.learn.tutorial import (
    Lesson,
    LessonError,
    Tutorial,
    after_move,
    judge,
)
from towers.server.errors import ApiError, malformed

BOUT_BOT = "random"
"""The bot the last lesson's game is played against."""


SHOWN = 40
"""The most characters of a name asked for that an error repeats."""

HINT_BUDGET = Budget(iterations=300, seconds=2.0)
"""The search of a hint in a lesson whose question several moves answer: 2 seconds at most."""


def _lesson(game: str, key: str) -> tuple[Tutorial, Lesson]:
    """The tutorial of ``game`` and its lesson ``key``; 404 naming what there is."""
    try:
        found = tutorial(game[:SHOWN] + ("..." if len(game) > SHOWN else ""))
    except LessonError as exc:
        raise ApiError(404, "unknown_tutorial", str(exc)) from None
    try:
        return found, found.lesson(key[:SHOWN] + ("..." if len(key) > SHOWN else ""))
    except LessonError as exc:
        raise ApiError(404, "unknown_lesson", str(exc)) from None


def _entry(lesson: Lesson) -> dict[str, Any]:
    return {"key": lesson.key, "title": lesson.title, "rule": lesson.rule, "bout": lesson.bout}


def listing() -> dict[str, Any]:
    """Every tutorial, its game's title and its lessons in order."""
    return {
        "tutorials": [
            {
                "game": game,
                "title": title_of(game),
                "players": found.players,
                "lessons": [_entry(lesson) for lesson in found.lessons],
            }
            for game, found in tutorials().items()
        ]
    }


def _neighbours(found: Tutorial, lesson: Lesson) -> tuple[str | None, str | None]:
    at = found.lessons.index(lesson)
    before = found.lessons[at - 1].key if at > 0 else None
    after = found.lessons[at + 1].key if at + 1 < len(found.lessons) else None
    return before, after


def help_of(game: Game) -> dict[str, Any]:
    """The help of ``game`` as the game page has it: its printed title, how it goes
    (``howto``), each component a player may ask about (``topics``: the ``key`` a board's
    ``data-help`` names, its printed ``name``, ``kind`` and what it does) and the rulebook
    sections in short (``rules``)."""
    views = views_of(game)
    rules = []
    for section in views.rule_sections():
        text = views.rules_section(section)
        if text:
            rules.append({"section": section, "text": text})
    return {
        "title": title_of(game.name),
        "howto": views.howto(),
        "topics": [
            {"key": t.key, "name": t.name, "kind": t.kind, "text": t.text} for t in views.glossary()
        ],
        "rules": rules,
    }


def tutorial_help(game: str) -> dict[str, Any]:
    """The help of the game of ``game``'s tutorial, for as many players as its lessons; 404
    naming the tutorials there are."""
    try:
        found = tutorial(game[:SHOWN] + ("..." if len(game) > SHOWN else ""))
    except LessonError as exc:
        raise ApiError(404, "unknown_tutorial", str(exc)) from None
    return help_of(make(found.game, players=found.players))


def lesson_view(game: str, key: str) -> dict[str, Any]:
    """The lesson ``key`` of ``game``'s tutorial: its words, its position as its seat sees it
    and that seat's legal moves (a game to start, for the last lesson)."""
    found, lesson = _lesson(game, key)
    state = lesson.build()
    views = views_of(state.game)
    before, after = _neighbours(found, lesson)
    seat = lesson.seat
    legal = []
    if not lesson.bout and state.current_player() == seat:
        legal = [
            {"action": a, "text": state.action_to_string(a), "targets": views.targets(a)}
            for a in state.legal_actions()
        ]
    out: dict[str, Any] = {
        "game": game,
        "title": title_of(game),
        "key": lesson.key,
        "lesson": lesson.title,
        "number": found.lessons.index(lesson) + 1,
        "total": len(found.lessons),
        "rule": lesson.rule,
        "rule_text": (views.rules_section(lesson.rule) if lesson.rule else None) or "",
        "intro": lesson.intro,
        "ask": "" if lesson.bout else lesson.ask,
        "seat": seat,
        "previous": before,
        "next": after,
        "svg": views.svg(state, seat),
        "legal": legal,
        "colours": views.colours(),
        "bout": None,
    }
    if lesson.bout:
        seats = [
            {"kind": "human"} if s == seat else {"kind": BOUT_BOT} for s in range(found.players)
        ]
        out["bout"] = {"game": game, "players": found.players, "seat": seat, "seats": seats}
    return out


def try_move(game: str, key: str, action: int | None, text: str | None) -> dict[str, Any]:
    """The verdict on ``action`` (or the move named by ``text``) tried in the lesson: whether
    it is the lesson's move and why in words; for the lesson's move, what follows and the board
    after it."""
    found, lesson = _lesson(game, key)
    if lesson.bout:
        raise ApiError(
            409,
            "lesson_is_a_game",
            f"the lesson {key!r} is a whole game against the {BOUT_BOT} bot: create it with "
            "POST /api/games as the lesson's 'bout' says",
        )
    if (action is None) == (text is None):
        raise malformed("give the move as a number ('action') or in words ('text')")
    state = lesson.build()
    if text is not None:
        try:
            action = state.string_to_action(text)
        except (ActionParseError, TowersError, ValueError) as exc:
            raise ApiError(422, "unknown_action", str(exc), field="text") from None
    assert action is not None
    size = state.game.num_distinct_actions()
    if not 0 <= action < size:
        raise ApiError(
            422,
            "out_of_range",
            f"{action} is not an action of {title_of(game)}; actions are 0 to {size - 1}",
            field="action",
        )
    verdict = judge(lesson, state, action)
    _, after = _neighbours(found, lesson)
    out: dict[str, Any] = {
        "ok": verdict.ok,
        "refused": verdict.refused,
        "action": action,
        "words": state.action_to_string(action),
        "text": verdict.text,
        "after": lesson.after if verdict.ok else None,
        "next": after if verdict.ok else None,
        "svg": None,
    }
    if verdict.ok:
        out["svg"] = views_of(state.game).svg(after_move(state, action), lesson.seat)
    return out


def lesson_hint(game: str, key: str, budget: Budget = HINT_BUDGET) -> dict[str, Any]:
    """The hint of a lesson: the move it asks for (``action``, its ``words`` and the board's
    ``targets`` to click for it) and why in ``lines``, the lesson's own teaching first. Where
    several moves answer the question, the one the hint's search (:func:`towers.learn.hints.hint`,
    within ``budget``) finds best among them, with the search's figures (``source``
    ``"search"``); else the lesson's one move (``source`` ``"lesson"``)."""
    _, lesson = _lesson(game, key)
    if lesson.bout:
        raise ApiError(
            409,
            "lesson_is_a_game",
            f"the lesson {key!r} is a whole game against the {BOUT_BOT} bot: its game page "
            "has a Hint button",
        )
    state = lesson.build()
    answers = [a for a in state.legal_actions() if lesson.accepts(state, a)]
    if not answers:
        raise ApiError(409, "no_answer", f"no legal move answers the lesson {key!r} any more")
    teaching = [lesson.why] if lesson.why else []  # the question is on the page already
    searched: list[str] = []
    action, source = answers[0], "lesson"
    if len(answers) > 1:
        action, searched = _searched(state, lesson.seat, answers, budget)
        source = "search"
    views = views_of(state.game)
    words = state.action_to_string(action)
    return {
        "action": action,
        "words": words,
        "targets": views.targets(action),
        "source": source,
        "lines": [f"The lesson's move: {words}.", *teaching, *searched],
    }


def _searched(state: State, seat: int, answers: list[int], budget: Budget) -> tuple[int, list[str]]:
    """The best of ``answers`` by the hint's search, and what the search says of it."""
    found = hint(state, seat, budget, random.Random(0))
    alone = state.game.COOPERATIVE or state.game.num_players == 1
    if found.action in answers:
        # the search's own words, without its first line (the move, said already), each of
        # its lines whole again (the terminal's text wraps them at 80 columns)
        said: list[str] = []
        for line in found.lines[1:]:
            if line.startswith("  ") and said:
                said[-1] += " " + line.strip()
            else:
                said.append(line)
        return found.action, said
    tried = [c for c in found.found.candidates if c.action in answers]
    if not tried:
        return answers[0], []
    best = tried[0]
    return best.action, [
        f"Of the {len(answers)} moves this lesson takes, the search tried "
        f"{state.action_to_string(best.action)} most ({best.visits} of "
        f"{found.found.iterations} imagined games), expecting "
        f"{lead_words(state, best.lead, alone)} after it."
    ]
