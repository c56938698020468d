"""Return to Dark Tower drawn as SVG for a seat, and the board elements that choose each action.

:func:`svg` draws from the state's public table (everything but the skulls resting inside the
Tower) and the game's data, as a column of panels (:mod:`towers.core.panels`): the app's
messages (the month, the last event, the battle card by card), the map of the 60 locations
(``data/layout.toml``: the four kingdoms as quarters round the Tower, spaces joined by their
movement edges, river crossings dashed, buildings square with their skulls, heroes as flags,
foes as red diamonds), the Tower (its three drums with seals and glyphs by side), the 16
buildings, the foes and the adversary, the main goal's dungeon, the market and the month's
quests, and each hero's board. Every component carries its words in a ``<title>`` (hover, or
a long tap).

Clickable elements carry ``id`` attributes; :func:`targets` lists the ids that choose an
action (the same in every state). Gear, potions, treasures and virtues carry ids on the board
of the hero who decides only:

>>> from towers.games.dark_tower.actions import SPACE
>>> targets(SPACE.parse("move to Anza"))
['loc-45']
>>> targets(SPACE.parse("battle adversary")), targets(SPACE.parse("drop a skull"))
(['foe-3'], ['tower-drop'])
>>> targets(SPACE.parse("done"))
[]
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import cache
from html import escape
from typing import TYPE_CHECKING, Any

from towers.core.datafile import read
from towers.core.panels import COLUMN, PAD, SMALLEST, TAP, Panel, board_of_panels
from towers.core.words import plural
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import explain as X
from towers.games.dark_tower import frames as F
from towers.games.dark_tower import render as R
from towers.games.dark_tower.data import (
    BUILDING_TYPES,
    DATA,
    DATA_DIR,
    SIDES,
    DataError,
    LayoutFile,
)

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState

KINGDOM_FILLS = X.KINGDOM_FILLS
KINGDOM_TINTS = {"Yellow": "#f7ecc0", "Blue": "#d3e0f5", "Red": "#f3d3cf", "Green": "#d4ebd5"}
RIVER = "#3c8dc9"
FOE_FILL = "#b3261e"
SPACE_FILL = "#fffdf7"
ROW = SMALLEST + 4


# ---- targets ------------------------------------------------------------------------------


def targets(action: int) -> list[str]:
    """The ids that, clicked in order, choose ``action``."""
    value = A.SPACE.decode(action)
    match value:
        case A.Move(to=to):
            return [f"loc-{to}"]
        case A.PlaceSkull(building=b):
            return [f"bld-{b}"]
        case A.Battle(foe=f):
            return [f"foe-{f}"]
        case A.Quest(quest=q):
            return [f"quest-{q}"]
        case A.Explore():
            return ["dungeon"]
        case A.GoalQuest():
            return ["goal-quest"]
        case A.EnterRoom(room=r):
            return [f"room-{r}"]
        case A.DropSkull():
            return ["tower-drop"]
        case A.TakeGear(gear=g) | A.LoseGear(gear=g) | A.SpendGear(gear=g):
            return [f"gear-{g}"]
        case A.DrinkPotion(potion=p) | A.LosePotion(potion=p):
            return [f"potion-{p}"]
        case A.ReadScroll(treasure=t):
            return [f"treasure-{t}"]
        case A.ActivateVirtue(virtue=v):
            return [f"virtue-{v}"]
        case A.TakeMarket(slot=s) | A.ReplaceWare(slot=s):
            return [f"market-{s}"]
        case A.TradeWith(seat=s):
            return [f"hero-{s}"]
    return []


# ---- drawing helpers ----------------------------------------------------------------------


def _text(x: float, y: float, body: object, size: int = SMALLEST, **attrs: Any) -> str:
    extra = "".join(f' {k.rstrip("_").replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{max(size, SMALLEST)}" '
        f'pointer-events="none"{extra}>{escape(str(body))}</text>'
    )


def _title(body: str) -> str:
    return f"<title>{escape(body)}</title>"


def _fit(body: str, width: float, size: int = SMALLEST) -> str:
    """``body`` cut with an ellipsis to fit ``width`` units."""
    most = max(int(width / (size * 0.56)), 3)
    return body if len(body) <= most else body[: most - 1] + "…"


def _lines(x: float, y: float, body: str, width: float = COLUMN - 2 * PAD) -> tuple[str, float]:
    """``body`` wrapped from baseline ``y``; the text and its height."""
    rows = textwrap.wrap(body, max(int(width / (SMALLEST * 0.55)), 8)) or [""]
    return "".join(_text(x, y + k * ROW, r) for k, r in enumerate(rows)), len(rows) * ROW


def _help(key: str | None) -> str:
    """The ``data-help`` attribute of an element showing the component ``key`` (a key of
    the glossary, :mod:`.explain`), or nothing."""
    return f' data-help="{escape(key, quote=True)}"' if key else ""


def label_rows(label: str, width: float) -> list[str]:
    """A tile's label in the lines a tile ``width`` units wide holds, broken between words:
    the whole name shows."""
    return textwrap.wrap(label, max(int((width - 8) / (SMALLEST * 0.56)), 3)) or [""]


def tile_height(label: str, width: float) -> float:
    """A tile's height: ``TAP``, or more for a label of several lines."""
    return max(TAP, len(label_rows(label, width)) * ROW + 8)


