"""The Return to Dark Tower heuristic used by the greedy and search bots: how a seat stands,
from 0 (lost) to 1 (won), read from what that seat may observe only.

Cooperative game: ``evaluate(state, seat)`` is the same for every seat (the team wins or
loses together):

- progress toward the goal: each of the main goal's steps done, the rooms cleared in the
  current dungeon, or for a quest step the share of its requirement the readiest hero holds
  (or is about to take: gear, a virtue, a treasure), with half of what the others hold when
  it may be traded to that hero (a trade being put together counting as made, and half of
  what it could still hand over), and once the adversary is on the board each of its cards
  resolved;
- where the heroes stand: each hero is drawn to the next dungeon or the adversary (to a quest
  step's place, the more the readier it is), and to the best other errand within reach, a
  building with skulls to cleanse (more the more skulls it holds and the emptier the supply),
  a foe it is strong enough to beat, or, while the team is short of what a quest step asks,
  a building whose Reinforce gives it (less while the hero cannot pay for that Reinforce);
  cleansing or exploring is always worth more than standing on the space, so a hero that
  arrives acts;
- the heroes' strength for battles and dungeons: warriors and spirit (with diminishing
  worth), gear, potions and treasures;
- the dangers: skulls on buildings (more the fuller a building), buildings destroyed, a
  supply running low (an empty supply loses), corruptions (a third loses), foes on the board
  and their status, and the months running out.

Competitive game: each seat is valued on its own race: its heroic tests completed; how ready
it is for the tests it still needs (the share of each test's requirement it holds: warriors,
spirit, gear, potions, treasures, virtues or advantages; its own cards, which only it sees);
how near it stands to a test's place, the more the readier it is for that test, or, with
three done, to the Tower; its strength, corruptions and Amulets of Hope. The rooms of the
Tower dungeon count for a hero who may enter it.

The race is mostly lost by elimination, and most eliminations come from the supply: the hero
who must drop a skull when none is left is out. So each competitor also weighs
:func:`doomed`: the hero whose drop would find the supply empty if no skull came back to it,
one drop a turn, a penalty the surer the nearer that drop (a cleanse of an odd number of
skulls passes it on to another hero), and none when the sixth month ends first; and, with one
corruption left before the third, each building of its home kingdom holding three skulls,
which a fourth destroys for a corruption. A lead in the race counts for less as the months run
out, since at the end of the sixth month nobody wins.

Nothing hidden is read: the skulls inside the tower count by their public total only, and
another hero's heroic tests are never looked at.
"""

from __future__ import annotations

import math

from towers.core.game import State
from towers.core.graphs import distance_table
from towers.games.dark_tower import actions as A
from towers.games.dark_tower import frames as F
from towers.games.dark_tower.constants import (
    LOSING_CORRUPTIONS,
    N_FOES,
    TESTS_TO_ENTER,
    TOWER_SPACES,
)
from towers.games.dark_tower.data import (
    DATA,
    GAIN_GEAR,
    GAIN_MARKET,
    GAIN_POTION,
    GAIN_SPIRIT,
    GAIN_TREASURE,
    GAIN_VIRTUE,
    GAIN_WARRIORS,
    Quest,
)
from towers.games.dark_tower.rules import DarkTowerState

ROOMS = int(DATA.game["dungeon"]["rooms"])
MONTHS = int(DATA.game["months"]["count"])
TOTAL_SKULLS = int(DATA.game["skulls"]["total"])
FULL = int(DATA.game["skulls"]["building_capacity"])
FAR = distance_table(DATA.adjacent)
REACH = 10
"""Spaces beyond which a hero counts as far from an errand."""
BUILDING_AT = tuple(b.location for b in DATA.buildings)
N_LOC = len(DATA.locations)

