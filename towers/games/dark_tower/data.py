"""Reads ``data/*.toml``: the board, foes, heroes, items, quests, dungeons and events of Return
to Dark Tower, checked at load, as frozen dataclasses.

Provenance
----------
Every item carries ``source``: ``"reference: <file>"`` for a fact of the public data set
(names, counts, levels, traits, the board's graph), ``"rulebook: <section>"`` for what the
rulebook states, ``"designed: <one-line reason>"`` for what neither gives (battle cards,
strikes, events, rooms' results, the effects of heroes, virtues, buildings and items). A file
whose items share one provenance says it once at the top.

Effects
-------
A result, a banner action, a building's Reinforce or an event's gift is a list of effects
separated by commas, each one of::

    gain N warriors | gain N spirit | gain N gear | gain N potion | gain N treasure
    gain 1 virtue | gain 1 market | lose N warriors | lose N spirit | lose N gear
    lose N potion | corruption | skulls N | steal N | nothing

``gain N gear`` lets the hero pick the gear; ``gain N potion`` and ``gain N treasure`` draw from
their decks; ``gain 1 market`` takes a treasure of the market; ``gain 1 virtue`` activates one
of the hero's inactive virtues; ``skulls N`` drops N skulls from the supply into the Tower;
``steal N`` (designed, for thieving foes) takes N of the hero's potions, then gear, as far as
the hero holds any, and is never a loss that cannot be resolved.

>>> DATA.counts()
{'locations': 60, 'edges': 150, 'buildings': 16, 'foes': 12, 'adversaries': 8, 'heroes': 4}
>>> parse_effects("gain 3 warriors, lose 1 spirit")
((0, 3), (3, 1))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, Field, model_validator

from towers.core.datafile import DataFileError, Schema, Text, read, read_raw, rule

DATA_DIR = Path(__file__).parent / "data"

SIDES = ("north", "east", "south", "west")
"""The kingdoms' sides, clockwise: the order of the tower's sides and of play."""
BUILDING_TYPES = ("Citadel", "Village", "Sanctuary", "Bazaar")
ADVANTAGES = ("Melee", "Magic", "Stealth", "Beast", "Humanoid", "Undead", "Wild")
WILD = 6
STATUSES = ("panicked", "unsteady", "ready", "savage", "lethal")
CARD_NAMES = ("clash", "onslaught", "ambush", "rout")

EFFECTS = (
    "gain warriors", "lose warriors", "gain spirit", "lose spirit", "gain gear", "lose gear",
    "gain potion", "lose potion", "gain treasure", "gain virtue", "gain market", "corruption",
    "skulls", "steal",
)  # fmt: skip
"""The kinds of effect, by code; an effect is ``(code, amount)``."""
(
    GAIN_WARRIORS, LOSE_WARRIORS, GAIN_SPIRIT, LOSE_SPIRIT, GAIN_GEAR, LOSE_GEAR, GAIN_POTION,
    LOSE_POTION, GAIN_TREASURE, GAIN_VIRTUE, GAIN_MARKET, CORRUPTION, SKULLS, STEAL,
) = range(len(EFFECTS))  # fmt: skip

Effects = tuple[tuple[int, int], ...]
"""A result: effects applied in order."""


class DataError(DataFileError):
    """A data file says something the game cannot use; the message names the item."""


def parse_effects(text: str, where: str = "effects") -> Effects:
    """``"gain 3 warriors, lose 1 spirit"`` as effects; a DataError names what is wrong."""
    out: list[tuple[int, int]] = []
    for part in (p.strip() for p in text.split(",")):
        words = part.split()
        if words == ["nothing"]:
            continue
        if words == ["corruption"]:
            out.append((CORRUPTION, 1))
            continue
        if len(words) == 2 and words[0] in ("skulls", "steal") and words[1].isdigit():
            if int(words[1]) > 0:
                out.append((SKULLS if words[0] == "skulls" else STEAL, int(words[1])))
                continue
        if len(words) == 3 and words[0] in ("gain", "lose") and words[1].isdigit():
            what = words[2].rstrip("s") if words[2] != "spirit" else "spirit"
            what = {"warrior": "warriors"}.get(what, what)
            kind = f"{words[0]} {what}"
            if kind in EFFECTS and int(words[1]) > 0:
                out.append((EFFECTS.index(kind), int(words[1])))
                continue
        raise DataError(
            f"{where}: {part!r} is not an effect; effects are 'gain N warriors|spirit|gear|"
            f"potion|treasure', 'gain 1 virtue|market', 'lose N warriors|spirit|gear|potion', "
            f"'corruption', 'skulls N', 'steal N' or 'nothing'"
        )
    return tuple(out)


COUNTED = ("warriors", "potion", "treasure", "virtue")
"""What an effect counts one by one (spirit and gear are amounts, never "1 spirits")."""


def effects_text(effects: Effects) -> str:
    """The effects in words, the one wording of every view, log and message, which
    :func:`parse_effects` reads back: ``gain 1 warrior, lose 2 potions, skulls 1``.

    >>> effects_text(parse_effects("gain 1 warriors, lose 2 potion, gain 2 spirit"))
    'gain 1 warrior, lose 2 potions, gain 2 spirit'
    """
    words = []
    for code, n in effects:
        kind = EFFECTS[code]
        if code == CORRUPTION:
            words.append("corruption")
        elif code in (SKULLS, STEAL):
            words.append(f"{kind} {n}")
        else:
            verb, what = kind.split()
            one = what.removesuffix("s")
            words.append(
                f"{verb} {f'{n} {one}' if n == 1 or what not in COUNTED else f'{n} {one}s'}"
            )
    return ", ".join(words) or "nothing"


@dataclass(frozen=True, slots=True)
class Perk:
    """A lasting modifier: a virtue, a companion, a corruption or a treasure's passive."""

    name: str
    advantage: int = -1
    """The advantage type (index of ADVANTAGES) it gives automatically, or -1."""
    advantages: int = 0
    move: int = 0
    reinforce: int = 0
    heroic: int = 0
    terrain: str = ""
    """Only on a space of this terrain (a treasure's condition), or everywhere."""


