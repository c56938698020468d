"""The helpers the sections of Turris call one another through: the Main Board's queries
(:mod:`~towers.games.turris.board`), paying and gaining
(:mod:`~towers.games.turris.resources`) and the frames made once
(:mod:`~towers.games.turris.interned`), each the compiled twin's function when the twin is
built, else the plain module's (:func:`towers.core.compiled.twin`). Bound here, so every
section imports the same names: the plain modules' first, the twins' once ``rules.py`` has
the State's class (:func:`use_twins`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.compiled import twin
from towers.games.turris import board as _board
from towers.games.turris import interned as _interned
from towers.games.turris import resources as _resources

_BOARD = _board
beast_left = _BOARD.beast_left
beast_on = _BOARD.beast_on
distances = _BOARD.distances
ends_beast_move = _BOARD.ends_beast_move
fruit_nodes = _BOARD.fruit_nodes
gives_reward = _BOARD.gives_reward
is_alone = _BOARD.is_alone
is_immediate = _BOARD.is_immediate
is_open = _BOARD.is_open
is_scout_node = _BOARD.is_scout_node
movable_scouts = _BOARD.movable_scouts
move_scout = _BOARD.move_scout
open_nodes = _BOARD.open_nodes
reward_source = _BOARD.reward_source
scout_limit = _BOARD.scout_limit
scout_moves = _BOARD.scout_moves
scout_nodes = _BOARD.scout_nodes

_RESOURCES = _resources
can_pay = _RESOURCES.can_pay
gain = _RESOURCES.gain
ichor = _RESOURCES.ichor
pay = _RESOURCES.pay
pay_tokens = _RESOURCES.pay_tokens
spend = _RESOURCES.spend
steal_options = _RESOURCES.steal_options


def use_twins() -> None:
    """Bind the compiled twins of ``board`` and ``resources`` in place of the plain modules:
    they read a TurrisState, a Bundle and an Effect as C fields, so ``rules.py`` calls this
    once the State's class exists and each class is laid out as they expect, before the
    sections' own twins (which import these names) are found."""
    global _BOARD, _RESOURCES
    _BOARD, _RESOURCES = twin(_board), twin(_resources)
    names = globals()
    for module, bound in ((_BOARD, _BOARD_NAMES), (_RESOURCES, _RESOURCES_NAMES)):
        for name in bound:
            names[name] = getattr(module, name)


_BOARD_NAMES = (
    "beast_left",
    "beast_on",
    "distances",
    "ends_beast_move",
    "fruit_nodes",
    "gives_reward",
    "is_alone",
    "is_immediate",
    "is_open",
    "is_scout_node",
    "movable_scouts",
    "move_scout",
    "open_nodes",
    "reward_source",
    "scout_limit",
    "scout_moves",
    "scout_nodes",
)
_RESOURCES_NAMES = ("can_pay", "gain", "ichor", "pay", "pay_tokens", "spend", "steal_options")
"""The names bound here from each module."""

_INTERNED = twin(_interned)
if TYPE_CHECKING:
    from towers.games.turris.interned import made as made
else:
    made = _INTERNED.made
