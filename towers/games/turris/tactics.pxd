# The compiled twin of tactics.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.

cimport cython

from towers.games.turris.interned_c cimport (
    PlayTacticsChoice as PlayTacticsChoiceFrame,
)
from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

# the rest of the module's functions, the state typed
@cython.locals(g=TurrisGame)
cpdef object playable_cards(TurrisState state, object seat)
cpdef object tactics_choices(TurrisState state, PlayTacticsChoiceFrame top)
cpdef object play_tactics(TurrisState state, object seat, object card)
cpdef object settle_play_tactics_choice(TurrisState state, PlayTacticsChoiceFrame top)
cpdef object decide_play_tactics_choice(TurrisState state, PlayTacticsChoiceFrame top, object value)
