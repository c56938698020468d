# C types for the compiled twin of batch.py (see that file, setup.py and
# towers/core/compiled.py): a game's ints are a slice of a C array of 64-bit ints; offsets,
# counts and indices are C longs, the tables the rules read Python tuples.
cimport cython

cdef long N_CARDS, N_LARGE, N_PROVINCES, N_REGIONS, N_SPACES
cdef long SIDES, N_IMAGES, N_PIECES, N_BUILDING_SPACES, DRAW_BASE, DISCARD_BASE, HALF
cdef long K_BEACON_PLACE, K_TENT_CHOICE, K_FORT_ANYWHERE, ALLIES, K_SHIP_DRAW, DECK_TOTAL, OVER, MAJORS_DONE, IGNORE_IMAGE, USE_NETWORK, BEACON_PLACED, USED, LENGTH, DEPTH, DEC
cdef long SIDE_AT, ROW_AT, ROW_W, GROW_AT, GROW_W, HANDS, BOARD_AT, LISTS_AT, DISCARDS, DECK
cdef long BAG, SHIPS, STACK_ROOM, STACKS, FW, STACK, PENDING, W, LEGAL_ROOM
cdef long K_DRAW, K_PAY, K_MAJORS, K_COLUMN, K_FORT_CHOICE, DONE, A_MAJOR
cdef tuple IS_CHANCE, IS_SETTLED, NEEDS_SORT
cdef list WORDS
cdef long T_DONE, T_USE_PRINTED, T_USE_CARD, T_MAJOR, T_PLACE_CARD, T_DISCARD, T_GIVE, T_ADJUST
cdef long T_PLACE_DIE, T_PLACE_TOWER, T_PLACE_SOLDIER, T_MOVE_SOLDIER, T_FORT_IN, T_MOVE_SHIP
cdef long T_INFLUENCE
cdef tuple ACT_TYPE, ACT_A, ACT_B, ACT_C
cdef long U_PLACE_CARD, U_DISCARD_ADJUST, U_ADJUST, U_GOLD_ADJUST, U_ADJUST_AND_MOVE
cdef long U_DISCOUNT_OTHERS, U_DISCOUNT_SAME, U_DISCOUNT, U_IGNORE_IMAGE, U_NETWORK
cdef long U_SILVER_MUSTER, U_MUSTER, U_MOVE, U_DISCARD_MOVE, U_DISCARD_PLACE, U_DISCARD_SHIP
cdef long U_DISCARD_DRAW
cdef long NO_PRICE
cdef tuple CARD_COST, CARD_COLUMN, CARD_USE, CARD_PRICE, CARD_ARG, CARD_TENT, CARD_PROVINCE
cdef tuple CARD_RECOUP, PRINTED_USE, PRINTED_PRICE, USED_IN, CARD_USE_CODE, PRINTED_IN
cdef long PRINTED_BIT, PLACE_DIE_BIT, PLACE_TOWER_BIT
cdef tuple MAJOR_COLUMN, ADJUSTS, REGION_VALUE, REGION_PROVINCE, LARGE_OF, PROVINCE_REGIONS
cdef tuple LARGE_PROVINCES, REGION_CORNERS, SPACE_REGION_LIST, SPACE_REGIONS, SPACE_NEIGHBOURS
cdef tuple SPACE_IMAGE, MOVES_FROM, FORT_SLOTS, BEACON_SLOTS, EVENTS, IS_DRAWING, CARD_TRIGGER
cdef long FROM_BARRACKS, CENTRAL, BARRACKS, ACTIVE, ANYWHERE, ALLY, TRACK_LAST
cdef long SCORING_TILE_SPACE, FACE_UP_CARD_SPACE, MAX_TENTS, MAX_ROUNDS, ALL_REGIONS
cdef long RECOUP_CARDS, RECOUP_TOWERS, RECOUP_DICE
cdef long A_GIVE, A_PLACE_CARD, A_USE_CARD, A_USE_PRINTED, A_PLACE_DIE, A_PLACE_TOWER
cdef long A_PLACE_SOLDIER, A_FORT_IN, A_MOVE_SHIP, A_INFLUENCE, A_BUILD, ROLL_BASE, TOWER_BASE
cdef long E_FIRST_DIE, E_SECOND_DIE, E_FORT_DIE, E_COVER, E_BEACON, E_FORT
cdef long INFLUENCE, TOWER_SUPPLY, TOWER_RESERVE, TENTS, PIECES, BUILDINGS, PLACED
cdef long DICE_SUPPLY, WORKSHOP, ALLY_ON_TRACK, DICE_RESERVE, BARRACKS_AT, SOLDIER_SUPPLY
cdef long CENTRAL_AT, SOLDIER_AT, DIE_OWNER, DIE_VALUE, FORT_AT, BEACON_AT, MARKERS
cdef long TILE_ROW, FACE_UP, DISCOUNTS, REGION_OK, INVADED, TURN, ROUNDS
cdef long K_PREPARE, K_DEFEND, K_INVASION, K_WORKSHOP, K_RECOUP, K_RECOUP_CHOICE, K_SAIL
cdef long K_END_TURN, K_GIVE, K_PLACEMENT, K_ADJUST, K_SOLDIERS, K_SHIP_CHOICE
cdef long K_INFLUENCE_CHOICE, K_GAIN, K_TRIGGER, K_TRIGGERED, K_BEACON_CHOICE, K_FACE_UP
cdef long K_TILE_CHOICE, K_ROLL, K_TOWER_DRAW, K_GAME_END, ENDED_BY


