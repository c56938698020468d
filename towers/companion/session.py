"""A companion session: people play Return to Dark Tower on their own board, towers is the app.

The session is a ``dark_tower`` game whose seats are all people at one table. It drives the
same :class:`~towers.games.dark_tower.rules.DarkTowerState` as every game of it and decides
only who supplies each chance outcome, and what is announced:

- ``app``: what the real app draws (events, battle cards, dungeon rooms, spawns, monthly
  quests, companions, the glowing seal): drawn here and announced;
- ``tower``: where skulls come out of the Tower; with the simulated tower drawn here, with a
  real tower (over Bluetooth or worked by hand) entered by the players (no sensor tells),
  checked against the legal outcomes; a tower worked by hand is also turned by the table,
  which then says where the drums face (``confirm_drums``), checked against the engine's;
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

from towers.companion import entries as E
from towers.companion import printed as P
from towers.companion.announce import announce, opening_words, turn_key, turn_words
from towers.companion.mirror import SIMULATED, TowerFactory, TowerMirror, open_device
from towers.core import record
from towers.core.chance import derive_seed, sample_chance
from towers.core.errors import IllegalActionError, SaveFormatError, TowersError
from towers.core.frames import Frame
from towers.core.game import CHANCE
from towers.core.registry import make
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.actions import (
    SPACE,
    DrawEvent,
    DrawTreasure,
    DropSkull,
    Release,
    RevealRoom,
)
from towers.games.dark_tower.data import DATA
from towers.games.dark_tower.render import hero_name, messages
from towers.games.dark_tower.rules import DarkTowerState
from towers.games.dark_tower.tower import LEVELS, SIDES, drum_words

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
    F.HaggleRoll: "Roll the haggle die and enter its face (faces: "
    + "; ".join(E.haggle_legend())
    + ")",
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
    drums: tuple[int, ...] = ()
    """The drums a tower worked by hand was turned at, awaiting where they face now."""

    @property
    def is_table(self) -> bool:
        return self.seat is None


def setup_choices() -> dict[str, Any]:
    """The app's set-up screens: the game's options (name, default, choices and the choices'
    names: the main goal, the adversary and the foes as the app names them), the base heroes
    to choose from (Hero Setup), each player count's default heroes, and the towers a
    session may start with (a tower over Bluetooth is connected once it has started)."""
    from towers.games.dark_tower.rules import DarkTowerGame

    options = [
        {
            "name": name,
            "default": opt.default,
            "choices": list(opt.choices or ()),
            "names": [opt.name_of(c) for c in opt.choices or ()],
        }
        for name, opt in DarkTowerGame.OPTIONS.items()
    ]
    defaults = {
        n: [h.id for h in DarkTowerGame(n).heroes]
        for n in range(DarkTowerGame.min_players, DarkTowerGame.max_players + 1)
    }
    from towers.companion.mirror import KIND_NAMES, MANUAL

    return {
        "options": options,
        "heroes": {h.id: h.name for h in DATA.heroes},
        "default_heroes": defaults,
        "towers": {k: KIND_NAMES[k] for k in (SIMULATED, MANUAL)},
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
        printed: Mapping[str, Any] | None = None,
        unused: list[str] | None = None,
    ) -> None:
        self.state = state
        self.seed = seed
        self.printed = dict(printed or {})
        """The owner's printed values this session plays with (see :mod:`.printed`)."""
        self.unused = list(unused or [])
        """The kinds of printed values read but not used by this version of the rules."""
        self.printed_path: Path | None = None
        """Where the owner keeps printed values (named in the set-up's warning)."""
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
        printed: Mapping[str, Any] | None = None,
    ) -> CompanionSession:
        """A session at the start of the game (GameOptionError for bad options), with the
        owner's ``printed`` values (checked: PrintedError) in place of designed ones."""
        game = make(GAME, players=players, **{**first_game_options(), **(options or {})})
        printed = P.check(printed or {})
        unused = P.apply(game, printed)
        state = game.new_initial_state()
        assert isinstance(state, DarkTowerState)
        session = cls(state, seed, tower_kind, tower, printed, unused)
        session.turn = None
        return session

    def designed_warning(self) -> list[str]:
        """The set-up's word on designed values (see :mod:`.printed`)."""
        return P.warning(self.printed, self.unused, self.printed_path)

    def opening(self) -> list[str]:
        """What the app says before the first step."""
        return opening_words(self.state) + self.designed_warning()

    def to_record(self) -> dict[str, Any]:
        companion: dict[str, Any] = {"version": VERSION, "tower": self.tower_kind}
        if self.printed:
            companion["printed"] = self.printed
        return record.game_record(self.state, self.words, seed=self.seed, companion=companion)

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
        try:
            printed = P.check(companion.get("printed", {}), "the saved session's printed values")
        except P.PrintedError as exc:
            raise SaveFormatError(str(exc)) from None
        unused = P.apply(game, printed)
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
        session = cls(state, seed, kind, tower, printed, unused)
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
        drums = self.mirror.unconfirmed()
        if drums:
            return Waiting(None, self._drums_ask(drums), drums=tuple(drums))
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

    def label(self, action: int) -> str:
        """An entry in the table's words: a card by its printed name, a die face as printed,
        where a skull came out with its kingdom (:mod:`.entries`)."""
        return E.label(self.state, action)

    def shown_entries(self) -> list[int]:
        """The entries to offer: one for each label (two faces of the haggle die alike)."""
        if self.mirror.unconfirmed():
            return []
        return E.shown(self.state, self.entries())

    def read(self, text: str) -> int:
        """The entry a typed line names (ValueError when none): see :func:`.entries.read`."""
        return E.read(self.state, self.entries(), text)

    # ---- a tower worked by hand -------------------------------------------------------
    def _drums_ask(self, levels: list[int]) -> str:
        data = self.state.tower.data
        turned = "; ".join(
            drum_words(data, level, self.state.tower.drums[level]) for level in levels
        )
        return (
            f"Turn the Tower's drums by hand as told, then say where each turned drum faces "
            f"now ({turned})"
        )

    def confirm_drums_text(self, text: str) -> list[str]:
        """:meth:`confirm_drums` from a typed line: ``east`` when one drum was turned, else
        ``top east middle north`` (or ``top=east, middle=north``)."""
        words = text.replace("=", " ").replace(",", " ").replace(":", " ").split()
        turned = self.mirror.unconfirmed()
        if len(words) == 1 and len(turned) == 1:
            return self.confirm_drums({turned[0]: words[0]})
        if not words or len(words) % 2:
            example = " ".join(f"{LEVELS[lv]} north" for lv in turned) or "top north"
            raise EntryError(
                f"say each turned drum and the side it faces, e.g. {example}; the sides are "
                f"{', '.join(SIDES)}"
            )
        return self.confirm_drums(dict(zip(words[::2], words[1::2], strict=True)))

    def confirm_drums(self, positions: Mapping[Any, object]) -> list[str]:
        """The table says where the drums it turned by hand face (level or drum name ->
        side). Refused (EntryError, one line naming the side each must face), nothing
        changed, unless each is where the engine has it."""
        device = self.mirror.device
        if not self.mirror.manual:
            raise EntryError("only a tower worked by hand is told where its drums face")
        levels: dict[int, object] = {}
        for key, side in positions.items():
            name = str(key).strip().lower()
            if name in LEVELS:
                levels[LEVELS.index(name)] = side
            elif name in ("0", "1", "2"):
                levels[int(name)] = side
            else:
                raise EntryError(f"no drum {key!r}: the drums are {', '.join(LEVELS)} (or 0, 1, 2)")
        missing = [LEVELS[lv] for lv in self.mirror.unconfirmed() if lv not in levels]
        if missing:
            raise EntryError(
                f"say where the {' and '.join(missing)} drum"
                f"{'s face' if len(missing) > 1 else ' faces'} too: each is one of "
                f"{', '.join(SIDES)}"
            )
        try:
            device.confirm_drums(levels)  # type: ignore[attr-defined]
        except ValueError as exc:
            raise EntryError(str(exc)) from None
        said = ", ".join(
            f"{LEVELS[lv]} {SIDES[self.state.tower.drums[lv]]}" for lv in sorted(levels)
        )
        return [f"The Tower's drums are where they must be: {said}."] + self.advance()

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
        if self.mirror.unconfirmed():
            raise EntryError(self._drums_ask(self.mirror.unconfirmed()) + ", first")
        if state.current_player() == CHANCE:
            allowed = self.entries()
            set_aside = self._set_aside(action)
            if action not in allowed and set_aside:
                raise EntryError(set_aside)
            if action not in allowed:
                what = ASK.get(type(state.pending[-1]), "an outcome").lower()
                named = [self.label(a) for a in E.shown(state, allowed)]
                shown = ", ".join(named[:12])
                more = f" and {len(named) - 12} more" if len(named) > 12 else ""
                said = self._words(action)
                raise EntryError(f"{said} cannot be entered now ({what}): {shown}{more}")
        try:
            lines = self._step(action)
        except IllegalActionError as exc:
            raise EntryError(str(exc).splitlines()[0]) from None
        return lines + self.advance()

    def _set_aside(self, action: int) -> str | None:
        """Why a main goal's treasure the table drew is not in the deck, and what to do."""
        value = SPACE.decode(action) if 0 <= action < SPACE.size else None
        if not isinstance(value, DrawTreasure):
            return None
        for where, treasure in self.state.game.goal.steps:
            if treasure == value.treasure:
                name = DATA.treasures[treasure].name
                found = (
                    f"it is found in {DATA.locations[where].dungeon} ({self.state.game.goal.name})"
                    if not self.state.game.competitive
                    else "it is one of the first game's main goal treasures, set aside"
                )
                return (
                    f"{name} is not in the treasure deck in this game: {found}. Put it "
                    "aside, draw another card and enter that"
                )
        return None

    def _words(self, action: int) -> str:
        try:
            return self.label(action)
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
