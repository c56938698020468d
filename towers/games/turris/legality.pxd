# The compiled twin of legality.py (see setup.py and towers.core.compiled): the module as it
# is written, compiled, the checks every turn asks typed; rules.py binds the twin when built.
cimport cython

from towers.games.turris.resources_c cimport Effect
from towers.games.turris.interned_c cimport (
    BeastEffect as BeastEffectFrame,
    BeastPath as BeastPathFrame,
    BetrayerPush as BetrayerPushFrame,
    CollectPick as CollectPickFrame,
    CouncilReturn as CouncilReturnFrame,
    CouncilStep as CouncilStepFrame,
    DespairChoice as DespairChoiceFrame,
    DiscardDown as DiscardDownFrame,
    DisplaceChoice as DisplaceChoiceFrame,
    FactionChoice as FactionChoiceFrame,
    FruitChoice as FruitChoiceFrame,
    GainChoice as GainChoiceFrame,
    MissionStep as MissionStepFrame,
    MoveBeastChoice as MoveBeastChoiceFrame,
    MoveScoutChoice as MoveScoutChoiceFrame,
    OngoingChoice as OngoingChoiceFrame,
    PayChoice as PayChoiceFrame,
    PlaceFree as PlaceFreeFrame,
    PlayTacticsChoice as PlayTacticsChoiceFrame,
    RepairChoice as RepairChoiceFrame,
    ReserveChoice as ReserveChoiceFrame,
    ReviveChoice as ReviveChoiceFrame,
    Rewards as RewardsFrame,
    StealChoice as StealChoiceFrame,
    TargetChoice as TargetChoiceFrame,
    TradeOffer as TradeOfferFrame,
    TrionfiChoice as TrionfiChoiceFrame,
    Turn as TurnFrame,
)
from towers.games.turris.action_step_c cimport faction_action, place_nodes, revive_cost
from towers.games.turris.board_c cimport beast_on, is_scout_node, reward_source, scout_moves, scout_nodes
from towers.games.turris.resources_c cimport can_pay, pay_tokens
from towers.games.turris.tactics_c cimport playable_cards
from towers.games.turris.rounds_c cimport TurrisGame, TurrisState

@cython.locals(have=list, in_reserve=long, in_grave=long, t=long, n=long, e=Effect)
cpdef bint can_resolve(TurrisState state, long seat, object effects, long placing=*)
@cython.locals(g=TurrisGame)
cpdef bint can_resolve_source(TurrisState state, long seat, long src, long placing=*)
@cython.locals(out=list, seat=long)
cpdef list legal_turn(TurrisState state, TurnFrame top)
@cython.locals(top=object)
cpdef list legal_actions(TurrisState state)
@cython.locals(k=Py_ssize_t)
cpdef list in_order(list out)

# the rest of the module's functions, the state typed
cpdef object explain(TurrisState state, object action)
cpdef object place_problem(TurrisState state, object seat, object node)
cpdef object legal_faction_choice(TurrisState state, FactionChoiceFrame top)
cpdef object legal_collect_pick(TurrisState state, CollectPickFrame top)
cpdef object legal_rewards(TurrisState state, RewardsFrame top)
cpdef object legal_gain_choice(TurrisState state, GainChoiceFrame top)
cpdef object legal_pay_choice(TurrisState state, PayChoiceFrame top)
cpdef object legal_trade_offer(TurrisState state, TradeOfferFrame top)
cpdef object legal_council_return(TurrisState state, CouncilReturnFrame top)
cpdef object legal_revive_choice(TurrisState state, ReviveChoiceFrame top)
cpdef object legal_steal_choice(TurrisState state, StealChoiceFrame top)
cpdef object legal_council_step(TurrisState state, CouncilStepFrame top)
cpdef object legal_play_tactics_choice(TurrisState state, PlayTacticsChoiceFrame top)
cpdef object legal_reserve_choice(TurrisState state, ReserveChoiceFrame top)
cpdef object legal_place_free(TurrisState state, PlaceFreeFrame top)
cpdef object legal_move_scout_choice(TurrisState state, MoveScoutChoiceFrame top)
cpdef object legal_move_beast_choice(TurrisState state, MoveBeastChoiceFrame top)
cpdef object legal_fruit_choice(TurrisState state, FruitChoiceFrame top)
cpdef object legal_trionfi_choice(TurrisState state, TrionfiChoiceFrame top)
cpdef object legal_mission_step(TurrisState state, MissionStepFrame top)
cpdef object legal_ongoing_choice(TurrisState state, OngoingChoiceFrame top)
cpdef object legal_discard_down(TurrisState state, DiscardDownFrame top)
cpdef object legal_target_choice(TurrisState state, TargetChoiceFrame top)
cpdef object legal_beast_path(TurrisState state, BeastPathFrame top)
cpdef object legal_beast_effect(TurrisState state, BeastEffectFrame top)
cpdef object legal_displace_choice(TurrisState state, DisplaceChoiceFrame top)
cpdef object legal_despair_choice(TurrisState state, DespairChoiceFrame top)
cpdef object legal_betrayer_push(TurrisState state, BetrayerPushFrame top)
cpdef object legal_repair_choice(TurrisState state, RepairChoiceFrame top)
