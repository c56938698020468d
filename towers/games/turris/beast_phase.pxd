# The compiled twin of beast_phase.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

@cython.locals(left=long, out=list)
cpdef list ways_on(object state, dict to_target, long here)
@cython.locals(b=long, target=long, start=long, steps=long, path=tuple, to_target=dict,
               options=list)
cpdef bint settle_path(object state, object top)
