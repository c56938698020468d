"""Each rule of Torres written once: whether an action is allowed now and, when it is not,
why, with the rulebook section that says so.

:func:`problem` answers for any action: None when the rules allow it, else ``(why,
section)``; the state's explanations of refused actions are its answers. :func:`legal_by_rules`
is the legal-move generation these rules give (every action whose problem is None). The
rules hand out their legal actions from faster generators (the turn's from
:mod:`towers.games.torres.movegen` and its compiled twin, the other steps' from short
comprehensions in the rules); the tests hold each of them to :func:`legal_by_rules` on many
random states, so that what is legal and why not cannot drift apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.core.words import plural
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
    EndTurn,
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
    KING,
    ORTHO_DIR,
    ORTHO_DIR2,
    ORTHO_NEIGHBORS,
    label_castles,
    manhattan,
)
from towers.games.torres.king import king_squares
from towers.games.torres.setup import (
    castle_setup_distance,
    castle_setup_squares,
    free_castle_squares,
)
from towers.games.torres.steps import (
    S_DRAW,
    S_KEEP,
    S_KING_MOVE,
    S_MASTER_DRAW,
    S_OVER,
    S_REDISTRIBUTE,
    S_RETURN,
    S_SETUP_CASTLE,
    S_SETUP_KING,
    S_SETUP_KNIGHT,
    S_TAKE_STACK,
    S_TURN,
    STEP_NAMES,
)

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState

Problem = tuple[str, str] | None
"""None when an action is allowed, else (why, rulebook section)."""

R_TURN = "Torres, A player's turn"
R_ADD = "Torres, Add a knight"
R_MOVE = "Torres, Move a knight"
R_BLOCK = "Torres, Place a tower block"
R_ACQ = "Torres, Acquire action cards"
R_PLAY = "Torres, Play an action card"
R_TRACK = "Torres, Move along the scoring track"
R_CARDS = "Torres, The Action Cards"
R_KING = "Torres, Move the king"
R_PREP = "Torres, Preparation"
R_MASTER_CARDS = "Torres, Master Version, The master cards"
R_MASTER_CASTLES = "Torres, Master Version, Initial placement of the castles"
R_MASTER_ACTION_CARDS = "Torres, Master Version, Action cards"
R_END = "Torres, Game End"

TURN_KINDS: tuple[type[Action], ...] = (
    EndTurn,
    Advance,
    Acquire,
    TakeStack,
    PlaySix,
    PlaySeven,
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
)
STEP_KINDS: dict[int, tuple[tuple[type[Action], ...], str]] = {
    S_MASTER_DRAW: ((MasterCard,), R_MASTER_CARDS),
    S_SETUP_CASTLE: ((SetupCastle,), R_MASTER_CASTLES),
    S_SETUP_KNIGHT: ((SetupKnight,), R_PREP),
    S_SETUP_KING: ((PlaceKing,), R_PREP),
    S_TURN: (TURN_KINDS, R_TURN),
    S_DRAW: ((Draw,), R_ACQ),
    S_KEEP: ((Keep,), R_ACQ),
    S_RETURN: ((ReturnTop, ReturnBottom), R_ACQ),
    S_TAKE_STACK: ((TakeStack,), R_BLOCK),
    S_REDISTRIBUTE: ((Redistribute, ReturnRest), R_BLOCK),
    S_KING_MOVE: ((PlaceKing, KingStays), R_KING),
    S_OVER: ((), R_END),
}
"""The kinds of action each step waits for, and the section that says so."""


def problem(state: TorresState, action: int) -> Problem:
    """Why ``action`` is not allowed in ``state`` (why, rulebook section), or None if it is."""
    value = A.SPACE.values[action]
    step = state.step
    kinds, rule = STEP_KINDS[step]
    if not isinstance(value, kinds):
        if step == S_TURN:
            return f"it is seat {state.turn}'s turn to take actions; this is not one of them", rule
        who = "chance" if step in (S_MASTER_DRAW, S_DRAW) else f"seat {state.current_player()}"
        return f"now {who} must {STEP_NAMES[step]}", rule
    if step == S_TURN:
        return _turn_problem(state, value)
    return _step_problem(state, value, rule)


def legal_by_rules(state: TorresState) -> list[int]:
    """Every action :func:`problem` allows, in increasing order: the legal actions as the
    rules state them (slow on a turn, where every action of the turn's kinds is asked)."""
    if state.is_terminal():
        return []
    kinds, _ = STEP_KINDS[state.step]
    candidates = sorted(a for kind in kinds for a in A.SPACE.ints(kind))
    return [a for a in candidates if problem(state, a) is None]


# ---- the steps outside a turn ------------------------------------------------------------
def step_actions(state: TorresState) -> list[int]:
    """The legal actions of every step but a turn's (a turn's come from
    :func:`movegen.turn_actions`), in increasing order."""
    step = state.step
    if step == S_DRAW:
        return [A.DRAW + c for c, _ in state._deck_of(state.turn).draw_outcomes()]
    if step == S_KEEP:
        return sorted({A.KEEP + c for c in state.drawn_cards})
    if step == S_RETURN:
        cards = set(state.drawn_cards)
        return sorted([A.RETURN_TOP + c for c in cards] + [A.RETURN_BOTTOM + c for c in cards])
    if step == S_TAKE_STACK:
        return sorted({A.TAKE_STACK + hgt - 1 for hgt in state.stacks[state.turn]})
    if step == S_REDISTRIBUTE:
        return [A.RETURN_REST] + sorted(
            {A.REDISTRIBUTE + hgt - 1 for hgt in state.stacks[state.turn] if hgt < 3}
        )
    if step == S_KING_MOVE:
        return [A.KING_STAY] + [A.PLACE_KING + s for s in king_squares(state)]
    if step == S_SETUP_KNIGHT:
        return [A.SETUP_KNIGHT + s for s in free_castle_squares(state)]
    if step == S_SETUP_KING:
        return [A.PLACE_KING + s for s in free_castle_squares(state)]
    if step == S_SETUP_CASTLE:
        return [A.SETUP_CASTLE + s for s in castle_setup_squares(state)]
    if step == S_MASTER_DRAW:
        return [A.MASTER + m for m in range(A.MASTER_KINDS)]
    return []


def _step_problem(state: TorresState, value: Action, rule: str) -> Problem:
    p = state.turn
    match value:
        case SetupKnight(square=s):
            return _starting_square_problem(state, s, rule)
        case PlaceKing(square=s) if state.step == S_SETUP_KING:
            return _starting_square_problem(state, s, rule)
        case PlaceKing(square=s):
            if not state.heights[s]:
                return f"the King goes on a castle and {_sq(s)} has no tower block", rule
            if state.occupants[s] != -1:
                return f"{_sq(s)} is not empty", rule
        case SetupCastle(square=s):
            if state.heights[s]:
                return f"{_sq(s)} already holds a castle", rule
            need = castle_setup_distance(state)
            if any(state.heights[c] and manhattan(s, c) < need for c in range(A.SQUARES)):
                return (
                    f"a new castle needs {need - 1} empty spaces between it and any other "
                    "castle, counted orthogonally",
                    rule,
                )
        case Keep(card=c):
            if c not in state.drawn_cards:
                return f"{A.CARD_NAMES[c]} is not among the drawn cards", rule
        case ReturnTop(card=c) | ReturnBottom(card=c):
            if c not in state.drawn_cards:
                return f"{A.CARD_NAMES[c]} is not among the cards to return", rule
        case TakeStack(height=i):
            if i + 1 not in state.stacks[p]:
                return f"you hold no stack of {i + 1}; your stacks: {state.stacks[p]}", rule
        case Redistribute(height=i):
            if i + 1 not in state.stacks[p]:
                return (
                    f"no stack of {i + 1} to put a block on (no stack may be taller than three)",
                    rule,
                )
        case Draw(card=c):
            if not state._deck_of(p).counts[c]:
                return f"no {A.CARD_NAMES[c]} card is left in the unseen part of the deck", rule
    return None  # the King stays, leftovers returned, the master card drawn: always allowed


def _starting_square_problem(state: TorresState, s: int, rule: str) -> Problem:
    """A first knight, or the King at the setup, goes on a castle no piece stands on yet."""
    if not state.heights[s]:
        return f"{_sq(s)} is not a castle", rule
    k = state.castle_of[s]
    if any(state.occupants[q] != -1 and state.castle_of[q] == k for q in range(A.SQUARES)):
        return "each piece starts on a different, empty castle", rule
    return None


# ---- a turn ------------------------------------------------------------------------------
def _turn_problem(state: TorresState, value: Action) -> Problem:
    p = state.turn
    match value:
        case EndTurn():
            return None
        case Advance():
            if state.action_points < 1:
                return (
                    "moving the scoring marker costs 1 action point and none are left",
                    R_TRACK,
                )
            return None
        case Acquire():
            return _acquire_problem(state)
        case TakeStack(height=i):
            if state.stack_in_use != -1:
                return (
                    "blocks come from only one stack a turn, and this turn's stack is taken",
                    R_BLOCK,
                )
            if i + 1 not in state.stacks[p]:
                return f"seat {p} holds no stack of {i + 1}; its stacks: {state.stacks[p]}", R_BLOCK
            return None
        case PlaySix() | PlaySeven():
            return _card_problem(state, CARD_OF_KIND[type(value)])
        case AddKnight(square=s):
            return _add_knight_problem(state, s)
        case Move(frm=a, to=b):
            if state.action_points < 1:
                return "moving a knight costs 1 action point a space and none are left", R_MOVE
            return _move_problem(state, a, b)
        case PlaceBlock(square=s):
            return _stack_block_problem(state) or _placement_problem(state, s)
        case ExtraBlock(square=s):
            found = _card_problem(state, A.C_EXTRA_BLOCK)
            if found is None and state.supply <= 0:
                found = "the general supply has no tower blocks left", R_CARDS
            return found or _placement_problem(state, s)
    found = _card_problem(state, CARD_OF_KIND[type(value)])
    return found or _card_target_problem(state, value)


def _acquire_problem(state: TorresState) -> Problem:
    if state.game.is_master:
        return (
            "acquiring an action card is no longer possible in the master version",
            R_MASTER_ACTION_CARDS,
        )
    if state.acquisitions >= state.game.data.max_acquisitions:
        return "at most 2 action cards may be acquired a turn", R_ACQ
    if state.action_points < 1:
        return "acquiring a card costs 1 action point and none are left", R_ACQ
    if not state._deck_of(state.turn).has_cards():
        return "the action deck is empty", R_ACQ
    return None


def _card_problem(state: TorresState, card: int) -> Problem:
    """One action card a turn, held, and not acquired this very turn."""
    p = state.turn
    name = A.CARD_NAMES[card]
    if state.card_played:
        return "a player may play at most one action card a turn", R_PLAY
    if state.hands[p][card] <= 0:
        return f"seat {p} holds no {name} card", R_PLAY
    if state.hands[p][card] - state.acquired_this_turn[card] <= 0:
        return (
            f"the {name} card was acquired this turn and may not be played until a later turn",
            R_PLAY,
        )
    return None


def _own_knight_problem(state: TorresState, s: int, rule: str) -> Problem:
    if state.occupants[s] != state.turn:
        return f"seat {state.turn} has no knight on {_sq(s)}", rule
    return None


def _add_knight_problem(state: TorresState, s: int) -> Problem:
    p = state.turn
    h = state.heights
    occ = state.occupants
    cost = state.game.data.cost_add_knight
    if state.action_points < cost:
        return (
            f"adding a knight costs {cost} action points and {state.action_points} are left",
            R_ADD,
        )
    if len(state.knights[p]) >= state.game.data.knights_per_player:
        return "all 6 knights of this color are on the board", R_ADD
    if occ[s] != -1:
        return f"{_sq(s)} is not empty", R_ADD
    near = [k for k in ORTHO_NEIGHBORS[s] if occ[k] == p]
    if not near:
        return (
            "a new knight goes orthogonally next to a knight of its color, and none is next "
            f"to {_sq(s)}",
            R_ADD,
        )
    if all(h[s] > h[k] for k in near):
        return (
            f"{_sq(s)} is on level {h[s]}, higher than every neighbouring knight of this color",
            R_ADD,
        )
    return None


def _door_exits_of_entered(state: TorresState, a: int, any_level: bool) -> set[int]:
    """Where a knight on ``a`` may leave the castles it enters through a door at its level (a
    column next to it, taller than where it stands): the squares by a door of those castles,
    no higher than ``a`` (Doors), or at any level (Door climb)."""
    h = state.heights
    ha = h[a]
    entered = {state.castle_of[n] for n in ORTHO_NEIGHBORS[a] if h[n] > ha}
    doors = state._door_exits()
    out = set()
    for k in entered:
        mask = doors[k]
        for b in range(A.SQUARES):
            if mask >> b & 1 and (any_level or h[b] <= ha):
                out.add(b)
    return out


def _move_problem(state: TorresState, a: int, b: int) -> Problem:
    h = state.heights
    found = _own_knight_problem(state, a, R_MOVE)
    if found:
        return found
    if state.occupants[b] != -1:
        return (
            f"{_sq(b)} is occupied; a knight moves only to a space free of the King and other "
            "knights",
            R_MOVE,
        )
    if b in ORTHO_NEIGHBORS[a] and h[b] <= h[a] + 1:
        return None
    if b in _door_exits_of_entered(state, a, any_level=False):
        return None
    if b in ORTHO_NEIGHBORS[a]:
        return (
            f"a knight moves up only one level a move: {_sq(a)} is on level {h[a]}, "
            f"{_sq(b)} on level {h[b]}"
        ), R_MOVE
    return (
        f"{_sq(b)} is neither orthogonally next to {_sq(a)} nor reachable through the doors "
        "of a castle next to it without going up (Doors)"
    ), R_MOVE


def _stack_block_problem(state: TorresState) -> Problem:
    """A block from the stack in use: 1 AP, three a turn, one stack a turn."""
    p = state.turn
    if state.action_points < 1:
        return "placing a tower block costs 1 action point and none are left", R_BLOCK
    if state.blocks_placed >= state.game.data.max_blocks_per_turn:
        return "a player may never add more than three tower blocks in a turn", R_BLOCK
    if state.stack_in_use == 0:
        return "the stack taken this turn is used up (blocks come from one stack a turn)", R_BLOCK
    if state.stack_in_use == -1 and not state.stacks[p]:
        return f"seat {p} has no tower blocks left this phase", R_BLOCK
    if state.stack_in_use == -1 and not state._stack_auto(p):
        return (
            f"first say which stack this turn's blocks come from ('take stack N'); "
            f"stacks: {state.stacks[p]}"
        ), R_BLOCK
    return None


def _placement_problem(state: TorresState, s: int) -> Problem:
    """A block goes on an empty column of a castle lower than its surface area, or on the
    ground next to exactly one castle."""
    if state.occupants[s] != -1:
        return f"a piece stands on {_sq(s)}", R_BLOCK
    if state.heights[s]:
        k = state.castle_of[s]
        if state.heights[s] + 1 > state.surface_areas[k]:
            return (
                f"a castle may never be taller than its surface area: this castle covers "
                f"{plural(state.surface_areas[k], 'space')} and the block would make it "
                f"{state.heights[s] + 1} high"
            ), R_BLOCK
        return None
    adj = {state.castle_of[n] for n in ORTHO_NEIGHBORS[s] if state.castle_of[n] >= 0}
    if not adj:
        return f"each block must be added to an existing castle and {_sq(s)} touches none", R_BLOCK
    if len(adj) > 1:
        return "a castle may not be joined to another: castles may only touch diagonally", R_BLOCK
    return None


def _card_target_problem(state: TorresState, value: Action) -> Problem:
    """Where an action card's block or knight goes (The Action Cards)."""
    h = state.heights
    occ = state.occupants
    p = state.turn
    match value:
        case BlockUnder(square=s, source=k):
            if occ[s] != p:
                return f"seat {p} has no knight on {_sq(s)}", R_CARDS
            if k == 0 and state.stack_in_use <= 0:
                return "no blocks are left in a stack taken this turn", R_CARDS
            if k and k not in state.stacks[p]:
                return f"seat {p} holds no stack of {k}", R_CARDS
            if h[s]:
                if h[s] + 1 > state.surface_areas[state.castle_of[s]]:
                    return "the block may not make the castle taller than its surface area", R_CARDS
            elif (
                len({state.castle_of[n] for n in ORTHO_NEIGHBORS[s] if state.castle_of[n] >= 0}) > 1
            ):
                return (
                    "a new castle may not start orthogonally next to two castles (they would join)",
                    R_CARDS,
                )
            return None
        case (
            JumpUp(frm=a, direction=d) | Diagonal(frm=a, direction=d) | JumpOver(frm=a, direction=d)
        ):
            found = _own_knight_problem(state, a, R_CARDS)
            if found:
                return found
            table = {JumpUp: ORTHO_DIR, Diagonal: DIAG_DIR, JumpOver: ORTHO_DIR2}[type(value)]
            b = table[a][d]
            if b < 0:
                return "that move leaves the board", R_CARDS
            if isinstance(value, JumpOver) and not 0 <= occ[ORTHO_DIR[a][d]] < KING:
                return "there is no knight to jump over in that direction", R_CARDS
            if occ[b] != -1:
                return f"the landing space {_sq(b)} is not empty", R_CARDS
            if isinstance(value, JumpUp):
                if h[b] != h[a] + 2:
                    return (
                        f"the jump goes exactly two levels up: {_sq(b)} is on level {h[b]}, "
                        f"not {h[a] + 2}",
                        R_CARDS,
                    )
            elif h[b] > h[a] + 1:
                return (
                    f"the knight may go up at most one level: {_sq(b)} is on level {h[b]}",
                    R_CARDS,
                )
            return None
        case MoveBlock(frm=a, to=b):
            why = block_removal_problem(state, a)
            if why is None and (b == a or occ[b] != -1):
                why = "the block goes to another empty space"
            if why is None:
                why = block_target_problem(state, a, b)
            return None if why is None else (why, R_CARDS)
        case Relocate(frm=a, to=b):
            found = _own_knight_problem(state, a, R_CARDS)
            if found:
                return found
            if occ[b] != -1:
                return f"{_sq(b)} is not empty", R_CARDS
            if any(k != a and b in ORTHO_NEIGHBORS[k] and h[b] <= h[k] for k in state.knights[p]):
                return None
            return (
                "the destination must be orthogonally next to another knight of this color and "
                "on its level or lower"
            ), R_CARDS
        case DoorClimb(frm=a, to=b):
            found = _own_knight_problem(state, a, R_CARDS)
            if found:
                return found
            if occ[b] != -1:
                return f"{_sq(b)} is not empty", R_CARDS
            if not any(h[n] > h[a] for n in ORTHO_NEIGHBORS[a]):
                return (
                    f"there is no door next to {_sq(a)} at its level: the knight goes into a "
                    "door of a castle column next to it and taller than where it stands"
                ), R_CARDS
            if b in _door_exits_of_entered(state, a, any_level=True):
                return None
            return (
                f"{_sq(b)} is not orthogonally next to a door of the castle the knight goes "
                f"into from {_sq(a)}"
            ), R_CARDS
    return "not allowed now", R_TURN


# ---- Move a tower block ----------------------------------------------------------------------
def block_removal_problem(state: TorresState, a: int) -> str | None:
    """Why the top block of ``a`` may not be taken away (Move a tower block), or None."""
    h = state.heights
    if not h[a]:
        return f"there is no tower block on {_sq(a)}"
    if state.occupants[a] != -1:
        return f"the block on {_sq(a)} is not empty: a piece stands on it"
    if h[a] > 1:
        return None
    k = state.castle_of[a]
    area = state.surface_areas[k]
    if area == 1:
        return None  # the castle is taken away; the count is checked once the block lands
    h2 = h[:]
    h2[a] = 0
    cid2, _ = label_castles(h2)
    squares = [s for s in range(A.SQUARES) if state.castle_of[s] == k and s != a]
    if len({cid2[s] for s in squares}) > 1:
        return "a castle may not be divided"
    if max(h2[s] for s in squares) > area - 1:
        return "the castle would become taller than its surface area"
    return None


Lifted = tuple[list[int], list[int], list[int]]
"""The heights, castle of each square and surface areas once a block is lifted."""


def lifted(state: TorresState, a: int) -> Lifted:
    """The board with the top block of ``a`` lifted (the castles labelled anew if need be)."""
    h2 = state.heights[:]
    h2[a] -= 1
    if h2[a]:
        return h2, state.castle_of, state.surface_areas
    cid2, areas2 = label_castles(h2)
    return h2, cid2, areas2


def block_target_problem(
    state: TorresState, a: int, b: int, after: Lifted | None = None
) -> str | None:
    """Why the lifted empty block of ``a`` may not land on the empty square ``b``, or None:
    it lands by the placement rules or starts a castle of its own, and at least six castles
    stay (``after``: :func:`lifted`, when known)."""
    h2, cid2, areas2 = after or lifted(state, a)
    minimum = state.game.data.min_castles
    if h2[b]:
        if h2[b] + 1 > areas2[cid2[b]]:
            return (
                f"a castle may never be taller than its surface area: the castle of {_sq(b)} "
                f"would cover {areas2[cid2[b]]} spaces and be {h2[b] + 1} high"
            )
        left = len(areas2)
    else:
        touching = {cid2[n] for n in ORTHO_NEIGHBORS[b] if cid2[n] >= 0}
        if len(touching) > 1:
            return "a castle may not be joined to another: castles may only touch diagonally"
        left = len(areas2) + (0 if touching else 1)
    if left < minimum:
        return (
            f"the total number of castles may not drop below {minimum}: this move would leave "
            f"{left}"
        )
    return None


def block_move_targets(state: TorresState, a: int) -> list[int]:
    """Where the empty top block of ``a`` may go by the rules as stated; [] when it may not be
    lifted. :func:`movegen.block_move_masks` gives the same answers faster."""
    if block_removal_problem(state, a) is not None:
        return []
    after = lifted(state, a)
    occ = state.occupants
    return [
        b
        for b in range(A.SQUARES)
        if b != a and occ[b] == -1 and block_target_problem(state, a, b, after) is None
    ]


def _sq(s: int) -> str:
    return A.SQUARE_NAMES[s]
