"""The Scheme-driven opponent (rulebook: Solo Setup to 2 Player vs Solo Rules).

The opponent is a side of its own after the last seat: in the solo game it plays against the
one player, in the 2-player game (option ``solo_opponent``) it only competes for Might. It
makes no decision: each of its turns reveals Schemes (a chance, their order unknown) until one
can be resolved in its Region A, B or C, resolves both main effects and perhaps the bonus,
defends, and draws two cards as two moves of its Solo Marker.

Interpretations (the rulebook is silent)
----------------------------------------
- A Beacon or a Tent never stops a Scheme: only a Die, Tower, Soldier or Fort that cannot be
  placed does ("Reasons for not being able to resolve..."). A Beacon with no Tower of the
  opponent's around the Region to sit on is not placed.
- A fourth Tower of the opponent's around a Region earns it a Beacon as it would a player
  ("If they gain more than 1 Beacon, resolve 1 at a time"), placed by the same corner order.
- The Ships of a Province invaded on its turn sail and a new Ship is drawn, as after a player's
  Recoup.
- When as many Schemes as there are have been revealed in one turn and none could be resolved,
  the opponent resolves none that turn (it has nothing left to place).
- Its Influence markers start stacked with gold on top, then silver, then lead.
- A Scheme's ``marker`` bonus moves the Solo Marker 2 spaces (two cards drawn); ``tent``
  places a Tent in the Active Region's Province.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import (
    DATA,
    SPACE,
    DealBeacon,
    DealFort,
    DrawScheme,
)
from towers.games.sifnos.data import FORT_FACES, MINERALS

if TYPE_CHECKING:
    from towers.core.frames import Frame
    from towers.games.sifnos.rules import SifnosState

SOLO = DATA.game["solo"]
VERSUS = DATA.game["two_player_solo"]
TRACK = DATA.solo_track
N_TRACK = len(TRACK)
ALLY = 3
LOWEST = -1
"""``Gain.mineral`` for the opponent's lowest Influence, found at each step."""
MAJORITY = -2
TRACK_GAIN = tuple(
    MAJORITY if space.gain == "majority" else MINERALS.index(space.gain) if space.gain else -1
    for space in TRACK
)
"""What each space of the Solo Marker's track gives: a mineral's Influence, MAJORITY (the
mineral under the third Allied Ship's space) or nothing (-1)."""
FACE_UP_CARD_SPACE = int(DATA.game["influence_track"]["face_up_card_space"])
SCORING_TILE_SPACE = int(DATA.game["influence_track"]["scoring_tile_space"])


def setup(state: SifnosState) -> None:
    """The opponent's area (rulebook: Solo Setup; 2 Player vs Solo Rules: Setup Changes)."""
    g = state.game
    side = g.opponent
    rules = SOLO if g.solo else VERSUS
    decks = int(rules["scheme_decks"])
    state.scheme_left = [int(rules["deck_size"])] * decks
    allied = int(rules["allied_ship_decks"])
    # the Decks with an Allied Ship are the left ones; the one without is the Active Deck
    state.scheme_allies = [i < allied for i in range(decks)]
    state.active_deck = decks - 1
    state.solo_forts = list(DATA.fort_faces)
    state.solo_beacons = list(DATA.beacon_faces)
    if g.versus:
        state.tents[side] = [0] * len(DATA.provinces)
        state.solo_forts = list(DATA.fort_faces)
    # its Towers stand face up beside it: all of them are its Supply
    state.tower_supply[side] = state.tower_reserve[side]
    state.tower_reserve[side] = [0] * len(DATA.towers_by_image)


TENTS = int(DATA.game["setup"]["tents"])


def tents_left(state: SifnosState) -> int:
    if state.game.versus:
        return 0
    return TENTS - sum(state.tents[state.game.opponent])