@dataclass(frozen=True, slots=True)
class Kingdom:
    id: str
    name: str
    side: int
    color: str
    terrain: str
    virtue: str
    champion_virtue: str


@dataclass(frozen=True, slots=True)
class Location:
    name: str
    kingdom: int
    terrain: str
    building: int
    """Index into BUILDING_TYPES, or -1."""
    dungeon: str
    dungeon_type: int
    """Index into ``Data.dungeon_types``, or -1."""
    borders_tower: bool


@dataclass(frozen=True, slots=True)
class Building:
    location: int
    type: int
    kingdom: int


@dataclass(frozen=True, slots=True)
class Foe:
    id: str
    name: str
    kind: str
    level: int
    traits: tuple[int, ...]
    tokens: int
    battle: tuple[tuple[tuple[Effects, ...], ...], ...]
    """By status (a single row for an adversary): the battle cards, each a ladder worst first."""
    strike_moves: tuple[int, ...]
    strike: tuple[Effects, ...]
    """By status: what a strike does to each hero it reaches (an adversary: one row)."""
    advance: Effects
    """An adversary's plans advancing (a failed adversary quest)."""


@dataclass(frozen=True, slots=True)
class Hero:
    id: str
    name: str
    move: int
    banner: Effects
    default_virtues: tuple[Perk, ...]
    virtues: tuple[Perk, ...]


@dataclass(frozen=True, slots=True)
class BuildingType:
    type: str
    free: Effects
    enhanced: Effects
    enhanced_cost: int


@dataclass(frozen=True, slots=True)
class Gear:
    id: str
    name: str
    count: int
    advantage: int


@dataclass(frozen=True, slots=True)
class Potion:
    id: str
    name: str
    count: int
    advantages: int
    """Wild advantages it gives in a battle or a dungeon (0: none)."""
    effects: Effects
    cleanse: bool
    remove_foe: int
    """The level of foe it removes from your space (0: none)."""
    moves: int


@dataclass(frozen=True, slots=True)
class Treasure:
    id: str
    name: str
    perk: Perk
    spend: int
    """Wild advantages it gives when discarded (0: none)."""


@dataclass(frozen=True, slots=True)
class Quest:
    id: str
    name: str
    kingdom: int
    location: int
    action: str
    """"spend" or "have"."""
    amount: int
    what: str
    qualifier: str
    reward: str = "companion"
    """As the month's companion quest: "companion" or "quest item" (quests.toml)."""


REWARDS = ("companion", "quest item")


@dataclass(frozen=True, slots=True)
class QuestItem:
    """A quest item: what a companion quest may give (one card each, kept once gained)."""

    id: str
    name: str
    companion: int
    """The companion whose quest gives it: given only while that companion is in play."""
    perk: Perk


@dataclass(frozen=True, slots=True)
class DungeonType:
    type: str
    advantage: int
    target: tuple[Effects, Effects]
    rooms: tuple[tuple[str, tuple[Effects, Effects]], ...]


@dataclass(frozen=True, slots=True)
class MainGoal:
    id: str
    name: str
    companion: int
    adversary: int
    """The adversary of the recommended first game (-1: the goal names none)."""
    foes: tuple[int, ...]
    """The foes of the recommended first game, by level (empty: the goal names none)."""
    steps: tuple[tuple[int, int], ...]
    """(location of the step, treasure found there or -1) in order."""
    quests: tuple[Quest | None, ...]
    """Each step's requirement, completed by a heroic action at its location; None: the
    step is the dungeon at its location, complete when its target room is cleared."""
    adversary_spawn: int

    def is_dungeon(self, step: int) -> bool:
        return self.quests[step] is None


@dataclass(frozen=True, slots=True)
class Event:
    category: str
    foe: int = 0
    count: int = 0
    level: int = -1
    steps: int = 0
    seal: bool = False
    effects: Effects = ()
    calm: bool = False
    """A companion event that also calms ``foe`` (-1: every foe) one status step."""
    gritty: int = 1
    """The card's copies in the Gritty deck."""


EVENT_CATEGORIES = (
    "foes_strike", "foes_spawn", "foes_grow", "tower_stirs", "tower_acts", "companion",
    "new_wares", "calm",
)  # fmt: skip


