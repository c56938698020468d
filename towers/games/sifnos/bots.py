"""The Towers of Sifnos heuristic used by the greedy and search bots (what the seat may
observe only).

``evaluate(state, seat)`` estimates the seat's standing in victory points: the VP it would
score if the game ended now (:func:`towers.games.sifnos.scoring.breakdown`, its roundings
smoothed) plus what its position is worth, every term in VP. A bot that looks one atomic
action ahead needs each step of a plan to raise the estimate (a Die placed where an invasion
pays, a Tower towards a Beacon, a Workshop Die on a Building that will pay). The terms:

- cards in hand: each worth more early (they pay for placements and effects) than at the end
  (a quarter VP in a set of 4); cards above the Player Board for their effects to come;
- Dice and Towers in the Supply, Dice in the Workshop (a Building space each), Dice on the
  map (they come back to the Workshop after an invasion), Soldiers in the Supply;
- invasions: in each larger Province, the chance it is invaded soon (by its Dice) times the
  seat's share of the prize (Influence per Ship, the empty spaces' bonuses) by its Might
  against the strongest other side's, or else the cards its uncovered Towers and Tents draw;
- Buildings: the rewards still to come of a Building begun, by the part of it built, while a
  next Die can still go on it;
- Beacons: Regions where the seat has three (two) of the four corner Towers;
- the Influence tracks: a mineral nearing the third space (the face-up cards) or the fifth
  (the Scoring Tiles) while one is left; the third Allied Ship's mineral by the majority it
  would score now, counted more as the Allied Ships come; the first and second Allied Ships'
  minerals for the cards they will draw;
- rows of Forts and Beacons nearly emptied; a Tent short of a pair;
- the seat's own turn: major actions still to take, Recoup's Dice, Towers and cards to come
  (so using a Die before Recoup draws it back costs nothing);
- decisions pending on the stack that are the seat's: cards to discard or give (a loss),
  Influence, a face-up card, a Scoring Tile, a Beacon or a Fort to take (a gain).

Alone against the Schemes the estimate is counted less the opponent's VP as they stand
(rulebook: the solo game's Final Scoring, the higher score wins), so a move that hands it
Influence or a majority costs what it gives.

Nothing hidden is read: the seat's own hand, never another's (their sizes are public), and
never the draw pile's order; everything else it reads is on the table.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from towers.core.frames import Frame
from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import DATA
from towers.games.sifnos.board import CONSTRUCT, INVEST
from towers.games.sifnos.cards import cost
from towers.games.sifnos.data import BEACON
from towers.games.sifnos.legality import can_use, die_placements, tower_placements
from towers.games.sifnos.major_actions import is_used_printed
from towers.games.sifnos.scoring import SCORING, breakdown, majority, tile_points

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState

# ---- weights, in VP ----------------------------------------------------------------------
CARD_LATE = 0.25
"""A card in hand at the end: a quarter of a set of 4 (rulebook: Final Scoring)."""
CARD_EARLY = 0.3
"""What a card in hand is worth beyond that while the game has long to run (placements,
prices of effects)."""
HAND_FULL = 8
"""Cards beyond this many keep a fifth of their use (there is no hand limit, but a turn
spends few)."""
PLACED = 0.7
"""A Card above the Player Board, for its effects still to come (times the game left)."""
DIE_SUPPLY = 0.2
"""A Supply Die of a value some empty Region of a larger Province takes (its printed value, or
any value on a Fort), or one Recoup will roll."""
DIE_IDLE = 0.08
"""A Supply Die no empty Region takes as it stands (it may be adjusted, or wait)."""
DIE_WORKSHOP = 0.45
"""A Workshop Die: a Building space next Defend."""
DIE_MAP = 0.3
"""A Die on a larger Province: back to the Workshop after its invasion."""
TOWER_SUPPLY = 0.2
SOLDIER_SUPPLY = 0.2
SOLDIER_MAP = 0.1
"""Beyond its Might and its quarter of a set of 4."""
INVADED_SOON = (0.12, 0.25, 0.5, 1.0)
"""The chance a Province holding 0, 1, 2, 3 Dice is invaded before its Might changes much."""
MIGHT_SLOPE = 1.1
"""How sharply a lead in Might turns into the invasion's prize (logistic, per Might)."""
SHIP_INFLUENCE = 1.0
EMPTY_INFLUENCE = 1.0
EMPTY_CARD = 0.4
BUILDING_SHARE = 0.5
"""The share of a begun Building's remaining rewards counted, times the part built."""
BEACON_READY = (0.0, 0.03, 0.15, 0.55)
"""A Region's Beacon (taken from the board for 1 Influence), by the seat's corner Towers."""
BEACON_VALUE = 1.6
FACE_UP = 1.6
"""A face-up card taken at the third space: 1 Influence and its effect."""
FACE_UP_NEAR = (0.3, 0.45, 0.65)
TILE = 3.0
"""A Scoring Tile claimed at the fifth space: its immediate effect and its scoring."""
TILE_NEAR = (0.2, 0.3, 0.4, 0.5, 0.65)
MAJORITY_WEIGHT = (0.3, 0.45, 0.65)
"""The share of the majority's VP counted as it stands, by Allied Ships come (0-2)."""
ALLY_CARDS = 0.8
"""The share of the first two Allied Ships' cards counted."""
ROW_SHARE = 0.5
TENT_ODD = 0.4
"""A Tent short of a pair (half a VP at the end once paired)."""
MAJOR_LEFT = 0.5
"""A major action still to take this turn."""
MAIN_OPEN = (0.9, 0.7, 0.5)
"""The main effect of the major action under way while it can be used (a Die, a Tower, the
printed Muster): a Die first, since Dice are the scarcer and fix the Active Region."""
SOLDIERS_PENDING = 0.25
SHIP_PENDING = 0.1
FORT_PENDING = 0.9
TRIGGERED_PENDING = 0.3
TENT_PENDING = 0.9


