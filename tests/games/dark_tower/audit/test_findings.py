"""Findings of an audit of the Return to Dark Tower rules against the rulebook, each a test
that fails today (strict xfail) and passes once the finding is fixed. The reason names the
rulebook section and what the code does instead."""

from __future__ import annotations

import json

import pytest

from towers.core.errors import GameOptionError
from towers.core.registry import GamePlugin
from towers.games.dark_tower import PLUGIN
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import EVENT, N_FOES
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.rules import DarkTowerGame, DarkTowerState

from ..conftest import act, can, chance, fresh, loc, middle, new_game, settle, still_first


def at_fivepint(partner: bool = False) -> DarkTowerState:
    """Seat 0 in the middle of its turn at Fivepint (no building), seat 1 there too if
    ``partner``."""
    state = new_game(2)
    middle(state, "Fivepint")
    if partner:
        state.at[1] = loc("Fivepint")
    return state


def haggled(face: str) -> DarkTowerState:
    """Seat 0 at its home Citadel (Radiant Mountains) has rolled the haggle die."""
    state = new_game(2)
    middle(state, "Radiant Mountains")
    act(state, "haggle")
    chance(state, face)
    return state


def test_haggle_die_belongs_to_the_reinforce_where_it_was_rolled() -> None:
    state = haggled("haggle die 5")  # "gain 1 gear" after the Reinforce (items.toml)
    act(state, "move to Fivepint", "move to Dayside")  # Dayside: a Bazaar
    assert not can(state, "reinforce free")


def test_a_canceled_reinforce_is_explained_by_the_haggle_die() -> None:
    state = haggled("haggle die 6")  # the "cancel" face (items.toml)
    fresh(state)
    why = state.explain(state.string_to_action("reinforce free"))
    assert why is not None
    assert "haggle" in why.lower() or "cancel" in why.lower()


def test_observation_shows_a_battle_under_a_nested_decision() -> None:
    state = at_fivepint()
    state.foes[loc("Fivepint") * N_FOES + 1] = 1  # the level-3 foe: three cards
    state.gear[0] = [1, 0, 0, 1, 0, 0]  # two kinds, so losing one is a choice
    fresh(state)
    act(state, "battle foe3")
    chance(state, "battle card rout")  # Frost Trolls, ready: lose 1 warriors, lose 1 gear
    act(state, "resolve")
    assert isinstance(state.pending[-1], F.DiscardGear)
    obs = state.observation(0)
    assert "battle" in obs or "battling" in json.dumps(obs)
    battle = obs["battle"]
    assert battle["foe"] == DATA.foes[state.game.foes[1]].name
    assert (battle["cards_left"], battle["cards_resolved"]) == (2, 1)  # three cards, one done
    under = next(f for f in state.pending if isinstance(f, F.Battling))
    assert battle["advantages_at_hand"] == under.pool > 0
    assert obs["deciding"]["frame"] == "discard_gear"
    frames = [f["frame"] for f in obs["pending"]]
    assert frames.index("battling") < frames.index("discard_gear") == len(frames) - 1
    assert obs["pending"] == state.observation(1)["pending"]  # nothing hidden in the stack


@pytest.mark.parametrize(("kind", "level"), [("foe", 2), ("foe", 3), ("foe", 4), ("adversary", 5)])
def test_foes_of_one_level_have_their_own_cards(kind: str, level: int) -> None:
    foes = [f for f in DATA.foes if f.kind == kind and f.level == level]
    tables = {repr((f.battle, f.strike, f.strike_moves, f.advance)) for f in foes}
    assert len(tables) == len(foes)


def test_some_event_calms_a_foe() -> None:
    calmed = False
    for card in range(len(DATA.events)):
        state = at_fivepint()
        for f in range(N_FOES):
            state.foes[loc("Anza") * N_FOES + f] = 1
        before = list(state.status)
        act(state, "drop a skull")
        resolve_to_event(state)
        state.apply_action(EVENT + card)
        settle(state)
        calmed |= any(a < b for a, b in zip(state.status, before, strict=True))
    assert calmed


def resolve_to_event(state: DarkTowerState) -> None:
    """Play the drop out (the tower quiet when it may be) up to the event draw."""
    while not isinstance(state.pending[-1], F.EventDraw):
        legal = state.legal_actions()
        state.apply_action(still_first(state, legal) if state.is_chance_node() else legal[0])


