"""Every game in OpenSpiel: registered from its own description, passing OpenSpiel's random
simulation test, observed through a Python observer, and played by OpenSpiel's Python MCTS
and information-set MCTS against towers' bots."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the OpenSpiel extra is not installed")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import towers  # noqa: E402
import towers.env  # noqa: E402
from towers.core.registry import tensor_of  # noqa: E402

GAMES = [
    *[(name, players) for name in ("torres", "tiletum") for players in (2, 3, 4)],
    ("toy", 2),
    ("toy", 4),
    ("pillars", 2),
    ("pillars", 3),
    ("turris", 1),  # solo, against the Betrayers
    ("turris", 2),
    ("sifnos", 1),  # solo, against the Schemes
    ("sifnos", 2),
    ("sifnos", 3),  # several thousand actions a game at random, each step's tensors checked
    ("sifnos", 4),
]


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    names = towers.env.openspiel()
    assert {
        "towers_torres",
        "towers_tiletum",
        "towers_toy",
        "towers_pillars",
        "towers_turris",
        "towers_sifnos",
    } <= set(names)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_openspiel_random_simulation_test(name: str, players: int) -> None:
    game = pyspiel.load_game(f"towers_{name}", {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_type_comes_from_the_game() -> None:
    game = pyspiel.load_game("towers_toy", {"players": 3, "deck": 6})
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)
    inner = towers.make("toy", players=3, deck=6)
    assert game.num_distinct_actions() == inner.num_distinct_actions()
    assert game.max_game_length() == inner.max_game_length()
    assert game.num_players() == 3 and game.utility_sum() == 1.0
    assert game.get_parameters() == {"players": 3, "deck": 6}
    perfect = pyspiel.load_game("towers_pillars").get_type()
    assert perfect.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    # a game with a solo mode may be lost to the game itself: its returns sum to no constant
    solo = pyspiel.load_game("towers_turris", {"players": 1})
    kind = solo.get_type()
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (kind.min_num_players, kind.max_num_players) == (1, 5)
    assert solo.num_players() == 1


def test_the_observer_gives_the_games_tensor_and_strings() -> None:
    game = pyspiel.load_game("towers_toy", {"players": 2})
    state = game.new_initial_state()
    for card in (0, -1, 0, -1):  # seat 0 is dealt the lowest cards, seat 1 the highest
        state.apply_action(state.chance_outcomes()[card][0])
    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    observation.set_from(state, 0)
    inner = state.towers
    expected = tensor_of(inner.game).encode(inner.observation(0))
    assert np.allclose(observation.tensor, expected)
    assert observation.dict["hand"].shape == (3,)
    assert '"hand":[' in observation.string_from(state, 0)
    assert state.observation_string(1) != state.observation_string(0)  # hands are private
    assert np.allclose(state.information_state_tensor(0), expected)
    assert np.allclose(state.observation_tensor(0), expected)
    info = state.information_state_string(0)
    assert '"ply":4' in info and '"mine":[]' in info


def test_resampling_keeps_what_the_seat_sees() -> None:
    game = pyspiel.load_game("towers_toy", {"players": 3})
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or len(state.history()) < 15:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    for _ in range(5):
        world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()


def _play(game: object, spiel_bot: object, seat: int, towers_bot: str, seed: int) -> list[float]:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    other = towers.make_bot(towers_bot, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.current_player() == seat:
            state.apply_action(spiel_bot.step(state))  # type: ignore[attr-defined]
        else:
            state.apply_action(other.choose(state.towers))
    return list(state.returns())


def test_openspiel_python_mcts_plays_against_towers_bots() -> None:
    game = pyspiel.load_game("towers_pillars", {"players": 2, "height": 3})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2.0, 200, evaluator, random_state=np.random.RandomState(0))
    won = sum(_play(game, bot, g % 2, "random", g)[g % 2] for g in range(6))
    assert won >= 4, f"OpenSpiel's MCTS won {won} of 6 against random"


def test_openspiel_information_set_mcts_plays_against_towers_bots() -> None:
    game = pyspiel.load_game("towers_toy", {"players": 2, "deck": 6})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    for g in range(3):
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 60, random_state=np.random.RandomState(g))
        returns = _play(game, bot, g % 2, "greedy", g)
        assert sum(returns) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("name", "search"), [("torres", "ismcts"), ("tiletum", "mcts")], ids=["torres", "tiletum"]
)
def test_openspiel_search_plays_a_whole_shipped_game(name: str, search: str) -> None:
    """Information-set MCTS on Torres (hidden hands), MCTS on Tiletum (nothing hidden), each
    through a whole two-player game against towers' random bot."""
    game = pyspiel.load_game(f"towers_{name}", {"players": 2})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    if search == "ismcts":
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 30, random_state=np.random.RandomState(0))
    else:
        bot = mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=np.random.RandomState(0))
    returns = _play(game, bot, 0, "random", 1)
    assert sum(returns) == pytest.approx(1.0)


def test_openspiel_search_plays_a_whole_solo_turris_game() -> None:
    """Information-set MCTS (the Tactics deck is hidden) through a whole solo game against the
    Betrayers, with few simulations a move: the game ends, won (1) or lost (0)."""
    game = pyspiel.load_game("towers_turris", {"players": 1})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(0))
    returns = _play(game, bot, 0, "random", 1)
    assert returns in ([0.0], [1.0])


DARK_TOWER = [
    *[(players, "cooperative") for players in (1, 2, 3, 4)],
    (2, "competitive"),
]


@pytest.mark.parametrize(("players", "mode"), DARK_TOWER)
def test_openspiel_random_simulation_test_dark_tower(players: int, mode: str) -> None:
    game = pyspiel.load_game("towers_dark_tower", {"players": players, "mode": mode})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
