"""The schema's versions: the revisions make the tables the store declares, a database written
by the release before versions (tests/data/server) upgrades with every game playable, and a
database the release cannot use is refused with what to do, by the store, the command and
the server alike."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, insert, text
from typer.testing import CliRunner

from tests.server.live import ROOT, Databases, free_port, live_server
from towers.cli import app
from towers.server import schema
from towers.server.store import Store, actions, games, metadata

SAVED = Path(__file__).resolve().parents[1] / "data" / "server"
OLD_GAMES: list[dict[str, Any]] = json.loads((SAVED / "games-0001.json").read_text())


def test_the_newest_revision_is_the_one_this_release_uses() -> None:
    assert schema.revisions()[-1] == schema.HEAD
    assert schema.revisions()[0] == schema.BASELINE


def test_the_revisions_make_the_tables_the_store_declares(database: str) -> None:
    Store(database).close()  # a new database: made by running every revision
    engine = create_engine(database)
    try:
        with engine.connect() as conn:
            assert schema.revision(conn) == schema.HEAD
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    finally:
        engine.dispose()


def old_database(databases: Databases) -> str:
    """A database as the release before versions left it: its tables, its games, no version."""
    if databases.is_sqlite:
        url = databases.new()
        shutil.copyfile(SAVED / "games-0001.sqlite3", url.removeprefix("sqlite:///"))
        return url
    url = databases.new()
    engine = create_engine(url)
    try:
        with engine.begin() as conn:  # the first revision's tables, without its version
            schema.upgrade_on(conn, schema.BASELINE)
            conn.execute(text("DROP TABLE alembic_version"))
            saved = sqlite3.connect(SAVED / "games-0001.sqlite3")
            saved.row_factory = sqlite3.Row
            for table in (games, actions):
                rows = [dict(r) for r in saved.execute(f"SELECT * FROM {table.name}")]
                for r in rows:
                    if "bot_to_move" in r:
                        r["bot_to_move"] = bool(r["bot_to_move"])
                conn.execute(insert(table), rows)
            saved.close()
    finally:
        engine.dispose()
    return url


def test_a_database_of_the_release_before_versions_upgrades_with_every_game(
    databases: Databases,
) -> None:
    url = old_database(databases)
    with pytest.raises(schema.SchemaError, match="towers db upgrade"):
        Store(url)
    result = CliRunner().invoke(app, ["db", "upgrade", "--database", url])
    assert result.exit_code == 0, result.output
    assert "upgraded from revision 0001" in result.output and schema.HEAD in result.output
    again = CliRunner().invoke(app, ["db", "upgrade", "--database", url])
    assert again.exit_code == 0 and "up to date" in again.output

    store = Store(url)
    try:
        for old in OLD_GAMES:
            loaded = store.load(old["id"])
            assert loaded is not None, old["id"]
            assert [r.action for r in loaded[1]] == old["history"]
    finally:
        store.close()
    with live_server(url) as live:
        listed = {g["id"] for g in live.http.get("/api/games").json()}
        assert listed == {old["id"] for old in OLD_GAMES}
        for old in OLD_GAMES:
            secret = old["secrets"][old["to_move"]] if old["status"] == "playing" else None
            v = live.view(old["id"], secret)
            assert (v["ply"], v["status"]) == (old["ply"], old["status"])
            assert [s["kind"] for s in v["seats"]] == old["seats"]
            if old["status"] == "over":
                continue
            assert v["to_move"] == old["to_move"] and v["your_turn"]
            # each game in progress goes on: its seat to move plays, and the bots answer
            r = live.act(old["id"], secret, ply=v["ply"], action=v["legal"][0]["action"])
            assert r.status_code == 200, r.text


def test_a_database_of_a_newer_release_is_refused(database: str) -> None:
    Store(database).close()
    engine = create_engine(database)
    try:
        with engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    finally:
        engine.dispose()
    with pytest.raises(schema.SchemaError, match="newer release"):
        Store(database)
    result = CliRunner().invoke(app, ["db", "upgrade", "--database", database])
    assert result.exit_code == 1
    assert "9999" in result.output and "newer release" in result.output
    assert "Traceback" not in result.output


def test_db_upgrade_of_no_database_says_so(tmp_path: Path) -> None:
    missing = tmp_path / "typo.sqlite3"
    result = CliRunner().invoke(app, ["db", "upgrade", "--database", str(missing)])
    assert result.exit_code == 2 and "no database at" in result.output
    assert not missing.exists()


def test_serve_upgrades_the_database_at_start_and_says_so(databases: Databases) -> None:
    url = old_database(databases)
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "towers.cli", "serve", "--port", str(port), "--database", url,
         "--bot-processes", "0"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(1)]
        while "schema" not in lines[-1] and lines[-1] and len(lines) < 20:
            lines.append(proc.stdout.readline())
        assert "schema upgraded from revision 0001" in lines[-1], lines
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            assert schema.revision(conn) == schema.HEAD
    finally:
        engine.dispose()
