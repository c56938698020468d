"""Helpers for the Towers of Sifnos rules tests: a game set up with the first outcome of each
draw and then cleared, and the words for acting on it.

A cleared game is seat 0's Prepare on an empty map: no Die, Tower, Soldier, Fort, Tent or
Ship anywhere, no face-up card, every hand, Supply and Workshop empty (back in the draw pile and Reserves),
every Soldier in its Barracks. The tests in builders.py put on it what a rulebook example
shows.
"""

from __future__ import annotations

import towers
from towers.games.sifnos import actions as A
from towers.games.sifnos.cards import add_to_hand
from towers.games.sifnos.data import MINERALS
from towers.games.sifnos.rules import SifnosState

D = A.DATA
LEAD, SILVER, GOLD = range(3)
ALLY = 3
MARKER_SPACES = ("face_up_cards", "scoring_tiles", "invasion", "ally_1", "ally_2", "ally_3")


def region(name: str) -> int:
    return D.region_index(name)


def space(name: str) -> int:
    return D.space_index(name)


def province(name: str) -> int:
    return D.province_index(name)


def large(name: str) -> int:
    """A larger Province's place clockwise (the index of ``state.ships``)."""
    return D.large.index(province(name))


def card(name: str) -> int:
    return D.card_index(name)


def mineral(name: str) -> int:
    return MINERALS.index(name)


def act(state: SifnosState, text: str) -> None:
    state.apply_action(state.string_to_action(text))


def play(state: SifnosState, *texts: str) -> None:
    """Act each of these in turn."""
    for text in texts:
        act(state, text)


def names(state: SifnosState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def refresh(state: SifnosState) -> None:
    """Forget the cached legal actions after a test edits the state directly."""
    state._legal = None
    state._legal_set = None


def resolve(state: SifnosState) -> None:
    """Take the first outcome of every chance node until a player decides (or the end)."""
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])


def new_game(players: int = 3) -> SifnosState:
    """Set up with the first outcome of each draw, then cleared (see the module docstring)."""
    state = towers.make("sifnos", players=players).new_initial_state()
    assert isinstance(state, SifnosState)
    resolve(state)
    clear(state)
    return state


def clear(state: SifnosState) -> None:
    sides = state.game.sides
    for seat in range(sides):
        state.deck.shuffle_in(state.hands[seat])
        state.hands[seat] = []
        state.dice_reserve[seat] += len(state.dice_supply[seat]) + len(state.workshop[seat])
        state.dice_supply[seat] = []
        state.workshop[seat] = []
        for image, n in enumerate(state.tower_supply[seat]):
            state.tower_reserve[seat][image] += n
        state.tower_supply[seat] = [0] * len(state.tower_supply[seat])
        state.barracks[seat] += state.soldier_supply[seat]
        state.soldier_supply[seat] = 0
    for r in range(len(D.regions)):
        if state.die_owner[r] >= 0:
            state.dice_reserve[state.die_owner[r]] += 1
        state.die_owner[r] = -1
        state.die_value[r] = 0
    for s, stack in enumerate(state.stacks):
        for t in stack:
            state.tower_reserve[t >> 3][t & 7] += 1
        state.stacks[s] = []
    state.ships = [[] for _ in D.large]
    state.deck.shuffle_in(state.face_up)
    state.face_up = []
    refresh(state)


# ---------------------------------------------------------------------------- putting things
def hand(state: SifnosState, seat: int, *cards: str) -> None:
    """Give ``seat`` these cards from the draw pile."""
    for name in cards:
        c = card(name)
        state.deck.draw(c)
        add_to_hand(state, seat, c)
    refresh(state)


def face_up(state: SifnosState, *cards: str) -> None:
    """These cards face up on the Main Board (from the draw pile)."""
    for name in cards:
        c = card(name)
        state.deck.draw(c)
        state.face_up.append(c)
    refresh(state)


def placed(state: SifnosState, seat: int, *cards: str) -> None:
    """These cards above ``seat``'s Player Board (taken from the draw pile, no Influence)."""
    for name in cards:
        c = card(name)
        state.deck.draw(c)
        state.placed[seat].append(c)
    refresh(state)


def supply_dice(state: SifnosState, seat: int, *values: int) -> None:
    for v in values:
        state.dice_reserve[seat] -= 1
        state.dice_supply[seat].append(v)
    refresh(state)


def workshop_dice(state: SifnosState, seat: int, *values: int) -> None:
    for v in values:
        state.dice_reserve[seat] -= 1
        state.workshop[seat].append(v)
    refresh(state)


def supply_towers(state: SifnosState, seat: int, *images: str) -> None:
    from towers.games.sifnos.data import IMAGES

    for name in images:
        i = IMAGES.index(name)
        state.tower_reserve[seat][i] -= 1
        state.tower_supply[seat][i] += 1
    refresh(state)


def die(state: SifnosState, seat: int, where: str, value: int | None = None) -> None:
    r = region(where)
    state.dice_reserve[seat] -= 1
    state.die_owner[r] = seat
    state.die_value[r] = D.regions[r].value if value is None else value
    refresh(state)


def tower(state: SifnosState, seat: int, where: str, image: int | None = None) -> None:
    """A Tower of ``seat`` on top of the space's stack (its image the space's, unless given)."""
    s = space(where)
    image = D.spaces[s].image if image is None else image
    state.tower_reserve[seat][image] -= 1
    state.stacks[s].append(seat * 8 + image)
    refresh(state)


def beacon(state: SifnosState, seat: int, where: str) -> None:
    """A Beacon of ``seat`` on its Tower there (the first Beacon left on its board)."""
    slot = next(
        p.index for p in D.pieces if p.kind == "beacon" and state.pieces[seat][p.index] >= 0
    )
    state.pieces[seat][slot] = -1
    state.beacon_at[space(where)] = seat
    refresh(state)


def soldier(state: SifnosState, seat: int, where: str) -> None:
    state.barracks[seat] -= 1
    r = region(where)
    if r == D.central:
        state.central[seat] += 1
    else:
        state.soldier_at[r] = seat
    refresh(state)


def supply_soldiers(state: SifnosState, seat: int, n: int = 1) -> None:
    state.barracks[seat] -= n
    state.soldier_supply[seat] += n
    refresh(state)


def fort(state: SifnosState, seat: int, where: str) -> None:
    """A Fort of ``seat`` in the Region (the first Fort left on its board)."""
    slot = next(p.index for p in D.pieces if p.kind == "fort" and state.pieces[seat][p.index] >= 0)
    state.pieces[seat][slot] = -1
    state.fort_at[region(where)] = seat
    refresh(state)


def tent(state: SifnosState, seat: int, where: str, n: int = 1) -> None:
    state.tents[seat][province(where)] += n
    refresh(state)


def ships(state: SifnosState, where: str, *kinds: str) -> None:
    """The Province's Ships, front first (kinds: lead, silver, gold, ally)."""
    state.ships[large(where)] = [(*MINERALS, "ally").index(k) for k in kinds]
    refresh(state)


def markers(state: SifnosState, **minerals: str) -> None:
    """Mineral Markers by space name (face_up_cards, scoring_tiles, invasion, ally_1...)."""
    for key, name in minerals.items():
        state.markers[MARKER_SPACES.index(key)] = mineral(name)
    refresh(state)


def hand_size(state: SifnosState) -> list[int]:
    return [len(h) for h in state.hands]


def pieces_left(state: SifnosState, seat: int, kind: str) -> int:
    return sum(1 for p in D.pieces if p.kind == kind and state.pieces[seat][p.index] >= 0)
