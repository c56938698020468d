"""Tiletum as data and as text: the observation dict and the terminal view (Rich markup,
no UI library imported here). Nothing in Tiletum is hidden, so every seat sees the same."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.words import plural
from towers.games.tiletum import explain
from towers.games.tiletum.data import ACTIONS, CAT_CHARACTER, RESOURCES
from towers.games.tiletum.observe import pending_text

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState

SEAT_COLOURS = explain.SEAT_COLOURS
DIE_STYLE = ("bold yellow", "bold magenta", "white", "grey50", "bold blue")
RES_SHORT = ("Au", "Fd", "Wo", "St", "Fe")
DIE_LETTER = "YPLDB"  # yellow, pink, light gray, dark gray, blue


# ---- text ---------------------------------------------------------------------------------


def seat_label(seat: int) -> str:
    """A seat's piece where a map cell has room for one letter: its name's initial ("B" for
    Blue) in its colour."""
    return f"[bold {SEAT_COLOURS[seat]}]{explain.seat_name(seat)[0]}[/]"


def seat_text(seat: int) -> str:
    """The seat's name (:func:`explain.seat_name`) in its colour."""
    return f"[bold {SEAT_COLOURS[seat]}]{explain.seat_name(seat)}[/]"


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
    lines = _head_lines(state)
    lines.append("")
    lines += _supply_lines(state)
    lines += _king_lines(state)
    lines.append("")
    lines += _map_lines(state)
    lines.append("")
    for p in range(state.game.num_players):
        lines += _player_lines(state, p, seat)
    if state.game_over:
        lines.append("")
        lines.append(_final_line(state))
    return "\n".join(lines)


def _head_lines(state: TiletumState) -> list[str]:
    d = state.game.data
    head = f"[bold]Tiletum[/] - round {state.round + 1}/{d.rounds}"
    if state.game_over:
        head += " - [bold]game over[/]"
    else:
        who = state.current_player()
        mover = seat_text(who) if who >= 0 else "chance"
        head += f" - turn {state.turn + 1}/{d.turns_per_round} - to move: {mover}"
    return [head, f"  {pending_text(state)}"]