cdef class SifnosBatch:
    cdef public object game, tensor
    cdef public long size, players, sides, opponent, ally_space
    cdef public bint solo, versus
    cdef public long hand_size, known
    cdef public long long[:] S, L
    cdef public long n
    cdef public list rngs, draws, choosers, live
    cdef public long tensor_size
    cdef public double[:] O


@cython.locals(found=object)
cdef long word_id(object value) except -1

# ---- playing
@cython.locals(S="long long[:]", g=long, b=long, i=long)
cdef void _copy_first(SifnosBatch e) except *

@cython.locals(S="long long[:]", b=long, top=long)
cdef long _current(SifnosBatch e, long g) except? -9

@cython.locals(n=long, i=long)
cdef object _legal(SifnosBatch e, long g)

@cython.locals(S="long long[:]", b=long)
cdef void _apply(SifnosBatch e, long g, long action) except *

@cython.locals(player=long, pick=long, legal=list, n=long, r=double)
cdef void _play_out(SifnosBatch e, long g, long decisions, long until) except *

@cython.locals(S="long long[:]", b=long, kind=long, r=double)
cdef void _resolve(SifnosBatch e, long g) except *

@cython.locals(S="long long[:]", b=long, n=long, length=long, p=long)
cdef void _resolve_on(SifnosBatch e, long g, object state) except *

cdef object _state_live(SifnosBatch e, long g)

@cython.locals(S="long long[:]", b=long, top=long, kind=long, done=long)
cdef bint _settle(SifnosBatch e, long g) except? 0

@cython.locals(S="long long[:]", b=long, seat=long, n=long, mineral=long, k=long, i=long, at=long)
cdef long _step(SifnosBatch e, long g, long top, long kind) except? -9

@cython.locals(S="long long[:]", b=long, seat=long, at=long, i=long)
cdef long _step_offered(SifnosBatch e, long g, long top, long kind) except? -9

@cython.locals(S="long long[:]", b=long, top=long, seat=long, c=long, v=long, at=long, i=long, n=long)
cdef bint _fast_chance(SifnosBatch e, long g, long kind, double r) except? 0

@cython.locals(S="long long[:]", total=long, acc=double, last=long, k=long, n=long)
cdef long _counts_pick(SifnosBatch e, long at, long kinds, double r) noexcept

# ---- decisions
@cython.locals(S="long long[:]", b=long, top=long, kind=long)
cdef long _fast_legal(SifnosBatch e, long g) except? -9

@cython.locals(S="long long[:]", b=long, seat=long, done=long, k=long, major=long, c=long)
cdef bint _decision_legal(SifnosBatch e, long g, long top, long kind) except? 0

@cython.locals(L="long long[:]", n=long, kept=long, i=long, j=long, x="long long")
cdef void _sorted_once(SifnosBatch e) except *

@cython.locals(S="long long[:]", b=long, top=long, kind=long, seat=long, t=long, k=long, x=long, c=long)
cdef bint _fast_apply(SifnosBatch e, long g, long action) except? 0

@cython.locals(S="long long[:]", b=long, at=long, v=long, moves=long, region=long, r=long, to=long, c=long, free=long, price=long, rest=tuple)
cdef bint _fast_apply_more(SifnosBatch e, long g, long top, long kind, long seat, long action, long t) except? 0

@cython.locals(S="long long[:]", n=long)
cdef void _count_down(SifnosBatch e, long g, long top, long field) except *

