"""The real program in a terminal of 24 lines at 80 columns: ``towers resume`` of a late
position of each game (written here by a seeded random playout), seat 0 typed by the test,
random bots in the other seats, to the end of the game. On the way: a typo, a refused move,
``help``, ``help NAME``, ``undo`` and the confirm answered no, then yes; every screen shown
after an action is read as the terminal shows it (from the last clearing of the screen to the
prompt) and must fit, name the game first and show no id. At the end, the game-over screen
names the winner."""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import towers
from tests.games.test_printed_words import ids_in
from towers.core.conformance import random_action
from towers.core.game import CHANCE, State
from towers.core.record import save
from towers.core.registry import title_of, views_of

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.slow

TOWERS = [sys.executable, "-c", "from towers.cli import main; main()"]
"""The ``towers`` command, run by this Python (its console script may be elsewhere)."""
ANSI = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|[=>])")
CLEAR = "\x1b[2J"
NEW_PROMPT = r"\x1b\[\?2004h[\s\S]{0,600}?"
"""A prompt beginning: prompt_toolkit switches bracketed paste on for each new prompt."""
QUESTION = NEW_PROMPT + r"Play it\? \[y/n\]"
OVER = "Game over"

CASES: list[tuple[str, int, dict[str, Any], int, bool]] = [
    ("torres", 2, {}, 40, True),
    ("tiletum", 2, {}, 10, True),
    ("turris", 2, {}, 14, True),
    ("sifnos", 2, {}, 14, True),
    ("dark_tower", 2, {}, 10, True),
]
"""(game, players, options, seat 0's decisions left in the random playout at the start,
whether an action is taken back on the way)."""


def late_position(name: str, players: int, options: dict[str, Any], left: int) -> State:
    """A seeded random game taken back to where seat 0 has ``left`` decisions to go."""
    rng = random.Random(11)
    state = towers.make(name, players=players, **options).new_initial_state()
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    history = state.history()
    replayed = towers.make(name, players=players, **options).new_initial_state()
    seat0 = []
    for ply, action in enumerate(history):
        if replayed.current_player() == 0:
            seat0.append(ply)
        replayed.apply_action(action)
    ply = seat0[-left] if len(seat0) >= left else seat0[0]
    late = towers.make(name, players=players, **options).new_initial_state()
    for action in history[:ply]:
        late.apply_action(action)
    assert late.current_player() == 0
    return late


def refused_name(state: State) -> str:
    """The name of a move the rules refuse now and the game reads back as that move."""
    legal = set(state.legal_actions())
    for action in range(state.game.num_distinct_actions()):
        if action in legal:
            continue
        try:
            name = state.action_to_string(action)
            if state.string_to_action(name) == action and not any(
                state.action_to_string(a).casefold().startswith(name.casefold()) for a in legal
            ):
                return name
        except Exception:  # a move of another kind of position may not be named here
            continue
    raise AssertionError("no refused move found")


def screen_text(output: str) -> str:
    """What the terminal shows from its last clearing to the prompt, escapes removed."""
    shown = output[output.rfind(CLEAR) :] if CLEAR in output else output
    return ANSI.sub("", shown).replace("\r\n", "\n").replace("\r", "")


def check_screen(name: str, text: str, seat: str) -> None:
    lines = text.strip("\n").split("\n")
    assert len(lines) <= 23, f"{len(lines)} lines:\n{text}"
    assert all(len(line) <= 80 for line in lines), text
    assert lines[0].startswith(title_of(name)), text
    assert f"{seat} (human) to move" in lines[0], text
    assert not ids_in(name, text), (ids_in(name, text), text)