def _tile(
    ident: str | None,
    x: float,
    y: float,
    w: float,
    label: str,
    tip: str,
    fill: str = "#fff",
    help_key: str | None = None,
    h: float = TAP,
) -> str:
    """A clickable (if ``ident``) box of words, ``h`` high (``TAP`` at least, as
    :func:`tile_height` gives for the label); ``help_key`` the glossary's key of the component
    it shows."""
    id_attr = f' id="{ident}"' if ident else ""
    rows = label_rows(label, w)
    top = y + h / 2 + 4 - (len(rows) - 1) * ROW / 2
    words = "".join(
        _text(x + w / 2, top + k * ROW, row, text_anchor="middle") for k, row in enumerate(rows)
    )
    return (
        f'<g{id_attr}{_help(help_key)}><rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.0f}" rx="5" '
        f'fill="{fill}" stroke="#6b6355"/>{_title(tip)}' + words + "</g>"
    )


Item = tuple[str | None, str, str, str | None]
"""A tile: its id (None: not clickable), label, tip and help key (None: none)."""


def _tiles(items: Sequence[Item], top: float, per_row: int = 3) -> tuple[str, float]:
    """Tiles in rows from ``top``, each row as tall as its wordiest label needs; the drawing
    and its height."""
    gap = 6
    w = (COLUMN - 2 * PAD - gap * (per_row - 1)) / per_row
    out = []
    y = top
    for start in range(0, len(items), per_row):
        row = items[start : start + per_row]
        h = max(tile_height(label, w) for _, label, _, _ in row)
        for k, (ident, label, tip, key) in enumerate(row):
            out.append(_tile(ident, PAD + k * (w + gap), y, w, label, tip, help_key=key, h=h))
        y += h + gap
    return "".join(out), y - top


def _heading(body: str, y: float = 22) -> str:
    return _text(PAD, y, body, 15, font_weight="bold")


# ---- the map ------------------------------------------------------------------------------


@cache
def layout() -> dict[str, Any]:
    """``data/layout.toml``: each location's place on the map and its short name, in the
    order of the board's locations; a ValueError names a location missing or unknown."""
    file = read(DATA_DIR / "layout.toml", LayoutFile, DataError)
    at = {s.name: s for s in file.spaces}
    names = [loc.name for loc in DATA.locations]
    if set(at) != set(names):
        raise ValueError(
            f"layout.toml places {sorted(set(at) - set(names))} (not on the board) and misses "
            f"{sorted(set(names) - set(at))}"
        )
    return {
        "size": file.map.size,
        "tower": file.map.tower,
        "radius": file.map.space_radius,
        "at": [at[n].at for n in names],
        "short": [at[n].short for n in names],
    }


MAP_TOP = 30
SCALE = (COLUMN - 2 * PAD) / 400


