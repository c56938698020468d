"""Play many games between bots and sum them up in a :class:`SimulationReport`.

Reproducibility: game ``i`` gets its own seed derived from ``(seed, i)``; chance is sampled
from a generator seeded from it and each bot is made fresh for the game with a seed derived
from it too. A game's result therefore depends only on ``(seed, i)`` and the inputs, never on
the order games run in, so ``workers`` changes the timings and nothing else.

Rotation: with ``rotate`` the line-up moves one seat on each game (the bot listed ``k``-th sits
at seat ``(k + i) % players`` in game ``i``), so over a multiple of ``players`` games every bot
plays every seat equally often.

A tournament (:func:`run_tournament`) plays every group of ``players`` bots from a longer
list: game ``i`` seats group ``i % groups``, rotated by ``i // groups``, so that every prefix of
the schedule is as even as it can be and ``groups * players`` games seat every group in every
rotation once.

Where the games run: ``workers`` local processes (the default is every core this process may
use), or a Ray cluster (``ray``: its address, or ``"local"`` for a Ray instance started here;
:mod:`towers.sim.cluster`). With ``results``, each game is written to a results file as it
arrives (:mod:`towers.sim.store`), and ``resume`` plays only the games the file lacks.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from towers.agents.base import Bot
from towers.agents.random_bot import RandomBot
from towers.core.batch import batch_engine
from towers.core.chance import derive_seed, sample_chance
from towers.core.errors import GameOptionError
from towers.core.game import Game, State
from towers.core.registry import (
    balance_of,
    game_path,
    list_games,
    make,
    make_bot,
    register_game,
)
from towers.sim.specs import SeatEntry, resolve_seats
from towers.sim.summary import GameResult, SimulationReport, summarize

Groups = tuple[tuple[int, ...], ...]
"""The line-ups a run plays in turn, each the entries of one game by seat before rotation."""


def local_cores() -> int:
    """The cores this process may run on (all of them unless it was pinned to fewer)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def seating(index: int, groups: Groups, rotate: bool) -> list[int]:
    """For game ``index`` of a run playing ``groups`` in turn: the entry at each seat.

    >>> [seating(i, ((0, 1), (0, 2), (1, 2)), True) for i in range(4)]
    [[0, 1], [0, 2], [1, 2], [1, 0]]
    """
    group = groups[index % len(groups)]
    players = len(group)
    shift = (index // len(groups)) % players if rotate else 0
    return [group[(seat - shift) % players] for seat in range(players)]


def lineup(index: int, players: int, rotate: bool) -> list[int]:
    """For game ``index`` of a simulation: the line-up entry sitting at each seat."""
    return seating(index, (tuple(range(players)),), rotate)


def tournament_groups(bots: int, players: int, every_order: bool = False) -> Groups:
    """Every group of ``players`` of ``bots`` entries (each order of it with ``every_order``).

    >>> tournament_groups(3, 2)
    ((0, 1), (0, 2), (1, 2))
    >>> len(tournament_groups(4, 3, every_order=True))
    24
    """
    if every_order:
        return tuple(itertools.permutations(range(bots), players))
    return tuple(itertools.combinations(range(bots), players))


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
    groups: Groups


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
    seats = seating(index, job.groups, job.rotate)
    # each bot's seed comes from its place in the entries, whichever seat it takes
    bots = [
        make_bot(job.entries[k].bot, seed=derive_seed(game_seed, "bot", k), **job.entries[k].params)
        for k in seats
    ]
    labels = [job.entries[seats[s]].label for s in range(job.players)]
    chance = random.Random(derive_seed(game_seed, "chance"))
    start = time.perf_counter()
    played = play_random_batch(game, bots, chance)
    if played is None:
        state = game.new_initial_state()
        decisions, thinking = play_game(state, bots, chance, labels)
        actions = len(state.history())
    else:
        state, decisions, actions = played
        # the bots chose inside the engine: its time shared out by their decisions
        spent = time.perf_counter() - start
        thinking = [spent * d / max(1, sum(decisions)) for d in decisions]
    seconds = time.perf_counter() - start
    facets = balance_of(game)
    return GameResult(
        index=index,
        seed=game_seed,
        lineup=seats,
        scores=[float(v) for v in state.scores()],
        returns=[float(v) for v in state.returns()],
        actions=actions,
        decisions=decisions,
        thinking=thinking,
        seconds=seconds,
        balance=dict(facets(state)) if facets is not None else {},
    )


def play_random_batch(
    game: Game, bots: Sequence[Bot], rng: random.Random
) -> tuple[State, list[int], int] | None:
    """The game :func:`play_game` plays when every seat is a plain random bot, played by the
    game's batch engine (:mod:`towers.core.batch`): each bot's ``randrange`` picks its seat's
    actions and ``rng`` samples chance, as they would one state at a time. The final state
    (with no history), each seat's decisions and the actions played, chance included; None
    when the game has no batch engine or a seat is another bot."""
    if not all(type(bot) is RandomBot for bot in bots):
        return None
    engine = batch_engine(game, 1)
    if engine is None:
        return None
    engine.reset([rng], [[bot.rng.randrange for bot in bots]])  # type: ignore[attr-defined]
    engine.play_random()
    return engine.state(0), engine.decisions(0), engine.length(0)


def _ensure_game(job: _Job) -> None:
    # A game registered at run time (by a test or a plugin) is registered again here.
    if job.game not in list_games():
        register_game(job.game, job.game_path)


def play_chunk(job: _Job, indices: Sequence[int]) -> list[GameResult]:
    """Play the games ``indices`` of ``job`` in this process (a Ray task's work)."""
    _ensure_game(job)
    return [_play_one(job, index) for index in indices]


_WORKER_JOB: _Job | None = None


def _init_worker(job: _Job) -> None:
    global _WORKER_JOB
    _WORKER_JOB = job
    _ensure_game(job)


def _worker_play(index: int) -> GameResult:
    if _WORKER_JOB is None:
        raise RuntimeError("a simulation worker was started without its job")
    return _play_one(_WORKER_JOB, index)


def chunk_size(games: int, workers: int) -> int:
    """Games a worker takes at a time: few enough that the work spreads evenly and progress
    shows, many enough that handing them out costs little."""
    return max(1, min(16, games // (workers * 8)))


def _results(
    job: _Job, indices: Sequence[int], workers: int, ray: str | None = None
) -> Iterator[GameResult]:
    if ray is not None:
        from towers.sim.cluster import ray_results

        yield from ray_results(job, indices, ray, workers, play_chunk, chunk_size)
        return
    if workers <= 1 or len(indices) <= 1:
        for index in indices:
            yield _play_one(job, index)
        return
    # Spawn everywhere, so what works on Linux also works where fork is unavailable.
    context = multiprocessing.get_context("spawn")
    chunk = chunk_size(len(indices), workers)
    with context.Pool(
        min(workers, len(indices)), initializer=_init_worker, initargs=(job,)
    ) as pool:
        yield from pool.imap_unordered(_worker_play, indices, chunksize=chunk)


def _check_run(games: int, workers: int | None) -> int:
    if not isinstance(games, int) or games < 1:
        raise GameOptionError(f"games must be a whole number >= 1, not {games!r}")
    if workers is None:
        return local_cores()
    if not isinstance(workers, int) or workers < 1:
        raise GameOptionError(f"workers must be a whole number >= 1, not {workers!r}")
    return workers


def _check_entries(entries: Sequence[SeatEntry]) -> None:
    for entry in entries:
        # Made once here so a bad parameter fails before any game is played.
        try:
            make_bot(entry.bot, seed=0, **entry.params)
        except ValueError as exc:
            raise GameOptionError(f"seat {entry.label!r}: {exc}") from exc


def _job(
    game: str,
    players: int,
    options: dict[str, Any],
    entries: Sequence[SeatEntry],
    seed: int,
    rotate: bool,
    groups: Groups,
) -> _Job:
    return _Job(
        game=game,
        # the plugin's path, not the class's, so that workers see what the plugin declares
        game_path=game_path(game),
        players=players,
        options=options,
        entries=tuple(entries),
        seed=seed,
        rotate=rotate,
        groups=groups,
    )


def _run(
    job: _Job,
    inputs: dict[str, Any],
    games: int,
    workers: int,
    ray: str | None,
    results_path: str | Path | None,
    resume: bool,
    progress: Callable[[int], None] | None,
) -> SimulationReport:
    from towers.sim.store import open_store

    if ray is not None:
        from towers.sim.cluster import check_address

        check_address(ray)  # before the results file is made
    store = (
        open_store(results_path, inputs, list(job.entries), resume)
        if results_path is not None
        else None
    )
    results: list[GameResult] = []
    earlier = 0.0
    if store is not None:
        results = [r for r in store.results() if r.index < games]
        earlier = store.elapsed()
    done = {r.index for r in results}
    todo = [i for i in range(games) if i not in done]
    if progress is not None and results:
        progress(len(results))
    start = time.perf_counter()
    try:
        for result in _results(job, todo, workers, ray):
            if store is not None:
                store.add(result, [job.entries[k].label for k in result.lineup], job.options)
            results.append(result)
            if progress is not None:
                progress(len(results))
    finally:
        total = time.perf_counter() - start
        if store is not None:
            store.close(earlier + total)
    results.sort(key=lambda r: r.index)
    return summarize(inputs, job.entries, results, earlier + total)


def run_simulation(
    game: str,
    players: int,
    games: int,
    seats: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    bot_params: dict[str, dict[str, Any]] | None = None,
    rotate: bool = True,
    workers: int | None = 1,
    progress: Callable[[int], None] | None = None,
    results: str | Path | None = None,
    resume: bool = False,
    ray: str | None = None,
) -> SimulationReport:
    """Play ``games`` games of ``game`` between the bots of ``seats`` and report.

    ``seats`` has one seat spec per player (see :mod:`towers.sim.specs` for the syntax and
    for ``bot_params``); ``options`` are the game's options; ``progress`` is called with the
    number of games finished after each one. ``workers=None`` uses every local core.
    ``results`` names a results file each game is written to as it ends; ``resume`` carries
    on the run that file holds. ``ray`` plays the games on a Ray cluster.
    """
    workers = _check_run(games, workers)
    if len(seats) != players:
        raise GameOptionError(
            f"{players} players need {players} seat specs, not {len(seats)}: {seats!r}"
        )
    options = dict(options or {})
    game_obj = make(game, players=players, **options)
    entries = resolve_seats(seats, bot_params)
    _check_entries(entries)
    job = _job(game, players, options, entries, seed, rotate, (tuple(range(players)),))
    inputs = {
        "game": game,
        "players": players,
        "games": games,
        "seats": list(seats),
        "seed": seed,
        **_common_inputs(game_obj, options, bot_params, rotate, workers, ray),
    }
    return _run(job, inputs, games, workers, ray, results, resume, progress)


def run_tournament(
    game: str,
    players: int,
    games: int,
    bots: list[str],
    seed: int,
    options: dict[str, Any] | None = None,
    bot_params: dict[str, dict[str, Any]] | None = None,
    every_order: bool = False,
    workers: int | None = 1,
    progress: Callable[[int], None] | None = None,
    results: str | Path | None = None,
    resume: bool = False,
    ray: str | None = None,
) -> SimulationReport:
    """Play ``games`` games of ``game`` between every group of ``players`` of ``bots`` (seat
    specs; a bot listed twice fields two of it), in turn and rotated (every order of each
    group with ``every_order``, unrotated), and report. The other arguments are
    :func:`run_simulation`'s.
    """
    workers = _check_run(games, workers)
    if len(bots) < max(players, 2):
        raise GameOptionError(
            f"a tournament needs at least {max(players, 2)} bots for {players}-player games, "
            f"not {len(bots)}; name a bot twice to field two of it"
        )
    options = dict(options or {})
    game_obj = make(game, players=players, **options)
    entries = resolve_seats(bots, bot_params)
    _check_entries(entries)
    groups = tournament_groups(len(entries), players, every_order)
    job = _job(game, players, options, entries, seed, not every_order, groups)
    inputs = {
        "game": game,
        "players": players,
        "games": games,
        "bots": list(bots),
        "every_order": every_order,
        "groups": [list(g) for g in groups],
        "seed": seed,
        **_common_inputs(game_obj, options, bot_params, not every_order, workers, ray),
    }
    return _run(job, inputs, games, workers, ray, results, resume, progress)


def _common_inputs(
    game: Game,
    options: dict[str, Any],
    bot_params: dict[str, dict[str, Any]] | None,
    rotate: bool,
    workers: int,
    ray: str | None,
) -> dict[str, Any]:
    inputs = {
        "options": options,
        "game_options": _json_ready(game.options),
        "bot_params": {k: dict(v) for k, v in (bot_params or {}).items()},
        "rotate": rotate,
        "workers": workers,
    }
    if ray is not None:
        inputs["ray"] = ray
    return inputs


def _json_ready(options: Mapping[str, Any]) -> dict[str, Any]:
    return {
        k: v if isinstance(v, str | int | float | bool | None) else repr(v)
        for k, v in options.items()
    }
