"""The review of a game: each seat's score over time, each decision rated by the bots' search,
the biggest swings said in words, and the score by category at the end.

:func:`review` replays a saved game (or a state's history) from its first position. At each
step a seat decided with more than one legal move, it searches that position for the seat
from what the seat could know then (:mod:`towers.learn.search`: worlds re-dealt for it,
never the true state) and rates the move played by the lead the search expects after it,
against the lead after the best move it found: the difference is what the move cost, in
points (or in the game's own measure, for a game whose bots do not count in points). A
forced move (the only legal one) is rated too, costing nothing, with no search.

The swings are the decisions that cost the most (at least :data:`SWING_UNITS` of the search's
scale), said with the real score change of the move played and the move that the search
preferred. The scores over time are the real ones after every step (scores are public in
every game). The categories are those of the game's ending, for a finished game.

Each decision keeps who may read it in words (:mod:`towers.core.knowledge`, the rule of the
log and of ``towers replay``): a swing is told to a viewer who may not read the move as a
hidden choice and what it cost, without its words.

A review is stored as JSON beside the save (:func:`review_path`: ``game.review.json`` beside
``game.json``) under a key of the game, its history and the budget, so opening it again with
the same budget is instant (:func:`review_saved`); a plot of the scores over time is drawn by
:func:`plot_scores` (matplotlib, the ``report`` extra).

>>> import random, towers
>>> state = towers.make("torres", players=2).new_initial_state()
>>> for _ in range(3):
...     state.apply_action(state.legal_actions()[0])
>>> r = review(state, Budget(iterations=2))
>>> len(r.ratings), r.scores[0][:4]
(3, [0.0, 0.0, 0.0, 0.0])
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from towers.agents.mcts import scale_for
from towers.core.chance import derive_seed
from towers.core.errors import SaveFormatError
from towers.core.game import Game, State
from towers.core.knowledge import EVERYBODY, can_read, seen_by, to_text
from towers.core.record import game_from_record, load, record_history
from towers.core.registry import make, views_of
from towers.core.views import Views
from towers.learn.effects import in_points, measure, points
from towers.learn.search import Budget, is_sure, search, value

FORMAT = "towers-review/2"
"""The tag of a stored review; a review stored in another format is made again (2: a forced
move's rating says who may read it, as every other rating does)."""
REVIEW_ITERATIONS = 40
"""Imagined games searched at each decision among few moves when no budget is given."""
FEW_MOVES = 8
"""A decision among this many legal moves or fewer is searched with the budget's count of
imagined games; one among more moves gets as many more in proportion (twice as many moves,
twice the games), up to :data:`MOST_TIMES` the count: a search spreads its games over the
moves, so a count that rates a choice among 5 moves steadily leaves each of 34 moves (a
Torres turn) a handful."""
MOST_TIMES = 4
"""The most times the budget's count of imagined games a decision among many moves gets."""
SWINGS = 6
"""The most swings a review marks."""
SWING_UNITS = 0.2
"""The least a decision must cost, in units of the search's scale (1 point in a game counted
in victory points), to be marked as a swing."""

Progress = Callable[[int, int], None]
"""Called with (decisions searched, decisions to search) as a review goes."""


@dataclass(frozen=True)
class Rating:
    """One decision of the game: the ``step`` (1 for the game's first action) at which
    ``seat`` played ``action``, the real change of its score at that step, and the search's
    figures: the lead it expected after the move played and after the best move it found,
    and what the move cost (their difference; 0 for a forced move). ``played_lead`` is None
    when the search never tried the move played (a move legal only in the true world)."""

    step: int
    seat: int
    action: int
    words: str
    log: str
    points_now: float
    choices: int
    best_action: int
    best_words: str
    played_lead: float | None
    best_lead: float | None
    cost: float
    iterations: int
    played_value: float | None = None
    """The search's mean value of the move played for the seat, 0 to 1 (0.5: no change)."""
    best_value: float | None = None
    readers: str = EVERYBODY
    """Who may read the move in words, as :func:`towers.core.knowledge.to_text` stores it
    (the rule of the log and of ``towers replay``)."""

    @property
    def forced(self) -> bool:
        return self.choices == 1


@dataclass(frozen=True)
class Swing:
    """A decision that cost much, in words: ``text`` for a viewer who may read the move
    (``readers``), ``hidden_text`` for one who may not."""

    step: int
    seat: int
    cost: float
    text: str
    readers: str = EVERYBODY
    hidden_text: str = ""

    def text_for(self, viewer: int | None) -> str:
        """The swing as ``viewer`` (a seat, or None for a spectator) may read it."""
        return self.text if can_read(self.readers, viewer) else self.hidden_text


@dataclass(frozen=True)
class Review:
    """A game reviewed: the game and its length, the score of each seat after every step
    (``scores[seat][step]``, step 0 the start), one :class:`Rating` per decision, the swings,
    each seat's total cost, and the ending's categories and rows (empty for a game not over)
    with its verdict."""

    game: str
    players: int
    options: dict[str, Any]
    steps: int
    finished: bool
    scores: list[list[float]]
    ratings: list[Rating]
    swings: list[Swing]
    categories: list[str]
    rows: list[list[Any]]
    verdict: str
    unit: str
    """"points", or "measure" for a game whose bots count in their own measure."""
    budget: dict[str, Any]
    key: str
    cut_short: bool = False
    notes: list[str] = field(default_factory=list)

    def seat_cost(self, seat: int) -> float:
        """What the seat's decisions cost in all, by the search."""
        return sum(r.cost for r in self.ratings if r.seat == seat)

    def decisions(self, seat: int) -> int:
        return sum(1 for r in self.ratings if r.seat == seat)

    def to_json(self) -> str:
        data = asdict(self)
        data = {"format": FORMAT, **data}
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Review:
        data = json.loads(text)
        if not isinstance(data, dict) or data.pop("format", None) != FORMAT:
            raise SaveFormatError(f"this is not a towers review ({FORMAT})")
        data["ratings"] = [Rating(**r) for r in data["ratings"]]
        data["swings"] = [Swing(**s) for s in data["swings"]]
        return cls(**data)


def decision_budget(budget: Budget, moves: int) -> Budget:
    """The budget of one decision among ``moves`` legal moves: the budget's count of
    imagined games for :data:`FEW_MOVES` moves or fewer, more in proportion for more moves,
    at most :data:`MOST_TIMES` the count; a think time stays as it is (it does not repeat).

    >>> [decision_budget(Budget(iterations=40), n).iterations for n in (2, 8, 12, 34, 50)]
    [40, 40, 60, 160, 160]
    """
    if budget.iterations is None:
        return budget
    scaled = budget.iterations * min(float(MOST_TIMES), max(1.0, moves / FEW_MOVES))
    return Budget(iterations=round(scaled), seconds=budget.seconds)


def review(
    game: Mapping[str, Any] | State,
    budget: Budget | None = None,
    progress: Progress | None = None,
    seed: int = 0,
    cancel: threading.Event | None = None,
) -> Review:
    """The review of a saved game's record (or of a state's history), each decision searched
    within ``budget`` (by default :data:`REVIEW_ITERATIONS` a decision, more for a decision
    among many moves: :func:`decision_budget`), with generators drawn from ``seed`` so that
    the same budget in iterations gives the same review. ``progress`` is
    told how far it is; ``cancel``, once set, ends each search still to run after one
    iteration (the review is then marked ``cut_short``)."""
    budget = budget or Budget(iterations=REVIEW_ITERATIONS)
    the_game, history = _game_and_history(game)
    key = review_key(the_game, history, budget, seed)
    views = views_of(the_game)
    state = the_game.new_initial_state()
    scores: list[list[float]] = [[float(x)] for x in state.scores()]
    ratings: list[Rating] = []
    total = _decisions_to_search(the_game, history)
    done = 0
    cut = False
    if progress is not None:
        progress(0, total)
    for step, action in enumerate(history, start=1):
        if not state.is_legal(action):
            raise SaveFormatError(
                f"action {step} of the game is not legal: {state.explain(action)}"
            )
        if state.current_player() >= 0:
            rating, cut_here = _rate(state, step, action, views, budget, seed, cancel)
            ratings.append(rating)
            cut = cut or cut_here
            if not rating.forced:
                done += 1
                if progress is not None:
                    progress(done, total)
        state.apply_action(action)
        for s, x in enumerate(state.scores()):
            scores[s].append(float(x))
    return _reviewed(state, views, len(history), scores, ratings, budget, seed, key, cut)


def _rate(
    state: State,
    step: int,
    action: int,
    views: Views,
    budget: Budget,
    seed: int,
    cancel: threading.Event | None,
) -> tuple[Rating, bool]:
    """The rating of ``action``, played at ``step`` by the seat deciding in ``state``, and
    whether a cancel cut its search short: a forced move costs nothing, unsearched; a choice
    among several moves is searched (:func:`_judge`) from what the seat could know."""
    seat = state.current_player()
    before = state.scores()
    words = state.action_to_string(action)
    log = views.log_words(state, action)
    # the same draw as the log's and the replay's, so they agree on who may read it
    seen = seen_by(state, action, random.Random(f"{len(state.history())}:{action}"))
    readers = to_text(seen)
    legal = state.legal_actions()
    after = _after(state, action)
    now = after.scores()[seat] - before[seat]
    if len(legal) == 1:
        forced = Rating(
            step,
            seat,
            action,
            words,
            log,
            now,
            1,
            action,
            words,
            None,
            None,
            0.0,
            0,
            readers=readers,
        )
        return forced, False
    rng = random.Random(derive_seed(seed, "review", step))
    spend = decision_budget(budget, len(legal))
    judged = _judge(state, after, seat, action, spend, rng, cancel)
    rating = Rating(
        step,
        seat,
        action,
        words,
        log,
        now,
        len(legal),
        judged.best_action,
        state.action_to_string(judged.best_action),
        judged.played_lead,
        judged.best_lead,
        max(0.0, judged.best_lead - judged.played_lead),
        judged.iterations,
        judged.played_value,
        judged.best_value,
        readers,
    )
    return rating, judged.cut_short


@dataclass(frozen=True)
class _Judged:
    """What the search made of one decision: the best move it found, the value and lead it
    expected after the move played and after the best, the imagined games it spent and
    whether a cancel cut it short."""

    best_action: int
    played_value: float
    best_value: float
    played_lead: float
    best_lead: float
    iterations: int
    cut_short: bool


def _judge(
    state: State,
    after: State,
    seat: int,
    action: int,
    spend: Budget,
    rng: random.Random,
    cancel: threading.Event | None,
) -> _Judged:
    """The search of ``seat``'s decision in ``state`` within ``spend``: the best move it
    finds, and when that is not ``action`` (which led to ``after``), the move played and the
    best one each judged alike, by a search of the position after it."""
    found = search(state, seat, spend, rng, cancel)
    best_action = found.action
    if best_action == action:
        mine = found.candidates[0]
        return _Judged(
            best_action,
            mine.value,
            mine.value,
            mine.lead,
            mine.lead,
            found.iterations,
            found.cut_short,
        )
    got = value(_after(state, best_action), seat, spend, rng, cancel)
    them = value(after, seat, spend, rng, cancel)
    return _Judged(
        best_action,
        them.value,
        got.value,
        them.lead,
        got.lead,
        found.iterations + got.iterations + them.iterations,
        found.cut_short or got.cut_short or them.cut_short,
    )


def _reviewed(
    state: State,
    views: Views,
    steps: int,
    scores: list[list[float]],
    ratings: list[Rating],
    budget: Budget,
    seed: int,
    key: str,
    cut: bool,
) -> Review:
    """The review put together once the game's ``steps`` are replayed into ``state``: the
    scores and ratings, the swings among them, the ending's categories for a finished game,
    and the budget and key it was made under."""
    the_game = state.game
    ending = views.ending(state)
    return Review(
        game=the_game.name,
        players=the_game.num_players,
        options=dict(the_game.options),
        steps=steps,
        finished=state.is_terminal(),
        scores=scores,
        ratings=ratings,
        swings=_swings(state, ratings),
        categories=list(ending.categories) if ending else [],
        rows=[list(r) for r in ending.rows] if ending else [],
        verdict=ending.verdict if ending else "",
        unit="points" if in_points(state) else "measure",
        budget={
            "iterations": budget.iterations,
            "seconds": budget.seconds,
            "seed": seed,
            "few_moves": FEW_MOVES,
            "most_times": MOST_TIMES,
        },
        key=key,
        cut_short=cut,
        notes=list(ending.notes) if ending else [],
    )


def _after(state: State, action: int) -> State:
    """A copy of ``state`` with ``action`` applied."""
    moved = state.clone()
    moved.apply_action(action)
    return moved


def _game_and_history(game: Mapping[str, Any] | State) -> tuple[Game, list[int]]:
    if isinstance(game, State):
        return game.game, game.history()
    record = dict(game)
    return game_from_record(record), record_history(record)


def _decisions_to_search(game: Game, history: Sequence[int]) -> int:
    """How many steps of ``history`` a seat decided among several moves; a SaveFormatError
    for an action that is not legal where it stands."""
    state = game.new_initial_state()
    count = 0
    for step, action in enumerate(history, start=1):
        if not state.is_legal(action):
            # refused before any search is run
            raise SaveFormatError(
                f"action {step} of the game is not legal: {state.explain(action)}"
            )
        if state.current_player() >= 0 and len(state.legal_actions()) > 1:
            count += 1
        state.apply_trusted(action)
    return count


def _swings(state: State, ratings: list[Rating]) -> list[Swing]:
    """The costliest decisions, in the game's order, each in words. A move that only left a
    sure win less sure is no swing for a seat that won all the same."""
    least = SWING_UNITS * scale_for(state.game)
    won = set(state.winners())

    def counts(r: Rating) -> bool:
        if r.cost < least or r.played_lead is None:
            return False
        return not (r.seat in won and r.best_value is not None and is_sure(r.best_value))

    costly = sorted(
        (r for r in ratings if counts(r)),
        key=lambda r: -r.cost,
    )[:SWINGS]
    swings = []
    names = views_of(state.game).seat_names()
    for r in sorted(costly, key=lambda r: r.step):
        cost = points(r.cost) if in_points(state) else measure(state, r.cost)
        now = (
            f"{points(r.points_now, signed=True)} at once"
            if round(r.points_now, 1)
            else "no points at once"
        )
        text = (
            f"Step {r.step}, {names[r.seat]}: {r.log} ({now}); "
            f"{r.best_words} was expected to do {cost} better."
        )
        hidden = (
            f"Step {r.step}, {names[r.seat]}: a hidden choice, which the search rated {cost} "
            f"below the best move it found."
        )
        swings.append(Swing(r.step, r.seat, r.cost, text, r.readers, hidden))
    return swings


def review_key(game: Game, history: Sequence[int], budget: Budget, seed: int) -> str:
    """What a stored review must have been made from to be used again: the format, the game,
    its options, its history, the budget (and the rule that spreads it over the decisions)
    and the seed."""
    made = {
        "format": FORMAT,
        "game": game.name,
        "players": game.num_players,
        "options": dict(game.options),
        "history": list(history),
        "iterations": budget.iterations,
        "seconds": budget.seconds,
        "seed": seed,
        "few_moves": FEW_MOVES,
        "most_times": MOST_TIMES,
    }
    return hashlib.sha256(json.dumps(made, sort_keys=True).encode()).hexdigest()


def review_path(save: str | Path) -> Path:
    """Where the review of the game saved in ``save`` is stored: beside it, its name ending
    in ``.review.json`` (``game.json`` gives ``game.review.json``)."""
    path = Path(save)
    return path.with_name(path.stem + ".review.json")


def stored_review(save: str | Path, key: str) -> Review | None:
    """The review stored beside ``save`` when it was made under ``key``, else None (none
    stored, another game or budget, an unreadable file)."""
    path = review_path(save)
    try:
        found = Review.from_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, TypeError, KeyError, SaveFormatError):
        return None
    return found if found.key == key else None


