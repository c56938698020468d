"""Turris drawn as SVG for a seat, and the board elements that choose each action.

:func:`svg` draws only from ``state.observation(seat)``, the game's data and the designed
positions of ``data/layout.toml``: the Main Board (every Location, the Crossroads, the Abyss,
the Excavation spots A-D with their Sites, the paths between adjacent nodes, the Graveyard)
with Scouts, Beasts and the Fruit on it; the Altar and the Beasts; the Prestige, Council and
Tower tracks; the Trionfi and Mission tableaux as cards; the supply's tokens; every player's
panel (resources, Scouts, Ongoing slots, reserved Missions, Trionfi); the seat's own Tactics
hand as cards; the pending rewards and, in Setup, the faction cards; in solo play the
Betrayers' Scouts, Prestige and row and the Damaged Tower Rooms.

Clickable elements carry ``id`` attributes; :func:`targets` lists the ids that, clicked in
order, choose an action (the same in every state):

>>> from towers.games.turris import actions as A
>>> targets(A.SPACE.parse("place garden"))
['loc-garden']
>>> targets(A.SPACE.parse("beast pain"))
['beast-pain']
>>> targets(A.SPACE.parse("council tower"))
['council-tower']
>>> targets(A.PASS)
[]
"""

from __future__ import annotations

import textwrap
import tomllib
from functools import cache
from html import escape
from typing import TYPE_CHECKING, Any

from towers.games.turris import actions as A
from towers.games.turris.data import DATA_DIR, TOKENS
from towers.games.turris.render import (
    bundle_short,
    card_words,
    effects_words,
    node_name,
    ongoing_words,
    pending_words,
    source_name,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisGame, TurrisState

D = A.DATA
WIDTH = 1000
PAPER = "#f4efe4"
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
LOC_W, LOC_H = 136, 80
CROSS_R = 30


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
    """``data/layout.toml``: node centres, the Graveyard and the bent paths."""
    doc = tomllib.loads((DATA_DIR / "layout.toml").read_text())
    doc["at"] = {item["id"]: (float(item["x"]), float(item["y"])) for item in doc["node"]}
    missing = [loc.id for loc in D.locations if loc.id not in doc["at"]]
    if missing:
        raise ValueError(f"layout.toml: no position for {', '.join(missing)}")
    return doc


def _xy(node_key: str) -> tuple[float, float]:
    at: tuple[float, float] = layout()["at"][node_key]
    return at


# ---- drawing helpers ------------------------------------------------------------------------


def _text(x: float, y: float, body: object, size: int = 14, **attrs: Any) -> str:
    extra = "".join(f' {k.rstrip("_").replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" pointer-events="none"{extra}>'
        f"{escape(str(body))}</text>"
    )


def _lines(x: float, y: float, body: str, chars: int, size: int, most: int, **attrs: Any) -> str:
    """``body`` wrapped to ``chars`` a line, at most ``most`` lines."""
    rows = textwrap.wrap(body, chars) or [""]
    if len(rows) > most:
        rows = rows[:most]
        rows[-1] = rows[-1][: max(chars - 1, 1)] + "…"
    return "".join(_text(x, y + k * (size + 3), r, size, **attrs) for k, r in enumerate(rows))


def _title(body: str) -> str:
    return f"<title>{escape(body)}</title>"


def _seat_fill(game: TurrisGame, seat: int) -> str:
    return SEAT_FILLS.get(game.data.player_sets[seat].colour, "#888")


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
) -> str:
    """A card: a named group (clickable if ``ident``) with its name, a corner note and words."""
    id_attr = f' id="{ident}"' if ident else ""
    name_chars = int(w / 8.5)
    name_rows = min(len(textwrap.wrap(name, name_chars)), 2)
    body_top = y + 20 + 18 * name_rows
    room = y + h - (22 if corner else 6) - body_top + 12
    return (
        f'<g{id_attr}><rect x="{x}" y="{y}" width="{w}" height="{h}" rx="8" fill="{fill}" '
        f'stroke="#444" stroke-width="1.5"/>{_title(tip)}'
        + _lines(x + 8, y + 20, name, name_chars, 15, 2, font_weight="bold")
        + (_text(x + w - 8, y + h - 8, corner, 13, text_anchor="end") if corner else "")
        + _lines(x + 8, body_top, body, max(int(w / 6.6), 8), 12, max(int(room / 15), 1))
        + "</g>"
    )


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


