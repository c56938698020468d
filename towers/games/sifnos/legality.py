"""What may be done: the legal actions of each pending decision, and why an action is refused.

:func:`decisions` lists the answers to the decision on top of the stack (the Scheme-driven
opponent's from :mod:`.solo`); the answers of the decisions every turn asks (Prepare, the
major actions' columns and their effects, paying, Soldiers, Dice, the Workshop) are made here,
in one module, so that its compiled twin (``legality.pxd``, built by ``setup.py``) runs them
as C loops calling each other directly; the outcomes of a card drawn are listed here too.
:func:`explain` words a refusal, naming what is being decided and the rulebook section, so a
player learns what is allowed instead.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from typing import TYPE_CHECKING, Any

from towers.games.sifnos import actions as A
from towers.games.sifnos import frames as F
from towers.games.sifnos import solo
from towers.games.sifnos.actions import (
    A_BEACON_ON,
    A_BUILD,
    A_DISCARD,
    A_FORT_IN,
    A_GIVE,
    A_INFLUENCE,
    A_MAJOR,
    A_MOVE_SOLDIER,
    A_PLACE_CARD,
    A_PLACE_DIE,
    A_PLACE_SOLDIER,
    A_PLACE_TOWER,
    A_TAKE_FACE_UP,
    A_TAKE_TILE,
    A_TENT_IN,
    A_USE_CARD,
    A_USE_PRINTED,
    BARRACKS,
    DATA,
    DONE,
    N_IMAGES,
    SPACE,
    SUPPLY,
    DealAid,
    DealBeacon,
    DealFort,
    DrawCard,
    DrawMarker,
    DrawScheme,
    DrawShip,
    DrawTile,
    DrawTower,
    FortIn,
    RollDie,
)
from towers.games.sifnos.board import (
    CENTRAL,
    CONSTRUCT,
    INVEST,
    MAJOR_COLUMN,
    N_CARDS,
    N_PROVINCES,
    N_REGIONS,
    N_SPACES,
    PLACE_DIE_BIT,
    PLACE_TOWER_BIT,
    PREPARE_COLUMN,
    PRINTED_BIT,
    RECOUP_COLUMN,
)
from towers.games.sifnos.buildings import SPACE_RULES
from towers.games.sifnos.cards import CARD_COST, CARD_MINERAL, cost, is_payable
from towers.games.sifnos.construct import SPACE_REGIONS, beacon_targets, tower_reach
from towers.games.sifnos.data import ANY, BEACON, COLUMNS, FORT, IMAGES
from towers.games.sifnos.effects import TRIGGERED_KINDS
from towers.games.sifnos.invest import ADJUSTS, REGION_VALUE
from towers.games.sifnos.muster import pieces_left
from towers.games.sifnos.recoup import ship_moves

if TYPE_CHECKING:
    from towers.core.frames import Frame
    from towers.games.sifnos.rules import SifnosState


def decisions(state: SifnosState, top: Frame) -> list[int]:
    """The answers to the decision ``top`` (some perhaps twice: the rules sort them once)."""
    choices = CHOICES.get(type(top))
    if choices is None:
        return solo.decisions(state, top)
    return choices(state, top)


def legal_actions(state: SifnosState, top: Frame) -> list[int]:
    """The legal actions of the decision ``top``: its answers sorted, each once."""
    choices = CHOICES.get(type(top))
    return sorted_once(solo.decisions(state, top) if choices is None else choices(state, top))


def sorted_once(out: list[int]) -> list[int]:
    """``out`` sorted in place, each action once (``sorted(set(out))``, without the set)."""
    out.sort()
    size = len(out)
    kept = 1
    for i in range(1, size):
        if out[i] != out[kept - 1]:
            out[kept] = out[i]
            kept += 1
    if kept < size:
        del out[kept:]
    return out


# ---- a card drawn (rulebook: Cards) ---------------------------------------------------------
DRAW_BASE = SPACE.base(DrawCard)
_DRAW_PAIRS: dict[int, tuple[tuple[int, float], ...]] = {}


def draw_outcomes(counts: list[int]) -> list[tuple[int, float]]:
    """The outcomes of a card drawn from the unknown middle of a deck of these ``counts``, as
    (the action drawing each card, its probability); each card is one of a kind, so every
    outcome is 1 / the cards left, made once for each number of cards."""
    kinds = len(counts)
    total = 0
    single = True
    for k in range(kinds):
        n = counts[k]
        total += n
        if n > 1:
            single = False
    if not total:
        return []
    if not single:
        return [(DRAW_BASE + k, n / total) for k, n in enumerate(counts) if n]
    pairs = _DRAW_PAIRS.get(total)
    if pairs is None:
        p = 1 / total
        pairs = _DRAW_PAIRS[total] = tuple([(DRAW_BASE + k, p) for k in range(N_CARDS)])
    return list(compress(pairs, counts))


# ---- a chance node's outcome picked by one draw (towers.core.chance.sample_chance) ----------
ROLL_BASE = SPACE.base(RollDie)
TOWER_BASE = SPACE.base(DrawTower)
SHIP_BASE = SPACE.base(DrawShip)
TILE_BASE = SPACE.base(DrawTile)
MARKER_BASE = SPACE.base(DrawMarker)
AID_BASE = SPACE.base(DealAid)
N_TILES = len(DATA.tiles)
PIECE_DEALS = tuple(
    (
        DATA.fort_faces if piece.kind == FORT else DATA.beacon_faces,
        tuple(s for s, other in enumerate(DATA.pieces) if other.kind == piece.kind),
        SPACE.base(DealFort if piece.kind == FORT else DealBeacon),
    )
    for piece in DATA.pieces
)
"""For each Player Board space of a Fort or Beacon: the faces of its kind, the spaces of its
kind and the first action dealing one."""
SCHEME_BASE = SPACE.base(DrawScheme)
N_SCHEMES = len(DATA.schemes)
CHANCE_KINDS = frozenset(F.CHANCE_FRAMES)


def sample_chance(state: SifnosState, r: float) -> int:
    """The outcome the uniform draw ``r`` picks at the chance node ``state`` (the state's
    ``_sample_chance``): towers.core.chance.sample_chance's walk over ``chance_outcomes()``,
    the same additions in the same order, a card's, a die's and a Scheme's without listing
    them; -1 when ``state`` is no chance node or has no outcome."""
    if state.over:
        return -1
    top = state.pending[-1]
    kind = type(top)
    if kind is F.Draw:
        return _counts_pick(state.deck.counts, DRAW_BASE, r)
    if kind is F.SchemeReveal:
        return _scheme_pick(state.scheme_discards, r)
    if kind is F.Roll:
        return _roll_pick(r)
    if kind is F.TowerDraw:
        return _counts_pick(state.tower_reserve[top.seat], TOWER_BASE, r)
    if kind is F.ShipDraw:
        return _counts_pick(state.bag.counts, SHIP_BASE, r)
    if kind is F.TileDraw:
        row = state.tile_row
        return _uniform_pick([t for t in range(N_TILES) if t not in row], TILE_BASE, r)
    if kind is F.MarkerDraw:
        markers = state.markers
        return _counts_pick([2 - markers.count(m) for m in range(3)], MARKER_BASE, r)
    if kind is F.AidDeal:
        return _uniform_pick(state.aid_pool, AID_BASE, r)
    if kind is F.PieceDeal:
        return _piece_pick(state.pieces[top.seat], top.slot, r)
    if kind not in CHANCE_KINDS:
        return -1
    return _pick(state._chance_outcomes(), r)


def _pick(outcomes: list[tuple[int, float]], r: float) -> int:
    if not outcomes:
        return -1
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def _counts_pick(counts: list[int], base: int, r: float) -> int:
    """``_pick`` over the outcomes of a draw from these ``counts`` (``base + k`` with the
    probability ``counts[k] / total``, for each ``k`` held) without the list: a card's (where
    n / total is 1 / total when n is 1, as :func:`draw_outcomes` gives it), a Tower's from
    the Reserve, a Ship's from the Bag."""
    total = 0
    for n in counts:
        total += n
    acc = 0.0
    last = -1
    k = 0
    for n in counts:
        if n:
            acc += n / total
            if r < acc:
                return base + k
            last = base + k
        k += 1
    return last