def _xy(p: tuple[float, float]) -> tuple[float, float]:
    return PAD + p[0] * SCALE, MAP_TOP + p[1] * SCALE


def _quarters() -> str:
    """The four kingdoms as the quarters of the square round the Tower."""
    lay = layout()
    size = lay["size"]
    corners = [(0, 0), (size, 0), (size, size), (0, size)]
    centre = lay["tower"]
    out = []
    for k, kingdom in enumerate(DATA.kingdoms):
        a, b = corners[k], corners[(k + 1) % 4]
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (_xy(a), _xy(b), _xy(centre)))
        out.append(
            f'<polygon points="{pts}"{_help(X.kingdom_key(k))} fill="{KINGDOM_TINTS[kingdom.color]}" '
            f'stroke="{KINGDOM_FILLS[kingdom.color]}" stroke-width="2">'
            f"{_title(f'{kingdom.name}, the {SIDES[kingdom.side]} ({kingdom.terrain})')}"
            "</polygon>"
        )
    return "".join(out)


def _edges() -> str:
    lay = layout()
    out = []
    for a, b in DATA.edges:
        (x1, y1), (x2, y2) = _xy(lay["at"][a]), _xy(lay["at"][b])
        river = (a, b) in DATA.rivers
        style = (
            f'stroke="{RIVER}" stroke-width="3" stroke-dasharray="5 3"'
            if river
            else ('stroke="#8a8170" stroke-width="1.5"')
        )
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>')
    return "".join(out)


def _space(state: DarkTowerState, obs: dict[str, Any], i: int, who: dict[int, Any]) -> str:
    lay = layout()
    loc = DATA.locations[i]
    x, y = _xy(lay["at"][i])
    r = lay["radius"]
    words = [R.location_words(i)]
    if loc.building >= 0:
        b = BUILDING_INDEX[i]
        n = state.skulls[b]
        words.append("destroyed" if n < 0 else plural(n, "skull") + " on it")
        words.append(R.building_words(loc.building))
        shape = (
            f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" rx="4" '
            f'fill="{"#9a9186" if n < 0 else SPACE_FILL}" stroke="#333" stroke-width="2"/>'
        )
        pips = "".join(
            f'<circle cx="{x - r + 5 + 7 * k:.1f}" cy="{y + r - 4:.1f}" r="3" fill="#222"/>'
            for k in range(max(n, 0))
        )
    else:
        shape = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{SPACE_FILL}" stroke="#555"/>'
        pips = ""
    marks = ""
    heroes, foes = who.get(i, ([], []))
    for k, seat in enumerate(heroes):
        colour = KINGDOM_FILLS[DATA.kingdoms[state.game.kingdoms[seat]].color]
        hx = x + r - 2 + 6 * k
        marks += (
            f'<path d="M{hx:.1f} {y - r - 6:.1f} v12 M{hx:.1f} {y - r - 6:.1f} l7 3 l-7 3" '
            f'stroke="#111" stroke-width="1.5" fill="{colour}"/>'
        )
        words.append(f"hero: {R.hero_name(state, seat)}")
    for k, name in enumerate(foes):
        fx, fy = x - r + 1 + 7 * k, y - r + 1
        marks += (
            f'<path d="M{fx:.1f} {fy - 6:.1f} l6 6 l-6 6 l-6 -6 z" fill="{FOE_FILL}" '
            'stroke="#fff"/>'
        )
        words.append(f"foe: {name}")
    label = _text(x, y + 4, lay["short"][i], text_anchor="middle", font_weight="bold")
    return (
        f'<g id="loc-{i}"{_help(X.space_key(i))}>{_title(". ".join(words))}{shape}{pips}{label}'
        f'<g pointer-events="none">{marks}</g></g>'
    )


BUILDING_INDEX = {b.location: k for k, b in enumerate(DATA.buildings)}


