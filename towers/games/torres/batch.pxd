# C types for the compiled twin of batch.py (see that file, setup.py and
# towers/core/compiled.py): a game's ints are a slice of a C int array, its masks of the 64
# squares a slice of unsigned 64-bit ints, squares and counts C longs.
cimport cython

cdef extern from *:
    """
    /* The popcount instruction and SSE4.1's for the functions of this twin on x86-64,
       where the C compiler may not assume them (x86-64-v2 has both; the twin refuses to load
       on a processor without them, so plain Python serves there). */
    #if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !(defined(__POPCNT__) && defined(__SSE4_1__))
    #pragma GCC target("popcnt,sse4.1")
    #define TOWERS_POPCNT_ASKED 1
    #endif
    static int towers_has_popcount(void) {
    #ifdef TOWERS_POPCNT_ASKED
        __builtin_cpu_init();
        return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("sse4.1");
    #else
        return 1;
    #endif
    }
    """
    int __builtin_ctzll(unsigned long long)
    int __builtin_popcountll(unsigned long long)
    int towers_has_popcount()

cdef bint COMPILED
# The capitals of batch.py that are ints: C constants here, the same numbers (a test
# compares them with the plain module's), which the C compiler folds into addresses.
cdef enum:
    SQ = 64
    MAXC = 32
    SEATS = 4
    KNIGHTS = 6
    CARDS = 10
    DECK_CARDS = 40
    LEVELS_KEPT = 66
    H = 0
    OCC = 64
    CID = 128
    AREA = 192
    CH = 224
    NCAS = 256
    KN = 257
    NK = 281
    SCORE = 285
    STK = 289
    NSTK = 305
    HAND = 309
    PLAYED = 349
    ACQ = 389
    DRAWN = 399
    NDRAWN = 403
    SUPPLY = 404
    MASTER = 405
    KINGSQ = 406
    PHASE = 407
    ROUND = 408
    START = 409
    TURN = 410
    TAKEN = 411
    STEP = 412
    DECIDER = 413
    PLACED = 414
    AP = 415
    BLOCKS = 416
    INUSE = 417
    LEFTOVER = 418
    CPLAYED = 419
    ACQS = 420
    TODRAW = 421
    DIRTY = 422
    LENGTH = 423
    DEC = 424
    HELD = 428
    DECK = 432
    D_TOP = 11
    D_BOT = 52
    DW = 92
    W = 800
    RUNS = 160
    MTW = 625
    FREE = 0
    PLACES = 1
    LEVELS = 2
    DOORS = 68
    CMASK = 100
    MINE = 132
    REACH = 136
    KNOWN = 200
    MW = 201
    M_DIFFERENT_LEVELS = 0
    M_SAME_LEVEL = 1
    M_IN_A_ROW = 2
    M_SQUARE = 3
    M_BORDER = 4
    M_CASTLE_COUNT = 5
    M_DIAGONALS = 6
    M_NEIGHBORS = 7
    END_TURN = 0
    ADVANCE = 1
    KING_STAY = 2
    ACQUIRE = 3
    RETURN_REST = 4
    TAKE_STACK = 5
    REDISTRIBUTE = 8
    PLAY_SIX = 10
    PLAY_SEVEN = 11
    KEEP = 12
    RETURN_TOP = 22
    RETURN_BOTTOM = 32
    DRAW = 42
    MASTER_CARD = 52
    SETUP_CASTLE = 60
    MASTER_KINDS = 8
    SETUP_KNIGHT = 124
    PLACE_KING = 188
    ADD_KNIGHT = 252
    PLACE_BLOCK = 316
    EXTRA_BLOCK = 380
    BLOCK_UNDER = 444
    JUMP_UP = 700
    DIAGONAL = 956
    JUMP_OVER = 1212
    MOVE = 1468
    DOOR_CLIMB = 5564
    RELOCATE = 9660
    MOVE_BLOCK = 13756
    NUM_ACTIONS = 17852
    C_JUMP_UP = 0
    C_BLOCK_UNDER = 1
    C_EXTRA_BLOCK = 2
    C_DOOR_CLIMB = 3
    C_DIAGONAL = 4
    C_SIX = 5
    C_SEVEN = 6
    C_MOVE_BLOCK = 7
    C_RELOCATE = 8
    C_JUMP_OVER = 9
    KING = 8
    S_DRAW = 5
    S_MASTER_DRAW = 0
    S_SETUP_CASTLE = 1
    S_KEEP = 6
    S_KING_MOVE = 10
    S_OVER = 11
    S_REDISTRIBUTE = 9
    S_RETURN = 7
    S_SETUP_KING = 3
    S_SETUP_KNIGHT = 2
    S_TAKE_STACK = 8
    S_TURN = 4
