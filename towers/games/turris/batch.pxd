# C types for the compiled twin of batch.py (see that file, setup.py and
# towers/core/compiled.py): a game's ints are a slice of a C array of 64-bit ints; offsets,
# counts and indices are C longs; the tables the write and the read walk are Python tuples.
cimport cython

cdef long SEATS, N_NODES, N_BEASTS, N_SPOTS, N_TABLEAU, N_TRIONFI, N_TACTICS, N_MISSIONS
cdef long N_SITES, N_TOKENS, THRESHOLDS_ROOM, ONCE_ROOM, STACK_ROOM, CHANCE_ROOM
cdef long F_INT, F_FLAG, F_WORD, FW
cdef long K_TURN, K_COUNCIL_RETURN, K_TACTICS_DRAW, K_MISSION_DRAW, K_TRIONFI_DRAW
cdef long K_SITE_DRAW, K_BEAST_TURN, K_END_TURN, K_COLLECT_PICK, K_REWARDS, K_RESOLVING
cdef long K_PAY_CHOICE, K_GAIN_CHOICE, K_TRADE_OFFER, K_STEAL_CHOICE, K_COUNCIL_STEP
cdef long K_PLAY_TACTICS_CHOICE, K_RESERVE_CHOICE, K_PLACE_FREE, K_MOVE_SCOUT_CHOICE
cdef long K_MOVE_BEAST_CHOICE, K_REVIVE_CHOICE, K_FRUIT_CHOICE, K_REPAIR_CHOICE, K_TRIONFI_CHOICE
cdef tuple EFFECT_KINDS
cdef long E_GAIN, E_PAY, E_TRADE, E_STEAL, E_PRESTIGE, E_COUNCIL, E_COUNCIL_REWARD, E_TACTICS
cdef long E_PLAY_TACTICS, E_RESERVE, E_ACTION, E_ACTION_TOKEN, E_PLACE, E_MOVE_SCOUT
cdef long E_MOVE_BEAST, E_REVIVE, E_SACRIFICE, E_FRUIT, E_FIRST_PLAYER, E_TOWER_ROOM, A_TOKEN
cdef long A_COUNCIL_SPOT, A_CHOOSE_BEAST, A_CHOOSE
cdef long K_TARGET_CHOICE, K_BEAST_PATH, K_BEAST_EFFECT, K_BETRAYER_PUSH, K_DISPLACE_CHOICE
cdef long K_TRADE_GAIN, K_MISSION_STEP, K_ONGOING_CHOICE, K_DISCARD_DOWN
cdef long A_STEAL, A_STEAL_STRIDE, A_CHOOSE_MISSION, A_ONGOING_SLOT, A_DISCARD
cdef tuple TRIGGERS
cdef long T_PLACE, T_COLLECT, T_GATHER_ICHOR, T_TURN_START, T_COUNCIL, T_SACRIFICE, T_DEVOURED
cdef long T_OTHER_DEVOURED, T_MISSION, T_TOWER_ROOM
cdef long K_FACTION_CHOICE, A_TAKE_TRIONFI, A_CHOOSE_FACTION, K_FIRST_PLAYER_DRAW, PHASE_SETUP
cdef long K_DESPAIR_CHOICE, PHASE_BETRAYERS, PHASE_OVER, AT_FRUIT, AT_ALTAR, AT_MOVEMENT_CARD
cdef long PRESTIGE, AT_THRESHOLDS_HIT, AT_ENDGAME, AT_ENDGAME_IN_BEASTS, PHASE_BEASTS
cdef tuple IN_ARRAYS, KINDS, FIELDS, FIELD_CODES, IS_DECIDED, HAS_SETTLE, PHASES
cdef tuple SCALARS, FLAGS, SEAT_INTS, FIXED_INTS, FIXED_FLAGS, SEAT_LISTS, LISTS, DECKS
cdef tuple WRITTEN_INTS, WRITTEN_INTS_AT, FLAGS_AT, SEAT_INTS_AT, FIXED, FIXED_AT, SEAT_LISTS_AT
cdef tuple LISTS_AT, DECKS_AT
cdef dict KIND_OF, AT, WORD_ID
cdef list WORDS
cdef long W, LENGTH, DEC, STALE, PHASE, ROUND, GAME_OVER, EXCAVATION_DUE, COUNCIL
cdef long RESOURCES, SCOUTS, HANDS, MISSIONS, TRIONFI_TABLEAU, SITE_AT, ONCE_USED
cdef long TACTICS_DECK, MISSION_DECK, TRIONFI_DECK, SITE_DECK, CHANCE, STACK, HAND_W
cdef long ACTIONS_LEFT, PLACED_ACTION, COLLECTED, GATHERS, TACTICS_PLAYED, FUTURE_FIRST
cdef long FACTION, SIDE, RESERVE, GRAVEYARD, ACTION_TOKENS, ONGOING, ONGOING_W
cdef long TRIONFI_OWNED, TRIONFI_OWNED_W, BEAST_AT, BETRAYER_AT, UPGRADED, TACTICS_DISCARD
cdef long A_PLACE, A_COLLECT, A_COLLECT_SCOUT, A_GATHER_ICHOR, A_FORCE_REVIVE
cdef long A_FACTION_ACTION, A_USE_ACTION_TOKEN, A_PLAY_TACTICS, A_RESOLVE, I_, ART
cdef long C_GAIN, C_PAY, C_SACRIFICE, C_REVIVE, C_RESERVE, C_PLACE, C_FIRST_PLAYER
cdef long C_COUNCIL_REWARD, C_STEAL, C_MOVE_SCOUT, C_TOWER_ROOM, C_MOVE_BEAST, C_OTHER
cdef long GROVE_ROOM, AT_RESERVED, RESERVED_W, AT_TURN_INDEX, AT_FIRST_PLAYER, AT_ACTIVE
cdef long PHASE_TURNS
cdef long AT_SPOT_OPEN, AT_DAMAGED, AT_FLIPPED, AT_ROOMS, COMPLETED, COMPLETED_W
cdef dict CHECK_CODES
cdef long A_ACCEPT, A_PASS, A_DRAW_TACTICS, A_DRAW_MISSION, A_DRAW_TRIONFI, A_DRAW_SITE
cdef long LEGAL_ROOM, BW
cdef dict _SECTIONS
cdef object RULES_APPLY, RULES_RUN, SAMPLE_CHANCE