@cython.locals(S="long long[:]", b=long, seat=long, mineral=long, need=long, half=long, at=long)
cdef void _pay(SifnosBatch e, long g, long top, long c) except *

# ---- what may be done
@cython.locals(S="long long[:]", index=long, code=long, price=long, at=long, i=long, c=long, used_in=long, one="long long", lo="long long", hi="long long")
cdef void _column_uses(SifnosBatch e, long g, long seat, long column) except *

@cython.locals(n=long, start=long)
cdef bint _can_use(SifnosBatch e, long g, long seat, long code, long price) except? 0

@cython.locals(S="long long[:]", at=long, size=long, h0=long, h1=long, h2=long, discounted=bint, k=long, x="long long", c=long, m=long, price=long, same=long)
cdef bint _any_placeable(SifnosBatch e, long g, long seat) except? 0

@cython.locals(at=long, lo="long long", hi="long long")
cdef long _hand_mineral(SifnosBatch e, long g, long seat, long m) except? -1

@cython.locals(S="long long[:]", total=long, p=double, acc=double, last=long, k=long, n=long)
cdef long _deck_pick(SifnosBatch e, long b, double r) noexcept

cdef tuple MINERAL_OF, MINERAL_LO, MINERAL_HI

@cython.locals(start=long)
cdef bint _has_adjustment(SifnosBatch e, long g, long seat) except? 0

@cython.locals(start=long)
cdef bint _has_move(SifnosBatch e, long g, long seat) except? 0

@cython.locals(found=bint)
cdef bint _probed(SifnosBatch e, long start) except? 0

cdef void _emit(SifnosBatch e, long action) except *

@cython.locals(at=long, k=long, x="long long", c=long)
cdef void _hand_emit(SifnosBatch e, long g, long seat, long base) except *

@cython.locals(hand=list, held=list, size=long, discounted=bint, out=list, c=long, m=long, price=long, same=long)
cdef list _placeable(SifnosBatch e, long g, long seat)

@cython.locals(left=long, m=long, found=list, d=long)
cdef long _cost(SifnosBatch e, long g, long c) except? -1

@cython.locals(at=long, i=long)
cdef list _discounts(SifnosBatch e, long g)

@cython.locals(left=long, m=long, mine=list, at=long, d=long)
cdef long _take_discounts(SifnosBatch e, long g, long c) except? -1

@cython.locals(S="long long[:]", base=long, where=long, at=long, seen=long, i=long, table=tuple, v=long)
cdef void _adjustments(SifnosBatch e, long g, long seat) except *

@cython.locals(S="long long[:]", b=long, at=long, values=long, i=long, has_card=bint, ok=long, r=long, fort=long, base=long, v=long)
cdef void _die_placements(SifnosBatch e, long g, long seat) except *

@cython.locals(S="long long[:]", b=long, supply=long, images=long, i=long, region_ok=long, network=bint, ignore_image=bint, covers=bint, s=long, at=long, height=long, base=long, need=long, regions=long)
cdef void _tower_placements(SifnosBatch e, long g, long seat) except *

@cython.locals(S="long long[:]", at=long, i=long)
cdef bint _has_tower_on(SifnosBatch e, long g, long side, long s) except? 0

@cython.locals(S="long long[:]", at=long)
cdef long _top_tower(SifnosBatch e, long g, long s) except? -9

@cython.locals(S="long long[:]", b=long, seen=list, todo=list, s=long, t=long, reach=long)
cdef long _tower_reach(SifnosBatch e, long g, long seat, long space) except? -1

@cython.locals(S="long long[:]", b=long, has_card=bint, i=long, r=long, t=long, action=long, there=long)
cdef void _moves(SifnosBatch e, long g, long seat) except *

@cython.locals(S="long long[:]", b=long, region_ok=long, r=long)
cdef void _soldier_places(SifnosBatch e, long g, long seat, long region) except *

@cython.locals(S="long long[:]", b=long, pieces=long, s=long, central=long, region_ok=long, r=long, own=bint)
cdef void _fort_regions(SifnosBatch e, long g, long seat) except *

@cython.locals(S="long long[:]", b=long, p=long, n=long, i=long)
cdef void _ship_moves(SifnosBatch e, long g) except *

@cython.locals(S="long long[:]", k=long, q=long)
cdef long _next_with_room(SifnosBatch e, long g, long p, bint own) except? -9

