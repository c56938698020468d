"""Torres as text for a terminal (Rich console markup; no UI library is imported here)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from towers.core.views import GLANCE_LINES
from towers.core.words import plural
from towers.games.torres import actions as A
from towers.games.torres.steps import (
    S_KING_MOVE,
    S_MASTER_DRAW,
    S_SETUP_CASTLE,
    S_SETUP_KING,
    S_SETUP_KNIGHT,
    S_TURN,
    STEP_NAMES,
)

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState

SEAT_COLORS = ("red", "blue", "green", "yellow")
"""Each seat's colour: its knights and action cards (the rulebook's four colours, in seat
order), as the board draws them and as every screen names the seat."""


def seat_name(seat: int) -> str:
    """The seat as every screen names it: its colour, capitalised ("Blue")."""
    return SEAT_COLORS[seat].capitalize()


def card_name(key: str) -> str:
    """An action card's printed name, from the key the observation holds."""
    return A.CARD_NAMES[A.CARD_KEYS.index(key)]


def seat_label(seat: int) -> str:
    """A knight on the text board: its seat's initial ("B" for Blue) in its colour."""
    return f"[bold {SEAT_COLORS[seat]}]{seat_name(seat)[0]}[/]"


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
    """The board (level digit, then a knight's seat initial R, B, G or Y, K for the King), then the players.

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
            f"{mark} {_seat_name(p)} {plural(state.score[p], 'point'):>10} (on board now "
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
            f"{seat_name(state.turn)}: {state.action_points} AP left, {stack}, "
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


# ---- the terminal's glance and sections ----------------------------------------------------
def _seat_name(seat: int) -> str:
    return f"[bold {SEAT_COLORS[seat]}]{seat_name(seat)}[/]"


def _hand_words(counts: dict[str, int]) -> str:
    return ", ".join(f"{card_name(k)} ×{n}" if n > 1 else card_name(k) for k, n in counts.items())


def _wrapped(head: str, body: str, width: int = 80) -> list[str]:
    """``head`` then ``body`` (plain words) wrapped to ``width`` columns, the next lines
    indented under the body."""
    return textwrap.wrap(
        f"{head}{body}", width, subsequent_indent="  ", break_long_words=False
    ) or [head]


def _status(state: TorresState, seat: int | None) -> str:
    """Which part of the game, and who decides what."""
    obs_step = STEP_NAMES[state.step]
    rounds = state.game.phases_rounds
    if state.is_terminal():
        return "[bold]Game over[/]: the third phase has been scored"
    if state.step in (S_MASTER_DRAW, S_SETUP_CASTLE, S_SETUP_KNIGHT, S_SETUP_KING):
        where = "Setting up"
    elif state.step == S_KING_MOVE:
        where = f"Phase {state.phase + 1} of {len(rounds)} scored"
    else:
        r = min(state.round + 1, rounds[state.phase])
        where = f"Phase {state.phase + 1} of {len(rounds)}, round {r} of {rounds[state.phase]}"
    mover = state.current_player()
    who = "chance" if mover < 0 else ("you" if mover == seat else _seat_name(mover))
    return f"[bold]{where}[/] · {who}: {obs_step}"


def glance(state: TorresState, seat: int | None) -> str:
    """What matters now, in at most twelve lines of 80 columns: the phase, round and step, the
    turn's action points and stack, the seat's knights, stacks and cards (its own), the
    scores and what the board would score now, and the King."""
    n = state.game.num_players
    if seat is not None and not 0 <= seat < n:
        seat = None
    data = state.game.data
    lines = [_status(state, seat)]
    if state.step == S_TURN:
        stack = (
            f"stack in use: {plural(state.stack_in_use, 'block')}"
            if state.stack_in_use >= 0
            else "no stack taken yet"
        )
        played = "card played" if state.card_played else "no card played"
        whose = "You" if state.turn == seat else seat_name(state.turn)
        lines.append(
            f"{whose}: {plural(state.action_points, 'action point')} left · {stack} · {played}"
        )
    if seat is not None:
        on_board = len(state.knights[seat])
        stacks = ", ".join(map(str, state.stacks[seat])) or "none"
        lines.append(
            f"You ({_seat_name(seat)}): {plural(on_board, 'knight')} on the "
            f"board, {data.knights_per_player - on_board} in supply · stacks: {stacks}"
        )
        obs = state.observation(seat)
        lines += _wrapped("Your cards: ", _hand_words(obs["hand"]) or "none")
        if obs.get("drawn"):
            lines += _wrapped("Drawn: ", ", ".join(map(card_name, obs["drawn"])))
    lines.append("Scores: " + " · ".join(f"{_seat_name(p)} {state.score[p]}" for p in range(n)))
    if state.step == S_TURN:
        lines.append(
            "If scored now: "
            + " · ".join(
                f"{_seat_name(p)} {state.castle_points(p) + _bonus_now(state, p)}" for p in range(n)
            )
        )
    if state.king >= 0:
        k = state.castle_of[state.king]
        king = (
            f"King on {A.square_name(state.king)}, level {state.heights[state.king]} of a "
            f"castle of {plural(state.surface_areas[k], 'space')}"
        )
        phase = state.phase + (state.step == S_KING_MOVE)
        if phase < len(data.king_bonus) and not state.is_terminal():
            king += f"; bonus {data.king_bonus[phase]} for level {phase + 1}"
        lines.append(king)
    if state.master_card >= 0:
        lines.append(f"Master card: {A.MASTER_NAMES[state.master_card]}")
    return "\n".join(lines[:GLANCE_LINES])


def _bonus_now(state: TorresState, seat: int) -> int:
    """The King's bonus the seat would earn if this phase were scored now."""
    if state.king < 0 or state.phase >= len(state.game.data.king_bonus):
        return 0
    return state.king_bonus(seat, state.phase)


