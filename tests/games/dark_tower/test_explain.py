"""Return to Dark Tower explains itself (towers/games/dark_tower/explain.py): how it goes, the
glossary and the board's help keys, the rulebook sections of refusals, the log's chapters and
words, the ending by category, the terminal's glance and the seats' colours."""

from __future__ import annotations

import inspect
import random
import re
from html import unescape

import pytest
from rich.text import Text

import towers
from tests.games.sampling import sampled_states
from towers.core.conformance import random_action
from towers.core.registry import views_of
from towers.core.views import GLANCE_LINES, Views, find_topics
from towers.core.words import plural
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import explain as X
from towers.games.dark_tower import frames as F
from towers.games.dark_tower import render as R
from towers.games.dark_tower.data import DATA, STATUSES, DataError, effects_text, parse_effects
from towers.games.dark_tower.rules import DROP, GOAL, N_FOES, DarkTowerGame, DarkTowerState

from .conftest import act, chance, end_turn, loc, middle, new_game

BRIGANDS = 0  # the level-2 foe of the first game


def views(players: int = 2, **options: object) -> Views:
    return views_of(towers.make("dark_tower", players=players, **options))


def played(players: int, seed: int, **options: object) -> DarkTowerState:
    """A random game of ``players`` played to its end."""
    state = DarkTowerGame(players, **options).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    return state


# ---- how it goes, and the glossary ---------------------------------------------------------


def test_howto_says_how_the_heroes_win_and_lose() -> None:
    text = views().howto()
    assert "defeat it in battle" in text and "main goal" in text
    for loss in ("third corruption", "supply is empty", "sixth month ends"):
        assert loss in text
    assert "relic" not in text
    race = views(3, mode="competitive").howto().splitlines()
    assert "the first to find the relic" in " ".join(race)
    assert len(race) <= 30 and all(len(line) <= 80 for line in race)


def test_a_building_says_its_free_and_enhanced_reinforce() -> None:
    for t, kind in enumerate(DATA.building_types):
        words = X.topic(X.building_key(t)).text
        assert effects_text(kind.free) in words and effects_text(kind.enhanced) in words
        assert f"({kind.enhanced_cost} spirit)" in words
    (citadel,) = find_topics(views(), "Citadel")
    assert citadel.text.endswith("gain 7 warriors.")


def test_a_foe_says_its_level_traits_and_strikes_by_status() -> None:
    brigands = X.topic(X.foe_key(DATA.foe("brigands"))).text
    assert "level 2" in brigands and "Stealth and Humanoid" in brigands
    foe = DATA.foes[DATA.foe("brigands")]
    for s, status in enumerate(STATUSES):
        moves = plural(foe.strike_moves[s], "step")
        assert f"{status}, {moves} then {effects_text(foe.strike[s])}" in brigands
    ashstrider = X.topic(X.foe_key(DATA.foe("ashstrider")))
    assert ashstrider.kind == "adversary" and "retreat" in ashstrider.text


def test_items_say_what_they_do() -> None:
    (swords,) = find_topics(views(), "Longswords")
    assert "1 Melee advantage" in swords.text
    remover = next(p for p, potion in enumerate(DATA.potions) if potion.remove_foe)
    level = DATA.potions[remover].remove_foe
    assert f"remove a level {level} foe" in X.topic(X.potion_key(remover)).text
    scroll = next(t for t, tr in enumerate(DATA.treasures) if tr.spend)
    assert "Wild advantage" in X.topic(X.treasure_key(scroll)).text


def test_a_hero_says_its_move_banner_and_virtues() -> None:
    hero = DATA.heroes[0]
    words = X.topic(X.hero_key(0)).text
    assert f"move {hero.move}" in words and effects_text(hero.banner) in words
    assert all(v.name in words for v in (*hero.default_virtues, *hero.virtues))
    virtue = hero.virtues[0]
    assert X.topic(X.virtue_key(virtue)).text.endswith(R.perk_words(virtue))


