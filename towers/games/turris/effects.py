"""The effects of Turris's Locations, Excavation Sites, Tactics cards, Missions, Trionfi
cards, Council spots and factions, each kind of the data's vocabulary resolved by one branch
of :func:`resolve_effect`, and the ongoing effects their triggers set off (:func:`trigger`).

Minor Rules and Clarifications (an effect takes precedence over the rules); Collect
(rewards in the order of the player's choice, each optional); Rules Clarification 5 (an
action taken from something is an additional action); Council Track; the Isle's revive,
trades, steals (Errata 3), the Fruit token, moving Scouts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.turris.actions import Accept, Choose, Pass, Resolve, Steal
from towers.games.turris.data import Effect
from towers.games.turris.frames import (
    CouncilStep,
    FruitChoice,
    MoveBeastChoice,
    MoveScoutChoice,
    PlaceFree,
    PlayTacticsChoice,
    RepairChoice,
    ReserveChoice,
    Resolving,
    ReviveChoice,
    Rewards,
    StealChoice,
    TacticsDraw,
    TradeGain,
    TradeOffer,
    TrionfiChoice,
    unanswered,
)
from towers.games.turris.twins import (
    can_pay,
    gain,
    gives_reward,
    made,
    movable_scouts,
    move_scout,
    pay,
    steal_options,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def resolve_effect(state: TurrisState, seat: int, e: Effect, src: int, index: int) -> None:
    """Resolve effect ``e`` (the ``index``-th of source ``src``) for ``seat``: one branch per
    kind of the data's vocabulary. A hook (the ending's ledger wraps it)."""
    match e.kind:
        case "gain":
            gain(state, seat, e.bundle)
        case "pay":
            pay(state, seat, e.bundle)
        case "trade":
            state.stack.append(made(TradeOffer, seat, src, index, e.n))
        case "steal":
            state.stack.append(made(StealChoice, seat, e.n, e.of))
        case "prestige":
            state._score(seat, e.n)
        case "council":
            state.stack.append(made(CouncilStep, seat, e.n))
        case "council_reward":
            if state.council[seat]:
                packet = state.game.src_council[state.council[seat]]
                state.stack.append(made(Rewards, seat, (packet,) * e.n, True))
        case "tactics":
            queued = len(state.chance)
            for _ in range(e.n):
                state._queue_draw(made(TacticsDraw, seat))
            drawn = len(state.chance) - queued
            if e.play and drawn:
                # decided once the cards are drawn: draws come before any decision
                state.stack.append(made(PlayTacticsChoice, seat, 1, drawn))
        case "play_tactics":
            state.stack.append(made(PlayTacticsChoice, seat, e.n, 0))
        case "reserve":
            state.stack.append(made(ReserveChoice, seat, e.n))
        case "action":
            state.actions_left += e.n
        case "action_token":
            state.action_tokens[seat] += e.n
        case "place":
            state.stack.append(made(PlaceFree, seat, e.n))
        case "move_scout":
            state.stack.append(made(MoveScoutChoice, seat, e.n, e.steps, -1))
        case "move_beast":
            state.stack.append(made(MoveBeastChoice, seat, e.steps, e.flip, e.crossroads, -1, -1))
        case "revive":
            state.stack.append(made(ReviveChoice, seat, e.n, src, index, 0))
        case "sacrifice":
            for _ in range(min(e.n, state.reserve[seat])):
                state.reserve[seat] -= 1
                state._to_graveyard(seat)
                trigger(state, seat, "sacrifice")
        case "fruit":
            state.stack.append(made(FruitChoice, seat))
        case "first_player":
            if state.game.solo:
                # instead of the card, the player may remove 1 Damaged token
                state.stack.append(made(RepairChoice, seat))
            elif state.future_first != seat:
                state.future_first = seat
        case "tower_room":
            if e.at == "now":
                if state._may_build(seat):
                    state.stack.append(made(TrionfiChoice, seat, e.n, False))
            else:
                state.grove_room[seat] = max(state.grove_room[seat], e.n)
        case _:
            raise AssertionError(f"unknown effect kind {e.kind!r}")


def trigger(state: TurrisState, seat: int, on: str, node_id: str = "", where: str = "") -> None:
    """Push the seat's ongoing effects for ``on`` (faction side, Missions in Ongoing slots,
    Trionfi cards, Excavation Sites holding its Scouts), each once a turn if it says so."""
    g = state.game
    owners = g.triggered_by.get(on)
    if owners is None:
        return  # no ongoing effect anywhere is set off by ``on``
    if not is_set_off(state, seat, owners):
        return  # none of the seat's ongoing effects is set off by ``on``
    lists = []
    if state.faction[seat] >= 0:
        lists.append(g.ongoing_of_side[state.faction[seat]][state.side[seat]])
    lists += [g.ongoing_of_mission[m] for m in state.ongoing[seat]]
    lists += [g.ongoing_of_trionfi[t] for t in state.trionfi_owned[seat]]
    for k, node in enumerate(g.spots):
        # a Beast or a Betrayer Scout there prevents a Site's effect, as on a Collect
        site = state.site_at[k]
        if (
            site >= 0
            and g.ongoing_of_site[site]
            and state.scouts[node][seat]
            and gives_reward(state, node)
        ):
            lists.append(g.ongoing_of_site[site])
    for effects in lists:
        for trig, at, once, src in effects:
            if trig != on or (at and at not in (node_id, where)):
                continue
            if once:
                tag = f"{seat}:{src}"
                if tag in state.once_used:
                    continue
                state.once_used.append(tag)
            if state._can_resolve_source(seat, src):
                state.stack.append(made(Resolving, seat, src, 0))


def is_set_off(
    state: TurrisState,
    seat: int,
    owners: tuple[frozenset[tuple[int, int]], frozenset[int], frozenset[int], frozenset[int]],
) -> bool:
    """Whether the seat holds one of ``owners`` (a trigger's faction sides, Missions, Trionfi
    cards and Excavation Sites with an ongoing effect on it), or a Site of them is out."""
    sides, missions, trionfi, sites = owners
    faction = state.faction[seat]
    if faction >= 0 and (faction, state.side[seat]) in sides:
        return True
    for m in state.ongoing[seat]:
        if m in missions:
            return True
    for t in state.trionfi_owned[seat]:
        if t in trionfi:
            return True
    for site in state.site_at:
        if site in sites:
            return True
    return False


def settle_resolving(state: TurrisState, top: Resolving) -> bool:
    """Settle a :class:`Resolving` that needs no decision; False: it is put to its seat."""
    g = state.game
    seat = top.seat
    src = top.source
    i = top.index
    effects = g.sources[src][1]
    stack = state.stack
    depth = len(stack)
    # effect after effect while each leaves the stack as it was and brings no draw (the
    # settle loop would come straight back to this frame)
    while i < len(effects):
        frame = made(Resolving, seat, src, i + 1)
        stack[-1] = frame
        state._effect(seat, effects[i], src, i)
        if len(stack) != depth or stack[-1] is not frame or state.chance or state.game_over:
            return True
        i += 1
    stack.pop()
    return True


def settle_trade_gain(state: TurrisState, top: TradeGain) -> bool:
    """Settle a :class:`TradeGain` that needs no decision; False: it is put to its seat."""
    g = state.game
    seat = top.seat
    src = top.source
    i = top.index
    state.stack.pop()
    gain(state, seat, g.sources[src][1][i].bundle)
    return True


def settle_rewards(state: TurrisState, top: Rewards) -> bool:
    """Settle a :class:`Rewards` that needs no decision; False: it is put to its seat."""
    packets = top.packets
    optional = top.optional
    if not packets:
        state.stack.pop()
        return True
    if not optional and len(packets) == 1:
        state.stack[-1] = made(Resolving, top.seat, packets[0], 0)
        return True
    return False


def decide_rewards(state: TurrisState, top: Rewards, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`Rewards`."""
    seat = top.seat
    packets = top.packets
    optional = top.optional
    match value:
        case Resolve(slot=k):
            rest = packets[:k] + packets[k + 1 :]
            state.stack[-1] = made(Rewards, seat, rest, optional)
            state.stack.append(made(Resolving, seat, packets[k], 0))
            return
        case Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)


