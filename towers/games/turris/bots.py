"""The Turris heuristic used by the greedy and search bots (what the seat may observe only).

``evaluate(state, seat)`` estimates the seat's standing in Prestige: the Prestige it has plus
what its position is worth, every term in Prestige. A bot that looks one atomic action ahead
needs each step of a plan to raise the estimate (a Scout placed where its reward waits, a
resource gathered towards a Mission, the Mission completed). The terms:

- resources: Knowledge, Relics and Weaponry at a base value (Missions pay about one Prestige
  a resource, Complete Mission Step), Artifacts a little more (they stand for any resource
  and Shield a Scout), Ichor while it pays for Collects and revives, less beyond that;
- Missions within reach: the best Missions of the tableau and the seat's reserved ones, at a
  share of their Prestige that grows with the part of their cost the seat holds (a reserved
  Mission costs one resource less); completed Missions bring the next Tower Room nearer;
- Scouts: in reserve, on the board with the reward a Collect will bring (none under a
  Beast; Immediate Locations paid out on Place), at risk near a Beast that Devours; in the
  Graveyard at a loss (a Force Revive costs 3 Ichor and an action);
- the Council track: steps towards the last level's rewards; a token left on the last
  level is worth less than one sent back to the start (its next step has no reward);
- Tower Rooms: their Prestige is scored; a Grove Collect awaiting the Trionfi Step counts
  if the Missions prerequisite is met; Trionfi cards owned and Missions in Ongoing slots for
  their ongoing effects;
- Tactics cards in the seat's own hand, Additional Action tokens, the Future First Player
  card;
- pending rewards on the decision stack that are the seat's (rewards of a Collect still to
  be resolved, resources of choice still to be taken, a Tower Room being chosen).

Nothing hidden is read: the seat's own hand, never another's (their sizes are public), and
never the Tactics deck; Missions, reserved Missions and everything on the board are public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from towers.core.graphs import distance_table
from towers.games.turris.board import gives_reward, is_immediate, reward_source
from towers.games.turris.data import Effect
from towers.games.turris.frames import CollectPick, GainChoice, Rewards, TrionfiChoice
from towers.games.turris.trionfi import may_build

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisGame, TurrisState

# ---- weights, in Prestige ---------------------------------------------------------------------
RESOURCE = 0.45
"""A Knowledge, Relic or Weaponry: Missions pay about 1 Prestige a resource."""
ARTIFACT = 0.6
"""An Artifact: any resource for a payment, or a Shield against a Beast."""
ICHOR = 0.35
"""An Ichor while the seat has Scouts to Collect or revive with it."""
ICHOR_SPARE = 0.03
"""An Ichor beyond those (little: Ichor hoarded wins nothing)."""
ICHOR_KEPT = 2
"""Ichor worth the full value beyond one per Scout on the board and three per dead Scout."""
REACH = 0.45
"""The share of a Mission's Prestige it is worth when its whole cost is held (less than the
resources' value lost on paying, so completing it raises the estimate)."""
REACH_FLOOR = 0.05
"""The share of a Mission's Prestige with nothing of its cost held."""
MISSIONS_COUNTED = 2
"""The best Missions within reach counted (the resources would be shared by more)."""
COMPLETED = 0.5
"""A completed Mission, towards the next Tower Room's prerequisite (Trionfi cards)."""
ROOM_READY = 0.8
"""A share of a Tower Room's Prestige when its prerequisite is met and it is being taken."""
SCOUT_RESERVE = 0.6
"""A Scout in reserve, ready to Place."""
SCOUT_BOARD = 0.3
"""A Scout on the board, before the reward its Collect brings."""
REWARD_SHARE = 0.5
"""The share of a Location's reward a Scout there is worth (a Collect costs an action and an
Ichor, and a Beast may come first)."""
COLLECT_ICHOR = ICHOR
"""What the Ichor paid to recall a Scout is worth (Collect)."""
SCOUT_DEAD = -0.6
"""A Scout in the Graveyard (its Council step is already taken)."""
RISK_NEAR = 0.45
RISK_FAR = 0.2
"""The share lost by a Scout 1 step (2 steps) from a Beast that Devours."""
COUNCIL_STEP = 0.35
"""A level reached on the Council track, towards the last level's rewards."""
COUNCIL_STUCK = -0.4
"""A token left on the last level (its next step goes back to the start without reward)."""
TACTICS = 0.55
"""A Tactics card in hand, up to the hand limit."""
ACTION_TOKEN = 0.6
"""An Additional Action token."""
ACTION_NOW = 0.7
"""An action still to take this turn."""
FUTURE_FIRST = 0.3
"""The Future First Player card."""
ONGOING = 0.8
"""A Trionfi card or a Mission in an Ongoing slot (its ongoing effect)."""
PENDING = 0.9
"""A share of rewards the seat has yet to resolve (optional ones may be declined)."""
MEMO_LIMIT = 200_000
"""Entries kept of the Missions' worth before the memo starts again."""

