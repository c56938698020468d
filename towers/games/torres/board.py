"""Board geometry and castle analysis on an 8 x 8 grid of column heights.

A *castle* is a group of orthogonally connected squares holding at least one block.
Castles never touch orthogonally, so every square orthogonally next to a castle but not
in it is bare ground (level 0).

This file is plain Python, and also the source of a compiled twin, ``board_c``, with the C
types of ``board.pxd`` (see :mod:`towers.games.torres.movegen`, whose twin is made the same
way): the rules make the castles and masks of a whole board with the twin when it is built.
"""

from __future__ import annotations

from towers.games.torres.actions import DIAG, ORTHO, SIZE, SQUARES

ONE = 1  # a square's bit is ONE << s: a C unsigned 64-bit integer in the twin


def _step(s: int, dx: int, dy: int, times: int = 1) -> int:
    x, y = s % SIZE + dx * times, s // SIZE + dy * times
    return y * SIZE + x if 0 <= x < SIZE and 0 <= y < SIZE else -1


ORTHO_NEIGHBORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in (_step(s, dx, dy) for dx, dy in ORTHO) if n >= 0) for s in range(SQUARES)
)
ORTHO_DIR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_step(s, dx, dy) for dx, dy in ORTHO) for s in range(SQUARES)
)
ORTHO_DIR2: tuple[tuple[int, ...], ...] = tuple(
    tuple(_step(s, dx, dy, 2) for dx, dy in ORTHO) for s in range(SQUARES)
)
DIAG_DIR: tuple[tuple[int, ...], ...] = tuple(
    tuple(_step(s, dx, dy) for dx, dy in DIAG) for s in range(SQUARES)
)
BIT = tuple(1 << s for s in range(SQUARES))
KING = 8  # occupant code of the King on a square; seats are 0-3, -1 is empty
NEIGHBOR_MASK = tuple(sum(1 << n for n in ORTHO_NEIGHBORS[s]) for s in range(SQUARES))
IS_BORDER = tuple(s % SIZE in (0, SIZE - 1) or s // SIZE in (0, SIZE - 1) for s in range(SQUARES))
IS_MAIN_DIAGONAL = tuple(
    s % SIZE == s // SIZE or s % SIZE + s // SIZE == SIZE - 1 for s in range(SQUARES)
)


def step_tables(base: int) -> tuple[dict[int, tuple[int, ...]], ...]:
    """For each square a, every set of its orthogonal neighbours (as a bit mask) mapped to
    ``base + 64 * a + b`` for each neighbour b in it, in increasing order."""
    tables = []
    for a in range(SQUARES):
        near = ORTHO_NEIGHBORS[a]
        table = {}
        for pick in range(1 << len(near)):
            chosen = sorted(near[i] for i in range(len(near)) if pick >> i & 1)
            table[sum(1 << b for b in chosen)] = tuple(base + SQUARES * a + b for b in chosen)
        tables.append(table)
    return tuple(tables)


def manhattan(a: int, b: int) -> int:
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


def label_castles(heights: list[int]) -> tuple[list[int], list[int]]:
    """``(castle id of each square or -1, area of each castle)``, ids in square order."""
    cid = [-1] * SQUARES
    areas: list[int] = []
    for s in range(SQUARES):
        if heights[s] and cid[s] < 0:
            k = len(areas)
            cid[s] = k
            todo = [s]
            area = 0
            while todo:
                q = todo.pop()
                area += 1
                for n in ORTHO_NEIGHBORS[q]:
                    if heights[n] and cid[n] < 0:
                        cid[n] = k
                        todo.append(n)
            areas.append(area)
    return cid, areas


def castle_heights(heights: list[int], cid: list[int], count: int) -> list[int]:
    tallest = [0] * count
    for s in range(SQUARES):
        k = cid[s]
        if k >= 0 and heights[s] > tallest[k]:
            tallest[k] = heights[s]
    return tallest


def adjacent_castles(cid: list[int], s: int) -> set[int]:
    return {cid[n] for n in ORTHO_NEIGHBORS[s] if cid[n] >= 0}


def door_exits(heights: list[int], cid: list[int], count: int) -> list[int]:
    """For each castle, a bit mask of the squares next to one of its blocks whose face has a
    door at that square's level (a door exists at level L in a column's face when the column
    is taller than L); a knight leaving the castle by a door stands on one of them."""
    found = [0] * count
    for d in range(SQUARES):
        k = cid[d]
        if k >= 0:
            hd = heights[d]
            for c in ORTHO_NEIGHBORS[d]:
                if hd > heights[c]:
                    found[k] |= ONE << c
    return found


def castle_masks(cid: list[int], count: int) -> list[int]:
    """For each castle, the bit mask of its squares."""
    masks = [0] * count
    for s in range(SQUARES):
        k = cid[s]
        if k >= 0:
            masks[k] |= ONE << s
    return masks


def placement_mask(heights: list[int], cid: list[int], areas: list[int]) -> int:
    """Bit mask of the squares where a block may go by the placement rules, pieces aside: on
    a column of a castle still lower than its area, or on the ground next to exactly one
    castle."""
    out = 0
    for s in range(SQUARES):
        hs = heights[s]
        if hs:
            if hs < areas[cid[s]]:
                out |= ONE << s
            continue
        if next_to_one_castle(cid, s):
            out |= ONE << s
    return out


def next_to_one_castle(cid: list[int], s: int) -> bool:
    """True when the squares orthogonally next to ``s`` belong to exactly one castle."""
    found = -1
    for n in ORTHO_NEIGHBORS[s]:
        k = cid[n]
        if k >= 0:
            if found >= 0 and k != found:
                return False
            found = k
    return found >= 0


def level_masks(heights: list[int]) -> list[int]:
    """``masks[k]``: the squares of height at most k, for k up to the tallest column + 1."""
    top = max(heights) + 1
    bits = [0] * (top + 1)
    for s in range(SQUARES):
        hs = heights[s]
        bits[hs] |= ONE << s
    level = 0
    masks = []
    for k in range(top + 1):
        level |= bits[k]
        masks.append(level)
    return masks


def free_squares(occupants: list[int]) -> int:
    """Bit mask of the squares with no piece on them (occupant -1)."""
    free = 0
    for s in range(SQUARES):
        if occupants[s] == -1:
            free |= ONE << s
    return free
