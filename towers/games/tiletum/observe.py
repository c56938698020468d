"""What a Tiletum seat knows, for players, bots and adapters: the table as JSON-ready data
(:func:`observation`), and the decision now pending in words. Tiletum hides nothing, so every
seat (and a spectator) knows the same."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as R
from towers.games.tiletum.data import ACTIONS, FIGURES, RESOURCES

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def _tile(state: TiletumState, kind: int) -> str | None:
    return state.game.data.kinds[kind].id if kind >= 0 else None


def pending_text(state: TiletumState) -> str:
    """What the player to move decides now, in words."""

    if state.over:
        return "the game is over"
    if state.draws:
        d = state.draws[0]
        if d[0] == R.DR_TILE:
            return f"chance: a tile is drawn from the {R.PILE_NAMES[d[1]]} pile"
        what = {
            R.DR_BAG: "a die is drawn from the bag",
            R.DR_ROLL: "the die is rolled",
            R.DR_CORRUPTION: "a corruption token is revealed",
            R.DR_COST: "a construction cost tile is placed",
            R.DR_TOWN: "a town tile is placed",
            R.DR_FAIR: "a fair tile is placed",
            R.DR_ACTION_TILE: "an action tile is placed",
        }
        return "chance: " + what[d[0]]
    if not state.stack:
        return ""
    top = state.stack[-1]
    code = top[0]
    texts = {
        R.K_TURN: "take a die from the wheel (tasks allowed)",
        R.K_VALUE: f"set the die's value (now {top[1] if len(top) > 1 else ''}; 2 gold a step)",
        R.K_ACTION_TILE: "take the action's bonus tile or skip",
        R.K_GAIN_DIE: "take the die's resources, or use a substitute helper",
        R.K_CHOOSE: f"choose an action for {top[1] if len(top) > 1 else 0} AP",
        R.K_ANY: f"gain {top[1] if len(top) > 1 else 0} resource(s) of your choice",
        R.K_PAY: "choose the resource that pays the contract",
        R.K_MOVE: "move a figure one space, or skip",
        R.K_MOVE_BOTH: "move the architect and/or the merchant one space, or skip",
        R.K_MOVE_PLACE: "move one space and/or place where the figure stands, or skip",
        R.K_PLACE: "place where the figure stands",
        R.K_HOUSE_ANY: "place a house in any town",
        R.K_PILLAR_ANY: "place a pillar at any cathedral",
        R.K_JUMP: "move the figure to any space, or skip",
        R.K_TOWN_MOVE: "move the merchant to an adjacent town, or skip",
        R.K_PICK_BUILDING: "choose a building whose character bonuses you receive",
        R.K_BUILDING: "choose a character bonus of the building, or stop",
        R.K_COMPLETE: "choose the action the completed building strengthens",
        R.K_KING_TILE: "take or discard the King track's bonus tile",
    }
    if code == R.K_FRAME:
        kind = "die's" if top[3] else "bonus"
        return f"{ACTIONS[top[1]]} action ({kind}), {top[2]} AP left (tasks allowed)"
    if code in (R.K_MOVE, R.K_JUMP, R.K_PLACE, R.K_MOVE_PLACE):
        return (
            texts[code]
            .replace("a figure", f"the {FIGURES[top[1]]}")
            .replace("the figure", f"the {FIGURES[top[1]]}")
        )
    return texts[code]


def observation(state: TiletumState, seat: int | None) -> dict[str, Any]:
    """Everything on the table; Tiletum hides nothing from any seat."""
    g = state.game
    d = g.data
    n = g.num_players
    wheel = []
    for v in range(1, 7):
        a = state.action_of_value(v) if state.wheel[0] >= 0 else -1
        wheel.append(
            {
                "value": v,
                "action": ACTIONS[a] if a >= 0 else None,
                "action_points": d.action_points_base - v,
                "dice": {A.COLOURS[c]: k for c, k in enumerate(state.dice[v - 1]) if k},
            }
        )
    towns = []
    for t, town in enumerate(d.towns):
        entry: dict[str, Any] = {
            "town": town.id,
            "houses": [None if o == -1 else ("unused" if o == -2 else o) for o in state.houses[t]],
            "bonus_tiles": [_tile(state, k) for k in state.map_tiles[t]],
        }
        c = town.cathedral
        if c >= 0:
            cost = state.cost_tiles[c]
            entry["cathedral"] = {
                "unavailable": cost == d.unavailable_cost,
                "cost_stone": d.cost_stone[cost] if cost >= 0 else None,
                "cost_vp": d.cost_vp[cost] if cost >= 0 else None,
                "tiles_left": list(d.cathedrals[c].tiles[: state.cathedral_left[c]]),
                "pillars": [
                    None if o == -1 else ("unused" if o == -2 else o) for o in state.pillars[c]
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
                    "roof_house": not bld.occupied and not state.roofs[p] >> b & 1,
                    "completed": bool(state.completed[p] >> b & 1),
                }
            )
        players.append(
            {
                "seat": p,
                "vp": state.vp[p],
                "resources": dict(zip(RESOURCES, state.res[p], strict=True)),
                "storehouse": [_tile(state, k) for k in state.storehouse[p]],
                "buildings": buildings,
                "contracts": [_tile(state, k) for k in state.contracts[p]],
                "houses_in_supply": state.house_supply[p],
                "pillars_in_supply": state.pillar_supply[p],
                "houses_on_map": [d.towns[t].id for t in state.house_towns[p]],
                "pillars_on_map": [d.towns[d.cathedrals[c].town].id for c in state.pillar_sites[p]],
                "merchant": d.spot_names[state.merchant[p]],
                "architect": d.spot_names[state.architect[p]],
                "bonus_action_points": dict(zip(ACTIONS[:5], state.ap_bonus[p], strict=True)),
                "cathedral_tiles": [
                    d.towns[d.cathedrals[c].town].id for c in state.cathedral_tiles[p]
                ],
                "dice": [A.COLOURS[c] for c in state.dice_used[p]],
                "king_track": state.king_pos[p] - d.king_start,
            }
        )
    return {
        "viewer": seat,
        "round": state.round + 1,
        "phase": _phase(state),
        "turn_order": list(state.order),
        "to_move": state.current_player(),
        "pending": pending_text(state),
        "open_actions": [list(e) for e in state.stack],
        "die": {"value": state.die_value, "colour": A.COLOURS[state.die_colour]}
        if state.die_colour >= 0
        else None,
        "wheel": wheel,
        "action_bonus_tiles": {ACTIONS[a]: _tile(state, state.action_tiles[a]) for a in range(6)},
        "king_tile": _tile(state, state.king_tile),
        "king_track": [
            {"seat": s, "vp": d.king_track[state.king_pos[s]]} for s in state.king_order
        ],
        "contract_offer": [_tile(state, k) for k in state.contract_offer],
        "contract_offer_costs": list(d.contract_offer_costs),
        "character_offer": [_tile(state, k) for k in state.character_offer],
        "piles": {
            "bonus": sum(state.piles[0][1]),
            "contract": sum(state.piles[1][1]),
            "character": sum(state.piles[2][1]),
        },
        "bag": dict(zip(A.COLOURS, state.bag, strict=True)),
        "corruption_revealed": list(state.revealed),
        "corruption_face_down": d.corruption_per_round - len(state.revealed),
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

    step = state.step
    if step == R.S_OVER:
        return "over"
    if step in (R.S_SETUP, R.S_PREP):
        return "setup" if state.round == 0 else "cleanup"
    if step == R.S_CYCLE and any(d[0] in (R.DR_BAG, R.DR_ROLL) for d in state.draws):
        return "preparation"
    if step in (R.S_KING, R.S_KING_SCORE):
        return "King phase"
    return "action phase"