@dataclass(frozen=True)
class Data:
    kingdoms: tuple[Kingdom, ...]
    locations: tuple[Location, ...]
    adjacent: tuple[tuple[int, ...], ...]
    edges: tuple[tuple[int, int], ...]
    rivers: frozenset[tuple[int, int]]
    buildings: tuple[Building, ...]
    building_types: tuple[BuildingType, ...]
    haggle_faces: tuple[str, ...]
    haggle: dict[str, Effects]
    foes: tuple[Foe, ...]
    heroes: tuple[Hero, ...]
    kingdom_virtues: tuple[Perk, ...]
    gear: tuple[Gear, ...]
    potions: tuple[Potion, ...]
    treasures: tuple[Treasure, ...]
    corruptions: tuple[Perk, ...]
    companions: tuple[Perk, ...]
    companion_ids: tuple[str, ...]
    quest_items: tuple[QuestItem, ...]
    quests: tuple[Quest, ...]
    dungeon_types: tuple[DungeonType, ...]
    main_goals: tuple[MainGoal, ...]
    """The main goals; the first is the recommended first game's (the default)."""
    events: tuple[Event, ...]
    game: dict[str, Any]

    @property
    def main_goal(self) -> MainGoal:
        """The recommended first game's main goal (the default)."""
        return self.main_goals[0]

    def counts(self) -> dict[str, int]:
        return {
            "locations": len(self.locations),
            "edges": len(self.edges),
            "buildings": len(self.buildings),
            "foes": sum(f.kind == "foe" for f in self.foes),
            "adversaries": sum(f.kind == "adversary" for f in self.foes),
            "heroes": len(self.heroes),
        }

    def location(self, name: str) -> int:
        for i, loc in enumerate(self.locations):
            if loc.name == name:
                return i
        raise DataError(f"no location is called {name!r}")

    def foe(self, id: str) -> int:
        for i, f in enumerate(self.foes):
            if f.id == id:
                return i
        raise DataError(f"no foe or adversary has the id {id!r}")

    def treasure(self, id: str) -> int:
        for i, t in enumerate(self.treasures):
            if t.id == id:
                return i
        raise DataError(f"no treasure has the id {id!r}")


# ---- the data files as written (see towers.core.datafile)


def _provenance(text: str) -> str:
    kind, _, what = text.partition(": ")
    if kind not in ("reference", "rulebook", "designed") or not what.strip():
        raise ValueError(
            "should be 'reference: <file>', 'rulebook: <section>' or 'designed: <reason>'"
        )
    return text


def _effect_words(text: str) -> str:
    try:
        parse_effects(text, "")
    except DataError as exc:
        raise ValueError(str(exc).removeprefix(": ")) from None
    return text


def _advantage_words(text: str) -> str:
    words = text.split()
    if len(words) != 2 or words[0] not in ADVANTAGES or not words[1].isdigit():
        raise ValueError(f"an advantage is '<type> <n>' with a type of {', '.join(ADVANTAGES)}")
    return text


Sourced = Annotated[str, AfterValidator(_provenance)]
"""An item's provenance: ``reference: <file>``, ``rulebook: <section>`` or ``designed: <why>``."""
EffectText = Annotated[str, AfterValidator(_effect_words)]
"""Effects in words (see the module's Effects)."""
AdvantageText = Annotated[str, AfterValidator(_advantage_words)]
"""An advantage: ``"Melee 1"``."""
Side = Literal["north", "east", "south", "west"]
S = TypeVar("S", bound=Schema)


class _RiverRule(Schema):
    text: Text
    source: Sourced


class _Kingdom(Schema):
    id: str
    name: Text
    side: Side
    color: str
    terrain: str
    virtue: str
    champion_virtue: str
    source: Sourced


class _Location(Schema):
    name: Text
    kingdom: Side
    terrain: str
    building: Literal[BUILDING_TYPES] | None = None  # type: ignore[valid-type]
    dungeon: str = ""
    dungeon_type: str | None = None
    borders_tower: bool = False
    source: Sourced


class _Edges(Schema):
    pairs: list[tuple[str, str]] = Field(alias="list")
    source: Sourced


class _BoardFile(Schema):
    """``data/board.toml``."""

    river_rule: _RiverRule
    kingdoms: list[_Kingdom]
    locations: list[_Location]
    edges: _Edges


class _BuildingType(Schema):
    type: Literal[BUILDING_TYPES]  # type: ignore[valid-type]
    free: EffectText
    enhanced: EffectText
    enhanced_cost: int
    source: Sourced


class _Haggle(Schema):
    faces: Annotated[
        list[Literal["normal", "warriors", "potion", "gear", "cancel"]],
        rule(lambda v: len(v) == 6, "the haggle die has six faces"),
    ]
    warriors: EffectText
    potion: EffectText
    gear: EffectText
    source: Sourced


class _Gear(Schema):
    id: str
    name: Text
    count: int
    advantage: Literal[ADVANTAGES]  # type: ignore[valid-type]
    source: Sourced


class _Potion(Schema):
    id: str
    name: Text
    count: int
    advantage: AdvantageText | None = None
    effects: EffectText = "nothing"
    cleanse: bool = False
    remove_foe: int = 0
    moves: int = 0
    source: Sourced


class _Perk(Schema):
    """What a lasting modifier may give (see :class:`Perk`)."""

    name: Text
    advantage: AdvantageText | None = None
    move: int = 0
    reinforce: int = 0
    heroic: int = 0


class _Treasure(_Perk):
    id: str
    terrain: str = ""
    spend: AdvantageText | None = None
    source: Sourced


