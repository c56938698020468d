# The compiled twin of beast_moves.py (see setup.py and towers.core.compiled): the module as
# it is written, compiled, the search of a Beast's move typed over bits by node (C longs);
# rules.py binds the twin.
cimport cython

cpdef bint can_move_on(object state, long b, long here, long steps, long start)
@cython.locals(out=list, flipped=list, beast_at=list, scouts=list, b=long, at=long,
               open_mask=long, betrayer_mask=long, other_mask=long)
cpdef list movable_beasts(object state, long steps, bint crossroads)
@cython.locals(site_at=list, spot_open=list, bits=long, n=long, k=long)
cdef long open_bits(object state)
@cython.locals(bits=long, n=long)
cdef long betrayer_bits(object state)
@cython.locals(count=long)
cdef bint has_scout(list here)
@cython.locals(bits=long, k=long, at=long)
cdef long other_bits(list beast_at, long b)
@cython.locals(bit=long, n=long)
cdef bint reach(tuple adjacent, list scouts, long betrayer_mask, long open_mask,
                long other_mask, long here, long steps, long start)
