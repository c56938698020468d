"""The legal actions of the decisions random playouts meet most (the Middle of Turn, the Start
of Turn, Placing Skulls), made directly: each rule of :mod:`.legality` asked as a yes or no,
without building the words of a refusal nobody reads.

:mod:`.legality` stays the one statement of each rule: ``legality.legal_actions`` hands these
decisions here, and the tests hold this generator to asking ``legality.why_not`` of every
candidate, at every state of many playouts. The rare heroic actions tied to a space (a
monthly quest, a heroic test, the main goal's step, the Tower dungeon) are asked of
``legality`` itself once the hero stands where they are done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower import legality as L
from towers.games.dark_tower.actions import SPACE
from towers.games.dark_tower.constants import (
    BANNER,
    BATTLE,
    BUILDING_AT,
    CLEANSE,
    DONE,
    DOUBLE,
    DROP,
    ENTER_TOWER,
    EXPLORE,
    GOAL_QUEST,
    HAGGLE,
    MOVE,
    N_POTIONS,
    PLACE,
    POTION,
    QUEST,
    REINFORCE,
    TEST,
    TESTS,
    TRADE,
)
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.skulls import KINGDOM_BUILDINGS

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState

MOVES = tuple(tuple(MOVE + to for to in DATA.adjacent[at]) for at in range(len(DATA.locations)))
"""The moves out of each space, as action ints."""
CANCEL = frozenset(f for f, face in enumerate(DATA.haggle_faces) if face == "cancel")
"""The haggle die's faces that cancel the turn's Reinforce."""
NO_ADVANTAGES = tuple(not DATA.potions[p].advantages for p in range(N_POTIONS))
"""The potions drunk outside a battle or a dungeon (those that give no advantages)."""
BORDERS_TOWER = tuple(loc.borders_tower for loc in DATA.locations)
VALUES = SPACE.values


def start_turn(state: DarkTowerState, top: F.StartTurn) -> list[int]:
    """Start of Turn: done, the Banner action once, a potion."""
    out = [DONE] if state.banner_used else [DONE, BANNER]
    held = state.potions[top.seat]
    for p in range(N_POTIONS):
        if held[p] and NO_ADVANTAGES[p] and L._potion(state, top.seat, p, False) is None:
            out.append(POTION + p)
    out.sort()
    return out


def turn(state: DarkTowerState, top: F.Turn) -> list[int]:
    """Middle of Turn: the skull drop, moves, the doubling, one heroic action, the haggle die
    and Reinforce, potions and a trade (``legality._turn``, rule by rule)."""
    seat = top.seat
    at = state.at[seat]
    out = [DROP]
    if state.moves_left >= 1:
        out += MOVES[at]
    if not state.moved and not state.doubled and state.spirit[seat] >= 1:
        out.append(DOUBLE)
    b = BUILDING_AT[at]
    if b >= 0 and state.skulls[b] < 0:
        b = -1  # destroyed
    if not state.heroic_done:
        _heroic(state, seat, at, b, out)
    haggle = state.haggle
    if b >= 0 and not state.reinforced:
        if haggle < 0:
            out.append(HAGGLE)
        if not (haggle >= 0 and (haggle in CANCEL or state.haggle_at != at)):
            out.append(REINFORCE)
            btype = state.game.building_types[DATA.buildings[b].type]
            if state.spirit[seat] >= btype.enhanced_cost:
                out.append(REINFORCE + 1)
    held = state.potions[seat]
    for p in range(N_POTIONS):
        if held[p] and NO_ADVANTAGES[p] and L._potion(state, seat, p, False) is None:
            out.append(POTION + p)
    if not state.traded:
        eliminated = state.eliminated
        refused = state.refused
        where = state.at
        for other in range(state.game.num_players):
            if (
                other != seat
                and where[other] == at
                and not eliminated[other]
                and not refused >> other & 1
            ):
                out.append(TRADE + other)
    out.sort()
    return out


def _heroic(state: DarkTowerState, seat: int, at: int, b: int, out: list[int]) -> None:
    """The heroic actions open to the hero at ``at`` (``b``: its standing building or -1)."""
    if b >= 0 and state.skulls[b] > 0:
        out.append(CLEANSE)
    foes = state.foes
    for f in range(3):
        if foes[at * 3 + f] > 0:
            out.append(BATTLE + f)
    if state.adversary_at == at:
        out.append(BATTLE + A.ADVERSARY)
    for k in range(2):
        q = state.monthly[k]
        if q >= 0 and DATA.quests[q].location == at:
            if L._heroic(state, seat, VALUES[QUEST + k]) is None:
                out.append(QUEST + k)
    game = state.game
    if game.competitive:
        tests = state.tests[seat]
        for kind in range(TESTS):
            if DATA.quests[tests[kind]].location == at and L._test(state, seat, kind) is None:
                out.append(TEST + kind)
        if BORDERS_TOWER[at] and L._heroic(state, seat, VALUES[ENTER_TOWER]) is None:
            out.append(ENTER_TOWER)
        return
    goal = game.goal
    step = state.goal_step
    if step < len(goal.steps) and goal.steps[step][0] == at:
        if goal.is_dungeon(step):
            out.append(EXPLORE)
        elif L._heroic(state, seat, VALUES[GOAL_QUEST]) is None:
            out.append(GOAL_QUEST)  # a step is a dungeon or a quest (MainGoal.is_dungeon)


def place_skull(state: DarkTowerState, top: F.PlaceSkull) -> list[int]:
    """Placing Skulls: a standing building of the kingdom where the skull emerged."""
    skulls = state.skulls
    return [PLACE + b for b in KINGDOM_BUILDINGS[top.kingdom] if skulls[b] >= 0]


FAST: dict[type[F.Frame], Callable[[DarkTowerState, Any], list[int]]] = {
    F.StartTurn: start_turn,
    F.Turn: turn,
    F.PlaceSkull: place_skull,
}
"""The decisions whose legal actions this module makes, by the kind of frame."""


def legal_actions(state: DarkTowerState) -> list[int]:
    """The sorted legal actions now: made here for the decisions of ``FAST``, else asked of
    ``legality.legal_actions`` (which asks ``why_not`` of each candidate)."""
    top = state.pending[-1]
    fast = FAST.get(type(top))
    if fast is None:
        return L.legal_actions(state)
    return fast(state, top)
