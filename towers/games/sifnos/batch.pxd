# C types for the compiled twin of batch.py (see that file, setup.py and
# towers/core/compiled.py): the play loop and the rules it carries out typed, so that a game is
# stepped in C around the calls into its state and its rules.
cimport cython

cdef long DRAW_BASE, ROLL_BASE
cdef object DRAW_KIND, ROLL_KIND


cdef class SifnosBatch:
    cdef public object game, tensor
    cdef public long size, players
    cdef public list states, draws, choosers, starts, taken

cpdef list legal_of(object state)
cpdef void act(object state, long action) except *


@cython.locals(history=list, taken=list, legal=list, count=Py_ssize_t, i=Py_ssize_t,
               action=long, seat=long, chance_types=frozenset)
cpdef void play_out(SifnosBatch e, long g, long decisions, long until) except *

cdef object PAY_KIND, MAJORS_KIND, PREPARE_KIND, COLUMN_KIND, DRAW, ROLL, PAY, COLUMN
cdef list USED_BIT, CARD_MINERAL, CARD_KIND, CARD_DISCARD, PRINTED_KIND, PRINTED_DISCARD
cdef long ANY, A_DISCARD, A_MAJOR, DONE, A_USE_CARD, A_USE_PRINTED, N_CARDS, PRINTED_BIT, N_PRINTED
cdef frozenset USING, DONE_POPS, FAST_CHANCES
cdef object WORKSHOP_KIND, PLACE_DIE, PLACE_TOWER, BUILD
cdef long PLACE_DIE_BIT, PLACE_TOWER_BIT
cdef object GIVE_KIND, GIVE_CARDS, PLACEMENT_KIND, SOLDIERS_KIND, SOLDIERS
cdef long MOVE_BASE, A_GIVE, A_PLACE_CARD
cdef list MOVE_CODE
cdef dict OFFERED
cdef object ADJUST_KIND, ADJUST_DICE, TOWER_DRAW_KIND, TOWER_DRAW
cdef long TOWER_BASE, ADJUST_BASE
cdef list ADJUST_CODE
cdef object GAIN, GAIN_KIND, TRIGGER_KIND, DEFEND_KIND, RECOUP_KIND, END_TURN_KIND

@cython.locals(n=long)
cpdef bint has_cards(object deck) except -1
@cython.locals(steps=dict, n=long, offered=dict, choices=dict, least=long, out=list)
cpdef void settle(object state) except *

cpdef bint carried_out(object state, object top, object kind, long action) except -1
@cython.locals(card=long, seat=long, n=long, image=long)
cpdef void chance_done(object state, object top, object kind, long action) except *
@cython.locals(card=long, seat=long, n=long, mineral=long, need=long, half=bint,
               major=long, effect=long, code=long, face=long, price=long)
cpdef bint decided(object state, object top, object kind, long action) except -1
