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
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, Field, field_validator, model_validator

from towers.core.datafile import DataFileError, Schema, Source, Text, read, read_raw, rule

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


class DataError(DataFileError):
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
class RecoupNumbers:
    """The Player Board's Recoup: the Dice and Towers drawn back up to, and the cards
    drawn."""

    dice: int
    towers: int
    cards: int


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
    recoup: RecoupNumbers
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


# ---- the data files as written (see towers.core.datafile); ``<field>_source`` gives one
# field a provenance of its own; an item without ``source`` has its file's


def _with_words(text: str) -> str:
    if text == "designed":
        raise ValueError("should be 'rulebook: <section>' or 'designed: <reason>'")
    return text


Sourced = Annotated[Source, AfterValidator(_with_words)]
"""A provenance: ``"rulebook: <section>"`` or ``"designed: <one-line reason>"``."""


MineralName = Literal["lead", "silver", "gold"]
PriceName = Literal["lead", "silver", "gold", "any"]
ColumnName = Literal["prepare", "invest", "construct", "muster", "defend", "recoup"]
S = TypeVar("S", bound=Schema)


class _Province(Schema):
    id: str
    name: Text
    colour: str
    central: bool
    regions: list[str]
    source: Sourced


class _Region(Schema):
    id: str
    name: Text
    province: str
    value: Annotated[int, Field(ge=1, le=6)]
    corners: list[str]
    source: Sourced | None = None


class _TowerSpace(Schema):
    id: str
    image: Literal[IMAGES]  # type: ignore[valid-type]
    x: int
    y: int


class _MapFile(Schema):
    """``data/map.toml``."""

    source: Sourced
    provinces: list[_Province]
    regions: list[_Region]
    tower_spaces: list[_TowerSpace]


class _Effect(Schema):
    kind: Literal[tuple(CARD_KINDS)]  # type: ignore[valid-type]
    discard: PriceName | None = None
    mineral: MineralName | None = None
    province: str | None = None


class _Card(Schema):
    id: str
    name: Text
    mineral: MineralName
    cost: int
    column: ColumnName
    effect: _Effect
    source: Sourced | None = None

    @model_validator(mode="after")
    def _effect_fits(self) -> _Card:
        kind = self.effect.kind
        if CARD_KINDS[kind] != self.column:
            raise ValueError(f"{kind!r} is not a {self.column} effect")
        if (self.effect.discard is not None) != (kind in PRICED):
            raise ValueError(f"{kind} takes a discard exactly when it is priced")
        return self


class _CardsFile(Schema):
    """``data/cards.toml``."""

    source: Sourced
    name_source: Sourced
    cards: Annotated[
        list[_Card], rule(lambda v: len(v) == 108, "108 Cards (rulebook: General Components)")
    ]


class _Printed(Schema):
    id: str
    name: Text
    name_source: Sourced
    column: ColumnName
    discard: PriceName | None = None
    source: Sourced


class _Recoup(Schema):
    dice: int
    towers: int
    cards: int
    source: Sourced


class _PieceRow(Schema):
    kinds: list[Literal["fort", "beacon"]]
    vp: int


class _Pieces(Schema):
    source: Sourced
    rows: list[_PieceRow]
    column_bonus: list[str]
    column_bonus_source: Sourced
    fort_faces: dict[Literal[FORT_FACES], int]  # type: ignore[valid-type]
    fort_faces_source: Sourced
    beacon_faces: dict[MineralName, int]
    beacon_faces_source: Sourced

    @field_validator("rows")
    @classmethod
    def _six_each(cls, rows: list[_PieceRow]) -> list[_PieceRow]:
        kinds: list[str] = [k for row in rows for k in row.kinds]
        if kinds.count(FORT) != 6 or kinds.count(BEACON) != 6:
            raise ValueError(
                "the Player Board holds 6 Forts and 6 Beacons (rulebook: Player Components)"
            )
        return rows


class _BuildingSpace(Schema):
    id: str
    below: list[str] = []
    adjacent: list[str] = []
    reward: Literal[BUILDING_REWARDS] | None = None  # type: ignore[valid-type]