def _majority_now(state: SifnosState, seat: int, mineral: int, scoring: list[int]) -> float:
    """The majority VP ``seat`` would score if the third Allied Ship came now (``scoring``:
    the sides that score it)."""
    mine = state.influence[seat][mineral]
    others = sorted((state.influence[s][mineral] for s in scoring if s != seat), reverse=True)
    if not others:
        return 4.0
    above = sum(1 for v in others if v > mine)
    level = sum(1 for v in others if v == mine)
    if above == 0:
        if level == 0:
            return 4.0
        return 3.0 if level == 1 else 2.0
    if above == 1 and others[0] > mine:
        # second place: shared when tied, within 4 of the first in a 2-side game
        if len(scoring) == 2 and others[0] - mine > 4:
            return 0.0
        tied_top = sum(1 for v in others if v == others[0])
        if tied_top > 1:
            return 0.0
        return 2.0 if level == 0 else 1.0
    return 0.0


def _building_progress(state: SifnosState, seat: int) -> float:
    """The rewards still to come of the seat's Buildings begun (memoized by their Dice, which
    alone decide what fits)."""
    key = tuple(state.buildings[seat])
    got = _PROGRESS_MEMO.get(key)
    if got is None:
        if len(_PROGRESS_MEMO) > MEMO_LIMIT:
            _PROGRESS_MEMO.clear()
        got = _PROGRESS_MEMO[key] = _progress(state, seat)
    return got


def _progress(state: SifnosState, seat: int) -> float:
    b = state.buildings[seat]
    spaces = DATA.building_spaces
    total = 0.0
    for building in DATA.buildings:
        own = building.spaces
        filled = sum(1 for x in own if b[x])
        if not filled or filled == len(own):
            continue
        rest = _COMPLETE.get(building.index, 0.0)
        for x in own:
            if not b[x]:
                rest += _SPACE_REWARD[x]
        # a next Die must still fit somewhere
        if not any(
            not b[x] and all(b[y] for y in spaces[x].below) and _fits_some(state, seat, x)
            for x in own
        ):
            continue
        total += BUILDING_SHARE * rest * filled / len(own)
    return total


