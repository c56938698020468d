"""Players read and type the components' names, never the data's ids: tiles by what they
show in the rulebook's words, towns and road spaces by their towns, dice colours as printed.
Moves written with the ids, as earlier releases wrote them, are still read."""

from __future__ import annotations

from pathlib import Path

import pytest

from towers.core.errors import ActionParseError
from towers.games.tiletum.data import DATA_DIR, DataError

from .helpers import A, D, kind, new, spot, store, town


def test_every_tile_crest_and_fair_tile_has_a_name_of_its_own() -> None:
    names = [k.name for k in D.kinds]
    assert all(names) and len({n.lower() for n in names}) == len(names)
    assert len(set(D.crest_names)) == len(D.crest_names) == len(D.crest_ids)
    assert len(set(D.fair_names)) == len(D.fair_names) == len(D.fair_ids)
    assert len(set(D.spot_names)) == len(D.spot_names) == len(D.spot_ids)
    assert D.kinds[kind("add-ap-2")].name == "+2 action points"
    assert D.kinds[kind("gold-2-vp-2")].name == "2 gold and 2 points"
    assert D.kinds[kind("lion")].name == "Lion crest"
    assert D.kinds[kind("mason-1")].name == "Mason (1 stone)"
    assert D.fair_names[D.fair_ids.index("house_pillar")] == "sets of a house and a pillar"


def test_moves_say_the_names() -> None:
    assert A.to_string(A.take_die(2, 2)) == "die 2 light gray"
    assert A.to_string(A.use_helper(kind("add-ap-2"))) == "use +2 action points"
    assert (
        A.to_string(A.fulfil(kind("iron-7-king")))
        == "fulfil 7 iron for 11 points and a King track space"
    )
    assert (
        A.to_string(A.place_character(kind("mason-1"), 0, 1))
        == "place Mason (1 stone) in building 1 floor 1"
    )
    assert A.to_string(A.MOVE_MERCHANT + spot("tiletum-hamburg-2")) == (
        "merchant to Tiletum-Hamburg road 2"
    )
    assert A.to_string(A.MOVE_MERCHANT + spot("tiletum-london-1")) == (
        "merchant to Tiletum-London road"
    )  # a road of one space needs no number
    assert A.to_string(A.house(town("paris"), 0)) == "house Paris 1"


@pytest.mark.parametrize(
    ("old", "now"),
    [
        ("die 2 light-gray", "die 2 light gray"),
        ("use add-ap-2", "use +2 action points"),
        ("fulfil same-2-wool-2", "fulfil 2 identical resources and 2 wool for 5 points"),
        ("place mason-1 in building 1 floor 1", "place Mason (1 stone) in building 1 floor 1"),
        ("merchant to tiletum-london-1", "merchant to Tiletum-London road"),
        ("house paris 1", "house Paris 1"),
        ("draw lion", "draw Lion crest"),
        ("crest lion on space 2", "crest Lion on space 2"),
        ("fair tile house_pillar", "fair tile sets of a house and a pillar"),
        ("bag dark-gray", "bag dark gray"),
    ],
)
def test_moves_written_with_the_ids_are_still_read(old: str, now: str) -> None:
    state = new()
    assert state.string_to_action(old) == state.string_to_action(now)
    assert state.action_to_string(state.string_to_action(old)) == now


def test_a_word_that_is_neither_a_name_nor_an_id_is_refused() -> None:
    with pytest.raises(ActionParseError):
        A.from_string("use add-ap-9")


def test_refusals_name_the_tiles() -> None:
    s = store(new(), 0)
    assert "the helper '+1 action point' is not in your storehouse" in str(
        s.explain(A.use_helper(kind("add-ap-1")))
    )
    assert "the contract '9 iron for 17 points' is not in your storehouse" in str(
        s.explain(A.fulfil(kind("iron-9")))
    )


def test_a_tile_without_a_name_is_rejected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import towers.games.tiletum.data as data_mod

    for p in DATA_DIR.glob("*.toml"):
        (tmp_path / p.name).write_text(p.read_text())
    text = (tmp_path / "tiles.toml").read_text()
    (tmp_path / "tiles.toml").write_text(text.replace('name = "+2 action points"\n', "", 1))
    monkeypatch.setattr(data_mod, "DATA_DIR", tmp_path)
    data_mod.load.cache_clear()
    try:
        with pytest.raises(DataError, match="name"):
            data_mod.load()
    finally:
        monkeypatch.undo()
        data_mod.load.cache_clear()
        data_mod.load()
