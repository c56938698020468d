# C types for the compiled twin of batch.py (see that file, setup.py and
# towers/core/compiled.py): a game's ints are a slice of a C int array, offsets and counts C
# longs; the other locals are inferred (infer_types in batch.py's first line).
cimport cython

cdef bint COMPILED
cdef long TERMINAL, EMPTY, INACTIVE
cdef long SEATS, NK, NT, NC, NSP, NB, NR, NCS, NOFF, NCHO, ROUNDS, HSP, MSP, PSP, SH, NEV, NST
cdef long PHASE, ROUND, TURN, TPOS, ACTIVE, OVER, DIEV, DIEC, EXCH, KTILE, LENGTH, EVH, EVT, SP
cdef long NREV, DEC, ORDER, WACT, WDICE, BAG, ABT, PILE, COFF, CHOFF, CORR, REV, HS, PS, CTL
cdef long COST, MAPT, FTOWN, FTILE, KT, KTS, VP, RES, STORE, NSTORE, ROOMS, CRESTS, FUL, NFUL
cdef long HSUP, PSUP, HOM, NHOM, POM, NPOM, BAP, ROOF, COMP, CT, NCT, MERCH, ARCH, DT, NDT
cdef long EV, STK, W
cdef long K_TURN, K_PERFORM, K_DIE_VALUE, K_BONUS_TILE, K_DIE_RESOURCES, K_OPEN_DIE
cdef long K_ACTION_OF_CHOICE, K_RESOURCES_OF_CHOICE, K_PAY_IDENTICAL, K_MOVE, K_MOVE_BOTH
cdef long K_MOVE_PLACE, K_PLACE_AT_FIGURE, K_HOUSE_ANYWHERE, K_PILLAR_ANYWHERE, K_MOVE_ANYWHERE
cdef long K_TOWN_MOVE, K_CHOOSE_BUILDING, K_BUILDING_BONUSES, K_COMPLETED, K_KING_TILE
cdef long E_TILE, E_DIE_DRAW, E_DIE_ROLL, E_CORRUPTION, E_COST, E_TOWN, E_FAIR, E_ACTION_TILE
cdef long S_SETUP, S_PREP, S_CYCLE, S_TURN, S_KING, S_KING_SCORE, S_OVER
cdef long PILE_BONUS, PILE_CONTRACT, PILE_CHARACTER
cdef long LOC_ACTION, LOC_KING, LOC_MAP, LOC_CONTRACT, LOC_CHARACTER
cdef long GOLD, FOOD, STONE, JOKER, ARCHITECT, MERCHANT, CHARACTER, CONTRACT, KING
cdef long FIG_MERCHANT, FIG_ARCHITECT, CAT_CHARACTER, CAT_CONTRACT, CAT_CREST, CAT_HELPER
cdef long FX_VP, FX_GAIN, FX_ANY, FX_ACTION, FX_MOVE, FX_MOVE_BOTH, FX_MOVE_PLACE, FX_PLACE
cdef long FX_KING, FX_TOWN_MOVE, FX_ADD_AP, FX_SUBSTITUTE, FX_BUILDING_BONUS
cdef long FX_HOUSE_ANYWHERE, FX_PILLAR_ANYWHERE, FX_JUMP, FAIR_KING
cdef long C_HOUSE_PILLAR, C_CONTRACT_CATHEDRAL, C_CONTRACTS, C_KING, C_CONTRACT_CREST
cdef long C_HOUSES, C_UPPER, C_CRESTS, C_PILLARS, C_FULL, C_CATHEDRAL_TILES
cdef long TAKE_DIE, SET_VALUE, TAKE_TILE, SKIP, SUBSTITUTE, CHOOSE_ACTION, GAIN, PAY
cdef long MOVE_MERCHANT, MOVE_ARCHITECT, HOUSE, PILLAR, MAP_TILE, TAKE_CHARACTER, REFRESH
cdef long PLACE_CHARACTER, TAKE_CONTRACT, EXCHANGE, ADVANCE, STOP, END_TURN, BUY, FULFIL
cdef long CREST, CONTRIBUTE, USE_HELPER, BUILDING, FLOOR_BONUS, DRAW, BAG_DRAW, ROLL
cdef long CORRUPTION, COST_TILE, TOWN_TILE, FAIR_TILE, ACTION_TILE, FIRST_TASK
cdef long FIRST_CONTRACT, FIRST_HELPER, NUM_ACTIONS
cdef double SIXTH
cdef long NVF, TOWER_HOUSES, TOWER_BONUS, TOWER_PILLARS
cdef double THIRD, HALF
cdef double PROJECT_HELD, PROJECT_GATHERED, PROJECT_DONE, RESOURCE_EARLY, GOLD_SHARE
cdef double PILLAR_PROJECT, ROOM, CREST_PLACED, CHARACTER_STORED, CREST_STORED, HELPER_SHARE
cdef double BONUS_AP_USE, LEADER, FAIR_NOW, FAIR_LATER, FAIR_ON_THE_WAY, STEP_DECAY
cdef double AP_SHARE, AP_CAP, AP_FLOOR, AP_CHARACTER
cdef long NPROJ, R_WILD, R_HOUSES, R_PILLARS, R_MJUMP, R_AJUMP, R_PAYING, R_ITEMS
cdef long R_HSTEPS, R_PSTEPS, R_PTARGET, R_ITEM


