"""The batch engine plays Turris exactly as TurrisState does: the same legal actions in the
same order, the same state (every saved field) and the same heuristics and returns after
every action, in every mode (1 to 5 players, the random Beasts' starts); its plain-Python
text and its compiled twin agree with each other as well. A state read from the engine is read from its arrays (the mirror written
to them first), so every decision compared also checks the write and the read, and the
actions after it start from the arrays (their own rules first).

The games are driven through the batch's public interface: a decision is drawn from the
game's generator, then the batch resolves the chance nodes from that same generator, which
is the order in which the one-game random playout (``towers.bench.play_random_game``) draws."""

from __future__ import annotations

import random
from typing import Any

import pytest

import towers
from tests.core import batch_checks
from tests.core.batch_checks import diff, fields_of, position, searches_alike, walked
from towers.bench import play_random_game
from towers.core.batch import batch_engine, legal_masks, random_playout, rollouts_for
from towers.core.compiled import is_compiled, twin
from towers.core.game import TERMINAL
from towers.games.turris import batch as plain
from towers.games.turris import rounds

ENGINE = twin(plain)  # the compiled twin when built, else the plain module
MODULES = [plain] + ([ENGINE] if is_compiled(ENGINE) else [])
MODES = [(2, False), (3, False), (4, False), (5, False), (1, False), (3, True)]
"""Player counts, and 3 players with the Beasts' starts drawn (the variant of Setup step 3)."""


def _game(players: int, random_beasts: bool = False) -> Any:
    return towers.make("turris", players=players, random_beasts=random_beasts)


def _name(module: Any) -> str:
    return str(module.__name__.rpartition(".")[2])


@pytest.mark.parametrize("module", MODULES, ids=_name)
@pytest.mark.parametrize(("players", "beasts"), MODES)
def test_plays_as_the_state_does(module: Any, players: int, beasts: bool) -> None:
    """Every field, the heuristics and the returns at every decision of whole games (about
    300-2,200 actions each)."""
    game = _game(players, beasts)
    games = 1 if module is plain else 8
    seeds = range(players * 100, players * 100 + games)
    engine = module.TurrisBatch(game, len(seeds))
    compared = batch_checks.play_both(
        engine, game, seeds, lambda e, g: fields_of(e.state(g)), also=_views_alike
    )
    assert compared > 100 * games


def _views_alike(engine: Any, g: int, state: Any, where: str) -> None:
    """The heuristics (bots.evaluate_all's floats, to the last bit) and the returns that the
    engine works out over its arrays, as the state's."""
    assert engine.heuristics(g) == state.heuristics(), where
    assert engine.returns(g) == state.returns(), where


@pytest.mark.parametrize(("players", "beasts"), MODES)
def test_random_playouts_as_the_state_s(players: int, beasts: bool) -> None:
    """play_random plays the games play_random_game plays: the same lengths, and the same
    final state (every field but the history, which a state read from the arrays has not),
    in every mode: 500 games each."""
    game = _game(players, beasts)
    seeds = range(1000, 1500)
    engine = ENGINE.TurrisBatch(game, len(seeds))
    engine.reset(seeds)
    lengths = engine.play_random()
    for g, seed in enumerate(seeds):
        state = random_playout(game, random.Random(seed))
        assert lengths[g] == len(state.history()), seed
        assert not diff(fields_of(state), fields_of(engine.state(g))), seed
        assert engine.returns(g) == state.returns(), seed


@pytest.mark.parametrize("module", MODULES, ids=_name)
def test_a_second_reset_plays_the_same_games(module: Any) -> None:
    """Each reset starts every game from a new game's ints, not from what the games before
    left in the arrays."""
    engine = module.TurrisBatch(_game(3), 3)
    engine.reset([1, 2, 3])
    first = engine.play_random()
    engine.reset([1, 2, 3])
    assert engine.play_random() == first
    engine.reset([3, 2, 1])
    assert engine.play_random() == first[::-1]


def test_the_winner_s_tie_breaks() -> None:
    """At the ends of many games the returns are those of the state read back (most Prestige,
    then most resources, then nearest the First Player)."""
    for players in (2, 3, 4, 5):
        game = towers.make("turris", players=players)
        engine = ENGINE.TurrisBatch(game, 60)
        engine.reset(range(60))
        engine.play_random()
        for g in range(60):
            assert engine.returns(g) == engine.state(g).returns(), (players, g)


