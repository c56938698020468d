"""The Turris data files: they load and validate, match the rulebook's component list, hold
every fact the rulebook's worked examples rely on, and a broken copy is refused by name."""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from towers.games.turris.data import (
    DATA_DIR,
    EFFECT_KINDS,
    LOCATION_NAMES,
    TRIGGERS,
    DataError,
    Effect,
    TurrisData,
    distances,
    is_source,
    load,
    load_layout,
)

D = load()


def dist(a: str, b: str) -> int:
    return distances(D.locations, a)[b]


def shortest_paths(a: str, b: str) -> list[list[str]]:
    """Every shortest path from ``a`` to ``b``, Crossroads counted as Locations (Plot Path)."""
    to_b = distances(D.locations, b)
    paths = [[a]]
    while paths[0][-1] != b:
        paths = [
            p + [n] for p in paths for n in D.location(p[-1]).adjacent if to_b[n] == to_b[p[-1]] - 1
        ]
    return paths


def kinds(effects: tuple[Effect, ...]) -> list[str]:
    return [e.kind for e in effects]


def effect(effects: tuple[Effect, ...], kind: str) -> Effect:
    (found,) = [e for e in effects if e.kind == kind]
    return found


# ---------------------------------------------------------------- loading and provenance


def test_the_data_loads_and_validates() -> None:
    assert isinstance(D, TurrisData)
    assert load() is D  # cached


def _items(value: object, path: str) -> Iterator[tuple[str, dict[str, object]]]:
    """Every table that is an item: top-level tables and array entries, adjacency entries
    and faction sides (effect tables, which belong to their item, are skipped)."""
    if isinstance(value, dict):
        yield path, value
        for key in ("adjacent", "sides"):
            for i, entry in enumerate(value.get(key, [])):
                yield f"{path}.{key}[{i}]", entry


@pytest.mark.parametrize("name", sorted(p.name for p in DATA_DIR.glob("*.toml")))
def test_every_item_names_its_source_in_one_of_the_two_forms(name: str) -> None:
    raw = tomllib.loads((DATA_DIR / name).read_text())
    seen = 0
    for key, value in raw.items():
        entries = value if isinstance(value, list) else [value]
        for i, entry in enumerate(entries):
            for path, item in _items(entry, f"{key}[{i}]"):
                seen += 1
                assert is_source(item.get("source")), f"{name} {path}: {item.get('source')!r}"
                for field, text in item.items():
                    if field.endswith("_source"):
                        assert is_source(text), f"{name} {path} {field}: {text!r}"
    assert seen > 0


def test_the_effect_vocabulary_is_small_and_every_kind_and_trigger_is_used() -> None:
    used: set[str] = set()
    triggers: set[str] = set()

    def walk(effects, ongoing=()) -> None:
        used.update(kinds(effects))
        for o in ongoing:
            triggers.add(o.on)
            used.update(kinds(o.effects))

    for loc in D.locations:
        walk(loc.effects)
    for group in (D.upgrades, D.trionfi, D.tactics, D.missions, D.excavation_sites):
        for card in group:
            walk(card.effects, card.ongoing)
    for faction in D.factions:
        for side in faction.sides:
            walk(side.effects, side.ongoing)
    for spot in D.council:
        walk(spot.effects)
    assert used == EFFECT_KINDS
    assert triggers == TRIGGERS
    assert len(EFFECT_KINDS) <= 20 and len(TRIGGERS) <= 12


# ---------------------------------------------------------------- rulebook: Components


