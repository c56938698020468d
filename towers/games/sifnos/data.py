"""Reads ``data/*.toml``: every Towers of Sifnos component and printed number, checked.

Provenance
----------
Every item carries ``source``: ``"rulebook: <section>"`` for what the rulebook states or
``"designed: <one-line reason>"`` for what it leaves open; a field whose provenance differs has
its own ``<field>_source``. A file whose items all share one provenance says it once at the top.

The map
-------
19 Regions, each with its four corner Tower spaces clockwise from the north-west. The Borders
are the edges between consecutive corners: two Tower spaces joined by one are neighbours in a
Tower network, and two Regions sharing one are adjacent (for Soldiers).

Card effects
------------
Each Card's ``effect.kind`` is one of the Card effects the rulebook lists, by column:

==================  =========================================================================
kind                what it does (``discard``: its price, a card of that mineral or any card)
==================  =========================================================================
place_card          Prepare: place 1 Card above the Player Board, paying its cost
discount_others     Prepare: discard 1 of ``discard`` to take 1 off one placement of each other
                    mineral
discount_same       Prepare: discard 1 of ``discard`` to take 2 off one placement of that mineral
discount            Prepare: take 1 off one placement of ``mineral``
adjust_and_move     Prepare: discard any card to adjust a Die by 1 and move a Soldier
adjust              Prepare: adjust a Die by 1
fort_die_soldier    Invest: after placing a Die on a Fort, place a Soldier there or centrally
fort_die_move       Invest: after placing a Die on a Fort, move a Soldier
first_die_draw      Invest: after placing the first Die of a Province, draw 1 Card
first_die_soldier   Invest: after placing the first Die of a Province, place a Soldier there or
                    centrally
second_die_draw     Invest: after placing the second Die of a Province, draw 1 Card
second_die_ship     Invest: after placing the second Die of a Province, move a Ship
cover_draw          Construct: after covering an opponent's Tower, draw 1 Card
cover_move          Construct: after covering an opponent's Tower, move a Soldier
beacon_ship         Construct: after placing Beacons, move a Ship
beacon_soldier      Construct: after placing Beacons, place a Soldier in the Active Region or
                    centrally
network             Construct: discard 1 of ``discard`` to use a Tower network
move                Muster: move a Soldier
discard_move        Muster: discard any card to move a Soldier
discard_place       Muster: discard 1 of ``discard`` to place a Soldier
discard_ship        Muster: discard 1 of ``discard`` to move a Ship
fort_draw           Muster: after placing a Fort, draw 1 Card
fort_ship           Muster: after placing a Fort, move a Ship
tent                Defend: once, when placed, a Tent in ``province``
discard_draw        Recoup: discard 1 of ``discard`` to draw 2 Cards
draw                Recoup: draw 1 Card
dice_limit          Recoup: draw back up to 1 more Die
tower_limit         Recoup: draw back up to 1 more Tower
==================  =========================================================================
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).parent / "data"

MINERALS = ("lead", "silver", "gold")
ANY = -1
"""A price or an Influence of any mineral."""
COLUMNS = ("prepare", "invest", "construct", "muster", "defend", "recoup")
MAJORS = ("invest", "construct", "muster")
IMAGES = ("horse", "jar", "helmet", "owl", "lyre")
CORNERS = ("north-west", "north-east", "south-east", "south-west")
"""A Region's corners in the order the map lists them."""
FORT, BEACON = "fort", "beacon"
FORT_FACES = ("any_influence", "draw_card", "move_soldier")

CARD_KINDS: dict[str, str] = {
    "place_card": "prepare",
    "discount_others": "prepare",
    "discount_same": "prepare",
    "discount": "prepare",
    "adjust_and_move": "prepare",
    "adjust": "prepare",
    "fort_die_soldier": "invest",
    "fort_die_move": "invest",
    "first_die_draw": "invest",
    "first_die_soldier": "invest",
    "second_die_draw": "invest",
    "second_die_ship": "invest",
    "cover_draw": "construct",
    "cover_move": "construct",
    "beacon_ship": "construct",
    "beacon_soldier": "construct",
    "network": "construct",
    "move": "muster",
    "discard_move": "muster",
    "discard_place": "muster",
    "discard_ship": "muster",
    "fort_draw": "muster",
    "fort_ship": "muster",
    "tent": "defend",
    "discard_draw": "recoup",
    "draw": "recoup",
    "dice_limit": "recoup",
    "tower_limit": "recoup",
}
"""Every card effect kind and the column whose cards may have it."""

