"""Towers of Sifnos's board as a new player reads it: a Tower space shows its image drawn,
not two letters of its name, and the Key draws the five images with their names."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from tests.games.sampling import sampled_states
from towers.core.registry import views_of
from towers.games.sifnos.data import IMAGES

SVG = "{http://www.w3.org/2000/svg}"
SHORT = re.compile(r"^(?:Ho|Ja|He|Ow|Ly)$")


def test_a_tower_space_shows_its_image_drawn() -> None:
    for state in sampled_states("sifnos", 2, seed=3, every=11, steps=300):
        root = ElementTree.fromstring(views_of(state.game).svg(state, 0) or "")
        spaces = [g for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("space-")]
        assert spaces
        for space in spaces:
            words = [t.text or "" for t in space.iter(f"{SVG}text")]
            assert not [w for w in words if SHORT.match(w)], words
            drawn = [g for g in space.iter(f"{SVG}g") if "translate" in (g.get("transform") or "")]
            assert len(drawn) == 1, space.get("id")
            title = space.find(f"{SVG}title")
            assert title is not None and any(image in (title.text or "") for image in IMAGES)


def test_the_key_draws_each_image_with_its_name() -> None:
    state = next(sampled_states("sifnos", 2, seed=1, steps=1))
    root = ElementTree.fromstring(views_of(state.game).svg(state, 0) or "")
    key = next(g for g in root.iter(f"{SVG}g") if g.get("data-name") == "Key")
    for image in IMAGES:
        entry = key.find(f".//*[@data-help='image-{image}']")
        assert entry is not None, image
        assert image in "".join(entry.itertext())
