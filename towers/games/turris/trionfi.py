"""3) Trionfi Step, and Trionfi cards and Tower Rooms, of Turris: the Missions prerequisite
(2 for the first room, 2 more for each next), a Trionfi card taken from the tableau and
its Location upgraded, the Prestige and the Tower track; a room built with no card left.
Solo: only from a room with no Damaged token (Player Turn Phase (Solo))."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.turris import actions as A
from towers.games.turris.effects import trigger
from towers.games.turris.frames import (
    Resolving,
    TrionfiChoice,
    unanswered,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def may_build(state: TurrisState, seat: int) -> bool:
    """The Missions prerequisite of the next Tower Room (Ongoing Missions count)."""
    need = state.game.tower_need
    nxt = state.rooms[seat] + 1
    if state.game.solo and not state._solo_rooms():
        return False  # solo: only from a Tower Room with no Damaged token
    return nxt < len(need) and len(state.completed[seat]) >= need[nxt]


def take_trionfi(state: TurrisState, seat: int, t: int, prestige: int) -> None:
    """Construct a Tower Room with Trionfi card ``t``: its Location upgraded, its effect,
    ``prestige`` points."""
    g = state.game
    state.trionfi_tableau[state.trionfi_tableau.index(t)] = -1
    state.upgraded[g.data.index[g.data.trionfi[t].location]] = True
    state.stack.append(Resolving(seat, g.src_trionfi[t], 0))
    state._room_built(seat, prestige)
    # owned once its room is built: a card's ongoing effect counts later rooms only
    state.trionfi_owned[seat].append(t)


def room_built(state: TurrisState, seat: int, prestige: int) -> None:
    """A Tower Room constructed: the Tower track, ``prestige`` points, the Endgame checked. A
    hook (the ending's ledger wraps it)."""
    state.rooms[seat] += 1
    trigger(state, seat, "tower_room")
    state._score(seat, prestige)
    state._check_endgame()


def settle_trionfi_choice(state: TurrisState, top: TrionfiChoice) -> bool:
    """Settle a :class:`TrionfiChoice` that needs no decision; False: it is put to its seat."""
    g = state.game
    seat = top.seat
    p = top.prestige
    if g.solo and (not state._solo_rooms()):
        state.stack.pop()  # no undamaged Tower Room: no construction (Solo)
        return True
    else:
        if all(t < 0 for t in state.trionfi_tableau):
            # no card left: the Prestige and the Tower track only (Trionfi cards)
            state.stack.pop()
            state._room_built(seat, p)
            return True
    return False


def decide_trionfi_choice(state: TurrisState, top: TrionfiChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`TrionfiChoice`."""
    seat = top.seat
    p = top.prestige
    match value:
        case A.TakeTrionfi(trionfi=t):
            state.stack.pop()
            take_trionfi(state, seat, t, p)
            return
        case A.Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)
