# C types for the compiled twin of bots.py (see that file and setup.py): the heuristic's
# counts are C longs and its VP C doubles; the arithmetic is that of the plain module, in the
# same order, so the twin gives the same floats (tests/games/tiletum/test_twins.py).
cimport cython

cdef double PROJECT_HELD, PROJECT_GATHERED, PROJECT_DONE, RESOURCE_EARLY, GOLD_SHARE
cdef double PLACE_SHARE, STEP_DECAY, REACH_FLOOR, PILLAR_PROJECT, ROOM, CREST_PLACED
cdef double CHARACTER_STORED, CREST_STORED, HELPER_SHARE, BONUS_AP_USE, LEADER
cdef double FAIR_NOW, FAIR_LATER, FAIR_ON_THE_WAY, AP_SHARE, AP_CAP, AP_FLOOR, AP_CHARACTER
cdef long NEXT_SPACE_STEPS
cdef long ARCHITECT, CHARACTER, CONTRACT, KING, MERCHANT, JOKER, GOLD, STONE, FAIR_KING
cdef long CAT_CHARACTER, CAT_CONTRACT, CAT_CREST, CAT_HELPER, FIG_MERCHANT, EMPTY
cdef list _NO_ITEMS
cdef dict _TABLES

@cython.locals(got=tuple)
cpdef object _tables(object d)

@cython.locals(
    left=list, revealed=long, key=tuple, track=tuple, top=long, start=long, n_left=long,
    drop=double, round_drop=double, p=double, total=double, i=long,
)
cpdef double _king_outlook(object state, long pos, object t, object d)

@cython.locals(seat=long, leader=long)
cpdef list evaluate_all(object state)

@cython.locals(
    vp=double, rounds_left=long, turns_left=long, mine=bint, taking=bint, acting=long,
    late=double, per_vp=double, rv=double, value=double, res=list, wild=long,
    houses_due=long, pillars_due=long, merchant_jumps=bint, architect_jumps=bint, paying=long,
    ap_items=list, h_exp=double, p_exp=double, h_steps=long, p_steps=long, p_target=long,
    p_first=double, pillar_gain=double, pos=long, king_now=double, rooms=list, crests=list,
    filled=long, crested=long, b=long, completed=long, count=long, bonus=long, n=long, top=long, king_step=double,
    h_gain=double, p_gain=double, offer=bint, act=long, ap=long, apv=list, best=double,
)
cpdef double _evaluate(object state, long seat, object t, object d, long leader)

@cython.locals(
    res=list, value=double, wild=long, houses_due=long, pillars_due=long,
    merchant_jumps=bint, architect_jumps=bint, paying=long, ap_items=list, bonus=list,
    shown=long, act=long, ap=long,
)
cpdef tuple _pending(object state, long seat, double vp, long turns_left, object d)

@cython.locals(
    house_towns=list, pillar_sites=list, h_supply=long, p_supply=long, h_steps=long,
    houses=list, s=long, town=long, p_steps=long, p_target=long, pillars=list, c=long,
    h_exp=double, p_exp=double, p_first=double, p_next=double, reach=tuple,
)
cpdef tuple _placing(
    object state, long seat, object t, long houses_due, long pillars_due,
    bint merchant_jumps, bint architect_jumps, long acting,
)

@cython.locals(
    k_cat=tuple, projects=list, slot=long, space_vp=tuple, space_pillar=tuple, rooms=list,
    crests=list, k=long, cat=long, v=double, fixed=double, n_res=double, n_gold=double,
    cathedral_left=list, cost=long, tile=long, stone=long, taken=list, c=long, left=long,
    hurry=double, need=long, pay=tuple, same=long, got=long, r=long, want=long, have=long,
    take=long, fill=long, total=long, n=long,
)
cpdef double _projects(
    object state, long seat, object t, object d, list res, long wild, long paying,
    long p_target, double p_first, double pillar_gain, double value, long turns_left,
    double late, double rv,
)

@cython.locals(
    house_towns=list, merchant=long, now=long, fair_tiles=list, fair_towns=list, r=long,
    tile=long, town=long, share=double, cond=long, each=long,
)
cpdef double _fairs(
    object state, long seat, object t, object d, double value, long rounds_left, long acting,
)

cpdef double _density(tuple project)

@cython.locals(
    store=list, room=bint, out=list, best=double, k_cat=tuple, slot=long, k=long,
    costs=tuple, space=long, i=long, need=long, got=long, r=long, want=long, have=long,
    same=long, pay=tuple, spare=long, share=double, per=double,
)
cpdef list _ap_values(
    object state, long seat, object t, object d, double king_step, list leftover, double rv,
    double h_gain, double p_gain, bint offer,
)
