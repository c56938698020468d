"""Tiletum drawn as SVG for a seat, and the board elements that choose each action.

:func:`svg` draws only from ``state.observation(seat)`` (Tiletum hides nothing, but the
drawing keeps to it): the action wheel with its dice and bonus tiles, the contract and
character offers, the King tile, the map of towns joined by roads with houses, pillars,
bonus tiles and figures in seat colours, the fairs, the King track, every player's score
line, and for the seat itself its player board (buildings, rooms, storehouse, resources).

Clickable elements carry ``id`` attributes; :func:`targets` lists the ids that, clicked in
order, choose an action:

>>> from towers.games.tiletum import actions as A
>>> targets(A.from_string("die 3 yellow"))
['die-3-yellow']
>>> targets(A.from_string("take contract 2"))
['contract-2']
>>> targets(A.from_string("merchant to paris"))
['spot-paris']
>>> targets(A.from_string("house paris 1"))
['house-paris-1']
>>> targets(A.END_TURN)
[]
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING, Any

from towers.games.tiletum import actions as A
from towers.games.tiletum.data import RESOURCES

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState

D = A.DATA
SEAT_COLORS = ("#d23c3c", "#2f66d0", "#2b9a4b", "#e2b100")
SEAT_LETTERS = "ABCD"
DIE_FILL = {
    "yellow": "#f4d03f",
    "pink": "#f2a1c4",
    "light-gray": "#d9d9d9",
    "dark-gray": "#6e6e6e",
    "blue": "#4a7fd4",
}
DIE_INK = {"dark-gray": "#fff", "blue": "#fff"}
CATEGORY_FILL = ("#d8eef2", "#dfe6fa", "#fbefc9", "#ddf2dc")  # character, contract, crest, helper
RES_SHORT = ("Au", "Fd", "Wo", "St", "Fe")

WIDTH = 780
MAP_X = 40
MAP_SCALE_X = 32
MAP_SCALE_Y = 29
TOWN_R = 24
PAPER = "#f7f3ea"


def targets(action: int) -> list[str]:
    """Ids of the SVG elements that, clicked in order, choose ``action`` (empty: words only)."""
    match A.SPACE.decode(action):
        case A.TakeDie(value=v, colour=c):
            return [f"die-{v + 1}-{A.COLOURS[c]}"]
        case A.SetValue(value=v):
            return [f"wheel-{v + 1}"]
        case A.MoveMerchant(spot=s) | A.MoveArchitect(spot=s):
            return [f"spot-{D.spot_names[s]}"]
        case A.PlaceHouse(town=t, space=s):
            return [f"house-{D.towns[t].id}-{s + 1}"]
        case A.PlacePillar(cathedral=c):
            return [f"cathedral-{D.towns[D.cathedrals[c].town].id}"]
        case A.TakeBonusTile(town=t, space=s):
            return [f"maptile-{D.towns[t].id}-{s + 1}"]
        case A.TakeCharacter(space=i):
            return [f"character-{i + 1}"]
        case A.RefreshCharacters():
            return ["character-refresh"]
        case A.TakeContract(space=i):
            return [f"contract-{i + 1}"]
        case A.AdvanceKing():
            return ["king-track"]
        case A.PlaceCharacter(character=k, room=r):
            b, f = A.ROOMS[r]
            return [f"store-{D.kinds[k].id}", f"room-{b + 1}-{f + 1}"]
        case A.Fulfil(tile=k) | A.UseHelper(tile=k):
            return [f"store-{D.kinds[k].id}"]
    return []  # resources, exchanges, tiles, tasks on the board, stops, chance: in words


# ---- small pieces ---------------------------------------------------------------------------


def _text(x: float, y: float, body: object, size: int = 12, **attrs: Any) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(str(body))}</text>'


def _title(body: str) -> str:
    return f"<title>{escape(body)}</title>"


def _seat_fill(o: Any) -> str:
    return SEAT_COLORS[o] if isinstance(o, int) else ("#bbb" if o == "unused" else "#fff")


def _kind_fill(kind_id: str | None) -> str:
    if kind_id is None:
        return "#eee"
    return CATEGORY_FILL[D.kinds[D.kind_index[kind_id]].category]


def _short(kind_id: str | None, width: int = 11) -> str:
    if kind_id is None:
        return "-"
    return kind_id if len(kind_id) <= width else kind_id[: width - 1] + "…"


def _tile(
    x: float, y: float, w: float, h: float, kind_id: str | None, ident: str | None, about: str
) -> str:
    idattr = f' id="{escape(ident)}"' if ident else ""
    body = kind_id if kind_id is not None else "empty"
    return (
        f'<g{idattr} class="tile">{_title(f"{about}: {body}")}'
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4" '
        f'fill="{_kind_fill(kind_id)}" stroke="#8a8070"/>'
        + _text(x + w / 2, y + h / 2 + 4, _short(kind_id, int(w // 6.5)), 10, text_anchor="middle")
        + "</g>"
    )


# ---- the map geometry (fixed, so cached) -----------------------------------------------------


@lru_cache(maxsize=1)
def _town_xy() -> tuple[tuple[float, float], ...]:
    """Each town's centre: from the map data, or a circle if the data's positions collide."""
    pos = [t.pos for t in D.towns]
    if len(set(pos)) == len(pos):
        return tuple((MAP_X + px * MAP_SCALE_X, 56 + py * MAP_SCALE_Y) for px, py in pos)
    n = len(pos)
    cx, cy, r = 390.0, 290.0, 240.0
    return tuple(
        (cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n))
        for i in range(n)
    )


@lru_cache(maxsize=1)
def _spot_xy() -> tuple[tuple[float, float], ...]:
    """Every spot's centre: towns, and road spaces spread evenly along their road."""
    towns = _town_xy()
    xy: list[tuple[float, float]] = [(0.0, 0.0)] * len(D.spot_names)
    for t in range(len(D.towns)):
        xy[t] = towns[t]
    for a, b, mids in D.roads:
        (x1, y1), (x2, y2) = towns[a], towns[b]
        for i, s in enumerate(mids):
            f = (i + 1) / (len(mids) + 1)
            xy[s] = (x1 + (x2 - x1) * f, y1 + (y2 - y1) * f)
    return tuple(xy)


