"""Reads ``data/*.toml``: every component and printed number the engine uses.

Each file is read through its schema below (:mod:`towers.core.datafile`): every item states
its provenance (``source`` is ``"rulebook: <section>"`` or ``"designed"``, with a
``reason``), unknown keys and values of the wrong type are refused, and the counts must add up
to the rulebook's component list; a broken data file raises :class:`DataError` naming the
file, the key's path and what is allowed there.

Tile kinds are numbered once for the whole game: the 45 characters, then the contracts, the
crests and the helpers. Piles count tiles by kind, so a pile is a list of counts.

Every component has an ``id``, which the observation and the board's elements use, and a
``name``, which players read and type: the tiles print pictures, not words, so their names
describe them in the rulebook's words ("Smith (1 iron)", "+2 action points").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Generic, Literal, TypeVar, get_args

from pydantic import AfterValidator, field_validator, model_validator

from towers.core.datafile import DataFileError, Schema, Source, Text, read, rule

DATA_DIR = Path(__file__).parent / "data"

RESOURCES = ("gold", "food", "wool", "stone", "iron")
GOLD, FOOD, WOOL, STONE, IRON = range(5)
ACTIONS = ("architect", "merchant", "character", "contract", "king", "joker")
ARCHITECT, MERCHANT, CHARACTER, CONTRACT, KING, JOKER = range(6)
FIGURES = ("merchant", "architect")
FIG_MERCHANT, FIG_ARCHITECT = 0, 1

CAT_CHARACTER, CAT_CONTRACT, CAT_CREST, CAT_HELPER = range(4)
CATEGORY_NAMES = ("character", "contract", "crest", "helper")

# Effect codes: an effect is (code, a, b).
(
    FX_VP,  # a = VP
    FX_GAIN,  # a = resource, b = amount
    FX_ANY,  # a = how many resources of your choice
    FX_ACTION,  # a = action (-1: of your choice), b = AP
    FX_MOVE,  # a = figure, b = steps (each optional)
    FX_MOVE_BOTH,  # architect once and merchant once, each optional
    FX_MOVE_PLACE,  # a = figure: one optional move and one optional placement
    FX_PLACE,  # a = figure: a house where the merchant is / a pillar where the architect is
    FX_KING,  # a = spaces on the King track
    FX_TOWN_MOVE,  # merchant to an adjacent town
    FX_ADD_AP,  # a = AP added to the action of the chosen die
    FX_SUBSTITUTE,  # take the die's resources as another type
    FX_BUILDING_BONUS,  # the character bonuses of one of your buildings
    FX_HOUSE_ANYWHERE,
    FX_PILLAR_ANYWHERE,
    FX_JUMP,  # a = figure: to any space of the map
) = range(16)

Effect = tuple[int, int, int]

FAIR_CONDITIONS = (
    "house_pillar_sets",
    "contract_cathedral_sets",
    "contracts",
    "king_track",
    "contract_crest_sets",
    "houses",
    "upper_floor_characters",
    "crests",
    "pillars",
    "full_buildings",
    "cathedral_tiles",
)
FAIR_KING = FAIR_CONDITIONS.index("king_track")


class DataError(DataFileError):
    """A data file that breaks a rule of the format or disagrees with the component list."""


@dataclass(frozen=True)
class TileKind:
    """One kind of tile: a character, a contract, a crest or a helper."""

    id: str
    category: int
    name: str = ""
    """What players read: the data's ``name`` (a crest tile: its crest's name and "crest")."""
    effects: tuple[Effect, ...] = ()
    """Character bonus, helper ability or contract benefits."""
    illustration: int = -1
    action: int = -1
    """Character: the action its completed building strengthens."""
    pay: tuple[int, ...] = (0, 0, 0, 0, 0)
    same: int = 0
    """Contract: identical resources of one type of the player's choice."""
    vp: int = 0
    crest: int = -1


@dataclass(frozen=True)
class Town:
    id: str
    name: str
    pos: tuple[int, int]
    house_players: tuple[int, ...]
    house_vp: tuple[int, ...]
    house_building_bonus: tuple[bool, ...]
    bonus_players: tuple[int, ...]
    cathedral: int


@dataclass(frozen=True)
class Cathedral:
    town: int
    tiles: tuple[int, ...]
    """VP of the tiles from the bottom of the stack to the top."""
    pillar_players: tuple[int, ...]