cdef class TurrisBatch:
    cdef public object game, tensor, start, heuristic, floats
    cdef public long tensor_size, n_council, n_factions, n_altar
    cdef public double rooms_scale, grove_scale
    cdef public double[::1] O
    cdef public long size, players
    cdef public long long[::1] S, L, H, D, T, searched, owners, B
    cdef public long long[::1] spot_of, site_limit, site_immediate, node_limit, node_immediate
    cdef public long long[::1] src_site, src_upgrade, src_location, always, adj, is_location
    cdef public long long[::1] is_crossroads, mission_costs
    cdef public unsigned long long land
    cdef public tuple spot_nodes
    cdef public dict bundles
    cdef public list rows
    cdef public list rngs, draws, choosers, live
    # the game's tables (_tables)
    cdef public tuple places, src_tactics, rewarding
    cdef public tuple checks, faction_actions, revive_costs, revive_pays
    cdef public tuple ichor_words, adjacent, tower_need
    cdef public tuple reserved_costs, effects, src_council, thresholds
    cdef public long prestige_end, tower_rooms
    cdef public tuple council_next, council_last, is_spot, altar_beast, altar_speed
    cdef public tuple node_of_number, devours, displaces, chain_attack, removal
    cdef public long abyss, altar_spaces, ongoing_slots
    cdef public tuple mission_ongoing, mission_prestige, mission_pays, src_mission
    cdef public tuple node_ids, node_where, spots, ongoing_of_side, ongoing_of_mission
    cdef public tuple ongoing_of_trionfi, ongoing_of_site, used_spots, src_trionfi
    cdef public tuple trionfi_node, factions_offered, src_side
    cdef public long hand_limit, mission_tableau, actions_per_turn
    cdef public long solo, scouts_per_player, collect_cost, gather_ichor, gather_bonus
    cdef public long of_default, empty
    # solo play's tables (_solo_tables)
    cdef public tuple node_number, damage_order, d12_faces
    cdef public double[:] d4, d12
    cdef public long rooms_to_win, damage_prestige, betrayer_phase_prestige
    # the Beasts' paths' tables (_path_tables)
    cdef public long d_key


@cython.locals(found=object)
cpdef long word_id(object value) except -1

# ---- playing
@cython.locals(S="long long[::1]", start="long long[::1]", g=long, b=long, i=long)
cdef void _copy_start(TurrisBatch e) except *

