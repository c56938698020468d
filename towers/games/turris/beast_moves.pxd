# The compiled twin of beast_moves.py (see setup.py and towers.core.compiled): the module as
# it is written, compiled, the search of a Beast's move typed; rules.py binds the twin.
cimport cython

@cython.locals(open_nodes=list)
cpdef bint can_move_on(object state, long b, long here, long steps, long start)
@cython.locals(n=long, beast_at=list)
cpdef bint search_move(object state, list open_nodes, long b, long here, long steps, long start)
@cython.locals(out=list, flipped=list, open_nodes=list, b=long, at=long)
cpdef list movable_beasts(object state, long steps, bint crossroads)
