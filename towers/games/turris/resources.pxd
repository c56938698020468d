# The compiled twin of resources.py (see setup.py and towers.core.compiled): the module as it
# is written, compiled, the payment check typed; the sections bind the twin when it is built.
cimport cython

@cython.locals(res=list, missing=long, t=long, need=long, counts=tuple, spare=long)
cpdef bint can_pay(object state, long seat, object bundle, object have=*)
