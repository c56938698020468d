# The compiled twin of action_step.py (see setup.py and towers.core.compiled): the module as
# it is written, compiled, PLACE's nodes typed; rules.py binds the twin when it is built.
cimport cython

from towers.games.turris.interned_c cimport (
    CollectPick as CollectPickFrame,
    PlaceFree as PlaceFreeFrame,
    Turn as TurnFrame,
)
from towers.games.turris.board_c cimport gives_reward, reward_source
from towers.games.turris.effects_c cimport trigger
from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

@cython.locals(g=TurrisGame, out=list, node=long, k=long, site=long, limit=long, immediate=bint, taken=long,
               at=long, spot_of=tuple, site_at=list, site_limit=tuple, site_immediate=tuple,
               node_limit=tuple, node_immediate=tuple, scouts=list, always=tuple,
               src=long)
cpdef list place_nodes(TurrisState state, long seat)

# the rest of the module's functions, the state typed
@cython.locals(g=TurrisGame)
cpdef object place(TurrisState state, object seat, object node)
@cython.locals(g=TurrisGame)
cpdef object collect(TurrisState state, object seat, object chosen)
@cython.locals(g=TurrisGame)
cpdef object revive_cost(TurrisState state, object seat)
cpdef object faction_action(TurrisState state, object seat)
@cython.locals(g=TurrisGame)
cpdef object decide_turn(TurrisState state, TurnFrame top, object value)
cpdef object decide_collect_pick(TurrisState state, CollectPickFrame top, object value)
cpdef object settle_place_free(TurrisState state, PlaceFreeFrame top)
cpdef object decide_place_free(TurrisState state, PlaceFreeFrame top, object value)
