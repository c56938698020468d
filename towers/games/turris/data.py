"""Reads ``data/*.toml``: every Turris component, track and printed number, checked.

Provenance
----------
Every item carries ``source``: ``"rulebook: <section>"`` for what the rulebook states or
``"designed: <one-line reason>"`` for what it leaves open. A field whose provenance differs
from its item's has its own ``<field>_source`` (a Location's ``limit_source``, a Mission's
``effects_source``...). Adjacencies, faction sides and the like carry their own ``source``.

Effects
-------
An effect list is a TOML array of one-key tables, ``[{gain = {I = 1}}, {council = 1}]``,
resolved in order by the player who gained it. The kinds are closed: a rules engine
implements each once and dispatches on :attr:`Effect.kind`.

A *bundle* is a table of token counts: ``I`` Ichor, ``K`` Knowledge, ``R`` Relics, ``W``
Weaponry, ``A`` Artifacts, plus ``any = n`` tokens of the player's choice among the letters
``of`` (default ``"KRW"``).

=================  ===========================================================================
kind (argument)    meaning, in the rules' words
=================  ===========================================================================
gain (bundle)      take these tokens from the supply
pay (bundle)       return these to the supply; an effect that cannot be paid in full cannot
                   be used (an Artifact may be spent for any one resource)
trade {give, get,  optionally, up to ``times`` times, pay ``give`` to gain ``get`` (trading is
times}             optional: Easily Missed Rules)
steal {n, of}      take n resources of your choice (letters ``of``) from the player of your
                   choice (Errata 3); in solo play from the supply
prestige (n)       score n Prestige
council (n)        advance your Council token n steps, gaining each spot's reward
council_reward (n) gain again the reward of the Council spot your token is on (n times)
tactics (n or      draw n Tactics cards; with ``play = true`` the player may then play one of
{n, play})         the cards drawn, outside the one-per-turn limit (the Stroboscope)
play_tactics (n)   play up to n Tactics cards from your hand; they do not count against the
                   one-per-turn limit
reserve (n)        reserve n Missions from the tableau
action (n)         take n additional actions now (Rules Clarification 5)
action_token (n)   gain n Additional Action tokens
place (n)          Place n Scouts from your reserve (a Place not taken with an action: the
                   Collect restriction does not apply; Immediate Locations resolve)
move_scout {n,     move up to n of your Scouts on the Main Board up to ``steps`` steps each; not
steps}             a Place (no Immediate effect, no limit); never into a Crossroads
move_beast {steps, move one Beast ``steps`` steps in the direction of your choice, fewer only
flip, crossroads}  when it reaches a Scout, never ending with another Beast or where it began
                   (a Beast with no such move cannot be chosen); it resolves its effect at
                   the end of the move; ``flip`` then flips it (it skips its next Beast Phase
                   move); a flipped Beast chosen stands up instead; ``crossroads = false``:
                   not a Beast in a Crossroads (the Ridge). ``steps = 0`` with ``flip``: flip
                   it where it is
revive {n, each}   return 1 to n of your Scouts from the Graveyard to your reserve, paying the
                   bundle ``each`` for each
sacrifice (n)      move n of your Scouts from your reserve to the Graveyard (each advances your
                   Council token); impossible without them in your reserve
fruit (n)          place the Fruit token in a Location of your choice (Beasts target it first)
first_player (n)   take the Future First Player card
tower_room         construct a Tower Room (the Missions prerequisite applies), scoring
{prestige, at}     ``prestige``; ``at = "now"`` or ``"trionfi_step"`` (the Grove's)
=================  ===========================================================================

Ongoing effects (Missions in an Ongoing slot, Trionfi, faction sides, and Excavation Sites
for each player with a Scout on one and no Beast there) are tables
``{on = <trigger>, do = [effects], where = <location id or "excavation">, once_per_turn}``:

=================  ===========================================================================
trigger            when ``do`` resolves, for the owner
=================  ===========================================================================
action             as an action of the owner's turn (a faction action)
turn_start         at the start of each of the owner's turns
place              after the owner Places a Scout (at ``where``, if given)
collect            after the owner's Collect action (from ``where``, if given)
gather_ichor       after the owner's Gather Ichor action
mission            after the owner completes a Mission
tower_room         after the owner constructs a Tower Room
council            after the owner's Council token advances a step
devoured           after one of the owner's Scouts is Devoured
other_devoured     after another player's Scout is Devoured
sacrifice          after the owner Sacrifices a Scout
=================  ===========================================================================
"""

from __future__ import annotations

import tomllib
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"

RESOURCES = ("I", "K", "R", "W")
"""Ichor, Knowledge, Relics, Weaponry (Setup)."""
TOKENS = (*RESOURCES, "A")
"""The resources and the Artifact."""

