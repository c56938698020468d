"""The ``greedy`` bot: one atomic action of look-ahead, scored by the game's heuristic.

For each legal action it applies the action to an observation-safe copy, resolves any chance
that follows by sampling, and scores the result with :func:`~towers.agents.base.standing`
(its heuristic minus the best opponent's). Chance and hidden information are averaged over
``samples`` draws; ties are broken by the bot's own generator.
"""

from __future__ import annotations

import time

from towers.agents.base import BaseBot, deciding_seat, hides_information, observed_copy, standing
from towers.agents.params import Param
from towers.core.chance import resolve_chance
from towers.core.game import State

MAX_SAMPLES = 64
"""The most samples a shared server allows (a bound on the work of one move)."""
TIE_TOLERANCE = 1e-9
"""Values closer than this count as equal, so float noise does not decide ties."""


class GreedyBot(BaseBot):
    """Pick the action whose immediate result stands best for the deciding seat.

    ``samples`` (default 4) is how many chance draws, or determinizations when the game hides
    information, are averaged for each action; an action followed by no chance in a game
    with nothing hidden is scored once. With a ``time_limit`` it stops scoring when the time
    is up and takes the best action scored so far.
    """

    name = "greedy"
    about = "Takes the move that looks best right now, without thinking further ahead."
    PARAMS = (
        Param(
            "samples",
            int,
            4,
            "guesses at hidden cards and dice averaged per move",
            low=1,
            limit=MAX_SAMPLES,
            light=16,
        ),
    )

    def __init__(self, seed: int | None = None, samples: int = 4) -> None:
        super().__init__(seed)
        self.samples: int = self.check_params({"samples": samples})["samples"]

    def choose(self, state: State) -> int:
        seat = deciding_seat(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        hidden = hides_information(state)
        worlds = [observed_copy(state, seat, rng) for _ in range(self.samples if hidden else 1)]
        best_value = float("-inf")
        best: list[int] = []
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for action in legal:
            if deadline is not None and best and time.perf_counter() > deadline:
                break  # out of time: the best of the actions scored so far
            value = self._value(worlds, action, seat, hidden)
            if value is None:
                continue
            if value > best_value + TIE_TOLERANCE:
                best_value, best = value, [action]
            elif value >= best_value - TIE_TOLERANCE:
                best.append(action)
        if not best:
            # Only a game whose determinize changes the seat's own options gets here.
            best = legal
        return best[rng.randrange(len(best))]

    def _value(self, worlds: list[State], action: int, seat: int, hidden: bool) -> float | None:
        total = 0.0
        count = 0
        for i in range(self.samples):
            world = worlds[i % len(worlds)]
            if not world.is_legal(action):
                continue
            after = world.clone()
            after.apply_trusted(action)
            chance_follows = after.is_chance_node()
            resolve_chance(after, self.rng)
            total += standing(after, seat)
            count += 1
            if not hidden and not chance_follows:
                break
        return total / count if count else None