def test_a_trade_may_move_more_than_twelve_items() -> None:
    state = at_fivepint(partner=True)
    state.warriors[0] = 20
    fresh(state)
    act(state, "trade with seat 1", *["offer warrior"] * 12)
    assert can(state, "offer warrior")


def test_a_trade_moves_everything_both_heroes_put_in() -> None:
    """Making Trades: no limit on what a trade moves, only on what each hero holds."""
    state = at_fivepint(partner=True)
    state.warriors[:2] = [20, 3]
    state.spirit[:2] = [0, 15]
    fresh(state)
    act(state, "trade with seat 1", *["offer warrior"] * 20, *["ask for spirit"] * 15)
    assert not can(state, "offer warrior") and not can(state, "ask for spirit")
    why = state.explain(state.string_to_action("offer warrior"))
    assert why is not None and "no more" in why
    act(state, "propose the trade", "accept the trade")
    assert (state.warriors[:2], state.spirit[:2]) == ([0, 23], [15, 0])


def test_the_declared_length_holds_a_trade_of_all_the_team_could_gain() -> None:
    """Without a cap, a turn's trade is bounded by what the two heroes hold; the game's
    declared length counts the most every action of the game could have given."""
    from towers.games.dark_tower.rules import MOST_GAINED

    game = DarkTowerGame(2)
    turns = 2 + 5 * game.month_turns
    assert MOST_GAINED > max(n for e in DATA.heroes for _, n in e.banner)
    assert game.max_game_length() > turns * 2 * MOST_GAINED


def test_players_choose_their_heroes() -> None:
    assert any("hero" in name for name in DarkTowerGame.OPTIONS)
    state = DarkTowerGame(2, heroes="spymaster,brutal-warlord").new_initial_state()
    assert [h["hero"] for h in state.observation(0)["heroes"]] == ["Spymaster", "Brutal Warlord"]
    default = DarkTowerGame(2).new_initial_state()  # by kingdom: north and south
    assert [h.name for h in default.game.heroes] == [DATA.heroes[k].name for k in (0, 2)]


@pytest.mark.parametrize(
    ("heroes", "says"),
    [
        ("spymaster", "names 1 heroes for 2 seats"),
        ("spymaster,spymaster", "chosen twice"),
        ("spymaster,gandalf", "no base hero gandalf"),
    ],
)
def test_a_bad_choice_of_heroes_is_refused_in_one_line(heroes: str, says: str) -> None:
    with pytest.raises(GameOptionError) as refused:
        DarkTowerGame(2, heroes=heroes)
    text = str(refused.value)
    assert says in text and "\n" not in text
    assert "brutal-warlord, orphaned-scion, relic-hunter, spymaster" in text


def test_doubling_doubles_one_move_value() -> None:
    miras = next(c for c, companion in enumerate(DATA.companions) if companion.name == "Miras")
    state = at_fivepint(partner=True)
    state.companions[1] = [miras]  # move +1 (items.toml)
    state.spirit[0] = 2
    fresh(state)
    act(state, "trade with seat 1", "ask for companion Miras", "propose the trade")
    act(state, "accept the trade", "double move")
    assert state.moves_left == 2 * (3 + 1)  # Miras, gained this turn, counts before doubling


def test_an_event_is_named_by_what_it_does() -> None:
    state = DarkTowerGame(2).new_initial_state()
    strike = next(k for k, e in enumerate(DATA.events) if e.category == "foes_strike")
    name = state.action_to_string(EVENT + strike)
    assert "strike" in name.lower() or DATA.foes[state.game.foes[0]].name in name


def test_the_observation_keeps_the_last_event() -> None:
    spawn = next(k for k, e in enumerate(DATA.events) if e.category == "foes_spawn")
    state = at_fivepint()
    assert state.observation(0)["last_event"] is None
    act(state, "drop a skull")
    resolve_to_event(state)
    state.apply_action(EVENT + spawn)
    seen = state.observation(1)["last_event"]
    assert seen["card"] == spawn + 1
    assert seen["category"] == "foes_spawn"
    assert seen["foe"] == DATA.foes[state.game.foes[DATA.events[spawn].foe]].name
    assert "appear" in seen["what"]
    assert state.string_to_action(state.action_to_string(EVENT + spawn)) == EVENT + spawn


def test_dark_tower_has_views() -> None:
    assert isinstance(PLUGIN, GamePlugin)
    assert PLUGIN.views is not None
