"""Towers of Sifnos drawn as SVG for a seat, and the board elements that choose each action.

:func:`svg` draws only from ``state.observation(seat)`` and the game's data: the island from
``data/map.toml`` (each Region the polygon of its four corner Tower spaces, in its Province's
colour, with its printed value, Die, Soldier and Fort; each Tower space with its stack and
Beacon; each larger Province's Ships queued on its shore, front first), a strip of the
Provinces with their Dice and Tents, the Main Board (face-up Cards, Scoring Tiles, Mineral
Markers, Allied Ships, the Bag, the Draw Pile and the discards), the seat's own hand as cards,
and each side's Player Board (Influence, Dice, Towers, Soldiers, the Fort and Beacon grid, the
Buildings) and the Cards above it by column. The Ship queues stand where the coast of each
Province faces the sea, worked out from the map, so an edited map is drawn as it is: in the
bays of the coast where they fit, so that the island's panel is no higher than its land and
a row of Ships (a phone shows it with the Key in its Board tab).

The drawing is a column of panels (:mod:`towers.core.panels`: their width, least text and
least target). Cards, printed effects, Buildings and Scoring Tiles carry their words in a
``<title>`` (hover, or a long tap) and on their faces.

Clickable elements carry ``id`` attributes; :func:`targets` lists the ids that, clicked in
order, choose an action (the same in every state). The clickable parts of a Player Board
(its printed effects, major actions, Dice, Influence, Barracks, Forts and Beacons, Building
spaces) carry ids on the board of the side that decides only:

>>> from towers.games.sifnos import actions as A
>>> targets(A.SPACE.parse("die 2 in Troulaki"))
['region-troulaki']
>>> targets(A.SPACE.parse("move Kamares to Agia Marina"))
['region-kamares', 'region-agia_marina']
>>> targets(A.SPACE.parse("adjust supply 3 up"))
['die-supply-3', 'adjust-up']
>>> targets(A.SPACE.parse("build 4 on Temple 1"))
['die-workshop-4', 'bspace-temple_1']
>>> targets(A.DONE)
[]
"""

from __future__ import annotations

import math
import textwrap
from functools import cache
from html import escape
from typing import TYPE_CHECKING, Any

from towers.core.panels import COLUMN, PAD, SMALLEST, TAP, Panel, board_of_panels
from towers.core.registry import views_of
from towers.core.words import plural
from towers.games.sifnos import actions as A
from towers.games.sifnos.data import BEACON, COLUMNS, IMAGES, MAJORS, MINERALS
from towers.games.sifnos.render import (
    COLUMN_NAMES,
    PRINTED_SHORT,
    QUEUE_BONUS,
    SCORE_PARTS,
    TILE_SCORING,
    ally_space_words,
    building_space_label,
    building_words,
    card_head,
    card_words,
    decider,
    effect_words,
    is_opponent,
    mineral_name,
    pending_words,
    piece_words,
    printed_words,
    solo_facts,
    tile_name,
    tile_words,
)

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosGame, SifnosState

D = A.DATA
SIDE_FILLS = ("#d23c3c", "#2f66d0", "#2b9a4b", "#e2b100")
"""The sides' colours, as the game page colours its seats."""
MINERAL_FILLS = {"lead": "#7d8a99", "silver": "#c9cfd6", "gold": "#e0b234", "ally": "#e67e22"}
CARD_FILLS = ("#e1e6ec", "#f2f4f6", "#f7ebc3")
"""Cards by mineral: Lead, Silver, Gold."""
SEA = "#a9cbe0"
IMAGE_SHAPES = {
    # a horse's head and neck, facing left
    "horse": (
        '<path d="M-5,9 L-5,3 C-7,1 -9,-1 -8,-3 L-4,-7 L-3,-10 L-1,-7 C4,-7 8,-3 8,2 '
        'L8,9 Z" fill="{ink}"/><circle cx="-2" cy="-4" r="1.2" fill="{ground}"/>'
    ),
    # a two-handled jar on a foot
    "jar": (
        '<path d="M-3,-9 H3 V-6 C7,-4 8,1 5,5 L3,7 L4,9 H-4 L-3,7 L-5,5 C-8,1 -7,-4 -3,-6 Z" '
        'fill="{ink}"/><path d="M-3,-5 C-8,-6 -9,-1 -6,1 M3,-5 C8,-6 9,-1 6,1" fill="none" '
        'stroke="{ink}" stroke-width="1.5"/>'
    ),
    # a crested helmet with its face opening
    "helmet": (
        '<path d="M-8,9 V0 C-8,-6 -4,-8 0,-8 C4,-8 8,-6 8,0 V9 H3 V2 H-3 V9 Z" fill="{ink}"/>'
        '<path d="M-7,-7 C-3,-12 3,-12 7,-7" fill="none" stroke="{ink}" stroke-width="2.5"/>'
    ),
    # an owl: ear tufts, two round eyes
    "owl": (
        '<path d="M-7,-9 L-3,-5 H3 L7,-9 V3 C7,10 -7,10 -7,3 Z" fill="{ink}"/>'
        '<circle cx="-3" cy="-1" r="2.6" fill="{ground}"/>'
        '<circle cx="3" cy="-1" r="2.6" fill="{ground}"/>'
    ),
    # a lyre: two curved arms, the yoke, three strings
    "lyre": (
        '<path d="M-6,-9 C-9,-3 -7,5 -2,7 H2 C7,5 9,-3 6,-9 M-6,-6 H6 M-2,-6 V7 M0,-6 V7 '
        'M2,-6 V7 M-4,9 H4" fill="none" stroke="{ink}" stroke-width="1.6"/>'
    ),
}
"""The five images of the Tower spaces as small drawings about 18 units across, centred on
the origin: ``{ink}`` their colour, ``{ground}`` the colour under them."""
TOWER_R = TAP / 2 + 1
SHIP = TAP
"""A Ship space's side."""
WHERE = ("supply", "workshop")
TILE_IDS = {t.id: t for t in D.tiles}
CARD_IDS = {c.id: c for c in D.cards}


# ---- targets --------------------------------------------------------------------------------


def region_id(r: int) -> str:
    return f"region-{D.regions[r].id}"


def card_id(c: int) -> str:
    return f"card-{D.cards[c].id}"


def targets(action: int) -> list[str]:
    """Ids of the SVG elements that, clicked in order, choose ``action`` (empty: words only)."""
    match A.SPACE.decode(action):
        case A.UsePrinted(effect=e):
            return [f"printed-{D.printed[e].id}"]
        case A.UseCard(card=c) | A.PlaceCard(card=c) | A.Discard(card=c) | A.Give(card=c):
            return [card_id(c)]
        case A.TakeFaceUp(card=c):
            return [card_id(c)]
        case A.Major(major=k):
            return [f"major-{MAJORS[k]}"]
        case A.Adjust(where=w, value=v, direction=d):
            return [f"die-{WHERE[w]}-{v + 1}", f"adjust-{('down', 'up')[d]}"]
        case A.PlaceDie(region=r) | A.PlaceSoldier(region=r) | A.FortIn(region=r):
            return [region_id(r)]
        case A.PlaceTower(space=s) | A.BeaconOn(space=s):
            return [f"space-{D.spaces[s].id}"]
        case A.MoveSoldier(frm=a, to=b):
            if a == A.BARRACKS:
                return ["barracks"]
            return [region_id(a), region_id(b)]
        case A.TakePiece(slot=s):
            p = D.pieces[s]
            return [f"slot-r{p.row + 1}c{p.column + 1}"]
        case A.MoveShip(province=q, place=i):
            return [f"ship-{D.provinces[D.large[q]].id}-{i + 1}"]
        case A.Influence(mineral=m):
            return [f"influence-{MINERALS[m]}"]
        case A.TakeTile(tile=t):
            return [f"tile-{D.tiles[t].id}"]
        case A.TentIn(province=p):
            return [f"province-{D.provinces[p].id}"]
        case A.Build(space=i, value=v):
            return [f"die-workshop-{v + 1}", f"bspace-{D.building_spaces[i].id}"]
    return []  # done, and chance


