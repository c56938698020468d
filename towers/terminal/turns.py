"""Where a seat's turn ends, for the terminal's confirm step and its undo: the browser's rule
(:func:`towers.core.knowledge.reveals` decides what shows hidden information).

An action may be taken back while its seat is still to move, no other seat's action or
chance outcome came after it, and it showed nobody anything hidden. The terminal asks before
an action after which that is no longer so, and before a pass. In Torres's master version
the last seat to place its first knight places the King next, and the King ends its turn:

>>> import towers
>>> state = towers.make("torres", players=2, variant="master").new_initial_state()
>>> state.apply_action(state.legal_actions()[0])  # chance: the master card
>>> while not state.action_to_string(state.legal_actions()[0]).startswith("first knight"):
...     state.apply_action(state.legal_actions()[0])  # the castles
>>> state.apply_action(state.legal_actions()[0])  # seat 0's first knight
>>> confirm_reason(state, state.legal_actions()[0], random.Random(0)) is None  # seat 1's
True
>>> state.apply_action(state.legal_actions()[0])
>>> confirm_reason(state, state.legal_actions()[0], random.Random(0))  # the King
'ends your turn'
"""

from __future__ import annotations

import random

from towers.core import knowledge
from towers.core.chance import derive_seed
from towers.core.game import CHANCE, State


def reveal_rng(seed: int, ply: int) -> random.Random:
    """The re-dealt worlds' generator for the action at ``ply``, as the server seeds it."""
    return random.Random(derive_seed(seed, "reveal", ply))


def confirm_reason(state: State, action: int, rng: random.Random) -> str | None:
    """Why the seat to move should confirm ``action`` first, in words ("ends your turn"), or
    None when it can be taken back like any other."""
    after = state.clone()
    after.apply_action(action)
    words = state.action_to_string(action).split()
    if after.is_terminal():
        return "ends the game"
    if words and words[0].lower() == "pass":
        return "passes"
    mover = after.current_player()
    if mover == CHANCE:
        return "cannot be taken back: chance moves next"
    if mover != state.current_player():
        return "ends your turn"
    if knowledge.reveals(state, action, rng):
        return "cannot be taken back: it shows hidden information"
    return None


def ends_turn(state: State, action: int, rng: random.Random) -> bool:
    """Whether ``action`` is the last its seat may take back (the browser marks such moves):
    another seat or chance moves next, the game ends, or it shows hidden information."""
    after = state.clone()
    after.apply_action(action)
    if after.is_terminal() or after.current_player() != state.current_player():
        return True
    return knowledge.reveals(state, action, rng)
