# The compiled twin of rounds.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

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
    cdef object game
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
@cython.locals(g=object, top=object)
cpdef void apply(TurrisState state, long action)
@cython.locals(settlers=dict, top=object, settle=object)
cpdef void run(TurrisState state)
cpdef bint is_quiet(TurrisState state)

# the rest of the module's functions, the state typed
cpdef object next_step(TurrisState state)
