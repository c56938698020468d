# C types for the compiled twin of movegen.py (see that file and setup.py): masks of the 64
# squares are unsigned 64-bit integers, squares and heights C longs.
cimport cython

cdef extern from *:
    int __builtin_ctzll(unsigned long long)

cdef bint COMPILED
cdef tuple STEP_MOVES
cdef tuple NUMBERS
cdef tuple BIT
cdef tuple ORTHO_DIR
cdef tuple ORTHO_DIR2
cdef tuple DIAG_DIR
cdef tuple NEIGHBOR_MASK
cdef tuple ORTHO_NEIGHBORS
cdef unsigned long long ALL_SQUARES
cdef long SQ
cdef dict _LAST

@cython.locals(out=list, low=cython.ulonglong)
cpdef list squares_of(unsigned long long mask, long base=*)

@cython.locals(low=cython.ulonglong)
cpdef add_squares(list out, long base, unsigned long long mask, object key=*)

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
    acq=list, cards=bint, moves=list, mine=list,
)
cpdef list turn_actions(object state)

@cython.locals(c=long)
cdef bint has_any(list counts)

@cython.locals(h=list, hs=long, k=long, c=long, n=long, bit=cython.ulonglong, was=cython.ulonglong)
cpdef add_block(object state, long s)

@cython.locals(n=long, m=long, k=long, found=long)
cpdef unsigned long long ground_places(list h, list cid, long s, unsigned long long places)

@cython.locals(hs=long, hc=long, c=long, taller=bint)
cpdef unsigned long long exits_near(list h, long s, unsigned long long exits)

@cython.locals(
    out=list, mine=list, h=list, occ=list, cid=list, areas=list, sources=list, a=long,
    ha=long, b=long, d=long, m=long, k=long, top=long, fits=bint, jump=bint, diagonal=bint,
    over=bint, free=cython.ulonglong, places=cython.ulonglong, up1=cython.ulonglong,
    up2=cython.ulonglong,
)
cpdef list card_moves(object state, long p, list hand, list acq, list stacks)

@cython.locals(
    out=list, mine=list, h=list, a=long, k=long, free=cython.ulonglong,
    reach=cython.ulonglong, lower=cython.ulonglong,
)
cpdef list late_card_moves(object state, long p, list hand, list acq)

@cython.locals(
    h=list, cid=list, occ=list, areas=list, cmask=list, out=list, count=long, minimum=long,
    a=long, b=long, n=long, k=long, area=long, left=long, lonely=bint,
    places=cython.ulonglong, free=cython.ulonglong, alone=cython.ulonglong,
    kept=cython.ulonglong, bit=cython.ulonglong, near=cython.ulonglong,
    targets=cython.ulonglong, squares=cython.ulonglong, shorter=cython.ulonglong,
)
cpdef list block_move_masks(object state)

@cython.locals(rest=cython.ulonglong, seen=cython.ulonglong, bit=cython.ulonglong, start=long, q=long, n=long, todo=list)
cpdef bint connected_without(unsigned long long squares, long a)

@cython.locals(step=long)
cpdef object current_player(object state)

@cython.locals(legal=list, step=long)
cpdef list kept_legal(object state)

cpdef list legal_actions(object state)

@cython.locals(legal=list, lo=Py_ssize_t, hi=Py_ssize_t, mid=Py_ssize_t, a=long, x=long)
cpdef bint is_legal(object state, object action)

cpdef apply_action(object state, object action)

cpdef apply_trusted(object state, long action)

@cython.locals(p=long, i=long, a=long, b=long, occ=list, mine=list)
cpdef bint apply_common(object state, long action)
