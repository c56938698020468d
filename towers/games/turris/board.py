"""The Main Board of Turris: which nodes exist and what stands on them.

Components (the Main Board: Locations, Crossroads, Excavation spots); Excavation Sites (a
spot without a Site is closed for good once its Beast has left, 2 or 3 players; a Site's
limit and Immediate icon stand for the spot's); 2) Plot Path (the distance between adjacent
nodes is 1 step, the Crossroads count); 3) Move Beast (a Beast never ends with another,
stops at a Scout); Collect (a Beast, or a Betrayer Scout in solo play, prevents the reward).
Queries only, but for a Scout moved and a spot closed."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def beast_on(state: TurrisState, node: int) -> int:
    """The Beast on ``node`` (the first, in Beast order), or -1."""
    return state.beast_at.index(node) if node in state.beast_at else -1


def site_of(state: TurrisState, node: int) -> int:
    k = state.game.spot_of[node]
    return -1 if k < 0 else state.site_at[k]


def is_open(state: TurrisState, node: int) -> bool:
    """A node that exists now: every node but an Excavation spot with no Site once its
    Beast has left (Excavation Sites, 2 or 3 players)."""
    k = state.game.spot_of[node]
    return k < 0 or state.site_at[k] >= 0 or state.spot_open[k]


def open_nodes(state: TurrisState) -> list[bool]:
    """:func:`is_open` of every node, by node."""
    site_at = state.site_at
    spot_open = state.spot_open
    return [k < 0 or site_at[k] >= 0 or spot_open[k] for k in state.game.spot_of]


def is_scout_node(state: TurrisState, node: int) -> bool:
    """A Location, or an Excavation spot holding a Site."""
    g = state.game
    if g.is_location[node]:
        return True
    k = g.spot_of[node]
    return k >= 0 and state.site_at[k] >= 0


def reward_source(state: TurrisState, node: int) -> int:
    """The effects a Scout on ``node`` gets: its Excavation Site's, else its Location Upgrade's
    once built, else the Location's."""
    g = state.game
    site = site_of(state, node)
    if site >= 0:
        return g.src_site[site]
    if state.upgraded[node] and g.src_upgrade[node] >= 0:
        return g.src_upgrade[node]
    return g.src_location[node]


def scout_limit(state: TurrisState, node: int) -> int:
    """How many Scouts ``node`` takes (1: the limit-to-1 icon)."""
    site = site_of(state, node)
    if site >= 0:
        return state.game.data.excavation_sites[site].limit
    return state.game.nodes[node].limit


def is_immediate(state: TurrisState, node: int) -> bool:
    """Whether ``node`` is Immediate (its reward resolved on PLACE)."""
    site = site_of(state, node)
    if site >= 0:
        return state.game.data.excavation_sites[site].immediate
    return state.game.nodes[node].immediate


def scout_nodes(state: TurrisState, seat: int) -> list[int]:
    """The nodes holding Scouts of ``seat``."""
    return [n for n, here in enumerate(state.scouts) if here[seat] > 0]


def distances(state: TurrisState, start: int) -> dict[int, int]:
    """Steps from ``start`` over the nodes that exist (Crossroads count: Plot Path).
    The table is shared by every state of this board shape: read it, never change it."""
    # the key: the start node, and a bit for each spot that exists (a Site there, or open)
    site_at = state.site_at
    spot_open = state.spot_open
    key = start
    bit = state.game.n_nodes  # start + n_nodes * (the bits of the spots that exist)
    for k in range(len(site_at)):
        if site_at[k] >= 0 or spot_open[k]:
            key += bit
        bit <<= 1
    tables = state.game.distance_tables
    dist = tables.get(key)
    if dist is None:
        dist = tables[key] = search_distances(state, start)
    return dist


def search_distances(state: TurrisState, start: int) -> dict[int, int]:
    adjacent = state.game.adjacent
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for there in adjacent[here]:
                if there not in dist and is_open(state, there):
                    dist[there] = dist[here] + 1
                    nxt.append(there)
        frontier = nxt
    return dist


def gives_reward(state: TurrisState, node: int) -> bool:
    """No Beast and no Betrayer Scout there to prevent its reward (Collect; Player Turn
    Phase (Solo))."""
    return beast_on(state, node) < 0 and node not in state.betrayer_at


def move_scout(state: TurrisState, seat: int, frm: int, to: int) -> None:
    """Move a Scout of ``seat`` from ``frm`` to ``to`` (not a PLACE: no Immediate reward, no
    limit)."""
    state.scouts[frm][seat] -= 1
    state.scouts[to][seat] += 1


def scout_moves(state: TurrisState, origin: int, steps: int) -> list[int]:
    """Where a Scout on ``origin`` may be moved by up to ``steps`` steps: Locations and Sites,
    never a Crossroads."""
    dist = distances(state, origin)
    return [
        n
        for n, d in dist.items()
        if 0 < d <= steps and is_scout_node(state, n) and n not in state.game.crossroads
    ]


def movable_scouts(state: TurrisState, seat: int, steps: int) -> list[int]:
    """The nodes of the seat's Scouts that have somewhere to move."""
    return [n for n in scout_nodes(state, seat) if scout_moves(state, n, steps)]


def fruit_nodes(state: TurrisState) -> list[int]:
    return [n for n in range(state.game.n_nodes) if is_scout_node(state, n)]


def is_alone(state: TurrisState, beast: int, node: int) -> bool:
    """No Beast but ``beast`` on ``node``."""
    at = state.beast_at
    return at.count(node) == (at[beast] == node)


def ends_beast_move(state: TurrisState, node: int) -> bool:
    """A Scout there ends a Beast's move; a Betrayer Scout too (Beast Phase (Solo) 2)."""
    return bool(sum(state.scouts[node])) or node in state.betrayer_at


def beast_left(state: TurrisState, start: int, end: int) -> None:
    if start != end:
        vacate(state, start)


def vacate(state: TurrisState, node: int) -> None:
    """A Beast is gone from ``node``: an Excavation spot with no Site is closed for good
    (Excavation Sites: "thereafter ... treated as if they do not exist")."""
    g = state.game
    if g.nodes[node].kind == "excavation":
        k = g.spots.index(node)
        if state.site_at[k] < 0:
            state.spot_open[k] = False
