"""Recoup (rulebook: Recoup; Moving Ships; Drawing Ships): cards drawn and Towers and Dice
drawn back up to the limits, the Recoup cards, the invaded Province's Ships sailing clockwise
and a Ship drawn from the Bag (an Allied Ship's arrival); a Ship moved by an effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos import solo
from towers.games.sifnos.actions import A_MOVE_SHIP, DATA, Done, DrawShip, MoveShip
from towers.games.sifnos.board import ALLY, N_LARGE, RECOUP_COLUMN
from towers.games.sifnos.cards import draw
from towers.games.sifnos.data import MINERALS
from towers.games.sifnos.end_of_game import end_game
from towers.games.sifnos.setup import fill_bag

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState


def recoup(state: SifnosState, seat: int) -> None:
    p = state.pending
    numbers = DATA.recoup  # the Player Board's
    cards = DATA.cards
    mine = [cards[c].kind for c in state.placed[seat] if cards[c].column == RECOUP_COLUMN]
    if state.invaded >= 0:
        p.append(F.SAIL(state.invaded))
    p.append(F.RECOUP_CHOICE(seat))
    state.used = 0
    draw(state, seat, numbers.cards + mine.count("draw"))
    towers_limit = numbers.towers + mine.count("tower_limit")
    need = towers_limit - sum(state.tower_supply[seat])
    if need > 0:
        p.append(F.TOWER_DRAW(seat, min(need, sum(state.tower_reserve[seat]))))
    dice_limit = numbers.dice + mine.count("dice_limit")
    need = dice_limit - len(state.dice_supply[seat])
    if need > 0:
        p.append(F.ROLL(seat, min(need, state.dice_reserve[seat]), False))


def next_with_room(state: SifnosState, p: int, own: bool = True) -> int:
    """The next larger Province clockwise from ``p`` with an empty Ship space (``own``:
    ``p`` itself counts, last)."""
    for k in range(1, N_LARGE + (1 if own else 0)):
        q = (p + k) % N_LARGE
        if len(state.ships[q]) < 4:
            return q
    return -1


def ship_moves(state: SifnosState) -> list[int]:
    return [
        (A_MOVE_SHIP + 4 * p + i)
        for p in range(N_LARGE)
        if state.ships[p] and next_with_room(state, p, own=False) >= 0
        for i in range(len(state.ships[p]))
    ]


def sail(state: SifnosState, q: int, i: int) -> None:
    ship = state.ships[q].pop(i)
    target = next_with_room(state, q, own=False)
    state.ships[target].append(ship)


def sail_away(state: SifnosState, large: int) -> None:
    """The invaded Province's Ships sail, back-most first, each to the next Province with
    room after the last one's (rulebook: Moving Ships); then a Ship is drawn."""
    ships = state.ships[large]
    state.ships[large] = []
    target = large
    for kind in reversed(ships):
        target = next_with_room(state, target)
        state.ships[target].append(kind)
    state.invaded = -1
    if not len(state.bag):
        end_game(state)
        return
    state.pending.append(F.SHIP_DRAW(large, 1))


def ally_arrives(state: SifnosState) -> None:
    """An Allied Ship drawn: it takes the next Allied Ship space (rulebook: Drawing Ships)."""
    state.allies += 1
    space = DATA.game["ally_spaces"][state.allies - 1]
    if space["effect"] == "end_game":
        end_game(state)
        return
    mineral = state.markers[2 + state.allies]
    per = int(space["per"])
    for side in reversed(range(state.game.num_players)):
        draw(state, side, state.influence[side][mineral] // per)
    if state.game.solo:
        solo.ally_draw(state, mineral, per)


def ship_drawn(state: SifnosState, top: F.ShipDraw, value: DrawShip) -> None:
    """A Ship from the Bag: at setup to the front spaces, else to the invaded Province (the
    next with room), or an Allied Ship arriving."""
    p = state.pending
    kind, q, n = value.ship, top.province, top.n
    state.bag.draw(kind)
    if q < 0:
        # setup: the front spaces, clockwise from the north
        state.ships[2 * len(MINERALS) - n].append(kind)
        if n > 1:
            p.replace(F.SHIP_DRAW(-1, n - 1))
        else:
            p.pop()
            fill_bag(state)
        return
    p.pop()
    if kind == ALLY:
        ally_arrives(state)
    else:
        target = q if len(state.ships[q]) < 4 else next_with_room(state, q)
        state.ships[target].append(kind)


def decide_ship(state: SifnosState, top: F.ShipChoice, value: Any) -> None:
    """A Ship moved clockwise by an effect, or none (``done``)."""
    match value:
        case Done():
            state.pending.pop()
        case MoveShip(province=q, place=i):
            state.pending.pop()
            sail(state, q, i)
        case _:
            raise AssertionError(f"{value} at {top}")
