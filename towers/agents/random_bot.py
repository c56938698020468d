"""The ``random`` bot: every legal action equally likely; the baseline of every simulation."""

from __future__ import annotations

from towers.agents.base import BaseBot, deciding_seat
from towers.core.game import State


class RandomBot(BaseBot):
    """Uniform over ``state.legal_actions()``; it reads nothing else of the state."""

    name = "random"
    about = "Picks any allowed move at random: the easiest opponent."

    def choose(self, state: State) -> int:
        deciding_seat(state)
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]