@cython.locals(b=long)
cdef bint _over(TurrisBatch e, long g) except? 0

@cython.locals(b=long)
cdef long _current(TurrisBatch e, long g) except? -9

cdef void _take_back(TurrisBatch e, long g) except *

@cython.locals(n=long, i=long)
cdef list _legal(TurrisBatch e, long g)

cdef list _legal_on(object state)

@cython.locals(b=long)
cdef void _apply(TurrisBatch e, long g, long action) except *

@cython.locals(player=long, pick=long, legal=list, n=long, L="long long[::1]", r=double)
cdef void _play_out(TurrisBatch e, long g, long decisions, long until) except *

@cython.locals(b=long, r=double)
cdef void _resolve(TurrisBatch e, long g) except *

@cython.locals(n=long)
cdef void _resolve_on(TurrisBatch e, long g, object state) except *

cdef object _state_live(TurrisBatch e, long g)

cdef void _sync(TurrisBatch e, long g) except *

@cython.locals(b=long, depth=long, kind=long, top=long, found=long, quiet=bint)
cdef bint _settle(TurrisBatch e, long g) except? 0

@cython.locals(b=long, depth=long, packets=tuple, of=str, options=tuple, n=long)
cdef long _settle_frame(TurrisBatch e, long g, long top, long kind) except? -9

@cython.locals(b=long, depth=long, n=long, res=long, kinds=long, first=long, t=long, seat=long, effect=tuple, left=bint, k=long)
cdef long _settle_more(TurrisBatch e, long g, long top, long kind) except? -9

@cython.locals(b=long, seat=long, src=long, i=long, effects=tuple, depth=long)
cdef void _settle_resolving(TurrisBatch e, long g, long top) except *

@cython.locals(b=long, kind=long, n=long, drawn=long, res=long, t=long, fixed=long, any_n=long, of=long, spot=long, packets=tuple, q=long, r=long)
cdef void _effect(TurrisBatch e, long g, long top, long seat, tuple effect, long src, long index) except *

@cython.locals(S="long long[::1]", b=long, q=long, queued=long, j=long, d=long)
cdef bint _queue_tactics_draw(TurrisBatch e, long g, long seat) except? 0

@cython.locals(S="long long[::1]", b=long, at=long, counts=long, k=long)
cdef void _shuffle_discards(TurrisBatch e, long g) except *

@cython.locals(S="long long[::1]", b=long, at=long, t=long, hit=bint, k=long)
cdef void _thresholds(TurrisBatch e, long g, long now) except *

@cython.locals(S="long long[::1]", b=long, most=long, rooms=long, p=long)
cdef void _score(TurrisBatch e, long g, long seat, long points) except *

@cython.locals(b=long, seat=long, fixed=str, any_n=long, res=long, spare=long, enough=bint, t=long, n=long)
cdef long _settle_pay(TurrisBatch e, long g, long top) except? -9

@cython.locals(S="long long[::1]", L="long long[::1]", H="long long[::1]", seat=long, fixed=str, any_n=long, of=str, res=long, n=long, t=long, k=long, rest=tuple)
cdef long _pay_tokens(TurrisBatch e, long g, long top) except? -9

cdef tuple _rest_after(str fixed, long any_n, str of, long t)

@cython.locals(H="long long[::1]", counts=list, missing=long, t=long, spare=long)
cdef bint _can_pay_letters(TurrisBatch e, str fixed, long any_n, str of) except? 0

@cython.locals(S="long long[::1]", L="long long[::1]", fixed=str, any_n=long, of=str, n=long, letter=str)
cdef long _waive_tokens(TurrisBatch e, long g, long top) except? -9

@cython.locals(S="long long[::1]", seat=long, rest=tuple)
cdef void _pay_one(TurrisBatch e, long g, long top, long t) except *

@cython.locals(S="long long[::1]", b=long, k=long, q=long, queued=long, j=long, d=long)
cdef void _change_excavation_sites(TurrisBatch e, long g) except *

@cython.locals(q=long, n=long, r=long)
cdef void _queue(TurrisBatch e, long g, long kind, long field) except *

cdef void _room_built(TurrisBatch e, long g, long seat, long prestige) except *

@cython.locals(S="long long[::1]", L="long long[::1]", b=long, seat=long, drawn=long, at=long, size=long, held="unsigned long long", one="unsigned long long", first=long, k=long, n=long, c=long)
cdef long _tactics_choices(TurrisBatch e, long g, long top) except? -9

