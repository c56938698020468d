"""2. Beast Phase of Turris: for each Beast in order (Pain, Delusion, Despair, Harrow),
1) Choose Target, 2) Plot Path, 3) Move Beast and 4) Resolve Effects (the Pain and the
Harrow Devour, the Delusion moves Scouts away, the Despair makes them discard; an Artifact
Shields a Scout; the Harrow's Chain Attack). The First Player breaks ties of target and
path and moves the Delusion's Scouts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.games.turris.actions import Accept, Choose, Pass, Token
from towers.games.turris.effects import trigger
from towers.games.turris.frames import (
    P_BEASTS,
    P_BETRAYERS,
    BeastEffect,
    BeastPath,
    BeastTurn,
    CouncilStep,
    DespairChoice,
    DisplaceChoice,
    TargetChoice,
    unanswered,
)
from towers.games.turris.resources import ART, I, K, R, W
from towers.games.turris.solo import has_player_scouts, push_betrayers
from towers.games.turris.twins import (
    beast_left,
    beast_on,
    distances,
    ends_beast_move,
    is_alone,
    is_open,
    is_scout_node,
    made,
    move_scout,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


def begin_beast_phase(state: TurrisState) -> None:
    """The Beast Phase: each Beast's turn, Pain first."""
    state.phase = P_BEASTS
    state.active = -1
    for b in reversed(range(len(state.game.data.beasts))):
        state.stack.append(made(BeastTurn, b, False))


def beast_target(state: TurrisState, b: int, chain: bool) -> None:
    """1) Choose Target for Beast ``b``: the Fruit token, else the closest Location with Scouts
    (the most Scouts on a tie, then the First Player's choice), else the Abyss; solo, the
    Beast Movement card with none of the player's Scouts on the board. A flipped Beast
    stands up instead."""
    g = state.game
    at = state.beast_at[b]
    if at < 0:
        return
    if state.flipped[b] and not chain:
        state.flipped[b] = False  # it does not move: it stands up (Move Beast)
        return
    if chain and not chain_goes_on(state, at):
        return
    if state.fruit >= 0:
        target = state.fruit
    elif g.solo and not has_player_scouts(state):
        # none of the player's Scouts on the Main Board: the Beast Movement card (d12)
        target = g.node_of_number[state.movement_card]
    else:
        dist = distances(state, at)
        scouts = state.scouts
        beasts = 0  # the nodes holding a Beast, one bit a node
        for node in state.beast_at:
            if node >= 0:
                beasts |= 1 << node
        best: list[int] = []
        best_d = best_count = 0
        for n, d in dist.items():
            # a Location with a Beast counts as having no Scouts for targeting
            if beasts >> n & 1:
                continue
            count = 0
            for c in scouts[n]:
                count += c
            if not count:
                continue
            # the nearest, then the most Scouts
            if not best or d < best_d or (d == best_d and count > best_count):
                best = [n]
                best_d = d
                best_count = count
            elif d == best_d and count == best_count:
                best.append(n)
        if len(best) > 1:
            state.stack.append(
                made(TargetChoice, state.first_player, b, tuple(sorted(best)), chain)
            )
            return
        target = best[0] if best else g.abyss
    if target == at:
        return
    state.stack.append(path_frame(state, b, target, chain))


def beast_speed(state: TurrisState, b: int) -> int:
    """2) Plot Path: Beast ``b``'s movement speed (2 when the Altar token is on its spot)."""
    g = state.game
    return g.altar_speed[state.altar] if g.altar_beast[state.altar] == b else 1


def path_frame(state: TurrisState, b: int, target: int, chain: bool) -> BeastPath:
    """Plot Beast ``b``'s path to ``target``."""
    return made(BeastPath, state.first_player, b, target, (), beast_speed(state, b), chain)


def path_options(state: TurrisState, top: BeastPath) -> list[int]:
    """The next nodes of a shortest path to the target (the First Player chooses among them)."""
    here = top.path[-1] if top.path else state.beast_at[top.beast]
    return ways_on(state, distances(state, top.target), here)


def ways_on(state: TurrisState, to_target: dict[int, int], here: int) -> list[int]:
    """The nodes next to ``here`` one step nearer the target (``to_target``: its distances)."""
    if here not in to_target:
        return []
    left = to_target[here] - 1
    out = [n for n in state.game.adjacent[here] if to_target.get(n, -1) == left]
    out.sort()
    return out


