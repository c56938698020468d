# The compiled twin of draws.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin when it is built (nearly every action runs it).
cimport cython

@cython.locals(counts=list, total=cython.long, n=cython.long, k=cython.long)
cpdef list _deck_outcomes(object deck, long base)

@cython.locals(acc=cython.double, p=cython.double, action=cython.long)
cpdef long _pick(list outcomes, double r)

@cython.locals(counts=list, total=cython.long, n=cython.long, k=cython.long, last=cython.long,
               acc=cython.double)
cpdef long _deck_pick(object deck, long base, double r)