def test_random_playout_lengths_in_both_texts() -> None:
    """play_random's lengths are play_random_game's, in the plain text and the twin."""
    for module in MODULES:
        for players, beasts in [(2, False), (4, False), (1, False)]:
            game = _game(players, beasts)
            seeds = range(40, 42)
            engine = module.TurrisBatch(game, len(seeds))
            engine.reset(seeds)
            assert engine.play_random() == [
                play_random_game(game, random.Random(s), trusted=True) for s in seeds
            ]


@pytest.mark.parametrize("module", MODULES, ids=_name)
def test_loaded_mid_game_plays_on_as_the_state(module: Any) -> None:
    """A state loaded in the middle of a game is read back as it was (and left as it was),
    and played on as the state plays on, by the choosers given (a seat's ``randrange``, as
    towers.sim.simulate.play_random_batch gives them) and chance from the generator given."""
    for players, beasts in MODES:
        game = _game(players, beasts)
        engine = module.TurrisBatch(game, 2)
        engine.reset([0, 1])
        for seed in range(2):
            rng = random.Random(players * 10 + seed)
            state = walked(game, rng, rng.randrange(50, 900))
            if state.is_terminal():
                continue
            before = len(state.history())
            batch_checks.loaded_plays_on(engine, 1, state, seed)
            assert engine.current_player(1) == TERMINAL and engine.is_terminal(1)
            assert engine.returns(1) == state.returns()
            assert engine.length(1) == len(state.history()) - before


def test_the_layout_holds_every_slot() -> None:
    """Every slot of a TurrisState has its place in a game's ints (the game, the history and
    the kept legal actions aside)."""
    laid = (
        plain.SCALARS + plain.FLAGS + plain.SEAT_INTS
        + tuple(name for name, _ in plain.FIXED_INTS + plain.FIXED_FLAGS + plain.SEAT_LISTS)
        + tuple(name for name, _ in plain.LISTS + plain.DECKS)
        + ("resources", "scouts", "once_used", "chance", "stack")
    )  # fmt: skip
    assert sorted(laid + ("game", "_history", "_legal", "_legal_set")) == sorted(rounds.STATE_SLOTS)


