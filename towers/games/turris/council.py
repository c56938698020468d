"""Council Track of Turris: a Scout placed in the Graveyard advances its owner's token; each
spot reached may give its reward; the last level may send the token back to the start."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.turris.actions import Accept, CouncilSpot, Pass
from towers.games.turris.effects import trigger
from towers.games.turris.frames import (
    CouncilReturn,
    CouncilStep,
    Rewards,
    unanswered,
)
from towers.games.turris.twins import made

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def council_next(state: TurrisState, seat: int) -> list[int]:
    """The spots of the Council track's next level from ``seat``'s token."""
    return list(state.game.council_next_spots[state.council[seat]])


def council_to(state: TurrisState, seat: int, spot: int) -> None:
    """Advance ``seat``'s Council token to ``spot``: its reward, optional; on the last level,
    the token may go back to the start."""
    top = state.stack[-1]
    assert isinstance(top, CouncilStep)
    state.stack[-1] = made(CouncilStep, seat, top.steps - 1)
    state.council[seat] = spot
    if state.game.data.council[spot].level == state.game.council_levels:
        # after the reward, the token MAY go back to the start
        state.stack.append(made(CouncilReturn, seat))
    # the owner MAY gain the reward of the spot reached
    state.stack.append(made(Rewards, seat, (state.game.src_council[spot],), True))
    trigger(state, seat, "council")


def to_graveyard(state: TurrisState, seat: int) -> None:
    """A Scout is placed in the Graveyard: the owner MUST advance on the Council track."""
    state.graveyard[seat] += 1
    state.stack.append(made(CouncilStep, seat, 1))


def settle_council_step(state: TurrisState, top: CouncilStep) -> bool:
    """Settle a :class:`CouncilStep` that needs no decision; False: it is put to its seat."""
    seat = top.seat
    steps = top.steps
    if steps <= 0:
        state.stack.pop()
        return True
    spots = council_next(state, seat)
    if not spots:
        # past the last level: back to the start, no reward (Council Track)
        state.council[seat] = 0
        state.stack[-1] = made(CouncilStep, seat, steps - 1)
        trigger(state, seat, "council")
        return True
    if len(spots) == 1:
        council_to(state, seat, spots[0])
        return True
    return False


def decide_council_step(state: TurrisState, top: CouncilStep, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`CouncilStep`."""
    seat = top.seat
    match value:
        case CouncilSpot(spot=spot):
            council_to(state, seat, spot)
            return
    raise unanswered(top, value)


def decide_council_return(state: TurrisState, top: CouncilReturn, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`CouncilReturn`."""
    seat = top.seat
    match value:
        case Accept():
            state.stack.pop()
            state.council[seat] = 0
            return
        case Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)
