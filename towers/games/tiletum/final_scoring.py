"""End of the Game and Final Scoring: Houses times Pillars, Completed Buildings, Resources
left, and the winner (rulebook: End of the Game and Final Scoring).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def final_points(state: TiletumState, seat: int) -> tuple[int, int, int]:
    """Houses x pillars, completed buildings, resources (End of the Game and Final Scoring)."""
    d = state.game.data
    houses = len(state.houses_on_map[seat]) * len(state.pillars_on_map[seat])
    done = sum(1 for b in range(len(d.buildings)) if state.completed_buildings[seat] >> b & 1)
    buildings = d.completed_buildings_vp[done]
    resources = sum(state.resources[seat]) // d.resources_per_vp
    return houses, buildings, resources


def final_scoring(state: TiletumState) -> None:
    for seat in range(state.game.num_players):
        state._vp(seat, sum(final_points(state, seat)))


def winners(state: TiletumState) -> list[int]:
    """The most VP; a tie goes to the tied player first in turn order (Final Scoring)."""
    if not state.game_over:
        return []
    best = max(state.vp)
    for seat in state.turn_order:
        if state.vp[seat] == best:
            return [seat]
    return []
