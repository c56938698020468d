"""The Dark Tower, simulated: three drums that turn, twelve sealed openings, skulls inside.

Return to Dark Tower is played around an electronic tower. This module is that tower as a
component of the game's state, so the game can be played without one, and so a real tower
(driven over Bluetooth) or a person at the table can supply what happened instead. It
imports nothing of the game's rules; they hold one :class:`Tower` and ask it for chance
outcomes.

The tower's frame
-----------------
``LEVELS`` are the drums from the top, ``SIDES`` the four sides clockwise from north. An
opening is ``level * 4 + side`` in the tower's frame: the side it faces now. A seal rides on
its drum, as do the glyphs (facts: ``data/tower.toml``), so turning a drum ``steps`` times
90 degrees clockwise carries them from side ``s`` to ``(s + steps) % 4``. A skull comes out
of an opening (0-11), of one of the base's four doors (``BASE + side``, 12-15; the base does
not turn and its doors are never sealed), or the tower goes ``STILL`` (16). A skull that
comes out on side S lands in the kingdom facing S.

Chance
------
Each of ``drop()``, ``rotate()``, ``break_seal()`` and ``restore_seal()`` may open a
*release*; while ``is_releasing()``, ``release_outcomes()`` lists what comes out next, with
its probability, and ``release(outcome)`` applies one, until ``STILL`` closes the release.
A drop is thus a short run of chance nodes of at most 13 outcomes (no skull comes out of a
sealed opening). The model holds no randomness: every probability is computed from the
designed numbers and the state, and the caller (a game's chance node, a seeded generator, a
real tower, a person) says which outcome happened. While a release is open the tower refuses
another drop, turn or seal: the release is finished first. A calibrated tower lets a dropped
skull out of one of the four doors, or keeps it:

>>> tower = Tower.calibrated()
>>> tower.drop()
>>> tower.release_outcomes()
[(12, 0.175), (13, 0.175), (14, 0.175), (15, 0.175), (16, 0.3)]
>>> tower.release(14)                    # out of the south door, into Arisilon
>>> tower.release_outcomes()             # nothing else was loose
[(16, 1.0)]
>>> tower.release(STILL)
>>> tower.is_releasing(), tower.skulls_inside()
(False, 0)

With the top north seal broken, a skull may come out there, above Durnin:

>>> tower.break_seal(0)
>>> tower.is_releasing()                 # the tower is empty: nothing to loosen
False
>>> tower.drop()
>>> [(outcome_name(o), round(p, 6)) for o, p in tower.release_outcomes()]
[('top north opening', 0.105), ('north door', 0.14875), ('east door', 0.14875), ('south door', 0.14875), ('west door', 0.14875), ('still', 0.3)]

What is designed, and why
-------------------------
The rulebook says only that a skull dropped in the top may come out, to be placed in the
kingdom where it emerged (End of Turn, Placing Skulls), and that skulls may emerge when the
tower rotates or a seal is removed (Events). Players describe a tower
that keeps some skulls and lets them out later, several at once. Everything below is
designed to behave like that, and its numbers live in ``data/tower.toml``:

- **Ledges.** Each drum has ledges holding up to ``capacity`` skulls (3 a drum, 9 in all),
  so a tower can never swallow the supply of 24.
- **The fall.** A loose skull falls level by level. On its *catch level* it lodges with
  probability ``catch``; otherwise it strikes one of the level's four walls, each as likely,
  and leaves by that wall's opening with probability ``escape`` if the seal there is broken;
  otherwise it falls on, and from the bottom drum into the base, whose doors always let it
  out (equally likely, ``door_weights``). So broken seals on the upper levels let out skulls
  that would otherwise have reached the lower ones.
- **Where a skull may lodge.** Only on one ledge: the least crowded ledge with room at or
  below its level (the upper on a tie), because a crowded ledge deflects it. A skull that
  passes that ledge finds no other. This spreads the resting skulls over the drums, and it
  makes where a skull rests follow from what came out, so each outcome leads to one state.
- **The rumble.** A skull falling past a ledge that holds ``spill_at`` skulls or more (1)
  knocks ``knock`` of them loose (1; 0 would be the whole pile), and they fall in turn,
  knocking others: what gathered comes out with the next skulls, or lodges again.
- **Loosening.** Turning a drum sweeps its ledges and pulling a seal off jars its drum:
  every skull resting on that drum comes loose (``[loosening]``). Putting a seal back
  loosens nothing.
- **One at a time.** The loose skull lowest in the tower falls first. Each outcome is where
  it comes out; ``STILL`` means it lodged, and a lodged skull jams the chute: every skull
  still loose comes to rest, each on its own least crowded ledge with room (lowest first).
  When they could not all fit, the first cannot lodge and must come out.
- **The glowing seal** is any sealed opening, each as likely (``[glow]``).

With the designed numbers (``catch`` 0.3, ``escape`` 0.6, three skulls a drum), over 10,000
drops of simulated games a drop lets out no skull 28% of the time, one 55%, two or more 17%
(mean 0.93; the events that turn drums and break seals let out the rest, 0.06 a turn), and
about as many skulls come out as go in. What rests where follows, in the simulation, from
what came out; a real tower hides it, so ``determinize(rng)`` re-deals it for search that
must not rely on the simulation's bookkeeping.
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from towers.core.datafile import DataFileError, read, read_text
from towers.games.dark_tower.data import TOWER_LEVELS, TOWER_SIDES, TowerFile

LEVELS = TOWER_LEVELS
SIDES = TOWER_SIDES
"""Clockwise from north; a kingdom faces each: Durnin, Brynthia, Arisilon, Zenon."""
OPENINGS = 12
BASE = 12
"""The base's door facing ``side`` is the outcome ``BASE + side``."""
STILL = 16
"""The outcome "no more come out now": every skull still loose comes to rest inside."""
STEPS = (1, 2, 3)
"""A drum turns 1 to 3 steps of 90 degrees clockwise (4 would bring it back where it was)."""
LOOSENING = ("drum", "none")
DATA_PATH = Path(__file__).parent / "data" / "tower.toml"


