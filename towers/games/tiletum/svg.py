"""Tiletum drawn as SVG for a seat, and the board elements that choose each action.

:func:`svg` draws only from ``state.observation(seat)`` (Tiletum hides nothing, but the
drawing keeps to it): the action wheel with its dice and bonus tiles, the contract and
character offers, the King tile, the fairs, the King track, the map of towns joined by roads
with houses, pillars, bonus tiles and figures in seat colours, every player's score line, and
for the seat itself its player board (buildings, rooms, storehouse, resources).

The drawing is a column of panels (:mod:`towers.core.panels`: their width, least text and
least target), so that a page may lay them out in as many columns as it has room for and a
phone shows one column at a size that reads. A target is a fingertip wide: a town is clicked
for what is placed or taken in it (a house space, a cathedral's pillar space, a bonus tile),
the page asking which when there are several.

Clickable elements carry ``id`` attributes; :func:`targets` lists the ids that, clicked in
order, choose an action:

>>> from towers.games.tiletum import actions as A
>>> targets(A.from_string("die 3 yellow"))
['die-3-yellow']
>>> targets(A.from_string("take contract 2"))
['contract-2']
>>> targets(A.from_string("merchant to Paris"))
['spot-paris']
>>> targets(A.from_string("house Paris 1"))
['spot-paris']
>>> targets(A.from_string("merchant to Tiletum-Hamburg road 2"))
['spot-tiletum-hamburg-2']
>>> targets(A.END_TURN)
[]

The elements' ids and the observation the drawing reads keep the data's ids; every text a
person sees (labels and tooltips) names things as the game does (:func:`_name`).
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING, Any

from towers.core.panels import (
    COLUMN,
    PAD,
    PANEL_FILL,
    SMALLEST,
    TAP,
    Panel,
    board_of_panels,
)
from towers.core.words import plural
from towers.games.tiletum import actions as A
from towers.games.tiletum.data import RESOURCES

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState

D = A.DATA
SEAT_COLORS = ("#d23c3c", "#2f66d0", "#2b9a4b", "#e2b100")
DIE_FILL = {
    "yellow": "#f4d03f",
    "pink": "#f2a1c4",
    "light-gray": "#d9d9d9",
    "dark-gray": "#6e6e6e",
    "blue": "#4a7fd4",
}
DIE_INK = {"dark-gray": "#fff", "blue": "#fff"}
CATEGORY_FILL = ("#d8eef2", "#dfe6fa", "#fbefc9", "#ddf2dc")  # character, contract, crest, helper
RESOURCE_FILL = {
    "gold": "#f1d36b",
    "food": "#e9b48a",
    "wool": "#f4f1e8",
    "stone": "#c9c4ba",
    "iron": "#9aa3ad",
}
LINE = SMALLEST + 3
"""A line of the smallest text."""

TOWN_R = 18
ROAD_R = 9
LABEL_SIDE = {
    "london": "above-right",
    "tiletum": "right",
    "paris": "below-right",
    "cologne": "below",
    "lyon": "above-right",
    "marseille": "below",
    "barcelona": "below-right",
    "milan": "above-left",
    "genoa": "below-right",
    "venice": "right",
    "rome": "left",
    "prague": "below",
    "nuremberg": "above-right",
}
"""Where a town's name sits, when not above it (the map data's positions were laid out with
these: no name covers a town, a road space or another name, and each is nearest its own town)."""
LABEL_H = 14
"""The height of the box of a town's name."""
PAPER = "#f7f3ea"


def targets(action: int) -> list[str]:
    """Ids of the SVG elements that, clicked in order, choose ``action`` (empty: words only)."""
    match A.SPACE.decode(action):
        case A.TakeDie(value=v, colour=c):
            return [f"die-{v + 1}-{A.COLOURS[c]}"]
        case A.SetValue(value=v):
            return [f"wheel-{v + 1}"]
        case A.MoveMerchant(spot=s) | A.MoveArchitect(spot=s):
            return [f"spot-{D.spot_ids[s]}"]
        case A.PlaceHouse(town=t) | A.TakeBonusTile(town=t):
            return [f"spot-{D.towns[t].id}"]
        case A.PlacePillar(cathedral=c):
            return [f"spot-{D.towns[D.cathedrals[c].town].id}"]
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
        case A.Exchange(give=give, get=get):
            # on the seat's own board: the resource given, then the one gained
            return [f"resource-{RESOURCES[give]}", f"resource-{RESOURCES[get]}"]
    return []  # gains, payments, tiles, tasks on the board, stops, chance: in words


# ---- small pieces ---------------------------------------------------------------------------


def _text(x: float, y: float, body: object, size: int = SMALLEST, **attrs: Any) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items())
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{max(size, SMALLEST)}" pointer-events="none"'
        f"{extra}>{escape(str(body))}</text>"
    )


def _rows(body: str, width: float, size: int = SMALLEST) -> list[str]:
    """``body`` in lines of ``width`` units (a letter is a little over half the size wide),
    broken between words only: every word shows."""
    words, rows, row = body.split(), [], ""
    chars = max(int(width / (size * 0.52)), 4)
    for w in words:
        if row and len(row) + 1 + len(w) > chars:
            rows.append(row)
            row = w
        else:
            row = f"{row} {w}" if row else w
    rows.append(row)
    return rows