GOAL_PULL = 0.05
"""The worth of standing on the next dungeon (or the adversary's space)."""
CLEANSE_PULL = 0.004
"""The worth of standing on a building, for each skull on it, before the supply's urgency."""
FOE_PULL = 0.003
"""The worth of standing on a foe the hero can beat, for each level of the foe."""
BEATS = 3
"""A hero can beat a foe with at least this many warriors and spirit for each of its levels."""
DOOM = 0.15
"""The competitive penalty of the hero whose drop would find the supply empty, when it is
the next drop."""
DOOM_REACH = 3
"""How many turns of drops ahead, per hero in the game, :func:`doomed` still counts."""
RACE_FLOOR = 0.3
"""The share of its worth a lead in the race keeps on the sixth month's last turn."""
BRINK = 0.04
"""The competitive penalty, for a hero one corruption from elimination, of each building of
its home kingdom holding three skulls."""
READY = 0.05
"""The competitive worth of holding all a heroic test requires, for each test still needed."""
STEP_READY = 0.5
"""The share of a main goal's quest step counted as done when a hero holds all it requires."""
SUPPLY_PULL = 0.03
"""The worth of standing on a building whose Reinforce gives what a quest step asks, when the
team is short of at least one."""
GAINS = {
    "warriors": (GAIN_WARRIORS,),
    "spirit": (GAIN_SPIRIT,),
    "gear": (GAIN_GEAR,),
    "advantages": (GAIN_GEAR,),
    "potions": (GAIN_POTION,),
    "treasures": (GAIN_TREASURE, GAIN_MARKET),
    "virtues": (GAIN_VIRTUE,),
}
"""The effects that give what a quest asks for (gear gives advantages)."""
COMING: dict[str, tuple[type, ...]] = {
    "gear": (F.ChooseGear,),
    "advantages": (F.ChooseGear,),
    "potions": (F.PotionDraw,),
    "treasures": (F.ChooseMarket, F.TreasureDraw),
    "virtues": (F.ChooseVirtue,),
}
"""The decisions and draws in hand that give what a quest asks for."""
TRADED = ("warriors", "spirit", "gear", "advantages", "potions", "treasures")
"""What heroes may hand one another in a trade (Making Trades: warriors, spirit and items; not
virtues), so that what every hero holds counts toward a quest step."""
TRADE_SHARE = 0.5
"""The worth toward a quest step of what a hero other than the readiest holds, as a share of
the readiest hero's own: it must still be handed over, on a shared space."""
TRADE_HOPE = 0.5
"""The share of what a trade being put together could add toward a quest step that counts
before its items are offered (see :func:`team_readiness`)."""
ITEM_RANGE = {
    "warriors": (0, 1),
    "spirit": (1, 2),
    "gear": (A.GEAR_ITEM, A.POTION_ITEM),
    "potions": (A.POTION_ITEM, A.TREASURE_ITEM),
    "treasures": (A.TREASURE_ITEM, A.COMPANION_ITEM),
}
"""The trade items (actions.ITEM codes) of each kind of requirement that may be traded."""


def supply_cost(building: int, codes: tuple[int, ...]) -> int | None:
    """The spirit a Reinforce at ``building`` costs to give one of ``codes``: 0 when its free
    Reinforce gives it, its enhanced cost when only the enhanced one does, None otherwise."""
    kind = DATA.building_types[DATA.buildings[building].type]
    if any(code in codes for code, _ in kind.free):
        return 0
    if any(code in codes for code, _ in kind.enhanced):
        return kind.enhanced_cost
    return None


SUPPLIERS = {
    what: tuple(
        (b, cost) for b in range(len(DATA.buildings)) if (cost := supply_cost(b, codes)) is not None
    )
    for what, codes in GAINS.items()
}
"""The buildings whose Reinforce (free or enhanced) gives what a quest asks for, each with the
spirit it costs."""


def objective(state: DarkTowerState) -> int:
    """Where the team must go next: the main goal's dungeon or quest, then the adversary."""
    steps = state.game.goal.steps
    if state.goal_step < len(steps):
        return steps[state.goal_step][0]
    return state.adversary_at


def progress(state: State) -> float:
    """The share of the way to victory, 0 to 1: the steps of the main goal (a dungeon's
    cleared rooms counting toward its step, and toward a quest step the share of its
    requirement the readiest hero holds), then the adversary's cards."""
    s = state
    assert isinstance(s, DarkTowerState)
    steps = len(s.game.goal.steps)
    done: float = s.goal_step
    if s.goal_step < steps:
        quest = step_quest(s)
        if quest is None:
            done += bin(s.cleared).count("1") / (ROOMS * 2)
        else:
            done += STEP_READY * team_readiness(s, quest)
    cards = s.game.adversary_cards
    adversary = (cards - s.adv_left) / cards
    return 0.6 * done / steps + 0.4 * adversary