@cython.locals(b=long, seat=long, steps=long, spots=tuple)
cdef long _settle_council_step(TurrisBatch e, long g, long top) except? -9

@cython.locals(seat=long)
cdef void _council_to(TurrisBatch e, long g, long top, long spot) except *

@cython.locals(S="long long[::1]", b=long, beast=long, start=long, end=long, k=long)
cdef long _settle_move_beast(TurrisBatch e, long g, long top) except? -9

@cython.locals(k=long, b=long)
cdef void _vacate(TurrisBatch e, long g, long node) except *

@cython.locals(b=long, steps=long, beast=long, start=long, here=long, ends=bint, k=long, alone=bint, opened="unsigned long long", one="unsigned long long", betrayers="unsigned long long", others="unsigned long long", j=long, there=long, n=long, node=long)
cdef long _beast_steps(TurrisBatch e, long g, long top) except? -9

@cython.locals(S="long long[::1]", L="long long[::1]", b=long, opened="unsigned long long", one="unsigned long long", betrayers="unsigned long long", others="unsigned long long", j=long, there=long, n=long, k=long, at=long)
cdef long _movable_beasts(TurrisBatch e, long g, long steps, long crossroads) except? -9

@cython.locals(b=long, seat=long, stage=long, grove=long)
cdef void _end_turn_stage(TurrisBatch e, long g, long top) except *

@cython.locals(S="long long[::1]", b=long, q=long, n=long, queued=long, j=long, d=long, cards=long)
cdef void _queue_mission_draw(TurrisBatch e, long g) except *

@cython.locals(b=long, res=long, at=long, k=long, t=long, cost=long)
cdef bint _has_completable(TurrisBatch e, long g, long seat) except? 0

@cython.locals(b=long, index=long, seat=long)
cdef bint _next_turn(TurrisBatch e, long g) except? 0

@cython.locals(b=long)
cdef void _start_turn(TurrisBatch e, long g, long seat) except *

@cython.locals(S="long long[::1]", b=long, first=long, beast=long, at=long, left=bint)
cdef bint _end_round(TurrisBatch e, long g) except? 0

@cython.locals(S="long long[::1]", b=long, n=long, first=long, k=long)
cdef bint _first_round(TurrisBatch e, long g) except? 0

@cython.locals(S="long long[::1]", b=long, beast=long)
cdef bint _beast_phase(TurrisBatch e, long g) except? 0

@cython.locals(b=long, shape=long, k=long, key=long, at=long, n=long)
cdef void _distances(TurrisBatch e, long g, long start) except *

@cython.locals(T="long long[::1]", opened="unsigned long long", n=long, one="unsigned long long", frontier="unsigned long long", d=long, nxt="unsigned long long", here=long, there=long)
cdef void _search(TurrisBatch e, long g, long start, long at) except *

@cython.locals(b=long, at=long, near=bint, n=long, target=long, beasts="unsigned long long", one="unsigned long long", k=long, best="unsigned long long", best_d=long, best_count=long, d=long, count=long, tied=long)
cdef void _beast_target(TurrisBatch e, long g, long beast, long chain) except *

@cython.locals(b=long, altar=long, speed=long)
cdef void _path_frame(TurrisBatch e, long g, long beast, long target, long chain) except *

@cython.locals(left=long, n=long, there=long, around="unsigned long long")
cdef long _ways_on(TurrisBatch e, long here) except? -9

@cython.locals(b=long, beast=long, target=long, start=long, total=long, path=tuple, steps=long, grown=tuple, n=long)
cdef bint _settle_path(TurrisBatch e, long g, long top) except? 0

@cython.locals(b=long, start=long, end=long, node=long, alone=bint, k=long)
cdef void _move_beast(TurrisBatch e, long g, long beast, tuple path) except *

@cython.locals(b=long, n=long, first=long, queue=list, k=long, seat=long)
cdef void _beast_arrives(TurrisBatch e, long g, long beast, long end, long in_phase) except *

@cython.locals(b=long, seat=long, queue=tuple, devoured=tuple, who=long, other=long, beast=long, k=long)
cdef long _settle_beast_effect(TurrisBatch e, long g, long top) except? -9

@cython.locals(S="long long[::1]", rest=tuple)
cdef void _next_scout(TurrisBatch e, long g, long top, long devoured) except *

