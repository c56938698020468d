"""Torres drawn as SVG for a seat, and the board elements that choose each action.

:func:`svg` draws only from ``state.observation(seat)``, so it cannot show what the seat may
not see: the board (columns shaded and numbered by height, castles outlined, knights in seat
colours, the King), the phase, round and action points, the scoring track, each player's
stacks, knights and cards held, and for the seat itself its hand, its drawn cards and its deck.

The drawing is a column of panels (:mod:`towers.core.panels`: their width, least text and
least target): the status lines over the board, the scoring track, a panel a player and the
seat's own cards.

Clickable elements carry ``id`` attributes; :func:`targets` lists the ids that, clicked in
order, choose an action. Squares are ``sq-a1`` to ``sq-h8``:

>>> from towers.games.torres import actions as A
>>> targets(A.SPACE.parse("move d4-d5"))
['sq-d4', 'sq-d5']
>>> targets(A.SPACE.parse("block c3"))
['sq-c3']
>>> targets(A.SPACE.parse("add knight e3"))
['reserve-knight', 'sq-e3']
>>> targets(A.SPACE.parse("play Jump up two levels e4 N"))
['card-jump_up', 'sq-e4', 'sq-e5']
>>> targets(A.SPACE.parse("return Relocate a knight bottom"))
['drawn-relocate', 'deck-bottom']
>>> targets(A.END_TURN)
[]
"""

from __future__ import annotations

import textwrap
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING, Any

from towers.core.panels import (
    COLUMN,
    PAD,
    SMALLEST,
    Panel,
    board_of_panels,
)
from towers.core.words import plural
from towers.games.torres import actions as A
from towers.games.torres.actions import (
    Acquire,
    AddKnight,
    Advance,
    BlockUnder,
    Diagonal,
    DoorClimb,
    ExtraBlock,
    JumpOver,
    JumpUp,
    Keep,
    Move,
    MoveBlock,
    PlaceBlock,
    PlaceKing,
    PlaySeven,
    PlaySix,
    Redistribute,
    Relocate,
    ReturnBottom,
    ReturnTop,
    SetupCastle,
    SetupKnight,
    TakeStack,
)
from towers.games.torres.board import DIAG_DIR, ORTHO_DIR, ORTHO_DIR2
from towers.games.torres.render import seat_name

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState

SEAT_COLORS = ("#d23c3c", "#2f66d0", "#2b9a4b", "#e2b100")
CARD_LABELS = {
    "jump_up": "Jump up 2",
    "block_under": "Block under",
    "extra_block": "Extra block",
    "door_climb": "Door climb",
    "diagonal": "Diagonal",
    "six_ap": "6 AP",
    "seven_ap": "7 AP",
    "move_block": "Move block",
    "relocate": "Relocate",
    "jump_over": "Jump over",
}

CELL = 45
BOARD_X = (COLUMN - CELL * A.SIZE) // 2
BOARD = CELL * A.SIZE
GRASS = "#cfe2b4"
EMPTY = -1
KING_SQUARE = 8
"""What stands on a square, as :func:`_cell` caches it: EMPTY, a seat, or the King."""


def square_id(s: int) -> str:
    return f"sq-{A.square_name(s)}"