def _occupants(state: DarkTowerState) -> dict[int, Any]:
    who: dict[int, tuple[list[int], list[str]]] = {}
    for seat, at in enumerate(state.at):
        who.setdefault(at, ([], []))[0].append(seat)
    n = len(state.game.foes)
    for i in range(len(DATA.locations)):
        for f in range(n):
            count = state.foes[i * n + f]
            if count:
                name = DATA.foes[state.game.foes[f]].name
                who.setdefault(i, ([], []))[1].extend([name] * count)
    if state.adversary_at >= 0:
        adv = DATA.foes[state.game.adversary].name
        who.setdefault(state.adversary_at, ([], []))[1].append(f"{adv} (adversary)")
    return who


def _map(state: DarkTowerState, obs: dict[str, Any]) -> Panel:
    lay = layout()
    cx, cy = _xy(lay["tower"])
    tower = (
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="24"{_help("the-tower")} fill="#3b3440" '
        'stroke="#111">'
        f"{_title('The Tower')}</circle>"
        + _text(cx, cy + 4, "Tower", text_anchor="middle", fill="#fff")
    )
    who = _occupants(state)
    spaces = "".join(_space(state, obs, i, who) for i in range(len(DATA.locations)))
    legend = (
        f"<g{_help('rivers')}>"
        + _text(PAD, MAP_TOP + 400 * SCALE + 18, "dashed blue: a river crossing")
        + "</g>"
    )
    body = _heading("The four kingdoms") + _quarters() + _edges() + tower + spaces + legend
    return body, MAP_TOP + 400 * SCALE + 26, "The four kingdoms", "board"


def _sheet(x: float, y: float, w: float, h: float) -> str:
    """A clear sheet under words, so that a pointer resting on them reaches the help of the
    group they are in (text takes no pointer)."""
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="#fff" '
        'fill-opacity="0"/>'
    )


def _places() -> Panel:
    """The key to the map's short names: each kingdom's places, the short name in bold, then
    the whole name, in lines that flow across the panel."""
    lay = layout()
    out = [_heading("Places on the map")]
    y = 44.0
    right = COLUMN - PAD
    for k, kingdom in enumerate(DATA.kingdoms):
        x = float(PAD)
        head = f"{kingdom.name}:"
        wide = len(head) * SMALLEST * 0.62
        out.append(
            f"<g{_help(X.kingdom_key(k))}>{_sheet(x, y - SMALLEST, wide, ROW)}"
            + _text(x, y, head, font_weight="bold", fill="#333")
            + "</g>"
        )
        x += wide + 8
        for i, loc in enumerate(DATA.locations):
            if loc.kingdom != k:
                continue
            short = lay["short"][i]
            width = (len(short) * 0.64 + len(loc.name) * 0.56 + 0.4) * SMALLEST
            if x + width > right:
                x, y = float(PAD), y + ROW
            out.append(
                f"<g{_help(X.space_key(i))}>{_sheet(x, y - SMALLEST, width, ROW)}"
                f'<text x="{x:.1f}" y="{y:.1f}" font-size="{SMALLEST}" pointer-events="none">'
                f'<tspan font-weight="bold">{escape(short)}</tspan> {escape(loc.name)}</text></g>'
            )
            x += width + 10
        y += ROW + 6
    # a reference for the map, long: under Supply on a phone (a tap on a space in help mode
    # names it there), beside the map on a wide screen
    return "".join(out), y - 6, "Places on the map", "supply"


# ---- the other panels ---------------------------------------------------------------------


def _head(state: DarkTowerState, seat: int | None) -> Panel:
    body = [_heading("Return to Dark Tower")]
    y = 42.0
    said = R.messages(state, seat)
    battle = next((f for f in reversed(state.pending) if isinstance(f, F.Battling)), None)
    card = X.card_key(battle.card) if battle is not None and battle.card >= 0 else "battle-cards"
    lead = {"Month ": "months", "Last event": "events", "Battle with": card}
    keys = [""] + [
        next((key for start, key in lead.items() if line.startswith(start)), "") for line in said
    ]
    if state.haggle >= 0:
        said.append(f"Haggle die: {X.haggle_words(state.haggle)}")
        keys.append("haggle-die")
    for line, key in zip([f"Now: {R.pending_words(state)}", *said], keys, strict=True):
        text, h = _lines(PAD, y, line)
        body.append(f"<g{_help(key)}>{text}</g>" if key else text)
        y += h
    # the month and the turns left are the game's clock: with the buildings' skulls, its
    # tracks toward a loss (a phone shows them under Scores, the shared board alone under Board)
    return "".join(body), y, "The month and the app's messages", "scores"