@cython.locals(S="long long[:]", at=long, values=long, i=long, start=long, row=long, index=long, v=long)
cdef long _builds(SifnosBatch e, long g, long seat) except? -1

# ---- what doing it does
@cython.locals(S="long long[:]", b=long, m=long)
cdef void _use(SifnosBatch e, long g, long seat, long kind, long discard, long arg) except *

cdef void _triggered_effect(SifnosBatch e, long g, long seat, long kind, long region) except *

@cython.locals(S="long long[:]", b=long, province=long, count=long, x=long, fort=long)
cdef void _place_die(SifnosBatch e, long g, long seat, long r, long v) except *

@cython.locals(S="long long[:]", b=long, top=long, regions=tuple, before=list, beacons_left=bint, i=long)
cdef void _place_tower(SifnosBatch e, long g, long seat, long s, long image) except *

@cython.locals(held=list, x=long, had=long, c=long)
cdef list _corners_held(SifnosBatch e, long g, long side, tuple regions)

@cython.locals(S="long long[:]", at=long)
cdef void _stack_tower(SifnosBatch e, long g, long side, long space, long image) except *

@cython.locals(at=long, s=long)
cdef bint _has_beacon(SifnosBatch e, long g, long seat) except? 0

@cython.locals(b=long, s=long, top=long)
cdef bint _beacon_targets(SifnosBatch e, long g, long seat, long region) except? 0

@cython.locals(S="long long[:]", b=long, there=long)
cdef void _move_soldier(SifnosBatch e, long g, long seat, long a, long to) except *

@cython.locals(S="long long[:]", b=long)
cdef void _place_soldier(SifnosBatch e, long g, long seat, long r, bint fixes) except *

@cython.locals(b=long)
cdef void _place_card(SifnosBatch e, long g, long seat, long c) except *

@cython.locals(at=long, total=long, p=long)
cdef void _tent(SifnosBatch e, long g, long side, long province) except *

@cython.locals(S="long long[:]", at=long, n=long, ship=long, j=long, target=long)
cdef void _sail(SifnosBatch e, long g, long q, long i) except *

@cython.locals(S="long long[:]", b=long, at=long, value=long)
cdef void _influence_step(SifnosBatch e, long g, long side, long m) except *

@cython.locals(S="long long[:]", b=long, column=long, at=long, offered=list, i=long, c=long)
cdef void _trigger(SifnosBatch e, long g, long seat, long event, long region) except *

@cython.locals(S="long long[:]", b=long, i=long, at=long)
cdef long _current_major(SifnosBatch e, long g) except? -1

@cython.locals(S="long long[:]", b=long, q=long, dice=long, r=long, best=long)
cdef void _defend(SifnosBatch e, long g, long seat) except *

@cython.locals(best=long, value=long, tied=bint, s=long, v=long)
cdef long _leader(SifnosBatch e, long g, long mineral) except? -9

@cython.locals(S="long long[:]", counts=list, at=long, i=long, k=long)
cdef list _recoup_counts(SifnosBatch e, long g, long seat)

@cython.locals(S="long long[:]", b=long, counts=list, row=long, supply=long, reserve=long, need=long,
               i=long)
cdef void _recoup(SifnosBatch e, long g, long seat) except *

@cython.locals(S="long long[:]", b=long, nxt=long)
cdef long _next_turn(SifnosBatch e, long g, long seat) except? -9

# ---- the arrays' small parts
cdef bint _used_has(SifnosBatch e, long g, long i) except? 0

@cython.locals(one="long long")
cdef void _used_set(SifnosBatch e, long g, long i) except *

cdef void _used_clear(SifnosBatch e, long g) except *

@cython.locals(S="long long[:]", n=long, i=long, j=long)
cdef void _list_remove(SifnosBatch e, long at, long v) except *

@cython.locals(n=long)
cdef void _list_append(SifnosBatch e, long at, long v, long room) except *

@cython.locals(at=long)
cdef list _hand(SifnosBatch e, long g, long side)

@cython.locals(at=long)
cdef long _hand_len(SifnosBatch e, long g, long side) except? -1

@cython.locals(S="long long[:]", seat=long, mineral=long, need=long, half=long, size=long, h0=long, h1=long, h2=long, fits=long, m=long, rest_need=long, rest_half=long, at=long, k=long, x="long long", c=long)
cdef void _pay_legal(SifnosBatch e, long g, long top) except *

@cython.locals(match=long, other=long)
cdef bint _is_payable(long h0, long h1, long h2, long size, long mineral, long need, long half) except? 0

