"""Tutorials over the HTTP API (towers.server.lessons): every lesson of every game is served
with its words, its board and its seat's legal moves; the lesson's move is judged right, a
wrong one is explained (weaker, or refused with the rule); the last lesson names the game to
create, and that game is created; bad games, lessons and moves are refused, never 5xx."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import Live, live_server
from towers.core.registry import title_of
from towers.learn.lessons import tutorials
from towers.learn.tutorial import Lesson

CASES = [(game, lesson.key) for game, t in tutorials().items() for lesson in t.lessons]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    folder: Path = tmp_path_factory.mktemp("lessons")
    with live_server(f"sqlite:///{folder / 'games.sqlite3'}") as server:
        yield server


def lesson_of(game: str, key: str) -> Lesson:
    return tutorials()[game].lesson(key)


def tried(live: Live, game: str, key: str, **body: Any) -> Any:
    return live.http.post(f"/api/learn/{game}/{key}/try", json=body)


def wrong_move(lesson: Lesson, data: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """A move the lesson does not ask for: one it explains by name where it has one, else a
    legal move it does not accept; the body to try it with, and whether the rules refuse it."""
    state = lesson.build()
    for words in lesson.listed_wrong():
        action = state.string_to_action(words)
        if not lesson.accepts(state, action):
            return {"action": action}, not state.is_legal(action)
    for entry in data["legal"]:
        if not lesson.accepts(state, entry["action"]):
            return {"action": entry["action"]}, False
    raise AssertionError(f"every legal move of {lesson.key} is accepted")


def test_the_list_names_every_tutorial_and_its_lessons(live: Live) -> None:
    r = live.http.get("/api/learn")
    assert r.status_code == 200, r.text
    listed = {t["game"]: t for t in r.json()["tutorials"]}
    assert set(listed) == set(tutorials())
    for game, t in tutorials().items():
        entry = listed[game]
        assert entry["title"] == title_of(game)
        assert [lesson["key"] for lesson in entry["lessons"]] == [x.key for x in t.lessons]
        assert [lesson["bout"] for lesson in entry["lessons"]][-1] is True


@pytest.mark.parametrize(("game", "key"), CASES)
def test_every_lesson_is_served_and_judged(live: Live, game: str, key: str) -> None:
    lesson = lesson_of(game, key)
    r = live.http.get(f"/api/learn/{game}/{key}")
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["lesson"] == lesson.title and data["intro"] == lesson.intro
    assert data["rule"] == lesson.rule and data["seat"] == lesson.seat
    assert data["svg"] and data["svg"].lstrip().startswith("<svg")
    if lesson.bout:
        assert data["legal"] == [] and data["next"] is None
        bout = data["bout"]
        assert [s["kind"] for s in bout["seats"]][bout["seat"]] == "human"
        assert {s["kind"] for i, s in enumerate(bout["seats"]) if i != bout["seat"]} == {"random"}
        r = tried(live, game, key, action=0)
        assert r.status_code == 409 and r.json()["error"] == "lesson_is_a_game"
        return
    state = lesson.build()
    assert sorted(m["action"] for m in data["legal"]) == state.legal_actions()
    assert data["ask"] == lesson.ask and data["bout"] is None
    right = next(a for a in state.legal_actions() if lesson.accepts(state, a))
    r = tried(live, game, key, action=right)
    assert r.status_code == 200, r.text
    verdict = r.json()
    assert verdict["ok"] and verdict["text"] == lesson.why and verdict["after"] == lesson.after
    assert verdict["next"] == data["next"] and verdict["svg"]
    body, refused = wrong_move(lesson, data)
    r = tried(live, game, key, **body)
    assert r.status_code == 200, r.text
    verdict = r.json()
    assert not verdict["ok"] and verdict["after"] is None and verdict["svg"] is None
    assert verdict["refused"] == refused and verdict["text"]
    if refused:
        assert "is not allowed here" in verdict["text"]
    # the same move in words is judged alike
    r = tried(live, game, key, text=verdict["words"])
    assert r.status_code == 200 and r.json()["text"] == verdict["text"]


def test_the_last_lesson_creates_a_game_against_the_random_bot(live: Live) -> None:
    game, key = next(c for c in CASES if lesson_of(*c).bout)
    bout = live.http.get(f"/api/learn/{game}/{key}").json()["bout"]
    made = live.create(bout["game"], players=bout["players"], seats=bout["seats"])
    policy = live.http.get(
        f"/api/games/{made['id']}/hints",
        headers={"X-Seat-Secret": made["seats"][bout["seat"]]["secret"]},
    ).json()
    assert policy["allowed"], policy


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/learn/chess/knight", 404, "unknown_tutorial"),
        ("/api/learn/torres/castling", 404, "unknown_lesson"),
        ("/api/learn/torres/" + "x" * 500, 404, "unknown_lesson"),
    ],
)
def test_an_unknown_tutorial_or_lesson_is_404(
    live: Live, path: str, status: int, code: str
) -> None:
    for r in (live.http.get(path), live.http.post(path + "/try", json={"action": 0})):
        assert r.status_code == status, r.text
        assert r.json()["error"] == code
        assert len(r.json()["message"]) < 300


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"action": 10**9}, 422),
        ({"action": -1}, 422),
        ({"text": "fly to the moon"}, 422),
        ({"action": 1, "text": "end turn"}, 400),
        ({}, 400),
        ({"action": "d2"}, 400),
    ],
)
def test_a_bad_move_is_refused(live: Live, body: dict[str, Any], status: int) -> None:
    r = tried(live, "torres", "climb", **body)
    assert r.status_code == status, r.text
    assert r.json()["message"]


def test_a_move_the_rules_forbid_gets_the_engines_reason_and_the_rule(live: Live) -> None:
    r = tried(live, "torres", "knight", text="add knight c2")
    assert r.status_code == 200, r.text
    verdict = r.json()
    assert verdict["refused"] and not verdict["ok"]
    assert verdict["text"].startswith("add knight c2 is not allowed here: ")
    assert "The rule (Torres, Add a knight): " in verdict["text"]


def test_the_lesson_page_is_served(live: Live) -> None:
    for path in ("/learn/torres", "/learn/torres/climb"):
        r = live.http.get(path)
        assert r.status_code == 200 and "lesson.js" in r.text


@pytest.mark.parametrize("game", list(tutorials()))
def test_a_lessons_help_is_its_games_help(live: Live, game: str) -> None:
    """GET /api/learn/{game}/help: the game page's help of the tutorial's game (the same as
    a game of it has), whose topics name what the lesson's board marks with data-help."""
    r = live.http.get(f"/api/learn/{game}/help")
    assert r.status_code == 200, r.text
    helped = r.json()
    assert helped["title"] == title_of(game) and helped["howto"] and helped["topics"]
    made = live.create(game, players=tutorials()[game].players)
    assert live.http.get(f"/api/games/{made['id']}/help").json() == helped
    keys = {t["key"] for t in helped["topics"]}
    first = tutorials()[game].lessons[0].key
    svg = live.http.get(f"/api/learn/{game}/{first}").json()["svg"]
    marked = set(re.findall(r'data-help="([^"]+)"', svg))
    assert marked and marked <= keys, sorted(marked - keys)


