"""Return to Dark Tower's board as a new player reads it: every name on a tile shows whole,
and the map's short names have a key naming each place."""

from __future__ import annotations

from xml.etree import ElementTree

from tests.games.sampling import sampled_states
from tests.games.test_printed_words import visible_svg_text
from towers.core.registry import views_of
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.svg import label_rows, layout

SVG = "{http://www.w3.org/2000/svg}"


def test_no_name_is_cut_short() -> None:
    seen = set()
    for players, seed in ((1, 2), (3, 5)):
        for state in sampled_states("dark_tower", players, seed=seed, every=6, steps=400):
            svg = views_of(state.game).svg(state, 0) or ""
            text = visible_svg_text(svg)
            assert "…" not in text, [line for line in text.splitlines() if "…" in line]
            seen |= {p.name for p in DATA.potions if p.name in text}
    assert seen  # potions were held: their long names were drawn


def test_a_long_label_takes_two_lines() -> None:
    label = "Potion of Purifying Breath x1"
    rows = label_rows(label, 187)  # two tiles to a row
    assert len(rows) == 2 and " ".join(rows) == label
    assert label_rows("Anza", 120) == ["Anza"]


def test_the_key_names_every_place_of_the_map() -> None:
    state = next(sampled_states("dark_tower", 1, seed=1, steps=1))
    root = ElementTree.fromstring(views_of(state.game).svg(state, 0) or "")
    key = next(g for g in root.iter(f"{SVG}g") if g.get("data-name") == "Places on the map")
    said = {"".join(t.itertext()) for t in key.iter(f"{SVG}text")}
    lay = layout()
    for i, loc in enumerate(DATA.locations):
        assert f"{lay['short'][i]} {loc.name}" in said, loc.name
