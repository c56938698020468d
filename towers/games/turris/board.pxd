# The compiled twin of board.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled, its queries typed (nodes, seats and counts are C longs) and called
# within the module as C functions; rules.py and the sections bind the twin when it is built.
cimport cython

from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

cpdef long beast_on(TurrisState state, long node)
cpdef long site_of(TurrisState state, long node)
@cython.locals(k=long)
cpdef bint is_open(TurrisState state, long node)
@cython.locals(site_at=list, spot_open=list, k=long)
cpdef list open_nodes(TurrisState state)
@cython.locals(g=TurrisGame, k=long)
cpdef bint is_scout_node(TurrisState state, long node)
@cython.locals(g=TurrisGame, site=long)
cpdef long reward_source(TurrisState state, long node)
@cython.locals(out=list, n=long, here=list)
cpdef list scout_nodes(TurrisState state, long seat)
@cython.locals(tables=dict, dist=dict, site_at=list, spot_open=list, key=long, bit=long, k=Py_ssize_t)
cpdef dict distances(TurrisState state, long start)
cpdef bint gives_reward(TurrisState state, long node)
@cython.locals(dist=dict, n=long, d=long)
cpdef list scout_moves(TurrisState state, long origin, long steps)
@cython.locals(at=list)
cpdef bint is_alone(TurrisState state, long beast, long node)
cpdef bint ends_beast_move(TurrisState state, long node)
