"""Why an action is not allowed now, in words, with the rulebook section that says so."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.torres import actions as A
from towers.games.torres.actions import (
    CARD_OF_KIND,
    Acquire,
    AddKnight,
    Advance,
    BlockUnder,
    Diagonal,
    DoorClimb,
    Draw,
    ExtraBlock,
    JumpOver,
    JumpUp,
    Keep,
    KingStays,
    MasterCard,
    Move,
    MoveBlock,
    PlaceBlock,
    PlaceKing,
    PlaySeven,
    PlaySix,
    Redistribute,
    Relocate,
    ReturnBottom,
    ReturnRest,
    ReturnTop,
    SetupCastle,
    SetupKnight,
    TakeStack,
)
from towers.games.torres.board import (
    DIAG_DIR,
    ORTHO_DIR,
    ORTHO_DIR2,
    ORTHO_NEIGHBORS,
    label_castles,
)
from towers.games.torres.steps import S_SETUP_KING, S_TURN, STEP_NAMES

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState

_STEP_KINDS: dict[int, tuple[tuple[type[Action], ...], str]] = {
    0: ((MasterCard,), "Torres, Master Version, The master cards"),
    1: ((SetupCastle,), "Torres, Master Version, Initial placement of the castles"),
    2: ((SetupKnight,), "Torres, Preparation"),
    3: ((PlaceKing,), "Torres, Preparation"),
    5: ((Draw,), "Torres, Acquire action cards"),
    6: ((Keep,), "Torres, Acquire action cards"),
    7: ((ReturnTop, ReturnBottom), "Torres, Acquire action cards"),
    8: ((TakeStack,), "Torres, Place a tower block"),
    9: ((Redistribute, ReturnRest), "Torres, Place a tower block"),
    10: ((PlaceKing, KingStays), "Torres, Move the king"),
    11: ((), "Torres, Game End"),
}
_NOT_OF_A_TURN = (
    MasterCard,
    SetupCastle,
    SetupKnight,
    PlaceKing,
    KingStays,
    Draw,
    Keep,
    ReturnTop,
    ReturnBottom,
    Redistribute,
    ReturnRest,
)
R_ADD = "Torres, Add a knight"
R_MOVE = "Torres, Move a knight"
R_BLOCK = "Torres, Place a tower block"
R_ACQ = "Torres, Acquire action cards"
R_PLAY = "Torres, Play an action card"
R_CARDS = "Torres, The Action Cards"


def explain(state: TorresState, action: int) -> tuple[str, str]:
    value = A.SPACE.values[action]
    step = state.step
    if step != S_TURN:
        kinds, rule = _STEP_KINDS[step]
        if not isinstance(value, kinds):
            who = "chance" if step in (0, 5) else f"seat {state.current_player()}"
            return f"now {who} must {STEP_NAMES[step]}", rule
        return _explain_step(state, value, rule)
    if isinstance(value, _NOT_OF_A_TURN):
        return (
            f"it is seat {state.turn}'s turn to take actions; this is not one of them",
            "Torres, A player's turn",
        )
    return _explain_turn(state, value)


def _sq(s: int) -> str:
    return A.square_name(s)


def _explain_step(state: TorresState, value: Action, rule: str) -> tuple[str, str]:
    match value:
        case SetupKnight(square=s):
            return _setup_piece_problem(state, s, rule)
        case PlaceKing(square=s) if state.step == S_SETUP_KING:
            return _setup_piece_problem(state, s, rule)
        case PlaceKing(square=s):
            if not state.heights[s]:
                return f"the King goes on a castle and {_sq(s)} has no tower block", rule
            return f"{_sq(s)} is not empty", rule
        case SetupCastle(square=s):
            if state.heights[s]:
                return f"{_sq(s)} already holds a castle", rule
            need = state.castle_setup_distance()
            return (
                f"a new castle needs {need - 1} empty spaces between it and any other castle, "
                "counted orthogonally",
                rule,
            )
        case Keep(card=c):
            return f"{A.CARD_KEYS[c]} is not among the drawn cards", rule
        case ReturnTop(card=c) | ReturnBottom(card=c):
            return f"{A.CARD_KEYS[c]} is not among the cards to return", rule
        case TakeStack(height=i):
            return f"you hold no stack of {i + 1}; your stacks: {state.stacks[state.turn]}", rule
        case Redistribute(height=i):
            return (
                f"no stack of {i + 1} to put a block on (no stack may be taller than three)",
                rule,
            )
        case Draw(card=c):
            return f"no {A.CARD_KEYS[c]} card is left in the unseen part of the deck", rule
    return "not allowed now", rule


def _setup_piece_problem(state: TorresState, s: int, rule: str) -> tuple[str, str]:
    if not state.heights[s]:
        return f"{_sq(s)} is not a castle", rule
    return "each piece starts on a different, empty castle", rule


def _card_problem(state: TorresState, card: int) -> tuple[str, str] | None:
    p = state.turn
    key = A.CARD_KEYS[card]
    if state.card_played:
        return "a player may play at most one action card a turn", R_PLAY
    if state.hands[p][card] <= 0:
        return f"seat {p} holds no {key} card", R_PLAY
    if state.hands[p][card] - state.acquired_this_turn[card] <= 0:
        return (
            f"the {key} card was acquired this turn and may not be played until a later turn",
            R_PLAY,
        )
    return None


def _own_knight(state: TorresState, s: int) -> tuple[str, str] | None:
    if state.occupants[s] != state.turn:
        return f"seat {state.turn} has no knight on {_sq(s)}", R_MOVE
    return None


def _explain_turn(state: TorresState, value: Action) -> tuple[str, str]:
    p = state.turn
    h = state.heights
    occ = state.occupants
    match value:
        case Advance():
            return (
                "moving the scoring marker costs 1 action point and none are left",
                "Torres, Move along the scoring track",
            )
        case Acquire():
            if state.game.is_master:
                return (
                    "acquiring an action card is no longer possible in the master version",
                    "Torres, Master Version, Action cards",
                )
            if state.acquisitions >= state.game.data.max_acquisitions:
                return "at most 2 action cards may be acquired a turn", R_ACQ
            if state.action_points < 1:
                return "acquiring a card costs 1 action point and none are left", R_ACQ
            if not state._deck_of(p).has_cards():
                return "the action deck is empty", R_ACQ
        case TakeStack(height=i):
            if state.stack_in_use != -1:
                return (
                    "blocks come from only one stack a turn, and this turn's stack is taken",
                    R_BLOCK,
                )
            return f"seat {p} holds no stack of {i + 1}; its stacks: {state.stacks[p]}", R_BLOCK
        case PlaySix() | PlaySeven():
            problem = _card_problem(state, CARD_OF_KIND[type(value)])
            if problem:
                return problem
        case AddKnight(square=s):
            if state.action_points < state.game.data.cost_add_knight:
                return (
                    f"adding a knight costs 2 action points and {state.action_points} are left",
                    R_ADD,
                )
            if len(state.knights[p]) >= state.game.data.knights_per_player:
                return "all 6 knights of this color are on the board", R_ADD
            if occ[s] != -1:
                return f"{_sq(s)} is not empty", R_ADD
            near = [k for k in ORTHO_NEIGHBORS[s] if occ[k] == p]
            if not near:
                return (
                    "a new knight goes orthogonally next to a knight of its color, and none is "
                    f"next to {_sq(s)}",
                    R_ADD,
                )
            return (
                f"{_sq(s)} is on level {h[s]}, higher than every neighbouring knight of this color",
                R_ADD,
            )
        case Move(frm=a, to=b):
            if state.action_points < 1:
                return "moving a knight costs 1 action point a space and none are left", R_MOVE
            return _move_problem(state, a, b)
        case PlaceBlock(square=s):
            if state.action_points < 1:
                return "placing a tower block costs 1 action point and none are left", R_BLOCK
            if state.blocks_placed >= state.game.data.max_blocks_per_turn:
                return "a player may never add more than three tower blocks in a turn", R_BLOCK
            if state.stack_in_use == 0:
                return (
                    "the stack taken this turn is used up (blocks come from one stack a turn)",
                    R_BLOCK,
                )
            if state.stack_in_use == -1 and not state.stacks[p]:
                return f"seat {p} has no tower blocks left this phase", R_BLOCK
            if state.stack_in_use == -1 and not state._stack_auto(p):
                return (
                    f"first say which stack this turn's blocks come from ('take stack N'); "
                    f"stacks: {state.stacks[p]}"
                ), R_BLOCK
            return _placement_problem(state, s)
        case ExtraBlock(square=s):
            problem = _card_problem(state, A.C_EXTRA_BLOCK)
            if problem:
                return problem
            if state.supply <= 0:
                return "the general supply has no tower blocks left", R_CARDS
            return _placement_problem(state, s)
        case (
            BlockUnder()
            | JumpUp()
            | Diagonal()
            | JumpOver()
            | DoorClimb()
            | Relocate()
            | MoveBlock()
        ):
            problem = _card_problem(state, CARD_OF_KIND[type(value)])
            if problem:
                return problem
            return _card_target_problem(state, value)
    return "not allowed now", "Torres, A player's turn"


def _move_problem(state: TorresState, a: int, b: int) -> tuple[str, str]:
    h = state.heights
    bad = _own_knight(state, a)
    if bad:
        return bad
    if state.occupants[b] != -1:
        return (
            f"{_sq(b)} is occupied; a knight moves only to a space free of the King and other knights",
            R_MOVE,
        )
    if b in ORTHO_NEIGHBORS[a]:
        return (
            f"a knight moves up only one level a move: {_sq(a)} is on level {h[a]}, "
            f"{_sq(b)} on level {h[b]}"
        ), R_MOVE
    return (
        f"{_sq(b)} is neither orthogonally next to {_sq(a)} nor reachable through the doors "
        "of a castle next to it without going up (Doors)"
    ), R_MOVE


def _placement_problem(state: TorresState, s: int) -> tuple[str, str]:
    if state.occupants[s] != -1:
        return f"a piece stands on {_sq(s)}", R_BLOCK
    if state.heights[s]:
        k = state.castle_of[s]
        return (
            f"a castle may never be taller than its surface area: this castle covers "
            f"{state.surface_areas[k]} spaces and the block would make it {state.heights[s] + 1} high"
        ), R_BLOCK
    adj = {state.castle_of[n] for n in ORTHO_NEIGHBORS[s] if state.castle_of[n] >= 0}
    if not adj:
        return f"each block must be added to an existing castle and {_sq(s)} touches none", R_BLOCK
    return "a castle may not be joined to another: castles may only touch diagonally", R_BLOCK


def _card_target_problem(state: TorresState, value: Action) -> tuple[str, str]:
    h = state.heights
    occ = state.occupants
    match value:
        case BlockUnder(square=s, source=k):
            if occ[s] != state.turn:
                return f"seat {state.turn} has no knight on {_sq(s)}", R_CARDS
            if k == 0 and state.stack_in_use <= 0:
                return "no blocks are left in a stack taken this turn", R_CARDS
            if k and k not in state.stacks[state.turn]:
                return f"seat {state.turn} holds no stack of {k}", R_CARDS
            if h[s]:
                return "the block may not make the castle taller than its surface area", R_CARDS
            return (
                "a new castle may not start orthogonally next to two castles (they would join)",
                R_CARDS,
            )
        case (
            JumpUp(frm=a, direction=d) | Diagonal(frm=a, direction=d) | JumpOver(frm=a, direction=d)
        ):
            bad = _own_knight(state, a)
            if bad:
                return bad[0], R_CARDS
            table = DIAG_DIR if isinstance(value, Diagonal) else ORTHO_DIR
            if isinstance(value, JumpOver):
                table = ORTHO_DIR2
            b = table[a][d]
            if b < 0:
                return "that move leaves the board", R_CARDS
            if isinstance(value, JumpOver) and not 0 <= occ[ORTHO_DIR[a][d]] < 4:
                return "there is no knight to jump over in that direction", R_CARDS
            if occ[b] != -1:
                return f"the landing space {_sq(b)} is not empty", R_CARDS
            if isinstance(value, JumpUp):
                return (
                    f"the jump goes exactly two levels up: {_sq(b)} is on level {h[b]}, "
                    f"not {h[a] + 2}",
                    R_CARDS,
                )
            return f"the knight may go up at most one level: {_sq(b)} is on level {h[b]}", R_CARDS
        case MoveBlock(frm=a, to=b):
            problem = state._block_removal_problem(a)
            if problem:
                return problem, R_CARDS
            if b == a or occ[b] != -1:
                return "the block goes to another empty space", R_CARDS
            return _block_target_problem(state, a, b), R_CARDS
        case Relocate(frm=a, to=b):
            bad = _own_knight(state, a)
            if bad:
                return bad[0], R_CARDS
            if occ[b] != -1:
                return f"{_sq(b)} is not empty", R_CARDS
            return (
                "the destination must be orthogonally next to another knight of this color and "
                "on its level or lower"
            ), R_CARDS
        case DoorClimb(frm=a, to=b):
            bad = _own_knight(state, a)
            if bad:
                return bad[0], R_CARDS
            if occ[b] != -1:
                return f"{_sq(b)} is not empty", R_CARDS
            if not any(state.castle_of[n] >= 0 and h[n] > h[a] for n in ORTHO_NEIGHBORS[a]):
                return (
                    f"there is no door next to {_sq(a)} at its level: the knight goes into a door "
                    "of a castle column next to it and taller than where it stands"
                ), R_CARDS
            return (
                f"{_sq(b)} is not orthogonally next to a door of the castle the knight goes into "
                f"from {_sq(a)}"
            ), R_CARDS
    return "not allowed now", R_CARDS


def _block_target_problem(state: TorresState, a: int, b: int) -> str:
    """Why the empty block of ``a`` (which may be taken away) may not go to the empty ``b``."""
    h2 = state.heights[:]
    h2[a] -= 1
    cid2, areas2 = label_castles(h2)
    if h2[b] and h2[b] + 1 > areas2[cid2[b]]:
        return (
            f"a castle may never be taller than its surface area: the castle of {_sq(b)} would "
            f"cover {areas2[cid2[b]]} spaces and be {h2[b] + 1} high"
        )
    touching = {cid2[n] for n in ORTHO_NEIGHBORS[b] if cid2[n] >= 0}
    if len(touching) > 1:
        return "a castle may not be joined to another: castles may only touch diagonally"
    left = len(areas2) + (0 if h2[b] or touching else 1)
    return (
        f"the total number of castles may not drop below {state.game.data.min_castles}: "
        f"this move would leave {left}"
    )