def _fits_some(state: SifnosState, seat: int, index: int) -> bool:
    return any(state.can_build(seat, index, v) for v in range(1, 7))


def _reward_value(reward: str | None) -> float:
    return {"draw_card": 0.4, "any_influence": 1.0, "any_influence_2": 2.0}.get(reward or "", 0.0)


_PROGRESS_MEMO: dict[tuple[int, ...], float] = {}
MEMO_LIMIT = 100_000
"""Entries kept of the Buildings' worth before the memo starts again."""
_SPACE_REWARD = tuple(_reward_value(s.reward) for s in DATA.building_spaces)
_COMPLETE: dict[int, float] = {}
for _b in DATA.buildings:
    if _b.rule == "pairs_seven":
        _COMPLETE[_b.index] = float(sum(_b.raw["complete_each"]))
    elif _b.rule == "sum":
        _COMPLETE[_b.index] = 1.5
    else:
        _COMPLETE[_b.index] = float(sum(int(r["n"]) for r in _b.raw.get("complete", [])))

_LARGE_REGIONS = tuple(DATA.provinces[p].regions for p in DATA.large)
_PROVINCE_SPACES = tuple(
    tuple(s for s in range(len(DATA.spaces)) if p in DATA.spaces[s].provinces) for p in DATA.large
)
_ROWS = tuple(tuple(p.index for p in DATA.pieces if p.row == r) for r in range(len(DATA.row_vp)))
_BEACON_SLOTS = tuple(p.index for p in DATA.pieces if p.kind == BEACON)
_ALL_VALUES = {1, 2, 3, 4, 5, 6}
_VALUE_SETS = tuple({v for v in _ALL_VALUES if mask >> v & 1} for mask in range(1 << 7))
"""The Die values of each bit mask (bit ``v``: value ``v``); never changed by a reader."""
_N_LARGE = len(DATA.large)
_LARGE_REGION_K = tuple((r, k) for k, regions in enumerate(_LARGE_REGIONS) for r in regions)
"""Each Region of a larger Province with the Province's place in ``DATA.large``."""
_LARGE_REGION_VALUE = tuple((r, DATA.regions[r].value) for r, _ in _LARGE_REGION_K)
_LARGE_REGION_K_VALUE = tuple((r, k, DATA.regions[r].value) for r, k in _LARGE_REGION_K)
_SPACE_KS = tuple(
    tuple(k for k, spaces in enumerate(_PROVINCE_SPACES) if s in spaces)
    for s in range(len(DATA.spaces))
)
"""The larger Provinces (places in ``DATA.large``) each Tower space counts towards."""
_CORNERS = tuple(r.corners for r in DATA.regions)
assert all(len(set(c)) == len(c) == 4 for c in _CORNERS)
_SPACE_REGIONS = tuple(
    tuple(r for r, corners in enumerate(_CORNERS) if s in corners) for s in range(len(DATA.spaces))
)
"""The Regions each Tower space is a corner of, in the Regions' order."""


def _game_left(state: SifnosState) -> float:
    """The share of the game still to come, by the Allied Ships come (0-2)."""
    return max(0.1, (3 - state.allies) / 3)


def province_might(state: SifnosState, k: int, top_side: list[int]) -> tuple[int, list[int]]:
    """The Dice in the ``k``-th larger Province and each side's Might there (rulebook:
    Determining Might, as :meth:`SifnosState.might` counts it); ``top_side``: the side of each
    Tower space's top Tower (-1: none)."""
    die_owner = state.die_owner
    fort_at = state.fort_at
    soldier_at = state.soldier_at
    might = [0] * state.game.sides
    dice = 0
    for r in _LARGE_REGIONS[k]:
        if die_owner[r] >= 0:
            might[die_owner[r]] += 1
            dice += 1
        if fort_at[r] >= 0:
            might[fort_at[r]] += 1
        if soldier_at[r] >= 0:
            might[soldier_at[r]] += 2
    for s in _PROVINCE_SPACES[k]:
        if top_side[s] >= 0:
            might[top_side[s]] += 1
    q = DATA.large[k]
    for side, tents in enumerate(state.tents):
        might[side] += tents[q]
    return dice, might


