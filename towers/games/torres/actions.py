"""The Torres action space: every kind of action declared once, as a frozen value with its
parameters; the ints (the same int in every state), the names players type and the values
the rules match on all come from :data:`SPACE`.

Squares are numbered ``y * 8 + x`` and named like chess squares (``a1`` is x=0, y=0).
Directions are N (y+1), E (x+1), S (y-1), W (x-1); diagonals NE, SE, SW, NW. A parameter's
value is its place in its domain: ``TakeStack(height=0)`` takes the stack of height 1.

=============  =====  ====================================================================
kind           ints   meaning
=============  =====  ====================================================================
EndTurn        1      end the turn
Advance        1      move the scoring marker one space (1 AP)
KingStays      1      leave the King where it is
Acquire        1      acquire an action card (1 AP)
ReturnRest     1      return the leftover blocks to the supply
TakeStack      3      take the stack of a height for this turn
Redistribute   2      put one leftover block on a stack of height 1 or 2
PlaySix        1      play the 6 action points card
PlaySeven      1      play the 7 action points card
Keep           10     keep a drawn card
ReturnTop      10     put a drawn card on top of the deck
ReturnBottom   10     put a drawn card at the bottom of the deck
Draw           10     chance: the card drawn
MasterCard     8      chance: the master card drawn
SetupCastle    64     master version: place a starting castle
SetupKnight    64     place the first knight
PlaceKing      64     place (or move) the King
AddKnight      64     add a knight (2 AP)
PlaceBlock     64     place a tower block from the stack (1 AP)
ExtraBlock     64     card: extra block from the general supply
BlockUnder     256    card: block under the knight on a square, taken from the stack in use
                      or a stack of a height
JumpUp         256    card: jump two levels up, in a direction
Diagonal       256    card: diagonal move
JumpOver       256    card: jump over the knight in a direction
Move           4096   move a knight (a step or through doors)
DoorClimb      4096   card: door climb
Relocate       4096   card: relocate a knight
MoveBlock      4096   card: move the empty tower block of a square to another
=============  =====  ====================================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

from towers.core.actions import Action, ActionSpace, Domain
from towers.core.errors import ActionParseError
from towers.games.torres.data import load

SIZE = 8
SQUARES = SIZE * SIZE

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
CARD_KINDS = len(CARD_KEYS)
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
MASTER_KINDS = len(MASTER_KEYS)

ORTHO = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAG = ((1, 1), (1, -1), (-1, -1), (-1, 1))
ORTHO_NAMES = ("N", "E", "S", "W")
DIAG_NAMES = ("NE", "SE", "SW", "NW")


def square_name(s: int) -> str:
    return "abcdefgh"[s % SIZE] + str(s // SIZE + 1)


def parse_square(text: str) -> int:
    m = re.fullmatch(r"([a-h])([1-8])", text)
    if not m:
        raise ActionParseError(f"{text!r} is not a square; squares are a1 to h8")
    return (int(m.group(2)) - 1) * SIZE + "abcdefgh".index(m.group(1))


SQUARE_NAMES = tuple(square_name(s) for s in range(SQUARES))
SQUARE_OF = {name: s for s, name in enumerate(SQUARE_NAMES)}
SQUARE = Domain.of("square", SQUARE_NAMES)
_DATA = load()
CARD_NAMES = tuple(_DATA.card_names[_DATA.card_keys.index(k)] for k in CARD_KEYS)
"""Each action card as it is printed, in the order of CARD_KEYS: what players read and type."""
MASTER_NAMES = tuple(_DATA.master_names[_DATA.master_keys.index(k)] for k in MASTER_KEYS)
"""Each master card as it is printed, in the order of MASTER_KEYS."""
OLD_CARD_WORDS = dict(zip(CARD_KEYS + MASTER_KEYS, CARD_NAMES + MASTER_NAMES, strict=True))
"""A card's key, as moves named it before they used printed names, to its printed name."""
CARD = Domain.of("card", CARD_NAMES)
MASTER_CARD = Domain.of("master card", MASTER_NAMES)
DIRECTION = Domain.of("direction", ORTHO_NAMES)
DIAGONAL_DIRECTION = Domain.of("diagonal", DIAG_NAMES)
STACK_HEIGHT = Domain.numbered("height", 3)
LEFTOVER_HEIGHT = Domain.numbered("height", 2)
SOURCE = Domain.of("source", ("in-use stack", "stack 1", "stack 2", "stack 3"))
"""Where the Block under a knight card takes its block: 0 the stack in use, k a stack of k."""


