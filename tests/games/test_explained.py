"""Every game explains itself the same way (``towers.core.views.Views``): how it goes, what
each component does, the rulebook section a refusal cites, the log's chapters and words, the
terminal's glance and sections, and how a finished game ended, by score category.

Random games are sampled in every mode and player count (the cases of the printed-words test)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from rich.text import Text

import towers
from tests.games.sampling import sampled_states
from tests.games.test_printed_words import CASES, ids_in
from towers.core.game import CHANCE
from towers.core.registry import views_of
from towers.core.views import GLANCE_LINES, find_topics

GAMES = sorted({name for name, _, _ in CASES})
ALLOWED_SECTIONS = {"board", "me", "supply", "scores"}


def case_ids() -> list[Any]:
    return [
        pytest.param(n, p, o, id=f"{n}-{p}p" + "".join(f"-{v}" for v in o.values()))
        for n, p, o in CASES
    ]


def plain(markup: str) -> str:
    return Text.from_markup(markup).plain


@pytest.mark.parametrize("name", GAMES)
def test_howto_says_how_the_game_goes(name: str) -> None:
    views = views_of(towers.make(name))
    text = views.howto()
    lines = text.splitlines()
    assert 6 <= len(lines) <= 30, f"{len(lines)} lines"
    assert all(len(line) <= 80 for line in lines), [x for x in lines if len(x) > 80]
    assert not ids_in(name, text)


@pytest.mark.parametrize(("name", "players", "options"), case_ids())
def test_glossary_names_each_component_once_in_words(
    name: str, players: int, options: dict[str, Any]
) -> None:
    views = views_of(towers.make(name, players=players, **options))
    topics = views.glossary()
    assert len(topics) >= 10
    keys = [t.key for t in topics]
    assert len(keys) == len(set(keys)), "a key twice"
    names = [t.name.lower() for t in topics]
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})
    for t in topics:
        assert t.name and t.kind and len(t.text) >= 15, t
        assert not ids_in(name, f"{t.name}\n{t.kind}\n{t.text}"), t
        assert t in find_topics(views, t.name)
    # every part of the board that says it has help has it
    for state in sampled_states(name, players, seed=5, every=17, **options):
        seat = max(state.current_player(), 0)
        svg = views.svg(state, seat) or ""
        missing = set(re.findall(r'data-help="([^"]*)"', svg)) - set(keys)
        assert not missing, sorted(missing)[:10]


@pytest.mark.parametrize("name", GAMES)
def test_the_board_asks_for_help_on_its_components(name: str) -> None:
    game = towers.make(name)
    views = views_of(game)
    state = next(iter(sampled_states(name, game.num_players, seed=2, every=5, steps=30)))
    svg = views.svg(state, 0) or ""
    assert len(set(re.findall(r'data-help="([^"]*)"', svg))) >= 5


@pytest.mark.parametrize(("name", "players", "options"), case_ids())
def test_every_rule_a_refusal_cites_is_explained(
    name: str, players: int, options: dict[str, Any]
) -> None:
    views = views_of(towers.make(name, players=players, **options))
    sections = views.rule_sections()
    assert sections
    for s in sections:
        text = views.rules_section(s)
        assert text and len(text) >= 40, s
        assert not ids_in(name, text), s
    rng = random.Random(11)
    cited: set[str] = set()
    for state in sampled_states(name, players, seed=9, every=5, **options):
        if state.is_terminal():
            break
        legal = set(state.legal_actions())
        for a in rng.sample(range(state.game.num_distinct_actions()), 12):
            if a not in legal:
                cited.add(state._illegal(a).rule)
    cited.discard("")
    unexplained = sorted(r for r in cited if views.rules_section(r) is None)
    assert not unexplained, unexplained


@pytest.mark.parametrize(("name", "players", "options"), case_ids())
def test_log_glance_and_sections_in_words(name: str, players: int, options: dict[str, Any]) -> None:
    game = towers.make(name, players=players, **options)
    views = views_of(game)
    rng = random.Random(4)
    state = game.new_initial_state()
    chapters: set[str] = set()
    step = 0
    while not state.is_terminal():
        action = rng.choice(
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        words = views.log_words(state, action)
        assert words and "\n" not in words
        assert not ids_in(name, words), words
        if state.current_player() != CHANCE:
            chapters.add(views.chapter(state))
        if step % 7 == 0 and not state.is_chance_node():
            seat = state.current_player()
            glance = plain(views.glance(state, seat)).splitlines()
            assert 1 <= len(glance) <= GLANCE_LINES, "\n".join(glance)
            assert all(len(x) <= 80 for x in glance), [x for x in glance if len(x) > 80]
            assert not ids_in(name, "\n".join(glance))
            parts = views.sections(state, seat)
            assert "board" in parts and set(parts) <= ALLOWED_SECTIONS, sorted(parts)
            for text in parts.values():
                assert not ids_in(name, plain(text))
        state.apply_action(action)
        step += 1
    assert len(chapters - {""}) >= 2, chapters


@pytest.mark.parametrize(("name", "players", "options"), case_ids())
def test_ending_scores_by_category(name: str, players: int, options: dict[str, Any]) -> None:
    for seed in (1, 2):
        *_, state = sampled_states(name, players, seed=seed, every=1000, **options)
        views = views_of(state.game)
        ending = views.ending(state)
        assert ending is not None
        assert ending.verdict and ending.reason != "The game is over."
        assert len(ending.categories) >= 2 and len(ending.rows) == players
        assert all(len(row) == len(ending.categories) for row in ending.rows)
        assert [row[-1] for row in ending.rows] == pytest.approx(state.scores())
        text = "\n".join([ending.verdict, ending.reason, *ending.categories, *ending.notes])
        assert not ids_in(name, text), text
