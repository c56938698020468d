"""Tiletum's flow steps, the kinds of its pending decisions (the entries of the decision
stack, ``[kind, ...]``) and of its chance events: the vocabulary that the rules, their
explanations and the views share, so that none of them imports another for it."""

from __future__ import annotations

# ---- flow steps ---------------------------------------------------------------------------
S_SETUP, S_PREP, S_CYCLE, S_TURN, S_KING, S_KING_SCORE, S_OVER = range(7)

# ---- stack entries: [kind, ...] -----------------------------------------------------------
(
    K_TURN,  # [K_TURN]: the turn before the die is taken
    K_FRAME,  # [K_FRAME, action, ap, is_die]: an action being performed
    K_VALUE,  # [K_VALUE, value, colour]: the chosen die's final value
    K_ACTION_TILE,  # [K_ACTION_TILE, action]: take the action's bonus tile?
    K_GAIN_DIE,  # [K_GAIN_DIE, colour, amount]: the die's resources (substitute helper?)
    K_OPEN,  # [K_OPEN, action, ap]: open the die's action (joker: choose)
    K_CHOOSE,  # [K_CHOOSE, ap, is_die]: choose the action to take with ap
    K_ANY,  # [K_ANY, n]: gain n resources of your choice
    K_PAY,  # [K_PAY, kind]: the type of a contract's identical resources
    K_MOVE,  # [K_MOVE, figure, steps]: optional steps to adjacent spots
    K_MOVE_BOTH,  # [K_MOVE_BOTH, architect_left, merchant_left]
    K_MOVE_PLACE,  # [K_MOVE_PLACE, figure, move_left, place_left]
    K_PLACE,  # [K_PLACE, figure]: a house/pillar where the figure is
    K_HOUSE_ANY,  # [K_HOUSE_ANY]
    K_PILLAR_ANY,  # [K_PILLAR_ANY]
    K_JUMP,  # [K_JUMP, figure]: to any spot
    K_TOWN_MOVE,  # [K_TOWN_MOVE]: the merchant to an adjacent town
    K_PICK_BUILDING,  # [K_PICK_BUILDING]: a building whose bonuses you receive
    K_BUILDING,  # [K_BUILDING, building, floors_left_mask]
    K_COMPLETE,  # [K_COMPLETE, building, actions_mask]: which action it strengthens
    K_KING_TILE,  # [K_KING_TILE]: take or discard the King track's tile
) = range(21)

# ---- chance events: [kind, ...] -----------------------------------------------------------
DR_TILE, DR_BAG, DR_ROLL, DR_CORRUPTION, DR_COST, DR_TOWN, DR_FAIR, DR_ACTION_TILE = range(8)
PILE_BONUS, PILE_CONTRACT, PILE_CHARACTER = range(3)
PILE_NAMES = ("bonus", "contract", "character")
LOC_ACTION, LOC_KING, LOC_MAP, LOC_CONTRACT, LOC_CHARACTER = range(5)

EMPTY = -1
INACTIVE = -2
"""A house, pillar or bonus space not used with this many players."""
