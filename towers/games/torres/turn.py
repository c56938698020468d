"""Torres, Playing the Game: Tower block distribution, Starting player and A player's turn
(its end: the stack used, the leftover blocks); Master Version, Turn order. The turn's single
actions are in the State's dispatch (moving a knight, placing a block), :mod:`cards` (the
action cards) and :mod:`scoring` (the scoring track)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.torres import actions as A
from towers.games.torres.scoring import score_phase
from towers.games.torres.steps import S_REDISTRIBUTE, S_TAKE_STACK, S_TURN

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState


def take_stack(state: TorresState, seat: int, height: int) -> None:
    """Place a tower block: the stack the turn's blocks come from (one stack a turn)."""
    state.stacks[seat].remove(height)
    state.stack_in_use = height


def choose_stack(state: TorresState, seat: int, height: int) -> None:
    """The stack taken: during the turn, or at its end (then the turn ends)."""
    take_stack(state, seat, height)
    if state.step == S_TAKE_STACK:
        after_stack(state)


def after_stack(state: TorresState) -> None:
    """End of turn once the turn's stack is settled: leftovers, then the next turn."""
    p = state.turn
    state.leftover_blocks = max(state.stack_in_use, 0)
    state.stack_in_use = -1
    if state.leftover_blocks and state.stacks[p] and min(state.stacks[p]) < 3:
        state.step = S_REDISTRIBUTE
        return
    return_leftover(state)


def redistribute(state: TorresState, seat: int, height: int) -> None:
    """One leftover block onto a stack of ``height`` (at most 3 blocks a stack)."""
    st = state.stacks[seat]
    st.remove(height)
    st.append(height + 1)
    st.sort(reverse=True)
    state.leftover_blocks -= 1
    if not state.leftover_blocks or min(st) >= 3:
        return_leftover(state)


def return_leftover(state: TorresState) -> None:
    """The leftover blocks back to the common supply; the next turn."""
    state.supply += state.leftover_blocks
    state.leftover_blocks = 0
    next_turn(state)


def begin_turn(state: TorresState) -> None:
    """A player's turn begins with the action points of the game."""
    state.step = S_TURN
    state.action_points = state.game.data.action_points
    state.blocks_placed = 0
    state.stack_in_use = -1
    state.card_played = False
    state.acquisitions = 0
    state.acquired_this_turn = [0] * A.CARD_KINDS


def next_turn(state: TorresState) -> None:
    """The next player clockwise; after the round's last turn the next round, after the
    phase's last round its scoring."""
    n = state.game.num_players
    state.turns_taken += 1
    if state.turns_taken < n:
        state.turn = (state.turn + 1) % n
        begin_turn(state)
        return
    state.round += 1
    if state.round == state.game.phases_rounds[state.phase]:
        score_phase(state)
        return
    state.turns_taken = 0
    if state.game.is_master:
        state.starting_player = leader(state, state.starting_player)
    state.turn = state.starting_player
    begin_turn(state)


def leader(state: TorresState, unchanged: int) -> int:
    """Master version, Turn order: the round starts with the player with the most points."""
    best = max(state.score)
    leaders = [i for i, s in enumerate(state.score) if s == best]
    return leaders[0] if len(leaders) == 1 else unchanged


def begin_phase(state: TorresState, phase: int, start: int) -> None:
    """Tower block distribution: each player's stacks for the phase, from the PHASES card,
    dealt from the supply in turn order from the starting player."""
    n = state.game.num_players
    if state.game.is_master and phase > 0:
        start = leader(state, start)
    state.phase = phase
    state.round = 0
    state.turns_taken = 0
    state.starting_player = start
    state.turn = start
    card = state.game.phases_stacks[phase]
    for i in range(n):
        seat = (start + i) % n
        stacks = []
        for hgt in card:
            got = min(hgt, state.supply)
            state.supply -= got
            if got:
                stacks.append(got)
        state.stacks[seat] = sorted(stacks, reverse=True)
    begin_turn(state)
