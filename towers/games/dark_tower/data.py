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
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


class DataError(ValueError):
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


def _read(name: str) -> dict[str, Any]:
    with open(DATA_DIR / name, "rb") as f:
        return tomllib.load(f)


def _sourced(item: dict[str, Any], where: str) -> None:
    source = item.get("source", "")
    if not isinstance(source, str) or not source.startswith(
        ("reference: ", "rulebook: ", "designed: ")
    ):
        raise DataError(
            f"{where} has the source {source!r}; each item says 'reference: <file>', "
            f"'rulebook: <section>' or 'designed: <reason>'"
        )


def _advantage(text: str, where: str) -> tuple[int, int]:
    words = text.split()
    if len(words) != 2 or words[0] not in ADVANTAGES or not words[1].isdigit():
        raise DataError(f"{where}: advantage {text!r} is '<type> <n>' with a type of {ADVANTAGES}")
    return ADVANTAGES.index(words[0]), int(words[1])


def _perk(item: dict[str, Any], where: str) -> Perk:
    adv, n = _advantage(item["advantage"], where) if "advantage" in item else (-1, 0)
    return Perk(
        name=str(item.get("name", item.get("id", ""))),
        advantage=adv,
        advantages=n,
        move=int(item.get("move", 0)),
        reinforce=int(item.get("reinforce", 0)),
        heroic=int(item.get("heroic", 0)),
        terrain=str(item.get("terrain", "")),
    )


def _ladder(rungs: list[str], where: str) -> tuple[Effects, ...]:
    if not rungs:
        raise DataError(f"{where}: a battle card needs at least one result")
    return tuple(parse_effects(r, where) for r in rungs)


def _load_board() -> tuple[Any, ...]:
    board = _read("board.toml")
    kingdoms = []
    for k in board["kingdoms"]:
        _sourced(k, f"kingdom {k.get('id')}")
        kingdoms.append(
            Kingdom(k["id"], k["name"], SIDES.index(k["side"]), k["color"], k["terrain"],
                    k["virtue"], k["champion_virtue"])
        )  # fmt: skip
    locations = []
    for loc in board["locations"]:
        where = f"location {loc.get('name')!r}"
        _sourced(loc, where)
        if loc["kingdom"] not in SIDES:
            raise DataError(f"{where}: kingdom {loc['kingdom']!r} is not one of {SIDES}")
        b = loc.get("building")
        if b is not None and b not in BUILDING_TYPES:
            raise DataError(f"{where}: building {b!r} is not one of {BUILDING_TYPES}")
        locations.append(
            Location(
                name=loc["name"],
                kingdom=SIDES.index(loc["kingdom"]),
                terrain=loc["terrain"],
                building=BUILDING_TYPES.index(b) if b else -1,
                dungeon=loc.get("dungeon", ""),
                dungeon_type=-1,
                borders_tower=bool(loc.get("borders_tower", False)),
            )
        )
    index = {loc.name: i for i, loc in enumerate(locations)}
    if len(index) != len(locations):
        raise DataError("two locations share a name")
    _sourced(board["edges"], "the edges")
    adjacent: list[set[int]] = [set() for _ in locations]
    edges: list[tuple[int, int]] = []
    rivers = set()
    for edge in board["edges"]["list"]:
        if len(edge) != 2:
            raise DataError(f"the edge {edge!r} must name two locations, [from, to]")
        a, b = edge
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
    return kingdoms, locations, adjacent, edges, rivers, board