def test_a_space_names_its_neighbours_and_river_crossings() -> None:
    anza = loc("Anza")
    words = X.topic(X.space_key(anza)).text
    assert all(DATA.locations[j].name in words for j in DATA.adjacent[anza])
    a, b = sorted(DATA.rivers)[0]
    assert f"{DATA.locations[b].name} (across a river)" in X.topic(X.space_key(a)).text


def test_a_main_goal_lists_its_steps_and_where_the_adversary_comes() -> None:
    words = X.topic(X.goal_key(GOAL)).text
    for step, _ in GOAL.steps:
        assert DATA.locations[step].dungeon in words
    assert DATA.locations[GOAL.adversary_spawn].name in words
    assert {t.name for t in find_topics(views(), "Recover")} == {"Recover Azkol's Treasures"}


def test_the_general_topics_are_read_from_help_toml_with_their_sources() -> None:
    names = {t.name for t in X.general_topics()}
    assert {"The Tower", "Seals", "Tower doors", "Skulls", "Haggle die", "Clash"} <= names
    good = '[[topics]]\nkey = "k"\nname = "A thing"\nkind = "token"\n'
    text = 'text = "It does a thing well."\n'
    assert X.read_help(good + text + 'source = "rulebook: Events"')[0].name == "A thing"
    with pytest.raises(DataError, match="source"):
        X.read_help(good + text)
    with pytest.raises(DataError, match="says what"):
        X.read_help(good + 'text = "short"\nsource = "designed: x"')


def test_the_board_asks_for_help_on_every_kind_of_component() -> None:
    state = next(iter(sampled_states("dark_tower", 2, seed=4, every=5, steps=40)))
    svg = views().svg(state, 0) or ""
    keys = set(re.findall(r'data-help="([^"]*)"', svg))
    assert keys <= {t.key for t in X.glossary()}
    kinds = {X.topic(k).kind for k in keys}
    expected = {"space", "kingdom", "building", "foe", "adversary", "hero", "gear", "virtue"}
    assert expected | {"kingdom virtue", "tower", "token", "treasure", "main goal"} <= kinds
    assert 'id="loc-45" data-help="space-anza"' in svg


def test_each_panel_is_named_with_its_part() -> None:
    state = new_game(3)
    svg = views(3).svg(state, 1) or ""
    panels = re.findall(r'class="tw-panel" data-name="([^"]+)" data-part="([^"]+)"', svg)
    assert len(panels) == svg.count('class="tw-panel"') == 11
    parts = {unescape(name): part for name, part in panels}
    assert parts["Orphaned Scion (you)"] == "me"
    assert parts["Brutal Warlord"] == parts["Relic Hunter"] == "others"
    assert parts["The Tower"] == parts["The four kingdoms"] == "board"
    assert parts["Market and this month's quests"] == parts["Main goal"] == "supply"
    assert parts["Places on the map"] == "supply"  # the key to the map's short names
    assert parts["Buildings and their skulls"] == "scores"
    spectator = views(3).svg(state, None) or ""
    assert 'data-part="me"' not in spectator


def test_each_seats_colour_is_its_heros_on_the_board() -> None:
    state = new_game(2)
    v = views(2)
    colours = v.colours()
    assert colours == ["#e9c545", "#d0524a"]  # Durnin's yellow, Arisilon's red
    svg = v.svg(state, 0) or ""
    for seat, colour in enumerate(colours):
        drawn = re.search(rf'<g id="hero-{seat}"[^>]*><rect[^>]*fill="([^"]+)"', svg)
        assert drawn is not None and drawn.group(1) == colour


def test_effects_are_worded_once_and_read_back() -> None:
    effects = parse_effects("gain 1 warriors, lose 2 potion, gain 1 treasure, skulls 2")
    assert effects_text(effects) == "gain 1 warrior, lose 2 potions, gain 1 treasure, skulls 2"
    assert parse_effects(effects_text(effects)) == effects
    assert "def effects_text" not in inspect.getsource(R)  # one place writes effects