class _Corruption(_Perk):
    id: str
    source: Sourced


class _Companion(_Corruption):
    title: Text


class _QuestItem(_Corruption):
    companion: str


class _ItemsFile(Schema):
    """``data/items.toml``."""

    buildings: Annotated[
        list[_BuildingType],
        rule(lambda v: [b.type for b in v] == list(BUILDING_TYPES), f"must be {BUILDING_TYPES}"),
    ]
    haggle: _Haggle
    gear: list[_Gear]
    potions: list[_Potion]
    treasures: list[_Treasure]
    corruptions: list[_Corruption]
    companions: list[_Companion]
    quest_items: list[_QuestItem]


Ladder = Annotated[list[EffectText], Field(min_length=1)]
"""A battle card's results, worst first: at least one."""


class _BattleCards(Schema):
    clash: Ladder
    onslaught: Ladder
    ambush: Ladder
    rout: Ladder


class _StrikeRow(Schema):
    move: int
    effects: EffectText


class _Strike(Schema):
    """A foe's strike by status, or an adversary's one strike and its plans' advance."""

    panicked: _StrikeRow | None = None
    unsteady: _StrikeRow | None = None
    ready: _StrikeRow | None = None
    savage: _StrikeRow | None = None
    lethal: _StrikeRow | None = None
    effects: EffectText | None = None
    advance: EffectText | None = None
    text: Text | None = None
    kingdom: str | None = None
    source: Sourced | None = None


class _Foe(Schema):
    id: str
    name: Text
    kind: Literal["foe", "adversary"]
    level: Annotated[int, Field(ge=1)]
    traits: list[Literal[ADVANTAGES[:WILD]]]  # type: ignore[valid-type]
    tokens: Annotated[int, Field(ge=1)]
    battle: dict[Literal[(*STATUSES, "adversary")], _BattleCards]  # type: ignore[valid-type]
    battle_source: Sourced | None = None
    strike: _Strike
    source: Sourced

    @model_validator(mode="after")
    def _rows(self) -> _Foe:
        rows = ("adversary",) if self.kind == "adversary" else STATUSES
        if set(self.battle) != set(rows):
            raise ValueError(f"a {self.kind}'s battle cards are by {', '.join(rows)}")
        if self.kind == "adversary":
            if self.strike.effects is None or self.strike.advance is None:
                raise ValueError("an adversary's strike has its effects and its advance")
        elif any(getattr(self.strike, s) is None for s in STATUSES):
            raise ValueError(f"a foe's strike has a move and effects for each of {STATUSES}")
        return self


class _FoesFile(Schema):
    """``data/foes.toml``."""

    status_track: Annotated[list[str], rule(lambda v: tuple(v) == STATUSES, f"must be {STATUSES}")]
    status_source: Sourced
    start_status: Literal[STATUSES]  # type: ignore[valid-type]
    start_status_source: Sourced
    foes: list[_Foe]


class _Hero(Schema):
    id: str
    name: Text
    move: int
    banner: EffectText
    default_virtues: list[_Perk]
    virtues: Annotated[
        list[_Perk], rule(lambda v: len(v) == 3, "three hero virtue tiles (Hero Setup)")
    ]
    source: Sourced


class _KingdomVirtue(_Perk):
    kingdom: Side
    source: Sourced


class _HeroesFile(Schema):
    """``data/heroes.toml``."""

    heroes: list[_Hero]
    kingdom_virtues: Annotated[
        list[_KingdomVirtue],
        rule(
            lambda v: sorted(k.kingdom for k in v) == sorted(SIDES),
            "one kingdom virtue for each kingdom",
        ),
    ]


class _Monthly(Schema):
    deal: Text
    rewards: dict[str, str]
    source: Sourced


class _QuestCard(Schema):
    id: str
    name: Text
    kingdom: Side
    location: str
    requirement: str
    source: Sourced


class _Step(Schema):
    dungeon: str | None = None
    quest: str | None = None
    at: str | None = None
    treasure: str | None = None


class _MainGoal(Schema):
    id: str
    name: Text
    companion: str
    adversary: str | None = None
    foes: list[str] = []
    steps: list[_Step]
    adversary_spawn: str
    source: Sourced


class _DungeonType(Schema):
    type: str
    advantage: Literal[ADVANTAGES]  # type: ignore[valid-type]
    target: tuple[EffectText, EffectText]
    rooms: dict[str, tuple[EffectText, EffectText]]
    source: Sourced


class _QuestsFile(Schema):
    """``data/quests.toml``."""

    monthly: _Monthly
    quests: list[_QuestCard]
    main_goals: list[_MainGoal]
    dungeon_types: list[_DungeonType]


class _EventCard(Schema):
    category: Literal[EVENT_CATEGORIES]  # type: ignore[valid-type]
    foe: Annotated[
        int, rule(lambda n: -1 <= n < 3, "0, 1 or 2 (the foe by level) or -1 (every foe)")
    ] = 0
    count: int = 0
    level: int = -1
    steps: int = 0
    seal: bool = False
    effects: EffectText = "nothing"
    calm: bool = False
    gritty: Annotated[int, Field(ge=0)] = 1

    @model_validator(mode="after")
    def _calm(self) -> _EventCard:
        if self.calm and self.category != "companion":
            raise ValueError("only a companion event may calm a foe")
        return self


