"""Torres's steps: what kind of decision a state waits for, and their names in words; shared by
the rules and their explanations."""

from __future__ import annotations

# Steps: what kind of decision the state waits for.
S_MASTER_DRAW = 0
S_SETUP_CASTLE = 1
S_SETUP_KNIGHT = 2
S_SETUP_KING = 3
S_TURN = 4
S_DRAW = 5
S_KEEP = 6
S_RETURN = 7
S_TAKE_STACK = 8
S_REDISTRIBUTE = 9
S_KING_MOVE = 10
S_OVER = 11
STEP_NAMES = (
    "draw the master card",
    "place a starting castle",
    "place a first knight",
    "place the King",
    "take actions",
    "draw action cards",
    "keep one drawn card",
    "return the drawn cards",
    "choose the stack used this turn",
    "redistribute leftover blocks",
    "move the King",
    "game over",
)
