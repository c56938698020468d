"""The Tiletum action space: every action is one int, the same int in every state.

The space is laid out in blocks, listed once below; sizes come from the data files (spots
of the map, towns, cathedrals, tile kinds). ``S`` is the number of map spots (towns first,
then road spaces), ``T`` of towns, ``C`` of cathedrals, ``K`` of tile kinds, ``R`` of rooms
on a player board (the rooms of the five buildings that take characters, building by
building, floor 1 first).

==================  ============  ===================================================
block               size          meaning
==================  ============  ===================================================
TAKE_DIE            6 x 5         take a die of value v and colour c from the wheel
SET_VALUE           6             the chosen die's value (2 gold a step, 6 next to 1)
TAKE_TILE           1             take the offered bonus tile (action's or King's)
SKIP                1             decline: leave a tile, a move, a bonus
SUBSTITUTE          5             helper: take the die's resources as this type
CHOOSE_ACTION       5             an action: joker, "any action" helper, a building's
GAIN                5             gain one resource of your choice
PAY                 5             pay a contract's identical resources with this type
MOVE_MERCHANT       S             the merchant to a spot
MOVE_ARCHITECT      S             the architect to a spot
HOUSE               T x 4         a house on house space k of a town
PILLAR              C             a pillar at a cathedral
MAP_TILE            T x 2         the bonus tile on bonus space k of a town
TAKE_CHARACTER      5             a character from offer space i (1 AP)
REFRESH             1             discard and refill the character offer (1 AP)
PLACE_CHARACTER     45 x R        a character from the storehouse into room r (its floor in AP)
TAKE_CONTRACT       5             a contract from offer space i (its AP)
EXCHANGE            5 x 4         one resource for a different one (1 AP)
ADVANCE             1             one King track space (1 AP)
STOP                1             end an action given by a tile or bonus
END_TURN            1             end the turn
BUY                 4             task: 2 gold for food, wool, stone or iron
FULFIL              contracts     task: fulfil a contract from the storehouse
CREST               6 x 6         task: crest c onto crest space s
CONTRIBUTE          C             task: contribute to a cathedral
USE_HELPER          helpers       task: use a helper from the storehouse
BUILDING            5             the building whose character bonuses you receive
FLOOR_BONUS         3             the bonus of that building's character on floor f
DRAW (chance)       K             the tile drawn is of kind k
BAG (chance)        5             the die drawn from the bag is of colour c
ROLL (chance)       6             the die rolls v
CORRUPTION (chance) 3             the corruption token revealed shows v
COST_TILE (chance)  9             the construction cost tile placed is tile i
TOWN_TILE (chance)  8             the town tile placed is tile i
FAIR_TILE (chance)  11            the fair tile placed is tile i
ACTION_TILE (ch.)   6             the action tile placed is action a (variant)
==================  ============  ===================================================
"""

from __future__ import annotations

from towers.core.errors import ActionParseError
from towers.games.tiletum.data import (
    ACTIONS,
    CAT_CONTRACT,
    CAT_HELPER,
    RESOURCES,
    load,
)

DATA = load()

COLOURS = ("yellow", "pink", "light-gray", "dark-gray", "blue")
N_SPOTS = len(DATA.spot_names)
N_TOWNS = len(DATA.towns)
N_CATHEDRALS = len(DATA.cathedrals)
N_KINDS = DATA.n_kinds
N_CHARACTERS = sum(1 for k in DATA.kinds if k.category == 0)
MAX_HOUSE_SPACES = 4
MAX_BONUS_SPACES = 2
N_BUILDINGS = len(DATA.buildings)
N_CRESTS = len(DATA.crest_ids)
CONTRACT_KINDS = tuple(i for i, k in enumerate(DATA.kinds) if k.category == CAT_CONTRACT)
HELPER_KINDS = tuple(i for i, k in enumerate(DATA.kinds) if k.category == CAT_HELPER)
FIRST_CONTRACT = CONTRACT_KINDS[0]
FIRST_HELPER = HELPER_KINDS[0]

ROOMS: tuple[tuple[int, int], ...] = tuple(
    (b, f) for b, bld in enumerate(DATA.buildings) if not bld.occupied for f in range(bld.rooms)
)
"""(building, floor - 1) of each room of the player board, in the order of the room index."""
N_ROOMS = len(ROOMS)

if max(len(t.house_players) for t in DATA.towns) > MAX_HOUSE_SPACES:
    raise ValueError("a town has more house spaces than the action space allows")
if max(len(t.bonus_players) for t in DATA.towns) > MAX_BONUS_SPACES:
    raise ValueError("a town has more bonus spaces than the action space allows")

