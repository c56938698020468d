"""Boards as graphs: nodes numbered from 0, each with the nodes adjacent to it.

>>> distance_table([[1], [0, 2], [1], []])
((0, 1, 2, 4), (1, 0, 1, 4), (2, 1, 0, 4), (4, 4, 4, 0))
"""

from __future__ import annotations

from collections.abc import Sequence


def distance_table(adjacent: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Steps between every pair of nodes (breadth first); a node that cannot be reached is
    the node count away."""
    n = len(adjacent)
    table = []
    for start in range(n):
        row = [n] * n
        row[start] = 0
        frontier = [start]
        while frontier:
            reached = []
            for s in frontier:
                for u in adjacent[s]:
                    if row[u] > row[s] + 1:
                        row[u] = row[s] + 1
                        reached.append(u)
            frontier = reached
        table.append(tuple(row))
    return tuple(table)
