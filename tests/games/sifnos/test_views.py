"""Towers of Sifnos's views over random games of 1 to 4 players (1: the solo game; 2 also
with the Scheme-driven opponent): the text is well-formed Rich
markup and names no other seat's hand, the SVG parses, every id a legal action targets is
drawn (once, on a shape), targets depend on the action only, and every Card, printed effect,
Building, Scoring Tile and Scheme has its words."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from html import escape

import pytest
from rich.markup import render as render_markup

import towers
from tests.games.sampling import sampled_states
from towers.core.registry import views_of
from towers.games.sifnos import actions as A
from towers.games.sifnos import render
from towers.games.sifnos import svg as sifnos_svg
from towers.games.sifnos.rules import SifnosState
from towers.games.sifnos.views import SifnosViews

D = A.DATA


def svg_ids(document: str) -> list[str]:
    root = ET.fromstring(document)
    return [e.attrib["id"] for e in root.iter() if "id" in e.attrib]


def other_hands(state: SifnosState, seat: int | None) -> list[str]:
    """The names of the Cards in hands that ``seat`` may not see."""
    return [D.cards[c].name for side, hand in enumerate(state.hands) if side != seat for c in hand]


def named(card: str, document: str) -> bool:
    # a name is not named by a longer one it begins: "Gold Card: move a Soldier" by "Gold Card:
    # move a Soldier for any Card", "Gold Card: draw a Card" by "... (second copy)"
    return re.search(rf"{re.escape(card)}(?! ?[\w(])", document) is not None


def test_the_views_are_declared() -> None:
    game = towers.make("sifnos", players=2)
    assert isinstance(views_of(game), SifnosViews)


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {}), (2, {}), (2, {"solo_opponent": True}), (3, {}), (4, {})],
    ids=["solo", "2", "2-with-the-schemes", "3", "4"],
)
def test_views_over_a_random_game(players: int, options: dict[str, object]) -> None:
    game = towers.make("sifnos", players=players, **options)
    views = SifnosViews(game)
    seen_targets: dict[int, list[str]] = {}
    checked = 0
    for state in sampled_states("sifnos", players, seed=players, every=9, steps=1200, **options):
        mover = state.current_player()
        seat = mover if mover >= 0 else None
        text = views.text(state, seat)
        assert text.strip()
        render_markup(text)  # the Rich markup is well formed
        document = views.svg(state, seat)
        assert document is not None and document.startswith("<svg")
        ids = svg_ids(document)
        assert len(ids) == len(set(ids)), "an id is drawn twice"
        hidden = other_hands(state, seat)
        for card in hidden:
            assert not named(card, text), card
            assert not named(card, document), card
        if seat is not None:
            for action in state.legal_actions():
                for ident in views.targets(action):
                    assert ident in ids, (state.action_to_string(action), ident)
                    checked += 1
        for action in state.legal_actions():
            got = views.targets(action)
            assert seen_targets.setdefault(action, got) == got
    assert checked > 100


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    state = next(
        s
        for s in sampled_states("sifnos", 4, seed=11, every=1, steps=1200)
        if all(len(h) >= 2 for h in s.hands)
    )
    views = SifnosViews(state.game)
    for seat in [0, 1, 2, 3, None]:
        text = views.text(state, seat)
        document = views.svg(state, seat) or ""
        ids = set(svg_ids(document))
        for side, hand in enumerate(state.hands):
            for c in hand:
                card = D.cards[c]
                mine = side == seat
                assert (f"card-{card.id}" in ids) == mine
                assert named(card.name, text) == mine
                assert named(card.name, document) == mine
            if side != seat:
                assert f"Hand: {len(hand)} Cards" in text


def test_every_id_is_on_a_shape_and_large_enough_to_tap() -> None:
    """No id is drawn twice; each is a group holding the shape a click lands on."""
    for state in sampled_states("sifnos", 3, seed=5, every=40, steps=800):
        seat = state.current_player()
        document = sifnos_svg.svg(state, seat if seat >= 0 else None)
        root = ET.fromstring(document)
        for e in root.iter():
            if "id" in e.attrib:
                assert e.tag.endswith("}g") and len(e) > 0, e.attrib["id"]
                assert any(c.tag.endswith(("rect", "circle", "polygon")) for c in e)


def test_the_map_is_whole() -> None:
    """Every Region, Tower space, Province and Ship space is drawn with its id; the harbours
    stand at sea in the panel, clear of the Tower spaces and of each other, with room
    between."""
    state = towers.make("sifnos", players=2).new_initial_state()
    ids = set(svg_ids(sifnos_svg.svg(state, None)))
    for r in D.regions:
        assert f"region-{r.id}" in ids
    for s in D.spaces:
        assert f"space-{s.id}" in ids
    for p in D.provinces:
        assert f"province-{p.id}" in ids
    for p in D.large:
        for k in range(1, 5):
            assert f"ship-{D.provinces[p].id}-{k}" in ids
    g = sifnos_svg.geometry()
    spots = list(g["harbours"].values())
    assert len(spots) == len(D.large)
    for i, (x, y, w, h, shape) in enumerate(spots):
        assert (w, h) == sifnos_svg.harbour_size(shape)
        assert w / 2 <= x <= 400 - w / 2 and h / 2 <= y <= g["height"] - h / 2
        for x2, y2, w2, h2, _ in spots[i + 1 :]:
            assert max(abs(x - x2) - (w + w2) / 2, abs(y - y2) - (h + h2) / 2) >= 6
        for s in range(len(D.spaces)):
            sx, sy = sifnos_svg._space_xy(s)
            gap = math.hypot(max(abs(sx - x) - w / 2, 0), max(abs(sy - y) - h / 2, 0))
            assert gap >= sifnos_svg.TOWER_R + 4, D.spaces[s].id


def test_targets_of_each_kind() -> None:
    parse = A.SPACE.parse
    targets = sifnos_svg.targets
    assert targets(parse("use Place a Card")) == ["printed-place_card"]
    assert targets(parse("use Lead Card: discount Silver and Gold")) == ["card-L02"]
    assert targets(parse("place Lead Card: discount Silver and Gold")) == ["card-L02"]
    assert targets(parse("discard Silver Card: Soldier after a first Die")) == ["card-S10"]
    assert targets(parse("give Gold Card: place a Card")) == ["card-G01"]
    assert targets(parse("take Gold Card: place a Card")) == ["card-G01"]
    assert targets(parse("muster")) == ["major-muster"]
    assert targets(parse("adjust workshop 1 up")) == ["die-workshop-1", "adjust-up"]
    assert targets(parse("horse on Cheronissos south-east")) == ["space-t07"]
    assert targets(parse("beacon on Cheronissos south-east")) == ["space-t07"]
    assert targets(parse("soldier to Apollonia")) == ["region-apollonia"]
    assert targets(parse("fort in Kastro")) == ["region-kastro"]
    assert targets(parse("move barracks to supply")) == ["barracks"]
    assert targets(parse("take Beacon row 2 column 4")) == ["slot-r2c4"]
    assert targets(parse("sail Kastro 2")) == ["ship-kastro-2"]
    assert targets(parse("gold influence")) == ["influence-gold"]
    assert targets(parse("tile forts")) == ["tile-forts"]
    assert targets(parse("tent in Apollonia")) == ["province-apollonia"]
    assert targets(A.DONE) == []
    assert targets(A.SPACE.base(A.DrawCard)) == []


def test_every_component_has_words() -> None:
    """Each Card, printed effect, Building, Scoring Tile and Scheme is put in words, none
    of them left as a bare data name."""
    for card in D.cards:
        words = render.card_words(card)
        assert words.startswith(render.COLUMN_NAMES[card.column] + ": ")
        assert "_" not in words and "{" not in words, (card.id, words)
    for p in D.printed:
        words = render.printed_words(p)
        assert "_" not in words and "{" not in words, (p.id, words)
    for b in D.buildings:
        assert "_" not in render.building_words(b), b.id
    for t in D.tiles:
        words = render.tile_words(t)
        assert words.startswith("when claimed: ") and "_" not in words, t.id
    for s in D.schemes:
        words = render.scheme_words(s)
        assert words.startswith("Active Region A ") and "_" not in words, s.id


def test_words_of_each_card_kind() -> None:
    """Each kind of Card effect reads as data.py's table says it works."""
    by_kind = {card.kind: card for card in D.cards}
    words = {kind: render.effect_words(card) for kind, card in by_kind.items()}
    assert words["network"].startswith("discard 1 ")
    assert "Tower network" in words["network"]
    assert words["tent"].startswith("once, when placed: a Tent in ")
    assert words["adjust_and_move"] == "discard any 1 Card to adjust a Die by 1 and move 1 Soldier"
    assert words["dice_limit"] == "draw back up to 1 more Die"
    assert "take 2 off" in words["discount_same"]
    assert "first Die" in words["first_die_soldier"] and "Soldier" in words["first_die_soldier"]


