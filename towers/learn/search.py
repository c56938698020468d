"""The search behind hints and reviews: the ``mcts`` bot's tree search, run for one seat from
what that seat may know, within a budget that a caller can cut short.

Each iteration starts from a fresh :func:`~towers.agents.base.observed_copy` of the position
for the seat (a new determinization when the game hides anything), so the search never reads
what the seat cannot see: the true state is asked only for its legal actions, which the
deciding seat knows. The answer is what the bot would play, with each root action's visits
and mean value, and that value turned back into points.

**From values to points.** The search scores a leaf by a logistic of the seat's heuristic
lead (its own heuristic minus the best other seat's; alone, or in a cooperative game, its
heuristic itself) counted from the lead at the start, ``scale`` points a unit (see
:func:`~towers.agents.base.win_values`). :func:`lead_of` inverts that: the lead a mean value
stands for is the lead now plus ``scale`` times its logit. A value of certain victory or
defeat has no finite logit; it is capped at :data:`VALUE_CAP` units of ``scale`` either way.

>>> import random, towers
>>> state = towers.make("torres", players=2).new_initial_state()
>>> found = search(state, 0, Budget(iterations=4), random.Random(0))
>>> found.action in state.legal_actions(), found.iterations
(True, 4)
"""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import dataclass

from towers.agents.base import deciding_seat, leads, observed_copy
from towers.agents.mcts import MCTSBot, _Node, scale_for
from towers.core.game import State

DEFAULT_ITERATIONS = 300
"""Imagined games a hint searches when no budget is given."""
VALUE_CAP = 6.0
"""The most ``scale`` units a value of certain victory or defeat is turned into (a value of
0.9975 is 6 units)."""
MAX_SECONDS = 30.0
"""The longest think time a hint or one move of a review may be given."""


@dataclass(frozen=True)
class Budget:
    """How much search one answer may take: a count of iterations (repeatable: the same
    count and generator give the same answer) or a think time in seconds, wall clock; with
    both, whichever ends first. At least one iteration always runs, so even a cancelled
    search names a legal move."""

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search budget needs a number of iterations or of seconds")
        if self.iterations is not None and (
            type(self.iterations) is not int or self.iterations < 1
        ):
            raise ValueError(
                f"iterations must be a whole number of 1 or more, not {self.iterations!r}"
            )
        if self.seconds is not None and not 0 < self.seconds <= MAX_SECONDS:
            raise ValueError(
                f"seconds must be more than 0 and at most {MAX_SECONDS:g}, not {self.seconds!r}"
            )


@dataclass(frozen=True)
class Candidate:
    """One root action of a search: how often it was tried, its mean value for the seat
    (0 to 1, 0.5 being the position as it stands) and the lead in points that value stands
    for (see :func:`lead_of`)."""

    action: int
    visits: int
    value: float
    lead: float


@dataclass(frozen=True)
class Found:
    """What a search found: the move it would play, every root action tried (most visited
    first), the lead the seat has now by the game's measure (averaged over the worlds the
    search dealt), the scale of points it used, how many iterations ran and whether a
    cancel or a deadline cut it short."""

    seat: int
    action: int
    candidates: tuple[Candidate, ...]
    lead_now: float
    scale: float
    iterations: int
    cut_short: bool

    def candidate(self, action: int) -> Candidate | None:
        """The search's figures for ``action``; None when the search never tried it."""
        for c in self.candidates:
            if c.action == action:
                return c
        return None


def lead_of(value: float, lead_now: float, scale: float) -> float:
    """The lead in points a search value stands for: ``lead_now`` plus ``scale`` times the
    value's logit, the logit capped at :data:`VALUE_CAP` either way.

    >>> lead_of(0.5, 3.0, 5.0)
    3.0
    >>> round(lead_of(1.0, 0.0, 5.0), 6) == 5.0 * VALUE_CAP
    True
    """
    low = 1.0 / (1.0 + math.exp(VALUE_CAP))
    v = min(max(value, low), 1.0 - low)
    return lead_now + scale * math.log(v / (1.0 - v))


def is_sure(value: float) -> bool:
    """True for a value of certain victory by the search (at or beyond :data:`VALUE_CAP`)."""
    return value >= 1.0 / (1.0 + math.exp(-VALUE_CAP))