def _load_foe(f: dict[str, Any]) -> Foe:
    where = f"foe {f.get('id')!r}"
    _sourced(f, where)
    traits = []
    for t in f["traits"]:
        if t not in ADVANTAGES[:WILD]:
            raise DataError(f"{where}: trait {t!r} is not one of {ADVANTAGES[:WILD]}")
        traits.append(ADVANTAGES.index(t))
    adversary = f["kind"] == "adversary"
    rows = ("adversary",) if adversary else STATUSES
    battle = []
    for status in rows:
        cards = f["battle"].get(status)
        if not isinstance(cards, dict) or set(cards) != set(CARD_NAMES):
            raise DataError(f"{where}: its {status} battle cards must be {CARD_NAMES}")
        battle.append(tuple(_ladder(cards[c], f"{where} {status} {c}") for c in CARD_NAMES))
    strike = f["strike"]
    if adversary:
        strikes: tuple[Effects, ...] = (parse_effects(strike["effects"], where),)
        moves: tuple[int, ...] = (0,)
        advance = parse_effects(strike["advance"], where)
    else:
        strikes = tuple(parse_effects(strike[s]["effects"], where) for s in STATUSES)
        moves = tuple(int(strike[s]["move"]) for s in STATUSES)
        advance = ()
    if int(f["level"]) < 1 or int(f["tokens"]) < 1:
        raise DataError(f"{where}: level and tokens must be positive")
    return Foe(f["id"], f["name"], f["kind"], int(f["level"]), tuple(traits), int(f["tokens"]),
               tuple(battle), moves, strikes, advance)  # fmt: skip


