"""The Tiletum action space: every action is one int, the same int in every state.

Each kind of action is declared once below, as a frozen value on the core
:class:`~towers.core.actions.ActionSpace`; the space gives the ints (kinds in the order
declared, the first parameter varying slowest), the names players type and the values the
rules dispatch on. Domains come from the data files (spots of the map, towns, cathedrals,
tile kinds). ``SPACE.describe()`` lists every kind with how it is written and its size;
docs/games/tiletum.md has the table.

>>> SPACE.name(take_die(3, 0)), SPACE.decode(take_die(3, 0))
('die 3 yellow', TakeDie(value=2, colour=0))
>>> SPACE.parse("exchange food for iron") == exchange(1, 4)
True

Things are named as players read them, not by the data's ids: towns and road spaces
(``merchant to Tiletum-Paris road``), tiles by their names (``use +2 action points``,
``place Smith (1 iron) in building 1 floor 1``), dice colours as printed (``die 2 light
gray``). The ids, which earlier releases wrote, are still read (:func:`from_string`):

>>> from_string("use add-ap-2") == from_string("use +2 action points")
True

Values are indices: ``TakeDie(value=2)`` is the die showing 3, ``Buy(resource=4)`` buys
iron (``RESOURCES[4]``), ``Fulfil(tile=k)`` and ``UseHelper(tile=k)`` name the tile kind
``k``. The ints of a few kinds are built by arithmetic in hot paths: the constants below
(``TAKE_DIE = SPACE.base(TakeDie)``, ...) and the encoders (``take_die``, ``house``...).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated

from towers.core.actions import Action, ActionSpace, Domain
from towers.core.errors import ActionParseError
from towers.games.tiletum.data import (
    ACTIONS,
    CAT_CHARACTER,
    CAT_CONTRACT,
    CAT_HELPER,
    GOLD,
    RESOURCES,
    load,
)

DATA = load()

COLOURS = ("yellow", "pink", "light-gray", "dark-gray", "blue")
"""The dice colours as the observation and the board's elements write them (ids)."""
COLOUR_NAMES = DATA.colour_names
"""The dice colours as printed ("light gray"), what moves and views say."""
N_SPOTS = len(DATA.spot_names)
N_TOWNS = len(DATA.towns)
N_CATHEDRALS = len(DATA.cathedrals)
N_KINDS = DATA.n_kinds
N_CHARACTERS = sum(1 for k in DATA.kinds if k.category == CAT_CHARACTER)
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
if any(k.category == CAT_CHARACTER for k in DATA.kinds[N_CHARACTERS:]):
    raise ValueError("the characters must be the first tile kinds (a character is its kind)")

# ---- domains --------------------------------------------------------------------------------
VALUE_DOMAIN = Domain.numbered("value", 6)
COLOUR_DOMAIN = Domain.of("colour", COLOUR_NAMES)
RESOURCE_DOMAIN = Domain.of("resource", RESOURCES)
ACTION_DOMAIN = Domain.of("action", ACTIONS[:5])
SPOT_DOMAIN = Domain.of("spot", DATA.spot_names)
TOWN_DOMAIN = Domain.of("town", (t.name for t in DATA.towns))
HOUSE_SPACE_DOMAIN = Domain.numbered("house space", MAX_HOUSE_SPACES)
BONUS_SPACE_DOMAIN = Domain.numbered("bonus space", MAX_BONUS_SPACES)
CATHEDRAL_DOMAIN = Domain.of("cathedral", (DATA.towns[c.town].name for c in DATA.cathedrals))
OFFER_SPACE_DOMAIN = Domain.numbered("offer space", 5)
CHARACTER_DOMAIN = Domain.of("character", (k.name for k in DATA.kinds[:N_CHARACTERS]))
ROOM_DOMAIN = Domain.of("room", (f"building {b + 1} floor {f + 1}" for b, f in ROOMS))
TILE_DOMAIN = Domain.of("tile", (k.name for k in DATA.kinds))
CREST_DOMAIN = Domain.of("crest", DATA.crest_names)
CREST_SPACE_DOMAIN = Domain.numbered("crest space", N_BUILDINGS)
BUILDING_DOMAIN = Domain.numbered("building", 5)
FLOOR_DOMAIN = Domain.numbered("floor", 3)
CORRUPTION_DOMAIN = Domain.numbered("corruption", 3, first=0)
COST_TILE_DOMAIN = Domain.of(
    "cost tile",
    (
        f"{i + 1} unavailable"
        if i == DATA.unavailable_cost
        else f"{i + 1} ({DATA.cost_stone[i]} stone {DATA.cost_vp[i]} vp)"
        for i in range(len(DATA.cost_stone))
    ),
)
TOWN_TILE_DOMAIN = Domain.of("town tile", (DATA.towns[t].name for t in DATA.town_tiles))
FAIR_TILE_DOMAIN = Domain.of("fair tile", DATA.fair_names)
ACTION_TILE_DOMAIN = Domain.of("action tile", ACTIONS)


