"""The Torres action space: every action is one int, the same int in every state.

Squares are numbered ``y * 8 + x`` and named like chess squares (``a1`` is x=0, y=0).
Directions are N (y+1), E (x+1), S (y-1), W (x-1); diagonals NE, SE, SW, NW.

======================  =========  ==========================================
block                   size       meaning
======================  =========  ==========================================
END_TURN                1          end the turn
ADVANCE                 1          move the scoring marker one space (1 AP)
KING_STAY               1          leave the King where it is
ACQUIRE                 1          acquire an action card (1 AP)
RETURN_REST             1          return the leftover blocks to the supply
TAKE_STACK + h-1        3          take the stack of height h for this turn
REDISTRIBUTE + h-1      2          put one leftover block on a stack of height h
PLAY_SIX / PLAY_SEVEN   2          play the 6 / 7 action points card
KEEP + c                10         keep drawn card c
RETURN_TOP + c          10         put drawn card c on top of the deck
RETURN_BOTTOM + c       10         put drawn card c at the bottom of the deck
DRAW + c                10         chance: the card drawn is c
MASTER + m              8          chance: the master card drawn is m
SETUP_CASTLE + s        64         master version: place a starting castle
SETUP_KNIGHT + s        64         place the first knight
PLACE_KING + s          64         place (or move) the King
ADD_KNIGHT + s          64         add a knight (2 AP)
PLACE_BLOCK + s         64         place a tower block from the stack (1 AP)
EXTRA_BLOCK + s         64         card: extra block from the general supply
BLOCK_UNDER + 4s + k    256        card: block under the knight on s, taken from
                                   the stack in use (k=0) or a stack of height k
JUMP_UP + 4s + d        256        card: jump two levels up, direction d
DIAGONAL + 4s + d       256        card: diagonal move, diagonal d
JUMP_OVER + 4s + d      256        card: jump over the knight in direction d
MOVE + 64a + b          4096       move a knight from a to b (a step or through doors)
DOOR_CLIMB + 64a + b    4096       card: door climb from a to b
RELOCATE + 64a + b      4096       card: relocate a knight from a to b
MOVE_BLOCK + 64a + b    4096       card: move the empty tower block on a to b
======================  =========  ==========================================
"""

from __future__ import annotations

import re
from bisect import bisect_right

from towers.core.errors import ActionParseError

SIZE = 8
SQUARES = SIZE * SIZE
CARD_KINDS = 10
MASTER_KINDS = 8

CARD_KEYS = (
    "jump_up",
    "block_under",
    "extra_block",
    "door_climb",
    "diagonal",
    "six_ap",
    "seven_ap",
    "move_block",
    "relocate",
    "jump_over",
)
(
    C_JUMP_UP,
    C_BLOCK_UNDER,
    C_EXTRA_BLOCK,
    C_DOOR_CLIMB,
    C_DIAGONAL,
    C_SIX,
    C_SEVEN,
    C_MOVE_BLOCK,
    C_RELOCATE,
    C_JUMP_OVER,
) = range(CARD_KINDS)

MASTER_KEYS = (
    "different_levels",
    "same_level",
    "in_a_row",
    "square",
    "border",
    "castle_count",
    "diagonals",
    "neighbors",
)

ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAG = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ORTHO_NAMES = ("N", "E", "S", "W")
DIAG_NAMES = ("NE", "SE", "SW", "NW")

_layout: list[tuple[str, int]] = [
    ("END_TURN", 1),
    ("ADVANCE", 1),
    ("KING_STAY", 1),
    ("ACQUIRE", 1),
    ("RETURN_REST", 1),
    ("TAKE_STACK", 3),
    ("REDISTRIBUTE", 2),
    ("PLAY_SIX", 1),
    ("PLAY_SEVEN", 1),
    ("KEEP", CARD_KINDS),
    ("RETURN_TOP", CARD_KINDS),
    ("RETURN_BOTTOM", CARD_KINDS),
    ("DRAW", CARD_KINDS),
    ("MASTER", MASTER_KINDS),
    ("SETUP_CASTLE", SQUARES),
    ("SETUP_KNIGHT", SQUARES),
    ("PLACE_KING", SQUARES),
    ("ADD_KNIGHT", SQUARES),
    ("PLACE_BLOCK", SQUARES),
    ("EXTRA_BLOCK", SQUARES),
    ("BLOCK_UNDER", SQUARES * 4),
    ("JUMP_UP", SQUARES * 4),
    ("DIAGONAL", SQUARES * 4),
    ("JUMP_OVER", SQUARES * 4),
    ("MOVE", SQUARES * SQUARES),
    ("DOOR_CLIMB", SQUARES * SQUARES),
    ("RELOCATE", SQUARES * SQUARES),
    ("MOVE_BLOCK", SQUARES * SQUARES),
]
OFFSETS: dict[str, int] = {}
_at = 0
for _name, _size in _layout:
    OFFSETS[_name] = _at
    _at += _size