# ---- drawing helpers ------------------------------------------------------------------------


def _text(x: float, y: float, body: object, size: int = SMALLEST, **attrs: Any) -> str:
    extra = "".join(f' {k.rstrip("_").replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{max(size, SMALLEST)}" '
        f'pointer-events="none"{extra}>{escape(str(body))}</text>'
    )


def _rows(body: str, width: float, size: int, most: int = 99) -> list[str]:
    """``body`` wrapped to ``width`` units at ``size`` (a letter is a little over half the
    size wide), at most ``most`` lines, the last cut with an ellipsis."""
    rows = textwrap.wrap(body, max(int(width / (size * 0.53)), 4), break_long_words=False)
    rows = rows or [""]
    if len(rows) > most:
        rows = rows[:most]
        rows[-1] = rows[-1][:-1] + "…"
    return rows


def _para(
    x: float, y: float, body: str, width: float, size: int = SMALLEST, **attrs: Any
) -> tuple[str, float]:
    """``body`` wrapped from baseline ``y``; the text and the height it takes."""
    rows = _rows(body, width, size)
    step = size + 3
    return "".join(_text(x, y + k * step, r, size, **attrs) for k, r in enumerate(rows)), len(
        rows
    ) * step


def _centred(x: float, y: float, body: object, fill: str) -> str:
    """Bold words centred on ``x``, in the ink that reads on ``fill``."""
    return _text(x, y, body, SMALLEST, text_anchor="middle", fill=_ink(fill), font_weight="bold")


def _title(body: str) -> str:
    return f"<title>{escape(body)}</title>"


def _who(game: SifnosGame, side: int) -> str:
    """A side as the board names it: the seat's name as every screen gives it (the game's
    :meth:`~towers.core.views.Views.seat_name`, "Blue"), or ``the Schemes`` for the
    Scheme-driven opponent, which is no seat (its pieces take the next colour)."""
    if is_opponent(game, side):
        return "the Schemes"
    return views_of(game).seat_name(side)


def _capital(words: str) -> str:
    """``words`` to begin a line: "the Schemes" as "The Schemes"."""
    return words[:1].upper() + words[1:]


def _fill(side: int) -> str:
    return SIDE_FILLS[side % len(SIDE_FILLS)]


def _ink(fill: str) -> str:
    """Black or white, whichever reads on ``fill``."""
    if len(fill) == 4:
        fill = "#" + "".join(ch * 2 for ch in fill[1:])
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def _button(
    ident: str | None,
    x: float,
    y: float,
    w: float,
    h: float,
    label: str,
    fill: str,
    tip: str,
    size: int = SMALLEST,
    stroke: str = "#555",
    sub: str = "",
    help: str = "",
) -> str:
    """A rect with a centred label (and a second line ``sub``), clickable if ``ident``; ``help``
    the glossary topic of the component it shows."""
    id_attr = (f' id="{ident}"' if ident else "") + _help(help)
    ink = _ink(fill)
    mid = y + h / 2 + size * 0.36
    if sub:
        mid = y + h / 2 - 3
    return (
        f'<g{id_attr}><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="5" '
        f'fill="{fill}" stroke="{stroke}"/>{_title(tip)}'
        + (_text(x + w / 2, mid, label, size, text_anchor="middle", fill=ink) if label else "")
        + (
            _text(x + w / 2, mid + SMALLEST + 2, sub, SMALLEST, text_anchor="middle", fill=ink)
            if sub
            else ""
        )
        + "</g>"
    )


def _help(key: str) -> str:
    """The ``data-help`` attribute naming a glossary topic (:mod:`.explain`), or nothing."""
    return f' data-help="{escape(key, quote=True)}"' if key else ""


def _heading(body: str, y: float = 26) -> str:
    return _text(PAD, y, body, 16, font_weight="bold")


Card = tuple[str | None, str, str, str, str, str, str]
"""A card to draw: id (None: not clickable), name, corner note, words, fill, tooltip, and
its glossary topic."""


def _card_height(w: float, card: Card) -> float:
    _, name, corner, words, _, _, _ = card
    return 27 + 15 * len(_rows(words, w - 14, SMALLEST)) + (12 if corner else 0)