def test_counts_match_the_component_list() -> None:
    # rulebook: Components
    c = D.components
    assert len(D.upgrades) == c["location_upgrades"] == 12
    assert len(D.trionfi) == c["trionfi"] == 12
    assert len(D.tactics) == c["tactics"] == 50
    assert len(D.missions) == c["missions"] == 50
    assert len(D.excavation_sites) == c["excavation_sites"] == 24
    assert len(D.beasts) == c["beasts"] == 4
    base_sets = [s for s in D.player_sets if not s.fifth_player]
    base_factions = [f for f in D.factions if not f.fifth_player]
    assert len(base_sets) == c["player_boards"] == 4
    assert len(base_factions) == c["faction_cards"] == 4
    assert sum(s.scouts for s in base_sets) == c["scouts"] == 16
    assert sum(s.markers for s in base_sets) == c["marker_tokens"] == 12
    assert c["additional_action_tokens"] == 8
    assert c["artifacts"] == 20
    assert c["resource_tokens_each"] == 25
    assert c["damage_tokens"] == 6
    assert sorted(c["solo_dice"]) == ["d12", "d4"]


def test_the_fifth_player_set_and_faction_are_designed_and_marked() -> None:
    fifth_sets = [s for s in D.player_sets if s.fifth_player]
    fifth_factions = [f for f in D.factions if f.fifth_player]
    assert len(fifth_sets) == len(fifth_factions) == 1
    assert fifth_sets[0].source.startswith("designed: ")
    assert fifth_factions[0].source.startswith("designed: ")
    assert fifth_sets[0].scouts == 4 and fifth_sets[0].markers == 3


def test_each_faction_card_has_two_sides() -> None:
    # rulebook: Setup (step 9: a faction and one side of its Factional Abilities card)
    for faction in D.factions:
        assert [s.side for s in faction.sides] == ["A", "B"]


def test_twelve_trionfi_match_twelve_location_upgrades_one_per_location() -> None:
    # rulebook: Trionfi Step (the Location Upgrade tile that corresponds to the Trionfi card)
    numbered = {loc.id for loc in D.locations if loc.kind == "location"}
    assert sorted(t.location for t in D.trionfi) == sorted(numbered)
    assert sorted(u.location for u in D.upgrades) == sorted(numbered)


def test_the_beast_movement_deck_has_one_card_per_location_number() -> None:
    assert sorted(D.movement_cards) == list(range(1, 13))


# ---------------------------------------------------------------- the board


def test_the_board_holds_the_locations_the_rulebook_names() -> None:
    numbered = [loc for loc in D.locations if loc.kind == "location"]
    assert sorted(loc.name for loc in numbered) == sorted(LOCATION_NAMES)
    assert sorted(loc.number for loc in numbered) == list(range(1, 13))
    assert len([loc for loc in D.locations if loc.kind == "crossroads"]) == 2
    assert sorted(loc.letter for loc in D.locations if loc.kind == "excavation") == list("ABCD")
    # FAQ 5: the Graveyard is not part of the Main Board
    assert D.graveyard == "Graveyard" and "graveyard" not in D.index


def test_every_adjacency_is_symmetric_and_the_graph_connected() -> None:
    for loc in D.locations:
        for other in loc.adjacent:
            assert loc.id in D.location(other).adjacent
    assert len(distances(D.locations, "abyss")) == len(D.locations)


def test_the_board_stays_connected_without_unused_excavation_spots() -> None:
    # rulebook: Excavation Sites (2-3 players: empty spots are treated as if absent)
    spots = [loc.id for loc in D.locations if loc.kind == "excavation"]
    reach = distances(D.locations, "abyss", skip=spots)
    assert len(reach) == len(D.locations) - len(spots)


def test_crossroads_flank_the_abyss_and_have_no_number_or_reward() -> None:
    # rulebook: Plot Path (two dark circles left and right of the Abyss)
    for loc in D.locations:
        if loc.kind == "crossroads":
            assert "abyss" in loc.adjacent
            assert loc.number == 0 and not loc.effects


# ---------------------------------------------------------------- worked examples


def test_place_example_the_garden_is_limited_to_one_scout() -> None:
    # rulebook: Action Step, Place (Bob got to the Garden first)
    assert D.location("garden").limit == 1


