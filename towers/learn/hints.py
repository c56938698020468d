"""Hints: the strongest bot's move for a seat, explained with the game's own figures.

:func:`hint` searches the position with the ``mcts`` bot's tree (:mod:`towers.learn.search`)
for the seat deciding, from what that seat may know only: when the game hides anything,
every imagined game starts from a world re-dealt for the seat, never from the true state. It
says in words what the move found does: its points now (the seat's score change at once), the
lead the search expects after it, and the same for the move the player was about to make or,
when none is given, for the second-best move, with the difference between them; and how the
move changes the seat's standing by the game's measure (the bots' heuristic). Points that
only the game's end gives (a score category of the ending) are left to the review.

A hint is bounded by a :class:`~towers.learn.search.Budget` (iterations, repeatable, or
seconds) and a ``cancel`` event that stops it between two imagined games; a stopped hint
still names a legal move, saying how much it searched.

**When hints are allowed** (:func:`hints_refusal`): a server may turn them off for all; a
table's own ``hints`` setting (None when not set) may turn them off or on. Without a setting,
a game where no human faces another human (solo, against bots only, or cooperative) and a
casual game allow them. A rated game allows them only when every human seat has agreed, so
that no player gets help the others did not accept; a table's "on" does not stand for that
agreement.

>>> import random, towers
>>> state = towers.make("torres", players=2).new_initial_state()
>>> h = hint(state, 0, Budget(iterations=8), random.Random(1))
>>> h.action in state.legal_actions()
True
"""

from __future__ import annotations

import random
import textwrap
import threading
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from towers.core.game import Game, State
from towers.core.registry import views_of
from towers.core.words import plural
from towers.learn.effects import (
    Effect,
    effect,
    in_points,
    measure,
    move_words,
    number,
    points,
    worlds_of,
)
from towers.learn.search import Budget, Candidate, Found, search

WIDTH = 80
"""The columns the terminal's text of a hint fits in."""


@dataclass(frozen=True)
class Hint:
    """The move a search found for ``seat`` and what it does, with the figures said.

    ``best``: the search's figures for the move (None when it was the only legal move, so
    nothing was searched); ``other``: those of the move compared with it (the intended one
    when ``intended`` is True, else the second best; None when there is none).
    ``effect``: what the move does at once. ``found``: the whole search.
    """

    seat: int
    action: int
    words: str
    log: str
    effect: Effect
    best: Candidate | None
    other: Candidate | None
    other_words: str
    intended: bool
    found: Found
    cooperative: bool
    lines: tuple[str, ...]

    @property
    def points_now(self) -> float:
        """The seat's score change the move brings at once."""
        return self.effect.points_now

    @property
    def lead(self) -> float | None:
        """The lead the search expects after the move (None when nothing was searched)."""
        return None if self.best is None else self.best.lead

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def hint(
    state: State,
    seat: int,
    budget: Budget | None = None,
    rng: random.Random | None = None,
    cancel: threading.Event | None = None,
    intended: int | None = None,
) -> Hint:
    """The move the search finds for ``seat`` (deciding now) and why, in words and figures.

    ``intended``: the move the player was about to make, compared with the one found (else
    the second best is). A ValueError when ``seat`` is not deciding or ``intended`` is not
    one of its legal moves; the state is never changed.
    """
    rng = rng if rng is not None else random.Random()
    if intended is not None and not state.is_legal(intended):
        why = state.explain(intended) if type(intended) is int else None
        raise ValueError(why or f"{intended!r} is not a move of this game")
    found = search(state, seat, budget, rng, cancel)
    worlds = worlds_of(state, seat, rng)
    action = found.action
    best = found.candidate(action)
    other: Candidate | None = None
    if intended is not None and intended != action:
        other = found.candidate(intended)
    elif intended is None:
        other = next((c for c in found.candidates if c.action != action), None)
    other_words = "" if other is None else worlds[0].action_to_string(other.action)
    if intended is not None and intended != action and other is None:
        other_words = worlds[0].action_to_string(intended)
    made = Hint(
        seat=seat,
        action=action,
        words=worlds[0].action_to_string(action),
        log=move_words(worlds, action),
        effect=effect(worlds, seat, action),
        best=best,
        other=other,
        other_words=other_words,
        intended=intended is not None and intended != action,
        found=found,
        cooperative=state.game.COOPERATIVE or state.game.num_players == 1,
        lines=(),
    )
    return _with_lines(made, state, intended)


def hint_text(
    state: State,
    seat: int,
    budget: Budget | None = None,
    rng: random.Random | None = None,
    cancel: threading.Event | None = None,
    intended: int | None = None,
) -> str:
    """What the terminal shows for a hint: :func:`hint`'s words, each line at most
    :data:`WIDTH` columns."""
    return hint(state, seat, budget, rng, cancel, intended).text