def _mights(
    state: SifnosState, top_side: list[int]
) -> tuple[list[int], list[list[int]], list[list[int]]]:
    """For every larger Province at once, in one pass over the board: its Dice, each side's
    Might there (as :func:`province_might` counts it) and each side's uncovered Towers there."""
    sides = state.game.sides
    dice = [0] * _N_LARGE
    might = [[0] * sides for _ in range(_N_LARGE)]
    towers = [[0] * sides for _ in range(_N_LARGE)]
    die_owner = state.die_owner
    fort_at = state.fort_at
    soldier_at = state.soldier_at
    for r, k in _LARGE_REGION_K:
        at = might[k]
        side = die_owner[r]
        if side >= 0:
            at[side] += 1
            dice[k] += 1
        side = fort_at[r]
        if side >= 0:
            at[side] += 1
        side = soldier_at[r]
        if side >= 0:
            at[side] += 2
    for s, side in enumerate(top_side):
        if side >= 0:
            for k in _SPACE_KS[s]:
                might[k][side] += 1
                towers[k][side] += 1
    for side, tents in enumerate(state.tents):
        for k, q in enumerate(DATA.large):
            might[k][side] += tents[q]
    return dice, might, towers


def _board(
    state: SifnosState,
) -> tuple[list[int], list[list[int]], list[list[int]], list[int], set[int]]:
    """In one pass over the larger Provinces' Regions and the Tower spaces: what
    :func:`_mights` finds (from the top Towers), each side's Dice there, and the Die values
    some empty Region takes (:func:`_values_taken`)."""
    sides = state.game.sides
    dice = [0] * _N_LARGE
    might = [[0] * sides for _ in range(_N_LARGE)]
    towers = [[0] * sides for _ in range(_N_LARGE)]
    map_dice = [0] * sides
    takes = 0
    any_value = False
    die_owner = state.die_owner
    fort_at = state.fort_at
    soldier_at = state.soldier_at
    for r, k, value in _LARGE_REGION_K_VALUE:
        at = might[k]
        side = die_owner[r]
        if side >= 0:
            at[side] += 1
            dice[k] += 1
            map_dice[side] += 1
        side = fort_at[r]
        if side >= 0:
            at[side] += 1
            if die_owner[r] < 0:
                any_value = True
        elif die_owner[r] < 0:
            takes |= 1 << value
        side = soldier_at[r]
        if side >= 0:
            at[side] += 2
    for s, stack in enumerate(state.stacks):
        if stack:
            side = stack[-1] >> 3
            for k in _SPACE_KS[s]:
                might[k][side] += 1
                towers[k][side] += 1
    for side, tents in enumerate(state.tents):
        if any(tents):
            for k, q in enumerate(DATA.large):
                might[k][side] += tents[q]
    return dice, might, towers, map_dice, _ALL_VALUES if any_value else _VALUE_SETS[takes]


def _prize(ships: int) -> float:
    """An invasion's prize by the Ships on its Province: Influence per Ship, the empty
    spaces' bonuses (memoized by the count)."""
    got = _PRIZES.get(ships)
    if got is None:
        got = SHIP_INFLUENCE * ships
        if not ships:
            got += EMPTY_INFLUENCE
        if ships < 3:
            got += EMPTY_CARD
        _PRIZES[ships] = got
    return got


_PRIZES: dict[int, float] = {}


