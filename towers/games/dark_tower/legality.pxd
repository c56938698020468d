# The compiled twin of legality.py (see that file's last section and setup.py): the legal
# actions made directly, compiled as they are written.
cimport cython
