"""The large boards (Turris, Tiletum, Torres, Sifnos, Return to Dark Tower) are playable on a phone's screen, measured in a
real browser: the page never scrolls sideways, every text of the board is drawn at 10 CSS pixels
or more, and every clickable element of the board is at least 24 by 24 CSS pixels (WCAG's
least target size), at several positions of a game; the same on a desktop's screen. Their
screenshots are kept (see TOWERS_SHOTS) to be looked at.

And, without a browser, the Turris Main Board's drawing: no path crosses another or runs
under a node, and no two nodes touch."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from tests.server.live import Live
from tests.web.browser import DESKTOP, PHONE, needs_chromium, open_page, shot
from towers.games.turris.actions import DATA as TURRIS
from towers.games.turris.svg import CROSS_R, LOC_H, LOC_W, layout

SMALLEST_TEXT = 10.0  # CSS pixels
SMALLEST_TARGET = 24.0  # CSS pixels, both ways
POSITIONS = 4
STEPS = 40  # random actions between two positions

# The page's width and what it may scroll; the smallest texts and targets of the board as
# drawn on screen, with what they are.
MEASURE = """() => {
  const root = document.querySelector('#board svg');
  const shown = (n) => !n.closest('[display=none]');  // a phone shows one tab of the board
  const texts = [...root.querySelectorAll('text')].filter((t) => t.textContent.trim() && shown(t))
    .map((t) => [parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a, t.textContent]);
  const targets = [...root.querySelectorAll('[id]')].filter(shown).map((n) => {
    const b = n.getBoundingClientRect();
    return [Math.min(b.width, b.height), n.id];
  });
  const board = document.querySelector('#board').getBoundingClientRect();
  return { page: document.documentElement.scrollWidth, board: [board.left, board.right],
           texts, targets };
}"""


def measure(page: Any, width: int) -> tuple[int, int]:
    """Assert what the module says of the board on the page now; how many texts and
    targets were measured."""
    found = page.evaluate(MEASURE)
    assert found["page"] <= width, f"the page scrolls sideways: {found['page']} > {width}"
    left, right = found["board"]
    assert left >= 0 and right <= width, f"the board's box {left}-{right} leaves the screen"
    small = [(round(size, 1), text) for size, text in found["texts"] if size < SMALLEST_TEXT]
    assert not small, f"text under {SMALLEST_TEXT}px: {sorted(small)[:8]}"
    tiny = [(round(size, 1), ident) for size, ident in found["targets"] if size < SMALLEST_TARGET]
    assert not tiny, f"targets under {SMALLEST_TARGET}px: {sorted(tiny)[:8]}"
    return len(found["texts"]), len(found["targets"])


def advance(live: Live, gid: str, secrets: list[str], rng: random.Random, steps: int) -> int:
    """Play ``steps`` random legal actions through the API (fewer if the game ends); the ply."""
    view = live.view(gid)
    for _ in range(steps):
        if view["status"] == "over":
            break
        mover = live.view(gid, secrets[view["to_move"]])
        action = rng.choice(mover["legal"])["action"]
        r = live.act(gid, secrets[view["to_move"]], ply=mover["ply"], action=action)
        assert r.status_code == 200, r.text
        view = live.view(gid)
    return int(view["ply"])


@needs_chromium
@pytest.mark.parametrize("game", ["turris", "tiletum", "torres", "sifnos", "dark_tower"])
@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_the_board_reads_and_its_targets_take_a_finger(
    live: Live, browser: Any, game: str, phone: bool
) -> None:
    players = 2
    g = live.create(game, players=players, seats=[{"kind": "human"}] * players, seed=21)
    gid = g["id"]
    secrets = [s["secret"] for s in g["seats"]]
    rng = random.Random(21)
    width = (PHONE if phone else DESKTOP)["width"]
    context, page, errors = open_page(browser, phone=phone)
    texts = targets = 0
    try:
        page.goto(live.base + g["seats"][0]["link"])
        for k in range(POSITIONS):
            ply = advance(live, gid, secrets, rng, STEPS if k else 0)
            page.wait_for_function(
                "p => Number(document.querySelector('#status').dataset.ply) === p", arg=ply
            )
            page.wait_for_selector("#board svg", state="attached")
            if phone and page.get_attribute("#tab-board", "aria-selected") != "true":
                page.click("#tab-board")  # a phone shows the game's end first, in its own tab
            t, n = measure(page, width)
            texts, targets = texts + t, targets + n
        shot(page, f"{game}-{'phone' if phone else 'desktop'}")
    finally:
        context.close()
    assert texts > 100 and targets > 20, (texts, targets)
    assert not errors, errors


# ---- the Turris Main Board, without a browser -------------------------------------------------


def _half(node: str) -> tuple[float, float]:
    kind = {loc.id: loc.kind for loc in TURRIS.locations}.get(node)
    if kind == "crossroads":
        return CROSS_R, CROSS_R
    return LOC_W / 2, (32 if node == "graveyard" else LOC_H / 2)


def _path(doc: dict[str, Any], a: str, b: str) -> list[tuple[float, float]]:
    """Points along the path drawn from ``a`` to ``b`` (a straight line or its bend)."""
    (x1, y1), (x2, y2) = doc["at"][a], doc["at"][b]
    via = next(
        (
            (v["via"]["x"], v["via"]["y"])
            for v in doc.get("bend", [])
            if {v["from"], v["to"]} == {a, b}
        ),
        ((x1 + x2) / 2, (y1 + y2) / 2),
    )
    out = []
    for i in range(61):
        t = i / 60
        out.append(
            (
                (1 - t) ** 2 * x1 + 2 * t * (1 - t) * via[0] + t * t * x2,
                (1 - t) ** 2 * y1 + 2 * t * (1 - t) * via[1] + t * t * y2,
            )
        )
    return out


def _crosses(p: list[tuple[float, float]], q: list[tuple[float, float]]) -> bool:
    def side(a: Any, b: Any, c: Any) -> bool:
        return (c[1] - a[1]) * (b[0] - a[0]) > (b[1] - a[1]) * (c[0] - a[0])

    return any(
        side(p[i], p[i + 1], q[j]) != side(p[i], p[i + 1], q[j + 1])
        and side(q[j], q[j + 1], p[i]) != side(q[j], q[j + 1], p[i + 1])
        for i in range(len(p) - 1)
        for j in range(len(q) - 1)
    )


def test_the_turris_main_board_is_drawn_without_crossings_or_overlaps() -> None:
    doc = dict(layout())
    grave = doc["graveyard"]
    at = {**doc["at"], "graveyard": (float(grave["x"]), float(grave["y"]))}
    doc["at"] = at
    width, height = doc["board"]["width"], doc["board"]["height"]
    for node, (x, y) in at.items():
        w, h = _half(node)
        assert w <= x <= width - w and h <= y <= height - h, f"{node} leaves the board"
    for a, b in itertools.combinations(at, 2):
        (xa, ya), (xb, yb), (wa, ha), (wb, hb) = at[a], at[b], _half(a), _half(b)
        gap = max(abs(xa - xb) - wa - wb, abs(ya - yb) - ha - hb)
        assert gap >= 6, f"{a} and {b} touch"
    edges = sorted({tuple(sorted((loc.id, o))) for loc in TURRIS.locations for o in loc.adjacent})
    paths = {e: _path(doc, *e) for e in edges}
    for (a, b), points in paths.items():
        for node in at:
            if node in (a, b):
                continue
            (x, y), (w, h) = at[node], _half(node)
            clear = min(max(abs(px - x) - w, abs(py - y) - h) for px, py in points)
            assert clear >= 6, f"the path {a}-{b} runs under {node}"
    for e, f in itertools.combinations(edges, 2):
        if not set(e) & set(f):
            assert not _crosses(paths[e], paths[f]), f"the paths {e} and {f} cross"
