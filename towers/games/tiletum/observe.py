"""What a Tiletum seat knows, for players, bots and adapters: the table as JSON-ready data
(:func:`observation`), and the decision now pending in words. Tiletum hides nothing, so every
seat (and a spectator) knows the same."""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Any

from towers.core.frames import Frame
from towers.core.words import plural
from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum.action_phase import action_of_value
from towers.games.tiletum.data import (
    ACTIONS,
    CATEGORY_NAMES,
    FAIR_CONDITIONS,
    FIGURES,
    FX_ACTION,
    FX_ADD_AP,
    FX_ANY,
    FX_BUILDING_BONUS,
    FX_GAIN,
    FX_HOUSE_ANYWHERE,
    FX_JUMP,
    FX_KING,
    FX_MOVE,
    FX_MOVE_BOTH,
    FX_MOVE_PLACE,
    FX_PILLAR_ANYWHERE,
    FX_PLACE,
    FX_SUBSTITUTE,
    FX_TOWN_MOVE,
    FX_VP,
    RESOURCES,
    Effect,
    TileKind,
    load,
)

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
            return f"gain {plural(n, 'resource')} of your choice"
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
    wheel = _wheel(state)
    towns = _towns(state)
    players = [_player(state, p) for p in range(g.num_players)]
    return {
        "viewer": seat,
        "round": state.round + 1,
        "phase": _phase(state),
        "turn_order": list(state.turn_order),
        "to_move": state.current_player(),
        "pending": pending_text(state),
        "decisions": [decision_json(f) for f in state.stack],
        "board": board(g.num_players),
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


def _wheel(state: TiletumState) -> list[dict[str, Any]]:
    """The Action Wheel: each die value's action, its AP and the dice on it."""
    d = state.game.data
    wheel = []
    for v in range(1, 7):
        a = action_of_value(state, v) if state.wheel_actions[0] >= 0 else -1
        wheel.append(
            {
                "value": v,
                "action": ACTIONS[a] if a >= 0 else None,
                "action_points": d.action_points_base - v,
                "dice": {A.COLOURS[c]: k for c, k in enumerate(state.wheel_dice[v - 1]) if k},
            }
        )
    return wheel


def _towns(state: TiletumState) -> list[dict[str, Any]]:
    """The map's Towns: house spaces, bonus tiles, the cathedral and its pillars."""
    d = state.game.data
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
    return towns


def _player(state: TiletumState, p: int) -> dict[str, Any]:
    """A seat's Player board, supply, figures and markers."""
    g = state.game
    d = g.data
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
    return {
        "seat": p,
        "vp": state.vp[p],
        "resources": dict(zip(RESOURCES, state.resources[p], strict=True)),
        "storehouse": [_tile(state, k) for k in state.storehouse[p]],
        "buildings": buildings,
        "contracts": [_tile(state, k) for k in state.fulfilled_contracts[p]],
        "houses_in_supply": state.houses_in_supply[p],
        "pillars_in_supply": state.pillars_in_supply[p],
        "houses_on_map": [d.towns[t].id for t in state.houses_on_map[p]],
        "pillars_on_map": [d.towns[d.cathedrals[c].town].id for c in state.pillars_on_map[p]],
        "merchant": d.spot_ids[state.merchant[p]],
        "architect": d.spot_ids[state.architect[p]],
        "bonus_action_points": dict(zip(ACTIONS[:5], state.bonus_action_points[p], strict=True)),
        "cathedral_tiles": [d.towns[d.cathedrals[c].town].id for c in state.cathedral_tiles[p]],
        "dice": [A.COLOURS[c] for c in state.dice_taken[p]],
        "king_track": state.king_track[p] - d.king_start,
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


# ---- the pending decisions, named ----------------------------------------------------------
def decision_json(frame: Frame) -> dict[str, Any]:
    """A pending decision as its frame's name and fields, indices written as names
    (``{"decision": "perform_action", "action": "merchant", "action_points": 3, ...}``);
    buildings and floors count from 1, as printed."""
    out: dict[str, Any] = {"decision": frame.frame_name()}
    for name, value in frame.to_json().items():
        if name == "frame":
            continue
        if name == "action":
            value = ACTIONS[value]
        elif name == "actions":
            value = [ACTIONS[a] for a in value]
        elif name == "figure":
            value = FIGURES[value]
        elif name == "colour":
            value = A.COLOURS[value]
        elif name == "contract":
            value = load().kinds[value].id
        elif name == "building":
            value += 1
        elif name == "floors_left":
            value = [f + 1 for f in value]
        out[name] = value
    return out


# ---- what is printed: the same for every seat and every state of a game ----------------------
_EFFECT_WORDS = {
    FX_VP: "vp",
    FX_ANY: "resources_of_choice",
    FX_KING: "king_track_spaces",
    FX_ADD_AP: "action_points_to_die_action",
}


def effect_json(effect: Effect) -> dict[str, Any]:
    """One printed effect (a bonus, an ability, a benefit) in words."""
    code, a, b = effect
    if code in _EFFECT_WORDS:
        return {_EFFECT_WORDS[code]: a}
    if code == FX_GAIN:
        return {"gain": {RESOURCES[a]: b}}
    if code == FX_ACTION:
        return {"action": ACTIONS[a] if a >= 0 else "of your choice", "action_points": b}
    if code == FX_MOVE:
        return {"move": FIGURES[a], "steps": b}
    if code == FX_MOVE_BOTH:
        return {"move": "architect and merchant", "steps": 1}
    if code == FX_MOVE_PLACE:
        return {"move_then_place": FIGURES[a]}
    if code == FX_PLACE:
        return {"place_where": FIGURES[a]}
    if code == FX_TOWN_MOVE:
        return {"merchant_to_adjacent_town": True}
    if code == FX_SUBSTITUTE:
        return {"die_resources_as_another_type": True}
    if code == FX_BUILDING_BONUS:
        return {"character_bonuses_of_a_building": True}
    if code == FX_HOUSE_ANYWHERE:
        return {"house_anywhere": True}
    if code == FX_PILLAR_ANYWHERE:
        return {"pillar_anywhere": True}
    if code == FX_JUMP:
        return {"move_anywhere": FIGURES[a]}
    raise ValueError(f"unknown effect {effect!r}")


def _tile_json(kind: TileKind) -> dict[str, Any]:
    d = load()
    out: dict[str, Any] = {"category": CATEGORY_NAMES[kind.category]}
    if kind.category == 0:  # character
        out["illustration"] = d.illustrations[kind.illustration]
        out["strengthens"] = ACTIONS[kind.action]
        out["bonus"] = [effect_json(e) for e in kind.effects]
    elif kind.category == 1:  # contract
        out["vp"] = kind.vp
        out["pay"] = {r: n for r, n in zip(RESOURCES, kind.pay, strict=True) if n}
        if kind.same:
            out["identical_resources_of_your_choice"] = kind.same
        out["benefits"] = [effect_json(e) for e in kind.effects]
    elif kind.category == 2:  # crest
        out["crest"] = d.crest_ids[kind.crest]
    else:
        out["ability"] = [effect_json(e) for e in kind.effects]
    return out


def board(players: int) -> dict[str, Any]:
    """The printed board, tiles and player board with this many players: what every seat
    plans with, the same for all (a fresh copy each time)."""
    printed: dict[str, Any] = json.loads(_board_text(players))
    return printed


@cache
def _board_text(players: int) -> str:
    return json.dumps(_board(players))


def _board(players: int) -> dict[str, Any]:
    d = load()
    towns = []
    for town in d.towns:
        entry: dict[str, Any] = {
            "town": town.id,
            "name": town.name,
            "house_spaces": [
                {"vp": vp, "building_bonus": bonus, "in_use": p <= players}
                for p, vp, bonus in zip(
                    town.house_players, town.house_vp, town.house_building_bonus, strict=True
                )
            ],
            "bonus_spaces_in_use": [p <= players for p in town.bonus_players],
        }
        if town.cathedral >= 0:
            cat = d.cathedrals[town.cathedral]
            entry["cathedral"] = {
                "tiles_vp": list(cat.tiles),
                "pillar_spaces_in_use": [p <= players for p in cat.pillar_players],
            }
        towns.append(entry)
    return {
        "towns": towns,
        "roads": [
            {
                "from": d.towns[a].id,
                "to": d.towns[b].id,
                "road_spaces": [d.spot_ids[s] for s in mids],
            }
            for a, b, mids in d.roads
        ],
        "fair_tiles": {
            fid: {"condition": FAIR_CONDITIONS[c], "vp": vp}
            for fid, c, vp in zip(d.fair_ids, d.fair_condition, d.fair_vp, strict=True)
        },
        "fair_board_vp": list(d.fair_board_vp),
        "king_track_vp": list(d.king_track),
        "king_track_start": d.king_start,
        "king_no_tile_vp": d.king_no_tile_vp,
        "construction_costs": [
            {"unavailable": True}
            if i == d.unavailable_cost
            else {"stone": d.cost_stone[i], "vp": d.cost_vp[i]}
            for i in range(len(d.cost_stone))
        ],
        "contract_offer_costs": list(d.contract_offer_costs),
        "tiles": {k.id: _tile_json(k) for k in d.kinds},
        "player_board": {
            "buildings": [
                {
                    "rooms": 0 if b.occupied else b.rooms,
                    "occupied": b.occupied,
                    "crest_cost_food": b.crest_cost,
                    "crest_bonus": [effect_json(e) for e in b.crest_bonus],
                    "roof_bonus": [effect_json(e) for e in b.roof_bonus],
                }
                for b in d.buildings
            ],
            "contract_spaces": [
                {"vp": vp, "pillar": pillar}
                for vp, pillar in zip(d.contract_space_vp, d.contract_space_pillar, strict=True)
            ],
            "storehouse_size": d.storehouse_size,
            "completed_buildings_vp": list(d.completed_buildings_vp),
            "resources_per_vp": d.resources_per_vp,
        },
        "costs": {
            "die_change_gold_per_step": d.die_change_cost,
            "buy_gold": d.buy_cost,
            "character_action_points": d.character_take_cost,
            "exchange_action_points": d.exchange_cost,
        },
    }