class _Influence(Schema):
    influence: PriceName
    n: int


class _Building(Schema):
    id: str
    name: Text
    rule: Literal[
        "all_different", "all_equal", "lower_higher", "neighbours_one_apart", "pairs_seven", "sum"
    ]
    source: Sourced
    spaces: list[_BuildingSpace]
    spaces_source: Sourced | None = None
    complete: list[_Influence] | None = None
    complete_source: Sourced | None = None
    complete_low: list[_Influence] | None = None
    complete_high: list[_Influence] | None = None
    threshold: int | None = None
    threshold_source: Sourced | None = None
    complete_each: list[int] | None = None
    columns: list[MineralName] | None = None
    columns_source: Sourced | None = None


class _PlayerBoardFile(Schema):
    """``data/player_board.toml``."""

    printed: list[_Printed]
    recoup: _Recoup
    pieces: _Pieces
    buildings: list[_Building]


class _Setup(Schema):
    source: Sourced
    scoring_tiles: str
    face_up_cards: str
    starting_ships: dict[MineralName, int]
    bag_per_player: dict[MineralName, int]
    bag_allies: int
    ally_track_space: dict[str, int]
    setup_aids_each: dict[str, int]
    starting_towers: int
    starting_dice: int
    towers: int
    dice: int
    soldiers: int
    tents: int
    forts: int
    beacons: int


class _SeatEffect(Schema):
    cards: int
    supply_soldier: bool
    workshop_die: bool
    source: Sourced


class _TowersByImage(Schema):
    horse: int
    jar: int
    helmet: int
    owl: int
    lyre: int
    source: Sourced


class _SetupAid(Schema):
    id: int
    region: str
    tower: str
    source: Sourced


class _MineralMarkers(Schema):
    spaces: list[str]
    source: Sourced


class _InfluenceTrack(Schema):
    face_up_card_space: int
    scoring_tile_space: int
    last: int
    source: Sourced
    last_source: Sourced


class _ShipSpaces(Schema):
    empty_bonus: list[Literal["any_influence", "card", "none"]]
    source: Sourced


class _AllySpace(Schema):
    effect: Literal["cards_per_influence", "end_game"]
    per: int | None = None
    first_vp: int | None = None
    second_vp: int | None = None
    source: Sourced


class _Scoring(Schema):
    majority_two_tied: int
    majority_many_tied: int
    second_tied: int
    two_player_second_within: int
    tents_per_vp: int
    set_of: int
    source: Sourced


class _SoldiersVp(Schema):
    at_least: int
    vp: int


class _TrackSpace(Schema):
    row: int
    col: int
    gain: Literal["lead", "silver", "gold", "majority"] | None = None


class _Solo(Schema):
    source: Sourced
    scheme_decks: int
    deck_size: int
    allied_ship_decks: int
    influence_cap: int
    tile_vp: int
    soldiers_vp: _SoldiersVp
    aids: int
    track_source: Sourced
    track: list[_TrackSpace]


class _TwoPlayerSolo(Schema):
    source: Sourced
    bag_as_players: int
    scheme_decks: int
    deck_size: int
    allied_ship_decks: int
    aids: int


class _GameFile(Schema):
    """``data/game.toml``."""

    minerals: Annotated[
        list[str], rule(lambda v: tuple(v) == MINERALS, f"must be {list(MINERALS)}")
    ]
    minerals_source: Sourced
    setup: _Setup
    seat_effects: list[_SeatEffect]
    towers_by_image: _TowersByImage
    setup_aids: Annotated[list[_SetupAid], rule(lambda v: len(v) == 6, "6 Setup Aids")]
    mineral_markers: _MineralMarkers
    influence_track: _InfluenceTrack
    ship_spaces: _ShipSpaces
    ally_spaces: list[_AllySpace]
    scoring: _Scoring
    solo: _Solo
    two_player_solo: _TwoPlayerSolo


class _Bonus(Schema):
    kind: Literal[SCHEME_BONUSES]  # type: ignore[valid-type]
    when: Literal[SCHEME_GATES]  # type: ignore[valid-type]


