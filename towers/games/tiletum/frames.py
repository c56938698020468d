"""Tiletum's flow steps, its pending decisions (the frames of the decision stack) and its chance
events: the vocabulary that the rules, their explanations and the views share, so that none of
them imports another for it.

A turn is a stack of decisions, innermost last: the turn itself (take a die), then the die's
value, its bonus tile, its resources, the action performed with its action points, and any
bonus that needs a choice (resources of your choice, a move, a house placed...). Frames are
frozen: a rule that moves a decision on replaces the top frame with a new one.

Fields hold indices into the data: ``action`` is an index of ``data.ACTIONS``, ``figure`` of
``data.FIGURES``, ``colour`` a die colour (the resource of that index), ``building`` and
``floor`` count from 0, ``contract`` is a tile kind.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from towers.core.frames import Frame, FrameKinds

T = TypeVar("T", bound=Frame)


def shared(cls: type[T]) -> Callable[..., T]:
    """A maker of ``cls`` frames that builds each distinct frame once and hands out that same
    object after: frames are frozen, so sharing them is safe, and building a frozen dataclass
    costs ten times a dictionary lookup (the rules make a frame at most actions). The maker
    is :func:`functools.cache` (written in C: no Python call to pay on a frame made before),
    given the fields by position."""
    return functools.cache(cls)


# ---- flow steps ---------------------------------------------------------------------------
S_SETUP, S_PREP, S_CYCLE, S_TURN, S_KING, S_KING_SCORE, S_OVER = range(7)
STEP_NAMES = ("setup", "preparation", "corruption", "turn", "king", "king scoring", "over")


# ---- pending decisions --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Turn(Frame):
    """The turn before its die is taken: take a die (tasks allowed)."""


@dataclass(frozen=True, slots=True)
class PerformAction(Frame):
    """An action being performed with its action points: the die's (open until the turn
    ends) or one given by a tile or a bonus (ends when stopped or out of points)."""

    action: int
    action_points: int
    from_die: bool


@dataclass(frozen=True, slots=True)
class ChooseDieValue(Frame):
    """The taken die's final value: it shows ``value``; 2 gold a step to change it."""

    value: int
    colour: int


@dataclass(frozen=True, slots=True)
class ActionBonusTile(Frame):
    """Take the bonus tile of the die's action, or leave it."""

    action: int


@dataclass(frozen=True, slots=True)
class DieResources(Frame):
    """Take the die's resources (``amount`` of the colour's type), or use a substitute helper."""

    colour: int
    amount: int


@dataclass(frozen=True, slots=True)
class OpenDieAction(Frame):
    """The die's action, opened once its value, tile and resources are settled."""

    action: int
    action_points: int


@dataclass(frozen=True, slots=True)
class ActionOfChoice(Frame):
    """Choose the action to perform with these action points (joker, helper)."""

    action_points: int
    from_die: bool


@dataclass(frozen=True, slots=True)
class ResourcesOfChoice(Frame):
    """Gain ``count`` resources of your choice, one at a time."""

    count: int


@dataclass(frozen=True, slots=True)
class PayIdentical(Frame):
    """Choose the type that pays a contract's identical resources."""

    contract: int


@dataclass(frozen=True, slots=True)
class Move(Frame):
    """Move a figure up to ``steps_left`` steps to adjacent spaces, stopping when you like."""

    figure: int
    steps_left: int


@dataclass(frozen=True, slots=True)
class MoveBoth(Frame):
    """Move the architect one step and the merchant one step, each optional."""

    architect_may_move: bool
    merchant_may_move: bool


@dataclass(frozen=True, slots=True)
class MoveAndPlace(Frame):
    """One optional step of the figure and one optional placement where it stands."""

    figure: int
    may_move: bool
    may_place: bool


@dataclass(frozen=True, slots=True)
class PlaceAtFigure(Frame):
    """A house where the merchant is, or a pillar where the architect is."""

    figure: int


@dataclass(frozen=True, slots=True)
class HouseAnywhere(Frame):
    """A house in any town."""


@dataclass(frozen=True, slots=True)
class PillarAnywhere(Frame):
    """A pillar at any cathedral."""


@dataclass(frozen=True, slots=True)
class MoveAnywhere(Frame):
    """The figure to any space of the map, or stay."""

    figure: int