# ---- its turn -----------------------------------------------------------------------
def start_turn(state: SifnosState) -> None:
    side = state.game.opponent
    p = state.pending
    p.push(F.SOLO_DRAW(side))
    p.push(F.SOLO_DEFEND(side))
    p.push(F.SCHEME_REVEAL(0))


def pool(state: SifnosState) -> list[int]:
    """The Schemes that may be on top of the Active Deck: those not revealed this cycle."""
    seen = set(state.scheme_discards)
    return [s for s in range(len(DATA.schemes)) if s not in seen]


def _next_deck(state: SifnosState) -> None:
    """The Active Deck is empty: the next Deck's Allied Ship goes into the Bag and that Deck
    is the Active one; with none left, the discards are shuffled into a new one (rulebook:
    Step 1: Scheme Card)."""
    for d in reversed(range(len(state.scheme_left))):
        if state.scheme_left[d]:
            if state.scheme_allies[d]:
                state.scheme_allies[d] = False
                state.bag.put(ALLY)
            state.active_deck = d
            return
    state.scheme_left = [len(state.scheme_discards)]
    state.scheme_allies = [False]
    state.active_deck = 0
    state.scheme_discards = []


def scheme_outcomes(state: SifnosState, top: F.SchemeReveal) -> list[tuple[int, float]]:
    seen = set(state.scheme_discards)
    left = [a for s, a in enumerate(SCHEME_ACTIONS) if s not in seen]  # :func:`pool`'s order
    p = 1 / len(left)
    return [(a, p) for a in left]


def fort_outcomes(state: SifnosState, top: F.SoloFort) -> list[tuple[int, float]]:
    faces = state.solo_forts
    return [(FORT_BASE + f, faces.count(f) / len(faces)) for f in sorted(set(faces))]


def beacon_outcomes(state: SifnosState, top: F.SoloBeacon) -> list[tuple[int, float]]:
    faces = state.solo_beacons
    return [(BEACON_BASE + f, faces.count(f) / len(faces)) for f in sorted(set(faces))]


SCHEME_BASE = SPACE.base(DrawScheme)
FORT_BASE = SPACE.base(DealFort)
BEACON_BASE = SPACE.base(DealBeacon)
SCHEME_ACTIONS = tuple(SCHEME_BASE + s for s in range(len(DATA.schemes)))
OUTCOMES: dict[type, Callable[[Any, Any], list[tuple[int, float]]]] = {
    F.SchemeReveal: scheme_outcomes,
    F.SoloFort: fort_outcomes,
    F.SoloBeacon: beacon_outcomes,
}
"""Each of its chances' outcomes, by the frame's type."""


def chance_outcomes(state: SifnosState, top: Frame) -> list[tuple[int, float]]:
    outcomes = OUTCOMES.get(type(top))
    if outcomes is None:
        raise AssertionError(f"no chance at {top}")
    return outcomes(state, top)


def scheme_revealed(state: SifnosState, top: F.SchemeReveal, value: DrawScheme) -> None:
    p = state.pending
    s = value.scheme
    p.pop()
    state.scheme_left[state.active_deck] -= 1
    state.scheme_discards.append(s)
    region = resolvable_region(state, s)
    if region < 0:
        p.push(F.SCHEME_REVEAL(top.tries + 1))  # none of A, B, C: a new one
        return
    p.push(F.SCHEME_EFFECT(s, region, 0))


def fort_dealt(state: SifnosState, top: F.SoloFort, value: DealFort) -> None:
    face = value.fort
    state.pending.pop()
    state.solo_forts.remove(face)
    state.fort_at[top.region] = state.game.opponent
    match FORT_FACES[face]:
        case "any_influence":
            majority_influence(state)
        case "draw_card" | "move_soldier":
            gain_card(state, 1)


def beacon_dealt(state: SifnosState, top: F.SoloBeacon, value: DealBeacon) -> None:
    m = value.mineral
    side = state.game.opponent
    state.pending.pop()
    state.solo_beacons.remove(m)
    targets = beacon_targets(state, top.region, top.priority)
    state.beacon_at[targets[0]] = side
    state.pending.push(F.GAIN(side, m, 1))


