# The compiled twin of hero.py (see setup.py): the move value asked after every action.
cimport cython
