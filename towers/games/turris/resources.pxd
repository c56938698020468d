# The compiled twin of resources.py (see setup.py and towers.core.compiled): the module as it
# is written, compiled, the payment check typed; the sections bind the twin when it is built.
cimport cython

from towers.games.turris.interned_c cimport (
    PayChoice as PayChoiceFrame,
)
from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

# A Bundle and an Effect as the twins read them: their slots as C fields, in the order CPython
# lays them out (resources.BUNDLE_SLOTS and EFFECT_SLOTS; a test holds them to the classes).
cdef extern class towers.games.turris.data.Bundle [object BundleObject, check_size ignore]:
    cdef object A
    cdef object I
    cdef object K
    cdef object R
    cdef object W
    cdef object any
    cdef tuple counts
    cdef tuple named
    cdef object of
    cdef tuple of_index

cdef extern class towers.games.turris.data.Effect [object EffectObject, check_size ignore]:
    cdef object at
    cdef object bundle
    cdef object crossroads
    cdef object flip
    cdef object give
    cdef object kind
    cdef object n
    cdef object of
    cdef object play
    cdef object steps

@cython.locals(res=list, missing=long, t=long, need=long, counts=tuple, spare=long)
cpdef bint can_pay(TurrisState state, long seat, Bundle bundle, object have=*)
@cython.locals(res=list, fixed=str, any_n=long, of=str, out=list, t=long)
cpdef list pay_tokens(TurrisState state, PayChoiceFrame top)
@cython.locals(letter=str)
cpdef object rest_after(str fixed, long any_n, str of, long t)
@cython.locals(counts=list, missing=long, t=long, spare=long)
cpdef bint can_pay_letters(list res, str fixed, long any_n, str of)
cpdef object gain(TurrisState state, long seat, Bundle bundle)