@cython.locals(S="long long[::1]", b=long, seat=long, beast=long, node=long)
cdef void _beast_hits(TurrisBatch e, long g, long top) except *

@cython.locals(k=long)
cdef bint _is_scout_node(TurrisBatch e, long g, long node) except? 0

@cython.locals(at=long, k=long)
cdef bint _beast_free(TurrisBatch e, long g, long node) except? 0

@cython.locals(L="long long[::1]", opened="unsigned long long", found="unsigned long long", one="unsigned long long", n=long, m=long, count=long)
cdef long _displace_destinations(TurrisBatch e, long g, long node) except? -9

@cython.locals(at=long, t=long)
cdef void _resources_to_h(TurrisBatch e, long g, long seat) except *

cdef tuple _letters(str of)

@cython.locals(at=long, row=long, t=long)
cdef void _gain(TurrisBatch e, long g, long seat, long bundle, long of) except *

@cython.locals(D="long long[::1]", L="long long[::1]", n=long, node=long, d=long)
cdef long _scout_moves(TurrisBatch e, long g, long origin, long steps) except? -9

@cython.locals(at=long, L="long long[::1]", found="unsigned long long", one="unsigned long long", node=long, n=long)
cdef long _movable_scouts(TurrisBatch e, long g, long seat, long steps) except? -9

@cython.locals(at=long)
cdef void _move_scout(TurrisBatch e, long g, long seat, long frm, long to) except *

@cython.locals(b=long, k=long)
cdef bint _ends_beast_move(TurrisBatch e, long g, long node) except? 0

# ---- the rules over the arrays
@cython.locals(b=long)
cdef long _top(TurrisBatch e, long g) noexcept

@cython.locals(b=long, top=long, kind=long, n=long, i=long, of=str, spots=tuple, options=tuple, path=tuple, at=long, k=long, seat=long, t=long, node=long, used=long, taken=bint, p=long)
cdef long _fast_legal(TurrisBatch e, long g) except? -9

@cython.locals(b=long, n=long, i=long, of=str, at=long, k=long, seat=long, t=long, node=long, used=long, taken=bint, p=long)
cdef long _legal_more(TurrisBatch e, long g, long top, long kind) except? -9

@cython.locals(found=object, row=list)
cdef long _bundle(TurrisBatch e, object bundle) except -1

cdef tuple _pay_frame(object bundle)

@cython.locals(checks=list, found=list)
cdef void _tables(TurrisBatch e, object game) except *

cdef tuple _effect_rows(TurrisBatch e, object game)

@cython.locals(code=long, owned=object)
cdef void _trigger_owners(TurrisBatch e, object game) except *

@cython.locals(i=long, x="long long", j=long, kept=long)
cdef long _sort(TurrisBatch e, long n) except? -9

@cython.locals(b=long, n=long, at=long, k=long, m=long, cost=long)
cdef long _completable(TurrisBatch e, long g, long seat) except? -9

@cython.locals(b=long, n=long, collected=long, grave=long, cost=long, src=long, at=long, k=long, c=long, ok=long, size=long, nxt=long, card=long, _j=long)
cdef long _legal_turn(TurrisBatch e, long g, long seat) except? -9

@cython.locals(b=long, taken="unsigned long long", one="unsigned long long", k=long, at=long, n=long, node=long, site=long, limit=long, immediate=long, src=long, ok=long)
cdef long _place_nodes(TurrisBatch e, long g, long seat) except? -9

@cython.locals(at=long, total=long, p=long)
cdef long _scouts_on(TurrisBatch e, long g, long node) except? -9

@cython.locals(at=long, node=long)
cdef bint _on_board(TurrisBatch e, long g, long seat) except? 0

@cython.locals(b=long, k=long, site=long)
cdef long _reward_source(TurrisBatch e, long g, long node) except? -9

@cython.locals(k=long, site=long)
cdef bint _is_immediate(TurrisBatch e, long g, long node) except? 0

@cython.locals(S="long long[::1]", b=long, k=long)
cdef bint _gives_reward(TurrisBatch e, long g, long node) except? 0

@cython.locals(at=long, missing=long)
cdef bint _can_pay_ichor(TurrisBatch e, long g, long seat, long cost) except? 0

@cython.locals(b=long, f=long, ok=long)
cdef long _faction_action(TurrisBatch e, long g, long seat) except? -9

