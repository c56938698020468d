"""Play many games between bots and sum them up in a :class:`SimulationReport`.

Reproducibility: game ``i`` gets its own seed derived from ``(seed, i)``; chance is sampled
from a generator seeded from it and each bot is made fresh for the game with a seed derived
from it too. A game's result therefore depends only on ``(seed, i)`` and the inputs, never on
the order games run in, so ``workers`` changes the timings and nothing else.

Rotation: with ``rotate`` the line-up moves one seat on each game (the bot listed ``k``-th sits
at seat ``(k + i) % players`` in game ``i``), so over a multiple of ``players`` games every bot
plays every seat equally often.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from towers.agents.base import Bot
from towers.core.chance import derive_seed, sample_chance
from towers.core.errors import GameOptionError
from towers.core.game import State
from towers.core.registry import game_class, list_games, make, make_bot, register_game
from towers.sim.specs import SeatEntry, resolve_seats
from towers.sim.summary import GameResult, SimulationReport, summarize


def lineup(index: int, players: int, rotate: bool) -> list[int]:
    """For game ``index``: the line-up entry sitting at each seat."""
    shift = index % players if rotate else 0
    return [(seat - shift) % players for seat in range(players)]


@dataclass(frozen=True)
class _Job:
    """Everything a worker needs to play one game; picklable for spawned processes."""

    game: str
    game_path: str
    players: int
    options: dict[str, Any]
    entries: tuple[SeatEntry, ...]
    seed: int
    rotate: bool


def play_game(
    state: State,
    bots: Sequence[Bot],
    rng: random.Random,
    labels: Sequence[str] | None = None,
) -> tuple[list[int], list[float]]:
    """Play ``state`` to its end, ``bots[seat]`` deciding for each seat and ``rng`` sampling
    chance. Every bot action goes through the checked ``apply_action``.

    Returns the decisions taken and the seconds spent choosing, by seat.
    """
    players = state.game.num_players
    decisions = [0] * players
    thinking = [0.0] * players
    limit = state.game.max_game_length()
    taken = len(state.history())
    while not state.is_terminal():
        taken += 1
        if taken > limit:
            raise RuntimeError(
                f"{state.game.name} went past its declared length of {limit} actions"
            )
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        start = time.perf_counter()
        action = bots[seat].choose(state)
        thinking[seat] += time.perf_counter() - start
        try:
            state.apply_action(action)
        except ValueError as exc:
            who = labels[seat] if labels else type(bots[seat]).__name__
            exc.add_note(f"chosen by {who} at seat {seat}")
            raise
        decisions[seat] += 1
    return decisions, thinking


def _play_one(job: _Job, index: int) -> GameResult:
    game = make(job.game, players=job.players, **job.options)
    game_seed = derive_seed(job.seed, "game", index)
    seats = lineup(index, job.players, job.rotate)
    by_entry = [
        make_bot(entry.bot, seed=derive_seed(game_seed, "bot", k), **entry.params)
        for k, entry in enumerate(job.entries)
    ]
    bots = [by_entry[seats[s]] for s in range(job.players)]
    labels = [job.entries[seats[s]].label for s in range(job.players)]
    state = game.new_initial_state()
    start = time.perf_counter()
    decisions, thinking = play_game(
        state, bots, random.Random(derive_seed(game_seed, "chance")), labels
    )
    seconds = time.perf_counter() - start
    return GameResult(
        index=index,
        seed=game_seed,
        lineup=seats,
        scores=[float(v) for v in state.scores()],
        returns=[float(v) for v in state.returns()],
        actions=len(state.history()),
        decisions=decisions,
        thinking=thinking,
        seconds=seconds,
    )


_WORKER_JOB: _Job | None = None


def _init_worker(job: _Job) -> None:
    global _WORKER_JOB
    _WORKER_JOB = job
    # A game registered at run time (by a test or a plugin) is registered again here.
    if job.game not in list_games():
        register_game(job.game, job.game_path)


def _worker_play(index: int) -> GameResult:
    if _WORKER_JOB is None:
        raise RuntimeError("a simulation worker was started without its job")
    return _play_one(_WORKER_JOB, index)


def _results(job: _Job, games: int, workers: int) -> Iterator[GameResult]:
    if workers <= 1 or games <= 1:
        for index in range(games):
            yield _play_one(job, index)
        return
    # Spawn everywhere, so what works on Linux also works where fork is unavailable.
    context = multiprocessing.get_context("spawn")
    chunk = max(1, games // (workers * 8))
    with context.Pool(min(workers, games), initializer=_init_worker, initargs=(job,)) as pool:
        yield from pool.imap_unordered(_worker_play, range(games), chunksize=chunk)


def run_simulation(
    game: str,
    players: int,
    games: int,
    seats: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    bot_params: dict[str, dict[str, Any]] | None = None,
    rotate: bool = True,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimulationReport:
    """Play ``games`` games of ``game`` between the bots of ``seats`` and report.

    ``seats`` has one seat spec per player (see :mod:`towers.sim.specs` for the syntax and
    for ``bot_params``); ``options`` are the game's options; ``progress`` is called with the
    number of games finished after each one.
    """
    if not isinstance(games, int) or games < 1:
        raise GameOptionError(f"games must be a whole number >= 1, not {games!r}")
    if not isinstance(workers, int) or workers < 1:
        raise GameOptionError(f"workers must be a whole number >= 1, not {workers!r}")
    if len(seats) != players:
        raise GameOptionError(
            f"{players} players need {players} seat specs, not {len(seats)}: {seats!r}"
        )
    options = dict(options or {})
    game_obj = make(game, players=players, **options)
    entries = resolve_seats(seats, bot_params)
    for entry in entries:
        # Made once here so a bad parameter fails before any game is played.
        try:
            make_bot(entry.bot, seed=0, **entry.params)
        except ValueError as exc:
            raise GameOptionError(f"seat {entry.label!r}: {exc}") from exc
    cls = game_class(game)
    job = _Job(
        game=game,
        game_path=f"{cls.__module__}:{cls.__qualname__}",
        players=players,
        options=options,
        entries=tuple(entries),
        seed=seed,
        rotate=rotate,
    )
    start = time.perf_counter()
    results: list[GameResult] = []
    for result in _results(job, games, workers):
        results.append(result)
        if progress is not None:
            progress(len(results))
    total = time.perf_counter() - start
    results.sort(key=lambda r: r.index)
    inputs = {
        "game": game,
        "players": players,
        "games": games,
        "seats": list(seats),
        "seed": seed,
        "options": options,
        "game_options": _json_ready(game_obj.options),
        "bot_params": {k: dict(v) for k, v in (bot_params or {}).items()},
        "rotate": rotate,
        "workers": workers,
    }
    return summarize(inputs, entries, results, total)


def _json_ready(options: Mapping[str, Any]) -> dict[str, Any]:
    return {
        k: v if isinstance(v, str | int | float | bool | None) else repr(v)
        for k, v in options.items()
    }