def settle_trade_offer(state: TurrisState, top: TradeOffer) -> bool:
    """Settle a :class:`TradeOffer` that needs no decision; False: it is put to its seat."""
    g = state.game
    seat = top.seat
    src = top.source
    i = top.index
    left = top.left
    if left <= 0 or not can_pay(state, seat, g.sources[src][1][i].give):
        state.stack.pop()
        return True
    return False


def decide_trade_offer(state: TurrisState, top: TradeOffer, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`TradeOffer`."""
    g = state.game
    seat = top.seat
    src = top.source
    i = top.index
    left = top.left
    match value:
        case Accept():
            e = g.sources[src][1][i]
            state.stack[-1] = made(TradeOffer, seat, src, i, left - 1)
            state.stack.append(made(TradeGain, seat, src, i))
            pay(state, seat, e.give)  # on top: paid before the gain
            return
        case Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)


def settle_steal_choice(state: TurrisState, top: StealChoice) -> bool:
    """Settle a :class:`StealChoice` that needs no decision; False: it is put to its seat."""
    n = top.n
    if n <= 0 or not steal_options(state, top.seat, top.of):
        state.stack.pop()
        return True
    return False


def decide_steal_choice(state: TurrisState, top: StealChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`StealChoice`."""
    g = state.game
    seat = top.seat
    n = top.n
    of = top.of
    match value:
        case Steal(resource=r, seat=victim):
            state.stack[-1] = made(StealChoice, seat, n - 1, of)
            if not g.solo:
                # solo: from the supply; the Betrayers stay at 1 of each (Solo Setup 7)
                state.resources[victim][r] -= 1
            state.resources[seat][r] += 1
            return
    raise unanswered(top, value)


def settle_revive_choice(state: TurrisState, top: ReviveChoice) -> bool:
    """Settle a :class:`ReviveChoice` that needs no decision; False: it is put to its seat."""
    g = state.game
    seat = top.seat
    n = top.n
    src = top.source
    i = top.index
    done = top.done
    if (
        done >= n
        or not state.graveyard[seat]
        or not can_pay(state, seat, g.sources[src][1][i].bundle)
    ):
        state.stack.pop()
        return True
    return False


def decide_revive_choice(state: TurrisState, top: ReviveChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`ReviveChoice`."""
    g = state.game
    seat = top.seat
    n = top.n
    src = top.source
    i = top.index
    done = top.done
    match value:
        case Accept():
            state.stack[-1] = made(ReviveChoice, seat, n, src, i, done + 1)
            state.graveyard[seat] -= 1
            state.reserve[seat] += 1
            pay(state, seat, g.sources[src][1][i].bundle)
            return
        case Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)


def decide_fruit_choice(state: TurrisState, top: FruitChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`FruitChoice`."""
    match value:
        case Choose(node=node):
            state.stack.pop()
            state.fruit = node
            return
    raise unanswered(top, value)


def settle_move_scout_choice(state: TurrisState, top: MoveScoutChoice) -> bool:
    """Settle a :class:`MoveScoutChoice` that needs no decision; False: it is put to its seat."""
    seat = top.seat
    n = top.n
    steps = top.steps
    if top.origin == -1:
        if n <= 0 or not movable_scouts(state, seat, steps):
            state.stack.pop()
            return True
    return False


def decide_move_scout_choice(state: TurrisState, top: MoveScoutChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`MoveScoutChoice`."""
    seat = top.seat
    n = top.n
    steps = top.steps
    origin = top.origin
    match value:
        case Choose(node=node) if origin == -1:
            state.stack[-1] = made(MoveScoutChoice, seat, n, steps, node)
            return
        case Choose(node=node):
            state.stack[-1] = made(MoveScoutChoice, seat, n - 1, steps, -1)
            move_scout(state, seat, origin, node)
            return
        case Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)
