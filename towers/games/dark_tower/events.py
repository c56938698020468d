"""Events: the event card drawn at the end of a turn (Foes Strike, Foes Spawn, Foes Grow in
Power, The Tower Stirs, The Tower Acts, Companion Events, New Wares), and how a foe moves
toward a hero when it strikes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import DISTANCES, MAX_STATUS, N_FOES, N_LOC
from towers.games.dark_tower.data import DATA

if TYPE_CHECKING:
    from towers.games.dark_tower.rules import DarkTowerState


def event(state: DarkTowerState, seat: int, c: int) -> None:
    event = DATA.events[c]
    p = state.pending
    match event.category:
        case "foes_strike":
            state._strike(event.foe)
        case "foes_spawn":
            if state._tokens_left(event.foe):
                p.append(F.Spawn(foe=event.foe, n=event.count))
        case "foes_grow":
            slots = range(N_FOES) if event.foe < 0 else (event.foe,)
            for f in slots:
                if state._on_board(f):
                    state.status[f] = min(MAX_STATUS, state.status[f] + 1)
        case "tower_stirs":
            if event.seal:
                if state.tower.sealed_openings():
                    p.append(F.SealGlow(dropper=seat))
            else:
                state.tower.rotate(event.level, event.steps)
                if state.tower.is_releasing():
                    p.append(F.RELEASING[seat])
        case "tower_acts":
            adversary = DATA.foes[state.game.adversary]
            kingdom = state.tower.glyph_sides()["battle"]
            for hero in reversed(state.live_seats()):
                if DATA.locations[state.at[hero]].kingdom == kingdom:
                    state._effects(hero, adversary.strike[0])
        case "companion":
            if event.calm and any(state.companions):
                # designed (events.toml): the companions' deeds calm a foe one step
                for f in range(N_FOES) if event.foe < 0 else (event.foe,):
                    if state._on_board(f):
                        state.status[f] = max(0, state.status[f] - 1)
            for hero in reversed(state.live_seats()):
                if state.companions[hero]:
                    state._effects(hero, event.effects)
        case "new_wares":
            if any(t >= 0 for t in state.market) and state.treasure_deck.has_cards():
                p.append(F.NewWares(seat=seat, replaced=0))


def tokens_left(state: DarkTowerState, f: int) -> int:
    # the foes are held N_FOES a space: every N_FOES-th count from f is foe f's
    on_board = sum(state.foes[f : N_LOC * N_FOES : N_FOES])
    return DATA.foes[state.game.foes[f]].tokens - on_board


def on_board(state: DarkTowerState, f: int) -> bool:
    return any(state.foes[f : N_LOC * N_FOES : N_FOES])


def strike(state: DarkTowerState, f: int) -> None:
    """Foes Strike: each token steps toward the nearest hero (its status says how far),
    then each hero on a space with one of its tokens suffers its strike."""
    if not state._on_board(f):
        return
    foe = DATA.foes[state.game.foes[f]]
    steps = foe.strike_moves[state.status[f]]
    if steps:
        moved = [0] * N_LOC
        for loc in range(N_LOC):
            count = state.foes[loc * N_FOES + f]
            if count:
                moved[state._toward_hero(loc, steps)] += count
        for loc in range(N_LOC):
            state.foes[loc * N_FOES + f] = moved[loc]
    for hero in reversed(state.live_seats()):
        if state.foes[state.at[hero] * N_FOES + f]:
            state._effects(hero, foe.strike[state.status[f]])


def toward_hero(state: DarkTowerState, loc: int, steps: int) -> int:
    """Designed: a foe steps along a shortest path to the nearest hero; ties go to the
    hero of the lower seat and the space listed first."""
    far = DISTANCES
    for _ in range(steps):
        heroes = [state.at[s] for s in state.live_seats()]
        target = min(heroes, key=lambda h: far[loc][h])
        if far[loc][target] == 0:
            break
        loc = min(DATA.adjacent[loc], key=lambda a: far[a][target])
    return loc


def decide_new_wares(state: DarkTowerState, top: F.NewWares, value: Any) -> None:
    """New Wares: the player replaces treasures of the market, one at a time, or is done."""
    p = state.pending
    match value:
        case A.ReplaceWare(slot=s):
            state.market[s] = -1
            p[-1] = F.NewWares(seat=top.seat, replaced=top.replaced | 1 << s)
            p.append(F.TreasureDraw(seat=-1, n=1, slot=s))
        case A.Done():
            p.pop()
        case _:
            raise AssertionError((top, value))
