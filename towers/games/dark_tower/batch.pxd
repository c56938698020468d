# C types for the compiled twin of batch.py (see that file, setup.py and
# towers/core/compiled.py): a game's ints are a slice of a C int array; offsets, counts and
# indices are C longs, the tables the rules read Python tuples and lists.
cimport cython

cdef long BANNER, BATTLE, CAPACITY, CLEANSE, DONE, DOUBLE, DROP, EXPLORE, HEROIC_SPIRIT, LOSING_CORRUPTIONS, MAX_STATUS, MONTHS, MOVE, N_FOES, N_GEAR, N_LOC, N_POTIONS, PLACE, POTION, REINFORCE, ROOMS, TESTS, TRADE
cdef long CORRUPTION, GAIN_GEAR, GAIN_MARKET, GAIN_POTION, GAIN_SPIRIT, GAIN_TREASURE, GAIN_VIRTUE, GAIN_WARRIORS, LOSE_GEAR, LOSE_POTION, LOSE_SPIRIT, LOSE_WARRIORS, STEAL, WILD, SKULL_EFFECT
cdef long BASE, STILL
cdef long SEATS, N_TREASURES, N_CORRUPTIONS, N_COMPANIONS, N_QUEST_ITEMS, N_QUESTS
cdef long N_BUILDINGS, N_EVENTS, MARKET, HELD, FW, STACK
cdef long SUPPLY, OUT, IN_HAND, ADV_AT, ADV_LEFT, ADV_CARD, ADV_RUNG, GOAL_STEP, CLEARED, MONTH
cdef long TURNS_LEFT, CURRENT, BANNER_USED, MOVES_LEFT, MOVED, DOUBLED, HEROIC_DONE, REINFORCED
cdef long HAGGLE, HAGGLE_AT, BASE_MOVE, TRADED, REFUSED, RESULT, WINNER
cdef long AT, WARRIORS, SPIRIT, VIRTUES, TESTS_DONE, AMULETS, ELIMINATED, GEAR, POTIONS
cdef long TESTS_DEALT, LISTS, LW, FOES, STATUS, SKULLS, ROOMS_AT, MARKET_AT, MONTHLY
cdef long COMPANIONS_LEFT, QUESTS_DEALT, TREASURE_DECK, POTION_DECK, CORRUPTION_DECK, EVENT_DECK
cdef long DRUMS, SEALS, RESTING, LOOSE, RELEASING, DROPPED, EMERGED, LENGTH, DEC, DEPTH
cdef long PENDING, W
cdef long ADVERSARY, HAGGLE_ACTION, GEAR_ACTION, SCROLL, IMPROVE, RESOLVE, RETREAT, LEAVE
cdef long MAX_ADVANTAGES, LADDER, MARKET_ACTION, TAKE_GEAR, LOSE_G, LOSE_P, VIRTUE, WARES
cdef long DOUBLE_COST, Q_WARRIORS, Q_SPIRIT, Q_GEAR, Q_POTIONS, Q_TREASURES, Q_VIRTUES
cdef long K_EXPLORING, K_ROOM_REVEAL, ENTER, TARGET, ROOM_KINDS, TOWER_DUNGEON
cdef tuple DUNGEON_AT, DUNGEON_ADVANTAGE, DUNGEON_TARGET, DUNGEON_ROOMS
cdef long K_TRADE, K_TRADE_ANSWER, PROPOSE, ACCEPT, OFFER, ASK, OFFER_AMULET, ASK_AMULET
cdef long OFFER_QUEST_ITEM, ASK_QUEST_ITEM, N_ITEMS, GEAR_ITEM, POTION_ITEM, TREASURE_ITEM
cdef long COMPANION_ITEM, AMULET_ITEM, QUEST_ITEM, EMPTY
cdef tuple ANSWERS
cdef long Q_ADVANTAGES, TESTS_TO_ENTER, TEST, ENTER_TOWER, GOAL_QUEST, QUEST
cdef long K_START_TURN, K_TURN, K_PLACE_SKULL, K_RELEASING, K_SKULL_DROPS, K_END_TURN
cdef long K_EVENT_DRAW, K_EFFECTS, K_SPAWN, K_BATTLING, K_CHOOSE_GEAR, K_DISCARD_GEAR
cdef long K_DISCARD_POTION, K_CHOOSE_VIRTUE, K_CHOOSE_MARKET, K_TREASURE_DRAW, K_POTION_DRAW
cdef long K_CARD_REVEAL, K_HAGGLE_ROLL, K_SEAL_GLOW, K_NEW_WARES, K_HEROIC_DONE
cdef long K_CORRUPTION_DRAW, K_QUEST_DRAW, ONE_CORRUPTION
cdef long EV_STRIKE, EV_SPAWN, EV_GROW, EV_STIRS, EV_ACTS, EV_COMPANION, EV_NEW_WARES
cdef long EV_CALM_ONLY, BATTLE_GLYPH_LEVEL, BATTLE_GLYPH_SIDE
cdef bint TREASURE_MOVE, LOOSENS_ROTATE, LOOSENS_BREAK
cdef double DOOR_TOTAL
cdef tuple BUILDING_AT, DISTANCES, IS_CHANCE, IS_AUTOMATIC, MOVES, QUEST_AT, BORDERS_TOWER, NO_ADVANTAGES
cdef tuple P_CLEANSE, P_REMOVE_FOE, P_MOVES, P_ADVANTAGES, P_HAS_EFFECTS, P_EFFECTS
cdef tuple SCROLL_SPEND, KINGDOM_BUILDINGS, BUILDING_KINGDOM, LOC_TERRAIN, T_TERRAIN
cdef tuple T_ADVANTAGE, T_MOVE, PERK_MOVE, PERK_FIRST, CAPACITIES, SPILL_AT, KNOCK
cdef tuple CATCH, ESCAPE, DOOR_WEIGHTS, GLOW, EV_CATEGORY, EV_FOE, EV_COUNT, EV_SEAL
cdef tuple EV_LEVEL, EV_STEPS, EV_CALM, EV_EFFECTS, LOC_KINGDOM, ADJACENT, BUILDING_TYPE
cdef list TUPLES, REST


