"""A one-heap take-away game with perfect information, to check that search finds wins.

Players take 1, 2 or 3 stones in turn; whoever takes the last stone wins. A player facing a
multiple of four stones loses against best play, so from ``stones`` the winning move is to
leave a multiple of four. Action ``k`` takes ``k + 1`` stones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from towers.core.errors import ActionParseError
from towers.core.game import TERMINAL, Game, State
from towers.core.options import Option
from towers.core.registry import register_game

NIM = "nim_test"


class NimGame(Game):
    name = NIM
    min_players = 2
    max_players = 2
    OPTIONS = {"stones": Option(default=10, help="stones in the heap", check=int)}

    def num_distinct_actions(self) -> int:
        return 3

    def max_game_length(self) -> int:
        return int(self.options["stones"])

    def state_class(self) -> type[State]:
        return NimState

    def new_initial_state(self) -> NimState:
        return NimState(game=self, stones=int(self.options["stones"]))


@dataclass(slots=True)
class NimState(State):
    game: NimGame
    stones: int
    turn: int = 0
    _history: list[int] = field(default_factory=list)
    _legal: tuple[int, ...] | None = None
    _legal_set: frozenset[int] | None = None

    def current_player(self) -> int:
        return TERMINAL if self.stones == 0 else self.turn

    def _legal_actions(self) -> list[int]:
        return list(range(min(3, self.stones)))

    def _apply(self, action: int) -> None:
        self.stones -= action + 1
        if self.stones:
            self.turn = 1 - self.turn

    def _explain(self, action: int) -> tuple[str, str]:
        return f"only {self.stones} stones are left", "Nim: take"

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def scores(self) -> list[float]:
        if self.stones:
            return [0.0, 0.0]
        return [1.0 if seat == self.turn else 0.0 for seat in range(2)]

    def action_to_string(self, action: int) -> str:
        if action not in (0, 1, 2):
            raise ActionParseError(f"no nim action {action}")
        return f"take {action + 1}"

    def string_to_action(self, text: str) -> int:
        for action in range(3):
            if self.action_to_string(action) == text.strip():
                return action
        raise ActionParseError(f"{text!r} names no nim action")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn}

    def clone(self) -> NimState:
        return NimState(
            game=self.game,
            stones=self.stones,
            turn=self.turn,
            _history=self._history[:],
            _legal=self._legal,
            _legal_set=self._legal_set,
        )


register_game(NIM, "tests.agents.nim:NimGame")