def sections(state: TorresState, seat: int | None) -> dict[str, str]:
    """The board; the seat's own knights, stacks and cards; the supply; the scores."""
    n = state.game.num_players
    if seat is not None and not 0 <= seat < n:
        seat = None
    out = {"board": text(state, seat)}
    if seat is not None:
        out["me"] = _me(state, seat)
    out["supply"] = _supply(state)
    out["scores"] = _scores(state)
    return out


def _knight_place(state: TorresState, s: int) -> str:
    h = state.heights[s]
    if not h:
        return f"{A.square_name(s)} (ground)"
    area = state.surface_areas[state.castle_of[s]]
    return f"{A.square_name(s)} (level {h}, castle of {plural(area, 'space')})"


def _me(state: TorresState, seat: int) -> str:
    obs = state.observation(seat)
    mine = sorted(state.knights[seat])
    lines = [f"You are {_seat_name(seat)}, {plural(state.score[seat], 'point')}."]
    lines.append(
        f"Knights on the board ({len(mine)}): "
        + (", ".join(_knight_place(state, s) for s in mine) or "none")
    )
    lines.append(f"Knights in supply: {state.game.data.knights_per_player - len(mine)}")
    lines.append(
        "Stacks this phase: "
        + (", ".join(plural(h, "block") for h in state.stacks[seat]) or "none left")
    )
    lines.append(f"Your cards: {_hand_words(obs['hand']) or 'none'}")
    if obs.get("drawn"):
        lines.append(f"Drawn: {', '.join(map(card_name, obs['drawn']))}")
    if obs.get("deck_top"):
        lines.append(f"Put back on top of your deck: {', '.join(map(card_name, obs['deck_top']))}")
    if obs.get("deck_bottom"):
        lines.append(
            f"Put back at the bottom of your deck: {', '.join(map(card_name, obs['deck_bottom']))}"
        )
    played = obs["played_cards"][seat]
    lines.append(f"Cards you have played: {_hand_words(played) or 'none'}")
    lines.append(f"Castles would score now: {plural(state.castle_points(seat), 'point')}")
    return "\n".join(lines)


def _supply(state: TorresState) -> str:
    lines = [f"General supply: {plural(state.supply, 'tower block')}"]
    for i, deck in enumerate(state.decks):
        owner = "Common action deck" if state.game.is_common else f"{seat_name(i)}'s action deck"
        lines.append(f"{owner}: {plural(len(deck), 'card')}")
    for p in range(state.game.num_players):
        left = state.game.data.knights_per_player - len(state.knights[p])
        stacks = ", ".join(map(str, state.stacks[p])) or "none"
        lines.append(
            f"{_seat_name(p)}: {plural(left, 'knight')} in supply; stacks {stacks}; "
            f"{plural(sum(state.hands[p]), 'card')} in hand"
        )
    return "\n".join(lines)


def _scores(state: TorresState) -> str:
    n = state.game.num_players
    lines = []
    for p in range(n):
        played = _hand_words({A.CARD_KEYS[c]: k for c, k in enumerate(state.played_cards[p]) if k})
        lines.append(
            f"{_seat_name(p)}: {plural(state.score[p], 'point')}; the castles would score "
            f"{state.castle_points(p)} now, the King's bonus {_bonus_now(state, p)}; "
            f"cards played: {played or 'none'}"
        )
    if state.master_card >= 0:
        lines.append(f"Master card: {A.MASTER_NAMES[state.master_card]}")
    return "\n".join(lines)
