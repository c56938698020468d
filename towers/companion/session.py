"""A companion session: people play Return to Dark Tower on their own board, towers is the app.

The session is a ``dark_tower`` game whose seats are all people at one table. It drives the
same :class:`~towers.games.dark_tower.rules.DarkTowerState` as every game of it and decides
only who supplies each chance outcome, and what is announced:

- ``app``: what the real app draws (events, battle cards, dungeon rooms, spawns, monthly
  quests, companions, the glowing seal): drawn here and announced;
- ``tower``: where skulls come out of the Tower; with the simulated tower drawn here, with a
  real tower entered by the players (no sensor tells), checked against the legal outcomes;
- ``table``: the cards and die the players hold (the treasure, potion and corruption decks
  shuffled at World Setup 6-8, the haggle die of World Setup 9 and Reinforce, the heroic
  test cards of the competitive game): the players draw or roll and enter what they got.

Everything else is the players' entries, the game's own actions, refused with the game's own
one-line reasons. A session is saved after every entry as a ``towers-game/1`` record (the
options, the seed and the history) with a ``companion`` table (its version and the tower
kind); loading replays it. Drawn outcomes come from a generator seeded by the session's seed
and the ply, so a resumed session draws what the uninterrupted one would have.

Undo
----
``undo()`` takes back the players' last entry, and may be repeated back to the start of the
turn, but never past a step that revealed something or moved a skull: a drawn or entered
chance outcome (an event, a card, a room, a die, where a skull came out) or a change of the
Tower (a skull dropped, a drum turned, a seal removed). The turn's start is such a point
too, since every turn ends by dropping a skull. So an undo never hides what the table has
seen, never asks the real Tower to take a skull back, and cannot be used to draw again.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from towers.companion.announce import announce, opening_words, turn_key, turn_words
from towers.companion.mirror import SIMULATED, TowerFactory, TowerMirror, open_device
from towers.core import record
from towers.core.chance import derive_seed, sample_chance
from towers.core.errors import IllegalActionError, SaveFormatError, TowersError
from towers.core.frames import Frame
from towers.core.game import CHANCE
from towers.core.registry import make
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.actions import SPACE, DrawEvent, DropSkull, Release, RevealRoom
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.render import hero_name, messages
from towers.games.dark_tower.rules import DarkTowerState

GAME = "dark_tower"
VERSION = 1
"""The version of a saved session's ``companion`` table."""
APP, TOWER, TABLE = "app", "tower", "table"

SOURCES: dict[type[Frame], str] = {
    F.Releasing: TOWER,
    F.SealGlow: APP,
    F.EventDraw: APP,
    F.CardReveal: APP,
    F.RoomReveal: APP,
    F.Spawn: APP,
    F.CompanionDraw: APP,
    F.QuestDraw: APP,
    F.PotionDraw: TABLE,
    F.TreasureDraw: TABLE,
    F.CorruptionDraw: TABLE,
    F.HaggleRoll: TABLE,
    F.DealTest: TABLE,
}
"""Who supplies each chance node's outcome (see the module's docstring)."""

ASK = {
    F.Releasing: "Where did a skull come out of the Tower? (an opening, a door, or still "
    "when no more came out)",
    F.PotionDraw: "Draw a potion card and enter it",
    F.TreasureDraw: "Draw a treasure card and enter it",
    F.CorruptionDraw: "Draw a corruption card and enter it",
    F.HaggleRoll: "Roll the haggle die and enter its face",
    F.DealTest: "Deal a heroic test card and enter it",
}
"""What the table is asked for when it supplies a chance outcome."""


def cues(before: DarkTowerState, value: object, after: DarkTowerState) -> list[str]:
    """The Tower's light cues for a step: a month begun, the adversary striking from the
    Tower, a dungeon room revealed, the game won or lost."""
    out = []
    if after.result:
        out.append("victory" if after.result > 0 else "defeat")
    elif after.month != before.month:
        out.append("month")
    if isinstance(value, DrawEvent) and DATA.events[value.card].category == "tower_acts":
        out.append("tower_acts")
    if isinstance(value, RevealRoom):
        out.append("dungeon")
    return out