cdef class DarkTowerBatch:
    cdef public object game, tower_data, tensor
    cdef public long size, players, month_turns, foe_status
    cdef public long adversary_advance, adversary_strike
    cdef public bint competitive
    cdef public int[:] S
    cdef public list rngs, draws, choosers, endings, live, home_of, banner, board_move
    cdef public list virtue_move, kingdom_move, enhanced_cost, board_perks, virtue_perks
    cdef public list kingdom_perk, pa_advantage, pa_advantages, pa_reinforce, pa_heroic
    cdef public list traits, foe_level, gear_advantage, ladders, event_counts, foe_tokens
    cdef public list strike_moves, strikes, gear_count, goal_steps, goal_dungeon
    cdef public list quest_what, quest_amount, quest_same, goal_treasures
    cdef public long adversary_spawn
    cdef public str adversary_defeated
    cdef public dict reinforcements
    cdef public long tensor_size
    cdef public double[:] V
    cdef public int[:] kind_place, kind_seat, loc_place, gear_place, potion_place
    cdef public int[:] treasure_place, companion_place, item_place, status_place, haggle_place
    cdef public int[:] n_default, n_virtues, glyph_level, glyph_side, quest_place, test_slot
    cdef public int[:] test_kinds
    cdef public object far
    cdef public int[:] kind_is, slot_seat, slot_n, slot_trader, slot_partner, slot_offer
    cdef public int[:] slot_ask, slot_dropper, item_low, item_high, is_traded, supplier_at
    cdef public int[:] supplier, quest_location, tower_spaces, kingdom_of
    cdef public long n_goal_quests, adversary_cards
    cdef public double[:] HS



@cython.locals(found=object)
cdef long tuple_id(tuple value) except -1

@cython.locals(found=long)
cdef long rest_of(long t) except -1

@cython.locals(p=double, acc=double, i=long)
cdef long pick_uniform(long n, double r) noexcept

@cython.locals(b=long)
cdef inline long _top(DarkTowerBatch e, long g) noexcept

@cython.locals(S="int[:]", b=long, depth=long, at=long, j=long)
cdef void _push(DarkTowerBatch e, long g, long kind, long a=*, long c=*, long d=*) except *

cdef inline void _pop(DarkTowerBatch e, long g) noexcept

cdef object _hand_over(DarkTowerBatch e, long g)

@cython.locals(S="int[:]", b=long, move=long, bits=long, i=long, k=long, at=long, table=tuple, t=long, terrain=long)
cdef long _move_value(DarkTowerBatch e, long g, long seat) except? -1