# What one unit of each effect kind is worth, for the value of a reward.
KIND_VALUE = {
    "council": 0.9,
    "council_reward": 0.7,
    "tactics": TACTICS,
    "play_tactics": 0.3,
    "reserve": 0.5,
    "action": ACTION_NOW,
    "action_token": ACTION_TOKEN,
    "place": 0.4,
    "move_scout": 0.15,
    "move_beast": 0.2,
    "revive": 0.8,
    "sacrifice": -0.3,
    "fruit": 0.1,
    "first_player": FUTURE_FIRST,
    "steal": RESOURCE + 0.1,
}


def _bundle_value(b: object) -> float:
    """What the tokens of a bundle are worth held."""
    return (
        ICHOR * b.I  # type: ignore[attr-defined]
        + RESOURCE * (b.K + b.R + b.W + b.any)  # type: ignore[attr-defined]
        + ARTIFACT * b.A  # type: ignore[attr-defined]
    )


def effects_value(effects: tuple[Effect, ...]) -> float:
    """What resolving ``effects`` is worth, roughly, in Prestige (gains less payments)."""
    v = 0.0
    for e in effects:
        k = e.kind
        if k == "gain":
            v += _bundle_value(e.bundle)
        elif k == "pay":
            v -= _bundle_value(e.bundle)
        elif k == "prestige":
            v += e.n
        elif k == "trade":
            v += max(0.0, _bundle_value(e.bundle) - _bundle_value(e.give))
        elif k == "tower_room":
            v += 0.3 * e.n
        elif k == "revive":
            v += KIND_VALUE["revive"] - _bundle_value(e.bundle)
        else:
            v += KIND_VALUE.get(k, 0.0) * max(1, e.n)
    return v


@dataclass(frozen=True)
class _Tables:
    """What the heuristic reads from the game, worked out once per game."""

    source_value: tuple[float, ...]
    """Per effect source (``TurrisGame.sources``): the value of resolving it."""
    dist: tuple[tuple[int, ...], ...]
    """Steps between any two nodes over the whole board."""
    devours: tuple[bool, ...]
    """Per Beast: whether it Devours."""
    council_level: tuple[int, ...]
    mission_need: tuple[tuple[int, int, int, int, int, int], ...]
    """Per Mission: its cost as (I, K, R, W, any, total)."""
    mission_of: tuple[str, ...]
    mission_prestige: tuple[int, ...]
    tactics_value: tuple[float, ...]
    reach_memo: dict[tuple[int, bool, tuple[int, ...]], float]
    """A Mission's worth by (Mission, reserved, the seat's resources)."""
    node_reward: dict[tuple[int, int, bool], float | None]
    """The value of a Collect by (node, the Site there or -1, whether it is upgraded); None
    where the node is Immediate."""
    missions_memo: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], float]
    """The best Missions' worth by (the tableau, the seat's reserved Missions, its resources)."""


_TABLES: dict[int, tuple[TurrisGame, _Tables]] = {}


def _tables(g: TurrisGame) -> _Tables:
    got = _TABLES.get(id(g))
    if got is not None and got[0] is g:
        return got[1]
    d = g.data
    dist = distance_table(g.adjacent)
    need = []
    for m in d.missions:
        c = m.cost
        need.append((c.I, c.K, c.R, c.W, c.any, c.I + c.K + c.R + c.W + c.any + c.A))
    tables = _Tables(
        source_value=tuple(effects_value(effects) for _, effects in g.sources),
        dist=tuple(dist),
        devours=tuple(b.effect == "devour" for b in d.beasts),
        council_level=tuple(c.level for c in d.council),
        mission_need=tuple(need),
        mission_of=tuple(m.cost.of for m in d.missions),
        mission_prestige=tuple(m.prestige for m in d.missions),
        tactics_value=tuple(
            max(TACTICS, effects_value(g.sources[src][1])) for src in g.src_tactics
        ),
        reach_memo={},
        missions_memo={},
        node_reward={},
    )
    _TABLES[id(g)] = (g, tables)
    return tables


