"""The toy game under another name, against which the conformance checks are themselves
tested: deliberately broken variants in ``test_checks_catch_bugs.py`` subclass it."""

from __future__ import annotations

from tests.toy_game import DRAW, PASS, PLAY, ToyGame, ToyState

__all__ = ["DRAW", "PASS", "PLAY", "TinyGame", "TinyState"]

TinyState = ToyState


class TinyGame(ToyGame):
    name = "tiny"
