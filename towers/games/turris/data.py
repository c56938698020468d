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

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import AfterValidator, Field, field_validator, model_validator

from towers.core.datafile import DataFileError, Schema, Text, read, read_raw, rule

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


class DataError(DataFileError):
    """A data file that breaks a rule of the format or disagrees with the component list."""


# ---------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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
    gather_ichor_bonus: int
    """game.toml [gather_ichor]: the Ichor added once for two or more GATHER ICHOR a turn."""
    revive_cost_all_in_graveyard: int
    """game.toml [force_revive_cost]: FORCE REVIVE's Ichor with every Scout in the Graveyard."""

    def location(self, id: str) -> Location:
        return self.locations[self.index[id]]

    def by_number(self, number: int) -> Location:
        for loc in self.locations:
            if loc.kind == "location" and loc.number == number:
                return loc
        raise KeyError(number)


# ---------------------------------------------------------------------------- checks


def is_source(value: object) -> bool:
    """``"rulebook: <section>"`` or ``"designed: <reason>"``."""
    if not isinstance(value, str):
        return False
    for prefix in ("rulebook: ", "designed: "):
        if value.startswith(prefix) and value[len(prefix) :].strip():
            return True
    return False


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


# ---------------------------------------------------------------------------- the files' schemas
# (see towers.core.datafile): each table as written; ``<field>_source`` keys are gathered into
# ``sources`` by :class:`_Item`


def _source_words(value: str) -> str:
    if not is_source(value):
        raise ValueError("should be 'rulebook: <section>' or 'designed: <reason>'")
    return value


Sourced = Annotated[str, AfterValidator(_source_words)]
Letters = Annotated[
    str,
    rule(
        lambda t: bool(t) and len(set(t)) == len(t) and set(t) <= set(RESOURCES),
        "distinct letters of IKRW",
    ),
]
Count = Annotated[int, Field(ge=1)]
Natural = Annotated[int, Field(ge=0)]
S = TypeVar("S", bound=Schema)
T = TypeVar("T")