def step_quest(s: DarkTowerState) -> Quest | None:
    """What the main goal's current step asks for; None for a dungeon, or with every step done."""
    quests = s.game.goal.quests
    return quests[s.goal_step] if s.goal_step < len(quests) else None


def held(s: DarkTowerState, h: int, quest: Quest, coming: bool = False) -> int:
    """How much of a quest's requirement hero ``h`` holds; with ``coming``, counting what it is
    about to take (gear, a virtue, a treasure of the market, potions or treasures being drawn)
    as held, and what a trade being made would hand it or take from it as moved."""
    count = s.toward(h, quest)
    if coming:
        frames = COMING.get(quest.what, ())
        for frame in s.pending:
            if isinstance(frame, frames) and frame.seat == h:  # type: ignore[attr-defined]
                count += getattr(frame, "n", 1)
            elif isinstance(frame, F.Trade | F.TradeAnswer):
                trader = frame.seat if isinstance(frame, F.Trade) else frame.trader
                for to, i in F.pairs(frame.offer):
                    count += moved(i, quest.what) * ((h == to) - (h == trader))
                for frm, i in F.pairs(frame.ask):
                    count += moved(i, quest.what) * ((h == trader) - (h == frm))
    return count


def moved(item: int, what: str) -> int:
    """1 if a trade's item (an actions.ITEM code) is of the kind a quest asks for, else 0."""
    low, high = ITEM_RANGE.get(what, (0, 0))
    return int(low <= item < high)


def readiness(s: DarkTowerState, h: int, quest: Quest, coming: bool = False) -> float:
    """The share of a quest's requirement hero ``h`` holds, 0 to 1 (``coming`` as in
    :func:`held`)."""
    return min(1.0, held(s, h, quest, coming) / quest.amount)


def team_readiness(s: DarkTowerState, quest: Quest) -> float:
    """The share of a quest step's requirement the team holds, 0 to 1: the readiest hero's,
    and for what may be traded (:data:`TRADED`), :data:`TRADE_SHARE` of what the others hold,
    so that gathering by any hero counts and handing it to one hero counts more.

    While a trade is being put together, :data:`TRADE_HOPE` of what it could add, were all
    of the two heroes' share of the requirement handed to the readier, counts too: opening
    such a trade is worth something at once, and each item of it offered or asked more."""
    counts = [held(s, h, quest, True) for h in range(len(s.at))]
    if quest.what not in TRADED:
        return min(1.0, max(counts) / quest.amount)
    share = pooled(counts) / quest.amount
    top = s.pending[-1] if s.pending else None
    if isinstance(top, F.Trade):
        pair = list(counts)
        a, b = (
            (top.seat, top.partner)
            if counts[top.seat] >= counts[top.partner]
            else (top.partner, top.seat)
        )
        pair[a], pair[b] = counts[a] + counts[b], 0
        hope = pooled(pair) / quest.amount
        if hope > share:
            share += TRADE_HOPE * (hope - share)
    return min(1.0, share)


def pooled(counts: list[int]) -> float:
    """The readiest hero's count and :data:`TRADE_SHARE` of the others'."""
    best = max(counts)
    return best + TRADE_SHARE * (sum(counts) - best)


def closeness(distance: int) -> float:
    """1 on the space, falling to 0 at :data:`REACH` spaces."""
    return 1 - min(distance, REACH) / REACH


def hero_strength(s: DarkTowerState, h: int) -> float:
    """A hero's means for battles and dungeons, about 0 (nothing) to 2 (plenty)."""
    value = min(s.warriors[h], 20) / 20 + min(s.spirit[h], 10) / 10
    value += 0.1 * sum(s.gear[h]) + 0.1 * sum(s.potions[h]) + 0.1 * len(s.treasures[h])
    return value - 0.6 * len(s.corruptions[h]) ** 2


