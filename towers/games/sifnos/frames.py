"""Towers of Sifnos's pending decisions and steps (frames of the decision stack).

A frame with ``seat`` is decided by that seat, who may not be the player whose turn it is (the
Influence leader's Soldier move during an invasion). Frames named as steps (``Defend``,
``Recoup``, ``Sail``, ``EndTurn``...) hold no decision: the rules settle them as soon as they
reach the top. Chance frames (``Draw``, ``Roll``, ``TowerDraw``, ``ShipDraw`` and the setup
draws) make the state a chance node while they are on top.

Fields hold indices into :mod:`towers.games.sifnos.data`: ``region``, ``province`` (a large
Province's place in clockwise order for Ships), ``card``; a ``side`` is a seat or, in the solo
games, the Scheme-driven opponent (the side after the last seat).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from towers.core.frames import Frame, FrameKinds

_F = TypeVar("_F", bound=Frame)

ACTIVE = -2
"""``Soldiers.region``: a Soldier may be placed in the Active Region (or centrally)."""
ANYWHERE = -3
"""``Soldiers.region``: in any Region without a Soldier (the Scoring Tile)."""


# ---- a turn's steps ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Prepare(Frame):
    """Prepare: use the column's effects, each once, then done."""

    seat: int


@dataclass(frozen=True, slots=True)
class Majors(Frame):
    """Choose the next of up to two major actions, or end them."""

    seat: int


@dataclass(frozen=True, slots=True)
class Column(Frame):
    """A major action under way: use its column's effects, each once, then done."""

    seat: int
    major: int
    """0 Invest, 1 Construct, 2 Muster."""


@dataclass(frozen=True, slots=True)
class Defend(Frame):
    """Defend: an invasion if a Province holds 3 Dice, then the Workshop Dice (a step)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Invasion(Frame):
    """The invasion's Might, its winner's rewards and the others' cards (a step)."""

    seat: int
    province: int


@dataclass(frozen=True, slots=True)
class Workshop(Frame):
    """Place the Workshop Dice onto Buildings while one fits."""

    seat: int


@dataclass(frozen=True, slots=True)
class Recoup(Frame):
    """Recoup: draw back Dice and Towers, draw Cards (a step)."""

    seat: int


@dataclass(frozen=True, slots=True)
class RecoupChoice(Frame):
    """Recoup's Cards with a price (discard to draw 2), each once, then done."""

    seat: int


@dataclass(frozen=True, slots=True)
class Sail(Frame):
    """After an invasion: the Province's Ships sail away one by one, then a Ship is drawn."""

    province: int


@dataclass(frozen=True, slots=True)
class EndTurn(Frame):
    seat: int


@dataclass(frozen=True, slots=True)
class GameEnd(Frame):
    """The game has ended: Workshop Dice placed from the ender on, then the final scoring."""


# ---- the parts of an effect -----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pay(Frame):
    """Discard ``need`` cards of ``mineral`` (-1: any), any two standing for one;
    ``half``: one card of such a pair is already discarded."""

    seat: int
    mineral: int
    need: int
    half: bool


@dataclass(frozen=True, slots=True)
class GiveCards(Frame):
    """Give ``n`` cards from hand to ``to`` (an opponent's Fort, Tower or Soldier)."""

    seat: int
    to: int
    n: int


@dataclass(frozen=True, slots=True)
class Placement(Frame):
    """Choose a Card from hand to place above the Player Board; ``free``: at no cost."""

    seat: int
    free: bool


@dataclass(frozen=True, slots=True)
class AdjustDice(Frame):
    """Adjust a Die by 1, ``n`` times more at most."""

    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class Soldiers(Frame):
    """Move up to ``moves`` Soldiers, or place one (``place``), or remove one to place a Fort
    (``fort``); the first choice rules out the others. ``region``: where a placed Soldier
    may go besides the central Region (a Region, ACTIVE or ANYWHERE)."""

    seat: int
    moves: int
    place: bool
    fort: bool
    region: int