def test_place_example_the_nest_is_immediate_and_draws_two_tactics() -> None:
    # rulebook: Action Step, Place (Alice places in the Nest, immediately drawing two cards)
    nest = D.location("nest")
    assert nest.immediate
    assert kinds(nest.effects) == ["tactics"] and nest.effects[0].n == 2


def test_place_example_the_guild_is_not_immediate_and_pays_resources_on_collect() -> None:
    # rulebook: Action Step, Place and Collect examples
    guild = D.location("guild")
    assert not guild.immediate
    assert kinds(guild.effects) == ["gain"] and guild.effects[0].bundle.total >= 2


def test_stroboscope_example_draws_a_tactics_card_and_plays_it_on_place() -> None:
    # rulebook: Action Step (Carol places in the Stroboscope Excavation Site)
    (site,) = [s for s in D.excavation_sites if s.name == "Stroboscope"]
    assert site.immediate
    # "draw another Tactics card and play it": the card drawn
    assert kinds(site.effects) == ["tactics"]
    assert site.effects[0].n == 1 and site.effects[0].play


def test_force_revive_example_the_isle_revives_several_scouts_for_resources() -> None:
    # rulebook: Action Step, Force Revive (the Despair on the Isle stops a multiple revival)
    isle = D.location("isle")
    revive = effect(isle.effects, "revive")
    assert revive.n >= 2 and revive.bundle.total > 0
    assert D.constants["force_revive_cost"] == 3
    assert D.constants["force_revive_cost"] > revive.bundle.total  # the Isle is the cheap way


def test_complete_mission_example_a_mission_moves_a_beast_one_step() -> None:
    # rulebook: Complete Mission Step (Alice's Mission moves a Beast one step when completed)
    found = [
        m
        for m in D.missions
        if m.sources.get("effects", "").startswith("rulebook: Complete Mission Step")
    ]
    assert len(found) == 1
    move = effect(found[0].effects, "move_beast")
    assert move.steps == 1 and not found[0].ongoing


def test_trionfi_example_the_grove_builds_in_the_trionfi_step_for_5_prestige() -> None:
    # rulebook: Trionfi cards and Tower Rooms (Alice collects from the Grove)
    grove = D.location("grove")
    assert not grove.immediate
    room = effect(grove.effects, "tower_room")
    assert room.n == 5 and room.at == "trionfi_step"
    assert D.tower_track[:3] == (0, 2, 4)  # 4 Missions for her second room


def test_trionfi_example_the_circle_advances_the_council_and_a_spot_builds_for_3() -> None:
    # rulebook: Trionfi cards and Tower Rooms (Bob places in the Circle)
    circle = D.location("circle")
    assert circle.immediate and kinds(circle.effects) == ["council"] and circle.effects[0].n == 1
    rooms = [e for spot in D.council for e in spot.effects if e.kind == "tower_room"]
    assert len(rooms) == 1 and rooms[0].n == 3 and rooms[0].at == "now"


def test_choose_target_example_1_the_guild_is_one_step_from_the_forge_and_the_shrine() -> None:
    assert dist("guild", "forge") == 1 and dist("guild", "shrine") == 1
    assert D.location("shrine").limit == 0  # two Scouts in the Shrine


def test_choose_target_example_2_the_ridge_and_the_circle_are_one_step_from_the_brink() -> None:
    assert dist("brink", "ridge") == 1 and dist("brink", "circle") == 1


def test_choose_target_example_3_the_ridge_is_closer_to_the_nest_than_the_guild() -> None:
    assert dist("nest", "ridge") < dist("nest", "guild")


def test_choose_target_no_valid_location_targets_the_abyss() -> None:
    assert D.default_target == "abyss" and D.location("abyss").kind == "location"


def test_plot_path_example_two_shortest_paths_from_the_east_crossroads_to_the_brink() -> None:
    paths = shortest_paths("crossroads_east", "brink")
    assert sorted(paths) == [
        ["crossroads_east", "circle", "brink"],
        ["crossroads_east", "ridge", "brink"],
    ]


