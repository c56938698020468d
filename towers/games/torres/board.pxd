# C types for the compiled twin of board.py (see that file and setup.py): masks of the 64
# squares are unsigned 64-bit integers, squares and heights C longs.
cimport cython

cdef unsigned long long ONE
cdef tuple ORTHO_NEIGHBORS

@cython.locals(
    cid=list, areas=list, todo=list, s=long, k=long, q=long, n=long, area=long
)
cpdef tuple label_castles(list heights)

@cython.locals(tallest=list, s=long, k=long, hs=long)
cpdef list castle_heights(list heights, list cid, long count)

@cython.locals(found=list, d=long, k=long, hd=long, c=long)
cpdef list door_exits(list heights, list cid, long count)

@cython.locals(masks=list, s=long, k=long)
cpdef list castle_masks(list cid, long count)

@cython.locals(out=cython.ulonglong, s=long, hs=long)
cpdef unsigned long long placement_mask(list heights, list cid, list areas)

@cython.locals(found=long, n=long, k=long)
cpdef bint next_to_one_castle(list cid, long s)

@cython.locals(top=long, bits=list, s=long, hs=long, level=cython.ulonglong, k=long, masks=list)
cpdef list level_masks(list heights)

@cython.locals(free=cython.ulonglong, s=long)
cpdef unsigned long long free_squares(list occupants)
