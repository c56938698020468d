# The compiled twin of legality.py (see setup.py and towers.core.compiled): the module as it
# is written, compiled, the legal actions of the decisions every turn asks typed, so that
# they run as C loops over the state's lists and call each other directly; rules.py binds the
# twin when it is built (tests/games/sifnos/test_twins.py holds it to the plain module).
cimport cython

@cython.locals(kinds=Py_ssize_t, total=long, single=bint, n=long, k=Py_ssize_t, pairs=tuple)
cpdef list draw_outcomes(list counts)

@cython.locals(top=object, kind=object, row=list, markers=list, t=long, m=long)
cpdef long sample_chance(object state, double r)
@cython.locals(acc=double, p=double, action=object)
cpdef long _pick(list outcomes, double r)
@cython.locals(total=long, n=long, acc=double, last=long, k=long)
cpdef long _counts_pick(list counts, long base, double r)
@cython.locals(seen=list, s=long, left=long, p=double, acc=double, last=long)
cpdef long _scheme_pick(list discards, double r)
@cython.locals(n=Py_ssize_t, p=double, acc=double, a=long)
cpdef long _uniform_pick(list items, long base, double r)
@cython.locals(faces=tuple, same=tuple, base=long, left=list, s=long, n=Py_ssize_t, acc=double,
               last=long, f=long, c=Py_ssize_t)
cpdef long _piece_pick(list pieces, long slot, double r)
@cython.locals(p=double, acc=double, v=long)
cpdef long _roll_pick(double r)

cpdef list legal_actions(object state, object top)
@cython.locals(size=Py_ssize_t, kept=Py_ssize_t, i=Py_ssize_t)
cpdef list sorted_once(list out)

@cython.locals(n=Py_ssize_t)
cpdef bint pays_one(list hand, long mineral)
@cython.locals(hand=list, held=list, size=Py_ssize_t, discounted=bint, out=list, c=long, m=long,
               price=long, same=long)
cpdef list placeable(object state, long seat)
@cython.locals(mineral=long, need=long, half=bint, hand=list, held=list, size=Py_ssize_t,
               fits=list, m=long, rest_need=long, rest_half=bint, c=long)
cpdef list pay_choices(object state, object top)
cpdef list placements(object state, object top)

@cython.locals(out=list, supply=list, workshop=list, table=tuple, v=long)
cpdef list adjustments(object state, long seat)
@cython.locals(supply=list, values=list, out=list, die_owner=list, fort_at=list, has_card=bint,
               ok=long, low=long, r=long, fort=long, base=long, v=long)
cpdef list die_placements(object state, long seat)

@cython.locals(out=list, has_card=bint, soldier_at=list, froms=list, r=long, t=long, action=long,
               there=long)
cpdef list moves(object state, long seat)
cpdef bint can_place_soldier(object state, long seat)
@cython.locals(out=list, soldier_at=list, region_ok=long, r=long)
cpdef list soldier_places(object state, long seat, long region)
@cython.locals(pieces=list, s=long, out=list, soldier_at=list, fort_at=list, region_ok=long,
               central=long, r=long, own=bint)
cpdef list fort_regions(object state, long seat)
@cython.locals(seat=long, out=list)
cpdef list soldier_choices(object state, object top)

@cython.locals(workshop=list, out=list, values=list, b=list, index=Py_ssize_t, v=long)
cpdef list builds(object state, long seat)
@cython.locals(b=list)
cpdef bint can_build(object state, long seat, long index, long value)
@cython.locals(x=long)
cpdef bint _is_open(list b, long index)
@cython.locals(rule=long, partner=long, x=long, other=long)
cpdef bint _fits(list b, long index, long value)

@cython.locals(out=list, hand=list, index=long, code=long, price=long, c=long)
cpdef list column_uses(object state, long seat, long column)
cpdef tuple placed_uses(list placed)
@cython.locals(n=Py_ssize_t)
cpdef bint _can_use(object state, long seat, list hand, long code, long price)
cpdef bint usable(object state, long seat, long code)
cpdef list prepare_choices(object state, object top)
cpdef list major_choices(object state, object top)
@cython.locals(seat=long, major=long, out=list)
cpdef list column_choices(object state, object top)
cpdef list recoup_choices(object state, object top)

@cython.locals(supply=list, images=list, out=list, region_ok=long, network=bint, ignore_image=bint,
               covers=bint, stacks=list, s=Py_ssize_t, stack=list, base=long, i=long, need=long)
cpdef list tower_placements(object state, long seat)
@cython.locals(t=long)
cpdef bint _has_tower_of(list stack, long side)