# ---- the kinds, in the order of their ints ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class TakeDie(Action):
    """Take a die from the Action Wheel (Action phase)."""

    TEXT = "die {value} {colour}"
    value: Annotated[int, VALUE_DOMAIN]
    colour: Annotated[int, COLOUR_DOMAIN]


@dataclass(frozen=True, slots=True)
class SetValue(Action):
    """The chosen die's value (2 gold a step, 6 next to 1)."""

    TEXT = "value {value}"
    value: Annotated[int, VALUE_DOMAIN]


@dataclass(frozen=True, slots=True)
class TakeTile(Action):
    """Take the offered bonus tile (the action's or the King's)."""

    TEXT = "take tile"


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Decline: leave a tile, a move, a bonus."""

    TEXT = "skip"


@dataclass(frozen=True, slots=True)
class Substitute(Action):
    """Substitute helper: take the die's resources as this type."""

    TEXT = "resources as {resource}"
    resource: Annotated[int, RESOURCE_DOMAIN]


@dataclass(frozen=True, slots=True)
class ChooseAction(Action):
    """An action: for the joker, an "any action" helper, a completed building."""

    TEXT = "action {action}"
    action: Annotated[int, ACTION_DOMAIN]


@dataclass(frozen=True, slots=True)
class Gain(Action):
    """Gain one resource of your choice."""

    TEXT = "gain {resource}"
    resource: Annotated[int, RESOURCE_DOMAIN]


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Pay a contract's identical resources with this type."""

    TEXT = "pay with {resource}"
    resource: Annotated[int, RESOURCE_DOMAIN]


@dataclass(frozen=True, slots=True)
class MoveMerchant(Action):
    TEXT = "merchant to {spot}"
    spot: Annotated[int, SPOT_DOMAIN]


@dataclass(frozen=True, slots=True)
class MoveArchitect(Action):
    TEXT = "architect to {spot}"
    spot: Annotated[int, SPOT_DOMAIN]


@dataclass(frozen=True, slots=True)
class PlaceHouse(Action):
    """A house on a town's house space."""

    TEXT = "house {town} {space}"
    town: Annotated[int, TOWN_DOMAIN]
    space: Annotated[int, HOUSE_SPACE_DOMAIN]


@dataclass(frozen=True, slots=True)
class PlacePillar(Action):
    """A pillar at a cathedral."""

    TEXT = "pillar {cathedral}"
    cathedral: Annotated[int, CATHEDRAL_DOMAIN]


@dataclass(frozen=True, slots=True)
class TakeBonusTile(Action):
    """The bonus tile on a town's bonus space."""

    TEXT = "bonus tile {town} {space}"
    town: Annotated[int, TOWN_DOMAIN]
    space: Annotated[int, BONUS_SPACE_DOMAIN]


