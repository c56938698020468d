# The compiled twin of player_turn.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.

cimport cython

from towers.games.turris.interned_c cimport (
    DiscardDown as DiscardDownFrame,
    EndTurn as EndTurnFrame,
)
from towers.games.turris.effects_c cimport trigger
from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

# the rest of the module's functions, the state typed
cpdef object start_turn(TurrisState state)
@cython.locals(g=TurrisGame)
cpdef object end_turn_stage(TurrisState state, object seat, object stage)
cpdef object settle_end_turn(TurrisState state, EndTurnFrame top)
cpdef object settle_discard_down(TurrisState state, DiscardDownFrame top)
cpdef object decide_discard_down(TurrisState state, DiscardDownFrame top, object value)
