"""The Tiletum heuristic used by the greedy and search bots (public information only).

``evaluate(state, seat)`` estimates the VP the seat will have at the end of the game: the VP
it has plus what its position is worth, every term in VP. A bot that looks one atomic action
ahead needs every step of a plan to raise the estimate: a resource gathered towards a stored
contract, a figure a step nearer a free space, a character placed in a room. The terms:

- projects: each stored contract and each cathedral the seat may contribute to is worth a
  share of its VP that grows with the resources gathered for it (those are shared out,
  the densest project first); resources no project needs are worth a base value that falls
  to the final scoring's 1/4 VP as the game ends, gold a little less;
- houses x pillars: the product of the houses and pillars expected on the map at the end,
  those in supply counted by how few steps the merchant or architect has to a free space;
  the cathedral the architect heads for counts as a project;
- King track: the VP of the King phases to come, the marker losing the corruption expected
  before each (this round's unrevealed tokens, then a whole round's);
- fairs: this round's fair if the seat has a house there or its merchant is there or on its
  way, later fairs in towns where it has a house, at the count it meets now;
- buildings: rooms filled and crests placed on the way to a full or completed building,
  completed buildings as the final scoring counts them, their bonus action points by the
  turns left;
- storehouse: characters and crests at part of what placing them gives, helpers at part of
  what they give;
- action points: those held this turn and those of a die being chosen, each worth what a
  point does for its action (a King step exactly, the others a capped share of their best
  use), so the die is judged with its action.

Everything read is public (Tiletum hides nothing); the stack is read only for the seat whose
turn it is.

``setup.py`` compiles this text with ``bots.pxd`` into a twin, ``bots_c`` (counts as C longs,
VP as C doubles, the arithmetic in the same order); the plugin's heuristics,
:func:`estimate` and :func:`estimate_all`, are the twin's functions when it is built and up to
date (:mod:`towers.core.compiled`), else this module's, and the tests hold the two to the same
floats at every state of random games.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from towers.core.compiled import twin
from towers.core.graphs import distance_table
from towers.games.tiletum.action_phase import action_of_value
from towers.games.tiletum.data import (
    ARCHITECT,
    CAT_CHARACTER,
    CAT_CONTRACT,
    CAT_CREST,
    CAT_HELPER,
    CHARACTER,
    CONTRACT,
    FAIR_KING,
    FIG_MERCHANT,
    FX_ACTION,
    FX_ADD_AP,
    FX_ANY,
    FX_GAIN,
    FX_KING,
    FX_VP,
    GOLD,
    JOKER,
    KING,
    MERCHANT,
    STONE,
    TiletumData,
)
from towers.games.tiletum.fair import fair_count
from towers.games.tiletum.frames import (
    EMPTY,
    ActionOfChoice,
    ChooseDieValue,
    CompletedBuilding,
    DieResources,
    HouseAnywhere,
    MoveAnywhere,
    OpenDieAction,
    PayIdentical,
    PerformAction,
    PillarAnywhere,
    ResourcesOfChoice,
)
from towers.games.tiletum.king import king_leader

if TYPE_CHECKING:
    from towers.games.tiletum.rules import TiletumState

# ---- weights, in VP or shares of VP --------------------------------------------------------
PROJECT_HELD = 0.25
"""A stored contract's (or open contribution's) share of its VP before anything is gathered."""
PROJECT_GATHERED = 0.55
"""The further share earned in proportion to the resources gathered for it."""
PROJECT_DONE = PROJECT_HELD + PROJECT_GATHERED
"""Its share once all is gathered: fulfilling it adds the rest."""
RESOURCE_EARLY = 0.55
"""A resource no project needs, six turns or more from the end."""
GOLD_SHARE = 0.8
"""Gold against another resource."""
PLACE_SHARE = 0.75
"""A house or pillar in supply with its figure at a free space, against one on the map."""
STEP_DECAY = 0.1
"""The share lost per step the figure still has to walk to a free space."""
REACH_FLOOR = 0.25
"""The least share a free space far away keeps."""
NEXT_SPACE_STEPS = 4
"""Steps counted between one free space and the next (the next town on a road)."""
PILLAR_PROJECT = 3.0
"""What placing a pillar adds beyond houses x pillars (the contribution it opens), as an
architect's action points see it."""
ROOM = 1.6
"""A filled room, six turns or more from the end (then less, to nothing at the end)."""
CREST_PLACED = 1.5
"""A crest under a building that takes characters, likewise."""
CHARACTER_STORED = 0.5
CREST_STORED = 1.6
HELPER_SHARE = 0.8
"""A helper in the storehouse against using it."""
BONUS_AP_USE = 0.2
"""VP a bonus action point earns per turn left (an action taken about a third of turns)."""
LEADER = 1.0
"""First on the King track: the King tile and first in turn order."""
FAIR_NOW = 0.9
FAIR_LATER = 0.6
FAIR_ON_THE_WAY = 0.45
"""This round's fair, the merchant on its way, at most (less per step)."""
AP_SHARE = 0.7
"""An action point held against the best use it has now."""
AP_CAP = 0.9
AP_FLOOR = 0.25
AP_CHARACTER = 0.6


