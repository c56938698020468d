"""Train a policy on a towers game with MaskablePPO, save it, and measure it as a towers bot.

    pip install torch --index-url https://download.pytorch.org/whl/cpu   # PyTorch, CPU only
    pip install -e '.[learn]'
    python examples/train_maskable_ppo.py torres --minutes 5 --out torres-policy.zip

The policy learns one seat of the game's Gymnasium environment (``towers.env.gymnasium``)
against the ``--opponent`` bot, from the game's observation tensor, with illegal actions
masked out. It is saved with ``model.save``; then ``towers.make_bot("policy", path=...)``
plays it anywhere a bot plays: ``towers simulate torres -s policy:path=torres-policy.zip,greedy``,
or in the browser of a server started with ``TOWERS_POLICY_DIR`` naming its folder.
At the end the script plays the saved policy against ``random`` and ``greedy`` and prints
its win rates.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import towers.env
from towers.sim import run_simulation


def train(game: str, opponent: str, minutes: float, out: Path, seed: int, **options: object) -> int:
    """Train for about ``minutes``; save to ``out``; the environment steps taken."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    class Deadline(BaseCallback):  # type: ignore[misc]
        def __init__(self, seconds: float) -> None:
            super().__init__()
            self.end = time.monotonic() + seconds

        def _on_step(self) -> bool:
            return time.monotonic() < self.end

    env = towers.env.gymnasium(game, [opponent], **options)
    model = MaskablePPO(
        "MultiInputPolicy", env, n_steps=512, batch_size=128, seed=seed, verbose=0, device="cpu"
    )
    model.learn(total_timesteps=10**9, callback=Deadline(minutes * 60))
    model.save(str(out))
    return int(model.num_timesteps)


def win_rate(game: str, path: Path, opponent: str, games: int, seed: int) -> float:
    """The policy's share of wins in ``games`` two-player games against ``opponent``, seats
    alternating (a tie counts as half)."""
    report = run_simulation(
        game, players=2, games=games, seats=[f"policy:path={path}", opponent], seed=seed, workers=1
    )
    return float(report.to_dict()["bots"][0]["win_rate"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="torres")
    parser.add_argument("--opponent", default="random", help="the bot trained against")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--games", type=int, default=100, help="games per measured opponent")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    out = args.out or Path(f"{args.game}-policy.zip")
    steps = train(args.game, args.opponent, args.minutes, out, args.seed)
    print(f"trained {steps} steps in {args.minutes:g} min; saved {out}")
    for opponent in ("random", "greedy"):
        rate = win_rate(args.game, out, opponent, args.games, args.seed)
        print(f"against {opponent}: wins {rate:.0%} of {args.games} games")


if __name__ == "__main__":
    main()
