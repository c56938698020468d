"""Pillars' observation tensor, for the learning environments: made from the observation."""

from __future__ import annotations

from towers.core.game import Game
from towers.core.tensors import ObservationTensor, Part, one_hot, rotate_to, scaled
from towers_pillars.actions import PILLARS


def pillars_tensor(game: Game) -> ObservationTensor:
    n = game.num_players
    height = int(game.options["height"])
    return ObservationTensor(
        [
            Part("heights", (PILLARS,), "each pillar's height / the height that completes it",
                 lambda o: scaled(o["heights"], height)),
            Part("points", (n,), "points / 50, from the observer's seat on",
                 lambda o: scaled(rotate_to(o["seat"], o["points"]), 50)),
            Part("bonus", (1,), "1 while a bonus block may be placed",
                 lambda o: [1.0 if o["deciding"] and o["deciding"]["frame"] == "bonus_block" else 0.0]),
            Part("to_move", (n,), "one-hot: who is to move, from the observer's seat on",
                 lambda o: one_hot((o["turn"] - (o["seat"] or 0)) % n, n)),
        ]
    )  # fmt: skip
