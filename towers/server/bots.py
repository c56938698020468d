"""Bots think away from the event loop: in worker threads, or in worker processes.

Processes keep a long search (``mcts`` with a think time) from slowing down every other game
through the interpreter lock; threads need no start-up and see games registered at run time
(the tests' toy game). A process rebuilds the game from its class, player count and options
and replays the history, so nothing but plain values crosses the process boundary.

A bot's generator is seeded from the game's seed, the seat and the ply, so the same game
asks the same question with the same seed after a restart.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict
from collections.abc import Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from towers.core.game import Game, State
from towers.core.registry import make_bot
from towers.server import knowledge

THREAD = "thread"
PROCESS = "process"


class BotRunner:
    """Runs ``make_bot(kind, seed, **params).choose(state)`` on an executor; and, in its own
    executor of the same kind, the other heavy work: who may read each action of the log."""

    def __init__(self, mode: str = THREAD, workers: int = 1) -> None:
        if mode not in (THREAD, PROCESS):
            raise ValueError(f"bot mode is {THREAD!r} or {PROCESS!r}, not {mode!r}")
        self.mode = mode
        workers = max(1, workers)
        self.pool: Executor
        if mode == PROCESS:
            # spawn: a fork of a process running an event loop and threads is not safe
            ctx = multiprocessing.get_context("spawn")
            self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
            # a worker of its own, so a log never waits behind a bot's long think
            self.knowledge: Executor = ProcessPoolExecutor(max_workers=1, mp_context=ctx)
        else:
            self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="towers-bot")
            self.knowledge = ThreadPoolExecutor(max_workers=1, thread_name_prefix="towers-log")

    async def choose(self, state: State, kind: str, params: Mapping[str, Any], seed: int) -> int:
        loop = asyncio.get_running_loop()
        if self.mode == THREAD:
            return await loop.run_in_executor(
                self.pool, choose_here, state.clone(), kind, dict(params), seed
            )
        game = state.game
        return await loop.run_in_executor(
            self.pool,
            choose_in_child,
            type(game),
            game.num_players,
            dict(game.options),
            state.history(),
            kind,
            dict(params),
            seed,
        )

    async def work_out_seen(
        self,
        game: Game,
        history: list[int],
        actors: list[int],
        plies: list[int],
        known: Mapping[int, State],
        seed: int,
        key: str = "",
    ) -> dict[int, str]:
        """:func:`knowledge.compute_seen` away from the event loop (``key`` names the game,
        so that a worker process can keep its place in it between calls)."""
        loop = asyncio.get_running_loop()
        if self.mode == THREAD:
            return await loop.run_in_executor(
                self.knowledge,
                knowledge.compute_seen,
                game,
                history,
                actors,
                plies,
                dict(known),
                seed,
            )
        return await loop.run_in_executor(
            self.knowledge,
            seen_in_child,
            type(game),
            game.num_players,
            dict(game.options),
            history,
            actors,
            plies,
            seed,
            key,
        )

    def close(self) -> None:
        for pool in (self.pool, self.knowledge):
            # a worker process may be deep in a long think: stop it rather than wait for it
            workers = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in workers:
                process.terminate()
            for process in workers:
                process.join(timeout=5)


def choose_here(state: State, kind: str, params: dict[str, Any], seed: int) -> int:
    action: int = make_bot(kind, seed=seed, **params).choose(state)
    return action


_games: dict[tuple[type[Game], int, str], Game] = {}


def _game(cls: type[Game], players: int, options: dict[str, Any]) -> Game:
    key = (cls, players, repr(sorted(options.items())))
    game = _games.get(key)
    if game is None:
        game = _games[key] = cls(players, **options)
    return game


_replays: OrderedDict[str, State] = OrderedDict()
REPLAYS_KEPT = 500


def seen_in_child(
    cls: type[Game],
    players: int,
    options: dict[str, Any],
    history: list[int],
    actors: list[int],
    plies: list[int],
    seed: int,
    key: str,
) -> dict[int, str]:
    """:func:`knowledge.compute_seen` in a worker process. The process keeps, for each game,
    the state it last reached, so each call replays only the actions added since."""
    game = _game(cls, players, options)
    known: dict[int, State] = {}
    kept = _replays.get(key)
    if kept is not None:
        done = kept.history()
        if len(done) <= len(history) and done == history[: len(done)]:
            known[len(done)] = kept
    seen = knowledge.compute_seen(game, history, actors, plies, known, seed)
    state = known[min(known)].clone() if known else game.new_initial_state()
    for action in history[len(state.history()) :]:
        state.apply_trusted(action)
    _replays[key] = state
    _replays.move_to_end(key)
    while len(_replays) > REPLAYS_KEPT:
        _replays.popitem(last=False)
    return seen


def choose_in_child(
    cls: type[Game],
    players: int,
    options: dict[str, Any],
    history: list[int],
    kind: str,
    params: dict[str, Any],
    seed: int,
) -> int:
    state = _game(cls, players, options).new_initial_state()
    for action in history:
        state.apply_trusted(action)
    return choose_here(state, kind, params, seed)
