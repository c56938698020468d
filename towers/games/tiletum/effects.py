"""The bonuses printed on tiles and spaces, and the small decisions they ask: Resources of
your choice, an action with some AP, figures moved or sent anywhere, a House or Pillar placed,
a Building's character bonuses (rulebook: Appendix: Helper abilities, Character tiles,
Contracts, Crest placement bonuses, Game board; Types of Tiles: Helpers).

:func:`apply_effects` gives at once what needs no choice and stacks the rest, to be decided in
the order printed; :func:`decide_bonus` resolves a bonus decision, and :func:`settle_bonus`
drops one that can no longer be used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.core.frames import Frame
from towers.games.tiletum import actions as A
from towers.games.tiletum.action_phase import add_die_points
from towers.games.tiletum.architect_merchant import move_figure, place
from towers.games.tiletum.data import (
    FX_ACTION,
    FX_ADD_AP,
    FX_ANY,
    FX_BUILDING_BONUS,
    FX_GAIN,
    FX_HOUSE_ANYWHERE,
    FX_JUMP,
    FX_KING,
    FX_MOVE,
    FX_MOVE_BOTH,
    FX_MOVE_PLACE,
    FX_PILLAR_ANYWHERE,
    FX_PLACE,
    FX_TOWN_MOVE,
    FX_VP,
    Effect,
)
from towers.games.tiletum.frames import (
    BuildingBonuses,
    ChooseBuildingBonus,
    HouseAnywhere,
    MerchantToAdjacentTown,
    Move,
    MoveAndPlace,
    MoveAnywhere,
    MoveBoth,
    PillarAnywhere,
    PlaceAtFigure,
    ResourcesOfChoice,
    new_action_of_choice,
    new_move,
    new_perform_action,
    new_resources_of_choice,
)
from towers.games.tiletum.king import king_advance
from towers.games.tiletum.legality import building_mask, can_house, can_pillar, can_place_here

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def apply_effects(state: TiletumState, seat: int, effects: tuple[Effect, ...]) -> None:
    """Apply what needs no decision now; push the rest so they resolve in listed order."""
    pushes: list[Frame] = []
    for code, a, b in effects:
        if code == FX_VP:
            state._vp(seat, a)
        elif code == FX_GAIN:
            state.resources[seat][a] += b
        elif code == FX_ANY:
            pushes.append(new_resources_of_choice(a))
        elif code == FX_ACTION:
            pushes.append(
                new_action_of_choice(b, False) if a < 0 else new_perform_action(a, b, False)
            )
        elif code == FX_MOVE:
            pushes.append(new_move(a, b))
        elif code == FX_MOVE_BOTH:
            pushes.append(MoveBoth(True, True))
        elif code == FX_MOVE_PLACE:
            pushes.append(MoveAndPlace(a, True, True))
        elif code == FX_PLACE:
            pushes.append(PlaceAtFigure(a))
        elif code == FX_KING:
            king_advance(state, seat, a)
        elif code == FX_TOWN_MOVE:
            pushes.append(MerchantToAdjacentTown())
        elif code == FX_ADD_AP:
            add_die_points(state, a)
        elif code == FX_BUILDING_BONUS:
            pushes.append(ChooseBuildingBonus())
        elif code == FX_HOUSE_ANYWHERE:
            pushes.append(HouseAnywhere())
        elif code == FX_PILLAR_ANYWHERE:
            pushes.append(PillarAnywhere())
        elif code == FX_JUMP:
            pushes.append(MoveAnywhere(a))
    if pushes:
        pushes.reverse()
        state.stack.extend(pushes)


def decide_bonus(state: TiletumState, seat: int, top: Frame, action: int, value: Action) -> None:
    """A bonus decision on top resolved by ``action`` (``value`` decoded): a resource
    gained, a figure moved, a House or Pillar placed, or the rest skipped."""
    match top:
        case ResourcesOfChoice(count=n):
            assert isinstance(value, A.Gain)
            state.resources[seat][value.resource] += 1
            state.stack[-1] = new_resources_of_choice(n - 1)
        case Move(figure=figure, steps_left=steps):
            if action == A.SKIP:
                state.stack.pop()
            else:
                state.stack[-1] = new_move(figure, steps - 1)
                move_figure(state, seat, value)
        case MoveBoth(architect_may_move=architect, merchant_may_move=merchant):
            match value:
                case A.Skip():
                    state.stack.pop()
                case A.MoveArchitect():
                    state.stack[-1] = MoveBoth(False, merchant)
                    move_figure(state, seat, value)
                case _:
                    state.stack[-1] = MoveBoth(architect, False)
                    move_figure(state, seat, value)
        case MoveAndPlace(figure=figure, may_move=may_move, may_place=may_place):
            match value:
                case A.Skip():
                    state.stack.pop()
                case A.MoveMerchant() | A.MoveArchitect():
                    state.stack[-1] = MoveAndPlace(figure, False, may_place)
                    move_figure(state, seat, value)
                case _:
                    state.stack[-1] = MoveAndPlace(figure, may_move, False)
                    place(state, seat, value)
        case PlaceAtFigure() | HouseAnywhere() | PillarAnywhere():
            state.stack.pop()
            place(state, seat, value)
        case MoveAnywhere() | MerchantToAdjacentTown():
            state.stack.pop()
            if action != A.SKIP:
                move_figure(state, seat, value)


def settle_bonus(state: TiletumState, seat: int, top: Frame) -> bool:
    """Drop the bonus decision on top if it is used up or can no longer be used; True if
    it was dropped."""
    match top:
        case ResourcesOfChoice(count=n) | Move(steps_left=n):
            if n <= 0:
                state.stack.pop()
                return True
        case MoveBoth(architect_may_move=architect, merchant_may_move=merchant):
            if not architect and not merchant:
                state.stack.pop()
                return True
        case MoveAndPlace(figure=figure, may_move=may_move, may_place=may_place):
            if not may_move and (not may_place or not can_place_here(state, seat, figure)):
                state.stack.pop()
                return True
        case PlaceAtFigure(figure=figure):
            if not can_place_here(state, seat, figure):
                state.stack.pop()
                return True
        case HouseAnywhere():
            if not any(can_house(state, seat, t) for t in range(A.N_TOWNS)):
                state.stack.pop()
                return True
        case PillarAnywhere():
            if not any(can_pillar(state, seat, c) for c in range(A.N_CATHEDRALS)):
                state.stack.pop()
                return True
        case ChooseBuildingBonus():
            if not any(building_mask(state, seat, b) for b in range(5)):
                state.stack.pop()
                return True
        case BuildingBonuses(building=b, floors_left=floors):
            mask = building_mask(state, seat, b)
            if not any(mask >> f & 1 for f in floors):
                state.stack.pop()
                return True
    return False
