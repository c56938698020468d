"""A board drawn as panels: a column of ``<g class="tw-panel" data-w data-h>`` groups, each
:data:`COLUMN` units wide with text of :data:`SMALLEST` units at least, which the game page
lays out in as many columns as it has room for, at a scale its text reads (the svg's
``data-column`` and ``data-least-scale``; a phone shows one column). Every clickable element
is at least :data:`TAP` units across, a fingertip at that scale.

>>> board_of_panels([("<text>a</text>", 40), None, ("<text>b</text>", 60)], "A board")[:46]
'<svg xmlns="http://www.w3.org/2000/svg" viewBo'
>>> 'viewBox="0 0 400 112"' in board_of_panels([("", 40), ("", 60)], "A board")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

COLUMN = 400
"""The width of a panel, in svg units."""
SMALLEST = 12
"""The smallest text, in svg units."""
LEAST_SCALE = 0.84
"""CSS pixels per unit below which the smallest text would read under 10 pixels."""
TAP = 28
"""The least width and height of a clickable element, in units: 24 CSS pixels at a phone's
scale (a 390-pixel screen shows a column at about 0.9)."""
GAP = 12
"""Between two panels."""
PAD = 10
"""Inside a panel, around what it draws."""
PAPER = "#f4efe4"
PANEL_FILL = "#fbf8f1"
PANEL_EDGE = "#d8d0bf"

Panel = tuple[str, float] | tuple[str, float, str, str]
"""A panel's drawing (from its own top left) and its height; optionally its name ("Your
board", "The map") and its part, one of :data:`PARTS`, which a phone shows as tabs."""

PARTS = ("board", "me", "supply", "others", "scores")
"""What a panel shows: the shared board, the seat's own holdings, the shared supply, the
other seats' holdings, the scores and tracks."""


def panel(
    body: str, height: float, y: float, width: float = COLUMN, name: str = "", part: str = ""
) -> str:
    """One panel, ``y`` units down the column; ``name`` and ``part`` as :data:`Panel` says."""
    if part and part not in PARTS:
        raise ValueError(f"panel part {part!r} is not one of {', '.join(PARTS)}")
    named = f' data-name="{escape(name, quote=True)}" data-part="{part}"' if name or part else ""
    return (
        f'<g class="tw-panel"{named} data-w="{width}" data-h="{height:.0f}" '
        f'transform="translate(0 {y:.0f})"><rect width="{width}" height="{height:.0f}" rx="10" '
        f'fill="{PANEL_FILL}" stroke="{PANEL_EDGE}"/>{body}</g>'
    )


def board_of_panels(panels: Iterable[Panel | None], label: str, paper: str = PAPER) -> str:
    """The svg document of ``panels`` in a column, the ``None`` ones left out; ``label``
    names the board for a screen reader."""
    out, y = [], 0.0
    for p in panels:
        if p is not None:
            body, h = p[0], p[1]
            name, part = (p[2], p[3]) if len(p) == 4 else ("", "")
            out.append(panel(body, h, y, name=name, part=part))
            y += h + GAP
    height = int(y - GAP) if out else 0
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {COLUMN} {height}" '
        f'data-column="{COLUMN}" data-least-scale="{LEAST_SCALE}" font-family="sans-serif" '
        f'role="img" aria-label="{label}">'
        f'<rect width="100%" height="100%" fill="{paper}"/>' + "".join(out) + "</svg>"
    )
