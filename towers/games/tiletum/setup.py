"""Game Setup: the seats' starting pieces and the draws that lay out the board (rulebook:
Game Setup, steps 1-15; Appendix: Game board for the spaces used with this many players).

The starting position is set at once (:func:`starting_fields`: Houses in Tiletum, markers,
Resources and the first Gold by seat, the dice in the bag); what setup draws at random is
queued as chance events (:func:`enqueue_setup`), resolved one by one like every draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.core.components import Bag, Deck
from towers.core.frames import DecisionStack
from towers.games.tiletum import actions as A
from towers.games.tiletum.data import GOLD
from towers.games.tiletum.frames import (
    EMPTY,
    INACTIVE,
    LOC_ACTION,
    LOC_CHARACTER,
    LOC_CONTRACT,
    LOC_KING,
    LOC_MAP,
    PILE_BONUS,
    PILE_CHARACTER,
    PILE_CONTRACT,
    S_SETUP,
    ActionTileDraw,
    CostTileDraw,
    FairTileDraw,
    TownTileDraw,
    new_tile_draw,
)

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumGame, TiletumState


def starting_fields(game: TiletumGame) -> dict[str, Any]:
    """The fields of a new game's state before its setup draws (Game Setup, steps 12-15)."""
    d = game.data
    n = game.num_players
    tiletum = d.first_fair_town
    houses = [[EMPTY if a else INACTIVE for a in act] for act in game.house_active]
    spaces = [k for k, a in enumerate(game.house_active[tiletum]) if a]
    for seat in range(n):
        houses[tiletum][spaces[seat]] = seat
    res = []
    for seat in range(n):
        r = list(d.start_resources)
        r[GOLD] += d.start_gold_by_seat[seat]
        res.append(r)
    return dict(
        phase=S_SETUP,
        round=0,
        turn=0,
        turn_position=0,
        active_player=-1,
        game_over=False,
        chance_events=[],
        stack=DecisionStack(),
        die_value=0,
        die_colour=-1,
        exchanged_this_turn=False,
        turn_order=list(range(n)),
        wheel_actions=list(d.wheel_actions) if not game.variant else [-1] * 6,
        wheel_dice=[[0] * 5 for _ in range(6)],
        dice_bag=Bag([n * d.dice_per_colour_per_player] * 5),
        action_bonus_tiles=[EMPTY] * 6,
        king_tile=EMPTY,
        piles=[
            Deck.of_counts(game.bonus_counts),
            Deck.of_counts(game.contract_counts),
            Deck.of_counts(game.character_counts),
        ],
        contract_offer=[EMPTY] * len(d.contract_offer_costs),
        character_offer=[EMPTY] * d.character_offer_size,
        corruption_tokens=Bag(game.corruption_counts),
        corruption_revealed=[],
        house_spaces=houses,
        pillar_spaces=[[EMPTY if a else INACTIVE for a in act] for act in game.pillar_active],
        cathedral_tiles_left=[len(c.tiles) for c in d.cathedrals],
        construction_costs=[EMPTY] * len(d.cathedrals),
        map_bonus_tiles=[[EMPTY] * len(t.bonus_players) for t in d.towns],
        fair_towns=[tiletum] + [EMPTY] * (d.rounds - 1),
        fair_tiles=[EMPTY] * d.rounds,
        king_track=[d.king_start] * n,
        king_track_stack=list(range(n)),
        vp=[d.start_vp] * n,
        resources=res,
        storehouse=[[] for _ in range(n)],
        rooms=[[EMPTY] * game.n_rooms for _ in range(n)],
        crests=[[EMPTY] * len(d.buildings) for _ in range(n)],
        fulfilled_contracts=[[] for _ in range(n)],
        houses_in_supply=[d.houses_supply] * n,
        pillars_in_supply=[d.pillars_supply] * n,
        houses_on_map=[[tiletum] for _ in range(n)],
        pillars_on_map=[[] for _ in range(n)],
        bonus_action_points=[[0] * 5 for _ in range(n)],
        roof_houses_freed=[0] * n,
        completed_buildings=[0] * n,
        cathedral_tiles=[[] for _ in range(n)],
        merchant=[tiletum] * n,
        architect=[tiletum] * n,
        dice_taken=[[] for _ in range(n)],
    )


def enqueue_setup(state: TiletumState) -> None:
    """The setup draws, in the order of the rulebook's steps 3-9."""
    g = state.game
    d = g.data
    dr = state.chance_events
    if g.variant:
        dr.extend(ActionTileDraw(p) for p in range(6))
    dr.extend(new_tile_draw(PILE_BONUS, LOC_ACTION, a) for a in range(6))
    dr.append(new_tile_draw(PILE_BONUS, LOC_KING, 0))
    for t, active in enumerate(g.bonus_active):
        for k, on in enumerate(active):
            if on:
                dr.append(new_tile_draw(PILE_BONUS, LOC_MAP, t * A.MAX_BONUS_SPACES + k))
    dr.extend(
        new_tile_draw(PILE_CONTRACT, LOC_CONTRACT, i) for i in range(len(d.contract_offer_costs))
    )
    dr.extend(
        new_tile_draw(PILE_CHARACTER, LOC_CHARACTER, i) for i in range(d.character_offer_size)
    )
    dr.extend(CostTileDraw(c) for c in range(len(d.cathedrals)))
    # One fair a round: Tiletum (printed) first, then the towns of the town tiles drawn.
    dr.extend(TownTileDraw(i) for i in range(1, d.rounds))
    dr.extend(FairTileDraw(i) for i in range(d.rounds))