class _Scheme(Schema):
    id: int
    regions: tuple[str, str, str]
    effects: tuple[Literal[SCHEME_EFFECTS], Literal[SCHEME_EFFECTS]]  # type: ignore[valid-type]
    tower_priority: Annotated[
        tuple[int, int, int, int],
        rule(lambda v: sorted(v) == [0, 1, 2, 3], "an order of the 4 corners, 0 to 3"),
    ]
    bonus: _Bonus


class _SchemesFile(Schema):
    """``data/schemes.toml``."""

    source: Sourced
    schemes: Annotated[
        list[_Scheme], rule(lambda v: len(v) == 18, "18 Schemes (rulebook: Solo Components)")
    ]


class _Tile(Schema):
    id: str
    immediate: Literal[TILE_IMMEDIATE]  # type: ignore[valid-type]
    scoring: str
    source: Sourced
    scoring_source: Sourced | None = None


class _TilesFile(Schema):
    """``data/scoring_tiles.toml``."""

    tiles: Annotated[
        list[_Tile], rule(lambda v: len(v) == 8, "8 Scoring Tiles (rulebook: General Components)")
    ]


class _Topic(Schema):
    key: Text
    name: Text
    kind: Text
    text: Text
    source: Sourced


class _HelpFile(Schema):
    """``data/help.toml``."""

    topics: list[_Topic]


def _read(name: str, schema: type[S]) -> S:
    return read(DATA_DIR / name, schema, DataError)


def _mineral(name: str | None) -> int | None:
    return None if name is None else ANY if name == "any" else MINERALS.index(name)


def _borders(corners: list[tuple[int, ...]]) -> dict[frozenset[int], list[int]]:
    """Each Border (two consecutive corners) and the Regions sharing it."""
    edges: dict[frozenset[int], list[int]] = {}
    for ri, cs in enumerate(corners):
        for k in range(4):
            edges.setdefault(frozenset((cs[k], cs[(k + 1) % 4])), []).append(ri)
    if any(len(touching) > 2 for touching in edges.values()):
        raise DataError("map.toml: a Border is shared by more than two Regions")
    return edges


def _ids(items: list[Any], name: str, key: str, known: list[str]) -> list[int]:
    """The indexes of ``items``' ids in ``known``, or an error naming the unknown id."""
    out = []
    for item in items:
        value = getattr(item, key) if key else item
        if value not in known:
            raise DataError(f"{name}: {value!r} is not one of {', '.join(known)}")
        out.append(known.index(value))
    return out


def _map(board: _MapFile) -> dict[str, Any]:
    """The SifnosData fields of map.toml: the Provinces, Regions and Tower spaces."""
    space_ids = [s.id for s in board.tower_spaces]
    province_ids = [p.id for p in board.provinces]
    region_ids = [r.id for r in board.regions]
    corners = [
        tuple(_ids(r.corners, f"map.toml: regions[{i}].corners", "", space_ids))
        for i, r in enumerate(board.regions)
    ]
    for r, cs in zip(board.regions, corners, strict=True):
        if len(set(cs)) != 4:
            raise DataError(f"map.toml: Region {r.id} has not four different corners")
    edges = _borders(corners)
    adjacent: list[set[int]] = [set() for _ in board.regions]
    for touching in edges.values():
        if len(touching) == 2:
            a, b = touching
            adjacent[a].add(b)
            adjacent[b].add(a)
    province_of = _ids(board.regions, "map.toml: regions[].province", "province", province_ids)
    regions = tuple(
        Region(r.id, r.name, province_of[i], r.value, corners[i], tuple(sorted(adjacent[i])))
        for i, r in enumerate(board.regions)
    )
    for reg in regions:
        if len(reg.adjacent) < 2:
            raise DataError(f"Region {reg.id} neighbours fewer than 2 Regions (rulebook: The Map)")
    neighbours: list[set[int]] = [set() for _ in space_ids]
    for edge in edges:
        a, b = tuple(edge)
        neighbours[a].add(b)
        neighbours[b].add(a)
    spaces = []
    for i, s in enumerate(board.tower_spaces):
        on = tuple(ri for ri, cs in enumerate(corners) if i in cs)
        if not on:
            raise DataError(f"map.toml: Tower space {s.id} is the corner of no Region")
        first = on[0]
        spaces.append(
            TowerSpace(
                id=s.id,
                name=f"{board.regions[first].name} {CORNERS[corners[first].index(i)]}",
                image=IMAGES.index(s.image),
                x=s.x,
                y=s.y,
                regions=on,
                neighbours=tuple(sorted(neighbours[i])),
                provinces=tuple(sorted({province_of[r] for r in on})),
            )
        )
    provinces: list[Province] = []
    for p in board.provinces:
        members = tuple(_ids(p.regions, f"map.toml: Province {p.id}", "", region_ids))
        if any(province_of[r] != len(provinces) for r in members):
            raise DataError(f"Province {p.id}'s Regions do not name it")
        if len(members) != (1 if p.central else 3):
            raise DataError(f"Province {p.id} has {len(members)} Regions")
        provinces.append(Province(p.id, p.name, p.colour, p.central, members))
    central = [p for p in provinces if p.central]
    if len(provinces) != 7 or len(central) != 1 or len(regions) != 19:
        raise DataError("the map is 19 Regions in 7 Provinces, one central (rulebook: The Map)")
    return {
        "provinces": tuple(provinces),
        "large": tuple(i for i, p in enumerate(provinces) if not p.central),
        "central": central[0].regions[0],
        "regions": regions,
        "spaces": tuple(spaces),
    }


