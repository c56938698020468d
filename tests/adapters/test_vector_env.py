"""The vector environment (towers.env.vector_env) plays, game by game, what the single
Gymnasium environment plays for the same seeds and actions: the same observations, masks,
rewards, terminations and infos, through autoresets, moves outside the mask and opponents
that are not random; its games live in the game's batch engine (its own where it has one, the
one-game fallback for the others)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the Gymnasium extra is not installed")

from gymnasium.vector import AutoresetMode  # noqa: E402

import towers.env  # noqa: E402
from towers.core.errors import GameOptionError, IllegalActionError  # noqa: E402

GAMES = [
    *[("torres", players, {"variant": v}) for players in (2, 3, 4) for v in ("basic", "master")],
    ("torres", 3, {"variant": "common_deck"}),
    ("tiletum", 2, {}),
    ("turris", 1, {}),
    ("sifnos", 2, {}),
    ("sifnos", 1, {}),
    ("sifnos", 2, {"solo_opponent": True}),
    ("toy", 3, {}),
    ("pillars", 2, {}),
]


def lockstep(
    name: str,
    players: int,
    options: dict[str, Any],
    *,
    envs: int = 3,
    steps: int = 120,
    opponent: str = "random",
    outside: float = 0.02,
    illegal: str = "lose",
) -> int:
    """Step a vector env and ``envs`` single envs with the same seeds and actions (now and
    then one outside the mask), comparing everything they give; the games ended."""
    opponents = [opponent] * (players - 1)
    vector = towers.env.vector_env(name, envs, opponents, illegal=illegal, **options)
    singles = [
        towers.env.gymnasium(name, opponents, illegal=illegal, **options) for _ in range(envs)
    ]
    obs, info = vector.reset(seed=7)
    got = [single.reset(seed=7 + i) for i, single in enumerate(singles)]
    pick = np.random.default_rng(len(name) + players)
    restart = [False] * envs
    ended = 0
    for t in range(steps):
        for i, (single_obs, single_info) in enumerate(got):
            where = f"{name}, {players} players, step {t}, game {i}"
            assert np.array_equal(obs["observation"][i], single_obs["observation"]), where
            assert np.array_equal(obs["action_mask"][i], single_obs["action_mask"]), where
            assert np.array_equal(info["action_mask"][i], single_info["action_mask"]), where
        actions = []
        for i in range(envs):
            legal = np.flatnonzero(obs["action_mask"][i])
            off = pick.random() < outside or not len(legal)
            actions.append(
                int(np.flatnonzero(obs["action_mask"][i] == 0)[0])
                if off
                else int(pick.choice(legal))
            )
        obs, rewards, terminations, truncations, info = vector.step(np.array(actions))
        assert not truncations.any()
        for i, single in enumerate(singles):
            if restart[i]:  # the vector env's autoreset: a reset without a seed
                got[i] = single.reset()
                restart[i] = False
                assert rewards[i] == 0.0 and not terminations[i]
                continue
            single_obs, reward, done, _, single_info = single.step(actions[i])
            got[i] = (single_obs, single_info)
            assert (reward, done) == (rewards[i], terminations[i]), f"{name}, step {t}, game {i}"
            for key in ("illegal", "played"):
                if key in single_info:
                    assert info[key][i] == single_info[key] and info["_" + key][i]
            restart[i] = done
            ended += done
    return ended


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_the_vector_env_plays_what_single_envs_play(
    name: str, players: int, options: dict[str, Any]
) -> None:
    lockstep(name, players, options)


def test_the_torres_games_live_in_its_own_engine_and_end_and_start_again() -> None:
    vector = towers.env.vector_env("torres", 2, ["random"])
    assert type(vector.engine).__name__ == "TorresBatch"
    assert type(towers.env.vector_env("toy", 2, ["random"]).engine).__name__ == "StateBatch"
    assert lockstep("torres", 2, {}, envs=4, steps=400, outside=0.0) >= 4


def test_other_bots_and_the_random_answer_to_a_move_outside_the_mask() -> None:
    lockstep("torres", 3, {}, envs=2, steps=60, opponent="greedy")
    lockstep("torres", 2, {}, envs=2, steps=150, outside=0.2, illegal="random")
    lockstep("tiletum", 2, {}, envs=2, steps=60, outside=0.2, illegal="random")


def test_a_move_outside_the_mask_raises_when_asked() -> None:
    vector = towers.env.vector_env("torres", 2, ["random"], illegal="raise")
    obs, _ = vector.reset(seed=1)
    outside = int(np.flatnonzero(obs["action_mask"][0] == 0)[0])
    with pytest.raises(IllegalActionError):
        vector.step(np.array([outside, int(np.flatnonzero(obs["action_mask"][1])[0])]))


def test_the_spaces_and_what_the_env_gives_fit_gymnasiums_vector_api() -> None:
    vector = towers.env.vector_env("torres", 5, ["random", "random"], seat=1)
    single = towers.env.gymnasium("torres", ["random", "random"], seat=1)
    assert vector.num_envs == 5
    assert vector.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert vector.single_observation_space == single.observation_space
    assert vector.single_action_space == single.action_space
    assert vector.observation_space["observation"].shape == (
        5,
        *single.observation_space["observation"].shape,
    )
    vector.action_space.seed(3)
    obs, info = vector.reset(seed=[3, 4, None, 6, 7])
    assert obs in vector.observation_space
    for _ in range(30):
        obs, rewards, terminations, truncations, info = vector.step(vector.action_space.sample())
        assert obs in vector.observation_space
        assert rewards.shape == terminations.shape == truncations.shape == (5,)
        assert rewards.dtype == np.float64 and terminations.dtype == np.bool_
    vector.close()


def test_with_autoreset_disabled_the_ended_games_are_reset_by_a_mask() -> None:
    vector = towers.env.vector_env("torres", 3, ["random"], autoreset_mode="Disabled")
    assert vector.metadata["autoreset_mode"] == AutoresetMode.DISABLED
    obs, _ = vector.reset(seed=2)
    outside = [int(np.flatnonzero(obs["action_mask"][i] == 0)[0]) for i in range(3)]
    legal = int(np.flatnonzero(obs["action_mask"][1])[0])
    obs, rewards, terminations, _, info = vector.step(np.array([outside[0], legal, outside[2]]))
    assert list(terminations) == [True, False, True] and info["illegal"][0] == outside[0]
    with pytest.raises(GameOptionError, match="reset"):
        vector.step(np.array([0, 0, 0]))
    obs, _ = vector.reset(options={"reset_mask": terminations})
    fresh = towers.env.gymnasium("torres", ["random"])
    fresh.reset(seed=2)
    fresh_obs, _ = fresh.reset()  # the vector env's first game, reset again without a seed
    assert np.array_equal(obs["observation"][0], fresh_obs["observation"])
    assert obs["action_mask"][1].any() and obs["action_mask"][0].any()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(GameOptionError):
        towers.env.vector_env("torres", 2, ["random"], illegal="ignore")
    with pytest.raises(GameOptionError):
        towers.env.vector_env("torres", 2, ["random"], seat=2)
    with pytest.raises(GameOptionError):
        towers.env.vector_env("torres", 2, ["random"], autoreset_mode="SameStep")
    with pytest.raises(ValueError):
        towers.env.vector_env("torres", 2, ["random"]).reset(seed=[1])