def _tower(state: DarkTowerState, obs: dict[str, Any]) -> Panel:
    tower = obs["tower"]
    out = [_heading("The Tower")]
    w = (COLUMN - 2 * PAD - 60) / 4
    for s, side in enumerate(SIDES):
        out.append(_text(PAD + 60 + w * s + w / 2, 44, side, text_anchor="middle"))
    for level, name in enumerate(A.LEVEL_WORDS):
        y = 52 + level * (TAP + 6)
        out.append(_text(PAD, y + 19, name))
        for s in range(4):
            sealed = tower["seals"][level * 4 + s]
            glyphs = [g for g, side in tower["glyphs"].items() if R.GLYPHS.get(g) is not None
                      and R.GLYPHS[g].level == level and side == SIDES[s]]  # fmt: skip
            label = " ".join(glyphs) or ("sealed" if sealed else "open")
            tip = f"{name} drum, {SIDES[s]}: {'sealed' if sealed else 'seal broken'}" + (
                f"; glyph {', '.join(glyphs)}" if glyphs else ""
            )
            fill = "#cdbfa6" if sealed else "#2c2530"
            x = PAD + 60 + w * s
            out.append(
                f'<g{_help("glyphs" if glyphs else "seals")}><rect x="{x + 2:.1f}" y="{y:.1f}" width="{w - 4:.1f}" height="{TAP}" '
                f'rx="4" fill="{fill}" stroke="#444"/>{_title(tip)}'
                + _text(
                    x + w / 2,
                    y + 19,
                    _fit(label, w - 8),
                    text_anchor="middle",
                    fill="#111" if sealed else "#fff",
                )  # fmt: skip
                + "</g>"
            )
    y = 52 + 3 * (TAP + 6) + 4
    sk = obs["skulls"]
    out.append(
        _tile("tower-drop", PAD, y, 130, "drop a skull", "End of Turn: drop a skull into the Tower",
              help_key="skulls")
    )  # fmt: skip
    words = f"supply {sk['supply']}, inside {sk['in_tower']}, to place {sk['being_placed']}"
    out.append(f"<g{_help('skulls')}>" + _text(PAD + 140, y + 19, words) + "</g>")
    return "".join(out), y + TAP + PAD, "The Tower", "board"


def _buildings(state: DarkTowerState) -> Panel:
    out = [_heading("Buildings (skulls: 3 a building, the 4th destroys it)")]
    y = 34.0
    for k, kingdom in enumerate(DATA.kingdoms):
        items = []
        for b, building in enumerate(DATA.buildings):
            if building.kingdom != k:
                continue
            n = state.skulls[b]
            name = DATA.locations[building.location].name
            tip = (
                f"{BUILDING_TYPES[building.type]} of {name}: "
                + ("destroyed" if n < 0 else plural(n, "skull"))
                + ". "
                + R.building_words(building.type)
            )
            label = f"{BUILDING_TYPES[building.type]} " + ("x" if n < 0 else "●" * n or "-")
            items.append((f"bld-{b}", label, tip, X.building_key(building.type)))
        out.append(_text(PAD, y + 12, kingdom.name, fill="#333", font_weight="bold"))
        tiles, h = _tiles(items, y + 16, per_row=4)
        out.append(tiles)
        y += 16 + h
    return "".join(out), y + 4, "Buildings and their skulls", "scores"


def _foes(state: DarkTowerState, obs: dict[str, Any]) -> Panel:
    out = [_heading("Foes and the adversary")]
    items = []
    for k, foe in enumerate(obs["foes"]):
        on = sum(foe["at"].values())
        label = f"{foe['foe']} L{foe['level']} {foe['status']} ({on})"
        tip = f"{foe['foe']}: {foe['status']}, {on} on the board. {R.foe_words(state.game.foes[k])}"
        items.append((f"foe-{k}", label, tip, X.foe_key(state.game.foes[k])))
    adv = obs["adversary"]
    where = adv["at"] or "not yet on the board"
    items.append(
        (
            f"foe-{A.ADVERSARY}",
            f"{adv['name']}: {adv['at'] or 'not out yet'}",
            f"{R.foe_words(state.game.adversary)} At: {where}.",
            X.foe_key(state.game.adversary),
        )
    )
    tiles, h = _tiles(items, 32, per_row=2)
    out.append(tiles)
    return "".join(out), 32 + h + 4, "Foes and the adversary", "board"