NUM_ACTIONS = _at
BLOCKS = [(name, OFFSETS[name], size) for name, size in _layout]

END_TURN = OFFSETS["END_TURN"]
ADVANCE = OFFSETS["ADVANCE"]
KING_STAY = OFFSETS["KING_STAY"]
ACQUIRE = OFFSETS["ACQUIRE"]
RETURN_REST = OFFSETS["RETURN_REST"]
TAKE_STACK = OFFSETS["TAKE_STACK"]
REDISTRIBUTE = OFFSETS["REDISTRIBUTE"]
PLAY_SIX = OFFSETS["PLAY_SIX"]
PLAY_SEVEN = OFFSETS["PLAY_SEVEN"]
KEEP = OFFSETS["KEEP"]
RETURN_TOP = OFFSETS["RETURN_TOP"]
RETURN_BOTTOM = OFFSETS["RETURN_BOTTOM"]
DRAW = OFFSETS["DRAW"]
MASTER = OFFSETS["MASTER"]
SETUP_CASTLE = OFFSETS["SETUP_CASTLE"]
SETUP_KNIGHT = OFFSETS["SETUP_KNIGHT"]
PLACE_KING = OFFSETS["PLACE_KING"]
ADD_KNIGHT = OFFSETS["ADD_KNIGHT"]
PLACE_BLOCK = OFFSETS["PLACE_BLOCK"]
EXTRA_BLOCK = OFFSETS["EXTRA_BLOCK"]
BLOCK_UNDER = OFFSETS["BLOCK_UNDER"]
JUMP_UP = OFFSETS["JUMP_UP"]
DIAGONAL = OFFSETS["DIAGONAL"]
JUMP_OVER = OFFSETS["JUMP_OVER"]
MOVE = OFFSETS["MOVE"]
DOOR_CLIMB = OFFSETS["DOOR_CLIMB"]
RELOCATE = OFFSETS["RELOCATE"]
MOVE_BLOCK = OFFSETS["MOVE_BLOCK"]