cdef class TiletumBatch:
    cdef public object game
    cdef public long size, players
    cdef public long variant, rounds, turns_per_round, store_size, king_top, king_start
    cdef public long king_no_tile_vp, king_refills, dice_each, dice_drawn, die_change_cost
    cdef public long buy_cost, ap_base, wheel_rotation, take_cost, exchange_cost, per_vp
    cdef public long unavailable, first_town, n_fair_ids, n_town_tiles
    cdef public int[:] pile_lo, pile_hi, category, crest_of, illustration, tile_action
    cdef public int[:] tile_vp, helper, identical, pay, crest_kind, fx_at, fx
    cdef public int[:] b_room0, b_nrooms, b_occupied, b_rooms, b_crest_cost
    cdef public int[:] room_building, room_floor, spot_town, adj_at, adj, adjt_at, adjt
    cdef public int[:] town_cathedral, n_house, n_map, n_pillar, house_vp, house_bb
    cdef public int[:] cathedral_vp, cost_stone, cost_vp, king_track, offer_costs, space_vp
    cdef public int[:] space_pillar, fair_condition, fair_vp, fair_board_vp, town_tiles
    cdef public int[:] buildings_vp, bonus_active, corruption_counts, steps
    cdef public int[:] S, L, T, start
    cdef public list draws, choosers
    cdef public long tensor_size, corruption_per_round
    cdef public double[:] O
    cdef public int[:] pile_size, frame_place, frame_slot, cathedral_town
    cdef public int[:] dist, town_steps, town_near, cat_steps, cat_near, char_buildings
    cdef public int[:] contract_need, contract_fixed, HR, PI
    cdef public double[:] reach, reached, contract_value, helper_value, HD, PV
    cdef public long reach_w
    cdef public double round_drop


