"""The Action phase's turn: take a die from the Action Wheel (changing its value for 2 Gold a
step), take the action's Bonus tile if you like, take the die's Resources, and perform its
Action with 7 minus its value in Action Points (rulebook: Playing the Game: Action phase,
Step 2; Bonus tiles and the Storehouse; Actions in Detail, its opening; Joker Action; Appendix:
Helper abilities, for the helper that changes the die's Resources and those that add AP).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.tiletum import actions as A
from towers.games.tiletum.data import GOLD, JOKER
from towers.games.tiletum.frames import (
    EMPTY,
    ActionBonusTile,
    DieResources,
    OpenDieAction,
    PerformAction,
    new_action_bonus_tile,
    new_action_of_choice,
    new_choose_die_value,
    new_die_resources,
    new_open_die_action,
    new_perform_action,
)
from towers.games.tiletum.legality import can_store, die_change_steps, die_frame, substitute_helper

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState


def action_of_value(state: TiletumState, value: int) -> int:
    """The action beside the wheel segment of die value ``value`` this round (the wheel turns
    one step a round, Cleanup phase)."""
    d = state.game.data
    return state.wheel_actions[(value - 1 + state.round * d.wheel_rotation) % 6]


def take_die(state: TiletumState, value: int, colour: int) -> None:
    """A die taken from the wheel; its value is chosen next."""
    state.wheel_dice[value - 1][colour] -= 1
    state.stack.append(new_choose_die_value(value, colour))


def set_value(state: TiletumState, seat: int, shown: int, colour: int, value: int) -> None:
    """The die's value, paid in Gold by the step; then its Bonus tile (if it may be stored),
    its Resources and its Action, resolved in that order."""
    d = state.game.data
    state.resources[seat][GOLD] -= d.die_change_cost * die_change_steps(shown, value)
    state.stack.pop()
    state.die_value = value
    state.die_colour = colour
    state.dice_taken[seat].append(colour)
    action = action_of_value(state, value)
    state.stack.append(new_open_die_action(action, d.action_points_base - value))
    state.stack.append(new_die_resources(colour, value))
    tile = state.action_bonus_tiles[action]
    if tile >= 0 and can_store(state, seat, tile):
        state.stack.append(new_action_bonus_tile(action))


def take_action_tile(state: TiletumState, seat: int, top: ActionBonusTile, take: bool) -> None:
    """The action's Bonus tile into the storehouse, or left where it is."""
    state.stack.pop()
    if take:
        state.storehouse[seat].append(state.action_bonus_tiles[top.action])
        state.action_bonus_tiles[top.action] = EMPTY


def die_resources(state: TiletumState, seat: int, top: DieResources, value: Action) -> None:
    """The die's Resources: of its colour, or of a type chosen with the helper that
    substitutes them (used up)."""
    state.stack.pop()
    match value:
        case A.Substitute(resource=r):
            state.storehouse[seat].remove(substitute_helper(state, seat))
            state.resources[seat][r] += top.amount
        case _:
            state.resources[seat][top.colour] += top.amount


def open_die_action(state: TiletumState, seat: int, top: OpenDieAction) -> None:
    """The die's action opens with its AP and the bonus AP of a Completed Building; the
    Joker asks which action first."""
    action, ap = top.action, top.action_points
    if action == JOKER:
        state.stack[-1] = new_action_of_choice(ap, True)
    else:
        state.stack[-1] = new_perform_action(
            action, ap + state.bonus_action_points[seat][action], True
        )


def choose_action(state: TiletumState, seat: int, ap: int, from_die: bool, action: int) -> None:
    """The action a Joker (or a helper's "an action of your choice") performs; a die's gets
    the bonus AP of that action (Player Boards: Completed Buildings)."""
    if from_die:
        ap += state.bonus_action_points[seat][action]
    state.stack[-1] = new_perform_action(action, ap, from_die)


def spend(state: TiletumState, top: PerformAction, points: int) -> None:
    """The action being performed (on top) pays ``points`` action points."""
    state.stack[-1] = new_perform_action(top.action, top.action_points - points, top.from_die)


def add_die_points(state: TiletumState, points: int, only_for: int = -1) -> None:
    """Action points added to the die's action (if it is ``only_for``, when given)."""
    i = die_frame(state)
    if i >= 0:
        frame = state.stack[i]
        assert isinstance(frame, PerformAction)
        if only_for < 0 or frame.action == only_for:
            state.stack[i] = new_perform_action(frame.action, frame.action_points + points, True)
