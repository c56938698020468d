"""The eight master cards of the master version (Torres, The master cards (requirements)).

Where a requirement leaves room (the rulebook is silent), this module decides, and the
decisions are also listed in the package docstring:
- "all your knights" cards need at least two knights on the board;
- "in a row" means one rank or one file;
- "the corners of a square" allows a square in any orientation;
- "neighboring spaces" means the knights form one group joined orthogonally.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from towers.games.torres.actions import SIZE
from towers.games.torres.board import IS_BORDER, IS_MAIN_DIAGONAL, ORTHO_NEIGHBORS

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState


def _levels(state: TorresState, seat: int) -> list[int]:
    return [state.heights[s] for s in state.knights[seat]]


def all_different_levels(state: TorresState, seat: int) -> bool:
    levels = _levels(state, seat)
    return len(levels) >= 2 and len(set(levels)) == len(levels)


def all_same_level(state: TorresState, seat: int) -> bool:
    levels = _levels(state, seat)
    return len(levels) >= 2 and len(set(levels)) == 1


def all_in_a_row(state: TorresState, seat: int) -> bool:
    mine = state.knights[seat]
    if len(mine) < 2:
        return False
    return len({s % SIZE for s in mine}) == 1 or len({s // SIZE for s in mine}) == 1


def has_square(state: TorresState, seat: int) -> bool:
    points = {(s % SIZE, s // SIZE) for s in state.knights[seat]}
    for (x1, y1), (x2, y2) in combinations(sorted(points), 2):
        dx, dy = x2 - x1, y2 - y1
        # the two other corners of the square with this side, on one side of it
        if (x1 - dy, y1 + dx) in points and (x2 - dy, y2 + dx) in points:
            return True
    return False


def all_neighboring(state: TorresState, seat: int) -> bool:
    mine = set(state.knights[seat])
    if len(mine) < 2:
        return False
    first = next(iter(mine))
    seen = {first}
    todo = [first]
    while todo:
        s = todo.pop()
        for n in ORTHO_NEIGHBORS[s]:
            if n in mine and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == mine


def castles_occupied(state: TorresState, seat: int) -> int:
    return len({state.castle_of[s] for s in state.knights[seat] if state.castle_of[s] >= 0})


def _count_bonus(state: TorresState, marks: tuple[bool, ...], per: int, most: int) -> list[int]:
    n = state.game.num_players
    counts = [sum(1 for s in state.knights[seat] if marks[s]) for seat in range(n)]
    points = [c * per for c in counts]
    best = max(counts)
    if best > 0 and counts.count(best) == 1:
        points[counts.index(best)] += most
    return points


def master_points(state: TorresState, card: int, phase: int) -> list[int]:
    """Points each seat earns from master card ``card`` in the scoring after ``phase``."""
    data = state.game.data
    key = data.master_keys[card]
    per = data.master_points[card][phase]
    n = state.game.num_players
    if per == 0:
        return [0] * n
    if key == "border":
        return _count_bonus(state, IS_BORDER, per, data.master_most[key][phase])
    if key == "diagonals":
        return _count_bonus(state, IS_MAIN_DIAGONAL, per, data.master_most[key][phase])
    if key == "castle_count":
        want = data.master_castles[phase]
        return [per if castles_occupied(state, seat) == want else 0 for seat in range(n)]
    test = {
        "different_levels": all_different_levels,
        "same_level": all_same_level,
        "in_a_row": all_in_a_row,
        "square": has_square,
        "neighbors": all_neighboring,
    }[key]
    return [per if test(state, seat) else 0 for seat in range(n)]
