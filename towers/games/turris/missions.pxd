# The compiled twin of missions.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

from towers.games.turris.interned_c cimport (
    MissionStep as MissionStepFrame,
    OngoingChoice as OngoingChoiceFrame,
    ReserveChoice as ReserveChoiceFrame,
)
from towers.games.turris.resources_c cimport can_pay
from towers.games.turris.effects_c cimport trigger
from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

@cython.locals(g=TurrisGame, out=list, m=long)
cpdef list completable(TurrisState state, long seat)

# the rest of the module's functions, the state typed
@cython.locals(g=TurrisGame)
cpdef object complete_mission(TurrisState state, object seat, object m)
cpdef object settle_mission_step(TurrisState state, MissionStepFrame top)
cpdef object decide_mission_step(TurrisState state, MissionStepFrame top, object value)
cpdef object settle_reserve_choice(TurrisState state, ReserveChoiceFrame top)
cpdef object decide_reserve_choice(TurrisState state, ReserveChoiceFrame top, object value)
cpdef object decide_ongoing_choice(TurrisState state, OngoingChoiceFrame top, object value)