COUNT_KINDS = frozenset(
    {
        "prestige",
        "council",
        "council_reward",
        "tactics",
        "play_tactics",
        "reserve",
        "action",
        "action_token",
        "place",
        "sacrifice",
        "fruit",
        "first_player",
    }
)
"""Effect kinds whose argument is a positive count."""
BUNDLE_KINDS = frozenset({"gain", "pay"})
TABLE_KINDS = {
    "trade": {"give", "get", "times"},
    "steal": {"n", "of"},
    "move_scout": {"n", "steps"},
    "move_beast": {"steps", "flip", "crossroads"},
    "revive": {"n", "each"},
    "tower_room": {"prestige", "at"},
}
"""Effect kinds whose argument is a table, with the keys it may hold."""
EFFECT_KINDS = COUNT_KINDS | BUNDLE_KINDS | frozenset(TABLE_KINDS)
TRIGGERS = frozenset(
    {
        "action",
        "turn_start",
        "place",
        "collect",
        "gather_ichor",
        "mission",
        "tower_room",
        "council",
        "devoured",
        "other_devoured",
        "sacrifice",
    }
)
TOWER_ROOM_TIMES = frozenset({"now", "trionfi_step"})
NODE_KINDS = ("location", "crossroads", "excavation")
BEAST_EFFECTS = frozenset({"devour", "displace", "discard"})
LOCATION_NAMES = (
    "Garden",
    "Spire",
    "Forge",
    "Guild",
    "Shrine",
    "Nest",
    "Ridge",
    "Brink",
    "Circle",
    "Isle",
    "Grove",
    "Abyss",
)
"""The twelve numbered Locations the rulebook names."""


class DataError(ValueError):
    """A data file that breaks a rule of the format or disagrees with the component list."""