# MT19937's constants, as C constants (the numbers of batch.py, which a test compares)
cdef extern from *:
    """
    #define TOWERS_MASK32 0xFFFFFFFFULL
    #define TOWERS_UPPER 0x80000000U
    #define TOWERS_LOWER 0x7FFFFFFFU
    #define TOWERS_MATRIX_A 0x9908B0DFU
    #define TOWERS_TEMPER_B 0x9D2C5680U
    #define TOWERS_TEMPER_C 0xEFC60000U
    """
    const unsigned long long MASK32 "TOWERS_MASK32"
    const unsigned int UPPER "TOWERS_UPPER"
    const unsigned int LOWER "TOWERS_LOWER"
    const unsigned int MATRIX_A "TOWERS_MATRIX_A"
    const unsigned int TEMPER_B "TOWERS_TEMPER_B"
    const unsigned int TEMPER_C "TOWERS_TEMPER_C"
cdef unsigned long long ALL, BORDER, MAIN_DIAGONALS, PAIRS, NIBBLES, BYTES, ONE_A_BYTE, BRUIJN
cdef long BRUIJN_INDEX[64]
cdef tuple SCALARS
cdef tuple NUMBERS
cdef long LAST_STAMP
cdef unsigned long long BIT[64]
cdef unsigned int MT_START[624]
cdef unsigned int QUAD[2496]
cdef unsigned int MT_START4[2496]
cdef int RUN_BASE[160]
cdef unsigned long long RUN_MASK[160]
cdef int RUN_END[160]
cdef long NRUNS
cdef unsigned long long NEAR[64]
cdef long ODIR[256]
cdef long ODIR2[256]
cdef long DDIR[256]
cdef long NB[256]
cdef long NNB[64]


cdef class TorresBatch:
    cdef public object game
    cdef public long size, players
    cdef long common, decks, max_acq, action_points, cost_add, knights_max, acquire_draw
    cdef long min_castles, phases, master, min_distance
    cdef int[::1] master_kind, master_points, master_most, master_castles
    cdef int[::1] rounds, card_stacks, card_count, king_bonus
    cdef int[::1] S, L, T, start
    cdef unsigned long long[::1] M, start_masks
    cdef unsigned int[::1] MT
    cdef public list draws, choosers
    cdef public long tensor_size
    cdef double[::1] O
    cdef long nlegal, stamp

cdef inline long lowest(unsigned long long m) noexcept

@cython.locals(m=cython.ulonglong)
cdef inline long ones(unsigned long long m) noexcept

@cython.locals(
    b=long, ncas=long, p=long, k=long, d=long, s=long, at=long, free=cython.ulonglong,
    mine=cython.ulonglong,
)
cpdef void from_fields(TorresBatch e, long g, dict fields)

@cython.locals(b=long, i=long)
cdef void start_game(TorresBatch e, long g) noexcept

@cython.locals(b=long, r=double)
cdef void resolve(TorresBatch e, long g) except *

@cython.locals(i=long)
cdef void put(int[::1] S, long at, object values, long count)

@cython.locals(i=long)
cdef list seq(int[::1] S, long at, long count)

@cython.locals(b=long, n=long, k=long, d=long, ncas=long, decks=list, top=list, bottom=list)
cpdef dict to_fields(TorresBatch e, long g)

@cython.locals(b=long, step=long, count=long, i=long, seat=long, r=double, a=long)
cpdef long play_out(TorresBatch e, long g, long decisions, long until) except? -9