class _Item(Schema):
    """An item with its provenance, and that of each ``<field>`` given a ``<field>_source``."""

    source: Sourced
    sources: dict[str, Sourced] = Field(default={}, exclude=True)
    """Filled from the ``<field>_source`` keys, never written as such (so not listed as a key
    allowed)."""

    @model_validator(mode="before")
    @classmethod
    def _field_sources(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        if "sources" in data:
            raise ValueError("'sources' is not a key of a data file; give '<field>_source'")
        found = {k.removesuffix("_source"): v for k, v in data.items() if k.endswith("_source")}
        for name, value in found.items():
            if name not in cls.model_fields or name in ("source", "sources"):
                raise ValueError(f"field '{name}_source' names no field of the item")
            if not is_source(value):
                raise ValueError(
                    f"field '{name}_source' should be 'rulebook: <section>' or "
                    f"'designed: <reason>', not {value!r}"
                )
        if not found:
            return data
        rest = {k: v for k, v in data.items() if not k.endswith("_source")}
        return {**rest, "sources": found}


class _AnyBundle(Schema):
    """Token counts, possibly none (a Revive's cost each)."""

    I: Natural = 0  # noqa: E741 - the rulebook's letter for Ichor
    K: Natural = 0
    R: Natural = 0
    W: Natural = 0
    A: Natural = 0
    any: Natural = 0
    of: Letters | None = None

    @model_validator(mode="after")
    def _of_needs_any(self) -> _AnyBundle:
        if self.of is not None and not self.any:
            raise ValueError("field 'of' needs 'any'")
        return self

    def bundle(self) -> Bundle:
        return Bundle(self.I, self.K, self.R, self.W, self.A, self.any, self.of or "KRW")


class _Bundle(_AnyBundle):
    """Token counts, at least one."""

    @model_validator(mode="after")
    def _not_empty(self) -> _Bundle:
        if not (self.I or self.K or self.R or self.W or self.A or self.any):
            raise ValueError("an empty bundle")
        return self


class _TacticsArg(Schema):
    n: Count = 1
    play: bool = False


class _Trade(Schema):
    give: _Bundle
    get: _Bundle
    times: Count = 1


class _Steal(Schema):
    n: Count = 1
    of: Letters = "KRW"


class _MoveScout(Schema):
    n: Count = 1
    steps: Count = 1


class _MoveBeast(Schema):
    steps: Natural = 1
    flip: bool = False
    crossroads: bool = True

    @model_validator(mode="after")
    def _flip(self) -> _MoveBeast:
        if self.steps == 0 and not self.flip:
            raise ValueError("a move of 0 steps must flip the Beast")
        return self


class _Revive(Schema):
    n: Count = 1
    each: _AnyBundle = _AnyBundle()


class _TowerRoom(Schema):
    prestige: Natural
    at: Literal["now", "trionfi_step"]


class _Effect(Schema):
    """One effect: a table of exactly one of these keys (see the module's Effects)."""

    gain: _Bundle | None = None
    pay: _Bundle | None = None
    prestige: Count | None = None
    council: Count | None = None
    council_reward: Count | None = None
    tactics: _TacticsArg | None = None
    """``tactics = 2`` is read as ``tactics = { n = 2 }``."""
    play_tactics: Count | None = None
    reserve: Count | None = None
    action: Count | None = None
    action_token: Count | None = None
    place: Count | None = None
    sacrifice: Count | None = None
    fruit: Count | None = None
    first_player: Count | None = None
    trade: _Trade | None = None
    steal: _Steal | None = None
    move_scout: _MoveScout | None = None
    move_beast: _MoveBeast | None = None
    revive: _Revive | None = None
    tower_room: _TowerRoom | None = None

    @field_validator("tactics", mode="before")
    @classmethod
    def _tactics_count(cls, value: Any) -> Any:
        return {"n": value} if isinstance(value, int) and not isinstance(value, bool) else value

    @model_validator(mode="after")
    def _one_key(self) -> _Effect:
        if len(self.model_fields_set) != 1:
            raise ValueError("an effect is a one-key table like {prestige = 1}")
        return self


Effects = Annotated[list[_Effect], Field(min_length=1)]
"""At least one effect."""


class _Ongoing(Schema):
    on: Literal[tuple(sorted(TRIGGERS))]  # type: ignore[valid-type]
    do: Effects
    where: str = ""
    once_per_turn: bool = False


class _Graveyard(_Item):
    name: Text


class _Adjacent(_Item):
    to: str


class _Node(_Item):
    """A node of the Main Board; a Location has its number, limit, immediate and effects, an
    Excavation spot its letter and players, a Crossroads neither."""

    id: str
    name: Text
    kind: Literal[NODE_KINDS]  # type: ignore[valid-type]
    adjacent: Annotated[list[_Adjacent], Field(min_length=1)]
    number: Annotated[int, Field(ge=1, le=12)] | None = None
    limit: Annotated[int, Field(ge=0, le=1)] | None = None
    immediate: bool | None = None
    effects: Effects | None = None
    letter: Text | None = None
    players: Annotated[list[Annotated[int, Field(ge=1, le=5)]], Field(min_length=1)] | None = None

    @model_validator(mode="after")
    def _fields_of_kind(self) -> _Node:
        own = {
            "location": {"number", "limit", "immediate", "effects"},
            "excavation": {"letter", "players"},
            "crossroads": set(),
        }[self.kind]
        given = self.model_fields_set & {
            "number",
            "limit",
            "immediate",
            "effects",
            "letter",
            "players",
        }
        if given != own:
            needs = (
                ", ".join(sorted(own))
                or "none of number, limit, immediate, effects, letter, players"
            )
            raise ValueError(f"a {self.kind} has {needs}")
        return self


class _BoardFile(Schema):
    """``data/board.toml``."""

    graveyard: _Graveyard
    location: list[_Node]


class _Upgrade(_Item):
    id: Text
    name: Text
    location: str
    effects: list[_Effect]


class _Trionfi(_Item):
    id: Text
    name: Text
    location: str
    effects: list[_Effect] = []
    ongoing: list[_Ongoing] = []


class _Tactic(_Item):
    id: Text
    name: Text
    effects: list[_Effect]


class _Mission(_Item):
    id: Text
    name: Text
    cost: Annotated[_Bundle, rule(lambda b: not (b.A or b.any), "a cost is in I/K/R/W only")]
    prestige: Count
    effects: list[_Effect] = []
    ongoing: list[_Ongoing] = []


class _Site(_Item):
    id: Text
    name: Text
    limit: Annotated[int, Field(ge=0, le=1)]
    immediate: bool
    effects: list[_Effect]
    ongoing: list[_Ongoing] = []


class _UpgradesFile(Schema):
    upgrade: list[_Upgrade]


class _TrionfiFile(Schema):
    trionfi: list[_Trionfi]


class _TacticsFile(Schema):
    tactics: list[_Tactic]


class _MissionsFile(Schema):
    mission: list[_Mission]


class _ExcavationFile(Schema):
    site: list[_Site]


class _Side(_Item):
    side: Text
    name: Text
    effects: list[_Effect] = []
    ongoing: list[_Ongoing] = []


class _Faction(_Item):
    id: str
    name: Text
    sides: list[_Side]
    fifth_player: bool = False


class _PlayerSet(_Item):
    colour: Text
    scouts: Count
    markers: Count
    fifth_player: bool = False


class _FactionsFile(Schema):
    """``data/factions.toml``."""

    faction: list[_Faction]
    player_set: list[_PlayerSet]


class _CouncilSpot(_Item):
    id: str
    level: Natural
    effects: list[_Effect]


class _AltarSpace(_Item):
    beast: str
    label: Text
    speed: Annotated[int, Field(ge=1, le=2)]
    start: bool = False


class _AltarOrder(_Item):
    value: list[str]


class _TowerTrack(_Item):
    start: Natural
    first: Count
    step: Count
    rooms: Count


class _PrestigeTrack(_Item):
    value: Count
    start: int


class _TracksFile(Schema):
    """``data/tracks.toml``."""

    council: list[_CouncilSpot]
    altar: list[_AltarSpace]
    altar_order: _AltarOrder
    tower_track: _TowerTrack
    prestige_track: _PrestigeTrack


class _Beast(_Item):
    id: str
    name: Text
    number: Annotated[int, Field(ge=1, le=4)]
    start: str
    effect: Literal[tuple(sorted(BEAST_EFFECTS))]  # type: ignore[valid-type]
    altar_speed: Annotated[int, Field(ge=1, le=2)]
    chain_attack: bool


class _Value(_Item, Generic[T]):
    value: T


class _MovementCard(_Item):
    location: Annotated[int, Field(ge=1, le=12)]


class _BeastsFile(Schema):
    """``data/beasts.toml``."""

    beast: list[_Beast]
    default_target: _Value[str]
    movement_card: list[_MovementCard]


class _Components(_Item):
    """The rulebook's component list."""

    main_board: Natural
    player_boards: Natural
    faction_cards: Natural
    location_upgrades: Natural
    trionfi: Natural
    tactics: Natural
    missions: Natural
    scouts: Natural
    beasts: Natural
    additional_action_tokens: Natural
    artifacts: Natural
    fruit_tokens: Natural
    first_player_tokens: Natural
    future_first_player_tokens: Natural
    beast_speed_tokens: Natural
    excavation_sites: Natural
    resource_tokens_each: Natural
    marker_tokens: Natural
    altar_tokens: Natural
    solo_dice: list[str]
    damage_tokens: Natural


class _Resources(_Value[list[str]]):
    names: list[Text]


class _GatherIchor(_Value[int]):
    bonus_for_two_or_more: Natural


class _ForceRevive(_Value[int]):
    all_in_graveyard: Natural


class _GameFile(Schema):
    """``data/game.toml``: the component list and the game's numbers (CONSTANTS)."""

    components: _Components
    beast_movement_cards: _Value[int]
    fifth_player_set: _Value[int]
    resources: _Resources
    players: _Value[list[int]]
    excavation_sites_by_players: _Value[dict[str, int]]
    scouts_per_player: _Value[int]
    markers_per_player: _Value[int]
    start_ichor: _Value[int]
    start_tactics: _Value[int]
    mission_tableau: _Value[int]
    trionfi_tableau: _Value[int]
    actions_per_turn: _Value[int]
    gather_ichor: _GatherIchor
    force_revive_cost: _ForceRevive
    collect_cost_per_scout: _Value[int]
    tactics_per_turn: _Value[int]
    tactics_hand_limit: _Value[int]
    ongoing_mission_slots: _Value[int]
    reserved_mission_discount: _Value[int]
    council_tower_room_prestige: _Value[int]
    grove_tower_room_prestige: _Value[int]
    tower_rooms: _Value[int]
    prestige_end: _Value[int]
    excavation_thresholds: _Value[list[int]]
    beast_removal_order: _Value[list[str]]
    solo_betrayer_scouts: _Value[int]
    solo_betrayer_start_locations: _Value[list[int]]
    solo_betrayer_resources: _Value[dict[Literal["I", "K", "R", "W"], int]]
    solo_removed_excavation_site: _Value[str]
    solo_removed_mission: _Value[str]
    solo_damage_prestige: _Value[int]
    solo_betrayer_phase_prestige: _Value[int]
    solo_beast_die: _Value[list[str]]
    solo_tower_rooms_to_win: _Value[int]
    solo_damage_order: _Value[list[int]]


class _Topic(_Item):
    key: Text
    name: Text
    kind: Text
    text: Text
    solo: bool = False


class _HelpFile(Schema):
    """``data/help.toml``."""

    topic: Annotated[list[_Topic], Field(min_length=1)]


def _read(name: str, data_dir: Path, schema: type[S]) -> S:
    path = data_dir / name
    if not path.exists():
        raise DataError(f"{name}: missing")
    return read(path, schema, DataError)


# ---------------------------------------------------------------------------- the game's tables


def _effect(e: _Effect) -> Effect:
    (kind,) = e.model_fields_set
    arg = getattr(e, kind)
    if isinstance(arg, _TacticsArg):  # ``tactics = 2``: play false, as Effect's default
        return Effect(kind, n=arg.n, play=arg.play)
    if isinstance(arg, int):
        return Effect(kind, n=arg)
    if isinstance(arg, _AnyBundle):
        return Effect(kind, bundle=arg.bundle())
    if isinstance(arg, _Trade):
        return Effect(kind, n=arg.times, give=arg.give.bundle(), bundle=arg.get.bundle())
    if isinstance(arg, _Steal):
        return Effect(kind, n=arg.n, of=arg.of)
    if isinstance(arg, _MoveScout):
        return Effect(kind, n=arg.n, steps=arg.steps)
    if isinstance(arg, _MoveBeast):
        return Effect(kind, steps=arg.steps, flip=arg.flip, crossroads=arg.crossroads)
    if isinstance(arg, _Revive):
        return Effect(kind, n=arg.n, bundle=arg.each.bundle())
    assert isinstance(arg, _TowerRoom)
    return Effect(kind, n=arg.prestige, at=arg.at)


def _effects(items: list[_Effect]) -> tuple[Effect, ...]:
    return tuple(_effect(e) for e in items)


def _ongoing(where: str, items: list[_Ongoing], places: set[str]) -> tuple[Ongoing, ...]:
    out = []
    for i, item in enumerate(items):
        if item.where and item.where not in places:
            raise DataError(f"{where}.ongoing[{i}].where: names no Location: {item.where!r}")
        out.append(Ongoing(item.on, _effects(item.do), item.where, item.once_per_turn))
    return tuple(out)


def _unique(where: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for x in ids:
        if x in seen:
            raise DataError(f"{where}: id {x!r} repeats")
        seen.add(x)


def _node(item: _Node, known: set[str]) -> Location:
    where = f"board.toml: location {item.id!r}"
    sources = dict(item.sources)
    adjacent: list[str] = []
    for j, edge in enumerate(item.adjacent):
        if edge.to not in known:
            raise DataError(f"{where} adjacent[{j}].to: names no location: {edge.to!r}")
        if edge.to == item.id or edge.to in adjacent:
            raise DataError(
                f"{where} adjacent[{j}].to: repeats or names the location itself: {edge.to!r}"
            )
        adjacent.append(edge.to)
        sources[f"adjacent:{edge.to}"] = edge.source
    extra: dict[str, Any] = {}
    if item.kind == "location":
        extra = {
            "number": item.number,
            "limit": item.limit,
            "immediate": item.immediate,
            "effects": _effects(item.effects or []),
        }
    elif item.kind == "excavation":
        extra = {"letter": item.letter, "players": tuple(item.players or ())}
    return Location(
        id=item.id,
        name=item.name,
        kind=item.kind,
        adjacent=tuple(adjacent),
        source=item.source,
        sources=sources,
        **extra,
    )


def _board(doc: _BoardFile) -> tuple[tuple[Location, ...], str]:
    ids = [item.id for item in doc.location]
    _unique("board.toml location", ids)
    locations = tuple(_node(item, set(ids)) for item in doc.location)
    by_id = {loc.id: loc for loc in locations}
    for loc in locations:
        for to in loc.adjacent:
            if loc.id not in by_id[to].adjacent:
                raise DataError(
                    f"board.toml: location {to!r}: field 'adjacent' lacks {loc.id!r} "
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
    return locations, doc.graveyard.name


def _cards(name: str, key: str, items: Sequence[_Item], places: set[str]) -> tuple[Card, ...]:
    """The cards of one file: Location Upgrades, Trionfi, Tactics, Missions or Sites."""
    cards = []
    for i, item in enumerate(items):
        where = f"{name}: {key}[{i}] {getattr(item, 'id', '')!r}"
        card = Card(
            id=getattr(item, "id", ""),
            name=getattr(item, "name", ""),
            source=item.source,
            effects=_effects(getattr(item, "effects", [])),
            ongoing=_ongoing(where, getattr(item, "ongoing", []), places),
            cost=item.cost.bundle() if isinstance(item, _Mission) else EMPTY,
            prestige=getattr(item, "prestige", 0),
            location=getattr(item, "location", ""),
            limit=getattr(item, "limit", 0),
            immediate=getattr(item, "immediate", False),
            sources=item.sources,
        )
        if not card.effects and not card.ongoing and key != "mission":
            raise DataError(f"{where}: no effects and no ongoing effects")
        cards.append(card)
    _unique(f"{name} {key}", [c.id for c in cards])
    return tuple(cards)


CONSTANTS = tuple(name for name in _GameFile.model_fields if name != "components")
"""game.toml's numbers, each a table with its ``value``."""


def _factions(
    doc: _FactionsFile, places: set[str]
) -> tuple[tuple[Faction, ...], tuple[PlayerSet, ...]]:
    factions = []
    for i, item in enumerate(doc.faction):
        where = f"factions.toml: faction[{i}] {item.id!r}"
        sides = []
        for j, side in enumerate(item.sides):
            at = f"{where} sides[{j}]"
            fs = FactionSide(
                side.side,
                side.name,
                _effects(side.effects),
                _ongoing(at, side.ongoing, places),
                side.source,
            )
            if not fs.effects and not fs.ongoing:
                raise DataError(f"{at}: no effects and no ongoing effects")
            sides.append(fs)
        if [s.side for s in sides] != ["A", "B"]:
            raise DataError(f"{where}: field 'sides' must be sides A and B, in order")
        factions.append(Faction(item.id, item.name, tuple(sides), item.fifth_player, item.source))
    _unique("factions.toml faction", [f.id for f in factions])
    sets = tuple(
        PlayerSet(s.colour, s.scouts, s.markers, s.fifth_player, s.source) for s in doc.player_set
    )
    _unique("factions.toml player_set", [s.colour for s in sets])
    return tuple(factions), sets


def _council(doc: _TracksFile) -> tuple[tuple[CouncilSpot, ...], int]:
    council = tuple(CouncilSpot(c.id, c.level, _effects(c.effects), c.source) for c in doc.council)
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
    return council, levels[-1]


def _tracks(
    doc: _TracksFile, beast_ids: set[str]
) -> tuple[tuple[CouncilSpot, ...], int, tuple[AltarSpace, ...], tuple[int, ...], int]:
    council, levels = _council(doc)
    altar = []
    start = -1
    for i, item in enumerate(doc.altar):
        if item.beast not in beast_ids:
            raise DataError(f"tracks.toml: altar[{i}].beast: names no Beast: {item.beast!r}")
        if item.start:
            start = i
        altar.append(AltarSpace(item.beast, item.label, item.speed, item.source))
    order = doc.altar_order.value
    by_beast = {a.beast: a for a in altar}
    if sorted(order) != sorted(beast_ids) or len(by_beast) != len(altar):
        raise DataError("tracks.toml altar: one space per Beast, each named once in [altar_order]")
    if start < 0 or order[0] != altar[start].beast:
        raise DataError("tracks.toml altar: [altar_order] starts at the space marked start")
    tower = doc.tower_track
    track = (tower.start, *(tower.first + tower.step * k for k in range(tower.rooms)))
    altar_spaces = tuple(by_beast[b] for b in order)
    return council, levels, altar_spaces, track, doc.prestige_track.value


def _beasts(
    doc: _BeastsFile, spots: set[str], locations: set[str]
) -> tuple[tuple[Beast, ...], str, tuple[int, ...]]:
    beasts = []
    for i, b in enumerate(doc.beast):
        if b.start not in spots:
            raise DataError(
                f"beasts.toml: beast[{i}].start: must be an Excavation spot, not {b.start!r}"
            )
        beasts.append(
            Beast(b.id, b.name, b.number, b.start, b.effect, b.altar_speed, b.chain_attack,
                  b.source)
        )  # fmt: skip
    _unique("beasts.toml beast", [b.id for b in beasts])
    if sorted(b.number for b in beasts) != list(range(1, len(beasts) + 1)):
        raise DataError("beasts.toml: Beasts are numbered 1, 2, 3... once each")
    if len({b.start for b in beasts}) != len(beasts):
        raise DataError("beasts.toml: each Beast starts on its own Excavation spot")
    if doc.default_target.value not in locations:
        raise DataError("beasts.toml: default_target.value: names no Location")
    cards = tuple(c.location for c in doc.movement_card)
    return tuple(sorted(beasts, key=lambda b: b.number)), doc.default_target.value, cards


def load(data_dir: Path = DATA_DIR) -> TurrisData:
    """Every data file in ``data_dir``, checked; raises :class:`DataError` naming the file,
    the key's path and what is allowed there."""
    return _load(Path(data_dir))


def _card_files(data_dir: Path, numbered: set[str], places: set[str]) -> dict[str, Any]:
    """The TurrisData fields of the card files."""
    upgrades = _cards(
        "upgrades.toml", "upgrade", _read("upgrades.toml", data_dir, _UpgradesFile).upgrade, places
    )
    trionfi = _cards(
        "trionfi.toml", "trionfi", _read("trionfi.toml", data_dir, _TrionfiFile).trionfi, places
    )
    for kind, cards in (("upgrade", upgrades), ("trionfi", trionfi)):
        for card in cards:
            if card.location not in numbered:
                raise DataError(f"{kind} {card.id!r}: field 'location' names no Location")
        if sorted(c.location for c in cards) != sorted(numbered):
            raise DataError(f"{kind}: one per Location, each Location once")
    tactics = _read("tactics.toml", data_dir, _TacticsFile).tactics
    missions = _read("missions.toml", data_dir, _MissionsFile).mission
    sites = _read("excavation.toml", data_dir, _ExcavationFile).site
    return {
        "upgrades": upgrades,
        "trionfi": trionfi,
        "tactics": _cards("tactics.toml", "tactics", tactics, places),
        "missions": _cards("missions.toml", "mission", missions, places),
        "excavation_sites": _cards("excavation.toml", "site", sites, places),
    }


@cache
def _load(data_dir: Path) -> TurrisData:
    locations, graveyard = _board(_read("board.toml", data_dir, _BoardFile))
    numbered = {loc.id for loc in locations if loc.kind == "location"}
    spots = {loc.id for loc in locations if loc.kind == "excavation"}
    places = numbered | {"excavation"}
    factions, player_sets = _factions(_read("factions.toml", data_dir, _FactionsFile), places)
    beasts, default_target, movement_cards = _beasts(
        _read("beasts.toml", data_dir, _BeastsFile), spots, numbered
    )
    council, levels, altar, tower, prestige = _tracks(
        _read("tracks.toml", data_dir, _TracksFile), {b.id for b in beasts}
    )
    if not (data_dir / "game.toml").exists():
        raise DataError("game.toml: missing")
    _, game = read_raw(data_dir / "game.toml", _GameFile, DataError)
    data = TurrisData(
        locations=locations,
        index={loc.id: i for i, loc in enumerate(locations)},
        graveyard=graveyard,
        **_card_files(data_dir, numbered, places),
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
        components=game["components"],
        constants={key: game[key]["value"] for key in CONSTANTS},
        gather_ichor_bonus=game["gather_ichor"]["bonus_for_two_or_more"],
        revive_cost_all_in_graveyard=game["force_revive_cost"]["all_in_graveyard"],
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
    out = tuple(
        HelpTopic(t.key, t.name, t.kind, t.text, t.source, t.solo)
        for t in _read("help.toml", data_dir, _HelpFile).topic
    )
    _unique("help.toml topic", [t.key for t in out])
    return out


# ---------------------------------------------------------------------------- the layout


Coordinate = int | float
"""A position or size in the SVG's units, kept as written (``-22`` is drawn as ``-22``)."""


@dataclass(frozen=True)
class Layout:
    """``data/layout.toml``: where the SVG view draws the Main Board (every position designed)."""

    width: Coordinate
    height: Coordinate
    at: Mapping[str, tuple[float, float]]
    """Each node's centre, by id."""
    graveyard: tuple[Coordinate, Coordinate]
    bends: tuple[tuple[str, str, tuple[Coordinate, Coordinate]], ...]
    """(from, to, control point) of each path drawn as a curve."""


class _Point(Schema):
    x: Coordinate
    y: Coordinate


class _LayoutBoard(_Item):
    width: Annotated[Coordinate, Field(gt=0)]
    height: Annotated[Coordinate, Field(gt=0)]


class _LayoutNode(_Item):
    id: Text
    x: Coordinate
    y: Coordinate


class _LayoutGraveyard(_Item):
    x: Coordinate
    y: Coordinate


class _Bend(_Item):
    from_: Text = Field(alias="from")
    to: Text
    via: _Point


class _LayoutFile(Schema):
    """``data/layout.toml``."""

    board: _LayoutBoard
    node: list[_LayoutNode]
    graveyard: _LayoutGraveyard
    bend: list[_Bend] = []


def load_layout(data_dir: Path = DATA_DIR) -> Layout:
    """``layout.toml``, checked: a position for every node of ``board.toml``, each once."""
    return _load_layout(Path(data_dir))


@cache
def _load_layout(data_dir: Path) -> Layout:
    doc = _read("layout.toml", data_dir, _LayoutFile)
    _unique("layout.toml node", [n.id for n in doc.node])
    at = {n.id: (float(n.x), float(n.y)) for n in doc.node}
    missing = [loc.id for loc in _load(data_dir).locations if loc.id not in at]
    if missing:
        raise DataError(f"layout.toml: no position for {', '.join(missing)}")
    return Layout(
        width=doc.board.width,
        height=doc.board.height,
        at=at,
        graveyard=(doc.graveyard.x, doc.graveyard.y),
        bends=tuple((b.from_, b.to, (b.via.x, b.via.y)) for b in doc.bend),
    )