# ---------------------------------------------------------------------------------- data


@dataclass(frozen=True, slots=True)
class Ledge:
    """One drum's insides, as designed: how many skulls its ledges hold, the pile a falling
    skull knocks loose, the chance a skull lodges there, and the chance a skull striking an
    open opening of the drum leaves by it."""

    capacity: int
    spill_at: int
    knock: int
    catch: float
    escape: float


@dataclass(frozen=True, slots=True)
class Glyph:
    id: str
    name: str
    level: int
    side_at_calibration: int


@dataclass(frozen=True, slots=True)
class TowerData:
    """The tower's facts and designed numbers, read from ``data/tower.toml`` (immutable,
    shared by every copy of a tower)."""

    ledges: tuple[Ledge, ...]
    door_weights: tuple[float, ...]
    loosening: tuple[tuple[str, str], ...]
    """(event, what it loosens) for rotate, break_seal, restore_seal."""
    glow_weights: tuple[float, ...]
    glyphs: tuple[Glyph, ...]
    light_layers: tuple[str, ...]
    ring_positions: tuple[str, ...]
    corner_positions: tuple[str, ...]
    light_effects: tuple[str, ...]
    sequences: int
    sounds: int
    seal_break_sequence: int
    seal_break_sound: int
    skull_dropped_sound: int
    rotation_sequences: tuple[int, ...]

    def loosens(self, event: str) -> str:
        return dict(self.loosening)[event]

    @property
    def capacity(self) -> int:
        """How many skulls can rest inside the tower at most."""
        return sum(ledge.capacity for ledge in self.ledges)


class TowerDataError(DataFileError):
    """A tower file says something the tower cannot be built from; the message names the
    file, the key and what is allowed there."""


def parse(file: TowerFile) -> TowerData:
    """The tower's data from its checked file (:class:`towers.games.dark_tower.data.TowerFile`)."""
    lights, cues = file.lights, file.cues
    return TowerData(
        ledges=tuple(
            Ledge(lv.capacity, lv.spill_at, lv.knock, lv.catch, lv.escape) for lv in file.level
        ),
        door_weights=file.base.door_weights,
        loosening=tuple(
            (e, getattr(file.loosening, e)) for e in ("rotate", "break_seal", "restore_seal")
        ),
        glow_weights=file.glow.level_weights,
        glyphs=tuple(
            Glyph(g.id, g.name, LEVELS.index(g.level), SIDES.index(g.side_at_calibration))
            for g in file.glyph
        ),
        light_layers=lights.layers,
        ring_positions=lights.ring_positions,
        corner_positions=lights.corner_positions,
        light_effects=lights.effects,
        sequences=lights.sequences,
        sounds=lights.sounds,
        seal_break_sequence=cues.seal_break_sequence,
        seal_break_sound=cues.seal_break_sound,
        skull_dropped_sound=cues.skull_dropped_sound,
        rotation_sequences=cues.rotation_sequences,
    )


@functools.cache
def _load_default() -> TowerData:
    return parse(read(DATA_PATH, TowerFile, TowerDataError))


def load(path: Path | None = None) -> TowerData:
    """The tower's data from ``path`` (default: the shipped ``data/tower.toml``); a file that
    is not valid TOML or does not match :class:`~towers.games.dark_tower.data.TowerFile`
    raises TowerDataError naming the file, each faulty key and what is allowed there."""
    if path is None:
        return _load_default()
    path = Path(path)
    return parse(read_text(path.read_text(), TowerFile, str(path), TowerDataError))