@cython.locals(
    b=long, n=long, i=long, s=long, k=long, at=long, r=long, p=long, phase=long, mover=long,
    hgt=long, inuse=long, held=long, c=long, d=long, cards=long,
)
cpdef void write_observation(TorresBatch e, long g, long seat) noexcept

@cython.locals(
    b=long, phase=long, later=double, king=long, king_castle=long, k=long, position=long,
    bonus=long, at=long, count=long, i=long, s=long, hs=long, value=double,
)
cpdef double seat_value(TorresBatch e, long g, long seat) noexcept

@cython.locals(
    at=long, i=long, j=long, count=long, prev=cython.uint,
    words=cython.ulonglong[::1],
)
cpdef void seed_generator(TorresBatch e, long g, list key)

@cython.locals(at=long, i=long, prev=cython.uint)
cpdef void seed_word(TorresBatch e, long g, unsigned long long word) noexcept

@cython.locals(
    w0=cython.uint, w1=cython.uint, w2=cython.uint, w3=cython.uint, p0=cython.uint,
    p1=cython.uint, p2=cython.uint, p3=cython.uint, i=cython.uint, k=long,
    g=long, at=long, mt=cython.uint[::1],
)
cpdef void seed_four(TorresBatch e, list gs, list words)

@cython.locals(at=long, k=long, y=cython.uint)
cdef void twist(TorresBatch e, long g) noexcept

cdef inline unsigned int temper(unsigned int y) noexcept

@cython.locals(at=long, i=long)
cdef unsigned int next_word(TorresBatch e, long g) noexcept

@cython.locals(at=long, i=long, a=long, c=long)
cpdef double next_float(TorresBatch e, long g) noexcept

@cython.locals(at=long, i=long, a=long, c=long)
cdef inline double playout_float(TorresBatch e, long g) noexcept

@cython.locals(b=long, step=long)
cpdef long deciding(TorresBatch e, long g) noexcept

@cython.locals(d=long, total=long, c=long, last=long, acc=double)
cdef long sample_draw(TorresBatch e, long g, double r) noexcept

cdef long deck_of(TorresBatch e, long g, long seat) noexcept

@cython.locals(s=long, k=long, c=long, area=long)
cdef void relabel(int[::1] S, long b) noexcept

@cython.locals(todo=cython.ulonglong, area=long, q=long, i=long, n=long)
cdef long flood(int[::1] S, long b, long s, long k) noexcept

@cython.locals(
    b=long, mb=long, hs=long, k=long, i=long, c=long,
    bit=cython.ulonglong, fresh=bint, places=cython.ulonglong, exits=cython.ulonglong,
    taller=bint,
)
cdef void add_block(TorresBatch e, long g, long s) noexcept

@cython.locals(
    b=long, mb=long, ncas=long, k=long, s=long,
    hs=long, i=long, c=long, one=long, places=cython.ulonglong, bit=cython.ulonglong,
)
cdef void refresh(TorresBatch e, long g) noexcept

@cython.locals(k=long)
cdef inline long add_squares(TorresBatch e, long n, long base, unsigned long long mask) noexcept

cpdef long turn_runs(TorresBatch e, long g) noexcept

@cython.locals(j=long, mask=cython.ulonglong)
cpdef long run_action(TorresBatch e, long i) noexcept

@cython.locals(step=long)
cpdef long make_legal(TorresBatch e, long g) noexcept

@cython.locals(
    b=long, p=long, n=long, d=long, c=long, i=long, hgt=long,
    s=long, k=long, base=long, held=cython.ulonglong, heights=cython.ulonglong,
    taken=cython.ulonglong,
)
cdef long step_actions(TorresBatch e, long g, long step) noexcept

@cython.locals(
    b=long, mb=long, p=long, ap=long,
    active=long, nst=long, n=long, i=long, hand=long, cards=long, c=long, a=long,
    mine=cython.ulonglong, rest=cython.ulonglong, first=cython.ulonglong,
    free=cython.ulonglong, beside=cython.ulonglong,
)
cdef long turn_actions(TorresBatch e, long g) noexcept