@dataclass(frozen=True, slots=True)
class MerchantToAdjacentTown(Frame):
    """The merchant to an adjacent town, or stay."""


@dataclass(frozen=True, slots=True)
class ChooseBuildingBonus(Frame):
    """Choose one of your buildings whose character bonuses you receive."""


@dataclass(frozen=True, slots=True)
class BuildingBonuses(Frame):
    """Receive the bonuses of the building's characters, floor by floor, stopping when you
    like: ``floors_left`` (from 0) are those not yet received."""

    building: int
    floors_left: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CompletedBuilding(Frame):
    """Choose which of its characters' ``actions`` the completed building strengthens."""

    building: int
    actions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KingTile(Frame):
    """The King phase's leader takes the King track's bonus tile or discards it."""


DECISIONS = FrameKinds(
    [
        Turn,
        PerformAction,
        ChooseDieValue,
        ActionBonusTile,
        DieResources,
        OpenDieAction,
        ActionOfChoice,
        ResourcesOfChoice,
        PayIdentical,
        Move,
        MoveBoth,
        MoveAndPlace,
        PlaceAtFigure,
        HouseAnywhere,
        PillarAnywhere,
        MoveAnywhere,
        MerchantToAdjacentTown,
        ChooseBuildingBonus,
        BuildingBonuses,
        CompletedBuilding,
        KingTile,
    ]
)


# ---- chance events ------------------------------------------------------------------------
PILE_BONUS, PILE_CONTRACT, PILE_CHARACTER = range(3)
PILE_NAMES = ("bonus", "contract", "character")
LOC_ACTION, LOC_KING, LOC_MAP, LOC_CONTRACT, LOC_CHARACTER = range(5)
PLACE_NAMES = ("action", "king", "map", "contract offer", "character offer")


@dataclass(frozen=True, slots=True)
class TileDraw(Frame):
    """A tile drawn from a pile onto a place: an action's bonus space, the King track, a map
    bonus space (``index`` = town x 2 + space), a contract or character offer space."""

    pile: int
    place: int
    index: int


@dataclass(frozen=True, slots=True)
class DieDraw(Frame):
    """A die drawn from the bag (then rolled)."""


@dataclass(frozen=True, slots=True)
class DieRoll(Frame):
    """The die drawn is rolled onto the wheel."""

    colour: int


@dataclass(frozen=True, slots=True)
class CorruptionReveal(Frame):
    """The rightmost face-down corruption token is revealed."""


@dataclass(frozen=True, slots=True)
class CostTileDraw(Frame):
    """A construction cost tile is placed under a cathedral."""

    cathedral: int


@dataclass(frozen=True, slots=True)
class TownTileDraw(Frame):
    """A town tile decides the town of a round's fair."""

    fair: int


@dataclass(frozen=True, slots=True)
class FairTileDraw(Frame):
    """A fair tile is placed for a round's fair."""

    fair: int


@dataclass(frozen=True, slots=True)
class ActionTileDraw(Frame):
    """Action tiles variant: an action tile is placed beside a wheel space."""

    space: int


CHANCE_EVENTS = FrameKinds(
    [
        TileDraw,
        DieDraw,
        DieRoll,
        CorruptionReveal,
        CostTileDraw,
        TownTileDraw,
        FairTileDraw,
        ActionTileDraw,
    ]
)

EMPTY = -1
INACTIVE = -2
"""A house, pillar or bonus space not used with this many players."""


# ---- the makers of the frames the rules make most ------------------------------------------
# Equal frames are one shared object, each built once (see shared): one maker per kind, here,
# so that every module of the rules hands out the same objects.
new_perform_action = shared(PerformAction)
new_choose_die_value = shared(ChooseDieValue)
new_open_die_action = shared(OpenDieAction)
new_die_resources = shared(DieResources)
new_action_bonus_tile = shared(ActionBonusTile)
new_turn = shared(Turn)
new_die_draw = shared(DieDraw)
new_die_roll = shared(DieRoll)
new_corruption_reveal = shared(CorruptionReveal)
new_tile_draw = shared(TileDraw)
new_resources_of_choice = shared(ResourcesOfChoice)
new_action_of_choice = shared(ActionOfChoice)
new_move = shared(Move)