class _Position:
    """What the heuristic reads of a position that does not depend on the seat, found once
    for every seat's estimate (:func:`evaluate_all`)."""

    __slots__ = (
        "left",
        "card",
        "takes",
        "dice",
        "might",
        "towers",
        "winner",
        "prize",
        "opponent_vp",
        "map_dice",
        "other_best",
        "best",
        "scoring",
        "use",
        "use_beyond",
        "placed",
        "tiles_left",
        "frames",
        "_beacons",
        "_majorities",
    )

    def __init__(self, state: SifnosState) -> None:
        g = state.game
        self.opponent_vp = sum(breakdown(state, g.opponent).values()) if g.solo else 0
        self.left = left = _game_left(state)
        self.card = CARD_LATE + CARD_EARLY * left
        self.use = use = CARD_EARLY * left
        """A card in hand's use while the game runs, up to ``HAND_FULL``, and beyond."""
        self.use_beyond = 0.2 * use
        self.placed = PLACED * left
        self.tiles_left = any(t >= 0 for t in state.tile_row)
        dice, might, self.towers, self.map_dice, self.takes = _board(state)
        self.dice = dice
        self.might = might
        # a Province settled this Defend goes to the strongest side, ties to the side whose
        # turn comes first after the invader's; the prize: Influence per Ship, empty spaces
        order: list[int] | None = None
        winner = [-1] * _N_LARGE
        prize = [0.0] * _N_LARGE
        other_best = [0] * _N_LARGE
        bests = [0] * _N_LARGE
        for k in range(_N_LARGE):
            at = might[k]
            ranked = sorted(at)
            bests[k] = best = ranked[-1]
            # the strongest other side's Might, seen by a side as strong as the strongest
            other_best[k] = ranked[-2]
            if dice[k] >= 3:
                if order is None:
                    order = state.turn_order_from(state.turn)
                winner[k] = next(s for s in order if at[s] == best)
            prize[k] = _prize(len(state.ships[k]))
        self.winner = winner
        self.prize = prize
        self.other_best = other_best
        self.best = bests
        self.scoring = [s for s in range(g.sides) if not (g.versus and s == g.opponent)]
        """The sides the majority is scored among."""
        # each seat's decisions on the stack, and the cards given to it, in the stack's order
        frames: list[list[Frame]] = [[] for _ in range(g.sides)]
        for frame in state.pending:
            owner = getattr(frame, "seat", -1)
            if owner >= 0:
                frames[owner].append(frame)
            if type(frame) is F.GiveCards and frame.to >= 0 and frame.to != owner:
                frames[frame.to].append(frame)
        self.frames = frames
        self._beacons: list[list[float]] | None = None
        self._majorities: list[float] | None = None

    def majorities(self, state: SifnosState) -> list[float]:
        """Each scoring side's :func:`_majority_now` (memoized by the sides' Influence in the
        third Allied Ship's mineral)."""
        if self._majorities is None:
            mineral = state.markers[5]
            key = tuple(state.influence[s][mineral] for s in self.scoring)
            got = _MAJORITY_MEMO.get(key)
            if got is None:
                if len(_MAJORITY_MEMO) > MEMO_LIMIT:
                    _MAJORITY_MEMO.clear()
                got = [_majority_now(state, s, mineral, self.scoring) for s in self.scoring]
                _MAJORITY_MEMO[key] = got
            self._majorities = got
        return self._majorities

    def beacons(self, state: SifnosState) -> list[list[float]]:
        """For each side, the Beacon terms of the Regions where it has one to three of the
        four corner Towers (covered or not), in the Regions' order."""
        if self._beacons is None:
            counts = [[0] * len(_CORNERS) for _ in range(state.game.sides)]
            for i, stack in enumerate(state.stacks):
                if not stack:
                    continue
                if len(stack) == 1:
                    at = counts[stack[0] >> 3]
                    for r in _SPACE_REGIONS[i]:
                        at[r] += 1
                    continue
                seen = 0
                for t in stack:
                    side = t >> 3
                    if not seen >> side & 1:
                        seen |= 1 << side
                        at = counts[side]
                        for r in _SPACE_REGIONS[i]:
                            at[r] += 1
            self._beacons = [[_BEACON_TERM[n] for n in at if 0 < n < 4] for at in counts]
        return self._beacons