@cython.locals(S="int[:]", b=long, now=long, base=long)
cdef void _follow_move_value(DarkTowerBatch e, long g) except *

@cython.locals(S="int[:]", b=long, v=long)
cdef void _begin_turn(DarkTowerBatch e, long g, long seat) except *

@cython.locals(S="int[:]", b=long)
cdef void _tail(DarkTowerBatch e, long g, bint keeps) except *

@cython.locals(b=long, p=long)
cdef bint _anyone_out(DarkTowerBatch e, long g) noexcept

@cython.locals(S="int[:]", b=long, top=long, kind=long, d=long, n=long, seat=long, f=long, location=long, gain=long)
cdef bint _settle(DarkTowerBatch e, long g) except? 0

@cython.locals(S="int[:]", b=long, loc=long)
cdef void _remove_foe(DarkTowerBatch e, long g, long location, long f) noexcept

@cython.locals(S="int[:]", b=long, n=long, nxt=long, failed=bint)
cdef bint _next_turn(DarkTowerBatch e, long g, long seat) except? 0

@cython.locals(at=long, k=long)
cdef bint _has_cards(DarkTowerBatch e, long g, long deck, long kinds) noexcept

@cython.locals(S="int[:]", b=long, codes=tuple, code=long, n=long, seat=long, short=bint, had=long, held=long, kinds=long, k=long, take=long, left=long)
cdef bint _effect(DarkTowerBatch e, long g, long top) except? 0

@cython.locals(S="int[:]", at=long, total=long, different=long, k=long, lost=long, take=long)
cdef bint _lose_items(DarkTowerBatch e, long g, long seat, long held, long kinds, long n, long kind) except? 0

@cython.locals(S="int[:]", at=long, left=long, p=long)
cdef long _gear_left(DarkTowerBatch e, long g, long k) noexcept

cdef bint _can_corrupt(DarkTowerBatch e, long g, long seat) noexcept

@cython.locals(S="int[:]", b=long)
cdef void _gain_corruption(DarkTowerBatch e, long g, long seat) except *

@cython.locals(S="int[:]", b=long, top=long, kind=long, seat=long, at=long, bits=long, k=long, v=long, x=long, replaced=long, out=list)
cdef object _fast_legal(DarkTowerBatch e, long g)

@cython.locals(b=long, k=long)
cdef bint _potions_legal(DarkTowerBatch e, long g, long seat, bint turn, list out) except? 0

@cython.locals(S="int[:]", b=long, at=long, out=list, spirit=long, x=long, f=long, k=long, q=long, kind=long, step=long, haggle=long, done=long, count=long)
cdef object _turn_legal(DarkTowerBatch e, long g, long seat)

@cython.locals(S="int[:]", b=long, top=long, kind=long, seat=long, x=long, k=long)
cdef bint _fast_apply(DarkTowerBatch e, long g, long action) except? 0

@cython.locals(S="int[:]", b=long, top=long, kind=long, seat=long, rung=long, t=long, pool=long)
cdef bint _fast_apply_more(DarkTowerBatch e, long g, long action) except? 0

@cython.locals(S="int[:]", at=long, n=long, i=long)
cdef void _remove_held(DarkTowerBatch e, long g, long k, long seat, long item) noexcept

@cython.locals(S="int[:]", b=long, at=long, x=long)
cdef void _drink(DarkTowerBatch e, long g, long seat, long k, long top, long kind) except *

@cython.locals(S="int[:]", b=long, x=long, bonus=long, codes=object, key=tuple)
cdef void _reinforce(DarkTowerBatch e, long g, long seat, long how) except *

@cython.locals(S="int[:]", b=long, at=long, pool=long, rec=long, card=long)
cdef void _start_battle(DarkTowerBatch e, long g, long seat, long f) except *

@cython.locals(f=long, row=long)
cdef long _ladder(DarkTowerBatch e, long g, long top) except? -1

@cython.locals(S="int[:]", b=long, seat=long, f=long, result=long, left=long)
cdef void _resolve_card(DarkTowerBatch e, long g, long top) except *

@cython.locals(S="int[:]", seat=long, f=long, out=list)
cdef list _battling_legal(DarkTowerBatch e, long g, long top)

@cython.locals(S="int[:]", b=long, at=long, k=long, x=long, removes=long, i=long, t=long)
cdef void _items_legal(DarkTowerBatch e, long g, long seat, long traits, list out) except *

