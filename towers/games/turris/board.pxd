# The compiled twin of board.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled, its queries typed (nodes, seats and counts are C longs) and called
# within the module as C functions; rules.py and the sections bind the twin when it is built.
cimport cython

cpdef long beast_on(object state, long node)
cpdef long site_of(object state, long node)
@cython.locals(k=long)
cpdef bint is_open(object state, long node)
@cython.locals(site_at=list, spot_open=list, k=long)
cpdef list open_nodes(object state)
@cython.locals(k=long)
cpdef bint is_scout_node(object state, long node)
@cython.locals(site=long)
cpdef long reward_source(object state, long node)
@cython.locals(out=list, n=long, here=list)
cpdef list scout_nodes(object state, long seat)
@cython.locals(tables=dict, dist=dict, site_at=list, spot_open=list, key=long, bit=long, k=Py_ssize_t)
cpdef dict distances(object state, long start)
cpdef bint gives_reward(object state, long node)
@cython.locals(dist=dict, n=long, d=long)
cpdef list scout_moves(object state, long origin, long steps)
@cython.locals(at=list)
cpdef bint is_alone(object state, long beast, long node)
cpdef bint ends_beast_move(object state, long node)