@dataclass(frozen=True)
class _Tables:
    """What the heuristic reads from the data, worked out once per data set."""

    dist: tuple[tuple[int, ...], ...]
    """Steps between any two spots of the map."""
    towns_by_steps: tuple[tuple[tuple[int, int], ...], ...]
    """From each spot, (steps, town) for every town, nearest first."""
    cathedrals_by_steps: tuple[tuple[tuple[int, int], ...], ...]
    """From each spot, (steps, cathedral) for every cathedral, nearest first."""
    reach: tuple[tuple[float, ...], ...]
    """By a figure's steps to a free space: the share of the i-th house or pillar in supply."""
    reached: tuple[tuple[float, ...], ...]
    """By steps: the shares of the first n houses or pillars in supply, summed."""
    character_buildings: tuple[int, ...]
    """The buildings that take characters."""
    contract_value: tuple[float, ...]
    """Per tile kind: a contract's VP plus what its benefits are worth."""
    contract_fixed: tuple[tuple[tuple[int, int], ...], ...]
    """Per tile kind: a contract's fixed resources as (resource, amount) pairs."""
    contract_need: tuple[int, ...]
    """Per tile kind: how many resources a contract takes in all."""
    helper_value: tuple[tuple[float, float, float], ...]
    """Per tile kind: a helper's (VP and action points, resources, gold)."""
    stone: tuple[tuple[tuple[int, int], ...], ...]
    """By an amount of stone: a cathedral contribution's fixed resources, ((STONE, n),)."""
    round_drop: float
    """King track spaces lost to the corruption of a whole round, expected."""
    king_memo: dict[tuple[int, ...], float]
    """king_outlook by (position, round, tokens revealed, tokens left of each value)."""


_TABLES: dict[int, tuple[TiletumData, _Tables]] = {}


def _tables(d: TiletumData) -> _Tables:
    """The tables of the data set ``d``, worked out at its first look-up."""
    got = _TABLES.get(id(d))
    if got is not None and got[0] is d:
        return got[1]
    return _make_tables(d)


