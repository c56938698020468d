# The compiled twin of draws.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

@cython.locals(counts=list, total=long, n=long, k=Py_ssize_t, out=list)
cpdef list deck_outcomes(object deck, long base)
