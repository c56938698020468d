"""Torres as text for a terminal (Rich console markup; no UI library is imported here)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.words import plural
from towers.games.torres import actions as A

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState

SEAT_COLORS = ("red", "blue", "green", "yellow")
SEAT_LETTERS = "ABCD"


def card_name(key: str) -> str:
    """An action card's printed name, from the key the observation holds."""
    return A.CARD_NAMES[A.CARD_KEYS.index(key)]


def seat_label(seat: int) -> str:
    return f"[bold {SEAT_COLORS[seat]}]{SEAT_LETTERS[seat]}[/]"


def _cell(state: TorresState, s: int) -> str:
    h = state.heights[s]
    occ = state.occupants[s]
    level = str(h) if h else "."
    if occ == -1:
        piece = " "
    elif occ >= 4:
        piece = "[bold magenta]K[/]"
    else:
        piece = seat_label(occ)
    shade = "on grey23" if h else ""
    body = f"{level}{piece}"
    return f"[{shade}] {body} [/]" if shade else f" {body} "


def text(state: TorresState, seat: int | None) -> str:
    """The board (level digit, then A-D for knights, K for the King), then the players.

    ``seat`` None (or a chance/terminal marker) shows the spectator's view."""
    if seat is not None and not 0 <= seat < state.game.num_players:
        seat = None
    lines = ["     " + "   ".join("abcdefgh")]
    for y in range(A.SIZE - 1, -1, -1):
        row = "".join(_cell(state, y * A.SIZE + x) for x in range(A.SIZE))
        lines.append(f" {y + 1}  {row}  {y + 1}")
    lines.append("     " + "   ".join("abcdefgh"))
    obs = state.observation(seat)
    rounds = state.game.phases_rounds
    lines.append("")
    head = f"Phase {state.phase + 1}/3, round {min(state.round + 1, rounds[state.phase])}/{rounds[state.phase]}"
    head += f" - {obs['step']}"
    if state.king >= 0:
        k = state.castle_of[state.king]
        head += f" - King on {A.square_name(state.king)} (castle of {plural(state.surface_areas[k], 'space')})"
    lines.append(head)
    if state.master_card >= 0:
        lines.append(f"Master card: {state.game.data.master_names[state.master_card]}")
    for p in range(state.game.num_players):
        mark = "▶" if state.current_player() == p else " "
        knights = state.game.data.knights_per_player - len(state.knights[p])
        cards = sum(state.hands[p])
        stacks = ",".join(map(str, state.stacks[p])) or "-"
        line = (
            f"{mark} {seat_label(p)} seat {p} {plural(state.score[p], 'point'):>10} (on board now "
            f"{state.castle_points(p)})  stacks {stacks}  knights left {knights}  cards {cards}"
        )
        lines.append(line)
    if state.step == 4:
        stack = (
            f"{plural(state.stack_in_use, 'block')} left in this turn's stack"
            if state.stack_in_use >= 0
            else "no stack taken"
        )
        lines.append(
            f"Seat {state.turn}: {state.action_points} AP left, {stack}, "
            f"{'card played' if state.card_played else 'no card played yet'}"
        )
    if seat is not None:
        hand = [
            f"{card_name(key)} x{n}" if n > 1 else card_name(key) for key, n in obs["hand"].items()
        ]
        lines.append(f"Your hand: {', '.join(hand) if hand else 'no cards'}")
        if obs.get("drawn"):
            lines.append(f"Drawn: {', '.join(map(card_name, obs['drawn']))}")
    lines.append(f"Supply: {state.supply} tower blocks")
    return "\n".join(lines)
