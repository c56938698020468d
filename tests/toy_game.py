"""A tiny game used only by the tests: a face-down deck, hidden hands, chance draws.

Each seat is dealt two cards (values 1-3) from a shared hidden deck. On a turn the seat
plays one card from its hand onto the pile (scoring value x pile height, height grows by
one) or passes; then, if the deck is not empty, it draws one card (a chance node). The game
ends when every hand is empty and the deck is empty, or after ``rounds`` passes in a row.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from towers.core.components import Deck
from towers.core.errors import ActionParseError, GameOptionError
from towers.core.game import CHANCE, TERMINAL, Game, State
from towers.core.options import Option
from towers.core.registry import GamePlugin
from towers.core.tensors import ObservationTensor, Part, counts, one_hot, scaled

PASS = 0
PLAY = 1  # PLAY + value - 1 for values 1..3
DRAW = 4  # DRAW + value - 1: chance outcome, a card of that value is drawn


class ToyGame(Game):
    name = "toy"
    min_players = 2
    max_players = 4
    OPTIONS = {"deck": Option(default=12, help="cards in the deck", choices=(6, 12))}

    def _setup(self) -> None:
        if self.options["deck"] < 2 * self.num_players:
            raise GameOptionError(
                f"a deck of {self.options['deck']} cards cannot deal two to each of "
                f"{self.num_players} players; deck=12 can"
            )

    def num_distinct_actions(self) -> int:
        return 7

    def max_game_length(self) -> int:
        return 4 * (self.options["deck"] + 2 * self.num_players) + 10

    def has_hidden_information(self) -> bool:
        return True

    def state_class(self) -> type[State]:
        return ToyState

    def new_initial_state(self) -> ToyState:
        per = self.options["deck"] // 3
        state_class = self.state_class()
        assert issubclass(state_class, ToyState)
        return state_class(
            game=self,
            deck=Deck.of_counts([per, per, per]),
            hands=[[] for _ in range(self.num_players)],
            scores_=[0] * self.num_players,
            dealing=2 * self.num_players,
        )


@dataclass(slots=True)
class ToyState(State):
    game: ToyGame
    deck: Deck
    hands: list[list[int]]
    scores_: list[int]
    height: int = 0
    turn: int = 0
    dealing: int = 0  # cards still to deal at the start
    passes: int = 0
    drawing: bool = False
    over: bool = False
    _history: list[int] = field(default_factory=list)
    _legal: list[int] | None = None
    _legal_set: frozenset[int] | None = None

    FIELD_READERS: ClassVar[dict[str, Any]] = {"deck": Deck.from_json}

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.dealing or self.drawing:
            return CHANCE
        return self.turn

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(DRAW + v, p) for v, p in self.deck.draw_outcomes()]

    def _legal_actions(self) -> list[int]:
        if self.dealing or self.drawing:
            return [a for a, _ in self._chance_outcomes()]
        return [PASS] + sorted({PLAY + v - 1 for v in self.hands[self.turn]})

    def _explain(self, action: int) -> tuple[str, str]:
        if self.current_player() == CHANCE:
            return "a card is being drawn; only draw outcomes are allowed", "Toy: draw"
        if DRAW <= action:
            return "only a chance node draws cards", "Toy: draw"
        return f"seat {self.turn} holds no card of value {action - PLAY + 1}", "Toy: play"

    def _apply(self, action: int) -> None:
        n = self.game.num_players
        if self.dealing:
            seat = (2 * n - self.dealing) % n
            self.hands[seat].append(self.deck.draw(action - DRAW) + 1)
            self.dealing -= 1
            return
        if self.drawing:
            self.hands[self.turn].append(self.deck.draw(action - DRAW) + 1)
            self.drawing = False
            self._next_turn()
            return
        if action == PASS:
            self.passes += 1
        else:
            value = action - PLAY + 1
            self.hands[self.turn].remove(value)
            self.height += 1
            self.scores_[self.turn] += value * self.height
            self.passes = 0
        if self.deck.needs_chance():
            self.drawing = True
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        n = self.game.num_players
        self.turn = (self.turn + 1) % n
        if self.passes >= n or (not self.deck.has_cards() and not any(self.hands)):
            self.over = True

    def scores(self) -> list[float]:
        return [float(s) for s in self.scores_]

    def heuristic(self, seat: int) -> float:
        # a card held is worth at least the pile's height: one played later scores more
        if self.over:
            return float(self.scores_[seat])
        return float(self.scores_[seat] + sum(self.hands[seat]) * self.height)

    def action_to_string(self, action: int) -> str:
        if action == PASS:
            return "pass"
        if PLAY <= action < DRAW:
            return f"play {action - PLAY + 1}"
        if DRAW <= action < 7:
            return f"draw {action - DRAW + 1}"
        raise ActionParseError(f"no toy action {action}; actions are 0-6")

    def string_to_action(self, text: str) -> int:
        for a in range(7):
            if self.action_to_string(a) == text.strip().lower():
                return a
        raise ActionParseError(f"{text!r} names no toy action; try 'pass', 'play 1', 'draw 2'")

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "height": self.height,
            "scores": list(self.scores_),
            "deck": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": sorted(self.hands[seat]) if seat is not None else None,
        }

    def _determinize(self, seat: int, rng: random.Random) -> ToyState:
        state = self.clone()
        pool = state.deck.counts[:]
        others = [s for s in range(self.game.num_players) if s != seat]
        for s in others:
            for v in state.hands[s]:
                pool[v - 1] += 1
        cards = [v + 1 for v, n in enumerate(pool) for _ in range(n)]
        rng.shuffle(cards)
        for s in others:
            k = len(state.hands[s])
            state.hands[s] = [cards.pop() for _ in range(k)]
        state.deck.counts = [cards.count(v) for v in (1, 2, 3)]
        return state


def toy_tensor(game: Game) -> ObservationTensor:
    """The toy game's observation tensor (the learning environments' tests use it)."""
    n = game.num_players
    deck = int(game.options["deck"])
    most = 3 * deck * (deck + 1) // 2  # every card a 3, played on the highest piles
    return ObservationTensor(
        [
            Part("turn", (n,), "one-hot: whose turn it is", lambda o: one_hot(o["turn"], n)),
            Part(
                "height",
                (1,),
                "the pile's height / the cards there are",
                lambda o: [o["height"] / deck],
            ),
            Part(
                "scores",
                (n,),
                "each seat's score / the most there is",
                lambda o: scaled(o["scores"], most),
            ),
            Part("deck", (1,), "cards left in the deck / its size", lambda o: [o["deck"] / deck]),
            Part(
                "hand_sizes",
                (n,),
                "cards in each hand / the most one may hold",
                lambda o: scaled(o["hand_sizes"], deck + 2),
            ),
            Part(
                "hand",
                (3,),
                "the observer's cards by value / the most one may hold",
                lambda o: counts(o["hand"] or [], [1, 2, 3], scale=deck + 2),
            ),
        ]
    )


def toy_balance(state: State) -> dict[str, str | list[str]]:
    """The toy game's balance facets (the simulation reports' tests use them): the first card
    dealt, for the game, and each seat's first card dealt to it, for the seats."""
    dealt = [action - DRAW + 1 for action in state.history()[: state.game.num_players]]
    return {"first card": str(dealt[0]), "opening card": [str(v) for v in dealt]}


PLUGIN = GamePlugin(
    rules="tests.toy_game:ToyGame",
    tensor="tests.toy_game:toy_tensor",
    balance="tests.toy_game:toy_balance",
)