class _EventsFile(Schema):
    """``data/events.toml``."""

    source: Sourced
    cards: list[_EventCard]


class _Months(Schema):
    count: int
    source: Sourced


class _TurnsPerMonth(Schema):
    heroic: dict[str, int]
    source: Sourced


class _GrittyValue(Schema):
    value: int | str
    source: Sourced


class _Gritty(Schema):
    fewer_turns: _GrittyValue
    foe_status: _GrittyValue
    setup_skulls: _GrittyValue
    events: _GrittyValue
    source: Sourced


class _Start(Schema):
    warriors: int
    spirit: int
    source: Sourced


class _Skulls(Schema):
    total: int
    building_capacity: int
    source: Sourced


class _HeroicAction(Schema):
    spirit: int
    max_advantages: int
    source: Sourced


class _Move(Schema):
    double_cost: int
    source: Sourced


class _Corruptions(Schema):
    losing: int
    source: Sourced


class _Market(Schema):
    size: int
    source: Sourced


class _Seats(Schema):
    kingdoms: dict[str, list[Side]]
    source: Sourced


class _Spawn(Schema):
    foe: int
    count: int


class _Setup(Schema):
    spawns: list[_Spawn]
    skulls: int
    source: Sourced


class _Dungeon(Schema):
    rooms: int
    source: Sourced


class _Amulet(Schema):
    effect: Text
    source: Sourced


class _Competitive(Schema):
    min_players: int
    tests_dealt: int
    tests_to_enter: int
    amulets: int
    tower_dungeon: str
    amulet: _Amulet
    source: Sourced


class _GameFile(Schema):
    """``data/game.toml``."""

    months: _Months
    turns_per_month: _TurnsPerMonth
    gritty: _Gritty
    start: _Start
    skulls: _Skulls
    heroic_action: _HeroicAction
    move: _Move
    corruption: _Corruptions
    market: _Market
    seats: _Seats
    setup: _Setup
    dungeon: _Dungeon
    competitive: _Competitive


def _read(name: str, schema: type[S]) -> S:
    return read(DATA_DIR / name, schema, DataError)


# ---- help.toml: the board's components that have no data of their own ---------------------
HELP_SOURCES = ("rulebook: ", "designed: ", "reference: ")


class _HelpTopic(Schema):
    key: Text
    name: Text
    kind: Text
    text: Annotated[
        str,
        rule(
            lambda t: len(t) >= 15,
            "its text says what the component does, in 15 characters or more",
        ),
    ]
    source: Annotated[
        str,
        rule(
            lambda t: t.startswith(HELP_SOURCES),
            "should start 'rulebook: ', 'designed: ' or 'reference: '",
        ),
    ]


class HelpFile(Schema):
    """``data/help.toml``: the help topics of components without data of their own."""

    topics: tuple[_HelpTopic, ...]


# ---- layout.toml: where the map draws each location (read by svg.py) ------------------------
class _LayoutMap(Schema):
    size: float
    tower: tuple[int | float, int | float]
    space_radius: float
    source: Sourced


class _LayoutSpace(Schema):
    name: Text
    at: tuple[int | float, int | float]
    short: Text


class LayoutFile(Schema):
    """``data/layout.toml``: the map's size and the Tower's place, and each location's place
    and short name (designed)."""

    source: Sourced
    map: _LayoutMap
    spaces: tuple[_LayoutSpace, ...]


# ---- tower.toml: the tower's facts and designed numbers (read by tower.py) -----------------
TOWER_LEVELS = ("top", "middle", "bottom")
"""The drums from the top (tower.py's ``LEVELS``)."""
TOWER_SIDES = ("north", "east", "south", "west")
"""Clockwise from north (tower.py's ``SIDES``)."""


def _is_tower_source(text: str) -> bool:
    return any(
        text.startswith(p) and text[len(p) :].strip()
        for p in ("rulebook: ", "designed: ", "fact: ")
    )


TowerSource = Annotated[
    str, rule(_is_tower_source, "should start 'rulebook: ', 'fact: ' or 'designed: ' and say more")
]
"""A tower item's provenance: the rulebook, a fact of the physical tower, or designed."""
Probability = Annotated[float, rule(lambda p: 0 <= p <= 1, "should be a number from 0 to 1")]


def _weights(n: int) -> Any:
    return rule(
        lambda w: len(w) == n and all(x >= 0 for x in w) and sum(w) > 0,
        f"should be {n} weights of 0 or more, not all 0",
    )


class _TowerStructure(Schema):
    levels: Annotated[
        tuple[str, ...], rule(lambda v: v == TOWER_LEVELS, f"should be {list(TOWER_LEVELS)}")
    ]
    sides: Annotated[
        tuple[str, ...], rule(lambda v: v == TOWER_SIDES, f"should be {list(TOWER_SIDES)}")
    ]
    source: TowerSource


class _TowerSeals(Schema):
    count: int
    sealed_at_start: bool
    source: TowerSource
    count_source: TowerSource | None = None


class _TowerGlyph(Schema):
    id: Text
    name: Text
    level: Literal["top", "middle", "bottom"]
    side_at_calibration: Literal["north", "east", "south", "west"]
    source: TowerSource