def test_plot_path_crossroads_count_as_locations_for_distance() -> None:
    # the east Crossroads is one step from the Circle, so the Pain needs two steps to the Brink
    assert dist("crossroads_east", "circle") == 1
    assert dist("crossroads_east", "brink") == 2
    # and a path through a Crossroads counts it as a step
    assert dist("abyss", "ridge") == 2
    assert ["abyss", "crossroads_east", "ridge"] in shortest_paths("abyss", "ridge")


def test_plot_path_example_continued_the_pain_on_its_altar_space_reaches_the_brink() -> None:
    # speed 2 through the Circle to the Brink; speed 1 would stop on the Circle
    pain = {a.beast: a for a in D.altar}["pain"]
    assert pain.label == "Pain" and pain.speed == 2
    path = ["crossroads_east", "circle", "brink"]
    assert path[pain.speed] == "brink" and path[1] == "circle"


def test_move_beast_example_the_grove_to_the_nest_runs_through_the_abyss() -> None:
    # the Delusion in the Grove targets the Nest; the Harrow in the Abyss blocks it at speed 1
    assert shortest_paths("grove", "nest") == [["grove", "abyss", "nest"]]


def test_pain_example_the_abyss_holds_several_scouts() -> None:
    # rulebook: Resolve Effects (Bob and Carol each have a Scout in the Abyss)
    assert D.location("abyss").limit == 0


def test_delusion_example_the_spire_has_two_neighbours_the_forge_and_the_garden() -> None:
    assert sorted(D.location("spire").adjacent) == ["forge", "garden"]
    assert D.location("garden").immediate  # not triggered: a Delusion move is not a Place


def test_chain_attack_example_the_harrow_steps_from_the_isle_into_the_circle() -> None:
    harrow = {b.id: b for b in D.beasts}["harrow"]
    assert harrow.chain_attack and harrow.effect == "devour" and harrow.altar_speed == 1
    assert dist("isle", "circle") == 1  # one step at speed 1
    assert dist("isle", "circle") < dist("isle", "brink")  # so it targets the Circle first
    assert "brink" in D.location("circle").adjacent  # then the adjacent Brink


def test_artifact_example_the_grove_can_hold_a_scout_beside_a_beast() -> None:
    # rulebook: Artifacts, Example 2 (the Pain moves into the Grove with Bob's Scout)
    assert D.location("grove").kind == "location"


# ---------------------------------------------------------------- rules stated as numbers


def test_setup_beasts_start_on_excavation_spots_a_to_d_in_order() -> None:
    # rulebook: Setup (step 3: Pain in A, Delusion in B, Despair in C, Harrow in D)
    starts = [(b.id, D.location(b.start).letter) for b in D.beasts]
    assert starts == [("pain", "A"), ("delusion", "B"), ("despair", "C"), ("harrow", "D")]


def test_setup_excavation_sites_equal_the_player_count_and_four_for_five() -> None:
    # rulebook: Setup (step 2)
    spots = [loc for loc in D.locations if loc.kind == "excavation"]
    for n, expected in {1: "A", 2: "AB", 3: "ABC", 4: "ABCD", 5: "ABCD"}.items():
        used = "".join(sorted(loc.letter for loc in spots if n in loc.players))
        assert used == expected, n


def test_setup_and_turn_numbers() -> None:
    k = D.constants
    assert k["start_ichor"] == 3 and k["start_tactics"] == 1 and k["scouts_per_player"] == 4
    assert k["mission_tableau"] == 5 and k["trionfi_tableau"] == 6
    assert k["actions_per_turn"] == 2 and k["tactics_hand_limit"] == 4
    assert k["ongoing_mission_slots"] == 2 and k["reserved_mission_discount"] == 1
    assert k["force_revive_cost"] == 3 and k["gather_ichor"] == 1
    assert k["prestige_end"] == 40 and k["excavation_thresholds"] == [10, 20, 30, 40]
    assert k["tower_rooms"] == 6


