# The compiled twin of beast_phase.py (see setup.py and towers.core.compiled): the module as it is
# written, compiled; rules.py binds the twin's functions when it is built.
cimport cython

from towers.games.turris.interned_c cimport (
    BeastEffect as BeastEffectFrame,
    BeastPath as BeastPathFrame,
    BeastTurn as BeastTurnFrame,
    DespairChoice as DespairChoiceFrame,
    DisplaceChoice as DisplaceChoiceFrame,
    TargetChoice as TargetChoiceFrame,
)
from towers.games.turris.board_c cimport beast_on, distances, ends_beast_move, is_alone, is_open, is_scout_node
from towers.games.turris.effects_c cimport trigger
from towers.games.turris.solo_c cimport has_player_scouts, push_betrayers
from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

@cython.locals(left=long, out=list)
cpdef list ways_on(TurrisState state, dict to_target, long here)
@cython.locals(b=long, target=long, start=long, steps=long, path=tuple, to_target=dict,
               options=list)
cpdef bint settle_path(TurrisState state, BeastPathFrame top)
@cython.locals(g=TurrisGame, at=long, dist=dict, scouts=list, beasts=long, node=long, best=list,
               best_d=long, best_count=long, n=long, d=long, count=long, c=long, target=long)
cpdef void beast_target(TurrisState state, long b, bint chain)

# the rest of the module's functions, the state typed
cpdef object begin_beast_phase(TurrisState state)
@cython.locals(g=TurrisGame)
cpdef object beast_speed(TurrisState state, object b)
cpdef object path_frame(TurrisState state, object b, object target, object chain)
cpdef object path_options(TurrisState state, BeastPathFrame top)
cpdef object move_beast(TurrisState state, object b, object path, object chain)
cpdef object effect_frame(TurrisState state, object b, object node, object in_phase)
@cython.locals(g=TurrisGame)
cpdef object settle_beast_effect(TurrisState state, BeastEffectFrame top)
cpdef object next_scout(TurrisState state, BeastEffectFrame top, object devoured)
@cython.locals(g=TurrisGame)
cpdef object beast_hits(TurrisState state, BeastEffectFrame top)
cpdef object after_effect(TurrisState state, BeastEffectFrame top)
@cython.locals(g=TurrisGame)
cpdef object displace_destinations(TurrisState state, object node)
cpdef object settle_beast_turn(TurrisState state, BeastTurnFrame top)
cpdef object decide_beast_path(TurrisState state, BeastPathFrame top, object value)
cpdef object decide_beast_effect(TurrisState state, BeastEffectFrame top, object value)
cpdef object settle_target_choice(TurrisState state, TargetChoiceFrame top)
cpdef object decide_target_choice(TurrisState state, TargetChoiceFrame top, object value)
cpdef object settle_displace_choice(TurrisState state, DisplaceChoiceFrame top)
cpdef object decide_displace_choice(TurrisState state, DisplaceChoiceFrame top, object value)
cpdef object settle_despair_choice(TurrisState state, DespairChoiceFrame top)
cpdef object decide_despair_choice(TurrisState state, DespairChoiceFrame top, object value)