@lru_cache(maxsize=1)
def _map_height() -> float:
    return max(y for _, y in _town_xy()) + TOWN_R + 40


@lru_cache(maxsize=1)
def _roads() -> str:
    """Roads and their road spaces (clickable as ``spot-<name>``)."""
    towns = _town_xy()
    spots = _spot_xy()
    out = []
    for a, b, _mids in D.roads:
        (x1, y1), (x2, y2) = towns[a], towns[b]
        out.append(
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
            f'stroke="#b59a6a" stroke-width="4"/>'
        )
    for s, name in enumerate(D.spot_names):
        if D.spot_town[s] >= 0:
            continue
        x, y = spots[s]
        out.append(
            f'<g id="spot-{escape(name)}" class="road-space">{_title(f"road space {name}")}'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="#efe3c4" stroke="#8a7450"/></g>'
        )
    return "".join(out)


# ---- the drawing -----------------------------------------------------------------------------


def svg(state: TiletumState, seat: int | None) -> str:
    """The table as ``seat`` (None: a spectator) sees it."""
    n = state.game.num_players
    if seat is not None and not 0 <= seat < n:
        seat = None
    obs = state.observation(seat)
    parts: list[str] = []
    y = 0.0
    parts.append(_header(obs, seat))
    y = 50
    wheel, y = _wheel(obs, y)
    parts.append(wheel)
    offers, y = _offers(obs, y + 8)
    parts.append(offers)
    king, y = _king(obs, y + 6)
    parts.append(king)
    board, y = _map(obs, y + 6)
    parts.append(board)
    scores, y = _scores(obs, y + 6)
    parts.append(scores)
    if seat is not None:
        own, y = _own_board(obs, seat, y + 6)
        parts.append(own)
    height = int(y + 12)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" font-family="sans-serif" '
        f'role="img" aria-label="Tiletum board">'
        f'<rect width="{WIDTH}" height="{height}" fill="{PAPER}"/>' + "".join(parts) + "</svg>"
    )


