"""Guided tutorials: lessons built from the rulebooks' worked examples, each a real position.

A :class:`Lesson` is data and a position built through the engine, never a picture: its
``build`` starts a seeded game and plays a script of action words (:func:`script`), so a
rules change that breaks a lesson breaks its test. The lesson says what to look at
(``intro``), asks for a move (``ask``), knows the moves it accepts (``expected``: a set of
action words or a predicate), why that move is right (``why``), why a tried move is weaker or
illegal (``wrong``; an illegal move is explained by the engine's own refusal and the summary
of the rulebook section it cites) and what follows (``after``).

A :class:`Tutorial` is the lessons of one game, in order; the last is a short game against the
random bot with hints on (``bout=True``). :func:`judge` says what a tried move earns;
:class:`Progress` keeps the lessons each user has done in ``$XDG_DATA_HOME/towers/learn.json``.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from towers.core.chance import resolve_chance, sample_chance
from towers.core.errors import IllegalActionError, TowersError
from towers.core.game import State
from towers.core.registry import make, views_of


class LessonError(TowersError, ValueError):
    """An unknown tutorial or lesson, or a script that the rules no longer allow."""


@dataclass(frozen=True)
class Wrong:
    """Why a tried move is not the lesson's: ``text`` in the project's words; ``refused``
    True when the rules forbid it there (the test checks the engine refuses it), else it is
    legal but weaker (the test checks the lesson's ``measure`` comes out lower)."""

    text: str
    refused: bool = False


Expected = frozenset[str] | Callable[[State, int], bool]
WrongTable = Mapping[str, Wrong] | Callable[[State, int], Wrong | None]


@dataclass(frozen=True)
class Lesson:
    """One lesson: a position, a question and the move that answers it.

    ``key``: what ``towers learn GAME LESSON`` takes; ``rule``: the rulebook section taught
    ("Torres, Add a knight"); ``seat``: the seat the player holds; ``check(before, after)``:
    True when the expected move did what the text says (run by the tests); ``measure``: the
    figure by which a weaker move falls short (the seat's points as the lesson counts them).
    A lesson with ``bout`` is a whole game against the random bot, hints on."""

    key: str
    title: str
    intro: str
    build: Callable[[], State]
    ask: str
    expected: Expected
    why: str
    wrong: WrongTable
    after: str
    rule: str = ""
    seat: int = 0
    check: Callable[[State, State], bool] | None = None
    measure: Callable[[State], float] | None = None
    bout: bool = False

    def accepts(self, state: State, action: int) -> bool:
        """True when ``action`` (legal in ``state``) is a move this lesson asks for."""
        if not state.is_legal(action):
            return False
        if callable(self.expected):
            return bool(self.expected(state, action))
        return state.action_to_string(action) in self.expected

    def wrong_for(self, state: State, action: int) -> Wrong | None:
        """The lesson's own word on a tried move, if it has one."""
        if callable(self.wrong):
            return self.wrong(state, action)
        return self.wrong.get(state.action_to_string(action))

    def listed_wrong(self) -> list[str]:
        """The tried moves the lesson explains by name (none for a rule given as a function)."""
        return [] if callable(self.wrong) else list(self.wrong)


def bout(title: str, intro: str, build: Callable[[], State], after: str, rule: str) -> Lesson:
    """A tutorial's last lesson: a whole game against the random bot, hints on, with any move
    the rules allow (the key ``game``)."""
    return Lesson(
        key="game",
        title=title,
        intro=intro,
        build=build,
        ask="Play the game to its end.",
        expected=lambda s, a: True,
        why="",
        wrong={},
        after=after,
        rule=rule,
        bout=True,
    )


@dataclass(frozen=True)
class Tutorial:
    """The lessons of one game, in the order they are taken."""

    game: str
    lessons: tuple[Lesson, ...]
    players: int = 2

    def lesson(self, key: str) -> Lesson:
        for lesson in self.lessons:
            if lesson.key == key:
                return lesson
        keys = ", ".join(lesson.key for lesson in self.lessons)
        raise LessonError(f"the {self.game} tutorial has no lesson {key!r}; lessons: {keys}")

    def index(self, key: str) -> int:
        return self.lessons.index(self.lesson(key))


# ---- building positions -------------------------------------------------------------------
def script(
    game: str, words: Iterable[str], players: int = 2, seed: int = 0, **options: object
) -> State:
    """A new game of ``game`` after the actions ``words``, in order. A chance node takes the
    next word when it names one of its outcomes ("draw Door climb"), else an outcome drawn
    from a generator seeded by ``seed``; a word the rules refuse raises :class:`LessonError`
    saying which step of the script broke."""
    state = make(game, players=players, **options).new_initial_state()
    rng = random.Random(seed)
    pending = list(words)
    step = 0
    while pending:
        word = pending[0]
        if state.is_chance_node():
            outcomes = {state.action_to_string(a): a for a, _ in state.chance_outcomes()}
            if word in outcomes:
                state.apply_action(outcomes[word])
                pending.pop(0)
                step += 1
            else:
                state.apply_action(sample_chance(state, rng))
            continue
        pending.pop(0)
        step += 1
        try:
            state.apply_action(state.string_to_action(word))
        except (IllegalActionError, ValueError) as exc:
            raise LessonError(f"step {step} of the {game} lesson script, {word!r}: {exc}") from exc
    while state.is_chance_node():
        resolve_chance(state, rng)
    return state


def after_move(state: State, action: int, seed: int = 0) -> State:
    """A copy of ``state`` after ``action``, with any draw that follows it settled (seeded)."""
    then = state.clone()
    then.apply_action(action)
    rng = random.Random(seed)
    while then.is_chance_node():
        resolve_chance(then, rng)
    return then


# ---- judging a tried move ------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """What a tried move earns: ``ok`` when it is the lesson's move; ``text`` what to tell the
    player (why it is right, or why it is weaker or refused, with the rule)."""

    ok: bool
    text: str
    refused: bool = False


def refusal(state: State, action: int) -> tuple[str, str]:
    """The engine's reason for refusing ``action`` and the rulebook section it cites."""
    try:
        state.clone().apply_action(action)
    except IllegalActionError as exc:
        return exc.reason, exc.rule
    return "", ""


def judge(lesson: Lesson, state: State, action: int) -> Verdict:
    """Whether ``action`` answers ``lesson`` in ``state``, and why in words."""
    words = state.action_to_string(action)
    if lesson.accepts(state, action):
        return Verdict(True, lesson.why)
    own = lesson.wrong_for(state, action)
    if not state.is_legal(action):
        reason, rule = refusal(state, action)
        lines = [f"{words} is not allowed here: {reason}."]
        summary = views_of(state.game).rules_section(rule) if rule else None
        if summary:
            lines.append(f"The rule ({rule}): {summary}")
        if own is not None:
            lines.append(own.text[:1].upper() + own.text[1:])
        return Verdict(False, "\n".join(lines), refused=True)
    if own is not None:
        return Verdict(False, f"{words} is allowed, but weaker here: {own.text}")
    return Verdict(False, f"{words} is allowed, but it is not what this lesson asks. {lesson.ask}")


# ---- progress -------------------------------------------------------------------------------
def progress_path() -> Path:
    """``$XDG_DATA_HOME/towers/learn.json`` (``~/.local/share`` when the variable is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "towers" / "learn.json"


@dataclass
class Progress:
    """The lessons done, per game, for this user."""

    done: dict[str, list[str]] = field(default_factory=dict)
    path: Path | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        path = progress_path() if path is None else path
        try:
            data = json.loads(path.read_text())
        except FileNotFoundError:
            return cls({}, path)
        except (OSError, ValueError) as exc:
            raise LessonError(f"the progress file {path} cannot be read: {exc}") from exc
        if not isinstance(data, dict) or not all(
            isinstance(v, list) and all(isinstance(k, str) for k in v) for v in data.values()
        ):
            raise LessonError(f"the progress file {path} is not a list of lessons per game")
        return cls({str(k): list(v) for k, v in data.items()}, path)

    def mark(self, game: str, key: str) -> None:
        """Record ``key`` as done and write the file."""
        keys = self.done.setdefault(game, [])
        if key not in keys:
            keys.append(key)
        self.save()

    def save(self) -> None:
        path = progress_path() if self.path is None else self.path
        tmp = path.with_suffix(".tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(self.done, indent=1) + "\n")
            tmp.replace(path)
        except OSError as exc:
            raise LessonError(f"the progress file {path} cannot be written: {exc}") from exc

    def first_open(self, tutorial: Tutorial) -> Lesson:
        """The first lesson of ``tutorial`` not done yet (the first when all are)."""
        done = set(self.done.get(tutorial.game, []))
        for lesson in tutorial.lessons:
            if lesson.key not in done:
                return lesson
        return tutorial.lessons[0]

    def count(self, tutorial: Tutorial) -> int:
        keys = {lesson.key for lesson in tutorial.lessons}
        return len(keys & set(self.done.get(tutorial.game, [])))


def action_words(state: State, actions: Sequence[int]) -> list[str]:
    return [state.action_to_string(a) for a in actions]
