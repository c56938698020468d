"""Hints, "what if" and reviews over the HTTP API: :mod:`towers.learn` run for a seat of a
game in play, off the event loop.

- A **hint** is searched in a thread of its own (:data:`HINT_WORKERS` at once), within a
  bounded budget (at most :data:`HINT_ITERATIONS` imagined games, :data:`HINT_SECONDS` of
  think time), from what the seat may know: :func:`towers.learn.hints.hint` re-deals every
  hidden part for the seat and asks the true state only for its legal moves. It stops (and is
  answered 409, nothing kept) when the game moves on or the client goes; a second request of
  the same seat stops the first.
- **When hints are allowed** (:func:`towers.learn.hints.hints_refusal`): a game where no
  person faces another person (solo, against bots only, cooperative) allows them; a game
  between people is a competitive one and allows them only once every human seat has agreed
  (``POST .../hints/agree``); ``TOWERS_HINTS=off`` turns them off on the server.
- A **review** of a finished game is made in the background on the first request (answered
  202 with its progress), then stored as a file keyed by the game's id under the review's
  key (the game, its history and the budget), so the next request is answered at once, also
  by another server process or after a restart. Each viewer gets it as it may read it: a
  move another seat may not read is "a hidden choice", with no words.
- A review is **made once** across the server processes that share the folder: the process
  that starts it writes a claim beside where the review will be stored
  (:class:`ReviewClaims`) and renews it with its progress as it goes; another process asked
  for the same review answers with that progress and makes nothing. A claim not renewed for
  :data:`CLAIM_EXPIRES` seconds, or whose process is gone from this machine, was left by a
  process that crashed: the next asker takes it over and makes the review.

The files (reviews, the seats' agreements) are kept in :func:`learn_dir`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import random
import re
import secrets
import socket
import tempfile
import threading
import time
import weakref
from collections.abc import Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.requests import Request

from towers.core.chance import derive_seed
from towers.core.errors import SaveFormatError
from towers.core.game import CHANCE, State
from towers.core.knowledge import can_read
from towers.core.registry import views_of
from towers.core.words import and_list
from towers.learn.effects import measure, points
from towers.learn.hints import Hint, hint, hints_refusal
from towers.learn.review import Review, Swing, review, review_key
from towers.learn.search import Budget
from towers.learn.whatif import preview
from towers.server.errors import ApiError, out_of_range
from towers.server.rooms import Room

if TYPE_CHECKING:
    from towers.server.service import GameService

HINT_ITERATIONS = 300
"""The most imagined games a hint may search (and the default)."""
HINT_SECONDS = 5.0
"""The longest think time a hint may take, whatever the request asks."""
HINT_WORKERS = 2
REVIEW_ITERATIONS = int(os.environ.get("TOWERS_REVIEW_ITERATIONS", "40"))
"""Imagined games a review searches at each decision among few moves on this server (more
among many moves: :func:`towers.learn.review.decision_budget`), as ``towers review`` does."""
WATCH_EVERY = 0.1
"""How often a hint under way looks whether its game moved on or its client went."""
REVIEW_SEED = 0
"""The seed of a review's searches: the same game reviewed again gives the same review."""
HIDDEN = "a hidden choice"
SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
CLAIM_EXPIRES = 60.0
"""Seconds after which a review's claim that was not renewed is taken to be left by a
process that crashed, and is taken over. The maker renews it after each decision searched
(at most every :data:`CLAIM_RENEW` seconds), and one decision takes far less."""
CLAIM_RENEW = 1.0
"""How often, at most, the maker of a review renews its claim with its progress."""

try:
    import fcntl
except ImportError:  # pragma: no cover - a system without flock: claims are not guarded
    fcntl = None  # type: ignore[assignment]