def _tokens_on(
    game: TurrisGame, obs: dict[str, Any], node: int, x: float, y: float, crossroads: bool = False
) -> str:
    """Scouts (seat-coloured dots with counts), Beasts and the Fruit at a node's centre (a
    Crossroads holds Beasts only, at its centre)."""
    out = []
    n = len(obs["prestige"])
    sx = x - 56
    for s in range(n):
        k = obs["scouts"][node][s]
        if not k:
            continue
        fill = _seat_fill(game, s)
        out.append(
            f'<circle cx="{sx}" cy="{y + 2}" r="10" fill="{fill}" stroke="#fff" '
            f'stroke-width="1.5" pointer-events="none"/>'
        )
        if k > 1:
            out.append(_text(sx, y + 7, k, 12, fill="#fff", text_anchor="middle"))
        sx += 23
    here = [b for b, at in enumerate(obs["beast_at"]) if at == node]
    for j, b in enumerate(here):
        beast = D.beasts[b]
        flipped = obs["flipped"][b]
        bx, by = (x + 12 * j, y) if crossroads else (x + 48 - 34 * j, y + 22)
        dash = ' stroke-dasharray="4 3"' if flipped else ""
        out.append(
            f'<g id="beast-{beast.id}"><circle cx="{bx}" cy="{by}" r="16" '
            f'fill="{BEAST_FILLS.get(beast.id, "#333")}" stroke="#fff" stroke-width="3"{dash}'
            f' opacity="{0.55 if flipped else 1}"/>'
            f"{_title(beast.name + (' (flipped)' if flipped else ''))}"
            + _text(bx, by + 5, beast.name[:3], 11, fill="#fff", text_anchor="middle")
            + "</g>"
        )
    betrayers = obs.get("betrayer_at", []).count(node)
    if betrayers:
        out.append(
            f'<circle cx="{sx}" cy="{y + 2}" r="10" fill="{BETRAYER_FILL}" stroke="#fff" '
            f'stroke-width="1.5" pointer-events="none"><title>Betrayers</title></circle>'
        )
        out.append(
            _text(
                sx,
                y + 7,
                "B" if betrayers == 1 else betrayers,
                12,
                fill="#fff",
                text_anchor="middle",
            )
        )
    if obs["fruit"] == node:
        out.append(
            f'<circle cx="{x - 8}" cy="{y + 26}" r="9" fill="#4caf50" stroke="#1b5e20" '
            f'pointer-events="none"><title>the Fruit</title></circle>'
        )
    return "".join(out)