class _TowerLevel(Schema):
    id: Literal["top", "middle", "bottom"]
    capacity: Annotated[int, rule(lambda n: 0 <= n <= 24, "should be 0 to 24")]
    spill_at: Annotated[int, rule(lambda n: n >= 1, "should be 1 or more")]
    knock: Annotated[int, rule(lambda n: n >= 0, "should be 0 (all) or more")]
    catch: Annotated[Probability, rule(lambda p: p < 1, "should be below 1")]
    escape: Probability
    source: TowerSource
    capacity_source: TowerSource | None = None
    spill_at_source: TowerSource | None = None
    knock_source: TowerSource | None = None
    catch_source: TowerSource | None = None
    escape_source: TowerSource | None = None


class _TowerBase(Schema):
    door_weights: Annotated[tuple[float, ...], _weights(4)]
    source: TowerSource


Loosening = Literal["drum", "none"]


class _TowerLoosening(Schema):
    rotate: Loosening
    break_seal: Loosening
    restore_seal: Loosening
    source: TowerSource


class _TowerGlow(Schema):
    level_weights: Annotated[tuple[float, ...], _weights(3)]
    source: TowerSource


class _TowerLights(Schema):
    layers: tuple[str, ...]
    ring_positions: tuple[str, ...]
    corner_positions: tuple[str, ...]
    effects: tuple[str, ...]
    sequences: int
    sounds: int
    source: TowerSource


class _TowerCues(Schema):
    seal_break_sequence: int
    seal_break_sound: int
    skull_dropped_sound: int
    rotation_sequences: tuple[int, ...]
    source: TowerSource


class TowerFile(Schema):
    """``data/tower.toml``, or an owner's own tower file: the structure, seals, glyphs,
    lights and cues of the physical tower, and the designed numbers of the skulls inside."""

    structure: _TowerStructure
    seals: _TowerSeals
    glyph: tuple[_TowerGlyph, ...] = ()
    lights: _TowerLights
    cues: _TowerCues
    level: tuple[_TowerLevel, ...]
    base: _TowerBase
    loosening: _TowerLoosening
    glow: _TowerGlow

    @model_validator(mode="after")
    def _levels_in_order(self) -> TowerFile:
        ids = tuple(lv.id for lv in self.level)
        if ids != TOWER_LEVELS:
            raise ValueError(
                f"its [[level]] tables should be {', '.join(TOWER_LEVELS)}, one each in that "
                f"order, not {', '.join(ids) or 'none'}"
            )
        return self


def _advantage(text: str | None) -> tuple[int, int]:
    """An advantage's type (index of ADVANTAGES) and count; (-1, 0) for none."""
    if text is None:
        return -1, 0
    kind, n = text.split()
    return ADVANTAGES.index(kind), int(n)


def _perk(item: _Perk) -> Perk:
    adv, n = _advantage(item.advantage)
    return Perk(
        name=item.name,
        advantage=adv,
        advantages=n,
        move=item.move,
        reinforce=item.reinforce,
        heroic=item.heroic,
        terrain=getattr(item, "terrain", ""),
    )


def _load_board(board: _BoardFile, dungeon_types: dict[str, int]) -> dict[str, Any]:
    """The kingdoms, locations and the board's graph."""
    kingdoms = tuple(
        Kingdom(k.id, k.name, SIDES.index(k.side), k.color, k.terrain, k.virtue,
                k.champion_virtue)
        for k in board.kingdoms
    )  # fmt: skip
    locations = []
    for loc in board.locations:
        kind = loc.dungeon_type
        if kind is not None and kind not in dungeon_types:
            raise DataError(f"location {loc.name!r}: dungeon type {kind!r} is not in quests.toml")
        locations.append(
            Location(
                name=loc.name,
                kingdom=SIDES.index(loc.kingdom),
                terrain=loc.terrain,
                building=BUILDING_TYPES.index(loc.building) if loc.building else -1,
                dungeon=loc.dungeon,
                dungeon_type=dungeon_types[kind] if kind else -1,
                borders_tower=loc.borders_tower,
            )
        )
    index = {loc.name: i for i, loc in enumerate(locations)}
    if len(index) != len(locations):
        raise DataError("two locations share a name")
    adjacent: list[set[int]] = [set() for _ in locations]
    edges: list[tuple[int, int]] = []
    rivers = set()
    for a, b in board.edges.pairs:
        if a not in index or b not in index:
            raise DataError(f"the edge {a!r}-{b!r} names a location that is not on the board")
        i, j = index[a], index[b]
        if i == j or j in adjacent[i]:
            raise DataError(f"the edge {a!r}-{b!r} is a loop or listed twice")
        adjacent[i].add(j)
        adjacent[j].add(i)
        edges.append((min(i, j), max(i, j)))
        if locations[i].kingdom != locations[j].kingdom:
            rivers.add((min(i, j), max(i, j)))  # designed: a border between kingdoms is a river
    buildings = tuple(
        Building(i, loc.building, loc.kingdom)
        for i, loc in enumerate(locations)
        if loc.building >= 0
    )
    return {
        "kingdoms": kingdoms,
        "locations": tuple(locations),
        "adjacent": tuple(tuple(sorted(a)) for a in adjacent),
        "edges": tuple(sorted(edges)),
        "rivers": frozenset(rivers),
        "buildings": buildings,
    }