def _invasions(state: SifnosState, seats: list[int], at: _Position) -> list[float]:
    """Each of ``seats``' expected share of the invasions to come (see the module docstring),
    the seats together Province by Province."""
    totals = [0.0] * len(seats)
    card = at.card
    tents = state.tents
    for k, q in enumerate(DATA.large):
        dice = at.dice[k]
        might = at.might[k]
        towers = at.towers[k]
        best = at.best[k]
        other_best = at.other_best[k]
        winner = at.winner[k]
        prize = at.prize[k]
        soon = INVADED_SOON[min(dice, 3)]
        for i, seat in enumerate(seats):
            mine = might[seat]
            if mine == 0:
                # no Might: no Tower or Tent there either, so nothing to gain
                continue
            if dice >= 3:
                share = 1.0 if winner == seat else 0.0
            else:
                lead = mine - (other_best if mine == best else best)
                share = _LOGISTIC.get(lead) or _logistic(lead)
            consolation = 0.0
            if share < 1.0:
                consolation = card * (towers[seat] + tents[seat][q])
            totals[i] += soon * (share * prize + (1.0 - share) * consolation)
    return totals


def _logistic(lead: int) -> float:
    """The share of an invasion's prize by a lead in Might (memoized in ``_LOGISTIC``)."""
    share = _LOGISTIC[lead] = 1.0 / (1.0 + math.exp(-MIGHT_SLOPE * lead))
    return share


_LOGISTIC: dict[int, float] = {}


def _pending(
    state: SifnosState, seat: int, card: float, left: float, takes: set[int], frames: list[Frame]
) -> float:
    """The seat's decisions and steps on the stack, as gains and losses to come (``frames``:
    the stack's frames that are the seat's or give it cards, in the stack's order)."""
    v = 0.0
    majors_open = False
    recoup = False
    for frame in frames:
        t = type(frame)
        if frame.seat != seat:  # type: ignore[attr-defined]
            if t is F.GiveCards and frame.to == seat:  # type: ignore[attr-defined]
                v += card * frame.n  # type: ignore[attr-defined]
            continue
        if t is F.Pay:
            v -= card * frame.need  # type: ignore[attr-defined]
        elif t is F.GiveCards:
            v -= card * frame.n  # type: ignore[attr-defined]
        elif t is F.InfluenceChoice:
            v += 1.0 * frame.n  # type: ignore[attr-defined]
        elif t is F.FaceUp:
            v += FACE_UP if state.face_up else 0.0
        elif t is F.TileChoice:
            v += TILE
        elif t is F.BeaconChoice:
            v += BEACON_VALUE
        elif t is F.FortChoice or t is F.FortAnywhere:
            v += FORT_PENDING
        elif t is F.TentChoice:
            v += TENT_PENDING
        elif t is F.Soldiers:
            v += SOLDIERS_PENDING
        elif t is F.ShipChoice:
            v += SHIP_PENDING
        elif t is F.Triggered:
            v += TRIGGERED_PENDING * len(frame.cards)  # type: ignore[attr-defined]
        elif t is F.AdjustDice:
            v += _best_adjustment(state, seat, takes)
        elif t is F.Placement:
            v += _best_placement(state, seat, card, left, frame.free)  # type: ignore[attr-defined]
        elif t is F.Majors:
            majors_open = True
        elif t is F.Recoup:
            recoup = True
    if majors_open:
        done = bin(state.majors_done).count("1")
        v += MAJOR_LEFT * (2 - done)
        top = state.pending[-1]
        if type(top) is F.Column and _main_open(state, seat, top.major):
            v += MAIN_OPEN[top.major]
    if recoup:
        v += _recoup_to_come(state, seat, card)
    return v


def _main_open(state: SifnosState, seat: int, major: int) -> bool:
    """Whether the major action under way can still use its main effect (a Die, a Tower, the
    printed Muster)."""
    if major == INVEST:
        return not is_used_printed(state, "place_die") and bool(die_placements(state, seat))
    if major == CONSTRUCT:
        return not is_used_printed(state, "place_tower") and bool(tower_placements(state, seat))
    return not is_used_printed(state, "muster") and can_use(state, seat, "muster", None)