@dataclass(frozen=True)
class Building:
    rooms: int
    occupied: bool
    roof_bonus: tuple[Effect, ...]
    crest_cost: int
    crest_bonus: tuple[Effect, ...]


@dataclass(frozen=True)
class TiletumData:
    # board.toml
    rounds: int
    turns_per_round: int
    start_vp: int
    start_resources: tuple[int, ...]
    start_gold_by_seat: tuple[int, ...]
    dice_per_colour_per_player: int
    dice_drawn: dict[int, int]
    die_change_cost: int
    buy_cost: int
    action_points_base: int
    houses_roof: int
    houses_tiletum: int
    houses_supply: int
    pillars_on_contracts: int
    pillars_supply: int
    storehouse_size: int
    die_spaces: int
    wheel_actions: tuple[int, ...]
    wheel_rotation: int
    contract_offer_costs: tuple[int, ...]
    character_offer_size: int
    king_track: tuple[int, ...]
    king_start: int
    king_no_tile_vp: int
    king_tile_refills: int
    corruption_tokens: tuple[int, ...]
    corruption_per_round: int
    fair_board_vp: tuple[int, ...]
    completed_buildings_vp: tuple[int, ...]
    resources_per_vp: int
    character_take_cost: int
    exchange_cost: int
    colour_names: tuple[str, ...]
    """The dice colours as printed ("light gray"), in the order of the resources."""
    # player_board.toml
    buildings: tuple[Building, ...]
    contract_space_vp: tuple[int, ...]
    contract_space_pillar: tuple[bool, ...]
    # map.toml
    towns: tuple[Town, ...]
    spot_ids: tuple[str, ...]
    """Every spot of the map: the towns' ids, then each road's spaces (``paris-bordeaux-1``)."""
    spot_names: tuple[str, ...]
    """Every spot as players read it: the town's name, or the road's towns and the space's
    number along it (``Paris-Bordeaux road 1``; no number on a road of one space)."""
    spot_town: tuple[int, ...]
    adjacent: tuple[tuple[int, ...], ...]
    adjacent_towns: tuple[tuple[int, ...], ...]
    """For each spot, the towns reached through road spaces only (the next town on a road)."""
    roads: tuple[tuple[int, int, tuple[int, ...]], ...]
    # cathedrals.toml
    cathedrals: tuple[Cathedral, ...]
    cost_stone: tuple[int, ...]
    cost_vp: tuple[int, ...]
    unavailable_cost: int
    # fairs.toml
    fair_ids: tuple[str, ...]
    fair_names: tuple[str, ...]
    fair_condition: tuple[int, ...]
    fair_vp: tuple[int, ...]
    first_fair_town: int
    town_tiles: tuple[int, ...]
    # tiles
    kinds: tuple[TileKind, ...]
    kind_index: dict[str, int]
    crest_ids: tuple[str, ...]
    crest_names: tuple[str, ...]
    crest_kind: tuple[int, ...]
    illustrations: tuple[str, ...]
    illustration_names: tuple[str, ...]
    """Each illustration as the characters' names begin ("Notary")."""
    character_players: tuple[int, ...]
    bonus_pile: tuple[tuple[int, int, int], ...]
    """(kind, count, fewest players)."""
    contract_pile: tuple[tuple[int, int, int], ...]
    component_counts: dict[str, int]

    @property
    def n_kinds(self) -> int:
        return len(self.kinds)


# ---- the data files as written (see towers.core.datafile): every item says where it comes
# from (``source``) and why (``reason``); the checks of the rulebook's numbers sit on the keys

Resource = Literal["gold", "food", "wool", "stone", "iron"]
Figure = Literal["merchant", "architect"]
ActionName = Literal["architect", "merchant", "character", "contract", "king"]
T = TypeVar("T")
S = TypeVar("S", bound=Schema)


def _named(text: str) -> str:
    if not text.strip() or text != text.strip():
        raise ValueError("should be the words players read, with no space around them")
    return text


Name = Annotated[str, AfterValidator(_named)]
"""What players read and type for an item."""


class _Item(Schema):
    source: Source
    reason: Text


class _V(_Item, Generic[T]):
    """A game-wide number of board.toml: its ``value``, source and reason."""

    value: T


class _KingTrack(_V[list[int]]):
    start: int


class _Houses(Schema):
    roof: int
    tiletum: int
    supply: int


class _Pillars(Schema):
    contract_spaces: int
    supply: int


