"""How fast a game runs, measured in this process on one thread.

For each player count, ``seconds`` of wall time is shared out: random playouts through the
guarded public API (``legal_actions`` and ``apply_action``, chance outcomes sampled with their
probabilities) 35%, the same playouts with ``apply_trusted`` 35%, MCTS 20%, ``clone()`` the
rest. A *mid-game* state is reached by random play from the seed for half the median length
of the measured playouts; it is the state that is cloned, serialised and searched.

The CLI prints the figures as a table (``towers bench GAME``) or as JSON (``--json``).
"""

from __future__ import annotations

import json
import platform
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.table import Table

from towers.core.chance import random_action, sample_chance
from towers.core.compiled import twins_chosen
from towers.core.errors import GameOptionError
from towers.core.game import CHANCE, TERMINAL, Game, State
from towers.core.registry import games_allowed, make, make_bot

Progress = Callable[[int, int, str], None]
"""``progress(steps_done, steps_total, what_now)``."""

SHARE_PLAYOUTS = 0.35
SHARE_TRUSTED = 0.35
SHARE_MCTS = 0.2
SHARE_CLONE = 0.1
MIN_CLONE_SAMPLES = 31
MAX_CLONE_SAMPLES = 2001
STEPS_PER_COUNT = 5


def run_bench(
    game: str,
    players: Sequence[int] | None = None,
    seconds: float = 2.0,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Figures for ``game`` (a registry name) at each player count; see the module docstring.

    ``seconds`` is the time budget per player count (each measurement still completes at
    least one game, one MCTS search and 31 clone samples).
    """
    if seconds <= 0:
        raise GameOptionError(f"seconds must be a positive number, not {seconds!r}")
    options = dict(options or {})
    counts = player_counts(game, players, options)
    probe = make(game, players=counts[0], **options)
    total = STEPS_PER_COUNT * len(counts)
    step = 0

    def tell(what: str) -> None:
        nonlocal step
        if progress is not None:
            progress(step, total, what)
        step += 1

    results = []
    for n in counts:
        g = make(game, players=n, **options)
        tell(f"{n} players: random playouts")
        public = playouts(g, random.Random(seed), seconds * SHARE_PLAYOUTS, trusted=False)
        tell(f"{n} players: trusted playouts")
        trusted = playouts(g, random.Random(seed), seconds * SHARE_TRUSTED, trusted=True)
        tell(f"{n} players: mid-game state")
        mid = mid_game_state(g, seed, public["median_length"] // 2)
        sizes = json_sizes(mid)
        tell(f"{n} players: clone")
        clone_us = clone_microseconds(mid, seconds * SHARE_CLONE)
        tell(f"{n} players: MCTS")
        results.append(
            {
                "players": n,
                "playouts": public,
                "playouts_trusted": trusted,
                "mid_game_ply": len(mid.history()),
                "clone_microseconds": clone_us,
                "state_json_bytes": sizes[0],
                "state_json_bytes_with_history": sizes[1],
                "mcts": mcts_speed(mid, seed, seconds * SHARE_MCTS),
            }
        )
    if progress is not None:
        progress(total, total, "done")
    return {
        "game": game,
        "options": dict(probe.options),
        "seed": seed,
        "seconds_per_player_count": seconds,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "compiled_twins": twins_chosen(type(probe).__module__.rpartition(".")[0] + "."),
        "results": results,
    }


def player_counts(
    game: str, players: Sequence[int] | None, options: Mapping[str, Any]
) -> list[int]:
    """The player counts to measure: each of ``players`` (a count the options do not allow
    raises the game's :class:`GameOptionError`), or by default every count from the game's
    least to its most that the options allow (a mode may allow fewer than the game does:
    Return to Dark Tower's competitive game is for 2-4 heroes, its cooperative one 1-4)."""
    if players:
        for n in players:
            make(game, players=n, **options)
        return list(players)
    return [g.num_players for g in games_allowed(game, **options)]


def play_random_game(game: Game, rng: random.Random, trusted: bool) -> int:
    """Play one game at random to its end; the number of actions (chance included).

    Each step asks the state once who decides; a legal action is picked uniformly, as
    :func:`towers.core.chance.random_action` does, with one float draw."""
    state = game.new_initial_state()
    apply = state.apply_trusted if trusted else state.apply_action
    current_player = state.current_player
    legal_actions = state.legal_actions
    draw = rng.random
    limit = game.max_game_length()
    n = 0
    while True:
        player = current_player()
        if player == TERMINAL:
            return n
        if n >= limit:
            raise RuntimeError(
                f"{game!r} did not end within its max_game_length() of {limit} actions"
            )
        if player == CHANCE:
            apply(sample_chance(state, rng))
        else:
            legal = legal_actions()
            apply(legal[int(draw() * len(legal))])
        n += 1


def playouts(game: Game, rng: random.Random, budget: float, trusted: bool) -> dict[str, Any]:
    """Whole random games until ``budget`` seconds have passed (at least one game)."""
    lengths: list[int] = []
    start = time.perf_counter()
    while True:
        lengths.append(play_random_game(game, rng, trusted))
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            break
    actions = sum(lengths)
    return {
        "games": len(lengths),
        "actions": actions,
        "seconds": elapsed,
        "actions_per_second": actions / elapsed,
        "games_per_second": len(lengths) / elapsed,
        "mean_length": actions / len(lengths),
        "median_length": int(statistics.median(lengths)),
    }


def mid_game_state(game: Game, seed: int, ply: int, tries: int = 20) -> State:
    """A state about ``ply`` random actions in, where a seat has at least two choices."""
    fallback: State | None = None
    for attempt in range(tries):
        rng = random.Random(f"{seed}:mid:{attempt}")
        state = game.new_initial_state()
        while not state.is_terminal():
            if len(state.history()) >= ply and is_real_decision(state):
                return state
            if is_real_decision(state):
                fallback = state.clone()
            state.apply_action(random_action(state, rng))
    if fallback is None:
        raise RuntimeError(f"{game!r}: random play from seed {seed} never offered a choice")
    return fallback


def is_real_decision(state: State) -> bool:
    return not state.is_chance_node() and len(state.legal_actions()) >= 2


def json_sizes(state: State) -> tuple[int, int]:
    """Bytes of ``to_json()`` without the history, and with it."""
    text = state.to_json()
    data = json.loads(text)
    data["state"].pop("_history", None)
    stripped = json.dumps(data, separators=(",", ":"))
    return len(stripped.encode()), len(text.encode())


def clone_microseconds(state: State, budget: float) -> float:
    """The median time of one ``clone()``, timed in batches long enough for the clock."""
    batch = 1
    while batch < 1 << 16:
        start = time.perf_counter()
        for _ in range(batch):
            state.clone()
        if time.perf_counter() - start > 2e-4:
            break
        batch *= 2
    samples: list[float] = []
    deadline = time.perf_counter() + budget
    while len(samples) < MIN_CLONE_SAMPLES or (
        len(samples) < MAX_CLONE_SAMPLES and time.perf_counter() < deadline
    ):
        start = time.perf_counter()
        for _ in range(batch):
            state.clone()
        samples.append((time.perf_counter() - start) / batch)
    return statistics.median(samples) * 1e6


def mcts_speed(state: State, seed: int, budget: float) -> dict[str, Any]:
    """MCTS iterations per second from ``state``; ``{"error": ...}`` if no mcts bot exists or
    the search fails (the other figures are still worth having)."""
    try:
        make_bot("mcts", seed=seed, iterations=16)
    except (GameOptionError, ImportError) as exc:
        return {"error": f"mcts bot not available: {exc}"}
    try:
        return _mcts_speed(state, seed, budget)
    except Exception as exc:  # a fault in the bot or the game is reported, not raised
        return {"error": f"mcts failed: {type(exc).__name__}: {exc}"}


def _mcts_speed(state: State, seed: int, budget: float) -> dict[str, Any]:
    calibrate = make_bot("mcts", seed=seed, iterations=16)
    start = time.perf_counter()
    calibrate.choose(state.clone())
    per_iteration = (time.perf_counter() - start) / iterations_of(calibrate, 16)
    # About five searches fill the budget.
    size = max(16, min(100_000, int(budget / 5 / max(per_iteration, 1e-9))))
    bot = make_bot("mcts", seed=seed, iterations=size)
    iterations = searches = 0
    start = time.perf_counter()
    while True:
        bot.choose(state.clone())
        iterations += iterations_of(bot, size)
        searches += 1
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            break
    return {
        "iterations": iterations,
        "searches": searches,
        "iterations_per_search": size,
        "seconds": elapsed,
        "iterations_per_second": iterations / elapsed,
    }


def iterations_of(bot: Any, asked: int) -> int:
    done = getattr(bot, "iterations_done", None)
    return done if isinstance(done, int) and done > 0 else asked


def bench_table(result: dict[str, Any]) -> Table:
    """The figures of :func:`run_bench` with one column per player count."""
    rows = result["results"]
    table = Table(
        title=f"{result['game']} on one core (Python {result['python']}, seed {result['seed']})",
        caption=f"{result['seconds_per_player_count']:g} s per player count"
        + "".join(
            f"\n{name.rpartition('.')[2]}: {'compiled' if used else 'plain Python'}"
            for name, used in result.get("compiled_twins", {}).items()
        ),
    )
    table.add_column("measure")
    for row in rows:
        table.add_column(f"{row['players']} players", justify="right")

    def line(label: str, cell: Callable[[dict[str, Any]], str]) -> None:
        table.add_row(label, *(cell(r) for r in rows))

    line("actions/s, apply_action", lambda r: f"{r['playouts']['actions_per_second']:,.0f}")
    line(
        "actions/s, apply_trusted", lambda r: f"{r['playouts_trusted']['actions_per_second']:,.0f}"
    )
    line("games/s, apply_action", lambda r: f"{r['playouts']['games_per_second']:,.1f}")
    line("games/s, apply_trusted", lambda r: f"{r['playouts_trusted']['games_per_second']:,.1f}")
    line(
        "random games played",
        lambda r: f"{r['playouts']['games'] + r['playouts_trusted']['games']:,}",
    )
    line("mean game length (actions)", lambda r: f"{r['playouts']['mean_length']:.1f}")
    line("mid-game state at action", lambda r: str(r["mid_game_ply"]))
    line("clone() µs, median", lambda r: f"{r['clone_microseconds']:.2f}")
    line("to_json() bytes, no history", lambda r: f"{r['state_json_bytes']:,}")
    line("to_json() bytes, with history", lambda r: f"{r['state_json_bytes_with_history']:,}")
    line("MCTS iterations/s", _mcts_cell)
    return table


def _mcts_cell(row: dict[str, Any]) -> str:
    mcts = row["mcts"]
    return "error" if "error" in mcts else f"{mcts['iterations_per_second']:,.0f}"


def bench_errors(result: dict[str, Any]) -> list[str]:
    """The measurements that failed, one line each."""
    return [
        f"{row['players']} players, MCTS: {row['mcts']['error']}"
        for row in result["results"]
        if "error" in row["mcts"]
    ]