@cython.locals(b=long, res=long, t=long, in_reserve=long, in_grave=long, check=tuple, code=long)
cdef long _can_resolve(TurrisBatch e, long g, long seat, long src, long placing) except? -9

@cython.locals(S="long long[::1]", at=long, victim=long, t=long)
cdef bint _can_steal(TurrisBatch e, long g, long seat, tuple of) except? 0

@cython.locals(b=long, bits="unsigned long long", one="unsigned long long", k=long, node=long)
cdef unsigned long long _open_bits(TurrisBatch e, long g) except? 0

@cython.locals(b=long, opened="unsigned long long", one="unsigned long long", node=long, reached="unsigned long long", frontier="unsigned long long", nxt="unsigned long long", here=long, there=long, k=long)
cdef bint _can_move_a_scout(TurrisBatch e, long g, long seat, long steps, long placing) except? 0

@cython.locals(S="long long[::1]", b=long, k=long)
cdef bint _has_solo_room(TurrisBatch e, long g) except? 0

@cython.locals(S="long long[::1]", b=long, nxt=long)
cdef bint _may_build(TurrisBatch e, long g, long seat) except? 0

@cython.locals(b=long, opened="long long", betrayers="unsigned long long", one="unsigned long long", k=long, at=long, j=long, others="unsigned long long", there=long)
cdef bint _can_move_a_beast(TurrisBatch e, long g, long steps, long crossroads) except? 0

@cython.locals(one="unsigned long long", bit="unsigned long long", n=long)
cdef bint _reach(TurrisBatch e, long g, unsigned long long betrayers, unsigned long long opened, unsigned long long others, long here, long steps, long start) except? 0

@cython.locals(row=long, missing=long, t=long, need=long, choice=long, spare=long, j=long)
cdef bint _can_pay(TurrisBatch e, long bundle) except? 0

@cython.locals(row=long, artifacts=long, t=long, need=long, left=long, kinds=long, done=long, best=long, j=long, took=long, rest=long)
cdef void _spend(TurrisBatch e, long bundle) except *

@cython.locals(b=long, t=long, faction=long, at=long, k=long, site=long)
cdef bint _is_set_off(TurrisBatch e, long g, long seat, long code) except? 0

@cython.locals(b=long, lists=list, faction=long, at=long, k=long, site=long, spot=long, on=str, node_id=str, where=str, effects=tuple, trig=str, place=str, once=bint, src=long, tag=long, used=bint, i=long)
cdef void _trigger(TurrisBatch e, long g, long seat, long code, long node) except *

@cython.locals(b=long, seat=long, chosen=tuple, n=long, at=long, node=long, here=long)
cdef long _legal_collect_pick(TurrisBatch e, long g, long top) except? -9

@cython.locals(seat=long, packets=tuple, n=long, k=long, ok=long)
cdef long _legal_rewards(TurrisBatch e, long g, long top) except? -9

@cython.locals(b=long, top=long, kind=long, done=bint, seat=long, drawn=long, f=long, side=long)
cdef bint _fast_apply(TurrisBatch e, long g, long action) except? 0

@cython.locals(b=long, done=bint, m=long, seat=long, fixed=long, any_n=long, of=long, t=long, victim=long, slot=long, at=long, card=long)
cdef bint _apply_more(TurrisBatch e, long g, long top, long kind, long action) except? 0

@cython.locals(b=long, depth=long, r=long)
cdef void _push(TurrisBatch e, long g, long kind, long f1, long f2, long f3, long f4, long f5, long f6=*) except *

@cython.locals(b=long, seat=long, node=long, bonus=long, dead=long, fixed=long, any_n=long, of=long, src=long, card=long)
cdef bint _apply_turn(TurrisBatch e, long g, long top, long action) except? 0

@cython.locals(b=long)
cdef void _play_tactics(TurrisBatch e, long g, long seat, long card) except *

@cython.locals(S="long long[::1]", b=long, seat=long, prestige=long, k=long)
cdef void _take_trionfi(TurrisBatch e, long g, long top, long t) except *

@cython.locals(b=long)
cdef void _place(TurrisBatch e, long g, long seat, long node) except *

@cython.locals(S="long long[::1]", b=long, at=long, reserved=bint, k=long, fixed=long, any_n=long, of=long)
cdef void _complete_mission(TurrisBatch e, long g, long seat, long m) except *