@cython.locals(bit=long, found=bint)
cdef bint _fact(SifnosBatch e, long g, long seat, long which) except? 0

@cython.locals(at=long, one="long long")
cdef void _hand_add(SifnosBatch e, long g, long side, long c) except *

@cython.locals(at=long, one="long long")
cdef void _hand_remove(SifnosBatch e, long g, long side, long c) except *

@cython.locals(S="long long[:]", b=long, depth=long, at=long)
cdef void _push(SifnosBatch e, long g, long kind, long a, long c=*, long d=*, long x=*, long y=*) except *

@cython.locals(out=list, c=long)
cdef list _hand_list(long long lo, long long hi)

# ---- a one-game state written and read
@cython.locals(S="long long[:]", b=long, i=long, sides=long, k=long, p=long, at=long, n=long, c=long, q=long, s=long, j=long)
cdef void _write(SifnosBatch e, long g, object state) except *

@cython.locals(S="long long[:]", b=long, i=long, sides=long, k=long, p=long, at=long, n=long, q=long, s=long, j=long, room=long, v=long, hands=list, rows=dict, grown=dict, pending=object, values=list)
cdef object _read(SifnosBatch e, long g)

@cython.locals(i=long)
cdef void put(long long[:] S, long at, object values) except *

@cython.locals(i=long)
cdef list seq(long long[:] S, long at, long n)

cdef tuple BUILD_BELOW, BUILD_RULE, BUILD_SPACES, BUILD_PARTNER, BUILD_ADJACENT

@cython.locals(S="long long[:]", x=long)
cdef bint _is_open(SifnosBatch e, long row, long index) except? 0

@cython.locals(S="long long[:]", rule=long, x=long, other=long)
cdef bint _fits(SifnosBatch e, long row, long index, long value) except? 0

# ---- Buildings, invasions, Ships
cdef tuple SPACE_REWARD, SPACE_BUILDING, SPACE_COLUMN, BUILDING_RULE, BUILDING_SPACES
cdef tuple BUILDING_COMPLETE, BUILDING_LOW, BUILDING_HIGH, BUILDING_THRESHOLD, BUILDING_EACH
cdef tuple PROVINCE_SPACES, EMPTY_BONUS, ALLY_PER

@cython.locals(S="long long[:]", b=long, row=long, building=long, rule=long, spaces=tuple, column=long, done=long, mine=bint, m=long, full=bint, x=long, total=long)
cdef void _build(SifnosBatch e, long g, long seat, long index, long v) except *

@cython.locals(mineral=long, n=long)
cdef void _gain_rewards(SifnosBatch e, long g, long seat, tuple given) except *

cdef void _gain_effect(SifnosBatch e, long g, long seat, long effect) except *

@cython.locals(S="long long[:]", b=long, sides=long, mights=list, r=long, s=long, x=long, top=long, best=long, winner=long, k=long, owner=long, cards=long, at=long, n=long, i=long)
cdef void _invasion(SifnosBatch e, long g, long seat, long q) except *

@cython.locals(S="long long[:]", b=long, at=long, n=long, ships=list, target=long, i=long)
cdef long _sail_away(SifnosBatch e, long g, long large) except? -9

@cython.locals(S="long long[:]", b=long, q=long, kind=long, per=long, mineral=long, side=long, n=long, target=long)
cdef bint _ship_drawn(SifnosBatch e, long g, long top, double r) except? 0

@cython.locals(S="long long[:]", b=long, ender=long, r=long, owner=long, n=long, k=long)
cdef void _end_game(SifnosBatch e, long g) except *

# ---- Forts, Beacons, the face-up Cards, Scoring Tiles
cdef tuple FORT_FACE_EFFECT, PIECE_COLUMN, COLUMN_PIECES, COLUMN_BONUS, TILE_EFFECT
cdef long A_TAKE_PIECE, A_BEACON_ON, A_TAKE_FACE_UP, A_TAKE_TILE, A_TENT_IN

@cython.locals(at=long, s=long)
cdef void _piece_choices(SifnosBatch e, long g, long seat, tuple slots) except *

@cython.locals(S="long long[:]", b=long, seat=long, i=long, t=long, region=long, s=long, p=long, r=long)
cdef bint _more_legal(SifnosBatch e, long g, long top, long kind) except? 0

@cython.locals(S="long long[:]", b=long, c=long, t=long, i=long, region=long, s=long, face=long, mineral=long)
cdef bint _more_apply(SifnosBatch e, long g, long top, long kind, long seat, long action) except? 0

