"""``towers companion`` killed outright (SIGKILL) at random moments of a game, again and again:
each time the same command picks the session up with every entry the table saw taken, and the
game ends as the one played without a stop.

The moments are drawn from a seeded generator, so a failure shows the same plan when run
again (the process's own speed still moves each kill a little)."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tests.companion.helpers import play_out
from towers.companion.session import CompanionSession
from towers.core.record import load
from towers.games.dark_tower.render import hero_name

ROOT = Path(__file__).resolve().parents[2]
KILLS = 16
"""Kills in all, over as many games as they take (each game is then finished unbroken)."""
GAMES = (23, 24, 25, 26)
"""The seeds of the games played, in turn, until every kill is done."""
DEADLINE = 60.0
"""Seconds the whole test may take; a process that hangs fails it instead."""


@dataclass
class Reference:
    """A game played straight through: the entries typed, and the history after each."""

    entries: list[str]
    marks: list[int]
    """``marks[k]``: the length of the history once ``k`` entries are made (and the app has
    drawn what follows them)."""
    history: list[int]
    prompts: re.Pattern[str]


def reference(seed: int) -> Reference:
    start = CompanionSession.new(2, seed=seed)
    start.advance()
    marks = [start.history_len]
    session = CompanionSession.new(2, seed=seed)
    entries: list[str] = []
    for text in play_out(session, seed):
        entries.append(text)
        marks.append(session.history_len)
    heroes = [hero_name(session.state, seat) for seat in range(2)]
    names = "|".join(re.escape(name) for name in ["table", *heroes])
    return Reference(entries, marks, session.state.history(), re.compile(f"^(?:{names})> ", re.M))


class Run:
    """One ``towers companion`` process with the rest of the game typed into it."""

    def __init__(self, home: Path, seed: int, entries: list[str]) -> None:
        env = {
            **os.environ,
            "XDG_DATA_HOME": str(home),
            "COLUMNS": "1000",
            "PYTHONUNBUFFERED": "1",
            "PYTHONPATH": str(ROOT),
        }
        command = [sys.executable, "-m", "towers.cli", "companion", "dark_tower", "-p", "2"]
        self.proc = subprocess.Popen(
            [*command, "--seed", str(seed)],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self.chunks: list[bytes] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        assert self.proc.stdin is not None
        # the whole rest of the game at once (a few KB: the pipe takes it without waiting)
        self.proc.stdin.write("".join(e + "\n" for e in entries).encode())
        self.proc.stdin.close()

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while chunk := os.read(out.fileno(), 65536):
            self.chunks.append(chunk)

    def output(self) -> str:
        return b"".join(self.chunks).decode(errors="replace")

    def wait_for(self, pattern: re.Pattern[str], deadline: float) -> bool:
        """Wait until the output shows ``pattern`` (True) or the process ends (False)."""
        while not pattern.search(self.output()):
            if self.proc.poll() is not None:
                return False
            assert time.monotonic() < deadline, "the companion neither asked nor ended"
            time.sleep(0.002)
        return True

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.finish()

    def finish(self) -> int:
        code = self.proc.wait(timeout=30)
        self.reader.join(timeout=30)
        assert not self.reader.is_alive()
        return code


def saved_entries(path: Path, ref: Reference) -> int:
    """How many entries the saved session holds (0 when nothing is saved yet); it must be
    the game's own history at the mark of a whole entry."""
    if not path.exists():
        return 0
    history = load(path)["history"]
    assert history == ref.history[: len(history)], "the saved session left the game's path"
    assert len(history) in ref.marks, f"a session saved in the middle of an entry: {history}"
    return ref.marks.index(len(history))


def test_a_session_killed_again_and_again_loses_no_entry(tmp_path: Path) -> None:
    rng = random.Random(32)
    deadline = time.monotonic() + DEADLINE
    kills = 0
    for seed in GAMES:
        if kills >= KILLS:
            break
        ref = reference(seed)
        home = tmp_path / f"game-{seed}"
        path = home / "towers" / "companion" / "dark_tower.json"
        done = 0
        while kills < KILLS:
            run = Run(home, seed, ref.entries[done:])
            if rng.random() < 0.25:
                # any moment from the start: loading, replaying, the first save
                time.sleep(rng.uniform(0.0, 0.6))
            elif run.wait_for(ref.prompts, deadline):
                # a moment of the game going on at full speed, saving after each entry
                time.sleep(rng.uniform(0.0, 0.3))
            ended = run.proc.poll() is not None
            run.kill()
            output = run.output()
            if ended or "The end" in output:
                assert load(path)["history"] == ref.history
                break
            kills += 1
            asked = len(ref.prompts.findall(output))
            # each question after the first is asked once the entry before it was saved
            shown = done + asked - 1 if asked else done
            now = saved_entries(path, ref)
            assert now >= shown, f"entries {shown} were taken, the file holds {now}"
            done = now
        # the rest of the game, unbroken, by the same command
        if not path.exists() or load(path)["history"] != ref.history:
            run = Run(home, seed, ref.entries[saved_entries(path, ref) :])
            assert run.finish() == 0
            assert "The end" in run.output()
        assert load(path)["history"] == ref.history
        # the half-written saves of killed processes are cleared away
        assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
        assert time.monotonic() < deadline
    assert kills == KILLS, f"only {kills} kills landed before the games ended"