def _best_placement(state: SifnosState, seat: int, card: float, left: float, free: bool) -> float:
    hand = state.hands[seat]
    if not hand:
        return 0.0
    gain = 1.0 + PLACED * left - card
    if free:
        return gain
    cheapest = min(cost(state, c) for c in hand)
    return gain - card * cheapest


def _values_taken(state: SifnosState) -> set[int]:
    """The Die values some empty Region of a larger Province takes now."""
    takes: set[int] = set()
    die_owner = state.die_owner
    fort_at = state.fort_at
    for r, value in _LARGE_REGION_VALUE:
        if die_owner[r] < 0:
            if fort_at[r] >= 0:
                return _ALL_VALUES
            takes.add(value)
    return takes


def _best_adjustment(state: SifnosState, seat: int, takes: set[int]) -> float:
    """What one adjustment of a Supply Die by 1 may gain (a value some Region takes)."""
    best = 0.0
    for d in set(state.dice_supply[seat]):
        if d in takes:
            continue
        if (d > 1 and d - 1 in takes) or (d < 6 and d + 1 in takes):
            best = DIE_SUPPLY - DIE_IDLE
    return best


def _recoup_to_come(state: SifnosState, seat: int, card: float) -> float:
    """Recoup's draws still to come this turn: cards, and Dice and Towers up to the limits."""
    cards = DATA.cards
    kinds = [cards[c].kind for c in state.placed[seat] if cards[c].column == 5]
    v = card * (2 + kinds.count("draw"))
    dice_limit = 2 + kinds.count("dice_limit")
    dice = min(max(0, dice_limit - len(state.dice_supply[seat])), state.dice_reserve[seat])
    towers_limit = 2 + kinds.count("tower_limit")
    towers = min(
        max(0, towers_limit - sum(state.tower_supply[seat])), sum(state.tower_reserve[seat])
    )
    return v + DIE_SUPPLY * dice + TOWER_SUPPLY * towers


_ROW_TERM = tuple(
    tuple(ROW_SHARE * DATA.row_vp[r] * (taken / 4) ** 2 for taken in range(4))
    for r in range(len(DATA.row_vp))
)
"""A row's term of the estimate by its pieces taken (0-3), each product as the row counts it."""
_BEACON_TERM = tuple(ready * BEACON_VALUE for ready in BEACON_READY)
_FACE_UP_TERM = tuple(FACE_UP * near for near in FACE_UP_NEAR)
_TILE_TERM = tuple(TILE * near for near in TILE_NEAR)
_TENTS_PER_VP = int(SCORING["tents_per_vp"])
_SET_OF = int(SCORING["set_of"])


def evaluate(state: SifnosState, seat: int) -> float:
    """The seat's standing in VP (see the module docstring)."""
    at = _Position(state)
    invasions = 0.0 if state.over else _invasions(state, [seat], at)[0]
    return _evaluate(state, seat, at, sum(breakdown(state, seat).values()), invasions)


def evaluate_all(state: SifnosState) -> list[float]:
    """:func:`evaluate` of every seat at once: what does not depend on the seat (the game
    left, the Die values taken, the top Towers, each Province's Might, the majority, the solo
    opponent's score) found once a position."""
    at = _Position(state)
    most = majority(state)
    seats = list(range(state.game.num_players))
    invasions = [0.0] * len(seats) if state.over else _invasions(state, seats, at)
    return [
        _evaluate(state, seat, at, _score(state, seat, most), invasions[seat]) for seat in seats
    ]


