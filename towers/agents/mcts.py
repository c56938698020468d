"""The ``mcts`` bot: UCT over atomic actions with heuristic leaves and implicit minimax.

Each iteration starts from a fresh observation-safe copy of the state (a new
``determinize(seat, rng)`` when the game hides information, so the search is single-observer
information-set MCTS), walks one shared tree keyed by the action sequence, and backs up a
value vector with one entry per seat.

- Expansion: the first time a node is reached, every legal child is evaluated at once (one
  copy, one action and one heuristic each), and the node's value is its best child's; with
  ``expand_all=False`` one random untried child is expanded per iteration instead. Actions
  that become legal only in a later determinization are evaluated when first seen.
- Selection: UCB1 for the seat deciding *there* (read from the copy, as it may not be the seat
  whose turn it is), on a mix of the child's mean value and its minimax value (weight
  ``minimax``), so a line is judged by its best continuation rather than diluted by the bad
  ones still being explored; the exploration term uses the child's availability count (how
  often it was legal when its parent was visited), as information-set MCTS prescribes.
- Chance nodes: an outcome is sampled with its probability and followed; each outcome is a
  child, so later statistics do not mix different draws; their minimax value is the
  visit-weighted mean of the outcomes seen.
- Values: :func:`~towers.agents.base.win_values`, the returns if the game is over, else a
  logistic of each seat's heuristic lead over the best other seat, ``scale`` points per unit
  (by default the scale the game declares for its heuristic, ``GamePlugin(heuristic_scale=)``,
  else :data:`DEFAULT_SCALE` victory points), counted from the lead at the start of the
  iteration when ``relative`` (so a search that is far ahead or behind still tells good
  moves from bad). A game over is worth its returns, and a lost one (returns of 0) ``loss``:
  by default the value the game declares (``GamePlugin(loss_value=)``) for a game the
  players lose together (cooperative or solo), else 0, the value a far worse position tends
  to; a value below 0 charges a move that risks losing the game more than a bad position
  costs, so that the search takes such a risk only for a gain worth it (without it, a move
  losing the game one time in ten for a clear gain looks better than a safe one); a
  cooperative game won is worth 1 to every seat. ``rollout_depth`` random decisions may be
  played before a leaf is scored; the default is none, since random moves inside a turn of
  several atomic actions mostly add noise.

A think time (``seconds``) is measured on the ``clock`` chosen: ``wall`` (the default, what a
person waits for) or ``cpu``, the thread's own processor time (``time.thread_time``), so that
a search on a machine shared with other work gets the same number of iterations as on an
idle one, which is what a fair comparison of bots wants. A server's ``time_limit`` is always
wall time. With ``stop_early`` a think time ends as soon as its answer is settled: when the
most visited root action leads the next by more than :data:`SETTLED_MARGIN` times the
iterations the time left would give at the pace so far, so the rest of the time could not
change the move (the same answer, sooner; a count of ``iterations`` always runs in full).

The answer is the most visited legal root action (the mean value, then the generator, break
ties). ``iterations_done`` and ``action_stats`` describe the last search.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from types import ModuleType
from typing import ClassVar

from towers.agents import tree as plain_tree
from towers.agents.base import BaseBot, deciding_seat, hides_information, values_of_returns
from towers.agents.params import Param
from towers.core.batch import Rollouts, rollouts_for
from towers.core.chance import sample_chance
from towers.core.compiled import twin
from towers.core.game import CHANCE, TERMINAL, Game, State
from towers.core.registry import heuristic_scale_of, loss_value_of

TREE = twin(plain_tree)
"""The search tree and its iteration: the compiled twin when built, else plain Python."""
_Node = TREE.Node
"""A node of the search tree (:class:`towers.agents.tree.Node`, from the module in use)."""

DEFAULT_ITERATIONS = 200
MAX_ITERATIONS = 20_000
"""The most iterations a shared server allows a move (a bound on work, not on strength)."""
MAX_SECONDS = 30.0
"""The longest think time a shared server allows a move."""
MAX_ROLLOUT_DEPTH = 200
CLOCKS = ("wall", "cpu")
"""The clocks a think time may be measured on."""
SETTLED_MARGIN = 1.5
"""How many times the iterations a think time has left a root lead must exceed to stop it."""
SETTLED_EVERY = 8
"""A think time checks whether its answer is settled once in this many iterations."""
LOSS_LIMIT = 100.0
"""The lowest value of a lost game that may be asked for is minus this."""
DEFAULT_SCALE = 5.0
"""The scale of a heuristic counted in victory points: a lead of 5 points is a clear one."""


class MCTSBot(BaseBot):
    """Monte Carlo tree search; see the module docstring for the algorithm.

    Parameters:

    - ``iterations`` (default 200): descents per choice, each ending in one expansion;
    - ``seconds``: a time budget per choice instead (it wins when both are given);
    - ``clock`` ("wall"): what ``seconds`` is measured on, "wall" or "cpu" (this thread's
      processor time, the same on a loaded machine as on an idle one);
    - ``c`` (0.3): the UCB1 exploration constant, for values in [0, 1];
    - ``scale``: the heuristic gain worth a value of about 0.73; by default the scale the
      game declares for its heuristic, else 5 (victory points);
    - ``relative`` (true): count gains from the lead at the root rather than from a tie;
    - ``loss``: the value of a lost game, where the position searched from is worth 0.5;
      by default the game's, else 0;
    - ``minimax`` (0.5): the weight of a child's minimax value against its mean in selection;
    - ``expand_all`` (true): evaluate all children of a node at its first visit;
    - ``rollout_depth`` (0): random decisions played before a new leaf is scored;
    - ``stop_early`` (true): end a think time once the rest of it could not change the move.

    A choice with a single legal action returns it at once, with no search. With a
    ``time_limit`` a count of iterations stops early when the time is up.
    """

    name = "mcts"
    tree: ClassVar[ModuleType] = TREE
    """The module whose tree and iteration the search runs (a test gives the plain one)."""
    about = "Searches ahead through many imagined games before each move; stronger with more time."
    PARAMS = (
        Param(
            "iterations", int, DEFAULT_ITERATIONS, "imagined games per move (more is stronger "
            "and slower)", low=1, limit=MAX_ITERATIONS, light=500,
        ),
        Param(
            "seconds", float, None, "think time per move instead of a number of games",
            low=0, above_low=True, limit=MAX_SECONDS, light=1.0,
        ),
        Param(
            "clock", str, "wall", "what the think time is measured on: wall (time waited) or "
            "cpu (processor time, fair on a busy machine)", choices=CLOCKS,
        ),
        Param("c", float, 0.3, "how much it tries moves that look worse (exploration)", low=0),
        Param(
            "scale", float, None, "the lead that counts as a clear one (default: the game's "
            "own measure, else 5 victory points)", low=0, above_low=True,
        ),
        Param("relative", bool, True, "judge moves by what they gain from the current position"),
        Param(
            "loss", float, None, "what losing the game is worth, the current position being "
            "worth 0.5 (below 0 shuns risks of losing; default: the game's, else 0)",
            low=-LOSS_LIMIT, high=0,
        ),
        Param("minimax", float, 0.5, "how much it trusts a move's best line over its average", low=0, high=1),
        Param("expand_all", bool, True, "look at every reply of a new position at once"),
        Param(
            "rollout_depth", int, 0, "random moves played out before judging a position",
            low=0, limit=MAX_ROLLOUT_DEPTH, light=10,
        ),
        Param(
            "stop_early", bool, True, "stop thinking as soon as more time could not change "
            "the move",
        ),
    )  # fmt: skip

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        clock: str = "wall",
        c: float = 0.3,
        rollout_depth: int = 0,
        scale: float | None = None,
        relative: bool = True,
        loss: float | None = None,
        minimax: float = 0.5,
        expand_all: bool = True,
        stop_early: bool = True,
    ) -> None:
        super().__init__(seed)
        p = self.check_params(
            {
                "iterations": DEFAULT_ITERATIONS if iterations is None else iterations,
                "seconds": seconds,
                "clock": clock,
                "c": c,
                "rollout_depth": rollout_depth,
                "scale": scale,
                "relative": relative,
                "loss": loss,
                "minimax": minimax,
                "expand_all": expand_all,
                "stop_early": stop_early,
            }
        )
        self.seconds: float | None = p["seconds"]
        self.clock: str = p["clock"]
        self.iterations: int = p["iterations"]
        self.c: float = p["c"]
        self.rollout_depth: int = p["rollout_depth"]
        self.scale: float | None = p["scale"]
        """The scale asked for; None: the game's (:func:`scale_for`)."""
        self._scale = DEFAULT_SCALE
        """The scale of the search in progress."""
        self.relative: bool = p["relative"]
        self.loss: float | None = p["loss"]
        """The value of a lost game asked for; None: the game's (:func:`loss_for`)."""
        self._loss = 0.0
        """The value of a lost game in the search in progress."""
        self.minimax: float = p["minimax"]
        self.expand_all: bool = p["expand_all"]
        self.stop_early: bool = p["stop_early"]
        self._heuristics: Callable[[State], list[float]] = lambda state: []
        """Every seat's heuristic (the game's ``evaluate_all``) in the search in progress."""
        self._together = False
        """Whether the seats of the search in progress share one standing (solo, cooperative)."""
        self._value_of: plain_tree.Valuer = TREE.Valuer(self._heuristics, False, DEFAULT_SCALE, 0.0)
        """:meth:`_values` of the search in progress, its settings bound (a
        :class:`~towers.agents.tree.Valuer`)."""
        self._rollouts: Rollouts | None = None
        """The game's batch engine, which plays the rollouts of the search in progress when
        the game has one: the same draws and values as on the state, faster."""
        self._value_of_heuristics: plain_tree.Valuer = self._value_of
        """:meth:`_values` of a position given by its heuristics (a rollout's end)."""
        self._baseline: list[float] | None = None
        """The leads at the root of a search that re-deals nothing (None: of each copy)."""
        self.iterations_done = 0
        self.action_stats: list[tuple[int, int, float]] = []
        """(action, visits, mean value for the deciding seat) of each root action, last search."""

    def __repr__(self) -> str:
        budget = (
            f"seconds={self.seconds}, clock={self.clock}"
            if self.seconds
            else f"iterations={self.iterations}"
        )
        return (
            f"MCTSBot(seed={self.seed!r}, {budget}, c={self.c}, scale={self.scale!r}, "
            f"relative={self.relative}, loss={self.loss!r}, minimax={self.minimax}, "
            f"expand_all={self.expand_all}, rollout_depth={self.rollout_depth}, stop_early={self.stop_early})"
        )

    def choose(self, state: State) -> int:
        seat = deciding_seat(state)
        legal = state.legal_actions()
        self.iterations_done = 0
        self.action_stats = []
        if len(legal) == 1:
            return legal[0]
        root = self.tree.Node(state.game.num_players)
        rng = self.rng
        # each iteration searches a copy holding only what the seat may see (observed_copy)
        hidden = self._begin(state)

        def observed_copy(state: State, seat: int, rng: random.Random) -> State:
            return state.determinize(seat, rng) if hidden else state.clone()

        # the leads gains are counted from: those of each copy re-dealt, else the state's own
        self._baseline = self._leads(state) if self.relative and not hidden else None

        if self.seconds is None and self.time_limit is None:
            done = self.iterations
            for _ in range(done):
                self._iterate(root, observed_copy(state, seat, rng))
        else:
            # a think time searches until it runs out on its clock; a server's time limit
            # (wall time) cuts any search short; either way at least one iteration, so even a
            # tiny budget gives an answer
            wall = time.perf_counter
            clock = time.thread_time if self.clock == "cpu" else wall
            started = clock()
            think_end = math.inf if self.seconds is None else started + self.seconds
            limit_end = math.inf if self.time_limit is None else wall() + self.time_limit
            most = self.iterations if self.seconds is None else None
            check = self.stop_early and self.seconds is not None
            done = 0
            while done == 0 or (done != most and clock() < think_end and wall() < limit_end):
                self._iterate(root, observed_copy(state, seat, rng))
                done += 1
                if check and done % SETTLED_EVERY == 0:
                    now = clock()
                    left = done * (think_end - now) / max(now - started, 1e-9)
                    if self.tree.settled(root, legal, SETTLED_MARGIN * left):
                        break
        self.iterations_done = done
        return self._answer(root, legal, seat)

    def _begin(self, state: State) -> bool:
        """Set what a search from ``state`` values positions by (the scale, the loss, every
        seat's heuristic, whether the seats play together); whether ``state`` hides
        information from a seat (each iteration then searches a copy re-dealt)."""
        game = state.game
        self._scale = self.scale if self.scale is not None else scale_for(game)
        self._loss = self.loss if self.loss is not None else loss_for(game)
        # the game's every-seat heuristic, unless the state writes its own heuristic
        own = type(state).heuristic is not State.heuristic
        self._heuristics = State.heuristics if own else game.evaluate_all
        self._together = game.num_players == 1 or game.COOPERATIVE
        self._value_of = self.tree.Valuer(self._heuristics, self._together, self._scale, self._loss)
        if not self.rollout_depth:
            self._rollouts = None
        elif self._rollouts is None or self._rollouts.engine.game is not game:
            self._rollouts = rollouts_for(game)
        if self._rollouts is not None:
            # the heuristics given (list copies them) are valued as a state's would be
            self._value_of_heuristics = self.tree.Valuer(
                list, self._together, self._scale, self._loss
            )
        self._baseline = None  # each iteration's own leads, unless choose() fixes them
        return hides_information(state)

    def _answer(self, root: plain_tree.Node, legal: list[int], seat: int) -> int:
        stats = []
        for action in legal:
            child = root.children.get(action)
            if child is None or not child.visits:
                stats.append((action, 0, 0.0))
            else:
                stats.append((action, child.visits, child.totals[seat] / child.visits))
        self.action_stats = stats
        top = max((visits, value) for _, visits, value in stats)
        best = [a for a, visits, value in stats if (visits, value) == top]
        return best[self.rng.randrange(len(best))]

    def _iterate(self, root: plain_tree.Node, state: State) -> None:
        """One iteration from ``root`` on ``state``, a copy it may use up (see
        :func:`towers.agents.tree.iterate`)."""
        self.tree.iterate(self, root, state)

    def _rollout(self, state: State, baseline: list[float] | None) -> list[float]:
        rng = self.rng
        steps = self.rollout_depth
        fast = self._rollouts
        if fast is not None:  # the loop below, played in the game's batch engine
            player, numbers = fast.play(state, rng, steps)
            if player == TERMINAL:
                return values_of_returns(numbers, self._loss)
            return self._value_of_heuristics(numbers, player, baseline)
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                state.apply_trusted(sample_chance(state, rng))
                continue
            if steps <= 0:
                break
            legal = state.legal_actions()
            state.apply_trusted(legal[rng.randrange(len(legal))])
            steps -= 1
        return self._values(state, player, baseline)

    def _leads(self, state: State) -> list[float]:
        """Each seat's heuristic lead over the best other seat, as
        :func:`~towers.agents.base.leads` counts it."""
        return self._value_of.leads(state)

    def _values(self, state: State, player: int, baseline: list[float] | None) -> list[float]:
        """:func:`~towers.agents.base.win_values` of ``state``, whose current player is
        ``player``: the same numbers (the same operations in the same order)."""
        return self._value_of(state, player, baseline)


def scale_for(game: Game) -> float:
    """The scale of ``game``'s heuristic: what its plugin declares, else victory points'."""
    declared = heuristic_scale_of(game)
    return DEFAULT_SCALE if declared is None else declared


def loss_for(game: Game) -> float:
    """The value of a lost game in a search of ``game``: what its plugin declares for a game
    the players lose together (cooperative or solo), else 0 (a competitive seat's loss is
    another's win, which the search already weighs)."""
    declared = loss_value_of(game)
    together = game.COOPERATIVE or game.num_players == 1
    return declared if declared is not None and together else 0.0