@cython.locals(b=long, seat=long, chosen=tuple, packets=list, node=long, src=long, cost=long)
cdef bint _apply_collect_pick(TurrisBatch e, long g, long top, long action) except? 0

@cython.locals(S="long long[::1]", b=long, beast=long)
cdef bint _apply_move_beast(TurrisBatch e, long g, long top, long action) except? 0

@cython.locals(b=long, seat=long, packets=tuple, k=long)
cdef bint _apply_rewards(TurrisBatch e, long g, long top, long action) except? 0

@cython.locals(S="long long[::1]", b=long, q=long, kind=long, card=long, n=long, acc=double, seat=long, s=long, k=long)
cdef bint _fast_chance(TurrisBatch e, long g, double r) except? 0

@cython.locals(S="long long[::1]", counts=long, bottom=long, total=long, acc=double, last=long, k=long, n=long)
cdef long _deck_pick(TurrisBatch e, long d, long kinds, double r) noexcept

@cython.locals(q=long, n=long, i=long)
cdef void _chance_pop(TurrisBatch e, long g) noexcept

@cython.locals(n=long, k=long, i=long)
cdef void _list_remove(TurrisBatch e, long at, long v) noexcept

cdef void _list_append(TurrisBatch e, long at, long v) noexcept

# ---- a one-game state written into a game's slice, and read back
@cython.locals(S="long long[::1]", b=long, n=long, at=long, p=long, k=long, i=long, size=long, total=long, stale=long, c="long long")
cdef void _write(TurrisBatch e, long g, object state) except *

@cython.locals(k=long)
cdef void _put_list(long long[::1] S, long at, object items, long room) except *

@cython.locals(j=long, kind=long, r=long, f=long, code=long, names=tuple, codes=tuple)
cdef void _put_frames(long long[::1] S, long at, object frames, long room) except *

@cython.locals(S="long long[::1]", b=long, n=long, at=long, size=long)
cdef object _read(TurrisBatch e, long g)

@cython.locals(k=long)
cdef list _get_list(long long[::1] S, long at)

@cython.locals(out=list, j=long, r=long, kind=long, codes=tuple, values=list, f=long, v="long long", code=long)
cdef list _get_frames(long long[::1] S, long at)

# ---- the views: returns and heuristics read from the arrays
cdef object SUM
cdef tuple SEAT_FIELD
cdef long PLAYER_WON
cdef double H_RESOURCE, H_ARTIFACT, H_ICHOR, H_ICHOR_SPARE, H_REACH, H_REACH_FLOOR, H_COMPLETED
cdef double H_ROOM_READY, H_SCOUT_RESERVE, H_SCOUT_BOARD, H_REWARD_SHARE, H_COLLECT_ICHOR
cdef double H_SCOUT_DEAD, H_RISK_NEAR, H_RISK_FAR, H_COUNCIL_STEP, H_COUNCIL_STUCK
cdef double H_ACTION_TOKEN, H_ACTION_NOW, H_FUTURE_FIRST, H_ONGOING, H_PENDING
cdef long H_ICHOR_KEPT, H_MISSIONS_COUNTED, H_MEMO_LIMIT

@cython.locals(S="long long[::1]", b=long, n=long, first=long, best=long, top_p="long long", top_r="long long", k=long, s=long, p="long long", at=long, r="long long")
cdef list _returns(TurrisBatch e, long g)

@cython.locals(S="long long[::1]", b=long, n=long, seat=long, at=long, depth=long, i=long, kind=long, f=long, who=long, collect_seat=long)
cdef list _heuristics(TurrisBatch e, long g)

@cython.locals(S="long long[::1]", b=long, k=long, at=long, node=long, far=long, near=long, reward=double, each=double)
cdef list _scout_worth(TurrisBatch e, long g, object t)

@cython.locals(S="long long[::1]", c=long, i=long)
cdef list _seat_list(TurrisBatch e, long g, long at, long width, long seat)

cdef object _missions_value(TurrisBatch e, long g, object t, long seat, object tableau, list res)

@cython.locals(S="long long[::1]", b=long, at=long, i=long, node=long, value=double, on_board="long long", k="long long", picked=long, dead="long long", useful="long long", ichor="long long", affordable="long long", grove="long long", level=long, limit=long, recalled=double, each=double, reward=double)
cdef double _evaluate(TurrisBatch e, long g, object t, long seat, list worth, object tableau, object chosen, list pending) except? -1