class _Searcher(MCTSBot):
    """The ``mcts`` bot's tree, driven one iteration at a time so that a caller's event or
    deadline can stop it between two iterations."""

    def run(
        self,
        state: State,
        seat: int,
        budget: Budget,
        cancel: threading.Event | None,
    ) -> Found:
        legal = state.legal_actions()
        if len(legal) == 1:
            world = observed_copy(state, seat, self.rng)
            return Found(seat, legal[0], (), leads(world)[seat], scale_for(state.game), 0, False)
        root, lead_now, done, cut = self._grow(state, seat, budget, cancel)
        action = self._answer(root, legal, seat)
        # the move found first, then the others from the most tried
        ranked = sorted(self.action_stats, key=lambda s: (s[0] != action, -s[1], -s[2], s[0]))
        candidates = tuple(
            Candidate(a, visits, value, lead_of(value, lead_now, self._scale))
            for a, visits, value in ranked
            if visits
        )
        return Found(seat, action, candidates, lead_now, self._scale, done, cut)

    def _grow(
        self, state: State, seat: int, budget: Budget, cancel: threading.Event | None
    ) -> tuple[_Node, float, int, bool]:
        """The tree searched from ``state`` for ``seat`` within the budget, the seat's lead
        at the root averaged over the worlds dealt, the iterations run and whether they were
        cut short."""
        game = state.game
        self._begin(state)
        root = _Node(game.num_players)
        end = math.inf if budget.seconds is None else time.perf_counter() + budget.seconds
        most = budget.iterations if budget.iterations is not None else math.inf
        done = 0
        lead_sum = 0.0
        cut = False
        while done < most:
            stopped = cancel is not None and cancel.is_set()
            if done and (stopped or time.perf_counter() >= end):
                # a think time alone ends when it runs out; anything else was cut short
                cut = stopped or budget.iterations is not None
                break
            world = observed_copy(state, seat, self.rng)
            lead_sum += leads(world)[seat]
            self._iterate(root, world)
            done += 1
        return root, lead_sum / done, done, cut

    def value(
        self, state: State, seat: int, budget: Budget, cancel: threading.Event | None
    ) -> Valued:
        root, lead_now, done, cut = self._grow(state, seat, budget, cancel)
        mean = root.totals[seat] / root.visits
        return Valued(mean, lead_of(mean, lead_now, self._scale), lead_now, done, cut)


@dataclass(frozen=True)
class Valued:
    """What a search expects of a position for a seat, whoever decides there: its mean value
    (0 to 1, 0.5 the position as it stands), the lead in points it stands for, the lead now,
    the iterations run and whether they were cut short."""

    value: float
    lead: float
    lead_now: float
    iterations: int
    cut_short: bool


def value(
    state: State,
    seat: int,
    budget: Budget | None = None,
    rng: random.Random | None = None,
    cancel: threading.Event | None = None,
) -> Valued:
    """What the search expects of ``state`` for ``seat``, from what the seat may know, any
    seat (or a draw) deciding there; a finished game is worth its result. The review weighs
    a move played against the best one by the value of the position after each, searched
    alike, so that neither is judged by a shallower look than the other."""
    n = state.game.num_players
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat!r} is not in this game; seats are 0 to {n - 1}")
    bot = _Searcher(seed=None)
    bot.rng = rng if rng is not None else random.Random()
    return bot.value(state, seat, budget or Budget(), cancel)


def search(
    state: State,
    seat: int,
    budget: Budget | None = None,
    rng: random.Random | None = None,
    cancel: threading.Event | None = None,
) -> Found:
    """Search the position for ``seat``, which must be deciding now, from what it may know.

    ``rng`` deals the worlds and breaks ties (the same generator, budget in iterations and
    position as the seat sees it give the same answer); ``cancel``, once set, stops the
    search after the iteration under way. A ValueError when ``seat`` is not deciding.
    """
    player = deciding_seat(state)  # a finished game or a chance node: a ValueError
    if seat != player:
        raise ValueError(f"it is seat {player}'s decision, not seat {seat}'s")
    rng = rng if rng is not None else random.Random()
    bot = _Searcher(seed=None)
    bot.rng = rng
    return bot.run(state, seat, budget or Budget(), cancel)
