# The compiled twin of trionfi.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled, the state typed; rules.py binds the twin's functions when it is built.
cimport cython

from towers.games.turris.interned_c cimport (
    TrionfiChoice as TrionfiChoiceFrame,
)
from towers.games.turris.effects_c cimport trigger
from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

# the rest of the module's functions, the state typed
cpdef object may_build(TurrisState state, object seat)
@cython.locals(g=TurrisGame)
cpdef object take_trionfi(TurrisState state, object seat, object t, object prestige)
cpdef object room_built(TurrisState state, object seat, object prestige)
cpdef object decide_trionfi_choice(TurrisState state, TrionfiChoiceFrame top, object value)
