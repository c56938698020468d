# The compiled twin of turn.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin when it is built (nearly every action runs it).
cimport cython
