"""Competitive Game: Setup Changes (the heroic tests dealt), Hero Goals (three heroic tests,
then the Tower dungeon), Hero Elimination, End of the Game and Competitive Clarifications
(a potion taken from another hero)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.core.frames import Frame
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import TESTS_OF_KIND
from towers.games.dark_tower.data import DATA

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def undealt_tests(state: DarkTowerState, kind: int) -> list[int]:
    """The heroic test cards of a type still in the box."""
    dealt = {row[kind] for row in state.tests}
    return [q for q in TESTS_OF_KIND[kind] if q not in dealt]


def complete_test(state: DarkTowerState, seat: int, kind: int) -> None:
    """Hero Goals: a heroic test completed by the Quest action with its resources; then
    the hero may remove a seal from, or place one back on, any Tower opening."""
    state.heroic_done = True
    state.tests_done[seat] |= 1 << kind
    p = state.pending
    p.append(F.HeroicDone(seat=seat, foe=-1, location=-1))
    p.append(F.ChooseSeal(seat=seat))
    state._pay_quest(seat, DATA.quests[state.tests[seat][kind]])


def eliminate(state: DarkTowerState, seat: int, why: str) -> None:
    """Hero Elimination: the hero leaves the game and its home kingdom turns dormant. Its
    pending decisions go (its turn ends); skulls it had to place pass to the dropper."""
    state.eliminated[seat] = True
    state.ending = f"seat {seat} {why}"
    kept: list[Frame] = []
    ended = False
    for frame in state.pending:
        owner = getattr(frame, "seat", None)
        if isinstance(frame, (F.StartTurn, F.Turn)) and owner == seat:
            kept.append(F.EndTurn(seat=seat))
            ended = True
        elif isinstance(frame, F.PlaceSkull) and owner == seat:
            kept.append(F.PlaceSkull(seat=state._placer(seat), kingdom=frame.kingdom))
        elif isinstance(frame, F.SkullDrops) and frame.dropper == seat:
            continue
        elif ended and isinstance(frame, (F.CardReveal, F.RoomReveal)):
            continue
        elif owner != seat or isinstance(frame, F.EndTurn):
            kept.append(frame)
    state.pending[:] = kept  # in place: the loop working off the frames holds the stack


def end_if_decided(state: DarkTowerState) -> None:
    """End of the Game, checked once the effects in hand are worked off (so heroes
    eliminated by one effect go out at once): the last hero in wins; none, nobody."""
    live = state.live_seats()
    if len(live) == 1:
        state._win(live[0], f"the other heroes were eliminated ({state.ending})")
    elif not live:
        state._lose(f"every remaining hero was eliminated at once ({state.ending})")


def decide_choose_seal(state: DarkTowerState, top: F.ChooseSeal, value: Any) -> None:
    """Hero Goals: after a heroic test, a seal removed from or placed back on an opening."""
    p = state.pending
    match value:
        case A.Done():
            p.pop()
        case A.RemoveSeal(opening=o) | A.RestoreSeal(opening=o):
            p.pop()
            if isinstance(value, A.RemoveSeal):
                state.tower.break_seal(o)
            else:
                state.tower.restore_seal(o)
            if state.tower.is_releasing():
                p.append(F.Releasing(dropper=top.seat))
        case _:
            raise AssertionError((top, value))


def decide_potion_from_hero(state: DarkTowerState, top: F.PotionFromHero, value: Any) -> None:
    """Competitive Clarifications: with no potion left in the deck, one is taken from
    another hero."""
    seat = top.seat
    match value:
        case A.Done():
            state.pending.pop()
        case A.TakePotion(seat=other, potion=k):
            state.potions[other][k] -= 1
            state.potions[seat][k] += 1
            more = any(sum(state.potions[o]) for o in state._others(seat))
            state._count_down(F.PotionFromHero(seat=seat, n=top.n - 1), top.n if more else 1)
        case _:
            raise AssertionError((top, value))