cdef long _dungeon(DarkTowerBatch e, long g) except? -1

cdef long _dungeon_advantage(DarkTowerBatch e, long g) except? -1

@cython.locals(S="int[:]", b=long, seat=long, room=long, kind=long, d=long, rung=long, result=long, r=long, t=long)
cdef bint _explore_step(DarkTowerBatch e, long g, long top, long action) except? 0

@cython.locals(S="int[:]", b=long, step=long, treasure=long)
cdef void _goal_step_done(DarkTowerBatch e, long g, long seat) except *

@cython.locals(S="int[:]", b=long, cleared=long, out=list)
cdef list _exploring_legal(DarkTowerBatch e, long g, long top)

@cython.locals(S="int[:]", b=long, total=long, bits=long, i=long, v=long, k=long, at=long, first=long, terrain=long, t=long)
cdef long _perk_sum(DarkTowerBatch e, long g, long seat, list table, long types) except? -1

@cython.locals(kind=long)
cdef long _perk(DarkTowerBatch e, long i, list table, long types) except? -1

@cython.locals(S="int[:]")
cdef void _count_down(DarkTowerBatch e, long g, long top) noexcept

cdef void _effects(DarkTowerBatch e, long g, long seat, long codes) except *

@cython.locals(S="int[:]", b=long, kingdom=long, home=long)
cdef void _place_skull(DarkTowerBatch e, long g, long x) except *

@cython.locals(S="int[:]", b=long, top=long, c=long, seat=long, k=long, loc=long, f=long, n=long, i=long, q=long, t=long, battle=long, face=long, o=long, dropper=long, drum=long, room=long, unrevealed=long, target=double, rest=double, acc=double)
cdef bint _fast_chance(DarkTowerBatch e, long g, long kind, double r) except? 0

cdef void _state_tail(DarkTowerBatch e, object state, bint keeps) except *

@cython.locals(at=long, n=long)
cdef void _append(DarkTowerBatch e, long g, long k, long seat, long item) except *

@cython.locals(at=long, i=long)
cdef bint _dealt(DarkTowerBatch e, long g, long q) noexcept

@cython.locals(S="int[:]", at=long, total=long, k=long, acc=double, last=long, n=long)
cdef long _deck_pick(DarkTowerBatch e, long g, long deck, long kinds, double r) except? -2

@cython.locals(total=double, acc=double, last=long, o=long)
cdef long _seal_pick(DarkTowerBatch e, long g, double r) except? -2

@cython.locals(b=long, level=long)
cdef bint _is_sealed(DarkTowerBatch e, long g, long o) noexcept

@cython.locals(S="int[:]", b=long, inside=long, lv=long)
cdef void _loosen(DarkTowerBatch e, long g, long level, bint loosens) noexcept

@cython.locals(S="int[:]", b=long, on=long, loc=long)
cdef long _tokens_left(DarkTowerBatch e, long g, long f) except? -1

@cython.locals(S="int[:]", b=long, loc=long)
cdef bint _on_board(DarkTowerBatch e, long g, long f) noexcept

@cython.locals(S="int[:]", b=long, cat=long, f=long, slot=long, o=long, level=long, s=long, anyone=bint, p=long, kingdom=long)
cdef bint _event(DarkTowerBatch e, long g, long seat, long c) except? 0

@cython.locals(S="int[:]", b=long, status=long, steps=long, loc=long, count=long, p=long)
cdef void _strike(DarkTowerBatch e, long g, long f) except *

@cython.locals(S="int[:]", b=long, target=long, best=long, p=long, h=long, d=long, row=long, a=long)
cdef long _toward_hero(DarkTowerBatch e, long g, long loc, long steps) except? -1

@cython.locals(S="int[:]", b=long, head=long, level=long, catch_level=long, still=double, reach=double, r0=double, r1=double, r2=double, at=double, drum=long, opened=long, side=long, acc=double, last=long, p=double)
cdef long _release_pick(DarkTowerBatch e, long g, double r) except? -2

@cython.locals(S="int[:]", b=long, level=long, best=long, fewest=long, lv=long, n=long, plan=list)
cdef long _settle_plan(DarkTowerBatch e, long g, bint first) except? -2

@cython.locals(S="int[:]", b=long, top=long, dropper=long, head=long, last=long, level=long, resting=long, knocked=long, side=long, standing=bint, x=long, home=long, seat=long)
cdef void _release(DarkTowerBatch e, long g, long o) except *