def _cards(province_ids: list[str]) -> tuple[Card, ...]:
    cards = []
    for i, c in enumerate(_read("cards.toml", _CardsFile).cards):
        province = None
        if c.effect.province is not None:
            where = f"cards.toml: cards[{i}].effect.province"
            province = _ids([c.effect.province], where, "", province_ids)[0]
        cards.append(
            Card(
                index=i,
                id=c.id,
                name=c.name,
                mineral=MINERALS.index(c.mineral),
                cost=c.cost,
                column=COLUMNS.index(c.column),
                kind=c.effect.kind,
                discard=_mineral(c.effect.discard),
                mineral_arg=_mineral(c.effect.mineral),
                province=province,
            )
        )
    if len({c.name.lower() for c in cards}) != len(cards):
        raise DataError("two Cards share a name, so a move could not tell them apart")
    return tuple(cards)


def _building_spaces(
    pb: _PlayerBoardFile,
) -> tuple[tuple[BuildingSpace, ...], tuple[tuple[int, ...], ...]]:
    """Every Building space, and the spaces of each Building."""
    ids: list[str] = [s.id for b in pb.buildings for s in b.spaces]
    spaces: list[BuildingSpace] = []
    own: list[tuple[int, ...]] = []
    for bi, b in enumerate(pb.buildings):
        first = len(spaces)
        for s in b.spaces:
            column_mineral = None
            # the space's words after the Building's: gate_left_3 is the Gate's "left 3"
            place = s.id.removeprefix(b.id).replace("_", " ").strip()
            name = f"{b.name} {place}"
            if b.rule == "pairs_seven":
                column_mineral = MINERALS.index(s.id.split("_")[1])
                # column_lead_1 is the first space of the Lead Column
                name = f"{MINERALS[column_mineral].capitalize()} Column {s.id.split('_')[2]}"
            where = f"player_board.toml: Building space {s.id}"
            spaces.append(
                BuildingSpace(
                    index=len(spaces),
                    id=s.id,
                    name=name,
                    building=bi,
                    below=tuple(_ids(s.below, where, "", ids)),
                    adjacent=tuple(_ids(s.adjacent, where, "", ids)),
                    reward=s.reward,
                    column_mineral=column_mineral,
                )
            )
        own.append(tuple(range(first, len(spaces))))
    return tuple(spaces), tuple(own)


