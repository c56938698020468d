"""Bots think away from the event loop: in worker threads, or in worker processes.

Processes keep a long search (``mcts`` with a think time) from slowing down every other game
through the interpreter lock; threads need no start-up and see games registered at run time
(the tests' toy game). A process rebuilds the game from its class, player count and options
and replays the history, so nothing but plain values crosses the process boundary.

A bot's generator is seeded from the game's seed, the seat and the ply, so the same game
asks the same question with the same seed after a restart. (A move cut short by its time
limit depends on the machine's speed, so only bots that finish in time repeat exactly.)
"""

from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
import os
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, NamedTuple

from towers.core import knowledge
from towers.core.game import Game, State
from towers.core.options import value_text
from towers.core.registry import make_bot

if TYPE_CHECKING:
    from towers.server.rooms import Room, Seat

log = logging.getLogger("towers.server")

THREAD = "thread"
PROCESS = "process"
LIGHT = "light"
HEAVY = "heavy"
GRACE = 5.0
"""Seconds past its time limit after which a bot that did not stop is no longer waited for."""
PARENT_CHECK = 0.5
"""How often a worker process checks that the server that started it is still there."""


class BotMove(NamedTuple):
    """A bot's answer, and the processor seconds its own search took (not the wait for a
    worker, for a worker process to start, or for the interpreter lock), by which a seat is
    kept in its lane."""

    action: int
    thought: float


class BotFailed(Exception):
    """A bot that raised instead of choosing: the seat, the bot as a seat spec names it
    (``mcts:seconds=2``) and what went wrong. The game goes on with a stand-in move
    (:func:`stand_in`), and :func:`report_failure` says so."""

    def __init__(self, seat: int, spec: str, cause: BaseException) -> None:
        self.seat = seat
        self.spec = spec
        self.cause = cause
        super().__init__(f"seat {seat}'s bot {spec} failed: {failure_text(cause)}")


def bot_spec(kind: str, params: Mapping[str, Any]) -> str:
    """A bot and its parameters as a seat spec writes them: ``mcts:seconds=2,clock=cpu``."""
    shown = {k: v for k, v in params.items() if not k.startswith("_")}
    if not shown:
        return kind
    return f"{kind}:{','.join(f'{k}={value_text(v)}' for k, v in shown.items())}"


def failure_text(exc: BaseException) -> str:
    """What went wrong, in a line: the error's own words, else its kind."""
    cause = exc.cause if isinstance(exc, BotFailed) else exc
    words = " ".join(str(cause).split())
    return words or type(cause).__name__


def report_failure(room: Room, seat: int, spec: Seat, ply: int, exc: BaseException) -> str:
    """Make a bot's failure seen: an error in the server's log naming the game, the seat,
    the bot with its parameters and the ply (with the traceback, for whoever runs the
    server), and a notice to every page open on the game that the seat's move was a
    stand-in. Returns the notice's words."""
    what = bot_spec(spec.kind, spec.params)
    log.error(
        "game %s, %s: the bot %s failed at ply %d (%s); a random legal action stands in",
        room.id,
        room.label(seat),
        what,
        ply,
        failure_text(exc),
        exc_info=exc,
    )
    notice = (
        f"The bot of {room.label(seat)} ({what}) failed to choose a move; "
        "a random legal move was played for it."
    )
    for client in room.clients:
        client.send(
            {
                "type": "error",
                "status": 500,
                "error": "bot_failed",
                "message": notice,
                "seat": seat,
                "ply": ply,
            }
        )
    return notice


