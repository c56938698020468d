"""Tiletum as data and as text: the observation dict and the terminal view (Rich markup,
no UI library imported here). Nothing in Tiletum is hidden, so every seat sees the same."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.words import plural
from towers.games.tiletum.data import ACTIONS, CAT_CHARACTER
from towers.games.tiletum.observe import pending_text

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState

SEAT_COLOURS = ("red", "blue", "green", "yellow")
SEAT_LETTERS = "ABCD"
DIE_STYLE = ("bold yellow", "bold magenta", "white", "grey50", "bold blue")
RES_SHORT = ("Au", "Fd", "Wo", "St", "Fe")
DIE_LETTER = "YPLDB"  # yellow, pink, light gray, dark gray, blue


# ---- text ---------------------------------------------------------------------------------


def seat_label(seat: int) -> str:
    return f"[bold {SEAT_COLOURS[seat]}]{SEAT_LETTERS[seat]}[/]"


def _kind_label(state: TiletumState, kind: int) -> str:
    if kind < 0:
        return "[dim]-[/]"
    k = state.game.data.kinds[kind]
    style = ("cyan", "blue", "yellow", "green")[k.category]
    label = k.name
    if k.category == CAT_CHARACTER:
        # the corner icon: the action a completed building of this character strengthens
        label = f"{k.name} → {ACTIONS[k.action]}"
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
    if state.game_over:
        head += " - [bold]game over[/]"
    else:
        who = state.current_player()
        mover = seat_label(who) if who >= 0 else "chance"
        head += f" - turn {state.turn + 1}/{d.turns_per_round} - to move: {mover}"
    lines.append(head)
    lines.append(f"  {pending_text(state)}")
    lines.append("")
    lines.append(
        "[bold]Action wheel[/] (value: action, AP, dice Y/P/L/D/B = gold/food/wool/stone/iron;"
        " bonus tile)"
    )
    for v in range(1, 7):
        a = state.action_of_value(v) if state.wheel_actions[0] >= 0 else -1
        dice = " ".join(
            f"[{DIE_STYLE[c]}]{DIE_LETTER[c] * k}[/]"
            for c, k in enumerate(state.wheel_dice[v - 1])
            if k
        )
        name = ACTIONS[a] if a >= 0 else "?"
        tile = _kind_label(state, state.action_bonus_tiles[a]) if a >= 0 else ""
        bonus = " ".join(
            f"{seat_label(p)}+{state.bonus_action_points[p][a]}"
            for p in range(n)
            if 0 <= a < 5 and state.bonus_action_points[p][a]
        )
        lines.append(
            f"  {v}: {name:<9} {d.action_points_base - v} AP  {dice or '[dim]no dice[/]'}  {tile} {bonus}"
        )
    if state.corruption_revealed or not state.game_over:
        lines.append(
            f"  corruption revealed: {state.corruption_revealed or '-'}; bag: "
            + " ".join(
                f"[{DIE_STYLE[c]}]{DIE_LETTER[c]}{state.dice_bag.counts[c]}[/]" for c in range(5)
            )
        )
    lines.append("")
    lines.append(
        "[bold]Contracts[/]: "
        + "; ".join(
            f"{i + 1}. {_kind_label(state, k)} [dim]({c} AP)[/]"
            for i, (k, c) in enumerate(
                zip(state.contract_offer, d.contract_offer_costs, strict=True)
            )
        )
    )
    lines.append(
        "[bold]Characters[/]: "
        + "; ".join(
            f"{i + 1}. {_kind_label(state, k)}" for i, k in enumerate(state.character_offer)
        )
    )
    lines.append(f"[bold]King tile[/]: {_kind_label(state, state.king_tile)}")
    fairs = []
    for i, (t, f) in enumerate(zip(state.fair_towns, state.fair_tiles, strict=True)):
        town = d.towns[t].name if t >= 0 else "?"
        tile = d.fair_names[f] if f >= 0 else "?"
        mark = "[bold]>[/]" if i == state.round and not state.game_over else " "
        fairs.append(f"{mark}{i + 1}. {town} ({tile}, +{d.fair_board_vp[i]})")
    lines.append("[bold]Fairs[/]: " + "  ".join(fairs))
    track = []
    for s in state.king_track_stack:
        track.append(f"{seat_label(s)}{d.king_track[state.king_track[s]]:+d}")
    lines.append("[bold]King track[/] (bottom to top): " + " ".join(track))
    lines.append("")
    lines.append("[bold]Map[/] (houses H, pillars P, bonus tiles, figures m/a)")
    for t, place in enumerate(d.towns):
        houses = "".join(
            seat_label(o) if o >= 0 else ("[dim]·[/]" if o == -1 else "")
            for o in state.house_spaces[t]
        )
        parts = [f"  {place.name:<10} H[{houses}]"]
        c = place.cathedral
        if c >= 0:
            cost = state.construction_costs[c]
            if cost == d.unavailable_cost:
                parts.append("[dim]cathedral unavailable[/]")
            else:
                pillars = "".join(
                    seat_label(o) if o >= 0 else ("[dim]·[/]" if o == -1 else "")
                    for o in state.pillar_spaces[c]
                )
                left = d.cathedrals[c].tiles[: state.cathedral_tiles_left[c]]
                stone = d.cost_stone[cost] if cost >= 0 else "?"
                vp = d.cost_vp[cost] if cost >= 0 else "?"
                parts.append(f"P[{pillars}] cathedral {stone}St/{vp}VP tiles {list(left)}")
        tiles = [k for k in state.map_bonus_tiles[t] if k >= 0]
        if tiles:
            parts.append("tiles " + "; ".join(_kind_label(state, k) for k in tiles))
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
            f"{_res_text(state.resources[p])}  {plural(state.houses_in_supply[p], 'house')} and "
            f"{plural(state.pillars_in_supply[p], 'pillar')} in supply; on map "
            f"{len(state.houses_on_map[p])}H {len(state.pillars_on_map[p])}P; "
            f"{plural(len(state.cathedral_tiles[p]), 'cathedral tile')}"
        )
        blds = []
        for b, bld in enumerate(d.buildings):
            if bld.occupied:
                rooms = "[dim]occupied[/]"
            else:
                rooms = ",".join(_kind_label(state, state.rooms[p][i]) for i in g.rooms[b])
            cr = state.crests[p][b]
            crest = d.crest_names[cr] if cr >= 0 else f"[dim]{bld.crest_cost}F[/]"
            done = "✓" if state.completed_buildings[p] >> b & 1 else ""
            blds.append(f"{b + 1}[{rooms}|{crest}]{done}")
        lines.append("    buildings " + " ".join(blds))
        store = "; ".join(_kind_label(state, k) for k in state.storehouse[p]) or "[dim]empty[/]"
        contracts = len(state.fulfilled_contracts[p])
        lines.append(
            f"    storehouse {store}; contracts fulfilled {contracts}/{len(d.contract_space_vp)}; "
            f"dice {''.join(f'[{DIE_STYLE[c]}]{DIE_LETTER[c]}[/]' for c in state.dice_taken[p]) or '-'}"
        )
    if state.game_over:
        lines.append("")
        order = sorted(range(n), key=lambda s: (-state.vp[s], state.turn_order.index(s)))
        lines.append("Final: " + ", ".join(f"{seat_label(s)} {state.vp[s]}" for s in order))
    return "\n".join(lines)
