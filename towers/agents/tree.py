"""The search tree of the ``mcts`` bot and one iteration over it.

This is the part of :mod:`towers.agents.mcts` that runs tens of times an iteration: a node
made for each child, each position valued, the UCB1 choice among the children and the
back-up of values and minimax vectors. It has a compiled twin (``tree.pxd``; see
:mod:`towers.core.compiled`) that does the same operations in the same order on C doubles,
so the same seed gives the same search with the twin as with this module
(``tests/agents/test_mcts_twin.py``). The algorithm is described in :mod:`towers.agents.mcts`;
the bot (the ``MCTSBot`` driving it) owns the settings, the generator and the rollouts.
"""

from __future__ import annotations

import math
from typing import Any

from towers.agents.base import LOGIT_LIMIT, outcome_values
from towers.core.chance import sample_chance
from towers.core.game import CHANCE, TERMINAL, State


class Node:
    """Statistics of one action sequence: visits, availability, value sums by seat, the seat
    deciding there (CHANCE for a draw) and the minimax value vector of its evaluated subtree.
    """

    __slots__ = ("children", "visits", "available", "totals", "player", "best")

    def __init__(self, players: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players
        self.player = TERMINAL
        self.best: list[float] = []


class Valuer:
    """:func:`~towers.agents.base.win_values` with a search's settings bound: the leads (as
    :func:`~towers.agents.base.leads` counts them) and their logistic in one pass over the
    seats, with the same operations in the same order, so the same floats.

    ``heuristics`` gives every seat's heuristic of what is valued: a state (the game's
    ``evaluate_all``), or a rollout's end already given by its heuristics (``list``).
    """

    __slots__ = ("heuristics", "together", "scale", "loss")

    def __init__(self, heuristics: Any, together: bool, scale: float, loss: float) -> None:
        self.heuristics = heuristics
        self.together = together
        self.scale = scale
        self.loss = loss

    def __call__(self, state: Any, player: int, baseline: list[float] | None) -> list[float]:
        return self.values(state, player, baseline)

    def values(self, state: Any, player: int, baseline: list[float] | None) -> list[float]:
        """The value by seat of ``state``, whose current player is ``player``, its leads
        counted from ``baseline`` (None: from a tie)."""
        if player == TERMINAL:
            return outcome_values(state, self.loss)
        h = self.heuristics(state)
        together = self.together
        scale = self.scale
        limit = LOGIT_LIMIT
        exp = math.exp
        best = second = -math.inf
        if not together:
            for x in h:
                if x > best:
                    best, second = x, best
                elif x > second:
                    second = x
        out = []
        i = 0
        for x in h:
            if not together:
                x = x - (second if x == best else best)
            if baseline is not None:
                x = x - baseline[i]
            i += 1
            x = x / scale
            if x > limit:
                x = limit
            elif x < -limit:
                x = -limit
            out.append(1.0 / (1.0 + exp(-x)))
        return out

    def leads(self, state: State) -> list[float]:
        """Each seat's heuristic lead over the best other seat, as
        :func:`~towers.agents.base.leads` counts it."""
        h = self.heuristics(state)
        if self.together:
            return h  # type: ignore[no-any-return]
        best = second = -math.inf
        for x in h:
            if x > best:
                best, second = x, best
            elif x > second:
                second = x
        return [x - (second if x == best else best) for x in h]


def iterate(bot: Any, root: Node, state: State) -> None:
    """One iteration of ``bot``'s search (an ``MCTSBot``: its settings, generator, valuer
    and rollouts) from ``root`` on ``state``, a copy the iteration may use up."""
    rng = bot.rng
    c = bot.c
    alpha = bot.minimax
    players = len(root.totals)
    expand_all = bot.expand_all
    valuer = bot._value_of
    log = math.log
    sqrt = math.sqrt
    node = root
    path = [root]
    baseline = bot._baseline
    if baseline is None and bot.relative:
        baseline = valuer.leads(state)
    while True:
        player = state.current_player()
        node.player = player
        if player == TERMINAL:
            values = outcome_values(state, bot._loss)
            node.best = values
            break
        if player == CHANCE:
            outcome = sample_chance(state, rng)
            state.apply_trusted(outcome)
            child = node.children.get(outcome)
            if child is None:
                child = node.children[outcome] = Node(players)
            node = child
            path.append(node)
            continue
        legal = state.legal_actions()
        children = node.children
        # one pass: each child's availability counted and, while no action is untried,
        # its UCB score (the count included), the first of the best kept
        untried: list[int] = []
        best_score = -math.inf
        best_action = legal[0]
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
                continue
            child.available = available = child.available + 1
            if untried:
                continue
            visits = child.visits
            mean = child.totals[player] / visits
            score = mean + alpha * (child.best[player] - mean) + c * sqrt(log(available) / visits)
            if score > best_score:
                best_score = score
                best_action = action
        if untried and expand_all:
            values = expand(bot, state, node, untried, legal, player, baseline)
            break
        if untried:
            action = untried[rng.randrange(len(untried))]
            child = children[action] = Node(players)
            child.available = 1
            state.apply_trusted(action)
            path.append(child)
            child.player = after = state.current_player()
            child.best = valuer.values(state, after, baseline)
            values = bot._rollout(state, baseline) if bot.rollout_depth else child.best
            break
        state.apply_trusted(best_action)
        node = children[best_action]
        path.append(node)
    back_up(path, values, players)
    if alpha:
        back_up_minimax(path)


def expand(
    bot: Any,
    state: State,
    node: Node,
    untried: list[int],
    legal: list[int],
    player: int,
    baseline: list[float] | None,
) -> list[float]:
    """Evaluate every untried child at once; the node's value is then its best child's.
    The last child is played on ``state`` itself, which the iteration needs no more."""
    children = node.children
    last = untried[-1]
    rollout = bot.rollout_depth
    valuer = bot._value_of
    for action in untried:
        after = state if action == last else state.clone()
        after.apply_trusted(action)
        # a node made in place (no __init__ call): tens of them an iteration
        child = children[action] = Node.__new__(Node)
        child.children = {}
        child.available = 1
        child.visits = 1
        child.player = now = after.current_player()
        child.best = best = valuer.values(after, now, baseline)
        if rollout and now != TERMINAL:
            child.totals = bot._rollout(after, baseline)
        else:
            child.totals = best.copy()
    top = None
    for action in legal:
        child = children[action]
        best = child.best
        if top is None or best[player] > top[player]:
            top = best
    assert top is not None
    return top


def back_up(path: list[Node], values: list[float], players: int) -> None:
    """A visit and the iteration's values added to every node of its path."""
    for node in path:
        node.visits += 1
        totals = node.totals
        for s in range(players):
            total = totals[s]
            total += values[s]
            totals[s] = total


def back_up_minimax(path: list[Node]) -> None:
    """Refresh the minimax vectors above the new leaf: the deciding seat's best child (the
    first of those tied), or the visit-weighted mean of the outcomes seen at a chance node.
    """
    for node in reversed(path):
        children = node.children
        if not children:
            continue
        player = node.player
        if player == CHANCE:
            total = 0
            for child in children.values():
                total += child.visits
            best = [0.0] * len(node.totals)
            for child in children.values():
                weight = child.visits / total
                s = 0
                for v in child.best:
                    best[s] += weight * v
                    s += 1
            node.best = best
        elif player >= 0:
            top: list[float] | None = None
            for child in children.values():
                value = child.best
                if top is None or value[player] > top[player]:
                    top = value
            assert top is not None
            node.best = top


def settled(root: Node, legal: list[int], left: float) -> bool:
    """Whether the most visited root action leads every other by more than ``left`` visits
    (each iteration adds one visit to one root action, so ``left`` more could not catch up).
    """
    top = second = 0
    children = root.children
    for action in legal:
        child = children.get(action)
        visits = child.visits if child is not None else 0
        if visits > top:
            top, second = visits, top
        elif visits > second:
            second = visits
    return top - second > left