def _drop_left_over(path: Path) -> None:
    """Remove the half-written saves of ``path`` that processes no longer running left
    behind (killed while writing)."""
    for left in path.parent.glob(f".{path.name}.*.tmp"):
        pid = left.name[len(path.name) + 2 : -len(".tmp")]
        if pid.isdigit() and int(pid) != os.getpid() and not _running(int(pid)):
            left.unlink(missing_ok=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # someone else's process
    return True


def _sync_folder(folder: Path) -> None:
    """Put a folder's new entries on the disk (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class EntryError(TowersError, ValueError):
    """An entry that is refused now; the message says why in one line. Nothing changed."""


@dataclass(frozen=True)
class Waiting:
    """Who the session waits for: a seat's decision, or the table's outcome of ``ask``."""

    seat: int | None
    ask: str

    @property
    def is_table(self) -> bool:
        return self.seat is None


def setup_choices() -> dict[str, Any]:
    """The app's set-up screens: the game's options (name, default, choices and the choices'
    names: the main goal, the adversary and the foes as the app names them), the base heroes
    to choose from (Hero Setup), and each player count's default heroes."""
    from towers.games.dark_tower.rules import DarkTowerGame

    names = {g.id: g.name for g in DATA.main_goals} | {f.id: f.name for f in DATA.foes}
    options = [
        {
            "name": name,
            "default": opt.default,
            "choices": list(opt.choices or ()),
            "names": [names.get(str(c), str(c)) for c in opt.choices or ()],
        }
        for name, opt in DarkTowerGame.OPTIONS.items()
    ]
    defaults = {
        n: [h.id for h in DarkTowerGame(n).heroes]
        for n in range(DarkTowerGame.min_players, DarkTowerGame.max_players + 1)
    }
    return {
        "options": options,
        "heroes": {h.id: h.name for h in DATA.heroes},
        "default_heroes": defaults,
    }


def first_game_options() -> dict[str, Any]:
    """The recommended first game (App Setup): every option at its default, which are
    Recover Azkol's Treasures against Ashstrider with the first game's foes, on Heroic.
    Another main goal is the option ``goal`` (one of ``[[main_goals]]`` in quests.toml)."""
    return {}


class CompanionSession:
    """One companion session: the engine's state, the tower at the table, the seed."""

    def __init__(
        self,
        state: DarkTowerState,
        seed: int,
        tower_kind: str = SIMULATED,
        tower: TowerFactory = open_device,
    ) -> None:
        self.state = state
        self.seed = seed
        self.tower_kind = tower_kind
        self.mirror = TowerMirror(tower(tower_kind, tower=state.tower.copy()), state.tower)
        self.barrier = 0
        """The ply before which nothing may be undone."""
        self.turn = turn_key(state)
        """The turn last announced."""
        self.words = record.MoveWords(state.game)
        """The saved record's words, kept from one save to the next."""

    # ---- making and keeping -------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        tower_kind: str = SIMULATED,
        tower: TowerFactory = open_device,
    ) -> CompanionSession:
        """A session at the start of the game (GameOptionError for bad options)."""
        game = make(GAME, players=players, **{**first_game_options(), **(options or {})})
        state = game.new_initial_state()
        assert isinstance(state, DarkTowerState)
        session = cls(state, seed, tower_kind, tower)
        session.turn = None
        return session

    def opening(self) -> list[str]:
        """What the app says before the first step."""
        return opening_words(self.state)

    def to_record(self) -> dict[str, Any]:
        return record.game_record(
            self.state,
            self.words,
            seed=self.seed,
            companion={"version": VERSION, "tower": self.tower_kind},
        )

    def save(self, path: Path) -> None:
        """Write the session atomically: a kill mid-write leaves the previous save, and the
        new one is on the disk before it takes the old one's place (so even a machine that
        loses its power keeps one of the two whole)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            with tmp.open("w", encoding="utf-8") as f:
                f.write(json.dumps(self.to_record(), indent=1) + "\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
        _sync_folder(path.parent)
        _drop_left_over(path)

    @classmethod
    def from_record(
        cls,
        data: Mapping[str, Any],
        tower_kind: str | None = None,
        tower: TowerFactory = open_device,
    ) -> CompanionSession:
        """A saved session, replayed (SaveFormatError when it is not one)."""
        data = dict(data)
        companion = data.get("companion")
        if not isinstance(companion, dict) or companion.get("version") != VERSION:
            raise SaveFormatError(
                f"not a companion session of version {VERSION}: start one with "
                "`towers companion dark_tower`"
            )
        if data.get("game") != GAME:
            raise SaveFormatError(f"a companion session is of {GAME}, not {data.get('game')!r}")
        seed = data.get("seed")
        if type(seed) is not int:
            raise SaveFormatError("the saved session's seed is not a whole number")
        game = record.game_from_record(data)
        state = game.new_initial_state()
        assert isinstance(state, DarkTowerState)
        barrier = 0
        for i, action in enumerate(record.record_history(data)):
            tower_before = state.tower.to_json()
            chance = state.current_player() == CHANCE
            try:
                state.apply_action(action)
            except IllegalActionError as exc:
                raise SaveFormatError(
                    f"action {i + 1} of the saved session is not legal: {exc}"
                ) from None
            if chance or state.tower.to_json() != tower_before:
                barrier = i + 1
        kind = tower_kind or str(companion.get("tower", SIMULATED))
        session = cls(state, seed, kind, tower)
        session.barrier = barrier
        return session

    @classmethod
    def load(
        cls, path: Path, tower_kind: str | None = None, tower: TowerFactory = open_device
    ) -> CompanionSession:
        return cls.from_record(record.load(path), tower_kind, tower)

    # ---- whose step -----------------------------------------------------------------------
    @property
    def history_len(self) -> int:
        return len(self.state.history())

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def source(self) -> str | None:
        """Who supplies the chance outcome now (None when a seat decides or the game is over)."""
        if self.state.is_terminal() or self.state.current_player() != CHANCE:
            return None
        return SOURCES[type(self.state.pending[-1])]

    def is_drawn(self) -> bool:
        """Whether the session draws the outcome now (the app's, or a simulated tower's)."""
        source = self.source()
        return source == APP or (source == TOWER and self.mirror.simulated)

    def waiting(self) -> Waiting | None:
        """Whom the session waits for, once drawn outcomes are played (None: game over)."""
        state = self.state
        if state.is_terminal():
            return None
        player = state.current_player()
        if player != CHANCE:
            return Waiting(player, f"{hero_name(state, player)}: what do you do?")
        if self.is_drawn():
            raise RuntimeError("advance() first: the app draws this outcome")
        return Waiting(None, ASK.get(type(state.pending[-1]), "Enter what happened"))

    def entries(self) -> list[int]:
        """The entries allowed now: a seat's legal actions, or the table's possible outcomes."""
        state = self.state
        if state.is_terminal():
            return []
        if state.current_player() == CHANCE:
            return [a for a, _ in state.chance_outcomes()]
        return state.legal_actions()

    def name(self, action: int) -> str:
        return self.state.action_to_string(action)

    # ---- playing ----------------------------------------------------------------------------
    def advance(self) -> list[str]:
        """Draw and announce every outcome the app (or a simulated tower) supplies, until a
        seat or the table must say something, or the game ends."""
        lines: list[str] = []
        while not self.state.is_terminal() and self.is_drawn():
            rng = random.Random(derive_seed(self.seed, "companion", self.history_len))
            lines += self._step(sample_chance(self.state, rng))
        return lines

    def enter(self, action: int) -> list[str]:
        """The table's entry: a seat's action or an outcome it supplies. Refused with one line
        (EntryError), nothing changed, when it is not allowed now. Then the drawn outcomes
        that follow are played; the lines say what happened."""
        state = self.state
        if state.is_terminal():
            raise EntryError(f"the game is over: {state.ending}")
        if self.is_drawn():
            raise EntryError("the app draws this now, not the table")
        if state.current_player() == CHANCE:
            allowed = self.entries()
            if action not in allowed:
                what = ASK.get(type(state.pending[-1]), "an outcome").lower()
                shown = ", ".join(self.name(a) for a in allowed[:12])
                more = f" and {len(allowed) - 12} more" if len(allowed) > 12 else ""
                said = self._words(action)
                raise EntryError(f"{said} cannot be entered now ({what}): {shown}{more}")
        try:
            lines = self._step(action)
        except IllegalActionError as exc:
            raise EntryError(str(exc).splitlines()[0]) from None
        return lines + self.advance()

    def _words(self, action: int) -> str:
        try:
            return self.name(action)
        except (ValueError, KeyError, IndexError):
            return f"entry {action}"

    def _step(self, action: int) -> list[str]:
        state = self.state
        before = state.clone()
        assert isinstance(before, DarkTowerState)
        chance = state.current_player() == CHANCE
        tower_before = state.tower.copy()
        state.apply_action(action)
        lines = announce(before, action, state)
        turn = turn_key(state)
        if turn is not None and turn != self.turn:
            self.turn = turn
            lines.append(turn_words(state))
        value = SPACE.decode(action)
        released = value.what if isinstance(value, Release) else None
        if isinstance(value, DropSkull) and not self.mirror.simulated:
            lines.insert(0, "Drop a skull into the Tower.")
        lines += self.mirror.step(tower_before, released, state.tower)
        for cue in cues(before, value, state):
            self.mirror.cue(cue)
        if chance or state.tower != tower_before:
            self.barrier = self.history_len
        return lines

    def undo(self) -> list[str]:
        """Take back the last entry of this turn (EntryError when there is none that may be
        taken back: see the module's docstring)."""
        history = self.state.history()
        if len(history) <= self.barrier:
            raise EntryError(
                "nothing to undo: the turn has just begun, or what was last revealed or "
                "dropped (an event, a card, a room, a die, a skull) cannot be taken back"
            )
        taken = self.name(history[-1])
        state = self.state.game.new_initial_state()
        for action in history[:-1]:
            state.apply_trusted(action)
        assert isinstance(state, DarkTowerState)
        self.state = state
        return [f"Undone: {taken}."] + ([turn_words(state)] if turn_key(state) else [])

    def recap(self) -> list[str]:
        """Where the game stands, in the app's words (for a resumed session), as the whole
        table may read them: a card dealt face down is not named."""
        return messages(self.state, None)
