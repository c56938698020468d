# The compiled twin of rounds.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

cpdef long current_player(object state)
@cython.locals(g=object, top=object)
cpdef void apply(object state, long action)
@cython.locals(settlers=dict, top=object, settle=object)
cpdef void run(object state)
cpdef bint is_quiet(object state)
