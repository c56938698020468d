"""A small sound game against which the conformance checks are themselves tested.

Cards of value 1-3 lie in a face-down deck; each seat holds up to two, unseen by the others.
On a turn a seat plays a card onto the pile (scoring value x new pile height) or passes,
then draws if it played and the deck is not empty (a chance node). Dealing two cards to
each seat opens the game. It ends when the deck and every hand are empty, or after a round
of passes. Deliberately broken variants in ``test_checks_catch_bugs.py`` subclass it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from towers.core.errors import ActionParseError
from towers.core.game import CHANCE, TERMINAL, Game, State

PASS = 0
PLAY = 1  # PLAY + value - 1, values 1..3
DRAW = 4  # DRAW + value - 1, chance outcome: a card of that value is drawn
NAMES = ["pass", "play 1", "play 2", "play 3", "draw 1", "draw 2", "draw 3"]


class TinyGame(Game):
    name = "tiny"
    min_players = 2
    max_players = 3

    def num_distinct_actions(self) -> int:
        return len(NAMES)

    def max_game_length(self) -> int:
        # Each card is dealt or drawn once and played once; passes come between plays.
        return 9 * 2 + (9 + 1) * self.num_players

    def has_hidden_information(self) -> bool:
        return True

    def state_class(self) -> type[State]:
        return TinyState

    def new_initial_state(self) -> State:
        n = self.num_players
        return self.state_class()(
            game=self, deck=[3, 3, 3], hands=[[] for _ in range(n)], points=[0] * n, dealing=2 * n
        )


@dataclass(slots=True)
class TinyState(State):
    game: Game
    deck: list[int]  # unseen cards left, by value - 1
    hands: list[list[int]]
    points: list[int]
    dealing: int
    height: int = 0
    turn: int = 0
    passes: int = 0
    drawing: bool = False
    over: bool = False
    _history: list[int] = field(default_factory=list)
    _legal: tuple[int, ...] | None = None
    _legal_set: frozenset[int] | None = None

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.dealing or self.drawing else self.turn

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        total = sum(self.deck)
        return [(DRAW + k, n / total) for k, n in enumerate(self.deck) if n]

    def _legal_actions(self) -> list[int]:
        if self.dealing or self.drawing:
            return [a for a, _ in self._chance_outcomes()]
        return [PASS] + sorted({PLAY + v - 1 for v in self.hands[self.turn]})

    def _explain(self, action: int) -> tuple[str, str]:
        if self.current_player() == CHANCE:
            return "a card is being drawn", "Tiny: draw"
        if action >= DRAW:
            return "only chance draws cards", "Tiny: draw"
        return f"seat {self.turn} holds no {NAMES[action]}", "Tiny: play"

    def _apply(self, action: int) -> None:
        n = self.game.num_players
        if self.dealing or self.drawing:
            value = action - DRAW + 1
            self.deck[value - 1] -= 1
            if self.dealing:
                self.hands[(2 * n - self.dealing) % n].append(value)
                self.dealing -= 1
            else:
                self.hands[self.turn].append(value)
                self.drawing = False
                self._next_turn()
            return
        if action == PASS:
            self.passes += 1
            self._next_turn()
            return
        value = action - PLAY + 1
        self.hands[self.turn].remove(value)
        self.height += 1
        self.points[self.turn] += value * self.height
        self.passes = 0
        if sum(self.deck):
            self.drawing = True
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        n = self.game.num_players
        self.turn = (self.turn + 1) % n
        if self.passes >= n or (not sum(self.deck) and not any(self.hands)):
            self.over = True

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def action_to_string(self, action: int) -> str:
        if not 0 <= action < len(NAMES):
            raise ActionParseError(f"no tiny action {action}")
        return NAMES[action]

    def string_to_action(self, text: str) -> int:
        try:
            return NAMES.index(text.strip())
        except ValueError:
            raise ActionParseError(f"{text!r} names no tiny action") from None

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "height": self.height,
            "points": list(self.points),
            "deck": sum(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": sorted(self.hands[seat]) if seat is not None else None,
        }

    def clone(self) -> State:
        return type(self)(
            game=self.game,
            deck=self.deck[:],
            hands=[h[:] for h in self.hands],
            points=self.points[:],
            dealing=self.dealing,
            height=self.height,
            turn=self.turn,
            passes=self.passes,
            drawing=self.drawing,
            over=self.over,
            _history=self._history[:],
            _legal=self._legal,
            _legal_set=self._legal_set,
        )

    def determinize(self, seat: int, rng: random.Random) -> State:
        state = self.clone()
        assert isinstance(state, TinyState)
        others = [s for s in range(self.game.num_players) if s != seat]
        pool = [v + 1 for v, k in enumerate(state.deck) for _ in range(k)]
        for s in others:
            pool += state.hands[s]
        rng.shuffle(pool)
        for s in others:
            state.hands[s] = [pool.pop() for _ in state.hands[s]]
        state.deck = [pool.count(v) for v in (1, 2, 3)]
        state._legal = state._legal_set = None  # the re-dealt hands may allow other plays
        return state