def _scheme_pick(discards: list[int], r: float) -> int:
    """``_pick`` over :func:`.solo.scheme_outcomes` (each Scheme not revealed this cycle,
    1 / their number) without the list."""
    seen = [False] * N_SCHEMES
    for s in discards:
        seen[s] = True
    left = 0
    for s in range(N_SCHEMES):
        if not seen[s]:
            left += 1
    if not left:
        return -1
    p = 1.0 / left
    acc = 0.0
    last = -1
    for s in range(N_SCHEMES):
        if not seen[s]:
            acc += p
            if r < acc:
                return SCHEME_BASE + s
            last = SCHEME_BASE + s
    return last


def _uniform_pick(items: list[int], base: int, r: float) -> int:
    """``_pick`` over ``base + a`` for each of ``items`` in turn, 1 / their number each (a
    Scoring Tile not yet drawn, a Setup Aid left)."""
    n = len(items)
    if not n:
        return -1
    p = 1.0 / n
    acc = 0.0
    for a in items:
        acc += p
        if r < acc:
            return base + a
    return base + items[n - 1]


def _piece_pick(pieces: list[int], slot: int, r: float) -> int:
    """``_pick`` over the faces a Fort or Beacon dealt to Player Board space ``slot`` may
    have (the faces of its kind not yet dealt to ``pieces``), without the list."""
    faces, same, base = PIECE_DEALS[slot]
    left = list(faces)
    for s in same:
        if pieces[s] >= 0:
            left.remove(pieces[s])
    n = len(left)
    acc = 0.0
    last = -1
    for f in range(3):
        c = left.count(f)
        if c:
            acc += c / n
            if r < acc:
                return base + f
            last = base + f
    return last


