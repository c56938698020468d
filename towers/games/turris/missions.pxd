# The compiled twin of missions.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

@cython.locals(out=list, m=long)
cpdef list completable(object state, long seat)