# ---- what a seat sees: its observation tensor, written from the arrays
cdef long N_PHASES, N_FRAMES, N_DIE
cdef tuple PHASE_HOT, FRAME_HOT, D12_FACES
cdef double ROUND_SCALE, PRESTIGE_SCALE, RESOURCE_SCALE, TOKEN_SCALE, HAND_SCALE
cdef double ACTIONS_SCALE, DEPTH_SCALE, SCOUT_SCALE

cdef void _tensor_tables(TurrisBatch e, object game) except *

@cython.locals(v=double)
cdef double _capped(double value, double scale) noexcept

cdef void _seat_hot(TurrisBatch e, long at, long seat) except *

@cython.locals(S="long long[::1]", V="double[::1]", b=long, n=long, i=long, depth=long, top=long, kind=long, hot=long, f=long, node=long, at=long, p=long, x=long)
cdef void _write_tensor(TurrisBatch e, long g, long seat) except *

@cython.locals(S="long long[::1]", V="double[::1]", b=long, k=long, at=long, site=long, node=long)
cdef long _write_board(TurrisBatch e, long g, long i) except -1

@cython.locals(S="long long[::1]", V="double[::1]", b=long, n=long, w=long, k=long, t=long, p=long, at=long, x=long)
cdef long _write_cards(TurrisBatch e, long g, long i) except -1

@cython.locals(S="long long[::1]", V="double[::1]", b=long, p=long, at=long, k=long)
cdef long _write_players(TurrisBatch e, long g, long i) except -1

cdef long _deck_size(long long[::1] S, long at, long size) noexcept

@cython.locals(S="long long[::1]", V="double[::1]", b=long, at=long, thresholds=tuple, k=long, t=long, x=long, card=long)
cdef long _write_rest(TurrisBatch e, long g, long i) except -1

# ---- solo play: the Betrayer Phase, the solo decisions and dice, the Solo Endgame
cdef long K_BEAST_DIE, K_MOVEMENT_DIE, K_BEAST_START_DRAW, A_REPAIR_ROOM, BETRAYER_PRESTIGE
cdef long AT_BEAST_DIE, AT_PLAYER_WON

cdef void _solo_tables(TurrisBatch e, object game) except *

@cython.locals(S="long long[:]", b=long, beast=long)
cdef bint _solo_step(TurrisBatch e, long g) except? 0

@cython.locals(S="long long[:]", b=long)
cdef void _end_solo(TurrisBatch e, long g, long won) except *

@cython.locals(S="long long[:]", b=long)
cdef void _check_solo_end(TurrisBatch e, long g) except *

@cython.locals(S="long long[:]", b=long, k=long)
cdef void _check_solo_rooms(TurrisBatch e, long g) except *

@cython.locals(S="long long[::1]", b=long)
cdef void _score_betrayers(TurrisBatch e, long g, long points) except *

@cython.locals(S="long long[:]", b=long, at=long, swap=bint, j=long)
cdef void _betrayer_phase(TurrisBatch e, long g) except *

@cython.locals(S="long long[:]", b=long, at=long, here=long, one="unsigned long long", taken="unsigned long long", j=long, lowest=long, higher=long, num=long, node=long)
cdef void _move_betrayer(TurrisBatch e, long g, long k) except *

@cython.locals(S="long long[:]", b=long, slot=long)
cdef void _damage_room(TurrisBatch e, long g) except *

@cython.locals(S="long long[:]", b=long, at=long, n=long, k=long)
cdef long _settle_solo(TurrisBatch e, long g, long top, long kind) except? -9

@cython.locals(S="long long[:]", L="long long[:]", b=long, n=long, k=long)
cdef long _legal_solo(TurrisBatch e, long g, long top, long kind) except? -9

@cython.locals(S="long long[:]", b=long)
cdef bint _apply_solo(TurrisBatch e, long g, long top, long kind, long action) except? 0

@cython.locals(i=long)
cdef long _walk(double[:] totals, double r) except? -9

@cython.locals(acc=double)
cdef object _running_totals(list outcomes)

cdef void _path_tables(TurrisBatch e, object game) except *

@cython.locals(S="long long[:]", b=long, q=long, kind=long, free=long, p=double, acc=double, spot=long, k=long)
cdef bint _chance_solo(TurrisBatch e, long g, double r) except? 0
