"""The screen shown after each action: one that fits a terminal of 24 lines at 80 columns in
every game, the rest of the state on request.

From the top: a header (the game, its chapter, whose turn), what happened since the seat last
moved (folded to the last few), the game's glance (at most
:data:`~towers.core.views.GLANCE_LINES` lines) and the legal moves (all when they fit, else
the first ones and a count), then the prompt on the last line. Every line is cut to the
width, so that nothing wraps:

>>> screen = compose(
...     header="Toy · Round 1 · seat 0 (human) to move",
...     happened=Happened("Since your last move:", ["seat 1 (random): pass"]),
...     glance="Your hand: 1, 2",
...     moves=["pass", "play 1", "play 2"],
... )
>>> print("\\n".join(line.plain for line in screen))
Toy · Round 1 · seat 0 (human) to move
Since your last move:
  seat 1 (random): pass
Your hand: 1, 2
Moves: 1 pass   2 play 1   3 play 2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.errors import MarkupError
from rich.table import Table
from rich.text import Text

from towers.core.views import GLANCE_LINES, Ending
from towers.terminal.views import seat_name

WIDTH = 80
HEIGHT = 24
"""The terminal a screen must fit: 80 columns, 24 lines (the prompt's included)."""

SHOWN_EVENTS = 5
"""The most actions the screen lists under what happened; earlier ones are counted."""

SEPARATOR = " · "


@dataclass
class Happened:
    """What happened since the seat last moved: a caption and one line per action, oldest
    first, each already in the words the seat may read."""

    caption: str
    lines: list[str] = field(default_factory=list)


def header_line(*parts: str) -> str:
    """The header's parts that are not empty, joined."""
    return SEPARATOR.join(p for p in parts if p)


def markup_line(text: str) -> Text:
    """One line of a game's text, its Rich markup honoured unless it is malformed."""
    try:
        return Text.from_markup(text)
    except MarkupError:
        return Text(text)


def cut(line: Text, width: int) -> Text:
    """``line`` on one line of at most ``width`` columns, an ellipsis where it was cut."""
    line = line.copy()
    line.expand_tabs()
    line.truncate(width, overflow="ellipsis")
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


def glance_lines(glance: str) -> list[Text]:
    """The game's glance as lines: at most :data:`GLANCE_LINES`, blank edges dropped."""
    lines = glance.strip("\n").splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    return [markup_line(line) for line in lines[:GLANCE_LINES]]


def fold(happened: Happened, room: int) -> list[Text]:
    """The caption and the last actions that fit ``room`` lines (at least the caption and
    one action), the earlier ones counted on the caption's line."""
    if not happened.lines or room < 2:
        return []
    shown = min(len(happened.lines), SHOWN_EVENTS, room - 1)
    hidden = len(happened.lines) - shown
    caption = Text(happened.caption, style="bold")
    if hidden:
        caption.append(f" (the last {shown}, and {hidden} more: type 'log' to read them)")
    return [caption] + [Text("  " + line) for line in happened.lines[-shown:]]


def move_lines(moves: Sequence[str], room: int, width: int) -> list[Text]:
    """The moves numbered as the menu numbers them, packed into lines after ``Moves:``; when
    they do not fit ``room`` lines, as many as fit and a count of the rest."""
    if not moves:
        return []
    room = max(room, 1)
    label = "Moves: "
    gap = "   "

    def pack(count: int, tail: str) -> list[Text]:
        lines: list[Text] = [Text(label, style="bold")]
        for i, name in enumerate(moves[:count]):
            item = Text.assemble((str(i + 1), "cyan"), " " + name)
            item.truncate(width - len(label), overflow="ellipsis")
            current = lines[-1]
            need = len(item) + (len(gap) if len(current) > len(label) else 0)
            if len(current) > len(label) and len(current) + need > width:
                lines.append(Text(" " * len(label)))
                current = lines[-1]
            if len(current) > len(label):
                current.append(gap)
            current.append_text(item)
        if tail:
            last = lines[-1]
            if len(last) + len(gap) + len(tail) <= width and len(last) > len(label):
                last.append(gap + tail)
            else:
                lines.append(Text(" " * len(label) + tail))
        return lines

    everything = pack(len(moves), "")
    if len(everything) <= room:
        return everything
    count = len(moves)
    while count > 1:
        count -= 1
        rest = len(moves) - count
        lines = pack(count, f"and {rest} more: type 'moves' for all")
        if len(lines) <= room:
            return lines
    return pack(1, f"and {len(moves) - 1} more: type 'moves' for all")[:room]


def compose(
    header: str,
    happened: Happened | None = None,
    glance: str = "",
    moves: Sequence[str] = (),
    footer: str = "",
    width: int = WIDTH,
    height: int = HEIGHT,
    tip: str = "",
) -> list[Text]:
    """The screen's lines (the prompt, on the line after them, not included): never more than
    ``height - 1`` lines, none wider than ``width``.

    The glance keeps its lines; what happened gets what is left after a line or two of moves;
    the moves get the rest. ``footer`` is a last line (the replay's keys); ``tip`` is one
    too, but only where a line is left over (the play screen's line of commands)."""
    room = height - 1  # the prompt's line
    top = [Text(header, style="bold reverse")]
    bottom = [Text(footer, style="dim")] if footer else []
    glance_part = glance_lines(glance)
    room -= len(top) + len(bottom)
    glance_part = glance_part[: max(0, room - 2)]
    room -= len(glance_part)
    moves_need = len(move_lines(moves, room, width)) if moves else 0
    happened_part = fold(happened, room - min(moves_need, 2)) if happened else []
    room -= len(happened_part)
    moves_part = move_lines(moves, room, width) if moves and room > 0 else []
    lines = top + happened_part + glance_part + moves_part + bottom
    if tip and len(lines) < height - 1:
        lines.append(Text(tip, style="dim"))
    return [cut(line, width) for line in lines]


def points_text(value: float | int | str) -> str:
    if isinstance(value, str):
        return value
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def ending_view(ending: Ending, game: Any, kinds: Sequence[str] | None = None) -> Group:
    """The game-over screen's body: the verdict, why the game ended, each seat's score by
    category (a row per category, a column per seat, the total last) and the notes."""
    table = Table(title="Final scores", box=box.SIMPLE_HEAD, title_justify="left", show_edge=False)
    table.add_column("")
    for seat in range(len(ending.rows)):
        name = seat_name(game, seat, kinds)
        table.add_column(name.replace(" (", "\n(", 1), justify="right")
    last = len(ending.categories) - 1
    for i, category in enumerate(ending.categories):
        values = [points_text(row[i]) if i < len(row) else "" for row in ending.rows]
        table.add_row(
            category, *values, style="bold" if i == last else None, end_section=i == last - 1
        )
    parts: list[RenderableType] = [
        Text(ending.verdict, style="bold"),
        Text(ending.reason),
        table,
    ]
    parts += [Text(note) for note in ending.notes]
    return Group(*parts)