def test_the_decision_is_in_words_for_every_frame_met() -> None:
    """The pending decision is put in words (not the frame's bare name) all through a game."""
    for players in (2, 4):
        for state in sampled_states("sifnos", players, seed=20 + players, every=1, steps=1500):
            obs = state.observation(None)
            words = render.pending_words(state.game, obs)
            frame = obs["deciding"]["frame"] if obs["deciding"] else ""
            assert "_" not in words, (frame, words)
            assert words != f"{frame}", frame


@pytest.mark.parametrize("options", [{}, {"solo_opponent": True}], ids=["solo", "versus"])
def test_the_schemes_are_shown_in_words(options: dict[str, object]) -> None:
    """The Scheme-driven opponent's Decks, Solo Marker (solo game) and every revealed Scheme
    are in the text and, with their words, in the SVG."""
    players = 1 if not options else 2
    state = next(
        s
        for s in sampled_states("sifnos", players, seed=31, every=1, steps=3000, **options)
        if len(s.observation(0)["solo"]["revealed"]) >= 6
    )
    text = render.text(state, 0)
    document = sifnos_svg.svg(state, 0)
    assert "The Schemes" in text and "Scheme Decks: Deck 1: " in text
    assert ("Solo Marker: space " in text) == (players == 1)
    for scheme_id in state.observation(0)["solo"]["revealed"]:
        words = render.scheme_line(scheme_id)
        assert words in text
        assert escape(words) in document