def _make_tables(d: TiletumData) -> _Tables:
    n = len(d.spot_names)
    dist = distance_table(d.adjacent)
    contract_value = []
    helper_value = []
    for k in d.kinds:
        v = float(k.vp)
        fixed = res = gold = 0.0
        for code, a, b in k.effects:
            if code == FX_VP:
                fixed += a
            elif code == FX_KING:
                v += a
            elif code == FX_ACTION:
                v += 0.6 * b
                fixed += 0.5 * b
            elif code == FX_ADD_AP:
                fixed += 0.5 * a
            elif code == FX_GAIN:
                if a == GOLD:
                    gold += b
                else:
                    res += b
            elif code == FX_ANY:
                res += a
            else:
                v += 0.5
                fixed += 0.5
        contract_value.append(v)
        helper_value.append((fixed, res, gold))
    towns = range(len(d.towns))
    houses = d.houses_roof + d.houses_tiletum + d.houses_supply
    most = max(houses, d.pillars_on_contracts + d.pillars_supply) + 1
    reach = tuple(
        tuple(
            max(REACH_FLOOR, PLACE_SHARE - STEP_DECAY * (steps + NEXT_SPACE_STEPS * i))
            for i in range(most)
        )
        for steps in range(n + 1)
    )
    reached = tuple(tuple(sum(row[:k]) for k in range(most)) for row in reach)
    spots = [c.town for c in d.cathedrals]
    tables = _Tables(
        dist=tuple(dist),
        towns_by_steps=tuple(tuple(sorted((row[u], u) for u in towns)) for row in dist),
        cathedrals_by_steps=tuple(
            tuple(sorted((row[u], c) for c, u in enumerate(spots))) for row in dist
        ),
        reach=reach,
        reached=reached,
        character_buildings=tuple(b for b, bld in enumerate(d.buildings) if not bld.occupied),
        contract_value=tuple(contract_value),
        contract_fixed=tuple(tuple((r, n) for r, n in enumerate(k.pay) if n) for k in d.kinds),
        contract_need=tuple(sum(k.pay) + k.same for k in d.kinds),
        helper_value=tuple(helper_value),
        stone=tuple(((STONE, n),) for n in range(max(d.cost_stone) + 1)),
        round_drop=d.corruption_per_round * sum(d.corruption_tokens) / len(d.corruption_tokens),
        king_memo={},
    )
    _TABLES[id(d)] = (d, tables)
    return tables


def king_outlook(state: TiletumState, pos: int) -> float:
    """VP of the King phases still to come for a marker now at ``pos``: before each, the
    marker loses the corruption expected (this round's tokens not yet revealed, then a whole
    round's); one below the start is put back there after scoring (King phase)."""
    d = state.game.data
    return _king_outlook(state, pos, _tables(d), d)


def _king_outlook(state: TiletumState, pos: int, t: _Tables, d: TiletumData) -> float:
    """``king_outlook`` given the tables and the data."""
    left = state.corruption_tokens.counts
    revealed = len(state.corruption_revealed)
    key = (pos, state.round, revealed, left[0], left[1], left[2])
    got = t.king_memo.get(key)
    if got is not None:
        return got
    track = d.king_track
    top = len(track) - 1
    start = d.king_start
    n_left = left[0] + left[1] + left[2]
    drop = (d.corruption_per_round - revealed) * (left[1] + 2 * left[2]) / n_left if n_left else 0.0
    round_drop = t.round_drop
    p = float(pos if pos < top else top)
    total = 0.0
    for _ in range(d.rounds - state.round):
        p -= drop
        if p <= 0.0:
            p = 0.0
            total += track[0]
        else:
            i = int(p)
            total += track[i] if i == top else track[i] + (p - i) * (track[i + 1] - track[i])
        if p < start:
            p = float(start)
        drop = round_drop
    t.king_memo[key] = total
    return total


def evaluate(state: TiletumState, seat: int) -> float:
    """The VP the seat may expect at the end of the game (see the module docstring)."""
    if state.game_over:
        return float(state.vp[seat])
    d = state.game.data
    return _evaluate(state, seat, _tables(d), d, king_leader(state))


def evaluate_all(state: TiletumState) -> list[float]:
    """``evaluate`` of every seat, the tables and the King track's leader looked up once."""
    if state.game_over:
        return [float(v) for v in state.vp]
    d = state.game.data
    t = _tables(d)
    leader = king_leader(state)
    return [_evaluate(state, seat, t, d, leader) for seat in range(len(state.vp))]


