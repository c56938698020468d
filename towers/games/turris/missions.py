"""2) Complete Mission Step of Turris: complete one Mission of the tableau or a reserved one
(1 resource less, of the player's choice), its Prestige, its "when completed" effect, and
an Ongoing Effects slot for a Mission with an ongoing effect; reserving Missions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.turris.actions import ChooseMission, OngoingSlot, Pass
from towers.games.turris.effects import trigger
from towers.games.turris.frames import (
    MissionStep,
    OngoingChoice,
    ReserveChoice,
    Resolving,
    unanswered,
)
from towers.games.turris.twins import can_pay, made, pay

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def completable(state: TurrisState, seat: int) -> list[int]:
    """The Missions ``seat`` can pay for: of the tableau, and its reserved ones at 1 resource
    less."""
    g = state.game
    costs = g.mission_costs
    out = []
    for m in state.missions:
        if can_pay(state, seat, costs[m]):
            out.append(m)
    for m in state.reserved[seat]:
        for cost in g.reserved_costs[m]:
            if can_pay(state, seat, cost):
                out.append(m)
                break
    out.sort()
    return out


def complete_mission(state: TurrisState, seat: int, m: int) -> None:
    """Complete Mission ``m``: its Prestige, its effect, an Ongoing slot if it has an ongoing
    effect, its cost paid. A hook (the ending's ledger wraps it)."""
    g = state.game
    card = g.data.missions[m]
    reserved = m in state.reserved[seat]
    if reserved:
        state.reserved[seat].remove(m)
    else:
        state.missions.remove(m)
    state.completed[seat].append(m)
    trigger(state, seat, "mission")
    if card.ongoing:
        state.stack.append(made(OngoingChoice, seat, m))
    state.stack.append(made(Resolving, seat, g.src_mission[m], 0))
    state._score(seat, card.prestige)
    # a reserved Mission costs 1 resource less, of the player's choice
    pay(state, seat, card.cost, waive=1 if reserved else 0)


def settle_mission_step(state: TurrisState, top: MissionStep) -> bool:
    """Settle a :class:`MissionStep` that needs no decision; False: it is put to its seat."""
    seat = top.seat
    if not completable(state, seat):
        state.stack.pop()
        return True
    return False


def decide_mission_step(state: TurrisState, top: MissionStep, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`MissionStep`."""
    seat = top.seat
    match value:
        case ChooseMission(mission=m):
            state.stack.pop()
            state._complete_mission(seat, m)
            return
        case Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)


def settle_reserve_choice(state: TurrisState, top: ReserveChoice) -> bool:
    """Settle a :class:`ReserveChoice` that needs no decision; False: it is put to its seat."""
    n = top.n
    if n <= 0 or not state.missions:
        state.stack.pop()
        return True
    return False


def decide_reserve_choice(state: TurrisState, top: ReserveChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`ReserveChoice`."""
    seat = top.seat
    n = top.n
    match value:
        case ChooseMission(mission=m):
            state.stack[-1] = made(ReserveChoice, seat, n - 1)
            state.missions.remove(m)
            state.reserved[seat].append(m)
            return
        case Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)


def decide_ongoing_choice(state: TurrisState, top: OngoingChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`OngoingChoice`."""
    seat = top.seat
    m = top.mission
    match value:
        case OngoingSlot(slot=slot):
            state.stack.pop()
            slots = state.ongoing[seat]
            if slot < len(slots):
                slots[slot] = m
            else:
                slots.append(m)
            return
        case Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)
