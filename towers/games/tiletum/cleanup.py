"""The Cleanup phase, skipped after the fourth round: the action and King track Bonus tiles
replenished, new Corruption tokens, the dice back in the bag (rulebook: Playing the Game:
Cleanup phase). The wheel's turn is the round's rotation (``action_of_value``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.components import Bag
from towers.games.tiletum.frames import LOC_ACTION, LOC_KING, PILE_BONUS, new_tile_draw

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def cleanup(state: TiletumState) -> None:
    g = state.game
    d = g.data
    for a in range(6):
        if state.action_bonus_tiles[a] < 0:
            state.chance_events.append(new_tile_draw(PILE_BONUS, LOC_ACTION, a))
    if state.round < d.king_tile_refills and state.king_tile < 0:
        state.chance_events.append(new_tile_draw(PILE_BONUS, LOC_KING, 0))
    state.corruption_tokens = Bag(g.corruption_counts)
    state.corruption_revealed = []
    n = g.num_players
    state.dice_bag = Bag([n * d.dice_per_colour_per_player] * 5)
    state.wheel_dice = [[0] * 5 for _ in range(6)]
    state.dice_taken = [[] for _ in range(n)]