def _covered(need: tuple[int, int, int, int, int, int], of: str, res: list[int]) -> int:
    """How many units of a Mission's cost the holdings cover (Artifacts for any)."""
    covered = 0
    left = [0, 0, 0, 0]
    for t in range(4):
        have = res[t]
        covered += need[t] if have >= need[t] else have
        left[t] = have - need[t] if have > need[t] else 0
    if need[4]:
        spare = sum(left[t] for t, letter in enumerate("IKRW") if letter in of)
        covered += need[4] if spare >= need[4] else spare
    missing = need[5] - covered
    return covered + (res[4] if res[4] < missing else missing)


def _missions_value(state: TurrisState, seat: int, t: _Tables, tableau: tuple[int, ...]) -> float:
    """The best Missions within reach (``tableau``: the Missions of the tableau, as a tuple)."""
    res = state.resources[seat]
    key = tuple(res)
    whole = (tableau, tuple(state.reserved[seat]), key)
    got = t.missions_memo.get(whole)
    if got is not None:
        return got
    memo = t.reach_memo
    if len(memo) > MEMO_LIMIT:
        memo.clear()
        t.missions_memo.clear()
    shares = []
    for reserved, missions in ((False, state.missions), (True, state.reserved[seat])):
        for m in missions:
            got = memo.get((m, reserved, key))
            if got is None:
                need = t.mission_need[m]
                # a reserved Mission costs one resource less
                total = max(1, need[5] - 1) if reserved else need[5]
                frac = min(1.0, _covered(need, t.mission_of[m], res) / total) if total else 1.0
                got = t.mission_prestige[m] * (REACH_FLOOR + (REACH - REACH_FLOOR) * frac * frac)
                memo[(m, reserved, key)] = got
            shares.append(got)
    shares.sort(reverse=True)
    got = t.missions_memo[whole] = sum(shares[:MISSIONS_COUNTED])
    return got


def _scout_worth(state: TurrisState, t: _Tables, seat: int) -> list[tuple[int, float, float]]:
    """Per node holding Scouts (of ``seat``, or of any seat when ``seat`` is -1), in node
    order: (node, the reward a Collect there brings, what a Scout there is worth before a
    Collect). Neither depends on whose Scout it is, so :func:`evaluate_all` finds them once a
    position."""
    g = state.game
    flipped = state.flipped
    devours = t.devours
    # where the Beasts that Devour stand, in Beast order
    hunters = [
        at for b, at in enumerate(state.beast_at) if at >= 0 and devours[b] and not flipped[b]
    ]
    nobody = [0] * g.num_players
    spot_of = g.spot_of
    site_at = state.site_at
    upgraded = state.upgraded
    memo = t.node_reward
    worth = []
    for node, here in enumerate(state.scouts):
        if not here[seat] if seat >= 0 else here == nobody:
            continue
        # what a Collect there brings, by what it depends on: the Site there (if a spot),
        # whether the Location is upgraded; None on an Immediate node (paid on Place)
        k = spot_of[node]
        key = (node, -1 if k < 0 else site_at[k], upgraded[node])
        if key in memo:
            collected = memo[key]
        else:
            collected = None
            if not is_immediate(state, node):
                collected = t.source_value[reward_source(state, node)]
            memo[key] = collected
        reward = 0.0
        if collected is not None and gives_reward(state, node):
            reward = collected
        each = SCOUT_BOARD + REWARD_SHARE * reward
        near = g.n_nodes
        row = t.dist[node]
        for at in hunters:
            if row[at] < near:
                near = row[at]
        if near <= 1:
            each -= RISK_NEAR * (each + SCOUT_RESERVE - SCOUT_DEAD)
        elif near == 2:
            each -= RISK_FAR * (each + SCOUT_RESERVE - SCOUT_DEAD)
        worth.append((node, reward, each))
    return worth


def evaluate(state: TurrisState, seat: int) -> float:
    """The seat's standing in Prestige (see the module docstring)."""
    if state.game_over:
        # the tie-break (most resources) as a fraction of a point
        return float(state.prestige[seat]) + 0.01 * sum(state.resources[seat][:4])
    t = _tables(state.game)
    return _evaluate(state, seat, t, _position(state, t, seat))


def evaluate_all(state: TurrisState) -> list[float]:
    """:func:`evaluate` of every seat at once: the tables looked up, and what does not depend
    on the seat (each Scout's Location reward and risk from the Beasts, the Missions of the
    tableau, the rewards pending on the stack) found once a position rather than once a seat."""
    n = state.game.num_players
    if state.game_over:
        return [evaluate(state, seat) for seat in range(n)]
    t = _tables(state.game)
    at = _position(state, t, -1)
    return [_evaluate(state, seat, t, at) for seat in range(n)]