def test_the_arrays_play_their_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the game read at every decision (its arrays up to date), the Council's return and
    the draws from the decks are played in the arrays (the plain text's own rules counted),
    and the games are the one-game engine's."""
    played = {"apply": 0, "chance": 0}

    def counted(name: str, rule: Any) -> Any:
        def run(*args: Any) -> bool:
            done = bool(rule(*args))
            played[name] += done
            return done

        return run

    monkeypatch.setattr(plain, "_fast_apply", counted("apply", plain._fast_apply))
    monkeypatch.setattr(plain, "_fast_chance", counted("chance", plain._fast_chance))
    game = _game(3)
    engine = plain.TurrisBatch(game, 2)
    batch_checks.play_both(engine, game, [21, 22], lambda e, g: fields_of(e.state(g)))
    assert played["apply"] > 0 and played["chance"] > 0


@pytest.mark.parametrize(("players", "beasts"), MODES)
def test_the_arrays_play_whole_games(
    players: int, beasts: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In every mode (solo play's Betrayer Phase and the random Beasts' starts too), random
    playouts never call the one-game rules (no action, no draw and no step between them is
    played on a state read from the arrays)."""
    called = []

    def refused(*args: Any) -> None:
        called.append(args)
        raise AssertionError("the one-game rules were called")

    monkeypatch.setattr(plain, "RULES_APPLY", refused)
    monkeypatch.setattr(plain, "RULES_RUN", refused)
    game = _game(players, beasts)
    engine = plain.TurrisBatch(game, 2)
    engine.reset([players, players + 10])
    lengths = engine.play_random()
    assert not called and all(engine.is_terminal(g) for g in range(2))
    for g, seed in enumerate([players, players + 10]):
        state = random_playout(game, random.Random(seed))
        assert lengths[g] == len(state.history())
        assert not diff(fields_of(state), fields_of(engine.state(g)))


@pytest.mark.parametrize("module", MODULES, ids=_name)
def test_the_solo_endgame_s_wins_as_the_state_s(module: Any) -> None:
    """Solo Endgame a) and b): solo states loaded mid-game with the player near 40 Prestige,
    or with 6 Tower Rooms (undamaged, or as they are), played on as the state plays on: the
    player wins some and the Betrayers others, each game as the state's (random players
    rarely reach either end)."""
    game = _game(1)
    engine = module.TurrisBatch(game, 2)
    engine.reset([0, 1])
    ends = set()
    for seed in range(40):
        rng = random.Random(seed)
        state: Any = walked(game, rng, rng.randrange(20, 150))
        if state.is_terminal():
            continue
        if seed % 2 == 0:
            state.prestige[0] = 33 + seed % 7
        else:
            state.rooms[0] = 6
            if seed % 4 == 1:
                state.damaged = [False] * len(state.damaged)
        state._legal = None
        batch_checks.loaded_plays_on(engine, 1, state, seed)
        assert engine.returns(1) == state.returns()
        ends.add((seed % 2, state.player_won))
    assert ends == {(0, True), (0, False), (1, True)}


@pytest.mark.parametrize("module", MODULES, ids=_name)
def test_a_game_loaded_from_another_shares_nothing_with_it(module: Any) -> None:
    """Game 0 loaded from game 1's state, then played to its end, leaves game 1 as it was;
    a game loaded from its own state is left as it was."""
    engine = module.TurrisBatch(_game(3), 2)
    engine.reset([3, 4])
    engine.play(1, 40)
    saved = engine.state(1).to_json()
    engine.load(0, engine.state(1), 5)
    assert engine.state(0).to_json() == saved
    engine.play(0, -1)
    assert engine.is_terminal(0)
    assert engine.state(1).to_json() == saved
    engine.load(1, engine.state(1), 6)
    assert engine.state(1).to_json() == saved


@pytest.mark.parametrize("module", MODULES, ids=_name)
def test_stops_before_a_seat_decides(module: Any) -> None:
    """play(g, decisions, until): at most that many decisions, and never one of ``until``."""
    batch_checks.stops_before_a_seat(module.TurrisBatch(_game(3), 1))


@pytest.mark.parametrize("module", MODULES, ids=_name)
def test_masks_and_chance_at_every_decision(module: Any) -> None:
    """The legal mask marks the legal actions and nothing else, and a game in the batch
    never waits at a chance node."""
    game = _game(3)
    engine = module.TurrisBatch(game, 2)
    engine.reset([7, 8])
    pick = random.Random(3)
    for _ in range(300):
        masks = legal_masks(engine)
        for g in range(2):
            legal = engine.legal_actions(g)
            assert [a for a, on in enumerate(masks[g]) if on] == legal
            assert engine.current_player(g) >= 0
            engine.apply(g, legal[pick.randrange(len(legal))])


def test_reset_and_load_refuse_what_does_not_fit() -> None:
    engine = ENGINE.TurrisBatch(_game(3), 2)
    with pytest.raises(ValueError):
        engine.reset([1])
    with pytest.raises(ValueError):
        engine.reset([1, 2], [None])
    with pytest.raises(ValueError):
        engine.load(0, _game(2).new_initial_state())
    with pytest.raises(ValueError):
        ENGINE.TurrisBatch(_game(3), 0)


def test_the_twin_is_compiled_when_built() -> None:
    if not is_compiled(ENGINE):
        pytest.skip("the compiled twin is not built here")
    assert ENGINE.__name__.endswith("batch_c")


def test_the_game_offers_its_engine_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every mode, the solo game too, has the engine unless TOWERS_TURRIS_BATCH is "0"."""
    for asked in (None, "1"):
        if asked is None:
            monkeypatch.delenv(plain.ENV, raising=False)
        else:
            monkeypatch.setenv(plain.ENV, asked)
        for players, beasts in MODES:
            engine = batch_engine(_game(players, beasts), 3)
            assert engine is not None and engine.size == 3
        assert rollouts_for(_game(4)) is not None
        assert rollouts_for(_game(1)) is not None
    monkeypatch.setenv(plain.ENV, "0")
    for players, beasts in MODES:
        assert batch_engine(_game(players, beasts), 3) is None
    assert rollouts_for(_game(4)) is None
    assert rollouts_for(_game(1)) is None


@pytest.mark.parametrize("depth", [1, 8, 1000])
@pytest.mark.parametrize(("players", "steps"), [(2, 80), (3, 300), (1, 150)])
def test_batch_rollouts_search_as_the_state_does(
    depth: int, players: int, steps: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tests/agents/test_mcts_batch_rollouts.py's check, for this game's engine."""
    monkeypatch.setenv(plain.ENV, "1")
    state = position(_game(players), seed=players * 7 + steps, steps=steps)
    assert searches_alike(state, depth, iterations=12) is not None


def test_simulate_plays_random_bots_in_the_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    """towers.sim.simulate.play_random_batch: the game its random bots play one state at a
    time."""
    monkeypatch.setenv(plain.ENV, "1")
    batch_checks.simulated_alike(_game(3), range(2))


def test_views_along_a_game() -> None:
    """Every seat's tensor and the heuristics at every decision, as the state's."""
    engine = ENGINE.TurrisBatch(_game(2), 1)
    compared = batch_checks.views_along(engine, [3], 2, lambda seed: f"seed {seed}")
    assert compared > 100
