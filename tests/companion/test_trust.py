"""What an owner of the box needs to trust the companion: designed values said and replaced
by printed ones, every card and die face enterable by its printed words, a tower worked by
hand, and a saved session never silently continued with other options."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.companion.helpers import table_choice
from towers.agents.greedy import GreedyBot
from towers.cli import app
from towers.companion import printed as P
from towers.companion.entries import haggle_legend, label
from towers.companion.mirror import MANUAL
from towers.companion.session import TOWER, CompanionSession, EntryError
from towers.core.record import load
from towers.core.registry import make
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.actions import SPACE, DealTest, DrawTreasure, RollHaggle
from towers.games.dark_tower.data import ADVANTAGES, DATA
from towers.games.dark_tower.rules import DarkTowerState
from towers.games.dark_tower.tower import ManualTower

# ---- designed values and printed ones ------------------------------------------------


def test_the_opening_says_which_values_are_designed_and_where_to_write_printed_ones() -> None:
    session = CompanionSession.new(2, seed=1)
    session.printed_path = Path("/home/me/printed.toml")
    text = " ".join(session.opening())
    assert "Designed values" in text and "/home/me/printed.toml" in text
    for kind in P.designed_kinds():
        assert P.KINDS[kind] in text
    assert set(P.designed_kinds()) == {"heroes", "buildings", "gear"}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "printed.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_printed_hero_values_are_used_by_this_session_and_no_other_game(tmp_path: Path) -> None:
    path = write(
        tmp_path, '[heroes.brutal-warlord]\nmove = 5\nbanner = "gain 3 warriors, gain 1 spirit"\n'
    )
    values = P.load(path)
    session = CompanionSession.new(2, seed=1, printed=values)
    state = session.state
    assert state.move_value(0) >= 5
    assert state.game.heroes[0].banner == P.parse_effects("gain 3 warriors, gain 1 spirit")
    assert "Your printed values are used for the heroes'" in " ".join(session.opening())
    # another game in the same process keeps the designed values
    other = make("dark_tower", players=2)
    assert other.heroes[0].move == DATA.heroes[0].move != 5
    # and the saved session carries them: a resumed one plays with them
    again = CompanionSession.from_record(session.to_record())
    assert again.state.game.heroes[0].move == 5


def test_printed_building_and_gear_values_are_used_by_this_session_alone(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[buildings.citadel]\nfree = "gain 5 warriors"\n\n[gear.longswords]\nadvantage = "Stealth"\n',
    )
    session = CompanionSession.new(2, seed=1, printed=P.load(path))
    game = session.state.game
    citadel = next(t for t in game.building_types if t.type.lower() == "citadel")
    assert citadel.free == P.parse_effects("gain 5 warriors")
    longswords = next(g for g in game.gear if g.id == "longswords")
    assert longswords.advantage == ADVANTAGES.index("Stealth")
    said = " ".join(session.opening())
    assert "Your printed values are used for" in said and "not used yet" not in said
    other = make("dark_tower", players=2)
    assert other.building_types == DATA.building_types and other.gear == DATA.gear


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (
            "[heroes.brutal-warlord]\nmove = 9\n",
            "Brutal Warlord (heroes.brutal-warlord) move must be a whole number from 1 to 6, not 9",
        ),
        (
            "[heroes.lord-of-moons]\nmove = 3\n",
            "[heroes.lord-of-moons] names no hero; the ids are brutal-warlord",
        ),
        ("[heroes.spymaster]\nspeed = 3\n", "has no field 'speed'; the fields are move, banner"),
        ('[heroes.spymaster]\nbanner = "gain 2 dragons"\n', "is not an effect"),
        (
            '[heroes.spymaster]\nbanner = "corruption"\n',
            "'corruption' cannot be printed there; allowed: gain warriors",
        ),
        ('[buildings.citadel]\nenhanced = "gain 9 warriors"\n', "at most 7 warriors and spirit"),
        (
            "[buildings.tavern]\nfree = 'gain 1 spirit'\n",
            "the ids are citadel, village, sanctuary, bazaar",
        ),
        (
            "[gear.longswords]\nadvantage = 'Wild'\n",
            "advantage must be one of Melee, Magic, Stealth, Beast, Humanoid, Undead, not 'Wild'",
        ),
        (
            "[potions]\n",
            "[potions] is not a kind of printed values; the kinds are heroes, buildings, gear",
        ),
        ("[heroes\n", "is not TOML"),
    ],
)
def test_a_bad_printed_value_is_refused_naming_item_field_and_allowed(
    tmp_path: Path, text: str, says: str
) -> None:
    with pytest.raises(P.PrintedError) as refused:
        P.load(write(tmp_path, text))
    assert says in str(refused.value)
    assert "\n" not in str(refused.value).strip()


def test_the_command_uses_the_printed_file_and_refuses_a_bad_one(tmp_path: Path) -> None:
    run = CliRunner(env={"COLUMNS": "240", "XDG_DATA_HOME": str(tmp_path)})
    folder = tmp_path / "towers" / "companion"
    folder.mkdir(parents=True)
    (folder / "printed.toml").write_text("[heroes.spymaster]\nmove = 0\n")
    bad = run.invoke(app, ["companion", "dark_tower", "--seed", "1"], input="quit\n")
    assert bad.exit_code == 2
    assert "Spymaster (heroes.spymaster) move must be a whole number from 1 to 6" in bad.output
    assert "Traceback" not in bad.output
    (folder / "printed.toml").write_text("[heroes.relic-hunter]\nmove = 6\n")
    good = run.invoke(app, ["companion", "dark_tower", "--seed", "1"], input="quit\n")
    assert good.exit_code == 0, good.output
    assert "Your printed values are used for the heroes'" in " ".join(good.output.split())
    saved = load(folder / "dark_tower.json")
    assert saved["companion"]["printed"] == {"heroes": {"relic-hunter": {"move": 6}}}


# ---- the haggle die and the cards, by their printed words --------------------------------


def test_the_haggle_die_is_asked_for_with_its_five_faces_as_printed() -> None:
    assert haggle_legend() == [
        "Reinforce normally",
        "after you Reinforce, gain 3 warriors",
        "after you Reinforce, gain 1 potion",
        "after you Reinforce, gain 1 gear",
        "the Reinforce action is canceled",
    ]
    session = CompanionSession.new(2, seed=5)
    bot, rng = GreedyBot(seed=5), random.Random(5)
    session.advance()
    while not isinstance(session.state.pending[-1], F.HaggleRoll):
        waiting = session.waiting()
        assert waiting is not None
        haggle = [a for a in session.entries() if session.name(a) == "haggle"]
        if haggle and not waiting.is_table:
            session.enter(haggle[0])  # roll the die whenever a hero may
        else:
            session.enter(table_choice(session, bot, rng))
    waiting = session.waiting()
    assert waiting is not None and waiting.is_table
    for face in haggle_legend():
        assert face in waiting.ask
    assert [session.label(a) for a in session.shown_entries()] == haggle_legend()
    session.enter(session.read("After you reinforce, GAIN 3 warriors"))
    assert session.state.haggle == DATA.haggle_faces.index("warriors")


def every_card() -> list[tuple[str, int]]:
    cards = []
    for action in range(SPACE.size):
        value = SPACE.decode(action)
        if isinstance(value, DrawTreasure | DealTest | RollHaggle) or type(value).__name__ in (
            "DrawPotion",
            "DrawCorruption",
        ):
            cards.append((type(value).__name__, action))
    return cards


@pytest.mark.parametrize("mode", ["cooperative", "competitive"])
def test_every_card_of_every_deck_is_read_from_its_printed_name(mode: str) -> None:
    session = CompanionSession.new(2, options={"mode": mode}, seed=2)
    state = session.state
    names = {
        "DrawTreasure": [t.name for t in DATA.treasures],
        "DrawPotion": [p.name for p in DATA.potions],
        "DrawCorruption": [c.name for c in DATA.corruptions],
    }
    for kind, cards in names.items():
        for name in cards:
            for typed in (name, name.upper(), name.replace("'", "\u2019"), f"  {name.lower()} "):
                action = session.read(typed)
                assert type(SPACE.decode(action)).__name__ == kind
                assert label(state, action) == name
    for quest in DATA.quests:
        action = session.read(quest.name)
        assert isinstance(SPACE.decode(action), DealTest | type(SPACE.decode(action)))
    assert len(every_card()) >= 22 + 6 + 12 + 6


def test_all_22_treasures_can_be_entered_as_drawn_or_are_answered_with_what_to_do() -> None:
    entered = 0
    answered = []
    for t, treasure in enumerate(DATA.treasures):
        session = CompanionSession.new(2, seed=3)
        assert isinstance(session.state.pending[-1], F.TreasureDraw)
        try:
            session.enter(session.read(treasure.name))
        except EntryError as exc:
            answered.append(str(exc))
            assert "Put it aside, draw another card" in str(exc)
            assert session.state.history() == []  # nothing changed
        else:
            assert session.state.market[0] == t or t in session.state.market
            entered += 1
    assert entered == 19 and len(answered) == 3
    # the three are the main goal's, and the set-up says to take them out of the deck
    opening = " ".join(CompanionSession.new(2, seed=3).opening())
    assert (
        "Take Crown of Azkol, Azkol's Idol and Golden Mace of Azkol out of the treasure deck"
        in opening
    )
    # with another main goal, every treasure is in the deck
    for treasure in DATA.treasures:
        session = CompanionSession.new(2, {"goal": "forge-an-alchemical-solution"}, seed=3)
        session.enter(session.read(treasure.name))


# ---- a tower worked by hand ------------------------------------------------------------------


def test_a_session_with_a_tower_worked_by_hand_is_played_to_the_end() -> None:
    session = CompanionSession.new(2, seed=9, tower_kind=MANUAL)
    assert isinstance(session.mirror.device, ManualTower) and not session.mirror.simulated
    bot, rng = GreedyBot(seed=9), random.Random(9)
    session.advance()
    asked_where = confirmed = refused = 0
    while not session.is_over():
        waiting = session.waiting()
        assert waiting is not None
        if waiting.drums:
            turned = list(waiting.drums)
            want = [session.state.tower.drums[lv] for lv in turned]
            wrong = {lv: (w + 1) % 4 for lv, w in zip(turned, want, strict=True)}
            with pytest.raises(EntryError, match="must be turned to face"):
                session.confirm_drums(wrong)
            refused += 1
            with pytest.raises(EntryError, match="first"):
                session.enter(0)
            sides = ("north", "east", "south", "west")
            text = " ".join(
                f"{('top', 'middle', 'bottom')[lv]} {sides[w]}"
                for lv, w in zip(turned, want, strict=True)
            )
            session.confirm_drums_text(text)
            confirmed += 1
            assert session.mirror.device.drum_positions() == tuple(session.state.tower.drums)
            continue
        if isinstance(session.state.pending[-1], F.Releasing):
            assert session.source() == TOWER and not session.is_drawn()
            asked_where += 1
            allowed = session.entries()
            bad = next(
                a for a in range(SPACE.size) if a not in allowed and "tower:" in session.name(a)
            )
            with pytest.raises(EntryError, match="cannot be entered now"):
                session.enter(bad)
        session.enter(table_choice(session, bot, rng))
    assert asked_where > 10 and confirmed >= 1 and refused == confirmed
    assert session.mirror.device.skull_count() == session.state.tower.dropped


def test_a_release_is_entered_by_the_opening_with_its_kingdom() -> None:
    session = CompanionSession.new(2, seed=9, tower_kind=MANUAL)
    bot, rng = GreedyBot(seed=9), random.Random(9)
    session.advance()
    while not isinstance(session.state.pending[-1], F.Releasing):
        session.enter(table_choice(session, bot, rng))
    labels = [session.label(a) for a in session.shown_entries()]
    assert "no more came out" in labels
    assert any(lbl.startswith("out of the north door (into ") for lbl in labels)


# ---- a saved session and other options -------------------------------------------------------


def test_other_options_than_the_saved_sessions_are_refused_in_one_line(tmp_path: Path) -> None:
    run = CliRunner(env={"COLUMNS": "240", "XDG_DATA_HOME": str(tmp_path)})
    first = run.invoke(app, ["companion", "dark_tower", "-p", "2", "--seed", "4"], input="quit\n")
    assert first.exit_code == 0, first.output
    path = tmp_path / "towers" / "companion" / "dark_tower.json"
    before = path.read_text()
    other = [
        "companion",
        "dark_tower",
        "-p",
        "2",
        "-o",
        "difficulty=gritty",
        "-o",
        "adversary=gravemaw",
    ]
    result = run.invoke(app, other, input="quit\n")
    assert result.exit_code == 2
    message = " ".join(result.output.split())
    assert "difficulty gritty, saved heroic" in message
    assert "adversary gravemaw, saved ashstrider" in message
    assert "--new" in message and "--resume FILE" in message
    assert len(result.output.strip().splitlines()) <= 2  # one line (wrapped at most once)
    assert path.read_text() == before
    # the same options continue it; --new starts the new one
    same = run.invoke(
        app, ["companion", "dark_tower", "-p", "2", "-o", "difficulty=heroic"], input="quit\n"
    )
    assert same.exit_code == 0 and "Resuming after" in same.output
    fresh = run.invoke(app, [*other, "--new"], input="quit\n")
    assert fresh.exit_code == 0, fresh.output
    assert load(path)["options"]["adversary"] == "gravemaw"
    players = run.invoke(app, ["companion", "dark_tower", "-p", "3"], input="quit\n")
    assert players.exit_code == 2 and "players 3, saved 2" in players.output


def test_the_state_is_a_dark_tower_state() -> None:
    assert isinstance(CompanionSession.new(1, seed=0).state, DarkTowerState)