def _evaluate(state: TiletumState, seat: int, t: _Tables, d: TiletumData, leader: int) -> float:
    """``evaluate`` of a game not over, given the tables, the data and the leader on the King
    track."""
    vp = float(state.vp[seat])
    rounds_left = d.rounds - state.round
    # Turns still to come whose die is not yet taken, and those with this one if it is under way.
    turns_left = rounds_left * d.turns_per_round - len(state.dice_taken[seat])
    mine = state.active_player == seat
    stack = state.stack
    taking = mine and len(stack) > 0 and type(stack[-1]) is ChooseDieValue
    if taking:
        turns_left -= 1
    acting = turns_left + 1 if mine and (taking or state.die_colour >= 0) else turns_left
    late = turns_left / 6.0 if turns_left < 6 else 1.0
    per_vp = 1.0 / d.resources_per_vp
    rv = per_vp + (RESOURCE_EARLY - per_vp) * late

    if mine:
        due = _pending(state, seat, vp, turns_left, d)
    else:
        due = (vp, state.resources[seat][:], 0, 0, 0, False, False, -1, _NO_ITEMS)
    value, res, wild, houses_due, pillars_due, merchant_jumps, architect_jumps, paying, ap_items = (
        due
    )
    h_exp, p_exp, h_steps, p_steps, p_target, p_first, pillar_gain = _placing(
        state, seat, t, houses_due, pillars_due, merchant_jumps, architect_jumps, acting
    )
    value += h_exp * p_exp
    value = _projects(
        state, seat, t, d, res, wild, paying, p_target, p_first, pillar_gain, value,
        turns_left, late, rv,
    )  # fmt: skip

    # ---- King track
    pos = state.king_track[seat]
    king_now = _king_outlook(state, pos, t, d)
    value += king_now
    if leader == seat:
        value += LEADER
    value = _fairs(state, seat, t, d, value, rounds_left, acting)

    # ---- buildings
    # Rooms filled and crests placed, on the way to roof houses and completed buildings (which
    # count on their own: the house in supply, the bonus action points, the final scoring).
    rooms = state.rooms[seat]
    crests = state.crests[seat]
    filled = len(rooms) - rooms.count(EMPTY)
    crested = 0
    for b in t.character_buildings:
        if crests[b] >= 0:
            crested += 1
    value += (ROOM * filled + CREST_PLACED * crested) * late
    completed = state.completed_buildings[seat]  # a bit a building
    count = 0
    while completed:
        completed &= completed - 1
        count += 1
    value += d.completed_buildings_vp[count]
    bonus = 0
    for n in state.bonus_action_points[seat]:
        bonus += n
    value += bonus * BONUS_AP_USE * turns_left

    # ---- action points held or coming this turn
    if ap_items:
        top = len(d.king_track) - 1
        king_step = _king_outlook(state, pos + 1, t, d) - king_now if pos < top else 0.0
        h_gain = (p_exp + 1.0) / (h_steps + 1) if h_steps >= 0 else 0.0
        p_gain = (h_exp + PILLAR_PROJECT) / (p_steps + 1) if p_steps >= 0 else 0.0
        offer = False
        for act, _ in ap_items:
            if act < 0 or act == CONTRACT:
                offer = True
                break
        apv = _ap_values(state, seat, t, d, king_step, res, rv, h_gain, p_gain, offer)
        best = max(apv)
        for act, ap in ap_items:
            value += ap * (best if act < 0 else apv[act])
    return value


_NO_ITEMS: list[tuple[int, int]] = []
"""The action points pending for a seat not to move (never changed)."""