@dataclass(frozen=True, slots=True)
class TakeCharacter(Action):
    """A character from the offer (1 AP)."""

    TEXT = "take character {space}"
    space: Annotated[int, OFFER_SPACE_DOMAIN]


@dataclass(frozen=True, slots=True)
class RefreshCharacters(Action):
    """Discard and refill the character offer (1 AP)."""

    TEXT = "refresh characters"


@dataclass(frozen=True, slots=True)
class PlaceCharacter(Action):
    """A character from the storehouse into a room (its floor in AP)."""

    TEXT = "place {character} in {room}"
    character: Annotated[int, CHARACTER_DOMAIN]
    room: Annotated[int, ROOM_DOMAIN]


@dataclass(frozen=True, slots=True)
class TakeContract(Action):
    """A contract from the offer (its space's AP)."""

    TEXT = "take contract {space}"
    space: Annotated[int, OFFER_SPACE_DOMAIN]


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """One resource for a different one (1 AP)."""

    TEXT = "exchange {give} for {get}"
    give: Annotated[int, RESOURCE_DOMAIN]
    get: Annotated[int, RESOURCE_DOMAIN]

    @classmethod
    def allows(cls, *values: int) -> bool:
        give, get = values
        return give != get


@dataclass(frozen=True, slots=True)
class AdvanceKing(Action):
    """One King track space (1 AP)."""

    TEXT = "advance king"


@dataclass(frozen=True, slots=True)
class StopAction(Action):
    """End an action given by a tile or a bonus."""

    TEXT = "stop action"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    TEXT = "end turn"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Task: 2 gold for one food, wool, stone or iron."""

    TEXT = "buy {resource}"
    resource: Annotated[int, RESOURCE_DOMAIN]

    @classmethod
    def allows(cls, *values: int) -> bool:
        return values[0] != GOLD


@dataclass(frozen=True, slots=True)
class Fulfil(Action):
    """Task: fulfil a contract from the storehouse."""

    TEXT = "fulfil {tile}"
    tile: Annotated[int, TILE_DOMAIN]

    @classmethod
    def allows(cls, *values: int) -> bool:
        return DATA.kinds[values[0]].category == CAT_CONTRACT


@dataclass(frozen=True, slots=True)
class PlaceCrest(Action):
    """Task: a crest onto a crest space."""

    TEXT = "crest {crest} on space {space}"
    crest: Annotated[int, CREST_DOMAIN]
    space: Annotated[int, CREST_SPACE_DOMAIN]


@dataclass(frozen=True, slots=True)
class Contribute(Action):
    """Task: contribute to a cathedral."""

    TEXT = "contribute {cathedral}"
    cathedral: Annotated[int, CATHEDRAL_DOMAIN]


@dataclass(frozen=True, slots=True)
class UseHelper(Action):
    """Task: use a helper from the storehouse."""

    TEXT = "use {tile}"
    tile: Annotated[int, TILE_DOMAIN]

    @classmethod
    def allows(cls, *values: int) -> bool:
        return DATA.kinds[values[0]].category == CAT_HELPER


@dataclass(frozen=True, slots=True)
class ChooseBuilding(Action):
    """The building whose character bonuses you receive."""

    TEXT = "building {building}"
    building: Annotated[int, BUILDING_DOMAIN]


@dataclass(frozen=True, slots=True)
class FloorBonus(Action):
    """The bonus of the chosen building's character on a floor."""

    TEXT = "bonus of floor {floor}"
    floor: Annotated[int, FLOOR_DOMAIN]


@dataclass(frozen=True, slots=True)
class DrawTile(Action):
    """Chance: the tile drawn is of this kind."""

    TEXT = "draw {tile}"
    CHANCE = True
    tile: Annotated[int, TILE_DOMAIN]


@dataclass(frozen=True, slots=True)
class DrawDie(Action):
    """Chance: the die drawn from the bag is of this colour."""

    TEXT = "bag {colour}"
    CHANCE = True
    colour: Annotated[int, COLOUR_DOMAIN]