def _goal(state: DarkTowerState, obs: dict[str, Any]) -> Panel:
    goal = obs["main_goal"]
    race = goal["name"] is None  # the competitive game: no main goal, the Tower dungeon
    out = [_heading("The race for the relic" if race else f"Main goal: {goal['name']}")]
    y = 42.0
    if race:
        text, h = _lines(PAD, y, goal["next"].capitalize())
    elif goal["step"] < goal["steps"]:
        text, h = _lines(PAD, y, f"Next: {goal['next']}")
    else:
        text, h = _lines(PAD, y, f"The main goal is complete: {goal['next']}")
    out.append(text)
    y += h
    g = state.game
    step = None if race or state.goal_step >= len(g.goal.steps) else g.goal.steps[state.goal_step]
    dungeon = X.dungeon_key(step[0]) if step and DATA.locations[step[0]].dungeon else None
    goal_help = "the-relic" if race else X.goal_key(g.goal)
    out.append(
        _tile(
            "dungeon",
            PAD,
            y,
            120,
            "explore",
            "Heroic action: explore the dungeon here",
            help_key=dungeon or goal_help,
        )
    )
    out.append(
        _tile("goal-quest", PAD + 126, y, 150, "complete the quest",
              "Heroic action: complete the main goal's quest here", help_key=goal_help)
    )  # fmt: skip
    y += TAP + 6
    rooms = []
    for r, kind in enumerate(state.rooms):
        cleared = state.cleared >> r & 1
        label = (
            f"room {r + 1}: "
            + ("?" if kind < 0 else "target" if kind == A.TARGET else f"{kind + 1}")
            + (" ✓" if cleared else "")
        )
        tip = f"Room {r + 1}: " + ("cleared" if cleared else "not cleared")
        rooms.append((f"room-{r}", label, tip, dungeon or goal_help))
    if rooms:
        tiles, h = _tiles(rooms, y, per_row=3)
        out.append(tiles)
        y += h
    # with the market and the month's quests: what the heroes may take on (a phone's Supply)
    name = "The race for the relic" if race else "Main goal"
    return "".join(out), y + 4, name, "supply"


def _market(state: DarkTowerState) -> Panel:
    out = [_heading("Market and this month's quests")]
    items: list[Item] = []
    for s, t in enumerate(state.market):
        name = DATA.treasures[t].name if t >= 0 else "empty"
        items.append((f"market-{s}", name, R.treasure_words(t) if t >= 0 else "an empty slot",
                      X.treasure_key(t) if t >= 0 else "market"))  # fmt: skip
    tiles, h = _tiles(items, 32)
    out.append(tiles)
    quests: list[Item] = []
    for k, q in enumerate(state.monthly):
        kind = ("companion quest", "adversary quest")[k]
        if q >= 0:
            words = f"{kind}: {R.quest_words(DATA.quests[q])}"
            quests.append((f"quest-{k}", DATA.quests[q].name, words, X.quest_key(q)))
        else:
            quests.append((f"quest-{k}", f"no {kind}", f"no {kind} now", X.slug(kind)))
    tiles, h2 = _tiles(quests, 32 + h, per_row=2)
    out.append(tiles)
    return "".join(out), 32 + h + h2 + 4, "Market and this month's quests", "supply"


