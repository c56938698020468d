"""Reads ``data/*.toml``: every component and printed number the engine uses.

The loader checks each item's provenance (``source`` is ``"rulebook: <section>"`` or
``"designed"``, with a ``reason``) and that the counts add up to the rulebook's component
list; a broken data file raises :class:`DataError` naming the item.

Tile kinds are numbered once for the whole game: the 45 characters, then the contracts, the
crests and the helpers. Piles count tiles by kind, so a pile is a list of counts.

Every component has an ``id``, which the observation and the board's elements use, and a
``name``, which players read and type: the tiles print pictures, not words, so their names
describe them in the rulebook's words ("Smith (1 iron)", "+2 action points").
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

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


class DataError(ValueError):
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


def _read(name: str) -> dict[str, Any]:
    path = DATA_DIR / name
    try:
        return tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path.name}: {exc}") from exc


def _check_provenance(where: str, item: dict[str, Any]) -> None:
    source = item.get("source")
    if not isinstance(source, str) or not (
        source == "designed" or (source.startswith("rulebook: ") and len(source) > 10)
    ):
        raise DataError(
            f"{where}: source must be 'designed' or 'rulebook: <section>', not {source!r}"
        )
    reason = item.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise DataError(f"{where}: every item needs a one-line reason")


def _name(item: dict[str, Any], where: str) -> str:
    """An item's ``name``: what players read and type for it."""
    name = item.get("name")
    if not isinstance(name, str) or not name.strip() or name != name.strip():
        raise DataError(f"{where}: every item needs a name, the words players read")
    return name


def _unique(names: list[str], what: str) -> None:
    # players type the names back: two alike (case aside) could not be told apart
    folded = [n.lower() for n in names]
    if len(set(folded)) != len(folded):
        raise DataError(f"two {what} share a name")


def _value(raw: dict[str, Any], key: str, where: str) -> Any:
    if key not in raw:
        raise DataError(f"{where}: missing [{key}]")
    item = raw[key]
    _check_provenance(f"{where} [{key}]", item)
    return item["value"]


def _resources(table: dict[str, int], where: str) -> tuple[int, ...]:
    out = [0] * len(RESOURCES)
    for name, n in table.items():
        if name not in RESOURCES:
            raise DataError(f"{where}: unknown resource {name!r}")
        out[RESOURCES.index(name)] = int(n)
    return tuple(out)


def _effects(items: list[dict[str, Any]], where: str) -> tuple[Effect, ...]:
    """The effect vocabulary of player_board.toml, as (code, a, b) tuples."""
    out: list[Effect] = []
    for item in items:
        if "vp" in item:
            out.append((FX_VP, int(item["vp"]), 0))
        elif "gain" in item:
            for r, n in enumerate(_resources(item["gain"], where)):
                if n:
                    out.append((FX_GAIN, r, n))
        elif "any" in item:
            out.append((FX_ANY, int(item["any"]), 0))
        elif "action" in item:
            name = item["action"]
            if name == "any":
                action = -1
            elif name in ACTIONS[:5]:
                action = ACTIONS.index(name)
            else:
                raise DataError(f"{where}: unknown action {name!r}")
            out.append((FX_ACTION, action, int(item["ap"])))
        elif "move" in item:
            out.append((FX_MOVE, _figure(item["move"], where), int(item.get("steps", 1))))
        elif "move_both" in item:
            out.append((FX_MOVE_BOTH, 0, 0))
        elif "move_place" in item:
            out.append((FX_MOVE_PLACE, _figure(item["move_place"], where), 0))
        elif "place" in item:
            out.append((FX_PLACE, _figure(item["place"], where), 0))
        elif "king" in item:
            out.append((FX_KING, int(item["king"]), 0))
        elif "town_move" in item:
            if item["town_move"] != "merchant":
                raise DataError(f"{where}: only the merchant moves town to town")
            out.append((FX_TOWN_MOVE, FIG_MERCHANT, 0))
        elif "add_ap" in item:
            out.append((FX_ADD_AP, int(item["add_ap"]), 0))
        elif "substitute" in item:
            out.append((FX_SUBSTITUTE, 0, 0))
        elif "building_bonus" in item:
            out.append((FX_BUILDING_BONUS, 0, 0))
        elif "house_anywhere" in item:
            out.append((FX_HOUSE_ANYWHERE, 0, 0))
        elif "pillar_anywhere" in item:
            out.append((FX_PILLAR_ANYWHERE, 0, 0))
        elif "jump" in item:
            out.append((FX_JUMP, _figure(item["jump"], where), 0))
        else:
            raise DataError(f"{where}: unknown effect {item!r}")
    return tuple(out)