# ---- the rulebook's sections ---------------------------------------------------------------


def test_a_refusal_cites_a_section_that_is_explained() -> None:
    state = middle(new_game(2), "Anza")
    far = state.string_to_action("move to Fivepint")
    rule = state._illegal(far).rule
    assert rule == "rulebook: Movement"
    words = views().rules_section(rule)
    assert words is not None and "doubles" in words
    assert views().rules_section("Movement") == words
    assert views().rules_section("rulebook: Flying") is None


def test_the_sections_follow_the_rulebook_and_are_cited_as_refusals_cite_them() -> None:
    sections = views().rule_sections()
    assert sections[0] == "rulebook: World Setup" and sections[-1].endswith("Clarifications")
    assert all(s.startswith("rulebook: ") and views().rules_section(s) for s in sections)


# ---- the log ---------------------------------------------------------------------------------


def test_the_chapter_is_the_month_and_its_turn() -> None:
    assert X.chapter(DarkTowerGame(2).new_initial_state()) == ""
    state = new_game(2)
    assert X.chapter(state) == "Month 1, turn 1"
    end_turn(state)
    assert X.chapter(state) == "Month 1, turn 2"
    end_turn(state)
    assert X.chapter(state) == "Month 2, turn 1"


def test_the_log_tells_a_battle_card_by_card_with_its_results() -> None:
    state = middle(new_game(2))
    state.foes[state.at[0] * N_FOES + BRIGANDS] = 1
    battle = state.string_to_action("battle foe2")
    assert views().log_words(state, battle) == "battle Brigands: 2 battle cards to win"
    act(state, "battle foe2")
    ladder = DATA.foes[DATA.foe("brigands")].battle[STATUSES.index("ready")][0]
    clash = state.string_to_action("battle card clash")
    said = views().log_words(state, clash)
    assert (
        said == f"battle card Clash: {effects_text(ladder[0])} (at best {effects_text(ladder[-1])})"
    )
    chance(state, "battle card clash")
    said = views().log_words(state, state.string_to_action("resolve"))
    assert said == f"resolve Clash against Brigands: {effects_text(ladder[0])}; 1 card to go"
    state.warriors[0] = 20
    act(state, "resolve")
    chance(state, "battle card clash")
    said = views().log_words(state, state.string_to_action("resolve"))
    assert said.endswith("; Brigands is defeated")


def test_the_log_tells_a_quest_step_a_reinforce_and_the_haggle_die() -> None:
    state = new_game(2, goal="assemble-an-army-of-trees")  # spend 8 warriors at Idran Forest
    middle(state, "Idran Forest")
    state.warriors[0] = 9
    step = state.string_to_action("complete the main goal's quest")
    assert views().log_words(state, step) == (
        "complete step 1 of 3 of Assemble an Army of Trees (spend 8 warriors)"
    )
    state = middle(new_game(2))  # at Durnin's Citadel
    reinforce = state.string_to_action("reinforce free")
    said = views().log_words(state, reinforce)
    assert said == "reinforce at the Citadel of Radiant Mountains (free): gain 3 warriors"
    state.haggle = DATA.haggle_faces.index("potion")
    said = views().log_words(state, reinforce)
    assert said.endswith("(free): gain 3 warriors, gain 1 potion")
    face = DATA.haggle_faces.index("warriors")
    roll = A.SPACE.encode(A.RollHaggle(face=face))
    assert views().log_words(state, roll) == "haggle die: after you Reinforce, gain 3 warriors"