cdef object make_frame(int[:] S, long at, tuple classes)
@cython.locals(
    V=double[:], S=int[:], n=long, i=long, at=long, v=long, a=long, c=long, p=long, k=long,
    place=long, r=long, total=long,
)
cpdef void write_observation(TiletumBatch e, long b, long seat) except *
@cython.locals(step=long, i=long, kind=long)
cdef long phase_name(int[:] S, long b) noexcept
cdef inline long one_tile(double[:] V, long at, long kind) noexcept
@cython.locals(V=double[:], S=int[:], depth=long, nf=long, top=long, kind=long, slots=long, x=long, j=long)
cdef long write_decision(TiletumBatch e, long b, long at) except? -1
@cython.locals(V=double[:], S=int[:], n=long, t=long, i=long, v=long, c=long, cost=long, total=long)
cdef long write_towns(TiletumBatch e, long b, long seat, long at) except? -1
cdef inline long one_owner(double[:] V, long at, long v, long seat, long n) noexcept
@cython.locals(S=int[:], n=long, top=long, p=long, i=long, leader=long, seat=long)
cpdef list heuristics_of(TiletumBatch e, long b)
@cython.locals(S=int[:], track=int[:], top=long, revealed=long, n_left=long, drop=double, p=double, total=double, i=long)
cdef double king_outlook(TiletumBatch e, long b, long pos) noexcept
@cython.locals(
    S=int[:], R=int[:], vp=double, rounds_left=long, turns_left=long, mine=bint, taking=bint,
    acting=long, late=double, per_vp=double, rv=double, i=long, value=double, pos=long,
    king_now=double, filled=long, crested=long, completed=long, count=long, bonus=long,
    king_step=double, h_exp=double, p_exp=double, h_steps=long, p_steps=long, h_gain=double,
    p_gain=double, offer=bint, act=long, best=double,
)
cdef double evaluate(TiletumBatch e, long b, long seat, long leader) noexcept
@cython.locals(S=int[:], R=int[:], value=double, items=long, i=long, at=long, kind=long, act=long, ap=long, shown=long, bonus=long)
cdef double pending(TiletumBatch e, long b, long seat, double vp, long turns_left) noexcept
@cython.locals(
    S=int[:], R=int[:], H=double[:], nh=long, np_=long, h_supply=long, p_supply=long,
    h_steps=long, at=long, i=long, town=long, p_steps=long, p_target=long, c=long, w=long,
    h_exp=double, p_exp=double, p_first=double, p_next=double,
)
cdef void placing(TiletumBatch e, long b, long seat, long acting) noexcept
@cython.locals(
    S=int[:], R=int[:], count=long, slot=long, i=long, k=long, cat=long, v=double,
    fixed=double, c=long, cost=long, tile=long, stone=long, left=long, total=long, r=long,
)
cdef double projects(TiletumBatch e, long b, long seat, double value, long turns_left, double late, double rv) noexcept
@cython.locals(PV=double[:], PI=int[:], density=double, at=long, prev=double, j=long)
cdef long add_project(TiletumBatch e, long count, double v, long need, long kind, long stone, long same) noexcept
@cython.locals(
    R=int[:], PV=double[:], PI=int[:], hurry=double, i=long, v=double, need=long, kind=long,
    got=long, r=long, want=long, have=long, take=long, same=long, j=long, wild=long, fill=long,
)
cdef double gather(TiletumBatch e, long count, double value, long turns_left) noexcept
@cython.locals(S=int[:], merchant=long, now=long, r=long, tile=long, town=long, share=double, cond=long, each=long)
cdef double fairs(TiletumBatch e, long b, long seat, double value, long rounds_left, long acting) noexcept
@cython.locals(
    S=int[:], R=int[:], H=double[:], store=long, room=bint, x=double, full=bint, best=double,
    slot=long, i=long, space=long, k=long, need=long, got=long, r=long, want=long, same=long,
    spare=long, share=double, per=double, top=double,
)
cdef double ap_values(TiletumBatch e, long b, long seat, double king_step, double rv, double h_gain, double p_gain, bint offer) noexcept
@cython.locals(V=double[:], S=int[:], n=long, r=long, p=long, i=long, bld=long)
cdef void write_players(TiletumBatch e, long b, long seat, long at) except *
cpdef void from_state(TiletumBatch e, long b, object state) except *
cpdef void put_fields(TiletumBatch e, long b, dict f) except *
@cython.locals(i=long)
cdef void put(int[:] S, long at, list values) except *
cdef list seq(int[:] S, long at, long count)
cpdef dict to_fields(TiletumBatch e, long b)
cpdef object to_state(TiletumBatch e, long b)
cdef inline void put_frame(int[:] S, long at, long kind, long x, long y, long z) noexcept
cdef void push(int[:] S, long b, long kind, long x, long y, long z) noexcept
cdef void replace(int[:] S, long b, long kind, long x, long y, long z) noexcept
cdef void add_event(int[:] S, long b, long kind, long x, long y, long z) noexcept
cdef void drop_event(int[:] S, long b) noexcept
cdef void store(int[:] S, long b, long seat, long kind) noexcept
cdef void unstore(int[:] S, long b, long seat, long kind) noexcept
cdef void add_vp(int[:] S, long b, long seat, long delta) noexcept
cdef bint pile_has(int[:] S, long b, long pile) noexcept
cpdef void resolve_chance(TiletumBatch e, long g) except *
cdef long sample(TiletumBatch e, long b, double r) noexcept
cdef bint has(int[:] S, long at, long count, long value) noexcept
cdef void apply_chance(TiletumBatch e, long b, long action) noexcept
cpdef void run(TiletumBatch e, long b) noexcept
cdef bint settle(TiletumBatch e, long b, long at, long kind) noexcept
cdef void next_step(TiletumBatch e, long b) noexcept
cdef void enqueue_setup(TiletumBatch e, long b) noexcept
cdef void end_turn(TiletumBatch e, long b) noexcept
cdef void cleanup(TiletumBatch e, long b) noexcept
cdef void corrupt(TiletumBatch e, long b, long value) noexcept
cdef void sort_stack(TiletumBatch e, long b, long up) noexcept
cdef void king_advance(TiletumBatch e, long b, long seat, long steps) noexcept
cdef long first_best(int[:] S, long values, long order, long n) noexcept
cdef void king_phase_tile(TiletumBatch e, long b) noexcept
cdef void king_phase_score(TiletumBatch e, long b) noexcept
cdef bint is_at_fair(TiletumBatch e, long b, long seat) noexcept
cdef long crests_placed(TiletumBatch e, long b, long seat) noexcept
cdef long fair_count(TiletumBatch e, long b, long seat, long condition) noexcept
cdef void fair_phase(TiletumBatch e, long b) noexcept
cdef long final_points(TiletumBatch e, long b, long seat) noexcept
cpdef long winner(TiletumBatch e, long b) noexcept
cdef bint can_store(TiletumBatch e, long b, long seat, long kind) noexcept
cdef bint can_house(TiletumBatch e, long b, long seat, long town) noexcept
cdef bint can_pillar(TiletumBatch e, long b, long seat, long c) noexcept
cdef bint can_place_here(TiletumBatch e, long b, long seat, long figure) noexcept
cdef long building_mask(TiletumBatch e, long b, long seat, long bld) noexcept
cdef bint is_full(TiletumBatch e, long b, long seat, long bld) noexcept
cdef long substitute_helper(TiletumBatch e, long b, long seat) noexcept
cdef long die_frame(int[:] S, long b) noexcept
cdef void add_die_points(TiletumBatch e, long b, long points, long only_for) noexcept
cpdef void apply_decision(TiletumBatch e, long b, long action) noexcept
cdef void set_value(TiletumBatch e, long b, long seat, long shown, long colour, long value) noexcept
cdef void spend(int[:] S, long at, long points) noexcept
cdef void option(TiletumBatch e, long b, long seat, long at, long action) noexcept
cdef void place_house(TiletumBatch e, long b, long seat, long town, long space) noexcept
cdef void place_pillar(TiletumBatch e, long b, long seat, long c) noexcept
cdef void task(TiletumBatch e, long b, long seat, long action) noexcept
cdef void fulfil(TiletumBatch e, long b, long seat, long kind, long same_type) noexcept
cdef void check_building(TiletumBatch e, long b, long seat, long bld) noexcept
cdef void award(TiletumBatch e, long b, long seat, long bld, long action) noexcept
cdef void effects(TiletumBatch e, long b, long seat, long which) noexcept
cdef void move_figure(int[:] S, long b, long seat, long action) noexcept
cdef void place(TiletumBatch e, long b, long seat, long action) noexcept
cdef void decide_bonus(TiletumBatch e, long b, long seat, long at, long kind, long action) noexcept
cpdef long make_legal(TiletumBatch e, long b) noexcept
cdef long gen_decision(TiletumBatch e, long b, long seat, long at, long kind) noexcept
cdef void sort(int[:] L, long n) noexcept
cdef long gen_moves(TiletumBatch e, long b, long seat, long figure, long n) noexcept
cdef long gen_house_spaces(TiletumBatch e, long b, long town, long n) noexcept
cdef long gen_place_here(TiletumBatch e, long b, long seat, long figure, long n) noexcept
cdef long gen_frame(TiletumBatch e, long b, long seat, long at, long n) noexcept
cdef long gen_rooms(TiletumBatch e, long b, long seat, long kind, long ap, long n) noexcept
cdef long gen_tasks(TiletumBatch e, long b, long seat, long n) noexcept
@cython.locals(i=long, count=long, seat=long)
cpdef long play_out(TiletumBatch e, long g, long decisions, long until) except? -9
