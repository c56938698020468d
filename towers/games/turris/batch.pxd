# C types for the compiled twin of batch.py (see that file, setup.py and
# towers/core/compiled.py): the engine's fields as C fields, counts and seats as C longs;
# the games are one-game states, stepped through their own (compiled) rules, and a state
# loaded is copied by its C fields (rounds.pxd's TurrisState), the rules' twins called as C
# functions.
cimport cython

from towers.games.turris.draws_c cimport sample_chance
from towers.games.turris.legality_c cimport legal_actions as legal_of
from towers.games.turris.rounds_c cimport TurrisState, apply as rules_apply


cdef bint RULES_COMPILED

cdef class TurrisBatch:
    cdef public object game, tensor
    cdef public long size, players
    cdef public list states, rngs, choosers, starts, taken


@cython.locals(state=TurrisState, rng=object, draw=object, picks=object, taken=list, player=long, legal=list, count=long, pick=long)
cpdef void play_out(TurrisBatch e, long g, long decisions, long until) except *

cpdef void step(TurrisState state, long action) except *

cpdef void resolve(TurrisState state, object rng) except *

cpdef long seat_of(object state) except? -9

cpdef void copy_into(TurrisState state, TurrisState source) except *

@cython.locals(k=long)
cpdef void rows_into(list rows, list source) except *

cpdef void deck_into(object deck, object source) except *

cpdef bint alike(object state, object source) except? -1