def _lines(x: float, y: float, body: str, width: float, size: int = SMALLEST) -> tuple[str, int]:
    """``body`` wrapped to ``width`` units; the text and the number of lines."""
    rows = _rows(body, width, size)
    return "".join(_text(x, y + k * (size + 3), r, size) for k, r in enumerate(rows)), len(rows)


def _hit(x: float, y: float, w: float, h: float) -> str:
    """A clear sheet over a label, so that a pointer resting on its words reaches the help of
    the group it is in (text takes no pointer)."""
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" fill="#fff" fill-opacity="0"/>'


def _helped_heading(key: str, body: str, y: float = 24) -> str:
    """A heading whose words show the help of ``key`` under a pointer."""
    w = len(body) * 15 * 0.6 + 4
    return f"<g{_help(key)}>{_hit(PAD - 2, y - 16, w, 21)}{_heading(body, y)}</g>"


def _help(key: str) -> str:
    """The attribute naming the glossary's topic of what an element shows (none: empty)."""
    return f' data-help="{escape(key)}"' if key else ""


def _title(body: str) -> str:
    return f"<title>{escape(body)}</title>"


def _heading(body: str, y: float = 24) -> str:
    return _text(PAD, y, body, 15, font_weight="bold")


def _seat_fill(o: Any) -> str:
    return SEAT_COLORS[o] if isinstance(o, int) else ("#bbb" if o == "unused" else "#fff")


def _name(kind_id: str | None) -> str | None:
    """A tile's name, from the id the observation holds."""
    return None if kind_id is None else D.kinds[D.kind_index[kind_id]].name


def _colour(colour_id: str) -> str:
    """A die's colour as printed, from the id the observation holds."""
    return A.COLOUR_NAMES[A.COLOURS.index(colour_id)]


_TOWN_NAME = {t.id: t.name for t in D.towns}
_FAIR_NAME = dict(zip(D.fair_ids, D.fair_names, strict=True))
_CREST_NAME = dict(zip(D.crest_ids, D.crest_names, strict=True))


def _kind_fill(kind_id: str | None) -> str:
    if kind_id is None:
        return "#eee"
    return CATEGORY_FILL[D.kinds[D.kind_index[kind_id]].category]


def tile_rows(name: str | None, width: float) -> list[str]:
    """A tile's whole name in the lines a tile ``width`` units wide holds ("empty" for none)."""
    return _rows(name if name is not None else "empty", width - 8)


def tile_height(kinds: list[str | None], width: float, least: float) -> float:
    """The height of a row of tiles ``width`` wide showing the names of ``kinds`` whole: at
    least ``least``, more for a name of several lines."""
    most = max([len(tile_rows(_name(k), width)) for k in kinds] + [1])
    return max(least, most * LINE + 10)


def _tile(
    x: float,
    y: float,
    w: float,
    h: float,
    kind_id: str | None,
    ident: str | None,
    about: str,
    empty_help: str = "",
) -> str:
    """A tile (its help: the tile's own), or its empty space (help: ``empty_help``)."""
    idattr = f' id="{escape(ident)}"' if ident else ""
    name = _name(kind_id)
    body = name if name is not None else "empty"
    rows = tile_rows(name, w)
    top = y + h / 2 + 4 - (len(rows) - 1) * LINE / 2
    words = "".join(
        _text(x + w / 2, top + k * LINE, row, text_anchor="middle") for k, row in enumerate(rows)
    )
    return (
        f'<g{idattr} class="tile"{_help(f"tile-{kind_id}" if kind_id else empty_help)}>'
        f"{_title(f'{about}: {body}')}"
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4" '
        f'fill="{_kind_fill(kind_id)}" stroke="#8a8070"/>' + words + "</g>"
    )