@cython.locals(
    b=long, mb=long, offset=long, i=long, known=cython.ulonglong,
    a=long, ha=long, free=cython.ulonglong, near=cython.ulonglong,
    lower=cython.ulonglong, level=cython.ulonglong, reach=cython.ulonglong,
    exits=cython.ulonglong, tall=cython.ulonglong, rest=cython.ulonglong,
)
cdef inline long knight_moves(
    TorresBatch e, long g, long n, unsigned long long mine, long climb
) noexcept

@cython.locals(
    b=long, mb=long, hand=long,
    acq=long, i=long, a=long, ha=long, d=long, c=long, m=long, fits=bint,
    free=cython.ulonglong, sources=cython.ulonglong, dirs=cython.ulonglong,
    rest=cython.ulonglong,
)
cdef inline long card_moves(
    TorresBatch e, long g, long p, long n, unsigned long long mine
) noexcept

@cython.locals(one=long, i=long, q=long, c=long)
cdef long next_castles(int[::1] S, long b, long s, long without) noexcept

@cython.locals(
    b=long, mb=long, hand=long,
    acq=long, i=long, a=long, j=long, k=long, free=cython.ulonglong, reach=cython.ulonglong,
    rest=cython.ulonglong, others=cython.ulonglong,
)
cdef inline long late_card_moves(
    TorresBatch e, long g, long p, long n, unsigned long long mine
) noexcept

@cython.locals(
    b=long, mb=long, count=long,
    minimum=long, c=long, a=long, ha=long, k=long, area=long, left=long, i=long, castles=long,
    places=cython.ulonglong, free=cython.ulonglong, alone=cython.ulonglong,
    kept=cython.ulonglong, bit=cython.ulonglong, near=cython.ulonglong,
    targets=cython.ulonglong, squares=cython.ulonglong, shorter=cython.ulonglong,
)
cdef long block_moves(TorresBatch e, long g, long n) noexcept

@cython.locals(rest=cython.ulonglong, start=long, i=long, c=long)
cdef bint connected_without(unsigned long long squares, long a) noexcept

@cython.locals(seen=cython.ulonglong, todo=cython.ulonglong, i=long, c=long, q=long)
cdef unsigned long long reached(unsigned long long squares, long start) noexcept

@cython.locals(c=long)
cdef bint deck_has_cards(int[::1] S, long d) noexcept

@cython.locals(c=long)
cdef bint deck_needs_chance(int[::1] S, long d) noexcept

@cython.locals(b=long, p=long, nst=long)
cpdef void apply_to(TorresBatch e, long g, long a) noexcept

@cython.locals(b=long, source=long)
cdef void apply_card(TorresBatch e, long g, long p, long a) noexcept

@cython.locals(b=long, at=long, i=long)
cdef inline void move_knight(TorresBatch e, long g, long p, long a, long c) noexcept

@cython.locals(b=long)
cdef void put_knight(TorresBatch e, long g, long p, long s) noexcept

@cython.locals(b=long, mb=long, king=long)
cdef void move_king(TorresBatch e, long g, long s) noexcept

@cython.locals(b=long)
cdef void setup_knight(TorresBatch e, long g, long s) noexcept

@cython.locals(dx=long, dy=long)
cdef long manhattan(long a, long c) noexcept

@cython.locals(b=long, need=long, s=long)
cdef long castle_distance(TorresBatch e, long g) noexcept

@cython.locals(c=long)
cdef bint far_enough(int[::1] S, long b, long s, long need) noexcept

@cython.locals(b=long, need=long, n=long, s=long)
cdef long castle_squares(TorresBatch e, long g) noexcept

@cython.locals(b=long)
cdef void setup_castle(TorresBatch e, long g, long s) noexcept

@cython.locals(b=long, best=long, i=long)
cdef long leader(TorresBatch e, long g, long unchanged) noexcept

@cython.locals(b=long, card=long, per=long, kind=long, mine=long, points=long, i=long, marks=cython.ulonglong)
cdef long master_points(TorresBatch e, long g, long seat, long phase)

@cython.locals(count=long, i=long)
cdef long marked(int[::1] S, long b, long seat, unsigned long long marks) noexcept

@cython.locals(
    at=long, count=long, i=long, j=long, k=long, a=long, c=long, seen=cython.ulonglong,
    same_level=bint, same_x=bint, same_y=bint, different=bint,
)
cdef bint has_requirement(int[::1] S, long b, long seat, long kind, long castles)