def square_name(s: int) -> str:
    return "abcdefgh"[s % SIZE] + str(s // SIZE + 1)


def parse_square(text: str) -> int:
    m = re.fullmatch(r"([a-h])([1-8])", text)
    if not m:
        raise ActionParseError(f"{text!r} is not a square; squares are a1 to h8")
    return (int(m.group(2)) - 1) * SIZE + "abcdefgh".index(m.group(1))


_STARTS = [start for _name, start, _size in BLOCKS]
_NAMES = [name for name, _start, _size in BLOCKS]


def decode(action: int) -> tuple[str, int]:
    """The block name and the index inside it."""
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ActionParseError(
            f"{action!r} is not a Torres action; actions are 0 to {NUM_ACTIONS - 1}"
        )
    k = bisect_right(_STARTS, action) - 1
    return _NAMES[k], action - _STARTS[k]


def to_string(action: int) -> str:
    name, i = decode(action)
    sq = square_name
    if name == "END_TURN":
        return "end turn"
    if name == "ADVANCE":
        return "advance marker"
    if name == "KING_STAY":
        return "king stays"
    if name == "ACQUIRE":
        return "acquire card"
    if name == "RETURN_REST":
        return "return leftover blocks"
    if name == "TAKE_STACK":
        return f"take stack {i + 1}"
    if name == "REDISTRIBUTE":
        return f"leftover block onto stack {i + 1}"
    if name == "PLAY_SIX":
        return "play six_ap"
    if name == "PLAY_SEVEN":
        return "play seven_ap"
    if name == "KEEP":
        return f"keep {CARD_KEYS[i]}"
    if name == "RETURN_TOP":
        return f"return {CARD_KEYS[i]} top"
    if name == "RETURN_BOTTOM":
        return f"return {CARD_KEYS[i]} bottom"
    if name == "DRAW":
        return f"draw {CARD_KEYS[i]}"
    if name == "MASTER":
        return f"master card {MASTER_KEYS[i]}"
    if name == "SETUP_CASTLE":
        return f"castle {sq(i)}"
    if name == "SETUP_KNIGHT":
        return f"first knight {sq(i)}"
    if name == "PLACE_KING":
        return f"king {sq(i)}"
    if name == "ADD_KNIGHT":
        return f"add knight {sq(i)}"
    if name == "PLACE_BLOCK":
        return f"block {sq(i)}"
    if name == "EXTRA_BLOCK":
        return f"play extra_block {sq(i)}"
    if name == "BLOCK_UNDER":
        source = "in-use stack" if i % 4 == 0 else f"stack {i % 4}"
        return f"play block_under {sq(i // 4)} from {source}"
    if name == "JUMP_UP":
        return f"play jump_up {sq(i // 4)} {ORTHO_NAMES[i % 4]}"
    if name == "DIAGONAL":
        return f"play diagonal {sq(i // 4)} {DIAG_NAMES[i % 4]}"
    if name == "JUMP_OVER":
        return f"play jump_over {sq(i // 4)} {ORTHO_NAMES[i % 4]}"
    a, b = divmod(i, SQUARES)
    if name == "MOVE":
        return f"move {sq(a)}-{sq(b)}"
    if name == "DOOR_CLIMB":
        return f"play door_climb {sq(a)}-{sq(b)}"
    if name == "RELOCATE":
        return f"play relocate {sq(a)}-{sq(b)}"
    return f"play move_block {sq(a)}-{sq(b)}"


_FIXED = {
    "end turn": END_TURN,
    "advance marker": ADVANCE,
    "king stays": KING_STAY,
    "acquire card": ACQUIRE,
    "return leftover blocks": RETURN_REST,
    "play six_ap": PLAY_SIX,
    "play seven_ap": PLAY_SEVEN,
}
_PAIR = {
    "move": MOVE,
    "play door_climb": DOOR_CLIMB,
    "play relocate": RELOCATE,
    "play move_block": MOVE_BLOCK,
}
_SQUARE = {
    "castle": SETUP_CASTLE,
    "first knight": SETUP_KNIGHT,
    "king": PLACE_KING,
    "add knight": ADD_KNIGHT,
    "block": PLACE_BLOCK,
    "play extra_block": EXTRA_BLOCK,
}
_DIRECTED = {
    "play jump_up": (JUMP_UP, ORTHO_NAMES),
    "play diagonal": (DIAGONAL, DIAG_NAMES),
    "play jump_over": (JUMP_OVER, ORTHO_NAMES),
}

EXAMPLES = (
    "'move d4-d5', 'block c3', 'add knight e3', 'take stack 2', 'play jump_up e4 N', 'end turn'"
)


def from_string(text: str) -> int:
    """The action named by ``text`` as :func:`to_string` writes it (spaces and case folded)."""
    t = " ".join(text.strip().lower().split())
    if t in _FIXED:
        return _FIXED[t]
    m = re.fullmatch(
        r"(move|play door_climb|play relocate|play move_block) ([a-h][1-8])-([a-h][1-8])", t
    )
    if m:
        return _PAIR[m.group(1)] + parse_square(m.group(2)) * SQUARES + parse_square(m.group(3))
    m = re.fullmatch(
        r"(castle|first knight|king|add knight|block|play extra_block) ([a-h][1-8])", t
    )
    if m:
        return _SQUARE[m.group(1)] + parse_square(m.group(2))
    m = re.fullmatch(r"(play jump_up|play diagonal|play jump_over) ([a-h][1-8]) (\w+)", t)
    if m:
        base, names = _DIRECTED[m.group(1)]
        d = m.group(3).upper()
        if d not in names:
            raise ActionParseError(
                f"{m.group(3)!r} is not a direction here; use {', '.join(names)}"
            )
        return base + 4 * parse_square(m.group(2)) + names.index(d)
    m = re.fullmatch(r"play block_under ([a-h][1-8]) from (in-use stack|stack [123])", t)
    if m:
        k = 0 if m.group(2) == "in-use stack" else int(m.group(2)[-1])
        return BLOCK_UNDER + 4 * parse_square(m.group(1)) + k
    m = re.fullmatch(r"take stack ([123])", t)
    if m:
        return TAKE_STACK + int(m.group(1)) - 1
    m = re.fullmatch(r"leftover block onto stack ([12])", t)
    if m:
        return REDISTRIBUTE + int(m.group(1)) - 1
    m = re.fullmatch(r"(keep|draw|return) (\w+)( top| bottom)?", t)
    if m and m.group(2) in CARD_KEYS:
        c = CARD_KEYS.index(m.group(2))
        if m.group(1) == "return":
            if m.group(3) is None:
                raise ActionParseError(
                    "say where the card goes: 'return <card> top' or 'return <card> bottom'"
                )
            return (RETURN_TOP if m.group(3) == " top" else RETURN_BOTTOM) + c
        if m.group(3) is None:
            return (KEEP if m.group(1) == "keep" else DRAW) + c
    m = re.fullmatch(r"master card (\w+)", t)
    if m and m.group(1) in MASTER_KEYS:
        return MASTER + MASTER_KEYS.index(m.group(1))
    raise ActionParseError(
        f"{text!r} names no Torres action; examples: {EXAMPLES}; cards: {', '.join(CARD_KEYS)}"
    )