def _figure(name: str, where: str) -> int:
    if name not in FIGURES:
        raise DataError(f"{where}: unknown figure {name!r}")
    return FIGURES.index(name)


@cache
def load() -> TiletumData:
    """Every data file, checked; cached (the data never changes while the program runs)."""
    board = _read("board.toml")
    b = "board.toml"
    resources = _value(board, "resources", b)
    if tuple(resources) != RESOURCES:
        raise DataError(f"{b}: resources must be {RESOURCES}, the engine's order")
    action_names = _value(board, "action_names", b)
    if tuple(action_names) != ACTIONS:
        raise DataError(f"{b}: action_names must be {ACTIONS}")
    wheel = tuple(ACTIONS.index(a) for a in _value(board, "wheel_actions", b))
    if sorted(wheel) != list(range(6)):
        raise DataError(f"{b}: wheel_actions must list each of the six actions once")
    houses = _value(board, "houses", b)
    pillars = _value(board, "pillars", b)
    king_track = tuple(_value(board, "king_track", b))
    king_start = int(board["king_track"]["start"])
    if king_track[king_start] != 0 or king_track[-1] != 15 or min(king_track) >= 0:
        raise DataError(f"{b}: the King track starts at 0 VP, has a red part and tops at +15")
    if list(king_track) != sorted(king_track):
        raise DataError(f"{b}: King track VP must rise from left to right")
    corruption = tuple(_value(board, "corruption_tokens", b))
    if sorted(set(corruption)) != [0, 1, 2]:
        raise DataError(f"{b}: corruption tokens have the values 0, 1 and 2")
    dice_drawn = {int(k): int(v) for k, v in _value(board, "dice_drawn", b).items()}
    colour_names = tuple(_value(board, "dice_colours", b))
    if len(colour_names) != len(RESOURCES):
        raise DataError(f"{b}: one dice colour for each resource")

    pb = _read("player_board.toml")
    buildings = []
    for i, item in enumerate(pb["building"]):
        where = f"player_board.toml building {i + 1}"
        _check_provenance(where, item)
        rooms = int(item["rooms"])
        if not 1 <= rooms <= 3:
            raise DataError(f"{where}: a building has one, two or three rooms")
        buildings.append(
            Building(
                rooms=rooms,
                occupied=bool(item.get("occupied", False)),
                roof_bonus=_effects(item.get("roof_bonus", []), where),
                crest_cost=int(item["crest_cost"]),
                crest_bonus=_effects(item["crest_bonus"], where),
            )
        )
    if len(buildings) != 6 or not buildings[-1].occupied or any(x.occupied for x in buildings[:-1]):
        raise DataError("player_board.toml: six buildings, only the rightmost occupied")
    if [x.crest_cost for x in buildings] != [6, 6, 5, 4, 3, 2]:
        raise DataError("player_board.toml: crest costs are 6, 6, 5, 4, 3, 2 Food (rulebook)")
    if sum(1 for x in buildings if not x.occupied) != houses["roof"]:
        raise DataError("player_board.toml: one roof house on each building but the rightmost")
    spaces = pb["contract_space"]
    for i, item in enumerate(spaces):
        _check_provenance(f"player_board.toml contract space {i + 1}", item)
    pillar_flags = tuple(bool(s["pillar"]) for s in spaces)
    n_pillared = pillars["contract_spaces"]
    if pillar_flags[:n_pillared] != (True,) * n_pillared or any(pillar_flags[n_pillared:]):
        raise DataError("player_board.toml: pillars start on the first 5 contract spaces")

    # ---- map
    mp = _read("map.toml")
    town_items = mp["town"]
    town_ids = [t["id"] for t in town_items]
    if len(set(town_ids)) != len(town_ids):
        raise DataError("map.toml: town ids repeat")
    tindex = {tid: i for i, tid in enumerate(town_ids)}
    cath = _read("cathedrals.toml")
    cath_town = {}
    cathedrals = []
    for i, item in enumerate(cath["cathedral"]):
        where = f"cathedrals.toml cathedral {i + 1}"
        _check_provenance(where, item)
        if item["town"] not in tindex:
            raise DataError(f"{where}: unknown town {item['town']!r}")
        tiles = tuple(int(v) for v in item["tiles"])
        if list(tiles) != sorted(tiles):
            raise DataError(f"{where}: tiles are listed lowest VP (bottom) first")
        pillar_players = tuple(int(p) for p in item["pillar_spaces"])
        if len(pillar_players) > len(tiles):
            raise DataError(f"{where}: more pillar spaces than cathedral tiles")
        if item["town"] in cath_town:
            raise DataError(f"{where}: a second cathedral in {item['town']}")
        cath_town[item["town"]] = i
        cathedrals.append(Cathedral(tindex[item["town"]], tiles, pillar_players))
    towns = []
    for item in town_items:
        where = f"map.toml town {item['id']}"
        _check_provenance(where, item)
        hs = item["house_spaces"]
        towns.append(
            Town(
                id=item["id"],
                name=item["name"],
                pos=(int(item["pos"][0]), int(item["pos"][1])),
                house_players=tuple(int(h["players"]) for h in hs),
                house_vp=tuple(int(h.get("vp", 0)) for h in hs),
                house_building_bonus=tuple(bool(h.get("building_bonus", False)) for h in hs),
                bonus_players=tuple(int(p) for p in item["bonus_spaces"]),
                cathedral=cath_town.get(item["id"], -1),
            )
        )
    _unique([t.name for t in towns], "towns")
    spot_ids = [t.id for t in towns]
    spot_names = [t.name for t in towns]
    spot_town = list(range(len(towns)))
    adj: list[set[int]] = [set() for _ in towns]
    roads = []
    for i, item in enumerate(mp["road"]):
        where = f"map.toml road {i + 1}"
        _check_provenance(where, item)
        a, c = item["towns"]
        if a not in tindex or c not in tindex:
            raise DataError(f"{where}: unknown town in {item['towns']!r}")
        chain = [tindex[a]]
        n_spaces = int(item["spaces"])
        road = f"{towns[tindex[a]].name}-{towns[tindex[c]].name} road"
        for k in range(n_spaces):
            spot_ids.append(f"{a}-{c}-{k + 1}")
            spot_names.append(f"{road} {k + 1}" if n_spaces > 1 else road)
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
        for a, c, mids in roads:
            if s in (a, *mids, c):
                found.update(t for t in (a, c) if t != s)
        adjacent_towns.append(tuple(sorted(found)))
    _check_connected(adj)

    costs = cath["construction_cost"]
    cost_stone, cost_vp, unavailable = [], [], []
    for i, item in enumerate(costs):
        _check_provenance(f"cathedrals.toml construction cost {i + 1}", item)
        if item.get("unavailable"):
            unavailable.append(i)
            cost_stone.append(0)
            cost_vp.append(0)
        else:
            cost_stone.append(int(item["stone"]))
            cost_vp.append(int(item["vp"]))
    if len(unavailable) != 1 or len(costs) != len(cathedrals):
        raise DataError("cathedrals.toml: one cost tile per cathedral, one of them Unavailable")

    fairs = _read("fairs.toml")
    fair_ids, fair_names, fair_cond, fair_vp = [], [], [], []
    for item in fairs["fair_tile"]:
        where = f"fairs.toml fair tile {item.get('id')}"
        _check_provenance(where, item)
        fair_names.append(_name(item, where))
        if item["condition"] not in FAIR_CONDITIONS:
            raise DataError(f"fairs.toml: unknown condition {item['condition']!r}")
        fair_ids.append(item["id"])
        fair_cond.append(FAIR_CONDITIONS.index(item["condition"]))
        fair_vp.append(int(item["vp"]))
    _unique(fair_names, "fair tiles")
    if sorted(fair_cond) != list(range(len(FAIR_CONDITIONS))):
        raise DataError("fairs.toml: one fair tile for each of the eleven conditions")
    first = tindex[_value(fairs, "first_fair_town", "fairs.toml")]
    town_tiles = []
    for item in fairs["town_tile"]:
        _check_provenance(f"fairs.toml town tile {item.get('town')}", item)
        if item["town"] not in tindex or tindex[item["town"]] == first:
            raise DataError(f"fairs.toml: town tile {item['town']!r} is not a town off Tiletum")
        town_tiles.append(tindex[item["town"]])
    if len(set(town_tiles)) != len(town_tiles):
        raise DataError("fairs.toml: two town tiles show the same town")

    # ---- tiles
    chars = _read("characters.toml")["character"]
    tl = _read("tiles.toml")
    kinds: list[TileKind] = []
    illustrations: list[str] = []
    character_players = []
    for item in chars:
        where = f"characters.toml {item.get('id')}"
        _check_provenance(where, item)
        if item["illustration"] not in illustrations:
            illustrations.append(item["illustration"])
        if item["action"] not in ACTIONS[:5]:
            raise DataError(f"{where}: a character strengthens one of the five actions")
        kinds.append(
            TileKind(
                id=item["id"],
                category=CAT_CHARACTER,
                name=_name(item, where),
                effects=_effects(item["bonus"], where),
                illustration=illustrations.index(item["illustration"]),
                action=ACTIONS.index(item["action"]),
            )
        )
        character_players.append(int(item["players"]))
    for item in tl["contract"]:
        where = f"tiles.toml contract {item.get('id')}"
        _check_provenance(where, item)
        kinds.append(
            TileKind(
                id=item["id"],
                category=CAT_CONTRACT,
                name=_name(item, where),
                effects=_effects(item.get("benefits", []), where),
                pay=_resources(item.get("pay", {}), where),
                same=int(item.get("same", 0)),
                vp=int(item["vp"]),
            )
        )
    crest_ids = []
    crest_names = []
    crest_kind = []
    for item in tl["crest"]:
        where = f"tiles.toml crest {item.get('id')}"
        _check_provenance(where, item)
        crest_ids.append(item["id"])
        crest_names.append(_name(item, where))
        crest_kind.append(len(kinds))
        kinds.append(
            TileKind(
                id=item["id"],
                category=CAT_CREST,
                name=f"{crest_names[-1]} crest",
                crest=len(crest_ids) - 1,
            )
        )
    for item in tl["helper"]:
        where = f"tiles.toml helper {item.get('id')}"
        _check_provenance(where, item)
        kinds.append(
            TileKind(
                id=item["id"],
                category=CAT_HELPER,
                name=_name(item, where),
                effects=_effects(item["effects"], where),
            )
        )
    kind_index = {k.id: i for i, k in enumerate(kinds)}
    if len(kind_index) != len(kinds):
        raise DataError("tile ids repeat across characters, contracts, crests and helpers")
    _unique([k.name for k in kinds], "tiles")
    _unique(crest_names, "crests")

    def pile(name: str, allowed: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
        out = []
        for i, item in enumerate(tl[name]):
            where = f"tiles.toml {name} {i + 1}"
            _check_provenance(where, item)
            if item["tile"] not in kind_index:
                raise DataError(f"{where}: unknown tile {item['tile']!r}")
            k = kind_index[item["tile"]]
            if kinds[k].category not in allowed:
                raise DataError(f"{where}: a {CATEGORY_NAMES[kinds[k].category]} cannot be here")
            if int(item["players"]) not in (2, 3, 4):
                raise DataError(f"{where}: players is 2 (no mark), 3 ('3+') or 4 ('4')")
            out.append((k, int(item["count"]), int(item["players"])))
        return tuple(out)

    bonus_pile = pile("bonus_pile", (CAT_CONTRACT, CAT_CREST, CAT_HELPER))
    contract_pile = pile("contract_pile", (CAT_CONTRACT, CAT_CREST))
    counts = dict(tl["component_counts"])
    _check_provenance("tiles.toml component_counts", counts)
    counts.pop("source")
    counts.pop("reason")

    data = TiletumData(
        rounds=int(_value(board, "rounds", b)),
        turns_per_round=int(_value(board, "turns_per_round", b)),
        start_vp=int(_value(board, "start_vp", b)),
        start_resources=_resources(_value(board, "start_resources", b), b),
        start_gold_by_seat=tuple(_value(board, "start_gold_by_seat", b)),
        dice_per_colour_per_player=int(_value(board, "dice_per_colour_per_player", b)),
        dice_drawn=dice_drawn,
        die_change_cost=int(_value(board, "die_change_cost", b)),
        buy_cost=int(_value(board, "buy_cost", b)),
        action_points_base=int(_value(board, "action_points_base", b)),
        houses_roof=int(houses["roof"]),
        houses_tiletum=int(houses["tiletum"]),
        houses_supply=int(houses["supply"]),
        pillars_on_contracts=int(pillars["contract_spaces"]),
        pillars_supply=int(pillars["supply"]),
        storehouse_size=int(_value(board, "storehouse_size", b)),
        die_spaces=int(_value(board, "die_spaces", b)),
        wheel_actions=wheel,
        wheel_rotation=int(_value(board, "wheel_rotation", b)),
        contract_offer_costs=tuple(_value(board, "contract_offer_costs", b)),
        character_offer_size=int(_value(board, "character_offer_size", b)),
        king_track=king_track,
        king_start=king_start,
        king_no_tile_vp=int(_value(board, "king_no_tile_vp", b)),
        king_tile_refills=int(_value(board, "king_tile_refills", b)),
        corruption_tokens=corruption,
        corruption_per_round=int(_value(board, "corruption_per_round", b)),
        fair_board_vp=tuple(_value(board, "fair_board_vp", b)),
        completed_buildings_vp=tuple(_value(board, "completed_buildings_vp", b)),
        resources_per_vp=int(_value(board, "resources_per_vp", b)),
        character_take_cost=int(_value(board, "character_take_cost", b)),
        exchange_cost=int(_value(board, "exchange_cost", b)),
        colour_names=colour_names,
        buildings=tuple(buildings),
        contract_space_vp=tuple(int(s["vp"]) for s in spaces),
        contract_space_pillar=pillar_flags,
        towns=tuple(towns),
        spot_ids=tuple(spot_ids),
        spot_names=tuple(spot_names),
        spot_town=tuple(spot_town),
        adjacent=tuple(tuple(sorted(a)) for a in adj),
        adjacent_towns=tuple(adjacent_towns),
        roads=tuple(roads),
        cathedrals=tuple(cathedrals),
        cost_stone=tuple(cost_stone),
        cost_vp=tuple(cost_vp),
        unavailable_cost=unavailable[0],
        fair_ids=tuple(fair_ids),
        fair_names=tuple(fair_names),
        fair_condition=tuple(fair_cond),
        fair_vp=tuple(fair_vp),
        first_fair_town=first,
        town_tiles=tuple(town_tiles),
        kinds=tuple(kinds),
        kind_index=kind_index,
        crest_ids=tuple(crest_ids),
        crest_names=tuple(crest_names),
        crest_kind=tuple(crest_kind),
        illustrations=tuple(illustrations),
        illustration_names=tuple(i.capitalize() for i in illustrations),
        character_players=tuple(character_players),
        bonus_pile=bonus_pile,
        contract_pile=contract_pile,
        component_counts=counts,
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
    out = []
    for i, item in enumerate(_read("help.toml")["topic"]):
        where = f"help.toml topic {item.get('key', i + 1)}"
        _check_provenance(where, item)
        fields = [item.get(k) for k in ("key", "name", "kind", "text")]
        if not all(isinstance(f, str) and f.strip() for f in fields):
            raise DataError(f"{where}: every topic needs a key, a name, a kind and a text")
        out.append(HelpTopic(*fields))
    if len({t.key for t in out}) != len(out):
        raise DataError("help.toml: two topics share a key")
    _unique([t.name for t in out], "help topics")
    return tuple(out)