_SIZES = (
    ("TAKE_DIE", 30),
    ("SET_VALUE", 6),
    ("TAKE_TILE", 1),
    ("SKIP", 1),
    ("SUBSTITUTE", 5),
    ("CHOOSE_ACTION", 5),
    ("GAIN", 5),
    ("PAY", 5),
    ("MOVE_MERCHANT", N_SPOTS),
    ("MOVE_ARCHITECT", N_SPOTS),
    ("HOUSE", N_TOWNS * MAX_HOUSE_SPACES),
    ("PILLAR", N_CATHEDRALS),
    ("MAP_TILE", N_TOWNS * MAX_BONUS_SPACES),
    ("TAKE_CHARACTER", 5),
    ("REFRESH", 1),
    ("PLACE_CHARACTER", N_CHARACTERS * N_ROOMS),
    ("TAKE_CONTRACT", 5),
    ("EXCHANGE", 20),
    ("ADVANCE", 1),
    ("STOP", 1),
    ("END_TURN", 1),
    ("BUY", 4),
    ("FULFIL", len(CONTRACT_KINDS)),
    ("CREST", N_CRESTS * N_BUILDINGS),
    ("CONTRIBUTE", N_CATHEDRALS),
    ("USE_HELPER", len(HELPER_KINDS)),
    ("BUILDING", 5),
    ("FLOOR_BONUS", 3),
    ("DRAW", N_KINDS),
    ("BAG", 5),
    ("ROLL", 6),
    ("CORRUPTION", 3),
    ("COST_TILE", len(DATA.cost_stone)),
    ("TOWN_TILE", len(DATA.town_tiles)),
    ("FAIR_TILE", len(DATA.fair_ids)),
    ("ACTION_TILE", 6),
)

BLOCK_NAMES = tuple(name for name, _ in _SIZES)
BLOCK_START: dict[str, int] = {}
_at = 0
for _block, _size in _SIZES:
    BLOCK_START[_block] = _at
    _at += _size
NUM_ACTIONS = _at
BLOCK_SIZE = dict(_SIZES)

TAKE_DIE = BLOCK_START["TAKE_DIE"]
SET_VALUE = BLOCK_START["SET_VALUE"]
TAKE_TILE = BLOCK_START["TAKE_TILE"]
SKIP = BLOCK_START["SKIP"]
SUBSTITUTE = BLOCK_START["SUBSTITUTE"]
CHOOSE_ACTION = BLOCK_START["CHOOSE_ACTION"]
GAIN = BLOCK_START["GAIN"]
PAY = BLOCK_START["PAY"]
MOVE_MERCHANT = BLOCK_START["MOVE_MERCHANT"]
MOVE_ARCHITECT = BLOCK_START["MOVE_ARCHITECT"]
HOUSE = BLOCK_START["HOUSE"]
PILLAR = BLOCK_START["PILLAR"]
MAP_TILE = BLOCK_START["MAP_TILE"]
TAKE_CHARACTER = BLOCK_START["TAKE_CHARACTER"]
REFRESH = BLOCK_START["REFRESH"]
PLACE_CHARACTER = BLOCK_START["PLACE_CHARACTER"]
TAKE_CONTRACT = BLOCK_START["TAKE_CONTRACT"]
EXCHANGE = BLOCK_START["EXCHANGE"]
ADVANCE = BLOCK_START["ADVANCE"]
STOP = BLOCK_START["STOP"]
END_TURN = BLOCK_START["END_TURN"]
BUY = BLOCK_START["BUY"]
FULFIL = BLOCK_START["FULFIL"]
CREST = BLOCK_START["CREST"]
CONTRIBUTE = BLOCK_START["CONTRIBUTE"]
USE_HELPER = BLOCK_START["USE_HELPER"]
BUILDING = BLOCK_START["BUILDING"]
FLOOR_BONUS = BLOCK_START["FLOOR_BONUS"]
DRAW = BLOCK_START["DRAW"]
BAG = BLOCK_START["BAG"]
ROLL = BLOCK_START["ROLL"]
CORRUPTION = BLOCK_START["CORRUPTION"]
COST_TILE = BLOCK_START["COST_TILE"]
TOWN_TILE = BLOCK_START["TOWN_TILE"]
FAIR_TILE = BLOCK_START["FAIR_TILE"]
ACTION_TILE = BLOCK_START["ACTION_TILE"]
FIRST_CHANCE = DRAW

_BOUNDS = [BLOCK_START[name] for name in BLOCK_NAMES]


def block(action: int) -> tuple[str, int]:
    """The block an action belongs to and its offset within the block."""
    if not 0 <= action < NUM_ACTIONS:
        raise ActionParseError(f"actions are 0 to {NUM_ACTIONS - 1}, not {action}")
    lo, hi = 0, len(_BOUNDS) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _BOUNDS[mid] <= action:
            lo = mid
        else:
            hi = mid - 1
    return BLOCK_NAMES[lo], action - _BOUNDS[lo]


# ---- encoders -----------------------------------------------------------------------------


def take_die(value: int, colour: int) -> int:
    return TAKE_DIE + (value - 1) * 5 + colour


def exchange(give: int, get: int) -> int:
    return EXCHANGE + give * 4 + (get if get < give else get - 1)


def exchange_parts(offset: int) -> tuple[int, int]:
    give, rest = divmod(offset, 4)
    return give, rest if rest < give else rest + 1


def house(town: int, space: int) -> int:
    return HOUSE + town * MAX_HOUSE_SPACES + space


