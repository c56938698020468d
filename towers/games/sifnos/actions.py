"""The Towers of Sifnos action space: every action is one int, the same int in every state.

Each kind is declared once on the core :class:`~towers.core.actions.ActionSpace`; the ints run
kind after kind in the order below. Parameters index the data of
:mod:`towers.games.sifnos.data`: ``card`` the 108 Cards, ``region`` the 19 Regions, ``space``
the Tower spaces, ``province`` the Provinces, ``slot`` the twelve Fort and Beacon spaces of a
Player Board, ``building space`` the Buildings' Dice spaces.

Moves name things as players call them, never by a data id: a Card by its name (``place Lead
Card: adjust a Die``), a Region or Province by its name (``soldier to Agia Marina``), a Tower
space by its Region's corner (``jar on Troulaki north-west``), a printed effect by its name
(``use Place a Card``), a Building space by its Building (``build 3 on Gate left 1``), a Fort
or Beacon space by its row and column (``take Fort row 1 column 3``). Texts
written with the ids, as earlier releases did (``place L06``), are still read:
:data:`OLD_WORDS`.

One kind may answer several pending decisions (``done`` ends an action column or declines an
optional effect; ``use <card>`` uses a placed Card's effect or a triggered one): the decision
on top of the stack says which.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from towers.core.actions import Action, ActionSpace, Domain
from towers.games.sifnos.data import FORT_FACES, IMAGES, MAJORS, MINERALS, load

DATA = load()

CARD = Domain.of("card", (c.name for c in DATA.cards))
REGION = Domain.of("region", (r.name for r in DATA.regions))
SPACE_ = Domain.of("tower space", (s.name for s in DATA.spaces))
PROVINCE = Domain.of("province", (p.name for p in DATA.provinces))
LARGE = Domain.of("province", (DATA.provinces[p].name for p in DATA.large))
PRINTED = Domain.of("printed effect", (p.name for p in DATA.printed))
MAJOR = Domain.of("major action", MAJORS)
MINERAL = Domain.of("mineral", MINERALS)
IMAGE = Domain.of("image", IMAGES)
VALUE = Domain.of("value", ("1", "2", "3", "4", "5", "6"))
WHERE = Domain.of("dice", ("supply", "workshop"))
DIRECTION = Domain.of("direction", ("down", "up"))
SLOT_NAMES = tuple(
    f"{p.kind.capitalize()} row {p.row + 1} column {p.column + 1}" for p in DATA.pieces
)
"""``Fort row 1 column 3``: a Fort or Beacon space of the Player Board, where it is."""
SLOT = Domain.of("slot", SLOT_NAMES)
BUILDING_SPACE = Domain.of("building space", (s.name for s in DATA.building_spaces))
TILE = Domain.of("scoring tile", (t.id for t in DATA.tiles))
QUEUE = Domain.numbered("ship space", 4)
FROM = Domain.of("from", [*(r.name for r in DATA.regions), "barracks"])
TO = Domain.of("to", [*(r.name for r in DATA.regions), "supply"])
SHIP = Domain.of("ship", (*MINERALS, "ally"))
FORT_WORDS = {
    "any_influence": "any 1 Influence",
    "draw_card": "draw 1 Card",
    "move_soldier": "move 1 Soldier",
}
"""The Fort faces as the rulebook words them (rulebook: Forts)."""
FORT_FACE = Domain.of("fort", (FORT_WORDS[f] for f in FORT_FACES))
AID = Domain.numbered("setup aid", len(DATA.setup_aids))
SCHEME = Domain.numbered("scheme", len(DATA.schemes))

OLD_WORDS: dict[str, str] = {
    **{c.id.lower(): c.name for c in DATA.cards},
    **{r.id: r.name for r in DATA.regions},
    **{p.id: p.name for p in DATA.provinces},
    **{s.id: s.name for s in DATA.spaces},
    **{p.id: p.name for p in DATA.printed},
    **{s.id: s.name for s in DATA.building_spaces},
    **FORT_WORDS,
    **{f"r{p.row + 1}c{p.column + 1}": SLOT_NAMES[p.index] for p in DATA.pieces},
}
"""An id, as moves wrote it before they used names (``l06``, ``agia_marina``, ``t01``,
``place_card``, ``r1c3``), to the name that replaces it: :meth:`SifnosState.string_to_action` reads
old texts through it. A Region and its Province share an id only where they share a name."""

BARRACKS = len(DATA.regions)
"""``MoveSoldier.frm`` for a Soldier leaving the Barracks."""
SUPPLY = len(DATA.regions)
"""``MoveSoldier.to`` for a Soldier going to the Supply."""


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End the action column, or decline what is offered."""

    TEXT = "done"