def _grid(n: int, per_row: int, w: float, h: float, top: float) -> list[tuple[float, float]]:
    """The top left corners of ``n`` cells ``per_row`` to a row across the panel."""
    gap = (COLUMN - 2 * PAD - per_row * w) / max(per_row - 1, 1)
    return [(PAD + (k % per_row) * (w + gap), top + (k // per_row) * (h + 6)) for k in range(n)]


# ---- the map geometry (fixed, so cached) -----------------------------------------------------


@lru_cache(maxsize=1)
def _town_xy() -> tuple[tuple[float, float], ...]:
    """Each town's centre on the map panel, as the map data places it."""
    return tuple((float(x), float(y)) for x, y in (t.pos for t in D.towns))


@lru_cache(maxsize=1)
def _spot_xy() -> tuple[tuple[float, float], ...]:
    """Every spot's centre: towns, and road spaces spread evenly along their road."""
    towns = _town_xy()
    xy: list[tuple[float, float]] = [(0.0, 0.0)] * len(D.spot_ids)
    for t in range(len(D.towns)):
        xy[t] = towns[t]
    for a, b, mids in D.roads:
        (x1, y1), (x2, y2) = towns[a], towns[b]
        for i, s in enumerate(mids):
            f = (i + 1) / (len(mids) + 1)
            xy[s] = (x1 + (x2 - x1) * f, y1 + (y2 - y1) * f)
    return tuple(xy)


def text_width(body: str, size: int = SMALLEST, bold: bool = False) -> float:
    """A little over the width of ``body`` in the board's sans-serif (capitals and m, w are
    wide; i, l, t, r and stops narrow)."""
    em = 0.0
    for c in body:
        if c.isupper() or c in "mwMW":
            em += 0.86 if bold else 0.8
        elif c in "ijlrt .,:;()":
            em += 0.45 if bold else 0.36
        else:
            em += 0.7 if bold else 0.62
    return em * size * 1.06


Box = tuple[float, float, float, float]
"""Left, top, right, bottom."""


def town_box(t: int) -> Box:
    """What a town draws: its circle, and its cathedral under it."""
    x, y = _town_xy()[t]
    return (x - TOWN_R - 1, y - TOWN_R - 1, x + TOWN_R + 1, y + TOWN_R + 9)


def label_box(t: int, width: float) -> Box:
    """The box of town ``t``'s name ``width`` wide, on its side (:data:`LABEL_SIDE`): above
    or below, kept inside the panel, or beside, clear of the figures standing by the town."""
    x, y = _town_xy()[t]
    side = LABEL_SIDE.get(D.towns[t].id, "above")
    vertical, _, leaning = side.partition("-")
    if vertical in ("left", "right"):
        left = x + TOWN_R + 11 if vertical == "right" else x - TOWN_R - 11 - width
        return (left, y - LABEL_H / 2, left + width, y + LABEL_H / 2)
    top = y - TOWN_R - 16 if vertical == "above" else y + TOWN_R + 9
    if leaning == "right":
        left = x - 12
    elif leaning == "left":
        left = x + 12 - width
    else:
        left = min(max(x - width / 2, 4), COLUMN - 4 - width)
    return (left, top, left + width, top + LABEL_H)


def _fair_mark_words(round_: int) -> tuple[str, str]:
    """The mark of the fair of round ``round_`` on the map: its printed words, and the short
    label the key explains."""
    return f"fair {round_}", f"F{round_}"


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@lru_cache(maxsize=1)
def map_obstacles() -> tuple[Box, ...]:
    """What a fair's mark must not cover: the towns, the road spaces and the towns' names."""
    xy = _spot_xy()
    boxes = [town_box(t) for t in range(len(D.towns))]
    boxes += [
        (x - ROAD_R - 1, y - ROAD_R - 1, x + ROAD_R + 1, y + ROAD_R + 1)
        for s, (x, y) in enumerate(xy)
        if D.spot_town[s] < 0
    ]
    boxes += [label_box(t, text_width(town.name, bold=True)) for t, town in enumerate(D.towns)]
    return tuple(boxes)


def fair_mark_box(t: int, words: str, before: bool) -> Box:
    """The box of the mark ``words`` of a fair in town ``t``: after the town's name, or
    ``before`` it."""
    name = label_box(t, text_width(D.towns[t].name, bold=True))
    width = text_width(words) + 6
    if before:
        return (name[0] - 3 - width, name[1], name[0] - 3, name[3])
    return (name[2] + 3, name[1], name[2] + 3 + width, name[3])


def fair_mark_fits(t: int, words: str, before: bool) -> bool:
    """Whether the mark ``words`` fits there, clear of the other towns, road spaces and names."""
    box = fair_mark_box(t, words, before)
    if box[0] < 4 or box[2] > COLUMN - 4:
        return False
    own = label_box(t, text_width(D.towns[t].name, bold=True))
    return not any(_overlaps(box, o) for o in map_obstacles() if o != own)


def fair_mark_place(t: int, round_: int) -> tuple[str, bool]:
    """The words of the mark of the fair of round ``round_`` in town ``t`` and whether it
    stands before the name: "fair 2" where that fits (after the name, on the town's side of
    a name to its left, else before it), else "F2" likewise."""
    first = LABEL_SIDE.get(D.towns[t].id) == "left"
    for words in _fair_mark_words(round_):
        for before in (first, not first):
            if fair_mark_fits(t, words, before):
                return words, before
    return _fair_mark_words(round_)[1], first


@lru_cache(maxsize=1)
def _map_bottom() -> float:
    """The lowest thing the map draws: a town, its cathedral or its name."""
    names = [label_box(t, text_width(town.name, bold=True)) for t, town in enumerate(D.towns)]
    return max(b[3] for b in [town_box(t) for t in range(len(D.towns))] + names)


@lru_cache(maxsize=1)
def _roads() -> str:
    """Roads and their road spaces (clickable as ``spot-<name>``: a disc with a ring round it
    a fingertip wide)."""
    towns = _town_xy()
    spots = _spot_xy()
    out = []
    for a, b, _mids in D.roads:
        (x1, y1), (x2, y2) = towns[a], towns[b]
        out.append(
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
            f'stroke="#b59a6a" stroke-width="4"/>'
        )
    for s, ident in enumerate(D.spot_ids):
        if D.spot_town[s] >= 0:
            continue
        x, y = spots[s]
        out.append(
            f'<g id="spot-{escape(ident)}" class="road-space"{_help("road-space")}>'
            f"{_title(D.spot_names[s])}"
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{TAP / 2}" fill="#fff" fill-opacity="0"/>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{ROAD_R}" fill="#efe3c4" stroke="#8a7450"/></g>'
        )
    return "".join(out)


# ---- the drawing -----------------------------------------------------------------------------


def svg(state: TiletumState, seat: int | None) -> str:
    """The table as ``seat`` (None: a spectator) sees it, as a column of panels."""
    n = state.game.num_players
    if seat is not None and not 0 <= seat < n:
        seat = None
    obs = state.observation(seat)
    names = seat_names(state)
    panels: list[Panel] = [
        (*_wheel(obs, seat, names), "Action Wheel", "board"),
        (*_map(obs, names), "Map", "board"),
        (*_offers(obs), "Offers and fairs", "supply"),
        (*_king(obs), "King track", "scores"),
        (*_scores(obs, names), "Players", "scores"),
    ]
    if seat is not None:
        panels.insert(1, (*_own_board(obs, seat, names), "Your board", "me"))
    return board_of_panels(panels, "Tiletum board", PAPER)


def seat_names(state: TiletumState) -> list[str]:
    """Each seat as every screen of the game names it (its colour: "Blue")."""
    from towers.core.registry import views_of  # the registry loads this module's game

    views = views_of(state.game)
    return [views.seat_name(s) for s in range(state.game.num_players)]


def _header(obs: dict[str, Any], seat: int | None, names: list[str]) -> tuple[str, float]:
    head = f"Tiletum - round {obs['round']}/{D.rounds} - {obs['phase']}"
    out = [_text(PAD, 20, head, 15, font_weight="bold")]
    who = obs["to_move"]
    marks = []
    if seat is not None:
        marks.append((SEAT_COLORS[seat], f"you: {names[seat]}"))
    if who is not None and who >= 0 and obs["phase"] != "over":
        marks.append((SEAT_COLORS[who], f"to move: {names[who]}"))
    for k, (fill, words) in enumerate(marks):
        x = PAD + k * 130
        out.append(f'<circle cx="{x + 7}" cy="35" r="7" fill="{fill}"/>' + _text(x + 19, 40, words))
    body, rows = _lines(PAD, 58, obs["pending"], COLUMN - 2 * PAD)
    out.append(f'<g fill="#444">{body}</g>')
    return "".join(out), 52 + 15 * rows


def _wheel(obs: dict[str, Any], seat: int | None, names: list[str]) -> tuple[str, float]:
    """The header, then the six wheel spaces: value, action, AP, dice (clickable) and the
    action's bonus tile."""
    head, top = _header(obs, seat, names)
    out = [head, _heading("Action wheel", top + 16)]
    # every bonus tile's whole name shows: the spaces are as tall as the wordiest needs
    w = 122
    bonus = [obs["action_bonus_tiles"].get(s["action"]) for s in obs["wheel"] if s["action"]]
    tile_h = tile_height(bonus, w - 8, 26)
    # room for the most dice a space holds now, four to a row (one row at least)
    dice_rows = max([1] + [math.ceil(len(s["dice"]) / 4) for s in obs["wheel"]])
    h = 27 + dice_rows * (TAP + 2) + tile_h
    die_now = obs["die"]
    corners = _grid(len(obs["wheel"]), 3, w, h, top + 24)
    for (x, y), space in zip(corners, obs["wheel"], strict=True):
        v = space["value"]
        action = space["action"]
        label = f"value {v}: {action or '?'}"
        out.append(
            f'<g id="wheel-{v}" class="wheel-space"'
            f"{_help(f'action-{action}' if action else 'action-wheel')}>{_title(label)}"
            f'<rect x="{x:g}" y="{y:g}" width="{w}" height="{h}" rx="6" fill="#efe6d2" '
            f'stroke="#8a8070"/>'
            + _text(x + 8, y + 17, v, 15, font_weight="bold")
            + _text(x + 24, y + 17, action or "?")
            + _text(x + w - 6, y + 17, f"{space['action_points']} AP", text_anchor="end")
        )
        # the dice and the bonus tile on a wheel space are inside its group, so that a click
        # on them chooses the value when the value is what may be clicked
        for j, (colour, count) in enumerate(space["dice"].items()):
            dx = x + 4 + (j % 4) * (TAP + 1)
            dy = y + 23 + (j // 4) * (TAP + 2)
            ink = DIE_INK.get(colour, "#222")
            label = f"{v}" if count == 1 else f"{v}x{count}"
            dice = plural(count, f"{_colour(colour)} die", f"{_colour(colour)} dice")
            out.append(
                f'<g id="die-{v}-{colour}" class="die"{_help(f"die-{colour}")}>'
                f"{_title(f'{dice} of value {v}')}"
                f'<rect x="{dx:g}" y="{dy:g}" width="{TAP}" height="{TAP}" rx="4" '
                f'fill="{DIE_FILL[colour]}" stroke="#333"/>'
                + _text(dx + TAP / 2, dy + 19, label, text_anchor="middle", fill=ink)
                + "</g>"
            )
        if action is not None:
            tile = obs["action_bonus_tiles"].get(action)
            out.append(
                _tile(
                    x + 4,
                    y + h - tile_h - 4,
                    w - 8,
                    tile_h,
                    tile,
                    None,
                    f"{action} bonus tile",
                    "bonus-tile",
                )
            )
        out.append("</g>")
    y = corners[-1][1] + h + 6
    bag = ", ".join(f"{_colour(c)} {k}" for c, k in obs["bag"].items())
    shown = ", ".join(str(v) for v in obs["corruption_revealed"]) or "none yet"
    line = f"bag: {bag}; Corruption tokens revealed: {shown}"
    if die_now:
        line = f"die in hand: {die_now['value']} {_colour(die_now['colour'])}; " + line
    body, rows = _lines(PAD, y + 14, line, COLUMN - 2 * PAD)
    sheet = _hit(PAD, y + 2, COLUMN - 2 * PAD, 15 * rows)
    out.append(f'<g fill="#444"{_help("dice-bag")}>{sheet}{body}</g>')
    return "".join(out), y + 8 + 15 * rows


def _offers(obs: dict[str, Any]) -> tuple[str, float]:
    """The contract and character offers, the King tile and the piles, the fairs."""
    out = [_helped_heading("contract-offer", "Contracts")]
    w = 122
    # every tile's whole name shows: a row is as tall as its wordiest tile needs
    h = tile_height(obs["contract_offer"], w, 32)
    costs = obs["contract_offer_costs"]
    corners = _grid(len(obs["contract_offer"]), 3, w, h + 14, 34)
    for i, ((x, y), kind) in enumerate(zip(corners, obs["contract_offer"], strict=True)):
        out.append(
            _tile(
                x, y, w, h, kind, f"contract-{i + 1}", f"contract offer {i + 1}", "contract-offer"
            )
        )
        out.append(_text(x + w / 2, y + h + 13, f"{costs[i]} AP", text_anchor="middle"))
    y = corners[-1][1] + h + 22
    out.append(_helped_heading("character-offer", "Characters", y + 18))
    offer = obs["character_offer"]
    h = tile_height(offer, w, 32)
    corners = _grid(len(offer) + 1, 3, w, h, y + 28)
    for i, ((x, cy), kind) in enumerate(zip(corners, offer, strict=False)):
        out.append(
            _tile(
                x,
                cy,
                w,
                h,
                kind,
                f"character-{i + 1}",
                f"character offer {i + 1}",
                "character-offer",
            )
        )
    rx, ry = corners[len(offer)]
    out.append(
        f'<g id="character-refresh" class="button"{_help("character-offer")}>'
        f"{_title('refresh the character offer (1 AP)')}"
        f'<rect x="{rx:g}" y="{ry:g}" width="{w}" height="{h}" rx="4" fill="#e7e2d6" '
        f'stroke="#8a8070"/>'
        + _text(rx + w / 2, ry + h / 2 + 4, "refresh (1 AP)", text_anchor="middle")
        + "</g>"
    )
    y = corners[-1][1] + h + 8
    h = tile_height([obs["king_tile"]], w, 32)
    out.append(_helped_heading("king-tile", "King tile", y + h / 2 + 6))
    out.append(_tile(100, y, w, h, obs["king_tile"], None, "King track bonus tile", "king-tile"))
    piles = obs["piles"]
    words = (
        f"piles: bonus {piles['bonus']}, contract {piles['contract']}, "
        f"character {piles['character']}"
    )
    y += h + 6
    body, rows = _lines(PAD, y + 14, words, COLUMN - 2 * PAD)
    out.append(f'<g fill="#444">{body}</g>')
    y += 15 * rows + 8
    out.append(_helped_heading("fair", "Fairs", y + 18))
    y += 26
    for i, fair in enumerate(obs["fairs"]):
        now = i == obs["round"] - 1 and obs["phase"] != "over"
        town = _TOWN_NAME[fair["town"]] if fair["town"] else "?"
        tile = _FAIR_NAME[fair["tile"]] if fair["tile"] else "?"
        words = f"{i + 1}. {town} ({tile}, +{fair['board_vp']})"
        weight: dict[str, Any] = {"font_weight": "bold"} if now else {}
        key = f"fair-{fair['tile']}" if fair["tile"] else "fair"
        out.append(
            f"<g{_help(key)}>{_hit(PAD, y + 2, COLUMN - 2 * PAD, 16)}"
            + _text(PAD, y + 14, ("> " if now else "") + words, **weight)
            + "</g>"
        )
        y += 16
    return "".join(out), y + 10


def _king(obs: dict[str, Any]) -> tuple[str, float]:
    """The King track (clickable as a whole: advance one space) with the seats' markers."""
    out = [_heading("King track")]
    track = D.king_track
    per_row = (len(track) + 1) // 2
    w = (COLUMN - 2 * PAD) / per_row
    by_pos: dict[int, list[int]] = {}
    for p in obs["players"]:
        by_pos.setdefault(p["king_track"] + D.king_start, []).append(p["seat"])
    # a clear sheet under the cells: the track is one target, gaps included
    cells = [
        f'<g id="king-track" class="track"{_help("king-track")}>'
        f"{_title('King track: advance one space (1 AP)')}"
        f'<rect x="{PAD}" y="34" width="{COLUMN - 2 * PAD}" height="78" fill="#fff" '
        f'fill-opacity="0"/>'
    ]
    for i, vp in enumerate(track):
        x, y = PAD + (i % per_row) * w, 34 + (i // per_row) * 40
        cells.append(
            f'<rect x="{x:.1f}" y="{y:g}" width="{w - 2:.1f}" height="38" fill="#f1e5bf" '
            f'stroke="#8a8070"/>' + _text(x + (w - 2) / 2, y + 15, f"{vp:+d}", text_anchor="middle")
        )
        for j, s in enumerate(by_pos.get(i, [])):
            cells.append(
                f'<circle cx="{x + 9 + j * 11:.1f}" cy="{y + 28:g}" r="5" fill="{SEAT_COLORS[s]}" '
                f'stroke="#222" stroke-width="0.5"/>'
            )
    cells.append("</g>")
    out.append("".join(cells))
    return "".join(out), 34 + 2 * 40 + 8


def _town_label(t: int, end: bool) -> str:
    """A town's name on its side (:func:`label_box`), with a halo that reads over roads; with
    ``end``, the name ends at the right of its box, where a fair's mark follows it."""
    left, top, right, _ = label_box(t, text_width(D.towns[t].name, bold=True))
    return _text(
        right if end else left,
        top + 11,
        D.towns[t].name,
        text_anchor="end" if end else "start",
        font_weight="bold",
        stroke=PANEL_FILL,
        stroke_width=3,
        paint_order="stroke",
    )


def _fair_mark(t: int, round_: int, fair: dict[str, Any]) -> tuple[str, bool]:
    """The Fair Order tile of round ``round_`` in town ``t``, after its name: "fair 2" where
    that fits, else "F2" (the key says what it is); its title and help name it whole. Also
    whether the short label was drawn."""
    shown, before = fair_mark_place(t, round_)
    left, top, right, bottom = fair_mark_box(t, shown, before)
    tile = f", scoring {_FAIR_NAME[fair['tile']]}" if fair["tile"] else ""
    about = f"Fair Order tile: the fair of round {round_} is in {D.towns[t].name}{tile}"
    return (
        f'<g class="fair-mark"{_help("fair-order-tile")}>{_title(about)}'
        f'<rect x="{left:.1f}" y="{top:g}" width="{right - left:.1f}" height="{bottom - top:g}" '
        f'rx="3" fill="#f3dc9a" stroke="#8a7450"/>'
        + _text(left + 3, top + 11, shown, fill="#222")
        + "</g>"
    ), shown != _fair_mark_words(round_)[0]


def _key(y: float, short: bool) -> tuple[str, float]:
    """The map's key from ``y``: a sample of each piece with its name, in rows across the
    panel; with ``short``, what "F1" means. The drawing and its height."""
    house = '<rect x="0" y="-8" width="8" height="8" fill="#bbb" stroke="#333" stroke-width="0.7"/>'
    tile = f'<rect x="0" y="-8" width="11" height="8" fill="{CATEGORY_FILL[3]}" stroke="#8a8070"/>'
    pillar = '<circle cx="4" cy="-4" r="3" fill="#bbb" stroke="#333" stroke-width="0.6"/>'
    merchant = '<circle cx="5" cy="-4" r="4.5" fill="#bbb" stroke="#111"/>'
    architect = '<polygon points="5,-9 10,1 0,1" fill="#bbb" stroke="#111"/>'
    items = [
        ("house", house, "house"),
        ("bonus-tile", tile, "bonus tile"),
        ("pillar", pillar, "pillar"),
        ("merchant", merchant, "merchant"),
        ("architect", architect, "architect"),
    ]
    out, x, row = [], float(PAD), 0
    for key, sample, word in items:
        w = 14 + text_width(word) + 10
        if x + w > COLUMN - PAD:
            x, row = float(PAD), row + 1
        base = y + 12 + row * 16
        out.append(
            f'<g{_help(key)} transform="translate({x:.1f} {base:g})">'
            f"{_hit(0, -11, w - 6, 15)}{sample}{_text(14, 0, word, fill='#444')}</g>"
        )
        x += w
    if short:
        row += 1
        out.append(_text(PAD, y + 12 + row * 16, "F1 to F4: the fair of that round", fill="#444"))
    return "".join(out), 16 * (row + 1)


def _map(obs: dict[str, Any], names: list[str]) -> tuple[str, float]:
    """Towns joined by roads; houses, cathedral pillars, bonus tiles and figures. A town is
    clicked for all that is done in it."""
    out = [_heading("Map")]
    out.append(_roads())
    towns = _town_xy()
    fair_towns = {f["town"]: (i + 1, f) for i, f in enumerate(obs["fairs"]) if f["town"]}
    short = False
    for t, entry in enumerate(obs["towns"]):
        town = D.towns[t]
        x, y = towns[t]
        houses = entry["houses"]
        about = [town.name]
        for k, o in enumerate(houses):
            who = names[o] if isinstance(o, int) else (o or "free")
            about.append(f"house space {k + 1}: {who} ({town.house_vp[k]} VP)")
        for k, kind in enumerate(entry["bonus_tiles"]):
            about.append(f"bonus tile {k + 1}: {_name(kind) or 'none'}")
        cat = entry.get("cathedral")
        if cat is not None:
            about.append(
                "cathedral unavailable"
                if cat["unavailable"]
                else f"cathedral: {cat['cost_stone']} stone, {cat['cost_vp']} VP; "
                f"tiles {cat['tiles_left']}"
            )
        if town.id in fair_towns:
            about.append(f"fair of round {fair_towns[town.id][0]}")
        # the houses, tiles and pillars drawn on a town are inside its group: a click on them
        # is a click on the town
        body = [
            f'<g id="spot-{escape(town.id)}" class="town"{_help(f"town-{town.id}")}>'
            f"{_title('; '.join(about))}"
            f'<circle cx="{x:g}" cy="{y:g}" r="{TOWN_R}" fill="#fbf6e6" stroke="#6b5a3a" '
            f'stroke-width="1.5"/>'
        ]
        hx = x - len(houses) * 4.5 + 0.5
        for k, o in enumerate(houses):
            body.append(
                f'<rect x="{hx + k * 9:g}" y="{y - 9:g}" width="8" height="8" '
                f'fill="{_seat_fill(o)}" stroke="#333" stroke-width="0.7"'
                f"{_help('house' if isinstance(o, int) else 'house-space')}/>"
            )
        tiles = entry["bonus_tiles"]
        for k, kind in enumerate(tiles):
            bx = x - len(tiles) * 6 + k * 12
            body.append(
                f'<rect x="{bx:g}" y="{y + 2:g}" width="11" height="8" fill="{_kind_fill(kind)}" '
                f'stroke="#8a8070" stroke-width="0.7"{_help(f"tile-{kind}" if kind else "")}/>'
            )
        if cat is not None:
            pillars = cat["pillars"]
            cw = 8 * len(pillars) + 4
            cx = x - cw / 2
            body.append(
                f'<rect x="{cx:g}" y="{y + TOWN_R - 3:g}" width="{cw}" height="10" rx="2" '
                f'fill="{"#ccc" if cat["unavailable"] else "#e8dcf4"}" stroke="#6b5a8a"'
                f"{_help('cathedral')}/>"
            )
            for k, o in enumerate(pillars):
                body.append(
                    f'<circle cx="{cx + 6 + k * 8:g}" cy="{y + TOWN_R + 2:g}" r="3" '
                    f'fill="{_seat_fill(o)}" stroke="#333" stroke-width="0.6"'
                    f"{_help('pillar' if isinstance(o, int) else 'cathedral')}/>"
                )
        body.append("</g>")
        out.append("".join(body))
        after = town.id in fair_towns and not fair_mark_place(t, fair_towns[town.id][0])[1]
        out.append(_town_label(t, after))
        if town.id in fair_towns:
            mark, was_short = _fair_mark(t, *fair_towns[town.id])
            out.append(mark)
            short = short or was_short
    spots = {ident: i for i, ident in enumerate(D.spot_ids)}
    xy = _spot_xy()
    for p in obs["players"]:
        s = p["seat"]
        colour = SEAT_COLORS[s]
        m_spot = spots[p["merchant"]]
        mx, my = xy[m_spot]
        mx -= TOWN_R + 5 if D.spot_town[m_spot] >= 0 else ROAD_R + 4
        my += -8 + s * 6
        out.append(
            f'<circle cx="{mx:g}" cy="{my:g}" r="4.5" fill="{colour}" stroke="#111" '
            f'pointer-events="none"{_help("merchant")}><title>merchant of {names[s]}</title></circle>'
        )
        a_spot = spots[p["architect"]]
        ax, ay = xy[a_spot]
        ax += TOWN_R + 5 if D.spot_town[a_spot] >= 0 else ROAD_R + 4
        ay += -8 + s * 6
        out.append(
            f'<polygon points="{ax:g},{ay - 5:g} {ax + 5:g},{ay + 5:g} {ax - 5:g},{ay + 5:g}" '
            f'fill="{colour}" stroke="#111" pointer-events="none"{_help("architect")}>'
            f"{_title(f'architect of {names[s]}')}</polygon>"
        )
    key, tall = _key(_map_bottom() + 4, short)
    out.append(key)
    return "".join(out), _map_bottom() + 4 + tall + 8


def _scores(obs: dict[str, Any], names: list[str]) -> tuple[str, float]:
    out = [_helped_heading("score-track", "Players")]
    y = 34.0
    for p in obs["players"]:
        s = p["seat"]
        mark = "> " if obs["to_move"] == s else ""
        res = ", ".join(f"{p['resources'][r]} {r}" for r in RESOURCES)
        line = (
            f"{mark}{names[s]}: {p['vp']} VP; {res}; "
            f"{plural(p['houses_in_supply'], 'house')} and "
            f"{plural(p['pillars_in_supply'], 'pillar')} in supply; "
            f"{plural(len(p['contracts']), 'contract')} fulfilled; "
            f"{plural(len(p['cathedral_tiles']), 'cathedral tile')}; "
            f"dice {', '.join(map(_colour, p['dice'])) or '-'}"
        )
        out.append(f'<rect x="{PAD}" y="{y:g}" width="14" height="14" fill="{SEAT_COLORS[s]}"/>')
        body, rows = _lines(PAD + 20, y + 12, line, COLUMN - 2 * PAD - 20)
        out.append(body)
        y += 15 * rows + 8
    return "".join(out), y + 4


def _own_board(obs: dict[str, Any], seat: int, names: list[str]) -> tuple[str, float]:
    """The seat's player board: buildings with rooms (clickable), crests, roofs; storehouse."""
    p = obs["players"][seat]
    out = [_heading(f"Your board ({names[seat]})")]
    w = 122
    # a character's whole name shows in its room: the rooms are as tall as the wordiest needs
    rh = tile_height([k for bld in p["buildings"] for k in bld["rooms"] if k != "occupied"], w, TAP)
    floors = max(b.rooms for b in D.buildings)
    tall = 18 + floors * (rh + 3) + 20
    corners = _grid(len(p["buildings"]), 3, w, tall, 34)
    for b, ((x, top), bld) in enumerate(zip(corners, p["buildings"], strict=True)):
        out.append(
            f"<g{_help(f'building-{b + 1}')}>{_hit(x, top, w, 16)}"
            + _text(x, top + 12, f"building {b + 1}", fill="#444")
            + "</g>"
        )
        rooms_top = top + 18
        if bld["rooms"] == ["occupied"]:
            out.append(
                f'<rect x="{x:g}" y="{rooms_top:g}" width="{w}" height="{floors * (rh + 3) - 3}" '
                f'fill="#e0dccf" stroke="#8a8070"/>'
                + _text(x + w / 2, rooms_top + 30, "occupied", text_anchor="middle")
            )
        else:
            for f, kind in enumerate(bld["rooms"]):
                out.append(
                    _tile(
                        x,
                        rooms_top + (floors - 1 - f) * (rh + 3),
                        w,
                        rh,
                        kind,
                        f"room-{b + 1}-{f + 1}",
                        f"building {b + 1} floor {f + 1}",
                        f"building-{b + 1}",
                    )
                )
        info = []
        if bld["crest"]:
            info.append(f"{_CREST_NAME[bld['crest']]} crest")
        if bld["roof_house"]:
            info.append("roof house")
        if bld["completed"]:
            info.append("complete")
        out.append(_text(x, rooms_top + floors * (rh + 3) + 12, ", ".join(info) or "-"))
    y = corners[-1][1] + tall + 6
    out.append(_helped_heading("storehouse", "Storehouse", y + 18))
    seen: set[str] = set()
    store = p["storehouse"]
    sh = tile_height(store, w, 30)
    corners = _grid(len(store), 3, w, sh, y + 28)
    for i, ((x, ty), kind) in enumerate(zip(corners, store, strict=True)):
        ident = None
        if kind is not None and kind not in seen:
            seen.add(kind)
            ident = f"store-{kind}"
        out.append(_tile(x, ty, w, sh, kind, ident, f"storehouse {i + 1}", "storehouse"))
    if store:
        y = corners[-1][1] + sh + 6
    else:
        out.append(_text(PAD, y + 44, "empty", fill="#777"))
        y += 52
    chips, y = _resources(p, y)
    out.append(chips)
    bonus = ", ".join(f"{a} +{v}" for a, v in p["bonus_action_points"].items() if v)
    words = (
        "Contracts fulfilled: "
        f"{'; '.join(_name(k) or '' for k in p['contracts'] if k) or '-'}. "
        f"Bonus AP: {bonus or '-'}"
    )
    body, rows = _lines(PAD, y + 14, words, COLUMN - 2 * PAD)
    out.append(body)
    return "".join(out), y + 8 + 15 * rows


def _resources(p: dict[str, Any], y: float) -> tuple[str, float]:
    """The seat's resources as a row of named chips with their counts, from ``y``: one
    resource exchanged for another (1 AP) by a click on the one given, then on the one
    gained (:func:`targets`); the drawing and where the next thing goes."""
    out = [_heading("Resources", y + 18)]
    n = len(RESOURCES)
    w = (COLUMN - 2 * PAD - (n - 1) * 6) / n
    for k, r in enumerate(RESOURCES):
        x = PAD + k * (w + 6)
        count = p["resources"][r]
        out.append(
            f'<g id="resource-{r}" class="resource"{_help(f"resource-{r}")}>'
            f"{_title(f'{r}: {count}')}"
            f'<rect x="{x:.1f}" y="{y + 28:g}" width="{w:.1f}" height="{TAP + 4}" rx="6" '
            f'fill="{RESOURCE_FILL[r]}" stroke="#6b5a3a"/>'
            + _text(x + w / 2, y + 28 + TAP / 2 + 6, f"{count} {r}", 13, text_anchor="middle")
            + "</g>"
        )
    y += 28 + TAP + 4
    hint = (
        "Exchange one resource for another (1 AP): choose the one you give, then the one you get."
    )
    body, rows = _lines(PAD, y + 16, hint, COLUMN - 2 * PAD)
    out.append(f'<g fill="#555">{body}</g>')
    return "".join(out), y + 8 + 15 * rows
