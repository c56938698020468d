"""Pillars: a tiny tower-building game, added to towers as a plugin (see docs/new-game.md).

The package has the roles every game has: ``actions`` (the action space), ``rules`` (the
game and its state), ``views`` (text and SVG), ``bots`` (a bot and the heuristic) and
``tensor`` (the observation as numbers, for learning). This module declares them to towers
in one place, without importing any of them.
"""

from __future__ import annotations

from towers.core.registry import GamePlugin

PLUGIN = GamePlugin(
    rules="towers_pillars.rules:PillarsGame",
    views="towers_pillars.views:PillarsViews",
    heuristic="towers_pillars.bots:points_so_far",
    tensor="towers_pillars.tensor:pillars_tensor",
    balance="towers_pillars.bots:facets",
)