@dataclass(frozen=True, slots=True)
class UsePrinted(Action):
    """Use an effect printed on the Player Board's column."""

    TEXT = "use {effect}"
    effect: Annotated[int, PRINTED]


@dataclass(frozen=True, slots=True)
class UseCard(Action):
    """Use the effect of a Card placed above the column (or one that a trigger offers)."""

    TEXT = "use {card}"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class Major(Action):
    """Choose the next major action (Invest, Construct or Muster)."""

    TEXT = "{major}"
    major: Annotated[int, MAJOR]


@dataclass(frozen=True, slots=True)
class PlaceCard(Action):
    """Place a Card from hand above the Player Board (its price follows)."""

    TEXT = "place {card}"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class Discard(Action):
    TEXT = "discard {card}"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Add a Card from hand to an opponent's hand (the price of their Fort, Tower or Soldier)."""

    TEXT = "give {card}"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class Adjust(Action):
    """Increase or decrease a Die of your Supply or Workshop by 1 (no wrapping)."""

    TEXT = "adjust {where} {value} {direction}"
    where: Annotated[int, WHERE]
    value: Annotated[int, VALUE]
    direction: Annotated[int, DIRECTION]

    @classmethod
    def allows(cls, where: int, value: int, direction: int) -> bool:
        return not (value == 0 and direction == 0) and not (value == 5 and direction == 1)


@dataclass(frozen=True, slots=True)
class PlaceDie(Action):
    """Invest: a Die of this value from your Supply into the Region."""

    TEXT = "die {value} in {region}"
    region: Annotated[int, REGION]
    value: Annotated[int, VALUE]


@dataclass(frozen=True, slots=True)
class PlaceTower(Action):
    """Construct: a Tower of this image from your Supply on the Tower space."""

    TEXT = "{image} on {space}"
    space: Annotated[int, SPACE_]
    image: Annotated[int, IMAGE]


@dataclass(frozen=True, slots=True)
class PlaceSoldier(Action):
    TEXT = "soldier to {region}"
    region: Annotated[int, REGION]


@dataclass(frozen=True, slots=True)
class MoveSoldier(Action):
    """Barracks to Supply, or a Region to an adjacent Region."""

    TEXT = "move {frm} to {to}"
    frm: Annotated[int, FROM]
    to: Annotated[int, TO]

    @classmethod
    def allows(cls, frm: int, to: int) -> bool:
        if frm == BARRACKS or to == SUPPLY:
            return frm == BARRACKS and to == SUPPLY
        return to in DATA.regions[frm].adjacent


@dataclass(frozen=True, slots=True)
class FortIn(Action):
    """A Fort into the Region (Muster: removing your Soldier there first)."""

    TEXT = "fort in {region}"
    region: Annotated[int, REGION]


@dataclass(frozen=True, slots=True)
class TakePiece(Action):
    """Take this Fort or Beacon from your Player Board."""

    TEXT = "take {slot}"
    slot: Annotated[int, SLOT]


@dataclass(frozen=True, slots=True)
class BeaconOn(Action):
    TEXT = "beacon on {space}"
    space: Annotated[int, SPACE_]


@dataclass(frozen=True, slots=True)
class MoveShip(Action):
    """Move the Ship on this space of the Province clockwise to the next Province with room."""

    TEXT = "sail {province} {place}"
    province: Annotated[int, LARGE]
    place: Annotated[int, QUEUE]


@dataclass(frozen=True, slots=True)
class Influence(Action):
    TEXT = "{mineral} influence"
    mineral: Annotated[int, MINERAL]


@dataclass(frozen=True, slots=True)
class TakeFaceUp(Action):
    """The third space: a face-up Card from the Main Board, placed free."""

    TEXT = "take {card}"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class TakeTile(Action):
    TEXT = "tile {tile}"
    tile: Annotated[int, TILE]


@dataclass(frozen=True, slots=True)
class TentIn(Action):
    TEXT = "tent in {province}"
    province: Annotated[int, PROVINCE]


@dataclass(frozen=True, slots=True)
class Build(Action):
    """A Workshop Die of this value onto the Building's space."""

    TEXT = "build {value} on {space}"
    space: Annotated[int, BUILDING_SPACE]
    value: Annotated[int, VALUE]


