"""States saved by earlier versions of the Tiletum engine, read in today's shape.

Version 1 kept the pending decisions and the chance events as lists read by position
(``[kind, ...]``, the kind a small int) and named many fields in short (``res``, ``pos``);
version 2 keeps named frames (:mod:`towers.games.tiletum.frames`) and names each field in the
rulebook's words (``RENAMED`` lists them).
"""

from __future__ import annotations

from typing import Any

from towers.core.frames import Frame
from towers.games.tiletum import frames as F


def _floors(mask: int) -> tuple[int, ...]:
    return tuple(f for f in range(3) if mask >> f & 1)


def _actions(mask: int) -> tuple[int, ...]:
    return tuple(a for a in range(6) if mask >> a & 1)


_V1_DECISIONS: tuple[Any, ...] = (
    lambda e: F.Turn(),
    lambda e: F.PerformAction(e[1], e[2], bool(e[3])),
    lambda e: F.ChooseDieValue(e[1], e[2]),
    lambda e: F.ActionBonusTile(e[1]),
    lambda e: F.DieResources(e[1], e[2]),
    lambda e: F.OpenDieAction(e[1], e[2]),
    lambda e: F.ActionOfChoice(e[1], bool(e[2])),
    lambda e: F.ResourcesOfChoice(e[1]),
    lambda e: F.PayIdentical(e[1]),
    lambda e: F.Move(e[1], e[2]),
    lambda e: F.MoveBoth(bool(e[1]), bool(e[2])),
    lambda e: F.MoveAndPlace(e[1], bool(e[2]), bool(e[3])),
    lambda e: F.PlaceAtFigure(e[1]),
    lambda e: F.HouseAnywhere(),
    lambda e: F.PillarAnywhere(),
    lambda e: F.MoveAnywhere(e[1]),
    lambda e: F.MerchantToAdjacentTown(),
    lambda e: F.ChooseBuildingBonus(),
    lambda e: F.BuildingBonuses(e[1], _floors(e[2])),
    lambda e: F.CompletedBuilding(e[1], _actions(e[2])),
    lambda e: F.KingTile(),
)
"""Version 1's stack entries ``[kind, ...]``, by kind."""

_V1_EVENTS: tuple[Any, ...] = (
    lambda e: F.TileDraw(e[1], e[2], e[3]),
    lambda e: F.DieDraw(),
    lambda e: F.DieRoll(e[1]),
    lambda e: F.CorruptionReveal(),
    lambda e: F.CostTileDraw(e[1]),
    lambda e: F.TownTileDraw(e[1]),
    lambda e: F.FairTileDraw(e[1]),
    lambda e: F.ActionTileDraw(e[1]),
)
"""Version 1's chance events ``[kind, ...]``, by kind."""


def _frames(entries: list[list[int]], kinds: tuple[Any, ...]) -> list[dict[str, Any]]:
    out = []
    for e in entries:
        frame: Frame = kinds[e[0]](e)
        out.append(frame.to_json())
    return out


RENAMED = {
    "step": "phase",
    "cycle": "turn",
    "pos": "turn_position",
    "actor": "active_player",
    "over": "game_over",
    "draws": "chance_events",
    "exchanged": "exchanged_this_turn",
    "order": "turn_order",
    "wheel": "wheel_actions",
    "dice": "wheel_dice",
    "bag": "dice_bag",
    "action_tiles": "action_bonus_tiles",
    "corruption_left": "corruption_tokens",
    "revealed": "corruption_revealed",
    "houses": "house_spaces",
    "pillars": "pillar_spaces",
    "cathedral_left": "cathedral_tiles_left",
    "cost_tiles": "construction_costs",
    "map_tiles": "map_bonus_tiles",
    "king_pos": "king_track",
    "king_order": "king_track_stack",
    "res": "resources",
    "contracts": "fulfilled_contracts",
    "house_supply": "houses_in_supply",
    "pillar_supply": "pillars_in_supply",
    "house_towns": "houses_on_map",
    "pillar_sites": "pillars_on_map",
    "ap_bonus": "bonus_action_points",
    "roofs": "roof_houses_freed",
    "completed": "completed_buildings",
    "dice_used": "dice_taken",
}
"""Version 1's field names -> version 2's."""


def upgrade_fields(fields: dict[str, Any], version: int) -> dict[str, Any]:
    """Saved fields of ``version`` in today's shape."""
    if version < 2:
        fields["stack"] = _frames(fields["stack"], _V1_DECISIONS)
        fields["draws"] = _frames(fields["draws"], _V1_EVENTS)
        fields = {RENAMED.get(name, name): value for name, value in fields.items()}
    return fields