@cython.locals(S="int[:]", b=long, n=long, step=long, seat=long)
cdef long _placer(DarkTowerBatch e, long g, long dropper) noexcept

@cython.locals(b=long, S="int[:]", top=long)
cdef long _current(DarkTowerBatch e, long g) noexcept

@cython.locals(fast=object)
cdef list _legal(DarkTowerBatch e, long g)

@cython.locals(S="int[:]", b=long, live=object, state=object)
cdef void _apply(DarkTowerBatch e, long g, long action) except *

@cython.locals(player=long, pick=long, legal=list, draw=object, picks=object)
cdef void _play_out(DarkTowerBatch e, long g, long decisions, long until) except *

@cython.locals(S="int[:]", b=long, kind=long, r=double, state=object)
cdef void _resolve(DarkTowerBatch e, long g) except *

@cython.locals(S="int[:]", b=long, n=long, length=long, p=long, dec=list)
cdef void _resolve_on(DarkTowerBatch e, long g, object state) except *

cdef object _state_live(DarkTowerBatch e, long g)

@cython.locals(S="int[:]", b=long, n=long, i=long, k=long, p=long, at=long, level=long, j=long, held=object, frame=object, values=object, deck=object, tower=object, pending=object, name=str)
cdef void _write(DarkTowerBatch e, long g, object state) except *

@cython.locals(S="int[:]", b=long, n=long, i=long, k=long, p=long, at=long, j=long, rows=list, pending=object, seals=list, name=str)
cdef object _read(DarkTowerBatch e, long g)

@cython.locals(i=long, v=object)
cdef void put(int[:] S, long at, object values) except *

@cython.locals(i=long)
cdef list seq(int[:] S, long at, long n)

@cython.locals(count=long)
cdef long _bits(long n) noexcept

cdef bint _can_meet(DarkTowerBatch e, long g, long seat, long q) except? 0

@cython.locals(S="int[:]", b=long, what=long, total=long, k=long, wild=long, best=long, t=long, n=long)
cdef long _toward(DarkTowerBatch e, long g, long seat, long q) except? -1

@cython.locals(S="int[:]", b=long, t=long, seat=long, n=long, k=long, c=long)
cdef void _deck_draw(DarkTowerBatch e, long g, long kind, long top, double r) except *

@cython.locals(S="int[:]", b=long)
cdef long _holds(DarkTowerBatch e, long g, long seat, long item) except? -1

@cython.locals(S="int[:]", at=long, n=long, i=long)
cdef long _count_held(DarkTowerBatch e, long g, long k, long seat, long item) noexcept

@cython.locals(S="int[:]", b=long, seat=long, partner=long, offer=tuple, ask=tuple, given=list, asked=list, out=list, i=long, k=long, who=long, base=long, counted=list, at=long, q=long, inside=long, other=long)
cdef list _trade_legal(DarkTowerBatch e, long g, long top)
@cython.locals(S="int[:]", b=long, at=long, refused=long, other=long)
cdef void _add_trade_partners(DarkTowerBatch e, long g, long seat, long inside, list out) except *

@cython.locals(S="int[:]", b=long, o=long, give=tuple, take=tuple, first=long)
cdef void _decide_trade(DarkTowerBatch e, long g, long top, long action) except *

@cython.locals(S="int[:]", b=long, seat=long, t=long, give=tuple, take=tuple, later=list, k=long)
cdef void _answer_trade(DarkTowerBatch e, long g, long top, long action) except *

@cython.locals(S="int[:]", b=long, at=long)
cdef void _move_item(DarkTowerBatch e, long g, long frm, long to, long item) except *

@cython.locals(S="int[:]", t=long)
cdef bint _spend_for_advantage(DarkTowerBatch e, long g, long seat, long action, long pool) except? 0

@cython.locals(S="int[:]", b=long, at=long, x=long, removes=long)
cdef bint _can_drink(DarkTowerBatch e, long g, long seat, long k, bint battle, bint turn) except? 0

cdef long T_MONTHS, T_GOAL_STEPS, T_ROOM_KINDS, T_SKULLS, T_FRAMES, T_TREASURES, T_COMPANIONS
cdef long T_ITEMS, T_QUESTS, T_GEAR, T_POTIONS, T_GLYPHS, T_VIRTUES, T_STATUSES
cdef long WARRIOR_SCALE, SPIRIT_SCALE, MOVE_SCALE, TOKEN_SCALE