def test_the_log_says_where_a_skull_falls_and_where_it_is_placed() -> None:
    state = new_game(2)
    out = A.SPACE.parse("tower: door east")
    assert views().log_words(state, out) == "a skull falls out of the east door, toward Brynthia"
    b = next(k for k, bd in enumerate(DATA.buildings) if bd.kingdom == 1)
    state.skulls[b] = 3
    place = A.SPACE.encode(A.PlaceSkull(building=b))
    assert views().log_words(state, place).endswith(": the fourth destroys it")


# ---- the ending ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "mode"), [(1, "cooperative"), (2, "cooperative"),
                                               (4, "cooperative"), (3, "competitive")])  # fmt: skip
def test_the_ending_names_the_rule_that_ended_it_and_scores_by_category(
    players: int, mode: str
) -> None:
    for seed in range(4):
        state = played(players, seed, mode=mode)
        ending = views(players, mode=mode).ending(state)
        assert ending is not None
        assert [row[-1] for row in ending.rows] == state.scores()
        section, _, why = ending.reason.partition(": ")
        assert X.rules_section(section) is not None, ending.reason
        corruptions = ending.categories.index("Corruptions")
        assert [row[corruptions] for row in ending.rows] == [len(c) for c in state.corruptions]
        if "third corruption" in state.ending:
            seat = int(state.ending.split()[1].removesuffix("'s"))
            assert f"{state.game.heroes[seat].name} would gain a third corruption" in why


def test_the_tally_matches_the_board() -> None:
    """Each skull placed is on a building, cleansed, or gone with a destroyed building; each
    foe token spawned is on the board, defeated in battle, or taken by a potion."""
    defeated = 0
    for seed in range(6):
        state = played(2, seed)
        done = X.tally(state)
        values = [A.SPACE.values[a] for a in state.history()]
        placed = sum(isinstance(v, A.PlaceSkull) for v in values)
        destroyed = sum(1 for s in state.skulls if s < 0)
        on = sum(s for s in state.skulls if s > 0)
        assert placed == on + sum(d["cleansed"] for d in done) + 4 * destroyed
        spawned = sum(isinstance(v, A.SpawnAt) for v in values)
        potions = sum(
            isinstance(v, A.DrinkPotion) and DATA.potions[v.potion].remove_foe > 0 for v in values
        )
        assert spawned - sum(state.foes) == sum(d["foes"] for d in done) + potions
        defeated += sum(d["foes"] for d in done)
    assert defeated > 0


def test_a_won_game_says_the_adversary_fell_and_scores_1_each() -> None:
    state = new_game(1)
    state.goal_step = len(state.game.goal.steps)
    state.adversary_at = state.at[0]
    state.adv_left = 1
    middle(state)
    state.warriors[0] = state.spirit[0] = 60
    act(state, "battle adversary")
    chance(state, "battle card clash")
    act(state, "resolve")
    ending = views(1).ending(state)
    assert ending is not None and state.scores() == [1.0]
    assert ending.verdict == "The heroes win: Ashstrider is defeated."
    assert ending.reason.startswith("Winning: the main goal, Recover Azkol's Treasures, was")
    assert ending.rows[0][-1] == 1.0 and ending.categories[-1] == "Score"


def test_the_race_names_its_winner() -> None:
    for seed in range(8):
        state = played(3, seed, mode="competitive")
        ending = views(3, mode="competitive").ending(state)
        assert ending is not None
        for seat in range(3):
            if state.eliminated[seat]:
                fell = f"{state.game.heroes[seat].name} was eliminated in month "
                assert any(note.startswith(fell) for note in ending.notes)
        if state.winner >= 0:
            hero = state.game.heroes[state.winner].name
            assert ending.verdict == f"{hero} wins the race for the relic."
            assert ending.reason.startswith("End of the Game: ")
            return
    pytest.fail("no seeded race had a winner")


# ---- the terminal's glance -------------------------------------------------------------------


