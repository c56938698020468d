"""The Tiletum heuristic used by the greedy and search bots (public information only).

``evaluate(state, seat)`` estimates the VP the seat will have at the end of the game, and
``evaluate_all(state)`` every seat's at once (the plugin's ``heuristics``, which a search
calls at every position it looks at). The terms and their weights are written in
:mod:`towers.games.tiletum.estimate`; this module hands out its compiled twin when it is
built (``setup.py``, :mod:`towers.core.compiled`), else the plain module, and the tests hold
the two to the same floats at every state of random games.
"""

from __future__ import annotations

from towers.core.compiled import twin
from towers.games.tiletum import estimate as _estimate

ESTIMATE = twin(_estimate)
"""The module the heuristic runs on: the compiled twin of ``estimate`` when built."""

evaluate = ESTIMATE.evaluate
evaluate_all = ESTIMATE.evaluate_all
king_outlook = ESTIMATE.king_outlook

__all__ = ["ESTIMATE", "evaluate", "evaluate_all", "king_outlook"]