cdef inline double capped(double value, double scale) noexcept

@cython.locals(V="double[:]", S="int[:]", b=long, n=long, i=long, result=long, depth=long, top=long, k=long, x=long, at=long, f=long, loc=long)
cpdef void write_observation(DarkTowerBatch e, long g, long seat) except *

@cython.locals(V="double[:]", S="int[:]", s=long, k=long, x=long, held=long, i=long, bits=long, count=long)
cdef long write_heroes(DarkTowerBatch e, long b, long at) except? -1

@cython.locals(V="double[:]", S="int[:]", inside=long, i=long, level=long, side=long, slot=long, x=long, r=long)
cdef long write_tower(DarkTowerBatch e, long b, long at) except? -1

@cython.locals(V="double[:]", S="int[:]", n=long, i=long, x=long, k=long, total=long, s=long, done=long, kind=long, q=long)
cdef void write_table(DarkTowerBatch e, long b, long at, long seat) except *

cdef long H_MONTHS, H_ROOMS, TOTAL_SKULLS, FULL, REACH, BEATS, DOOM_REACH
cdef double GOAL_PULL, CLEANSE_PULL, FOE_PULL, DOOM, RACE_FLOOR, BRINK, READY, STEP_READY
cdef double SUPPLY_PULL, TRADE_SHARE, TRADE_HOPE, EDGE
cdef tuple BUILDING_LOC
cdef long IS_TRADE, IS_ANSWER, IS_DROPS, IS_TURN, IS_COMING

@cython.locals(S="int[:]", b=long, H="double[:]", n=long, strength=double, h=long, month_turns=long, time_left=double, urgency=double, step=long, target=long, q=long, what=long, place=double, amount=long, total=long, got=long, x=double, value=double)
cdef double cooperative(DarkTowerBatch e, long g) except? -1.0

cdef double within(double value) except? -1.0

@cython.locals(S="int[:]", b=long, steps=long, step=long, done=double, q=long, cards=long, adversary=double)
cdef double progress(DarkTowerBatch e, long g) except? -1.0

@cython.locals(S="int[:]", b=long, count=long, what=long, low=long, high=long, i=long, at=long, kind=long, bits=long, trader=long, offer=tuple, ask=tuple, j=long)
cdef long held(DarkTowerBatch e, long g, long h, long q, bint coming) except? -1

@cython.locals(S="int[:]", b=long, H="double[:]", n=long, amount=long, best=long, total=long, h=long, got=long, x=double, share=double, depth=long, top=long, kind=long, seat=long, partner=long, a=long, c=long, hope=double)
cdef double team_readiness(DarkTowerBatch e, long g, long q) except? -1.0

cdef inline double closeness(long distance) noexcept

@cython.locals(S="int[:]", warriors=long, spirit=long, value=double, gear=long, potions=long, k=long, corruptions=long)
cdef double hero_strength(DarkTowerBatch e, long b, long h) except? -1.0

@cython.locals(S="int[:]", here=long, goal=double, best=double, spirit=long, i=long, bb=long, cost=long, worth=double, k=long, might=long, f=long, level=long, loc=long)
cdef double errand(DarkTowerBatch e, long b, long h, long target, double urgency, double drawn, double need, long what) except? -1.0

@cython.locals(S="int[:]", squares=long, total=long, destroyed=long, full=long, i=long, k=long, load=double, tokens=long, most=long, foes=double)
cdef double danger(DarkTowerBatch e, long b) except? -1.0

@cython.locals(S="int[:]", b=long, H="double[:]", done=long, here=long, ready=double, near=long, i=long, pull=double, rooms=double, count=long, kind=long, q=long, x=double, share=double, at=long, race=double, month_turns=long, time_left=double, value=double)
cdef double competitor(DarkTowerBatch e, long g, long seat) except? -1.0

@cython.locals(S="int[:]", b=long, n=long, live=long, s=long, left=long, depth=long, i=long, at=long, kind=long, current=long, turn_open=bint, drops=long, first=long, place=long, step=long, x=double)
cdef double doom_of(DarkTowerBatch e, long g, long seat) except? -1.0

@cython.locals(S="int[:]", count=long, i=long)
cdef long brink(DarkTowerBatch e, long b, long seat) except? -1
