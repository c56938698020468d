"""Turris's views over random games of 1 to 5 players (1: the solo game): the text names no
other seat's hand, the SVG parses, every id a legal action targets is drawn, and targets
depend on the action only."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from rich.markup import render as render_markup

from towers.games.turris import actions as A
from towers.games.turris import render as turris_render
from towers.games.turris import svg as turris_svg
from towers.games.turris.rules import TurrisGame, TurrisState
from towers.games.turris.views import TurrisViews

D = A.DATA


def sampled_states(
    players: int, seed: int, every: int = 7, steps: int = 1500
) -> Iterator[TurrisState]:
    """A random game's states, one in ``every`` decisions (every chance node skipped)."""
    rng = random.Random(seed)
    state = TurrisGame(players).new_initial_state()
    k = 0
    while not state.is_terminal() and k < steps:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        if k % every == 0:
            yield state
        state.apply_action(rng.choice(state.legal_actions()))
        k += 1
    yield state


def svg_ids(document: str) -> set[str]:
    root = ET.fromstring(document)
    return {e.attrib["id"] for e in root.iter() if "id" in e.attrib}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_views_over_a_random_game(players: int) -> None:
    game = TurrisGame(players)
    views = TurrisViews(game)
    seen_targets: dict[int, list[str]] = {}
    checked = 0
    for state in sampled_states(players, seed=players):
        seat = state.current_player()
        seat = seat if seat >= 0 else None
        text = views.text(state, seat)
        assert text.strip()
        render_markup(text)  # the Rich markup is well formed
        for other in range(players):
            if other == seat:
                continue
            for card in state.hands[other]:
                if seat is None or card not in state.hands[seat]:
                    assert D.tactics[card].name not in _hand_lines(text), (other, card)
        document = views.svg(state, seat)
        assert document is not None and document.startswith("<svg")
        ids = svg_ids(document)
        if seat is not None:
            for action in state.legal_actions():
                for ident in views.targets(action):
                    assert ident in ids, (state.action_to_string(action), ident)
                    checked += 1
        for action in state.legal_actions():
            got = views.targets(action)
            assert seen_targets.setdefault(action, got) == got
    assert checked > 0


def _hand_lines(text: str) -> str:
    """The text's lines that name Tactics cards held in a hand."""
    return "\n".join(line for line in text.splitlines() if "Tactics[/]" in line)


def test_other_hands_are_never_named() -> None:
    """Every seat's text and SVG name its own Tactics cards and no one else's."""
    state = next(
        s
        for s in sampled_states(4, seed=11, every=1)
        if sum(len(h) for h in s.hands) >= 3 and sum(bool(h) for h in s.hands) >= 2
    )
    views = TurrisViews(state.game)
    for seat in range(4):
        text = views.text(state, seat)
        document = views.svg(state, seat)
        assert document is not None
        for other in range(4):
            for card in state.hands[other]:
                tactics = D.tactics[card]
                mine = card in state.hands[seat]
                assert (f"tactics-{tactics.id}" in svg_ids(document)) == mine
                assert (tactics.name in _hand_lines(text)) == mine
    spectator = views.text(state, None)
    assert not _hand_lines(spectator)


def test_every_node_is_drawn_with_its_id() -> None:
    state = TurrisGame(2).new_initial_state()
    ids = svg_ids(TurrisViews(state.game).svg(state, None) or "")
    for loc in D.locations:
        assert f"loc-{loc.id}" in ids
    assert "graveyard" in ids
    for spot in D.council:
        assert f"council-{spot.id}" in ids


def test_targets_of_each_kind() -> None:
    parse = A.SPACE.parse
    assert turris_svg.targets(parse("place Garden")) == ["loc-garden"]
    assert turris_svg.targets(parse("choose West Crossroads")) == ["loc-crossroads_west"]
    assert turris_svg.targets(parse("beast Harrow")) == ["beast-harrow"]
    assert turris_svg.targets(parse("token K")) == ["token-K"]
    assert turris_svg.targets(A.ACCEPT) == []
    assert turris_svg.targets(A.PASS) == []
    chance = A.SPACE.base(A.DrawTactics)
    assert turris_svg.targets(chance) == []