PRICED = frozenset(
    {
        "discount_others", "discount_same", "adjust_and_move", "network", "discard_move",
        "discard_place", "discard_ship", "discard_draw",
    }
)  # fmt: skip
"""The kinds that take a discard (``discard``) as their price."""

SCHEME_EFFECTS = ("die", "tower", "beacon", "soldier", "fort", "tent")
SCHEME_BONUSES = ("influence", "marker", "tent")
SCHEME_GATES = ("always", "ally_1", "ally_2")
BUILDING_REWARDS = ("draw_card", "any_influence", "any_influence_2")
TILE_IMMEDIATE = (
    "draw_card", "any_influence", "tent_anywhere", "fort_anywhere", "free_card",
    "beacon_anywhere", "soldier_anywhere", "workshop_die",
)  # fmt: skip


class DataError(ValueError):
    """A data file breaks one of the checks the engine relies on."""


@dataclass(frozen=True, slots=True)
class Province:
    id: str
    name: str
    colour: str
    central: bool
    regions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Region:
    id: str
    name: str
    province: int
    value: int
    corners: tuple[int, ...]
    """Tower space indices, clockwise from the north-west."""
    adjacent: tuple[int, ...]
    """Regions sharing a Border with this one."""


@dataclass(frozen=True, slots=True)
class TowerSpace:
    id: str
    name: str
    """``Troulaki north-west``: the corner of the first Region (in the map's order) it is on,
    as the board shows it; the map prints no names for its Tower spaces."""
    image: int
    x: int
    y: int
    regions: tuple[int, ...]
    """The Regions this space is a corner of."""
    neighbours: tuple[int, ...]
    """Tower spaces one Border away."""
    provinces: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Card:
    index: int
    id: str
    name: str
    """What players call the card: its mineral and effect (the data's ``name``)."""
    mineral: int
    cost: int
    column: int
    kind: str
    discard: int | None
    """The mineral of the discard this effect takes (ANY: any card), or None."""
    mineral_arg: int | None
    """The mineral a ``discount`` is for."""
    province: int | None
    """Where a Defend card's Tent goes."""


@dataclass(frozen=True, slots=True)
class Printed:
    index: int
    id: str
    name: str
    column: int
    discard: int | None


@dataclass(frozen=True, slots=True)
class PieceSpace:
    index: int
    row: int
    column: int
    kind: str


@dataclass(frozen=True, slots=True)
class BuildingSpace:
    index: int
    id: str
    name: str
    """``Gate left 3``, ``Lead Column 1``: the Building and the space, as a person names it."""
    building: int
    below: tuple[int, ...]
    adjacent: tuple[int, ...]
    reward: str | None
    column_mineral: int | None
    """The Columns: the mineral of the Column this space is part of."""


@dataclass(frozen=True, slots=True)
class Building:
    index: int
    id: str
    name: str
    rule: str
    spaces: tuple[int, ...]
    source: str
    raw: dict[str, Any]


@dataclass(frozen=True, slots=True)
class SetupAid:
    id: int
    region: int
    tower: int


@dataclass(frozen=True, slots=True)
class Scheme:
    id: int
    regions: tuple[int, int, int]
    effects: tuple[str, str]
    tower_priority: tuple[int, int, int, int]
    bonus: str
    when: str


@dataclass(frozen=True, slots=True)
class ScoringTile:
    index: int
    id: str
    immediate: str
    scoring: str


@dataclass(frozen=True, slots=True)
class SoloSpace:
    row: int
    col: int
    gain: str | None


@dataclass(frozen=True, slots=True)
class SifnosData:
    provinces: tuple[Province, ...]
    large: tuple[int, ...]
    """The larger Provinces, clockwise around the island: the order Ships sail in."""
    central: int
    """The central Region."""
    regions: tuple[Region, ...]
    spaces: tuple[TowerSpace, ...]
    cards: tuple[Card, ...]
    printed: tuple[Printed, ...]
    pieces: tuple[PieceSpace, ...]
    row_vp: tuple[int, ...]
    column_bonus: tuple[str, ...]
    fort_faces: tuple[int, ...]
    beacon_faces: tuple[int, ...]
    buildings: tuple[Building, ...]
    building_spaces: tuple[BuildingSpace, ...]
    setup_aids: tuple[SetupAid, ...]
    seat_effects: tuple[dict[str, Any], ...]
    towers_by_image: tuple[int, ...]
    schemes: tuple[Scheme, ...]
    tiles: tuple[ScoringTile, ...]
    solo_track: tuple[SoloSpace, ...]
    game: dict[str, Any]
    """game.toml as read (numbers of setup, play, scoring and solo play)."""

    def region_index(self, id_: str) -> int:
        return _index(self.regions, id_, "Region")

    def space_index(self, id_: str) -> int:
        return _index(self.spaces, id_, "Tower space")

    def province_index(self, id_: str) -> int:
        return _index(self.provinces, id_, "Province")

    def card_index(self, id_: str) -> int:
        return _index(self.cards, id_, "Card")