@cython.locals(at=long, column=long, gone=long, x=long)
cdef void _take_piece(SifnosBatch e, long g, long seat, long s) except *

@cython.locals(S="long long[:]", b=long, total=long, p=long, start=long, r=long)
cdef void _tile_immediate(SifnosBatch e, long g, long seat, long effect) except *

# ---- the Scheme-driven opponent
cdef long K_SCHEME_REVEAL, K_SCHEME_EFFECT, K_SOLO_FORT, K_SOLO_BEACON, K_SOLO_DEFEND
cdef long K_SOLO_WORKSHOP, K_SOLO_DRAW, SOLO_MARKER, ACTIVE_DECK, SOLO_STACKING
cdef long SCHEME_LEFT, SCHEME_ALLIES, SCHEME_DISCARDS, SOLO_FORTS, SOLO_BEACONS, N_SCHEMES
cdef long C_DIE, C_TOWER, C_SOLDIER, C_FORT, C_BEACON, C_TENT, N_TRACK, MAJORITY, LOWEST
cdef long SOLO_CAP, SOLO_TENTS, FORT_INFLUENCE
cdef tuple IS_SOLO, SCHEME_TRIES, SCHEME_CODES, SCHEME_SPACES, SCHEME_PRIORITY
cdef tuple SCHEME_PRIORITY_WORD, BONUS_WAITS, SCHEME_BONUS, TRACK_GAIN, TRACK_COL, TRACK_ROW

@cython.locals(S="long long[:]", b=long, s=long, r=long, i=long, side=long, at=long, n=long)
cdef long _solo_step(SifnosBatch e, long g, long top, long kind) except? -9

@cython.locals(S="long long[:]", b=long, d=long)
cdef void _next_deck(SifnosBatch e, long g) except *

@cython.locals(S="long long[:]", b=long, side=long, s=long, tries=long, region=long, face=long,
               m=long, target=long)
cdef bint _solo_chance(SifnosBatch e, long g, long top, long kind, double r) except? 0

@cython.locals(S="long long[:]", at=long, seen="long long", i=long, left=long, s=long,
               p=double, acc=double, last=long)
cdef long _scheme_pick(SifnosBatch e, long b, double r) except? -9

@cython.locals(S="long long[:]", n=long, counts=list, i=long)
cdef long _face_pick(SifnosBatch e, long at, double r) except? -9

@cython.locals(acc=double, last=long)
cdef long _share_pick(long c0, long c1, long c2, long n, double r) except? -9

@cython.locals(S="long long[:]", b=long, side=long, tried=tuple, r=long, ok=bint, code=long)
cdef long _resolvable_region(SifnosBatch e, long g, long s) except? -9

@cython.locals(S="long long[:]", b=long, side=long, supply=long, covering=long, x=long, at=long,
               n=long, mine=bint, i=long)
cdef long _solo_tower_space(SifnosBatch e, long g, tuple spaces) except? -9

@cython.locals(S="long long[:]", b=long, corners=tuple, k=long, c=long, top=long)
cdef long _solo_beacon_target(SifnosBatch e, long g, long r, tuple priority) except? -9

@cython.locals(S="long long[:]", b=long, side=long, owner=long, space=long)
cdef void _main_effect(SifnosBatch e, long g, long code, long s, long r) except *

@cython.locals(S="long long[:]", b=long, side=long, top=long, image=long, regions=tuple,
               before=list, x=long, priority=tuple, k=long)
cdef void _solo_place_tower(SifnosBatch e, long g, long space, long s) except *

@cython.locals(at=long, total=long, p=long)
cdef void _solo_tent(SifnosBatch e, long g, long province) except *

@cython.locals(bonus=long)
cdef void _bonus(SifnosBatch e, long g, long s, long r) except *

cdef void _draw(SifnosBatch e, long g, long side, long n) except *
cdef void _soldier_home(SifnosBatch e, long g, long side) except *

@cython.locals(S="long long[:]", b=long, m=long, gain=long)
cdef void _gain_card(SifnosBatch e, long g, long n) except *

cdef void _majority_influence(SifnosBatch e, long g) except *

@cython.locals(S="long long[:]", b=long, side=long, row=long, st=long, low=long, k=long,
               value=long, space=long, n=long, card=long, first=long, second=long, last=long,
               i=long, t=long, row_of=long, pick=long)
cdef void _solo_influence(SifnosBatch e, long g, long m) except *