def _node(game: TurrisGame, obs: dict[str, Any], i: int) -> str:
    loc = D.locations[i]
    x, y = _xy(loc.id)
    ident = node_id(i)
    if loc.kind == "crossroads":
        return (
            f'<g id="{ident}"><circle cx="{x}" cy="{y}" r="{CROSS_R}" fill="#4a4238" '
            f'stroke="#222" stroke-width="2"/>{_title(loc.name)}'
            + _text(x, y + 4, "✕", 14, fill="#bbb", text_anchor="middle")
            + _tokens_on(game, obs, i, x, y, crossroads=True)
            + "</g>"
        )
    limit, immediate, fill, stroke = False, False, "#fbf6ea", "#5a4a32"
    effects: tuple[Any, ...] = ()
    dash = ""
    if loc.kind == "excavation":
        k = game.spots.index(i)
        site = obs["site_at"][k]
        label = f"{loc.letter}"
        if site >= 0:
            s = D.excavation_sites[site]
            name, limit, immediate, effects = s.name, bool(s.limit), s.immediate, s.effects
            fill = "#efe3c8"
        else:
            name = "closed" if not obs["spot_open"][k] else "no Site"
            fill, dash = "#d6cfc0", ' stroke-dasharray="6 4"'
    else:
        label = str(loc.number)
        name, limit, immediate, effects = loc.name, bool(loc.limit), loc.immediate, loc.effects
        if obs["upgraded"][i]:
            up = next(u for u in D.upgrades if u.location == loc.id)
            effects, stroke = up.effects, "#1d7f8c"
        if loc.id == "abyss":
            fill = "#3d3630"
    ink = "#fff" if fill == "#3d3630" else "#222"
    tip = f"{label} {name}: {effects_words(effects) if effects else 'no reward'}"
    if limit:
        tip += " (limit 1)"
    if immediate:
        tip += " (immediate)"
    x0, y0 = x - LOC_W / 2, y - LOC_H / 2
    out = [
        f'<g id="{ident}"><rect x="{x0}" y="{y0}" width="{LOC_W}" height="{LOC_H}" rx="10" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="3"{dash}/>{_title(tip)}',
        f'<circle cx="{x0 + 14}" cy="{y0 + 14}" r="11" fill="#5a4a32" pointer-events="none"/>',
        _text(x0 + 14, y0 + 19, label, 13, fill="#fff", text_anchor="middle"),
        _text(x0 + 30, y0 + 20, name[:13], 16, font_weight="bold", fill=ink),
    ]
    marks = ("①" if limit else "") + ("⚡" if immediate else "")
    if marks:
        out.append(_text(x0 + 8, y0 + LOC_H - 8, marks, 14, fill=ink))
    # the tokens sit inside the Location's group: a click on a Beast that is not itself a
    # choice falls through to the Location under it
    out.append(_tokens_on(game, obs, i, x, y))
    out.append("</g>")
    return "".join(out)


def _graveyard(game: TurrisGame, obs: dict[str, Any]) -> str:
    g = layout()["graveyard"]
    x, y = float(g["x"]), float(g["y"])
    w, h = 140, 90
    out = [
        f'<g id="graveyard"><rect x="{x - w / 2}" y="{y - h / 2}" width="{w}" height="{h}" '
        f'rx="10" fill="#5c5c5c" stroke="#222" stroke-width="2"/>'
        f"{_title('Graveyard (Force Revive)')}</g>",
        _text(x, y - h / 2 + 20, "Graveyard", 15, fill="#fff", text_anchor="middle"),
    ]
    sx = x - w / 2 + 16
    for s in range(len(obs["prestige"])):
        k = obs["graveyard"][s]
        if k:
            out.append(
                f'<circle cx="{sx}" cy="{y + 15}" r="10" fill="{_seat_fill(game, s)}" '
                f'stroke="#fff" pointer-events="none"/>'
            )
            out.append(_text(sx, y + 20, k, 12, fill="#fff", text_anchor="middle"))
            sx += 23
    return "".join(out)


def _board(game: TurrisGame, obs: dict[str, Any], top: float) -> tuple[str, float]:
    b = layout()["board"]
    w, h = int(b["width"]), int(b["height"])
    out = [
        f'<g transform="translate(0,{top})">',
        f'<rect x="0" y="0" width="{w}" height="{h}" rx="16" fill="{BOARD_FILL}"/>',
        _paths(),
        *(_node(game, obs, i) for i in range(len(D.locations))),
        _graveyard(game, obs),
        "</g>",
    ]
    return "".join(out), top + h


# ---- tracks, tableaux, players ----------------------------------------------------------------


