"""A tutorial in the terminal: each lesson's text and position (the game's glance and board,
80 columns), the player's moves judged until the lesson's move is played, then the next
lesson; the last lesson is a game against the random bot with hints on.

What the player may type: a move in words (``add knight c1``) or by its number in the list
of moves, ``moves`` (the list again), ``board``, ``hint``, ``help NAME`` (a component of the
game), ``quit``. An empty answer or the end of input ends the tutorial; progress is kept.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from towers.core.chance import resolve_chance
from towers.core.errors import ActionParseError, TowersError
from towers.core.game import Game, State
from towers.core.knowledge import seen_by
from towers.core.registry import make, make_bot, title_of, views_of
from towers.core.views import find_topics
from towers.core.words import plural
from towers.learn.tutorial import Lesson, Progress, Tutorial, judge, refusal

WIDTH = 80
HINT_ITERATIONS = 200
SHORT_BOARD = 8
"""A board of at most this many lines is shown with each lesson; a longer one on request."""

Reader = Callable[[str], str | None]
"""Reads one line after showing a prompt; None at the end of input."""


def console_reader(console: Console) -> Reader:
    def read(prompt: str) -> str | None:
        try:
            return console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            return None

    return read


def move_list(state: State) -> str:
    """The legal moves, numbered from 1; moves that differ only in their last word and come
    three or more together are written once: ``block: 8 c1, 9 e1, 10 c2``."""
    names = [state.action_to_string(a) for a in state.legal_actions()]
    parts: list[str] = []
    i = 0
    while i < len(names):
        head = names[i].rsplit(" ", 1)[0] if " " in names[i] else names[i]
        j = i
        while j < len(names) and " " in names[j] and names[j].rsplit(" ", 1)[0] == head:
            j += 1
        if j - i >= 3:
            tails = ", ".join(f"{k + 1} {names[k].rsplit(' ', 1)[1]}" for k in range(i, j))
            parts.append(f"{head}: {tails}")
            i = j
        else:
            parts.append(f"{i + 1} {names[i]}")
            i += 1
    return "Moves (a number or the words): " + "; ".join(parts)


class QuitLesson(Exception):
    """The player typed quit (or input ended)."""


class LessonScreen:
    """Runs lessons of one tutorial at a terminal."""

    def __init__(
        self,
        tutorial: Tutorial,
        console: Console,
        read: Reader,
        progress: Progress,
        seed: int = 0,
    ) -> None:
        self.tutorial = tutorial
        self.console = console
        self.read = read
        self.progress = progress
        self.rng = random.Random(seed)

    # ---- the whole run ------------------------------------------------------------------
    def run(self, start: Lesson) -> int:
        """Take the lessons from ``start`` to the end; the number of lessons finished."""
        finished = 0
        lessons = self.tutorial.lessons
        try:
            for lesson in lessons[lessons.index(start) :]:
                self.lesson(lesson)
                finished += 1
        except QuitLesson:
            self.say("Stopped. `towers learn " + self.tutorial.game + "` goes on from here.")
        else:
            self.say(f"You have finished the {title_of(self.tutorial.game)} tutorial.")
        return finished

    def lesson(self, lesson: Lesson) -> None:
        state = lesson.build()
        number = self.tutorial.lessons.index(lesson) + 1
        total = len(self.tutorial.lessons)
        head = f"{title_of(self.tutorial.game)}, lesson {number} of {total}: {lesson.title}"
        self.console.rule(f"[bold]{escape(head)}[/bold]")
        if lesson.rule:
            self.say(f"From the rulebook: {lesson.rule}")
        if lesson.bout:
            self.say(lesson.intro)
            self.say("Type a move or its number; `hint` for a hint, `board`, `help NAME`, `quit`.")
            self.bout(lesson, state)
        else:
            # the position first, then the lesson's words, so that they end the screen
            self.show(state, lesson.seat, whole=False)
            self.say(lesson.intro)
            self.ask(lesson, state)
        self.progress.mark(self.tutorial.game, lesson.key)
        self.say(lesson.after)

    # ---- one question -------------------------------------------------------------------
    def ask(self, lesson: Lesson, state: State) -> None:
        self.console.print(Text(lesson.ask, style="bold"))
        self.show_moves(state)
        while True:
            action = self.read_move(state, lesson.seat)
            verdict = judge(lesson, state, action)
            if verdict.ok:
                self.console.print(Text("Right. " + verdict.text, style="green"))
                return
            self.console.print(Text(verdict.text, style="yellow"))
            self.say("Try again.")

    def read_move(self, state: State, seat: int) -> int:
        """The player's next move (legal or not): commands are answered in the loop."""
        while True:
            line = self.read("> ")
            if line is None:
                raise QuitLesson
            text = " ".join(line.split())
            if not text:
                continue
            word = text.lower()
            if word in ("quit", "exit", "q"):
                raise QuitLesson
            if word == "hint":
                self.hint(state, seat)
            elif word == "moves":
                self.show_moves(state)
            elif word == "board":
                self.show(state, seat)
            elif word == "help" or word.startswith("help "):
                self.help(text[4:].strip())
            else:
                action = self.parse(state, text)
                if action is not None:
                    return action

    def parse(self, state: State, text: str) -> int | None:
        legal = state.legal_actions()
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            self.say(
                f"There are {plural(len(legal), 'move')}: give a number from 1 to {len(legal)}."
            )
            return None
        try:
            return state.string_to_action(text)
        except (ActionParseError, TowersError, ValueError):
            pass
        named = [a for a in legal if state.action_to_string(a).lower().startswith(text.lower())]
        if len(named) == 1:
            return named[0]
        if named:
            self.say(f"{text!r} starts {plural(len(named), 'move')}; type more of it.")
        else:
            self.say(
                f"{text!r} is not a move of this game. Type a move or its number, `moves`, "
                "`board`, `hint`, `help NAME` or `quit`."
            )
        return None

    # ---- a game against the random bot --------------------------------------------------
    def bout(self, lesson: Lesson, state: State) -> None:
        views = views_of(state.game)
        bot = make_bot("random", seed=self.rng.randrange(2**31))
        seat = lesson.seat
        shown = False  # the position is shown before the player's first decision too
        while not state.is_terminal():
            if state.is_chance_node():
                resolve_chance(state, self.rng)
                continue
            player = state.current_player()
            if player != seat:
                action = bot.choose(state)
                seen = seen_by(state, action, random.Random(f"{len(state.history())}:{action}"))
                words = views.log_words(state, action) if seen is None or seat in seen else ""
                self.say(f"The random bot: {words or 'a hidden choice'}")
                state.apply_action(action)
                shown = False
                continue
            if not shown:
                self.glance(state, seat)
                shown = True
            action = self.read_move(state, seat)
            if not state.is_legal(action):
                reason, rule = refusal(state, action)
                self.console.print(Text(f"Not allowed: {reason}.", style="yellow"))
                summary = views.rules_section(rule) if rule else None
                if summary:
                    self.say(f"The rule ({rule}): {summary}")
                continue
            self.say(f"You: {views.log_words(state, action)}")
            state.apply_action(action)
            shown = False
        ending = views.ending(state)
        if ending is not None:
            self.say(f"{ending.verdict} {ending.reason}")

    # ---- showing things -----------------------------------------------------------------
    def say(self, text: str) -> None:
        self.console.print(Text(text), width=WIDTH)

    def glance(self, state: State, seat: int) -> None:
        glance = views_of(state.game).glance(state, seat)
        if glance:
            self.console.print(Text.from_markup(glance), width=WIDTH)
        self.show_moves(state)

    def show(self, state: State, seat: int, whole: bool = True) -> None:
        """The board and the glance; unless ``whole``, a board longer than
        :data:`SHORT_BOARD` lines is left to the `board` command, so that the lesson's
        words stay on a 24-line screen."""
        views = views_of(state.game)
        board = views.sections(state, seat)["board"]
        if whole or len(Text.from_markup(board).wrap(self.console, WIDTH - 4)) <= SHORT_BOARD:
            self.console.print(Panel(Text.from_markup(board), title="Board", width=WIDTH))
        else:
            self.say("Type `board` to see the whole board.")
        glance = views.glance(state, seat)
        if glance:
            self.console.print(Text.from_markup(glance), width=WIDTH)

    def show_moves(self, state: State) -> None:
        self.console.print(Text(move_list(state), style="dim"), width=WIDTH)

    def hint(self, state: State, seat: int) -> None:
        from towers.learn.hints import hint_text
        from towers.learn.search import Budget

        if state.current_player() != seat:
            self.say("A hint is for your own decision.")
            return
        self.say(hint_text(state, seat, Budget(iterations=HINT_ITERATIONS), self.rng))

    def help(self, query: str) -> None:
        views = views_of(self.tutorial_game())
        if not query:
            self.say("Type `help NAME` with the name of a piece, card, space or track.")
            return
        topics = find_topics(views, query)
        if not topics:
            self.say(f"Nothing in {title_of(self.tutorial.game)} is called {query!r}.")
        for topic in topics[:5]:
            self.console.print(Text(topic.name, style="bold"), width=WIDTH)
            self.say(topic.text)

    def tutorial_game(self) -> Game:
        return make(self.tutorial.game, players=self.tutorial.players)
