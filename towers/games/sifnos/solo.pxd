# The compiled twin of solo.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled, the opponent's steps typed, so that finding a Region for a Scheme and
# resolving its effects run as C loops over the state's lists; rules.py binds the twin when
# it is built (tests/games/sifnos/test_solo_twin.py holds it to the plain module).
cimport cython

cpdef long tents_left(object state)

@cython.locals(s=long, region=long)
cpdef scheme_revealed(object state, object top, object value)

cpdef bint _reveal_step(object state, object top)
cpdef bint _beacon_step(object state, object top)
cpdef bint _fort_step(object state, object top)
@cython.locals(s=long, r=long, i=long)
cpdef bint _effect_step(object state, object top)
cpdef bint _defend_step(object state, object top)
cpdef bint _draw_step(object state, object top)
cpdef bint _workshop_step(object state, object top)
cpdef bint settle(object state, object top)

@cython.locals(side=long, dice=list)
cpdef _return_workshop(object state)
@cython.locals(inf=list, stacking=list, low=long, best=long, m=long)
cpdef long lowest(object state)

@cython.locals(side=long, r=long, codes=tuple, spaces=tuple, code=long)
cpdef long resolvable_region(object state, long s)
@cython.locals(supply=list, stacks=list, covering=long, s=long, stack=list, mine=bint, t=long)
cpdef long _tower_space(object state, long side, tuple spaces)
@cython.locals(side=long, corners=tuple, stacks=list, beacon_at=list, out=list, k=long, c=long,
               stack=list)
cpdef list beacon_targets(object state, long r, object priority)

@cython.locals(side=long, owner=long, space=long)
cpdef _main_effect(object state, long code, long s, long r)
@cython.locals(side=long, stacks=list, stack=list, top=long, image=long, regions=tuple,
               before=list, k=Py_ssize_t, x=long)
cpdef _place_tower(object state, long space, object priority)
@cython.locals(n=long, c=long, t=long)
cpdef long _corners_held(list stacks, long side, tuple corners)
cpdef _bonus(object state, long s, long r)

@cython.locals(side=long, gain=long, k=long)
cpdef gain_card(object state, long n)
cpdef majority_influence(object state)