def review_saved(
    save: str | Path,
    budget: Budget | None = None,
    progress: Progress | None = None,
    seed: int = 0,
    store: bool = True,
    cancel: threading.Event | None = None,
) -> tuple[Review, bool]:
    """The review of the game saved in ``save`` and whether it was stored already: the one
    stored beside it when made from the same game and budget, else a new one, stored there
    (``store``) unless a cancel cut it short."""
    budget = budget or Budget(iterations=REVIEW_ITERATIONS)
    record = load(save)
    game = game_from_record(record)
    key = review_key(game, record_history(record), budget, seed)
    found = stored_review(save, key)
    if found is not None:
        return found, True
    made = review(record, budget, progress, seed, cancel)
    if store and not made.cut_short:
        try:
            review_path(save).write_text(made.to_json() + "\n", encoding="utf-8")
        except OSError:
            pass  # a save in a folder that takes no new file is reviewed all the same
    return made, False


def plot_scores(made: Review, path: str | Path, colours: Sequence[str] | None = None) -> None:
    """Draw each seat's score over the game's steps, the swings marked, into ``path`` (PNG);
    an ImportError naming the extra when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise ImportError("the plot needs matplotlib: pip install 'towers[report]'") from exc
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    steps = list(range(made.steps + 1))
    from matplotlib.colors import is_color_like

    names = views_of(make(made.game, players=made.players, **made.options)).seat_names()
    for seat, series in enumerate(made.scores):
        colour = colours[seat] if colours and seat < len(colours) else None
        if colour is not None and not is_color_like(colour):
            colour = None  # a CSS colour matplotlib does not read: its own colour instead
        ax.plot(steps, series, label=names[seat], color=colour, linewidth=1.6)
    for swing in made.swings:
        y = made.scores[swing.seat][swing.step]
        ax.plot([swing.step], [y], marker="v", color="black", markersize=7)
        ax.annotate(str(swing.step), (swing.step, y), textcoords="offset points", xytext=(0, 8),
                    ha="center", fontsize=8)  # fmt: skip
    ax.set_xlabel("step")
    ax.set_ylabel("score")
    ax.set_title(f"{made.game}: scores over the game (triangles: the biggest swings)")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(str(path), format="png")
    plt.close(fig)
