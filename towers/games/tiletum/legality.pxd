# The compiled twin of legality.py (see that file and setup.py): the fast generator of the
# legal actions, its counts as C longs, compiled as it is written.
cimport cython

@cython.locals(seat=long, out=list, v=long, c=long, row=list, steps=tuple, gold=long, cost=long, w=long)
cpdef list legal_actions(object state)

@cython.locals(action=long, ap=long, i=long, k=long, r=long, give=long, base=long, n_rooms=long)
cpdef _gen_frame(object state, long seat, object top, list out)

@cython.locals(res=list, store=list, k=long, cat=long, pay=tuple, same=long, crests=list, food=long, base=long, s=long, pillars=list, taken=list, left=list, stone=long, c=long)
cpdef _gen_tasks(object state, long seat, list out)

@cython.locals(store=list, cat=long, crest=long, k=long, stored=long)
cpdef bint can_store(object state, long seat, long kind)

cpdef bint can_house(object state, long seat, long town)

cpdef bint can_pillar(object state, long seat, long cathedral)

@cython.locals(rooms=list, mask=long, f=long, i=long)
cpdef long building_mask(object state, long seat, long b)

@cython.locals(rooms=list, held=long, i=long, k=long, r=long, rb=tuple, illustration=tuple, mine=long)
cpdef list character_rooms(object state, long seat, long kind)

cpdef _gen_moves(object state, long seat, long figure, list out)

@cython.locals(base=long, k=long, owner=long)
cpdef _gen_house_spaces(object state, long town, list out)

@cython.locals(town=long, c=long)
cpdef _gen_place_here(object state, long seat, long figure, list out)

@cython.locals(base=long, k=long, tile=long)
cpdef _gen_map_tiles(object state, long seat, long town, list out)