def _header(obs: dict[str, Any], seat: int | None) -> str:
    head = f"Tiletum - round {obs['round']}/{D.rounds} - {obs['phase']}"
    who = obs["to_move"]
    out = [_text(12, 20, head, 15, font_weight="bold")]
    if who is not None and who >= 0 and obs["phase"] != "over":
        out.append(
            f'<circle cx="{WIDTH - 120}" cy="15" r="7" fill="{SEAT_COLORS[who]}"/>'
            + _text(WIDTH - 108, 20, f"to move: {SEAT_LETTERS[who]}", 13)
        )
    if seat is not None:
        out.append(
            f'<rect x="{WIDTH - 230}" y="7" width="16" height="16" fill="{SEAT_COLORS[seat]}"/>'
            + _text(WIDTH - 210, 20, "you", 12)
        )
    out.append(_text(12, 40, obs["pending"], 12, fill="#444"))
    return "".join(out)


def _wheel(obs: dict[str, Any], y: float) -> tuple[str, float]:
    """The six wheel spaces: value, action, AP, dice (clickable) and the action's bonus tile."""
    out = [_text(12, y + 12, "Action wheel", 13, font_weight="bold")]
    y += 18
    w, h, gap = 124, 118, 4
    die_now = obs["die"]
    for i, space in enumerate(obs["wheel"]):
        v = space["value"]
        x = 12 + i * (w + gap)
        action = space["action"]
        label = f"value {v}: {action or '?'}"
        out.append(
            f'<g id="wheel-{v}" class="wheel-space">{_title(label)}'
            f'<rect x="{x}" y="{y:g}" width="{w}" height="{h}" rx="6" fill="#efe6d2" '
            f'stroke="#8a8070"/>'
            + _text(x + 8, y + 17, v, 15, font_weight="bold")
            + _text(x + 26, y + 17, action or "?", 12)
            + _text(x + w - 8, y + 17, f"{space['action_points']} AP", 11, text_anchor="end")
        )
        # the dice and the bonus tile on a wheel space are inside its group, so that a click
        # on them chooses the value when the value is what may be clicked
        for j, (colour, count) in enumerate(space["dice"].items()):
            dx = x + 6 + (j % 4) * 29
            dy = y + 26 + (j // 4) * 29
            ink = DIE_INK.get(colour, "#222")
            label = f"{v}" if count == 1 else f"{v}x{count}"
            out.append(
                f'<g id="die-{v}-{colour}" class="die">{_title(f"{count} {colour} die of value {v}")}'
                f'<rect x="{dx}" y="{dy:g}" width="25" height="25" rx="4" fill="{DIE_FILL[colour]}" '
                f'stroke="#333"/>'
                + _text(
                    dx + 12.5,
                    dy + 17,
                    label,
                    11 if count == 1 else 9,
                    text_anchor="middle",
                    fill=ink,
                )
                + "</g>"
            )
        if action is not None:
            tile = obs["action_bonus_tiles"].get(action)
            out.append(_tile(x + 6, y + h - 30, w - 12, 24, tile, None, f"{action} bonus tile"))
        out.append("</g>")
    y += h + 4
    bag = " ".join(f"{c} {k}" for c, k in obs["bag"].items())
    line = f"bag: {bag}; corruption revealed {obs['corruption_revealed'] or '-'}"
    if die_now:
        line = f"die in hand: {die_now['value']} {die_now['colour']}; " + line
    out.append(_text(12, y + 12, line, 11, fill="#444"))
    return "".join(out), y + 18


def _offers(obs: dict[str, Any], y: float) -> tuple[str, float]:
    out = [_text(12, y + 14, "Contracts", 13, font_weight="bold")]
    w, h = 98, 30
    costs = obs["contract_offer_costs"]
    for i, kind in enumerate(obs["contract_offer"]):
        x = 100 + i * (w + 6)
        out.append(_tile(x, y, w, h, kind, f"contract-{i + 1}", f"contract offer {i + 1}"))
        out.append(_text(x + w / 2, y + h + 11, f"{costs[i]} AP", 10, text_anchor="middle"))
    y += h + 16
    out.append(_text(12, y + 14, "Characters", 13, font_weight="bold"))
    for i, kind in enumerate(obs["character_offer"]):
        x = 100 + i * (w + 6)
        out.append(_tile(x, y, w, h, kind, f"character-{i + 1}", f"character offer {i + 1}"))
    rx = 100 + len(obs["character_offer"]) * (w + 6)
    out.append(
        f'<g id="character-refresh" class="button">{_title("refresh the character offer (1 AP)")}'
        f'<rect x="{rx}" y="{y:g}" width="60" height="{h}" rx="4" fill="#e7e2d6" stroke="#8a8070"/>'
        + _text(rx + 30, y + 19, "refresh", 11, text_anchor="middle")
        + "</g>"
    )
    y += h + 8
    out.append(_text(12, y + 14, "King tile", 13, font_weight="bold"))
    out.append(_tile(100, y, w, h, obs["king_tile"], None, "King track bonus tile"))
    piles = obs["piles"]
    out.append(
        _text(
            210,
            y + 19,
            f"piles: bonus {piles['bonus']}, contract {piles['contract']}, "
            f"character {piles['character']}",
            11,
            fill="#444",
        )
    )
    y += h + 6
    fairs = []
    for i, fair in enumerate(obs["fairs"]):
        mark = ">" if i == obs["round"] - 1 and obs["phase"] != "over" else ""
        fairs.append(
            f"{mark}{i + 1}. {fair['town'] or '?'} ({fair['tile'] or '?'}, +{fair['board_vp']})"
        )
    out.append(_text(12, y + 14, "Fairs", 13, font_weight="bold"))
    out.append(_text(100, y + 14, "  ".join(fairs), 10))
    return "".join(out), y + 22


def _king(obs: dict[str, Any], y: float) -> tuple[str, float]:
    """The King track (clickable as a whole: advance one space) with the seats' markers."""
    out = [_text(12, y + 16, "King track", 13, font_weight="bold")]
    track = D.king_track
    w = min(42, (WIDTH - 112) // len(track))
    by_pos: dict[int, list[int]] = {}
    for p in obs["players"]:
        by_pos.setdefault(p["king_track"] + D.king_start, []).append(p["seat"])
    cells = [f'<g id="king-track" class="track">{_title("King track: advance one space (1 AP)")}']
    for i, vp in enumerate(track):
        x = 100 + i * w
        cells.append(
            f'<rect x="{x}" y="{y:g}" width="{w - 2}" height="34" fill="#f1e5bf" stroke="#8a8070"/>'
            + _text(x + (w - 2) / 2, y + 12, f"{vp:+d}", 10, text_anchor="middle")
        )
        for j, s in enumerate(by_pos.get(i, [])):
            cells.append(
                f'<circle cx="{x + 7 + j * 9}" cy="{y + 25:g}" r="4.5" fill="{SEAT_COLORS[s]}" '
                f'stroke="#222" stroke-width="0.5"/>'
            )
    cells.append("</g>")
    out.append("".join(cells))
    return "".join(out), y + 40


def _map(obs: dict[str, Any], y0: float) -> tuple[str, float]:
    """Towns joined by roads; houses, cathedral pillars, bonus tiles and figures."""
    out = [_text(12, y0 + 14, "Map", 13, font_weight="bold")]
    out.append(f'<g transform="translate(0 {y0 + 10:g})">')
    out.append(_roads())
    towns = _town_xy()
    fair_towns = {f["town"]: i + 1 for i, f in enumerate(obs["fairs"]) if f["town"]}
    for t, entry in enumerate(obs["towns"]):
        town = D.towns[t]
        x, y = towns[t]
        # the houses and bonus tiles drawn on a town are inside its group, so that a click on
        # them chooses the town when the town is what may be clicked
        out.append(
            f'<g id="spot-{escape(town.id)}" class="town">{_title(town.name)}'
            f'<circle cx="{x:g}" cy="{y:g}" r="{TOWN_R}" fill="#fbf6e6" stroke="#6b5a3a" '
            f'stroke-width="1.5"/>'
            + _text(x, y - 6, town.name, 10, text_anchor="middle", font_weight="bold")
        )
        houses = entry["houses"]
        hx = x - len(houses) * 5
        for k, o in enumerate(houses):
            who = f"seat {SEAT_LETTERS[o]}" if isinstance(o, int) else (o or "free")
            out.append(
                f'<g id="house-{escape(town.id)}-{k + 1}" class="house">'
                f"{_title(f'{town.name} house space {k + 1}: {who} ({town.house_vp[k]} VP)')}"
                f'<rect x="{hx + k * 10:g}" y="{y:g}" width="8" height="8" fill="{_seat_fill(o)}" '
                f'stroke="#333" stroke-width="0.7"/></g>'
            )
        for k, kind in enumerate(entry["bonus_tiles"]):
            bx = x - 12 + k * 14
            out.append(
                f'<g id="maptile-{escape(town.id)}-{k + 1}" class="map-tile">'
                + _title(f"{town.name} bonus tile {k + 1}: {kind or 'none'}")
                + f'<rect x="{bx:g}" y="{y + 11:g}" width="11" height="8" fill="{_kind_fill(kind)}" '
                f'stroke="#8a8070" stroke-width="0.7"/></g>'
            )
        out.append("</g>")
        if town.id in fair_towns:
            out.append(
                _text(
                    x + TOWN_R - 2,
                    y - TOWN_R + 4,
                    f"F{fair_towns[town.id]}",
                    9,
                    fill="#a0522d",
                    pointer_events="none",  # a click on the label is a click on the town
                )
            )
        cat = entry.get("cathedral")
        if cat is not None:
            pillars = cat["pillars"]
            cw = max(30, 9 * len(pillars) + 6)
            cx, cy = x - cw / 2, y - TOWN_R - 16
            about = (
                "cathedral unavailable"
                if cat["unavailable"]
                else f"cathedral: {cat['cost_stone']} stone, {cat['cost_vp']} VP; "
                f"tiles {cat['tiles_left']}"
            )
            body = [
                f'<g id="cathedral-{escape(town.id)}" class="cathedral">{_title(f"{town.name} {about}")}',
                f'<rect x="{cx:g}" y="{cy:g}" width="{cw}" height="13" rx="2" '
                f'fill="{"#ccc" if cat["unavailable"] else "#e8dcf4"}" stroke="#6b5a8a"/>',
            ]
            for k, o in enumerate(pillars):
                body.append(
                    f'<circle cx="{cx + 7 + k * 9:g}" cy="{cy + 6.5:g}" r="3.5" '
                    f'fill="{_seat_fill(o)}" stroke="#333" stroke-width="0.6"/>'
                )
            body.append("</g>")
            out.append("".join(body))
    spots = {name: i for i, name in enumerate(D.spot_names)}
    xy = _spot_xy()
    for p in obs["players"]:
        s = p["seat"]
        colour = SEAT_COLORS[s]
        m_spot = spots[p["merchant"]]
        mx, my = xy[m_spot]
        off = TOWN_R + 6 if D.spot_town[m_spot] >= 0 else 12
        mx -= off
        my += -10 + s * 7
        out.append(
            f'<circle cx="{mx:g}" cy="{my:g}" r="4.5" fill="{colour}" stroke="#111">'
            f"{_title(f'merchant of seat {SEAT_LETTERS[s]}')}</circle>"
        )
        a_spot = spots[p["architect"]]
        ax, ay = xy[a_spot]
        ax += TOWN_R + 6 if D.spot_town[a_spot] >= 0 else 12
        ay += -10 + s * 7
        out.append(
            f'<polygon points="{ax:g},{ay - 5:g} {ax + 5:g},{ay + 5:g} {ax - 5:g},{ay + 5:g}" '
            f'fill="{colour}" stroke="#111">{_title(f"architect of seat {SEAT_LETTERS[s]}")}'
            "</polygon>"
        )
    out.append("</g>")
    out.append(
        _text(
            12,
            y0 + 10 + _map_height() - 8,
            "houses: squares; pillars: dots on cathedrals; merchant: circle; architect: triangle",
            10,
            fill="#555",
        )
    )
    return "".join(out), y0 + 10 + _map_height()


def _scores(obs: dict[str, Any], y: float) -> tuple[str, float]:
    out = [_text(12, y + 14, "Players", 13, font_weight="bold")]
    y += 20
    for p in obs["players"]:
        s = p["seat"]
        mark = "> " if obs["to_move"] == s else ""
        res = " ".join(f"{RES_SHORT[i]}{p['resources'][r]}" for i, r in enumerate(RESOURCES))
        line = (
            f"{mark}{SEAT_LETTERS[s]}: {p['vp']} VP  {res}  houses {p['houses_in_supply']} "
            f"pillars {p['pillars_in_supply']} in supply; contracts {len(p['contracts'])}; "
            f"cathedral tiles {len(p['cathedral_tiles'])}; dice {' '.join(p['dice']) or '-'}"
        )
        out.append(f'<rect x="12" y="{y:g}" width="14" height="14" fill="{SEAT_COLORS[s]}"/>')
        out.append(_text(32, y + 11, line, 11))
        y += 18
    return "".join(out), y


def _own_board(obs: dict[str, Any], seat: int, y: float) -> tuple[str, float]:
    """The seat's player board: buildings with rooms (clickable), crests, roofs; storehouse."""
    p = obs["players"][seat]
    out = [
        _text(12, y + 14, f"Your board (seat {SEAT_LETTERS[seat]})", 13, font_weight="bold"),
    ]
    y += 32
    w, rh = 112, 24
    top = y
    floors = max(b.rooms for b in D.buildings)
    for b, bld in enumerate(p["buildings"]):
        x = 12 + b * (w + 8)
        by = top + (floors - 1) * (rh + 3)
        out.append(_text(x, top - 2, f"building {b + 1}", 10, fill="#444"))
        if bld["rooms"] == ["occupied"]:
            out.append(
                f'<rect x="{x}" y="{top + 8:g}" width="{w}" height="{floors * (rh + 3) - 3}" '
                f'fill="#e0dccf" stroke="#8a8070"/>'
                + _text(x + w / 2, top + 40, "occupied", 10, text_anchor="middle")
            )
        else:
            for f, kind in enumerate(bld["rooms"]):
                out.append(
                    _tile(
                        x,
                        by + 8 - f * (rh + 3),
                        w,
                        rh,
                        kind,
                        f"room-{b + 1}-{f + 1}",
                        f"building {b + 1} floor {f + 1}",
                    )
                )
        info = []
        if bld["crest"]:
            info.append(f"crest {bld['crest']}")
        if bld["roof_house"]:
            info.append("roof house")
        if bld["completed"]:
            info.append("complete")
        out.append(_text(x, top + floors * (rh + 3) + 18, ", ".join(info) or "-", 10))
    y = top + floors * (rh + 3) + 28
    out.append(_text(12, y + 14, "Storehouse", 12, font_weight="bold"))
    seen: set[str] = set()
    for i, kind in enumerate(p["storehouse"]):
        ident = None
        if kind is not None and kind not in seen:
            seen.add(kind)
            ident = f"store-{kind}"
        out.append(_tile(100 + i * 104, y, 98, 26, kind, ident, f"storehouse {i + 1}"))
    if not p["storehouse"]:
        out.append(_text(100, y + 16, "empty", 11, fill="#777"))
    y += 32
    res = ", ".join(f"{r} {p['resources'][r]}" for r in RESOURCES)
    bonus = ", ".join(f"{a} +{v}" for a, v in p["bonus_action_points"].items() if v)
    out.append(_text(12, y + 12, f"resources: {res}", 11))
    out.append(
        _text(
            12,
            y + 28,
            f"contracts fulfilled: {', '.join(k for k in p['contracts'] if k) or '-'}"
            f"; bonus AP: {bonus or '-'}",
            11,
        )
    )
    return "".join(out), y + 34