class _BoardFile(Schema):
    """``data/board.toml``."""

    resources: _V[
        Annotated[list[str], rule(lambda v: tuple(v) == RESOURCES, f"must be {RESOURCES}")]
    ]
    dice_colours: _V[
        Annotated[list[Name], rule(lambda v: len(v) == 5, "one dice colour for each resource")]
    ]
    rounds: _V[int]
    turns_per_round: _V[int]
    start_vp: _V[int]
    start_resources: _V[dict[Resource, int]]
    start_gold_by_seat: _V[list[int]]
    dice_per_colour_per_player: _V[int]
    dice_drawn: _V[dict[Annotated[str, rule(str.isdigit, "a number of players")], int]]
    die_change_cost: _V[int]
    buy_cost: _V[int]
    action_points_base: _V[int]
    houses: _V[_Houses]
    pillars: _V[_Pillars]
    storehouse_size: _V[int]
    die_spaces: _V[int]
    wheel_actions: _V[
        Annotated[
            list[Literal["architect", "merchant", "character", "contract", "king", "joker"]],
            rule(lambda v: sorted(v) == sorted(ACTIONS), "each of the six actions once"),
        ]
    ]
    wheel_rotation: _V[int]
    action_names: _V[
        Annotated[list[str], rule(lambda v: tuple(v) == ACTIONS, f"must be {ACTIONS}")]
    ]
    contract_offer_costs: _V[list[int]]
    character_offer_size: _V[int]
    contract_offer_size: _V[int]
    king_track: _KingTrack
    king_no_tile_vp: _V[int]
    king_tile_refills: _V[int]
    corruption_tokens: _V[
        Annotated[
            list[int],
            rule(lambda v: sorted(set(v)) == [0, 1, 2], "tokens have the values 0, 1 and 2"),
        ]
    ]
    corruption_per_round: _V[int]
    fair_board_vp: _V[list[int]]
    completed_buildings_vp: _V[list[int]]
    resources_per_vp: _V[int]
    character_take_cost: _V[int]
    exchange_cost: _V[int]

    @field_validator("king_track")
    @classmethod
    def _king_track(cls, track: _KingTrack) -> _KingTrack:
        v = track.value
        if not 0 <= track.start < len(v) or v[track.start] != 0 or v[-1] != 15 or min(v) >= 0:
            raise ValueError("the King track starts at 0 VP, has a red part and tops at +15")
        if v != sorted(v):
            raise ValueError("King track VP must rise from left to right")
        return track


_EFFECT_KEYS = (
    "vp", "gain", "any", "action", "move", "move_both", "move_place", "place", "king",
    "town_move", "add_ap", "substitute", "building_bonus", "house_anywhere",
    "pillar_anywhere", "jump",
)  # fmt: skip


