"""Tiletum's board as a new player reads it: resources by name, every tile's whole name,
help that a pointer reaches, and the exchanges chosen on the board rather than as a dozen
buttons in words."""

from __future__ import annotations

import re
from typing import Any
from xml.etree import ElementTree

from tests.games.sampling import sampled_states
from tests.games.test_printed_words import visible_svg_text
from towers.core.registry import views_of
from towers.games.tiletum import actions as A
from towers.games.tiletum.data import RESOURCES
from towers.games.tiletum.svg import svg as draw
from towers.games.tiletum.svg import targets

SVG = "{http://www.w3.org/2000/svg}"
SHAPES = {f"{SVG}{t}" for t in ("rect", "circle", "polygon", "path", "ellipse")}
CODES = re.compile(r"\b(?:Au|Fd|Wo|St|Fe)\d+\b")


def _states(players: int = 2, seed: int = 3) -> list[Any]:
    return [s.clone() for s in sampled_states("tiletum", players, seed=seed, every=5, steps=400)]


def _reachable(node: ElementTree.Element, blocked: bool = False) -> bool:
    """Whether some shape inside ``node`` takes the pointer (text never does here)."""
    blocked = blocked or node.get("pointer-events") == "none"
    if node.tag in SHAPES and not blocked and node.get("fill") != "none":
        return True
    return any(_reachable(child, blocked) for child in node)


def test_resources_are_named_and_no_tile_name_is_cut() -> None:
    for state in _states():
        seat = max(state.current_player(), 0)
        text = visible_svg_text(draw(state, seat))
        assert not CODES.search(text), CODES.findall(text)
        assert "…" not in text, [line for line in text.splitlines() if "…" in line]
        assert all(
            f"{p['resources']['wool']} wool" in text for p in state.observation(seat)["players"]
        )


def test_a_long_name_shows_whole_on_its_tile() -> None:
    names = {k.id: k.name for k in A.DATA.kinds}
    shown = 0
    for state in _states():
        root = ElementTree.fromstring(draw(state, None))
        for i, kind in enumerate(state.observation(None)["contract_offer"]):
            tile = root.find(f".//*[@id='contract-{i + 1}']")
            assert tile is not None
            rows = [t.text or "" for t in tile.iter(f"{SVG}text")]
            assert " ".join(rows) == (names[kind] if kind else "empty")
            shown += len(rows) > 1
    assert shown  # names of several lines were drawn


def test_every_help_group_takes_the_pointer() -> None:
    for state in _states(3, seed=4)[:6]:
        root = ElementTree.fromstring(draw(state, 0))
        helped = [g for g in root.iter(f"{SVG}g") if g.get("data-help")]
        assert any(g.get("data-help") == "fair" for g in helped)
        unreached = sorted({g.get("data-help", "") for g in helped if not _reachable(g)})
        assert not unreached, unreached


def test_the_exchanges_are_chosen_on_the_seats_own_resources() -> None:
    seen = 0
    for state in _states(seed=6):
        if state.is_terminal():
            continue
        legal = state.legal_actions()
        exchanges = [a for a in legal if isinstance(A.SPACE.decode(a), A.Exchange)]
        if not exchanges:
            continue
        seat = state.current_player()
        root = ElementTree.fromstring(views_of(state.game).svg(state, seat) or "")
        ids = {n.get("id") for n in root.iter() if n.get("id")}
        paths = [tuple(targets(a)) for a in exchanges]
        assert len(set(paths)) == len(paths)  # two clicks tell every exchange apart
        for a, path in zip(exchanges, paths, strict=True):
            move = A.SPACE.decode(a)
            assert isinstance(move, A.Exchange)
            assert path == (f"resource-{RESOURCES[move.give]}", f"resource-{RESOURCES[move.get]}")
            assert set(path) <= ids
        # the moves left in words hold no exchange: the dock has no dozen of them
        assert not [a for a in legal if not targets(a) and a in exchanges]
        seen += 1
    assert seen