def _index(items: tuple[Any, ...], id_: str, what: str) -> int:
    for i, item in enumerate(items):
        if item.id == id_:
            return i
    raise DataError(f"no {what} {id_!r}")


def _read(name: str) -> dict[str, Any]:
    with open(DATA_DIR / name, "rb") as f:
        return tomllib.load(f)


def _mineral(name: str, where: str) -> int:
    if name == "any":
        return ANY
    if name not in MINERALS:
        raise DataError(f"{where}: {name!r} is not a mineral ({', '.join(MINERALS)} or any)")
    return MINERALS.index(name)


def _sourced(item: dict[str, Any], where: str, inherited: str | None = None) -> None:
    source = item.get("source", inherited)
    if not isinstance(source, str) or not source.startswith(("rulebook: ", "designed: ")):
        raise DataError(f"{where} has no source ('rulebook: ...' or 'designed: ...')")


@functools.cache
def load() -> SifnosData:
    """Every component, read once and checked."""
    board = _read("map.toml")
    _sourced(board, "map.toml")
    space_ids = [s["id"] for s in board["tower_spaces"]]
    province_ids = [p["id"] for p in board["provinces"]]
    region_rows = board["regions"]
    region_ids = [r["id"] for r in region_rows]
    corners = [tuple(space_ids.index(c) for c in r["corners"]) for r in region_rows]
    for r, cs in zip(region_rows, corners, strict=True):
        if len(set(cs)) != 4:
            raise DataError(f"Region {r['id']} has not four different corners")
    edges: dict[frozenset[int], list[int]] = {}
    for ri, cs in enumerate(corners):
        for k in range(4):
            edges.setdefault(frozenset((cs[k], cs[(k + 1) % 4])), []).append(ri)
    adjacent: list[set[int]] = [set() for _ in region_rows]
    for touching in edges.values():
        if len(touching) > 2:
            raise DataError("a Border is shared by more than two Regions")
        if len(touching) == 2:
            a, b = touching
            adjacent[a].add(b)
            adjacent[b].add(a)
    province_of = [province_ids.index(r["province"]) for r in region_rows]
    regions = tuple(
        Region(
            id=r["id"],
            name=r["name"],
            province=province_of[i],
            value=int(r["value"]),
            corners=corners[i],
            adjacent=tuple(sorted(adjacent[i])),
        )
        for i, r in enumerate(region_rows)
    )
    for r in regions:
        if not 1 <= r.value <= 6:
            raise DataError(f"Region {r.id}'s printed value {r.value} is not 1 to 6")
        if len(r.adjacent) < 2:
            raise DataError(f"Region {r.id} neighbours fewer than 2 Regions (rulebook: The Map)")
    neighbours: list[set[int]] = [set() for _ in space_ids]
    for edge in edges:
        a, b = tuple(edge)
        neighbours[a].add(b)
        neighbours[b].add(a)
    spaces = []
    for i, s in enumerate(board["tower_spaces"]):
        if s["image"] not in IMAGES:
            raise DataError(f"Tower space {s['id']}: {s['image']!r} is not an image")
        touching = tuple(ri for ri, cs in enumerate(corners) if i in cs)
        if not touching:
            raise DataError(f"Tower space {s['id']} is the corner of no Region")
        first = touching[0]
        spaces.append(
            TowerSpace(
                id=s["id"],
                name=f"{region_rows[first]['name']} {CORNERS[corners[first].index(i)]}",
                image=IMAGES.index(s["image"]),
                x=int(s["x"]),
                y=int(s["y"]),
                regions=touching,
                neighbours=tuple(sorted(neighbours[i])),
                provinces=tuple(sorted({province_of[r] for r in touching})),
            )
        )
    provinces = []
    for p in board["provinces"]:
        _sourced(p, f"Province {p['id']}")
        members = tuple(region_ids.index(r) for r in p["regions"])
        if any(province_of[r] != len(provinces) for r in members):
            raise DataError(f"Province {p['id']}'s Regions do not name it")
        if len(members) != (1 if p["central"] else 3):
            raise DataError(f"Province {p['id']} has {len(members)} Regions")
        provinces.append(Province(p["id"], p["name"], p["colour"], bool(p["central"]), members))
    central_provinces = [i for i, p in enumerate(provinces) if p.central]
    if len(provinces) != 7 or len(central_provinces) != 1 or len(regions) != 19:
        raise DataError("the map is 19 Regions in 7 Provinces, one central (rulebook: The Map)")
    large = tuple(i for i, p in enumerate(provinces) if not p.central)

    cards_file = _read("cards.toml")
    cards = []
    for i, c in enumerate(cards_file["cards"]):
        _sourced(c, f"Card {c['id']}", cards_file.get("source"))
        kind = c["effect"]["kind"]
        if CARD_KINDS.get(kind) != c["column"]:
            raise DataError(f"Card {c['id']}: {kind!r} is not a {c['column']} effect")
        effect = c["effect"]
        discard = _mineral(effect["discard"], c["id"]) if "discard" in effect else None
        if (discard is not None) != (kind in PRICED):
            raise DataError(f"Card {c['id']}: {kind} takes a discard exactly when it is priced")
        cards.append(
            Card(
                index=i,
                id=c["id"],
                name=c["name"],
                mineral=_mineral(c["mineral"], c["id"]),
                cost=int(c["cost"]),
                column=COLUMNS.index(c["column"]),
                kind=kind,
                discard=discard,
                mineral_arg=_mineral(effect["mineral"], c["id"]) if "mineral" in effect else None,
                province=province_ids.index(effect["province"]) if "province" in effect else None,
            )
        )
    if len({c.name.lower() for c in cards}) != len(cards):
        raise DataError("two Cards share a name, so a move could not tell them apart")
    if len(cards) != 108:
        raise DataError(f"{len(cards)} Cards, not 108 (rulebook: General Components)")

    pb = _read("player_board.toml")
    printed = []
    for i, p in enumerate(pb["printed"]):
        _sourced(p, f"printed effect {p['id']}")
        d = _mineral(p["discard"], p["id"]) if "discard" in p else None
        printed.append(Printed(i, p["id"], p["name"], COLUMNS.index(p["column"]), d))
    pieces_t = pb["pieces"]
    _sourced(pieces_t, "the Fort and Beacon spaces")
    pieces = tuple(
        PieceSpace(r * 4 + c, r, c, kind)
        for r, row in enumerate(pieces_t["rows"])
        for c, kind in enumerate(row["kinds"])
    )
    if sum(p.kind == FORT for p in pieces) != 6 or sum(p.kind == BEACON for p in pieces) != 6:
        raise DataError(
            "the Player Board holds 6 Forts and 6 Beacons (rulebook: Player Components)"
        )
    fort_faces = tuple(
        FORT_FACES.index(k) for k, n in pieces_t["fort_faces"].items() for _ in range(n)
    )
    beacon_faces = tuple(
        MINERALS.index(k) for k, n in pieces_t["beacon_faces"].items() for _ in range(n)
    )
    building_spaces: list[BuildingSpace] = []
    buildings = []
    ids: list[str] = [s["id"] for b in pb["buildings"] for s in b["spaces"]]
    for bi, b in enumerate(pb["buildings"]):
        _sourced(b, f"Building {b['id']}")
        own = []
        for s in b["spaces"]:
            index = len(building_spaces)
            reward = s.get("reward")
            if reward is not None and reward not in BUILDING_REWARDS:
                raise DataError(f"Building space {s['id']}: reward {reward!r} is unknown")
            column_mineral = None
            # the space's words after the Building's: gate_left_3 is the Gate's "left 3"
            place = s["id"].removeprefix(b["id"]).replace("_", " ").strip()
            name = f"{b['name']} {place}"
            if b["rule"] == "pairs_seven":
                column_mineral = MINERALS.index(s["id"].split("_")[1])
                # column_lead_1 is the first space of the Lead Column
                name = f"{MINERALS[column_mineral].capitalize()} Column {s['id'].split('_')[2]}"
            building_spaces.append(
                BuildingSpace(
                    index=index,
                    id=s["id"],
                    name=name,
                    building=bi,
                    below=tuple(ids.index(x) for x in s.get("below", ())),
                    adjacent=tuple(ids.index(x) for x in s.get("adjacent", ())),
                    reward=reward,
                    column_mineral=column_mineral,
                )
            )
            own.append(index)
        buildings.append(Building(bi, b["id"], b["name"], b["rule"], tuple(own), b["source"], b))

    game = _read("game.toml")
    aids = tuple(
        SetupAid(a["id"], region_ids.index(a["region"]), space_ids.index(a["tower"]))
        for a in game["setup_aids"]
    )
    for a in game["setup_aids"]:
        _sourced(a, f"Setup Aid {a['id']}")
    if len(aids) != 6 or len({a.region for a in aids}) != 6 or len({a.tower for a in aids}) != 6:
        raise DataError("6 Setup Aids, each on its own Region and Tower space")
    towers_by_image = tuple(int(game["towers_by_image"][im]) for im in IMAGES)
    if sum(towers_by_image) != game["setup"]["towers"]:
        raise DataError("the Towers by image do not add up to the Towers a player has")

    schemes_file = _read("schemes.toml")
    _sourced(schemes_file, "schemes.toml")
    schemes = []
    for s in schemes_file["schemes"]:
        rs = tuple(region_ids.index(r) for r in s["regions"])
        if any(e not in SCHEME_EFFECTS for e in s["effects"]):
            raise DataError(f"Scheme {s['id']}: an effect is not one of {SCHEME_EFFECTS}")
        if s["bonus"]["kind"] not in SCHEME_BONUSES or s["bonus"]["when"] not in SCHEME_GATES:
            raise DataError(f"Scheme {s['id']}: its bonus is not understood")
        if sorted(s["tower_priority"]) != [0, 1, 2, 3]:
            raise DataError(f"Scheme {s['id']}: the tower priority is not an order of 4 corners")
        schemes.append(
            Scheme(
                int(s["id"]),
                rs,
                tuple(s["effects"]),
                tuple(s["tower_priority"]),
                s["bonus"]["kind"],
                s["bonus"]["when"],
            )  # type: ignore[arg-type]
        )
    if len(schemes) != 18:
        raise DataError("18 Schemes (rulebook: Solo Components)")

    tiles_file = _read("scoring_tiles.toml")
    tiles = []
    for i, t in enumerate(tiles_file["tiles"]):
        _sourced(t, f"Scoring Tile {t['id']}")
        if t["immediate"] not in TILE_IMMEDIATE:
            raise DataError(f"Scoring Tile {t['id']}: {t['immediate']!r} is unknown")
        tiles.append(ScoringTile(i, t["id"], t["immediate"], t["scoring"]))
    if len(tiles) != 8:
        raise DataError("8 Scoring Tiles (rulebook: General Components)")

    solo_track = tuple(SoloSpace(s["row"], s["col"], s.get("gain")) for s in game["solo"]["track"])
    return SifnosData(
        provinces=tuple(provinces),
        large=large,
        central=provinces[central_provinces[0]].regions[0],
        regions=regions,
        spaces=tuple(spaces),
        cards=tuple(cards),
        printed=tuple(printed),
        pieces=pieces,
        row_vp=tuple(int(r["vp"]) for r in pieces_t["rows"]),
        column_bonus=tuple(pieces_t["column_bonus"]),
        fort_faces=fort_faces,
        beacon_faces=beacon_faces,
        buildings=tuple(buildings),
        building_spaces=tuple(building_spaces),
        setup_aids=aids,
        seat_effects=tuple(game["seat_effects"]),
        towers_by_image=towers_by_image,
        schemes=tuple(schemes),
        tiles=tuple(tiles),
        solo_track=solo_track,
        game=game,
    )


@dataclass(frozen=True, slots=True)
class HelpTopic:
    """A component or idea a player may ask about (``data/help.toml``): ``key`` as the board's
    ``data-help`` names it, its printed ``name``, its ``kind`` and what it does."""

    key: str
    name: str
    kind: str
    text: str


@functools.cache
def help_topics() -> tuple[HelpTopic, ...]:
    """``data/help.toml`` read once and checked: every topic sourced, no key or name twice."""
    topics = []
    for t in _read("help.toml")["topics"]:
        _sourced(t, f"help topic {t.get('key')!r}")
        topics.append(HelpTopic(t["key"], t["name"], t["kind"], " ".join(t["text"].split())))
    if len({t.key for t in topics}) != len(topics):
        raise DataError("help.toml names a key twice")
    if len({t.name.lower() for t in topics}) != len(topics):
        raise DataError("help.toml names a component twice")
    return tuple(topics)