def _roll_pick(r: float) -> int:
    """``_pick`` over a die's six faces, 1 / 6 each."""
    p = 1.0 / 6
    acc = 0.0
    for v in range(6):
        acc += p
        if r < acc:
            return ROLL_BASE + v
    return ROLL_BASE + 5


# ---- paying and placing Cards (rulebook: Cards) ------------------------------------------
def pays_one(hand: list[int], mineral: int) -> bool:
    """Whether ``hand`` pays one card of ``mineral`` (ANY: any card): a card of it, or any
    two (:func:`.cards.can_pay` of one card)."""
    n = len(hand)
    return n >= 2 or (n == 1 and (mineral == ANY or CARD_MINERAL[hand[0]] == mineral))


def placeable(state: SifnosState, seat: int) -> list[int]:
    """The cards of ``seat``'s hand it can pay to place (each paid for by the others)."""
    hand = state.hands[seat]
    held = [0, 0, 0]
    for c in hand:
        held[CARD_MINERAL[c]] += 1
    size = len(hand) - 1
    discounted = bool(state.discounts)
    out = []
    for c in hand:
        m = CARD_MINERAL[c]
        price = cost(state, c) if discounted else CARD_COST[c]
        if price <= 0:
            out.append(c)
            continue
        # the others pay: those of its mineral one each, any two of the rest one
        same = held[m] - 1
        if same + (size - same) // 2 >= price:
            out.append(c)
    return out


def pay_choices(state: SifnosState, top: F.Pay) -> list[int]:
    """The cards that may be discarded next towards a price, leaving it payable."""
    mineral, need, half = top.mineral, top.need, top.half
    hand = state.hands[top.seat]
    held = [0, 0, 0]
    for c in hand:
        held[CARD_MINERAL[c]] += 1
    size = len(hand) - 1
    # whether a card may go depends on its mineral alone
    fits = [False, False, False]
    for m in range(3):
        if not held[m]:
            continue
        if half or mineral == ANY or m == mineral:
            rest_need, rest_half = need - 1, False
        else:
            rest_need, rest_half = need, True
        if rest_need <= 0 and not rest_half:
            fits[m] = True
        else:
            held[m] -= 1
            fits[m] = is_payable(held, size, mineral, rest_need, rest_half)
            held[m] += 1
    return [(A_DISCARD + c) for c in hand if fits[CARD_MINERAL[c]]]


def placements(state: SifnosState, top: F.Placement) -> list[int]:
    """The cards of the hand that may be placed (paid for, or free)."""
    chosen = state.hands[top.seat] if top.free else placeable(state, top.seat)
    return [(A_PLACE_CARD + c) for c in chosen]


# ---- Dice (rulebook: Dice; Invest) ---------------------------------------------------------
def adjustments(state: SifnosState, seat: int) -> list[int]:
    """Each Die value of the Supply and the Workshop one up or down, within 1 to 6."""
    out: list[int] = []
    supply, workshop = state.dice_supply[seat], state.workshop[seat]
    if supply:
        table = ADJUSTS[0]
        for v in sorted(set(supply)):
            out += table[v]
    if workshop:
        table = ADJUSTS[1]
        for v in sorted(set(workshop)):
            out += table[v]
    return out