@dataclass
class _Position:
    """What :func:`_evaluate` reads of a position that does not depend on the seat."""

    worth: list[tuple[int, float, float]]
    """Per node holding Scouts: see :func:`_scout_worth`."""
    tableau: tuple[int, ...]
    """The Missions of the tableau."""
    collect: CollectPick | None
    """The Collect under way on top of the stack, if any."""
    pending: list[tuple[int, float]]
    """The rewards pending on the stack, bottom first: (the seat, their worth)."""


def _position(state: TurrisState, t: _Tables, seat: int) -> _Position:
    """The seat-free parts of a position, for ``seat`` (every seat when -1)."""
    stack = state.stack
    top = stack[-1] if stack else None
    pending = []
    for frame in stack:
        who = getattr(frame, "seat", -1)
        if who < 0 or (seat >= 0 and who != seat):
            continue
        if type(frame) is Rewards:
            pending.append((who, PENDING * sum(max(0.0, t.source_value[p]) for p in frame.packets)))
        elif type(frame) is GainChoice:
            pending.append((who, RESOURCE * frame.n))
        elif type(frame) is TrionfiChoice:
            pending.append((who, ROOM_READY * frame.prestige))
    return _Position(
        worth=_scout_worth(state, t, seat),
        tableau=tuple(state.missions),
        collect=top if type(top) is CollectPick else None,
        pending=pending,
    )


def _scouts_value(
    state: TurrisState,
    seat: int,
    worth: list[tuple[int, float, float]],
    chosen: tuple[int, ...] | None,
    res: list[int],
) -> tuple[float, int]:
    """The seat's Prestige plus its Scouts on the board, and how many those are (``chosen``:
    the Scouts picked by the seat's Collect under way, if any)."""
    value = float(state.prestige[seat])
    scouts = state.scouts
    on_board = 0
    gains: list[float] = []
    for node, reward, each in worth:
        k = scouts[node][seat]
        if not k:
            continue
        on_board += k
        if chosen is None:
            value += k * each
            continue
        recalled = SCOUT_RESERVE + PENDING * max(0.0, reward) - COLLECT_ICHOR
        picked = chosen.count(node)
        value += picked * recalled + (k - picked) * each
        gains += [recalled - each] * (k - picked)
    if chosen is not None:
        # the best further picks the seat's Ichor pays for (1 a Scout, Collect)
        gains.sort(reverse=True)
        affordable = res[0] + res[4] - len(chosen)
        value += sum(x for x in gains[: max(0, affordable)] if x > 0)
    return value, on_board


def _evaluate(state: TurrisState, seat: int, t: _Tables, at: _Position) -> float:
    """:func:`evaluate` of a game not over, given the tables and the seat-free parts."""
    g = state.game
    res = state.resources[seat]

    # ---- Scouts
    # a Collect under way: the Scouts chosen count as recalled with their rewards pending,
    # and the best of the rest as chosen too, so taking the Collect is not judged by an
    # action spent with nothing yet to show for it
    chosen: tuple[int, ...] | None = None
    top = at.collect
    if top is not None and top.seat == seat:
        chosen = top.chosen
    value, on_board = _scouts_value(state, seat, at.worth, chosen, res)
    dead = state.graveyard[seat]
    value += SCOUT_RESERVE * state.reserve[seat] + SCOUT_DEAD * dead

    # ---- resources
    useful = on_board + 3 * dead + ICHOR_KEPT
    ichor = res[0]
    value += ICHOR * min(ichor, useful) + ICHOR_SPARE * max(0, ichor - useful)
    value += RESOURCE * (res[1] + res[2] + res[3]) + ARTIFACT * res[4]
    value += _missions_value(state, seat, t, at.tableau)

    # ---- Missions, Tower Rooms, the Council track
    value += COMPLETED * len(state.completed[seat])
    value += ONGOING * (len(state.ongoing[seat]) + len(state.trionfi_owned[seat]))
    if state.grove_room[seat] and may_build(state, seat):
        value += ROOM_READY * state.grove_room[seat]
    level = t.council_level[state.council[seat]]
    value += COUNCIL_STUCK if level == g.council_levels else COUNCIL_STEP * level

    # ---- cards and tokens
    hand = state.hands[seat]
    limit = g.c["tactics_hand_limit"]
    if len(hand) <= limit:
        value += sum(map(t.tactics_value.__getitem__, hand))
    else:
        value += sum(sorted(map(t.tactics_value.__getitem__, hand), reverse=True)[:limit])
    value += ACTION_TOKEN * state.action_tokens[seat]
    if state.future_first == seat:
        value += FUTURE_FIRST
    if state.active == seat and state.phase == "turns":
        value += ACTION_NOW * max(0, state.actions_left)

    # ---- the seat's rewards still pending on the stack
    for who, pending in at.pending:
        if who == seat:
            value += pending
    return value
