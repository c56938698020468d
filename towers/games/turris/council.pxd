# The compiled twin of council.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.

from towers.games.turris.interned_c cimport (
    CouncilReturn as CouncilReturnFrame,
    CouncilStep as CouncilStepFrame,
)
from towers.games.turris.effects_c cimport trigger
from towers.games.turris.rounds_c cimport TurrisState

# the rest of the module's functions, the state typed
cpdef object council_next(TurrisState state, object seat)
cpdef object council_to(TurrisState state, object seat, object spot)
cpdef object to_graveyard(TurrisState state, object seat)
cpdef object settle_council_step(TurrisState state, CouncilStepFrame top)
cpdef object decide_council_step(TurrisState state, CouncilStepFrame top, object value)
cpdef object decide_council_return(TurrisState state, CouncilReturnFrame top, object value)
