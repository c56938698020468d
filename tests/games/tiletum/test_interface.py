"""The action encoding, explanations of illegal actions, observations and the text view."""

from __future__ import annotations

import json
import random
import re

import pytest
from rich.text import Text

from towers.core.components import Bag
from towers.core.errors import ActionParseError, IllegalActionError
from towers.core.registry import views_of
from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum.data import CHARACTER, MERCHANT

from .helpers import do, frame, game, kind, names, new, set_res, store, top


def test_every_action_has_one_name_that_reads_back() -> None:
    for a in range(A.NUM_ACTIONS):
        assert A.from_string(A.to_string(a)) == a
    assert A.to_string(A.take_die(3, 0)) == "die 3 yellow"
    assert A.to_string(A.exchange(1, 4)) == "exchange food for iron"
    assert A.to_string(A.house(0, 2)) == "house Tiletum 3"
    with pytest.raises(ActionParseError):
        A.from_string("build a castle")
    with pytest.raises(ActionParseError):
        A.to_string(A.NUM_ACTIONS)


def test_kinds_tile_the_space() -> None:
    kinds = A.SPACE.kinds
    assert kinds[0].base == 0
    assert sum(x.size for x in kinds) == A.NUM_ACTIONS == game(2).num_distinct_actions() == 1050
    for k in kinds:
        assert A.SPACE.kind_of(k.base) is k
        assert isinstance(A.VALUES[k.base], k.cls)
        for a in A.SPACE.ints(k.cls):
            assert A.SPACE.encode(A.VALUES[a]) == a


def test_a_misspelt_action_is_answered_with_how_it_is_written() -> None:
    with pytest.raises(ActionParseError, match="house <town> <house space>"):
        A.from_string("house atlantis 1")


def test_an_illegal_action_is_explained_with_its_rule_and_changes_nothing() -> None:
    s = frame(new(2, seed=1), MERCHANT, 1)
    s.houses_in_supply[0] = 0
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        do(s, "house Paris 1")
    assert "Merchant Action" in str(err.value)
    assert s.to_json() == before


@pytest.mark.parametrize(
    ("setup", "action", "words", "rule"),
    [
        ("turn", "end turn", "taking a die", "Action phase"),
        ("turn", "buy iron", "buying costs 2 gold", "Tasks"),
        ("turn", "fulfil 9 iron for 17 points", "not in your storehouse", "Tasks"),
        ("turn", "crest Lion on space 1", "no Lion crest", "Tasks"),
        ("turn", "use +1 action point", "not in your storehouse", "Tasks"),
        (
            "character",
            "place Notary (a contract action with 3 action points) in building 1 floor 1",
            "not in your storehouse",
            "Character Action",
        ),
        ("character", "advance king", "not one of its options", "Character Action"),
        ("character", "stop action", "ends with the turn", "Action phase"),
        ("merchant", "merchant to Rome", "not next to your merchant", "Merchant Action"),
        ("chance", "end turn", "chance event", "Action phase"),
    ],
)
def test_explanations_name_the_rule(setup: str, action: str, words: str, rule: str) -> None:
    s = new(2, seed=2)
    set_res(s, 0)
    if setup == "character":
        frame(s, CHARACTER, 2)
    elif setup == "merchant":
        frame(s, MERCHANT, 2)
    elif setup == "chance":
        s.chance_events = [F.CorruptionReveal()]
        s.corruption_tokens = Bag([2, 2, 2])
    text = s.explain(s.string_to_action(action))
    assert text is not None and words in text and rule in text


def test_the_helper_explanations() -> None:
    s = new(2, seed=3)
    store(s, 0, "add-ap-1", "substitute", "building")
    assert "chosen die" in s.explain(s.string_to_action("use +1 action point"))
    assert "choosing a die" in s.explain(
        s.string_to_action("use the die's resources as another type")
    )
    assert "holds a character" in s.explain(
        s.string_to_action("use the character bonuses of a building")
    )


def test_pending_decisions_explain_what_comes_first() -> None:
    s = frame(new(2, seed=4), CHARACTER, 1)
    store(s, 0, "scholar-1")
    set_res(s, 0)
    s.stack.append(F.ResourcesOfChoice(1))
    s._legal = None
    s._legal_set = None
    assert "resource you gain" in s.explain(s.string_to_action("end turn"))
    assert set(names(s)) == {"gain gold", "gain food", "gain wool", "gain stone", "gain iron"}


def test_nothing_is_hidden() -> None:
    s = new(3, seed=5)
    assert not s.game.has_hidden_information()
    views = [s.observation(seat) for seat in (0, 1, 2, None)]
    assert all(v == dict(views[0], viewer=v["viewer"]) for v in views)
    json.dumps(views[0])
    assert s.determinize(1, random.Random(1)).to_json() == s.to_json()


def test_observation_shows_the_table() -> None:
    s = new(2, seed=6)
    obs = s.observation(0)
    assert obs["round"] == 1 and obs["to_move"] == 0
    assert len(obs["wheel"]) == 6 and len(obs["contract_offer"]) == 5
    assert obs["players"][0]["resources"]["gold"] == 1
    assert obs["fairs"][0]["town"] == "tiletum"
    assert obs["pending"].startswith("take a die")


def test_text_view_shows_wheel_map_boards_offers_and_scores() -> None:
    s = new(4, seed=7)
    store(s, 2, "iron-3")
    text = views_of(s.game).text(s, 2)
    for part in (
        "Action wheel",
        "Contracts",
        "Characters",
        "Fairs",
        "King track",
        "Map",
        "Tiletum",
        "buildings",
        "storehouse",
        "3 iron for 4 points",
        "(you)",
        "VP",
    ):
        assert part in text
    assert "seat " not in text  # each seat by its name: one line a seat, ▶ marks the mover
    for name in ("Red", "Blue", "Green", "Yellow"):
        assert re.search(rf"^[▶ ] {name}( \(you\))?: \d+ VP", Text.from_markup(text).plain, re.M)


def test_heuristic_prefers_points_and_progress() -> None:
    s = new(2, seed=8)
    base = s.heuristic(0)
    s.vp[0] += 5
    assert s.heuristic(0) == pytest.approx(base + 5)
    s.storehouse[0].append(kind("iron-3"))
    assert s.heuristic(0) > base + 5
    assert isinstance(top(s), F.Turn)


def test_observation_names_the_pending_decisions_and_shows_the_printed_board() -> None:
    s = frame(new(2, seed=6), MERCHANT, 3)
    obs = s.observation(1)
    assert obs["decisions"] == [
        {"decision": "turn"},
        {"decision": "perform_action", "action": "merchant", "action_points": 3, "from_die": True},
    ]
    board = obs["board"]
    assert board == s.observation(0)["board"] == s.observation(None)["board"]
    rome = next(t for t in board["towns"] if t["town"] == "rome")
    assert rome["house_spaces"][0]["vp"] == 4
    assert board["king_track_vp"][board["king_track_start"]] == 0
    assert board["tiles"]["notary-3"]["bonus"] == [{"action": "contract", "action_points": 3}]
    assert board["tiles"]["iron-3"]["category"] == "contract"
    assert board["player_board"]["storehouse_size"] == 4
    assert len(board["fair_tiles"]) == 11
    json.dumps(obs)
