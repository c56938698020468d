"""Every game with an observation tensor passes PettingZoo's and Gymnasium's own checks,
through code that names no game."""

from __future__ import annotations

import warnings
from types import SimpleNamespace

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo extra is not installed")
pytest.importorskip("gymnasium", reason="the Gymnasium extra is not installed")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test  # noqa: E402
from pettingzoo.utils.conversions import parallel_to_aec  # noqa: E402

import towers  # noqa: E402
import towers.env  # noqa: E402
from towers.core.errors import IllegalActionError  # noqa: E402

GAMES = [
    *[(name, players) for name in ("torres", "tiletum") for players in (2, 3, 4)],
    ("toy", 2),
    ("toy", 3),
    ("pillars", 2),
    ("pillars", 3),
    ("turris", 1),  # solo, against the Betrayers
    ("turris", 2),
    ("turris", 3),
    *[("sifnos", players) for players in (2, 3, 4)],
    ("sifnos", 1),  # solo, against the Schemes
]


@pytest.fixture(autouse=True)
def quiet() -> None:
    # the frameworks' checks warn about style (a Dict observation space, spec-less envs)
    warnings.simplefilter("ignore", UserWarning)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_pettingzoo_api_and_seed_tests(name: str, players: int) -> None:
    api_test(towers.env.pettingzoo(name, players), num_cycles=300)
    seed_test(lambda: towers.env.pettingzoo(name, players), num_cycles=300)
    parallel_api_test(towers.env.pettingzoo_parallel(name, players), num_cycles=300)


@pytest.mark.parametrize(("name", "players"), [g for g in GAMES if g[0] != "toy"])
def test_pettingzoo_max_cycles_test(name: str, players: int) -> None:
    """The parallel form, and its AEC view, stop after max_cycles cycles (the toy game, whose
    random passes end it within four cycles, cannot last that long)."""

    def parallel_env(max_cycles: int) -> object:
        return towers.env.pettingzoo_parallel(
            name, players, max_cycles=max_cycles, illegal="random"
        )

    max_cycles_test(
        SimpleNamespace(
            parallel_env=parallel_env,
            env=lambda max_cycles: parallel_to_aec(parallel_env(max_cycles)),
        )
    )


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_gymnasium_check_env(name: str, players: int) -> None:
    check_env(towers.env.gymnasium(name, ["random"] * (players - 1)), skip_render_check=True)


def test_the_turn_based_env_waits_for_the_seat_to_move_and_scores_the_end() -> None:
    env = towers.env.pettingzoo("pillars", 2, height=3)
    env.reset(seed=3)
    moves = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert seat == env.table.state.current_player()
        mask = obs["action_mask"]
        other = env.observe(env.possible_agents[1 - seat])["action_mask"]
        assert mask.sum() > 0 and other.sum() == 0
        env.step(int(np.flatnonzero(mask)[0]))
        moves += 1
    assert moves >= 9 and sorted(env.table.returns()) in ([0.0, 1.0], [0.5, 0.5])


@pytest.mark.parametrize("illegal", ["lose", "random", "raise"])
def test_an_action_outside_the_mask(illegal: str) -> None:
    env = towers.env.pettingzoo("pillars", 2, illegal=illegal)
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.table.state.to_json()
    if illegal == "raise":
        with pytest.raises(IllegalActionError, match="pass is not allowed"):
            env.step(3)
        assert env.table.state.to_json() == before
        return
    env.step(3)  # pass, with no bonus block to pass on
    if illegal == "lose":
        assert all(env.terminations.values())
        assert env.rewards == {agent: 0.0, "player_1": 1.0}
        assert env.infos[agent] == {"illegal": 3}
    else:
        assert not any(env.terminations.values())
        assert env.infos[agent]["illegal"] == 3 and env.infos[agent]["played"] in (0, 1, 2)


def test_a_move_outside_the_mask_loses_a_cooperative_game_for_the_whole_team() -> None:
    env = towers.env.pettingzoo("dark_tower", 2)
    env.reset(seed=2)
    agent = env.agent_selection
    outside = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(outside)
    assert all(env.terminations.values())
    assert env.rewards == {a: 0.0 for a in env.possible_agents}
    assert env.infos[agent] == {"illegal": outside}


def test_the_gym_learner_plays_against_bots_and_sees_its_mask_in_info() -> None:
    env = towers.env.gymnasium("pillars", ["tallest"], seat=1, height=3)
    obs, info = env.reset(seed=0)
    assert (info["action_mask"] == obs["action_mask"]).all()
    assert env.table.state.current_player() == 1  # the bot in seat 0 has moved
    done = False
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, done, truncated, info = env.step(action)
    assert reward == env.table.returns()[1]


def test_chance_is_resolved_from_the_seed() -> None:
    def dealt(seed: int) -> list[int]:
        env = towers.env.pettingzoo("toy", 2)
        env.reset(seed=seed)
        return env.table.state.history()

    assert dealt(5) == dealt(5)
    assert len({tuple(dealt(seed)) for seed in range(6)}) > 1


def test_a_solo_game_through_gymnasium_ends_won_or_lost() -> None:
    """Turris alone against the Betrayers: no opponents to seat, the game plays the Betrayers;
    a move outside the mask loses the game, with no one else to win it."""
    env = towers.env.gymnasium("turris", [])
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
    assert env.table.state.is_terminal()
    assert reward == env.table.returns()[0] and reward in (0.0, 1.0)

    obs, info = env.reset(seed=4)
    outside = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, truncated, info = env.step(outside)
    assert done and reward == 0.0 and info["illegal"] == outside


def test_gymnasium_alone_needs_no_pettingzoo() -> None:
    """The gym and learn extras leave PettingZoo out: the Gymnasium environment plays a game
    in an interpreter where PettingZoo cannot be imported."""
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "import towers.env\n"
        "env = towers.env.gymnasium('torres', opponents=['random'])\n"
        "obs, info = env.reset(seed=1)\n"
        "done = False\n"
        "while not done:\n"
        "    action = int(info['action_mask'].nonzero()[0][0])\n"
        "    obs, reward, over, cut, info = env.step(action)\n"
        "    done = over or cut\n"
        "print('pettingzoo' in sys.modules and sys.modules['pettingzoo'] is None, reward)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "True"


DARK_TOWER = [
    *[(players, "cooperative") for players in (1, 2, 3, 4)],
    (2, "competitive"),
]


@pytest.mark.parametrize(("players", "mode"), DARK_TOWER)
def test_pettingzoo_api_and_seed_tests_dark_tower(players: int, mode: str) -> None:
    api_test(towers.env.pettingzoo("dark_tower", players, mode=mode), num_cycles=300)
    seed_test(lambda: towers.env.pettingzoo("dark_tower", players, mode=mode), num_cycles=300)
    parallel_api_test(
        towers.env.pettingzoo_parallel("dark_tower", players, mode=mode), num_cycles=300
    )


@pytest.mark.parametrize(("players", "mode"), DARK_TOWER)
def test_gymnasium_check_env_dark_tower(players: int, mode: str) -> None:
    env = towers.env.gymnasium("dark_tower", ["random"] * (players - 1), mode=mode)
    check_env(env, skip_render_check=True)
