# The compiled twin of beast_phase.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

@cython.locals(left=long, out=list)
cpdef list ways_on(object state, dict to_target, long here)
@cython.locals(b=long, target=long, start=long, steps=long, path=tuple, to_target=dict,
               options=list)
cpdef bint settle_path(object state, object top)
@cython.locals(at=long, dist=dict, scouts=list, beast_at=list, best=list, best_d=long,
               best_count=long, n=long, d=long, count=long, c=long, target=long)
cpdef void beast_target(object state, long b, bint chain)