CHANCES: dict[type, Callable[[Any, Any, Any], None]] = {
    F.SchemeReveal: scheme_revealed,
    F.SoloFort: fort_dealt,
    F.SoloBeacon: beacon_dealt,
}
"""Each of its chances' outcome, by the frame's type."""


def apply_chance(state: SifnosState, top: Frame, value: Any) -> None:
    apply = CHANCES.get(type(top))
    if apply is None:
        raise AssertionError(f"{value} at {top}")
    apply(state, top, value)


# ---- its steps: each returns whether it carried one out (False: a chance waits) ----------
def _reveal_step(state: SifnosState, top: F.SchemeReveal) -> bool:
    if top.tries >= N_SCHEMES:
        state.pending.pop()  # a whole deck's worth revealed and none can be resolved
        return True
    if not state.scheme_left[state.active_deck]:
        _next_deck(state)
        return True
    return False


def _beacon_step(state: SifnosState, top: F.SoloBeacon) -> bool:
    if state.solo_beacons and beacon_targets(state, top.region, top.priority):
        return False
    state.pending.pop()  # its last Beacon went to another Region first
    return True


def _fort_step(state: SifnosState, top: F.SoloFort) -> bool:
    if state.solo_forts and state.fort_at[top.region] < 0:
        return False
    state.pending.pop()
    return True


def _effect_step(state: SifnosState, top: F.SchemeEffect) -> bool:
    s, r, i = top.scheme, top.region, top.index
    if i < 2:
        state.pending.replace(F.SCHEME_EFFECT(s, r, i + 1))
        _main_effect(state, SCHEME_CODES[s][i], s, r)
    else:
        state.pending.pop()
        _bonus(state, s, r)
    return True


def _defend_step(state: SifnosState, top: F.SoloDefend) -> bool:
    p = state.pending
    p.pop()
    p.push(F.SOLO_WORKSHOP(top.side))
    state._defend(top.side)
    return True


def _draw_step(state: SifnosState, top: F.SoloDraw) -> bool:
    p = state.pending
    p.pop()
    if state.invaded >= 0:
        p.push(F.SAIL(state.invaded))
    gain_card(state, 2)
    return True


def _workshop_step(state: SifnosState, top: F.SoloWorkshop) -> bool:
    state.pending.pop()
    _return_workshop(state)
    return True


STEPS: dict[type, Callable[[Any, Any], bool]] = {
    F.SchemeReveal: _reveal_step,
    F.SoloBeacon: _beacon_step,
    F.SoloFort: _fort_step,
    F.SchemeEffect: _effect_step,
    F.SoloDefend: _defend_step,
    F.SoloDraw: _draw_step,
    F.SoloWorkshop: _workshop_step,
}
"""Its steps, by the frame's type (the rules' settling runs them)."""
STEP_FRAMES = tuple(STEPS)
"""The frames :func:`settle` may carry out."""


def settle(state: SifnosState, top: Frame) -> bool:
    """Carry out the opponent's steps; False when ``top`` is not one (a decision or chance)."""
    step = STEPS.get(type(top))
    return step is not None and step(state, top)


def _return_workshop(state: SifnosState) -> None:
    """Step 2's end: its Workshop Dice go back to its Supply, each one an Influence on its
    lowest track, one at a time (rulebook: Step 2: Defend)."""
    side = state.game.opponent
    dice = state.workshop[side]
    state.workshop[side] = []
    state.dice_reserve[side] += len(dice)
    if state.game.versus:
        return
    if dice:
        state.pending.push(F.GAIN(side, LOWEST, len(dice)))