def _pending(
    state: TiletumState, seat: int, vp: float, turns_left: int, d: TiletumData
) -> tuple[float, list[int], int, int, int, bool, bool, int, list[tuple[int, int]]]:
    """What this turn has pending for the seat to move, read from the decisions on its stack:
    (the value with the completed buildings' bonus to come, the resources with those due,
    resources of choice, houses and pillars to place anywhere, whether the merchant and the
    architect may move anywhere, the contract being paid or -1, (action or -1 for one of
    choice, action points) of the actions to perform)."""
    res = state.resources[seat][:]
    value = vp
    wild = houses_due = pillars_due = 0
    merchant_jumps = architect_jumps = False
    paying = -1
    ap_items: list[tuple[int, int]] = []
    bonus = state.bonus_action_points[seat]
    # by type, the most frequent first (a class pattern costs more than a type test)
    for e in state.stack:
        if type(e) is PerformAction:
            ap_items.append((e.action, e.action_points))
        elif type(e) is ChooseDieValue:
            # A die taken, its value not yet set: judged at the value it shows.
            shown = e.value
            res[e.colour] += shown
            act = action_of_value(state, shown)
            ap = d.action_points_base - shown
            ap_items.append((-1, ap) if act == JOKER else (act, ap + bonus[act]))
        elif type(e) is DieResources:
            res[e.colour] += e.amount
        elif type(e) is OpenDieAction:
            act = e.action
            ap = e.action_points
            ap_items.append((-1, ap) if act == JOKER else (act, ap + bonus[act]))
        elif type(e) is ActionOfChoice:
            ap_items.append((-1, e.action_points))
        elif type(e) is ResourcesOfChoice:
            wild += e.count
        elif type(e) is PayIdentical:
            paying = e.contract
        elif type(e) is HouseAnywhere:
            houses_due += 1
        elif type(e) is PillarAnywhere:
            pillars_due += 1
        elif type(e) is MoveAnywhere:
            if e.figure == FIG_MERCHANT:
                merchant_jumps = True
            else:
                architect_jumps = True
        elif type(e) is CompletedBuilding:
            # The bonus goes on one of the building's actions, whichever is chosen.
            value += d.buildings[e.building].rooms * BONUS_AP_USE * turns_left
    return (
        value, res, wild, houses_due, pillars_due, merchant_jumps, architect_jumps, paying,
        ap_items,
    )  # fmt: skip


def _placing(
    state: TiletumState,
    seat: int,
    t: _Tables,
    houses_due: int,
    pillars_due: int,
    merchant_jumps: bool,
    architect_jumps: bool,
    acting: int,
) -> tuple[float, float, int, int, int, float, float]:
    """Houses x pillars, those on the map and those in supply by their figure's way to the
    nearest free space: (houses and pillars expected, the merchant's and the architect's
    steps to a free space or -1, the cathedral the architect heads for, the share of the
    first pillar in supply, what the pillar a contract space frees adds)."""
    house_towns = state.houses_on_map[seat]
    pillar_sites = state.pillars_on_map[seat]
    h_supply = state.houses_in_supply[seat] - houses_due
    p_supply = state.pillars_in_supply[seat] - pillars_due
    h_steps = -1
    if h_supply > 0:
        houses = state.house_spaces
        for s, town in t.towns_by_steps[state.merchant[seat]]:
            if EMPTY in houses[town] and town not in house_towns:
                h_steps = 0 if merchant_jumps else s
                break
    p_steps = p_target = -1
    pillars = state.pillar_spaces
    for s, c in t.cathedrals_by_steps[state.architect[seat]]:
        if EMPTY in pillars[c] and c not in pillar_sites:
            p_steps = 0 if architect_jumps else s
            p_target = c
            break
    # Those in supply, one a turn at most: the first by its figure's steps, each next one a
    # free space further (reach[steps][i] is the share of the i-th, reached the sum of the first).
    h_exp = float(len(house_towns) + houses_due)
    if h_steps >= 0 and acting > 0:
        h_exp += t.reached[h_steps][h_supply if h_supply < acting else acting]
    p_exp = float(len(pillar_sites) + pillars_due)
    p_first = p_next = 0.0  # the share of the first pillar in supply, and of one more
    if p_steps >= 0 and acting > 0:
        reach = t.reach[p_steps]
        if p_supply < acting:
            p_exp += t.reached[p_steps][p_supply]
            p_next = reach[p_supply]
        else:
            p_exp += t.reached[p_steps][acting]
        if p_supply > 0:
            p_first = reach[0]
    # The pillar a contract space frees adds as much.
    return h_exp, p_exp, h_steps, p_steps, p_target, p_first, p_next * h_exp


