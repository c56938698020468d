# The compiled twin of solo.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled, the state typed; rules.py binds the twin's functions when it is built.
cimport cython

from towers.games.turris.interned_c cimport (
    BetrayerPush as BetrayerPushFrame,
    RepairChoice as RepairChoiceFrame,
)
from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

# the rest of the module's functions, the state typed
cpdef object end_solo(TurrisState state, object won)
cpdef object score_betrayers(TurrisState state, object points)
cpdef long location_number(TurrisState state, long node)
@cython.locals(taken=long, node=long)
cpdef long taken_nodes(TurrisState state)
@cython.locals(c=object)
cpdef bint is_free(TurrisState state, long node, long taken=*)
cpdef object solo_rooms(TurrisState state)
@cython.locals(numbers=list, k=long)
cpdef object betrayer_phase(TurrisState state)
@cython.locals(g=TurrisGame, at=long, here=long, lowest=long, higher=long, taken=long, num=long,
               node=long)
cpdef object move_betrayer(TurrisState state, long k)
cpdef object damage_room(TurrisState state)
cpdef object push_betrayers(TurrisState state, object node)
cpdef object settle_betrayer_push(TurrisState state, BetrayerPushFrame top)
cpdef object decide_betrayer_push(TurrisState state, BetrayerPushFrame top, object value)
cpdef object settle_repair_choice(TurrisState state, RepairChoiceFrame top)
cpdef object decide_repair_choice(TurrisState state, RepairChoiceFrame top, object value)
@cython.locals(row=list)
cpdef bint has_player_scouts(TurrisState state)