def die_placements(state: SifnosState, seat: int) -> list[int]:
    """Where ``seat``'s Supply Dice may go: an empty Region of the Active Region's choices,
    of the Die's value, or any value on a Fort (another's Fort costs a card)."""
    supply = state.dice_supply[seat]
    if not supply:
        return []
    values = sorted(set(supply))
    out = []
    die_owner, fort_at = state.die_owner, state.fort_at
    has_card = bool(state.hands[seat])
    ok = state.region_ok
    while ok:
        low = ok & -ok
        ok ^= low
        r = low.bit_length() - 1
        if die_owner[r] >= 0:
            continue
        fort = fort_at[r]
        base = A_PLACE_DIE + 6 * r - 1
        if fort < 0:
            if REGION_VALUE[r] in values:
                out.append(base + REGION_VALUE[r])
        elif fort == seat or has_card:  # another's Fort's price is a card
            for v in values:
                out.append(base + v)
    return out


# ---- Towers (rulebook: Construct; Tower Networks) ----------------------------------------
SPACE_IMAGE = tuple(space.image for space in DATA.spaces)
"""The image each Tower space takes while empty."""


def tower_placements(state: SifnosState, seat: int) -> list[int]:
    """Where ``seat``'s Supply Towers may go: a space around the Active Region's choices (or
    joined to them by a network) of the Tower's image, or covering another's Tower for two
    cards, never a second Tower of one's own on a space."""
    supply = state.tower_supply[seat]
    images = [i for i in range(len(supply)) if supply[i]]
    if not images:
        return []
    out = []
    region_ok = state.region_ok
    network = state.use_network
    ignore_image = state.ignore_image
    covers = len(state.hands[seat]) >= 2  # covering takes 2 cards
    stacks = state.stacks
    for s in range(N_SPACES):
        if not network and not SPACE_REGIONS[s] & region_ok:
            continue
        stack = stacks[s]
        if stack and (not covers or _has_tower_of(stack, seat)):
            continue
        if network and not tower_reach(state, seat, s):
            continue
        base = A_PLACE_TOWER + N_IMAGES * s
        if ignore_image:
            for i in images:
                out.append(base + i)
        else:
            need = stack[-1] & 7 if stack else SPACE_IMAGE[s]
            if supply[need]:
                out.append(base + need)
    return out


def _has_tower_of(stack: list[int], side: int) -> bool:
    for t in stack:
        if t >> 3 == side:
            return True
    return False


# ---- Soldiers (rulebook: Soldiers; Muster; Forts) -----------------------------------------
MOVES_FROM = tuple(
    tuple((t, A_MOVE_SOLDIER[r, t]) for t in DATA.regions[r].adjacent) for r in range(N_REGIONS)
)
"""Each Region's moves to its neighbours: (the neighbour, the action)."""
FROM_BARRACKS = A_MOVE_SOLDIER[BARRACKS, SUPPLY]


def moves(state: SifnosState, seat: int) -> list[int]:
    """The Soldier moves open to ``seat``: one from the Barracks to the Supply, or one to an
    adjacent Region (an opponent's pushed out for a card)."""
    out = []
    if state.barracks[seat]:
        out.append(FROM_BARRACKS)
    has_card = bool(state.hands[seat])
    soldier_at = state.soldier_at
    froms = []
    r = -1
    for _ in range(soldier_at.count(seat)):
        r = soldier_at.index(seat, r + 1)
        froms.append(r)
    if state.central[seat]:
        froms.append(CENTRAL)
    for r in froms:
        for t, action in MOVES_FROM[r]:
            there = soldier_at[t]
            if t == CENTRAL or there < 0 or (there != seat and has_card):
                out.append(action)
    return out


def can_place_soldier(state: SifnosState, seat: int) -> bool:
    return state.soldier_supply[seat] > 0


def soldier_places(state: SifnosState, seat: int, region: int) -> list[int]:
    if not state.soldier_supply[seat]:
        return []
    out = [(A_PLACE_SOLDIER + CENTRAL)]
    soldier_at = state.soldier_at
    region_ok = state.region_ok
    for r in range(N_REGIONS):
        if r == CENTRAL or soldier_at[r] >= 0:
            continue
        if region == F.ANYWHERE or r == region or (region == F.ACTIVE and region_ok >> r & 1):
            out.append(A_PLACE_SOLDIER + r)
    return out


