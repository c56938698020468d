"""Turris drawn as SVG for a seat, and the board elements that choose each action.

:func:`svg` draws only from ``state.observation(seat)``, the game's data and the designed
positions of ``data/layout.toml``: the Main Board (every Location, the Crossroads, the Abyss,
the Excavation spots A-D with their Sites, the paths between adjacent nodes, the Graveyard)
with Scouts, Beasts and the Fruit on it, and what each Location gives; the Altar and the
Beasts; the Prestige, Council and Tower tracks; the Trionfi and Mission tableaux as cards; the
supply's tokens; every player's panel (resources, Scouts, Ongoing slots, reserved Missions,
Trionfi); the seat's own Tactics hand as cards; the pending rewards and, in Setup, the faction
cards; in solo play the Betrayers' Scouts, Prestige and row and the Damaged Tower Rooms.

The drawing is a column of panels (:mod:`towers.core.panels`: their width, least text and
least target), so that a page may lay them out in as many columns as it has room for and a
phone shows one column at a size that reads.

Clickable elements carry ``id`` attributes; :func:`targets` lists the ids that, clicked in
order, choose an action (the same in every state):

>>> from towers.games.turris import actions as A
>>> targets(A.SPACE.parse("place Garden"))
['loc-garden']
>>> targets(A.SPACE.parse("choose West Crossroads"))
['loc-crossroads_west']
>>> targets(A.SPACE.parse("beast Pain"))
['beast-pain']
>>> targets(A.SPACE.parse("council tower"))
['council-tower']
>>> targets(A.PASS)
[]
"""

from __future__ import annotations

import textwrap
from functools import cache
from html import escape
from typing import TYPE_CHECKING, Any

