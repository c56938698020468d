# The compiled twin of action_step.py (see setup.py and towers.core.compiled): the module as
# it is written, compiled, PLACE's nodes typed; rules.py binds the twin when it is built.
cimport cython

@cython.locals(out=list, node=long, k=long, site=long, limit=long, immediate=bint, taken=long,
               at=long, spot_of=tuple, site_at=list, site_limit=tuple, site_immediate=tuple,
               node_limit=tuple, node_immediate=tuple, scouts=list, always=tuple,
               src=long)
cpdef list place_nodes(object state, long seat)