def targets(action: int) -> list[str]:
    """Ids of the SVG elements that, clicked in order, choose ``action`` (empty: words only)."""
    sq = square_id
    match A.SPACE.decode(action):
        case (
            PlaceBlock(square=s)
            | SetupKnight(square=s)
            | PlaceKing(square=s)
            | SetupCastle(square=s)
        ):
            return [sq(s)]
        case AddKnight(square=s):
            return ["reserve-knight", sq(s)]
        case ExtraBlock(square=s):
            return ["card-extra_block", sq(s)]
        case Move(frm=a, to=b):
            return [sq(a), sq(b)]
        case DoorClimb(frm=a, to=b) | Relocate(frm=a, to=b) | MoveBlock(frm=a, to=b) as value:
            return [f"card-{A.CARD_KEYS[A.CARD_OF_KIND[type(value)]]}", sq(a), sq(b)]
        case (
            JumpUp(frm=s, direction=d)
            | Diagonal(frm=s, direction=d)
            | JumpOver(frm=s, direction=d) as value
        ):
            table = {JumpUp: ORTHO_DIR, Diagonal: DIAG_DIR, JumpOver: ORTHO_DIR2}[type(value)]
            dest = table[s][d]
            card = A.CARD_KEYS[A.CARD_OF_KIND[type(value)]]
            return [f"card-{card}", sq(s)] + ([sq(dest)] if dest >= 0 else [])
        case BlockUnder(square=s, source=k):
            return ["card-block_under", sq(s), "stack-in-use" if k == 0 else f"stack-{k}"]
        case TakeStack(height=i) | Redistribute(height=i):
            return [f"stack-{i + 1}"]
        case PlaySix():
            return ["card-six_ap"]
        case PlaySeven():
            return ["card-seven_ap"]
        case Keep(card=c):
            return [f"drawn-{A.CARD_KEYS[c]}"]
        case ReturnTop(card=c):
            return [f"drawn-{A.CARD_KEYS[c]}", "deck-top"]
        case ReturnBottom(card=c):
            return [f"drawn-{A.CARD_KEYS[c]}", "deck-bottom"]
        case Acquire():
            return ["deck"]
        case Advance():
            return ["track"]
    return []  # end turn, king stays, return leftover blocks, chance


STONE = ("#e6dcc6", "#cdbd9c", "#b19d76", "#958059", "#7a6545", "#604e35", "#4a3b27", "#372c1d")


def _stone(h: int) -> str:
    """Lighter stone for low columns, darker for tall ones."""
    return STONE[min(h, len(STONE)) - 1]


def _text(x: float, y: float, body: str, size: int = SMALLEST, **attrs: Any) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{max(size, SMALLEST)}"{extra}>{escape(body)}</text>'
    )


def _lines(x: float, y: float, body: str, width: float, size: int, **attrs: Any) -> tuple[str, int]:
    """``body`` wrapped to ``width`` units at ``size`` (an average letter is a little over half
    the size wide); the text and the number of lines."""
    rows = textwrap.wrap(body, max(int(width / (size * 0.55)), 4), break_long_words=False)
    step = size + 4
    return "".join(_text(x, y + k * step, r, size, **attrs) for k, r in enumerate(rows)), len(rows)


def svg(state: TorresState, seat: int | None) -> str:
    """The board and the players as ``seat`` (None: a spectator) sees them, as panels."""
    n = state.game.num_players
    if seat is not None and not 0 <= seat < n:
        seat = None
    obs = state.observation(seat)
    data = state.game.data
    panels: list[Panel] = [
        (*_board(obs, seat, data.master_names), "The board", "board"),
        (*_track(obs, n), "Scoring track", "scores"),
    ]
    for p in range(n):
        name = f"{seat_name(p)} (you)" if p == seat else seat_name(p)
        panels.append((*_player(obs, p, seat, data.knights_per_player), name, _part(p, seat)))
    if seat is not None:
        panels.append((*_own_cards(obs), "Your action cards", "me"))
    return board_of_panels(panels, "Torres board")


def _part(p: int, seat: int | None) -> str:
    """Where a phone shows seat ``p``'s panel: under the seat's own tab, or the others'."""
    return "me" if p == seat else "others"


def _help(key: str, body: str) -> str:
    """``body`` as one element that asks for the help on ``key`` (a topic of the glossary)."""
    return f'<g data-help="{key}">{body}</g>'