# ---- the observation tensor and the VP as they stand, from the arrays
cdef long N_KINDS, N_TILES, TILE_SPACES, SHIP_SPACES, N_MARKERS, TILE_OF
cdef long TENTS_PER_VP, SET_OF, TWO_TIED, MANY_TIED, SECOND_TIED, SECOND_WITHIN, FIRST_VP, SECOND_VP
cdef double HAND_SCALE, VP_SCALE, DICE_SCALE, STACK_SCALE, BAG_SCALE, TRACK_SCALE, DICE_ALL
cdef double TOWERS_ALL, SOLDIERS_ALL, TENTS_ALL, PER_IMAGE, ROUNDS_ALL, CARDS_ALL
cdef tuple SIDE_FIELD, ROW_SLOTS, ROW_VP, BUILDING_OF, SPACE_PROVINCES, TILE_SCORING

@cython.locals(v=double)
cdef double _capped(double value, double scale) noexcept

@cython.locals(n=long)
cdef void _side_hot(SifnosBatch e, long at, long side, long first) except *

@cython.locals(k=long)
cdef long _popcount(long long x) noexcept

@cython.locals(S="long long[:]", V="double[:]", b=long, n=long, first=long, i=long, depth=long,
               top=long, kind=long, lo="long long", hi="long long", c=long)
cdef void _write_tensor(SifnosBatch e, long g, long seat) except *

@cython.locals(S="long long[:]", V="double[:]", b=long, n=long, scores=list, k=long, p=long,
               row=long, held=long, m=long, grow=long, j=long, at=long, x=long, v=long,
               reserve=long, im=long, q=long, tile=long)
cdef long _write_players(SifnosBatch e, long g, long first, long i) except -1

@cython.locals(S="long long[:]", V="double[:]", b=long, n=long, k=long, row=long, slot=long,
               face=long, x=long, at=long)
cdef long _write_sides(SifnosBatch e, long g, long first, long i) except -1

@cython.locals(S="long long[:]", V="double[:]", b=long, n=long, r=long, owner=long, s=long,
               at=long, height=long, x=long, top=long, q=long)
cdef long _write_board(SifnosBatch e, long g, long first, long i) except -1

@cython.locals(S="long long[:]", V="double[:]", b=long, bag=long, allies=long, x=long, m=long,
               invaded=long, at=long, c=long, t=long)
cdef long _write_table(SifnosBatch e, long g, long i) except -1

@cython.locals(S="long long[:]", b=long, out=list, side=long, row=long, total=long, r=long,
               emptied=bint, slot=long, tents=long, q=long, held=long)
cdef list _scores(SifnosBatch e, long g)

@cython.locals(S="long long[:]", b=long, n=long, out=list, mineral=long, values=list, best=long,
               tied=long, s=long, winner=long, second=long, seconds=long)
cdef list _majority(SifnosBatch e, long g)

@cython.locals(S="long long[:]", b=long, tile=long, row=long, how=long, a=long, c=long, d=long,
               k=long, r=long, s=long, complete=bint, x=long, spaces=tuple)
cdef long _tile_points(SifnosBatch e, long g, long side, long tents) except -1

@cython.locals(seen="long long", best=long, start=long, todo=list, provinces=long, s=long,
               t=long, k=long)
cdef long _networked(SifnosBatch e, long g, long side) except -1

# ---- every seat's heuristic (bots.evaluate_all)
cdef double H_CARD_LATE, H_CARD_EARLY, H_PLACED, H_DIE_SUPPLY, H_DIE_IDLE, H_DIE_WORKSHOP
cdef double H_DIE_MAP, H_TOWER_SUPPLY, H_SOLDIER_SUPPLY, H_SOLDIER_MAP, H_MIGHT_SLOPE
cdef double H_SHIP_INFLUENCE, H_EMPTY_INFLUENCE, H_EMPTY_CARD, H_BUILDING_SHARE, H_BEACON_VALUE
cdef double H_FACE_UP, H_TILE, H_ALLY_CARDS, H_TENT_ODD, H_MAJOR_LEFT, H_SOLDIERS_PENDING
cdef double H_SHIP_PENDING, H_FORT_PENDING, H_TRIGGERED_PENDING, H_TENT_PENDING
cdef long H_HAND_FULL, H_N_LARGE, ALL_VALUES, MUSTER_BIT, SOLO_TILE_VP, SOLO_SOLDIERS
cdef long SOLO_SOLDIERS_VP
cdef tuple H_INVADED_SOON, H_MAJORITY_WEIGHT, H_MAIN_OPEN, H_ROW_TERM, H_BEACON_TERM
cdef tuple H_FACE_UP_TERM, H_TILE_TERM, H_ROWS, H_LARGE_REGION_K_VALUE, H_SPACE_KS
cdef tuple H_SPACE_REWARD, H_COMPLETE, SEAT_AT

