# C types for the compiled twin of tree.py (see that file and setup.py): visits and seats are
# C longs, scores and means C doubles; the arithmetic is the plain module's, in the same
# order, so the twin searches exactly as it does (tests/agents/test_mcts_twin.py).
cimport cython

cdef class Node:
    cdef public dict children
    cdef public long visits, available, player
    cdef public list totals, best

cdef class Valuer:
    cdef public object heuristics
    cdef public bint together
    cdef public double scale, loss

    @cython.locals(
        h=object, together=bint, scale=double, limit=double, best=double, second=double,
        x=double, out=list, i=long,
    )
    cpdef list values(self, object state, long player, object baseline)

    @cython.locals(h=object, best=double, second=double, x=double)
    cpdef object leads(self, object state)

@cython.locals(
    c=double, alpha=double, players=long, expand_all=bint, valuer=Valuer, node=Node,
    child=Node, path=list, player=long, legal=list, children=dict, untried=list,
    best_score=double, available=long, visits=long, mean=double, score=double, values=list,
    after=long,
)
cpdef iterate(object bot, Node root, object state)

@cython.locals(
    children=dict, rollout=long, valuer=Valuer, child=Node, now=long, best=list, top=list,
)
cpdef list expand(
    object bot, object state, Node node, list untried, list legal, long player,
    object baseline,
)

@cython.locals(node=Node, totals=list, s=long, total=double)
cpdef back_up(list path, list values, long players)

@cython.locals(
    node=Node, child=Node, children=dict, player=long, total=long, best=list, weight=double,
    s=long, v=double, top=list, value=list,
)
cpdef back_up_minimax(list path)

@cython.locals(top=long, second=long, visits=long, child=Node, children=dict)
cpdef bint settled(Node root, list legal, double left)
