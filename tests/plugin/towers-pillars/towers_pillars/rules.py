"""The rules of Pillars.

Three pillars start empty. In turn, each player adds a block to a pillar that is not yet
``height`` blocks tall and scores the pillar's new height. A block that completes a pillar
earns a bonus block: the same player may at once add a block to another pillar that is not
complete (scoring it too), or pass. When every pillar is complete the game ends; the most
points win.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from towers.core.actions import Action
from towers.core.frames import DecisionStack, Frame, FrameKinds
from towers.core.game import TERMINAL, Game, State
from towers.core.options import Option
from towers_pillars.actions import PILLARS, SPACE, Build, Pass


@dataclass(frozen=True, slots=True)
class Turn(Frame):
    """A player's turn: build on a pillar."""


@dataclass(frozen=True, slots=True)
class BonusBlock(Frame):
    """A pillar was just completed: its builder may build once more, elsewhere, or pass."""

    completed: int


FRAMES = FrameKinds([Turn, BonusBlock])


class PillarsGame(Game):
    name = "pillars"
    min_players = 2
    max_players = 3
    OPTIONS = {"height": Option(default=4, help="blocks in a complete pillar", choices=(3, 4, 5))}
    ACTIONS = SPACE

    def max_game_length(self) -> int:
        # every block, and a pass on each pillar's bonus block
        return PILLARS * int(self.options["height"]) + PILLARS

    def state_class(self) -> type[State]:
        return PillarsState

    def new_initial_state(self) -> PillarsState:
        return PillarsState(
            game=self,
            points=[0] * self.num_players,
            heights=[0] * PILLARS,
            pending=DecisionStack([Turn()]),
        )


@dataclass(slots=True)
class PillarsState(State):
    game: PillarsGame
    points: list[int]
    heights: list[int]
    pending: DecisionStack
    """What the player to move decides now, innermost last."""
    turn: int = 0
    _history: list[int] = field(default_factory=list)
    _legal: list[int] | None = None
    _legal_set: frozenset[int] | None = None

    FIELD_READERS: ClassVar[dict[str, Any]] = {"pending": FRAMES.stack_from_json}

    @property
    def height(self) -> int:
        return int(self.game.options["height"])

    def is_complete(self, pillar: int) -> bool:
        return self.heights[pillar] >= self.height

    def current_player(self) -> int:
        return self.turn if self.pending else TERMINAL

    def _legal_actions(self) -> list[int]:
        # A small space is checked whole; a large one would list candidates first.
        return [a for a, value in enumerate(SPACE.values) if self._why_not(value) is None]

    def _why_not(self, action: Action) -> tuple[str, str] | None:
        """The one statement of when an action is allowed: None if it is, else why not and
        the rule that says so. The legal actions and the explanations both ask it."""
        match action:
            case Build(pillar=p) if self.is_complete(p):
                return f"pillar {p + 1} is complete", "Pillars: a complete pillar takes no block"
            case Pass() if not isinstance(self.pending.top, BonusBlock):
                return "there is no bonus block to pass on", "Pillars: the bonus block"
        return None

    def _explain(self, action: int) -> tuple[str, str]:
        return self._why_not(SPACE.decode(action)) or ("it is not allowed now", "")

    def _apply(self, action: int) -> None:
        match SPACE.values[action]:
            case Build(pillar=p):
                self.heights[p] += 1
                self.points[self.turn] += self.heights[p]
                bonus = isinstance(self.pending.top, Turn) and self.is_complete(p)
                if bonus and not all(self.is_complete(q) for q in range(PILLARS)):
                    self.pending.push(BonusBlock(completed=p))
                    return
            case Pass():
                pass
        self._end_turn()

    def _end_turn(self) -> None:
        self.pending = DecisionStack([Turn()])
        if all(self.is_complete(p) for p in range(PILLARS)):
            self.pending.clear()
        self.turn = (self.turn + 1) % self.game.num_players

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "seat": seat,
            "heights": self.heights[:],
            "height": self.height,
            "points": self.points[:],
            "turn": self.turn,
            "deciding": self.pending.top.to_json() if self.pending else None,
        }
