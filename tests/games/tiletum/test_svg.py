"""The Tiletum SVG board: well-formed XML, unique ids, every click target drawn; a map where
nothing covers anything, its fairs named, the seats named by colour, and a shared board short
enough for a phone."""

from __future__ import annotations

import itertools
import math
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from tests.games.sampling import sampled_states
from towers.core.chance import sample_chance
from towers.core.panels import COLUMN, TAP
from towers.core.registry import views_of
from towers.games.tiletum import actions as A
from towers.games.tiletum import svg as S
from towers.games.tiletum.rules import TiletumGame

NS = "{http://www.w3.org/2000/svg}"
D = A.DATA


def _ids(text: str) -> list[str]:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return [el.get("id") for el in root.iter() if el.get("id") is not None]


def _check(game: TiletumGame, state) -> int:
    """Draw for the player to move and for a spectator; return how many targets were checked."""
    seat = state.current_player()
    drawn = views_of(game).svg(state, seat if seat >= 0 else None)
    assert drawn is not None
    ids = _ids(drawn)
    assert len(ids) == len(set(ids)), "duplicate ids"
    present = set(ids)
    checked = 0
    if state.is_terminal() or state.is_chance_node():
        return 0
    for action in state.legal_actions():
        for ident in views_of(game).targets(action):
            assert ident in present, (A.to_string(action), ident)
            checked += 1
    return checked


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_targets_are_drawn_through_a_random_game(players: int, seed: int) -> None:
    game = TiletumGame(players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    checked = 0
    steps = 0
    while not state.is_terminal() and steps < 2500:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            if steps % 2 == 0:
                checked += _check(game, state)
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    _check(game, state)
    _ids(views_of(game).svg(state, None) or "")
    assert checked > 0


def test_spectator_view_parses_and_has_no_own_board() -> None:
    game = TiletumGame(2)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    text = views_of(game).svg(state, None) or ""
    ids = _ids(text)
    assert "room-1-1" not in ids
    assert "king-track" in ids and "contract-1" in ids and "character-1" in ids
    assert all(f"spot-{name}" in ids for name in A.DATA.spot_ids)
    mine = _ids(views_of(game).svg(state, 0) or "")
    assert "room-1-1" in mine


def test_targets_name_the_board() -> None:
    assert views_of(TiletumGame(2)).targets(A.take_die(3, 0)) == ["die-3-yellow"]
    assert views_of(TiletumGame(2)).targets(A.TAKE_CONTRACT + 1) == ["contract-2"]
    assert views_of(TiletumGame(2)).targets(A.TAKE_CHARACTER) == ["character-1"]
    # a house space is chosen through its town, a fingertip wide (the page asks which space)
    assert views_of(TiletumGame(2)).targets(A.house(2, 0)) == ["spot-paris"]
    assert views_of(TiletumGame(2)).targets(A.END_TURN) == []


# ---- the map: nothing drawn over anything, and the fairs named ----------------------------


def _clear(a: S.Box, b: S.Box) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def _nearest_point(box: S.Box, x: float, y: float) -> float:
    return math.dist((x, y), (min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])))


def test_no_target_of_the_map_covers_another() -> None:
    """A town is a disc a fingertip wide and more, a road space a fingertip: none of them
    overlaps another, so that a tap chooses what is under it."""
    xy = S._spot_xy()
    reach = [S.TOWN_R if town >= 0 else TAP / 2 for town in A.DATA.spot_town]
    for i, j in itertools.combinations(range(len(xy)), 2):
        room = math.dist(xy[i], xy[j]) - reach[i] - reach[j]
        assert room >= 0, (A.DATA.spot_ids[i], A.DATA.spot_ids[j], round(room, 1))
    # a road passes by every town and road space not its own, and crosses no other road
    for a, b, mids in D.roads:
        for s, at in enumerate(xy):
            if s not in (a, b, *mids):
                assert _from_segment(at, xy[a], xy[b]) > (
                    S.TOWN_R if A.DATA.spot_town[s] >= 0 else S.ROAD_R
                ), (D.towns[a].name, D.towns[b].name, A.DATA.spot_ids[s])
    for (a, b, _), (c, d, _) in itertools.combinations(D.roads, 2):
        if len({a, b, c, d}) == 4:
            assert not _cross(xy[a], xy[b], xy[c], xy[d]), (a, b, c, d)


def _from_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    f = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (a[0] + f * dx, a[1] + f * dy))


