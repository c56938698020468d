# C types for the compiled twin of movegen.py (see that file and setup.py): masks of the 64
# squares are unsigned 64-bit integers, squares and heights C longs.
cimport cython

cdef extern from *:
    int __builtin_ctzll(unsigned long long)

cdef bint COMPILED
cdef tuple STEP_MOVES
cdef tuple NUMBERS
cdef tuple BIT
cdef unsigned long long ALL_SQUARES
cdef dict _LAST

@cython.locals(out=list, low=cython.ulonglong)
cpdef list squares_of(unsigned long long mask, long base=*)

@cython.locals(last=tuple, found=list, diff=object, low=object, a=long)
cpdef list actions_of(long base, unsigned long long mask, object key=*)

@cython.locals(
    out=list, beside=cython.ulonglong, a=long, ha=long, b=long, near=cython.ulonglong,
    lower=cython.ulonglong, level=cython.ulonglong, step=cython.ulonglong,
    reach=cython.ulonglong, exits=cython.ulonglong, up=cython.ulonglong, door=cython.ulonglong,
)
cpdef tuple knight_pass(
    list h, list cid, list levels, list doors, unsigned long long free, list mine,
    bint climb, long offset,
)

@cython.locals(
    p=long, ap=long, active=long, stacks=list, out=list, shortest=long, hgt=long, hand=list,
    acq=list, cards=bint, moves=list, mine=list, deck=list,
)
cpdef list turn_actions(object state)

@cython.locals(h=list, hs=long, k=long, c=long, n=long, bit=cython.ulonglong, was=cython.ulonglong)
cpdef add_block(object state, long s)

@cython.locals(n=long)
cpdef unsigned long long ground_places(list h, list cid, long s, unsigned long long places)

@cython.locals(hs=long, hc=long, c=long, taller=bint)
cpdef unsigned long long exits_near(list h, long s, unsigned long long exits)