class BotRunner:
    """Runs ``make_bot(kind, seed, **params).choose(state)`` on an executor; and, in its own
    executor of the same kind, the other heavy work: who may read each action of the log.
    A bot that raises is reported as :class:`BotFailed`.

    Bots think in two lanes of their own: light moves (a quick bot, as its parameters
    declare and its last move showed) and heavy ones, so that a long think holds up no quick
    bot of another game. Every move has ``time_limit`` seconds: the bot then answers with the
    best it has found; one that does not stop is answered for with a random legal action.
    Worker processes end with the server, even one killed with SIGKILL.
    """

    def __init__(
        self, mode: str = THREAD, workers: int = 1, time_limit: float = 30.0, grace: float = GRACE
    ) -> None:
        if mode not in (THREAD, PROCESS):
            raise ValueError(f"bot mode is {THREAD!r} or {PROCESS!r}, not {mode!r}")
        self.mode = mode
        self.workers = max(1, workers)
        self.time_limit = time_limit
        self.grace = grace
        self.lanes: dict[str, Executor] = {LIGHT: self._pool(1), HEAVY: self._pool(self.workers)}
        # a worker of its own, so a log never waits behind a bot's long think
        self.knowledge: Executor = self._pool(1)

    def _pool(self, workers: int) -> Executor:
        if self.mode == PROCESS:
            # spawn: a fork of a process running an event loop and threads is not safe
            ctx = multiprocessing.get_context("spawn")
            return ProcessPoolExecutor(
                max_workers=workers,
                mp_context=ctx,
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="towers-bot")

    async def choose(
        self,
        state: State,
        kind: str,
        params: Mapping[str, Any],
        seed: int,
        lane: str = LIGHT,
    ) -> BotMove:
        loop = asyncio.get_running_loop()
        pool = self.lanes[lane]
        if self.mode == THREAD:
            job = loop.run_in_executor(
                pool, choose_here, state.clone(), kind, dict(params), seed, self.time_limit
            )
        else:
            game = state.game
            job = loop.run_in_executor(
                pool,
                choose_in_child,
                type(game),
                game.num_players,
                dict(game.options),
                state.history(),
                kind,
                dict(params),
                seed,
                self.time_limit,
            )
        try:
            return await asyncio.wait_for(job, self.time_limit + self.grace)
        except TimeoutError:
            log.warning(
                "seat %d's bot %s went on past its time limit of %s s; a random legal action "
                "stands in",
                state.current_player(),
                bot_spec(kind, params),
                self.time_limit,
            )
            if self.mode == PROCESS:
                self._replace(lane)
            # a bot that does not stop is as heavy as a bot can be
            return BotMove(stand_in(state, seed), math.inf)
        except Exception as exc:
            # whoever asked stands in for it; the error says which bot of which seat failed
            raise BotFailed(state.current_player(), bot_spec(kind, params), exc) from exc

    def _replace(self, lane: str) -> None:
        """A new pool for ``lane``, the old one's workers stopped (one will not stop itself)."""
        old = self.lanes[lane]
        self.lanes[lane] = self._pool(1 if lane == LIGHT else self.workers)
        _stop(old)

    async def work_out_seen(
        self,
        game: Game,
        history: list[int],
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
            plies,
            seed,
            key,
        )

    def close(self) -> None:
        for pool in (*self.lanes.values(), self.knowledge):
            _stop(pool)


def _stop(pool: Executor) -> None:
    # a worker process may be deep in a long think: stop it rather than wait for it
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()
    for process in workers:
        process.join(timeout=5)


def watch_parent(parent: int) -> None:
    """In a worker process: end this process as soon as ``parent`` is gone (it is then no
    longer this process's parent), however the parent ended."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="towers-parent-watch", daemon=True).start()


def stand_in(state: State, seed: int) -> int:
    """The action played for a bot that gave none in time: a legal one, chosen by the seed."""
    legal = state.legal_actions()
    return legal[random.Random(seed).randrange(len(legal))]


def choose_here(
    state: State, kind: str, params: dict[str, Any], seed: int, time_limit: float | None = None
) -> BotMove:
    bot = make_bot(kind, seed=seed, **params)
    if time_limit is not None:
        bot.time_limit = time_limit
    # processor time of this thread: a wait for the interpreter lock is not the bot's
    started = time.thread_time()
    action: int = bot.choose(state)
    return BotMove(action, time.thread_time() - started)


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
    seen = knowledge.compute_seen(game, history, plies, known, seed)
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
    time_limit: float | None = None,
) -> BotMove:
    state = _game(cls, players, options).new_initial_state()
    for action in history:
        state.apply_trusted(action)
    return choose_here(state, kind, params, seed, time_limit)