FORT_SLOTS = tuple(s for s in range(len(DATA.pieces)) if DATA.pieces[s].kind == FORT)
"""The Fort spaces of a Player Board."""


def fort_regions(state: SifnosState, seat: int) -> list[int]:
    """The Regions where ``seat``'s Soldier may become a Fort (rulebook: Forts)."""
    pieces = state.pieces[seat]
    for s in FORT_SLOTS:
        if pieces[s] >= 0:
            break
    else:
        return []
    out = []
    soldier_at, fort_at, region_ok = state.soldier_at, state.fort_at, state.region_ok
    central = state.central[seat]
    for r in range(N_REGIONS):
        own = soldier_at[r] == seat or (r == CENTRAL and central)
        if own and fort_at[r] < 0 and region_ok >> r & 1:
            out.append(r)
    return out


def soldier_choices(state: SifnosState, top: F.Soldiers) -> list[int]:
    seat = top.seat
    out = moves(state, seat) if top.moves else []
    if top.place:
        out += soldier_places(state, seat, top.region)
    if top.fort:
        out += [SPACE.encode(FortIn(region=r)) for r in fort_regions(state, seat)]
    return out


# ---- the Workshop's Dice on the Buildings (rulebook: Buildings) -----------------------------
RULE_CODES = {
    "all_different": 0,
    "sum": 1,
    "pairs_seven": 2,
    "lower_higher": 3,
    "all_equal": 4,
    "neighbours_one_apart": 5,
}
BUILD_RULES = tuple(
    (below, RULE_CODES[rule], spaces, partner, adjacent)
    for below, rule, spaces, partner, adjacent in SPACE_RULES
)
""":data:`.buildings.SPACE_RULES` with each Building's rule as a number."""


def builds(state: SifnosState, seat: int) -> list[int]:
    """The Workshop Dice that fit a Buildings' space: each (space, value) once."""
    workshop = state.workshop[seat]
    if not workshop:
        return []
    out = []
    values = sorted(set(workshop))
    b = state.buildings[seat]
    for index in range(len(BUILD_RULES)):
        if not _is_open(b, index):
            continue
        for v in values:
            if _fits(b, index, v):
                out.append(A_BUILD + 6 * index + v - 1)
    return out


def can_build(state: SifnosState, seat: int, index: int, value: int) -> bool:
    """Whether a Die of ``value`` may go on the Buildings' space ``index`` (rulebook:
    Buildings)."""
    b = state.buildings[seat]
    return _is_open(b, index) and _fits(b, index, value)


def _is_open(b: list[int], index: int) -> bool:
    """Whether the Buildings' space ``index`` is free and the spaces below it taken."""
    if b[index]:
        return False
    for x in BUILD_RULES[index][0]:
        if not b[x]:
            return False
    return True


def _fits(b: list[int], index: int, value: int) -> bool:
    """Whether ``value`` fits the rule of the free space ``index``, whose spaces below are
    taken, on the Buildings ``b``."""
    below, rule, spaces, partner, adjacent = BUILD_RULES[index]
    if rule == 0:  # all different
        for x in spaces:
            if b[x] == value:
                return False
        return True
    if rule == 1:  # a sum
        return True
    if rule == 2:  # pairs of seven
        other = b[partner]
        return not other or other + value == 7
    if rule == 3:  # lower than those below
        for x in below:
            if value >= b[x]:
                return False
        return True
    if rule == 4:  # all equal
        for x in spaces:
            if b[x] and b[x] != value:
                return False
        return True
    # neighbours one apart
    for x in adjacent:
        if b[x] and abs(b[x] - value) != 1:
            return False
    return True