class _Effect(Schema):
    """One effect: exactly one of the keys below (``ap`` goes with ``action``, ``steps``
    with ``move``)."""

    vp: int | None = None
    gain: dict[Resource, int] | None = None
    any: int | None = None
    action: Literal["architect", "merchant", "character", "contract", "king", "any"] | None = None
    ap: int | None = None
    move: Figure | None = None
    steps: int = 1
    move_both: Literal[True] | None = None
    move_place: Figure | None = None
    place: Figure | None = None
    king: int | None = None
    town_move: Literal["merchant"] | None = None
    add_ap: int | None = None
    substitute: Literal[True] | None = None
    building_bonus: Literal[True] | None = None
    house_anywhere: Literal[True] | None = None
    pillar_anywhere: Literal[True] | None = None
    jump: Figure | None = None

    @model_validator(mode="after")
    def _one(self) -> _Effect:
        given = [k for k in _EFFECT_KEYS if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(f"an effect is exactly one of {', '.join(_EFFECT_KEYS)}")
        if (self.ap is None) != (self.action is None):
            raise ValueError("an action effect needs its ap, and ap goes only with an action")
        return self


class _Building(_Item):
    rooms: Annotated[int, rule(lambda n: 1 <= n <= 3, "one, two or three rooms")]
    occupied: bool = False
    roof_bonus: list[_Effect] = []
    crest_cost: int
    crest_bonus: list[_Effect]


class _ContractSpace(_Item):
    vp: int
    pillar: bool


class _PlayerBoardFile(Schema):
    """``data/player_board.toml``."""

    building: list[_Building]
    contract_space: list[_ContractSpace]

    @field_validator("building")
    @classmethod
    def _buildings(cls, b: list[_Building]) -> list[_Building]:
        if len(b) != 6 or not b[-1].occupied or any(x.occupied for x in b[:-1]):
            raise ValueError("six buildings, only the rightmost occupied")
        if [x.crest_cost for x in b] != [6, 6, 5, 4, 3, 2]:
            raise ValueError("crest costs are 6, 6, 5, 4, 3, 2 Food (rulebook)")
        return b


class _HouseSpace(Schema):
    players: int
    vp: int = 0
    building_bonus: bool = False


class _Town(_Item):
    id: str
    name: Name
    pos: tuple[int, int]
    house_spaces: list[_HouseSpace]
    bonus_spaces: list[int]


class _Road(_Item):
    towns: tuple[str, str]
    spaces: int


class _MapFile(Schema):
    """``data/map.toml``."""

    town: list[_Town]
    road: list[_Road]


class _Cathedral(_Item):
    town: str
    tiles: Annotated[
        list[int], rule(lambda v: v == sorted(v), "tiles are listed lowest VP (bottom) first")
    ]
    pillar_spaces: list[int]

    @model_validator(mode="after")
    def _pillars(self) -> _Cathedral:
        if len(self.pillar_spaces) > len(self.tiles):
            raise ValueError("more pillar spaces than cathedral tiles")
        return self


class _Cost(_Item):
    stone: int = 0
    vp: int = 0
    unavailable: bool = False


class _CathedralsFile(Schema):
    """``data/cathedrals.toml``."""

    cathedral: list[_Cathedral]
    construction_cost: list[_Cost]


class _FairTile(_Item):
    id: str
    name: Name
    condition: Literal[FAIR_CONDITIONS]  # type: ignore[valid-type]
    vp: int


class _TownTile(_Item):
    town: str


class _FairsFile(Schema):
    """``data/fairs.toml``."""

    fair_tile: list[_FairTile]
    first_fair_town: _V[str]
    town_tile: list[_TownTile]


class _Character(_Item):
    id: str
    name: Name
    illustration: str
    action: ActionName
    bonus: list[_Effect]
    players: int


class _CharactersFile(Schema):
    """``data/characters.toml``."""

    character: list[_Character]


class _Contract(_Item):
    id: str
    name: Name
    pay: dict[Resource, int] = {}
    same: int = 0
    vp: int
    benefits: list[_Effect] = []


class _Crest(_Item):
    id: str
    name: Name


class _Helper(_Item):
    id: str
    name: Name
    effects: list[_Effect]


class _PileEntry(_Item):
    tile: str
    count: int
    players: Annotated[int, rule(lambda n: n in (2, 3, 4), "2 (no mark), 3 ('3+') or 4 ('4')")]


class _ComponentCounts(_Item):
    """The rulebook's component list (Game Components), in the file's order."""

    bonus_tiles: int
    contract_tiles: int
    character_tiles: int
    cathedral_tiles: int
    construction_cost_tiles: int
    fair_tiles: int
    town_tiles: int
    corruption_tokens: int
    crest_types: int
    dice: int
    action_tiles: int
    fair_order_tiles: int
    houses_per_player: int
    pillars_per_player: int
    bonus_action_point_markers: int


class _TilesFile(Schema):
    """``data/tiles.toml``."""

    contract: list[_Contract]
    crest: list[_Crest]
    helper: list[_Helper]
    bonus_pile: list[_PileEntry]
    contract_pile: list[_PileEntry]
    component_counts: _ComponentCounts


class _Topic(_Item):
    key: Text
    name: Text
    kind: Text
    text: Text


class _HelpFile(Schema):
    """``data/help.toml``."""

    topic: list[_Topic]


def _read(name: str, schema: type[S]) -> S:
    return read(DATA_DIR / name, schema, DataError)


def _resources(table: dict[Resource, int]) -> tuple[int, ...]:
    return tuple(table.get(name, 0) for name in get_args(Resource))


def _effects(items: list[_Effect]) -> tuple[Effect, ...]:
    """The effect vocabulary of the data files, as (code, a, b) tuples."""
    out: list[Effect] = []
    for e in items:
        if e.vp is not None:
            out.append((FX_VP, e.vp, 0))
        elif e.gain is not None:
            out.extend((FX_GAIN, r, n) for r, n in enumerate(_resources(e.gain)) if n)
        elif e.any is not None:
            out.append((FX_ANY, e.any, 0))
        elif e.action is not None and e.ap is not None:
            out.append((FX_ACTION, -1 if e.action == "any" else ACTIONS.index(e.action), e.ap))
        elif e.move is not None:
            out.append((FX_MOVE, FIGURES.index(e.move), e.steps))
        elif e.move_both:
            out.append((FX_MOVE_BOTH, 0, 0))
        elif e.move_place is not None:
            out.append((FX_MOVE_PLACE, FIGURES.index(e.move_place), 0))
        elif e.place is not None:
            out.append((FX_PLACE, FIGURES.index(e.place), 0))
        elif e.king is not None:
            out.append((FX_KING, e.king, 0))
        elif e.town_move is not None:
            out.append((FX_TOWN_MOVE, FIG_MERCHANT, 0))
        elif e.add_ap is not None:
            out.append((FX_ADD_AP, e.add_ap, 0))
        elif e.substitute:
            out.append((FX_SUBSTITUTE, 0, 0))
        elif e.building_bonus:
            out.append((FX_BUILDING_BONUS, 0, 0))
        elif e.house_anywhere:
            out.append((FX_HOUSE_ANYWHERE, 0, 0))
        elif e.pillar_anywhere:
            out.append((FX_PILLAR_ANYWHERE, 0, 0))
        elif e.jump is not None:
            out.append((FX_JUMP, FIGURES.index(e.jump), 0))
    return tuple(out)


def _unique(names: list[str], what: str) -> None:
    # players type the names back: two alike (case aside) could not be told apart
    folded = [n.lower() for n in names]
    if len(set(folded)) != len(folded):
        raise DataError(f"two {what} share a name")


def _board_fields(b: _BoardFile) -> dict[str, Any]:
    """The TiletumData fields of board.toml."""
    return {
        "rounds": b.rounds.value,
        "turns_per_round": b.turns_per_round.value,
        "start_vp": b.start_vp.value,
        "start_resources": _resources(b.start_resources.value),
        "start_gold_by_seat": tuple(b.start_gold_by_seat.value),
        "dice_per_colour_per_player": b.dice_per_colour_per_player.value,
        "dice_drawn": {int(k): v for k, v in b.dice_drawn.value.items()},
        "die_change_cost": b.die_change_cost.value,
        "buy_cost": b.buy_cost.value,
        "action_points_base": b.action_points_base.value,
        "houses_roof": b.houses.value.roof,
        "houses_tiletum": b.houses.value.tiletum,
        "houses_supply": b.houses.value.supply,
        "pillars_on_contracts": b.pillars.value.contract_spaces,
        "pillars_supply": b.pillars.value.supply,
        "storehouse_size": b.storehouse_size.value,
        "die_spaces": b.die_spaces.value,
        "wheel_actions": tuple(ACTIONS.index(a) for a in b.wheel_actions.value),
        "wheel_rotation": b.wheel_rotation.value,
        "contract_offer_costs": tuple(b.contract_offer_costs.value),
        "character_offer_size": b.character_offer_size.value,
        "king_track": tuple(b.king_track.value),
        "king_start": b.king_track.start,
        "king_no_tile_vp": b.king_no_tile_vp.value,
        "king_tile_refills": b.king_tile_refills.value,
        "corruption_tokens": tuple(b.corruption_tokens.value),
        "corruption_per_round": b.corruption_per_round.value,
        "fair_board_vp": tuple(b.fair_board_vp.value),
        "completed_buildings_vp": tuple(b.completed_buildings_vp.value),
        "resources_per_vp": b.resources_per_vp.value,
        "character_take_cost": b.character_take_cost.value,
        "exchange_cost": b.exchange_cost.value,
        "colour_names": tuple(b.dice_colours.value),
    }


def _player_board_fields(b: _BoardFile) -> dict[str, Any]:
    """The TiletumData fields of player_board.toml, checked against board.toml's houses and
    pillars."""
    pb = _read("player_board.toml", _PlayerBoardFile)
    buildings = tuple(
        Building(
            rooms=item.rooms,
            occupied=item.occupied,
            roof_bonus=_effects(item.roof_bonus),
            crest_cost=item.crest_cost,
            crest_bonus=_effects(item.crest_bonus),
        )
        for item in pb.building
    )
    if sum(1 for x in buildings if not x.occupied) != b.houses.value.roof:
        raise DataError("player_board.toml: one roof house on each building but the rightmost")
    pillar_flags = tuple(s.pillar for s in pb.contract_space)
    n_pillared = b.pillars.value.contract_spaces
    if pillar_flags[:n_pillared] != (True,) * n_pillared or any(pillar_flags[n_pillared:]):
        raise DataError("player_board.toml: pillars start on the first 5 contract spaces")
    return {
        "buildings": buildings,
        "contract_space_vp": tuple(s.vp for s in pb.contract_space),
        "contract_space_pillar": pillar_flags,
    }


def _cathedrals(cath: _CathedralsFile, tindex: dict[str, int]) -> tuple[Cathedral, ...]:
    seen: set[str] = set()
    out = []
    for i, item in enumerate(cath.cathedral):
        where = f"cathedrals.toml: cathedral[{i}].town"
        if item.town not in tindex:
            raise DataError(f"{where}: unknown town {item.town!r}")
        if item.town in seen:
            raise DataError(f"{where}: a second cathedral in {item.town}")
        seen.add(item.town)
        out.append(Cathedral(tindex[item.town], tuple(item.tiles), tuple(item.pillar_spaces)))
    return tuple(out)


def _map_fields(mp: _MapFile, cath: _CathedralsFile) -> dict[str, Any]:
    """The TiletumData fields of map.toml and of the cathedrals in cathedrals.toml."""
    town_ids = [t.id for t in mp.town]
    if len(set(town_ids)) != len(town_ids):
        raise DataError("map.toml: town ids repeat")
    tindex = {tid: i for i, tid in enumerate(town_ids)}
    cathedrals = _cathedrals(cath, tindex)
    cath_town = {town_ids[c.town]: i for i, c in enumerate(cathedrals)}
    towns = tuple(
        Town(
            id=item.id,
            name=item.name,
            pos=item.pos,
            house_players=tuple(h.players for h in item.house_spaces),
            house_vp=tuple(h.vp for h in item.house_spaces),
            house_building_bonus=tuple(h.building_bonus for h in item.house_spaces),
            bonus_players=tuple(item.bonus_spaces),
            cathedral=cath_town.get(item.id, -1),
        )
        for item in mp.town
    )
    _unique([t.name for t in towns], "towns")
    spot_ids = [t.id for t in towns]
    spot_names = [t.name for t in towns]
    spot_town = list(range(len(towns)))
    adj: list[set[int]] = [set() for _ in towns]
    roads = []
    for i, item in enumerate(mp.road):
        a, c = item.towns
        if a not in tindex or c not in tindex:
            raise DataError(f"map.toml: road[{i}].towns: unknown town in {list(item.towns)!r}")
        chain = [tindex[a]]
        road = f"{towns[tindex[a]].name}-{towns[tindex[c]].name} road"
        for k in range(item.spaces):
            spot_ids.append(f"{a}-{c}-{k + 1}")
            spot_names.append(f"{road} {k + 1}" if item.spaces > 1 else road)
            spot_town.append(-1)
            adj.append(set())
            chain.append(len(spot_ids) - 1)
        chain.append(tindex[c])
        for x, y in zip(chain, chain[1:], strict=False):
            adj[x].add(y)
            adj[y].add(x)
        roads.append((tindex[a], tindex[c], tuple(chain[1:-1])))
    adjacent_towns = []
    for s in range(len(spot_ids)):
        found: set[int] = set()
        for start, end, mids in roads:
            if s in (start, *mids, end):
                found.update(t for t in (start, end) if t != s)
        adjacent_towns.append(tuple(sorted(found)))
    _check_connected(adj)
    return {
        "towns": towns,
        "spot_ids": tuple(spot_ids),
        "spot_names": tuple(spot_names),
        "spot_town": tuple(spot_town),
        "adjacent": tuple(tuple(sorted(a)) for a in adj),
        "adjacent_towns": tuple(adjacent_towns),
        "roads": tuple(roads),
        "cathedrals": cathedrals,
        **_cost_fields(cath),
    }


def _cost_fields(cath: _CathedralsFile) -> dict[str, Any]:
    costs = cath.construction_cost
    unavailable = [i for i, item in enumerate(costs) if item.unavailable]
    if len(unavailable) != 1 or len(costs) != len(cath.cathedral):
        raise DataError("cathedrals.toml: one cost tile per cathedral, one of them Unavailable")
    return {
        "cost_stone": tuple(0 if c.unavailable else c.stone for c in costs),
        "cost_vp": tuple(0 if c.unavailable else c.vp for c in costs),
        "unavailable_cost": unavailable[0],
    }


def _fair_fields(town_ids: list[str]) -> dict[str, Any]:
    """The TiletumData fields of fairs.toml."""
    fairs = _read("fairs.toml", _FairsFile)
    tindex = {tid: i for i, tid in enumerate(town_ids)}
    names = [f.name for f in fairs.fair_tile]
    _unique(names, "fair tiles")
    conditions = [FAIR_CONDITIONS.index(f.condition) for f in fairs.fair_tile]
    if sorted(conditions) != list(range(len(FAIR_CONDITIONS))):
        raise DataError("fairs.toml: one fair tile for each of the eleven conditions")
    if fairs.first_fair_town.value not in tindex:
        raise DataError(
            f"fairs.toml: first_fair_town.value: unknown town {fairs.first_fair_town.value!r}"
        )
    first = tindex[fairs.first_fair_town.value]
    town_tiles = []
    for item in fairs.town_tile:
        if item.town not in tindex or tindex[item.town] == first:
            raise DataError(f"fairs.toml: town tile {item.town!r} is not a town off Tiletum")
        town_tiles.append(tindex[item.town])
    if len(set(town_tiles)) != len(town_tiles):
        raise DataError("fairs.toml: two town tiles show the same town")
    return {
        "fair_ids": tuple(f.id for f in fairs.fair_tile),
        "fair_names": tuple(names),
        "fair_condition": tuple(conditions),
        "fair_vp": tuple(f.vp for f in fairs.fair_tile),
        "first_fair_town": first,
        "town_tiles": tuple(town_tiles),
    }


def _kinds(tl: _TilesFile) -> tuple[list[TileKind], list[str], list[int], list[str]]:
    """Every tile kind (the characters, contracts, crests and helpers), the illustrations,
    each character's fewest players and the crests' names."""
    kinds: list[TileKind] = []
    illustrations: list[str] = []
    character_players = []
    for ch in _read("characters.toml", _CharactersFile).character:
        if ch.illustration not in illustrations:
            illustrations.append(ch.illustration)
        kinds.append(
            TileKind(
                id=ch.id,
                category=CAT_CHARACTER,
                name=ch.name,
                effects=_effects(ch.bonus),
                illustration=illustrations.index(ch.illustration),
                action=ACTIONS.index(ch.action),
            )
        )
        character_players.append(ch.players)
    for co in tl.contract:
        kinds.append(
            TileKind(
                id=co.id,
                category=CAT_CONTRACT,
                name=co.name,
                effects=_effects(co.benefits),
                pay=_resources(co.pay),
                same=co.same,
                vp=co.vp,
            )
        )
    for i, cr in enumerate(tl.crest):
        kinds.append(TileKind(id=cr.id, category=CAT_CREST, name=f"{cr.name} crest", crest=i))
    for he in tl.helper:
        kinds.append(
            TileKind(id=he.id, category=CAT_HELPER, name=he.name, effects=_effects(he.effects))
        )
    return kinds, illustrations, character_players, [cr.name for cr in tl.crest]


def _tile_fields() -> dict[str, Any]:
    """The TiletumData fields of characters.toml and tiles.toml."""
    tl = _read("tiles.toml", _TilesFile)
    kinds, illustrations, character_players, crest_names = _kinds(tl)
    kind_index = {k.id: i for i, k in enumerate(kinds)}
    if len(kind_index) != len(kinds):
        raise DataError("tile ids repeat across characters, contracts, crests and helpers")
    _unique([k.name for k in kinds], "tiles")
    _unique(crest_names, "crests")

    def pile(name: str, allowed: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
        out = []
        for i, item in enumerate(getattr(tl, name)):
            where = f"tiles.toml: {name}[{i}].tile"
            if item.tile not in kind_index:
                raise DataError(f"{where}: unknown tile {item.tile!r}")
            k = kind_index[item.tile]
            if kinds[k].category not in allowed:
                raise DataError(f"{where}: a {CATEGORY_NAMES[kinds[k].category]} cannot be here")
            out.append((k, item.count, item.players))
        return tuple(out)

    return {
        "kinds": tuple(kinds),
        "kind_index": kind_index,
        "crest_ids": tuple(cr.id for cr in tl.crest),
        "crest_names": tuple(crest_names),
        "crest_kind": tuple(kind_index[cr.id] for cr in tl.crest),
        "illustrations": tuple(illustrations),
        "illustration_names": tuple(i.capitalize() for i in illustrations),
        "character_players": tuple(character_players),
        "bonus_pile": pile("bonus_pile", (CAT_CONTRACT, CAT_CREST, CAT_HELPER)),
        "contract_pile": pile("contract_pile", (CAT_CONTRACT, CAT_CREST)),
        "component_counts": tl.component_counts.model_dump(exclude={"source", "reason"}),
    }


@cache
def load() -> TiletumData:
    """Every data file, checked; cached (the data never changes while the program runs)."""
    board = _read("board.toml", _BoardFile)
    mp = _read("map.toml", _MapFile)
    cath = _read("cathedrals.toml", _CathedralsFile)
    data = TiletumData(
        **_board_fields(board),
        **_player_board_fields(board),
        **_map_fields(mp, cath),
        **_fair_fields([t.id for t in mp.town]),
        **_tile_fields(),
    )
    check_counts(data)
    return data


def _check_connected(adj: list[set[int]]) -> None:
    seen = {0}
    todo = [0]
    while todo:
        s = todo.pop()
        for t in adj[s]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    if len(seen) != len(adj):
        raise DataError("map.toml: every space must be reachable from Tiletum")


def check_counts(data: TiletumData) -> None:
    """The data adds up to the rulebook's component list (Game Components)."""
    c = data.component_counts
    found = {
        "bonus_tiles": sum(n for _, n, _ in data.bonus_pile),
        "contract_tiles": sum(n for _, n, _ in data.contract_pile),
        "character_tiles": sum(1 for k in data.kinds if k.category == CAT_CHARACTER),
        "cathedral_tiles": sum(len(x.tiles) for x in data.cathedrals),
        "construction_cost_tiles": len(data.cost_stone),
        "fair_tiles": len(data.fair_ids),
        "town_tiles": len(data.town_tiles),
        "corruption_tokens": len(data.corruption_tokens),
        "crest_types": len(data.crest_ids),
        "dice": len(RESOURCES) * max(data.dice_drawn) * data.dice_per_colour_per_player,
        "action_tiles": len(data.wheel_actions),
        "fair_order_tiles": data.rounds,  # one fair a round
        "houses_per_player": data.houses_roof + data.houses_tiletum + data.houses_supply,
        "pillars_per_player": data.pillars_on_contracts + data.pillars_supply,
        "bonus_action_point_markers": sum(1 for b in data.buildings if not b.occupied),
    }
    for name, n in found.items():
        if c.get(name) != n:
            raise DataError(
                f"the data hold {n} {name.replace('_', ' ')}, the rulebook lists {c.get(name)}"
            )
    if data.cost_stone and len(data.cost_stone) != len(data.cathedrals):
        raise DataError("one construction cost tile for each cathedral spot")
    if len(data.fair_board_vp) != data.rounds:
        raise DataError("one fair a round: the printed Tiletum and three town tiles")
    for n, drawn in data.dice_drawn.items():
        if drawn > len(RESOURCES) * n * data.dice_per_colour_per_player:
            raise DataError(f"more dice drawn a round than are in the bag with {n} players")
        if drawn < data.turns_per_round * n:
            raise DataError(f"too few dice for every turn of a round with {n} players")


def pile_counts(
    data: TiletumData, entries: tuple[tuple[int, int, int], ...], players: int
) -> list[int]:
    """Counts by tile kind of a pile with the tiles for more players removed (setup step 4)."""
    counts = [0] * data.n_kinds
    for kind, n, fewest in entries:
        if fewest <= players:
            counts[kind] += n
    return counts


def character_counts(data: TiletumData, players: int) -> list[int]:
    counts = [0] * data.n_kinds
    for kind, fewest in enumerate(data.character_players):
        if fewest <= players:
            counts[kind] += 1
    return counts


@dataclass(frozen=True)
class HelpTopic:
    """One component described in ``help.toml``: its ``text`` may hold ``{name}`` numbers of
    the data, filled in by the views."""

    key: str
    name: str
    kind: str
    text: str


@cache
def load_help() -> tuple[HelpTopic, ...]:
    """The components of ``help.toml`` (actions, tracks, figures, parts of the board), checked:
    each has a key, a name, a kind, a text and its provenance, keys and names unique."""
    out = tuple(
        HelpTopic(t.key, t.name, t.kind, t.text) for t in _read("help.toml", _HelpFile).topic
    )
    if len({t.key for t in out}) != len(out):
        raise DataError("help.toml: two topics share a key")
    _unique([t.name for t in out], "help topics")
    return out
