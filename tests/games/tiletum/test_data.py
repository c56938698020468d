"""The data files: provenance on every item, counts that add up to the component list."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from towers.games.tiletum.data import (
    CAT_CHARACTER,
    CAT_CONTRACT,
    CAT_CREST,
    CAT_HELPER,
    DATA_DIR,
    FX_ACTION,
    FX_ANY,
    FX_GAIN,
    FX_KING,
    FX_MOVE,
    FX_MOVE_BOTH,
    FX_MOVE_PLACE,
    FX_PLACE,
    FX_VP,
    DataError,
    character_counts,
    check_counts,
    load,
    pile_counts,
)

D = load()


def _items(doc: dict[str, object]):
    """The items of a data file: each top-level table and each entry of a top-level array."""
    for key, value in doc.items():
        if isinstance(value, dict):
            yield key, value
        elif isinstance(value, list):
            for i, entry in enumerate(value):
                yield f"{key}[{i}]", entry


@pytest.mark.parametrize("name", sorted(p.name for p in DATA_DIR.glob("*.toml")))
def test_every_item_names_its_source_and_a_reason(name: str) -> None:
    raw = tomllib.loads((DATA_DIR / name).read_text())
    seen = 0
    for path, item in _items(raw):
        seen += 1
        source = item.get("source")
        assert source == "designed" or (
            isinstance(source, str) and source.startswith("rulebook: ")
        ), f"{path}: source {source!r}"
        assert isinstance(item.get("reason"), str) and item["reason"].strip(), f"{path}: no reason"
    assert seen > 0


def test_counts_add_up_to_the_component_list() -> None:
    # rulebook: Game Components
    assert sum(n for _, n, _ in D.bonus_pile) == 54
    assert sum(n for _, n, _ in D.contract_pile) == 26
    assert sum(1 for k in D.kinds if k.category == CAT_CHARACTER) == 45
    assert sum(len(c.tiles) for c in D.cathedrals) == 25
    assert len(D.cost_stone) == 9
    assert len(D.fair_ids) == 11
    assert len(D.town_tiles) == 8
    assert len(D.corruption_tokens) == 6
    assert sorted(set(D.corruption_tokens)) == [0, 1, 2]
    assert len(D.crest_ids) == 6


def test_a_count_that_does_not_add_up_is_rejected() -> None:
    import dataclasses

    broken = dataclasses.replace(D, bonus_pile=D.bonus_pile[:-1])
    with pytest.raises(DataError, match="bonus tiles"):
        check_counts(broken)


def test_tiles_by_player_count() -> None:
    # Setup step 4: remove "4" tiles with 3 players, "3+" and "4" tiles with 2.
    bonus = [sum(pile_counts(D, D.bonus_pile, n)) for n in (2, 3, 4)]
    contracts = [sum(pile_counts(D, D.contract_pile, n)) for n in (2, 3, 4)]
    characters = [sum(character_counts(D, n)) for n in (2, 3, 4)]
    assert bonus == [40, 47, 54]
    assert contracts == [20, 23, 26]
    assert characters == [33, 39, 45]


def test_bonus_tiles_are_helpers_contracts_and_crests_and_helpers_only_there() -> None:
    cats = {D.kinds[k].category for k, _, _ in D.bonus_pile}
    assert cats == {CAT_HELPER, CAT_CONTRACT, CAT_CREST}
    assert all(D.kinds[k].category != CAT_HELPER for k, _, _ in D.contract_pile)
    assert {D.kinds[k].category for k, _, _ in D.contract_pile} == {CAT_CONTRACT, CAT_CREST}


def test_every_appendix_contract_is_in_some_pile() -> None:
    contracts = {k for k, kk in enumerate(D.kinds) if kk.category == CAT_CONTRACT}
    in_piles = {k for k, _, _ in D.bonus_pile + D.contract_pile}
    assert contracts <= in_piles
    # Appendix: Contracts, VP by the number of identical resources paid.
    same = {D.kinds[k].same: D.kinds[k].vp for k in contracts if not any(D.kinds[k].pay)}
    assert same == {1: 1, 3: 3, 5: 6, 7: 10, 8: 13}


def test_every_appendix_character_bonus_is_used_with_two_players() -> None:
    two = character_counts(D, 2)
    kinds_at_two = {D.kinds[k].effects for k, n in enumerate(two) if n}
    wanted = [
        ((FX_ANY, 1, 0), (FX_ACTION, 3, 1)),
        ((FX_ANY, 1, 0), (FX_ACTION, 3, 2)),
        ((FX_ACTION, 3, 3),),
        ((FX_GAIN, 2, 2),),
        ((FX_GAIN, 4, 1),),
        ((FX_GAIN, 4, 2),),
        ((FX_GAIN, 0, 1), (FX_GAIN, 4, 1)),
        ((FX_GAIN, 0, 1), (FX_GAIN, 2, 1)),
        ((FX_ACTION, 2, 1),),
        ((FX_ACTION, 2, 2),),
        ((FX_MOVE_BOTH, 0, 0),),
        ((FX_GAIN, 1, 1),),
        ((FX_GAIN, 1, 2),),
        ((FX_GAIN, 0, 2),),
        ((FX_GAIN, 0, 3),),
        ((FX_ACTION, 4, 1),),
        ((FX_ACTION, 4, 2),),
        ((FX_VP, 2, 0),),
        ((FX_VP, 3, 0),),
        ((FX_MOVE, 0, 1),),
        ((FX_MOVE, 0, 2),),
        ((FX_MOVE_PLACE, 0, 0),),
        ((FX_PLACE, 0, 0),),
        ((FX_MOVE, 1, 1),),
        ((FX_MOVE, 1, 2),),
        ((FX_MOVE_PLACE, 1, 0),),
        ((FX_PLACE, 1, 0),),
        ((FX_GAIN, 3, 1),),
        ((FX_GAIN, 3, 2),),
    ]
    missing = [w for w in wanted if w not in kinds_at_two]
    assert not missing
    assert FX_KING not in {e[0] for k in D.kinds if k.category == CAT_CHARACTER for e in k.effects}


def test_characters_have_an_illustration_and_an_action_each() -> None:
    chars = [k for k in D.kinds if k.category == CAT_CHARACTER]
    assert {k.action for k in chars} == {0, 1, 2, 3, 4}
    assert len(D.illustrations) == 15


def test_map_spaces_by_player_count() -> None:
    # Appendix: Game board; bonus tile spaces used from their number of players up.
    bonus = [sum(p <= n for t in D.towns for p in t.bonus_players) for n in (2, 3, 4)]
    assert bonus == [10, 14, 18]
    # Every town but Tiletum has at most one house space with 2 players (facts: reviews).
    for t in D.towns[1:]:
        assert sum(p <= 2 for p in t.house_players) == 1
    tiletum = D.towns[D.first_fair_town]
    assert sum(p <= 4 for p in tiletum.house_players) >= 4
    assert any(any(t.house_building_bonus) for t in D.towns)
    assert any(any(t.house_vp) for t in D.towns)


def test_bonus_pile_covers_setup_and_every_refill() -> None:
    # 6 action tiles + 1 King tile + map spaces at setup, up to 6 + 1 in each of 3 cleanups.
    for n, used in ((2, 10), (3, 14), (4, 18)):
        need = 7 + used + 3 * 7
        assert sum(pile_counts(D, D.bonus_pile, n)) >= need


def test_map_is_connected_and_roads_have_spaces() -> None:
    assert D.spot_ids[: len(D.towns)] == tuple(t.id for t in D.towns)
    seen = {0}
    todo = [0]
    while todo:
        s = todo.pop()
        for t in D.adjacent[s]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    assert len(seen) == len(D.spot_names)
    paris, bordeaux = (D.spot_ids.index(x) for x in ("paris", "bordeaux"))
    # A play report counts Paris to Bordeaux as two steps.
    assert any(
        paris in D.adjacent[m] and bordeaux in D.adjacent[m] for m in range(len(D.spot_names))
    )


def test_cathedrals_and_costs() -> None:
    assert len(D.cathedrals) == len(D.cost_stone) == 9
    for c in D.cathedrals:
        assert list(c.tiles) == sorted(c.tiles)
        assert len(c.pillar_players) <= len(c.tiles)
    assert D.cost_stone[D.unavailable_cost] == 0


def test_player_board_values() -> None:
    # Crest placement bonuses: 6, 6, 5, 4, 3, 2 food.
    assert [b.crest_cost for b in D.buildings] == [6, 6, 5, 4, 3, 2]
    assert D.buildings[-1].occupied and not any(b.occupied for b in D.buildings[:-1])
    assert {b.rooms for b in D.buildings[:-1]} == {1, 2, 3}
    assert D.contract_space_pillar[:5] == (True,) * 5
    assert D.completed_buildings_vp == (0, 0, 0, 5, 10, 20, 30)
    assert D.king_track[D.king_start] == 0 and D.king_track[-1] == 15


def test_a_missing_reason_is_rejected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import towers.games.tiletum.data as data_mod

    for p in DATA_DIR.glob("*.toml"):
        (tmp_path / p.name).write_text(p.read_text())
    text = (tmp_path / "fairs.toml").read_text()
    (tmp_path / "fairs.toml").write_text(
        text.replace('reason = "Paris, named in reviews"\n', "", 1)
    )
    monkeypatch.setattr(data_mod, "DATA_DIR", tmp_path)
    data_mod.load.cache_clear()
    try:
        with pytest.raises(DataError, match="reason"):
            data_mod.load()
    finally:
        monkeypatch.undo()
        data_mod.load.cache_clear()
        data_mod.load()


def test_a_town_move_from_a_road_space_reaches_the_towns_at_its_ends() -> None:
    mid = D.spot_ids.index("paris-bordeaux-1")
    paris, bordeaux = (D.spot_ids.index(x) for x in ("paris", "bordeaux"))
    assert set(D.adjacent_towns[mid]) == {paris, bordeaux}
    assert set(D.adjacent[mid]) == {paris, bordeaux}
    tiletum = D.spot_ids.index("tiletum")
    assert set(D.adjacent_towns[tiletum]) == {
        D.spot_ids.index(t) for t in ("london", "paris", "cologne", "hamburg")
    }


def test_game_length_bound_holds_with_room_to_spare() -> None:
    from towers.core.conformance import random_history
    from towers.games.tiletum.rules import TiletumGame

    for n in (2, 3, 4):
        g = TiletumGame(n)
        longest = max(len(random_history(g, seed)) for seed in range(3))
        assert longest * 5 < g.max_game_length()