# ---- the columns' effects (rulebook: Actions; Prepare; Major Actions; Recoup) ----------------
USE_CODES = {
    "place_card": 0,
    **dict.fromkeys(("discard_adjust", "gold_adjust", "adjust"), 1),
    "adjust_and_move": 2,
    # offered as their placements
    **dict.fromkeys(("place_die", "place_tower"), 3),
    "ignore_image": 4,
    "network": 5,
    "silver_muster": 6,
    "muster": 7,
    **dict.fromkeys(("move", "discard_move"), 8),
    "discard_place": 9,
    "discard_ship": 10,
    **dict.fromkeys(("discount_others", "discount_same", "discount", "discard_draw"), 11),
}
"""The kinds of effect used from a column, by what makes each do something now (any other
kind: never), as :func:`usable` asks."""
NO_PRICE = -2
"""The price of an effect that discards nothing."""
PRINTED_IN = tuple(
    tuple(
        (p.index, USE_CODES.get(p.id, -1), NO_PRICE if p.discard is None else p.discard)
        for p in DATA.printed
        if p.column == column
    )
    for column in range(len(COLUMNS))
)
"""Each column's printed effects: (index, kind's code, price)."""
USED_IN = tuple(-1 if c.kind in TRIGGERED_KINDS else c.column for c in DATA.cards)
"""The column whose effects a Card is used among (-1: never used from a column)."""
CARD_USES = tuple(
    (c.index, USE_CODES.get(c.kind, -1), NO_PRICE if c.discard is None else c.discard)
    for c in DATA.cards
)
"""Each Card's effect: (index, kind's code, price)."""


def column_uses(state: SifnosState, seat: int, column: int) -> list[int]:
    """The column's printed effects and placed Cards that can be used now."""
    out = []
    used = state.used
    hand = state.hands[seat]
    for index, code, price in PRINTED_IN[column]:
        if not used >> (PRINTED_BIT + index) & 1 and _can_use(state, seat, hand, code, price):
            out.append(A_USE_PRINTED + index)
    for c, code, price in placed_uses(state.placed[seat])[column]:
        if not used >> c & 1 and _can_use(state, seat, hand, code, price):
            out.append(A_USE_CARD + c)
    return out


_PLACED_USES: dict[tuple[int, ...], tuple[tuple[tuple[int, int, int], ...], ...]] = {}