def _header(
    obs: dict[str, Any], seat: int | None, master_names: tuple[str, ...]
) -> tuple[str, float]:
    """The phase, round and step, who is to move with what is left of the turn, and the master
    card: the lines over the board, and their height."""
    rounds = obs["rounds"]
    phase = obs["phase"]
    rnd = min(obs["round"], rounds[phase - 1])
    mover = obs["current_player"]
    head = f"Phase {phase}/{len(rounds)} · round {rnd}/{rounds[phase - 1]} · {obs['step']}"
    body, rows = _lines(PAD, 24, head, COLUMN - 2 * PAD, 15, font_weight="bold", fill="#333")
    out = [_help("phase", body)]
    y = 24 + rows * 19
    if mover is not None:
        who = f"{seat_name(mover)} (you)" if seat == mover else seat_name(mover)
        line = f"To move: {who}"
        if obs["step"] == "take actions":
            line += f" · {obs['action_points']} AP left"
            if obs["stack_in_use"] is not None:
                left = obs["stack_in_use"]
                line += f" · {left} block{'s' if left != 1 else ''} left in the stack in use"
        body, rows = _lines(PAD + 20, y, line, COLUMN - 2 * PAD - 20, 13, fill="#333")
        out.append(
            _help(
                "points" if obs["step"] == "take actions" else "phase",
                f'<circle cx="{PAD + 7}" cy="{y - 5}" r="6" fill="{SEAT_COLORS[mover]}" '
                f'stroke="#222"/>' + body,
            )
        )
        y += rows * 17
    elif obs["step"] == "game over":
        out.append(_text(PAD, y, "The game is over", 13, fill="#333", font_weight="bold"))
        y += 17
    master = obs.get("master_card")
    if master:
        name = master_names[A.MASTER_KEYS.index(master)]
        body, rows = _lines(PAD, y, f"Master card: {name}", COLUMN - 2 * PAD, 12, fill="#555")
        out.append(_help(master, body))
        y += rows * 16
    return "".join(out), y - 4


def _board(
    obs: dict[str, Any], seat: int | None, master_names: tuple[str, ...]
) -> tuple[str, float]:
    """The status lines and under them the board: a column shaded and numbered by its height on
    each square, castles outlined, the knights and the King."""
    header, top = _header(obs, seat, master_names)
    heights = obs["heights"]
    occupants = [EMPTY] * A.SQUARES
    for who, knights in enumerate(obs["knights"]):
        for name in knights:
            occupants[A.SQUARE_OF[name]] = who
    if obs["king"] is not None:
        occupants[A.SQUARE_OF[obs["king"]]] = KING_SQUARE
    castle_of = [-1] * A.SQUARES
    areas: list[int] = []
    for k, castle in enumerate(obs["castles"]):
        areas.append(castle["surface_area"])
        for name in castle["squares"]:
            castle_of[A.SQUARE_OF[name]] = k
    top += 8
    out = [header, f'<g transform="translate(0 {top:g})">', _FRAME]
    for s, name in enumerate(A.SQUARE_NAMES):
        h = heights[name]
        out.append(_cell(s, h, occupants[s], areas[castle_of[s]] if h else 0))
    out.append(_castle_walls(castle_of))
    out.append(_COORDINATES)
    out.append("</g>")
    return "".join(out), top + BOARD + 26