def settle_path(state: TurrisState, top: BeastPath) -> bool:
    """Extend the path while it has one way on; then move the Beast. False when the First
    Player chooses the way."""
    b = top.beast
    target = top.target
    start = state.beast_at[b]
    total = distances(state, start).get(target)
    if total is None:
        state.stack.pop()
        return True
    path = top.path
    steps = min(top.speed, total)
    if len(path) < steps:
        to_target = distances(state, target)
        while len(path) < steps:
            options = ways_on(state, to_target, path[-1] if path else start)
            if len(options) == 1:
                path = (*path, options[0])
                continue
            if options:
                if len(path) != len(top.path):
                    state.stack[-1] = made(
                        BeastPath, top.seat, b, target, path, top.speed, top.chain
                    )
                return False
            break
    state.stack.pop()
    move_beast(state, b, path, top.chain)
    return True


def move_beast(state: TurrisState, b: int, path: tuple[int, ...], chain: bool) -> None:
    """Move along the plotted path: never ending with another Beast, stopping early at a
    Scout (Move Beast)."""
    start = state.beast_at[b]
    end = start
    for node in path:
        if not is_alone(state, b, node):
            continue  # moved through, if it lands beyond
        end = node
        if ends_beast_move(state, node):
            break
    state.beast_at[b] = end
    beast_left(state, start, end)
    if end != start and sum(state.scouts[end]):
        # the Chain Attack only in the Beast Phase, not on the Betrayer Phase's d4 move
        frame = effect_frame(state, b, end, state.phase != P_BETRAYERS)
        state.stack.append(frame)
    if end != start:
        push_betrayers(state, end)


def effect_frame(state: TurrisState, b: int, node: int, in_phase: bool) -> BeastEffect:
    """4) Resolve Effects of Beast ``b`` on ``node``: its Scouts in turn order from the First
    Player."""
    n = state.game.n_players
    queue = []
    for k in range(n):
        seat = (state.first_player + k) % n
        queue += [seat] * state.scouts[node][seat]
    return made(BeastEffect, queue[0], b, node, tuple(queue), (), in_phase)


def settle_beast_effect(state: TurrisState, top: BeastEffect) -> bool:
    """Resolve the Beast's effect on the next Scout; False when its owner may Shield it with an
    Artifact. Devoured Scouts' owners then advance on the Council track in turn order."""
    if not top.queue:
        state.stack.pop()
        after_effect(state, top)
        # the Devoured Scouts' owners advance on the Council track in turn order from
        # the First Player, each resolving their steps in turn (The Pain)
        for seat in reversed(top.devoured):
            state.stack.append(made(CouncilStep, seat, 1))
        g = state.game
        for seat in reversed(top.devoured):
            trigger(state, seat, "devoured")
            for other in range(g.n_players):
                if other != seat:
                    trigger(state, other, "other_devoured")
        return True
    if state.scouts[top.node][top.seat] <= 0:
        next_scout(state, top, top.devoured)
        return True
    if state.resources[top.seat][ART] > 0:
        return False  # the owner may Shield this Scout with an Artifact
    beast_hits(state, top)
    return True


def next_scout(state: TurrisState, top: BeastEffect, devoured: tuple[int, ...]) -> None:
    """On to the next Scout of the effect's queue."""
    rest = top.queue[1:]
    seat = rest[0] if rest else top.seat
    state.stack[-1] = made(BeastEffect, seat, top.beast, top.node, rest, devoured, top.in_phase)


def beast_hits(state: TurrisState, top: BeastEffect) -> None:
    """The Beast's effect on the Scout on top of the queue: Devour, move it away (the
    Delusion), or a discard (the Despair)."""
    g = state.game
    seat = top.seat
    effect = g.data.beasts[top.beast].effect
    if effect == "devour":
        next_scout(state, top, (*top.devoured, seat))
        state.scouts[top.node][seat] -= 1
        state.graveyard[seat] += 1
    elif effect == "displace":
        next_scout(state, top, top.devoured)
        state.stack.append(made(DisplaceChoice, state.first_player, top.node, seat))
    else:
        next_scout(state, top, top.devoured)
        state.stack.append(made(DespairChoice, seat))


