"""Setup of Turris (and Appendix 1: Solo Setup): the draws that lay out the table and each
seat's choice of faction and side.

Steps 2 to 4, 6 and 9 are queued here as chance events; step 14 (a Tactics card each, in
turn order) when the first round begins (:mod:`~towers.games.turris.rounds`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.turris import actions as A
from towers.games.turris.frames import (
    BeastStartDraw,
    FactionChoice,
    FirstPlayerDraw,
    MissionDraw,
    Resolving,
    SiteDraw,
    TrionfiDraw,
    unanswered,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def begin_setup(state: TurrisState) -> None:
    """Queue Setup's draws (steps 2, 3, 4, 6 and 9) and, solo, make the player First Player."""
    g = state.game
    # Setup step 2: Excavation Sites for the player count, in alphabetical order
    for k in g.used_spots:
        state._queue_draw(SiteDraw(k))
    # Setup step 3: Pain on A, Delusion on B, Despair on C, Harrow on D (or at random)
    for b in range(len(g.data.beasts)):
        if g.random_beasts:
            state.chance.append(BeastStartDraw(b))
        else:
            state.beast_at[b] = g.spots[g.beast_start[b]]
    # Setup step 4: six Trionfi cards; step 6: five Missions
    for slot in range(len(state.trionfi_tableau)):
        state.chance.append(TrionfiDraw(slot))
    for _ in range(g.c["mission_tableau"]):
        state.chance.append(MissionDraw())
    if g.solo:
        # Solo Setup 5: you are always First Player
        state.first_player = 0
        state.stack.append(FactionChoice(0))
    else:
        # Setup step 9: a random First Player, who is first to choose a faction
        state.chance.append(FirstPlayerDraw())


def decide_faction_choice(state: TurrisState, top: FactionChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`FactionChoice`."""
    g = state.game
    seat = top.seat
    match value:
        case A.ChooseFaction(faction=f, side=s):
            state.stack.pop()
            state.faction[seat] = f
            state.side[seat] = s
            state.stack.append(Resolving(seat, g.src_side[f][s], 0))
            return
    raise unanswered(top, value)