def _load_foe(f: _Foe) -> Foe:
    rows = ("adversary",) if f.kind == "adversary" else STATUSES
    battle = tuple(
        tuple(
            tuple(parse_effects(rung) for rung in getattr(f.battle[status], card))
            for card in CARD_NAMES
        )
        for status in rows
    )
    strike = f.strike
    if f.kind == "adversary":
        strikes: tuple[Effects, ...] = (parse_effects(strike.effects or ""),)
        moves: tuple[int, ...] = (0,)
        advance = parse_effects(strike.advance or "")
    else:
        by_status = [getattr(strike, s) for s in STATUSES]
        strikes = tuple(parse_effects(row.effects) for row in by_status)
        moves = tuple(row.move for row in by_status)
        advance = ()
    traits = tuple(ADVANTAGES.index(t) for t in f.traits)
    return Foe(f.id, f.name, f.kind, f.level, traits, f.tokens, battle, moves, strikes, advance)


def _load_items(items: _ItemsFile) -> dict[str, Any]:
    """The Data fields of items.toml."""
    haggle = items.haggle
    companion_ids = tuple(c.id for c in items.companions)
    quest_items = []
    for i, q in enumerate(items.quest_items):
        if q.companion not in companion_ids:
            raise DataError(
                f"items.toml: quest_items[{i}].companion: no companion has the id {q.companion!r}"
            )
        quest_items.append(QuestItem(q.id, q.name, companion_ids.index(q.companion), _perk(q)))
    return {
        "building_types": tuple(
            BuildingType(b.type, parse_effects(b.free), parse_effects(b.enhanced), b.enhanced_cost)
            for b in items.buildings
        ),
        "haggle_faces": tuple(haggle.faces),
        "haggle": {k: parse_effects(getattr(haggle, k)) for k in ("warriors", "potion", "gear")},
        "gear": tuple(
            Gear(g.id, g.name, g.count, ADVANTAGES.index(g.advantage)) for g in items.gear
        ),
        "potions": tuple(
            Potion(
                p.id,
                p.name,
                p.count,
                _advantage(p.advantage)[1],
                parse_effects(p.effects),
                p.cleanse,
                p.remove_foe,
                p.moves,
            )
            for p in items.potions
        ),  # fmt: skip
        "treasures": tuple(
            Treasure(t.id, t.name, _perk(t), _advantage(t.spend)[1]) for t in items.treasures
        ),
        "corruptions": tuple(_perk(c) for c in items.corruptions),
        "companions": tuple(_perk(c) for c in items.companions),
        "companion_ids": companion_ids,
        "quest_items": tuple(quest_items),
    }


def item_sources() -> dict[str, list[str]]:
    """The provenance (``source``) of each hero, building type and gear as the data files
    write it, read through their schemas: the companion tells by it which of their values
    are designed rather than printed in the rulebook."""
    heroes = _read("heroes.toml", _HeroesFile)
    items = _read("items.toml", _ItemsFile)
    return {
        "heroes": [h.source for h in heroes.heroes],
        "buildings": [b.source for b in items.buildings],
        "gear": [g.source for g in items.gear],
    }


def _load_heroes() -> dict[str, Any]:
    """The Data fields of heroes.toml."""
    heroes_file = _read("heroes.toml", _HeroesFile)
    by_side: dict[str, _KingdomVirtue] = {k.kingdom: k for k in heroes_file.kingdom_virtues}
    return {
        "heroes": tuple(
            Hero(
                h.id,
                h.name,
                h.move,
                parse_effects(h.banner),
                tuple(_perk(v) for v in h.default_virtues),
                tuple(_perk(v) for v in h.virtues),
            )
            for h in heroes_file.heroes
        ),  # fmt: skip
        "kingdom_virtues": tuple(_perk(by_side[side]) for side in SIDES),
    }


def _dungeon_types(quests_file: _QuestsFile) -> tuple[DungeonType, ...]:
    return tuple(
        DungeonType(
            d.type,
            ADVANTAGES.index(d.advantage),
            (parse_effects(d.target[0]), parse_effects(d.target[1])),
            tuple(
                (name, (parse_effects(rungs[0]), parse_effects(rungs[1])))
                for name, rungs in d.rooms.items()
            ),
        )
        for d in quests_file.dungeon_types
    )


def _quests(quests_file: _QuestsFile, index: dict[str, int]) -> tuple[Quest, ...]:
    rewards = quests_file.monthly.rewards
    unknown = set(rewards) - {"source"} - {q.id for q in quests_file.quests}
    if unknown:
        raise DataError(f"quests.toml [monthly.rewards] names no quest card: {sorted(unknown)}")
    quests = []
    for q in quests_file.quests:
        words = q.requirement.split()
        if q.location not in index:
            raise DataError(f"quest {q.id}: location {q.location!r} is not on the board")
        reward = rewards.get(q.id, "companion")
        if reward not in REWARDS:
            raise DataError(f"quest {q.id}: the reward {reward!r} is not one of {REWARDS}")
        quests.append(
            Quest(q.id, q.name, SIDES.index(q.kingdom), index[q.location], words[0],
                  int(words[1]), words[2], words[3] if len(words) > 3 else "", reward)
        )  # fmt: skip
    return tuple(quests)


