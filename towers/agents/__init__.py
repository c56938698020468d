"""Game-agnostic players: they see only integer actions, ``heuristic`` and ``determinize``.

- ``random`` (:class:`RandomBot`): uniform over the legal actions.
- ``greedy`` (:class:`GreedyBot`): one step of look-ahead scored by the game's heuristic.
- ``mcts`` (:class:`MCTSBot`): UCT over atomic actions with heuristic leaves; information-set
  MCTS over fresh determinizations when the game hides information.

Every bot takes ``seed`` and owns its ``random.Random(seed)``; ``choose(state)`` returns a
legal action for ``state.current_player()``.

>>> import towers
>>> bot = towers.make_bot("random", seed=1)
>>> isinstance(bot, Bot)
True
"""

from towers.agents.base import (
    BaseBot,
    Bot,
    deciding_seat,
    hides_information,
    leads,
    observed_copy,
    standing,
    win_values,
)
from towers.agents.greedy import GreedyBot
from towers.agents.mcts import MCTSBot
from towers.agents.random_bot import RandomBot

__all__ = [
    "BaseBot",
    "Bot",
    "GreedyBot",
    "MCTSBot",
    "RandomBot",
    "deciding_seat",
    "hides_information",
    "leads",
    "observed_copy",
    "standing",
    "win_values",
]