# ---------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Bundle:
    """Token counts, plus ``any`` tokens of the holder's choice among the letters ``of``."""

    I: int = 0  # noqa: E741 - the rulebook's letter for Ichor
    K: int = 0
    R: int = 0
    W: int = 0
    A: int = 0
    any: int = 0
    of: str = "KRW"
    # the same counts by token index (TOKENS), worked out once for the engine's hot loops
    counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """I, K, R, W, A in the order of ``TOKENS``."""
    named: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    """(index, count) of each resource I/K/R/W the bundle names."""
    of_index: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The indices of the letters ``of``."""

    def __post_init__(self) -> None:
        counts = (self.I, self.K, self.R, self.W, self.A)
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "named", tuple((t, n) for t, n in enumerate(counts[:4]) if n))
        object.__setattr__(self, "of_index", tuple(TOKENS.index(x) for x in self.of))

    @property
    def total(self) -> int:
        return self.I + self.K + self.R + self.W + self.A + self.any

    def count(self, letter: str) -> int:
        return int(getattr(self, letter))


EMPTY = Bundle()


@dataclass(frozen=True)
class Effect:
    """One effect. ``n`` is the count (or a trade's ``times``); ``bundle`` is what is gained
    or paid (a trade's ``get``, a revive's ``each``); ``give`` is a trade's payment."""

    kind: str
    n: int = 1
    bundle: Bundle = EMPTY
    give: Bundle = EMPTY
    steps: int = 0
    flip: bool = False
    crossroads: bool = True
    at: str = ""
    of: str = ""
    play: bool = False
    """``tactics``: one of the cards drawn may be played at once."""


@dataclass(frozen=True)
class Ongoing:
    on: str
    effects: tuple[Effect, ...]
    where: str = ""
    once_per_turn: bool = False


@dataclass(frozen=True)
class Location:
    """A node of the Main Board: a numbered Location, a Crossroads or an Excavation spot."""

    id: str
    name: str
    kind: str
    adjacent: tuple[str, ...]
    source: str
    number: int = 0
    letter: str = ""
    players: tuple[int, ...] = ()
    """Excavation spot: the player counts that place a site there."""
    limit: int = 0
    """1: the limit-to-1 icon; 0: no limit."""
    immediate: bool = False
    effects: tuple[Effect, ...] = ()
    sources: Mapping[str, str] = field(default_factory=dict)
    """The provenance of each field that differs from ``source`` (and of each adjacency,
    keyed ``adjacent:<id>``)."""


@dataclass(frozen=True)
class Card:
    """A Tactics card, Mission, Trionfi, Location Upgrade or Excavation Site."""

    id: str
    name: str
    source: str
    effects: tuple[Effect, ...] = ()
    """Tactics: the effect; Mission: "when completed"; Trionfi: on taking it; Upgrade and
    Excavation Site: the reward."""
    ongoing: tuple[Ongoing, ...] = ()
    cost: Bundle = EMPTY
    prestige: int = 0
    location: str = ""
    """Upgrade and Trionfi: the Location upgraded."""
    limit: int = 0
    immediate: bool = False
    sources: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class FactionSide:
    side: str
    name: str
    effects: tuple[Effect, ...]
    """Once, when the side is chosen."""
    ongoing: tuple[Ongoing, ...]
    source: str


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    sides: tuple[FactionSide, ...]
    fifth_player: bool
    source: str


@dataclass(frozen=True)
class PlayerSet:
    colour: str
    scouts: int
    markers: int
    fifth_player: bool
    source: str


@dataclass(frozen=True)
class CouncilSpot:
    id: str
    level: int
    effects: tuple[Effect, ...]
    source: str


@dataclass(frozen=True)
class AltarSpace:
    beast: str
    label: str
    speed: int
    source: str


@dataclass(frozen=True)
class Beast:
    id: str
    name: str
    number: int
    start: str
    effect: str
    altar_speed: int
    chain_attack: bool
    source: str


@dataclass(frozen=True)
class TurrisData:
    locations: tuple[Location, ...]
    index: Mapping[str, int]
    graveyard: str
    upgrades: tuple[Card, ...]
    trionfi: tuple[Card, ...]
    tactics: tuple[Card, ...]
    missions: tuple[Card, ...]
    excavation_sites: tuple[Card, ...]
    factions: tuple[Faction, ...]
    player_sets: tuple[PlayerSet, ...]
    council: tuple[CouncilSpot, ...]
    council_levels: int
    altar: tuple[AltarSpace, ...]
    """In clockwise order from the start space."""
    tower_track: tuple[int, ...]
    """Completed Missions needed for each Tower Room, after the start space 0."""
    prestige_track: int
    beasts: tuple[Beast, ...]
    default_target: str
    movement_cards: tuple[int, ...]
    components: Mapping[str, Any]
    constants: Mapping[str, Any]
    """game.toml's values by name (start_ichor, prestige_end, solo_...)."""

    def location(self, id: str) -> Location:
        return self.locations[self.index[id]]

    def by_number(self, number: int) -> Location:
        for loc in self.locations:
            if loc.kind == "location" and loc.number == number:
                return loc
        raise KeyError(number)


# ---------------------------------------------------------------------------- checks


def _read(name: str, data_dir: Path) -> dict[str, Any]:
    path = data_dir / name
    try:
        return tomllib.loads(path.read_text())
    except FileNotFoundError as exc:
        raise DataError(f"{name}: missing") from exc
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: {exc}") from exc


def is_source(value: object) -> bool:
    """``"rulebook: <section>"`` or ``"designed: <reason>"``."""
    if not isinstance(value, str):
        return False
    for prefix in ("rulebook: ", "designed: "):
        if value.startswith(prefix) and value[len(prefix) :].strip():
            return True
    return False


def _provenance(where: str, item: Mapping[str, Any], fields: Iterable[str]) -> dict[str, str]:
    """Checks ``source`` and each ``<field>_source``; returns the latter by field."""
    if "source" not in item:
        raise DataError(f"{where}: missing field 'source'")
    if not is_source(item["source"]):
        raise DataError(
            f"{where}: field 'source' must be 'rulebook: <section>' or "
            f"'designed: <reason>', not {item['source']!r}"
        )
    allowed = set(fields)
    out = {}
    for key, value in item.items():
        if key.endswith("_source"):
            name = key[: -len("_source")]
            if name not in allowed:
                raise DataError(f"{where}: field {key!r} names no field of the item")
            if not is_source(value):
                raise DataError(
                    f"{where}: field {key!r} must be 'rulebook: <section>' or "
                    f"'designed: <reason>', not {value!r}"
                )
            out[name] = value
    return out


def _keys(where: str, item: Mapping[str, Any], required: set[str], optional: set[str]) -> None:
    for key in sorted(required):
        if key not in item:
            raise DataError(f"{where}: missing field {key!r}")
    known = required | optional | {"source"}
    for key in item:
        if key not in known and not key.endswith("_source"):
            raise DataError(f"{where}: unknown field {key!r}")


def _int(where: str, key: str, value: object, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataError(f"{where}: field {key!r} must be an integer, not {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise DataError(f"{where}: field {key!r} must be {bound}, not {value}")
    return value


def _bool(where: str, key: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise DataError(f"{where}: field {key!r} must be true or false, not {value!r}")
    return value


def _str(where: str, key: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DataError(f"{where}: field {key!r} must be a non-empty string, not {value!r}")
    return value


def _letters(where: str, key: str, value: object) -> str:
    text = _str(where, key, value)
    if len(set(text)) != len(text) or not set(text) <= set(RESOURCES):
        raise DataError(f"{where}: field {key!r} must be distinct letters of IKRW, not {text!r}")
    return text


def _bundle(where: str, raw: object, allow_empty: bool = False) -> Bundle:
    if not isinstance(raw, dict):
        raise DataError(f"{where}: a bundle is a table like {{I = 1}}, not {raw!r}")
    counts: dict[str, Any] = {}
    for key, value in raw.items():
        if key in TOKENS or key == "any":
            counts[key] = _int(where, key, value)
        elif key == "of":
            counts["of"] = _letters(where, "of", value)
        else:
            raise DataError(f"{where}: unknown token {key!r} in a bundle (I, K, R, W, A, any, of)")
    if "of" in counts and not counts.get("any"):
        raise DataError(f"{where}: field 'of' needs 'any'")
    bundle = Bundle(**counts)
    if not allow_empty and bundle.total == 0:
        raise DataError(f"{where}: an empty bundle")
    return bundle


def _effect(where: str, raw: object) -> Effect:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise DataError(f"{where}: an effect is a one-key table like {{prestige = 1}}, not {raw!r}")
    ((kind, arg),) = raw.items()
    if kind not in EFFECT_KINDS:
        raise DataError(f"{where}: unknown effect kind {kind!r}")
    at = f"{where} {kind}"
    if kind == "tactics" and isinstance(arg, dict):
        for key in arg:
            if key not in ("n", "play"):
                raise DataError(f"{at}: unknown field {key!r}")
        return Effect(
            kind,
            n=_int(at, "n", arg.get("n", 1), 1),
            play=_bool(at, "play", arg.get("play", False)),
        )
    if kind in COUNT_KINDS:
        return Effect(kind, n=_int(at, kind, arg, 1))
    if kind in BUNDLE_KINDS:
        return Effect(kind, bundle=_bundle(at, arg))
    if not isinstance(arg, dict):
        raise DataError(f"{at}: the argument must be a table, not {arg!r}")
    for key in arg:
        if key not in TABLE_KINDS[kind]:
            raise DataError(f"{at}: unknown field {key!r}")
    if kind == "trade":
        for key in ("give", "get"):
            if key not in arg:
                raise DataError(f"{at}: missing field {key!r}")
        return Effect(
            kind,
            n=_int(at, "times", arg.get("times", 1), 1),
            give=_bundle(f"{at} give", arg["give"]),
            bundle=_bundle(f"{at} get", arg["get"]),
        )
    if kind == "steal":
        return Effect(
            kind, n=_int(at, "n", arg.get("n", 1), 1), of=_letters(at, "of", arg.get("of", "KRW"))
        )
    if kind == "move_scout":
        return Effect(
            kind,
            n=_int(at, "n", arg.get("n", 1), 1),
            steps=_int(at, "steps", arg.get("steps", 1), 1),
        )
    if kind == "move_beast":
        effect = Effect(
            kind,
            steps=_int(at, "steps", arg.get("steps", 1), 0),
            flip=_bool(at, "flip", arg.get("flip", False)),
            crossroads=_bool(at, "crossroads", arg.get("crossroads", True)),
        )
        if effect.steps == 0 and not effect.flip:
            raise DataError(f"{at}: a move of 0 steps must flip the Beast")
        return effect
    if kind == "revive":
        return Effect(
            kind,
            n=_int(at, "n", arg.get("n", 1), 1),
            bundle=_bundle(f"{at} each", arg.get("each", {}), allow_empty=True),
        )
    # tower_room
    if "prestige" not in arg or "at" not in arg:
        raise DataError(f"{at}: needs 'prestige' and 'at'")
    if arg["at"] not in TOWER_ROOM_TIMES:
        raise DataError(f"{at}: field 'at' must be 'now' or 'trionfi_step', not {arg['at']!r}")
    return Effect(kind, n=_int(at, "prestige", arg["prestige"]), at=arg["at"])


def _effects(where: str, raw: object, allow_empty: bool = True) -> tuple[Effect, ...]:
    if not isinstance(raw, list):
        raise DataError(f"{where}: field 'effects' must be a list, not {raw!r}")
    if not raw and not allow_empty:
        raise DataError(f"{where}: field 'effects' is empty")
    return tuple(_effect(f"{where} effect {i + 1}", e) for i, e in enumerate(raw))


def _ongoing(where: str, raw: object, places: set[str]) -> tuple[Ongoing, ...]:
    if not isinstance(raw, list):
        raise DataError(f"{where}: field 'ongoing' must be a list, not {raw!r}")
    out = []
    for i, item in enumerate(raw):
        at = f"{where} ongoing {i + 1}"
        if not isinstance(item, dict):
            raise DataError(f"{at}: must be a table")
        _keys(at, item, {"on", "do"}, {"where", "once_per_turn"})
        if item["on"] not in TRIGGERS:
            raise DataError(f"{at}: unknown trigger {item['on']!r}")
        place = item.get("where", "")
        if place and place not in places:
            raise DataError(f"{at}: field 'where' names no Location: {place!r}")
        out.append(
            Ongoing(
                on=item["on"],
                effects=_effects(at, item["do"], allow_empty=False),
                where=place,
                once_per_turn=_bool(at, "once_per_turn", item.get("once_per_turn", False)),
            )
        )
    return tuple(out)


def _unique(where: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for x in ids:
        if x in seen:
            raise DataError(f"{where}: id {x!r} repeats")
        seen.add(x)


def distances(
    locations: Iterable[Location], start: str, skip: Iterable[str] = ()
) -> dict[str, int]:
    """Steps from ``start`` to every node reachable without entering ``skip`` (Crossroads
    count as Locations: Plot Path)."""
    adjacent = {loc.id: loc.adjacent for loc in locations}
    removed = set(skip)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in adjacent[here]:
            if there not in dist and there not in removed:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


# ---------------------------------------------------------------------------- the files


def _board(doc: dict[str, Any]) -> tuple[tuple[Location, ...], str]:
    grave = doc.get("graveyard")
    if not isinstance(grave, dict):
        raise DataError("board.toml: missing [graveyard]")
    _provenance("board.toml graveyard", grave, ())
    raw = doc.get("location")
    if not isinstance(raw, list):
        raise DataError("board.toml: missing [[location]]")
    ids = [str(item.get("id")) for item in raw]
    _unique("board.toml location", ids)
    known = set(ids)
    fields = {"id", "name", "kind", "adjacent", "number", "letter", "players", "limit"}
    fields |= {"immediate", "effects"}
    out = []
    for item in raw:
        where = f"board.toml location {item.get('id')!r}"
        kind = item.get("kind")
        if kind not in NODE_KINDS:
            raise DataError(f"{where}: field 'kind' must be one of {NODE_KINDS}, not {kind!r}")
        required = {"id", "name", "kind", "adjacent"}
        optional: set[str] = set()
        if kind == "location":
            required |= {"number", "limit", "immediate", "effects"}
        elif kind == "excavation":
            required |= {"letter", "players"}
        _keys(where, item, required, optional)
        sources = _provenance(where, item, fields)
        if not isinstance(item["adjacent"], list) or not item["adjacent"]:
            raise DataError(f"{where}: field 'adjacent' must be a non-empty list")
        adjacent = []
        for j, edge in enumerate(item["adjacent"]):
            at = f"{where} adjacent {j + 1}"
            if not isinstance(edge, dict):
                raise DataError(f"{at}: must be a table {{to = ..., source = ...}}")
            _keys(at, edge, {"to"}, set())
            _provenance(at, edge, ())
            to = edge["to"]
            if to not in known:
                raise DataError(f"{at}: field 'to' names no location: {to!r}")
            if to == item["id"] or to in adjacent:
                raise DataError(f"{at}: field 'to' repeats or names the location itself: {to!r}")
            adjacent.append(to)
            sources[f"adjacent:{to}"] = edge["source"]
        extra: dict[str, Any] = {}
        if kind == "location":
            extra["number"] = _int(where, "number", item["number"], 1, 12)
            extra["limit"] = _int(where, "limit", item["limit"], 0, 1)
            extra["immediate"] = _bool(where, "immediate", item["immediate"])
            extra["effects"] = _effects(where, item["effects"], allow_empty=False)
        elif kind == "excavation":
            players = item["players"]
            if not isinstance(players, list) or not players:
                raise DataError(f"{where}: field 'players' must be a non-empty list")
            extra["letter"] = _str(where, "letter", item["letter"])
            extra["players"] = tuple(_int(where, "players", p, 1, 5) for p in players)
        loc = Location(
            id=item["id"],
            name=_str(where, "name", item["name"]),
            kind=kind,
            adjacent=tuple(adjacent),
            source=item["source"],
            sources=sources,
            **extra,
        )
        out.append(loc)
    locations = tuple(out)
    by_id = {loc.id: loc for loc in locations}
    for loc in locations:
        for to in loc.adjacent:
            if loc.id not in by_id[to].adjacent:
                raise DataError(
                    f"board.toml location {to!r}: field 'adjacent' lacks {loc.id!r} "
                    f"(adjacency must be symmetric: {loc.id!r} lists {to!r})"
                )
    numbered = sorted(loc.number for loc in locations if loc.kind == "location")
    if numbered != list(range(1, 13)):
        raise DataError(
            f"board.toml: the Locations must be numbered 1-12 once each, not {numbered}"
        )
    names = sorted(loc.name for loc in locations if loc.kind == "location")
    if names != sorted(LOCATION_NAMES):
        raise DataError(f"board.toml: the Locations must be {sorted(LOCATION_NAMES)}, not {names}")
    crossroads = [loc for loc in locations if loc.kind == "crossroads"]
    if len(crossroads) != 2:
        raise DataError(f"board.toml: two Crossroads, not {len(crossroads)}")
    letters = sorted(loc.letter for loc in locations if loc.kind == "excavation")
    if letters != ["A", "B", "C", "D"]:
        raise DataError(f"board.toml: Excavation spots A-D once each, not {letters}")
    start = locations[0].id
    if len(distances(locations, start)) != len(locations):
        missing = sorted(set(by_id) - set(distances(locations, start)))
        raise DataError(
            f"board.toml: the graph is not connected; unreachable from {start!r}: {missing}"
        )
    spots = {loc.id for loc in locations if loc.kind == "excavation"}
    if len(distances(locations, start, spots)) != len(locations) - len(spots):
        # 2-3 player games remove the unused spots once the Beasts leave them
        raise DataError("board.toml: the board must stay connected without the Excavation spots")
    return locations, grave["name"]


def _card(
    where: str,
    item: dict[str, Any],
    required: set[str],
    optional: set[str],
    places: set[str],
) -> Card:
    _keys(where, item, required, optional)
    sources = _provenance(where, item, required | optional)
    extra: dict[str, Any] = {}
    if "cost" in item:
        extra["cost"] = _bundle(f"{where} cost", item["cost"])
        if extra["cost"].A or extra["cost"].any:
            raise DataError(f"{where}: field 'cost' is in I/K/R/W only")
    if "prestige" in item:
        extra["prestige"] = _int(where, "prestige", item["prestige"])
    if "location" in item:
        extra["location"] = item["location"]
    if "limit" in item:
        extra["limit"] = _int(where, "limit", item["limit"], 0, 1)
    if "immediate" in item:
        extra["immediate"] = _bool(where, "immediate", item["immediate"])
    return Card(
        id=_str(where, "id", item["id"]),
        name=_str(where, "name", item["name"]),
        source=item["source"],
        effects=_effects(where, item.get("effects", [])),
        ongoing=_ongoing(where, item.get("ongoing", []), places),
        sources=sources,
        **extra,
    )


def _cards(
    name: str,
    doc: dict[str, Any],
    key: str,
    required: set[str],
    optional: set[str],
    places: set[str],
) -> tuple[Card, ...]:
    raw = doc.get(key)
    if not isinstance(raw, list):
        raise DataError(f"{name}: missing [[{key}]]")
    cards = []
    for i, item in enumerate(raw):
        where = f"{name} {key} {item.get('id', i + 1)!r}"
        card = _card(where, item, required, optional, places)
        if not card.effects and not card.ongoing and key not in ("mission",):
            raise DataError(f"{where}: no effects and no ongoing effects")
        cards.append(card)
    _unique(f"{name} {key}", [c.id for c in cards])
    return tuple(cards)


def _constant(doc: dict[str, Any], key: str) -> Any:
    if key not in doc or not isinstance(doc[key], dict):
        raise DataError(f"game.toml: missing [{key}]")
    item = doc[key]
    _provenance(f"game.toml [{key}]", item, set(item))
    if "value" not in item:
        raise DataError(f"game.toml [{key}]: missing field 'value'")
    return item["value"]


CONSTANTS = (
    "beast_movement_cards",
    "fifth_player_set",
    "resources",
    "players",
    "excavation_sites_by_players",
    "scouts_per_player",
    "markers_per_player",
    "start_ichor",
    "start_tactics",
    "mission_tableau",
    "trionfi_tableau",
    "actions_per_turn",
    "gather_ichor",
    "force_revive_cost",
    "collect_cost_per_scout",
    "tactics_per_turn",
    "tactics_hand_limit",
    "ongoing_mission_slots",
    "reserved_mission_discount",
    "council_tower_room_prestige",
    "grove_tower_room_prestige",
    "tower_rooms",
    "prestige_end",
    "excavation_thresholds",
    "beast_removal_order",
    "solo_betrayer_scouts",
    "solo_betrayer_start_locations",
    "solo_betrayer_resources",
    "solo_removed_excavation_site",
    "solo_removed_mission",
    "solo_damage_prestige",
    "solo_betrayer_phase_prestige",
    "solo_beast_die",
    "solo_tower_rooms_to_win",
    "solo_damage_order",
)


def _factions(
    doc: dict[str, Any], places: set[str]
) -> tuple[tuple[Faction, ...], tuple[PlayerSet, ...]]:
    factions = []
    for item in doc.get("faction", []):
        where = f"factions.toml faction {item.get('id')!r}"
        _keys(where, item, {"id", "name", "sides"}, {"fifth_player"})
        _provenance(where, item, {"name", "sides", "fifth_player"})
        sides = []
        for j, side in enumerate(item["sides"]):
            at = f"{where} side {side.get('side', j + 1)!r}"
            _keys(at, side, {"side", "name"}, {"effects", "ongoing"})
            _provenance(at, side, ())
            fs = FactionSide(
                side=_str(at, "side", side["side"]),
                name=_str(at, "name", side["name"]),
                effects=_effects(at, side.get("effects", [])),
                ongoing=_ongoing(at, side.get("ongoing", []), places),
                source=side["source"],
            )
            if not fs.effects and not fs.ongoing:
                raise DataError(f"{at}: no effects and no ongoing effects")
            sides.append(fs)
        if [s.side for s in sides] != ["A", "B"]:
            raise DataError(f"{where}: field 'sides' must be sides A and B, in order")
        factions.append(
            Faction(
                id=item["id"],
                name=_str(where, "name", item["name"]),
                sides=tuple(sides),
                fifth_player=_bool(where, "fifth_player", item.get("fifth_player", False)),
                source=item["source"],
            )
        )
    _unique("factions.toml faction", [f.id for f in factions])
    sets = []
    for item in doc.get("player_set", []):
        where = f"factions.toml player_set {item.get('colour')!r}"
        _keys(where, item, {"colour", "scouts", "markers"}, {"fifth_player"})
        _provenance(where, item, {"colour", "scouts", "markers", "fifth_player"})
        sets.append(
            PlayerSet(
                colour=_str(where, "colour", item["colour"]),
                scouts=_int(where, "scouts", item["scouts"], 1),
                markers=_int(where, "markers", item["markers"], 1),
                fifth_player=_bool(where, "fifth_player", item.get("fifth_player", False)),
                source=item["source"],
            )
        )
    _unique("factions.toml player_set", [s.colour for s in sets])
    return tuple(factions), tuple(sets)


def _tracks(
    doc: dict[str, Any], beast_ids: set[str]
) -> tuple[tuple[CouncilSpot, ...], int, tuple[AltarSpace, ...], tuple[int, ...], int]:
    council = []
    for item in doc.get("council", []):
        where = f"tracks.toml council {item.get('id')!r}"
        _keys(where, item, {"id", "level", "effects"}, set())
        _provenance(where, item, ())
        council.append(
            CouncilSpot(
                id=item["id"],
                level=_int(where, "level", item["level"]),
                effects=_effects(where, item["effects"]),
                source=item["source"],
            )
        )
    _unique("tracks.toml council", [c.id for c in council])
    levels = sorted({c.level for c in council})
    if not levels or levels != list(range(levels[-1] + 1)):
        raise DataError(
            f"tracks.toml council: levels must run 0, 1, 2... without gaps, not {levels}"
        )
    starts = [c for c in council if c.level == 0]
    if len(starts) != 1 or starts[0].effects:
        raise DataError("tracks.toml council: one starting spot (level 0), with no reward")
    for c in council:
        if c.level and not c.effects:
            raise DataError(f"tracks.toml council {c.id!r}: a spot past the start has a reward")

    altar = []
    start = -1
    for i, item in enumerate(doc.get("altar", [])):
        where = f"tracks.toml altar {item.get('beast')!r}"
        _keys(where, item, {"beast", "label", "speed"}, {"start"})
        _provenance(where, item, ())
        if item["beast"] not in beast_ids:
            raise DataError(f"{where}: field 'beast' names no Beast")
        if item.get("start", False):
            start = i
        altar.append(
            AltarSpace(
                beast=item["beast"],
                label=_str(where, "label", item["label"]),
                speed=_int(where, "speed", item["speed"], 1, 2),
                source=item["source"],
            )
        )
    order = doc.get("altar_order", {})
    _provenance("tracks.toml [altar_order]", order, ())
    by_beast = {a.beast: a for a in altar}
    if sorted(order.get("value", [])) != sorted(beast_ids) or len(by_beast) != len(altar):
        raise DataError("tracks.toml altar: one space per Beast, each named once in [altar_order]")
    if start < 0 or order["value"][0] != altar[start].beast:
        raise DataError("tracks.toml altar: [altar_order] starts at the space marked start")
    altar_spaces = tuple(by_beast[b] for b in order["value"])

    tower = doc.get("tower_track", {})
    where = "tracks.toml [tower_track]"
    _keys(where, tower, {"start", "first", "step", "rooms"}, set())
    _provenance(where, tower, {"start", "first", "step", "rooms"})
    first = _int(where, "first", tower["first"], 1)
    step = _int(where, "step", tower["step"], 1)
    rooms = _int(where, "rooms", tower["rooms"], 1)
    track = (_int(where, "start", tower["start"]), *(first + step * k for k in range(rooms)))

    prestige = doc.get("prestige_track", {})
    _keys("tracks.toml [prestige_track]", prestige, {"value", "start"}, set())
    _provenance("tracks.toml [prestige_track]", prestige, ())
    return (
        tuple(council),
        levels[-1],
        altar_spaces,
        track,
        _int("tracks.toml [prestige_track]", "value", prestige["value"], 1),
    )


def _beasts(
    doc: dict[str, Any], spots: set[str], locations: set[str]
) -> tuple[tuple[Beast, ...], str, tuple[int, ...]]:
    beasts = []
    for item in doc.get("beast", []):
        where = f"beasts.toml beast {item.get('id')!r}"
        _keys(
            where,
            item,
            {"id", "name", "number", "start", "effect", "altar_speed", "chain_attack"},
            set(),
        )
        _provenance(where, item, ())
        if item["start"] not in spots:
            raise DataError(
                f"{where}: field 'start' must be an Excavation spot, not {item['start']!r}"
            )
        if item["effect"] not in BEAST_EFFECTS:
            raise DataError(f"{where}: field 'effect' must be one of {sorted(BEAST_EFFECTS)}")
        beasts.append(
            Beast(
                id=item["id"],
                name=_str(where, "name", item["name"]),
                number=_int(where, "number", item["number"], 1, 4),
                start=item["start"],
                effect=item["effect"],
                altar_speed=_int(where, "altar_speed", item["altar_speed"], 1, 2),
                chain_attack=_bool(where, "chain_attack", item["chain_attack"]),
                source=item["source"],
            )
        )
    _unique("beasts.toml beast", [b.id for b in beasts])
    if sorted(b.number for b in beasts) != list(range(1, len(beasts) + 1)):
        raise DataError("beasts.toml: Beasts are numbered 1, 2, 3... once each")
    if len({b.start for b in beasts}) != len(beasts):
        raise DataError("beasts.toml: each Beast starts on its own Excavation spot")
    target = doc.get("default_target", {})
    _provenance("beasts.toml [default_target]", target, ())
    if target.get("value") not in locations:
        raise DataError("beasts.toml [default_target]: field 'value' names no Location")
    cards = []
    for i, item in enumerate(doc.get("movement_card", [])):
        where = f"beasts.toml movement_card {i + 1}"
        _keys(where, item, {"location"}, set())
        _provenance(where, item, ())
        cards.append(_int(where, "location", item["location"], 1, 12))
    return tuple(sorted(beasts, key=lambda b: b.number)), target["value"], tuple(cards)


def load(data_dir: Path = DATA_DIR) -> TurrisData:
    """Every data file in ``data_dir``, checked; raises :class:`DataError` naming the item."""
    return _load(Path(data_dir))


@cache
def _load(data_dir: Path) -> TurrisData:
    locations, graveyard = _board(_read("board.toml", data_dir))
    index = {loc.id: i for i, loc in enumerate(locations)}
    numbered = {loc.id for loc in locations if loc.kind == "location"}
    spots = {loc.id for loc in locations if loc.kind == "excavation"}
    places = numbered | {"excavation"}

    upgrades = _cards(
        "upgrades.toml", _read("upgrades.toml", data_dir), "upgrade",
        {"id", "name", "location", "effects"}, set(), places,
    )  # fmt: skip
    trionfi = _cards(
        "trionfi.toml", _read("trionfi.toml", data_dir), "trionfi",
        {"id", "name", "location"}, {"effects", "ongoing"}, places,
    )  # fmt: skip
    for kind, cards in (("upgrade", upgrades), ("trionfi", trionfi)):
        for card in cards:
            if card.location not in numbered:
                raise DataError(f"{kind} {card.id!r}: field 'location' names no Location")
        if sorted(c.location for c in cards) != sorted(numbered):
            raise DataError(f"{kind}: one per Location, each Location once")
    tactics = _cards(
        "tactics.toml", _read("tactics.toml", data_dir), "tactics",
        {"id", "name", "effects"}, set(), places,
    )  # fmt: skip
    missions = _cards(
        "missions.toml", _read("missions.toml", data_dir), "mission",
        {"id", "name", "cost", "prestige"}, {"effects", "ongoing"}, places,
    )  # fmt: skip
    for m in missions:
        if m.prestige < 1:
            raise DataError(f"missions.toml mission {m.id!r}: field 'prestige' must be >= 1")
    sites = _cards(
        "excavation.toml", _read("excavation.toml", data_dir), "site",
        {"id", "name", "limit", "immediate", "effects"}, {"ongoing"}, places,
    )  # fmt: skip
    factions, player_sets = _factions(_read("factions.toml", data_dir), places)
    beasts, default_target, movement_cards = _beasts(
        _read("beasts.toml", data_dir), spots, numbered
    )
    council, levels, altar, tower, prestige = _tracks(
        _read("tracks.toml", data_dir), {b.id for b in beasts}
    )

    game = _read("game.toml", data_dir)
    components = game.get("components")
    if not isinstance(components, dict):
        raise DataError("game.toml: missing [components]")
    _provenance("game.toml [components]", components, ())
    constants = {key: _constant(game, key) for key in CONSTANTS}

    data = TurrisData(
        locations=locations,
        index=index,
        graveyard=graveyard,
        upgrades=upgrades,
        trionfi=trionfi,
        tactics=tactics,
        missions=missions,
        excavation_sites=sites,
        factions=factions,
        player_sets=player_sets,
        council=council,
        council_levels=levels,
        altar=altar,
        tower_track=tower,
        prestige_track=prestige,
        beasts=beasts,
        default_target=default_target,
        movement_cards=movement_cards,
        components=components,
        constants=constants,
    )
    _check_counts(data)
    _check_cross_references(data)
    return data


def _check_counts(data: TurrisData) -> None:
    """The files add up to the component list (rulebook: Components)."""
    c, k = data.components, data.constants
    base_sets = [s for s in data.player_sets if not s.fifth_player]
    base_factions = [f for f in data.factions if not f.fifth_player]
    fifth = k["fifth_player_set"]
    expected = [
        ("location_upgrades", "upgrades.toml", len(data.upgrades)),
        ("trionfi", "trionfi.toml", len(data.trionfi)),
        ("tactics", "tactics.toml", len(data.tactics)),
        ("missions", "missions.toml", len(data.missions)),
        ("excavation_sites", "excavation.toml", len(data.excavation_sites)),
        ("faction_cards", "factions.toml faction", len(base_factions)),
        ("player_boards", "factions.toml player_set", len(base_sets)),
        ("scouts", "factions.toml player_set", sum(s.scouts for s in base_sets)),
        ("marker_tokens", "factions.toml player_set", sum(s.markers for s in base_sets)),
        ("beasts", "beasts.toml", len(data.beasts)),
    ]
    for key, where, found in expected:
        if key not in c:
            raise DataError(f"game.toml [components]: missing field {key!r}")
        if found != c[key]:
            raise DataError(f"{where}: {found} {key}, but the component list says {c[key]}")
    if len(data.movement_cards) != k["beast_movement_cards"]:
        raise DataError(
            f"beasts.toml movement_card: {len(data.movement_cards)} cards, "
            f"not {k['beast_movement_cards']}"
        )
    if sorted(data.movement_cards) != list(range(1, len(data.movement_cards) + 1)):
        raise DataError("beasts.toml movement_card: one card per Location number")
    extra_sets = len(data.player_sets) - len(base_sets)
    extra_factions = len(data.factions) - len(base_factions)
    if extra_sets != fifth or extra_factions != fifth:
        raise DataError(
            f"factions.toml: {extra_sets} fifth-player sets and {extra_factions} fifth-player "
            f"factions, not {fifth} of each"
        )
    for s in data.player_sets:
        if s.scouts != k["scouts_per_player"] or s.markers != k["markers_per_player"]:
            raise DataError(
                f"factions.toml player_set {s.colour!r}: {k['scouts_per_player']} Scouts and "
                f"{k['markers_per_player']} markers"
            )
    if len(data.altar) != len(data.beasts):
        raise DataError("tracks.toml altar: one space per Beast")


def _check_cross_references(data: TurrisData) -> None:
    k = data.constants
    beasts = [b.id for b in data.beasts]
    for key in ("beast_removal_order", "solo_beast_die"):
        if sorted(k[key]) != sorted(beasts):
            raise DataError(f"game.toml [{key}]: each Beast once, not {k[key]}")
    if list(k["solo_beast_die"]) != beasts:
        raise DataError("game.toml [solo_beast_die]: the d4 follows the Beasts' numbers")
    if tuple(k["resources"]) != RESOURCES:
        raise DataError(f"game.toml [resources]: must be {RESOURCES}")
    for n in k["solo_betrayer_start_locations"]:
        if n not in range(1, 13):
            raise DataError(f"game.toml [solo_betrayer_start_locations]: no Location {n}")
    if k["solo_removed_excavation_site"] not in {s.id for s in data.excavation_sites}:
        raise DataError("game.toml [solo_removed_excavation_site]: names no Excavation Site")
    if k["solo_removed_mission"] not in {m.id for m in data.missions}:
        raise DataError("game.toml [solo_removed_mission]: names no Mission")
    if sorted(k["solo_damage_order"]) != list(range(k["trionfi_tableau"])):
        raise DataError("game.toml [solo_damage_order]: each Tower Room slot once")
    low, high = k["players"]
    spots = [loc for loc in data.locations if loc.kind == "excavation"]
    for n in range(low, high + 1):
        used = sum(n in loc.players for loc in spots)
        if used != k["excavation_sites_by_players"].get(str(n)):
            raise DataError(
                f"board.toml: {used} Excavation spots used with {n} players, but "
                f"game.toml [excavation_sites_by_players] says "
                f"{k['excavation_sites_by_players'].get(str(n))}"
            )


# ---------------------------------------------------------------------------- help


@dataclass(frozen=True)
class HelpTopic:
    """A component explained in ``help.toml``: one with no effect list of its own (a token,
    a track, a Beast, a space), which the views' glossary tells in these words."""

    key: str
    name: str
    kind: str
    text: str
    source: str
    solo: bool = False
    """Shown only in the solo game."""


def load_help(data_dir: Path = DATA_DIR) -> tuple[HelpTopic, ...]:
    """``help.toml``, checked: each topic's key once, its name, kind, text and source."""
    return _load_help(Path(data_dir))


@cache
def _load_help(data_dir: Path) -> tuple[HelpTopic, ...]:
    doc = _read("help.toml", data_dir)
    raw = doc.get("topic")
    if not isinstance(raw, list) or not raw:
        raise DataError("help.toml: missing [[topic]]")
    out = []
    for i, item in enumerate(raw):
        where = f"help.toml topic {item.get('key', i + 1)!r}"
        _keys(where, item, {"key", "name", "kind", "text"}, {"solo"})
        _provenance(where, item, ())
        out.append(
            HelpTopic(
                key=_str(where, "key", item["key"]),
                name=_str(where, "name", item["name"]),
                kind=_str(where, "kind", item["kind"]),
                text=_str(where, "text", item["text"]),
                source=item["source"],
                solo=_bool(where, "solo", item.get("solo", False)),
            )
        )
    _unique("help.toml topic", [t.key for t in out])
    return tuple(out)