def _cross(*q: tuple[float, float]) -> bool:
    def turn(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return turn(q[0], q[1], q[2]) * turn(q[0], q[1], q[3]) < 0 and (
        turn(q[2], q[3], q[0]) * turn(q[2], q[3], q[1]) < 0
    )


def test_every_town_name_is_clear_and_nearest_its_own_town() -> None:
    towns = S._town_xy()
    names = [S.label_box(t, S.text_width(town.name, bold=True)) for t, town in enumerate(D.towns)]
    spaces = [
        (x - S.ROAD_R, y - S.ROAD_R, x + S.ROAD_R, y + S.ROAD_R)
        for s, (x, y) in enumerate(S._spot_xy())
        if A.DATA.spot_town[s] < 0
    ]
    for t, box in enumerate(names):
        who = D.towns[t].name
        assert 4 <= box[0] and box[2] <= COLUMN - 4 and box[1] >= 4, who
        others = [S.town_box(u) for u in range(len(D.towns))] + spaces
        others += [b for u, b in enumerate(names) if u != t]
        assert all(_clear(box, o) for o in others), who
        mine = _nearest_point(box, *towns[t])
        assert all(
            _nearest_point(box, *towns[u]) > mine + 12 for u in range(len(D.towns)) if u != t
        ), who


def test_a_fairs_mark_shows_its_printed_name_where_it_fits_else_a_key() -> None:
    shown = []
    for t in (*D.town_tiles, D.first_fair_town):
        for round_ in range(1, D.rounds + 1):
            words, before = S.fair_mark_place(t, round_)
            assert words in (f"fair {round_}", f"F{round_}")
            box = S.fair_mark_box(t, words, before)
            assert S.fair_mark_fits(t, words, before), (D.towns[t].name, words)
            shown.append(words.startswith("fair"))
            # where the printed words fit, the short label is never used
            if S.fair_mark_fits(t, f"fair {round_}", before) or S.fair_mark_fits(
                t, f"fair {round_}", not before
            ):
                assert words == f"fair {round_}", D.towns[t].name
            assert box[2] - box[0] >= S.text_width(words)
    assert sum(shown) >= len(shown) * 2 // 3  # the printed words, mostly


def _drawn_fairs(state: Any) -> list[tuple[str, str, str]]:
    root = ET.fromstring(views_of(state.game).svg(state, 0) or "")
    marks = [g for g in root.iter(f"{NS}g") if g.get("class") == "fair-mark"]
    out = []
    for g in marks:
        title = g.find(f"{NS}title")
        text = g.find(f"{NS}text")
        assert title is not None and text is not None
        out.append((g.get("data-help", ""), title.text or "", text.text or ""))
    return out


def test_the_fairs_on_the_map_name_their_round_and_town_with_help() -> None:
    state = next(
        s
        for s in sampled_states("tiletum", 4, seed=3, every=5, steps=200)
        if sum(1 for f in s.observation(None)["fairs"] if f["town"]) >= 3
    )
    fairs = state.observation(None)["fairs"]
    drawn = _drawn_fairs(state)
    placed = {i + 1: f for i, f in enumerate(fairs) if f["town"]}
    assert len(drawn) == len(placed) >= 3
    key = "F1 to F4: the fair of that round" in (views_of(state.game).svg(state, 0) or "")
    for help_key, title, words in drawn:
        found = re.match(r"Fair Order tile: the fair of round (\d) is in ([A-Z]\w+)", title)
        assert found and help_key == "fair-order-tile", (help_key, title)
        round_, town = int(found[1]), found[2]
        assert town == next(t.name for t in D.towns if t.id == placed[round_]["town"])
        assert words in (f"fair {round_}", f"F{round_}")
        assert key == any(w.startswith("F") for _, _, w in drawn)


def test_the_board_names_the_seats_as_every_screen_does() -> None:
    game = TiletumGame(3)
    state = next(iter(sampled_states("tiletum", 3, seed=2, every=5, steps=30)))
    names = [views_of(game).seat_name(s) for s in range(3)]
    drawn = views_of(state.game).svg(state, 1) or ""
    assert f"you: {names[1]}" in drawn and f"Your board ({names[1]})" in drawn
    assert f"merchant of {names[0]}" in drawn and f"architect of {names[2]}" in drawn
    assert not re.search(r"\bseat [A-D]\b|you: [A-D]\b|\b[A-D]: \d+ VP", drawn)


def test_the_shared_board_is_short_enough_for_a_phone() -> None:
    """The Action wheel and the map, what a phone's Board tab shows, at the start of a game:
    817 units high, 833 with the key's line for a fair's short mark (they were 1020; a phone
    shows them at 0.92 CSS pixels a unit, 1.32 screens with the page's header and dock)."""
    for players in (2, 4):
        state = next(iter(sampled_states("tiletum", players, seed=1, every=1, steps=80)))
        drawn = views_of(state.game).svg(state, 0) or ""
        board = [
            float(h)
            for part, h in re.findall(r'data-part="(\w+)" data-w="\d+" data-h="(\d+)"', drawn)
            if part == "board"
        ]
        assert len(board) == 2
        assert sum(board) <= 840, (players, board)
