"""The helpers the sections of Turris call one another through: the Main Board's queries
(:mod:`~towers.games.turris.board`), paying and gaining
(:mod:`~towers.games.turris.resources`) and the frames made once
(:mod:`~towers.games.turris.interned`), each the compiled twin's function when the twin is
built, else the plain module's (:func:`towers.core.compiled.twin`). Bound here once, so every
section imports the same names."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.compiled import twin
from towers.games.turris import board as _board
from towers.games.turris import interned as _interned
from towers.games.turris import resources as _resources
from towers.games.turris.data import Bundle, Effect

_BOARD = twin(_board)
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

# the twin reads a Bundle and an Effect as C fields: only while they are laid out as it expects
_RESOURCES = (
    twin(_resources)
    if _resources.laid_out(Bundle, _resources.BUNDLE_SLOTS)
    and _resources.laid_out(Effect, _resources.EFFECT_SLOTS)
    else _resources
)
can_pay = _RESOURCES.can_pay
gain = _RESOURCES.gain
ichor = _RESOURCES.ichor
pay = _RESOURCES.pay
pay_tokens = _RESOURCES.pay_tokens
spend = _RESOURCES.spend
steal_options = _RESOURCES.steal_options

_INTERNED = twin(_interned)
if TYPE_CHECKING:
    from towers.games.turris.interned import made as made
else:
    made = _INTERNED.made
