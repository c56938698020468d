"""Tiletum is registered here for the tests until the registry lists it."""

from towers.core.registry import register_game

register_game("tiletum", "towers.games.tiletum.rules:TiletumGame")