def _player_board() -> dict[str, Any]:
    """The SifnosData fields of player_board.toml."""
    pb, raw = read_raw(DATA_DIR / "player_board.toml", _PlayerBoardFile, DataError)
    pieces_t = pb.pieces
    building_spaces, own = _building_spaces(pb)
    return {
        "printed": tuple(
            Printed(i, p.id, p.name, COLUMNS.index(p.column), _mineral(p.discard))
            for i, p in enumerate(pb.printed)
        ),
        "recoup": RecoupNumbers(pb.recoup.dice, pb.recoup.towers, pb.recoup.cards),
        "pieces": tuple(
            PieceSpace(r * 4 + c, r, c, kind)
            for r, row in enumerate(pieces_t.rows)
            for c, kind in enumerate(row.kinds)
        ),
        "row_vp": tuple(r.vp for r in pieces_t.rows),
        "column_bonus": tuple(pieces_t.column_bonus),
        # the faces in the file's order, as many of each as it says
        "fort_faces": tuple(
            FORT_FACES.index(k) for k, n in raw["pieces"]["fort_faces"].items() for _ in range(n)
        ),
        "beacon_faces": tuple(
            MINERALS.index(k) for k, n in raw["pieces"]["beacon_faces"].items() for _ in range(n)
        ),
        "buildings": tuple(
            Building(bi, b.id, b.name, b.rule, own[bi], b.source, raw["buildings"][bi])
            for bi, b in enumerate(pb.buildings)
        ),
        "building_spaces": building_spaces,
    }


def _game(region_ids: list[str], space_ids: list[str]) -> dict[str, Any]:
    """The SifnosData fields of game.toml, the file kept whole as ``game``."""
    game, raw = read_raw(DATA_DIR / "game.toml", _GameFile, DataError)
    aids = tuple(
        SetupAid(
            a.id,
            _ids([a.region], f"game.toml: setup_aids[{i}].region", "", region_ids)[0],
            _ids([a.tower], f"game.toml: setup_aids[{i}].tower", "", space_ids)[0],
        )
        for i, a in enumerate(game.setup_aids)
    )
    if len({a.region for a in aids}) != 6 or len({a.tower for a in aids}) != 6:
        raise DataError("6 Setup Aids, each on its own Region and Tower space")
    towers_by_image = tuple(getattr(game.towers_by_image, im) for im in IMAGES)
    if sum(towers_by_image) != game.setup.towers:
        raise DataError("the Towers by image do not add up to the Towers a player has")
    return {
        "setup_aids": aids,
        "seat_effects": tuple(raw["seat_effects"]),
        "towers_by_image": towers_by_image,
        "solo_track": tuple(SoloSpace(s.row, s.col, s.gain) for s in game.solo.track),
        "game": raw,
    }


def _schemes(region_ids: list[str]) -> tuple[Scheme, ...]:
    return tuple(
        Scheme(
            s.id,
            tuple(_ids(s.regions, f"schemes.toml: schemes[{i}].regions", "", region_ids)),  # type: ignore[arg-type]
            s.effects,
            s.tower_priority,
            s.bonus.kind,
            s.bonus.when,
        )
        for i, s in enumerate(_read("schemes.toml", _SchemesFile).schemes)
    )


@functools.cache
def load() -> SifnosData:
    """Every component, read once and checked."""
    board = _read("map.toml", _MapFile)
    region_ids = [r.id for r in board.regions]
    space_ids = [s.id for s in board.tower_spaces]
    tiles = _read("scoring_tiles.toml", _TilesFile).tiles
    return SifnosData(
        **_map(board),
        cards=_cards([p.id for p in board.provinces]),
        **_player_board(),
        **_game(region_ids, space_ids),
        schemes=_schemes(region_ids),
        tiles=tuple(ScoringTile(i, t.id, t.immediate, t.scoring) for i, t in enumerate(tiles)),
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
    topics = [
        HelpTopic(t.key, t.name, t.kind, " ".join(t.text.split()))
        for t in _read("help.toml", _HelpFile).topics
    ]
    if len({t.key for t in topics}) != len(topics):
        raise DataError("help.toml names a key twice")
    if len({t.name.lower() for t in topics}) != len(topics):
        raise DataError("help.toml names a component twice")
    return tuple(topics)