def test_the_help_of_an_unknown_tutorial_is_404(live: Live) -> None:
    r = live.http.get("/api/learn/chess/help")
    assert r.status_code == 404 and r.json()["error"] == "unknown_tutorial"


@pytest.mark.parametrize(("game", "key"), [c for c in CASES if not lesson_of(*c).bout])
def test_every_lesson_gives_a_hint_its_own_teaching_first(live: Live, game: str, key: str) -> None:
    """POST /api/learn/{game}/{lesson}/hint: the lesson's move with its board targets, why in the lesson's
    own words first; where several moves answer, the one the search finds best of them, with
    the search's figures, within about 2 seconds."""
    lesson = lesson_of(game, key)
    state = lesson.build()
    answers = [a for a in state.legal_actions() if lesson.accepts(state, a)]
    started = time.monotonic()
    r = live.http.post(f"/api/learn/{game}/{key}/hint")
    took = time.monotonic() - started
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["action"] in answers and got["words"] == state.action_to_string(got["action"])
    data = live.http.get(f"/api/learn/{game}/{key}").json()
    assert (
        got["targets"] == next(m for m in data["legal"] if m["action"] == got["action"])["targets"]
    )
    assert got["lines"][:2] == [f"The lesson's move: {got['words']}.", lesson.why]
    if len(answers) > 1:
        assert got["source"] == "search" and "imagined games" in " ".join(got["lines"][2:])
        assert took < 6, took
    else:
        assert got["source"] == "lesson" and len(got["lines"]) == 2
    # the hint's move is the lesson's: tried, it is judged right
    assert tried(live, game, key, action=got["action"]).json()["ok"]


def test_the_last_lesson_has_no_hint_of_its_own(live: Live) -> None:
    game, key = next(c for c in CASES if lesson_of(*c).bout)
    r = live.http.post(f"/api/learn/{game}/{key}/hint")
    assert r.status_code == 409 and "Hint button" in r.json()["message"]
    unknown = live.http.post("/api/learn/chess/opening/hint")
    assert unknown.status_code == 404, unknown.text


def test_a_search_hint_among_answers_says_the_searchs_own_figures() -> None:
    """Where the search's own move answers the lesson, the hint is that move with the search's
    words, each a whole line (not the terminal's 80 columns)."""
    from towers.learn.search import Budget
    from towers.server.lessons import _searched

    lesson = lesson_of("torres", "knight")
    state = lesson.build()
    legal = state.legal_actions()
    action, lines = _searched(state, lesson.seat, legal, Budget(iterations=40))
    assert action in legal
    assert any(line.startswith("Points now: ") for line in lines), lines
    assert any(line.startswith("Expected after it: ") for line in lines), lines
    assert not any(line.startswith(" ") for line in lines), lines