def _projects(
    state: TiletumState,
    seat: int,
    t: _Tables,
    d: TiletumData,
    res: list[int],
    wild: int,
    paying: int,
    p_target: int,
    p_first: float,
    pillar_gain: float,
    value: float,
    turns_left: int,
    late: float,
    rv: float,
) -> float:
    """``value`` with the projects (stored contracts and cathedral contributions, by what is
    gathered), the other tiles stored and the resources left over (``res`` and ``wild``, of
    which the projects take theirs; ``res`` is changed)."""
    g = state.game
    k_cat = g.tile_category
    projects: list[tuple[float, int, tuple[tuple[int, int], ...], int]] = []
    slot = len(state.fulfilled_contracts[seat])
    space_vp = d.contract_space_vp
    space_pillar = d.contract_space_pillar
    rooms = state.rooms[seat]
    crests = state.crests[seat]
    for k in state.storehouse[seat]:
        cat = k_cat[k]
        if cat == CAT_CONTRACT:
            v = t.contract_value[k]
            if slot < len(space_vp):
                v += space_vp[slot]
                if space_pillar[slot]:
                    v += pillar_gain
            slot += 1
            projects.append((v, t.contract_need[k], t.contract_fixed[k], g.contract_identical[k]))
            if k == paying:
                # Being paid now: as good as fulfilled (its resources are still here).
                value += (1.0 - PROJECT_DONE) * v
        elif cat == CAT_CHARACTER:
            if EMPTY in rooms:
                value += CHARACTER_STORED * late
        elif cat == CAT_CREST:
            if EMPTY in crests:
                value += CREST_STORED * late
        elif cat == CAT_HELPER:
            fixed, n_res, n_gold = t.helper_value[k]
            value += HELPER_SHARE * (fixed + (n_res + GOLD_SHARE * n_gold) * rv) * late
    cathedral_left = state.cathedral_tiles_left
    if p_first > 0.0 and cathedral_left[p_target] > 0:
        # The cathedral the architect heads for, as far as it is within reach.
        cost = state.construction_costs[p_target]
        tile = d.cathedrals[p_target].tiles[cathedral_left[p_target] - 1]
        stone = d.cost_stone[cost]
        projects.append((p_first * (d.cost_vp[cost] + tile), stone, t.stone[stone], 0))
    taken = state.cathedral_tiles[seat]
    for c in state.pillars_on_map[seat]:
        left = cathedral_left[c]
        if left > 0 and c not in taken:
            cost = state.construction_costs[c]
            stone = d.cost_stone[cost]
            v = float(d.cost_vp[cost] + d.cathedrals[c].tiles[left - 1])
            projects.append((v, stone, t.stone[stone], 0))
    if projects:
        if len(projects) > 1:
            projects.sort(key=_density, reverse=True)
        # A project far from done may not be finished in the last turns.
        hurry = 1.0 if turns_left >= 3 else 0.4 + 0.2 * turns_left
        for v, need, pay, same in projects:
            got = 0
            for r, want in pay:
                have = res[r]
                take = want if have >= want else have
                res[r] = have - take
                got += take
            if same:
                r = res.index(max(res))
                have = res[r]
                take = same if have >= same else have
                res[r] = have - take
                got += take
            if got < need and wild:
                fill = need - got if wild >= need - got else wild
                wild -= fill
                got += fill
            if got >= need:
                value += PROJECT_DONE * v
            else:
                value += (PROJECT_HELD + PROJECT_GATHERED * got / need) * v * hurry
    total = 0
    for n in res:
        total += n
    return value + (total - (1.0 - GOLD_SHARE) * res[GOLD] + wild) * rv