def _cards(cards: list[Card], top: float, per_row: int) -> tuple[str, float]:
    """Cards ``per_row`` to a row from ``top``, all as tall as the wordiest; the drawing and
    the height it takes."""
    if not cards:
        return "", 0.0
    w = (COLUMN - 2 * PAD - (per_row - 1) * 6) / per_row
    h = max(max(_card_height(w, c) for c in cards), TAP + 4)
    out = []
    for k, (ident, name, corner, words, fill, tip, help) in enumerate(cards):
        x = PAD + (k % per_row) * (w + 6)
        y = top + (k // per_row) * (h + 6)
        id_attr = (f' id="{ident}"' if ident else "") + _help(help)
        body, _ = _para(x + 7, y + 33, words, w - 14)
        out.append(
            f'<g{id_attr}><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="7" '
            f'fill="{fill}" stroke="#555" stroke-width="1.2"/>{_title(tip)}'
            + _text(x + 7, y + 16, name, 13, font_weight="bold")
            + body
            + (
                _text(x + w - 7, y + h - 6, corner, SMALLEST, text_anchor="end", fill="#555")
                if corner
                else ""
            )
            + "</g>"
        )
    rows = (len(cards) + per_row - 1) // per_row
    return "".join(out), rows * (h + 6)


def _card_of(c: int | str, corner: bool = True) -> Card:
    """A Card's face: its mineral and cost, its column in the corner (``corner``) and its
    effect; its name (what moves call it) in the tooltip."""
    card = CARD_IDS[c] if isinstance(c, str) else D.cards[c]
    return (
        card_id(card.index),
        f"{mineral_name(card.mineral)}, cost {card.cost}",
        COLUMN_NAMES[card.column] if corner else "",
        effect_words(card),
        CARD_FILLS[card.mineral],
        f"{card_head(card)}: {card_words(card)}",
        card_id(card.index),
    )


# ---- the map ----------------------------------------------------------------------------------


SHAPES = ((2, 2), (4, 1), (1, 4))
"""How a harbour's four Ship spaces stand, as (columns, rows), each read from space 1 (the
front): two by two where the sea has room for it, else in a row or a column along the shore,
whichever keeps the island's panel the lower."""
RIM = 3
"""The harbour's rim in its Province's colour, round its Ship spaces."""


def harbour_size(shape: tuple[int, int]) -> tuple[float, float]:
    """The width and height of a harbour of ``shape`` (:data:`SHAPES`), its rim included."""
    cols, rows = shape
    return cols * (SHIP + 3) - 3 + 2 * RIM, rows * (SHIP + 3) - 3 + 2 * RIM


HARBOUR = harbour_size((2, 2))[0]
"""The side of a square harbour."""


def _inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    inner = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[i - 1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inner = not inner
    return inner


Spot = tuple[float, float, float, float, float, int]
"""A harbour's place: its distance from its coast, its centre, its half sides, its shape."""


def _harbour_spots(scale: float, ox: float) -> dict[int, list[Spot]]:
    """Every place each larger Province's harbour may take, in panel units, nearest its own
    coast first (square ones before the rows and columns): at sea, clear of the Tower spaces,
    its near side at most a little more than a Tower space from its coast and nearer that
    coast than any other Province's."""
    points = [(ox + s.x * scale, s.y * scale) for s in D.spaces]
    polys = []
    for r in D.regions:
        poly = [points[c] for c in r.corners]
        box = (
            min(x for x, _ in poly),
            min(y for _, y in poly),
            max(x for x, _ in poly),
            max(y for _, y in poly),
        )
        polys.append((poly, box))
    borders: dict[frozenset[int], list[int]] = {}
    for ri, r in enumerate(D.regions):
        for k in range(4):
            borders.setdefault(frozenset((r.corners[k], r.corners[(k + 1) % 4])), []).append(ri)
    # the coast of each larger Province as points a few units apart
    shore: list[tuple[float, float]] = []
    owner: list[int] = []
    for e, rs in borders.items():
        if len(rs) == 1 and D.regions[rs[0]].province in D.large:
            a, b = (points[i] for i in e)
            for t in range(9):
                shore.append((a[0] + (b[0] - a[0]) * t / 8, a[1] + (b[1] - a[1]) * t / 8))
                owner.append(D.regions[rs[0]].province)
    top, bottom = min(y for _, y in points), max(y for _, y in points)
    reach, clear = (TOWER_R + 24) ** 2, (TOWER_R + 4) ** 2
    found: dict[int, list[tuple[int, Spot]]] = {p: [] for p in D.large}
    for rank, shape in enumerate(SHAPES):
        w, h = harbour_size(shape)
        hw, hh = w / 2, h / 2
        gys = [float(gy) for gy in range(int(top - h - TOWER_R), int(bottom + h + TOWER_R) + 1, 5)]
        # squared gaps along y from each point of the coast and each Tower space, by row
        shore_dy = [[max(abs(y - gy) - hh, 0) ** 2 for _, y in shore] for gy in gys]
        tower_dy = [[max(abs(y - gy) - hh, 0) ** 2 for _, y in points] for gy in gys]
        for gx in range(int(4 + hw), int(COLUMN - 4 - hw) + 1, 5):
            hx = float(gx)
            shore_dx = [max(abs(x - hx) - hw, 0) ** 2 for x, _ in shore]
            tower_dx = [max(abs(x - hx) - hw, 0) ** 2 for x, _ in points]
            for hy, sdy, tdy in zip(gys, shore_dy, tower_dy, strict=True):
                gaps = [a + b for a, b in zip(shore_dx, sdy, strict=True)]
                near2 = min(gaps)
                if near2 > reach or any(a + b < clear for a, b in zip(tower_dx, tdy, strict=True)):
                    continue
                mine = {owner[i] for i, g in enumerate(gaps) if g == near2}
                if len(mine) > 1:
                    continue  # as near two Provinces' coasts: neither's
                near_land = [
                    poly
                    for poly, (a, b, c, d) in polys
                    if a < hx + hw and c > hx - hw and b < hy + hh and d > hy - hh
                ]
                samples = [
                    (hx + i * hw / 2, hy + j * hh / 2) for i in range(-2, 3) for j in range(-2, 3)
                ]
                if any(_inside(poly, x, y) for poly in near_land for x, y in samples):
                    continue
                found[mine.pop()].append((rank, (math.sqrt(near2), hx, hy, hw, hh, rank)))
    return {p: [spot for _, spot in sorted(spots)] for p, spots in found.items()}


def _apart(a: Spot, b: Spot) -> bool:
    """Whether two harbours stand clear of each other, with room between."""
    return max(abs(a[1] - b[1]) - a[3] - b[3], abs(a[2] - b[2]) - a[4] - b[4]) >= 6


def _place_harbours(
    spots: dict[int, list[Spot]], top: float, bottom: float
) -> dict[int, Spot] | None:
    """A harbour for each larger Province, none higher than ``top`` nor lower than
    ``bottom``, clear of each other, each as near its coast as the others leave it room
    for; None if they find no places (or none soon)."""
    left = {
        p: [s for s in ss if s[2] - s[4] >= top and s[2] + s[4] <= bottom]
        for p, ss in spots.items()
    }
    tries = [2000]

    def search(placed: dict[int, Spot], left: dict[int, list[Spot]]) -> dict[int, Spot] | None:
        if not left:
            return placed
        p = min(left, key=lambda q: len(left[q]))  # the fewest places first
        for spot in left[p]:
            tries[0] -= 1
            if tries[0] < 0:
                return None
            rest = {q: [s for s in ss if _apart(s, spot)] for q, ss in left.items() if q != p}
            if all(rest.values()):
                found = search({**placed, p: spot}, rest)
                if found is not None:
                    return found
        return None

    return search({}, left) if all(left.values()) else None


@cache
def geometry() -> dict[str, Any]:
    """Where the island is drawn in its panel: the scale and offset of map.toml's coordinates,
    as large as the column allows, and the harbours (centre, width, height and shape, by
    Province), placed to keep the panel as low as they can: square ones in the bays of the
    coast, a row along a shore where a square would stand out further."""
    xs = [float(s.x) for s in D.spaces]
    ys = [float(s.y) for s in D.spaces]
    scale = (COLUMN - 2 * PAD - 2 * TOWER_R) / (max(xs) - min(xs))
    ox = COLUMN / 2 - (min(xs) + max(xs)) / 2 * scale
    spots = _harbour_spots(scale, ox)
    land = (min(ys) * scale - TOWER_R, max(ys) * scale + TOWER_R)
    placed: dict[int, Spot] | None = None
    for more in range(0, 2 * (int(2 * HARBOUR) + 5), 5):  # how far out they stand, in all
        for above in range(0, more + 1, 5):
            placed = _place_harbours(spots, land[0] - above, land[1] + more - above)
            if placed is not None:
                break
        if placed is not None:
            break
    if placed is None:
        raise ValueError("the map leaves no room at sea for every Province's harbour")
    tops = [land[0]] + [s[2] - s[4] for s in placed.values()]
    bottoms = [land[1]] + [s[2] + s[4] for s in placed.values()]
    y0 = min(tops) - 8
    return {
        "scale": scale,
        "ox": ox,
        "oy": -y0,
        "height": max(bottoms) + 8 - y0,
        "harbours": {
            p: (hx, hy - y0, 2 * hw, 2 * hh, SHAPES[rank])
            for p, (_, hx, hy, hw, hh, rank) in placed.items()
        },
    }


def _at(x: float, y: float) -> tuple[float, float]:
    """A point of map.toml in the island's panel."""
    g = geometry()
    return g["ox"] + x * g["scale"], g["oy"] + y * g["scale"]


def _space_xy(s: int) -> tuple[float, float]:
    return _at(D.spaces[s].x, D.spaces[s].y)


def _region(game: SifnosGame, obs: dict[str, Any], r: int) -> str:
    region = D.regions[r]
    province = D.provinces[region.province]
    corners = [_space_xy(c) for c in region.corners]
    poly = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    at = obs["regions"][r]
    words = [f"{region.name} ({province.name}), printed value {region.value}"]
    out = [
        f'<g id="{region_id(r)}"{_help(region_id(r))}><polygon points="{poly}" fill="{province.colour}" '
        f'stroke="#3b3326" stroke-width="2" stroke-linejoin="round"/>',
        f'<circle cx="{mx:.1f}" cy="{my - 10:.1f}" r="9" fill="#fff" fill-opacity="0.85" '
        f'pointer-events="none"/>',
        _text(mx, my - 6, region.value, 13, text_anchor="middle", font_weight="bold"),
    ]
    if at["fort"] is not None:
        f = _fill(at["fort"])
        out.append(
            f'<rect x="{mx - 20:.1f}" y="{my + 1:.1f}" width="22" height="22" rx="2" fill="none" '
            f'stroke="{f}" stroke-width="3.5" pointer-events="none"/>'
        )
        words.append(f"Fort of {_who(game, at['fort'])}")
    if at["die"] is not None:
        owner, value = at["die"]
        f = _fill(owner)
        out.append(
            f'<rect x="{mx - 17:.1f}" y="{my + 4:.1f}" width="16" height="16" rx="3" fill="{f}" '
            f'stroke="#222" pointer-events="none"/>' + _centred(mx - 9, my + 16.5, value, f)
        )
        words.append(f"Die {value} of {_who(game, owner)}")
    if at["soldier"] is not None:
        f = _fill(at["soldier"])
        out.append(
            f'<circle cx="{mx + 11:.1f}" cy="{my + 12:.1f}" r="8" fill="{f}" stroke="#fff" '
            f'stroke-width="2" pointer-events="none"/>'
        )
        words.append(f"Soldier of {_who(game, at['soldier'])}")
    if r == D.central:
        here = [(s, n) for s, n in enumerate(obs["central_soldiers"]) if n]
        for k, (s, n) in enumerate(here):
            x = mx + 8 + 14 * (k % 2)
            y = my + 6 + 14 * (k // 2)
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="{_fill(s)}" stroke="#fff" '
                f'pointer-events="none"/>'
                + (_text(x, y + 4, n, SMALLEST, text_anchor="middle", fill="#fff") if n > 1 else "")
            )
            words.append(f"{n} Soldier{'s' * (n > 1)} of {_who(game, s)}")
        if not here:
            words.append("any number of Soldiers may stand here")
    out.insert(1, _title("; ".join(words)))
    out.append("</g>")
    return "".join(out)


def _space(game: SifnosGame, obs: dict[str, Any], s: int) -> str:
    space = D.spaces[s]
    x, y = _space_xy(s)
    at = obs["tower_spaces"][s]
    stack = at["towers"]
    printed = IMAGES[space.image]
    words = [f"Tower space {space.name}, printed {printed}"]
    if stack:
        owner, image = stack[-1]
        fill = _fill(owner)
        words.append(
            "Towers bottom to top: " + ", ".join(f"{_who(game, o)} {im}" for o, im in stack)
        )
    else:
        fill, image = "#fffdf5", printed
    ring = ""
    if at["beacon"] is not None:
        b = _fill(at["beacon"])
        ring = (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{TOWER_R + 3:.1f}" fill="none" stroke="{b}" '
            f'stroke-width="3" stroke-dasharray="4 2" pointer-events="none"/>'
        )
        words.append(f"Beacon of {_who(game, at['beacon'])}")
    count = ""
    if len(stack) > 1:
        count = (
            f'<circle cx="{x + 11:.1f}" cy="{y - 11:.1f}" r="7" fill="#222" pointer-events="none"/>'
            + _text(x + 11, y - 7, len(stack), SMALLEST, text_anchor="middle", fill="#fff")
        )
    dash = "" if stack else ' stroke-dasharray="3 2"'
    return (
        f'<g id="space-{space.id}"{_help(f"image-{printed}")}><circle cx="{x:.1f}" cy="{y:.1f}" r="{TOWER_R}" fill="{fill}" '
        f'stroke="#222" stroke-width="1.5"{dash}/>{_title("; ".join(words))}'
        + image_icon(image, x, y, fill)
        + ring
        + count
        + "</g>"
    )


def image_icon(image: str, x: float, y: float, ground: str) -> str:
    """The drawing of ``image`` centred on ``x, y``, in the ink that reads on ``ground``."""
    shape = IMAGE_SHAPES[image].format(ink=_ink(ground), ground=ground)
    return f'<g transform="translate({x:.1f} {y:.1f})" pointer-events="none">{shape}</g>'


def _borders() -> str:
    """The Borders: Tower networks run along them."""
    seen: set[tuple[int, int]] = set()
    out = []
    for r in D.regions:
        for k in range(4):
            a, b = r.corners[k], r.corners[(k + 1) % 4]
            key = (min(a, b), max(a, b))
            if key in seen:
                continue
            seen.add(key)
            (x1, y1), (x2, y2) = _space_xy(a), _space_xy(b)
            out.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#c7641c" '
                f'stroke-width="2" stroke-dasharray="6 4" pointer-events="none"/>'
            )
    return "".join(out)


def _harbour(obs: dict[str, Any], p: int) -> str:
    """A Province's Ship spaces, 1 (the front) to 4, in reading order (two by two, a row or a
    column: :data:`SHAPES`) on a rim of its colour."""
    province = D.provinces[p]
    hx, hy, w, h, (cols, _) = geometry()["harbours"][p]
    ships = obs["ships"][province.id]
    out = [
        f'<rect x="{hx - w / 2:.1f}" y="{hy - h / 2:.1f}" width="{w:.0f}" height="{h:.0f}" rx="10" '
        f'fill="{province.colour}" stroke="#1d3b4f" pointer-events="none"'
        f"{_help(f'province-{province.id}')}>"
        f"<title>{escape(province.name)}'s Ships, front first</title></rect>"
    ]
    for k in range(4):
        x = hx - w / 2 + RIM + (k % cols) * (SHIP + 3)
        y = hy - h / 2 + RIM + (k // cols) * (SHIP + 3)
        ident = f"ship-{province.id}-{k + 1}"
        if k < len(ships):
            kind = ships[k]
            fill = MINERAL_FILLS[kind]
            tip = f"{province.name}, Ship space {k + 1}: a {mineral_name(kind)} Ship"
            label, dash = kind[0].upper(), ""
            help = f"ship-{kind}"
        else:
            bonus = QUEUE_BONUS[k]
            fill = "#e8f1f6"
            tip = f"{province.name}, Ship space {k + 1}: empty"
            label, dash = "", ' stroke-dasharray="3 2"'
            help = "ship-space"
            if bonus == "any_influence":
                tip += " (the invasion's winner gains any 1 Influence)"
                label = "+1"
            elif bonus == "card":
                tip += " (the invasion's winner draws 1 Card)"
                label = "+C"
        out.append(
            f'<g id="{ident}"{_help(help)}><rect x="{x:.1f}" y="{y:.1f}" width="{SHIP}" '
            f'height="{SHIP}" rx="8" '
            f'fill="{fill}" stroke="#1d3b4f" stroke-width="1.5"{dash}/>{_title(tip)}'
            + (_centred(x + SHIP / 2, y + SHIP / 2 + 4.5, label, fill) if label else "")
            + "</g>"
        )
    return "".join(out)


def _invaded(obs: dict[str, Any]) -> str:
    if not obs["invaded"]:
        return ""
    p = D.province_index(obs["invaded"])
    hx, hy, w, h, _ = geometry()["harbours"][p]
    return (
        f'<rect x="{hx - w / 2 - 4:.1f}" y="{hy - h / 2 - 4:.1f}" width="{w + 8:.0f}" '
        f'height="{h + 8:.0f}" rx="12" fill="none" stroke="#b71c1c" stroke-width="3" '
        f'pointer-events="none"{_help("invasion-marker")}><title>Invasion Marker: '
        f"{D.provinces[p].name} is invaded"
        f"</title></rect>"
    )


def _provinces(game: SifnosGame, obs: dict[str, Any], top: float) -> tuple[str, float]:
    """A chip a Province: its colour, Dice of 3, the Tents there (a Tent is placed by a click)."""
    out = []
    per_row = 4
    w = (COLUMN - 2 * PAD - (per_row - 1) * 6) / per_row
    h = 36
    for k, province in enumerate(D.provinces):
        x = PAD + (k % per_row) * (w + 6)
        y = top + (k // per_row) * (h + 6)
        dice = sum(1 for r in province.regions if obs["regions"][r]["die"] is not None)
        tents = [
            (s, obs["sides"][s]["tents"][province.id])
            for s in range(len(obs["sides"]))
            if province.id in obs["sides"][s]["tents"]
        ]
        note = "central" if province.central else f"Dice {dice}/3"
        tip = f"{province.name}: {note}; Tents " + (
            ", ".join(f"{_who(game, s)} {n}" for s, n in tents) or "none"
        )
        body = (
            f'<g id="province-{province.id}"{_help(f"province-{province.id}")}><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" '
            f'height="{h}" rx="6" fill="{province.colour}" stroke="#3b3326"/>{_title(tip)}'
            + _text(
                x + 5,
                y + 14,
                province.name,
                SMALLEST,
                font_weight="bold",
                fill=_ink(province.colour),
            )
            + _text(x + 5, y + 30, note, SMALLEST, fill=_ink(province.colour))
        )
        for j, (s, n) in enumerate(tents):
            tx = x + w - 10 - 17 * j
            body += (
                f'<path d="M{tx - 8:.1f},{y + 33:.1f} L{tx:.1f},{y + 17:.1f} L{tx + 8:.1f},'
                f'{y + 33:.1f} Z" fill="{_fill(s)}" stroke="#fff" pointer-events="none"/>'
                + (_centred(tx, y + 31.5, n, _fill(s)) if n > 1 else "")
            )
        out.append(body + "</g>")
    rows = (len(D.provinces) + per_row - 1) // per_row
    return "".join(out), rows * (h + 6)


def _head(game: SifnosGame, obs: dict[str, Any]) -> tuple[str, float]:
    turn = obs["turn"]
    out = [
        f'<circle cx="{PAD + 8}" cy="20" r="8" fill="{_fill(turn)}"/>',
        _text(PAD + 22, 26, f"Towers of Sifnos — round {obs['round']}", 16, font_weight="bold"),
    ]
    body, h = _para(PAD, 48, pending_words(game, obs), COLUMN - 2 * PAD, 13)
    out.append(body)
    return "".join(out), 40 + h


def _island(game: SifnosGame, obs: dict[str, Any]) -> Panel:
    """The decision under way, then the map (the first panel, so a phone shows what is asked
    above the board), then the Provinces' chips."""
    head, top = _head(game, obs)
    g = geometry()
    h = g["height"]
    out = [
        head,
        f'<g transform="translate(0 {top:.0f})">',
        f'<rect x="4" y="0" width="{COLUMN - 8}" height="{h:.0f}" rx="10" fill="{SEA}"/>',
        *(_region(game, obs, r) for r in range(len(D.regions))),
        _borders(),
        *(_space(game, obs, s) for s in range(len(D.spaces))),
        *(_harbour(obs, p) for p in D.large),
        _invaded(obs),
        "</g>",
    ]
    chips, ch = _provinces(game, obs, top + h + 8)
    out.append(chips)
    return "".join(out), top + h + 8 + ch + 4


# ---- the Main Board -----------------------------------------------------------------------------


def _main_board(game: SifnosGame, obs: dict[str, Any]) -> Panel:
    markers = obs["markers"]
    out = [f"<g{_help('main-board')}>{_heading('Main Board')}</g>"]
    y = 40.0

    def marker(k: int) -> str:
        return mineral_name(markers[k]) if markers[k] else "?"

    out.append(
        f"<g{_help('face-up-cards')}>"
        + _text(PAD, y + 4, f"Face-up Cards: the third {marker(0)} Influence takes one", 13)
        + "</g>"
    )
    body, h = _cards([_card_of(c) for c in obs["face_up"]], y + 12, 2)
    out.append(body)
    y += 12 + h + 10
    out.append(
        f"<g{_help('scoring-tile')}>"
        + _text(PAD, y + 4, f"Scoring Tiles: the fifth {marker(1)} Influence claims one", 13)
        + "</g>"
    )
    tiles: list[Card] = []
    for t in obs["scoring_tiles"]:
        if t is None:
            continue
        tile = TILE_IDS[t]
        words = tile_words(tile)
        tiles.append(
            (
                f"tile-{tile.id}",
                tile_name(tile),
                "",
                words,
                "#efe6d2",
                f"{tile_name(tile)}: {words}",
                f"tile-{tile.id}",
            )
        )
    body, h = _cards(tiles, y + 12, 2)
    out.append(body)
    y += 12 + h + 10
    out.append(
        f"<g{_help('mineral-marker')}>"
        + _text(PAD, y + 4, f"Invasion: the most {marker(2)} Influence moves a Soldier", 13)
        + "</g>"
    )
    y += 14
    w = (COLUMN - 2 * PAD - 12) / 3
    allies = [ally_space_words(k, markers) for k in range(len(D.game["ally_spaces"]))]
    bh = 24 + 15 * max(len(_rows(t, w - 12, SMALLEST)) for t in allies)
    for k, t in enumerate(allies):
        x = PAD + k * (w + 6)
        placed = k < obs["allies"]
        fill = MINERAL_FILLS["ally"] if placed else "#fff"
        body, _ = _para(x + 6, y + 31, t, w - 12)
        out.append(
            f'<g{_help(f"ally-space-{k + 1}")}><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" '
            f'height="{bh}" rx="6" fill="{fill}" '
            f'stroke="#a0521c"/>{_title(f"Allied Ship space {k + 1}: {t}")}</g>'
            + _text(
                x + 6,
                y + 15,
                f"Allied Ship {k + 1}" + (" (placed)" if placed else ""),
                SMALLEST,
                font_weight="bold",
            )
            + body
        )
    y += bh + 10
    discards = obs["discards"]
    top = f"; top {'; '.join(CARD_IDS[c].name for c in discards[-3:])}" if discards else ""
    line = (
        f"Bag: {plural(obs['bag'], 'Ship')}. Draw Pile: {plural(obs['deck'], 'Card')}. "
        f"Discards: {len(discards)}{top}."
    )
    body, h = _para(PAD, y + 6, line, COLUMN - 2 * PAD)
    out.append(f"<g{_help('bag')}>{body}</g>")
    return "".join(out), y + h + 4


# ---- a Player Board -----------------------------------------------------------------------------


def _influence(
    game: SifnosGame, obs: dict[str, Any], s: int, y: float, clicker: bool
) -> tuple[str, float]:
    side = obs["sides"][s]
    out = []
    last = 20 if side["solo_opponent"] else int(D.game["influence_track"]["last"])
    x0, width = PAD + 86, COLUMN - 2 * PAD - 90
    track = D.game["influence_track"]
    marks = (int(track["face_up_card_space"]), int(track["scoring_tile_space"]))
    for k, m in enumerate(MINERALS):
        v = side["influence"][m]
        yy = y + k * (TAP + 4)
        ident = f' id="influence-{m}"' if clicker else ""
        fill = MINERAL_FILLS[m]
        tip = f"{_capital(_who(game, s))}: {v} {mineral_name(m)} Influence"
        out.append(
            f'<g{ident}{_help(f"influence-{m}")}><rect x="{PAD}" y="{yy:.1f}" '
            f'width="{COLUMN - 2 * PAD}" height="{TAP}" '
            f'rx="5" fill="#fff" stroke="#bbb"/>{_title(tip)}'
            f'<rect x="{PAD}" y="{yy:.1f}" width="80" height="{TAP}" rx="5" fill="{fill}"/>'
            + _text(
                PAD + 6, yy + 19, f"{mineral_name(m)} {v}", 13, font_weight="bold", fill=_ink(fill)
            )
        )
        step = width / last
        for space in marks:
            mx = x0 + space * step
            out.append(
                f'<line x1="{mx:.1f}" y1="{yy + 3:.1f}" x2="{mx:.1f}" y2="{yy + TAP - 3:.1f}" '
                f'stroke="#999" stroke-dasharray="2 2" pointer-events="none"/>'
            )
        if side["ally_on_track"]:
            ax = x0 + game.ally_space * step
            out.append(
                f'<rect x="{ax - 4:.1f}" y="{yy + 9:.1f}" width="8" height="10" rx="2" '
                f'fill="{MINERAL_FILLS["ally"]}" pointer-events="none"/>'
            )
        out.append(
            f'<circle cx="{x0 + min(v, last) * step:.1f}" cy="{yy + TAP / 2:.1f}" r="7" '
            f'fill="{fill}" stroke="#222" stroke-width="1.5" pointer-events="none"/></g>'
        )
    note = "Influence 3 and 5 (dashed): a face-up Card, a Scoring Tile"
    if side["ally_on_track"]:
        note += f"; the Allied Ship (orange) on {game.ally_space} goes into the Bag when reached"
    body, h = _para(PAD, y + 3 * (TAP + 4) + 10, note, COLUMN - 2 * PAD, SMALLEST, fill="#555")
    out.append(body)
    return "".join(out), 3 * (TAP + 4) + h + 4


def _dice_row(
    label: str, where: str, dice: list[int], x: float, y: float, clicker: bool
) -> tuple[str, float]:
    """A row of Dice; for the deciding side the first Die of each value is clickable."""
    out = [f"<g{_help(where)}>{_text(x, y + 19, label, SMALLEST, font_weight='bold')}</g>"]
    x += 70
    seen: set[int] = set()
    for v in dice:
        ident = f"die-{where}-{v}" if clicker and v not in seen else None
        seen.add(v)
        out.append(
            _button(
                ident,
                x,
                y,
                TAP,
                TAP,
                str(v),
                "#fff",
                f"a {v} in the {where}",
                14,
                stroke="#222",
                help="die",
            )
        )
        x += TAP + 4
    if not dice:
        out.append(_text(x, y + 19, "none", SMALLEST, fill="#777"))
    return "".join(out), TAP + 4


FORT_SHORT = {
    "any_influence": "+1 Influence",
    "draw_card": "draw 1 Card",
    "move_soldier": "move Soldier",
}
BONUS_SHORT = {
    "workshop_die": "Workshop Die",
    "any_influence": "+1 Influence",
    "move_ship": "move a Ship",
    "draw_card": "draw 1 Card",
}


def _pieces(game: SifnosGame, side: dict[str, Any], y: float, clicker: bool) -> tuple[str, float]:
    """The Fort and Beacon grid: rows worth VP when emptied, columns with a bonus for the third
    piece taken."""
    from towers.games.sifnos.data import FORT_FACES

    top = y
    body, h = _para(
        PAD,
        y + 10,
        "Forts and Beacons: a row emptied scores its VP; the third "
        "taken from a column gives what is under it",
        COLUMN - 2 * PAD,
        SMALLEST,
        fill="#555",
    )
    out = [body]
    y += h + 2
    w = (COLUMN - 2 * PAD - 40 - 3 * 4) / 4
    ch = 38
    for p in D.pieces:
        x = PAD + p.column * (w + 4)
        yy = y + p.row * (ch + 4)
        face = side["pieces"][p.index]
        ident = f"slot-r{p.row + 1}c{p.column + 1}" if clicker else None
        words = piece_words(p.index, face)
        tip = f"row {p.row + 1}, column {p.column + 1}: {words}"
        if face < 0:
            label, sub, fill = f"{p.kind.capitalize()}", "taken", "#eee"
        elif p.kind == BEACON:
            label, sub, fill = "Beacon", mineral_name(face), MINERAL_FILLS[MINERALS[face]]
        else:
            label, sub, fill = "Fort", FORT_SHORT[FORT_FACES[face]], "#d9cdb4"
        out.append(_button(ident, x, yy, w, ch, label, fill, tip, sub=sub, help=p.kind))
    for r, vp in enumerate(D.row_vp):
        out.append(_text(COLUMN - PAD - 32, y + r * (ch + 4) + 22, f"{vp} VP", 13))
    y += 3 * (ch + 4)
    for c, bonus in enumerate(D.column_bonus):
        x = PAD + c * (w + 4)
        tip = f"Column {c + 1}: the third piece taken gives {column_bonus_words_for(bonus)}"
        out.append(
            f"<g{_help('fort-beacon-spaces')}>"
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="14" fill="#fff" '
            f'fill-opacity="0"/>{_title(tip)}'
            + _text(
                x + w / 2, y + 10, BONUS_SHORT[bonus], SMALLEST, fill="#555", text_anchor="middle"
            )
            + "</g>"
        )
    return "".join(out), y + 18 - top


def _levels(b: Any) -> dict[int, int]:
    """Each Building space's height above the ground: one more than the highest below it."""
    spaces = D.building_spaces
    level: dict[int, int] = {}
    for i in b.spaces:  # the data lists a space after those below it
        level[i] = 1 + max((level[j] for j in spaces[i].below), default=-1)
    return level


def _buildings(side: dict[str, Any], y: float, clicker: bool) -> tuple[str, float]:
    out = [
        _text(
            PAD,
            y + 10,
            "Buildings (Workshop Dice go on the lower spaces first)",
            SMALLEST,
            fill="#555",
        )
    ]
    y += 16
    per_row = 3
    w = (COLUMN - 2 * PAD - (per_row - 1) * 6) / per_row
    shapes = [_levels(b) for b in D.buildings]
    tall = max(max(lv.values()) for lv in shapes) + 1
    h = 20 + tall * (TAP + 3) + 4
    placed = side["buildings"]
    for k, b in enumerate(D.buildings):
        x = PAD + (k % per_row) * (w + 6)
        yy = y + (k // per_row) * (h + 6)
        words = building_words(b)
        complete = all(D.building_spaces[i].id in placed for i in b.spaces)
        out.append(
            f'<g{_help(f"building-{b.id}")}><rect x="{x:.1f}" y="{yy:.1f}" width="{w:.1f}" '
            f'height="{h}" rx="6" fill="{"#e3f0da" if complete else "#f3eee2"}" '
            f'stroke="#8a7a5a"/>'
            f"{_title(f'{b.name}: {words}')}</g>"
            + _text(x + 6, yy + 15, b.name + (" ✓" if complete else ""), 13, font_weight="bold")
        )
        level = shapes[k]
        for lv in sorted(set(level.values())):
            row = [i for i in b.spaces if level[i] == lv]
            span = len(row) * TAP + (len(row) - 1) * 3
            sx = x + (w - span) / 2
            sy = yy + h - 4 - (lv + 1) * (TAP + 3)
            for j, i in enumerate(row):
                space = D.building_spaces[i]
                v = placed.get(space.id)
                ident = f"bspace-{space.id}" if clicker else None
                tip = f"{building_space_label(i)}: " + (f"a {v}" if v else "empty")
                if space.reward:
                    tip += f" (a Die here: {column_bonus_words_for(space.reward)})"
                fill = "#fff" if v else "#ece6d6"
                out.append(
                    _button(
                        ident,
                        sx + j * (TAP + 3),
                        sy,
                        TAP,
                        TAP,
                        str(v) if v else "",
                        fill,
                        tip,
                        14,
                        stroke="#8a7a5a",
                        help=f"building-{b.id}",
                    )
                )
                if space.reward and not v:
                    cx, cy = sx + j * (TAP + 3) + TAP / 2, sy + TAP / 2
                    out.append(
                        f'<path d="M{cx:.1f},{cy - 6:.1f} l6,6 l-6,6 l-6,-6 Z" fill="#c9a227" '
                        f'pointer-events="none"/>'
                    )
    rows = (len(D.buildings) + per_row - 1) // per_row
    return "".join(out), 16 + rows * (h + 6)


def column_bonus_words_for(reward: str) -> str:
    from towers.games.sifnos.render import GAIN_WORDS

    return GAIN_WORDS[reward]


def _side_head(game: SifnosGame, obs: dict[str, Any], s: int, seat: int | None, what: str) -> str:
    fill = _fill(s)
    score = obs["scores"][s] if s < len(obs["scores"]) else 0
    you = " (you)" if s == seat else ""
    return f'<rect x="0" y="0" width="{COLUMN}" height="10" rx="4" fill="{fill}"/>' + _text(
        PAD, 32, f"{_capital(_who(game, s))}{you}: {what} — {score} VP", 15, font_weight="bold"
    )


def _player_board(
    game: SifnosGame, obs: dict[str, Any], s: int, seat: int | None, clicker: bool
) -> Panel:
    side = obs["sides"][s]
    solo = side["solo_opponent"]
    what, help = ("Solo Board", "solo-opponent") if solo else ("Player Board", "player-board")
    out = [f"<g{_help(help)}>{_side_head(game, obs, s, seat, what)}</g>"]
    y = 44.0
    body, h = _influence(game, obs, s, y, clicker)
    out.append(body)
    y += h + 4
    if side["solo_opponent"]:
        line = (
            f"Dice in the supply: {len(side['dice_supply'])}; Soldiers in the supply: "
            f"{side['soldier_supply']}; Towers: "
            + (", ".join(f"{im} {n}" for im, n in side["tower_supply"].items() if n) or "none")
        )
        if side["scoring_tile"]:
            line += f"; Scoring Tile {side['scoring_tile'].capitalize()} (6 VP)"
        body, h = _para(PAD, y + 10, line, COLUMN - 2 * PAD)
        out.append(f"<g{_help('solo-opponent')}>{body}</g>")
        return "".join(out), y + h + 8
    body, h = _dice_row("Supply", "supply", side["dice_supply"], PAD, y, clicker)
    out.append(body)
    if clicker:
        for k, d in enumerate(("down", "up")):
            x = COLUMN - PAD - 2 * 40 - 4 + k * 44
            out.append(
                _button(
                    f"adjust-{d}",
                    x,
                    y,
                    40,
                    TAP,
                    ("−1", "+1")[k],
                    "#e9eef5",
                    f"adjust the chosen Die {d} by 1",
                    14,
                    help="die",
                )
            )
    y += h
    body, h = _dice_row("Workshop", "workshop", side["workshop"], PAD, y, clicker)
    out.append(body)
    y += h
    towers = ", ".join(f"{im} {n}" for im, n in side["tower_supply"].items() if n) or "none"
    on_map = sum(1 for r in obs["regions"] if r["soldier"] == s) + obs["central_soldiers"][s]
    line = (
        f"Dice in the Reserve: {side['dice_reserve']}. Towers in the Supply: {towers}; "
        f"{side['tower_reserve']} in the Reserve. Soldiers: {side['soldier_supply']} in the "
        f"Supply, {on_map} on the map. Tents: {sum(side['tents'].values())} placed of "
        f"{D.game['setup']['tents']}."
    )
    body, h = _para(PAD, y + 14, line, COLUMN - 110)
    out.append(f"<g{_help('reserve')}>{body}</g>")
    out.append(
        _button(
            "barracks" if clicker else None,
            COLUMN - PAD - 94,
            y + 4,
            94,
            TAP + 6,
            f"Barracks: {side['barracks']}",
            "#e4dccb",
            f"{plural(side['barracks'], 'Soldier')} in the Barracks (a move takes one to the "
            "Supply)",
            help="barracks",
        )
    )
    y += max(h, TAP + 10) + 8
    body, h = _pieces(game, side, y, clicker)
    out.append(body)
    y += h
    body, h = _buildings(side, y, clicker)
    out.append(body)
    y += h
    tile = side["scoring_tile"]
    if tile:
        t = TILE_IDS[tile]
        body, th = _para(
            PAD,
            y + 12,
            f"Scoring Tile {tile_name(t)}: {TILE_SCORING[t.scoring]}",
            COLUMN - 2 * PAD,
            13,
        )
        out.append(
            f"<g{_help(f'tile-{t.id}')}>{body}{_title(f'{tile_name(t)}: {tile_words(t)}')}</g>"
        )
        y += th + 6
    return "".join(out), y + 4


def _player_cards(
    game: SifnosGame, obs: dict[str, Any], s: int, seat: int | None, clicker: bool
) -> Panel | None:
    """The Cards above a Player Board by column; for the deciding side its printed effects and
    major actions too."""
    side = obs["sides"][s]
    if side["solo_opponent"]:
        return None
    out = [_side_head(game, obs, s, seat, "Cards placed")]
    y = 44.0
    placed = [CARD_IDS[c] for c in side["placed"]]
    for column, name in enumerate(COLUMN_NAMES):
        mine = [c for c in placed if c.column == column]
        printed = [p for p in D.printed if p.column == column]
        if not mine and not clicker:
            continue
        head = f"{name} ({len(mine)})"
        if clicker and COLUMNS[column] in MAJORS:
            out.append(
                _button(
                    f"major-{COLUMNS[column]}",
                    PAD,
                    y,
                    110,
                    TAP,
                    head,
                    "#d7c9a8",
                    f"{name}: choose it as a major action",
                    13,
                    help=f"action-{COLUMNS[column]}",
                )
            )
        else:
            out.append(
                f"<g{_help(f'action-{COLUMNS[column]}')}>"
                + _text(PAD, y + 19, head, 13, font_weight="bold")
                + "</g>"
            )
        x = PAD + 116
        rows = printed if clicker else []
        for k, p in enumerate(rows):
            out.append(
                _button(
                    f"printed-{p.id}",
                    x,
                    y + k * (TAP + 4),
                    COLUMN - PAD - x,
                    TAP,
                    PRINTED_SHORT.get(p.id, p.id),
                    "#fff",
                    f"{name}: {printed_words(p)}",
                    help=f"printed-{p.id}",
                )
            )
        y += max(len(rows), 1) * (TAP + 4)
        body, h = _cards([_card_of(c.index, corner=False) for c in mine], y, 2)
        out.append(body)
        y += h + 2
    if not placed and not clicker:
        out.append(_text(PAD, y + 12, "none yet", SMALLEST, fill="#777"))
        y += 20
    return "".join(out), y + 4


def _hand(obs: dict[str, Any], seat: int | None) -> Panel | None:
    if seat is None:
        return None
    hand = obs["sides"][seat].get("hand") or []
    body, h = _cards([_card_of(c) for c in hand], 40, 2)
    if not hand:
        body, h = _text(PAD, 52, "no Cards", SMALLEST, fill="#777"), 20
    return _heading(f"Your hand ({len(hand)})") + body, 40 + h + 4


def _solo_track(obs: dict[str, Any], side: int, y: float) -> tuple[str, float]:
    """The Solo Marker's Track: its spaces on the rim of a square, corners with their gain."""
    track = D.solo_track
    marker = int((obs.get("solo") or {}).get("marker", 0)) % len(track)
    rows = max(t.row for t in track) + 1
    cols = max(t.col for t in track) + 1
    size = min(44.0, (COLUMN - 2 * PAD) / cols)
    out = []
    for k, t in enumerate(track):
        x, yy = PAD + t.col * size, y + t.row * size
        gain = TRACK_SHORT.get(t.gain or "", "")
        fill = MINERAL_FILLS.get(t.gain or "", "#efe6d2") if t.gain != "majority" else "#e4dccb"
        tip = f"Solo Marker space {k + 1}" + (
            f": 1 {TRACK_SHORT[t.gain]} Influence" if t.gain else ""
        )
        if t.gain == "majority":
            tip = f"Solo Marker space {k + 1}: 1 Influence of the third Allied Ship's mineral"
        out.append(
            _button(
                None,
                x + 2,
                yy + 2,
                size - 4,
                size - 4,
                gain or str(k + 1),
                fill,
                tip,
                help="solo-marker",
            )
        )
        if k == marker:
            out.append(
                f'<circle cx="{x + size / 2:.1f}" cy="{yy + size / 2:.1f}" r="{size / 2 - 5:.1f}" '
                f'fill="none" stroke="{_fill(side)}" '
                f'stroke-width="4" pointer-events="none"/>'
            )
    label = "the Solo Marker (ringed) moves on a space a Card it would draw; clockwise"
    body, h = _para(PAD + cols * size + 8, y + 14, label, COLUMN - 2 * PAD - cols * size - 8)
    out.append(body)
    return "".join(out), max(rows * size, h) + 8


TRACK_SHORT = {"lead": "Lead", "silver": "Silver", "gold": "Gold", "majority": "Majority"}


def _solo(game: SifnosGame, obs: dict[str, Any]) -> Panel | None:
    """The Scheme-driven opponent: its Solo Marker (solo game), Decks and revealed Schemes,
    the latest as cards and the earlier ones as numbers that show their words on a hover."""
    if not game.has_opponent:
        return None
    side = game.opponent
    out = [
        f'<rect x="0" y="0" width="{COLUMN}" height="10" rx="4" fill="{_fill(side)}"/>',
        f"<g{_help('solo-opponent')}>"
        + _text(PAD, 32, "The Schemes", 15, font_weight="bold")
        + "</g>",
    ]
    y = 44.0
    if game.solo:
        body, h = _solo_track(obs, side, y)
        out.append(body)
        y += h
    schemes = []
    for what, words in solo_facts(game, obs):
        if what == "Scheme":
            schemes.append(words)
            continue
        if what == "Solo Marker":
            continue
        body, h = _para(PAD, y + 12, f"{what}: {words}", COLUMN - 2 * PAD)
        out.append(f"<g{_help('scheme-decks')}>{body}</g>" if what == "Scheme Decks" else body)
        y += h + 2
    latest: list[Card] = []
    for words in schemes[:4]:
        name, _, rest = words.partition(": ")
        latest.append((None, name, "", rest, "#ece3f3", words, f"scheme-{name.split()[-1]}"))
    body, h = _cards(latest, y + 6, 2)
    out.append(body)
    y += 6 + h
    x = PAD
    for words in schemes[4:]:
        name = words.partition(":")[0]
        if x + TAP + 12 > COLUMN - PAD:
            x, y = PAD, y + TAP + 4
        number = name.split()[-1]
        out.append(
            _button(None, x, y, TAP + 12, TAP, number, "#ece3f3", words, help=f"scheme-{number}")
        )
        x += TAP + 16
    if schemes[4:]:
        y += TAP + 4
    return "".join(out), y + 6


def _scores(game: SifnosGame, state: SifnosState) -> Panel:
    """Every side's VP as it stands, by the final scoring's parts (the ending's categories)."""
    from towers.games.sifnos.explain import CATEGORIES, score_row
    from towers.games.sifnos.scoring import breakdown

    out = [_heading("Scores")]
    y = 40.0
    for s in range(game.sides):
        row = score_row(state, s)
        parts = [f"{c} {v}" for c, v in zip(CATEGORIES[:-1], row[:-1], strict=True) if v]
        if s == game.opponent:
            parts = [f"{SCORE_PARTS[k]} {v}" for k, v in breakdown(state, s).items() if v]
        words = f"{_capital(_who(game, s))}: {row[-1]} VP" + (
            f" ({', '.join(parts)})" if parts else ""
        )
        if game.versus and s == game.opponent:
            words = f"{_capital(_who(game, s))}: competes for Might only and scores nothing"
        body, h = _para(PAD + 20, y + 12, words, COLUMN - 2 * PAD - 20)
        out.append(
            f'<circle cx="{PAD + 7}" cy="{y + 8:.1f}" r="7" fill="{_fill(s)}"/>'
            + f"<g{_help('influence-track')}>{body}</g>"
        )
        y += h + 4
    return "".join(out), y + 6


def _named(panel: Panel | None, name: str, part: str) -> Panel | None:
    """``panel`` with its printed name and its part (:data:`towers.core.panels.PARTS`)."""
    if panel is None:
        return None
    return panel[0], panel[1], name, part


def _key() -> Panel:
    images = []
    # the five images of the Tower spaces, drawn and named, on the heading's line
    x = PAD + 42.0
    for image in IMAGES:
        wide = 29 + len(image) * SMALLEST * 0.56
        images.append(
            f'<g{_help(f"image-{image}")}><rect x="{x:.1f}" y="6" width="{wide:.1f}" '
            f'height="32" fill="#fff" fill-opacity="0"/>'
            f'<circle cx="{x + 13:.1f}" cy="22" r="13" fill="#fffdf5" stroke="#222"/>'
            + image_icon(image, x + 13, 22, "#fffdf5")
            + _text(x + 29, 26, image)
            + "</g>"
        )
        x += wide + 8
    rows = [
        "Tower spaces: dashed when empty, else the top Tower's colour; a number counts the "
        "stack, a dashed ring is a Beacon. Borders (orange dashes) join networks.",
        "Regions: the printed value; a square is a Die, a ring round it a Fort, a dot a "
        "Soldier, in the owner's colour.",
        "Ships (L Lead, S Silver, G Gold) queue from space 1, the front, and sail clockwise. "
        "Empty spaces reward the invasion's winner: +1 any 1 Influence, +C a Card.",
    ]
    out = [_heading("Key"), *images]
    y = 56.0
    for row in rows:
        body, h = _para(PAD, y, row, COLUMN - 2 * PAD)
        out.append(body)
        y += h + 4
    return "".join(out), y + 2


def svg(state: SifnosState, seat: int | None) -> str:
    """The whole table as ``seat`` sees it (the seat's own hand only), as a column of panels."""
    game = state.game
    obs = state.observation(seat)
    n = len(obs["sides"])
    clicker = decider(state, seat)
    order = list(range(n)) if seat is None else [(seat + k) % n for k in range(n)]
    panels: list[Panel | None] = [
        _named(_island(game, obs), "The island", "board"),
        _named(_hand(obs, seat), "Your hand", "me"),
    ]

    def board_of(s: int) -> list[Panel | None]:
        mine = seat is not None and s == seat
        part = "me" if mine else "others"
        who = "Your" if mine else f"{_who(game, s)}'s"
        what = "Solo Board" if s == game.opponent else "Player Board"
        if s == game.opponent and not mine:
            who = "The Schemes'"
        cards = _named(_player_cards(game, obs, s, seat, s == clicker), f"{who} Cards", part)
        board = _named(_player_board(game, obs, s, seat, s == clicker), f"{who} {what}", part)
        return [cards, board] if s == order[0] else [board, cards]

    for s in order:
        panels += board_of(s)
        if s == order[0]:
            panels.append(_named(_main_board(game, obs), "Main Board", "supply"))
    panels.append(_named(_solo(game, obs), "The Schemes", "others"))
    panels.append(_named(_scores(game, state), "Scores", "scores"))
    panels.append(_named(_key(), "Key", "board"))
    return board_of_panels(panels, "Towers of Sifnos board")