def _pieces_terms(pieces: list[int]) -> tuple[bool, int, tuple[float, ...]]:
    """What a Player Board's Forts and Beacons give (memoized by which are taken): whether a
    Beacon is left, the VP of the rows emptied, and the terms of the rows nearly emptied, in
    the rows' order (a row with none taken adds nothing)."""
    key = tuple(pieces)
    got = _PIECES_MEMO.get(key)
    if got is None:
        if len(_PIECES_MEMO) > MEMO_LIMIT:
            _PIECES_MEMO.clear()
        emptied = 0
        terms = []
        for r, row in enumerate(_ROWS):
            taken = sum(1 for s in row if pieces[s] < 0)
            if taken == len(row):
                emptied += DATA.row_vp[r]
            if 0 < taken < 4:
                terms.append(_ROW_TERM[r][taken])
        left = any(pieces[s] >= 0 for s in _BEACON_SLOTS)
        got = _PIECES_MEMO[key] = (left, emptied, tuple(terms))
    return got


_MAJORITY_MEMO: dict[tuple[int, ...], list[float]] = {}
_PIECES_MEMO: dict[tuple[int, ...], tuple[bool, int, tuple[float, ...]]] = {}


def _score(state: SifnosState, seat: int, most: list[int]) -> int:
    """The sum of ``breakdown(state, seat)`` (a player's side), given the majority's VP."""
    rows = _pieces_terms(state.pieces[seat])[1]
    held = len(state.hands[seat]) + state.soldier_at.count(seat) + state.central[seat]
    return (
        most[seat]
        + sum(state.influence[seat])
        + rows
        + sum(state.tents[seat]) // _TENTS_PER_VP
        + tile_points(state, seat)
        + held // _SET_OF
    )


def _evaluate(state: SifnosState, seat: int, at: _Position, score: int, invasions: float) -> float:
    """:func:`evaluate`, given what the position holds for every seat, the seat's score and
    its share of the invasions to come (:func:`_invasions`)."""
    value = float(score)
    if state.game.solo:
        # alone against the Schemes, the game is won by outscoring the opponent
        value -= at.opponent_vp
    if state.over:
        return value
    left = at.left
    card = at.card

    # ---- cards
    hand = len(state.hands[seat])
    on_map = state.soldier_at.count(seat)
    held = hand + on_map + state.central[seat]
    value += (held % 4) * CARD_LATE  # the sets of 4, unrounded
    value += at.use * min(hand, HAND_FULL) + at.use_beyond * max(0, hand - HAND_FULL)
    value += at.placed * len(state.placed[seat])

    # ---- Dice, Towers, Soldiers
    takes = at.takes
    supply = 0.0  # summed in order, as ``sum`` adds floats
    for d in state.dice_supply[seat]:
        supply += DIE_SUPPLY if d in takes else DIE_IDLE
    value += supply
    value += DIE_WORKSHOP * len(state.workshop[seat])
    value += DIE_MAP * at.map_dice[seat]
    value += TOWER_SUPPLY * sum(state.tower_supply[seat])
    value += SOLDIER_SUPPLY * state.soldier_supply[seat]
    value += SOLDIER_MAP * on_map
    value += invasions

    # ---- Buildings, Beacons, rows, Tents
    value += _building_progress(state, seat)
    beacons_left, _, row_terms = _pieces_terms(state.pieces[seat])
    if beacons_left:
        # a Region with none of the seat's corner Towers adds nothing
        for term in at.beacons(state)[seat]:
            value += term
    for term in row_terms:
        value += term
    value += TENT_ODD * (sum(state.tents[seat]) % 2)

    # ---- the Influence tracks
    inf = state.influence[seat]
    markers = state.markers
    if state.face_up and inf[markers[0]] < 3:
        value += _FACE_UP_TERM[inf[markers[0]]]
    if state.tile_of[seat] < 0 and at.tiles_left and inf[markers[1]] < 5:
        value += _TILE_TERM[inf[markers[1]]]
    if state.allies < 3:
        value += MAJORITY_WEIGHT[state.allies] * at.majorities(state)[seat]
    if state.allies < 1:
        value += ALLY_CARDS * card * (inf[markers[3]] // 2)
    if state.allies < 2:
        value += ALLY_CARDS * card * (inf[markers[4]] // 3)

    # ---- the stack
    frames = at.frames[seat]
    if frames:  # nothing on the stack for the seat adds nothing
        value += _pending(state, seat, card, left, takes, frames)
    return value
