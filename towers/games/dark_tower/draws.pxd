# The compiled twin of draws.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin when it is built (nearly every action runs it).
cimport cython

@cython.locals(counts=list, total=cython.long, n=cython.long, k=cython.long)
cpdef list _deck_outcomes(object deck, long base)
