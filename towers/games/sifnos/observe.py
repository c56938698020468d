"""What a seat may know: every public fact of the table, its own hand, the others' counts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.sifnos.actions import DATA
from towers.games.sifnos.data import IMAGES, MINERALS

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState


def _frame(state: SifnosState) -> dict[str, Any] | None:
    return state.pending[-1].to_json() if state.pending else None


def observation(state: SifnosState, seat: int | None) -> dict[str, Any]:
    from towers.games.sifnos.scoring import final_scores

    g = state.game
    cards = DATA.cards
    sides = []
    for side in range(g.sides):
        entry: dict[str, Any] = {
            "side": side,
            "solo_opponent": side == g.opponent,
            "hand_size": len(state.hands[side]),
            "placed": [cards[c].id for c in state.placed[side]],
            "influence": dict(zip(MINERALS, state.influence[side], strict=True)),
            "ally_on_track": state.ally_on_track[side],
            "dice_supply": sorted(state.dice_supply[side]),
            "workshop": sorted(state.workshop[side]),
            "dice_reserve": state.dice_reserve[side],
            "tower_supply": dict(zip(IMAGES, state.tower_supply[side], strict=True)),
            "tower_reserve": sum(state.tower_reserve[side]),
            "barracks": state.barracks[side],
            "soldier_supply": state.soldier_supply[side],
            "tents": {DATA.provinces[p].id: n for p, n in enumerate(state.tents[side]) if n},
            "pieces": list(state.pieces[side]),
            "buildings": {
                s.id: state.buildings[side][s.index]
                for s in DATA.building_spaces
                if state.buildings[side][s.index]
            },
            "scoring_tile": DATA.tiles[state.tile_of[side]].id
            if state.tile_of[side] >= 0
            else None,
        }
        if side == seat:
            entry["hand"] = [cards[c].id for c in state.hands[side]]
        sides.append(entry)
    regions = []
    for r, region in enumerate(DATA.regions):
        regions.append(
            {
                "id": region.id,
                "die": [state.die_owner[r], state.die_value[r]]
                if state.die_owner[r] >= 0
                else None,
                "soldier": state.soldier_at[r] if state.soldier_at[r] >= 0 else None,
                "fort": state.fort_at[r] if state.fort_at[r] >= 0 else None,
            }
        )
    spaces = [
        {
            "id": s.id,
            "towers": [[t >> 3, IMAGES[t & 7]] for t in state.stacks[i]],
            "beacon": state.beacon_at[i] if state.beacon_at[i] >= 0 else None,
        }
        for i, s in enumerate(DATA.spaces)
    ]
    out: dict[str, Any] = {
        "seat": seat,
        "turn": state.turn,
        "round": state.rounds,
        "deciding": _frame(state),
        "sides": sides,
        "central_soldiers": list(state.central),
        "regions": regions,
        "tower_spaces": spaces,
        "ships": {
            DATA.provinces[p].id: [(*MINERALS, "ally")[k] for k in state.ships[i]]
            for i, p in enumerate(DATA.large)
        },  # fmt: skip
        "bag": len(state.bag),
        "allies": state.allies,
        "markers": [MINERALS[m] if m >= 0 else None for m in state.markers],
        "face_up": [cards[c].id for c in state.face_up],
        "scoring_tiles": [DATA.tiles[t].id if t >= 0 else None for t in state.tile_row],
        "deck": len(state.deck),
        "discards": [cards[c].id for c in state.discards],
        "invaded": DATA.provinces[DATA.large[state.invaded]].id if state.invaded >= 0 else None,
        "scores": final_scores(state),
        "over": state.over,
    }
    if g.has_opponent:
        from towers.games.sifnos import solo

        out["solo"] = solo.observe(state)
    return out
