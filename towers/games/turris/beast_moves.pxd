# The compiled twin of beast_moves.py (see setup.py and towers.core.compiled): the module as
# it is written, compiled, the search of a Beast's move typed; rules.py binds the twin.
cimport cython

@cython.locals(n=long)
cpdef bint can_move_on(object state, long b, long here, long steps, long start)