def _beasts_and_tracks(game: TurrisGame, obs: dict[str, Any], top: float) -> tuple[str, float]:
    n = len(obs["prestige"])
    out = [_text(10, top + 22, "Altar and Beasts", 17, font_weight="bold")]
    y = top + 34
    for k, space in enumerate(D.altar):
        x = 10 + k * 120
        on = obs["altar"] == k
        out.append(
            f'<rect x="{x}" y="{y}" width="112" height="34" rx="6" '
            f'fill="{"#f2c14e" if on else "#fff"}" stroke="#555" pointer-events="none"/>'
        )
        out.append(
            _text(x + 56, y + 22, f"{space.label} ({space.speed})", 13, text_anchor="middle")
        )
    y += 44
    for b, beast in enumerate(D.beasts):
        x = 10 + b * 120
        at = obs["beast_at"][b]
        where = node_name(game, obs, at) if at >= 0 else "removed"
        ident = f' id="beast-{beast.id}"' if at < 0 else ""
        out.append(
            f'<g{ident}><rect x="{x}" y="{y}" width="112" height="46" rx="6" '
            f'fill="{BEAST_FILLS.get(beast.id, "#333")}"/>'
            f"{_title(f'{beast.name}: {beast.effect}')}</g>"
        )
        flipped = " ↓" if obs["flipped"][b] else ""
        out.append(_text(x + 8, y + 19, f"{beast.number} {beast.name}{flipped}", 14, fill="#fff"))
        out.append(_text(x + 8, y + 38, where[:15], 12, fill="#ddd"))
    # the Prestige track as a scale, seat markers above their scores
    px = 500
    out.append(_text(px, top + 22, "Prestige", 17, font_weight="bold"))
    most = max(D.prestige_track, *obs["prestige"], obs.get("betrayer_prestige", 0))
    scale = 480 / most
    y0 = top + 92
    out.append(
        f'<line x1="{px}" y1="{y0}" x2="{px + 480}" y2="{y0}" stroke="#555" stroke-width="2"/>'
    )
    for v in range(0, most + 1, 10):
        out.append(
            f'<line x1="{px + v * scale:.0f}" y1="{y0 - 5}" x2="{px + v * scale:.0f}" '
            f'y2="{y0 + 5}" stroke="#555"/>'
        )
        out.append(_text(px + v * scale, y0 + 20, v, 12, text_anchor="middle"))
    for s in range(n):
        v = obs["prestige"][s]
        out.append(
            f'<circle cx="{px + v * scale:.0f}" cy="{y0 - 12 - 11 * s}" r="6" '
            f'fill="{_seat_fill(game, s)}" stroke="#fff"><title>P{s + 1}: {v}</title></circle>'
        )
    if game.solo:
        v = obs["betrayer_prestige"]
        out.append(
            f'<circle cx="{px + v * scale:.0f}" cy="{y0 - 12 - 11 * n}" r="6" '
            f'fill="{BETRAYER_FILL}" stroke="#fff"><title>Betrayers: {v}</title></circle>'
        )
    # the Tower track
    ty = top + 120
    out.append(_text(px, ty + 16, "Tower", 15, font_weight="bold"))
    for k, need in enumerate(game.tower_need):
        x = px + 60 + k * 60
        out.append(
            f'<rect x="{x}" y="{ty}" width="54" height="26" rx="4" fill="#fff" stroke="#777"/>'
        )
        out.append(_text(x + 4, ty + 18, k, 12))
        out.append(_text(x + 50, ty + 18, f"≥{need}", 10, text_anchor="end", fill="#777"))
        for s in range(n):
            if obs["rooms"][s] == k:
                out.append(
                    f'<circle cx="{x + 12 + 7 * s}" cy="{ty + 30}" r="5" '
                    f'fill="{_seat_fill(game, s)}"/>'
                )
    y = top + 166
    # the Council track: a column of spots per level
    out.append(_text(10, y + 22, "Council track", 17, font_weight="bold"))
    y += 32
    levels = game.council_levels + 1
    colw = WIDTH // levels
    rows: dict[int, int] = {}
    for k, spot in enumerate(D.council):
        row = rows.get(spot.level, 0)
        rows[spot.level] = row + 1
        x = 8 + spot.level * colw
        sy = y + row * 58
        out.append(
            f'<g id="council-{spot.id}"><rect x="{x}" y="{sy}" width="{colw - 14}" height="52" '
            f'rx="6" fill="#efe6f5" stroke="#6a4a7a" stroke-width="1.5"/>'
            f"{_title(f'{spot.id}: {effects_words(spot.effects)}')}</g>"
        )
        out.append(_lines(x + 6, sy + 16, effects_words(spot.effects), 26, 11, 2))
        for s in range(n):
            if obs["council"][s] == k:
                out.append(
                    f'<circle cx="{x + 12 + 16 * s}" cy="{sy + 42}" r="7" '
                    f'fill="{_seat_fill(game, s)}" stroke="#fff" pointer-events="none"/>'
                )
    y += max(rows.values()) * 58
    return "".join(out), y + 6