@dataclass(frozen=True, slots=True)
class RollDie(Action):
    """Chance: the die rolls this value."""

    TEXT = "roll {value}"
    CHANCE = True
    value: Annotated[int, VALUE_DOMAIN]


@dataclass(frozen=True, slots=True)
class RevealCorruption(Action):
    """Chance: the corruption token revealed shows this value."""

    TEXT = "corruption {value}"
    CHANCE = True
    value: Annotated[int, CORRUPTION_DOMAIN]


@dataclass(frozen=True, slots=True)
class PlaceCostTile(Action):
    """Chance: the construction cost tile placed."""

    TEXT = "cost tile {tile}"
    CHANCE = True
    tile: Annotated[int, COST_TILE_DOMAIN]


@dataclass(frozen=True, slots=True)
class PlaceTownTile(Action):
    """Chance: the town tile placed (index into the data's town tiles)."""

    TEXT = "town tile {tile}"
    CHANCE = True
    tile: Annotated[int, TOWN_TILE_DOMAIN]


@dataclass(frozen=True, slots=True)
class PlaceFairTile(Action):
    """Chance: the fair tile placed."""

    TEXT = "fair tile {tile}"
    CHANCE = True
    tile: Annotated[int, FAIR_TILE_DOMAIN]


@dataclass(frozen=True, slots=True)
class PlaceActionTile(Action):
    """Chance (action tiles variant): the action tile placed on the next wheel space."""

    TEXT = "action tile {action}"
    CHANCE = True
    action: Annotated[int, ACTION_TILE_DOMAIN]


KINDS: tuple[type[Action], ...] = (
    TakeDie,
    SetValue,
    TakeTile,
    Skip,
    Substitute,
    ChooseAction,
    Gain,
    Pay,
    MoveMerchant,
    MoveArchitect,
    PlaceHouse,
    PlacePillar,
    TakeBonusTile,
    TakeCharacter,
    RefreshCharacters,
    PlaceCharacter,
    TakeContract,
    Exchange,
    AdvanceKing,
    StopAction,
    EndTurn,
    Buy,
    Fulfil,
    PlaceCrest,
    Contribute,
    UseHelper,
    ChooseBuilding,
    FloorBonus,
    DrawTile,
    DrawDie,
    RollDie,
    RevealCorruption,
    PlaceCostTile,
    PlaceTownTile,
    PlaceFairTile,
    PlaceActionTile,
)
TASKS: tuple[type[Action], ...] = (Buy, Fulfil, PlaceCrest, Contribute, UseHelper)

SPACE = ActionSpace(
    "Tiletum",
    KINDS,
    examples=(
        "die 3 yellow",
        "value 4",
        "merchant to Paris",
        "house Paris 1",
        "buy iron",
        "end turn",
    ),
)
NUM_ACTIONS = SPACE.size
VALUES: list[Action] = SPACE.values
"""The value of every int: ``VALUES[a]`` decodes in one step."""
NAMES: tuple[str, ...] = tuple(SPACE.names)