# ---- actions without parameters ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    TEXT = "end turn"


@dataclass(frozen=True, slots=True)
class Advance(Action):
    """Move the scoring marker one space (1 AP)."""

    TEXT = "advance marker"


@dataclass(frozen=True, slots=True)
class KingStays(Action):
    TEXT = "king stays"


@dataclass(frozen=True, slots=True)
class Acquire(Action):
    """Acquire an action card (1 AP)."""

    TEXT = "acquire card"


@dataclass(frozen=True, slots=True)
class ReturnRest(Action):
    """Return the leftover blocks to the general supply."""

    TEXT = "return leftover blocks"


# ---- the stacks ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TakeStack(Action):
    """Take the stack of ``height + 1`` blocks for this turn."""

    TEXT = "take stack {height}"
    height: Annotated[int, STACK_HEIGHT]


@dataclass(frozen=True, slots=True)
class Redistribute(Action):
    """Put one leftover block on a stack of ``height + 1``."""

    TEXT = "leftover block onto stack {height}"
    height: Annotated[int, LEFTOVER_HEIGHT]


# ---- cards ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlaySix(Action):
    TEXT = f"play {CARD_NAMES[C_SIX]}"


@dataclass(frozen=True, slots=True)
class PlaySeven(Action):
    TEXT = f"play {CARD_NAMES[C_SEVEN]}"


@dataclass(frozen=True, slots=True)
class Keep(Action):
    TEXT = "keep {card}"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class ReturnTop(Action):
    TEXT = "return {card} top"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class ReturnBottom(Action):
    TEXT = "return {card} bottom"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class Draw(Action):
    TEXT = "draw {card}"
    CHANCE = True
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class MasterCard(Action):
    TEXT = "master card {card}"
    CHANCE = True
    card: Annotated[int, MASTER_CARD]


# ---- one square ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SetupCastle(Action):
    """Master version: place a starting castle."""

    TEXT = "castle {square}"
    square: Annotated[int, SQUARE]


@dataclass(frozen=True, slots=True)
class SetupKnight(Action):
    TEXT = "first knight {square}"
    square: Annotated[int, SQUARE]


@dataclass(frozen=True, slots=True)
class PlaceKing(Action):
    """Place the King at the setup, or move it after a scoring."""

    TEXT = "king {square}"
    square: Annotated[int, SQUARE]


@dataclass(frozen=True, slots=True)
class AddKnight(Action):
    TEXT = "add knight {square}"
    square: Annotated[int, SQUARE]


@dataclass(frozen=True, slots=True)
class PlaceBlock(Action):
    """Place a tower block from the stack in use (1 AP)."""

    TEXT = "block {square}"
    square: Annotated[int, SQUARE]


@dataclass(frozen=True, slots=True)
class ExtraBlock(Action):
    """Card: an extra block from the general supply."""

    TEXT = f"play {CARD_NAMES[C_EXTRA_BLOCK]} {{square}}"
    square: Annotated[int, SQUARE]


@dataclass(frozen=True, slots=True)
class BlockUnder(Action):
    """Card: a block under the knight on ``square``, from ``source`` (see SOURCE)."""

    TEXT = f"play {CARD_NAMES[C_BLOCK_UNDER]} {{square}} from {{source}}"
    square: Annotated[int, SQUARE]
    source: Annotated[int, SOURCE]


# ---- a square and a direction ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class JumpUp(Action):
    TEXT = f"play {CARD_NAMES[C_JUMP_UP]} {{frm}} {{direction}}"
    frm: Annotated[int, SQUARE]
    direction: Annotated[int, DIRECTION]


@dataclass(frozen=True, slots=True)
class Diagonal(Action):
    TEXT = f"play {CARD_NAMES[C_DIAGONAL]} {{frm}} {{direction}}"
    frm: Annotated[int, SQUARE]
    direction: Annotated[int, DIAGONAL_DIRECTION]


@dataclass(frozen=True, slots=True)
class JumpOver(Action):
    TEXT = f"play {CARD_NAMES[C_JUMP_OVER]} {{frm}} {{direction}}"
    frm: Annotated[int, SQUARE]
    direction: Annotated[int, DIRECTION]


# ---- two squares --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a knight a step, or through the doors of a castle."""

    TEXT = "move {frm}-{to}"
    frm: Annotated[int, SQUARE]
    to: Annotated[int, SQUARE]


