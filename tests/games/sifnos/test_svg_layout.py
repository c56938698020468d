"""Towers of Sifnos's island laid out to fit a phone: each harbour in the sea by its own
Province's coast (in a bay where there is one), its Ship spaces read from space 1, the map's
panel no higher than its Tower spaces and one row of Ships need; the Board part (the island
and the Key) as high as measured; every short label with its full words in a title and a
help card."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import towers
from tests.games.sampling import sampled_states
from towers.core.panels import SMALLEST, TAP
from towers.core.registry import views_of
from towers.games.sifnos import svg as sifnos_svg
from towers.games.sifnos.actions import DATA as D
from towers.games.sifnos.explain import glossary

SVG = "{http://www.w3.org/2000/svg}"


def coasts() -> dict[int, list[tuple[float, float]]]:
    """Each larger Province's coast (the Borders of one Region only) as points in the panel."""
    borders: dict[frozenset[int], list[int]] = {}
    for ri, r in enumerate(D.regions):
        for k in range(4):
            borders.setdefault(frozenset((r.corners[k], r.corners[(k + 1) % 4])), []).append(ri)
    out: dict[int, list[tuple[float, float]]] = {p: [] for p in D.large}
    for edge, regions in borders.items():
        p = D.regions[regions[0]].province
        if len(regions) == 1 and p in D.large:
            (x1, y1), (x2, y2) = (sifnos_svg._space_xy(s) for s in edge)
            out[p] += [(x1 + (x2 - x1) * t / 20, y1 + (y2 - y1) * t / 20) for t in range(21)]
    return out


def test_each_harbour_stands_by_its_own_provinces_coast() -> None:
    g = sifnos_svg.geometry()
    shores = coasts()
    for p, (x, y, w, h, _) in g["harbours"].items():
        gap = {
            q: min(
                math.hypot(max(abs(sx - x) - w / 2, 0), max(abs(sy - y) - h / 2, 0))
                for sx, sy in pts
            )
            for q, pts in shores.items()
        }
        mine = gap.pop(p)
        assert mine <= sifnos_svg.TOWER_R + 24 + 1, D.provinces[p].name
        assert mine < min(gap.values()), (D.provinces[p].name, mine, gap)


def test_the_harbours_keep_the_island_low() -> None:
    """Five harbours in the bays of the coast, square; Platis Gialos, with no bay, a row of
    four under its shore; the panel as high as that (it was 517 units with every harbour
    square, two beyond the land)."""
    g = sifnos_svg.geometry()
    shapes = {D.provinces[p].id: shape for p, (_, _, _, _, shape) in g["harbours"].items()}
    assert shapes == {
        "cheronissos": (2, 2),
        "kastro": (2, 2),
        "faros": (2, 2),
        "platis_gialos": (4, 1),
        "vathy": (2, 2),
        "kamares": (2, 2),
    }
    ys = [sifnos_svg._space_xy(s)[1] for s in range(len(D.spaces))]
    land = max(ys) - min(ys) + 2 * sifnos_svg.TOWER_R
    assert g["height"] <= land + 2 * 8 + 60
    assert g["height"] == 441.5


def test_the_ship_spaces_read_from_the_front() -> None:
    """Space 1 to 4 in reading order: along a row, then the next row."""
    state = towers.make("sifnos", players=2).new_initial_state()
    root = ET.fromstring(views_of(state.game).svg(state, 0) or "")
    for p, (_, _, _, _, (cols, _)) in sifnos_svg.geometry()["harbours"].items():
        at = []
        for k in range(1, 5):
            ship = root.find(f".//*[@id='ship-{D.provinces[p].id}-{k}']/{SVG}rect")
            assert ship is not None
            at.append((float(ship.get("y", 0)), float(ship.get("x", 0))))
        assert at == sorted(at)
        assert len({y for y, _ in at}) == 4 // cols


def test_the_board_part_is_as_high_as_measured() -> None:
    """The island and the Key, the panels a phone's Board tab shows, at the start of a game:
    935 units high before the harbours went into the bays (701 and 222)."""
    state = towers.make("sifnos", players=2).new_initial_state()
    root = ET.fromstring(views_of(state.game).svg(state, 0) or "")
    board = {
        p.get("data-name"): float(p.get("data-h", 0))
        for p in root.iter(f"{SVG}g")
        if p.get("data-part") == "board"
    }
    assert set(board) == {"The island", "Key"}
    assert board["Key"] == 190
    assert board["The island"] <= 610


def test_the_provinces_chips_take_a_finger() -> None:
    state = towers.make("sifnos", players=2).new_initial_state()
    root = ET.fromstring(views_of(state.game).svg(state, 0) or "")
    for p in D.provinces:
        chip = root.find(f".//*[@id='province-{p.id}']/{SVG}rect")
        assert chip is not None
        assert float(chip.get("height", 0)) >= TAP and float(chip.get("width", 0)) >= TAP


SHORT = {
    # a short label on the board: words its title holds, and its help card's name
    "L": ("a Lead Ship", "Lead Ship"),
    "S": ("a Silver Ship", "Silver Ship"),
    "G": ("a Gold Ship", "Gold Ship"),
    "+1": ("gains any 1 Influence", "Ship space"),
    "+C": ("draws 1 Card", "Ship space"),
}
"""The labels of the Ship spaces."""
BONUS = {
    "Workshop Die": "roll 1 Die from your Reserve into your Workshop",
    "+1 Influence": "any 1 Influence",
    "move a Ship": "move 1 Ship clockwise",
    "draw 1 Card": "draw 1 Card",
}
"""The column bonuses under the Fort and Beacon spaces."""


def test_every_short_label_has_its_full_words_in_a_title_and_a_help_card() -> None:
    names = {t.key: t.name for t in glossary()}
    seen = set()
    for state in sampled_states("sifnos", 2, seed=7, every=50, steps=1500):
        root = ET.fromstring(views_of(state.game).svg(state, 0) or "")
        for g in root.iter(f"{SVG}g"):
            title = g.find(f"{SVG}title")
            for label in (t.text or "" for t in g.findall(f"{SVG}text")):
                if (g.get("id") or "").startswith("ship-"):
                    words, card = SHORT[label]
                elif g.get("data-help") == "fort-beacon-spaces" and label in BONUS:
                    words, card = (
                        f"the third piece taken gives {BONUS[label]}",
                        "Fort and Beacon spaces",
                    )
                else:
                    continue
                seen.add(label)
                assert title is not None and words in (title.text or ""), (label, title)
                assert names[g.get("data-help", "")] == card, label
        for text in root.iter(f"{SVG}text"):
            assert float(text.get("font-size", 0)) >= SMALLEST
    assert seen == set(SHORT) | set(BONUS)
