"""A throwaway PostgreSQL for the tests: a cluster made with ``initdb`` in a temporary folder,
listening only on a Unix socket in that folder, stopped and removed at the end.

PostgreSQL refuses to run as root, so as root the cluster belongs to the ``postgres`` user of
Debian's package (``nobody`` without it). The server is told to stop when the process that
started it dies (Linux's parent-death signal), so a test run killed outright leaves none behind.
"""

from __future__ import annotations

import ctypes
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import psycopg

USER = "towers"
PR_SET_PDEATHSIG = 1


def find_bindir() -> Path | None:
    """The folder of ``initdb`` and ``postgres``: on the PATH, or Debian's newest version."""
    found = shutil.which("initdb")
    if found and shutil.which("postgres"):
        return Path(found).parent
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    return versions[-1].parent if versions else None


class Postgres:
    """One cluster; :meth:`new_database` gives each test module a database of its own."""

    def __init__(self, bindir: Path, *, durable: bool = False) -> None:
        self.bindir = bindir
        self.durable = durable
        """As a real server runs (fsync and the rest on), for benchmarks; the tests need not."""
        self.folder = Path(tempfile.mkdtemp(prefix="towers-pg-"))
        self.proc: subprocess.Popen[bytes] | None = None
        self._count = 0
        self._owner: pwd.struct_passwd | None = None
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                try:
                    self._owner = pwd.getpwnam(name)
                    break
                except KeyError:
                    continue
            if self._owner is None:
                raise RuntimeError("running as root, and no user postgres or nobody to run as")
            os.chown(self.folder, self._owner.pw_uid, self._owner.pw_gid)

    @property
    def conninfo(self) -> str:
        return f"host={self.folder} user={USER} dbname=postgres"

    def url(self, dbname: str) -> str:
        return f"postgresql+psycopg://{USER}@/{dbname}?host={self.folder}"

    def start(self) -> None:
        data = self.folder / "data"
        log = self.folder / "initdb.log"
        with log.open("wb") as out:
            done = subprocess.run(
                [str(self.bindir / "initdb"), "-D", str(data), "-U", USER, "--auth=trust",
                 "-E", "UTF8", "--locale=C", "--no-sync"],
                stdout=out, stderr=subprocess.STDOUT, preexec_fn=self._demote, check=False,
            )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed: {log.read_text(errors='replace')[-2000:]}")
        settings = {
            "listen_addresses": "",
            "unix_socket_directories": str(self.folder),
            "max_connections": "300",
            "shared_buffers": "32MB" if not self.durable else "128MB",
        }
        if not self.durable:  # of no use to a throwaway cluster: fsync and the like off
            settings.update(fsync="off", synchronous_commit="off", full_page_writes="off")
        args = [f"--{k.replace('_', '-')}={v}" for k, v in settings.items()]
        server_log = (self.folder / "server.log").open("wb")
        self.proc = subprocess.Popen(
            [str(self.bindir / "postgres"), "-D", str(data), *args],
            stdout=server_log,
            stderr=subprocess.STDOUT,
            preexec_fn=self._demote_and_follow,
        )
        server_log.close()
        deadline = time.monotonic() + 30
        while True:
            try:
                psycopg.connect(self.conninfo, connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                text = (self.folder / "server.log").read_text(errors="replace")[-2000:]
                self.stop()
                raise RuntimeError(f"PostgreSQL did not start: {text}")
            time.sleep(0.05)

    def new_database(self) -> str:
        """The URL of a new empty database."""
        self._count += 1
        name = f"towers_{self._count}"
        with psycopg.connect(self.conninfo, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # a fast shutdown: clients are cut off
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Postgres:
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # ---- in the child, between fork and exec ------------------------------------------------
    def _demote(self) -> None:
        if self._owner is not None:
            os.setgroups([])
            os.setgid(self._owner.pw_gid)
            os.setuid(self._owner.pw_uid)

    def _demote_and_follow(self) -> None:
        self._demote()
        # after the change of user, which would clear it: stop when the test run dies
        prctl = getattr(ctypes.CDLL(None, use_errno=True), "prctl", None)
        if prctl is not None:  # Linux
            prctl(PR_SET_PDEATHSIG, signal.SIGINT, 0, 0, 0)