def test_ids_are_unique_and_targets_well_sized() -> None:
    """No id is drawn twice; every target id is on a shape, not an empty group."""
    for state in sampled_states(5, seed=3, every=25, steps=600):
        seat = state.current_player()
        document = TurrisViews(state.game).svg(state, seat if seat >= 0 else None) or ""
        ids = re.findall(r' id="([^"]+)"', document)
        assert len(ids) == len(set(ids))
        root = ET.fromstring(document)
        for e in root.iter():
            if "id" in e.attrib:
                assert e.tag.endswith("}g") and len(e) > 0
                assert any(c.tag.endswith(("rect", "circle")) for c in e)


def test_faction_choice_and_first_turn_targets() -> None:
    """Setup step 9's faction cards and the first Action Step's Locations are drawn, for the
    deciding seat and for a spectator alike."""
    for state in sampled_states(5, seed=1, every=1, steps=12):
        if state.current_player() < 0:
            continue
        views = TurrisViews(state.game)
        for seat in (state.current_player(), None):
            ids = svg_ids(views.svg(state, seat) or "")
            for action in state.legal_actions():
                if isinstance(A.SPACE.decode(action), (A.ChooseFaction, A.Place)):
                    assert set(views.targets(action)) <= ids


def test_solo_targets_are_drawn() -> None:
    """Solo play (Appendix 1): the Tower Rooms a Damaged token may leave, a steal from the
    Betrayers and the push of their Scout are drawn where the player clicks."""
    kinds: set[str] = set()
    every_kind = {"RepairRoom", "Steal", "Choose"}
    for seed in range(12):  # random games until each kind has been met
        if kinds == every_kind:
            break
        for state in sampled_states(1, seed=seed, every=1, steps=3000):
            if state.current_player() < 0:
                continue
            solo = [
                a
                for a in state.legal_actions()
                if isinstance(A.SPACE.decode(a), (A.RepairRoom, A.Steal))
                or type(state.stack.top).__name__ == "BetrayerPush"
            ]
            if not solo:
                continue
            views = TurrisViews(state.game)
            ids = svg_ids(views.svg(state, 0) or "")
            assert "Betrayers" in views.text(state, 0)
            for action in solo:
                kinds.add(type(A.SPACE.decode(action)).__name__)
                assert set(views.targets(action)) <= ids, state.action_to_string(action)
    assert kinds == every_kind


def test_the_text_names_and_counts_as_the_rulebook_does() -> None:
    """The phase by the rulebook's name, a Trionfi card's Location as printed, Artifacts and
    the players' cards and tokens counted in English."""
    state = next(s for s in sampled_states(3, seed=2) if s.round >= 1 and s.phase == "turns")
    text = render_markup(TurrisViews(state.game).text(state, 0)).plain
    assert " - Player Turn Phase - " in text and "phase turns" not in text
    for t in state.trionfi_tableau:
        if t >= 0:
            card = D.trionfi[t]
            assert f"{card.name} ({D.location(card.location).name})" in text
    assert "Tactics cards in hand" in text or "1 Tactics card in hand" in text
    assert "action tokens" not in text  # the Additional Action tokens, by their name
    assert turris_render.token_words(1, "A") == "1 Artifact"
    assert turris_render.token_words(2, "A") == "2 Artifacts"
    assert turris_render.token_words(2, "I") == "2 Ichor"


def test_a_chance_event_is_told_in_words() -> None:
    state = TurrisGame(2).new_initial_state()
    assert state.is_chance_node()
    obs = state.observation(None)
    assert turris_render.pending_words(state.game, obs).startswith(("drawing ", "rolling "))
    assert "_" not in turris_render.pending_words(state.game, obs)
