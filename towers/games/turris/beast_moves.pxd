# The compiled twin of beast_moves.py (see setup.py and towers.core.compiled): the module as
# it is written, compiled, the search of a Beast's move typed over bits by node (C longs);
# rules.py binds the twin.
cimport cython

from towers.games.turris.interned_c cimport (
    MoveBeastChoice as MoveBeastChoiceFrame,
)
from towers.games.turris.board_c cimport ends_beast_move, is_alone
from towers.games.turris.solo_c cimport push_betrayers
from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

cpdef bint can_move_on(TurrisState state, long b, long here, long steps, long start)
@cython.locals(g=TurrisGame, out=list, flipped=list, beast_at=list, scouts=list, b=long, at=long,
               open_mask=long, betrayer_mask=long, other_mask=long)
cpdef list movable_beasts(TurrisState state, long steps, bint crossroads)
@cython.locals(site_at=list, spot_open=list, bits=long, n=long, k=long)
cdef long open_bits(TurrisState state)
@cython.locals(bits=long, n=long)
cdef long betrayer_bits(TurrisState state)
@cython.locals(count=long)
cdef bint has_scout(list here)
@cython.locals(bits=long, k=long, at=long)
cdef long other_bits(list beast_at, long b)
@cython.locals(bit=long, n=long)
cdef bint reach(tuple adjacent, list scouts, long betrayer_mask, long open_mask,
                long other_mask, long here, long steps, long start)

# the rest of the module's functions, the state typed
cpdef object choose_beast(TurrisState state, MoveBeastChoiceFrame top, object b)
@cython.locals(g=TurrisGame)
cpdef object beast_steps(TurrisState state, MoveBeastChoiceFrame top)
cpdef object beast_moved(TurrisState state, MoveBeastChoiceFrame top)
cpdef object settle_move_beast_choice(TurrisState state, MoveBeastChoiceFrame top)
cpdef object decide_move_beast_choice(TurrisState state, MoveBeastChoiceFrame top, object value)
