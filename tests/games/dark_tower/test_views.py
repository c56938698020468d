"""Return to Dark Tower's views over random games of 1 to 4 heroes: the text is well-formed
Rich markup with the app's messages and every component's words, the SVG parses, every id a
legal action targets is drawn once, and the designed map draws its 60 locations without
overlaps or crossing edges, each kingdom in its own quarter."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import pytest
from rich.markup import render as render_markup

import towers
from tests.games.sampling import sampled_states
from towers.core.panels import TAP
from towers.core.registry import views_of
from towers.games.dark_tower import render
from towers.games.dark_tower import svg as dt_svg
from towers.games.dark_tower.actions import SPACE
from towers.games.dark_tower.data import DATA


def svg_ids(document: str) -> list[str]:
    return [e.attrib["id"] for e in ET.fromstring(document).iter() if "id" in e.attrib]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_legal_target_is_drawn_once_and_the_text_is_markup(players: int) -> None:
    views = views_of(towers.make("dark_tower", players=players))
    clicked = 0
    for state in sampled_states("dark_tower", players, seed=players):
        render_markup(views.text(state, 0))
        seat = state.current_player()
        document = views.svg(state, seat if seat >= 0 else None)
        assert document is not None
        ids = svg_ids(document)
        assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
        if seat >= 0:
            for a in state.legal_actions():
                for ident in views.targets(a):
                    assert ident in ids, (SPACE.name(a), ident)
                    clicked += 1
    assert clicked > 50


def test_targets_name_the_board_elements_of_their_moves() -> None:
    assert dt_svg.targets(SPACE.parse("move to Anza")) == [f"loc-{DATA.location('Anza')}"]
    assert dt_svg.targets(SPACE.parse("place the skull on Citadel of Radiant Mountains"))[
        0
    ].startswith("bld-")
    assert dt_svg.targets(SPACE.parse("done")) == []
    kinds = {t.split("-")[0] for a in range(SPACE.size) for t in dt_svg.targets(a)}
    assert kinds >= {"loc", "bld", "foe", "tower", "gear", "potion", "market", "room", "virtue"}


def test_the_text_carries_the_apps_messages_and_every_components_words() -> None:
    state = next(s for s in sampled_states("dark_tower", 2, seed=5) if s.month >= 2)
    text = render.text(state, 0)
    assert f"Month {state.month} of 6" in text and "Lately:" in text
    for name in (
        *(f.name for f in DATA.foes if DATA.foe(f.id) in (*state.game.foes, state.game.adversary)),
        *(g.name for g in DATA.gear), *(p.name for p in DATA.potions),
        *(t.name for t in DATA.treasures), *(c.name for c in DATA.companions),
        *(c.name for c in DATA.corruptions), *(q.name for q in DATA.quests),
        *(v.name for h in DATA.heroes for v in h.virtues), "Citadel", "Bazaar",
    ):  # fmt: skip
        assert name in text, name


def test_a_battle_is_told_card_by_card() -> None:
    # the first random solo games in which a battle card is revealed
    for seed in range(1, 30):
        for state in sampled_states("dark_tower", 1, seed=seed, every=1):
            top = state.pending[-1] if state.pending else None
            if type(top).__name__ == "Battling" and top.card >= 0:  # type: ignore[union-attr]
                said = " ".join(render.messages(state, None))
                assert "Battle with" in said and "the card:" in said
                return
    raise AssertionError("no battle card revealed in these games")


def test_the_map_draws_its_locations_apart_in_their_quarters_without_crossings() -> None:
    lay = dt_svg.layout()
    at, r, size = lay["at"], lay["radius"], lay["size"]
    assert 2 * r >= TAP
    assert len(set(lay["short"])) == len(DATA.locations)
    for (i, p), (j, q) in itertools.combinations(enumerate(at), 2):
        assert math.dist(p, q) >= 2 * r + 8, (DATA.locations[i].name, DATA.locations[j].name)
    cx, cy = lay["tower"]
    for i, (x, y) in enumerate(at):
        assert r <= x <= size - r and r <= y <= size - r, DATA.locations[i].name
        assert math.dist((x, y), (cx, cy)) >= 24 + r, DATA.locations[i].name
    # each kingdom's locations lie mostly in the quarter of its side (north up)
    for k in range(4):
        dx, dy = [(0, -1), (1, 0), (0, 1), (-1, 0)][k]
        mine = [at[i] for i, loc in enumerate(DATA.locations) if loc.kingdom == k]
        inside = sum(
            (x - cx) * dx + (y - cy) * dy > abs((x - cx) * dy - (y - cy) * dx) for x, y in mine
        )
        assert inside >= 11, (DATA.kingdoms[k].name, inside)

    def turn(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    for (a, b), (c, d) in itertools.combinations(DATA.edges, 2):
        if len({a, b, c, d}) == 4:
            p, q, s, t = at[a], at[b], at[c], at[d]
            crosses = turn(p, q, s) * turn(p, q, t) < 0 and turn(s, t, p) * turn(s, t, q) < 0
            assert not crosses, (DATA.locations[a].name, DATA.locations[b].name)


def test_an_event_is_told_whole() -> None:
    """Events: "Read aloud and follow instructions": the words say all a card does, a drum's
    steps and a companion event's calm included."""
    from towers.games.dark_tower.rules import DarkTowerGame

    foes = DarkTowerGame(2).foes
    said = {render.event_words(e, foes) for e in DATA.events}
    assert "the Tower stirs: the middle drum turns 2 steps" in said
    assert "the Tower stirs: the top drum turns 1 step" in said
    assert "companions help: every foe calms down a step" in said
    assert "companions help: Dragons calm down a step" in said
    assert "1 token of Brigands appears" in said and "every foe grows bolder" in said
    assert not any(words.endswith("nothing") for words in said)


@pytest.mark.parametrize(
    ("left", "card", "says"),
    [
        (3, 0, "2 more cards to come"),
        (2, 0, "1 more card to come"),
        (1, 0, "the last card"),
        (3, -1, "3 more cards to come"),
    ],
)
def test_the_battle_line_counts_the_cards_still_to_come(left: int, card: int, says: str) -> None:
    from towers.games.dark_tower import frames as F

    frame = F.Battling(
        seat=0, foe=0, location=0, card=card, rung=0, left=left, pool=0, spent=0, resolved=0
    )
    assert render.cards_to_come(frame) == says


def test_seats_are_numbered_from_0_in_action_names() -> None:
    """Every place in towers numbers seats from 0 (the terminal's "seat 0 (human)")."""
    from towers.games.dark_tower import actions as A

    assert SPACE.name(SPACE.encode(A.TradeWith(seat=1))) == "trade with seat 1"
    assert SPACE.name(SPACE.encode(A.TakePotion(seat=0, potion=0))).endswith("from seat 0")
