# The compiled twin of interned.py (see setup.py and towers.core.compiled): the module as it
# is written, compiled; the sections that make frames bind the twin when it is built.
cimport cython

cdef dict _MADE
cdef Py_ssize_t _MOST