def _fairs(
    state: TiletumState,
    seat: int,
    t: _Tables,
    d: TiletumData,
    value: float,
    rounds_left: int,
    acting: int,
) -> float:
    """``value`` with this round's and the later fairs the seat may take part in."""
    house_towns = state.houses_on_map[seat]
    merchant = state.merchant[seat]
    now = state.round
    fair_tiles = state.fair_tiles
    fair_towns = state.fair_towns
    for r in range(now, d.rounds):
        tile = fair_tiles[r]
        town = fair_towns[r]
        if tile < 0 or town < 0:
            continue
        if town in house_towns:
            share = FAIR_NOW if r == now else FAIR_LATER
        elif r != now:
            continue
        elif merchant == town:
            share = FAIR_NOW
        elif acting > (rounds_left - 1) * d.turns_per_round:
            # The merchant may still get there this round.
            share = FAIR_ON_THE_WAY * (1.0 - STEP_DECAY * t.dist[merchant][town])
            if share <= 0.0:
                continue
        else:
            continue
        cond = d.fair_condition[tile]
        each = d.fair_board_vp[r] + d.fair_vp[tile]
        value += share * (each if cond == FAIR_KING else each * fair_count(state, seat, cond))
    return value


def _density(project: tuple[float, int, tuple[tuple[int, int], ...], int]) -> float:
    return project[0] / project[1] if project[1] else 0.0


def _ap_values(
    state: TiletumState,
    seat: int,
    t: _Tables,
    d: TiletumData,
    king_step: float,
    leftover: list[int],
    rv: float,
    h_gain: float,
    p_gain: float,
    offer: bool,
) -> list[float]:
    """What one action point is worth to each action now: a King step exactly; to the other
    actions a share of the best thing it does per point, capped, so that one lucky option
    does not make a die look better than it is. The contract offer is looked at only if
    ``offer`` (the contract action's points are wanted)."""
    g = state.game
    store = state.storehouse[seat]
    room = len(store) < d.storehouse_size
    out = [0.0] * 5
    out[ARCHITECT] = min(AP_CAP, AP_SHARE * p_gain) if p_gain > 0 else AP_FLOOR
    out[MERCHANT] = min(AP_CAP, AP_SHARE * h_gain) if h_gain > 0 else AP_FLOOR
    out[CHARACTER] = AP_CHARACTER if room and EMPTY in state.rooms[seat] else AP_FLOOR
    out[KING] = king_step
    # Contract: the best contract of the offer for what it costs, with what is left over.
    best = AP_FLOOR
    k_cat = g.tile_category
    slot = len(state.fulfilled_contracts[seat])
    for k in store:
        if k_cat[k] == CAT_CONTRACT:
            slot += 1
    if offer and room and slot < len(d.contract_space_vp):
        costs = d.contract_offer_costs
        space = d.contract_space_vp[slot]
        i = -1
        for k in state.contract_offer:
            i += 1
            if k < 0:
                continue
            need = t.contract_need[k]
            got = 0
            for r, want in t.contract_fixed[k]:
                have = leftover[r]
                got += want if have >= want else have
            same = g.contract_identical[k]
            if same:
                pay = g.contract_pay[k]
                spare = leftover[0] - pay[0]
                for r in range(1, 5):
                    if leftover[r] - pay[r] > spare:
                        spare = leftover[r] - pay[r]
                if spare > 0:
                    got += same if spare >= same else spare
            share = PROJECT_DONE if got >= need else PROJECT_HELD + PROJECT_GATHERED * got / need
            per = ((t.contract_value[k] + space) * share - got * rv) / costs[i]
            if per > best:
                best = per
    out[CONTRACT] = min(AP_CAP, AP_SHARE * best) if best > AP_FLOOR else AP_FLOOR
    return out


# ---- the compiled twin -----------------------------------------------------------------------
ESTIMATE = sys.modules[__name__]
"""The module the plugin's heuristics run on: this one's compiled twin when it is built."""
if not __name__.endswith("_c"):  # the twin itself runs this text too, and keeps itself
    ESTIMATE = twin(ESTIMATE)
estimate = ESTIMATE.evaluate
"""``evaluate`` as the bots run it (the plugin's ``heuristic``)."""
estimate_all = ESTIMATE.evaluate_all
"""``evaluate_all`` as the bots run it (the plugin's ``heuristics``)."""
