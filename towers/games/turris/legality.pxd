# The compiled twin of legality.py (see setup.py and towers.core.compiled): the module as it
# is written, compiled, the checks every turn asks typed; rules.py binds the twin when built.
cimport cython

@cython.locals(have=list, in_reserve=long, in_grave=long, t=long, n=long)
cpdef bint can_resolve(object state, long seat, object effects, long placing=*)
@cython.locals(g=object)
cpdef bint can_resolve_source(object state, long seat, long src, long placing=*)
@cython.locals(out=list, seat=long)
cpdef list legal_turn(object state, object top)
@cython.locals(top=object)
cpdef list legal_actions(object state)