from towers.core.panels import (
    COLUMN,
    PAD,
    SMALLEST,
    TAP,
    Panel,
    board_of_panels,
)
from towers.core.registry import views_of
from towers.core.words import and_list, plural
from towers.games.turris import actions as A
from towers.games.turris.data import TOKENS, load_layout
from towers.games.turris.render import (
    BEAST_EFFECT_WORDS,
    TOKEN_NAMES,
    card_words,
    effects_words,
    node_name,
    pending_words,
    round_words,
    side_words,
    source_name,
    token_words,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisGame, TurrisState

D = A.DATA
BOARD_FILL = "#e4dccb"
SEAT_FILLS = {
    "red": "#d23c3c",
    "blue": "#2f66d0",
    "green": "#2b9a4b",
    "yellow": "#e2b100",
    "purple": "#8e44ad",
}
BEAST_FILLS = {"pain": "#8a1c1c", "delusion": "#6a3d9a", "despair": "#1f4e79", "harrow": "#2b2b2b"}
TOKEN_FILLS = {"I": "#b0306a", "K": "#3a78c2", "R": "#c79a2b", "W": "#6b6b6b", "A": "#2a9d8f"}
BETRAYER_FILL = "#444"
LOC_W, LOC_H = 100, 76
CROSS_R = 22


# ---- targets --------------------------------------------------------------------------------


def node_id(node: int) -> str:
    return f"loc-{D.locations[node].id}"


def targets(action: int) -> list[str]:
    """Ids of the SVG elements that, clicked in order, choose ``action`` (empty: words only)."""
    match A.SPACE.decode(action):
        case A.Place(node=n) | A.CollectScout(node=n) | A.Choose(node=n):
            return [node_id(n)]
        case A.ChooseBeast(beast=b):
            return [f"beast-{D.beasts[b].id}"]
        case A.PlayTactics(card=c) | A.Discard(card=c):
            return [f"tactics-{D.tactics[c].id}"]
        case A.ChooseMission(mission=m):
            return [f"mission-{D.missions[m].id}"]
        case A.TakeTrionfi(trionfi=t):
            return [f"trionfi-{D.trionfi[t].id}"]
        case A.CouncilSpot(spot=s):
            return [f"council-{D.council[s].id}"]
        case A.OngoingSlot(slot=k):
            return [f"ongoing-{k}"]
        case A.Resolve(slot=k):
            return [f"reward-{k}"]
        case A.Token(token=t):
            return [f"token-{TOKENS[t]}"]
        case A.Steal(resource=r, seat=s):
            return [f"res-{s}-{TOKENS[r]}"]
        case A.ForceRevive():
            return ["graveyard"]
        case A.RepairRoom(room=k):
            return [f"room-{k}"]
        case A.ChooseFaction(faction=f, side=s):
            return [f"faction-{D.factions[f].id}-{'ab'[s]}"]
    return []


# ---- layout ---------------------------------------------------------------------------------


@cache
def layout() -> dict[str, Any]:
    """``data/layout.toml`` (read by :func:`~towers.games.turris.data.load_layout`): the
    board's size, node centres (``at``), the Graveyard and the bent paths."""
    doc = load_layout()
    return {
        "board": {"width": doc.width, "height": doc.height},
        "at": dict(doc.at),
        "graveyard": {"x": doc.graveyard[0], "y": doc.graveyard[1]},
        "bend": [{"from": a, "to": b, "via": {"x": x, "y": y}} for a, b, (x, y) in doc.bends],
    }


def _xy(node_key: str) -> tuple[float, float]:
    at: tuple[float, float] = layout()["at"][node_key]
    return at


# ---- drawing helpers ------------------------------------------------------------------------


def _text(x: float, y: float, body: object, size: int = SMALLEST, **attrs: Any) -> str:
    extra = "".join(f' {k.rstrip("_").replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{max(size, SMALLEST)}" '
        f'pointer-events="none"{extra}>{escape(str(body))}</text>'
    )


def _wrap(body: str, width: float, size: int) -> list[str]:
    """``body`` in lines that fit ``width`` units at ``size`` (an average letter is a little
    over half the size wide)."""
    chars = max(int(width / (size * 0.52)), 4)
    return textwrap.wrap(body, chars, break_long_words=False) or [""]


def _lines(
    x: float, y: float, body: str, width: float, size: int, most: int = 99, **attrs: Any
) -> tuple[str, int]:
    """``body`` wrapped to ``width``, at most ``most`` lines (the last cut short with an
    ellipsis); the text and the number of lines."""
    rows = _wrap(body, width, size)
    if len(rows) > most:
        rows = rows[:most]
        rows[-1] = rows[-1][:-1] + "…"
    step = size + 3
    return "".join(_text(x, y + k * step, r, size, **attrs) for k, r in enumerate(rows)), len(rows)


def _help(key: str) -> str:
    """The ``data-help`` attribute naming a glossary topic (nothing for no key)."""
    return f' data-help="{escape(key, quote=True)}"' if key else ""


TOKEN_HELP = {"I": "ichor", "K": "knowledge", "R": "relics", "W": "weaponry", "A": "artifact"}
"""The glossary topic of each token letter."""


def node_help(game: TurrisGame, obs: dict[str, Any], node: int) -> str:
    """The glossary topic of what stands on a node: its Location, Excavation Site or spot,
    or the Crossroads."""
    loc = D.locations[node]
    if loc.kind == "crossroads":
        return "crossroads"
    if loc.kind == "excavation":
        site = obs["site_at"][game.spots.index(node)]
        return f"site-{D.excavation_sites[site].id}" if site >= 0 else "excavation_spot"
    return f"location-{loc.id}"


SOURCE_HELP = {
    "location": "location",
    "upgrade": "upgrade",
    "site": "site",
    "tactics": "tactics",
    "mission": "mission",
    "trionfi": "trionfi",
    "council": "council",
    "faction": "faction",
}
"""The glossary's prefix for each kind of effect source (the rules key sources
``"<kind> <id>..."``)."""


def source_help(game: TurrisGame, src: int) -> str:
    """The glossary topic of an effect source: the card, Location, Site, Council spot or
    faction it comes from ("" for a Crossroads or an Excavation spot, which give nothing)."""
    kind, _, rest = game.sources[src][0].partition(" ")
    ident = rest.split(" ")[0]
    if kind == "location" and D.location(ident).kind != "location":
        return ""
    prefix = SOURCE_HELP.get(kind)
    return f"{prefix}-{ident}" if prefix else ""


def _title(body: str) -> str:
    return f"<title>{escape(body)}</title>"


def seat_name(game: TurrisGame, seat: int) -> str:
    """The seat as every screen names it (:meth:`towers.core.views.Views.seat_name`)."""
    return views_of(game).seat_name(seat)


def seat_fill(game: TurrisGame, seat: int) -> str:
    return SEAT_FILLS.get(game.data.player_sets[seat].colour, "#888")


def _heading(body: str) -> str:
    return _text(PAD, 26, body, 17, font_weight="bold")


def _card(
    ident: str | None,
    x: float,
    y: float,
    w: float,
    h: float,
    name: str,
    corner: str,
    body: str,
    fill: str,
    tip: str,
    help_key: str = "",
) -> str:
    """A card: a named group (clickable if ``ident``) with its name, a corner note and words
    (as many lines as its height holds); ``help_key`` the glossary's topic for it."""
    id_attr = f' id="{ident}"' if ident else ""
    id_attr += _help(help_key)
    head, rows = _lines(x + 8, y + 19, name, w - 16, 14, 2, font_weight="bold")
    top = y + 19 + 17 * rows
    room = y + h - (22 if corner else 6) - top + 12
    words, _ = _lines(x + 8, top, body, w - 16, SMALLEST, max(int(room / 15), 1))
    return (
        f'<g{id_attr}><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h}" rx="8" '
        f'fill="{fill}" stroke="#444" stroke-width="1.5"/>{_title(tip)}'
        + head
        + (_text(x + w - 8, y + h - 8, corner, SMALLEST, text_anchor="end") if corner else "")
        + words
        + "</g>"
    )


def _card_height(w: float, name: str, corner: str, body: str) -> float:
    """The height a card of width ``w`` needs for all its words."""
    name_rows = min(len(_wrap(name, w - 16, 14)), 2)
    return 19 + 17 * name_rows + 15 * len(_wrap(body, w - 16, SMALLEST)) + (18 if corner else 4)


def _cards(
    cards: list[tuple[Any, ...]], top: float, per_row: int, least: float = 60
) -> tuple[str, float]:
    """``(ident, name, corner, body, fill, tip[, help key])`` cards ``per_row`` to a row from
    ``top``, all as tall as the wordiest needs; the drawing and the height it takes."""
    w = (COLUMN - 2 * PAD - (per_row - 1) * 6) / per_row
    h = max([least] + [_card_height(w, c[1], c[2], c[3]) for c in cards])
    out = []
    for k, card in enumerate(cards):
        x = PAD + (k % per_row) * (w + 6)
        y = top + (k // per_row) * (h + 6)
        ident, name, corner, body, fill, tip = card[:6]
        key = card[6] if len(card) > 6 else ""
        out.append(_card(ident, x, y, w, h, name, corner, body, fill, tip, key))
    rows = (len(cards) + per_row - 1) // per_row
    return "".join(out), rows * (h + 6)


# ---- the board ------------------------------------------------------------------------------


def _paths() -> str:
    bends = {(b["from"], b["to"]): b["via"] for b in layout().get("bend", [])}
    out = []
    seen: set[tuple[str, str]] = set()
    for loc in D.locations:
        for other in loc.adjacent:
            pair = (min(loc.id, other), max(loc.id, other))
            if pair in seen:
                continue
            seen.add(pair)
            (x1, y1), (x2, y2) = _xy(loc.id), _xy(other)
            via = bends.get((loc.id, other)) or bends.get((other, loc.id))
            if via:
                d = f"M{x1:.0f},{y1:.0f} Q{via['x']},{via['y']} {x2:.0f},{y2:.0f}"
            else:
                d = f"M{x1:.0f},{y1:.0f} L{x2:.0f},{y2:.0f}"
            out.append(
                f'<path d="{d}" fill="none" stroke="#8c7b5e" stroke-width="5" '
                f'stroke-linecap="round" pointer-events="none"/>'
            )
    return "".join(out)


def _scouts(game: TurrisGame, obs: dict[str, Any], node: int, x: float, y: float) -> str:
    """Scouts (seat-coloured dots with counts, the Betrayers' grey) in a row from ``x``."""
    out = []
    dots = [
        (seat_fill(game, s), obs["scouts"][node][s], seat_name(game, s))
        for s in range(len(obs["prestige"]))
    ]
    dots.append((BETRAYER_FILL, obs.get("betrayer_at", []).count(node), "Betrayers"))
    for fill, k, who in dots:
        if not k:
            continue
        out.append(
            f'<circle cx="{x}" cy="{y}" r="10" fill="{fill}" stroke="#fff" stroke-width="1.5" '
            f'pointer-events="none"{_help("betrayers" if who == "Betrayers" else "scout")}>'
            f"<title>{who}: {plural(k, 'Scout')}</title></circle>"
        )
        if k > 1 or who == "Betrayers":
            label = "B" if who == "Betrayers" and k == 1 else k
            out.append(_text(x, y + 4, label, SMALLEST, fill="#fff", text_anchor="middle"))
        x += 21
    return "".join(out)


def _beasts(obs: dict[str, Any], node: int, x: float, y: float, step: float) -> str:
    """The Beasts on a node as round tokens with short labels, from ``x`` by ``step``
    (clickable when a Beast is chosen); the map's foot gives the labels whole."""
    out = []
    here = [b for b, at in enumerate(obs["beast_at"]) if at == node]
    for j, b in enumerate(here):
        beast = D.beasts[b]
        flipped = obs["flipped"][b]
        bx = x + step * j
        dash = ' stroke-dasharray="4 3"' if flipped else ""
        out.append(
            f'<g id="beast-{beast.id}"{_help(beast.id)}><circle cx="{bx}" cy="{y}" r="{TAP / 2 + 1}" '
            f'fill="{BEAST_FILLS.get(beast.id, "#333")}" stroke="#fff" stroke-width="2.5"{dash}'
            f' opacity="{0.6 if flipped else 1}"/>'
            f"{_title(beast_title(beast, flipped))}"
            + _text(bx, y + 4, beast_label(beast), SMALLEST, fill="#fff", text_anchor="middle")
            + "</g>"
        )
    return "".join(out)


BEAST_GAP = 4
"""Between two Beasts' tokens in a row."""


def beast_width(beast: Any) -> float:
    """The width of a Beast's token that gives its printed name (an average letter at the
    smallest size is under 0.6 of it wide, and a margin each side)."""
    return max(float(TAP + 8), len(beast.name) * SMALLEST * 0.6 + 14)


def beast_title(beast: Any, flipped: bool) -> str:
    return str(beast.name) + (" (flipped)" * flipped)


def _named_beasts(obs: dict[str, Any], node: int, right: float, y: float, room: float) -> str:
    """The Beasts on a Location, right-aligned at ``right`` on the row centred at ``y``: each
    a token with its printed name when all of them fit in ``room``, else the round tokens with
    short labels (which the map's foot gives whole)."""
    here = [D.beasts[b] for b, at in enumerate(obs["beast_at"]) if at == node]
    if not here:
        return ""
    widths = [beast_width(beast) for beast in here]
    if sum(widths) + BEAST_GAP * (len(here) - 1) > room:
        return _beasts(obs, node, right - TAP / 2 - 1, y, -(TAP + BEAST_GAP))
    out = []
    x = right
    for beast, w in zip(here, widths, strict=True):
        flipped = obs["flipped"][D.beasts.index(beast)]
        dash = ' stroke-dasharray="4 3"' if flipped else ""
        x -= w
        out.append(
            f'<g id="beast-{beast.id}"{_help(beast.id)}><rect x="{x:.1f}" y="{y - TAP / 2 - 1:.1f}" '
            f'width="{w:.1f}" height="{TAP + 2}" rx="{TAP / 2 + 1}" '
            f'fill="{BEAST_FILLS.get(beast.id, "#333")}" stroke="#fff" stroke-width="2.5"{dash}'
            f' opacity="{0.6 if flipped else 1}"/>'
            f"{_title(beast_title(beast, flipped))}"
            + _text(x + w / 2, y + 4, beast.name, SMALLEST, fill="#fff", text_anchor="middle")
            + "</g>"
        )
        x -= BEAST_GAP
    return "".join(out)


def _reward(game: TurrisGame, obs: dict[str, Any], i: int) -> tuple[str, bool, bool, Any, bool]:
    """A node's name, limit, Immediate mark, effects and whether it is upgraded."""
    loc = D.locations[i]
    if loc.kind == "excavation":
        site = obs["site_at"][game.spots.index(i)]
        if site < 0:
            return loc.name, False, False, (), False
        s = D.excavation_sites[site]
        return s.name, bool(s.limit), s.immediate, s.effects, False
    if obs["upgraded"][i]:
        up = next(u for u in D.upgrades if u.location == loc.id)
        return loc.name, bool(loc.limit), loc.immediate, up.effects, True
    return loc.name, bool(loc.limit), loc.immediate, loc.effects, False


def _node(game: TurrisGame, obs: dict[str, Any], i: int) -> str:
    loc = D.locations[i]
    x, y = _xy(loc.id)
    ident = node_id(i)
    if loc.kind == "crossroads":
        return (
            f'<g id="{ident}"{_help("crossroads")}><circle cx="{x}" cy="{y}" r="{CROSS_R}" '
            f'fill="#4a4238" '
            f'stroke="#222" stroke-width="2"/>{_title(loc.name)}'
            + _text(x, y + 5, "✕", 14, fill="#bbb", text_anchor="middle")
            + _scouts(game, obs, i, x - 8, y - CROSS_R - 4)
            + _beasts(obs, i, x, y, 10)
            + "</g>"
        )
    name, limit, immediate, effects, upgraded = _reward(game, obs, i)
    fill, stroke, dash = "#fbf6ea", "#1d7f8c" if upgraded else "#5a4a32", ""
    if loc.kind == "excavation":
        k = game.spots.index(i)
        label = loc.letter
        if obs["site_at"][k] >= 0:
            fill = "#efe3c8"
        else:
            name = "closed" if not obs["spot_open"][k] else "no Site"
            fill, dash = "#d6cfc0", ' stroke-dasharray="6 4"'
    else:
        label = str(loc.number)
        if loc.id == "abyss":
            fill = "#3d3630"
    ink = "#fff" if loc.id == "abyss" else "#222"
    tip = f"{label} {name}: {effects_words(effects) if effects else 'no reward'}"
    tip += " (limit 1)" * limit + " (immediate)" * immediate
    x0, y0 = x - LOC_W / 2, y - LOC_H / 2
    # the name on one line at 14 if it fits, else on two at the smallest size
    size = 14 if len(name) <= (LOC_W - 30) / (14 * 0.52) else SMALLEST
    head, _ = _lines(x0 + 26, y0 + 18, name, LOC_W - 30, size, 2, font_weight="bold", fill=ink)
    out = [
        f'<g id="{ident}"{_help(node_help(game, obs, i))}><rect x="{x0}" y="{y0}" '
        f'width="{LOC_W}" height="{LOC_H}" rx="10" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="3"{dash}/>{_title(tip)}',
        f'<circle cx="{x0 + 13}" cy="{y0 + 14}" r="10" fill="#5a4a32" pointer-events="none"/>',
        _text(x0 + 13, y0 + 18, label, SMALLEST, fill="#fff", text_anchor="middle"),
        head,
    ]
    marks = ("①" if limit else "") + ("⚡" if immediate else "")
    if marks:
        out.append(_text(x0 + 8, y0 + LOC_H - 8, marks, 14, fill=ink))
    # the tokens sit inside the Location's group: a click on a Beast that is not itself a
    # choice falls through to the Location under it
    out.append(_scouts(game, obs, i, x0 + 14, y0 + 46))
    # the Beasts at the right of the row, in the room the Scouts, the marks and the Fruit leave
    scouts = sum(1 for k in obs["scouts"][i] if k) + (obs.get("betrayer_at", []).count(i) > 0)
    left = max(
        x0 + 14 + 21 * (scouts - 1) + 10 if scouts else x0,
        x0 + 8 + 15 * len(marks),
        x0 + 51 if obs["fruit"] == i else x0,
    )
    right = x0 + LOC_W - 3
    out.append(_named_beasts(obs, i, right, y0 + LOC_H - 18, right - left - BEAST_GAP))
    if obs["fruit"] == i:
        out.append(
            f'<circle cx="{x0 + 42}" cy="{y0 + LOC_H - 13}" r="9" fill="#4caf50" '
            f'stroke="#1b5e20" pointer-events="none"{_help("fruit")}><title>the Fruit</title>'
            "</circle>"
        )
    out.append("</g>")
    return "".join(out)


def _graveyard(game: TurrisGame, obs: dict[str, Any]) -> str:
    g = layout()["graveyard"]
    x, y = float(g["x"]), float(g["y"])
    w, h = LOC_W, 64
    out = [
        f'<g id="graveyard"{_help("graveyard")}><rect x="{x - w / 2}" y="{y - h / 2}" width="{w}" height="{h}" '
        f'rx="10" fill="#5c5c5c" stroke="#222" stroke-width="2"/>'
        f"{_title('Graveyard (Force Revive)')}</g>",
        _text(x, y - h / 2 + 19, "Graveyard", 14, fill="#fff", text_anchor="middle"),
    ]
    sx = x - w / 2 + 16
    for s in range(len(obs["prestige"])):
        k = obs["graveyard"][s]
        if k:
            out.append(
                f'<circle cx="{sx}" cy="{y + 12}" r="10" fill="{seat_fill(game, s)}" '
                f'stroke="#fff" pointer-events="none"/>'
            )
            out.append(_text(sx, y + 16, k, SMALLEST, fill="#fff", text_anchor="middle"))
            sx += 21
    return "".join(out)


def _board(game: TurrisGame, obs: dict[str, Any]) -> Panel:
    """The round and the pending decision, then the Main Board under them (the first panel,
    so a phone shows what is asked above the board)."""
    head, top = _head(game, obs)
    h = float(layout()["board"]["height"])
    out = [
        head,
        f'<g transform="translate(0 {top:.0f})">',
        f'<rect x="4" y="0" width="{COLUMN - 8}" height="{h - 4}" rx="12" fill="{BOARD_FILL}"/>',
        _paths(),
        *(_node(game, obs, i) for i in range(len(D.locations))),
        _graveyard(game, obs),
        _marks_key(),
        "</g>",
    ]
    return "".join(out), top + h


KEY_H = 38
"""The key's two lines at the foot of the map, under the lowest node."""


def _marks_key() -> str:
    """What the marks on the Locations and the Beasts' short labels mean, on two lines at the
    foot of the map."""
    y = float(layout()["board"]["height"]) - KEY_H + 12
    beasts = ", ".join(f"{beast_label(b)} {b.name}" for b in D.beasts)
    return _text(
        PAD + 4, y, "① one Scout at most; ⚡ resolved when Placed", SMALLEST, fill="#444"
    ) + _text(PAD + 4, y + 16, f"Beasts: {beasts}", SMALLEST, fill="#444")


def beast_label(beast: Any) -> str:
    """What a Beast's token on the map says: the first letters of its name (the map's foot
    gives them whole)."""
    return str(beast.name[:3])


def _rewards_key(game: TurrisGame, obs: dict[str, Any]) -> Panel:
    """What each Location and open Excavation Site gives, in words (a tap shows no tooltip)."""
    out = [_heading("What the Locations give")]
    y = 48.0
    for i, loc in enumerate(D.locations):
        if loc.kind == "crossroads":
            continue
        name, limit, immediate, effects, upgraded = _reward(game, obs, i)
        if loc.kind == "excavation" and not effects:
            continue
        label = loc.letter if loc.kind == "excavation" else str(loc.number)
        marks = " ①" * limit + " ⚡" * immediate + " (upgraded)" * upgraded
        body, rows = _lines(
            PAD,
            y,
            f"{label} {name}{marks}: {effects_words(effects) if effects else 'no reward'}",
            COLUMN - 2 * PAD,
            13,
        )
        out.append(body)
        y += rows * 16 + 4
    out.append(
        _text(PAD, y + 6, "① one Scout at most; ⚡ resolved when Placed", SMALLEST, fill="#555")
    )
    return "".join(out), y + 18


# ---- tracks, tableaux, players ----------------------------------------------------------------


def _head(game: TurrisGame, obs: dict[str, Any]) -> tuple[str, float]:
    out = [_text(PAD, 24, f"Turris — {round_words(obs)}", 17, font_weight="bold")]
    body, rows = _lines(PAD, 46, pending_words(game, obs), COLUMN - 2 * PAD, 14)
    out.append(body)
    return "".join(out), 40 + 17 * rows


def _altar(game: TurrisGame, obs: dict[str, Any]) -> Panel:
    out = [_heading("Altar and Beasts")]
    w = (COLUMN - 2 * PAD - 3 * 6) / 4
    for k, space in enumerate(D.altar):
        x = PAD + k * (w + 6)
        on = obs["altar"] == k
        out.append(
            f'<rect x="{x:.1f}" y="40" width="{w:.1f}" height="34" rx="6" '
            f'fill="{"#f2c14e" if on else "#fff"}" stroke="#555" pointer-events="none"'
            f"{_help('altar')}/>"
        )
        out.append(_text(x + w / 2, 54, space.label, SMALLEST, text_anchor="middle"))
        out.append(_text(x + w / 2, 69, f"speed {space.speed}", SMALLEST, text_anchor="middle"))
    w = (COLUMN - 2 * PAD - 6) / 2
    for b, beast in enumerate(D.beasts):
        x, y = PAD + (b % 2) * (w + 6), 82 + (b // 2) * 46
        at = obs["beast_at"][b]
        where = node_name(game, obs, at) if at >= 0 else "removed"
        # a removed Beast is chosen here (it has no place on the board)
        ident = f' id="beast-{beast.id}"' if at < 0 else ""
        flipped = " ↓" if obs["flipped"][b] else ""
        out.append(
            f'<g{ident}{_help(beast.id)}><rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="40" '
            f'rx="6" '
            f'fill="{BEAST_FILLS.get(beast.id, "#333")}"/>'
            f"{_title(f'{beast.name}: {BEAST_EFFECT_WORDS[beast.effect]}')}</g>"
            + _text(
                x + 8,
                y + 17,
                f"{beast.number} {beast.name}{flipped}",
                14,
                fill="#fff",
                font_weight="bold",
            )
            + _text(x + 8, y + 33, where[:28], SMALLEST, fill="#ddd")
        )
    return "".join(out), 82 + 2 * 46 + 4


def _prestige(game: TurrisGame, obs: dict[str, Any]) -> Panel:
    """The Prestige track as a scale, seat markers above their scores; the Tower track."""
    n = len(obs["prestige"])
    out = [_heading("Prestige")]
    most = max(D.prestige_track, *obs["prestige"], obs.get("betrayer_prestige", 0))
    x0, width = PAD + 8, COLUMN - 2 * PAD - 16
    scale = width / most
    markers = [(seat_fill(game, s), obs["prestige"][s], seat_name(game, s)) for s in range(n)]
    if game.solo:
        markers.append((BETRAYER_FILL, obs["betrayer_prestige"], "Betrayers"))
    y0 = 44 + 13 * len(markers)
    out.append(
        f'<line x1="{x0}" y1="{y0}" x2="{x0 + width}" y2="{y0}" stroke="#555" stroke-width="2"'
        f"{_help('prestige_track')}/>"
    )
    for v in range(0, most + 1, 10):
        x = x0 + v * scale
        out.append(f'<line x1="{x:.0f}" y1="{y0 - 5}" x2="{x:.0f}" y2="{y0 + 5}" stroke="#555"/>')
        out.append(_text(x, y0 + 19, v, SMALLEST, text_anchor="middle"))
    for k, (fill, v, who) in enumerate(markers):
        out.append(
            f'<circle cx="{x0 + v * scale:.0f}" cy="{y0 - 10 - 13 * k}" r="6" fill="{fill}" '
            f'stroke="#fff"><title>{who}: {v} Prestige</title></circle>'
        )
    ty = y0 + 32
    out.append(_text(PAD, ty + 19, "Tower", 14, font_weight="bold"))
    w = (COLUMN - 2 * PAD - 56) / len(game.tower_need)
    for k, need in enumerate(game.tower_need):
        x = PAD + 56 + k * w
        out.append(
            f'<rect x="{x:.1f}" y="{ty}" width="{w - 4:.1f}" height="28" rx="4" fill="#fff" '
            f'stroke="#777"{_help("tower_track")}><title>Tower Room {k}: {plural(need, "completed Mission")} needed '
            f"for the next</title></rect>"
        )
        out.append(_text(x + 4, ty + 19, k, SMALLEST))
        out.append(_text(x + w - 8, ty + 19, f"≥{need}", SMALLEST, text_anchor="end", fill="#777"))
        for s in range(n):
            if obs["rooms"][s] == k:
                out.append(
                    f'<circle cx="{x + 8 + 8 * s:.1f}" cy="{ty + 34}" r="5" '
                    f'fill="{seat_fill(game, s)}"/>'
                )
    return "".join(out), ty + 46


def _council(game: TurrisGame, obs: dict[str, Any]) -> Panel:
    """The Council track: a row of spots per level, the first level at the top."""
    n = len(obs["prestige"])
    out = [_heading("Council track")]
    levels: dict[int, list[int]] = {}
    for k, spot in enumerate(D.council):
        levels.setdefault(spot.level, []).append(k)
    y = 40.0
    for level in sorted(levels):
        spots = levels[level]
        w = (COLUMN - 2 * PAD - 26 - (len(spots) - 1) * 6) / len(spots)
        out.append(_text(PAD + 8, y + 28, level, 14, font_weight="bold", fill="#6a4a7a"))
        for j, k in enumerate(spots):
            spot = D.council[k]
            x = PAD + 26 + j * (w + 6)
            words = effects_words(spot.effects)
            body, _ = _lines(x + 6, y + 17, words, w - 12, SMALLEST, 2)
            out.append(
                f'<g id="council-{spot.id}"{_help(f"council-{spot.id}")}><rect x="{x:.1f}" y="{y}" width="{w:.1f}" '
                f'height="44" rx="6" fill="#efe6f5" stroke="#6a4a7a" stroke-width="1.5"/>'
                f"{_title(f'Council spot {spot.id.capitalize()}: {words}')}</g>{body}"
            )
            for s in range(n):
                if obs["council"][s] == k:
                    out.append(
                        f'<circle cx="{x + w - 10 - 16 * s:.1f}" cy="{y + 36}" r="7" '
                        f'fill="{seat_fill(game, s)}" stroke="#fff" pointer-events="none"/>'
                    )
        y += 50
    return "".join(out), y + 4


def _supply(game: TurrisGame, obs: dict[str, Any]) -> Panel:
    """The supply's tokens (gained, paid, discarded by a click), the pending rewards and, in
    Setup, the faction cards."""
    out = [_heading("Supply")]
    for k, t in enumerate(TOKENS):
        x = 110 + k * 58
        out.append(
            f'<g id="token-{t}"{_help(TOKEN_HELP[t])}><circle cx="{x}" cy="26" r="21" '
            f'fill="{TOKEN_FILLS[t]}" '
            f'stroke="#222"/>{_title(TOKEN_NAMES[t])}</g>'
        )
        out.append(_text(x, 32, t, 17, fill="#fff", text_anchor="middle", font_weight="bold"))
        out.append(_text(x, 62, TOKEN_NAMES[t], SMALLEST, text_anchor="middle"))
    y = 70.0
    stack = obs["stack"]
    top = stack[-1] if stack and not obs["chance"] else None
    if top is not None and top["frame"] == "rewards":
        out.append(_text(PAD, y + 18, "Rewards to resolve", 15, font_weight="bold"))
        cards: list[tuple[Any, ...]] = []
        for k, src in enumerate(top["packets"]):
            name = source_name(game, src)
            words = effects_words(game.sources[src][1])
            tip = f"{name}: {words}"
            cards.append((f"reward-{k}", name, "", words, "#fff7d6", tip, source_help(game, src)))
        body, h = _cards(cards, y + 28, 2)
        out.append(body)
        y += 28 + h
    if top is not None and top["frame"] == "faction_choice":
        taken = set(obs["faction"])
        out.append(_text(PAD, y + 18, "Factions", 15, font_weight="bold"))
        cards = []
        for f in game.factions_offered:
            if f in taken:
                continue
            faction = D.factions[f]
            for j, side in enumerate(faction.sides):
                words = side_words(side)
                name = f"{faction.name} {side.side}"
                tip = f"{name} ({side.name}): {words}"
                cards.append(
                    (
                        f"faction-{faction.id}-{'ab'[j]}",
                        name,
                        side.name,
                        words,
                        "#f0f0e0",
                        tip,
                        f"faction-{faction.id}",
                    )
                )
        body, h = _cards(cards, y + 28, 2)
        out.append(body)
        y += 28 + h
    return "".join(out), y + 4


def _hand(obs: dict[str, Any]) -> Panel | None:
    hand = obs.get("hand") or []
    if not hand:
        return None
    cards: list[tuple[Any, ...]] = []
    for c in hand:
        card = D.tactics[c]
        words = card_words(card)
        cards.append(
            (
                f"tactics-{card.id}",
                card.name,
                "Tactics",
                words,
                "#e9f4f6",
                f"{card.name}: {words}",
                f"tactics-{card.id}",
            )
        )
    body, h = _cards(cards, 40, 2)
    return _heading("Your Tactics") + body, 40 + h


def _trionfi(obs: dict[str, Any]) -> Panel:
    """The Trionfi tableau: each slot is a Tower Room (solo: it may carry a Damaged token and
    be repaired)."""
    out = [_heading("Trionfi (Tower Rooms)")]
    w = (COLUMN - 2 * PAD - 12) / 3
    damaged = obs.get("damaged") or []
    # every slot as tall as the wordiest Trionfi, with room for a Damaged token in solo play
    h = max(_card_height(w, c.name, _upgrades(c), card_words(c)) for c in D.trionfi)
    h += 24 if damaged else 0
    for k, t in enumerate(obs["trionfi_tableau"]):
        x, y = PAD + (k % 3) * (w + 6), 40 + (k // 3) * (h + 6)
        out.append(
            f'<g id="room-{k}"{_help("tower_room")}><rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{h}" rx="8" '
            f'fill="none" stroke="#aaa" stroke-dasharray="6 4"/>{_title(f"Tower Room {k + 1}")}'
        )
        if t >= 0:
            c = D.trionfi[t]
            words = card_words(c)
            where = _upgrades(c)
            tip = f"{c.name} (upgrades the {where}): {words}"
            out.append(
                _card(
                    f"trionfi-{c.id}",
                    x,
                    y,
                    w,
                    h,
                    c.name,
                    where,
                    words,
                    "#f6ecd2",
                    tip,
                    f"trionfi-{c.id}",
                )  # fmt: skip
            )
        if k < len(damaged) and damaged[k]:
            out.append(
                f'<rect x="{x + 4:.1f}" y="{y + h - 44}" width="{w - 8:.1f}" height="18" rx="4" '
                f'fill="#b71c1c" pointer-events="none"{_help("damaged")}/>'
                + _text(
                    x + w / 2, y + h - 31, "Damaged", SMALLEST, fill="#fff", text_anchor="middle"
                )
            )
        out.append("</g>")
    rows = (len(obs["trionfi_tableau"]) + 2) // 3
    return "".join(out), 40 + rows * (h + 6) + 4


def _upgrades(c: Any) -> str:
    """The Location a Trionfi card upgrades, by its printed name."""
    return D.location(c.location).name


def cost_words(b: Any) -> str:
    """A cost in words, each token by its printed name (``1 Ichor, 1 Relics and 3
    Weaponry``); a choice of tokens names them all."""
    parts = [token_words(b.count(t), t) for t in TOKENS if b.count(t)]
    if b.any:
        parts.append(f"{b.any} of {and_list((TOKEN_NAMES[t] for t in b.of), 'or')}")
    return and_list(parts) or "nothing"


def _mission(c: Any, ident: bool = True, reserved: bool = False) -> tuple[Any, ...]:
    cost = f"pay {cost_words(c.cost)}{' (one less)' * reserved}"
    words = f"{cost}: {card_words(c)}"
    tip = f"{c.name}: {cost} for {c.prestige} Prestige; {card_words(c)}"
    corner = f"{c.prestige}★" + " reserved" * reserved
    return (
        f"mission-{c.id}" if ident else None,
        c.name,
        corner,
        words,
        "#e6eef7",
        tip,
        f"mission-{c.id}",
    )


def _missions(obs: dict[str, Any]) -> Panel:
    body, h = _cards([_mission(D.missions[m]) for m in obs["missions"]], 40, 3)
    return _heading("Missions") + body, 40 + h


def _player(game: TurrisGame, obs: dict[str, Any], s: int, slots_seat: int) -> Panel:
    fill = seat_fill(game, s)
    res = obs["resources"][s]
    faction = "no faction"
    ability = ""
    if obs["faction"][s] >= 0:
        f = D.factions[obs["faction"][s]]
        side = f.sides[obs["side"][s]]
        faction = f"{f.name} {side.side}"
        ability = f"{side.name}: {side_words(side)}. "
    on_board = sum(row[s] for row in obs["scouts"])
    out = [
        f'<rect x="0" y="0" width="{COLUMN}" height="10" rx="4" fill="{fill}"/>',
        _text(
            PAD,
            32,
            f"{seat_name(game, s)}: {faction} — {obs['prestige'][s]} Prestige",
            16,
            font_weight="bold",
        ),
    ]
    for k, t in enumerate(TOKENS):
        x = 30 + k * 66
        out.append(
            f'<g id="res-{s}-{t}"{_help(TOKEN_HELP[t])}><circle cx="{x}" cy="62" r="18" '
            f'fill="{TOKEN_FILLS[t]}" '
            f'stroke="#222"/>{_title(f"{seat_name(game, s)}: {TOKEN_NAMES[t]} {res[k]}")}</g>'
        )
        out.append(_text(x, 68, res[k], 15, fill="#fff", text_anchor="middle", font_weight="bold"))
        out.append(_text(x, 96, TOKEN_NAMES[t], SMALLEST, text_anchor="middle"))
    stats = ability + (
        f"Scouts: {obs['reserve'][s]} in reserve, {on_board} on the board, "
        f"{obs['graveyard'][s]} in the Graveyard; {plural(obs['hand_sizes'][s], 'Tactics card')}; "
        f"{plural(obs['action_tokens'][s], 'Additional Action token')}; "
        f"{plural(len(obs['completed'][s]), 'Mission')} completed; "
        f"{plural(obs['rooms'][s], 'Tower Room')}"
    )
    body, rows = _lines(PAD, 118, stats, COLUMN - 2 * PAD, SMALLEST)
    out.append(body)
    y = 110 + rows * 15
    cards: list[tuple[Any, ...]] = []
    for k in range(2):
        m = obs["ongoing"][s][k] if k < len(obs["ongoing"][s]) else -1
        ident = f"ongoing-{k}" if s == slots_seat else None
        if m >= 0:
            c = D.missions[m]
            words = card_words(c)
            tip = f"{c.name}: {words}"
            cards.append((ident, c.name, "ongoing", words, "#dff0df", tip, f"mission-{c.id}"))
        else:
            cards.append((ident, "Ongoing slot", "", "empty", "#f3f3f3", "Ongoing slot: empty"))
    cards += [_mission(D.missions[m], reserved=True) for m in obs["reserved"][s]]
    for t in obs["trionfi_owned"][s]:
        c = D.trionfi[t]
        words = card_words(c)
        cards.append(
            (None, c.name, "Trionfi", words, "#f6ecd2", f"{c.name}: {words}", f"trionfi-{c.id}")
        )
    body, h = _cards(cards, y, 2)
    out.append(body)
    return "".join(out), y + h + 4


def _betrayers(obs: dict[str, Any]) -> Panel:
    """Solo: the Betrayers' row. They always count as having one of each resource (Solo
    Setup 7); a steal from them, seat 1 of the action space, takes from the supply."""
    seat = 1  # the seat number the rules give the Betrayers in a steal
    die = obs.get("beast_die", -1)
    rolled = f"; d4: {D.beasts[die].name}" if die >= 0 else ""
    card = obs.get("movement_card", 0)
    rolled += f"; Beast Movement card: {card}" if card else ""
    out = [
        f'<rect x="0" y="0" width="{COLUMN}" height="10" rx="4" fill="{BETRAYER_FILL}"'
        f"{_help('betrayers')}/>",
        _text(PAD, 32, f"Betrayers — {obs['betrayer_prestige']} Prestige", 16, font_weight="bold"),
    ]
    for k, t in enumerate(TOKENS[:4]):
        x = 30 + k * 66
        out.append(
            f'<g id="res-{seat}-{t}"{_help(TOKEN_HELP[t])}><circle cx="{x}" cy="62" r="18" '
            f'fill="{TOKEN_FILLS[t]}" '
            f'stroke="#222"/>{_title(f"Betrayers {TOKEN_NAMES[t]}: 1")}</g>'
        )
        out.append(_text(x, 68, 1, 15, fill="#fff", text_anchor="middle", font_weight="bold"))
        out.append(_text(x, 96, TOKEN_NAMES[t], SMALLEST, text_anchor="middle"))
    # the dice of the Betrayer Phase, as last rolled (blank before the first roll)
    for k, (key, face, tip) in enumerate(
        (
            ("d4", str(die + 1) if die >= 0 else "", f"d4: the {D.beasts[die].name}" * (die >= 0)),
            ("d12", str(card) if card else "", f"d12: Location {card}" * bool(card)),
        )
    ):
        x = 296 + k * 52
        out.append(
            f'<g{_help(key)}><rect x="{x}" y="46" width="34" height="34" rx="6" fill="#fff" '
            f'stroke="#222" stroke-width="1.5"/>{_title(tip or key)}</g>'
        )
        out.append(_text(x + 17, 68, face, 15, text_anchor="middle", font_weight="bold"))
        out.append(_text(x + 17, 94, key, SMALLEST, text_anchor="middle"))
    body, rows = _lines(PAD, 122, f"2 Scouts on the board{rolled}", COLUMN - 2 * PAD, SMALLEST)
    out.append(body)
    return "".join(out), 114 + rows * 15 + 4


def _named(panel: Panel | None, name: str, part: str) -> Panel | None:
    """``panel`` with its printed name and the part of the table it shows (the phone's
    tabs)."""
    if panel is None:
        return None
    return (panel[0], panel[1], name, part)


def svg(state: TurrisState, seat: int | None) -> str:
    """The whole table as ``seat`` sees it (the seat's own hand only), as a column of panels."""
    game = state.game
    obs = state.observation(seat)
    n = len(obs["prestige"])
    # the Ongoing slots are clicked by the seat that decides; a spectator sees the decider's
    slots_seat = seat if seat is not None else state.current_player()
    panels: list[Panel | None] = [
        _named(_board(game, obs), "The board", "board"),
        _named(_supply(game, obs), "Supply", "supply"),
        _named(_hand(obs), "Your Tactics", "me"),
        _named(_missions(obs), "Missions", "supply"),
        _named(_trionfi(obs), "Trionfi", "supply"),
        _named(_council(game, obs), "Council track", "scores"),
        # the Altar sets the Beasts' speed, a track: with the others under Scores on a phone,
        # the shared board alone under Board
        _named(_altar(game, obs), "Altar and Beasts", "scores"),
        _named(_prestige(game, obs), "Prestige and Tower", "scores"),
    ]
    for k in range(n):
        s = k if seat is None else (seat + k) % n
        mine = s == seat
        name = "Your board" if mine else seat_name(game, s)
        panels.append(_named(_player(game, obs, s, slots_seat), name, "me" if mine else "others"))
    if game.solo:
        panels.append(_named(_betrayers(obs), "Betrayers", "others"))
    # what each Location gives, in words: a reference kept with the supply on a phone, so that
    # the Board tab is the map alone
    panels.append(_named(_rewards_key(game, obs), "Location rewards", "supply"))
    return board_of_panels(panels, "Turris board")
