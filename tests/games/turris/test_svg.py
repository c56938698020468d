"""Turris's drawing of the Main Board: compact enough for a phone's Board tab, the Beasts by
their printed names where there is room, and the seats by the names every screen gives them."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from tests.games.test_printed_words import visible_svg_text
from towers.core.panels import TAP
from towers.core.registry import views_of
from towers.games.turris import actions as A
from towers.games.turris import svg as S
from towers.games.turris.rules import TurrisGame, TurrisState

D = A.DATA
SVG = "{http://www.w3.org/2000/svg}"


def _state(players: int = 2) -> TurrisState:
    state = TurrisGame(players).new_initial_state()
    assert isinstance(state, TurrisState)
    return state


def _group(document: str, ident: str) -> ElementTree.Element:
    root = ElementTree.fromstring(document)
    found = root.find(f".//{SVG}g[@id='{ident}']")
    assert found is not None, ident
    return found


def _words(group: ElementTree.Element) -> list[str]:
    return [t.text or "" for t in group.iter(f"{SVG}text")]


def test_the_map_is_about_two_thirds_of_its_width_high() -> None:
    # 672 units under a 400-unit width: with the round's line the board panel is about 730,
    # which a phone shows in about 670 CSS pixels (the Board tab 1.21 screens high)
    doc = S.layout()
    assert doc["board"]["width"] == 400
    assert doc["board"]["height"] <= 680
    kind = {loc.id: loc.kind for loc in D.locations}
    half = {k: S.CROSS_R if kind[k] == "crossroads" else S.LOC_H / 2 for k in doc["at"]}
    lowest = max(y + half[k] for k, (_, y) in doc["at"].items())
    lowest = max(lowest, float(doc["graveyard"]["y"]) + 32)
    # the key's two lines fit under the lowest node
    assert lowest + S.KEY_H <= doc["board"]["height"]
    state = _state()
    panels = re.findall(
        r'data-part="board" data-w="400" data-h="(\d+)"', views_of(state.game).svg(state, 0) or ""
    )
    assert len(panels) == 1 and int(panels[0]) <= 760, panels


def test_a_beast_with_room_shows_its_printed_name() -> None:
    state = _state()
    delusion = next(b for b, beast in enumerate(D.beasts) if beast.id == "delusion")
    state.beast_at[delusion] = D.index["guild"]  # alone on an empty Location
    document = views_of(state.game).svg(state, 0) or ""
    group = _group(document, "beast-delusion")
    assert _words(group) == ["Delusion"]
    assert group.findtext(f"{SVG}title") == "Delusion"
    rect = group.find(f"{SVG}rect")
    assert rect is not None and float(rect.get("height", 0)) >= TAP
    assert float(rect.get("width", 0)) >= S.beast_width(D.beasts[delusion])


def test_a_crowded_beast_keeps_its_short_label_and_the_key_gives_it_whole() -> None:
    state = _state(4)
    pain = next(b for b, beast in enumerate(D.beasts) if beast.id == "pain")
    despair = next(b for b, beast in enumerate(D.beasts) if beast.id == "despair")
    guild = D.index["guild"]
    state.beast_at[pain] = state.beast_at[despair] = guild
    for s in range(4):
        state.scouts[guild][s] = 1  # four Scouts leave no room for two names
    state.flipped[pain] = True
    document = views_of(state.game).svg(state, 0) or ""
    group = _group(document, "beast-pain")
    assert _words(group) == [S.beast_label(D.beasts[pain])] == ["Pai"]
    assert group.findtext(f"{SVG}title") == "Pain (flipped)"
    circle = group.find(f"{SVG}circle")
    assert circle is not None and 2 * float(circle.get("r", 0)) >= TAP
    assert "Pai Pain" in visible_svg_text(document)


def test_the_seats_are_named_as_every_screen_names_them() -> None:
    state = _state(3)
    views = views_of(state.game)
    garden = D.index["garden"]
    state.scouts[garden][2] = 1
    document = views.svg(state, 0) or ""
    names = {m for m in re.findall(r'data-name="([^"]+)" data-part="others"', document)}
    assert names == {views.seat_name(1), views.seat_name(2)}
    assert f"<title>{views.seat_name(2)}: 1 Scout</title>" in document
    assert not re.search(r">P\d", document) and "P2 " not in visible_svg_text(document)
