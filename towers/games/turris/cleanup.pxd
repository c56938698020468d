# The compiled twin of cleanup.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled, the state typed; rules.py binds the twin's functions when it is built.
cimport cython

from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

# the rest of the module's functions, the state typed
@cython.locals(g=TurrisGame)
cpdef object end_round(TurrisState state)