@functools.cache
def load() -> Data:
    kingdoms, locations, adjacent, edges, rivers, board = _load_board()
    index = {loc.name: i for i, loc in enumerate(locations)}
    items = _read("items.toml")
    types = []
    for b in items["buildings"]:
        _sourced(b, f"building {b.get('type')}")
        types.append(
            BuildingType(b["type"], parse_effects(b["free"], b["type"]),
                         parse_effects(b["enhanced"], b["type"]), int(b["enhanced_cost"]))
        )  # fmt: skip
    if [t.type for t in types] != list(BUILDING_TYPES):
        raise DataError(
            f"items.toml lists the buildings {[t.type for t in types]}, not {BUILDING_TYPES}"
        )
    haggle = items["haggle"]
    _sourced(haggle, "the haggle die")
    faces = tuple(haggle["faces"])
    if len(faces) != 6 or not set(faces) <= {"normal", "warriors", "potion", "gear", "cancel"}:
        raise DataError("the haggle die has six faces of normal, warriors, potion, gear, cancel")
    haggle_effects = {k: parse_effects(haggle[k], "haggle") for k in ("warriors", "potion", "gear")}
    gear = []
    for g in items["gear"]:
        _sourced(g, f"gear {g.get('id')}")
        gear.append(Gear(g["id"], g["name"], int(g["count"]), ADVANTAGES.index(g["advantage"])))
    potions = []
    for p in items["potions"]:
        _sourced(p, f"potion {p.get('id')}")
        wild = _advantage(p["advantage"], p["id"])[1] if "advantage" in p else 0
        potions.append(
            Potion(p["id"], p["name"], int(p["count"]), wild,
                   parse_effects(p.get("effects", "nothing"), p["id"]), bool(p.get("cleanse")),
                   int(p.get("remove_foe", 0)), int(p.get("moves", 0)))
        )  # fmt: skip
    treasures = []
    for t in items["treasures"]:
        _sourced(t, f"treasure {t.get('id')}")
        spend = _advantage(t["spend"], t["id"])[1] if "spend" in t else 0
        treasures.append(Treasure(t["id"], t["name"], _perk(t, t["id"]), spend))
    corruptions = []
    for c in items["corruptions"]:
        _sourced(c, f"corruption {c.get('id')}")
        corruptions.append(_perk(c, c["id"]))
    companions = []
    for c in items["companions"]:
        _sourced(c, f"companion {c.get('id')}")
        companions.append(_perk(c, c["id"]))
    companion_ids = tuple(c["id"] for c in items["companions"])
    quest_items = []
    for q in items["quest_items"]:
        _sourced(q, f"quest item {q.get('id')}")
        if q["companion"] not in companion_ids:
            raise DataError(f"quest item {q['id']}: no companion has the id {q['companion']!r}")
        quest_items.append(
            QuestItem(q["id"], q["name"], companion_ids.index(q["companion"]), _perk(q, q["id"]))
        )

    foes_file = _read("foes.toml")
    foes = tuple(_load_foe(f) for f in foes_file["foes"])
    if tuple(foes_file["status_track"]) != STATUSES:
        raise DataError(f"foes.toml's status track must be {STATUSES}")

    heroes_file = _read("heroes.toml")
    heroes = []
    for h in heroes_file["heroes"]:
        _sourced(h, f"hero {h.get('id')}")
        if len(h["virtues"]) != 3:
            raise DataError(f"hero {h['id']}: three hero virtue tiles (Hero Setup)")
        heroes.append(
            Hero(h["id"], h["name"], int(h["move"]), parse_effects(h["banner"], h["id"]),
                 tuple(_perk(v, h["id"]) for v in h["default_virtues"]),
                 tuple(_perk(v, h["id"]) for v in h["virtues"]))
        )  # fmt: skip
    kingdom_virtues = []
    for side in SIDES:
        found = [k for k in heroes_file["kingdom_virtues"] if k["kingdom"] == side]
        if len(found) != 1:
            raise DataError(f"heroes.toml needs one kingdom virtue for {side}")
        _sourced(found[0], f"kingdom virtue {side}")
        kingdom_virtues.append(_perk(found[0], side))

    quests_file = _read("quests.toml")
    dungeon_types = []
    for d in quests_file["dungeon_types"]:
        _sourced(d, f"dungeon type {d.get('type')}")
        rooms = []
        for name, rungs in d["rooms"].items():
            if len(rungs) != 2:
                raise DataError(f"room {name!r}: a room has a result and an improved result")
            rooms.append((name, (parse_effects(rungs[0], name), parse_effects(rungs[1], name))))
        target = d["target"]
        dungeon_types.append(
            DungeonType(d["type"], ADVANTAGES.index(d["advantage"]),
                        (parse_effects(target[0], "target"), parse_effects(target[1], "target")),
                        tuple(rooms))
        )  # fmt: skip
    type_index = {d.type: i for i, d in enumerate(dungeon_types)}
    board_locs = {loc["name"]: loc for loc in board["locations"]}
    located = []
    for loc in locations:
        kind = board_locs[loc.name].get("dungeon_type")
        if kind is not None and kind not in type_index:
            raise DataError(f"location {loc.name!r}: dungeon type {kind!r} is not in quests.toml")
        located.append(
            Location(loc.name, loc.kingdom, loc.terrain, loc.building, loc.dungeon,
                     type_index[kind] if kind else -1, loc.borders_tower)
        )  # fmt: skip
    locations = located
    rewards = quests_file["monthly"]["rewards"]
    unknown = set(rewards) - {"source"} - {q["id"] for q in quests_file["quests"]}
    if unknown:
        raise DataError(f"quests.toml [monthly.rewards] names no quest card: {sorted(unknown)}")
    quests = []
    for q in quests_file["quests"]:
        _sourced(q, f"quest {q.get('id')}")
        words = q["requirement"].split()
        if q["location"] not in index:
            raise DataError(f"quest {q['id']}: location {q['location']!r} is not on the board")
        reward = rewards.get(q["id"], "companion")
        if reward not in REWARDS:
            raise DataError(f"quest {q['id']}: the reward {reward!r} is not one of {REWARDS}")
        quests.append(
            Quest(q["id"], q["name"], SIDES.index(q["kingdom"]), index[q["location"]], words[0],
                  int(words[1]), words[2], words[3] if len(words) > 3 else "", reward)
        )  # fmt: skip
    main_goals = tuple(
        _main_goal(g, index, locations, treasures, foes, companion_ids)
        for g in quests_file["main_goals"]
    )
    if len({g.id for g in main_goals}) != len(main_goals):
        raise DataError("two main goals share an id")
    first = main_goals[0]
    if first.adversary < 0 or [foes[f].level for f in first.foes] != [2, 3, 4]:
        raise DataError(
            "the first main goal is the recommended first game's: it names the adversary and "
            "one foe of level 2, one of level 3, one of level 4"
        )

    events_file = _read("events.toml")
    _sourced(events_file, "events.toml")
    events = []
    for e in events_file["cards"]:
        if e["category"] not in EVENT_CATEGORIES:
            raise DataError(f"event {e}: category must be one of {EVENT_CATEGORIES}")
        events.append(
            Event(e["category"], int(e.get("foe", 0)), int(e.get("count", 0)),
                  int(e.get("level", -1)), int(e.get("steps", 0)), bool(e.get("seal", False)),
                  parse_effects(e.get("effects", "nothing"), "event"), bool(e.get("calm", False)),
                  int(e.get("gritty", 1)))
        )  # fmt: skip
        if events[-1].gritty < 0:
            raise DataError(f"event {e}: gritty is the card's copies on Gritty, 0 or more")
        if events[-1].calm and e["category"] != "companion":
            raise DataError(f"event {e}: only a companion event may calm a foe")
        if not -1 <= events[-1].foe < 3:
            raise DataError(
                f"event {e}: foe must be 0, 1 or 2 (the foe by level) or -1 (every foe)"
            )
    game = _read("game.toml")
    for key, item in game.items():
        _sourced(item, f"game.toml [{key}]")
    buildings = tuple(
        Building(i, loc.building, loc.kingdom)
        for i, loc in enumerate(locations)
        if loc.building >= 0
    )
    data = Data(
        kingdoms=tuple(kingdoms),
        locations=tuple(locations),
        adjacent=tuple(tuple(sorted(a)) for a in adjacent),
        edges=tuple(sorted(edges)),
        rivers=frozenset(rivers),
        buildings=buildings,
        building_types=tuple(types),
        haggle_faces=faces,
        haggle=haggle_effects,
        foes=foes,
        heroes=tuple(heroes),
        kingdom_virtues=tuple(kingdom_virtues),
        gear=tuple(gear),
        potions=tuple(potions),
        treasures=tuple(treasures),
        corruptions=tuple(corruptions),
        companions=tuple(companions),
        companion_ids=companion_ids,
        quest_items=tuple(quest_items),
        quests=tuple(quests),
        dungeon_types=tuple(dungeon_types),
        main_goals=main_goals,
        events=tuple(events),
        game=game,
    )
    _check(data)
    return data