def map_tile(town: int, space: int) -> int:
    return MAP_TILE + town * MAX_BONUS_SPACES + space


def place_character(kind: int, building: int, floor: int) -> int:
    """A character into the room on ``floor`` (1-3) of ``building`` (0-4)."""
    return PLACE_CHARACTER + kind * N_ROOMS + ROOMS.index((building, floor - 1))


def crest(crest_type: int, space: int) -> int:
    return CREST + crest_type * N_BUILDINGS + space


def fulfil(kind: int) -> int:
    return FULFIL + kind - FIRST_CONTRACT


def use_helper(kind: int) -> int:
    return USE_HELPER + kind - FIRST_HELPER


# ---- names ----------------------------------------------------------------------------------


def _name(action: int) -> str:
    name, k = block(action)
    d = DATA
    if name == "TAKE_DIE":
        return f"die {k // 5 + 1} {COLOURS[k % 5]}"
    if name == "SET_VALUE":
        return f"value {k + 1}"
    if name == "TAKE_TILE":
        return "take tile"
    if name == "SKIP":
        return "skip"
    if name == "SUBSTITUTE":
        return f"resources as {RESOURCES[k]}"
    if name == "CHOOSE_ACTION":
        return f"action {ACTIONS[k]}"
    if name == "GAIN":
        return f"gain {RESOURCES[k]}"
    if name == "PAY":
        return f"pay with {RESOURCES[k]}"
    if name == "MOVE_MERCHANT":
        return f"merchant to {d.spot_names[k]}"
    if name == "MOVE_ARCHITECT":
        return f"architect to {d.spot_names[k]}"
    if name == "HOUSE":
        return f"house {d.towns[k // MAX_HOUSE_SPACES].id} {k % MAX_HOUSE_SPACES + 1}"
    if name == "PILLAR":
        return f"pillar {d.towns[d.cathedrals[k].town].id}"
    if name == "MAP_TILE":
        return f"bonus tile {d.towns[k // MAX_BONUS_SPACES].id} {k % MAX_BONUS_SPACES + 1}"
    if name == "TAKE_CHARACTER":
        return f"take character {k + 1}"
    if name == "REFRESH":
        return "refresh characters"
    if name == "PLACE_CHARACTER":
        b, f = ROOMS[k % N_ROOMS]
        return f"place {d.kinds[k // N_ROOMS].id} in building {b + 1} floor {f + 1}"
    if name == "TAKE_CONTRACT":
        return f"take contract {k + 1}"
    if name == "EXCHANGE":
        give, get = exchange_parts(k)
        return f"exchange {RESOURCES[give]} for {RESOURCES[get]}"
    if name == "ADVANCE":
        return "advance king"
    if name == "STOP":
        return "stop action"
    if name == "END_TURN":
        return "end turn"
    if name == "BUY":
        return f"buy {RESOURCES[k + 1]}"
    if name == "FULFIL":
        return f"fulfil {d.kinds[FIRST_CONTRACT + k].id}"
    if name == "CREST":
        return f"crest {d.crest_ids[k // N_BUILDINGS]} on space {k % N_BUILDINGS + 1}"
    if name == "CONTRIBUTE":
        return f"contribute {d.towns[d.cathedrals[k].town].id}"
    if name == "USE_HELPER":
        return f"use {d.kinds[FIRST_HELPER + k].id}"
    if name == "BUILDING":
        return f"building {k + 1}"
    if name == "FLOOR_BONUS":
        return f"bonus of floor {k + 1}"
    if name == "DRAW":
        return f"draw {d.kinds[k].id}"
    if name == "BAG":
        return f"bag {COLOURS[k]}"
    if name == "ROLL":
        return f"roll {k + 1}"
    if name == "CORRUPTION":
        return f"corruption {k}"
    if name == "COST_TILE":
        if k == d.unavailable_cost:
            return f"cost tile {k + 1} unavailable"
        return f"cost tile {k + 1} ({d.cost_stone[k]} stone {d.cost_vp[k]} vp)"
    if name == "TOWN_TILE":
        return f"town tile {d.towns[d.town_tiles[k]].id}"
    if name == "FAIR_TILE":
        return f"fair tile {d.fair_ids[k]}"
    return f"action tile {ACTIONS[k]}"


NAMES: tuple[str, ...] = tuple(_name(a) for a in range(NUM_ACTIONS))
_BY_NAME = {n: a for a, n in enumerate(NAMES)}
if len(_BY_NAME) != NUM_ACTIONS:
    raise ValueError("two Tiletum actions share a name")


def to_string(action: int) -> str:
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ActionParseError(f"no Tiletum action {action!r}; actions are 0 to {NUM_ACTIONS - 1}")
    return NAMES[action]


def from_string(text: str) -> int:
    key = " ".join(text.strip().lower().split())
    if key in _BY_NAME:
        return _BY_NAME[key]
    raise ActionParseError(
        f"{text!r} names no Tiletum action; try 'die 3 yellow', 'value 4', 'merchant to paris', "
        f"'house paris 1', 'buy iron', 'end turn'"
    )
