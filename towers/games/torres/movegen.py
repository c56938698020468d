"""What random playouts spend most of their time in: the legal actions of a turn (knight
moves, blocks, knights added, the action cards' moves, made from the masks a
:class:`TorresState` keeps), adding a block with the updates of those masks, and the
state's public calls of a playout (who decides, the legal actions, an action applied),
which the state binds as its methods.

This file is plain Python, and also the source of a compiled twin, ``movegen_c``: when
Cython is at hand at install time, ``setup.py`` compiles a copy of this file with the types
of ``movegen.pxd``. The rules use the twin when it was built from this very text (see
:func:`towers.core.compiled.twin`), and this module otherwise; the tests check that both give
the same answers. The code is written once for both, with a few places that differ: the
index of a mask's lowest bit, the action numbers taken from a table, and whether a list is
kept for reuse (worth it in Python, not when compiled, where making a list anew costs less
than looking the old one up).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from towers.core.game import CHANCE, TERMINAL
from towers.games.torres.actions import (
    ACQUIRE,
    ADD_KNIGHT,
    ADVANCE,
    BLOCK_UNDER,
    C_BLOCK_UNDER,
    C_DIAGONAL,
    C_DOOR_CLIMB,
    C_EXTRA_BLOCK,
    C_JUMP_OVER,
    C_JUMP_UP,
    C_MOVE_BLOCK,
    C_RELOCATE,
    C_SEVEN,
    C_SIX,
    DIAGONAL,
    DOOR_CLIMB,
    END_TURN,
    EXTRA_BLOCK,
    JUMP_OVER,
    JUMP_UP,
    MOVE,
    MOVE_BLOCK,
    NUM_ACTIONS,
    PLACE_BLOCK,
    PLAY_SEVEN,
    PLAY_SIX,
    RELOCATE,
    SQUARES,
    TAKE_STACK,
)
from towers.games.torres.board import (
    BIT,
    DIAG_DIR,
    KING,
    NEIGHBOR_MASK,
    ORTHO_DIR,
    ORTHO_DIR2,
    ORTHO_NEIGHBORS,
    step_tables,
)
from towers.games.torres.steps import (
    S_DRAW,
    S_KEEP,
    S_MASTER_DRAW,
    S_OVER,
    S_REDISTRIBUTE,
    S_RETURN,
    S_TAKE_STACK,
    S_TURN,
)
from towers.games.torres.turn import take_stack

try:
    import cython

    COMPILED = cython.compiled
except ImportError:  # plain Python without Cython installed
    COMPILED = False

ALL_SQUARES = (1 << SQUARES) - 1
SQ = SQUARES  # a C long in the twin
NUMBERS = tuple(range(NUM_ACTIONS)) if COMPILED else ()  # see squares_of
STEP_MOVES = step_tables(MOVE)  # a knight's steps when no castle by it is taller

_LAST: dict[int, tuple[int, list[int]]] = {}


def squares_of(mask: int, base: int = 0) -> list[int]:
    """``base + s`` for each set bit s of ``mask``, lowest first (made afresh)."""
    out = []
    if COMPILED:
        # the action numbers are taken from a table: making each anew costs more
        while mask:
            low = mask & (~mask + 1)  # the lowest set bit
            out.append(NUMBERS[base + __builtin_ctzll(low)])  # type: ignore[name-defined]  # noqa: F821
            mask ^= low
        return out
    while mask:
        low = mask & -mask
        out.append(base + low.bit_length() - 1)
        mask ^= low
    return out


def add_squares(out: list[int], base: int, mask: int, key: int | None = None) -> None:
    """Append ``base + s`` to ``out`` for each set bit s of ``mask``, lowest first: straight
    from the bits when compiled, through the kept lists of :func:`actions_of` (under ``key``)
    in plain Python."""
    if COMPILED:
        while mask:
            low = mask & (~mask + 1)  # the lowest set bit
            out.append(NUMBERS[base + __builtin_ctzll(low)])  # type: ignore[name-defined]  # noqa: F821
            mask ^= low
        return
    out += actions_of(base, mask, key)


def actions_of(base: int, mask: int, key: int | None = None) -> list[int]:
    """``base + s`` for each square s whose bit is set, in increasing order.

    Do not change the list: in plain Python it is kept with its mask as the last one made
    under ``key`` (by default ``base``; callers whose masks change independently, such as
    each seat's, pass keys of their own, negative ones), and the next call under that key
    with a mask differing in a few squares edits a copy of it instead of starting anew."""
    if COMPILED:
        return squares_of(mask, base)
    if key is None:
        key = base
    last = _LAST.get(key)
    if last is not None:
        old, found = last
        if old == mask:
            return found
        diff = old ^ mask
        if diff.bit_count() <= 5:
            found = found[:]
            while diff:
                low = diff & -diff
                a = base + low.bit_length() - 1
                if mask & low:
                    insort(found, a)
                else:
                    found.remove(a)
                diff ^= low
            _LAST[key] = (mask, found)
            return found
    found = squares_of(mask, base)
    _LAST[key] = (mask, found)
    return found


def knight_pass(
    h: list[int],
    cid: list[int],
    levels: list[int],
    doors: list[int],
    free: int,
    mine: list[int],
    climb: bool,
    offset: int,
) -> tuple[list[int], int]:
    """The moves of the knights on the squares ``mine`` (in increasing order), and the
    squares next to one of them and no higher than it, free of pieces.

    The moves are ``offset + 64 * from + to`` for each step and door passage (with ``climb``,
    the Door climb card's passages instead), in increasing order. ``h`` is the column
    heights, ``cid`` the castle of each square, ``levels[k]`` the mask of squares of height at
    most k, ``doors[k]`` the door exits of castle k and ``free`` the squares with no piece."""
    out: list[int] = []
    beside = 0
    for a in mine:
        ha = h[a]
        near = NEIGHBOR_MASK[a]
        lower = levels[ha]
        level = near & lower
        beside |= level
        if level == near and not climb:
            # no neighbour taller, so no doors and every free neighbour is a step
            step = near & free
            if step:
                if offset == MOVE and not COMPILED:
                    out += STEP_MOVES[a][step]
                else:
                    add_squares(out, offset + a * SQ, step)
            continue
        if climb:
            reach = 0
        else:
            up = levels[ha + 1]
            reach = near & up
        if level != near:
            # a taller neighbour: its castle's doors lead anywhere round that castle
            if ha:
                # on a castle, every taller neighbour belongs to it (castles never touch)
                exits = doors[cid[a]]
            else:
                exits = 0
                for b in ORTHO_NEIGHBORS[a]:
                    if h[b]:
                        door = doors[cid[b]]
                        exits |= door
            reach |= exits if climb else exits & lower
        reach &= free
        if reach:
            add_squares(out, offset + a * SQ, reach)
    return out, beside & free


def turn_actions(state: Any) -> list[int]:
    """The legal actions of a Torres ``state`` waiting for its player's next action of the
    turn, made block by block in the order of their numbers, so the list comes out sorted.

    The cards' moves come from :func:`card_moves` and :func:`late_card_moves`; the masks
    from the state's methods, which make any it has not kept."""
    p = state.turn
    ap = state.action_points
    active = state.stack_in_use
    stacks = state.stacks[p]  # tallest first
    game = state.game
    if ap >= 1:
        out = [END_TURN, ADVANCE]
        if state.acquisitions < game.max_acquisitions:
            # the seat's deck (the common one in that variant) has a card to draw
            deck = state.decks[0 if game.is_common else p]
            if deck.top or deck.bottom or has_any(deck.counts):
                out.append(ACQUIRE)
    else:
        out = [END_TURN]
    if active == -1 and stacks:
        # one "take stack" for each height, lowest first
        shortest = stacks[-1]
        out.append(TAKE_STACK + shortest - 1)
        for hgt in reversed(stacks):
            if hgt > shortest:
                shortest = hgt
                out.append(TAKE_STACK + hgt - 1)
    hand = state.hands[p]
    cards = not state.card_played and has_any(hand)
    acq = state.acquired_this_turn
    if cards:
        if hand[C_SIX] > acq[C_SIX]:
            out.append(PLAY_SIX)
        if hand[C_SEVEN] > acq[C_SEVEN]:
            out.append(PLAY_SEVEN)
    moves = None
    if ap >= 1:
        # the kept masks, read straight off the state; its methods make any it has not kept
        free = state._free
        if free is None:
            free = state.free_mask()
        mine = state.knights[p]
        levels = state._levels
        if levels is None:
            levels = state._level_masks()
        doors = state._doors
        if doors is None:
            doors = state._door_exits()
        moves, beside = knight_pass(
            state.heights,
            state.castle_of,
            levels,
            doors,
            free,
            sorted(mine) if len(mine) > 1 else mine,
            False,
            MOVE,
        )
        if ap >= 2 and len(mine) < game.data.knights_per_player:
            add_squares(out, ADD_KNIGHT, beside, -1 - p)  # each seat's list apart
        # blocks from the stack in use, or from the only height of stack there is (the
        # stacks are kept tallest first)
        if state.blocks_placed < 3 and (
            active > 0 or (active == -1 and stacks and stacks[0] == stacks[-1])
        ):
            places = state._places
            if places is None:
                places = state._open_squares()
            add_squares(out, PLACE_BLOCK, places & free)
    if cards:
        out += card_moves(state, p, hand, acq, stacks)
    if moves:
        out += moves
    if cards:
        out += late_card_moves(state, p, hand, acq)
    return out


def has_any(counts: list[int]) -> bool:
    """True when one of ``counts`` is not 0 (``any``, without a call into Python)."""
    for c in counts:
        if c:
            return True
    return False


def card_moves(state: Any, p: int, hand: list[int], acq: list[int], stacks: list[int]) -> list[int]:
    """The moves of seat ``p``'s cards Extra block, Block under a knight, Jump up, Diagonal
    and Jump over, in that order (that of their action numbers); ``hand`` holds its cards,
    ``acq`` those acquired this turn, which may not be played yet."""
    out: list[int] = []
    mine = state.knights[p]
    if len(mine) > 1:
        mine = sorted(mine)
    h = state.heights
    occ = state.occupants
    kept = state._free  # the kept masks, read straight off the state when it has them
    free = state.free_mask() if kept is None else kept
    if hand[C_EXTRA_BLOCK] > acq[C_EXTRA_BLOCK] and state.supply > 0:
        kept = state._places
        places = state._open_squares() if kept is None else kept
        add_squares(out, EXTRA_BLOCK, places & free)
    if hand[C_BLOCK_UNDER] > acq[C_BLOCK_UNDER]:
        # from the stack in use (0) or from a stack of each height
        sources = sorted(set(stacks))
        if state.stack_in_use > 0:
            sources.insert(0, 0)
        if sources:
            cid = state.castle_of
            areas = state.surface_areas
            for a in mine:
                ha = h[a]
                if ha:
                    fits = ha + 1 <= areas[cid[a]]  # no taller than the castle's area
                else:
                    # on the ground, next to at most one castle: it joins none
                    fits = len({cid[n] for n in ORTHO_NEIGHBORS[a] if cid[n] >= 0}) <= 1
                if fits:
                    for k in sources:
                        out.append(BLOCK_UNDER + 4 * a + k)
    jump = hand[C_JUMP_UP] > acq[C_JUMP_UP]
    diagonal = hand[C_DIAGONAL] > acq[C_DIAGONAL]
    over = hand[C_JUMP_OVER] > acq[C_JUMP_OVER]
    if not (jump or diagonal or over):
        return out
    levels = state._level_masks()
    top = len(levels) - 1
    if jump:
        for a in mine:
            ha = h[a]
            # a free neighbour exactly two levels up
            if ha + 2 <= top:
                up2 = levels[ha + 2]
                up1 = levels[ha + 1]
                if NEIGHBOR_MASK[a] & free & up2 & ~up1:
                    for d in range(4):
                        b = ORTHO_DIR[a][d]
                        if b >= 0 and occ[b] == -1 and h[b] == ha + 2:
                            out.append(JUMP_UP + 4 * a + d)
    if diagonal:
        for a in mine:
            ha = h[a]
            for d in range(4):
                b = DIAG_DIR[a][d]
                if b >= 0 and occ[b] == -1 and h[b] <= ha + 1:
                    out.append(DIAGONAL + 4 * a + d)
    if over:
        for a in mine:
            if NEIGHBOR_MASK[a] & ~free:  # a piece next to it, maybe a knight
                ha = h[a]
                for d in range(4):
                    m = ORTHO_DIR[a][d]
                    b = ORTHO_DIR2[a][d]
                    if b >= 0 and 0 <= occ[m] < KING and occ[b] == -1 and h[b] <= ha + 1:
                        out.append(JUMP_OVER + 4 * a + d)
    return out


def late_card_moves(state: Any, p: int, hand: list[int], acq: list[int]) -> list[int]:
    """The moves of seat ``p``'s cards Door climb, Relocate and Move a tower block, in that
    order (see :func:`card_moves`)."""
    out: list[int] = []
    mine = sorted(state.knights[p])
    free = state.free_mask()
    levels = state._level_masks()
    h = state.heights
    if hand[C_DOOR_CLIMB] > acq[C_DOOR_CLIMB]:
        doors = state._door_exits()
        climbs, _ = knight_pass(h, state.castle_of, levels, doors, free, mine, True, DOOR_CLIMB)
        out += climbs
    if hand[C_RELOCATE] > acq[C_RELOCATE]:
        # Relocate: "as though adding a knight" beside one of the seat's other knights
        for a in mine:
            reach = 0
            for k in mine:
                if k != a:
                    lower = levels[h[k]]
                    reach |= NEIGHBOR_MASK[k] & lower
            add_squares(out, RELOCATE + a * SQ, reach & free)
    if hand[C_MOVE_BLOCK] > acq[C_MOVE_BLOCK]:
        for a, targets in block_move_masks(state):
            if targets:
                add_squares(out, MOVE_BLOCK + a * SQ, targets)
    return out


def block_move_masks(state: Any) -> list[tuple[int, int]]:
    """For each square whose empty top block may be lifted (Move a tower block), the bit mask
    of the squares it may go to; the same answers as :func:`legality.block_move_targets`,
    the rule as stated, from the kept masks.

    Lifting a block changes the castles only at its square: elsewhere a square stays
    open (a column lower than its area, ground next to one castle) or alone (ground
    next to no castle, where a new castle may start) as it was."""
    h = state.heights
    cid = state.castle_of
    occ = state.occupants
    areas = state.surface_areas
    count = len(areas)
    minimum = state.game.data.min_castles
    places = state._open_squares()
    cmask = state._cmask
    levels = state._level_masks()
    free = state.free_mask()
    alone = 0
    for b in range(SQUARES):
        if not h[b]:
            lonely = True
            for n in ORTHO_NEIGHBORS[b]:
                if cid[n] >= 0:
                    lonely = False
                    break
            if lonely:
                alone |= BIT[b]
    kept = (places if count >= minimum else 0) | (alone if count + 1 >= minimum else 0)
    kept &= free
    out = []
    for a in range(SQUARES):
        if not h[a] or occ[a] != -1:
            continue
        bit = BIT[a]
        if h[a] > 1:  # the castles stay as they are
            out.append((a, kept & ~bit))
            continue
        k = cid[a]
        area = areas[k]
        near = NEIGHBOR_MASK[a]
        if area == 1:
            left = count - 1  # the castle goes
            targets = places & ~near if left >= minimum else 0
        else:
            squares = cmask[k]
            if state.castle_heights[k] > area - 1 or not connected_without(squares, a):
                continue  # taller than its new area, or divided
            left = count
            if left >= minimum:
                shorter = levels[min(area - 2, len(levels) - 1)]  # lower than area - 1
                targets = places & ~near & ~squares | squares & shorter
            else:
                targets = 0
        if left + 1 >= minimum:
            targets |= alone & ~near
        for b in ORTHO_NEIGHBORS[a]:
            if not h[b]:  # the ground next to a, judged with a bare
                castles = {cid[n] for n in ORTHO_NEIGHBORS[b] if n != a and cid[n] >= 0}
                if len(castles) == 1 and left >= minimum or not castles and left + 1 >= minimum:
                    targets |= BIT[b]
        out.append((a, targets & free & ~bit))
    return out


def connected_without(squares: int, a: int) -> bool:
    """True when the castle made of ``squares`` stays in one piece without square ``a``."""
    rest = squares & ~BIT[a]
    start = -1
    for n in ORTHO_NEIGHBORS[a]:
        if rest & BIT[n]:
            start = n
            break
    seen = BIT[start]
    todo = [start]
    while todo:
        q = todo.pop()
        for n in ORTHO_NEIGHBORS[q]:
            bit = BIT[n]
            if rest & bit and not seen & bit:
                seen |= bit
                todo.append(n)
    return seen == rest


def add_block(state: Any, s: int) -> None:
    """One block more on square ``s`` of a Torres ``state``; its castles and every mask it
    keeps follow (:class:`TorresState` lists them)."""
    h = state.heights
    h[s] += 1
    hs = h[s]
    bit = BIT[s]
    levels = state._levels
    if levels is not None:
        # only "height <= old height" loses the square; a new tallest column needs one
        # level more, holding every square
        levels = levels[:]
        was = levels[hs - 1]
        levels[hs - 1] = was & ~bit
        if hs + 2 > len(levels):
            levels.append(ALL_SQUARES)
        state._levels = levels
    cid = state.castle_of
    places = state._places
    if hs == 1:
        k = -1
        for n in ORTHO_NEIGHBORS[s]:
            c = cid[n]
            if c >= 0:
                if k >= 0 and c != k:  # two castles joined: never by the rules
                    state._relabel()
                    return
                k = c
        cmask = state._cmask
        if cmask is not None:
            cmask = state._cmask = cmask[:]
        # a new square joins its one neighbouring castle, or starts a castle of its own
        if k >= 0:
            state.surface_areas[k] += 1
            cid[s] = k
            if cmask is not None:
                cmask[k] |= bit
                if places is not None:
                    # the castle's area grew past every column's height
                    places |= cmask[k]
            else:
                places = None
        else:
            k = len(state.surface_areas)
            state.surface_areas.append(1)
            state.castle_heights.append(1)
            cid[s] = k
            if cmask is not None:
                cmask.append(bit)
            if places is not None:
                places &= ~bit  # one block high on an area of one
        if places is not None:
            state._places = ground_places(h, cid, s, places)
        else:
            state._places = None
    else:
        # a taller column changes only its own castle's doors and its own square's room
        k = cid[s]
        tallest = state.castle_heights
        if hs > tallest[k]:
            tallest[k] = hs
        if places is not None and hs >= state.surface_areas[k]:
            state._places = places & ~bit
    doors = state._doors
    if doors is not None:
        doors = doors[:]
        if k == len(doors):
            doors.append(0)
        doors[k] = exits_near(h, s, doors[k])
        state._doors = doors


def ground_places(h: list[int], cid: list[int], s: int, places: int) -> int:
    """``places`` with the bare squares next to ``s`` judged anew: open to a block when next
    to exactly one castle."""
    for n in ORTHO_NEIGHBORS[s]:
        if not h[n]:
            # next to exactly one castle (:func:`board.next_to_one_castle`)
            found = -1
            for m in ORTHO_NEIGHBORS[n]:
                k = cid[m]
                if k >= 0:
                    if found >= 0 and k != found:
                        found = -2
                        break
                    found = k
            if found >= 0:
                places |= BIT[n]
            else:
                places &= ~BIT[n]
    return places


def exits_near(h: list[int], s: int, exits: int) -> int:
    """The door exits of the castle holding ``s`` after its column there grew by a block.

    Only ``s`` and its neighbours can change (see :func:`board.door_exits`): a lower
    neighbour is now below a taller face of ``s``, so it becomes an exit; ``s`` stays an exit
    only while a neighbour (of the same castle, as castles never touch) is taller still."""
    hs = h[s]
    taller = False
    for c in ORTHO_NEIGHBORS[s]:
        hc = h[c]
        if hc < hs:
            exits |= BIT[c]
        elif hc > hs:
            taller = True
    return exits | BIT[s] if taller else exits & ~BIT[s]


# ---- the public calls of a playout, as TorresState's methods -----------------------------
# A random playout asks these three once an action. Compiled, they are bound as the
# state's methods with no Python frame between the caller and the move generator; they
# answer as State's guarded methods do (see towers.core.game.State).


def current_player(state: Any) -> int:
    """The seat that decides now, or CHANCE, or TERMINAL."""
    step = state.step
    if step == S_TURN or step == S_KEEP or step == S_RETURN:
        return state.turn  # type: ignore[no-any-return]
    if step == S_DRAW or step == S_MASTER_DRAW:
        return CHANCE
    if step == S_OVER:
        return TERMINAL
    if step == S_TAKE_STACK or step == S_REDISTRIBUTE:
        return state.turn  # type: ignore[no-any-return]
    return state.deciding_player  # type: ignore[no-any-return]


def kept_legal(state: Any) -> list[int]:
    """The state's sorted legal actions as it keeps them (made and kept when not yet made);
    never to be changed, nor handed out."""
    legal = state._legal
    if legal is None:
        step = state.step
        if step == S_TURN:
            legal = turn_actions(state)
        elif step == S_OVER:
            legal = []
        else:
            legal = state._legal_actions()
        state._legal = legal
    return legal  # type: ignore[no-any-return]


def legal_actions(state: Any) -> list[int]:
    """Sorted legal actions for the player to move (at a chance node, the outcomes), a copy."""
    return kept_legal(state)[:]


def is_legal(state: Any, action: Any) -> bool:
    """True when ``action`` (an int, not a bool) is legal now: a binary search of the sorted
    legal actions, a turn's list being often longer than a scan is worth and a set made of
    it serving one question only in a playout."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        return False  # 3.0, True or "3" would slip through a comparison
    a = action  # a C long in the twin, compared with each entry as one
    legal = kept_legal(state)
    lo = 0
    hi = len(legal)
    while lo < hi:
        mid = (lo + hi) >> 1
        x = legal[mid]
        if x < a:
            lo = mid + 1
        else:
            hi = mid
    if lo == len(legal):
        return False
    x = legal[lo]
    return x == a


def apply_action(state: Any, action: Any) -> None:
    """Apply a legal action; an illegal one raises IllegalActionError and changes nothing."""
    if not is_legal(state, action):
        raise state._illegal(action)
    apply_trusted(state, action)


def apply_trusted(state: Any, action: int) -> None:
    """Apply an action the caller took from ``legal_actions()`` of this very state."""
    # the cache is cleared first: _apply may fill it with the next decision's actions
    state._legal = None
    state._legal_set = None
    if not apply_common(state, action):
        state._apply(action)
    state._history.append(action)


def apply_common(state: Any, action: int) -> bool:
    """Moving a knight or placing a block from the stack (two thirds of the actions of a
    game) applied, and True; False, with nothing done, for any other action."""
    if MOVE <= action < DOOR_CLIMB:
        p = state.turn
        state.action_points -= 1
        i = action - MOVE
        a = i >> 6
        b = i & 63
        occ = state.occupants
        occ[a] = -1
        occ[b] = p
        free = state._free
        if free is not None:
            state._free = free ^ (BIT[a] | BIT[b])
        mine = state.knights[p]
        mine[mine.index(a)] = b
        return True
    if PLACE_BLOCK <= action < EXTRA_BLOCK:
        if state.stack_in_use == -1:
            p = state.turn
            take_stack(state, p, state.stacks[p][0])
        state.stack_in_use -= 1
        state.blocks_placed += 1
        state.action_points -= 1
        add_block(state, action - PLACE_BLOCK)
        return True
    return False
