"""What Towers of Sifnos tells a player, checked against the rulebook
(shared/rules/towers-of-sifnos.md) and the engine: the Setup Aids, face-up Cards, Scoring Tiles
and Allied Ships of each mode, the solo opponent's Soldier points, the English of the Tower
spaces and of the invasion's summary, and summaries in the project's own words."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import towers
from towers.core.conformance import random_action
from towers.core.registry import views_of
from towers.core.views import Views
from towers.games.sifnos.actions import DATA
from towers.games.sifnos.explain import SECTIONS
from towers.games.sifnos.rules import SifnosGame

RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rules" / "towers-of-sifnos.md"
if not RULEBOOK.exists():
    RULEBOOK = Path("/work/shared/rules/towers-of-sifnos.md")


def game(players: int, **options: object) -> SifnosGame:
    made = towers.make("sifnos", players=players, **options)
    assert isinstance(made, SifnosGame)
    return made


def views(players: int = 3, **options: object) -> Views:
    return views_of(game(players, **options))


def text_of(v: Views, name: str) -> str:
    (text,) = [t.text for t in v.glossary() if t.name == name]
    return text


def test_the_setup_aids_of_each_mode() -> None:
    # Solo Setup: four to the opponent; 2 Player vs Solo Rules: two to every side
    text = text_of(views(), "Setup Aid")
    solo, versus = DATA.game["solo"]["aids"], DATA.game["two_player_solo"]["aids"]
    assert (solo, versus) == (4, 2)
    assert "in the solo game two to you and four to the Schemes" in text
    assert "in a game of two players against them two to each side" in text


def test_the_solo_board_is_laid_out_as_for_two_players() -> None:
    # Solo Setup: "as you would for a 2 player game": two face-up Cards, three Scoring Tiles
    solo = game(1)
    assert (solo.face_up_count, solo.tile_count) == (2, 3)
    v = views(1)
    assert "(two in the solo game, set up as for two players)" in text_of(v, "Face-up Cards")
    assert "(three in the solo game, set up as for two players)" in text_of(v, "Scoring Tile")


def test_the_allied_ship_says_where_it_waits_for_each_player_count() -> None:
    # Player Board Setup: space 7/8/9 of the Influence Track for 4/3/2 players
    assert [game(n).ally_space for n in (1, 2, 3, 4)] == [9, 9, 8, 7]
    text = text_of(views(), "Allied Ship")
    assert "One starts in the Bag" in text
    assert "space 9 with two players or solo, 8 with three and 7 with four" in text


def test_the_schemes_score_a_point_for_four_soldiers_or_more() -> None:
    # Solo Final Scoring: 1VP for 4-5 Soldiers on the Main Board
    assert DATA.game["solo"]["soldiers_vp"] == {"at_least": 4, "vp": 1}
    assert "1 VP for 4 or more Soldiers on the map" in views(1).howto().replace("\n", " ")


@pytest.mark.parametrize("image", ["owl"])
def test_a_tower_space_takes_the_article_its_image_asks_for(image: str) -> None:
    text = text_of(views(), f"{image.capitalize()} Tower space")
    assert f"printed with an {image} " in text and f"must be an {image} Tower" in text
    assert f"a {image} " not in text


def test_the_summaries_read_as_english_and_not_as_buttons() -> None:
    assert (
        "A sole leader in the invasion's mineral moves a Soldier"
        in SECTIONS["Resolving an Invasion"]
    )
    assert "alone leader" not in SECTIONS["Resolving an Invasion"]
    assert "say done" not in SECTIONS["Prepare"]
    assert "each marker is worth its space in VP" in text_of(views(), "Influence Track")


def _runs(text: str, n: int) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.parametrize(("players", "options"), [(3, {}), (1, {}), (2, {"solo_opponent": True})])
def test_no_summary_or_topic_copies_eight_words_of_the_rulebook(
    players: int, options: dict[str, object]
) -> None:
    """The howto, the rulebook sections and the topics of help.toml and of the board; a
    card's, printed effect's or Scoring Tile's topic repeats its short printed effect."""
    book = _runs(RULEBOOK.read_text(), 8)
    v = views(players, **options)
    texts = [v.howto()] + [v.rules_section(s) or "" for s in v.rule_sections()]
    texts += [t.text for t in v.glossary() if not t.key.startswith(("card-", "printed-", "tile-"))]
    copied = [" ".join(run) for text in texts for run in _runs(text, 8) & book]
    assert not copied, copied


def test_a_schemes_piece_and_their_whole_gain_are_told_apart() -> None:
    """A Fort or Beacon the Schemes place says what it gave; the rest of their move may give
    more, so the Influence after it is said "in all" rather than as a second gain."""
    solo = game(1)
    v = views_of(solo)
    rng = random.Random(6)
    state = solo.new_initial_state()
    said = []
    while not state.is_terminal():
        action = random_action(state, rng)
        words = v.log_words(state, action)
        if words.startswith("The Schemes place a"):
            said.append(words)
        state.apply_action(action)
    assert any("they gain" in w and "; in all, the Schemes" in w for w in said)
    for words in said:
        assert "; the Schemes" not in words, words


def test_a_scheme_says_its_bonus_once_in_plain_words() -> None:
    # Step 1: Scheme Card: Regions A, B, C in turn, then another Scheme; the bonus's clause
    text = text_of(views(1), "Scheme 3")
    assert ") (" not in text
    assert "in its Active Region: A Xeroxylo if both fit there, else B Cheronissos" in text
    assert "if none will do, another Scheme is revealed" in text
    assert "Its bonus, once the first Allied Ship has come: 1 Influence" in text
    assert "against two players it has no bonus" in text


def test_the_mineral_marker_says_what_each_one_names() -> None:
    text = text_of(views(), "Mineral Marker")
    assert "that each Allied Ship space rewards" not in text
    assert "the one whose fifth space claims a Scoring Tile" in text


def test_the_solo_board_is_in_the_glossary() -> None:
    # Solo Components: 1 Solo Board; Step 2: Defend: Workshop Dice give the lowest Influence
    assert DATA.game["solo"]["influence_cap"] == 20
    text = text_of(views(1), "Solo Board")
    assert "a marker stops at 20" in text
    assert "each giving 1 Influence to their lowest marker" in text
