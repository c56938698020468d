"""Torres drawn as SVG for a seat, and the board elements that choose each action.

:func:`svg` draws only from ``state.observation(seat)``, so it cannot show what the seat may
not see: the board (columns shaded and numbered by height, castles outlined, knights in seat
colours, the King), the phase, round and action points, the scoring track, each player's
stacks, knights and cards held, and for the seat itself its hand, its drawn cards and its deck.

Clickable elements carry ``id`` attributes; :func:`targets` lists the ids that, clicked in
order, choose an action. Squares are ``sq-a1`` to ``sq-h8``:

>>> from towers.games.torres import actions as A
>>> targets(A.SPACE.parse("move d4-d5"))
['sq-d4', 'sq-d5']
>>> targets(A.SPACE.parse("block c3"))
['sq-c3']
>>> targets(A.SPACE.parse("add knight e3"))
['reserve-knight', 'sq-e3']
>>> targets(A.SPACE.parse("play jump_up e4 N"))
['card-jump_up', 'sq-e4', 'sq-e5']
>>> targets(A.SPACE.parse("return relocate bottom"))
['drawn-relocate', 'deck-bottom']
>>> targets(A.END_TURN)
[]
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState

SEAT_COLORS = ("#d23c3c", "#2f66d0", "#2b9a4b", "#e2b100")
SEAT_NAMES = ("red", "blue", "green", "yellow")
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

WIDTH = 520
CELL = 56
BOARD_X = 36
BOARD_Y = 40
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


def _text(x: float, y: float, body: str, size: int = 13, **attrs: Any) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(body)}</text>'


def svg(state: TorresState, seat: int | None) -> str:
    """The board and the players as ``seat`` (None: a spectator) sees them."""
    n = state.game.num_players
    if seat is not None and not 0 <= seat < n:
        seat = None
    obs = state.observation(seat)
    data = state.game.data
    parts: list[str] = []
    parts.append(_header(obs, seat, data.master_names))
    parts.append(_board(obs))
    y = BOARD_Y + BOARD + 36
    parts.append(_track(obs, y, n))
    y += 46
    for p in range(n):
        parts.append(_player_row(obs, p, seat, y, data.knights_per_player))
        y += 46
    if seat is not None:
        mine, y = _own_cards(obs, y + 6)
        parts.append(mine)
    height = y + 12
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" font-family="sans-serif" '
        f'role="img" aria-label="Torres board">'
        f'<rect width="{WIDTH}" height="{height}" fill="#f7f3ea"/>' + "".join(parts) + "</svg>"
    )


def _header(obs: dict[str, Any], seat: int | None, master_names: tuple[str, ...]) -> str:
    rounds = obs["rounds"]
    phase = obs["phase"]
    rnd = min(obs["round"], rounds[phase - 1])
    mover = obs["current_player"]
    head = f"Phase {phase}/{len(rounds)} · round {rnd}/{rounds[phase - 1]} · {obs['step']}"
    out = [_text(8, 18, head, 14, font_weight="bold", fill="#333")]
    if mover is not None:
        who = "you" if seat == mover else f"seat {mover} ({SEAT_NAMES[mover]})"
        line = f"To move: {who}"
        if obs["step"] == "take actions":
            line += f" · {obs['action_points']} AP left"
            if obs["stack_in_use"] is not None:
                line += f" · {obs['stack_in_use']} blocks left in the stack in use"
        out.append(
            f'<circle cx="14" cy="31" r="5" fill="{SEAT_COLORS[mover]}" stroke="#222"/>'
            + _text(24, 35, line, 12, fill="#333")
        )
    elif obs["step"] == "game over":
        out.append(_text(8, 35, "The game is over", 12, fill="#333", font_weight="bold"))
    master = obs.get("master_card")
    if master:
        name = master_names[A.MASTER_KEYS.index(master)]
        out.append(_text(WIDTH - 8, 18, f"Master card: {name}", 11, fill="#555", text_anchor="end"))
    return "".join(out)


def _board(obs: dict[str, Any]) -> str:
    heights = obs["heights"]
    occupants = [EMPTY] * A.SQUARES
    for seat, knights in enumerate(obs["knights"]):
        for name in knights:
            occupants[A.SQUARE_OF[name]] = seat
    if obs["king"] is not None:
        occupants[A.SQUARE_OF[obs["king"]]] = KING_SQUARE
    castle_of = [-1] * A.SQUARES
    areas: list[int] = []
    for k, castle in enumerate(obs["castles"]):
        areas.append(castle["surface_area"])
        for name in castle["squares"]:
            castle_of[A.SQUARE_OF[name]] = k
    out = [_FRAME]
    for s, name in enumerate(A.SQUARE_NAMES):
        h = heights[name]
        out.append(_cell(s, h, occupants[s], areas[castle_of[s]] if h else 0))
    out.append(_castle_walls(castle_of))
    out.append(_COORDINATES)
    return "".join(out)


@lru_cache(maxsize=16384)
def _cell(s: int, h: int, occ: int, area: int) -> str:
    """One square: its column, its height, its piece (the same four numbers, the same text)."""
    x = BOARD_X + (s % A.SIZE) * CELL
    y = BOARD_Y + (A.SIZE - 1 - s // A.SIZE) * CELL
    fill = _stone(h) if h else GRASS
    name = A.square_name(s)
    about = f"{name}: ground" if not h else f"{name}: level {h}, castle of {area}"
    cell = [
        f'<g id="{square_id(s)}" class="square">',
        f"<title>{escape(about)}</title>",
        f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" '
        f'stroke="#9a9080" stroke-width="0.5"/>',
    ]
    if h:
        ink = "#fff" if h >= 4 else "#3a3326"
        cell.append(_text(x + 4, y + 15, str(h), 13, fill=ink, font_weight="bold"))
        # one notch per level along the bottom edge, so height reads at a glance
        for level in range(min(h, 8)):
            cell.append(
                f'<rect x="{x + 4 + level * 6}" y="{y + CELL - 7}" width="4" height="3" '
                f'fill="{ink}" opacity="0.6"/>'
            )
    cx, cy = x + CELL / 2, y + CELL / 2 + 3
    if 0 <= occ < len(SEAT_COLORS):
        cell.append(_knight(cx, cy, occ))
    elif occ == KING_SQUARE:
        cell.append(_king(cx, cy))
    cell.append("</g>")
    return "".join(cell)


_FRAME = (
    f'<rect x="{BOARD_X - 2}" y="{BOARD_Y - 2}" width="{BOARD + 4}" height="{BOARD + 4}" '
    f'fill="#8a7f6a"/>'
)
_COORDINATES = "".join(
    _text(
        BOARD_X + i * CELL + CELL / 2,
        BOARD_Y + BOARD + 16,
        "abcdefgh"[i],
        12,
        text_anchor="middle",
        fill="#555",
    )
    + _text(
        BOARD_X - 14,
        BOARD_Y + (A.SIZE - 1 - i) * CELL + CELL / 2 + 4,
        str(i + 1),
        12,
        text_anchor="middle",
        fill="#555",
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
        y = BOARD_Y + (A.SIZE - 1 - row) * CELL
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
        f'<g pointer-events="none">'
        f'<path d="M{cx - 13} {cy + 12}h26v-5h-3v-8a10 10 0 0 0-20 0v8h-3z" fill="{color}" '
        f'stroke="#1c1c1c" stroke-width="1.5"/>'
        f'<path d="M{cx - 7} {cy - 4}h14" stroke="#1c1c1c" stroke-width="2"/>'
        f"</g>"
    )


def _king(cx: float, cy: float) -> str:
    return (
        f'<path pointer-events="none" d="M{cx - 14} {cy + 10}l-3-18l9 8l8-12l8 12l9-8l-3 18z" '
        f'fill="#a05cd6" stroke="#2a123d" stroke-width="1.5"><title>the King</title></path>'
    )


def _track(obs: dict[str, Any], y: float, n: int) -> str:
    scores = obs["scores"]
    top = max(100, (max(scores) // 50 + 1) * 50)
    x0, x1 = BOARD_X, BOARD_X + BOARD
    out = [
        '<g id="track" class="track">',
        "<title>the scoring track (advance your marker for 1 AP)</title>",
        f'<rect x="{x0 - 6}" y="{y - 12}" width="{x1 - x0 + 12}" height="34" rx="6" '
        f'fill="#ece4d2" stroke="#b7ab93"/>',
        f'<line x1="{x0}" y1="{y + 6}" x2="{x1}" y2="{y + 6}" stroke="#8a7f6a" stroke-width="2"/>',
    ]
    for mark in range(0, top + 1, 10):
        x = x0 + (x1 - x0) * mark / top
        out.append(f'<line x1="{x:.1f}" y1="{y + 2}" x2="{x:.1f}" y2="{y + 10}" stroke="#8a7f6a"/>')
        if mark % 50 == 0:
            out.append(_text(x, y + 20, str(mark), 9, text_anchor="middle", fill="#555"))
    for p in range(n):
        x = x0 + (x1 - x0) * scores[p] / top
        out.append(
            f'<circle cx="{x:.1f}" cy="{y + 6 - 6 + p * 4}" r="5" fill="{SEAT_COLORS[p]}" '
            f'stroke="#1c1c1c"><title>seat {p}: {scores[p]} points</title></circle>'
        )
    out.append("</g>")
    return "".join(out)


def _player_row(obs: dict[str, Any], p: int, seat: int | None, y: float, knights: int) -> str:
    mine = seat == p
    mover = obs["current_player"]
    out = [
        f'<rect x="8" y="{y}" width="{WIDTH - 16}" height="40" rx="6" '
        f'fill="{"#fff8e0" if mover == p else "#fff"}" stroke="{SEAT_COLORS[p]}" '
        f'stroke-width="{3 if mover == p else 1.5}"/>',
        _knight(28, y + 18, p),
        _text(48, y + 17, f"seat {p}{' (you)' if mine else ''}", 12, font_weight="bold"),
        _text(48, y + 33, f"{obs['scores'][p]} points", 12, fill="#333"),
    ]
    # knights still in the supply; one's own is what "add knight" starts from
    left = obs["knights_in_supply"][p]
    group = '<g id="reserve-knight" class="reserve">' if mine else "<g>"
    out.append(group + f"<title>{left} of {knights} knights not yet on the board</title>")
    out.append(
        f'<rect x="140" y="{y + 5}" width="92" height="30" rx="4" fill="#f4f1ea" stroke="#ccc"/>'
    )
    for k in range(min(left, 6)):
        out.append(
            f'<circle cx="{152 + k * 14}" cy="{y + 20}" r="5" fill="{SEAT_COLORS[p]}" '
            f'stroke="#222" stroke-width="0.8"/>'
        )
    out.append("</g>")
    out.append(_stacks(obs, p, mine, y))
    cards = obs["hand_sizes"][p]
    played = sum(obs["played_cards"][p].values())
    out.append(_text(WIDTH - 16, y + 17, f"{cards} cards", 11, text_anchor="end", fill="#333"))
    out.append(_text(WIDTH - 16, y + 32, f"{played} played", 11, text_anchor="end", fill="#777"))
    return "".join(out)


def _stacks(obs: dict[str, Any], p: int, mine: bool, y: float) -> str:
    """A seat's stacks for the phase, one group per height; the seat's own are clickable."""
    out = []
    x = 244
    counts: dict[int, int] = {}
    for h in obs["stacks"][p]:
        counts[h] = counts.get(h, 0) + 1
    shown = sorted(counts.items(), reverse=True)
    active = obs["stack_in_use"] if obs["turn"] == p and obs["step"] != "game over" else None
    if active:
        shown = [(-1, active), *shown]
    for h, count in shown:
        in_use = h == -1
        blocks = count if in_use else h
        ident = ("stack-in-use" if in_use else f"stack-{h}") if mine else ""
        label = "in use" if in_use else f"×{count}"
        about = (
            f"{count} blocks left in the stack in use"
            if in_use
            else f"{count} stack{'s' if count > 1 else ''} of {h}"
        )
        out.append(f'<g id="{ident}" class="stack">' if ident else "<g>")
        out.append(f"<title>{about}</title>")
        out.append(
            f'<rect x="{x}" y="{y + 3}" width="40" height="34" rx="4" '
            f'fill="{"#fff3c4" if in_use else "#f4f1ea"}" stroke="#bbb"/>'
        )
        for b in range(min(blocks, 3)):
            out.append(
                f'<rect x="{x + 5}" y="{y + 26 - b * 8}" width="12" height="7" fill="{_stone(2)}" '
                f'stroke="#6b604c" stroke-width="0.8"/>'
            )
        out.append(_text(x + 21, y + 24, label, 10, fill="#333"))
        out.append("</g>")
        x += 44
    return "".join(out)


def _own_cards(obs: dict[str, Any], y: float) -> tuple[str, float]:
    out = [_text(8, y + 12, "Your action cards", 12, font_weight="bold", fill="#333")]
    y += 18
    hand = obs["hand"]
    w, h, gap = 96, 34, 5
    held = [key for key in A.CARD_KEYS if key in hand]
    if not held:
        out.append(_text(8, y + 16, "none", 11, fill="#777"))
        y += 24
    for i, key in enumerate(held):
        x = 8 + (i % 5) * (w + gap)
        yy = y + (i // 5) * (h + gap)
        out.append(_card(x, yy, w, h, f"card-{key}", key, hand[key], "#fdf6e3"))
    if held:
        y += ((len(held) + 4) // 5) * (h + gap)
    drawn = obs.get("drawn") or []
    decks = obs["deck_sizes"]
    if drawn:
        out.append(_text(8, y + 12, "Drawn: keep one, return the others", 12, fill="#333"))
        y += 18
        kinds = sorted(set(drawn), key=A.CARD_KEYS.index)
        for i, key in enumerate(kinds):
            out.append(
                _card(8 + i * (w + gap), y, w, h, f"drawn-{key}", key, drawn.count(key), "#e3f0fd")
            )
        y += h + gap
    if decks:
        size = (decks[0] if len(decks) == 1 else decks[obs["seat"]])["cards"]
        top_known = len(obs.get("deck_top") or [])
        bottom_known = len(obs.get("deck_bottom") or [])
        # where drawn cards go back: shown only while there are drawn cards to return
        ends = (
            (("deck-top", "to top", top_known), ("deck-bottom", "to bottom", bottom_known))
            if drawn
            else ()
        )
        out.append(
            f'<g id="deck" class="deck"><title>your deck: {size} cards (acquire: 1 AP)</title>'
            f'<rect x="8" y="{y}" width="{w}" height="{h}" rx="5" fill="#5b4a8a" stroke="#2d2250"/>'
            + _text(8 + w / 2, y + 21, f"Deck · {size}", 12, fill="#fff", text_anchor="middle")
            + "</g>"
        )
        for j, (ident, label, known) in enumerate(ends):
            x = 8 + (j + 1) * (w + gap)
            out.append(
                f'<g id="{ident}" class="deck-end"><title>return a drawn card {label}'
                f"{f' ({known} known there)' if known else ''}</title>"
                f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="5" fill="#ece8f5" '
                f'stroke="#5b4a8a" stroke-dasharray="4 3"/>'
                + _text(
                    x + w / 2, y + 21, f"Return {label}", 11, fill="#2d2250", text_anchor="middle"
                )
                + "</g>"
            )
        y += h + gap
    return "".join(out), y


def _card(x: float, y: float, w: int, h: int, ident: str, key: str, count: int, fill: str) -> str:
    label = CARD_LABELS.get(key, key)
    times = f" ×{count}" if count > 1 else ""
    return (
        f'<g id="{ident}" class="card"><title>{escape(label)}{times}</title>'
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="5" fill="{fill}" stroke="#8a7f6a"/>'
        + _text(x + w / 2, y + h / 2 + 4, label + times, 12, text_anchor="middle", fill="#222")
        + "</g>"
    )