@lru_cache(maxsize=16384)
def _cell(s: int, h: int, occ: int, area: int) -> str:
    """One square: its column, its height, its piece (the same four numbers, the same text)."""
    x = BOARD_X + (s % A.SIZE) * CELL
    y = (A.SIZE - 1 - s // A.SIZE) * CELL
    fill = _stone(h) if h else GRASS
    name = A.square_name(s)
    about = f"{name}: ground" if not h else f"{name}: level {h}, castle of {area}"
    cell = [
        f'<g id="{square_id(s)}" class="square" data-help="{"castle" if h else "board"}">',
        f"<title>{escape(about)}</title>",
        f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
        f'stroke="#9a9080" stroke-width="0.5"/>',
    ]
    if h:
        ink = "#fff" if h >= 4 else "#3a3326"
        cell.append(_text(x + 3, y + 14, str(h), 14, fill=ink, font_weight="bold"))
        # one notch per level along the bottom edge, so height reads at a glance
        for level in range(min(h, 8)):
            cell.append(
                f'<rect x="{x + 3 + level * 5}" y="{y + CELL - 6}" width="3.5" height="3" '
                f'fill="{ink}" opacity="0.6"/>'
            )
    cx, cy = x + CELL / 2 + 3, y + CELL / 2 + 2
    if 0 <= occ < len(SEAT_COLORS):
        cell.append(_knight(cx, cy, occ))
    elif occ == KING_SQUARE:
        cell.append(_king(cx, cy))
    cell.append("</g>")
    return "".join(cell)


_FRAME = f'<rect x="{BOARD_X - 2}" y="-2" width="{BOARD + 4}" height="{BOARD + 4}" fill="#8a7f6a"/>'
_COORDINATES = "".join(
    _text(
        BOARD_X + i * CELL + CELL / 2,
        BOARD + 16,
        "abcdefgh"[i],
        13,
        text_anchor="middle",
        fill="#555",
    )
    + "".join(
        _text(
            x,
            (A.SIZE - 1 - i) * CELL + CELL / 2 + 5,
            str(i + 1),
            13,
            text_anchor="middle",
            fill="#555",
        )
        for x in (BOARD_X / 2, COLUMN - BOARD_X / 2)
    )
    for i in range(A.SIZE)
)


def _castle_walls(castle_of: list[int]) -> str:
    """A thick line wherever a castle square meets a square outside that castle."""
    segments = []
    for s in range(A.SQUARES):
        k = castle_of[s]
        if k < 0:
            continue
        col, row = s % A.SIZE, s // A.SIZE
        x = BOARD_X + col * CELL
        y = (A.SIZE - 1 - row) * CELL
        north = castle_of[s + A.SIZE] if row < A.SIZE - 1 else -1
        south = castle_of[s - A.SIZE] if row > 0 else -1
        east = castle_of[s + 1] if col < A.SIZE - 1 else -1
        west = castle_of[s - 1] if col > 0 else -1
        if north != k:
            segments.append(f"M{x} {y}h{CELL}")
        if south != k:
            segments.append(f"M{x} {y + CELL}h{CELL}")
        if west != k:
            segments.append(f"M{x} {y}v{CELL}")
        if east != k:
            segments.append(f"M{x + CELL} {y}v{CELL}")
    if not segments:
        return ""
    return (
        f'<path d="{"".join(segments)}" stroke="#3b2f1e" stroke-width="3.5" '
        f'stroke-linecap="square" fill="none" pointer-events="none"/>'
    )


def _knight(cx: float, cy: float, seat: int) -> str:
    color = SEAT_COLORS[seat]
    # a helmet: round top, flat visor line, on a base
    return (
        f'<g pointer-events="none" data-help="knight">'
        f'<path d="M{cx - 12} {cy + 11}h24v-5h-3v-7a9 9 0 0 0-18 0v7h-3z" fill="{color}" '
        f'stroke="#1c1c1c" stroke-width="1.5"/>'
        f'<path d="M{cx - 6} {cy - 3}h12" stroke="#1c1c1c" stroke-width="2"/>'
        f"</g>"
    )


def _king(cx: float, cy: float) -> str:
    return (
        f'<path pointer-events="none" data-help="king" d="M{cx - 13} {cy + 10}l-3-17l8 7l8-11l8 11l8-7l-3 17z" '
        f'fill="#a05cd6" stroke="#2a123d" stroke-width="1.5"><title>the King</title></path>'
    )


def _track(obs: dict[str, Any], n: int) -> tuple[str, float]:
    """The scoring track, a marker a seat on it; clicked, the seat advances its marker."""
    scores = obs["scores"]
    top = max(100, (max(scores) // 50 + 1) * 50)
    x0, x1 = PAD + 14, COLUMN - PAD - 14
    y = 44  # the track's line
    out = [
        '<g id="track" class="track" data-help="track">',
        "<title>the scoring track (advance your marker for 1 AP)</title>",
        f'<rect x="{PAD}" y="{PAD}" width="{COLUMN - 2 * PAD}" height="64" rx="6" '
        f'fill="#ece4d2" stroke="#b7ab93"/>',
        _text(PAD + 8, 26, "Scoring track", 13, font_weight="bold", fill="#333"),
        f'<text x="{COLUMN - PAD - 8}" y="26" font-size="13" text-anchor="end" '
        f'font-weight="bold">'
        + " · ".join(f'<tspan fill="{SEAT_COLORS[p]}">{scores[p]}</tspan>' for p in range(n))
        + "</text>",
        f'<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}" stroke="#8a7f6a" stroke-width="2"/>',
    ]
    for mark in range(0, top + 1, 10):
        x = x0 + (x1 - x0) * mark / top
        major = mark % 50 == 0
        out.append(
            f'<line x1="{x:.1f}" y1="{y - (6 if major else 4)}" x2="{x:.1f}" '
            f'y2="{y + (6 if major else 4)}" stroke="#8a7f6a"/>'
        )
        if major:
            out.append(_text(x, y + 23, str(mark), 12, text_anchor="middle", fill="#555"))
    for p in range(n):
        x = x0 + (x1 - x0) * scores[p] / top
        out.append(
            f'<circle cx="{x:.1f}" cy="{y - 7 + p * 5}" r="5.5" fill="{SEAT_COLORS[p]}" '
            f'stroke="#1c1c1c" data-help="marker"><title>{seat_name(p)}: '
            f"{plural(scores[p], 'point')}</title></circle>"
        )
    out.append("</g>")
    return "".join(out), 64 + 2 * PAD


def _player(obs: dict[str, Any], p: int, seat: int | None, knights: int) -> tuple[str, float]:
    """A seat's panel: its points and cards, its knights not yet on the board and its stacks
    (the seat's own are clickable)."""
    mine = seat == p
    moving = obs["current_player"] == p
    cards = obs["hand_sizes"][p]
    played = sum(obs["played_cards"][p].values())
    h = 108
    out = [
        f'<rect x="4" y="4" width="{COLUMN - 8}" height="{h - 8}" rx="8" '
        f'fill="{"#fff8e0" if moving else "#fff"}" stroke="{SEAT_COLORS[p]}" '
        f'stroke-width="{3 if moving else 1.5}"/>',
        _knight(PAD + 16, 28, p),
        _text(PAD + 36, 26, f"{seat_name(p)}{' (you)' if mine else ''}", 14, font_weight="bold"),
        _text(
            PAD + 36,
            44,
            f"{plural(obs['scores'][p], 'point')} · {plural(cards, 'card')} · {played} played",
            12,
            fill="#333",
        ),
    ]
    # knights still in the supply; one's own is what "add knight" starts from
    left = obs["knights_in_supply"][p]
    group = (
        '<g id="reserve-knight" class="reserve" data-help="knight">'
        if mine
        else '<g data-help="knight">'
    )
    out.append(group + f"<title>{left} of {knights} knights not yet on the board</title>")
    x = COLUMN - PAD - 4 - 104
    out.append(
        f'<rect x="{x}" y="12" width="104" height="36" rx="4" fill="#f4f1ea" stroke="#ccc"/>'
    )
    if not left:
        out.append(_text(x + 52, 35, "none left", 12, fill="#777", text_anchor="middle"))
    for k in range(min(left, 6)):
        out.append(
            f'<circle cx="{x + 15 + k * 15}" cy="30" r="5.5" fill="{SEAT_COLORS[p]}" '
            f'stroke="#222" stroke-width="0.8"/>'
        )
    out.append("</g>")
    out.append(_stacks(obs, p, mine, 56))
    return "".join(out), h


def _stacks(obs: dict[str, Any], p: int, mine: bool, y: float) -> str:
    """A seat's stacks for the phase, one group per height; the seat's own are clickable."""
    out = []
    x = PAD + 4
    counts: dict[int, int] = {}
    for h in obs["stacks"][p]:
        counts[h] = counts.get(h, 0) + 1
    shown = sorted(counts.items(), reverse=True)
    active = obs["stack_in_use"] if obs["turn"] == p and obs["step"] != "game over" else None
    if active:
        shown = [(-1, active), *shown]
    if not shown:
        out.append(_text(x, y + 24, "no stacks left this phase", 12, fill="#777"))
    for h, count in shown:
        in_use = h == -1
        blocks = count if in_use else h
        ident = ("stack-in-use" if in_use else f"stack-{h}") if mine else ""
        label = "in use" if in_use else f"×{count}"
        w = 76 if in_use else 50
        about = (
            f"{count} block{'s' if count != 1 else ''} left in the stack in use"
            if in_use
            else f"{count} stack{'s' if count > 1 else ''} of {h}"
        )
        out.append(
            f'<g id="{ident}" class="stack" data-help="stack">'
            if ident
            else '<g data-help="stack">'
        )
        out.append(f"<title>{about}</title>")
        out.append(
            f'<rect x="{x}" y="{y}" width="{w}" height="40" rx="4" '
            f'fill="{"#fff3c4" if in_use else "#f4f1ea"}" stroke="#bbb"/>'
        )
        for b in range(min(blocks, 3)):
            out.append(
                f'<rect x="{x + 6}" y="{y + 27 - b * 9}" width="13" height="8" '
                f'fill="{_stone(2)}" stroke="#6b604c" stroke-width="0.8"/>'
            )
        out.append(_text(x + 24, y + 25, label, 13, fill="#333"))
        out.append("</g>")
        x += w + 6
    return "".join(out)


CARD_W = (COLUMN - 2 * PAD - 2 * 6) / 3
CARD_H = 38


def _own_cards(obs: dict[str, Any]) -> tuple[str, float]:
    """The seat's own action cards, the cards it has drawn to choose from, and its deck."""
    out = [_text(PAD, 26, "Your action cards", 14, font_weight="bold", fill="#333")]
    y = 38.0
    w, h, gap = CARD_W, CARD_H, 6
    hand = obs["hand"]
    held = [key for key in A.CARD_KEYS if key in hand]
    if not held:
        out.append(_text(PAD, y + 14, "none", 12, fill="#777"))
        y += 24
    for i, key in enumerate(held):
        x = PAD + (i % 3) * (w + gap)
        yy = y + (i // 3) * (h + gap)
        out.append(_card(x, yy, f"card-{key}", key, hand[key], "#fdf6e3"))
    if held:
        y += ((len(held) + 2) // 3) * (h + gap)
    drawn = obs.get("drawn") or []
    decks = obs["deck_sizes"]
    if drawn:
        out.append(_text(PAD, y + 16, "Drawn: keep one, return the others", 13, fill="#333"))
        y += 26
        kinds = sorted(set(drawn), key=A.CARD_KEYS.index)
        for i, key in enumerate(kinds):
            x = PAD + (i % 3) * (w + gap)
            yy = y + (i // 3) * (h + gap)
            out.append(_card(x, yy, f"drawn-{key}", key, drawn.count(key), "#e3f0fd"))
        y += ((len(kinds) + 2) // 3) * (h + gap)
    if decks:
        size = (decks[0] if len(decks) == 1 else decks[obs["seat"]])["cards"]
        deck_help = "commondeck" if obs["variant"] == "common_deck" else "deck"
        top_known = len(obs.get("deck_top") or [])
        bottom_known = len(obs.get("deck_bottom") or [])
        # where drawn cards go back: shown only while there are drawn cards to return
        ends = (
            (("deck-top", "to top", top_known), ("deck-bottom", "to bottom", bottom_known))
            if drawn
            else ()
        )
        out.append(
            f'<g id="deck" class="deck" data-help="{deck_help}"><title>your deck: {plural(size, "card")} (acquire: 1 AP)</title>'
            f'<rect x="{PAD}" y="{y}" width="{w:.1f}" height="{h}" rx="5" fill="#5b4a8a" '
            f'stroke="#2d2250"/>'
            + _text(
                PAD + w / 2, y + h / 2 + 5, f"Deck · {size}", 13, fill="#fff", text_anchor="middle"
            )
            + "</g>"
        )
        for j, (ident, label, known) in enumerate(ends):
            x = PAD + (j + 1) * (w + gap)
            out.append(
                f'<g id="{ident}" class="deck-end" data-help="{deck_help}"><title>return a drawn card {label}'
                f"{f' ({known} known there)' if known else ''}</title>"
                f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{h}" rx="5" fill="#ece8f5" '
                f'stroke="#5b4a8a" stroke-dasharray="4 3"/>'
                + _text(
                    x + w / 2,
                    y + h / 2 + 4,
                    f"Return {label}",
                    12,
                    fill="#2d2250",
                    text_anchor="middle",
                )
                + "</g>"
            )
        y += h + gap
    return "".join(out), y + PAD - gap


def _card(x: float, y: float, ident: str, key: str, count: int, fill: str) -> str:
    label = CARD_LABELS.get(key, key)
    printed = A.CARD_NAMES[A.CARD_KEYS.index(key)]
    times = f" ×{count}" if count > 1 else ""
    return (
        f'<g id="{ident}" class="card" data-help="{key}"><title>{escape(printed)}{times}</title>'
        f'<rect x="{x:.1f}" y="{y:g}" width="{CARD_W:.1f}" height="{CARD_H}" rx="5" '
        f'fill="{fill}" stroke="#8a7f6a"/>'
        + _text(
            x + CARD_W / 2, y + CARD_H / 2 + 4, label + times, 13, text_anchor="middle", fill="#222"
        )
        + "</g>"
    )