def _hero(state: DarkTowerState, obs: dict[str, Any], seat: int, decides: bool, part: str) -> Panel:
    h = obs["heroes"][seat]
    hero = state.game.heroes[seat]
    k = state.game.kingdoms[seat]
    colour = KINGDOM_FILLS[DATA.kingdoms[k].color]
    name = f"{h['hero']} of {h['home']}"
    head = (
        f'<g id="hero-{seat}"{_help(X.hero_key_of(hero.name))}><rect x="{PAD}" y="6" '
        f'width="{COLUMN - 2 * PAD}" height="{TAP}" '
        f'rx="5" fill="{colour}"/>{_title(f"{name}: trade with this hero")}'
        + _text(
            PAD + 8, 25, _fit(f"{name} at {h['at']}", COLUMN - 40), fill="#111", font_weight="bold"
        )  # fmt: skip
        + "</g>"
    )
    out = [head]
    y: float = 6 + TAP + 18
    corr = len(h["corruptions"])
    stats = f"{plural(h['warriors'], 'warrior')}, {h['spirit']} spirit, {corr} of 3 corruptions"
    out.append(f"<g{_help('warriors')}>" + _text(PAD, y, stats) + "</g>")
    y += 8

    def ident(kind: str, i: int) -> str | None:
        return f"{kind}-{i}" if decides else None

    gear: list[Item] = [
        (ident("gear", g), f"{gear.name} {state.gear[seat][g]}", R.gear_words(g), X.gear_key(g))
        for g, gear in enumerate(DATA.gear)
    ]
    tiles, th = _tiles(gear, y, per_row=3)
    out.append(tiles)
    y += th
    perks = [*hero.virtues, DATA.kingdom_virtues[k]]
    virtues: list[Item] = []
    for v, perk in enumerate(perks):
        active = state.virtues[seat] >> v & 1
        virtues.append((ident("virtue", v), ("● " if active else "○ ") + perk.name,
                        ("active: " if active else "inactive: ") + R.perk_words(perk),
                        X.virtue_key(perk)))  # fmt: skip
    tiles, th = _tiles(virtues, y, per_row=2)
    out.append(tiles)
    y += th
    held: list[Item] = [
        (ident("potion", p), f"{DATA.potions[p].name} x{n}", R.potion_words(p), X.potion_key(p))
        for p, n in enumerate(state.potions[seat])
        if n
    ]
    held += [
        (ident("treasure", t), DATA.treasures[t].name, R.treasure_words(t), X.treasure_key(t))
        for t in state.treasures[seat]
    ]
    held += [
        (None, DATA.companions[c].name, "companion: " + R.perk_words(DATA.companions[c]),
         X.companion_key(c))
        for c in state.companions[seat]
    ]  # fmt: skip
    held += [
        (None, DATA.quest_items[q].name, "quest item: " + R.perk_words(DATA.quest_items[q].perk),
         X.quest_item_key(q))
        for q in state.quest_items[seat]
    ]  # fmt: skip
    held += [
        (None, DATA.corruptions[c].name, "corruption: " + R.perk_words(DATA.corruptions[c]),
         X.corruption_key(c))
        for c in state.corruptions[seat]
    ]  # fmt: skip
    held += [(None, v.name, "virtue: " + R.perk_words(v), X.virtue_key(v))
             for v in hero.default_virtues]  # fmt: skip
    tiles, th = _tiles(held, y, per_row=2)
    out.append(tiles)
    y += th
    name = R.seat_name(state.game, seat)
    title = f"{name} (you)" if part == "me" else name
    return "".join(out), y + 4, title, part


def decider(state: DarkTowerState, seat: int | None) -> int:
    """The hero whose clicks the board takes: ``seat``, or for a spectator the one deciding."""
    if seat is not None:
        return seat
    mover = state.current_player()
    return mover if mover >= 0 else state.current


def svg(state: DarkTowerState, seat: int | None) -> str:
    obs = state.observation(seat)
    me = decider(state, seat)
    n = state.game.num_players
    order = [(me + k) % n for k in range(n)]
    panels: list[Panel | None] = [
        _head(state, seat),
        _map(state, obs),
        _places(),
        _tower(state, obs),
        _foes(state, obs),
        *(_hero(state, obs, s, s == me, "me" if s == seat else "others") for s in order),
        _goal(state, obs),
        _market(state),
        _buildings(state),
    ]
    return board_of_panels(panels, "Return to Dark Tower: the four kingdoms, the Tower, the heroes")
