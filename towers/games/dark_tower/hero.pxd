# The compiled twin of hero.py (see setup.py): the move value asked after every action, its
# sums in C longs over the tables of each companion's, quest item's and corruption's move.
cimport cython

cdef dict _BOARD_MOVE
cdef tuple _COMPANION_MOVE
cdef tuple _QUEST_ITEM_MOVE
cdef tuple _CORRUPTION_MOVE
cdef bint _TREASURE_MOVE

@cython.locals(kept=tuple, move=cython.long, bits=cython.long, i=cython.long, c=cython.long,
               q=cython.long, treasures=list)
cpdef long move_value(object state, long seat)
