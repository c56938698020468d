# C types for the compiled twin of batch.py (see that file, setup.py and
# towers/core/compiled.py): a game's ints are a slice of a C array of 64-bit ints; offsets,
# counts and indices are C longs; the tables the write and the read walk are Python tuples.
cimport cython

cdef long SEATS, N_NODES, N_BEASTS, N_SPOTS, N_TABLEAU, N_TRIONFI, N_TACTICS, N_MISSIONS
cdef long N_SITES, N_TOKENS, THRESHOLDS_ROOM, ONCE_ROOM, STACK_ROOM, CHANCE_ROOM
cdef long F_INT, F_FLAG, F_WORD, FW
cdef long K_TURN, K_COUNCIL_RETURN, K_TACTICS_DRAW, K_MISSION_DRAW, K_TRIONFI_DRAW
cdef long K_SITE_DRAW, K_BEAST_TURN, K_END_TURN
cdef tuple KINDS, FIELDS, FIELD_CODES, IS_DECIDED, HAS_SETTLE, PHASES
cdef tuple SCALARS, FLAGS, SEAT_INTS, FIXED_INTS, FIXED_FLAGS, SEAT_LISTS, LISTS, DECKS
cdef dict KIND_OF, AT, WORD_ID
cdef list WORDS
cdef long W, LENGTH, DEC, STALE, PHASE, ROUND, GAME_OVER, EXCAVATION_DUE, COUNCIL
cdef long RESOURCES, SCOUTS, HANDS, MISSIONS, TRIONFI_TABLEAU, SITE_AT, ONCE_USED
cdef long TACTICS_DECK, MISSION_DECK, TRIONFI_DECK, SITE_DECK, CHANCE, STACK, HAND_W
cdef long A_ACCEPT, A_PASS, A_DRAW_TACTICS, A_DRAW_MISSION, A_DRAW_TRIONFI, A_DRAW_SITE
cdef long LEGAL_ROOM
cdef dict _SECTIONS
cdef object RULES_APPLY, RULES_RUN, SAMPLE_CHANCE


cdef class TurrisBatch:
    cdef public object game, tensor, start
    cdef public long size, players
    cdef public long long[:] S, L
    cdef public list rngs, draws, choosers, live


@cython.locals(found=object)
cpdef long word_id(object value) except -1

# ---- playing
@cython.locals(S="long long[:]", start="long long[:]", g=long, b=long, i=long)
cdef void _copy_start(TurrisBatch e) except *

@cython.locals(b=long)
cdef bint _over(TurrisBatch e, long g) except? 0

@cython.locals(S="long long[:]", b=long)
cdef long _current(TurrisBatch e, long g) except? -9

@cython.locals(n=long, i=long)
cdef list _legal(TurrisBatch e, long g)

cdef list _legal_on(object state)

@cython.locals(S="long long[:]", b=long)
cdef void _apply(TurrisBatch e, long g, long action) except *

@cython.locals(player=long, pick=long, legal=list, n=long, L="long long[:]")
cdef void _play_out(TurrisBatch e, long g, long decisions, long until) except *

@cython.locals(S="long long[:]", b=long, r=double)
cdef void _resolve(TurrisBatch e, long g) except *

@cython.locals(n=long)
cdef void _resolve_on(TurrisBatch e, long g, object state) except *

cdef object _state_live(TurrisBatch e, long g)

cdef void _sync(TurrisBatch e, long g) except *

@cython.locals(S="long long[:]", b=long, depth=long, kind=long)
cdef bint _settle(TurrisBatch e, long g) except? 0

# ---- the rules over the arrays
@cython.locals(b=long)
cdef long _top(TurrisBatch e, long g) noexcept

@cython.locals(S="long long[:]", L="long long[:]", b=long, top=long, kind=long)
cdef long _fast_legal(TurrisBatch e, long g) except? -9

@cython.locals(S="long long[:]", b=long, top=long, kind=long)
cdef bint _fast_apply(TurrisBatch e, long g, long action) except? 0

@cython.locals(S="long long[:]", b=long, q=long, kind=long, card=long)
cdef bint _fast_chance(TurrisBatch e, long g, double r) except? 0

@cython.locals(S="long long[:]", counts=long, bottom=long, total=long, acc=double, last=long, k=long, n=long)
cdef long _deck_pick(TurrisBatch e, long d, long kinds, double r) noexcept

@cython.locals(S="long long[:]", q=long, n=long, i=long)
cdef void _chance_pop(TurrisBatch e, long g) noexcept

cdef void _list_append(TurrisBatch e, long at, long v) noexcept

# ---- a one-game state written into a game's slice, and read back
@cython.locals(S="long long[:]", b=long, n=long, at=long, p=long, k=long, i=long, size=long, total=long, stale=long)
cdef void _write(TurrisBatch e, long g, object state) except *

@cython.locals(k=long)
cdef void _put_list(long long[:] S, long at, object items, long room) except *

@cython.locals(j=long, kind=long, r=long, f=long, code=long, names=tuple, codes=tuple)
cdef void _put_frames(long long[:] S, long at, object frames, long room) except *

@cython.locals(S="long long[:]", b=long, n=long, at=long, size=long)
cdef object _read(TurrisBatch e, long g)

@cython.locals(k=long)
cdef list _get_list(long long[:] S, long at)

@cython.locals(out=list, j=long, r=long, kind=long, codes=tuple, values=list, f=long, v="long long", code=long)
cdef list _get_frames(long long[:] S, long at)
