"""Playing in a terminal: seat specs, the move menu, the play loop and the replay viewer.

The ``towers`` command (``towers.cli``) is a thin layer over these modules; everything here
reads and writes through a Rich console and a line reader, so tests drive it with piped text.
"""