@dataclass(frozen=True, slots=True)
class DoorClimb(Action):
    TEXT = f"play {CARD_NAMES[C_DOOR_CLIMB]} {{frm}}-{{to}}"
    frm: Annotated[int, SQUARE]
    to: Annotated[int, SQUARE]


@dataclass(frozen=True, slots=True)
class Relocate(Action):
    TEXT = f"play {CARD_NAMES[C_RELOCATE]} {{frm}}-{{to}}"
    frm: Annotated[int, SQUARE]
    to: Annotated[int, SQUARE]


@dataclass(frozen=True, slots=True)
class MoveBlock(Action):
    """Card: move the empty tower block on ``frm`` to ``to``."""

    TEXT = f"play {CARD_NAMES[C_MOVE_BLOCK]} {{frm}}-{{to}}"
    frm: Annotated[int, SQUARE]
    to: Annotated[int, SQUARE]


SPACE = ActionSpace(
    "Torres",
    [
        EndTurn,
        Advance,
        KingStays,
        Acquire,
        ReturnRest,
        TakeStack,
        Redistribute,
        PlaySix,
        PlaySeven,
        Keep,
        ReturnTop,
        ReturnBottom,
        Draw,
        MasterCard,
        SetupCastle,
        SetupKnight,
        PlaceKing,
        AddKnight,
        PlaceBlock,
        ExtraBlock,
        BlockUnder,
        JumpUp,
        Diagonal,
        JumpOver,
        Move,
        DoorClimb,
        Relocate,
        MoveBlock,
    ],
    examples=(
        "move d4-d5",
        "block c3",
        "add knight e3",
        "take stack 2",
        "play Jump up two levels e4 N",
        "end turn",
    ),
)
NUM_ACTIONS = SPACE.size

# The first int of each kind, for the code that builds and reads ints on the hot path (the
# move generator and its compiled twin): ``MOVE + 64 * frm + to``, ``JUMP_UP + 4 * frm + d``.
END_TURN = SPACE.base(EndTurn)
ADVANCE = SPACE.base(Advance)
KING_STAY = SPACE.base(KingStays)
ACQUIRE = SPACE.base(Acquire)
RETURN_REST = SPACE.base(ReturnRest)
TAKE_STACK = SPACE.base(TakeStack)
REDISTRIBUTE = SPACE.base(Redistribute)
PLAY_SIX = SPACE.base(PlaySix)
PLAY_SEVEN = SPACE.base(PlaySeven)
KEEP = SPACE.base(Keep)
RETURN_TOP = SPACE.base(ReturnTop)
RETURN_BOTTOM = SPACE.base(ReturnBottom)
DRAW = SPACE.base(Draw)
MASTER = SPACE.base(MasterCard)
SETUP_CASTLE = SPACE.base(SetupCastle)
SETUP_KNIGHT = SPACE.base(SetupKnight)
PLACE_KING = SPACE.base(PlaceKing)
ADD_KNIGHT = SPACE.base(AddKnight)
PLACE_BLOCK = SPACE.base(PlaceBlock)
EXTRA_BLOCK = SPACE.base(ExtraBlock)
BLOCK_UNDER = SPACE.base(BlockUnder)
JUMP_UP = SPACE.base(JumpUp)
DIAGONAL = SPACE.base(Diagonal)
JUMP_OVER = SPACE.base(JumpOver)
MOVE = SPACE.base(Move)
DOOR_CLIMB = SPACE.base(DoorClimb)
RELOCATE = SPACE.base(Relocate)
MOVE_BLOCK = SPACE.base(MoveBlock)

CARD_OF_KIND: dict[type[Action], int] = {
    PlaySix: C_SIX,
    PlaySeven: C_SEVEN,
    ExtraBlock: C_EXTRA_BLOCK,
    BlockUnder: C_BLOCK_UNDER,
    JumpUp: C_JUMP_UP,
    Diagonal: C_DIAGONAL,
    JumpOver: C_JUMP_OVER,
    DoorClimb: C_DOOR_CLIMB,
    Relocate: C_RELOCATE,
    MoveBlock: C_MOVE_BLOCK,
}
"""The action card each kind of card action plays."""


def to_string(action: int) -> str:
    """The name of ``action`` (:meth:`ActionSpace.name`)."""
    return SPACE.name(action)


def from_string(text: str) -> int:
    """The action ``text`` names, spaces and case folded (:meth:`ActionSpace.parse`)."""
    return SPACE.parse(text)