# ----------------------------------------------------------------------------- outcomes


def level_of(outcome: int) -> int | None:
    """The level an outcome comes out on (None for a base door or ``STILL``)."""
    return outcome // 4 if 0 <= outcome < OPENINGS else None


def side_of(outcome: int) -> int | None:
    """The side (and so the kingdom) a skull coming out at ``outcome`` lands on."""
    return outcome % 4 if 0 <= outcome < STILL else None


def outcome_name(outcome: int) -> str:
    """The outcome in words.

    >>> outcome_name(6), outcome_name(BASE + 3), outcome_name(STILL)
    ('middle south opening', 'west door', 'still')
    """
    if 0 <= outcome < OPENINGS:
        return f"{LEVELS[outcome // 4]} {SIDES[outcome % 4]} opening"
    if BASE <= outcome < STILL:
        return f"{SIDES[outcome - BASE]} door"
    if outcome == STILL:
        return "still"
    return f"no outcome {outcome!r}"


def _names(outcomes: Sequence[int]) -> str:
    return ", ".join(f"{o} ({outcome_name(o)})" for o in outcomes) or "none"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# -------------------------------------------------------------------------------- tower


_Known = tuple[
    tuple[tuple[int, float], ...], frozenset[int], dict[int, tuple[tuple[int, float], ...]]
]
_RELEASES: dict[int, tuple[TowerData, dict[tuple[Any, ...], _Known]]] = {}
"""The release outcomes worked out so far, for each tower data (by its id, the data kept with
them so that the id stays its own), by the tower's skulls, drums and seals: the outcomes with
their probabilities, the outcomes alone, and the outcomes shifted by each base asked for (see
``release_outcomes_from``)."""
_RELEASES_KEPT = 100_000