def after_effect(state: TurrisState, top: BeastEffect) -> None:
    """Chain Attack: after a Devour in the Beast Phase the Harrow may go again; whether
    it does is seen once the Devour is resolved, its Council steps and rewards too
    (below them on the stack: :meth:`_chain_goes_on`)."""
    beast = state.game.data.beasts[top.beast]
    if beast.chain_attack and top.in_phase and top.devoured:
        state.stack.append(made(BeastTurn, top.beast, True))


def chain_goes_on(state: TurrisState, at: int) -> bool:
    """A Scout in a Location next to the Harrow and the Fruit off the Main Board."""
    return state.fruit < 0 and any(sum(state.scouts[n]) for n in state.game.adjacent[at])


def displace_destinations(state: TurrisState, node: int) -> list[int]:
    """The Delusion: 1 step away, never into a Crossroads or a Location with another
    Beast; if none, 1 step further beyond them."""
    g = state.game

    near = [n for n in g.adjacent[node] if is_open(state, n)]
    out = [n for n in near if is_scout_node(state, n) and beast_on(state, n) < 0]
    if out:
        return sorted(out)
    far = set()
    for n in near:
        for m in g.adjacent[n]:
            if m != node and is_open(state, m) and is_scout_node(state, m):
                if beast_on(state, m) < 0:
                    far.add(m)
    return sorted(far)


def settle_beast_turn(state: TurrisState, top: BeastTurn) -> bool:
    """Settle a :class:`BeastTurn` that needs no decision; False: it is put to its seat."""
    b = top.beast
    chain = top.chain
    state.stack.pop()
    beast_target(state, b, chain)
    return True


def decide_beast_path(state: TurrisState, top: BeastPath, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`BeastPath`."""
    match value:
        case Choose(node=node):
            path = (*top.path, node)
            state.stack[-1] = made(
                BeastPath, top.seat, top.beast, top.target, path, top.speed, top.chain
            )
            return
    raise unanswered(top, value)


def decide_beast_effect(state: TurrisState, top: BeastEffect, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`BeastEffect`."""
    match value:
        case Accept():
            # Shield: an Artifact ignores the effect on this Scout (Artifacts)
            state.resources[top.seat][ART] -= 1
            next_scout(state, top, top.devoured)
            return
        case Pass():
            beast_hits(state, top)
            return
    raise unanswered(top, value)


def settle_target_choice(state: TurrisState, top: TargetChoice) -> bool:
    """Settle a :class:`TargetChoice` that needs no decision; False: it is put to its seat."""
    options = top.options
    if len(options) == 1:
        state.stack[-1] = path_frame(state, top.beast, options[0], top.chain)
        return True
    return False


def decide_target_choice(state: TurrisState, top: TargetChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`TargetChoice`."""
    b = top.beast
    chain = top.chain
    match value:
        case Choose(node=node):
            state.stack[-1] = path_frame(state, b, node, chain)
            return
    raise unanswered(top, value)


def settle_displace_choice(state: TurrisState, top: DisplaceChoice) -> bool:
    """Settle a :class:`DisplaceChoice` that needs no decision; False: it is put to its seat."""
    node = top.node
    owner = top.owner
    dests = displace_destinations(state, node)
    if len(dests) <= 1:
        state.stack.pop()
        if dests:
            move_scout(state, owner, node, dests[0])
        return True
    return False


def decide_displace_choice(state: TurrisState, top: DisplaceChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`DisplaceChoice`."""
    node = top.node
    owner = top.owner
    match value:
        case Choose(node=dest):
            state.stack.pop()
            move_scout(state, owner, node, dest)
            return
    raise unanswered(top, value)


def settle_despair_choice(state: TurrisState, top: DespairChoice) -> bool:
    """Settle a :class:`DespairChoice` that needs no decision; False: it is put to its seat."""
    seat = top.seat
    kinds = [t for t in (K, R, W) if state.resources[seat][t] > 0]
    if len(kinds) <= 1:
        state.stack.pop()
        if kinds:
            state.resources[seat][kinds[0]] -= 1
        elif state.resources[seat][I] > 0:
            state.resources[seat][I] -= 1
        return True
    return False


def decide_despair_choice(state: TurrisState, top: DespairChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`DespairChoice`."""
    seat = top.seat
    match value:
        case Token(token=t):
            state.stack.pop()
            state.resources[seat][t] -= 1
            return
    raise unanswered(top, value)
