"""Where games are kept: two tables through SQLAlchemy Core.

``games`` holds one row per game: what it is (game, players, options, seed, seats, the hashes
of the seats' secrets) and where it stands (``ply``, status, who moves, the state as JSON).
``actions`` is the log: one row per accepted action (chance outcomes included), keyed by game
and ply. A new action is written with its new state in one transaction, guarded by the ply the
writer started from (and the seats it read, from which the "bot to move" flag follows), so a
second writer (another worker) can never fork a game nor leave that flag stale: it gets
``False`` back and reloads.

The schema is versioned (:mod:`towers.server.schema`): a new database is made at this
release's revision, and one at an older revision is refused until ``towers db upgrade``.

SQLite (a file, the default) and PostgreSQL (a URL) are both supported. SQLite runs in WAL
mode with ``synchronous=NORMAL``: a committed move survives the server process being killed
at any moment.

>>> store = Store("sqlite://")
>>> row = GameRow("g1", "toy", 2, {}, 7, [{"kind": "human"}] * 2, [None, None], 0, "playing",
...               0, False, "{}")
>>> store.create(row, [])
>>> where = {"ply": 1, "status": "playing", "to_move": 0, "bot_to_move": False}
>>> store.append("g1", 0, [LogRow(0, 4, -1)], where, seats=row.seats)
True
>>> store.append("g1", 0, [LogRow(0, 5, -1)], where, seats=row.seats)
False
>>> [r.action for r in store.load("g1")[1]]
[4]
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.pool import StaticPool

from towers.server.schema import check_on

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats", Text, nullable=False),
    Column("secrets", Text, nullable=False),
    Column("ply", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("to_move", Integer, nullable=False),
    Column("bot_to_move", Boolean, nullable=False),
    Column("state", Text, nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Index("ix_games_updated", "updated"),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(40), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("actor", Integer, nullable=False),
    # who may read the action in words: "*" everybody, a JSON list of seats, NULL not yet known
    Column("seen_by", Text, nullable=True),
    Column("at", Float, nullable=False),
)

DEFAULT_URL = "sqlite:///towers-games.sqlite3"
CHANNEL = "towers_games"
"""With PostgreSQL, each change to a game is announced on this channel (NOTIFY) as it is
committed, as ``"<origin> <game id>"``: every server process on the database hears it."""


@dataclass
class GameRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    secrets: list[str | None]
    ply: int
    status: str
    to_move: int
    bot_to_move: bool
    state: str


@dataclass
class LogRow:
    ply: int
    action: int
    actor: int
    seen_by: str | None = None


def to_url(database: str) -> str:
    """A SQLAlchemy URL from ``--database``: a URL as it is, anything else a SQLite file path."""
    if "://" in database:
        return database
    return f"sqlite:///{database}"


class Store:
    """Synchronous storage calls; the server runs them on its own database thread(s)."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if url in ("sqlite://", "sqlite:///:memory:"):
                kwargs["poolclass"] = StaticPool  # one shared in-memory database
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(url, **kwargs)
        self.is_postgres = self.engine.dialect.name == "postgresql"
        self.origin = secrets.token_hex(6)
        """Who announces a change: a process does not follow its own."""
        self._announce = text("SELECT pg_notify(:channel, :payload)")
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        # a new database is made at this release's schema; another one must be at it
        with self.engine.begin() as conn:
            check_on(conn, self.engine.url.render_as_string(hide_password=True))
        # built once: a statement object keeps its compiled form, so a move costs less
        at_ply = and_(games.c.id == bindparam("g_id"), games.c.ply == bindparam("from_ply"))
        move = update(games).values(
            ply=bindparam("ply"),
            status=bindparam("status"),
            to_move=bindparam("to_move"),
            bot_to_move=bindparam("bot_to_move"),
            updated=bindparam("now"),
        )
        # a move whose bot_to_move was worked out from the seats is written over the seats
        # it was decided on too, so a seat change committed meanwhile makes it reload
        at_seats = and_(at_ply, games.c.seats == bindparam("from_seats"))
        self._moves = {
            (checked, with_state): (
                move.values(state=bindparam("state")) if with_state else move
            ).where(at_seats if checked else at_ply)
            for checked in (False, True)
            for with_state in (False, True)
        }
        self._log = insert(actions)

    def close(self) -> None:
        self.engine.dispose()

    def conninfo(self) -> str:
        """The database as libpq takes it (PostgreSQL): for a connection of one's own."""
        url = self.engine.url.set(drivername=self.engine.url.get_backend_name())
        return url.render_as_string(hide_password=False)

    def _changed(self, conn: Any, game_id: str) -> None:
        """Announce a change to the game, delivered when (and only if) the transaction commits."""
        if self.is_postgres:
            conn.execute(
                self._announce, {"channel": CHANNEL, "payload": f"{self.origin} {game_id}"}
            )

    # ---- writes -------------------------------------------------------------------------
    def create(self, row: GameRow, log: Sequence[LogRow]) -> None:
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(games).values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    options=json.dumps(row.options),
                    seed=row.seed,
                    seats=json.dumps(row.seats),
                    secrets=json.dumps(row.secrets),
                    ply=row.ply,
                    status=row.status,
                    to_move=row.to_move,
                    bot_to_move=row.bot_to_move,
                    state=row.state,
                    created=now,
                    updated=now,
                )
            )
            _insert_log(conn, row.id, log, now)

    def append(
        self,
        game_id: str,
        from_ply: int,
        log: Sequence[LogRow],
        fields: Mapping[str, Any],
        *,
        seats: list[dict[str, Any]] | None = None,
    ) -> bool:
        """Add ``log`` and set ``fields`` (ply, status, to_move, bot_to_move, and perhaps the
        state) in one transaction, if the game is still at ``from_ply`` and, when given,
        with the ``seats`` the writer read (bot_to_move was worked out from them); False
        (nothing written) if another writer moved it or changed a seat first."""
        now = time.time()
        statement = self._moves[seats is not None, "state" in fields]
        values = {**fields, "g_id": game_id, "from_ply": from_ply, "now": now}
        if seats is not None:
            values["from_seats"] = json.dumps(seats)
        with self.engine.begin() as conn:
            done = conn.execute(statement, values)
            if done.rowcount != 1:
                return False  # nothing was changed; the empty transaction commits
            _insert_log(conn, game_id, log, now, self._log)
            self._changed(conn, game_id)
        return True

    def truncate(
        self,
        game_id: str,
        from_ply: int,
        to_ply: int,
        fields: Mapping[str, Any],
        *,
        seats: list[dict[str, Any]] | None = None,
    ) -> bool:
        """Drop the log from ``to_ply`` on (an undo) and set ``fields``, if still at
        ``from_ply`` and, when given, with the ``seats`` the writer read (as ``append``)."""
        where = and_(games.c.id == game_id, games.c.ply == from_ply)
        if seats is not None:
            where = and_(where, games.c.seats == json.dumps(seats))
        with self.engine.begin() as conn:
            done = conn.execute(update(games).where(where).values(**fields, updated=time.time()))
            if done.rowcount != 1:
                return False  # nothing was changed; the empty transaction commits
            conn.execute(
                delete(actions).where(and_(actions.c.game_id == game_id, actions.c.ply >= to_ply))
            )
            self._changed(conn, game_id)
        return True

    def set_seats(
        self,
        game_id: str,
        seats: list[dict[str, Any]],
        bot_to_move: bool,
        *,
        expected: list[dict[str, Any]],
        ply: int,
    ) -> bool:
        """Write ``seats`` if the game still has the seats ``expected`` (as the writer read
        them) at ``ply``: a compare-and-set, so that a seat change or a move another process
        committed meanwhile is never overwritten. False (nothing written) when one was."""
        at_ply = and_(games.c.id == game_id, games.c.ply == ply)
        with self.engine.begin() as conn:
            read = conn.execute(select(games.c.seats).where(at_ply)).first()
            if read is None or json.loads(read.seats) != expected:
                return False
            # the condition on the text read makes the check and the write one step: a
            # writer committing in between leaves this update nothing to change
            done = conn.execute(
                update(games)
                .where(and_(at_ply, games.c.seats == read.seats))
                .values(seats=json.dumps(seats), bot_to_move=bot_to_move, updated=time.time())
            )
            if done.rowcount != 1:
                return False
            self._changed(conn, game_id)
        return True

    def set_seen_by(self, game_id: str, seen: Mapping[int, str]) -> None:
        if not seen:
            return
        with self.engine.begin() as conn:
            for ply, text in seen.items():
                conn.execute(
                    update(actions)
                    .where(and_(actions.c.game_id == game_id, actions.c.ply == ply))
                    .values(seen_by=text)
                )

    # ---- reads --------------------------------------------------------------------------
    def load(self, game_id: str) -> tuple[GameRow, list[LogRow]] | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(games).where(games.c.id == game_id)).first()
            if r is None:
                return None
            log = [
                LogRow(a.ply, a.action, a.actor, a.seen_by)
                for a in conn.execute(
                    select(actions.c.ply, actions.c.action, actions.c.actor, actions.c.seen_by)
                    .where(actions.c.game_id == game_id)
                    .order_by(actions.c.ply)
                )
            ]
        row = GameRow(
            id=r.id,
            game=r.game,
            players=r.players,
            options=json.loads(r.options),
            seed=r.seed,
            seats=json.loads(r.seats),
            secrets=json.loads(r.secrets),
            ply=r.ply,
            status=r.status,
            to_move=r.to_move,
            bot_to_move=bool(r.bot_to_move),
            state=r.state,
        )
        return row, log

    def plies(self, ids: Iterable[str]) -> dict[str, int]:
        """The current ply of each game (to notice moves made by another worker)."""
        wanted = list(ids)
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.ply).where(games.c.id.in_(wanted)))
            return {r.id: r.ply for r in rows}

    def waiting_for_bots(self) -> list[str]:
        """Games in play whose next move is a bot's (to restart them after a restart)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games.c.id).where(
                    and_(games.c.status == "playing", games.c.bot_to_move.is_(True))
                )
            )
            return [r.id for r in rows]

    def recent(self, limit: int = 50) -> list[dict[str, Any]]:
        """The most recently active games: what any visitor may know of them."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    games.c.id,
                    games.c.game,
                    games.c.players,
                    games.c.status,
                    games.c.ply,
                    games.c.seats,
                    games.c.updated,
                )
                .order_by(games.c.updated.desc())
                .limit(limit)
            )
            return [
                {
                    "id": r.id,
                    "game": r.game,
                    "players": r.players,
                    "status": r.status,
                    "ply": r.ply,
                    "seats": [s.get("kind", "human") for s in json.loads(r.seats)],
                    "updated": r.updated,
                }
                for r in rows
            ]


def _insert_log(
    conn: Any, game_id: str, log: Sequence[LogRow], now: float, statement: Any = None
) -> None:
    if log:
        conn.execute(
            insert(actions) if statement is None else statement,
            [
                {
                    "game_id": game_id,
                    "ply": r.ply,
                    "action": r.action,
                    "actor": r.actor,
                    "seen_by": r.seen_by,
                    "at": now,
                }
                for r in log
            ],
        )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()
