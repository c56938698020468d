# The compiled twin of legality.py (see that file's last section and setup.py): the legal
# actions made directly, with the seats, spaces and counts they read typed as C integers and
# the tables of spaces, quests and buildings as C globals.
cimport cython

cdef tuple MOVES
cdef frozenset CANCEL
cdef tuple NO_ADVANTAGES
cdef tuple BORDERS_TOWER
cdef tuple QUEST_AT
cdef tuple BUILDING_TYPE
cdef long MAX_ADVANTAGES
cdef frozenset SCROLL_SET

@cython.locals(at=cython.long, b=cython.long, slot=cython.long)
cpdef object _potion(object state, long seat, long p, bint battle)

@cython.locals(seat=cython.long, out=list, held=list)
cpdef list fast_start_turn(object state, object top)

@cython.locals(seat=cython.long, where=list, at=cython.long, out=list, spirit=cython.long,
               b=cython.long, haggle=cython.long, held=list, eliminated=list,
               refused=cython.long, other=cython.long)
cpdef list fast_turn(object state, object top)

@cython.locals(foes=list, f=cython.long, monthly=list, k=cython.long, q=cython.long,
               tests=list, kind=cython.long, step=cython.long)
cpdef _fast_heroic(object state, long seat, long at, long b, list out)

@cython.locals(skulls=list)
cpdef list fast_place_skull(object state, object top)

@cython.locals(out=list)
cpdef list fast_battling(object state, object top)

@cython.locals(out=list, cleared=cython.long, r=cython.long)
cpdef list fast_exploring(object state, object top)

@cython.locals(held=list, p=cython.long, g=cython.long, kinds=tuple, t=object)
cpdef _fast_items(object state, long seat, tuple types, list out)
