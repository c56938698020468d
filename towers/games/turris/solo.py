"""Appendix 1: Solo Play of Turris: the Betrayers, their Phase, their Scouts, Damaged
Tower Rooms and the Solo Endgame (the readings where the appendix is silent are in the
docstring of :mod:`towers.games.turris.rules`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.turris import actions as A
from towers.games.turris.frames import (
    P_BETRAYERS,
    P_OVER,
    BeastDie,
    BetrayerPush,
    MovementDie,
    RepairChoice,
    unanswered,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def end_solo(state: TurrisState, won: bool) -> None:
    """The Solo Endgame: the game ends, ``won`` by the player or not. A hook (the ending's
    ledger wraps it)."""
    state.game_over = True
    state.player_won = won
    state.phase = P_OVER
    state.active = -1


def check_solo_rooms(state: TurrisState) -> None:
    """Solo Endgame a): 6 Tower Rooms constructed and none of them Damaged, at the end of
    the Player Turn Phase."""
    g = state.game
    built = [k for k, t in enumerate(state.trionfi_tableau) if t < 0]
    if state.rooms[0] >= g.c["solo_tower_rooms_to_win"] and not any(
        state.damaged[k] for k in built
    ):
        state._end_solo(True)


def score_betrayers(state: TurrisState, points: int) -> None:
    """The Betrayers score ``points`` (they count for the Excavation Site change). A hook (the
    ending's ledger wraps it)."""
    state.betrayer_prestige += points
    for t in state.game.c["excavation_thresholds"]:
        # the Betrayers count as a player on the Prestige track for the Site change
        if state.betrayer_prestige >= t and t not in state.thresholds_hit:
            state.thresholds_hit.append(t)
            state.excavation_due += 1
    state._check_endgame()


def location_number(state: TurrisState, node: int) -> int:
    """A Location's number; 0 for an Excavation Site (no number)."""
    return state.game.node_number[node]


def taken_nodes(state: TurrisState) -> int:
    """The nodes holding a Beast or a Betrayer Scout, one bit a node (Betrayer Phase)."""
    taken = 0
    for node in state.beast_at:
        if node >= 0:
            taken |= 1 << node
    for node in state.betrayer_at:
        taken |= 1 << node
    return taken


def is_free(state: TurrisState, node: int, taken: int = -1) -> bool:
    """No Beasts or Scouts (the player's or the Betrayers') there (Betrayer Phase);
    ``taken``: :func:`taken_nodes`, when the caller has it already."""
    if taken < 0:
        taken = taken_nodes(state)
    if taken >> node & 1:
        return False
    for c in state.scouts[node]:
        if c:
            return False
    return True


def solo_rooms(state: TurrisState) -> list[int]:
    """Tower Rooms a Trionfi card may be taken from: a card and no Damaged token."""
    return [k for k, t in enumerate(state.trionfi_tableau) if t >= 0 and not state.damaged[k]]


def betrayer_phase(state: TurrisState) -> None:
    """Move both Betrayer Scouts, from the lower-numbered Location, then roll the d4 and
    the d12 (Betrayer Phase)."""
    state.phase = P_BETRAYERS
    state.active = -1
    numbers = [location_number(state, at) for at in state.betrayer_at]
    for k in sorted(range(len(numbers)), key=numbers.__getitem__):
        move_betrayer(state, k)
        if state.game_over:
            return
    state.chance += [BeastDie(), MovementDie()]


def move_betrayer(state: TurrisState, k: int) -> None:
    """Move Betrayer Scout ``k`` to the next higher free number, or wrap to the lowest with a
    Damaged token (from an Excavation Site: the lowest, no token)."""
    g = state.game
    at = state.betrayer_at[k]
    here = location_number(state, at)
    lowest = higher = -1  # the free Locations of the lowest number, and of the next higher
    taken = taken_nodes(state)
    for num, node in g.numbered_nodes:
        if is_free(state, node, taken):
            if lowest < 0:
                lowest = node
            if num > here:
                higher = node
                break
    if lowest < 0:
        return  # cannot happen with 12 Locations and at most 9 pieces; it stays
    if g.spot_of[at] >= 0:
        # from an Excavation Site: the lowest free number, no Damaged token
        state.betrayer_at[k] = lowest
        return
    if higher >= 0:
        state.betrayer_at[k] = higher
        return
    # no valid move: the lowest free number, and a Damaged token
    state.betrayer_at[k] = lowest
    state._damage_room()


def damage_room(state: TurrisState) -> None:
    """A Damaged token on the next undamaged Tower Room from the top right, right to left,
    top to bottom; 4 Prestige to the Betrayers. With all six Damaged none is placed."""
    for slot in state.game.damage_order:
        if not state.damaged[slot]:
            state.damaged[slot] = True
            state._score_betrayers(state.game.c["solo_damage_prestige"])
            return


def push_betrayers(state: TurrisState, node: int) -> None:
    """A Beast resolves its effect on the Betrayers' Scouts there: each is moved to an
    adjacent Location as the Delusion moves Scouts (Beast Phase (Solo) 3)."""
    for k in reversed(range(len(state.betrayer_at))):
        if state.betrayer_at[k] == node:
            state.stack.append(BetrayerPush(state.first_player, k))


def has_player_scouts(state: TurrisState) -> bool:
    """Whether any of the player's Scouts is on the Main Board."""
    for row in state.scouts:
        if row[0]:
            return True
    return False


def settle_betrayer_push(state: TurrisState, top: BetrayerPush) -> bool:
    """Settle a :class:`BetrayerPush` that needs no decision; False: it is put to its seat."""
    k = top.scout
    dests = state._displace_destinations(state.betrayer_at[k])
    if len(dests) <= 1:
        state.stack.pop()
        if dests:
            state.betrayer_at[k] = dests[0]
        return True
    return False


def decide_betrayer_push(state: TurrisState, top: BetrayerPush, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`BetrayerPush`."""
    k = top.scout
    match value:
        case A.Choose(node=dest):
            state.stack.pop()
            state.betrayer_at[k] = dest
            return
    raise unanswered(top, value)


def settle_repair_choice(state: TurrisState, top: RepairChoice) -> bool:
    """Settle a :class:`RepairChoice` that needs no decision; False: it is put to its seat."""
    if not any(state.damaged):
        state.stack.pop()
        return True
    return False


def decide_repair_choice(state: TurrisState, top: RepairChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`RepairChoice`."""
    match value:
        case A.RepairRoom(room=k):
            state.stack.pop()
            state.damaged[k] = False
            return
        case A.Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)