# ---- chance outcomes ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    CHANCE = True
    TEXT = "draw {card}"
    card: Annotated[int, CARD]


@dataclass(frozen=True, slots=True)
class RollDie(Action):
    CHANCE = True
    TEXT = "roll {value}"
    value: Annotated[int, VALUE]


@dataclass(frozen=True, slots=True)
class DrawTower(Action):
    CHANCE = True
    TEXT = "draw {image} tower"
    image: Annotated[int, IMAGE]


@dataclass(frozen=True, slots=True)
class DrawShip(Action):
    CHANCE = True
    TEXT = "draw {ship} ship"
    ship: Annotated[int, SHIP]


@dataclass(frozen=True, slots=True)
class DrawTile(Action):
    CHANCE = True
    TEXT = "draw tile {tile}"
    tile: Annotated[int, TILE]


@dataclass(frozen=True, slots=True)
class DrawMarker(Action):
    CHANCE = True
    TEXT = "draw {mineral} marker"
    mineral: Annotated[int, MINERAL]


@dataclass(frozen=True, slots=True)
class DealAid(Action):
    CHANCE = True
    TEXT = "deal aid {aid}"
    aid: Annotated[int, AID]


@dataclass(frozen=True, slots=True)
class DealFort(Action):
    CHANCE = True
    TEXT = "deal fort {fort}"
    fort: Annotated[int, FORT_FACE]


@dataclass(frozen=True, slots=True)
class DealBeacon(Action):
    CHANCE = True
    TEXT = "deal {mineral} beacon"
    mineral: Annotated[int, MINERAL]


@dataclass(frozen=True, slots=True)
class DrawScheme(Action):
    CHANCE = True
    TEXT = "reveal scheme {scheme}"
    scheme: Annotated[int, SCHEME]


SPACE = ActionSpace(
    "sifnos",
    [
        Done, UsePrinted, UseCard, Major, PlaceCard, Discard, Give, Adjust, PlaceDie, PlaceTower,
        PlaceSoldier, MoveSoldier, FortIn, TakePiece, BeaconOn, MoveShip, Influence, TakeFaceUp,
        TakeTile, TentIn, Build,
        DrawCard, RollDie, DrawTower, DrawShip, DrawTile, DrawMarker, DealAid, DealFort,
        DealBeacon, DrawScheme,
    ],
    examples=["done", "invest", "place Lead Card: adjust a Die", "die 2 in Troulaki"],
)  # fmt: skip

DONE = SPACE.encode(Done())


def encode(value: Action) -> int:
    return SPACE.encode(value)


A_MAJOR = SPACE.base(Major)
A_DISCARD = SPACE.base(Discard)
A_GIVE = SPACE.base(Give)
A_PLACE_CARD = SPACE.base(PlaceCard)
A_INFLUENCE = SPACE.base(Influence)
A_USE_CARD = SPACE.base(UseCard)
A_USE_PRINTED = SPACE.base(UsePrinted)
A_BEACON_ON = SPACE.base(BeaconOn)
A_TAKE_FACE_UP = SPACE.base(TakeFaceUp)
A_TAKE_TILE = SPACE.base(TakeTile)
A_TENT_IN = SPACE.base(TentIn)
A_FORT_IN = SPACE.base(FortIn)
A_PLACE_DIE = SPACE.base(PlaceDie)
A_PLACE_TOWER = SPACE.base(PlaceTower)
A_PLACE_SOLDIER = SPACE.base(PlaceSoldier)
A_MOVE_SHIP = SPACE.base(MoveShip)
A_TAKE_PIECE = SPACE.base(TakePiece)
A_BUILD = SPACE.base(Build)
N_IMAGES = len(IMAGES)
A_ADJUST = {
    (w, v, d): SPACE.encode(Adjust(where=w, value=v, direction=d))
    for w in range(2) for v in range(6) for d in range(2) if Adjust.allows(w, v, d)
}  # fmt: skip
A_MOVE_SOLDIER = {
    (a, b): SPACE.encode(MoveSoldier(frm=a, to=b))
    for a in range(len(DATA.regions) + 1) for b in range(len(DATA.regions) + 1)
    if MoveSoldier.allows(a, b)
}  # fmt: skip
"""Action ints built by arithmetic or a table in the move generators (the same declaration:
a test holds them to ``SPACE.encode``)."""
