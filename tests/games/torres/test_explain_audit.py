"""What Torres tells a player, checked against the rulebook (shared/rules/torres.md) and the
engine: who starts a phase after the King moves in the master version, the turn's actions
without acquiring in the master version, the Phases and Codex cards in the glossary, and
summaries in the project's own words rather than the rulebook's sentences."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import towers
from towers.core.registry import views_of
from towers.core.views import Views, find_topics
from towers.games.torres.rules import TorresState
from towers.games.torres.steps import S_KING_MOVE

RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "torres.md"
if not RULEBOOK.exists():
    RULEBOOK = Path("/work/shared/rules/torres.md")


def views(players: int = 2, **options: object) -> Views:
    return views_of(towers.make("torres", players=players, **options))


def topic_text(v: Views, name: str) -> str:
    (topic,) = [t for t in find_topics(v, name) if t.name == name]
    return topic.text


def at_king_move(seed: int, **options: object) -> TorresState:
    """A random two-player game stopped where the lowest scorer may move the King."""
    state = towers.make("torres", players=2, **options).new_initial_state()
    assert isinstance(state, TorresState)
    rng = random.Random(seed)
    while state.step != S_KING_MOVE:
        assert not state.is_terminal()
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_master_version_the_leader_starts_the_phase_after_the_king_moves() -> None:
    # Master Version, Turn order: the player with the most points starts; the engine agrees
    for seed in range(40):
        state = at_king_move(seed, variant="master")
        if len(set(state.score)) == 2:
            break
    leader = state.score.index(max(state.score))
    assert state.deciding_player != leader
    state.apply_action(state.legal_actions()[0])
    assert state.turn == leader
    v = views(variant="master")
    assert "the player with the most points starts the next phase" in topic_text(v, "King")
    assert "and that player starts" not in topic_text(v, "King")
    assert "the player with the most points starts the next phase" in v.howto().replace("\n", " ")
    assert "the master version the player with the most points" in (
        v.rules_section("Torres, Move the king") or ""
    ).replace("\n", " ")


def test_basic_game_the_king_mover_starts_the_next_phase() -> None:
    state = at_king_move(3)
    mover = state.deciding_player
    state.apply_action(state.legal_actions()[0])
    assert state.turn == mover
    v = views()
    assert "and that player starts the next phase" in topic_text(v, "King")
    assert "after each scoring but the last" in topic_text(v, "King").lower()


def test_master_version_howto_offers_no_acquiring() -> None:
    assert "acquire an action card" not in views(variant="master").howto()
    assert "acquire an action card (1)" in views().howto()


@pytest.mark.parametrize(
    ("players", "stacks"),
    [
        (4, "phase 1, 4 stacks of 2 blocks; phase 2, 3 stacks of 2 blocks"),
        (3, "phase 1, 2 stacks of 3 blocks and 2 stacks of 2 blocks"),
        (2, "phase 1, 4 stacks of 3 blocks"),
    ],
)
def test_the_phases_card_is_in_the_glossary_with_this_tables_numbers(
    players: int, stacks: str
) -> None:
    text = topic_text(views(players), "Phases card").replace("\n", " ")
    assert stacks in text
    rounds = "4, 4 and 4" if players == 2 else "4, 3 and 3"
    assert f"({rounds})" in text


def test_the_codex_card_is_in_the_glossary() -> None:
    text = topic_text(views(), "Codex card").replace("\n", " ")
    assert "Adding a knight costs 2" in text and "5 action points" in text


def _runs(text: str, n: int) -> set[tuple[str, ...]]:
    """The text's runs of ``n`` words; a run of three numbers or more is a table of figures
    (points by phase), a fact rather than the rulebook's prose, and is left out."""
    words = re.findall(r"[a-z0-9']+", text.lower())
    runs = (tuple(words[i : i + n]) for i in range(len(words) - n + 1))
    return {run for run in runs if sum(w.isdigit() for w in run) < 3}


@pytest.mark.parametrize("variant", ["basic", "common_deck", "master"])
def test_no_text_copies_eight_words_of_the_rulebook(variant: str) -> None:
    book = _runs(RULEBOOK.read_text(), 8)
    v = views(3, variant=variant)
    texts = [v.howto()] + [t.text for t in v.glossary()]
    texts += [v.rules_section(s) or "" for s in v.rule_sections()]
    copied = [" ".join(run) for text in texts for run in _runs(text, 8) & book]
    assert not copied, copied


def test_the_king_moves_after_every_phase_but_the_last() -> None:
    # Game End: the game ends with the scoring after the third phase; no King move follows
    text = topic_text(views(), "Phase").replace("\n", " ")
    assert "after every phase but the last the King may move" in text


def test_a_block_moved_off_the_ground_leaves_bare_ground_in_the_log() -> None:
    # The Action Cards, Move a tower block: a single block lifted leaves the square empty
    game = towers.make("torres", players=4, variant="master")
    v = views_of(game)
    rng = random.Random(2)
    state = game.new_initial_state()
    said = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, odds)[0]
        else:
            action = rng.choice(state.legal_actions())
        words = v.log_words(state, action)
        if words.startswith("play Move a tower block"):
            said.append(words)
        state.apply_action(action)
    assert said
    assert not any("now level 0" in w for w in said), said
    assert any("now bare ground" in w for w in said), said