def lowest(state: SifnosState) -> int:
    """Its lowest Influence; of tied markers, the one on top of the stack."""
    inf = state.influence[state.game.opponent]
    stacking = state.solo_stacking
    low = min(inf)
    best = -1
    for m in range(3):
        if inf[m] == low and (best < 0 or stacking[m] > stacking[best]):
            best = m
    return best


# ---- resolving a Scheme -------------------------------------------------------------
def resolvable_region(state: SifnosState, s: int) -> int:
    """The first of the Scheme's Regions A, B, C where both main effects can be resolved."""
    side = state.game.opponent
    for r, codes, spaces in SCHEME_TRIES[s]:
        for code in codes:
            if code == _DIE:
                if state.die_owner[r] >= 0 or state.dice_reserve[side] <= 0:
                    break
            elif code == _TOWER:
                if _tower_space(state, side, spaces) < 0:
                    break
            elif code == _SOLDIER:
                if r == CENTRAL or state.soldier_at[r] >= 0 or state.soldier_supply[side] <= 0:
                    break
            elif code == _FORT:
                if state.fort_at[r] >= 0 or not state.solo_forts:
                    break
        else:
            return r
    return -1


def tower_space(state: SifnosState, r: int, priority: tuple[int, ...]) -> int:
    """Where its Tower goes around ``r``: an empty space before one with a player's Tower, the
    image matched, lower priority numbers first (rulebook: Towers); -1 if none."""
    spaces = PRIORITY_SPACES.get((r, priority))
    if spaces is None:
        spaces = tuple(DATA.regions[r].corners[k] for k in priority)
    return _tower_space(state, state.game.opponent, spaces)


def _tower_space(state: SifnosState, side: int, spaces: tuple[int, ...]) -> int:
    """:func:`tower_space` over the Region's spaces in priority order."""
    supply = state.tower_supply[side]
    stacks = state.stacks
    covering = -1
    for s in spaces:
        stack = stacks[s]
        if not stack:
            if supply[SPACE_IMAGE[s]]:
                return s
            continue
        mine = False
        for t in stack:
            if t >> 3 == side:
                mine = True
                break
        if mine or not supply[stack[-1] & 7]:
            continue
        if covering < 0:
            covering = s
    return covering


_DIE, _TOWER, _SOLDIER, _FORT, _BEACON, _TENT, _NOTHING = range(7)
_EFFECT_CODE = {
    "die": _DIE, "tower": _TOWER, "soldier": _SOLDIER, "fort": _FORT, "beacon": _BEACON,
    "tent": _TENT,
}  # fmt: skip
"""A main effect as a small int; a Beacon, a Tent or another effect never stops a Scheme."""
CENTRAL = DATA.central
N_SCHEMES = len(DATA.schemes)
N_REGIONS = len(DATA.regions)
SPACE_IMAGE = tuple(space.image for space in DATA.spaces)
"""Each Tower space's printed image."""
SPACE_REGIONS = tuple(tuple(space.regions) for space in DATA.spaces)
REGION_CORNERS = tuple(tuple(region.corners) for region in DATA.regions)
REGION_PROVINCE = tuple(region.province for region in DATA.regions)
SCHEME_CODES = tuple(
    tuple(_EFFECT_CODE.get(e, _NOTHING) for e in scheme.effects) for scheme in DATA.schemes
)
"""Each Scheme's main effects' codes."""
SCHEME_TRIES = tuple(
    tuple(
        (r, codes, tuple(REGION_CORNERS[r][k] for k in scheme.tower_priority))
        for r in scheme.regions
    )
    for scheme, codes in zip(DATA.schemes, SCHEME_CODES, strict=True)
)
"""For each Scheme, its Regions A, B, C in turn: the Region, its main effects' codes and the
Region's Tower spaces in the Scheme's corner order (for :func:`resolvable_region`)."""
PRIORITY_SPACES: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {
    (r, scheme.tower_priority): spaces
    for scheme, tries in zip(DATA.schemes, SCHEME_TRIES, strict=True)
    for r, _, spaces in tries
}
"""A Region's Tower spaces in a Scheme's corner order, by (Region, corner order)."""
SCHEME_SPACES = tuple(
    tuple(PRIORITY_SPACES.get((r, scheme.tower_priority), ()) for r in range(N_REGIONS))
    for scheme in DATA.schemes
)
"""The same by Scheme, then Region (none for a Region not the Scheme's)."""


