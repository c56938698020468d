"""Final scoring (rulebook: Final Scoring; solo: Final Scoring of the solo rules), by side.

``final_scores`` counts what the rulebook counts at the end; before the end it counts the same
things as they stand (the majority only once the third Allied Ship has come).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.sifnos.actions import DATA

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState

SCORING = DATA.game["scoring"]
SOLO = DATA.game["solo"]


def majority(state: SifnosState) -> list[int]:
    """The 4/2 VP for the third Allied Ship's mineral, by side (zeros before it came)."""
    g = state.game
    out = [0] * g.sides
    if state.allies < 3:
        return out
    mineral = state.markers[5]
    scoring = [s for s in range(g.sides) if not (g.versus and s == g.opponent)]
    values = {s: state.influence[s][mineral] for s in scoring}
    best = max(values.values())
    top = [s for s in scoring if values[s] == best]
    if len(top) == 2:
        for s in top:
            out[s] = int(SCORING["majority_two_tied"])
        return out
    if len(top) > 2:
        for s in top:
            out[s] = int(SCORING["majority_many_tied"])
        return out
    space = DATA.game["ally_spaces"][2]
    out[top[0]] = int(space["first_vp"])
    rest = [s for s in scoring if s != top[0]]
    if not rest:
        return out
    second = max(values[s] for s in rest)
    seconds = [s for s in rest if values[s] == second]
    if len(scoring) == 2 and best - second > int(SCORING["two_player_second_within"]):
        return out
    for s in seconds:
        out[s] = int(space["second_vp"]) if len(seconds) == 1 else int(SCORING["second_tied"])
    return out


def networks(state: SifnosState, side: int) -> list[set[int]]:
    """``side``'s Tower networks: the sets of Tower spaces joined by Borders (covered Towers
    included, rulebook: Tower Networks)."""
    mine = [s for s in range(len(DATA.spaces)) if state.has_tower_on(side, s)]
    seen: set[int] = set()
    out = []
    for s in mine:
        if s not in seen:
            net = state.network(side, s)
            seen |= net
            out.append(net)
    return out


def completed_buildings(state: SifnosState, side: int) -> int:
    b = state.buildings[side]
    return sum(1 for building in DATA.buildings if all(b[x] for x in building.spaces))


def tile_points(state: SifnosState, side: int) -> int:
    tile = state.tile_of[side]
    if tile < 0:
        return 0
    inf = state.influence[side]
    match DATA.tiles[tile].scoring:
        case "per_3_of_highest":
            return max(inf) // 3
        case "per_2_of_lowest":
            return min(inf) // 2
        case "per_tent":
            return sum(state.tents[side])
        case "per_fort":
            return state.fort_at.count(side)
        case "per_2_cards_placed":
            return len(state.placed[side]) // 2
        case "per_beacon":
            return state.beacon_at.count(side)
        case "per_province_networked":
            spaces = DATA.spaces
            return max(
                (
                    len({p for s in net for p in spaces[s].provinces})
                    for net in networks(state, side)
                ),
                default=0,
            )
        case "per_2_buildings":
            return 2 * completed_buildings(state, side)
    raise AssertionError(DATA.tiles[tile].scoring)


def soldiers_on_map(state: SifnosState, side: int) -> int:
    return state.soldier_at.count(side) + state.central[side]


def breakdown(state: SifnosState, side: int) -> dict[str, int]:
    """Each part of ``side``'s score, named as the rulebook lists them."""
    g = state.game
    parts = {"majority": majority(state)[side], "influence": sum(state.influence[side])}
    if side == g.opponent:
        parts["scoring tile"] = int(SOLO["tile_vp"]) if state.tile_of[side] >= 0 else 0
        enough = soldiers_on_map(state, side) >= int(SOLO["soldiers_vp"]["at_least"])
        parts["soldiers"] = int(SOLO["soldiers_vp"]["vp"]) if enough else 0
        if g.versus:
            return {k: 0 for k in parts}
        return parts
    pieces = state.pieces[side]
    rows = 0
    for r, vp in enumerate(DATA.row_vp):
        if all(pieces[p.index] < 0 for p in DATA.pieces if p.row == r):
            rows += vp
    parts["emptied rows"] = rows
    parts["tents"] = sum(state.tents[side]) // int(SCORING["tents_per_vp"])
    parts["scoring tile"] = tile_points(state, side)
    held = len(state.hands[side]) + soldiers_on_map(state, side)
    parts["sets of 4"] = held // int(SCORING["set_of"])
    return parts


def final_scores(state: SifnosState) -> list[int]:
    return [sum(breakdown(state, s).values()) for s in range(state.game.sides)]


def winner(state: SifnosState) -> int:
    """The side with the most VP; a tie goes to the tied side whose next turn would have come
    first after the player who ended the game (rulebook: Final Scoring)."""
    scores = final_scores(state)
    g = state.game
    sides = [s for s in range(g.sides) if not (g.versus and s == g.opponent)]
    best = max(scores[s] for s in sides)
    ender = state.ended_by if state.ended_by >= 0 else state.turn
    for s in state.turn_order_from(ender):
        if s in sides and scores[s] == best:
            return s
    raise AssertionError("no winner")
