# The compiled twin of draws.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

from towers.games.turris.board_c cimport beast_on
from towers.games.turris.rounds_c cimport TurrisState

@cython.locals(counts=list, total=long, n=long, k=Py_ssize_t, out=list)
cpdef list deck_outcomes(object deck, long base)
@cython.locals(event=object)
cpdef long sample_chance(TurrisState state, double r)
@cython.locals(acc=double, action=long, p=double)
cpdef long walk(list outcomes, double r)
@cython.locals(counts=list, total=long, n=long, k=Py_ssize_t, acc=double, last=long)
cpdef long deck_pick(object deck, long base, double r)

# the rest of the module's functions, the state typed
cpdef object chance_outcomes(TurrisState state)
cpdef object apply_chance(TurrisState state, object value)