@cython.locals(i=long, j=long, p=long, q=long, x1=long, y1=long, x2=long, y2=long, dx=long, dy=long)
cdef bint has_square(int[::1] S, long at, long count)

@cython.locals(i=long)
cdef bint knight_at(int[::1] S, long at, long count, long x, long y) noexcept

@cython.locals(mine=cython.ulonglong, i=long)
cdef bint all_neighboring(int[::1] S, long at, long count) noexcept

@cython.locals(at=long, count=long, i=long)
cdef void remove_stack(int[::1] S, long b, long p, long height) noexcept

@cython.locals(at=long, i=long)
cdef void insert_stack(int[::1] S, long b, long p, long height) noexcept

cdef void take_stack(int[::1] S, long b, long p, long height) noexcept

@cython.locals(b=long, p=long, left=long, nst=long)
cdef void after_stack(TorresBatch e, long g) noexcept

@cython.locals(b=long)
cdef void redistribute(TorresBatch e, long g, long p, long height) noexcept

@cython.locals(b=long)
cdef void return_leftover(TorresBatch e, long g) noexcept

@cython.locals(c=long)
cdef void begin_turn(int[::1] S, long b, long action_points) noexcept

@cython.locals(b=long, n=long)
cdef void next_turn(TorresBatch e, long g)

@cython.locals(b=long, n=long, i=long, seat=long, j=long, got=long)
cdef void begin_phase(TorresBatch e, long g, long phase, long start) noexcept

@cython.locals(b=long, target=long, i=long, moved=bint)
cdef void advance(TorresBatch e, long g, long seat, long points) noexcept

@cython.locals(
    b=long, at=long, count=long, points=long, i=long, s=long, k=long, hs=long,
    j=long, q=long, best=bint,
)
cdef long castle_points(TorresBatch e, long g, long seat) noexcept

@cython.locals(b=long, k=long, at=long, i=long, s=long)
cdef long king_bonus(TorresBatch e, long g, long seat, long phase) noexcept

@cython.locals(b=long, n=long, start=long, phase=long, i=long, seat=long, low=long)
cdef void score_phase(TorresBatch e, long g)

@cython.locals(b=long, d=long)
cdef void continue_draw(TorresBatch e, long g) noexcept

@cython.locals(ntop=long, nbot=long, card=long, i=long)
cdef long deck_draw_known(int[::1] S, long d) noexcept

@cython.locals(b=long)
cdef void draw(TorresBatch e, long g, long p, long card) noexcept

@cython.locals(count=long, i=long)
cdef void remove_drawn(int[::1] S, long b, long card) noexcept

@cython.locals(b=long)
cdef void keep(TorresBatch e, long g, long p, long card) noexcept

@cython.locals(b=long, d=long, at=long)
cdef void put_back(TorresBatch e, long g, long p, long card, long top) noexcept

cdef void use_card(int[::1] S, long b, long p, long card) noexcept

@cython.locals(c=TorresBatch)
cpdef TorresBatch copy_core(TorresBatch e)

@cython.locals(b=long, mb=long, i=long)
cpdef void copy_game(TorresBatch core, TorresBatch e, long g)

cpdef TorresBatch core_of(TorresBatch template, object state)

@cython.locals(n=long)
cdef long legal_count(TorresBatch e) noexcept

@cython.locals(e=TorresBatch)
cpdef long one_current_player(object state) except? -9

@cython.locals(e=TorresBatch, n=long, i=long, out=list)
cpdef list one_legal_actions(object state)

@cython.locals(e=TorresBatch, a=long, n=long, lo=long, hi=long, mid=long)
cpdef bint one_is_legal(object state, object action) except -1

cpdef one_apply_action(object state, object action)

@cython.locals(e=TorresBatch)
cpdef one_apply_trusted(object state, long action)

@cython.locals(e=TorresBatch, step=long, d=long, total=long, c=long, out=list)
cpdef list one_chance_outcomes(object state)

cpdef object one_clone(object state)

@cython.locals(e=TorresBatch, seat=long)
cpdef list one_heuristics(object state)
