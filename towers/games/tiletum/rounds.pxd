# The compiled twin of rounds.py (see that file and setup.py): the flow run after every
# action and the steps nobody decides, compiled as they are written.
cimport cython

cdef frozenset NEVER_SETTLED

@cython.locals(events=list, stack=object, event=object, top=object)
cpdef run(object state)

@cython.locals(g=object, d=object, step=long)
cpdef next_step(object state)

cpdef end_turn(object state)
