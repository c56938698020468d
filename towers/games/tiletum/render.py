"""Tiletum as data and as text: the observation dict and the terminal view (Rich markup,
no UI library imported here). Nothing in Tiletum is hidden, so every seat sees the same."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.tiletum import actions as A
from towers.games.tiletum.data import ACTIONS, CAT_CHARACTER, FIGURES, RESOURCES

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState

SEAT_COLOURS = ("red", "blue", "green", "yellow")
SEAT_LETTERS = "ABCD"
DIE_STYLE = ("bold yellow", "bold magenta", "white", "grey50", "bold blue")
RES_SHORT = ("Au", "Fd", "Wo", "St", "Fe")
DIE_LETTER = "YPLDB"  # yellow, pink, light gray, dark gray, blue


def _tile(state: TiletumState, kind: int) -> str | None:
    return state.game.data.kinds[kind].id if kind >= 0 else None


def pending_text(state: TiletumState) -> str:
    """What the player to move decides now, in words."""
    from towers.games.tiletum import rules as R

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
    from towers.games.tiletum import rules as R

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


# ---- text ---------------------------------------------------------------------------------


def seat_label(seat: int) -> str:
    return f"[bold {SEAT_COLOURS[seat]}]{SEAT_LETTERS[seat]}[/]"


def _kind_label(state: TiletumState, kind: int) -> str:
    if kind < 0:
        return "[dim]-[/]"
    k = state.game.data.kinds[kind]
    style = ("cyan", "blue", "yellow", "green")[k.category]
    label = k.id
    if k.category == CAT_CHARACTER:
        label = f"{k.id}({ACTIONS[k.action][:3]})"
    return f"[{style}]{label}[/]"


def _res_text(res: list[int]) -> str:
    return " ".join(f"{RES_SHORT[r]}{res[r]}" for r in range(5))


def text(state: TiletumState, seat: int | None) -> str:
    """The wheel and its dice, offers, fairs, the King track, the map and each player board."""
    g = state.game
    d = g.data
    n = g.num_players
    lines: list[str] = []
    head = f"[bold]Tiletum[/] - round {state.round + 1}/{d.rounds}"
    if state.over:
        head += " - [bold]game over[/]"
    else:
        who = state.current_player()
        mover = seat_label(who) if who >= 0 else "chance"
        head += f" - turn {state.cycle + 1}/{d.turns_per_round} - to move: {mover}"
    lines.append(head)
    lines.append(f"  {pending_text(state)}")
    lines.append("")
    lines.append(
        "[bold]Action wheel[/] (value: action, AP, dice Y/P/L/D/B = gold/food/wool/stone/iron;"
        " bonus tile)"
    )
    for v in range(1, 7):
        a = state.action_of_value(v) if state.wheel[0] >= 0 else -1
        dice = " ".join(
            f"[{DIE_STYLE[c]}]{DIE_LETTER[c] * k}[/]" for c, k in enumerate(state.dice[v - 1]) if k
        )
        name = ACTIONS[a] if a >= 0 else "?"
        tile = _kind_label(state, state.action_tiles[a]) if a >= 0 else ""
        bonus = " ".join(
            f"{seat_label(p)}+{state.ap_bonus[p][a]}"
            for p in range(n)
            if 0 <= a < 5 and state.ap_bonus[p][a]
        )
        lines.append(
            f"  {v}: {name:<9} {d.action_points_base - v} AP  {dice or '[dim]no dice[/]'}  {tile} {bonus}"
        )
    if state.revealed or not state.over:
        lines.append(
            f"  corruption revealed: {state.revealed or '-'}; bag: "
            + " ".join(f"[{DIE_STYLE[c]}]{DIE_LETTER[c]}{state.bag[c]}[/]" for c in range(5))
        )
    lines.append("")
    lines.append(
        "[bold]Contracts[/]: "
        + "  ".join(
            f"{_kind_label(state, k)}[dim]({c}AP)[/]"
            for k, c in zip(state.contract_offer, d.contract_offer_costs, strict=True)
        )
    )
    lines.append(
        "[bold]Characters[/]: " + "  ".join(_kind_label(state, k) for k in state.character_offer)
    )
    lines.append(f"[bold]King tile[/]: {_kind_label(state, state.king_tile)}")
    fairs = []
    for i, (t, f) in enumerate(zip(state.fair_towns, state.fair_tiles, strict=True)):
        town = d.towns[t].name if t >= 0 else "?"
        tile = d.fair_ids[f] if f >= 0 else "?"
        mark = "[bold]>[/]" if i == state.round and not state.over else " "
        fairs.append(f"{mark}{i + 1}. {town} ({tile}, +{d.fair_board_vp[i]})")
    lines.append("[bold]Fairs[/]: " + "  ".join(fairs))
    track = []
    for s in state.king_order:
        track.append(f"{seat_label(s)}{d.king_track[state.king_pos[s]]:+d}")
    lines.append("[bold]King track[/] (bottom to top): " + " ".join(track))
    lines.append("")
    lines.append("[bold]Map[/] (houses H, pillars P, bonus tiles, figures m/a)")
    for t, place in enumerate(d.towns):
        houses = "".join(
            seat_label(o) if o >= 0 else ("[dim]·[/]" if o == -1 else "") for o in state.houses[t]
        )
        parts = [f"  {place.name:<10} H[{houses}]"]
        c = place.cathedral
        if c >= 0:
            cost = state.cost_tiles[c]
            if cost == d.unavailable_cost:
                parts.append("[dim]cathedral unavailable[/]")
            else:
                pillars = "".join(
                    seat_label(o) if o >= 0 else ("[dim]·[/]" if o == -1 else "")
                    for o in state.pillars[c]
                )
                left = d.cathedrals[c].tiles[: state.cathedral_left[c]]
                stone = d.cost_stone[cost] if cost >= 0 else "?"
                vp = d.cost_vp[cost] if cost >= 0 else "?"
                parts.append(f"P[{pillars}] cathedral {stone}St/{vp}VP tiles {list(left)}")
        tiles = [k for k in state.map_tiles[t] if k >= 0]
        if tiles:
            parts.append("tiles " + " ".join(_kind_label(state, k) for k in tiles))
        figures = []
        for p in range(n):
            if state.merchant[p] == t:
                figures.append(f"{seat_label(p)}m")
            if state.architect[p] == t:
                figures.append(f"{seat_label(p)}a")
        if figures:
            parts.append(" ".join(figures))
        lines.append(" ".join(parts))
    on_roads = []
    for p in range(n):
        for fig, spot in (("m", state.merchant[p]), ("a", state.architect[p])):
            if d.spot_town[spot] < 0:
                on_roads.append(f"{seat_label(p)}{fig} on {d.spot_names[spot]}")
    if on_roads:
        lines.append("  on the roads: " + ", ".join(on_roads))
    roads = [f"{d.towns[a].name}-{d.towns[b].name}{'.' * len(mids)}" for a, b, mids in d.roads]
    lines.append("  roads (a dot per road space): " + ", ".join(roads))
    lines.append("")
    for p in range(n):
        mark = "▶" if state.current_player() == p else " "
        you = " (you)" if seat == p else ""
        lines.append(
            f"{mark} {seat_label(p)} seat {p}{you}: [bold]{state.vp[p]} VP[/]  "
            f"{_res_text(state.res[p])}  houses {state.house_supply[p]} pillars "
            f"{state.pillar_supply[p]} in supply; on map {len(state.house_towns[p])}H "
            f"{len(state.pillar_sites[p])}P; cathedral tiles {len(state.cathedral_tiles[p])}"
        )
        blds = []
        for b, bld in enumerate(d.buildings):
            if bld.occupied:
                rooms = "[dim]occupied[/]"
            else:
                rooms = ",".join(_kind_label(state, state.rooms[p][i]) for i in g.rooms[b])
            cr = state.crests[p][b]
            crest = d.crest_ids[cr] if cr >= 0 else f"[dim]{bld.crest_cost}F[/]"
            done = "✓" if state.completed[p] >> b & 1 else ""
            blds.append(f"{b + 1}[{rooms}|{crest}]{done}")
        lines.append("    buildings " + " ".join(blds))
        store = " ".join(_kind_label(state, k) for k in state.storehouse[p]) or "[dim]empty[/]"
        contracts = len(state.contracts[p])
        lines.append(
            f"    storehouse {store}; contracts fulfilled {contracts}/{len(d.contract_space_vp)}; "
            f"dice {''.join(f'[{DIE_STYLE[c]}]{DIE_LETTER[c]}[/]' for c in state.dice_used[p]) or '-'}"
        )
    if state.over:
        lines.append("")
        order = sorted(range(n), key=lambda s: (-state.vp[s], state.order.index(s)))
        lines.append("Final: " + ", ".join(f"{seat_label(s)} {state.vp[s]}" for s in order))
    return "\n".join(lines)
