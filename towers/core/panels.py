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

Panel = tuple[str, float]
"""A panel's drawing (from its own top left) and its height."""


def panel(body: str, height: float, y: float, width: float = COLUMN) -> str:
    """One panel, ``y`` units down the column."""
    return (
        f'<g class="tw-panel" data-w="{width}" data-h="{height:.0f}" '
        f'transform="translate(0 {y:.0f})"><rect width="{width}" height="{height:.0f}" rx="10" '
        f'fill="{PANEL_FILL}" stroke="{PANEL_EDGE}"/>{body}</g>'
    )


def board_of_panels(panels: Iterable[Panel | None], label: str, paper: str = PAPER) -> str:
    """The svg document of ``panels`` in a column, the ``None`` ones left out; ``label``
    names the board for a screen reader."""
    out, y = [], 0.0
    for p in panels:
        if p is not None:
            body, h = p
            out.append(panel(body, h, y))
            y += h + GAP
    height = int(y - GAP) if out else 0
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {COLUMN} {height}" '
        f'data-column="{COLUMN}" data-least-scale="{LEAST_SCALE}" font-family="sans-serif" '
        f'role="img" aria-label="{label}">'
        f'<rect width="100%" height="100%" fill="{paper}"/>' + "".join(out) + "</svg>"
    )