def test_beast_behaviour_constants() -> None:
    # rulebook: Beast Phase (order and effects) and Cleanup Phase (the speed token's sides)
    beasts = [(b.id, b.number, b.effect, b.altar_speed, b.chain_attack) for b in D.beasts]
    assert beasts == [
        ("pain", 1, "devour", 2, False),
        ("delusion", 2, "displace", 2, False),
        ("despair", 3, "discard", 2, False),
        ("harrow", 4, "devour", 1, True),
    ]
    assert D.constants["beast_removal_order"] == ["harrow", "despair", "delusion", "pain"]


def test_the_altar_starts_on_no_effect_the_harrows_space() -> None:
    # rulebook: Setup (step 5)
    assert D.altar[0].label == "No Effect" and D.altar[0].beast == "harrow"
    assert {a.beast: a.speed for a in D.altar} == {b.id: b.altar_speed for b in D.beasts}


def test_the_council_track_starts_on_its_leftmost_spot_and_has_a_place_spot() -> None:
    # rulebook: Council Track; Easily Missed Rules (a Council space that Places a Scout)
    start = [spot for spot in D.council if spot.level == 0]
    assert len(start) == 1 and not start[0].effects
    assert any("place" in kinds(spot.effects) for spot in D.council)
    assert D.council_levels >= 2


def test_council_track_example_a_tactics_card_repeats_the_council_spot() -> None:
    # rulebook: Council Track (Carol's Tactics card repeats the spot she is on)
    assert any("council_reward" in kinds(t.effects) for t in D.tactics)


def test_easily_missed_rules_the_abyss_sacrifices_on_place() -> None:
    abyss = D.location("abyss")
    assert abyss.immediate and kinds(abyss.effects)[0] == "sacrifice"


def test_the_ridge_moves_and_flips_a_beast_never_one_in_a_crossroads() -> None:
    # rulebook: Minor Rules and Clarifications; FAQ 2
    move = effect(D.location("ridge").effects, "move_beast")
    assert move.flip and not move.crossroads


def test_errata_names_the_tactics_and_missions() -> None:
    # rulebook: Publisher Errata (Errata 1, 2 and 4)
    tactics = {t.name for t in D.tactics}
    assert {"Righteous Fury", "Forbidden Knowledge"} <= tactics
    missions = {m.name: m for m in D.missions}
    assert {"Dedicated Research", "Underworld Map", "Preferential Treatment"} <= set(missions)
    assert all(o.once_per_turn for o in missions["Dedicated Research"].ongoing)


def test_solo_setup_betrayers_and_removals() -> None:
    # rulebook: Appendix 1: Solo Play (Solo Setup) and Errata 4
    k = D.constants
    assert k["solo_betrayer_start_locations"] == [1, 10]
    assert k["solo_betrayer_scouts"] == 2
    assert k["solo_removed_excavation_site"] == "stall"
    assert k["solo_removed_mission"] == "underworld_map"  # not Preferential Treatment
    assert {s.id for s in D.excavation_sites} >= {"stall"}
    assert k["solo_damage_prestige"] == 4 and k["solo_betrayer_phase_prestige"] == 1
    assert k["solo_beast_die"] == ["pain", "delusion", "despair", "harrow"]
    assert [D.by_number(n).kind for n in k["solo_betrayer_start_locations"]] == ["location"] * 2


def test_designed_missions_are_priced_on_one_scale() -> None:
    # designed: Prestige equals the resources paid, one less for an effect, never more than
    # one over (a Sacrifice's cost)
    for m in D.missions:
        paid = m.cost.total
        assert 1 <= m.prestige <= paid + 1, m.id
        if not m.effects and not m.ongoing:
            assert m.prestige == paid, m.id


# ---------------------------------------------------------------- broken copies