def beacon_targets(state: SifnosState, r: int, priority: tuple[int, ...]) -> list[int]:
    """The corners of ``r``, in the order ``priority``, where its Tower is on top and no
    Beacon sits."""
    side = state.game.opponent
    corners = REGION_CORNERS[r]
    stacks = state.stacks
    beacon_at = state.beacon_at
    out = []
    for k in priority:
        c = corners[k]
        stack = stacks[c]
        if stack and stack[-1] >> 3 == side and beacon_at[c] < 0:
            out.append(c)
    return out


def _main_effect(state: SifnosState, code: int, s: int, r: int) -> None:
    """The main effect ``code`` of Scheme ``s`` in Region ``r``, if it can be resolved."""
    side = state.game.opponent
    if code == _DIE:
        if state.die_owner[r] >= 0 or state.dice_reserve[side] <= 0:
            return
        state.dice_reserve[side] -= 1
        state.die_owner[r] = side
        state.die_value[r] = REGION_VALUE[r]  # its Dice's values do not matter
        owner = state.fort_at[r]
        if owner >= 0 and owner != side:
            state._draw(owner, 1)
    elif code == _TOWER:
        space = _tower_space(state, side, SCHEME_SPACES[s][r])
        if space >= 0:
            _place_tower(state, space, SCHEME_PRIORITY[s])
    elif code == _BEACON:
        if state.solo_beacons and beacon_targets(state, r, SCHEME_PRIORITY[s]):
            state.pending.push(F.SoloBeacon(region=r, priority=SCHEME_PRIORITY[s]))
    elif code == _SOLDIER:
        if r != CENTRAL and state.soldier_at[r] < 0 and state.soldier_supply[side] > 0:
            state.soldier_supply[side] -= 1
            state.soldier_at[r] = side
    elif code == _FORT:
        if state.fort_at[r] < 0 and state.solo_forts:
            state.pending.push(F.SoloFort(region=r))
    elif code == _TENT:
        if tents_left(state):
            state.tents[side][REGION_PROVINCE[r]] += 1


def _place_tower(state: SifnosState, space: int, priority: tuple[int, ...]) -> None:
    side = state.game.opponent
    stacks = state.stacks
    stack = stacks[space]
    top = stack[-1] if stack else -1
    image = SPACE_IMAGE[space] if top < 0 else top & 7
    regions = SPACE_REGIONS[space]
    # the Regions around it where it had 3 corners with a Tower of its own before
    before = [_corners_held(stacks, side, REGION_CORNERS[x]) for x in regions]
    state.tower_supply[side][image] -= 1
    stack.append(side * 8 + image)
    for k in range(len(regions) - 1, -1, -1):
        x = regions[k]
        if before[k] == 3 and state.solo_beacons and beacon_targets(state, x, priority):
            state.pending.push(F.SoloBeacon(region=x, priority=priority))
    if top >= 0:
        state._draw(top >> 3, 2)  # covering a player's Tower: they draw 2


def _corners_held(stacks: list[list[int]], side: int, corners: tuple[int, ...]) -> int:
    """How many of ``corners`` hold a Tower of ``side``'s, covered or not."""
    n = 0
    for c in corners:
        for t in stacks[c]:
            if t >> 3 == side:
                n += 1
                break
    return n


