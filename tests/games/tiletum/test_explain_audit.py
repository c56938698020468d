"""What Tiletum tells a player, checked against the rulebook (shared/rules/tiletum.md): the
English of the helper and contract tiles, the components the glossary had left out (the player
board, its Rooms and Crest spaces, the Compass Rose, the Fair Order tiles, the +100/+200
marker), summaries free of the engine's point of view, and in the project's own words."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import towers
from towers.core.conformance import random_action
from towers.core.registry import views_of
from towers.core.views import Views
from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum.explain import RULES
from towers.games.tiletum.rules import TiletumState

from .helpers import do, new, set_res, store

RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "tiletum.md"
if not RULEBOOK.exists():
    RULEBOOK = Path("/work/shared/rules/tiletum.md")


def views(players: int = 4, **options: object) -> Views:
    return views_of(towers.make("tiletum", players=players, **options))


def text_of(v: Views, name: str) -> str:
    (text,) = [t.text for t in v.glossary() if t.name == name]
    return text


@pytest.mark.parametrize(
    ("tile", "says"),
    [
        ("an architect action with 2 action points", "take an Architect Action with 2"),
        ("an architect action with 3 action points", "take an Architect Action with 3"),
        ("a King action with 2 action points", "take a King Action with 2"),
    ],
)
def test_an_action_takes_the_article_its_sound_asks_for(tile: str, says: str) -> None:
    # Appendix, Helper abilities: "Take an Architect Action with 2/3 Action Points"
    text = text_of(views(), tile)
    assert says in text
    assert "a Architect" not in text


def test_a_contract_of_one_resource_says_it_in_the_singular() -> None:
    # Appendix, Contracts: "Pay 1/3/5/7/8 identical Resources": one Resource of any type
    text = text_of(views(), "1 resource for 1 point")
    assert "you pay 1 Resource of any type to fulfil it" in text
    assert "1 identical Resources" not in text


def test_the_substitute_helper_says_when_it_is_used_once() -> None:
    # Appendix, Helper abilities: "Use when choosing a die ... instead of the type that matches"
    text = text_of(views(), "the die's resources as another type")
    assert text.count("as you take a die") == 1
    assert "another type of your choice" in text


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(
    "name",
    [
        "Player board",
        "Room",
        "Crest space",
        "Compass Rose marker",
        "Fair Order tile",
        "+100/+200 Victory Point marker",
    ],
)
def test_every_component_of_the_box_has_a_topic(players: int, name: str) -> None:
    # Game Components and Player Board Layout list these
    assert len(text_of(views(players), name)) > 40


def test_the_crest_space_names_its_food_costs() -> None:
    # Crest placement bonuses: the spaces cost 6, 6, 5, 4, 3 and 2 Food
    assert "(2 to 6, by space)" in text_of(views(), "Crest space")


def test_the_compass_rose_gives_the_starting_gold_by_seat() -> None:
    # Game Setup, step 14: 1, 3, 5 and 6 Gold
    assert "1 Gold, the second with 3, the third with 5 and the fourth with 6" in text_of(
        views(), "Compass Rose marker"
    )


def test_the_howto_says_how_far_corruption_moves_the_markers() -> None:
    # Action phase, step 1: tokens of 0, 1 or 2
    assert "down 0, 1 or 2 spaces" in views().howto().replace("\n", " ")


def test_no_summary_speaks_of_the_engine() -> None:
    for text in RULES.values():
        assert "Only chance" not in text and "Nobody decides" not in text
        assert "must be made or skipped first" not in text


def _runs(text: str, n: int) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.parametrize("players", [2, 4])
def test_no_summary_or_topic_copies_eight_words_of_the_rulebook(players: int) -> None:
    """The howto, the rulebook sections and the topics of help.toml; a tile's topic repeats
    its short printed effect ("take a Contract Action with 3 Action Points") by design."""
    book = _runs(RULEBOOK.read_text(), 8)
    v = views(players)
    texts = [v.howto()] + [v.rules_section(s) or "" for s in v.rule_sections()]
    texts += [t.text for t in v.glossary() if not t.key.startswith("tile-")]
    copied = [" ".join(run) for text in texts for run in _runs(text, 8) & book]
    assert not copied, copied


def test_the_log_says_what_a_bare_choice_did() -> None:
    """ "action architect", "advance king", "pay with iron", "house Cologne 2": the log adds
    the action's points, the King track space, the paying type, the House space."""
    game = towers.make("tiletum", players=4)
    v = views_of(game)
    rng = random.Random(11)
    state = game.new_initial_state()
    seen: dict[type, list[str]] = {}
    while not state.is_terminal():
        action = random_action(state, rng)
        if not state.is_chance_node():
            assert isinstance(state, TiletumState)
            kind = type(A.VALUES[action])
            seen.setdefault(kind, []).append(v.log_words(state, action))
        state.apply_action(action)
    for words in seen[A.AdvanceKing]:
        assert re.fullmatch(
            r"advance king: King track marker up to the ([+-]\d+|0) VP space.*", words
        )
    for words in seen[A.ChooseAction]:
        assert re.fullmatch(
            r"action \w+: (the \w+ Action with \d+ Action Points?|its Bonus Action Points marker goes on the \w+ Action).*",
            words,
        ), words
    for words in seen[A.Pay]:
        assert re.fullmatch(r"pay with \w+: the identical Resources paid in [A-Z]\w+.*", words)
    for words in seen[A.PlaceHouse]:
        assert re.fullmatch(r"house [\w ]+ \d: a House on House space \d of [A-Z][\w ]+.*", words)


def test_a_skip_or_a_floor_bonus_says_what_it_left_or_took() -> None:
    """A bare "skip" or "bonus of floor 1" in the log says what was declined or received."""
    said: list[str] = []
    for seed in (1, 2, 3, 11):
        game = towers.make("tiletum", players=3 if seed < 11 else 4)
        v = views_of(game)
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            action = random_action(state, rng)
            words = v.log_words(state, action)
            if words.split(";")[0] in ("skip",) or words.startswith("bonus of floor"):
                said.append(words)
            state.apply_action(action)
    assert said
    for words in said:
        assert re.match(r"(skip|bonus of floor \d): \w", words), words


def test_a_die_of_one_takes_its_resource_in_the_singular() -> None:
    # a player holding the substitute helper declines it for a die of 1 and of 2
    for value, said in ((1, "1 Gold taken as it comes"), (2, "2 Gold taken as they come")):
        state = new(2, seed=5)
        state.wheel_dice = [[0] * 5 for _ in range(6)]
        state.wheel_dice[value - 1][0] = 1  # a yellow die: Gold
        state.action_bonus_tiles = [-1] * 6
        store(state, 0, "substitute")
        set_res(state, 0)
        do(state, f"die {value} yellow", f"value {value}")
        assert isinstance(state.stack[-1], F.DieResources)
        words = views_of(state.game).log_words(state, A.SKIP)
        assert words == f"skip: the die's {said}", words
