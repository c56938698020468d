"""Tutorials over the HTTP API: each game's lessons (:mod:`towers.learn.tutorial`) for a page.

Stateless: every request builds the lesson's position again from its script (a lesson is a
seeded game played through the engine, so the same request gives the same answer), shows it
as the lesson's seat sees it (the board drawn for that seat, that seat's legal moves with
their words and board targets) and judges a tried move with :func:`towers.learn.tutorial.judge`:
the lesson's move, or why another is weaker, or the engine's refusal with the summary of the
rulebook section it cites. Nothing is stored: a browser keeps its own progress. The last
lesson of a tutorial is a game against the random bot, which a client creates through
``POST /api/games`` with what the lesson names (``bout``).
"""

from __future__ import annotations

from typing import Any

from towers.core.errors import ActionParseError, TowersError
from towers.core.registry import title_of, views_of
from towers.learn.tutorial import (
    Lesson,
    LessonError,
    Tutorial,
    after_move,
    judge,
    tutorial,
    tutorials,
)
from towers.server.errors import ApiError, malformed

BOUT_BOT = "random"
"""The bot the last lesson's game is played against."""


SHOWN = 40
"""The most characters of a name asked for that an error repeats."""


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