class Player:
    """Seat 0 at the terminal: types lines and reads what comes back."""

    def __init__(self, name: str, path: Path, players: int, home: Path, seat: str) -> None:
        self.name = name
        self.seat = seat
        """Seat 0's name, which the prompt and the screen's header say."""
        env = {
            **os.environ,
            "NO_COLOR": "1",
            "TERM": "xterm",
            "PAGER": "cat",
            "XDG_DATA_HOME": str(home),
            "PROMPT_TOOLKIT_NO_CPR": "1",
        }
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        seats = ",".join(["human"] + ["random"] * (players - 1))
        self.child = pexpect.spawn(
            TOWERS[0],
            [*TOWERS[1:], "resume", str(path), "--seats", seats],
            env=env,
            dimensions=(24, 80),
            encoding="utf-8",
            timeout=60,
        )
        self.screens = 0

    def wait(self) -> int:
        """Wait for the prompt (0), the confirm's question (1) or the end (2)."""
        prompt = NEW_PROMPT + re.escape(f"{self.seat}>")
        return int(self.child.expect([prompt, QUESTION, OVER]))

    def type(self, line: str) -> int:
        self.child.sendline(line)
        return self.wait()

    def check(self) -> None:
        check_screen(self.name, screen_text(self.child.before), self.seat)
        self.screens += 1

    def said(self) -> str:
        return " ".join(ANSI.sub("", self.child.before).split())

    def moves(self) -> int:
        """How many moves the screen offers: those numbered 1, 2, ... and those counted."""
        text = screen_text(self.child.before)
        listed = text[text.find("Moves: ") :]
        numbers = {int(n) for n in re.findall(r"(?:Moves: |^ {7}| {3})(\d+) ", listed, re.M)}
        count = 0
        while count + 1 in numbers:
            count += 1
        more = re.search(r"and (\d+) more: type 'moves'", listed)
        return max(count, 1) + (int(more.group(1)) if more else 0)


@pytest.mark.parametrize(
    ("name", "players", "options", "left", "takes_back"), CASES, ids=[c[0] for c in CASES]
)
def test_a_whole_game_at_the_terminal(
    name: str,
    players: int,
    options: dict[str, Any],
    left: int,
    takes_back: bool,
    tmp_path: Path,
) -> None:
    state = late_position(name, players, options, left)
    path = tmp_path / "late.json"
    save(path, state, seats=["human"] + ["random"] * (players - 1), seed=7)
    player = Player(name, path, players, tmp_path, views_of(state.game).seat_name(0))
    assert player.wait() == 0
    player.check()

    assert player.type("xyzzy") == 0
    assert "'xyzzy' is not a move or a command" in player.said()
    assert player.type(refused_name(state)) == 0
    assert "is not allowed" in player.said()
    assert player.type("help") == 0
    assert "undo" in player.said() and "rules [SECTION]" in player.said()
    topic = views_of(state.game).glossary()[0]
    assert player.type(f"help {topic.name}") == 0
    assert topic.name in player.said()
    assert player.type("undo") == 0
    assert "Cannot undo" in player.said()

    answered_no = undone = asked = False
    seen = 0
    rng = random.Random(3)
    count = player.moves()
    got = player.type(str(rng.randint(1, count)))
    for _ in range(600):
        if got == 2:
            break
        if got == 1:  # the confirm: no once, then yes
            if not answered_no:
                answered_no = True
                assert player.type("n") == 0
                assert "Not played." in player.said()
                got = player.type(str(rng.randint(1, count)))
            else:
                asked = True
                got = player.type("y")
            continue
        player.check()
        seen += 1
        count = player.moves()
        if not undone and "You just played:" in player.said():
            # seat 0 moved and moves again: take it back (unless the confirm said it could
            # not be), then play on
            assert player.type("undo") == 0
            if asked:
                assert "so it stands" in player.said()
            else:
                assert "Took back: " in player.said()
                undone = True
                player.check()  # the turn's screen as it was before
                count = player.moves()
        asked = False
        got = player.type(str(rng.randint(1, count)))
    assert got == 2, "the game did not end"
    player.child.expect(pexpect.EOF)
    end = " ".join(ANSI.sub("", player.child.before).split())
    assert "Final scores" in end
    ending = views_of(state.game).ending(_final(path))
    assert ending is not None and " ".join(ending.verdict.split()) in end
    assert answered_no and seen >= 2
    assert undone or not takes_back, "no action was taken back"


def _final(path: Path) -> State:
    from towers.core.record import load, replay

    final = replay(load(path))
    assert final.is_terminal() and final.current_player() != CHANCE
    return final
