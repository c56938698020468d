"""What a Tiletum seat knows, for players, bots and adapters: the table as JSON-ready data
(:func:`observation`), and the decision now pending in words. Tiletum hides nothing, so every
seat (and a spectator) knows the same."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.core.frames import Frame
from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum.data import ACTIONS, FIGURES, RESOURCES

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def _tile(state: TiletumState, kind: int) -> str | None:
    return state.game.data.kinds[kind].id if kind >= 0 else None


CHANCE_TEXT: dict[type[Frame], str] = {
    F.DieDraw: "a die is drawn from the bag",
    F.DieRoll: "the die is rolled",
    F.CorruptionReveal: "a corruption token is revealed",
    F.CostTileDraw: "a construction cost tile is placed",
    F.TownTileDraw: "a town tile is placed",
    F.FairTileDraw: "a fair tile is placed",
    F.ActionTileDraw: "an action tile is placed",
}


def pending_text(state: TiletumState) -> str:
    """What the player to move decides now, in words."""
    if state.game_over:
        return "the game is over"
    if state.chance_events:
        event = state.chance_events[0]
        if isinstance(event, F.TileDraw):
            return f"chance: a tile is drawn from the {F.PILE_NAMES[event.pile]} pile"
        return "chance: " + CHANCE_TEXT[type(event)]
    if not state.stack:
        return ""
    return decision_text(state.stack[-1])


def decision_text(frame: Frame) -> str:
    """A pending decision in words."""
    match frame:
        case F.Turn():
            return "take a die from the wheel (tasks allowed)"
        case F.PerformAction(action=action, action_points=ap, from_die=from_die):
            kind = "die's" if from_die else "bonus"
            return f"{ACTIONS[action]} action ({kind}), {ap} AP left (tasks allowed)"
        case F.ChooseDieValue(value=value):
            return f"set the die's value (now {value}; 2 gold a step)"
        case F.ActionBonusTile():
            return "take the action's bonus tile or skip"
        case F.DieResources():
            return "take the die's resources, or use a substitute helper"
        case F.OpenDieAction(action=action, action_points=ap):
            return f"perform the {ACTIONS[action]} action with {ap} AP"
        case F.ActionOfChoice(action_points=ap):
            return f"choose an action for {ap} AP"
        case F.ResourcesOfChoice(count=n):
            return f"gain {n} resource(s) of your choice"
        case F.PayIdentical():
            return "choose the resource that pays the contract"
        case F.Move(figure=figure):
            return f"move the {FIGURES[figure]} one space, or skip"
        case F.MoveBoth():
            return "move the architect and/or the merchant one space, or skip"
        case F.MoveAndPlace(figure=figure):
            return f"move one space and/or place where the {FIGURES[figure]} stands, or skip"
        case F.PlaceAtFigure(figure=figure):
            return f"place where the {FIGURES[figure]} stands"
        case F.HouseAnywhere():
            return "place a house in any town"
        case F.PillarAnywhere():
            return "place a pillar at any cathedral"
        case F.MoveAnywhere(figure=figure):
            return f"move the {FIGURES[figure]} to any space, or skip"
        case F.MerchantToAdjacentTown():
            return "move the merchant to an adjacent town, or skip"
        case F.ChooseBuildingBonus():
            return "choose a building whose character bonuses you receive"
        case F.BuildingBonuses():
            return "choose a character bonus of the building, or stop"
        case F.CompletedBuilding():
            return "choose the action the completed building strengthens"
        case F.KingTile():
            return "take or discard the King track's bonus tile"
    return ""


def observation(state: TiletumState, seat: int | None) -> dict[str, Any]:
    """Everything on the table; Tiletum hides nothing from any seat."""
    g = state.game
    d = g.data
    n = g.num_players
    wheel = []
    for v in range(1, 7):
        a = state.action_of_value(v) if state.wheel_actions[0] >= 0 else -1
        wheel.append(
            {
                "value": v,
                "action": ACTIONS[a] if a >= 0 else None,
                "action_points": d.action_points_base - v,
                "dice": {A.COLOURS[c]: k for c, k in enumerate(state.wheel_dice[v - 1]) if k},
            }
        )
    towns = []
    for t, town in enumerate(d.towns):
        entry: dict[str, Any] = {
            "town": town.id,
            "houses": [
                None if o == -1 else ("unused" if o == -2 else o) for o in state.house_spaces[t]
            ],
            "bonus_tiles": [_tile(state, k) for k in state.map_bonus_tiles[t]],
        }
        c = town.cathedral
        if c >= 0:
            cost = state.construction_costs[c]
            entry["cathedral"] = {
                "unavailable": cost == d.unavailable_cost,
                "cost_stone": d.cost_stone[cost] if cost >= 0 else None,
                "cost_vp": d.cost_vp[cost] if cost >= 0 else None,
                "tiles_left": list(d.cathedrals[c].tiles[: state.cathedral_tiles_left[c]]),
                "pillars": [
                    None if o == -1 else ("unused" if o == -2 else o)
                    for o in state.pillar_spaces[c]
                ],
            }
        towns.append(entry)
    players = []
    for p in range(n):
        buildings = []
        for b, bld in enumerate(d.buildings):
            rooms = [_tile(state, state.rooms[p][i]) for i in g.rooms[b]]
            buildings.append(
                {
                    "rooms": rooms if not bld.occupied else ["occupied"],
                    "crest": d.crest_ids[state.crests[p][b]] if state.crests[p][b] >= 0 else None,
                    "roof_house": not bld.occupied and not state.roof_houses_freed[p] >> b & 1,
                    "completed": bool(state.completed_buildings[p] >> b & 1),
                }
            )
        players.append(
            {
                "seat": p,
                "vp": state.vp[p],
                "resources": dict(zip(RESOURCES, state.resources[p], strict=True)),
                "storehouse": [_tile(state, k) for k in state.storehouse[p]],
                "buildings": buildings,
                "contracts": [_tile(state, k) for k in state.fulfilled_contracts[p]],
                "houses_in_supply": state.houses_in_supply[p],
                "pillars_in_supply": state.pillars_in_supply[p],
                "houses_on_map": [d.towns[t].id for t in state.houses_on_map[p]],
                "pillars_on_map": [
                    d.towns[d.cathedrals[c].town].id for c in state.pillars_on_map[p]
                ],
                "merchant": d.spot_names[state.merchant[p]],
                "architect": d.spot_names[state.architect[p]],
                "bonus_action_points": dict(
                    zip(ACTIONS[:5], state.bonus_action_points[p], strict=True)
                ),
                "cathedral_tiles": [
                    d.towns[d.cathedrals[c].town].id for c in state.cathedral_tiles[p]
                ],
                "dice": [A.COLOURS[c] for c in state.dice_taken[p]],
                "king_track": state.king_track[p] - d.king_start,
            }
        )
    return {
        "viewer": seat,
        "round": state.round + 1,
        "phase": _phase(state),
        "turn_order": list(state.turn_order),
        "to_move": state.current_player(),
        "pending": pending_text(state),
        "open_actions": state.stack.to_json(),
        "die": {"value": state.die_value, "colour": A.COLOURS[state.die_colour]}
        if state.die_colour >= 0
        else None,
        "wheel": wheel,
        "action_bonus_tiles": {
            ACTIONS[a]: _tile(state, state.action_bonus_tiles[a]) for a in range(6)
        },
        "king_tile": _tile(state, state.king_tile),
        "king_track": [
            {"seat": s, "vp": d.king_track[state.king_track[s]]} for s in state.king_track_stack
        ],
        "contract_offer": [_tile(state, k) for k in state.contract_offer],
        "contract_offer_costs": list(d.contract_offer_costs),
        "character_offer": [_tile(state, k) for k in state.character_offer],
        "piles": {
            "bonus": sum(state.piles[0].counts),
            "contract": sum(state.piles[1].counts),
            "character": sum(state.piles[2].counts),
        },
        "bag": dict(zip(A.COLOURS, state.dice_bag.counts, strict=True)),
        "corruption_revealed": list(state.corruption_revealed),
        "corruption_face_down": d.corruption_per_round - len(state.corruption_revealed),
        "fairs": [
            {
                "town": d.towns[t].id if t >= 0 else None,
                "tile": d.fair_ids[f] if f >= 0 else None,
                "board_vp": d.fair_board_vp[i],
            }
            for i, (t, f) in enumerate(zip(state.fair_towns, state.fair_tiles, strict=True))
        ],
        "towns": towns,
        "players": players,
    }


def _phase(state: TiletumState) -> str:
    """The rulebook's name of the current phase."""

    step = state.phase
    if step == F.S_OVER:
        return "over"
    if step in (F.S_SETUP, F.S_PREP):
        return "setup" if state.round == 0 else "cleanup"
    if step == F.S_CYCLE and any(isinstance(e, F.DieDraw | F.DieRoll) for e in state.chance_events):
        return "preparation"
    if step in (F.S_KING, F.S_KING_SCORE):
        return "King phase"
    return "action phase"