# ---- ints, for hot paths and tests ----------------------------------------------------------
TAKE_DIE = SPACE.base(TakeDie)
SET_VALUE = SPACE.base(SetValue)
TAKE_TILE = SPACE.base(TakeTile)
SKIP = SPACE.base(Skip)
SUBSTITUTE = SPACE.base(Substitute)
CHOOSE_ACTION = SPACE.base(ChooseAction)
GAIN = SPACE.base(Gain)
PAY = SPACE.base(Pay)
MOVE_MERCHANT = SPACE.base(MoveMerchant)
MOVE_ARCHITECT = SPACE.base(MoveArchitect)
HOUSE = SPACE.base(PlaceHouse)
PILLAR = SPACE.base(PlacePillar)
MAP_TILE = SPACE.base(TakeBonusTile)
TAKE_CHARACTER = SPACE.base(TakeCharacter)
REFRESH = SPACE.base(RefreshCharacters)
PLACE_CHARACTER = SPACE.base(PlaceCharacter)
TAKE_CONTRACT = SPACE.base(TakeContract)
EXCHANGE = SPACE.base(Exchange)
ADVANCE = SPACE.base(AdvanceKing)
STOP = SPACE.base(StopAction)
END_TURN = SPACE.base(EndTurn)
BUY = SPACE.base(Buy)
FULFIL = SPACE.base(Fulfil)
CREST = SPACE.base(PlaceCrest)
CONTRIBUTE = SPACE.base(Contribute)
USE_HELPER = SPACE.base(UseHelper)
BUILDING = SPACE.base(ChooseBuilding)
FLOOR_BONUS = SPACE.base(FloorBonus)
DRAW = SPACE.base(DrawTile)
BAG = SPACE.base(DrawDie)
ROLL = SPACE.base(RollDie)
CORRUPTION = SPACE.base(RevealCorruption)
COST_TILE = SPACE.base(PlaceCostTile)
TOWN_TILE = SPACE.base(PlaceTownTile)
FAIR_TILE = SPACE.base(PlaceFairTile)
ACTION_TILE = SPACE.base(PlaceActionTile)
FIRST_CHANCE = DRAW
FIRST_TASK = BUY
"""The tasks' ints run from BUY up to (not including) the building bonus."""

# ---- encoders -----------------------------------------------------------------------------


def take_die(value: int, colour: int) -> int:
    """The die showing ``value`` (1-6) of ``colour``."""
    return TAKE_DIE + (value - 1) * 5 + colour


def exchange(give: int, get: int) -> int:
    return EXCHANGE + give * 4 + (get if get < give else get - 1)


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


def to_string(action: int) -> str:
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise ActionParseError(f"no Tiletum action {action!r}; actions are 0 to {NUM_ACTIONS - 1}")
    return NAMES[action]


def from_string(text: str) -> int:
    """The action ``text`` names; it may also name things by the ids earlier releases wrote
    (``use add-ap-2``, ``merchant to tiletum-paris-1``, ``die 3 light-gray``)."""
    try:
        return SPACE.parse(text)
    except ActionParseError:
        found = _old_names().get(" ".join(text.lower().split())) if isinstance(text, str) else None
        if found is None:
            raise
        return found


OLD_WORDS: dict[Domain, tuple[str, ...]] = {
    COLOUR_DOMAIN: COLOURS,
    SPOT_DOMAIN: DATA.spot_ids,
    TOWN_DOMAIN: tuple(t.id for t in DATA.towns),
    CATHEDRAL_DOMAIN: tuple(DATA.towns[c.town].id for c in DATA.cathedrals),
    CHARACTER_DOMAIN: tuple(k.id for k in DATA.kinds[:N_CHARACTERS]),
    TILE_DOMAIN: tuple(k.id for k in DATA.kinds),
    CREST_DOMAIN: DATA.crest_ids,
    TOWN_TILE_DOMAIN: tuple(DATA.towns[t].id for t in DATA.town_tiles),
    FAIR_TILE_DOMAIN: DATA.fair_ids,
}
"""The words of the domains that moves wrote by the data's ids before they used names."""


@cache
def _old_names() -> dict[str, int]:
    """Every action of a kind that names a component, as earlier releases wrote it (lower
    case, by ids): a saved game's moves and a player's habits keep working."""
    found: dict[str, int] = {}
    for kind in SPACE.kinds:
        if not any(d in OLD_WORDS for d in kind.domains):
            continue
        for a in SPACE.ints(kind.cls):
            value = VALUES[a]
            words = {
                p: OLD_WORDS.get(d, d.words)[getattr(value, p)]
                for p, d in zip(kind.params, kind.domains, strict=True)
            }
            found[" ".join(kind.cls.TEXT.format(**words).lower().split())] = a
    return found
