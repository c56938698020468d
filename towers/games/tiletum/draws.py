"""The chance events: tiles drawn from the face-down piles, dice drawn from the bag and rolled,
Corruption tokens revealed, and setup's Construction Cost, Town, Fair and Action tiles placed
(rulebook: Game Setup, steps 3-11; Preparation phase; Action phase, Step 1; Cleanup phase).

Every draw is taken at the moment it is revealed, with the chances of what is left, which is
the same as a shuffle: the outcomes of the first pending event (:func:`chance_outcomes`), its
outcome applied (:func:`apply_chance`), and an event dropped when its pile is empty
(:func:`draw_ready`).
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import truediv
from typing import TYPE_CHECKING

from towers.games.tiletum import actions as A
from towers.games.tiletum.frames import (
    INACTIVE,
    LOC_ACTION,
    LOC_CONTRACT,
    LOC_KING,
    LOC_MAP,
    ActionTileDraw,
    CorruptionReveal,
    CostTileDraw,
    DieDraw,
    DieRoll,
    FairTileDraw,
    TileDraw,
    TownTileDraw,
    new_die_roll,
)
from towers.games.tiletum.king import corrupt

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState

_ROLL_OUTCOMES = [(A.ROLL + v, 1 / 6) for v in range(6)]


def chance_outcomes(state: TiletumState) -> list[tuple[int, float]]:
    event = state.chance_events[0]
    # by type ahead of the match: tiles drawn and dice drawn and rolled are nine in ten
    # chance events
    if type(event) is TileDraw:
        counts = state.piles[event.pile].counts
        lo, hi = state.game.pile_range[event.pile]
        total = sum(counts)
        # the kinds left in the pile and their shares, all in C
        here = counts[lo:hi]
        return list(
            zip(
                compress(range(A.DRAW + lo, A.DRAW + hi), here),
                map(truediv, filter(None, here), repeat(total)),
                strict=True,
            )
        )
    if type(event) is DieRoll:
        return _ROLL_OUTCOMES[:]
    if type(event) is DieDraw:
        counts = state.dice_bag.counts
        total = sum(counts)
        return [(A.BAG + c, n / total) for c, n in enumerate(counts) if n]
    match event:
        case CorruptionReveal():
            return [(A.CORRUPTION + v, p) for v, p in state.corruption_tokens.draw_outcomes()]
        case CostTileDraw():
            free = [
                i for i in range(len(state.construction_costs)) if i not in state.construction_costs
            ]
            return [(A.COST_TILE + i, 1 / len(free)) for i in free]
        case TownTileDraw():
            used = state.fair_towns
            tiles = state.game.data.town_tiles
            free = [i for i, t in enumerate(tiles) if t not in used]
            return [(A.TOWN_TILE + i, 1 / len(free)) for i in free]
        case FairTileDraw():
            free = [i for i in range(len(state.game.data.fair_ids)) if i not in state.fair_tiles]
            return [(A.FAIR_TILE + i, 1 / len(free)) for i in free]
    free = [a for a in range(6) if a not in state.wheel_actions]
    return [(A.ACTION_TILE + a, 1 / len(free)) for a in free]


def apply_chance(state: TiletumState, action: int) -> None:
    event = state.chance_events[0]
    # by type ahead of the match, as in _chance_outcomes
    if type(event) is DieRoll:
        state.wheel_dice[action - A.ROLL][event.colour] += 1
        state.chance_events.pop(0)
        return
    if type(event) is DieDraw:
        colour = action - A.BAG  # a legal outcome: a colour still in the bag
        state.dice_bag.counts[colour] -= 1
        state.chance_events[0] = new_die_roll(colour)
        return
    if type(event) is TileDraw:
        tile = state.piles[event.pile].draw(action - A.DRAW)
        place, i = event.place, event.index
        if place == LOC_ACTION:
            state.action_bonus_tiles[i] = tile
        elif place == LOC_KING:
            state.king_tile = tile
        elif place == LOC_MAP:
            state.map_bonus_tiles[i // A.MAX_BONUS_SPACES][i % A.MAX_BONUS_SPACES] = tile
        elif place == LOC_CONTRACT:
            state.contract_offer[i] = tile
        else:
            state.character_offer[i] = tile
        state.chance_events.pop(0)
        return
    match event:  # the draws above are nine in ten; the rest:
        case CorruptionReveal():
            value = state.corruption_tokens.draw(action - A.CORRUPTION)
            state.corruption_revealed.append(value)
            corrupt(state, value)
            state.chance_events.pop(0)
        case CostTileDraw(cathedral=c):
            tile = action - A.COST_TILE
            state.construction_costs[c] = tile
            if tile == state.game.data.unavailable_cost:
                # The Unavailable Cathedral: no pillars there, its tiles go back to the box.
                state.pillar_spaces[c] = [INACTIVE] * len(state.pillar_spaces[c])
                state.cathedral_tiles_left[c] = 0
            state.chance_events.pop(0)
        case TownTileDraw(fair=fair):
            state.fair_towns[fair] = state.game.data.town_tiles[action - A.TOWN_TILE]
            state.chance_events.pop(0)
        case FairTileDraw(fair=fair):
            state.fair_tiles[fair] = action - A.FAIR_TILE
            state.chance_events.pop(0)
        case ActionTileDraw(space=space):
            state.wheel_actions[space] = action - A.ACTION_TILE
            state.chance_events.pop(0)