def _supply_lines(state: TiletumState) -> list[str]:
    """The wheel with its dice and bonus tiles, the offers, the King tile and the fairs."""
    g = state.game
    d = g.data
    n = g.num_players
    lines: list[str] = []
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
            f"{seat_text(p)}+{state.bonus_action_points[p][a]}"
            for p in range(n)
            if 0 <= a < 5 and state.bonus_action_points[p][a]
        )
        lines.append(
            f"  {v}: {name:<9} {d.action_points_base - v} AP  {dice or '[dim]no dice[/]'}  {tile} {bonus}"
        )
    if state.corruption_revealed or not state.game_over:
        lines.append(
            "  Corruption tokens revealed: "
            + (", ".join(str(v) for v in state.corruption_revealed) or "none yet")
            + "; bag: "
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
    return lines


def _king_lines(state: TiletumState) -> list[str]:
    d = state.game.data
    lines: list[str] = []
    track = []
    for s in state.king_track_stack:
        track.append(f"{seat_text(s)}{d.king_track[state.king_track[s]]:+d}")
    lines.append("[bold]King track[/] (bottom to top): " + " ".join(track))
    return lines


def _map_lines(state: TiletumState) -> list[str]:
    """Each town's houses, cathedral, bonus tiles and figures; the roads."""
    g = state.game
    d = g.data
    n = g.num_players
    lines: list[str] = []
    lines.append(
        "[bold]Map[/] (houses H, pillars P, bonus tiles, figures m/a; a piece by its seat's "
        "initial)"
    )
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
                on_roads.append(f"{seat_text(p)} {fig} on {d.spot_names[spot]}")
    if on_roads:
        lines.append("  on the roads: " + ", ".join(on_roads))
    roads = [f"{d.towns[a].name}-{d.towns[b].name}{'.' * len(mids)}" for a, b, mids in d.roads]
    lines.append("  roads (a dot per road space): " + ", ".join(roads))
    return lines


def _player_lines(state: TiletumState, p: int, seat: int | None) -> list[str]:
    """A seat's score, resources, supply, buildings, storehouse and dice."""
    g = state.game
    d = g.data
    lines: list[str] = []
    mark = "▶" if state.current_player() == p else " "
    you = " (you)" if seat == p else ""
    lines.append(
        f"{mark} {seat_text(p)}{you}: [bold]{state.vp[p]} VP[/]  "
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
    return lines


def _final_line(state: TiletumState) -> str:
    n = state.game.num_players
    order = sorted(range(n), key=lambda s: (-state.vp[s], state.turn_order.index(s)))
    return "Final: " + ", ".join(f"{seat_text(s)} {state.vp[s]}" for s in order)


# ---- the terminal's glance and sections -------------------------------------------------------


def _fit(line: str, width: int = 80) -> str:
    """A plain line cut to ``width`` columns (an ellipsis marks the cut)."""
    return line if len(line) <= width else line[: width - 1] + "…"


def _phase_words(state: TiletumState) -> str:
    return explain.chapter(state).partition(", ")[2] or "setup"


def glance(state: TiletumState, seat: int | None) -> str:
    """What matters now, in at most 12 lines of at most 80 columns: the round, phase and turn
    and who moves; what is decided; the seat's VP, resources, pieces, storehouse and dice; the
    wheel's dice by value and action; the round's fair; a few of the moves; the scores."""
    g = state.game
    d = g.data
    n = g.num_players
    who = state.current_player()
    head = f"Round {state.round + 1}/{d.rounds}"
    if state.game_over:
        head += ": game over"
    else:
        head += f", {_phase_words(state)}, turn {state.turn + 1}/{d.turns_per_round}: "
        head += f"{explain.seat_name(who)} to move" if who >= 0 else "chance acts"
    lines = [f"[bold]{_fit(head)}[/]"]
    pending = pending_text(state)
    if pending:
        lines.append(_fit(f"Now: {pending}"))
    me = seat if seat is not None and 0 <= seat < n else (who if who >= 0 else None)
    if me is not None:
        res = ", ".join(
            f"{state.resources[me][r]} {name.capitalize()}" for r, name in enumerate(RESOURCES)
        )
        lines.append(_fit(f"{explain.seat_name(me)}: {state.vp[me]} VP; {res}"))
        king = d.king_track[state.king_track[me]]
        lines.append(
            _fit(
                f"  {plural(state.houses_in_supply[me], 'House')} and "
                f"{plural(state.pillars_in_supply[me], 'Pillar')} in supply; on the map "
                f"{len(state.houses_on_map[me])} and {len(state.pillars_on_map[me])}; "
                f"King track {king:+d}"
            )
        )
        store = "; ".join(d.kinds[k].name for k in state.storehouse[me]) or "empty"
        lines.append(_fit(f"  Storehouse {len(state.storehouse[me])}/{d.storehouse_size}: {store}"))
        dice = ", ".join(d.colour_names[c] for c in state.dice_taken[me]) or "none yet"
        lines.append(_fit(f"  Dice taken: {dice}"))
    if not state.game_over:
        cells = []
        for v in range(1, 7):
            a = state.action_of_value(v) if min(state.wheel_actions) >= 0 else -1
            dice = "".join(DIE_LETTER[c] * k for c, k in enumerate(state.wheel_dice[v - 1]))
            cells.append(f"{v} {ACTIONS[a].capitalize() if a >= 0 else '?'} {dice or '-'}")
        lines.append(_fit("Wheel: " + "; ".join(cells[:3])))
        lines.append(_fit("       " + "; ".join(cells[3:]) + " (Y P L D B: dice colours)"))
        town, fair = state.fair_towns[state.round], state.fair_tiles[state.round]
        if town >= 0 and fair >= 0:
            each = d.fair_board_vp[state.round] + d.fair_vp[fair]
            lines.append(_fit(f"Fair in {d.towns[town].name}: {d.fair_names[fair]}, {each} VP"))
        if who >= 0:
            legal = state.legal_actions()
            shown = ", ".join(state.action_to_string(a) for a in legal[:4])
            lines.append(_fit(f"{plural(len(legal), 'move')}: {shown}"))
    scores = ", ".join(f"{explain.seat_name(s)} {state.vp[s]}" for s in range(n))
    lines.append(_fit(f"Scores: {scores}"))
    return "\n".join(lines[:12])


def sections(state: TiletumState, seat: int | None) -> dict[str, str]:
    """The whole table (``board``), the seat's own holdings (``me``), the wheel, offers and
    fairs (``supply``), and the scores with where they came from (``scores``)."""
    out = {"board": text(state, seat), "supply": "\n".join(_supply_lines(state))}
    if seat is not None and 0 <= seat < state.game.num_players:
        out["me"] = "\n".join(_player_lines(state, seat, seat))
    out["scores"] = _scores_text(state)
    return out


def _scores_text(state: TiletumState) -> str:
    """Each seat's VP, by category so far (replayed from the game's history), and what the
    final scoring would add now."""
    n = state.game.num_players
    lines = ["[bold]Scores[/]: " + ", ".join(f"{seat_text(s)} {state.vp[s]} VP" for s in range(n))]
    lines += _king_lines(state)
    rows = explain.points_by_category(state)
    if rows is not None:
        lines.append("")
        lines.append("[bold]Points so far[/], by where they came from:")
        for c, name in enumerate(explain.CATEGORIES):
            values = "  ".join(f"{rows[s][c]:>4}" for s in range(n))
            lines.append(f"  {name:<20} {values}")
    if not state.game_over:
        lines.append("")
        lines.append(
            "[bold]The final scoring would add now[/] (Houses × Pillars, buildings, resources):"
        )
        for s in range(n):
            h, b, r = state.final_points(s)
            lines.append(f"  {explain.seat_name(s)}: {h} + {b} + {r} = {h + b + r} VP")
    return "\n".join(lines)