@pytest.fixture
def copy(tmp_path: Path):
    """A copy of the data files, and a function replacing text in one of them once."""
    for p in DATA_DIR.glob("*.toml"):
        shutil.copy(p, tmp_path / p.name)

    def replace(name: str, old: str, new: str) -> Path:
        path = tmp_path / name
        text = path.read_text()
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {name}"
        path.write_text(text.replace(old, new))
        return tmp_path

    return replace


def test_the_unchanged_copy_loads(copy) -> None:
    d = copy("game.toml", "[components]", "[components]")
    assert len(load(d).missions) == 50


def test_a_one_sided_adjacency_is_refused_naming_both_ends(copy) -> None:
    d = copy(
        "board.toml",
        '  { to = "site_d", source = "designed: Excavation spot D lies south, between the Isle '
        'and the Grove" },\n]\nsource = "rulebook: Action Step"',
        ']\nsource = "rulebook: Action Step"',
    )
    with pytest.raises(DataError, match=r"location 'isle': field 'adjacent' lacks 'site_d'"):
        load(d)


def test_an_adjacency_to_an_unknown_location_is_refused(copy) -> None:
    d = copy(
        "board.toml",
        '{ to = "grove", source = "designed: the southern arc',
        '{ to = "grave", source = "designed: the southern arc',
    )
    with pytest.raises(
        DataError, match=r"board.toml: location 'isle' adjacent\[1\].to: names no location: 'grave'"
    ):
        load(d)


def test_an_unknown_effect_kind_is_refused_naming_the_card(copy) -> None:
    d = copy("tactics.toml", "effects = [{ gain = { I = 2 } }]", "effects = [{ gian = { I = 2 } }]")
    with pytest.raises(
        DataError,
        match=r"tactics.toml: tactics\[5\].effects\[0\].gian: unknown key; the keys allowed here "
        r"are gain, pay, prestige,",
    ):
        load(d)


@pytest.mark.parametrize(
    "name, old, new, message",
    [
        (
            "tactics.toml",
            "[{ move_beast = { steps = 0, flip = true } }]",
            "[{ move_beast = { steps = -1, flip = true } }]",
            r"tactics.toml: tactics\[19\].effects\[0\].move_beast.steps: input should be greater "
            r"than or equal to 0 \(given -1\)",
        ),
        (
            "excavation.toml",
            "[{ tactics = { n = 1, play = true } }]",
            "[{ tactics = { n = 1, keep = true } }]",
            r"excavation.toml: site\[0\].effects\[0\].tactics.keep: unknown key; the keys allowed "
            r"here are n, play",
        ),
    ],
)
def test_a_bad_effect_argument_is_refused_naming_the_card_and_field(
    copy, name: str, old: str, new: str, message: str
) -> None:
    with pytest.raises(DataError, match=message):
        load(copy(name, old, new))


def test_an_unknown_token_in_a_cost_is_refused(copy) -> None:
    d = copy("missions.toml", "cost = { I = 3 }", "cost = { X = 3 }")
    with pytest.raises(
        DataError,
        match=r"missions.toml: mission\[18\].cost.X: unknown key; the keys allowed here are "
        r"I, K, R, W, A, any, of",
    ):
        load(d)


def test_a_missing_source_is_refused_naming_the_item(copy) -> None:
    d = copy("excavation.toml", 'source = "designed: a smaller Isle"\n', "")
    with pytest.raises(
        DataError, match=r"excavation.toml: site\[3\].source: missing \(a required key\)"
    ):
        load(d)


def test_a_source_of_neither_form_is_refused(copy) -> None:
    d = copy("excavation.toml", 'source = "designed: a smaller Isle"', 'source = "designed"')
    with pytest.raises(
        DataError,
        match=r"excavation.toml: site\[3\].source: should be 'rulebook: <section>' or 'designed: ",
    ):
        load(d)


def test_a_field_source_of_neither_form_is_refused(copy) -> None:
    d = copy(
        "board.toml",
        'limit_source = "rulebook: Action Step (Place example',
        'limit_source = "rules: Action Step (Place example',
    )
    with pytest.raises(
        DataError,
        match=r"board.toml: location\[0\]: field 'limit_source' should be 'rulebook: <section>' or",
    ):
        load(d)