def _tableaux(obs: dict[str, Any], top: float) -> tuple[str, float]:
    out = [_text(10, top + 22, "Trionfi (Tower Rooms)", 17, font_weight="bold")]
    y = top + 32
    w = (WIDTH - 20) / 6 - 6
    damaged = obs.get("damaged") or []
    for k, t in enumerate(obs["trionfi_tableau"]):
        # each slot is a Tower Room (solo: it may carry a Damaged token and be repaired)
        x = 10 + k * (w + 6)
        out.append(
            f'<g id="room-{k}"><rect x="{x}" y="{y}" width="{w}" height="150" rx="8" '
            f'fill="none" stroke="#aaa" stroke-dasharray="6 4"/>{_title(f"Tower Room {k + 1}")}'
        )
        if t >= 0:
            c = D.trionfi[t]
            out.append(
                _card(
                    f"trionfi-{c.id}",
                    x,
                    y,
                    w,
                    150,
                    c.name,
                    c.location,
                    card_words(c),
                    "#f6ecd2",
                    f"{c.name} (upgrades the {c.location}): {card_words(c)}",
                )
            )
        if k < len(damaged) and damaged[k]:
            out.append(
                f'<rect x="{x + w - 70}" y="{y + 110}" width="64" height="18" rx="4" '
                f'fill="#b71c1c" pointer-events="none"/>'
                + _text(x + w - 38, y + 123, "Damaged", 11, fill="#fff", text_anchor="middle")
            )
        out.append("</g>")
    y += 160
    out.append(_text(10, y + 22, "Missions", 17, font_weight="bold"))
    y += 32
    w = (WIDTH - 20) / 5 - 6
    for k, m in enumerate(obs["missions"]):
        c = D.missions[m]
        out.append(_mission_card(c, 10 + k * (w + 6), y, w, 150))
    return "".join(out), y + 160


def _mission_card(c: Any, x: float, y: float, w: float, h: float, ident: bool = True) -> str:
    body = f"pay {bundle_short(c.cost)}: " + card_words(c)
    return _card(
        f"mission-{c.id}" if ident else None,
        x,
        y,
        w,
        h,
        c.name,
        f"{c.prestige}★",
        body,
        "#e6eef7",
        f"{c.name}: pay {bundle_short(c.cost)} for {c.prestige} Prestige; {card_words(c)}",
    )


