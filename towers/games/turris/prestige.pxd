# The compiled twin of prestige.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled, the state typed; rules.py binds the twin's functions when it is built.
cimport cython

from towers.games.turris.rounds_c cimport TurrisState

# the rest of the module's functions, the state typed
cpdef object score(TurrisState state, object seat, object points)
cpdef object change_excavation_sites(TurrisState state)