def test_the_glance_shows_the_seats_key_numbers_in_12_lines() -> None:
    state = middle(new_game(3), "Anza")
    state.warriors[0], state.spirit[0] = 11, 4
    state.foes[loc("Anza") * N_FOES + BRIGANDS] = 2
    near = DATA.adjacent[loc("Anza")][0]
    state.foes[near * N_FOES + 1] = 1
    lines = Text.from_markup(views(3).glance(state, 0)).plain.splitlines()
    assert len(lines) <= GLANCE_LINES and all(len(x) <= 80 for x in lines)
    assert lines[0].startswith("Month 1 of 6, 3 turns left; Brutal Warlord (Durnin): move")
    assert lines[1] == "You: Brutal Warlord (Durnin) at Anza, 11 warriors, 4 spirit, 0 corruptions"
    at = next(k for k, x in enumerate(lines) if x.startswith("Foes near: "))
    foes = " ".join([lines[at], *(x.strip() for x in lines[at + 1 :] if x.startswith("  "))])
    assert "Brigands x2 (ready) here" in foes
    assert f"Frost Trolls (ready) 1 step away at {DATA.locations[near].name}" in foes
    assert any(x.startswith("Goal, step 1 of 3: explore ") for x in lines)
    assert any(x.startswith("Relic Hunter at ") for x in lines)


def test_the_glance_and_sections_hold_their_limits_through_games() -> None:
    for state in sampled_states("dark_tower", 4, seed=8, every=3):
        seat = max(state.current_player(), 0)
        lines = Text.from_markup(views(4).glance(state, seat)).plain.splitlines()
        assert 1 <= len(lines) <= GLANCE_LINES and all(len(x) <= 80 for x in lines)
    parts = views(4).sections(state, 0)
    assert set(parts) == {"board", "me", "supply", "scores"}
    assert "Anza" in parts["board"] and "Brutal Warlord" in parts["me"]


def test_the_log_says_what_a_foes_event_does() -> None:
    state = new_game(2)
    strike = next(
        k for k, e in enumerate(DATA.events) if e.category == "foes_strike" and e.foe == 0
    )
    draw = A.SPACE.encode(A.DrawEvent(card=strike))
    assert views().log_words(state, draw) == "event: Brigands strike (no Brigands on the board)"
    state.foes[loc("Anza") * N_FOES + BRIGANDS] = 1
    foe = DATA.foes[DATA.foe("brigands")]
    ready = STATUSES.index("ready")
    assert views().log_words(state, draw) == (
        f"event: Brigands strike (ready: 1 step, then {effects_text(foe.strike[ready])})"
    )
    grow = next(k for k, e in enumerate(DATA.events) if e.category == "foes_grow" and e.foe == 0)
    grown = views().log_words(state, A.SPACE.encode(A.DrawEvent(card=grow)))
    assert grown == "event: Brigands grow bolder (Brigands now savage)"


def test_a_racer_sees_its_own_heroic_tests_in_its_section() -> None:
    state = DarkTowerGame(3, mode="competitive").new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(random_action(state, rng))
    mine = views(3, mode="competitive").sections(state, 1)["me"]
    for kind, q in enumerate(state.tests[1]):
        assert f"{DATA.kingdoms[kind].virtue} (to do): {DATA.quests[q].name}" in mine
    assert "1 Amulet of Hope left" in mine
    assert (
        DATA.quests[state.tests[0][0]].name
        not in views(3, mode="competitive").sections(state, 2)["me"].split("Heroic tests")[1]
    )


def test_the_log_says_what_a_monthly_quest_asks_and_gives() -> None:
    state = middle(new_game(2))
    quest = next(q for q, card in enumerate(DATA.quests) if card.qualifier)
    state.monthly = [quest, -1]
    said = views().log_words(state, state.string_to_action("complete the companion quest"))
    card = DATA.quests[quest]
    assert said == (
        f"complete the companion quest {card.name} (spend 4 advantages, "
        f"{card.qualifier.replace('-', ' ')}); reward: a {card.reward}"
    )


