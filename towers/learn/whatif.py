"""What if: the result of a legal move before it is made, as the seat making it may know it.

:func:`preview` applies the move on worlds the seat holds possible (never the true state when
the game hides anything) and says: the seat's score change at once and its standing by the
game's measure; who decides next (the same seat going on with its turn, another seat, a
draw, or the game's end); and what the move gives the next seat to decide: the reply the
``greedy`` bot would make for it (one step of look-ahead, as that seat would see it) and that
reply's score change for both seats. When the seat's own turn goes on after the move, the
rest of the turn is first played as the greedy bot would (at most :data:`PLAY_ON` moves).

>>> import random, towers
>>> state = towers.make("torres", players=2).new_initial_state()
>>> p = preview(state, 0, state.legal_actions()[0], rng=random.Random(0))
>>> p.points_now
0.0
"""

from __future__ import annotations

import random
import textwrap
from dataclasses import dataclass

from towers.agents.greedy import GreedyBot
from towers.core.chance import resolve_chance
from towers.core.game import CHANCE, TERMINAL, State
from towers.core.registry import views_of
from towers.core.words import plural
from towers.learn.effects import Effect, effect, measure, move_words, number, points, worlds_of

WIDTH = 80
PLAY_ON = 40
"""The most moves of the seat's own turn played on by the ``greedy`` bot after the move
previewed, to reach the next seat's decision."""


@dataclass(frozen=True)
class Reply:
    """The next seat's likely reply after a move: its words and its score change for that
    seat and for the seat previewing (in the first world held possible)."""

    seat: int
    action: int
    words: str
    points_for_them: float
    points_for_you: float


@dataclass(frozen=True)
class Preview:
    """What ``action`` does for ``seat``: its :class:`~towers.learn.effects.Effect`, who decides
    after it (``next_player``: a seat, or -1 for a draw, -4 for the game's end, in the first
    world held possible), the next seat's likely reply when another seat decides next, and
    the text the terminal shows."""

    seat: int
    action: int
    words: str
    log: str
    effect: Effect
    next_player: int
    reply: Reply | None
    lines: tuple[str, ...]
    played_on: int = 0
    """Moves of the seat's own turn the greedy bot played after the move previewed, before
    the reply (0 when the move hands the decision over at once)."""

    @property
    def points_now(self) -> float:
        return self.effect.points_now

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def preview(
    state: State, seat: int, action: int, rng: random.Random | None = None, samples: int = 2
) -> Preview:
    """What ``action``, one of ``seat``'s legal moves now, would do, as ``seat`` may know it.

    ``samples``: the worlds the greedy reply averages over. A ValueError when ``seat`` is not
    deciding or ``action`` is not legal; ``state`` is never changed.
    """
    player = state.current_player()
    if player != seat:
        whose = "nobody's" if player < 0 else f"seat {player}'s"
        raise ValueError(f"it is {whose} decision, not seat {seat}'s")
    if not state.is_legal(action):
        why = state.explain(action) if type(action) is int else None
        raise ValueError(why or f"{action!r} is not a move of this game")
    rng = rng if rng is not None else random.Random()
    worlds = worlds_of(state, seat, rng)
    done = effect(worlds, seat, action)
    after = worlds[0].clone()
    after.apply_action(action)
    next_player = after.current_player()
    reply = None
    if next_player == CHANCE:
        resolve_chance(after, rng)  # a draw in a world the seat holds possible
    decider = after.current_player()
    bot = GreedyBot(seed=rng.randrange(2**31), samples=samples)
    played_on = 0
    while decider == seat and played_on < PLAY_ON:
        # the rest of the seat's turn, as the greedy bot would play it
        after.apply_action(bot.choose(after))
        resolve_chance(after, rng)
        decider = after.current_player()
        played_on += 1
    if decider >= 0 and decider != seat:
        answer = bot.choose(after)  # the greedy bot re-deals for the seat it plays
        then = after.clone()
        then.apply_action(answer)
        before_scores = after.scores()
        after_scores = then.scores()
        reply = Reply(
            decider,
            answer,
            after.action_to_string(answer),
            after_scores[decider] - before_scores[decider],
            after_scores[seat] - before_scores[seat],
        )
    made = Preview(
        seat,
        action,
        worlds[0].action_to_string(action),
        move_words(worlds, action),
        done,
        next_player,
        reply,
        (),
        played_on if reply is not None else 0,
    )
    return Preview(**{**made.__dict__, "lines": _lines(made, state)})


def preview_text(state: State, seat: int, action: int, rng: random.Random | None = None) -> str:
    """What the terminal shows for ``what if``: :func:`preview`'s words in 80 columns."""
    return preview(state, seat, action, rng).text


def _lines(p: Preview, state: State) -> tuple[str, ...]:
    e = p.effect
    names = views_of(state.game).seat_names()
    out = [f"What if {names[p.seat]} plays {p.words}?"]
    if p.log != p.words:
        out.append(f"It does: {p.log}")
    about = "" if e.certain else "about "
    out.append(
        f"Points now: {about}{points(e.points_now, signed=True)} "
        f"(your score {number(e.score_before)} then {number(e.score_after)})."
    )
    change = e.standing_after - e.standing_before
    out.append(
        f"By the game's measure your standing goes from {measure(state, e.standing_before)} "
        f"to {measure(state, e.standing_after)} ({measure(state, change, signed=True)})."
    )
    if p.next_player == TERMINAL:
        out.append("The game ends with it.")
    elif p.next_player == p.seat:
        out.append("Your turn goes on: you decide next.")
    elif p.next_player == CHANCE:
        out.append("A draw follows it.")
    else:
        out.append(f"{names[p.next_player]} decides next.")
    if p.reply is not None and p.played_on:
        out.append(
            f"Played on as the greedy bot would, your turn ends after "
            f"{plural(p.played_on, 'more move')}; {names[p.reply.seat]} decides then."
        )
    if p.reply is not None:
        r = p.reply
        out.append(
            f"Likely reply of {names[r.seat]}: {r.words}, "
            f"{points(r.points_for_them, signed=True)} for them"
            + (
                f", {points(r.points_for_you, signed=True)} for you."
                if round(r.points_for_you, 1)
                else "."
            )
        )
    lines: list[str] = []
    for line in out:
        lines += textwrap.wrap(line, WIDTH, subsequent_indent="  ") or [""]
    return tuple(lines)
