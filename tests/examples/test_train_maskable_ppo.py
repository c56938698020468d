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


def test_train_save_and_play_the_policy_as_a_bot(tmp_path: Path) -> None:
    out = tmp_path / "toy-policy.zip"
    steps = example.train("toy", "random", 0.1, out, seed=0)
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