@dataclass(frozen=True, slots=True)
class ShipChoice(Frame):
    """Move a Ship clockwise, or decline."""

    seat: int


@dataclass(frozen=True, slots=True)
class InfluenceChoice(Frame):
    """Gain ``n`` Influence, each of a mineral of your choice."""

    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class Gain(Frame):
    """Gain ``n`` Influence of ``mineral``, one space at a time (each space's effect at once)."""

    seat: int
    mineral: int
    n: int


@dataclass(frozen=True, slots=True)
class Trigger(Frame):
    """``event`` happened: the column's Cards it triggers resolve (a step)."""

    seat: int
    event: str
    region: int


@dataclass(frozen=True, slots=True)
class Triggered(Frame):
    """The optional effects ``event`` triggered: use one, or decline the rest."""

    seat: int
    event: str
    region: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BeaconChoice(Frame):
    """A fourth Tower around ``region``: take a Beacon from the board, or decline."""

    seat: int
    region: int


@dataclass(frozen=True, slots=True)
class BeaconPlace(Frame):
    """Put the Beacon just taken on one of your uncovered Towers without one, around
    ``region`` (-1: anywhere, the Scoring Tile)."""

    seat: int
    region: int


@dataclass(frozen=True, slots=True)
class FortChoice(Frame):
    """Take the Fort to place in ``region``."""

    seat: int
    region: int


@dataclass(frozen=True, slots=True)
class FaceUp(Frame):
    """The third space: take a face-up Card."""

    seat: int


@dataclass(frozen=True, slots=True)
class TileChoice(Frame):
    """The fifth space: claim a Scoring Tile."""

    seat: int


@dataclass(frozen=True, slots=True)
class TentChoice(Frame):
    """A Tent in a Province of your choice."""

    seat: int


@dataclass(frozen=True, slots=True)
class FortAnywhere(Frame):
    """A Fort in any Region without one."""

    seat: int


# ---- chance --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Draw(Frame):
    """Draw ``n`` Cards for ``seat`` (-1: face up onto the Main Board)."""

    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class Roll(Frame):
    """Roll ``n`` Dice from ``seat``'s Reserve into its Supply (or its Workshop)."""

    seat: int
    n: int
    workshop: bool


@dataclass(frozen=True, slots=True)
class TowerDraw(Frame):
    """Draw ``n`` Towers at random from ``seat``'s Reserve into its Supply."""

    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class ShipDraw(Frame):
    """Draw a Ship from the Bag for the invaded Province (``province``; -1 at setup for the
    front spaces, ``n`` of them)."""

    province: int
    n: int


@dataclass(frozen=True, slots=True)
class TileDraw(Frame):
    """Setup: the Scoring Tiles, ``n`` more."""

    n: int


@dataclass(frozen=True, slots=True)
class MarkerDraw(Frame):
    """Setup: the Mineral Marker of space ``space`` and those after it."""

    space: int


@dataclass(frozen=True, slots=True)
class AidDeal(Frame):
    """Setup: deal a Setup Aid to ``side``, ``n`` more."""

    side: int
    n: int


@dataclass(frozen=True, slots=True)
class PieceDeal(Frame):
    """Setup: the Fort or Beacon on ``seat``'s board space ``slot`` and those after it."""

    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class SeatEffects(Frame):
    """Setup: the starting effects of each seat, then the Towers and Dice (a step)."""


# ---- the Scheme-driven opponent (rulebook: Solo Gameplay Overview) ---------------------
@dataclass(frozen=True, slots=True)
class SchemeReveal(Frame):
    """Reveal the next Scheme of the Active Deck (a chance: its order is unknown);
    ``tries``: Schemes revealed this turn that could not be resolved."""

    tries: int