def placed_uses(placed: list[int]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """The placed Cards used from each column, in the order placed, as (index, kind's code,
    price); kept for the rows of Cards met most recently."""
    key = tuple(placed)
    uses = _PLACED_USES.get(key)
    if uses is None:
        if len(_PLACED_USES) >= 4096:
            _PLACED_USES.clear()
        by_column: list[list[tuple[int, int, int]]] = [[] for _ in COLUMNS]
        for c in placed:
            if USED_IN[c] >= 0:
                by_column[USED_IN[c]].append(CARD_USES[c])
        uses = _PLACED_USES[key] = tuple([tuple(cards) for cards in by_column])
    return uses


def can_use(state: SifnosState, seat: int, kind: str, discard: int | None,
            card: Any = None) -> bool:  # fmt: skip
    """Whether an effect of ``kind`` (its price ``discard``) would do something now."""
    price = NO_PRICE if discard is None else discard
    return _can_use(state, seat, state.hands[seat], USE_CODES.get(kind, -1), price)


def _can_use(state: SifnosState, seat: int, hand: list[int], code: int, price: int) -> bool:
    if price != NO_PRICE and not pays_one(hand, price):
        return False
    return usable(state, seat, code)


def usable(state: SifnosState, seat: int, code: int) -> bool:
    """Whether an effect of the kind ``code`` (:data:`USE_CODES`) would do something now."""
    if code == 0:
        return bool(placeable(state, seat))
    if code == 1:
        return bool(adjustments(state, seat))
    if code == 2:
        return bool(adjustments(state, seat)) or bool(moves(state, seat))
    if code == 4:
        return not state.ignore_image
    if code == 5:
        return not state.use_network
    if code == 6:
        return bool(moves(state, seat)) or can_place_soldier(state, seat)
    if code == 7:
        return (
            bool(moves(state, seat))
            or can_place_soldier(state, seat)
            or bool(fort_regions(state, seat))
        )
    if code == 8:
        return bool(moves(state, seat))
    if code == 9:
        return can_place_soldier(state, seat)
    if code == 10:
        return bool(ship_moves(state))
    return code == 11


def prepare_choices(state: SifnosState, top: F.Prepare) -> list[int]:
    out = [DONE]
    out += column_uses(state, top.seat, PREPARE_COLUMN)
    return out


def major_choices(state: SifnosState, top: F.Majors) -> list[int]:
    """``done``, or a major action not taken yet while fewer than two are."""
    out = [DONE]
    done = state.majors_done
    if bin(done).count("1") < 2:
        out += [(A_MAJOR + k) for k in range(3) if not done >> k & 1]
    return out


def column_choices(state: SifnosState, top: F.Column) -> list[int]:
    """A major action's column: its effects, and Invest's Dice or Construct's Towers."""
    seat, major = top.seat, top.major
    out = [DONE]
    out += column_uses(state, seat, MAJOR_COLUMN[major])
    if major == INVEST and not state.used >> PLACE_DIE_BIT & 1:
        out += die_placements(state, seat)
    if major == CONSTRUCT and not state.used >> PLACE_TOWER_BIT & 1:
        out += tower_placements(state, seat)
    return out


def recoup_choices(state: SifnosState, top: F.RecoupChoice) -> list[int]:
    out = [DONE]
    out += column_uses(state, top.seat, RECOUP_COLUMN)
    return out


# ---- the other decisions --------------------------------------------------------------------
def _give_choices(state: SifnosState, top: Any) -> list[int]:
    return [(A_GIVE + c) for c in state.hands[top.seat]]


def _adjust_choices(state: SifnosState, top: Any) -> list[int]:
    return [DONE, *adjustments(state, top.seat)]


def _soldiers(state: SifnosState, top: Any) -> list[int]:
    return [DONE, *soldier_choices(state, top)]


def _ships(state: SifnosState, top: Any) -> list[int]:
    return [DONE, *ship_moves(state)]


def _influence(state: SifnosState, top: Any) -> list[int]:
    return [(A_INFLUENCE + m) for m in range(3)]


def _triggered(state: SifnosState, top: Any) -> list[int]:
    return [DONE, *((A_USE_CARD + c) for c in top.cards)]


def _beacon_choices(state: SifnosState, top: Any) -> list[int]:
    if not beacon_targets(state, top.seat, top.region):
        return [DONE]
    return [DONE, *pieces_left(state, top.seat, BEACON)]


def _beacon_places(state: SifnosState, top: Any) -> list[int]:
    return [(A_BEACON_ON + s) for s in beacon_targets(state, top.seat, top.region)]


def _fort_choices(state: SifnosState, top: Any) -> list[int]:
    return pieces_left(state, top.seat, FORT)


def _builds(state: SifnosState, top: Any) -> list[int]:
    return builds(state, top.seat)


def _face_up(state: SifnosState, top: Any) -> list[int]:
    return [(A_TAKE_FACE_UP + c) for c in state.face_up]


def _tiles(state: SifnosState, top: Any) -> list[int]:
    return [(A_TAKE_TILE + t) for t in state.tile_row if t >= 0]


def _tents(state: SifnosState, top: Any) -> list[int]:
    return [(A_TENT_IN + p) for p in range(N_PROVINCES)]


def _fort_anywhere(state: SifnosState, top: Any) -> list[int]:
    return [(A_FORT_IN + r) for r in range(N_REGIONS) if state.fort_at[r] < 0]


CHOICES: dict[type, Callable[[SifnosState, Any], list[int]]] = {
    F.Prepare: prepare_choices,
    F.Majors: major_choices,
    F.Column: column_choices,
    F.RecoupChoice: recoup_choices,
    F.Pay: pay_choices,
    F.GiveCards: _give_choices,
    F.Placement: placements,
    F.AdjustDice: _adjust_choices,
    F.Soldiers: _soldiers,
    F.ShipChoice: _ships,
    F.InfluenceChoice: _influence,
    F.Triggered: _triggered,
    F.BeaconChoice: _beacon_choices,
    F.BeaconPlace: _beacon_places,
    F.FortChoice: _fort_choices,
    F.Workshop: _builds,
    F.FaceUp: _face_up,
    F.TileChoice: _tiles,
    F.TentChoice: _tents,
    F.FortAnywhere: _fort_anywhere,
}
"""Each decision's answers, by the frame's type."""

RULES: dict[type, tuple[str, str]] = {
    F.Prepare: ("you are Preparing: use a Prepare effect or say done", "Prepare"),
    F.Majors: ("choose a major action (invest, construct, muster) or say done", "Major Actions"),
    F.Column: ("use an effect of this major action's column or say done", "Major Actions"),
    F.Pay: ("discard the cards the effect costs (any 2 cards stand for 1)", "Cards"),
    F.GiveCards: ("give a card from your hand to the opponent", "Invest; Construct; Muster"),
    F.Placement: ("place a card from your hand that you can pay for", "Cards"),
    F.AdjustDice: ("adjust a Die in your Supply or Workshop by 1 (no wrapping), or done", "Dice"),
    F.Soldiers: ("move or place a Soldier (one a Region, except the central one)", "Soldiers"),
    F.ShipChoice: ("move a Ship clockwise, or done", "The Map"),
    F.InfluenceChoice: ("choose the mineral of the Influence", "Influence Tracks"),
    F.Triggered: ("use a triggered card effect, or done", "Gameplay Overview"),
    F.BeaconChoice: ("take a Beacon from your board, or done", "Beacons"),
    F.BeaconPlace: ("put the Beacon on your uncovered Tower without one", "Beacons"),
    F.FortChoice: ("take a Fort from your board", "Forts"),
    F.Workshop: ("place a Workshop Die on a Building space it may take", "Buildings"),
    F.FaceUp: ("take one of the face-up cards", "Influence Tracks"),
    F.TileChoice: ("claim one of the Scoring Tiles", "Influence Tracks"),
    F.TentChoice: ("choose the Province of the Tent", "Scoring Tiles"),
    F.FortAnywhere: ("choose a Region without a Fort", "Scoring Tiles"),
    F.RecoupChoice: ("use a Recoup card, or done", "Recoup"),
}


def explain(state: SifnosState, action: Any) -> tuple[str, str]:
    """Why ``action`` is not allowed now, and the rulebook section."""
    if state.current_player() < 0:
        return "chance decides this, not a player", ""
    top = state.pending[-1]
    why, section = RULES.get(type(top), ("it is not allowed now", ""))
    detail = _detail(state, top, action)
    return (f"{detail}; now {why}" if detail else why), f"rulebook: {section}" if section else ""


def _detail(state: SifnosState, top: Any, action: Any) -> str:
    seat = getattr(top, "seat", -1)
    match action:
        case A.PlaceDie(region=r, value=v):
            region = DATA.regions[r]
            if state.die_owner[r] >= 0:
                return f"{region.name} already holds a Die (one a Region)"
            if not state.region_ok >> r & 1:
                return f"{region.name} is not the Active Region"
            if state.fort_at[r] < 0 and v + 1 != region.value:
                return f"{region.name} takes a {region.value} (no Fort there)"
            if v + 1 not in state.dice_supply[seat]:
                return f"you have no {v + 1} in your Supply"
            fort = state.fort_at[r]
            if fort >= 0 and fort != seat and not state.hands[seat]:
                return "a Die on an opponent's Fort takes a card from your hand to give its owner"
        case A.PlaceTower(space=s, image=i):
            space = DATA.spaces[s]
            top = state.top_tower(s)
            if state.has_tower_on(seat, s):
                return f"you have already placed a Tower on {space.name} (never twice on one space)"
            if state.tower_supply[seat][i] == 0:
                return f"you have no {IMAGES[i]} Tower in your Supply"
            if top >= 0 and len(state.hands[seat]) < 2:
                return (
                    f"covering the Tower on {space.name} takes 2 cards from your hand to give its "
                    f"owner, and you hold {len(state.hands[seat])}"
                )
            need = space.image if top < 0 else top & 7
            if not state.ignore_image and i != need:
                return (
                    f"{space.name} takes {_a(IMAGES[need])} Tower (unless a Lead card ignores it)"
                )
            if not tower_reach(state, seat, s):
                return (
                    f"{space.name} is not around the Active Region (nor joined to it by a network)"
                )
        case A.MoveSoldier(frm=a, to=b) if a < len(DATA.regions):
            there = state.soldier_at[b] if b < len(DATA.regions) else -1
            if there >= 0 and there != seat and not state.hands[seat]:
                return "pushing out a Soldier takes a card from your hand to give its owner"
            if there == seat:
                return f"{DATA.regions[b].name} already holds your Soldier"
        case A.PlaceSoldier(region=r):
            if state.soldier_supply[seat] == 0:
                return "you have no Soldier in your Supply"
            if state.soldier_at[r] >= 0:
                return f"{DATA.regions[r].name} already holds a Soldier"
        case A.PlaceCard(card=c) | A.Discard(card=c) | A.Give(card=c):
            if seat >= 0 and c not in state.hands[seat]:
                return f"{DATA.cards[c].name} is not in your hand"
    return ""


def _a(word: str) -> str:
    """``a jar``, ``an owl``."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"
