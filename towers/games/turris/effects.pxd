# The compiled twin of effects.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

from towers.games.turris.interned_c cimport (
    FruitChoice as FruitChoiceFrame,
    MoveScoutChoice as MoveScoutChoiceFrame,
    Resolving as ResolvingFrame,
    ReviveChoice as ReviveChoiceFrame,
    Rewards as RewardsFrame,
    StealChoice as StealChoiceFrame,
    TradeGain as TradeGainFrame,
    TradeOffer as TradeOfferFrame,
)
from towers.games.turris.board_c cimport gives_reward
from towers.games.turris.resources_c cimport can_pay, gain
from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

@cython.locals(faction=long, m=long, t=long, site=long)
cpdef bint is_set_off(TurrisState state, long seat, tuple owners)

# the rest of the module's functions, the state typed
cpdef object resolve_effect(TurrisState state, object seat, object e, object src, object index)
@cython.locals(g=TurrisGame)
cpdef object trigger(TurrisState state, object seat, object on, object node_id=*, object where=*)
@cython.locals(g=TurrisGame)
cpdef object settle_resolving(TurrisState state, ResolvingFrame top)
@cython.locals(g=TurrisGame)
cpdef object settle_trade_gain(TurrisState state, TradeGainFrame top)
cpdef object settle_rewards(TurrisState state, RewardsFrame top)
cpdef object decide_rewards(TurrisState state, RewardsFrame top, object value)
@cython.locals(g=TurrisGame)
cpdef object settle_trade_offer(TurrisState state, TradeOfferFrame top)
@cython.locals(g=TurrisGame)
cpdef object decide_trade_offer(TurrisState state, TradeOfferFrame top, object value)
cpdef object settle_steal_choice(TurrisState state, StealChoiceFrame top)
@cython.locals(g=TurrisGame)
cpdef object decide_steal_choice(TurrisState state, StealChoiceFrame top, object value)
@cython.locals(g=TurrisGame)
cpdef object settle_revive_choice(TurrisState state, ReviveChoiceFrame top)
@cython.locals(g=TurrisGame)
cpdef object decide_revive_choice(TurrisState state, ReviveChoiceFrame top, object value)
cpdef object decide_fruit_choice(TurrisState state, FruitChoiceFrame top, object value)
cpdef object settle_move_scout_choice(TurrisState state, MoveScoutChoiceFrame top)
cpdef object decide_move_scout_choice(TurrisState state, MoveScoutChoiceFrame top, object value)
