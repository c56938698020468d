"""The training example runs end to end: a few seconds of MaskablePPO on the toy game, the
policy saved, loaded as the ``policy`` bot, and measured in a simulation. It needs the learn
extra (sb3-contrib and PyTorch), which the test install leaves out for its size."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "sb3_contrib",
    reason="the learn extra is not installed (pip install torch --index-url "
    "https://download.pytorch.org/whl/cpu && pip install -e '.[learn]')",
)

import towers  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import train_maskable_ppo as example  # noqa: E402


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A policy of the toy game trained for six seconds, and the steps it took."""
    out = tmp_path_factory.mktemp("policies") / "toy-policy.zip"
    steps = example.train("toy", "random", 0.1, out, seed=0)
    return out, steps


def test_train_save_and_play_the_policy_as_a_bot(trained: tuple[Path, int]) -> None:
    out, steps = trained
    assert steps > 500 and out.is_file()
    bot = towers.make_bot("policy", seed=0, path=str(out))
    state = towers.make("toy", players=2).new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(towers.sample_chance(state, rng))
        else:
            state.apply_action(bot.choose(state))  # legal, or apply_action would refuse it
    rate = example.win_rate("toy", out, "random", games=6, seed=1)
    assert 0.0 <= rate <= 1.0


def test_a_server_seats_the_policy_from_its_policy_folder(
    trained: tuple[Path, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.server.live import live_server
    from towers.agents.policy import POLICY_DIR

    out, _ = trained
    monkeypatch.setenv(POLICY_DIR, str(out.parent))
    with live_server(f"sqlite:///{tmp_path / 'games.sqlite3'}") as live:
        seats = [{"kind": "policy", "params": {"path": out.name}}, {"kind": "random"}]
        gid = live.create("toy", players=2, seats=seats, seed=3)["id"]
        over = live.wait(gid, lambda v: v["status"] == "over", timeout=60)
        assert over["scores"] and over["ply"] > 4
