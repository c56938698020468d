# The compiled twin of effects.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

@cython.locals(faction=long, m=long, t=long, site=long)
cpdef bint is_set_off(object state, long seat, tuple owners)
