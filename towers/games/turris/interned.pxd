# The compiled twin of interned.py (see setup.py and towers.core.compiled): the module as it
# is written, compiled; the sections that make frames bind the twin when it is built.
cimport cython

cdef dict _MADE
cdef Py_ssize_t _MOST
cdef dict _SLOTS

@cython.locals(table=dict, frame=object)
cpdef object made_of(object kind, tuple fields)
@cython.locals(slots=tuple, k=Py_ssize_t)
cpdef object new_frame(object kind, tuple fields)

# The frames as the twins read them: each one's slots as C fields, in the order CPython lays
# them out (interned.FRAME_SLOTS; a test holds them to the classes).
cdef extern class towers.games.turris.frames.FactionChoice [object FactionChoiceObject, check_size ignore]:
    cdef object seat

cdef extern class towers.games.turris.frames.Turn [object TurnObject, check_size ignore]:
    cdef object seat

cdef extern class towers.games.turris.frames.CollectPick [object CollectPickObject, check_size ignore]:
    cdef object chosen
    cdef object seat

cdef extern class towers.games.turris.frames.Rewards [object RewardsObject, check_size ignore]:
    cdef object optional
    cdef object packets
    cdef object seat

cdef extern class towers.games.turris.frames.Resolving [object ResolvingObject, check_size ignore]:
    cdef object index
    cdef object seat
    cdef object source

cdef extern class towers.games.turris.frames.GainChoice [object GainChoiceObject, check_size ignore]:
    cdef object n
    cdef object of
    cdef object seat

cdef extern class towers.games.turris.frames.PayChoice [object PayChoiceObject, check_size ignore]:
    cdef object any_n
    cdef object fixed
    cdef object of
    cdef object seat
    cdef object waive

cdef extern class towers.games.turris.frames.TradeOffer [object TradeOfferObject, check_size ignore]:
    cdef object index
    cdef object left
    cdef object seat
    cdef object source

cdef extern class towers.games.turris.frames.TradeGain [object TradeGainObject, check_size ignore]:
    cdef object index
    cdef object seat
    cdef object source

cdef extern class towers.games.turris.frames.StealChoice [object StealChoiceObject, check_size ignore]:
    cdef object n
    cdef object of
    cdef object seat

cdef extern class towers.games.turris.frames.CouncilStep [object CouncilStepObject, check_size ignore]:
    cdef object seat
    cdef object steps

cdef extern class towers.games.turris.frames.CouncilReturn [object CouncilReturnObject, check_size ignore]:
    cdef object seat

cdef extern class towers.games.turris.frames.PlayTacticsChoice [object PlayTacticsChoiceObject, check_size ignore]:
    cdef object drawn
    cdef object n
    cdef object seat

cdef extern class towers.games.turris.frames.ReserveChoice [object ReserveChoiceObject, check_size ignore]:
    cdef object n
    cdef object seat

cdef extern class towers.games.turris.frames.PlaceFree [object PlaceFreeObject, check_size ignore]:
    cdef object n
    cdef object seat

cdef extern class towers.games.turris.frames.MoveScoutChoice [object MoveScoutChoiceObject, check_size ignore]:
    cdef object n
    cdef object origin
    cdef object seat
    cdef object steps

cdef extern class towers.games.turris.frames.MoveBeastChoice [object MoveBeastChoiceObject, check_size ignore]:
    cdef object beast
    cdef object crossroads
    cdef object flip
    cdef object seat
    cdef object start
    cdef object steps

cdef extern class towers.games.turris.frames.ReviveChoice [object ReviveChoiceObject, check_size ignore]:
    cdef object done
    cdef object index
    cdef object n
    cdef object seat
    cdef object source

cdef extern class towers.games.turris.frames.FruitChoice [object FruitChoiceObject, check_size ignore]:
    cdef object seat

cdef extern class towers.games.turris.frames.TrionfiChoice [object TrionfiChoiceObject, check_size ignore]:
    cdef object optional
    cdef object prestige
    cdef object seat

cdef extern class towers.games.turris.frames.MissionStep [object MissionStepObject, check_size ignore]:
    cdef object seat

cdef extern class towers.games.turris.frames.OngoingChoice [object OngoingChoiceObject, check_size ignore]:
    cdef object mission
    cdef object seat

cdef extern class towers.games.turris.frames.DiscardDown [object DiscardDownObject, check_size ignore]:
    cdef object seat

cdef extern class towers.games.turris.frames.EndTurn [object EndTurnObject, check_size ignore]:
    cdef object seat
    cdef object stage

cdef extern class towers.games.turris.frames.BeastTurn [object BeastTurnObject, check_size ignore]:
    cdef object beast
    cdef object chain

cdef extern class towers.games.turris.frames.TargetChoice [object TargetChoiceObject, check_size ignore]:
    cdef object beast
    cdef object chain
    cdef object options
    cdef object seat

cdef extern class towers.games.turris.frames.BeastPath [object BeastPathObject, check_size ignore]:
    cdef object beast
    cdef object chain
    cdef object path
    cdef object seat
    cdef object speed
    cdef object target

cdef extern class towers.games.turris.frames.BeastEffect [object BeastEffectObject, check_size ignore]:
    cdef object beast
    cdef object devoured
    cdef object in_phase
    cdef object node
    cdef object queue
    cdef object seat

cdef extern class towers.games.turris.frames.DisplaceChoice [object DisplaceChoiceObject, check_size ignore]:
    cdef object node
    cdef object owner
    cdef object seat

cdef extern class towers.games.turris.frames.DespairChoice [object DespairChoiceObject, check_size ignore]:
    cdef object seat

cdef extern class towers.games.turris.frames.BetrayerPush [object BetrayerPushObject, check_size ignore]:
    cdef object scout
    cdef object seat

cdef extern class towers.games.turris.frames.RepairChoice [object RepairChoiceObject, check_size ignore]:
    cdef object seat

cdef extern class towers.games.turris.frames.TacticsDraw [object TacticsDrawObject, check_size ignore]:
    cdef object seat

cdef extern class towers.games.turris.frames.TrionfiDraw [object TrionfiDrawObject, check_size ignore]:
    cdef object slot

cdef extern class towers.games.turris.frames.SiteDraw [object SiteDrawObject, check_size ignore]:
    cdef object spot

cdef extern class towers.games.turris.frames.BeastStartDraw [object BeastStartDrawObject, check_size ignore]:
    cdef object beast