def errand(
    s: DarkTowerState,
    h: int,
    target: int,
    urgency: float,
    drawn: float = 1.0,
    need: float = 0.0,
    suppliers: tuple[tuple[int, int], ...] = (),
) -> float:
    """The worth of where hero ``h`` stands: how near the goal (``drawn``: how much the goal
    draws this hero), and the best of its other errands (a building to cleanse, a foe to
    beat, a building whose Reinforce gives what a quest step asks, worth ``need``), each
    valued by how near it is."""
    here = FAR[s.at[h]]
    goal = GOAL_PULL * drawn * closeness(here[target]) if target >= 0 else 0.0
    best = 0.0
    if need:
        spirit = s.spirit[h]
        for b, cost in suppliers:
            if s.skulls[b] >= 0:
                # a Reinforce the hero cannot pay for yet draws it less
                worth = SUPPLY_PULL * need * closeness(here[BUILDING_AT[b]])
                if spirit < cost:
                    worth *= (spirit + 1) / (cost + 1)
                if worth > best:
                    best = worth
    for b, k in enumerate(s.skulls):
        if k > 0:
            worth = CLEANSE_PULL * k * urgency * closeness(here[BUILDING_AT[b]])
            if worth > best:
                best = worth
    might = s.warriors[h] + s.spirit[h]
    if not s.corruptions[h]:
        for f in range(N_FOES):
            level = DATA.foes[s.game.foes[f]].level
            if might < BEATS * level:
                continue
            for loc in range(N_LOC):
                if s.foes[loc * N_FOES + f]:
                    worth = FOE_PULL * level * closeness(here[loc])
                    if worth > best:
                        best = worth
    return goal + best


def danger(s: DarkTowerState) -> float:
    """What threatens the team, about 0 (nothing) to 3 or more (lost soon)."""
    load = sum(k * k for k in s.skulls if k > 0) / (FULL * FULL) / len(s.skulls)
    load += 3 * sum(k for k in s.skulls if k > 0) / TOTAL_SKULLS
    load += 0.15 * sum(1 for k in s.skulls if k < 0)
    load += 0.1 * sum(1 for k in s.skulls if k >= FULL)
    load += 2 * (1 - s.supply / TOTAL_SKULLS) ** 2
    foes = sum(s.foes) * (1 + 0.25 * max(s.status))
    return load + 0.02 * foes


def evaluate(state: State, seat: int) -> float:
    """The seat's standing, 0 (lost) to 1 (won) (see the module docstring)."""
    s = state
    assert isinstance(s, DarkTowerState)
    if s.game.competitive:
        return competitor(s, seat)
    if s.result:
        return 1.0 if s.result > 0 else 0.0
    n = len(s.at)
    strength = sum(hero_strength(s, h) for h in range(n)) / n
    time_left = (MONTHS - s.month + s.turns_left / max(1, s.game.month_turns)) / MONTHS
    urgency = 1 + 2 * (1 - s.supply / TOTAL_SKULLS)
    target = objective(s)
    quest = step_quest(s)
    if quest is None:
        place = sum(errand(s, h, target, urgency) for h in range(n)) / n
    else:
        # a quest step draws a hero to its place the more of its requirement that hero holds
        # (the square: a hero handed the others' share is drawn more than they all were), and
        # to the buildings that give what it lacks the less it holds, or for what may be
        # traded, the less the team holds
        shares = [readiness(s, h, quest, True) for h in range(n)]
        suppliers = SUPPLIERS[quest.what]
        # the need is for whole units: a hero one short is drawn as much as one far short;
        # what may be traded is short only when all the heroes hold too little
        if quest.what in TRADED:
            total = sum(held(s, h, quest, True) for h in range(n))
            needs = [min(1.0, max(0, quest.amount - total))] * n
        else:
            needs = [min(1.0, quest.amount * (1 - share)) for share in shares]
        place = sum(
            errand(s, h, target, urgency, shares[h] ** 2, needs[h], suppliers) for h in range(n)
        )
        place /= n
    value = 0.55 * progress(s) + place + 0.15 * max(-1.0, min(1.0, strength / 2))
    # the danger counts in full: with a ceiling on it, a team past it no longer minded more
    # skulls and idled while the supply ran out
    value += 0.1 * time_left - 0.1 * danger(s)
    return within(0.3 + value)


EDGE = 0.05
"""How near 0 or 1 a standing may come before it is bent toward them (see :func:`within`)."""


def within(value: float) -> float:
    """``value`` between :data:`EDGE` and 1 - EDGE as it is, beyond them bent smoothly toward 0
    or 1 and never reaching them (they mean lost and won): a worse position always stands
    lower, however bad."""
    if value < EDGE:
        return EDGE * math.exp((value - EDGE) / EDGE)
    if value > 1 - EDGE:
        return 1 - EDGE * math.exp((1 - EDGE - value) / EDGE)
    return value