def test_a_repeated_id_is_refused(copy) -> None:
    d = copy("missions.toml", 'id = "war_chest"', 'id = "relic_hunt"')
    with pytest.raises(DataError, match=r"mission: id 'relic_hunt' repeats"):
        load(d)


def test_a_count_off_the_component_list_is_refused(copy) -> None:
    d = copy("game.toml", "missions = 50", "missions = 51")
    with pytest.raises(
        DataError, match=r"missions.toml: 50 missions, but the component list says 51"
    ):
        load(d)


def _cut(text: str, a: str, b: str) -> str:
    """board.toml's text without the adjacency line from ``a`` to ``b``."""
    blocks = text.split("[[location]]\n")
    for i, block in enumerate(blocks):
        if f'id = "{a}"\n' in block:
            lines = [x for x in block.splitlines(True) if not x.startswith(f'  {{ to = "{b}",')]
            assert len(lines) == len(block.splitlines(True)) - 1
            blocks[i] = "".join(lines)
    return "[[location]]\n".join(blocks)


def test_a_disconnected_board_is_refused(copy) -> None:
    # the Garden and the Spire cut off from the rest, each cut made on both ends
    d = copy("game.toml", "[components]", "[components]")
    text = (d / "board.toml").read_text()
    for a, b in (
        ("garden", "shrine"),
        ("garden", "grove"),
        ("garden", "site_a"),
        ("spire", "forge"),
    ):
        text = _cut(_cut(text, a, b), b, a)
    (d / "board.toml").write_text(text)
    with pytest.raises(DataError, match=r"board.toml: the graph is not connected"):
        load(d)


def test_an_unknown_field_is_refused_naming_the_item(copy) -> None:
    d = copy("trionfi.toml", 'id = "the_moon"', 'id = "the_moon"\nflavour = "x"')
    with pytest.raises(
        DataError,
        match=r"trionfi.toml: trionfi\[6\].flavour: unknown key; the keys allowed here are source, "
        r"id, name, location, effects, ongoing",
    ):
        load(d)


def test_an_unknown_trigger_is_refused(copy) -> None:
    d = copy("missions.toml", 'on = "turn_start"', 'on = "dawn"')
    with pytest.raises(
        DataError,
        match=r"missions.toml: mission\[6\].ongoing\[0\].on: should be 'action', 'collect', .* "
        r"or 'turn_start', not 'dawn'",
    ):
        load(d)


# ---------------------------------------------------------------- the layout and two facts


def test_the_two_second_numbers_of_game_toml_are_kept_in_the_data() -> None:
    """Action Step: two or more GATHER ICHOR give 1 Ichor more; FORCE REVIVE costs 1 Ichor
    with every Scout in the Graveyard."""
    d = load()
    assert d.gather_ichor_bonus == 1
    assert d.revive_cost_all_in_graveyard == 1


def test_the_layout_places_every_node_and_keeps_numbers_as_written() -> None:
    layout = load_layout()
    assert set(layout.at) == {loc.id for loc in load().locations}
    assert (layout.width, layout.height) == (400, 672)
    assert ("garden", "grove", (-22, 279)) in layout.bends


def test_a_layout_without_a_node_is_refused_naming_it(copy) -> None:
    d = copy("layout.toml", 'id = "spire"', 'id = "spires"')
    with pytest.raises(DataError, match=r"layout.toml: no position for spire"):
        load_layout(d)


def test_a_misspelt_layout_key_is_refused_naming_its_path(copy) -> None:
    d = copy("layout.toml", "[graveyard]\nx = 60", "[graveyard]\nz = 60")
    with pytest.raises(
        DataError, match=r"layout.toml: graveyard.x: missing .*graveyard.z: unknown"
    ):
        load_layout(d)
