"""The tensor check passes a sound observation tensor and catches one that leaks what a seat
may not see or strays out of its declared bounds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.toy_game import toy_tensor
from towers.core.conformance import check_tensor
from towers.core.game import Game
from towers.core.registry import GamePlugin, register_game, unregister_game
from towers.core.tensors import ObservationTensor, Part

from .tiny_game import TinyGame, TinyState


class PeekingState(TinyState):
    __slots__ = ()

    def observation(self, seat: int | None) -> dict[str, Any]:
        seen = TinyState.observation(self, seat)
        seen["hand"] = sorted(self.hands[(seat or 0) - 1])  # the bug: shows the neighbour's hand
        return seen


class PeekingGame(TinyGame):
    name = "tiny-peeking"

    def state_class(self) -> type[TinyState]:
        return PeekingState


class LoudGame(TinyGame):
    name = "tiny-loud"


def loud_tensor(game: Game) -> ObservationTensor:
    """Scores not scaled down: out of the 0..1 the part declares once someone scores."""
    return ObservationTensor(
        [Part("scores", (game.num_players,), "raw scores", lambda o: o["scores"])]
    )


SOUND = GamePlugin(rules=f"{__name__}:TinyGame", tensor="tests.toy_game:toy_tensor")
PEEKING = GamePlugin(rules=f"{__name__}:PeekingGame", tensor="tests.toy_game:toy_tensor")
LOUD = GamePlugin(rules=f"{__name__}:LoudGame", tensor=f"{__name__}:loud_tensor")


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    plugins = {"tiny": "SOUND", "tiny-peeking": "PEEKING", "tiny-loud": "LOUD"}
    for name, plugin in plugins.items():
        register_game(name, f"{__name__}:{plugin}")
    yield
    for name in plugins:
        unregister_game(name)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sound_tensor_passes(players: int) -> None:
    for seed in range(4):
        check_tensor(TinyGame(players), seed)
    assert toy_tensor(TinyGame(players)).size == 3 * players + 5


def test_a_tensor_of_what_the_seat_may_not_see_is_caught() -> None:
    with pytest.raises(AssertionError, match="re-dealt for seat .* gives it another tensor"):
        for seed in range(6):
            check_tensor(PeekingGame(2), seed)


def test_values_out_of_bounds_are_caught() -> None:
    with pytest.raises(AssertionError, match="part 'scores' has .* outside 0.0..1.0"):
        for seed in range(6):
            check_tensor(LoudGame(2), seed)