def doomed(s: DarkTowerState) -> tuple[int, float]:
    """The hero whose drop would find the supply empty if no skull came back to it (the
    drops in hand first, then one drop a turn in turn order), and how sure that is: 1 when it
    is the next drop, falling to 0 at :data:`DOOM_REACH` turns of every hero still in."""
    live = s.live_seats()
    if not live:
        return -1, 0.0
    left = s.supply
    for frame in reversed(s.pending):
        if isinstance(frame, F.SkullDrops) and frame.n > 0:
            if left < frame.n:
                return frame.dropper, 1.0
            left -= frame.n
    n = s.game.num_players
    turn_open = any(isinstance(f, (F.StartTurn, F.Turn)) and f.seat == s.current for f in s.pending)
    if left >= turn_drops(s, turn_open):
        return -1, 0.0  # the game ends before the supply does
    order = []
    first = s.current if turn_open else (s.current + 1) % n
    for step in range(n):
        seat = (first + step) % n
        if not s.eliminated[seat]:
            order.append(seat)
    return order[left % len(order)], max(0.0, 1 - left / (DOOM_REACH * len(order)))


def turn_drops(s: DarkTowerState, turn_open: bool) -> int:
    """The turns' drops still to come before the sixth month ends (the current turn's if its
    drop is still to come)."""
    return s.turns_left - (0 if turn_open else 1) + (MONTHS - s.month) * s.game.month_turns


def brink(s: DarkTowerState, seat: int) -> int:
    """Buildings of the hero's home kingdom that a fourth skull would destroy, counted when a
    corruption more would eliminate it (with no Amulet of Hope to take it)."""
    if len(s.corruptions[seat]) + 1 < LOSING_CORRUPTIONS or s.amulets[seat]:
        return 0
    home = s.game.kingdoms[seat]
    return sum(1 for b, k in enumerate(s.skulls) if k >= FULL and DATA.buildings[b].kingdom == home)


def evaluate_all(state: State) -> list[float]:
    """:func:`evaluate` of every seat at once: in the cooperative game the team's one
    standing (it does not depend on the seat), found once rather than once a seat."""
    assert isinstance(state, DarkTowerState)
    n = state.game.num_players
    if state.game.competitive:
        return [competitor(state, seat) for seat in range(n)]
    return [evaluate(state, 0)] * n


def competitor(s: DarkTowerState, seat: int) -> float:
    """A hero's standing in the race for the relic (see the module docstring)."""
    if s.result or s.winner >= 0:
        return 1.0 if s.winner == seat else 0.0
    if s.eliminated[seat]:
        return 0.0
    done = s.tests_completed(seat)
    here = FAR[s.at[seat]]
    ready = 0.0
    if done >= TESTS_TO_ENTER:
        pull = closeness(min(here[t] for t in TOWER_SPACES))
        rooms = bin(s.cleared).count("1") / max(1, len(s.rooms))
    else:
        # each test open is as ready as the share of its requirement the hero holds; the
        # readiest it still needs count, and it is drawn to a test's place the readier it is
        pull = 0.0
        shares = []
        for kind, q in enumerate(s.tests[seat]):
            if q >= 0 and not s.tests_done[seat] >> kind & 1:
                quest = DATA.quests[q]
                share = readiness(s, seat, quest)
                shares.append(share)
                pull = max(pull, share * share * closeness(here[quest.location]))
        ready = sum(sorted(shares, reverse=True)[: TESTS_TO_ENTER - done])
        rooms = 0.0
    race = 0.12 * done + READY * ready + 0.15 * rooms + 0.04 * pull
    race += 0.1 * max(-1.0, min(1.0, hero_strength(s, seat) / 2)) + 0.05 * s.amulets[seat]
    # a lead in the race is worth less as the months run out: at the end nobody wins
    time_left = (MONTHS - s.month + s.turns_left / max(1, s.game.month_turns)) / MONTHS
    value = race * (RACE_FLOOR + (1 - RACE_FLOOR) * time_left) - 0.05 * min(3.0, danger(s))
    who, sureness = doomed(s)
    if who == seat:
        value -= DOOM * sureness
    value -= BRINK * brink(s, seat)
    return max(0.01, min(0.99, 0.3 + value))