def lead_words(state: State, lead: float, alone: bool) -> str:
    """An expected lead in words: how far ahead of (or behind) the best other seat, or, for
    a seat alone or in a team, its standing by the game's measure."""
    if alone:
        return f"a standing of {measure(state, lead)}"
    if round(lead, 1 if in_points(state) else 2) == 0:
        return "level with the best other seat"
    amount = points(abs(lead)) if in_points(state) else measure(state, abs(lead))
    return f"{amount} {'ahead of' if lead > 0 else 'behind'} the best other seat"


def gap_words(state: State, gap: float, visits: int) -> str:
    """How much worse a move's expected lead is than the move found (``gap`` = found minus
    it); a move the search valued higher on average but tried less is said to be so."""
    amount = points(abs(gap)) if in_points(state) else measure(state, abs(gap))
    if round(gap, 1 if in_points(state) else 2) == 0:
        return "as good on average, but tried less"
    if gap > 0:
        return f"{amount} less"
    return f"{amount} more on average, but tried in only {plural(visits, 'imagined game')}"


def _now_words(state: State, lead: float, alone: bool) -> str:
    words = lead_words(state, lead, alone)
    return words.removeprefix("a standing of ")


def _with_lines(h: Hint, state: State, intended: int | None) -> Hint:
    e = h.effect
    found = h.found
    out: list[str] = []
    searched = found.iterations
    head = f"Hint for {views_of(state.game).seat_name(h.seat)}: {h.words}"
    out.append(head)
    if h.log != h.words:
        out.append(f"It does: {h.log}")
    about = "" if e.certain else "about "
    out.append(
        f"Points now: {about}{points(e.points_now, signed=True)} "
        f"(your score {number(e.score_before)} then {number(e.score_after)})."
    )
    if h.best is None:
        out.append("It is your only legal move, so nothing was searched.")
    else:
        out.append(
            f"Expected after it: {lead_words(state, h.best.lead, h.cooperative)} "
            f"(now {_now_words(state, found.lead_now, h.cooperative)}), "
            f"tried in {h.best.visits} of {searched} imagined games."
        )
        if h.other is not None:
            gap = gap_words(state, h.best.lead - h.other.lead, h.other.visits)
            label = "Your move" if h.intended else "Next best"
            out.append(
                f"{label}, {h.other_words}: {lead_words(state, h.other.lead, h.cooperative)}, "
                f"{gap}."
            )
        elif h.intended:
            out.append(f"Your move, {h.other_words}: the search did not get to it.")
        elif intended is not None:
            out.append("Your move is the one the search found best.")
    change = e.standing_after - e.standing_before
    out.append(
        f"By the game's measure your standing goes from {measure(state, e.standing_before)} "
        f"to {measure(state, e.standing_after)} ({measure(state, change, signed=True)})."
    )
    if found.cut_short:
        out.append(f"The search was stopped after {searched} imagined games.")
    lines: list[str] = []
    for line in out:
        lines += textwrap.wrap(line, WIDTH, subsequent_indent="  ") or [""]
    return Hint(**{**h.__dict__, "lines": tuple(lines)})


def hints_refusal(
    game: Game,
    humans: Collection[int] | None = None,
    *,
    rated: bool = False,
    agreed: Mapping[int, bool] | None = None,
    table: bool | None = None,
    server: bool = True,
) -> str | None:
    """Why hints may not be given in ``game``, or None when they may (see the module's
    docstring for the policy).

    ``humans``: the seats people hold (None: every seat); ``rated``: whether the game counts
    for a rating; ``agreed``: each human seat's yes or no to hints; ``table``: the table's
    ``hints`` setting (None: not set); ``server``: False when the server turns hints off.
    """
    seats = list(range(game.num_players)) if humans is None else sorted(set(humans))
    bad = [s for s in seats if not 0 <= s < game.num_players]
    if bad:
        raise ValueError(
            f"seat {bad[0]} is not in this game; seats are 0 to {game.num_players - 1}"
        )
    if not server:
        return "hints are turned off on this server"
    if table is False:
        return "this table plays without hints"
    if rated and not game.COOPERATIVE and len(seats) > 1:
        agreed = agreed or {}
        missing = [s for s in seats if not agreed.get(s, False)]
        if missing:
            who = ", ".join(views_of(game).seat_name(s) for s in missing)
            return f"this is a rated game and hints need every player's agreement ({who} did not agree)"
    return None


def hints_allowed(
    game: Game,
    humans: Collection[int] | None = None,
    *,
    rated: bool = False,
    agreed: Mapping[int, bool] | None = None,
    table: bool | None = None,
    server: bool = True,
) -> bool:
    """True when hints may be given (:func:`hints_refusal` finds no reason against)."""
    return (
        hints_refusal(game, humans, rated=rated, agreed=agreed, table=table, server=server) is None
    )