def test_the_glance_after_the_main_goal_shows_the_adversary_to_defeat() -> None:
    state = new_game(1)
    state.goal_step = len(state.game.goal.steps)
    state.adversary_at = GOAL.adversary_spawn
    state.adv_left = 3
    lines = Text.from_markup(views(1).glance(state, 0)).plain.splitlines()
    assert "Goal done: defeat Ashstrider at Azkol's Bane, 2 of 5 battle cards won" in lines


def test_the_apps_messages_ask_for_the_month_and_the_revealed_battle_card() -> None:
    state = middle(new_game(2))
    state.foes[state.at[0] * N_FOES + BRIGANDS] = 1
    act(state, "battle foe2")
    chance(state, "battle card ambush")
    svg = views().svg(state, 0) or ""
    head = svg[: svg.index("The four kingdoms")]
    assert re.search(r'data-help="months"><text[^>]*>Month 1 of 6', head)
    assert re.search(r'data-help="card-ambush"><text[^>]*>Battle with Brigands', head)


def test_the_log_names_the_virtue_the_potion_and_the_moves_left() -> None:
    state = new_game(2)
    banner = state.string_to_action("banner")
    assert views().log_words(state, banner) == "banner: gain 2 warriors"  # Brutal Warlord
    middle(state, "Anza")
    step = state.string_to_action(f"move to {DATA.locations[DATA.adjacent[loc('Anza')][0]].name}")
    left = state.moves_left - 1
    assert views().log_words(state, step).endswith(f"({plural(left, 'move')} left)")
    remover = next(p for p, potion in enumerate(DATA.potions) if potion.remove_foe)
    drink = A.SPACE.encode(A.DrinkPotion(potion=remover))
    assert views().log_words(state, drink) == "drink " + R.potion_words(remover).rstrip(".")
    state.pending.push(F.ChooseVirtue(seat=0))
    pick = state.string_to_action("activate hero virtue 2")
    callous = DATA.heroes[0].virtues[1]
    assert views().log_words(state, pick) == "activate " + R.perk_words(callous).rstrip(".")


def test_the_haggle_die_rolled_is_shown_and_asks_for_its_help() -> None:
    state = middle(new_game(2))
    act(state, "haggle")
    chance(state, f"haggle die {DATA.haggle_faces.index('potion') + 1}")
    svg = views().svg(state, 0) or ""
    said = "Haggle die: after you Reinforce, gain 1 potion"
    assert re.search(rf'data-help="haggle-die"><text[^>]*>{said}', svg)


@pytest.mark.parametrize(
    ("mode", "who"),
    [("cooperative", "the heroes lose"), ("competitive", "the hero is out of the race")],
)
def test_a_skull_dropped_from_an_empty_supply_says_what_follows(mode: str, who: str) -> None:
    state = new_game(2, mode=mode)
    state.supply = 3
    assert X.log_words(state, DROP).endswith("(2 skulls left in the supply)")
    state.supply = 1
    assert X.log_words(state, DROP).endswith("(0 skulls left in the supply)")
    state.supply = 0
    assert X.log_words(state, DROP) == f"drop a skull into the Tower: the supply is empty, so {who}"


def test_each_place_on_the_map_gives_its_full_name_in_its_title_and_help() -> None:
    """A place is drawn with its short name (explained by the key); its tooltip starts with
    its full printed name and its help card is that name's topic."""
    game = towers.make("dark_tower", players=2)
    svg = views_of(game).svg(game.new_initial_state(), 0) or ""
    topics = {t.key: t.name for t in X.glossary()}
    for i, place in enumerate(DATA.locations):
        found = re.search(rf'<g id="loc-{i}" data-help="([^"]*)"><title>([^<]*)</title>', svg)
        assert found, place.name
        assert unescape(found.group(2)).startswith(f"{place.name}: "), found.group(2)
        assert topics[found.group(1)] == place.name
