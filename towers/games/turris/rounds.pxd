# The compiled twin of rounds.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

# A TurrisGame as the twins read it: the Game's list of weak references, then its tables, the
# slots, in the order CPython lays them out (rounds.GAME_SLOTS).
cdef extern class towers.games.turris.rules.TurrisGame [object TurrisGameObject, check_size ignore]:
    cdef object _weakrefs
    cdef object abyss
    cdef object adjacent
    cdef object altar_beast
    cdef object altar_speed
    cdef object always_resolvable
    cdef object beast_start
    cdef object c
    cdef object checked_effects
    cdef object council_levels
    cdef object council_next_spots
    cdef object crossroads
    cdef object damage_order
    cdef object data
    cdef object decide
    cdef object distance_tables
    cdef object faction_actions
    cdef object factions_offered
    cdef object gather_bonus
    cdef object is_location
    cdef object mission_costs
    cdef object n_nodes
    cdef object n_players
    cdef object node_ids
    cdef object node_immediate
    cdef object node_limit
    cdef object node_number
    cdef object node_of_number
    cdef object node_where
    cdef object nodes
    cdef object numbered_nodes
    cdef object ongoing
    cdef object ongoing_of_mission
    cdef object ongoing_of_side
    cdef object ongoing_of_site
    cdef object ongoing_of_trionfi
    cdef object random_beasts
    cdef object removal
    cdef object reserved_costs
    cdef object revive_bundles
    cdef object revive_cost
    cdef object revive_cost_all_dead
    cdef object scout_places
    cdef object settle
    cdef object site_immediate
    cdef object site_limit
    cdef object solo
    cdef object sources
    cdef object spot_of
    cdef object spots
    cdef object src_council
    cdef object src_location
    cdef object src_mission
    cdef object src_side
    cdef object src_site
    cdef object src_tactics
    cdef object src_trionfi
    cdef object src_upgrade
    cdef object tower_need
    cdef object triggered_by
    cdef object used_spots
    cdef object values

# A TurrisState as the twins read it: its slots as C fields, in the order CPython lays them
# out (by name, rounds.STATE_SLOTS; tests/games/turris/test_twins.py holds the two to the
# class). The stack and the draws pending are lists (the stack a subclass that overrides
# none of the list's methods), read by the list's own C calls.
cdef extern class towers.games.turris.rules.TurrisState [object TurrisStateObject, check_size ignore]:
    cdef object _history
    cdef object _legal
    cdef object _legal_set
    cdef object action_tokens
    cdef object actions_left
    cdef object active
    cdef object altar
    cdef object beast_at
    cdef object beast_die
    cdef object betrayer_at
    cdef object betrayer_prestige
    cdef list chance
    cdef object collected
    cdef object completed
    cdef object council
    cdef object damaged
    cdef object endgame
    cdef object endgame_in_beasts
    cdef object excavation_due
    cdef object faction
    cdef object first_player
    cdef object flipped
    cdef object fruit
    cdef object future_first
    cdef TurrisGame game
    cdef object game_over
    cdef object gathers
    cdef object graveyard
    cdef object grove_room
    cdef object hands
    cdef object mission_deck
    cdef object missions
    cdef object movement_card
    cdef object once_used
    cdef object ongoing
    cdef object phase
    cdef object placed_action
    cdef object player_won
    cdef object prestige
    cdef object reserve
    cdef object reserved
    cdef object resources
    cdef object rooms
    cdef object round
    cdef object scouts
    cdef object side
    cdef object site_at
    cdef object site_deck
    cdef object spot_open
    cdef list stack
    cdef object tactics_deck
    cdef object tactics_discard
    cdef object tactics_played
    cdef object thresholds_hit
    cdef object trionfi_deck
    cdef object trionfi_owned
    cdef object trionfi_tableau
    cdef object turn_index
    cdef object upgraded

cpdef long current_player(TurrisState state)
cpdef list legal_actions(TurrisState state)
cpdef void apply_trusted(TurrisState state, object action)
@cython.locals(g=TurrisGame, top=object)
cpdef void apply(TurrisState state, long action)
@cython.locals(settlers=dict, top=object, settle=object)
cpdef void run(TurrisState state)
cpdef bint is_quiet(TurrisState state)

# the rest of the module's functions, the state typed
@cython.locals(g=TurrisGame)
cpdef object next_step(TurrisState state)