def learn_dir(database: str) -> Path:
    """Where reviews and agreements are kept: ``TOWERS_LEARN_DIR``, else a folder beside a
    SQLite database file (``games.sqlite3`` gives ``games.sqlite3.learn``), else one in the
    temporary folder named after the database's URL."""
    given = os.environ.get("TOWERS_LEARN_DIR")
    if given:
        return Path(given)
    match = re.match(r"^sqlite:///(.+)$", database)
    if match and match.group(1) not in (":memory:", ""):
        return Path(match.group(1) + ".learn")
    if "://" not in database and database:
        return Path(database + ".learn")
    digest = hashlib.sha256(database.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"towers-learn-{digest}"


def _alive(pid: int) -> bool:
    """Whether a process of this machine runs under ``pid`` (True when it cannot be told)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, ValueError, OverflowError):
        return True  # another user's process, or a number no process has: not known gone
    return True


class ReviewClaims:
    """Who makes the review of each game, across the server processes that share
    ``folder``: a claim file a game (``<game id>.review.claim``, JSON: its owner, the
    machine and process, the review's key, how far it is and when it was last renewed),
    taken, renewed and given back under a lock on ``reviews.lock`` in the same folder
    (``flock``, which the system lifts from a process that dies), so that two askers never
    both take it. Each review made has an owner of its own (a random token)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.host = socket.gethostname()
        self.pid = os.getpid()

    def path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.review.claim"

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.folder / "reviews.lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing lifts the lock

    def read(self, game_id: str) -> dict[str, Any] | None:
        """The claim on the game's review as it stands, expired or not; None for none."""
        try:
            data = json.loads(self.path(game_id).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def expired(self, claim: Mapping[str, Any], now: float | None = None) -> bool:
        """Whether ``claim`` was left by a process that crashed: not renewed for
        :data:`CLAIM_EXPIRES` seconds, or its process gone from this machine (or a claim
        that cannot be read)."""
        try:
            at = float(claim["at"])
            host = str(claim["host"])
            pid = int(claim["pid"])
        except (KeyError, TypeError, ValueError):
            return True
        if (time.time() if now is None else now) - at > CLAIM_EXPIRES:
            return True
        return host == self.host and pid != self.pid and not _alive(pid)

    def standing(self, game_id: str) -> dict[str, Any] | None:
        """The claim on the game's review when one stands (not expired), else None."""
        found = self.read(game_id)
        return None if found is None or self.expired(found) else found

    def claim(self, game_id: str, key: str, owner: str) -> dict[str, Any] | None:
        """Take the claim on the game's review for ``owner`` (None), unless another's claim
        stands: then that claim, with its progress (``done``, ``total``)."""
        with self._locked():
            found = self.standing(game_id)
            if found is not None and found.get("owner") != owner:
                return found
            self._put(game_id, {"owner": owner, "key": key, "done": 0, "total": 0})
            return None

    def renew(self, game_id: str, owner: str, key: str, done: int, total: int) -> bool:
        """Renew ``owner``'s claim with its progress; False when the claim is another's
        now (it expired and was taken over: the other makes the review)."""
        with self._locked():
            found = self.read(game_id)
            if found is not None and found.get("owner") != owner:
                return False
            self._put(game_id, {"owner": owner, "key": key, "done": done, "total": total})
            return True

    def release(self, game_id: str, owner: str) -> None:
        """Give the claim back, if it is still ``owner``'s."""
        with self._locked():
            found = self.read(game_id)
            if found is not None and found.get("owner") == owner:
                self.path(game_id).unlink(missing_ok=True)

    def _put(self, game_id: str, data: dict[str, Any]) -> None:
        path = self.path(game_id)
        data = {**data, "host": self.host, "pid": self.pid, "at": time.time()}
        part = path.with_name(path.name + f".{data['owner']}.part")
        part.write_text(json.dumps(data), encoding="utf-8")
        part.replace(path)  # whole or not at all, for a reader without the lock


@dataclass
class _Job:
    """A review being made in this process: its owner (the claim's token), how far it is,
    and the thread's answer (None: another process took its claim over)."""

    key: str
    owner: str = field(default_factory=lambda: secrets.token_hex(8))
    done: int = 0
    total: int = 0
    future: Future[Review | None] | None = None
    cancel: threading.Event = field(default_factory=threading.Event)


def _count(value: Any) -> int:
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return 0


def _progress(done: Any, total: Any) -> dict[str, Any]:
    return {"status": "running", "done": _count(done), "total": _count(total)}


_ALL: weakref.WeakValueDictionary[int, Learning] = weakref.WeakValueDictionary()


def learning_of(service: GameService) -> Learning | None:
    """The :class:`Learning` serving ``service``'s games, if one was made."""
    return _ALL.get(id(service))


class Learning:
    """Hints, what if and reviews for one :class:`GameService`."""

    def __init__(self, service: GameService) -> None:
        _ALL[id(service)] = self
        self.service = service
        self.searching = 0
        """Hints being searched in a thread now (a stopped one ends between two imagined
        games)."""
        self.folder = learn_dir(service.config.database)
        self.claims = ReviewClaims(self.folder)
        self._hints = ThreadPoolExecutor(HINT_WORKERS, thread_name_prefix="towers-hint")
        self._reviews = ThreadPoolExecutor(1, thread_name_prefix="towers-review")
        self._asking: dict[tuple[str, int], threading.Event] = {}
        self._jobs: dict[str, _Job] = {}
        self._lock = threading.Lock()

    def close(self) -> None:
        for event in self._asking.values():
            event.set()
        for job in self._jobs.values():
            job.cancel.set()
        self._hints.shutdown(wait=False, cancel_futures=True)
        self._reviews.shutdown(wait=False, cancel_futures=True)

    # ---- files --------------------------------------------------------------------------
    def _path(self, game_id: str, kind: str) -> Path:
        if not SAFE_ID.match(game_id):
            raise ApiError(404, "unknown_game", f"there is no game {game_id[:40]!r}")
        return self.folder / f"{game_id}.{kind}.json"

    def _write(self, path: Path, text: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(path.name + f".{os.getpid()}.{threading.get_ident()}.part")
        part.write_text(text, encoding="utf-8")
        part.replace(path)  # whole or not at all, for a reader in another process

    # ---- who may have hints -------------------------------------------------------------
    def agreed(self, room: Room) -> set[int]:
        try:
            data = json.loads(self._path(room.id, "hints").read_text(encoding="utf-8"))
            return {int(s) for s in data.get("agreed", [])}
        except (OSError, ValueError, TypeError, AttributeError):
            return set()

    def humans(self, room: Room) -> list[int]:
        return [i for i, s in enumerate(room.seats) if not s.is_bot]

    def refusal(self, room: Room) -> str | None:
        """Why hints may not be given in this game, or None."""
        humans = self.humans(room)
        agreed = self.agreed(room)
        reason = hints_refusal(
            room.game,
            humans,
            rated=len(humans) > 1,  # people facing each other: a competitive game
            agreed={s: True for s in agreed},
            server=os.environ.get("TOWERS_HINTS", "on").lower() not in ("off", "0", "no"),
        )
        missing = [s for s in humans if s not in agreed]
        if reason is not None and "agreement" in reason and missing:
            # this server rates no game: a game between people is competitive, not rated
            who = and_list([room.label(s) for s in missing])
            verb = "has" if len(missing) == 1 else "have"
            return f"in a game between people, hints need every player's yes, and {who} {verb} not agreed"
        return reason

    def policy(self, room: Room, seat: int | None) -> dict[str, Any]:
        reason = self.refusal(room)
        if seat is None:
            reason = reason or "a spectator gets no hints; hints are for the seat to move"
        humans = self.humans(room)
        return {
            "allowed": reason is None,
            "reason": reason,
            "agreed": sorted(self.agreed(room) & set(humans)),
            "needs_agreement": len(humans) > 1 and not room.game.COOPERATIVE,
        }

    async def agree(self, room: Room, seat: int, yes: bool) -> dict[str, Any]:
        if room.seats[seat].is_bot:
            raise ApiError(409, "seat_is_bot", f"a bot plays seat {seat} now; it agrees to nothing")
        async with room.lock:
            agreed = self.agreed(room)
            agreed = agreed | {seat} if yes else agreed - {seat}
            path = self._path(room.id, "hints")
            await asyncio.to_thread(self._write, path, json.dumps({"agreed": sorted(agreed)}))
        return self.policy(room, seat)

    # ---- hints --------------------------------------------------------------------------
    def _check_turn(self, room: Room, seat: int, ply: int) -> None:
        state = room.state
        if ply != room.ply:
            raise ApiError(
                409,
                "stale",
                f"this was asked at ply {ply} but the game is at ply {room.ply}; "
                "look at the new position and ask again",
                ply=room.ply,
            )
        if state.is_terminal():
            raise ApiError(409, "game_over", "the game is over; there is no move to hint at")
        mover = state.current_player()
        if mover != seat:
            who = "chance" if mover == CHANCE else room.label(mover)
            raise ApiError(
                409, "not_your_turn", f"it is {who}'s turn, not seat {seat}'s", to_move=mover
            )

    async def hint(
        self,
        room: Room,
        seat: int,
        ply: int,
        iterations: int | None,
        seconds: float | None,
        intended: int | None,
        request: Request | None,
    ) -> dict[str, Any]:
        reason = self.refusal(room)
        if reason is not None:
            raise ApiError(403, "hints_refused", f"no hints here: {reason}")
        async with room.lock:
            self._check_turn(room, seat, ply)
            state = room.state.clone()
        size = room.game.num_distinct_actions()
        if intended is not None and not 0 <= intended < size:
            raise out_of_range(
                f"{intended} is not an action of this game; actions are 0 to {size - 1}",
                field="intended",
            )
        if intended is not None and not state.is_legal(intended):
            raise ApiError(
                422,
                "illegal_action",
                state.explain(intended) or "that move is not legal now",
                field="intended",
            )
        budget = Budget(
            iterations=min(iterations or HINT_ITERATIONS, HINT_ITERATIONS),
            seconds=min(seconds or HINT_SECONDS, HINT_SECONDS),
        )
        cancel = threading.Event()
        key = (room.id, seat)
        earlier = self._asking.get(key)
        if earlier is not None:
            earlier.set()  # a new question of the same seat ends the one before
        self._asking[key] = cancel
        rng = random.Random(derive_seed(room.seed, "hint", seat, ply))
        loop = asyncio.get_running_loop()
        job = loop.run_in_executor(
            self._hints, self._search, state, seat, budget, rng, cancel, intended
        )
        try:
            while True:
                done, _ = await asyncio.wait({job}, timeout=WATCH_EVERY)
                if done:
                    break
                if room.ply != ply:
                    cancel.set()
                    raise ApiError(
                        409,
                        "stale",
                        "the game moved on while the hint was searched; ask again",
                        ply=room.ply,
                    )
                if cancel.is_set():
                    raise ApiError(409, "cancelled", "a newer hint of this seat replaced it")
                if request is not None and await request.is_disconnected():
                    cancel.set()
                    raise ApiError(409, "cancelled", "the hint was cancelled")
            found = job.result()
        except asyncio.CancelledError:
            cancel.set()
            raise
        finally:
            if self._asking.get(key) is cancel:
                del self._asking[key]
        if room.ply != ply:
            raise ApiError(
                409, "stale", "the game moved on while the hint was searched", ply=room.ply
            )
        targets = self.service.view(room, seat).get("legal") or []
        entry = next((a for a in targets if a["action"] == found.action), None)
        other = found.other
        return {
            "seat": seat,
            "ply": ply,
            "action": found.action,
            "words": found.words,
            "log": found.log,
            "targets": list(entry["targets"]) if entry else [],
            "points_now": found.points_now,
            "lead": found.lead,
            "other_action": None if other is None else other.action,
            "other_words": found.other_words,
            "iterations": found.found.iterations,
            "cut_short": found.found.cut_short,
            "lines": list(found.lines),
        }

    def _search(
        self,
        state: State,
        seat: int,
        budget: Budget,
        rng: random.Random,
        cancel: threading.Event,
        intended: int | None,
    ) -> Hint:
        with self._lock:
            self.searching += 1
        try:
            return hint(state, seat, budget, rng, cancel, intended)
        finally:
            with self._lock:
                self.searching -= 1

    async def whatif(self, room: Room, seat: int, ply: int, action: int) -> dict[str, Any]:
        async with room.lock:
            self._check_turn(room, seat, ply)
            state = room.state.clone()
        size = room.game.num_distinct_actions()
        if not 0 <= action < size:
            raise out_of_range(
                f"{action} is not an action of this game; actions are 0 to {size - 1}",
                field="action",
            )
        if not state.is_legal(action):
            raise ApiError(
                422,
                "illegal_action",
                state.explain(action) or "that move is not legal now",
                field="action",
            )
        rng = random.Random(derive_seed(room.seed, "whatif", seat, ply, action))
        loop = asyncio.get_running_loop()
        made = await loop.run_in_executor(self._hints, preview, state, seat, action, rng)
        return {
            "seat": seat,
            "ply": ply,
            "action": action,
            "words": made.words,
            "points_now": made.points_now,
            "next_player": made.next_player,
            "lines": list(made.lines),
        }

    # ---- reviews ------------------------------------------------------------------------
    def _stored(self, game_id: str, key: str) -> Review | None:
        try:
            text = self._path(game_id, "review").read_text(encoding="utf-8")
            found = Review.from_json(text)
        except (OSError, ValueError, TypeError, KeyError, SaveFormatError):
            return None
        return found if found.key == key else None

    async def review(self, room: Room, seat: int | None) -> tuple[int, dict[str, Any]]:
        """(200, the review as ``seat`` may read it) once made; (202, its progress) before,
        whether this process makes it or another one does."""
        async with room.lock:
            if not room.state.is_terminal():
                raise ApiError(
                    409, "game_not_over", "a game is reviewed once it is over; play on first"
                )
            state = room.state.clone()
        budget = Budget(iterations=REVIEW_ITERATIONS)
        key = review_key(state.game, state.history(), budget, REVIEW_SEED)
        found = await asyncio.to_thread(self._stored, room.id, key)
        if found is not None:
            with self._lock:
                done = self._jobs.get(room.id)
                if done is not None and done.future is not None and done.future.done():
                    del self._jobs[room.id]  # stored: the file answers from now on
            return 200, self._as_seen(room, found, seat)
        job, other, found = await asyncio.to_thread(self._start, room.id, state, budget, key)
        if found is not None:
            return 200, self._as_seen(room, found, seat)
        if other is not None:
            # another process makes it: its progress, as its claim says
            return 202, _progress(other.get("done"), other.get("total"))
        assert job is not None and job.future is not None
        if job.future.done():
            with self._lock:
                if self._jobs.get(room.id) is job:
                    del self._jobs[room.id]
            error = job.future.exception()
            if error is not None:
                raise ApiError(500, "review_failed", f"the review could not be made: {error}")
            made = job.future.result()
            if made is None or made.cut_short:
                # another process claimed it first, or took it over: the next request
                # follows that one
                return 202, _progress(job.done, job.total)
            return 200, self._as_seen(room, made, seat)
        return 202, _progress(job.done, job.total)

    def _start(
        self, game_id: str, state: State, budget: Budget, key: str
    ) -> tuple[_Job | None, dict[str, Any] | None, Review | None]:
        """This process's job for the review (under way, or started now under a claim of
        its own), or the claim of another process that makes it, or the review when
        another process stored it meanwhile."""
        with self._lock:
            job = self._jobs.get(game_id)
            if job is not None and job.key != key:
                job.cancel.set()
                job = None
            if job is not None:
                return job, None, None
            job = _Job(key)
            other = self.claims.claim(game_id, key, job.owner)
            if other is not None:
                return None, other, None
            # the claim may have been given back by a process that has just stored it
            found = self._stored(game_id, key)
            if found is not None:
                self.claims.release(game_id, job.owner)
                return None, None, found
            self._jobs[game_id] = job
            job.future = self._reviews.submit(self._make, game_id, state, budget, job)
            return job, None, None

    def _make(self, game_id: str, state: State, budget: Budget, job: _Job) -> Review | None:
        """The review, made under this job's claim; None when another process took the
        claim over while the job waited its turn. Stored unless cut short; the claim is
        given back at the end, whatever it is."""
        if not self.claims.renew(game_id, job.owner, job.key, 0, 0):
            return None
        renewed = time.monotonic()

        def progress(done: int, total: int) -> None:
            nonlocal renewed
            job.done, job.total = done, total
            now = time.monotonic()
            if now - renewed >= CLAIM_RENEW:
                renewed = now
                if not self.claims.renew(game_id, job.owner, job.key, done, total):
                    job.cancel.set()  # taken over after this claim expired: the other makes it

        try:
            found = self._stored(game_id, job.key)
            if found is not None:
                return found  # made by another process while this job waited its turn
            made = review(state, budget, progress, seed=REVIEW_SEED, cancel=job.cancel)
            if not made.cut_short:
                self._write(self._path(game_id, "review"), made.to_json() + "\n")
            return made
        finally:
            self.claims.release(game_id, job.owner)

    def _swing_text(self, room: Room, made: Review, swing: Swing, seat: int | None) -> str:
        """A swing as ``seat`` may read it. In a game that hides anything, the move the
        search preferred is named to the seat that decided only: it may be one that only
        that seat knew it had (a card in its hand), so another reads how much better it was
        expected to do, not what it was."""
        text = swing.text_for(seat)
        if seat == swing.seat or not room.game.has_hidden_information():
            return text
        rating = next((r for r in made.ratings if r.step == swing.step), None)
        if rating is None or not can_read(rating.readers, seat):
            return text  # a hidden choice, told without words already
        cost = points(rating.cost) if made.unit == "points" else measure(room.state, rating.cost)
        now = (
            f"{points(rating.points_now, signed=True)} at once"
            if round(rating.points_now, 1)
            else "no points at once"
        )
        return (
            f"Step {rating.step}, {views_of(room.game).seat_name(rating.seat)}: {rating.log} "
            f"({now}); the search found "
            f"a move of theirs expected to do {cost} better."
        )

    def _as_seen(self, room: Room, made: Review, seat: int | None) -> dict[str, Any]:
        """The review as ``seat`` (None: a spectator) may read it."""
        ratings = []
        for r in made.ratings:
            readable = can_read(r.readers, seat)
            ratings.append(
                {
                    "step": r.step,
                    "seat": r.seat,
                    "words": r.log if readable else HIDDEN,
                    "points_now": r.points_now,
                    "choices": r.choices,
                    "cost": r.cost,
                }
            )
        costs = [made.seat_cost(s) for s in range(made.players)]
        return {
            "status": "done",
            "game": made.game,
            "steps": made.steps,
            "finished": made.finished,
            "you": seat,
            "unit": made.unit,
            "scores": made.scores,
            "swings": [
                {
                    "step": s.step,
                    "seat": s.seat,
                    "cost": s.cost,
                    "text": self._swing_text(room, made, s, seat),
                }
                for s in made.swings
            ],
            "ratings": ratings,
            "costs": costs,
            "categories": made.categories,
            "rows": made.rows,
            "verdict": made.verdict,
            "notes": made.notes,
            "colours": views_of(room.game).colours(),
        }