@dataclass(frozen=True, slots=True)
class SchemeEffect(Frame):
    """Resolve effect ``index`` of ``scheme`` in ``region`` (2: the bonus), a step."""

    scheme: int
    region: int
    index: int


@dataclass(frozen=True, slots=True)
class SoloFort(Frame):
    """A Fort chosen at random from the opponent's face-down Forts, into ``region``."""

    region: int


@dataclass(frozen=True, slots=True)
class SoloBeacon(Frame):
    """A Beacon chosen at random from the opponent's face-down Beacons, for a Tower around
    ``region`` in the order ``priority`` (corners)."""

    region: int
    priority: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SoloDefend(Frame):
    """Step 2: the opponent's invasion, if a Province holds 3 Dice; its Workshop Dice."""

    side: int


@dataclass(frozen=True, slots=True)
class SoloWorkshop(Frame):
    """Its Workshop Dice back to its Supply, each an Influence on its lowest track."""

    side: int


@dataclass(frozen=True, slots=True)
class SoloDraw(Frame):
    """Step 3: the opponent draws 2 Cards (its marker moves 2 spaces), then the Ships sail."""

    side: int


FRAMES = FrameKinds(
    [
        Prepare, Majors, Column, Defend, Invasion, Workshop, Recoup, RecoupChoice, Sail, EndTurn,
        GameEnd, Pay, GiveCards, Placement, AdjustDice, Soldiers, ShipChoice, InfluenceChoice,
        Gain, Trigger, Triggered, BeaconChoice, BeaconPlace, FortChoice, FaceUp, TileChoice,
        TentChoice, FortAnywhere, Draw, Roll, TowerDraw, ShipDraw, TileDraw, MarkerDraw,
        AidDeal, PieceDeal, SeatEffects, SchemeReveal, SchemeEffect, SoloFort, SoloBeacon,
        SoloDefend, SoloWorkshop, SoloDraw,
    ]
)  # fmt: skip

CHANCE_FRAMES = (
    Draw, Roll, TowerDraw, ShipDraw, TileDraw, MarkerDraw, AidDeal, PieceDeal, SchemeReveal,
    SoloFort, SoloBeacon,
)  # fmt: skip


# ---- the frames the rules make while playing ----------------------------------------------
def _shared(cls: type[_F]) -> Callable[..., _F]:
    """``cls``'s frames from their fields given in order, each made once and then shared
    (frames are frozen, and states share them already): a frozen dataclass's ``__init__``
    costs thousands of machine instructions, a look-up in the cache a few hundred. Booleans
    are passed as booleans, since the cache takes ``0`` and ``False`` for one key."""
    return cache(cls)


DRAW = _shared(Draw)
PAY = _shared(Pay)
COLUMN = _shared(Column)
WORKSHOP = _shared(Workshop)
RECOUP_CHOICE = _shared(RecoupChoice)
ADJUST_DICE = _shared(AdjustDice)
GAIN = _shared(Gain)
SOLDIERS = _shared(Soldiers)
TRIGGER = _shared(Trigger)
TOWER_DRAW = _shared(TowerDraw)
ROLL = _shared(Roll)
PLACEMENT = _shared(Placement)
GIVE_CARDS = _shared(GiveCards)
INVASION = _shared(Invasion)
SAIL = _shared(Sail)
SHIP_DRAW = _shared(ShipDraw)
INFLUENCE_CHOICE = _shared(InfluenceChoice)
SHIP_CHOICE = _shared(ShipChoice)
SCHEME_EFFECT = _shared(SchemeEffect)
SCHEME_REVEAL = _shared(SchemeReveal)
SOLO_DRAW = _shared(SoloDraw)
SOLO_DEFEND = _shared(SoloDefend)
SOLO_WORKSHOP = _shared(SoloWorkshop)
FORT_CHOICE = _shared(FortChoice)
BEACON_CHOICE = _shared(BeaconChoice)
BEACON_PLACE = _shared(BeaconPlace)
