"""The lessons of each game's tutorial (see :mod:`towers.learn.tutorial`)."""