@cython.locals(S="long long[:]", b=long, n=long, sides=long, scores=list, opponent_vp=long,
               side=long, row=long, on_map=long, r=long, out=list, seat=long, allies=long,
               left=double, card=double, use=double, use_beyond=double, placed=double,
               tiles_left=bint, i=long, dice=list, might=list, towers=list, map_dice=list,
               takes=long, any_value=bint, k=long, worth=long, owner=long, x=long, top=long,
               invasions=list, q=long, best=long, other_best=long, m=long, winner=long,
               turn=long, j=long, ships=long, prize=double, soon=double, mine=long,
               share=double, lead=long, consolation=double, score=double)
cdef list _heuristics(SifnosBatch e, long g)

@cython.locals(S="long long[:]", b=long, row=long, grow=long, hand=long, on_map=long, r=long,
               held=long, supply=double, i=long, total=long, s=long, beacons_left=bint, k=long,
               c=long, q=long, inf=long, markers=long, allies=long)
cdef double _estimate(SifnosBatch e, long g, long seat, double value, double card, double use,
                      double use_beyond, double placed, double left, long takes, long map_dice,
                      double invasions, bint tiles_left) except? -1

@cython.locals(S="long long[:]", b=long, scoring=long, mine=long, top=long, above=long,
               level=long, s=long, v=long)
cdef double _majority_now(SifnosBatch e, long g, long seat, long mineral) except? -1

@cython.locals(S="long long[:]", row=long, total=double, i=long, own=tuple, filled=long, x=long,
               rest=double, fits=bint, v=long)
cdef double _building_progress(SifnosBatch e, long g, long seat) except? -1

@cython.locals(S="long long[:]", b=long, v=double, found=bint, majors_open=bint, recoup=bint,
               depth=long, i=long, at=long, kind=long, owner=long, done=long, top=long)
cdef double _with_pending(SifnosBatch e, long g, long seat, double value, double card,
                          double left, long takes) except? -1

@cython.locals(found=bint)
cdef bint _main_open(SifnosBatch e, long g, long seat, long major) except? 0

@cython.locals(at=long, gain=double, cheapest=long, c=long, k=long)
cdef double _best_placement(SifnosBatch e, long g, long seat, double card, double left,
                            bint free) except? -1

@cython.locals(at=long, i=long, d=long)
cdef double _best_adjustment(SifnosBatch e, long g, long seat, long takes) except? -1

@cython.locals(S="long long[:]", b=long, counts=list, v=double, dice=long, row=long,
               supply=long, reserve=long, towers=long, i=long)
cdef double _recoup_to_come(SifnosBatch e, long g, long seat, double card) except? -1

# ---- the setup's chances and starting effects
cdef long K_TILE_DRAW, K_MARKER_DRAW, K_AID_DEAL, K_PIECE_DEAL, K_SEAT_EFFECTS, AID_POOL, AIDS
cdef long N_TILE_KINDS, BAG_ALLIES, STARTING_DICE, STARTING_TOWERS, N_FRONT
cdef tuple IS_SETUP, AID_REGION, AID_TOWER, AID_IMAGE, PIECE_FACES, PIECE_SAME, SEAT_CARDS
cdef tuple SEAT_SOLDIER, SEAT_WORKSHOP_DIE

@cython.locals(S="long long[:]", b=long, at=long, left=long, t=long, p=double, acc=double,
               pick=long, counts=list, s=long, m=long, side=long, n=long, a=long,
               i=long, region=long, image=long, towers=long, slot=long, pieces=long,
               faces=tuple, f=long)
cdef bint _setup_chance(SifnosBatch e, long g, long top, long kind, double r) except? 0

@cython.locals(i=long)
cdef bint _in_list(SifnosBatch e, long at, long v) except? 0

@cython.locals(S="long long[:]", b=long, n=long, per=long)
cdef void _setup_ship(SifnosBatch e, long g, long top, long kind) except *

@cython.locals(S="long long[:]", b=long, n=long, side=long, seat=long, index=long)
cdef void _seat_effects(SifnosBatch e, long g) except *
