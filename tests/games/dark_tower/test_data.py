"""The board and components as data (reference: board.json, foes.json, heroes.json, cards.json,
treasures.json, quests.json, dungeons.json; rulebook: World Setup, Hero Setup)."""

from __future__ import annotations

import tomllib

import pytest

from towers.core.graphs import distance_table
from towers.games.dark_tower import data as D
from towers.games.dark_tower.data import DATA, DataError, parse_effects


def test_sixty_locations_fifteen_a_kingdom() -> None:
    assert len(DATA.locations) == 60
    for k in range(4):
        assert sum(loc.kingdom == k for loc in DATA.locations) == 15


def test_sixteen_buildings_one_of_each_type_a_kingdom() -> None:
    assert len(DATA.buildings) == 16
    for k in range(4):
        assert sorted(b.type for b in DATA.buildings if b.kingdom == k) == [0, 1, 2, 3]


def test_150_symmetric_edges_and_connected() -> None:
    assert len(DATA.edges) == 150 == len(set(DATA.edges))
    for a, near in enumerate(DATA.adjacent):
        assert a not in near
        for b in near:
            assert a in DATA.adjacent[b]
    assert sum(len(n) for n in DATA.adjacent) == 300
    far = distance_table(DATA.adjacent)
    assert all(d < 60 for row in far for d in row)


def test_rivers_are_the_30_edges_between_kingdoms() -> None:
    crossing = {
        e for e in DATA.edges if DATA.locations[e[0]].kingdom != DATA.locations[e[1]].kingdom
    }
    assert len(crossing) == 30
    assert DATA.rivers == crossing


def test_kingdoms_colours_and_virtues() -> None:
    got = [(k.name, D.SIDES[k.side], k.color, k.virtue) for k in DATA.kingdoms]
    assert got == [
        ("Durnin", "north", "Yellow", "Valor"),
        ("Brynthia", "east", "Blue", "Prowess"),
        ("Arisilon", "south", "Red", "Compassion"),
        ("Zenon", "west", "Green", "Sacrifice"),
    ]


def test_each_kingdom_has_a_citadel_for_its_hero() -> None:
    citadels = [b for b in DATA.buildings if D.BUILDING_TYPES[b.type] == "Citadel"]
    assert sorted(b.kingdom for b in citadels) == [0, 1, 2, 3]


def test_foes_levels_traits_and_tokens() -> None:
    foes = [f for f in DATA.foes if f.kind == "foe"]
    assert sorted(f.level for f in foes) == [2] * 4 + [3] * 4 + [4] * 4
    assert sum(f.tokens for f in foes) == 57
    ash = DATA.foes[DATA.foe("ashstrider")]
    assert ash.level == 5 and [D.ADVANTAGES[t] for t in ash.traits] == ["Magic", "Beast"]
    for f in foes:
        assert len(f.battle) == 5 and all(len(row) == 4 for row in f.battle)
        assert len(f.strike) == 5


def test_heroes_start_with_three_inactive_virtue_tiles() -> None:
    assert [h.name for h in DATA.heroes] == [
        "Brutal Warlord", "Orphaned Scion", "Relic Hunter", "Spymaster",
    ]  # fmt: skip
    assert all(len(h.virtues) == 3 and h.move >= 3 for h in DATA.heroes)


def test_items_counts() -> None:
    assert len(DATA.gear) == 6 and all(g.count == 3 for g in DATA.gear)
    assert len(DATA.potions) == 6 and sum(p.count for p in DATA.potions) == 18
    assert len(DATA.treasures) == 22
    assert len(DATA.corruptions) == 12
    assert len(DATA.companions) == 10


def test_monthly_quests_and_dungeons() -> None:
    assert len(DATA.quests) == 16
    assert [len(d.rooms) for d in DATA.dungeon_types] == [12] * 6
    goal = DATA.main_goal
    assert goal.name == "Recover Azkol's Treasures"
    assert DATA.foes[goal.adversary].name == "Ashstrider"
    assert all(DATA.locations[loc].dungeon_type >= 0 for loc, _ in goal.steps)
    assert [DATA.treasures[t].name for _, t in goal.steps] == [
        "Crown of Azkol",
        "Azkol's Idol",
        "Golden Mace of Azkol",
    ]


def test_every_item_has_a_source() -> None:
    for path in D.DATA_DIR.glob("*.toml"):
        if path.name == "tower.toml":
            continue
        text = path.read_text()
        data = tomllib.loads(text)
        for key, value in data.items():
            items = value if isinstance(value, list) else [value]
            for item in items:
                if isinstance(item, dict):
                    assert "source" in item or "source" in data, (path.name, key, item)


def test_effects_parse_and_refuse_with_what_is_allowed() -> None:
    assert parse_effects("nothing") == ()
    assert parse_effects("lose 1 warrior, corruption") == ((D.LOSE_WARRIORS, 1), (D.CORRUPTION, 1))
    with pytest.raises(DataError, match="is not an effect; effects are"):
        parse_effects("gain 3 dragons")
