"""A solo game of one choice whose standing (its heuristic) is its chance to win, to check
how search values a risk of losing the game.

The player starts at a standing of 0.5 and chooses once: ``safe`` (a standing of 0.52) or
``gamble`` (a standing of 0.62 three times in four, the game lost at once one time in four:
a chance of 0.465 in all; the standing shows the 0.62 from the move on, the loss only once
drawn, as a heuristic that cannot foresee the draw would). Then it waits through ``WAITS``
turns of two moves that change nothing, so that no search sees the end, and the game ends
with a draw won with the standing's chance. Counted as a lead over the start at the declared
scale (0.03), with a lost game worth 0, the gamble looks better (0.74 against 0.66); with a
lost game worth the declared -1, the safe move is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from towers.core.errors import ActionParseError
from towers.core.game import CHANCE, TERMINAL, Game, State
from towers.core.registry import GamePlugin, register_game

GAMBLE = "gamble_test"
WAITS = 40
START = 0.5
MOVES = (("safe", 0.52), ("gamble", None))
"""The two first moves: (name, the standing it gives; None: the gamble's draw)."""
GAMBLE_WINS = 0.62
GAMBLE_ODDS = 0.75
LOST, WON = 0, 1
"""The outcomes of a draw: the gamble's (the game lost, or its standing kept) and the last."""


class GambleGame(Game):
    name = GAMBLE
    min_players = 1
    max_players = 1
    COOPERATIVE = True

    def num_distinct_actions(self) -> int:
        return 2

    def max_game_length(self) -> int:
        return WAITS + 3

    def state_class(self) -> type[State]:
        return GambleState

    def new_initial_state(self) -> GambleState:
        return GambleState(game=self)


@dataclass(slots=True)
class GambleState(State):
    game: GambleGame
    standing: float = START
    chosen: int = -1
    drawing: bool = False
    """The gamble's draw is due."""
    waited: int = 0
    result: int = -1
    """LOST or WON once the game is over."""
    _history: list[int] = field(default_factory=list)
    _legal: tuple[int, ...] | None = None
    _legal_set: frozenset[int] | None = None

    def current_player(self) -> int:
        if self.result >= 0:
            return TERMINAL
        if self.drawing or self.waited == WAITS:
            return CHANCE
        return 0

    def _legal_actions(self) -> list[int]:
        return [0, 1]

    def _apply(self, action: int) -> None:
        if self.drawing:
            self.drawing = False
            if action == LOST:
                self.result = LOST
        elif self.waited == WAITS:
            self.result = action
        elif self.chosen < 0:
            self.chosen = action
            standing = MOVES[action][1]
            # the gamble's standing shows its gain at once, as a heuristic that cannot foresee
            # the draw would
            self.drawing = standing is None
            self.standing = GAMBLE_WINS if standing is None else standing
        else:
            self.waited += 1

    def _explain(self, action: int) -> tuple[str, str]:
        return "there are two moves", "Gamble"

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.drawing:
            return [(LOST, 1 - GAMBLE_ODDS), (WON, GAMBLE_ODDS)]
        return [(LOST, 1 - self.standing), (WON, self.standing)]

    def scores(self) -> list[float]:
        return [float(self.result == WON)]

    def winners(self) -> list[int]:
        return [0] if self.result == WON else []

    def action_to_string(self, action: int) -> str:
        if action not in (0, 1):
            raise ActionParseError(f"no gamble action {action}")
        if self.chosen < 0:
            return MOVES[action][0]
        return f"wait {action}"

    def string_to_action(self, text: str) -> int:
        for action in (0, 1):
            if self.action_to_string(action) == text.strip():
                return action
        raise ActionParseError(f"{text!r} names no gamble action")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"standing": self.standing, "chosen": self.chosen, "waited": self.waited}

    def clone(self) -> GambleState:
        return GambleState(
            game=self.game,
            standing=self.standing,
            chosen=self.chosen,
            drawing=self.drawing,
            waited=self.waited,
            result=self.result,
            _history=self._history[:],
            _legal=self._legal,
            _legal_set=self._legal_set,
        )


def standing(state: State, seat: int) -> float:
    assert isinstance(state, GambleState)
    return state.standing


PLUGIN = GamePlugin(
    rules="tests.agents.gamble:GambleGame",
    heuristic="tests.agents.gamble:standing",
    heuristic_scale=0.03,
    loss_value=-1.0,
)

register_game(GAMBLE, "tests.agents.gamble:PLUGIN")
