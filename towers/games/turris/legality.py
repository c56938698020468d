"""What may be done in Turris: the legal answers to each decision, and why an action is
refused, with the rulebook section that says so.

Minor Rules and Clarifications and Easily Missed Rules: an effect, a Tactics card or an
Immediate Location may be used only if every part not marked optional can be resolved in
full (:func:`can_resolve`). The conditions of each rule are stated once, in its section's
module (PLACE in :mod:`~towers.games.turris.action_step`, a Tower Room's prerequisite in
:mod:`~towers.games.turris.trionfi`...); the legal actions and the refusals both ask them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from towers.core.frames import Frame
from towers.games.turris import actions as A
from towers.games.turris.action_step import faction_action, place_nodes, revive_cost
from towers.games.turris.data import Effect
from towers.games.turris.frames import (
    ASKED,
    BeastEffect,
    BeastPath,
    BetrayerPush,
    CollectPick,
    CouncilReturn,
    CouncilStep,
    DespairChoice,
    DiscardDown,
    DisplaceChoice,
    FactionChoice,
    FruitChoice,
    GainChoice,
    MissionStep,
    MoveBeastChoice,
    MoveScoutChoice,
    OngoingChoice,
    PayChoice,
    PlaceFree,
    PlayTacticsChoice,
    RepairChoice,
    ReserveChoice,
    ReviveChoice,
    Rewards,
    StealChoice,
    TargetChoice,
    TradeOffer,
    TrionfiChoice,
    Turn,
)
from towers.games.turris.resources import LETTER, K, R, W
from towers.games.turris.tactics import playable_cards
from towers.games.turris.twins import (
    beast_on,
    can_pay,
    fruit_nodes,
    ichor,
    is_immediate,
    is_scout_node,
    movable_scouts,
    pay_tokens,
    reward_source,
    scout_limit,
    scout_moves,
    scout_nodes,
    spend,
    steal_options,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState

R_PLACE = "Action Step (PLACE)"


R_COLLECT = "Action Step (COLLECT)"


R_TACTICS = "Action Step (one Tactics card a turn); Minor Rules and Clarifications"


R_MISSION = "Complete Mission Step"


R_SETUP = "Setup (step 9)"


R_IMMEDIATE = "Minor Rules and Clarifications; Easily Missed Rules (every part not marked optional)"


R_SOLO_TURN = "Appendix 1: Solo Play, Player Turn Phase (Solo)"


_PLACE = A.SPACE.base(A.Place)


_CHOOSE = A.SPACE.base(A.Choose)


_TOKEN = A.SPACE.base(A.Token)


_RESOLVE = A.SPACE.base(A.Resolve)


_PLAY_TACTICS = A.SPACE.base(A.PlayTactics)


_COLLECT_SCOUT = A.SPACE.base(A.CollectScout)


_CHOOSE_MISSION = A.SPACE.base(A.ChooseMission)


_CHOOSE_BEAST = A.SPACE.base(A.ChooseBeast)


_COUNCIL_SPOT = A.SPACE.base(A.CouncilSpot)


_TAKE_TRIONFI = A.SPACE.base(A.TakeTrionfi)


_ONGOING_SLOT = A.SPACE.base(A.OngoingSlot)


_DISCARD = A.SPACE.base(A.Discard)


_REPAIR_ROOM = A.SPACE.base(A.RepairRoom)


_STEAL = A.SPACE.base(A.Steal)


_STEAL_STRIDE = A.SPACE.encode(A.Steal(1, 0)) - _STEAL
"""Steal (resource, seat): the base, plus the resource times this, plus the seat."""


_CHOOSE_FACTION = A.SPACE.base(A.ChooseFaction)
"""The first int of each kind of one parameter that legal actions list most (the kind's
base plus the parameter is its action)."""


_COLLECT = A.SPACE.encode(A.Collect())


_GATHER_ICHOR = A.SPACE.encode(A.GatherIchor())


_FORCE_REVIVE = A.SPACE.encode(A.ForceRevive())


_FACTION_ACTION = A.SPACE.encode(A.FactionAction())


_USE_ACTION_TOKEN = A.SPACE.encode(A.UseActionToken())


_PASS = A.PASS
"""Pass and Accept as ints, read once rather than from the actions module a call."""

_ACCEPT = A.ACCEPT


CHECKED_KINDS = frozenset(
    {
        "pay", "sacrifice", "revive", "steal", "reserve", "place", "move_scout", "first_player",
        "council_reward", "tower_room", "move_beast",
    }
)  # fmt: skip
"""The effect kinds that :meth:`TurrisState._can_resolve` checks (its cases but the gains,
which only add to what later checks see)."""


def explain(state: TurrisState, action: int) -> tuple[str, str]:
    """Why ``action`` is not legal now, and the rulebook section that says so."""
    value = A.SPACE.decode(action)
    top = state.stack.top if state.stack else None
    seat = state.active
    match value:
        case A.Place(node=node) if isinstance(top, Turn):
            if state.actions_left <= 0:
                return "no action is left this turn", "Action Step"
            if state.collected:
                return "PLACE may not be taken after a COLLECT this turn", R_PLACE
            return place_problem(state, seat, node), R_PLACE
        case A.Collect() if isinstance(top, Turn):
            if state.collected:
                return "COLLECT may only be taken once per turn", R_COLLECT
            if state.placed_action:
                return "COLLECT may not be taken after a PLACE this turn", R_COLLECT
        case A.PlayTactics() if isinstance(top, Turn) and state.tactics_played:
            return "one Tactics card a turn is already played", R_TACTICS
        case A.PlayTactics(card=card) if isinstance(top, Turn):
            if card not in state.hands[seat]:
                return "that Tactics card is not in your hand", R_TACTICS
            return "its effects cannot all be performed in full now", R_TACTICS
        case A.ForceRevive() if isinstance(top, Turn) and state.actions_left > 0:
            if not state.graveyard[seat]:
                return "none of your Scouts is in the Graveyard", "Action Step (FORCE REVIVE)"
            cost = state._revive_cost(seat).I
            return f"FORCE REVIVE costs {cost} Ichor, more than you hold", (
                "Action Step (FORCE REVIVE)"
            )
        case A.UseActionToken() if isinstance(top, Turn):
            return "you hold no Additional Action token", "Rules Clarification 3"
        case A.ChooseMission(mission=m) if isinstance(top, MissionStep):
            if m not in state.missions and m not in state.reserved[seat]:
                return "that Mission is neither in the tableau nor reserved by you", R_MISSION
            return "you cannot pay that Mission's cost", R_MISSION
        case A.ChooseFaction() if isinstance(top, FactionChoice):
            return "that faction is taken or not in this game", R_SETUP
    if top is None:
        return "no decision is pending", "Gameplay"
    asked = ASKED.get(type(top))
    if asked is None:  # a step the rules settle alone: nobody decides until it is done
        if state.is_chance_node():
            return "no seat decides now: chance comes next, in the step under way", "Gameplay"
        return "no seat decides now: the rules are settling the step under way", "Gameplay"
    return f"the pending decision is to {asked}", "Gameplay"


def place_problem(state: TurrisState, seat: int, node: int) -> str:
    """Why a Scout of ``seat`` may not be placed on ``node`` (PLACE)."""
    if state.reserve[seat] <= 0:
        return "no Scout is in your reserve (Rules Clarification 1)"
    if not is_scout_node(state, node):
        return "Scouts are placed only in Locations and Excavation Sites"
    if beast_on(state, node) >= 0:
        return "a Beast is in that Location"
    if node in state.betrayer_at:
        return "a Betrayer Scout is in that Location (" + R_SOLO_TURN + ")"
    if scout_limit(state, node) == 1 and sum(state.scouts[node]) > 0:
        return "the Location is limited to 1 Scout and holds one"
    if is_immediate(state, node) and not can_resolve(
        state, seat, state.game.sources[reward_source(state, node)][1], placing=node
    ):
        return "the Immediate reward cannot be resolved in full (" + R_IMMEDIATE + ")"
    return "not allowed now"


def can_resolve(
    state: TurrisState, seat: int, effects: tuple[Effect, ...], placing: int = -1
) -> bool:
    """Whether every non-optional part of ``effects`` can be resolved in full (Minor Rules
    and Clarifications; Easily Missed Rules); ``placing``: the node a Scout of the
    reserve is being placed on first."""
    have = list(state.resources[seat])
    in_reserve = state.reserve[seat] - (placing >= 0)
    in_grave = state.graveyard[seat]
    for e in effects:
        match e.kind:
            case "gain":
                for t, n in enumerate(e.bundle.counts):
                    have[t] += n
            case "pay":
                if not can_pay(state, seat, e.bundle, have):
                    return False
                spend(have, e.bundle)
            case "sacrifice":
                if in_reserve < e.n:
                    return False
                in_reserve -= e.n
                in_grave += e.n
            case "revive":
                if in_grave <= 0 or not can_pay(state, seat, e.bundle, have):
                    return False
            case "steal":
                if not steal_options(state, seat, e.of):
                    return False
            case "reserve":
                if not state.missions:
                    return False
            case "place":
                if in_reserve <= 0:
                    return False
            case "move_scout":
                # at least one of the seat's Scouts on the Main Board has somewhere to go
                nodes = scout_nodes(state, seat) + ([placing] if placing >= 0 else [])
                for n in nodes:
                    if scout_moves(state, n, e.steps):
                        break
                else:
                    return False
            case "first_player":
                # solo: a Damaged token may be removed instead, or nothing
                if state.future_first == seat and not state.game.solo:
                    return False
            case "council_reward":
                if state.council[seat] == 0:
                    return False
            case "tower_room":
                if e.at == "now" and not state._may_build(seat):
                    return False
                if state.game.solo and not state._solo_rooms():
                    return False  # no undamaged Tower Room (Player Turn Phase (Solo))
            case "move_beast":
                if not state._movable_beasts(e.steps, e.crossroads):
                    return False
    return True


def can_resolve_source(state: TurrisState, seat: int, src: int, placing: int = -1) -> bool:
    """:meth:`_can_resolve` of the effects of source ``src``; at once for a source with
    no effect it checks."""
    g = state.game
    return g.always_resolvable[src] or can_resolve(state, seat, g.checked_effects[src], placing)


def legal_faction_choice(state: TurrisState, top: FactionChoice) -> list[int]:
    """The answers to a :class:`FactionChoice`."""
    out: list[int] = []
    taken = set(state.faction)
    for f in state.game.factions_offered:
        if f not in taken:
            # ChooseFaction(f, side): the base, plus 2 a faction, plus the side
            out += [_CHOOSE_FACTION + 2 * f, _CHOOSE_FACTION + 2 * f + 1]
    return out


def legal_turn(state: TurrisState, top: Turn) -> list[int]:
    """The answers to a :class:`Turn`."""
    out: list[int] = []
    seat = top.seat
    if state.actions_left > 0:
        if not state.collected:
            out += [_PLACE + n for n in place_nodes(state, seat)]
        if not state.collected and not state.placed_action and scout_nodes(state, seat):
            if can_pay(state, seat, ichor(1)):
                out.append(_COLLECT)
        out.append(_GATHER_ICHOR)
        if state.graveyard[seat] and can_pay(state, seat, revive_cost(state, seat)):
            out.append(_FORCE_REVIVE)
        if faction_action(state, seat) >= 0:
            out.append(_FACTION_ACTION)
    else:
        out.append(_PASS)
    if state.action_tokens[seat]:
        out.append(_USE_ACTION_TOKEN)
    if not state.tactics_played:
        out += [_PLAY_TACTICS + c for c in playable_cards(state, seat)]
    return out


def legal_collect_pick(state: TurrisState, top: CollectPick) -> list[int]:
    """The answers to a :class:`CollectPick`."""
    out: list[int] = []
    seat = top.seat
    chosen = top.chosen
    for node in scout_nodes(state, seat):
        if chosen.count(node) < state.scouts[node][seat] and can_pay(
            state, seat, ichor(len(chosen) + 1)
        ):
            out.append(_COLLECT_SCOUT + node)
    if chosen:
        out.append(_PASS)
    return out


def legal_rewards(state: TurrisState, top: Rewards) -> list[int]:
    """The answers to a :class:`Rewards`."""
    out: list[int] = []
    seat = top.seat
    packets = top.packets
    optional = top.optional
    for k, src in enumerate(packets):
        if can_resolve_source(state, seat, src):
            out.append(_RESOLVE + k)
    if optional or not out:
        out.append(_PASS)
    return out


def legal_gain_choice(state: TurrisState, top: GainChoice) -> list[int]:
    """The answers to a :class:`GainChoice`."""
    out: list[int] = []
    of = top.of
    out += [_TOKEN + LETTER[t] for t in of]
    return out


def legal_pay_choice(state: TurrisState, top: PayChoice) -> list[int]:
    """The answers to a :class:`PayChoice`."""
    out: list[int] = []
    out += [_TOKEN + t for t in pay_tokens(state, top)]
    return out


def legal_trade_offer(state: TurrisState, top: TradeOffer) -> list[int]:
    """The answers to a :class:`TradeOffer`."""
    out: list[int] = []
    out += [_ACCEPT, _PASS]
    return out


def legal_council_return(state: TurrisState, top: CouncilReturn) -> list[int]:
    """The answers to a :class:`CouncilReturn`."""
    out: list[int] = []
    out += [_ACCEPT, _PASS]
    return out


def legal_revive_choice(state: TurrisState, top: ReviveChoice) -> list[int]:
    """The answers to a :class:`ReviveChoice`."""
    out: list[int] = []
    done = top.done
    out.append(_ACCEPT)
    if done > 0:
        out.append(_PASS)
    return out


def legal_steal_choice(state: TurrisState, top: StealChoice) -> list[int]:
    """The answers to a :class:`StealChoice`."""
    out: list[int] = []
    out += [_STEAL + _STEAL_STRIDE * r + s for r, s in steal_options(state, top.seat, top.of)]
    return out


def legal_council_step(state: TurrisState, top: CouncilStep) -> list[int]:
    """The answers to a :class:`CouncilStep`."""
    out: list[int] = []
    seat = top.seat
    out += [_COUNCIL_SPOT + s for s in state._council_next(seat)]
    return out


def legal_play_tactics_choice(state: TurrisState, top: PlayTacticsChoice) -> list[int]:
    """The answers to a :class:`PlayTacticsChoice`."""
    out: list[int] = []
    out += [_PLAY_TACTICS + c for c in state._tactics_choices(top)]
    out.append(_PASS)
    return out


def legal_reserve_choice(state: TurrisState, top: ReserveChoice) -> list[int]:
    """The answers to a :class:`ReserveChoice`."""
    out: list[int] = []
    out += [_CHOOSE_MISSION + m for m in sorted(state.missions)]
    out.append(_PASS)
    return out


def legal_place_free(state: TurrisState, top: PlaceFree) -> list[int]:
    """The answers to a :class:`PlaceFree`."""
    out: list[int] = []
    seat = top.seat
    out += [_PLACE + n for n in state._free_place_nodes(seat)]
    out.append(_PASS)
    return out


def legal_move_scout_choice(state: TurrisState, top: MoveScoutChoice) -> list[int]:
    """The answers to a :class:`MoveScoutChoice`."""
    out: list[int] = []
    seat = top.seat
    steps = top.steps
    origin = top.origin
    if top.origin == -1:
        out += [_CHOOSE + n for n in movable_scouts(state, seat, steps)]
        out.append(_PASS)
    else:
        out += [_CHOOSE + n for n in scout_moves(state, origin, steps)]
    return out


def legal_move_beast_choice(state: TurrisState, top: MoveBeastChoice) -> list[int]:
    """The answers to a :class:`MoveBeastChoice`."""
    out: list[int] = []
    if top.beast == -1:
        out += [_CHOOSE_BEAST + b for b in state._movable_beasts(top.steps, top.crossroads)]
    else:
        out += [_CHOOSE + n for n in state._beast_steps(top)]
    return out


def legal_fruit_choice(state: TurrisState, top: FruitChoice) -> list[int]:
    """The answers to a :class:`FruitChoice`."""
    out: list[int] = []
    out += [_CHOOSE + n for n in fruit_nodes(state)]
    return out


def legal_trionfi_choice(state: TurrisState, top: TrionfiChoice) -> list[int]:
    """The answers to a :class:`TrionfiChoice`."""
    out: list[int] = []
    optional = top.optional
    slots = state._solo_rooms() if state.game.solo else range(len(state.trionfi_tableau))
    cards = [state.trionfi_tableau[k] for k in slots]
    out += [_TAKE_TRIONFI + t for t in sorted(cards) if t >= 0]
    if optional:
        out.append(_PASS)
    return out


def legal_mission_step(state: TurrisState, top: MissionStep) -> list[int]:
    """The answers to a :class:`MissionStep`."""
    out: list[int] = []
    seat = top.seat
    out += [_CHOOSE_MISSION + m for m in state._completable(seat)]
    out.append(_PASS)
    return out


def legal_ongoing_choice(state: TurrisState, top: OngoingChoice) -> list[int]:
    """The answers to a :class:`OngoingChoice`."""
    out: list[int] = []
    seat = top.seat
    used = len(state.ongoing[seat])
    slots = state.game.c["ongoing_mission_slots"]
    free = [used] if used < slots else range(slots)
    out += [_ONGOING_SLOT + k for k in free]
    out.append(_PASS)
    return out


def legal_discard_down(state: TurrisState, top: DiscardDown) -> list[int]:
    """The answers to a :class:`DiscardDown`."""
    out: list[int] = []
    seat = top.seat
    out += [_DISCARD + c for c in sorted(set(state.hands[seat]))]
    return out


def legal_target_choice(state: TurrisState, top: TargetChoice) -> list[int]:
    """The answers to a :class:`TargetChoice`."""
    out: list[int] = []
    options = top.options
    out += [_CHOOSE + n for n in options]
    return out


def legal_beast_path(state: TurrisState, top: BeastPath) -> list[int]:
    """The answers to a :class:`BeastPath`."""
    out: list[int] = []
    out += [_CHOOSE + n for n in state._path_options(top)]
    return out


def legal_beast_effect(state: TurrisState, top: BeastEffect) -> list[int]:
    """The answers to a :class:`BeastEffect`."""
    out: list[int] = []
    out += [_ACCEPT, _PASS]
    return out


def legal_displace_choice(state: TurrisState, top: DisplaceChoice) -> list[int]:
    """The answers to a :class:`DisplaceChoice`."""
    out: list[int] = []
    node = top.node
    out += [_CHOOSE + n for n in state._displace_destinations(node)]
    return out


def legal_despair_choice(state: TurrisState, top: DespairChoice) -> list[int]:
    """The answers to a :class:`DespairChoice`."""
    out: list[int] = []
    seat = top.seat
    out += [_TOKEN + t for t in (K, R, W) if state.resources[seat][t] > 0]
    return out


def legal_betrayer_push(state: TurrisState, top: BetrayerPush) -> list[int]:
    """The answers to a :class:`BetrayerPush`."""
    out: list[int] = []
    k = top.scout
    out += [_CHOOSE + n for n in state._displace_destinations(state.betrayer_at[k])]
    return out


def legal_repair_choice(state: TurrisState, top: RepairChoice) -> list[int]:
    """The answers to a :class:`RepairChoice`."""
    out: list[int] = []
    out += [_REPAIR_ROOM + k for k, d in enumerate(state.damaged) if d]
    out.append(_PASS)
    return out


LEGAL: dict[type[Frame], Callable[[TurrisState, Any], list[int]]] = {
    FactionChoice: legal_faction_choice,
    Turn: legal_turn,
    CollectPick: legal_collect_pick,
    Rewards: legal_rewards,
    GainChoice: legal_gain_choice,
    PayChoice: legal_pay_choice,
    TradeOffer: legal_trade_offer,
    CouncilReturn: legal_council_return,
    ReviveChoice: legal_revive_choice,
    StealChoice: legal_steal_choice,
    CouncilStep: legal_council_step,
    PlayTacticsChoice: legal_play_tactics_choice,
    ReserveChoice: legal_reserve_choice,
    PlaceFree: legal_place_free,
    MoveScoutChoice: legal_move_scout_choice,
    MoveBeastChoice: legal_move_beast_choice,
    FruitChoice: legal_fruit_choice,
    TrionfiChoice: legal_trionfi_choice,
    MissionStep: legal_mission_step,
    OngoingChoice: legal_ongoing_choice,
    DiscardDown: legal_discard_down,
    TargetChoice: legal_target_choice,
    BeastPath: legal_beast_path,
    BeastEffect: legal_beast_effect,
    DisplaceChoice: legal_displace_choice,
    DespairChoice: legal_despair_choice,
    BetrayerPush: legal_betrayer_push,
    RepairChoice: legal_repair_choice,
}
"""The answers to each kind of decision, by its frame."""


def legal_actions(state: TurrisState) -> list[int]:
    """The sorted legal ints: a chance node's outcomes, or the answers to the decision on top."""
    if state.chance:
        return [a for a, _ in state._chance_outcomes()]
    top = state.stack[-1]
    answers = LEGAL.get(type(top))
    return in_order(answers(state, top)) if answers is not None else []


def in_order(out: list[int]) -> list[int]:
    """``sorted(set(out))``: ``out`` itself when it is strictly increasing already, as the
    answers to most decisions are."""
    for k in range(1, len(out)):
        if out[k] <= out[k - 1]:
            return sorted(set(out))
    return out