class Tower:
    """The tower's state: each drum's rotation, the seals on each drum, the skulls resting on
    each drum's ledges (hidden: a real tower does not show them; their total is public), the
    skulls loose in a release, and the counts of skulls dropped in and come out.

    ``seals[level][slot]`` is True while the seal in the drum's slot ``slot`` (the slot that
    faces side ``slot`` when the drum is at 0) is on."""

    __slots__ = ("data", "drums", "dropped", "emerged", "loose", "releasing", "resting", "seals")

    def __init__(
        self,
        data: TowerData,
        drums: list[int],
        seals: list[list[bool]],
        resting: list[int],
        loose: list[int],
        releasing: bool = False,
        dropped: int = 0,
        emerged: int = 0,
    ) -> None:
        self.data = data
        self.drums = drums
        self.seals = seals
        self.resting = resting
        self.loose = loose
        self.releasing = releasing
        self.dropped = dropped
        self.emerged = emerged

    @classmethod
    def calibrated(cls, data: TowerData | None = None) -> Tower:
        """The tower at setup: every drum at 0, all 12 openings sealed, nothing inside."""
        data = data or load()
        return cls(data, [0, 0, 0], [[True] * 4 for _ in LEVELS], [0, 0, 0], [0, 0, 0])

    # ----------------------------------------------------------------- what anyone sees

    def is_sealed(self, opening: int) -> bool:
        level, side = divmod(self._opening(opening), 4)
        return self.seals[level][self._slot(level, side)]

    def sealed_openings(self) -> list[int]:
        return [o for o in range(OPENINGS) if self.is_sealed(o)]

    def open_openings(self) -> list[int]:
        return [o for o in range(OPENINGS) if not self.is_sealed(o)]

    def glyph_sides(self) -> dict[str, int]:
        """Where each glyph faces now, as a side (an index into ``SIDES``).

        >>> tower = Tower.calibrated()
        >>> tower.rotate(0, 1)
        >>> {g: SIDES[s] for g, s in tower.glyph_sides().items()}["quest"]
        'west'
        """
        return {g.id: (g.side_at_calibration + self.drums[g.level]) % 4 for g in self.data.glyphs}

    def skulls_inside(self) -> int:
        """How many skulls are inside: the public total (dropped in and not come out)."""
        return sum(self.resting) + sum(self.loose)

    def is_releasing(self) -> bool:
        """True while skulls may still come out: ``release_outcomes()`` is the chance node.
        It depends only on what everyone knows (an event happened and the tower is not empty),
        never on where the skulls inside rest."""
        return self.releasing

    def public(self) -> dict[str, Any]:
        """What everyone at the table can see, JSON-ready."""
        return {
            "drums": self.drums[:],
            "seals": [self.is_sealed(o) for o in range(OPENINGS)],
            "glyphs": {g: SIDES[s] for g, s in self.glyph_sides().items()},
            "skulls_inside": self.skulls_inside(),
            "skulls_dropped": self.dropped,
            "skulls_out": self.emerged,
            "releasing": self.releasing,
        }

    # ---------------------------------------------------------------------- events

    def drop(self) -> None:
        """A skull enters the top; it is loose until it comes out or comes to rest."""
        self._refuse_while_releasing("drop a skull")
        self.dropped += 1
        self.loose[0] += 1
        self.releasing = True

    def rotate(self, level: int, steps: int) -> None:
        """Turn the drum ``level`` by ``steps`` of 90 degrees clockwise; its seals and glyphs
        turn with it."""
        level = self._level(level)
        if not _is_int(steps) or steps not in STEPS:
            raise ValueError(
                f"steps {steps!r} is not a turn of a drum: steps are 1, 2 or 3, each 90 "
                "degrees clockwise"
            )
        self._refuse_while_releasing("turn a drum")
        self.drums[level] = (self.drums[level] + steps) % 4
        self._loosen("rotate", level)

    def break_seal(self, opening: int) -> None:
        """Remove the seal covering ``opening`` (an event's glowing seal, a heroic test)."""
        self._set_seal(opening, False)

    def restore_seal(self, opening: int) -> None:
        """Put a seal back on ``opening`` (a heroic test in the competitive game)."""
        self._set_seal(opening, True)

    def _set_seal(self, opening: int, sealed: bool) -> None:
        opening = self._opening(opening)
        if self.is_sealed(opening) == sealed:
            raise ValueError(
                f"opening {opening} ({outcome_name(opening)}) is already sealed: a seal goes "
                f"back only on an open opening, now {_names(self.open_openings())}"
                if sealed
                else f"opening {opening} ({outcome_name(opening)}) has no seal to break: the "
                f"sealed openings are {_names(self.sealed_openings())}"
            )
        self._refuse_while_releasing("restore a seal" if sealed else "break a seal")
        level, side = divmod(opening, 4)
        self.seals[level][self._slot(level, side)] = sealed
        self._loosen("restore_seal" if sealed else "break_seal", level)

    def _slot(self, level: int, side: int) -> int:
        """The slot of the drum ``level`` that faces ``side`` now (its side at calibration)."""
        return (side - self.drums[level]) % 4

    def seal_to_break_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes of "the seal that glows" when an event removes one: each
        sealed opening, weighed by its level's glow weight (empty when none is left)."""
        weights = [(o, self.data.glow_weights[o // 4]) for o in self.sealed_openings()]
        total = sum(w for _, w in weights)
        return [(o, w / total) for o, w in weights if w > 0]

    # ------------------------------------------------------------------- the release

    def release_outcomes(self) -> list[tuple[int, float]]:
        """What comes out next, with its probability: an opening, a base door, or ``STILL``.
        They sum to 1; a sealed opening is never among them."""
        if not self.releasing:
            raise ValueError(
                "no release is open: skulls come out only after drop(), rotate(), "
                "break_seal() or restore_seal()"
            )
        return list(self._known_outcomes()[0])

    def release_outcomes_from(self, base: int) -> list[tuple[int, float]]:
        """``release_outcomes()`` with ``base`` added to each outcome (a game's chance
        actions), kept with the outcomes so that a tower seen again costs a look-up."""
        if not self.releasing:
            return self.release_outcomes()  # which refuses: no release is open
        pairs, _, shifted = self._known_outcomes()
        found = shifted.get(base)
        if found is None:
            found = shifted[base] = tuple([(base + o, p) for o, p in pairs])
        return list(found)

    def _known_outcomes(self) -> _Known:
        """The outcomes of the release now with their probabilities, and the outcomes alone.
        They follow from the skulls, the drums and the seals alone: worked out once for each
        such tower and kept (the same floats, computed the same way)."""
        seals = self.seals
        key = (*self.resting, *self.loose, *self.drums, *seals[0], *seals[1], *seals[2])
        kept = _RELEASES.get(id(self.data))
        if kept is None or kept[0] is not self.data:
            kept = _RELEASES[id(self.data)] = (self.data, {})
        known = kept[1]
        found = known.get(key)
        if found is None:
            if len(known) >= _RELEASES_KEPT:
                known.clear()
            pairs = tuple(self._release_outcomes())
            found = known[key] = (pairs, frozenset(o for o, _ in pairs), {})
        return found

    def _release_outcomes(self) -> list[tuple[int, float]]:
        head = self._head()
        if head is None:
            return [(STILL, 1.0)]
        plan = self._settle(self.resting, self.loose)
        catch_level = None if plan is None else plan[0]
        chances = [0.0] * (STILL + 1)
        reach = 1.0
        ledges, seals, drums = self.data.ledges, self.seals, self.drums
        for level in range(head, len(LEVELS)):
            ledge = ledges[level]
            if level == catch_level:
                chances[STILL] = reach * ledge.catch
                reach *= 1 - ledge.catch
            # the sides whose slot (side - drum) % 4 has no seal, as _slot says
            slots, drum = seals[level], drums[level]
            opened = [side for side in range(4) if not slots[(side - drum) % 4]]
            for side in opened:
                chances[level * 4 + side] = reach * ledge.escape / 4
            reach *= 1 - ledge.escape * len(opened) / 4
        total = sum(self.data.door_weights)
        for side, weight in enumerate(self.data.door_weights):
            chances[BASE + side] = reach * weight / total
        return [(o, p) for o, p in enumerate(chances) if p > 0]

    def release(self, outcome: int) -> None:
        """Apply one outcome of ``release_outcomes()``: the lowest loose skull comes out there
        (knocking loose the piles it fell past), or ``STILL``: every loose skull comes to
        rest and the release ends."""
        if not self.releasing or not _is_int(outcome) or outcome not in self._known_outcomes()[1]:
            offered = [o for o, _ in self.release_outcomes()]
            raise ValueError(
                f"outcome {outcome!r} ({outcome_name(outcome) if _is_int(outcome) else 'not an int'})"
                f" is not offered now: the outcomes are {_names(offered)}"
            )
        self.release_offered(outcome)

    def release_offered(self, outcome: int) -> None:
        """``release(outcome)`` for an outcome known to be offered now (a game's chance node
        applies only outcomes it listed), without asking again what is offered."""
        if outcome == STILL:
            plan = self._settle(self.resting, self.loose)
            for level in plan or ():
                self.resting[level] += 1
            self.loose = [0, 0, 0]
            self.releasing = False
            return
        head = self._head()
        assert head is not None  # an opening or a door is offered only with a skull loose
        self.loose[head] -= 1
        self.emerged += 1
        last = outcome // 4 if outcome < BASE else len(LEVELS) - 1
        for level in range(head, last + 1):
            ledge = self.data.ledges[level]
            if self.resting[level] >= ledge.spill_at:
                knocked = min(self.resting[level], ledge.knock or self.resting[level])
                self.loose[level] += knocked
                self.resting[level] -= knocked

    def _head(self) -> int | None:
        """The level of the loose skull lowest in the tower (it falls first), or None."""
        for level in reversed(range(len(LEVELS))):
            if self.loose[level]:
                return level
        return None

    def _catch_level(self, start: int, resting: Sequence[int]) -> int | None:
        """The one ledge a skull loose at ``start`` may lodge on: the least crowded with room
        at or below it, the upper on a tie."""
        ledges = self.data.ledges
        best = None
        fewest = 0
        for lv in range(start, len(LEVELS)):
            n = resting[lv]
            # the first of the least crowded: the upper one on a tie
            if n < ledges[lv].capacity and (best is None or n < fewest):
                best, fewest = lv, n
        return best

    def _settle(self, resting: Sequence[int], loose: Sequence[int]) -> list[int] | None:
        """Where the loose skulls come to rest if the tower goes still now, the lowest first
        (the first is where the falling skull lodges), or None if they cannot all fit."""
        after = list(resting)
        plan = []
        for level in reversed(range(len(LEVELS))):
            for _ in range(loose[level]):
                at = self._catch_level(level, after)
                if at is None:
                    return None
                after[at] += 1
                plan.append(at)
        return plan

    def _loosen(self, event: str, level: int) -> None:
        """After an event: loosen what it loosens, and open a release when the tower holds
        skulls (a public fact, so whether a release follows reveals nothing hidden)."""
        if self.data.loosens(event) == "none":
            return
        self.loose[level] += self.resting[level]
        self.resting[level] = 0
        self.releasing = self.skulls_inside() > 0

    # ---------------------------------------------------------------- hidden skulls

    def determinize(self, rng: random.Random) -> Tower:
        """A copy with the resting skulls re-dealt over the ledges with room, the same total
        (a real tower hides where they rest); drums, seals, loose skulls and counts kept."""
        copy = self.copy()
        copy.resting = [0, 0, 0]
        for _ in range(sum(self.resting)):
            room = [
                lv for lv in range(len(LEVELS)) if copy.resting[lv] < self.data.ledges[lv].capacity
            ]
            copy.resting[rng.choice(room)] += 1
        return copy

    # ------------------------------------------------------------- component plumbing

    def copy(self) -> Tower:
        return Tower(
            self.data,
            self.drums[:],
            [slots[:] for slots in self.seals],
            self.resting[:],
            self.loose[:],
            self.releasing,
            self.dropped,
            self.emerged,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "drums": self.drums[:],
            "seals": [slots[:] for slots in self.seals],
            "resting": self.resting[:],
            "loose": self.loose[:],
            "releasing": self.releasing,
            "dropped": self.dropped,
            "emerged": self.emerged,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any], data: TowerData | None = None) -> Tower:
        """A tower saved by ``to_json``, checked (a ValueError names what is wrong)."""
        keys = {"drums", "seals", "resting", "loose", "releasing", "dropped", "emerged"}
        if not isinstance(obj, Mapping) or set(obj) != keys:
            raise ValueError(f"a saved tower has exactly the fields {sorted(keys)}")
        data = data or load()
        ints = (obj["drums"], obj["resting"], obj["loose"])
        if not all(isinstance(v, list) and len(v) == 3 and all(map(_is_int, v)) for v in ints):
            raise ValueError("a saved tower's drums, resting and loose are 3 ints each")
        if not all(0 <= d < 4 for d in obj["drums"]):
            raise ValueError("a saved tower's drums are each 0 to 3")
        if any(n < 0 for n in obj["loose"]) or any(
            not 0 <= n <= ledge.capacity
            for n, ledge in zip(obj["resting"], data.ledges, strict=True)
        ):
            raise ValueError("a saved tower's skulls are >= 0, and resting within capacity")
        seals = obj["seals"]
        if not (
            isinstance(seals, list)
            and len(seals) == 3
            and all(isinstance(s, list) and len(s) == 4 for s in seals)
            and all(isinstance(b, bool) for s in seals for b in s)
        ):
            raise ValueError("a saved tower's seals are 3 lists of 4 booleans")
        dropped, emerged = obj["dropped"], obj["emerged"]
        inside = sum(obj["resting"]) + sum(obj["loose"])
        if not (
            _is_int(dropped) and _is_int(emerged) and 0 <= emerged and dropped - emerged == inside
        ):
            raise ValueError("a saved tower's skulls dropped are its skulls out and inside")
        if not isinstance(obj["releasing"], bool):
            raise ValueError("a saved tower's releasing is a boolean")
        return cls(
            data,
            list(obj["drums"]),
            [list(s) for s in seals],
            list(obj["resting"]),
            list(obj["loose"]),
            bool(obj["releasing"]),
            int(obj["dropped"]),
            int(obj["emerged"]),
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Tower)
            and self.data == other.data
            and self.to_json() == other.to_json()
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Tower({self.to_json()})"

    # ------------------------------------------------------------------ refusals

    def _level(self, level: object) -> int:
        if not _is_int(level) or not 0 <= level < len(LEVELS):  # type: ignore[operator]
            raise ValueError(
                f"level {level!r} is not a level of the tower: a level is 0 (top), "
                "1 (middle) or 2 (bottom)"
            )
        return level  # type: ignore[return-value]

    def _opening(self, opening: object) -> int:
        if not _is_int(opening) or not 0 <= opening < OPENINGS:  # type: ignore[operator]
            raise ValueError(
                f"opening {opening!r} is not an opening of the tower: an opening is "
                "level * 4 + side, 0 (top north) to 11 (bottom west)"
            )
        return opening  # type: ignore[return-value]

    def _refuse_while_releasing(self, what: str) -> None:
        if self.releasing:
            raise ValueError(
                f"cannot {what} while skulls are still coming out: apply release outcomes "
                f"until STILL ({STILL}); now {_names([o for o, _ in self.release_outcomes()])}"
            )


# ------------------------------------------------------------------------------ devices


@runtime_checkable
class TowerDevice(Protocol):
    """What a tower at the table must do for the game, a real one driven over Bluetooth or
    :class:`SimulatedTower`: turn its drums, show a seal to remove or put back, count the
    skulls dropped in at the top, and light up and sound. Where skulls come out, no sensor
    tells: the table supplies each outcome of ``Tower.release_outcomes()``."""

    def rotate(self, level: int, steps: int) -> None: ...

    def break_seal(self, opening: int) -> None: ...

    def restore_seal(self, opening: int) -> None: ...

    def drop_detected(self) -> bool: ...

    def skull_count(self) -> int: ...

    def set_light(self, layer: str, position: str, effect: str) -> None: ...

    def play_sequence(self, sequence: int) -> None: ...

    def play_sound(self, sound: int) -> None: ...

    def wait_for_drop(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for a skull to fall in at the top: True (and counted
        as ``drop_detected()`` would) when one did, False when none did in time."""
        ...

    def calibrate(self) -> None:
        """Turn the drums home and back to where the game has them (a real tower needs it
        when it is switched on or has lost its bearings)."""

    def drum_positions(self) -> tuple[int, int, int]:
        """Where each drum faces, as the tower reports it (0 north .. 3 west)."""
        ...

    def close(self) -> None:
        """Let the tower go (a real one is disconnected)."""


class SimulatedTower:
    """A :class:`TowerDevice` made of a :class:`Tower`: what a real tower would do, done to
    the model, with its lights and sounds kept in ``lights`` and ``cues`` for a view to show.
    ``insert_skull()`` is the player dropping a skull in; ``settle(rng)`` plays the release
    out with a seeded generator and says where skulls came out."""

    def __init__(self, tower: Tower | None = None) -> None:
        self.tower = tower if tower is not None else Tower.calibrated()
        self.lights: dict[tuple[str, str], str] = {}
        self.cues: list[tuple[str, int]] = []
        self._detected = False

    def rotate(self, level: int, steps: int) -> None:
        self.tower.rotate(level, steps)
        self.cues.append(("sequence", self.tower.data.rotation_sequences[level]))

    def break_seal(self, opening: int) -> None:
        self.tower.break_seal(opening)
        self.cues += [
            ("sequence", self.tower.data.seal_break_sequence),
            ("sound", self.tower.data.seal_break_sound),
        ]

    def restore_seal(self, opening: int) -> None:
        self.tower.restore_seal(opening)
        self.cues.append(("sound", self.tower.data.seal_break_sound))

    def insert_skull(self) -> None:
        """A player drops a skull in at the top."""
        self.tower.drop()
        self._detected = True
        self.cues.append(("sound", self.tower.data.skull_dropped_sound))

    def drop_detected(self) -> bool:
        """True once after a skull fell in at the top (as the beam sensor would tell)."""
        detected, self._detected = self._detected, False
        return detected

    def wait_for_drop(self, timeout: float) -> bool:
        """A simulated tower has no beam to wait on: True at once if a skull fell in since
        last asked, else False at once (``timeout`` is not waited out: nobody can drop a
        skull into a model while it waits)."""
        if not _is_number(timeout) or timeout < 0:
            raise ValueError(f"timeout {timeout!r} is not a number of seconds >= 0")
        return self.drop_detected()

    def skull_count(self) -> int:
        return self.tower.dropped

    def set_light(self, layer: str, position: str, effect: str) -> None:
        data = self.tower.data
        positions = data.ring_positions if layer.endswith("_ring") else data.corner_positions
        if layer not in data.light_layers or position not in positions:
            raise ValueError(
                f"no light {layer!r} {position!r}: the layers are {', '.join(data.light_layers)}"
                f"; a ring's positions are {', '.join(data.ring_positions)}, the others' "
                f"{', '.join(data.corner_positions)}"
            )
        if effect not in data.light_effects:
            raise ValueError(
                f"no light effect {effect!r}: the effects are {', '.join(data.light_effects)}"
            )
        self.lights[(layer, position)] = effect

    def play_sequence(self, sequence: int) -> None:
        if not _is_int(sequence) or not 1 <= sequence <= self.tower.data.sequences:
            raise ValueError(
                f"no light sequence {sequence!r}: sequences are 1 to {self.tower.data.sequences}"
            )
        self.cues.append(("sequence", sequence))

    def play_sound(self, sound: int) -> None:
        if not _is_int(sound) or not 1 <= sound <= self.tower.data.sounds:
            raise ValueError(f"no sound {sound!r}: sounds are 1 to {self.tower.data.sounds}")
        self.cues.append(("sound", sound))

    def calibrate(self) -> None:
        """Nothing to do: the simulated drums are always where the model has them."""

    def drum_positions(self) -> tuple[int, int, int]:
        drums = self.tower.drums
        return (drums[0], drums[1], drums[2])

    def close(self) -> None:
        """Nothing to let go."""

    def settle(self, rng: random.Random) -> list[int]:
        """Play the open release out, each outcome drawn by its probability; the outcomes where
        skulls came out, in order."""
        out = []
        while self.tower.is_releasing():
            outcomes = self.tower.release_outcomes()
            outcome = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            self.tower.release(outcome)
            if outcome != STILL:
                out.append(outcome)
        return out


def drum_words(data: TowerData, level: int, position: int) -> str:
    """Where a drum faces, as a person at the table sees it: the glyph that faces north when
    the drum is home, and the side it faces now.

    >>> drum_words(load(), 0, 1)
    'the top drum with its Cleanse glyph facing east'
    """
    glyph = next((g for g in data.glyphs if g.level == level and g.side_at_calibration == 0), None)
    mark = f"its {glyph.name} glyph" if glyph is not None else "its home mark"
    return f"the {LEVELS[level]} drum with {mark} facing {SIDES[position]}"


def side_from_text(text: object) -> int:
    """A side from its name or number (0 north .. 3 west); a ValueError says what is allowed.

    >>> side_from_text("East"), side_from_text("3"), side_from_text(2)
    (1, 3, 2)
    """
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < len(SIDES):
        return text
    word = str(text).strip().lower()
    if word in SIDES:
        return SIDES.index(word)
    if word in ("n", "e", "s", "w"):
        return "nesw".index(word)
    if word in ("0", "1", "2", "3"):
        return int(word)
    raise ValueError(f"{text!r} is not a side: the sides are north, east, south, west (or 0-3)")


class ManualTower:
    """A :class:`TowerDevice` for a real tower worked by hand, with no Bluetooth link: towers
    says what to do to it (turn a drum, pull a seal or put one back), and the table says what
    it did: each skull dropped in (``report_drop()``), where skulls came out (the release
    outcomes, entered as a real tower's are), and where each drum faces after it was turned
    (``confirm_drums()``, refused unless it is where the game has it).

    It keeps what the tower must look like in ``model`` (a :class:`SimulatedTower` without
    skulls, so it checks what it is told with the same messages), and the drums turned but
    not yet confirmed in ``unconfirmed``.

    >>> tower = ManualTower()
    >>> tower.rotate(0, 1)
    >>> tower.unconfirmed
    [0]
    >>> tower.confirm_drums({0: "north"})
    Traceback (most recent call last):
    ...
    ValueError: the top drum must be turned to face east (the top drum with its Cleanse glyph facing east), not north; turn it and enter east
    >>> tower.confirm_drums({0: "east"})
    >>> tower.unconfirmed, tower.drum_positions()
    ([], (1, 0, 0))
    """

    def __init__(self, tower: Tower | None = None) -> None:
        base = tower.copy() if tower is not None else Tower.calibrated()
        base.resting, base.loose, base.releasing = [0, 0, 0], [0, 0, 0], False
        base.dropped = base.emerged = 0
        self.model = SimulatedTower(base)
        """What the tower at the table must look like: drums, seals, lights (no skulls)."""
        self.unconfirmed: list[int] = []
        """The levels of the drums turned since the table last said where they face."""
        self._shown = list(base.drums)
        self._count = 0
        self._pending = 0
        self._drop = threading.Condition()

    # what the game tells the tower: checked on the model, done by the table
    def rotate(self, level: int, steps: int) -> None:
        self.model.rotate(level, steps)
        if level not in self.unconfirmed:
            self.unconfirmed.append(level)

    def break_seal(self, opening: int) -> None:
        self.model.break_seal(opening)

    def restore_seal(self, opening: int) -> None:
        self.model.restore_seal(opening)

    def set_light(self, layer: str, position: str, effect: str) -> None:
        self.model.set_light(layer, position, effect)

    def play_sequence(self, sequence: int) -> None:
        self.model.play_sequence(sequence)

    def play_sound(self, sound: int) -> None:
        self.model.play_sound(sound)

    def calibrate(self) -> None:
        """Nothing to send: the table turns the drums where it is told."""

    def close(self) -> None:
        """Nothing to let go."""

    # what the table tells towers
    def report_drop(self) -> None:
        """A skull was dropped in at the top (the table says so)."""
        with self._drop:
            self._count += 1
            self._pending += 1
            self._drop.notify_all()

    def drop_detected(self) -> bool:
        """True once for each skull the table said it dropped, since last asked."""
        with self._drop:
            if self._pending:
                self._pending -= 1
                return True
            return False

    def wait_for_drop(self, timeout: float) -> bool:
        """Wait until the table says a skull was dropped (``report_drop()``, from another
        thread) or ``timeout`` seconds pass."""
        if not _is_number(timeout) or timeout < 0:
            raise ValueError(f"timeout {timeout!r} is not a number of seconds >= 0")
        with self._drop:
            self._drop.wait_for(lambda: self._pending > 0, timeout)
        return self.drop_detected()

    def skull_count(self) -> int:
        with self._drop:
            return self._count

    def expected_drums(self) -> tuple[int, int, int]:
        """Where the game has the drums: where the table must have turned them."""
        drums = self.model.tower.drums
        return (drums[0], drums[1], drums[2])

    def drum_positions(self) -> tuple[int, int, int]:
        """Where the drums face as the table last said (before any turn, home or where the
        game had them when the tower was set up)."""
        return (self._shown[0], self._shown[1], self._shown[2])

    def confirm_drums(self, positions: Mapping[int, object]) -> None:
        """The table says where drums face (level -> side, by name or number). Refused with a
        ValueError that names the side each drum must face, and nothing changes, unless
        every one given is where the game has it; then the drums given are confirmed."""
        expected = self.expected_drums()
        read: dict[int, int] = {}
        for level, side in positions.items():
            level = self.model.tower._level(level)
            read[level] = side_from_text(side)
        for level, side in sorted(read.items()):
            want = expected[level]
            if side != want:
                raise ValueError(
                    f"the {LEVELS[level]} drum must be turned to face {SIDES[want]} "
                    f"({drum_words(self.model.tower.data, level, want)}), not {SIDES[side]}; "
                    f"turn it and enter {SIDES[want]}"
                )
        for level, side in read.items():
            self._shown[level] = side
        self.unconfirmed = [lv for lv in self.unconfirmed if lv not in read]
