"""1) Action Step of Turris: PLACE, COLLECT, GATHER ICHOR and FORCE REVIVE, a faction's
action (Factional Abilities side B), the Additional Action tokens (Rules Clarification 3),
and a Scout placed by an effect (Minor Rules and Clarifications: it may be placed after a
Collect)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.turris.actions import (
    Collect,
    CollectScout,
    FactionAction,
    ForceRevive,
    GatherIchor,
    Pass,
    Place,
    PlayTactics,
    UseActionToken,
)
from towers.games.turris.data import Bundle
from towers.games.turris.effects import trigger
from towers.games.turris.frames import (
    CollectPick,
    EndTurn,
    PlaceFree,
    Resolving,
    Rewards,
    Turn,
    unanswered,
)
from towers.games.turris.resources import I
from towers.games.turris.twins import gives_reward, ichor, is_immediate, made, pay, reward_source

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def place_nodes(state: TurrisState, seat: int) -> list[int]:
    """Every node a Scout of the seat may be placed on (PLACE): one in its reserve, a
    Location or an Excavation spot holding a Site, no Beast or Betrayer Scout there, room
    under a limit of 1, and an Immediate reward that can be resolved in full."""
    if state.reserve[seat] <= 0:
        return []
    g = state.game
    taken = 0  # the nodes of the Beasts and the Betrayers' Scouts, one bit a node
    for at in state.beast_at:
        if at >= 0:
            taken |= 1 << at
    for at in state.betrayer_at:
        taken |= 1 << at
    spot_of = g.spot_of
    site_at = state.site_at
    site_limit = g.site_limit
    site_immediate = g.site_immediate
    node_limit = g.node_limit
    node_immediate = g.node_immediate
    scouts = state.scouts
    always = g.always_resolvable
    out = []
    for node in g.scout_places:
        if taken >> node & 1:
            continue
        k = spot_of[node]
        if k >= 0:
            site = site_at[k]
            if site < 0:
                continue
            limit = site_limit[site]
            immediate = site_immediate[site]
        else:
            site = -1
            limit = node_limit[node]
            immediate = node_immediate[node]
        if limit == 1 and any(scouts[node]):
            continue
        if immediate:
            # board.reward_source: the Site's, else the Upgrade's once built, else the Location's
            if site >= 0:
                src = g.src_site[site]
            elif state.upgraded[node] and g.src_upgrade[node] >= 0:
                src = g.src_upgrade[node]
            else:
                src = g.src_location[node]
            if not always[src] and not state._can_resolve_source(seat, src, node):
                continue
        out.append(node)
    return out


def place(state: TurrisState, seat: int, node: int) -> None:
    """PLACE a Scout of ``seat`` from its reserve on ``node``; an Immediate reward resolves at
    once."""
    state.reserve[seat] -= 1
    state.scouts[node][seat] += 1
    g = state.game
    trigger(state, seat, "place", g.node_ids[node], g.node_where[node])
    if is_immediate(state, node):
        state.stack.append(made(Resolving, seat, reward_source(state, node), 0))


def collect(state: TurrisState, seat: int, chosen: tuple[int, ...]) -> None:
    """COLLECT the ``chosen`` Scouts: back to the reserve, 1 Ichor each, their rewards (none
    where a Beast or a Betrayer Scout stands, none again for an Immediate Location) in the
    order of the player's choice."""
    g = state.game
    packets = []
    wheres: list[int] = []
    for node in chosen:
        state.scouts[node][seat] -= 1
        state.reserve[seat] += 1
        wheres.append(node)
        # Immediate rewards were had on Place; a Site's reward may be all ongoing
        src = reward_source(state, node)
        if not is_immediate(state, node) and gives_reward(state, node) and g.sources[src][1]:
            packets.append(src)
    for node in sorted(set(wheres)):
        trigger(state, seat, "collect", g.node_ids[node], g.node_where[node])
    if packets:
        state.stack.append(made(Rewards, seat, tuple(packets), True))
    pay(state, seat, ichor(len(chosen) * g.c["collect_cost_per_scout"]))


def revive_cost(state: TurrisState, seat: int) -> Bundle:
    """FORCE REVIVE's cost: 3 Ichor, or 1 with all 4 Scouts in the Graveyard."""
    g = state.game
    all_dead = state.graveyard[seat] == g.c["scouts_per_player"]
    return g.revive_bundles[all_dead]


def faction_action(state: TurrisState, seat: int) -> int:
    """The source of the seat's faction action (side B), or -1."""
    f, s = state.faction[seat], state.side[seat]
    if f < 0:
        return -1
    for src in state.game.faction_actions[f][s]:
        if state._can_resolve_source(seat, src):
            return src
    return -1


def decide_turn(state: TurrisState, top: Turn, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`Turn`."""
    g = state.game
    seat = top.seat
    match value:
        case Place(node=node):
            state.actions_left -= 1
            state.placed_action = True
            place(state, seat, node)
            return
        case Collect():
            state.actions_left -= 1
            state.collected = True
            state.stack.append(made(CollectPick, seat, ()))
            return
        case GatherIchor():
            state.actions_left -= 1
            state.gathers += 1
            # two or more Gather Ichor actions: 1 additional Ichor in total
            bonus = g.gather_bonus if state.gathers == 2 else 0
            state.resources[seat][I] += g.c["gather_ichor"] + bonus
            trigger(state, seat, "gather_ichor")
            return
        case ForceRevive():
            state.actions_left -= 1
            pay(state, seat, revive_cost(state, seat))
            state.graveyard[seat] -= 1
            state.reserve[seat] += 1
            return
        case FactionAction():
            state.actions_left -= 1
            state.stack.append(made(Resolving, seat, faction_action(state, seat), 0))
            return
        case UseActionToken():
            state.action_tokens[seat] -= 1
            state.actions_left += 1
            return
        case PlayTactics(card=card):
            state.tactics_played = True
            state._play_tactics(seat, card)
            return
        case Pass():
            state.stack[-1] = made(EndTurn, seat, 0)
            return
    raise unanswered(top, value)


def decide_collect_pick(state: TurrisState, top: CollectPick, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`CollectPick`."""
    seat = top.seat
    chosen = top.chosen
    match value:
        case CollectScout(node=node):
            state.stack[-1] = made(CollectPick, seat, (*chosen, node))
            return
        case Pass():
            state.stack.pop()
            collect(state, seat, chosen)
            return
    raise unanswered(top, value)


def settle_place_free(state: TurrisState, top: PlaceFree) -> bool:
    """Settle a :class:`PlaceFree` that needs no decision; False: it is put to its seat."""
    seat = top.seat
    n = top.n
    if n <= 0 or not place_nodes(state, seat):
        state.stack.pop()
        return True
    return False


def decide_place_free(state: TurrisState, top: PlaceFree, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`PlaceFree`."""
    seat = top.seat
    n = top.n
    match value:
        case Place(node=node):
            state.stack[-1] = made(PlaceFree, seat, n - 1)
            place(state, seat, node)
            return
        case Pass():
            state.stack.pop()
            return
    raise unanswered(top, value)
