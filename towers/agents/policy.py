"""The ``policy`` bot: plays a policy trained on a game's Gymnasium environment with
MaskablePPO (sb3-contrib), such as the one ``examples/train_maskable_ppo.py`` saves.

It sees what a learner sees: the game's observation tensor of its own seat and the mask of
legal actions, so it cannot peek. It needs the ``learn`` extra (sb3-contrib and PyTorch; see
the README for the CPU-only PyTorch). A saved policy is code as much as data (loading one
unpickles it), so a server offers this bot only for policies in the folder its operator names
in ``TOWERS_POLICY_DIR``, and a seat names the file relative to it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from towers.agents.base import BaseBot
from towers.agents.params import BotParamError, Param, check_params
from towers.core.game import State
from towers.core.registry import tensor_of

POLICY_DIR = "TOWERS_POLICY_DIR"
"""The environment variable naming the folder of policies a server may load."""

_loaded: dict[str, Any] = {}


class PolicyBot(BaseBot):
    """Plays the trained policy saved at ``path``."""

    name = "policy"
    about = "Plays a policy trained by reinforcement learning (MaskablePPO), from a saved file."
    PARAMS = (
        Param("path", str, None, "the saved policy: a .zip written by MaskablePPO.save"),
        Param("deterministic", bool, True, "always play the policy's likeliest move"),
    )

    def __init__(
        self, seed: int | None = None, path: str | None = None, deterministic: bool = True
    ) -> None:
        super().__init__(seed)
        checked = self.check_params({"path": path, "deterministic": deterministic})
        self.path = str(checked["path"])
        self.deterministic = bool(checked["deterministic"])
        self.model = load_policy(self.path)

    @classmethod
    def offered(cls) -> bool:
        """Whether a server lists this bot: only where its operator named a policy folder."""
        return bool(os.environ.get(POLICY_DIR))

    @classmethod
    def check_params(cls, params: Mapping[str, Any], *, limited: bool = False) -> dict[str, Any]:
        checked = check_params(cls.name, cls.PARAMS, params, limited=limited)
        path = checked.get("path")
        if not path:
            raise BotParamError("policy needs path=FILE, the policy to play", param="path")
        if limited:
            checked["path"] = str(_in_policy_dir(path))
        return checked

    def choose(self, state: State) -> int:
        import numpy as np

        seat = state.current_player()
        tensor = tensor_of(state.game)
        mask = np.zeros(state.game.num_distinct_actions(), np.int8)
        legal = state.legal_actions()
        mask[legal] = 1
        obs = {
            "observation": np.asarray(tensor.encode(state.observation(seat)), np.float32),
            "action_mask": mask,
        }
        action, _ = self.model.predict(
            obs, action_masks=mask.astype(bool), deterministic=self.deterministic
        )
        chosen = int(action)
        # the mask keeps the policy to legal actions; should a model ignore it, stay legal
        return chosen if chosen in legal else self.rng.choice(legal)


def load_policy(path: str) -> Any:
    """The MaskablePPO model saved at ``path`` (loaded once per process)."""
    model = _loaded.get(path)
    if model is None:
        try:
            from sb3_contrib import MaskablePPO
        except ImportError:
            raise BotParamError(
                "the policy bot needs the learn extra: pip install 'towers[learn]' "
                "(see the README for PyTorch's CPU-only build)"
            ) from None
        if not Path(path).is_file():
            raise BotParamError(f"policy: no saved policy at {path}", param="path")
        model = _loaded[path] = MaskablePPO.load(path, device="cpu")
    return model


def _in_policy_dir(path: str) -> Path:
    folder = os.environ.get(POLICY_DIR)
    if not folder:
        raise BotParamError(
            f"this server offers no trained policies (its operator names a folder of them in "
            f"{POLICY_DIR})",
            param="path",
        )
    base = Path(folder).resolve()
    target = (base / path).resolve()
    if base not in target.parents or not target.is_file():
        names = sorted(p.name for p in base.glob("*.zip"))
        raise BotParamError(
            f"policy: {path!r} is not a policy this server offers; it offers "
            f"{', '.join(names) or 'none yet'}",
            param="path",
        )
    return target
