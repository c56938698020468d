"""towers: tower board games by their full rules.

>>> import towers
>>> "torres" in towers.list_games()
True
>>> game = towers.make("torres", players=3)
>>> game.num_players
3
"""

from towers.core.chance import resolve_chance, sample_chance
from towers.core.errors import (
    ActionParseError,
    GameOptionError,
    IllegalActionError,
    SaveFormatError,
    TowersError,
)
from towers.core.game import CHANCE, TERMINAL, Game, State
from towers.core.registry import list_bots, list_games, make, make_bot

__all__ = [
    "CHANCE",
    "TERMINAL",
    "ActionParseError",
    "Game",
    "GameOptionError",
    "IllegalActionError",
    "SaveFormatError",
    "State",
    "TowersError",
    "list_bots",
    "list_games",
    "make",
    "make_bot",
    "resolve_chance",
    "sample_chance",
]
__version__ = "0.1.0"