def _load_events() -> tuple[Event, ...]:
    return tuple(
        Event(e.category, e.foe, e.count, e.level, e.steps, e.seal, parse_effects(e.effects),
              e.calm, e.gritty)
        for e in _read("events.toml", _EventsFile).cards
    )  # fmt: skip


@functools.cache
def load() -> Data:
    quests_file = _read("quests.toml", _QuestsFile)
    dungeon_types = _dungeon_types(quests_file)
    board = _load_board(
        _read("board.toml", _BoardFile), {d.type: i for i, d in enumerate(dungeon_types)}
    )
    locations = board["locations"]
    index = {loc.name: i for i, loc in enumerate(locations)}
    items = _load_items(_read("items.toml", _ItemsFile))
    foes = tuple(_load_foe(f) for f in _read("foes.toml", _FoesFile).foes)
    main_goals = tuple(
        _main_goal(g, index, locations, items["treasures"], foes, items["companion_ids"])
        for g in quests_file.main_goals
    )
    if len({g.id for g in main_goals}) != len(main_goals):
        raise DataError("two main goals share an id")
    first = main_goals[0]
    if first.adversary < 0 or [foes[f].level for f in first.foes] != [2, 3, 4]:
        raise DataError(
            "the first main goal is the recommended first game's: it names the adversary and "
            "one foe of level 2, one of level 3, one of level 4"
        )
    _, game = read_raw(DATA_DIR / "game.toml", _GameFile, DataError)
    data = Data(
        **board,
        **items,
        foes=foes,
        **_load_heroes(),
        quests=_quests(quests_file, index),
        dungeon_types=dungeon_types,
        main_goals=main_goals,
        events=_load_events(),
        game=game,
    )
    _check(data)
    return data


REQUIREMENTS = ("warriors", "spirit", "gear", "potions", "treasures", "virtues", "advantages")
"""What a quest's requirement counts (Completing a Quest)."""


def _main_goal(
    goal: _MainGoal,
    index: dict[str, int],
    locations: tuple[Location, ...],
    treasures: tuple[Treasure, ...],
    foes: tuple[Foe, ...],
    companion_ids: tuple[str, ...],
) -> MainGoal:
    where = f"main goal {goal.id!r}"
    t_index = {t.id: i for i, t in enumerate(treasures)}
    f_index = {f.id: i for i, f in enumerate(foes)}
    d_index = {loc.dungeon: i for i, loc in enumerate(locations) if loc.dungeon}
    steps: list[tuple[int, int]] = []
    quests: list[Quest | None] = []
    for k, s in enumerate(goal.steps, start=1):
        if s.treasure is not None and s.treasure not in t_index:
            raise DataError(f"{where}, step {k}: no treasure has the id {s.treasure!r}")
        found = t_index[s.treasure] if s.treasure else -1
        if s.dungeon is not None:
            if s.dungeon not in d_index:
                raise DataError(f"{where}, step {k}: no dungeon is called {s.dungeon!r}")
            steps.append((d_index[s.dungeon], found))
            quests.append(None)
            continue
        if s.at not in index or s.quest is None:
            raise DataError(
                f"{where}, step {k}: a step is {{ dungeon = <name> }} or "
                "{ quest = '<spend|have> <n> <what>', at = <location> }"
            )
        words = s.quest.split()
        if (
            len(words) < 3
            or words[0] not in ("spend", "have")
            or not words[1].isdigit()
            or words[2] not in REQUIREMENTS
        ):
            raise DataError(
                f"{where}, step {k}: the quest is '<spend|have> <n> <what>' with <what> one of "
                f"{', '.join(REQUIREMENTS)}"
            )
        at = index[s.at]
        quests.append(
            Quest(f"{goal.id}-{len(steps) + 1}", goal.name, locations[at].kingdom, at,
                  words[0], int(words[1]), words[2], words[3] if len(words) > 3 else "")
        )  # fmt: skip
        steps.append((at, found))
    if goal.companion not in companion_ids:
        raise DataError(f"{where}: no companion has the id {goal.companion!r}")
    for name in (*([goal.adversary] if goal.adversary else []), *goal.foes):
        if name not in f_index:
            raise DataError(f"{where}: no foe or adversary has the id {name!r}")
    if goal.adversary_spawn not in index:
        raise DataError(f"{where}: adversary_spawn {goal.adversary_spawn!r} is not on the board")
    return MainGoal(
        goal.id, goal.name, companion_ids.index(goal.companion),
        f_index[goal.adversary] if goal.adversary else -1,
        tuple(f_index[f] for f in goal.foes), tuple(steps), tuple(quests),
        index[goal.adversary_spawn],
    )  # fmt: skip


def _check(data: Data) -> None:
    """The counts the rulebook and the reference give; a DataError names what differs."""
    per_kingdom = [sum(loc.kingdom == k for loc in data.locations) for k in range(4)]
    if per_kingdom != [15] * 4:
        raise DataError(f"each kingdom has 15 locations, not {per_kingdom}")
    for k in range(4):
        types = sorted(b.type for b in data.buildings if b.kingdom == k)
        if types != [0, 1, 2, 3]:
            raise DataError(f"the kingdom {SIDES[k]} has buildings {types}, not one of each type")
    if len(data.gear) != 6 or any(g.count != 3 for g in data.gear):
        raise DataError("the gear is 6 kinds of 3 copies (World Setup)")


DATA = load()