def _pending(game: TurrisGame, obs: dict[str, Any], top: float) -> tuple[str, float]:
    """The supply's tokens (gained, paid, discarded by a click) and the pending rewards."""
    out = [_text(10, top + 22, "Supply", 17, font_weight="bold")]
    for k, t in enumerate(TOKENS):
        x = 110.0 + k * 70
        out.append(
            f'<g id="token-{t}"><circle cx="{x}" cy="{top + 16}" r="22" fill="{TOKEN_FILLS[t]}" '
            f'stroke="#222"/>{_title(t)}</g>'
        )
        out.append(_text(x, top + 22, t, 17, fill="#fff", text_anchor="middle", font_weight="bold"))
    y = top + 50
    stack = obs["stack"]
    if stack and not obs["chance"] and stack[-1]["frame"] == "rewards":
        out.append(_text(10, y + 22, "Rewards to resolve", 15, font_weight="bold"))
        for k, src in enumerate(stack[-1]["packets"]):
            effects = game.sources[src][1]
            name = source_name(game, src)
            x = 10 + (k % 4) * 245
            ry = y + 32 + (k // 4) * 70
            out.append(
                _card(
                    f"reward-{k}",
                    x,
                    ry,
                    238,
                    64,
                    name,
                    "",
                    effects_words(effects),
                    "#fff7d6",
                    f"{name}: {effects_words(effects)}",
                )
            )
        y += 32 + ((len(stack[-1]["packets"]) + 3) // 4) * 70
    if stack and not obs["chance"] and stack[-1]["frame"] == "faction_choice":
        taken = set(obs["faction"])
        out.append(_text(10, y + 22, "Factions", 15, font_weight="bold"))
        y += 32
        shown = [f for f in game.factions_offered if f not in taken]
        w = (WIDTH - 20) / 4 - 6
        for k, f in enumerate(shown):
            faction = D.factions[f]
            for j, side in enumerate(faction.sides):
                x = 10 + ((2 * k + j) % 4) * (w + 6)
                fy = y + ((2 * k + j) // 4) * 136
                words = effects_words(side.effects) if side.effects else ""
                words = " | ".join([words] * bool(words) + [ongoing_words(o) for o in side.ongoing])
                out.append(
                    _card(
                        f"faction-{faction.id}-{'ab'[j]}",
                        x,
                        fy,
                        w,
                        130,
                        f"{faction.name} {side.side}",
                        side.name,
                        words,
                        "#f0f0e0",
                        f"{faction.name} {side.side} ({side.name}): {words}",
                    )
                )
        y += ((2 * len(shown) + 3) // 4) * 136
    return "".join(out), y + 6


def _player(
    game: TurrisGame, obs: dict[str, Any], s: int, slots_seat: int, top: float
) -> tuple[str, float]:
    fill = _seat_fill(game, s)
    res = obs["resources"][s]
    faction = "no faction"
    if obs["faction"][s] >= 0:
        f = D.factions[obs["faction"][s]]
        faction = f"{f.name} {f.sides[obs['side'][s]].side}"
    on_board = sum(row[s] for row in obs["scouts"])
    out = [
        f'<rect x="4" y="{top}" width="{WIDTH - 8}" height="10" fill="{fill}"/>',
        _text(
            10,
            top + 32,
            f"P{s + 1} {faction} — {obs['prestige'][s]} Prestige",
            17,
            font_weight="bold",
        ),
        _text(
            10,
            top + 54,
            f"Scouts: {obs['reserve'][s]} reserve, {on_board} board, "
            f"{obs['graveyard'][s]} graveyard; {obs['hand_sizes'][s]} Tactics; "
            f"{obs['action_tokens'][s]} action tokens; {len(obs['completed'][s])} Missions "
            f"done; {obs['rooms'][s]} rooms",
            13,
        ),
    ]
    for k, t in enumerate(TOKENS):
        x = 620.0 + k * 72
        out.append(
            f'<g id="res-{s}-{t}"><circle cx="{x}" cy="{top + 30}" r="18" '
            f'fill="{TOKEN_FILLS[t]}" stroke="#222"/>{_title(f"P{s + 1} {t}: {res[k]}")}</g>'
        )
        out.append(
            _text(x, top + 35, res[k], 15, fill="#fff", text_anchor="middle", font_weight="bold")
        )
        out.append(_text(x + 21, top + 48, t, 11))
    y = top + 66
    w = (WIDTH - 20) / 4 - 6
    cards = []
    for k in range(2):
        m = obs["ongoing"][s][k] if k < len(obs["ongoing"][s]) else -1
        ident = f"ongoing-{k}" if s == slots_seat else None
        if m >= 0:
            c = D.missions[m]
            cards.append((ident, c.name, "ongoing", card_words(c), "#dff0df"))
        else:
            cards.append((ident, "Ongoing slot", "", "empty", "#f3f3f3"))
    for m in obs["reserved"][s]:
        c = D.missions[m]
        cards.append(
            (
                f"mission-{c.id}",
                c.name,
                f"{c.prestige}★ reserved",
                f"pay {bundle_short(c.cost)} (one less): {card_words(c)}",
                "#e6eef7",
            )
        )
    for t in obs["trionfi_owned"][s]:
        c = D.trionfi[t]
        cards.append((None, c.name, "Trionfi", card_words(c), "#f6ecd2"))
    for k, (ident, name, corner, body, cfill) in enumerate(cards):
        x = 10 + (k % 4) * (w + 6)
        cy = y + (k // 4) * 106
        out.append(_card(ident, x, cy, w, 100, name, corner, body, cfill, f"{name}: {body}"))
    y += ((len(cards) + 3) // 4) * 106
    return "".join(out), y + 8


def _betrayers(obs: dict[str, Any], top: float) -> tuple[str, float]:
    """Solo: the Betrayers' row. They always count as having one of each resource (Solo
    Setup 7); a steal from them, seat 2 of the action space, takes from the supply."""
    seat = 1  # the seat number the rules give the Betrayers in a steal
    die = obs.get("beast_die", -1)
    rolled = f"; d4: {D.beasts[die].name}" if die >= 0 else ""
    card = obs.get("movement_card", 0)
    rolled += f"; Beast Movement card: {card}" if card else ""
    out = [
        f'<rect x="4" y="{top}" width="{WIDTH - 8}" height="10" fill="{BETRAYER_FILL}"/>',
        _text(
            10, top + 32, f"Betrayers — {obs['betrayer_prestige']} Prestige", 17, font_weight="bold"
        ),
        _text(10, top + 54, f"2 Scouts on the board{rolled}", 13),
    ]
    for k, t in enumerate(TOKENS[:4]):
        x = 620.0 + k * 72
        out.append(
            f'<g id="res-{seat}-{t}"><circle cx="{x}" cy="{top + 30}" r="18" '
            f'fill="{TOKEN_FILLS[t]}" stroke="#222"/>{_title(f"Betrayers {t}: 1")}</g>'
        )
        out.append(_text(x, top + 35, 1, 15, fill="#fff", text_anchor="middle", font_weight="bold"))
    return "".join(out), top + 66


def _hand(obs: dict[str, Any], top: float) -> tuple[str, float]:
    hand = obs.get("hand") or []
    if not hand:
        return "", top
    out = [_text(10, top + 22, "Your Tactics", 17, font_weight="bold")]
    y = top + 32
    w = (WIDTH - 20) / 4 - 6
    for k, c in enumerate(hand):
        card = D.tactics[c]
        x = 10 + (k % 4) * (w + 6)
        cy = y + (k // 4) * 136
        out.append(
            _card(
                f"tactics-{card.id}",
                x,
                cy,
                w,
                130,
                card.name,
                "Tactics",
                card_words(card),
                "#e9f4f6",
                f"{card.name}: {card_words(card)}",
            )
        )
    return "".join(out), y + ((len(hand) + 3) // 4) * 136


def svg(state: TurrisState, seat: int | None) -> str:
    """The whole table as ``seat`` sees it (the seat's own hand only)."""
    game = state.game
    obs = state.observation(seat)
    n = len(obs["prestige"])
    # the Ongoing slots are clicked by the seat that decides; a spectator sees the decider's
    slots_seat = seat if seat is not None else (state.current_player())
    parts: list[str] = []
    head = f"Turris — round {obs['round'] + 1} — {pending_words(game, obs)}"
    parts.append(_lines(10, 24, head, 110, 16, 2, font_weight="bold"))
    y = 56.0
    for draw in (_board,):
        body, y = draw(game, obs, y)
        parts.append(body)
    body, y = _beasts_and_tracks(game, obs, y + 10)
    parts.append(body)
    body, y = _pending(game, obs, y + 10)
    parts.append(body)
    body, y = _hand(obs, y)
    parts.append(body)
    body, y = _tableaux(obs, y + 6)
    parts.append(body)
    for k in range(n):
        s = k if seat is None else (seat + k) % n
        body, y = _player(game, obs, s, slots_seat, y + 6)
        parts.append(body)
    if game.solo:
        body, y = _betrayers(obs, y + 6)
        parts.append(body)
    height = int(y + 10)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'font-family="sans-serif"><rect width="{WIDTH}" height="{height}" fill="{PAPER}"/>'
        + "".join(parts)
        + "</svg>"
    )
