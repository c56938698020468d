"""Companion mode: people play Return to Dark Tower on their own board and towers is the app.

:mod:`.session` drives the ``dark_tower`` engine and decides who supplies each chance outcome
(the app draws its own; the table enters its cards, its die and, with a real Tower, where
skulls came out); :mod:`.announce` says each step in the app's words; :mod:`.mirror` keeps
the Tower on the table (simulated, or real over Bluetooth) in step with the engine's;
:mod:`.terminal` is the ``towers companion`` command's loop. No rule lives here.
"""

GAMES = ("dark_tower",)
"""The games that have a companion mode (an app that runs beside a physical copy)."""
