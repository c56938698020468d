# The compiled twin of resources.py (see setup.py and towers.core.compiled): the module as it
# is written, compiled, the payment check typed; the sections bind the twin when it is built.
cimport cython

@cython.locals(res=list, missing=long, t=long, need=long, counts=tuple, spare=long)
cpdef bint can_pay(object state, long seat, object bundle, object have=*)
@cython.locals(res=list, fixed=str, any_n=long, of=str, out=list, t=long)
cpdef list pay_tokens(object state, object top)
@cython.locals(letter=str)
cpdef object rest_after(str fixed, long any_n, str of, long t)
@cython.locals(counts=list, missing=long, t=long, spare=long)
cpdef bint can_pay_letters(list res, str fixed, long any_n, str of)