ALLIES_WAITED = {"always": 0, "ally_1": 1, "ally_2": 2}
"""How many Allied Ships a Scheme's bonus waits for, by its ``when``."""
BONUS_WAITS = tuple(ALLIES_WAITED[scheme.when] for scheme in DATA.schemes)
SCHEME_PRIORITY = tuple(scheme.tower_priority for scheme in DATA.schemes)
REGION_VALUE = tuple(region.value for region in DATA.regions)


def _bonus(state: SifnosState, s: int, r: int) -> None:
    """The bonus effect, if its Allied Ships have come (none in the 2-player game)."""
    if state.game.versus:
        return
    if state.allies < BONUS_WAITS[s]:
        return
    match DATA.schemes[s].bonus:
        case "influence":
            majority_influence(state)
        case "marker":
            gain_card(state, 2)
        case "tent":
            if tents_left(state):
                state.tents[state.game.opponent][REGION_PROVINCE[r]] += 1


# ---- its marker and tracks ------------------------------------------------------------
def gain_card(state: SifnosState, n: int) -> None:
    """It would gain ``n`` cards (or move a Soldier): its Solo Marker moves ``n`` spaces
    clockwise, each corner reached giving its Influence (none in the 2-player game)."""
    if state.game.versus:
        return
    side = state.game.opponent
    for _ in range(n):
        state.solo_marker = (state.solo_marker + 1) % N_TRACK
        gain = TRACK_GAIN[state.solo_marker]
        if gain == MAJORITY:
            majority_influence(state)
        elif gain >= 0:
            state.pending.push(F.GAIN(side, gain, 1))


def majority_influence(state: SifnosState) -> None:
    """Its "any 1 Influence": the mineral under the third Allied Ship's space."""
    if state.game.versus:
        return
    state.pending.push(F.GAIN(state.game.opponent, state.markers[5], 1))


def ally_draw(state: SifnosState, mineral: int, per: int) -> None:
    """An Allied Ship's cards for the opponent, as marker moves."""
    side = state.game.opponent
    gain_card(state, state.influence[side][mineral] // per)


def track_space(state: SifnosState, m: int, value: int) -> None:
    """Its marker reached ``value``: spaces 3 and 5 work as for a player, by the Solo Marker's
    place (rulebook: Solo Marker and Influence)."""
    side = state.game.opponent
    state.solo_stacking[m] = max(state.solo_stacking) + 1
    space = TRACK[state.solo_marker]
    if value == FACE_UP_CARD_SPACE and m == state.markers[0] and state.face_up:
        card = state.face_up[0] if space.col < 2 or len(state.face_up) == 1 else state.face_up[-1]
        state.face_up.remove(card)
        state.discards.append(card)
        state.pending.push(F.GAIN(side, DATA.cards[card].mineral, 1))
    if value == SCORING_TILE_SPACE and m == state.markers[1]:
        tiles = [t for t in state.tile_row if t >= 0]
        if tiles:
            if len(tiles) >= 3:
                pick = tiles[0] if space.row == 0 else tiles[-1] if space.row == 3 else tiles[1]
            else:
                pick = tiles[0] if space.row < 2 else tiles[-1]
            state.tile_row[state.tile_row.index(pick)] = -1
            state.tile_of[side] = pick


# ---- no decisions of its own --------------------------------------------------------
def decisions(state: SifnosState, top: Frame) -> list[int]:
    raise AssertionError(f"no decision at {top}")


def apply_decision(state: SifnosState, top: Frame, value: Any) -> None:
    raise AssertionError(f"{value} at {top}")


def observe(state: SifnosState) -> dict[str, Any]:
    """The opponent's public facts: its marker, its Decks, the revealed Schemes."""
    return {
        "side": state.game.opponent,
        "marker": state.solo_marker,
        "decks": list(state.scheme_left),
        "decks_with_allied_ship": list(state.scheme_allies),
        "active_deck": state.active_deck,
        "revealed": [DATA.schemes[s].id for s in state.scheme_discards],
        "forts_left": len(state.solo_forts),
        "beacons_left": len(state.solo_beacons),
    }