REQUIREMENTS = ("warriors", "spirit", "gear", "potions", "treasures", "virtues", "advantages")
"""What a quest's requirement counts (Completing a Quest)."""


def _main_goal(
    goal: dict[str, Any],
    index: dict[str, int],
    locations: list[Location],
    treasures: list[Treasure],
    foes: tuple[Foe, ...],
    companion_ids: tuple[str, ...],
) -> MainGoal:
    where = f"main goal {goal.get('id')!r}"
    _sourced(goal, where)
    t_index = {t.id: i for i, t in enumerate(treasures)}
    f_index = {f.id: i for i, f in enumerate(foes)}
    d_index = {loc.dungeon: i for i, loc in enumerate(locations) if loc.dungeon}
    steps: list[tuple[int, int]] = []
    quests: list[Quest | None] = []
    for s in goal["steps"]:
        treasure = s.get("treasure")
        if treasure is not None and treasure not in t_index:
            raise DataError(f"{where}, step {s}: no treasure has the id {treasure!r}")
        found = t_index[treasure] if treasure else -1
        if "dungeon" in s:
            if s["dungeon"] not in d_index:
                raise DataError(f"{where}, step {s}: no dungeon is called {s['dungeon']!r}")
            steps.append((d_index[s["dungeon"]], found))
            quests.append(None)
            continue
        if s.get("at") not in index or "quest" not in s:
            raise DataError(
                f"{where}, step {s}: a step is {{ dungeon = <name> }} or "
                "{ quest = '<spend|have> <n> <what>', at = <location> }"
            )
        words = s["quest"].split()
        if (
            len(words) < 3
            or words[0] not in ("spend", "have")
            or not words[1].isdigit()
            or words[2] not in REQUIREMENTS
        ):
            raise DataError(
                f"{where}, step {s}: the quest is '<spend|have> <n> <what>' with <what> one of "
                f"{', '.join(REQUIREMENTS)}"
            )
        at = index[s["at"]]
        quests.append(
            Quest(f"{goal['id']}-{len(steps) + 1}", goal["name"], locations[at].kingdom, at,
                  words[0], int(words[1]), words[2], words[3] if len(words) > 3 else "")
        )  # fmt: skip
        steps.append((at, found))
    if goal["companion"] not in companion_ids:
        raise DataError(f"{where}: no companion has the id {goal['companion']!r}")
    return MainGoal(
        goal["id"], goal["name"], companion_ids.index(goal["companion"]),
        f_index[goal["adversary"]] if "adversary" in goal else -1,
        tuple(f_index[f] for f in goal.get("foes", ())), tuple(steps), tuple(quests),
        index[goal["adversary_spawn"]],
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
