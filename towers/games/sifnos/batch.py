"""Many games of Towers of Sifnos stepped together: the batch engine (see
:mod:`towers.core.batch`).

The games live in one flat array of 64-bit ints, a slice of ``W`` a game at the offsets
below: the state's scalars, each side's rows at fixed places (a list that grows with its
count before it), a hand as a bitmask of the 108 Cards in two ints (the one-game hand is
kept sorted, so the bits are the list), the deck's counts and their total, the Bag's, each
larger Province's Ships, each Tower space's stack, and the pending frames as records of
``FW`` ints (a kind, then the frame's fields; a string or tuple field as its int in
``WORDS``). The compiled twin of this file, ``batch_c`` (built from it with the C types of
``batch.pxd``, see :mod:`towers.core.compiled`), steps them in C; the plain-Python text is
its reference and the fallback where it is not built. ``load`` writes a one-game state into
a game's slice and ``state`` reads one back, field for field.

The rules of :class:`~.rules.SifnosState` are written again over the arrays, at 2-4 players
and in the games with the Scheme-driven opponent (solo, and 2 players with it): the setup's
chances (the Scoring Tiles, the Mineral Markers, the face-up cards, the front Ships, the
Setup Aids, the Forts and Beacons dealt, the starting effects), the turn's steps (Prepare,
the major actions, Defend, Recoup, the next turn), every effect of the columns and the Cards
(paying, placing Cards and their discounts, Dice adjusted and placed, Towers placed and
covered, networks, Soldiers moved, placed, pushed out and turned into Forts, Ships moved,
the triggered Cards), Influence and its third and fifth spaces, the face-up Cards, the
Scoring Tiles and their immediate effects, Beacons, Forts and the columns' bonuses, the
Workshop's Dice on the Buildings, invasions, the Ships sailing and drawn, the Allied Ships,
the chances of a turn (a Card, a Die, a Tower, a Ship), the opponent's turns (its Schemes
revealed and resolved in their Regions, its Dice, Towers, Soldiers, Forts, Beacons and Tents
placed, its Solo Marker and Influence, its Defend and Workshop Dice, the cards it is given
or would draw) and the end of the game. ``observation_tensor`` and ``heuristics`` are
written from the arrays too (the VP as they stand counted there, the floats of
:func:`.bots.evaluate_all`); ``returns`` reads the scores from a state made from them.
Anything else would be played by the one-game rules on a state read from the arrays and
written back once the game reaches a decision (the same rules, so the same games whichever
way an action goes). The tests hold every action of many games to the one-game engine,
field by field, in both texts.

Randomness: each game keeps its own ``random.Random``; a chance node takes one float of it
and picks the outcome as :func:`towers.core.chance.sample_chance` does (the walk of the
compiled legality's ``sample_chance``, the same float additions in the same order), a random
playout picks ``legal[int(r * len(legal))]`` as :func:`towers.bench.play_random_game` does.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Sequence
from dataclasses import fields as dataclass_fields
from typing import Any

from towers.core.batch import check_state, checked_choosers, chooser_list, generator
from towers.core.compiled import twin
from towers.core.components import Bag, Deck
from towers.core.frames import DecisionStack
from towers.core.game import CHANCE, TERMINAL
from towers.games.sifnos import actions as A
from towers.games.sifnos import board as _board
from towers.games.sifnos import bots as _bots
from towers.games.sifnos import construct as _construct
from towers.games.sifnos import effects as _effects
from towers.games.sifnos import frames as F
from towers.games.sifnos import influence as _influence
from towers.games.sifnos import invest as _invest
from towers.games.sifnos import legality as _legality
from towers.games.sifnos import rules as _rules
from towers.games.sifnos import scoring as _scoring
from towers.games.sifnos import solo as _solo
from towers.games.sifnos import tensor as _tensor
from towers.games.sifnos.actions import DATA
from towers.games.sifnos.cards import CARD_MINERAL
from towers.games.sifnos.data import ANY, BEACON, FORT_FACES, MINERALS

LEGALITY = twin(_legality)

N_CARDS = _board.N_CARDS
N_LARGE = _board.N_LARGE
N_PROVINCES = _board.N_PROVINCES
N_REGIONS = _board.N_REGIONS
N_SPACES = _board.N_SPACES
SIDES = 4  # the seats and the Scheme-driven opponent, at most
N_IMAGES = len(DATA.towers_by_image)
N_PIECES = len(DATA.pieces)
N_BUILDING_SPACES = len(DATA.building_spaces)
DRAW_BASE = _legality.DRAW_BASE
DISCARD_BASE = _legality.SPACE.base(_legality.A.Discard)
HALF = 54  # a hand's bitmask: Cards 0-53 in its first int, 54-107 in its second
USED_SCALE = 1 << 62  # ``used`` (past 64 bits) as two ints: used % USED_SCALE, the rest

# ---- the ints of a game: offsets in its slice of S -----------------------------------------
SCALARS = (
    "allies", "turn", "rounds", "invaded", "region_ok", "majors_done", "ignore_image",
    "use_network", "beacon_placed", "ended_by", "over", "solo_marker", "active_deck",
)  # fmt: skip
OVER = SCALARS.index("over")
ALLIES = SCALARS.index("allies")
MAJORS_DONE = SCALARS.index("majors_done")
IGNORE_IMAGE = SCALARS.index("ignore_image")
USE_NETWORK = SCALARS.index("use_network")
BEACON_PLACED = SCALARS.index("beacon_placed")
BOOLS = frozenset(("ignore_image", "use_network", "beacon_placed", "over", "ally_on_track"))
USED = len(SCALARS)  # two ints
LENGTH = USED + 2
DEPTH = LENGTH + 1
DEC = DEPTH + 1  # decisions taken by each seat
DECK_TOTAL = DEC + SIDES  # the cards in the deck
PER_SIDE = ("ally_on_track", "dice_reserve", "barracks", "soldier_supply", "central", "tile_of")
SIDE_AT = DECK_TOTAL + 1
ROWS = (
    ("influence", 3),
    ("tower_supply", N_IMAGES),
    ("tower_reserve", N_IMAGES),
    ("tents", N_PROVINCES),
    ("pieces", N_PIECES),
    ("buildings", N_BUILDING_SPACES),
)
"""Each side's rows of fixed length, side after side."""
ROW_AT = SIDE_AT + len(PER_SIDE) * SIDES
ROW_W = sum(n for _, n in ROWS)
GROWING = (("placed", N_CARDS), ("dice_supply", 20), ("workshop", 20), ("aids", 6))
"""Each side's lists that grow, with room for their most: the count, then the items."""
GROW_AT = ROW_AT + ROW_W * SIDES
GROW_W = sum(n + 1 for _, n in GROWING)
HANDS = GROW_AT + GROW_W * SIDES  # two ints a side
BOARD = (
    ("soldier_at", N_REGIONS),
    ("die_owner", N_REGIONS),
    ("die_value", N_REGIONS),
    ("fort_at", N_REGIONS),
    ("beacon_at", N_SPACES),
    ("markers", 6),
    ("solo_stacking", 3),
)
BOARD_AT = HANDS + 2 * SIDES
LISTS = (
    ("discards", N_CARDS),
    ("tile_row", 9),
    ("face_up", 4),
    ("aid_pool", 6),
    ("discounts", 16),
    ("scheme_left", 3),
    ("scheme_allies", 3),
    ("scheme_discards", 18),
    ("solo_forts", 6),
    ("solo_beacons", 6),
)
LISTS_AT = BOARD_AT + sum(n for _, n in BOARD)
DISCARDS = LISTS_AT  # the first of LISTS
DECK = LISTS_AT + sum(n + 1 for _, n in LISTS)
BAG = DECK + N_CARDS
SHIPS = BAG + 4  # a count and four Ships a larger Province
STACK_ROOM = 12
STACKS = SHIPS + 5 * N_LARGE  # a count and the Towers, bottom first, a Tower space
FW = 6  # a pending frame: its kind, then up to five fields
LEGAL_ROOM = 1024  # the actions of a list being made (SifnosBatch.L)
STACK = 40  # frames on the pending stack at most
PENDING = STACKS + (STACK_ROOM + 1) * N_SPACES
W = PENDING + STACK * FW

KINDS = tuple(F.FRAMES.by_name.values())
KIND_OF = {kind: k for k, kind in enumerate(KINDS)}
FIELDS = tuple(tuple(f.name for f in dataclass_fields(kind)) for kind in KINDS)
WORD_FIELDS = frozenset(("event", "cards", "priority"))
"""The frames' fields that hold a string or a tuple (an int in ``WORDS`` in a record)."""
BOOL_FIELDS = frozenset(
    (kind, j)
    for kind in range(len(KINDS))
    for j, f in enumerate(dataclass_fields(KINDS[kind]))
    if f.type in ("bool", bool)
)
IS_CHANCE = tuple(kind in F.CHANCE_FRAMES for kind in KINDS)
IS_SETTLED = tuple(kind not in _rules.STEPS for kind in KINDS)
"""The frames the one-game rules never settle on their own (decided when on top)."""
K_DRAW = KIND_OF.get(F.Draw, -1)
K_PAY = KIND_OF.get(F.Pay, -1)
K_MAJORS = KIND_OF.get(F.Majors, -1)
K_COLUMN = KIND_OF.get(F.Column, -1)
K_FORT_CHOICE = KIND_OF.get(F.FortChoice, -1)
K_SHIP_DRAW = KIND_OF.get(F.ShipDraw, -1)
K_BEACON_PLACE = KIND_OF.get(F.BeaconPlace, -1)
K_TENT_CHOICE = KIND_OF.get(F.TentChoice, -1)
K_FORT_ANYWHERE = KIND_OF.get(F.FortAnywhere, -1)
DONE = _legality.DONE
A_MAJOR = _legality.A_MAJOR
WORDS: list[Any] = []
"""The strings and tuples frames hold, by the int a record holds for each."""
WORD_ID: dict[Any, int] = {}


def word_id(value: Any) -> int:
    """The int a frame record holds for a string or a tuple (made once for each met)."""
    found = WORD_ID.get(value)
    if found is None:
        found = WORD_ID[value] = len(WORDS)
        WORDS.append(value)
    return found


def engine_for(game: Any, size: int) -> SifnosBatch:
    """The batch engine of ``size`` games of ``game``: 1-4 players, the Scheme-driven
    opponent's games included."""
    return SifnosBatch(game, size)


class SifnosBatch:
    """``size`` games of Towers of Sifnos in one array (see the module docstring)."""

    def __init__(self, game: Any, size: int) -> None:
        if size < 1:
            raise ValueError("a batch holds at least one game")
        self.game = game
        self.size = size
        self.players = game.num_players
        self.sides = game.sides
        self.opponent = game.opponent
        self.ally_space = game.ally_space
        self.solo = game.solo
        self.versus = game.versus
        self.hand_size = 0  # what _column_uses found once a list (see _can_use)
        self.known = 0
        self.L = array("q", bytes(8 * LEGAL_ROOM))  # a list of actions being made
        self.n = 0
        self.S = array("q", bytes(8 * W * size))
        self.rngs = [random.Random(0)] * size
        self.draws = [r.random for r in self.rngs]
        self.choosers: list[Any] = [None] * size
        self.live: list[Any] = [None] * size  # each game as a state while one mirrors it
        self.tensor: Any = None
        self.tensor_size = -1  # the tensor's length, once checked against the encoder's
        self.O = array("d", bytes(8))

    # ---- the protocol --------------------------------------------------------------------
    def reset(
        self,
        seeds: Sequence[int | random.Random],
        choosers: Sequence[Sequence[Any] | None] | None = None,
    ) -> None:
        self.choosers = checked_choosers(self.size, seeds, choosers)
        self.rngs = [generator(s) for s in seeds]
        self.draws = [r.random for r in self.rngs]
        _write(self, 0, self.game.new_initial_state())
        _copy_first(self)
        for g in range(self.size):
            _resolve(self, g)

    def load(
        self,
        g: int,
        state: Any,
        rng: int | random.Random | None = None,
        choosers: Sequence[Any] | None = None,
    ) -> None:
        check_state(self.game, state)
        self.rngs[g] = generator(rng)
        self.draws[g] = self.rngs[g].random
        self.choosers[g] = chooser_list(choosers)
        _write(self, g, state)
        _resolve(self, g)

    def current_player(self, g: int) -> int:
        return _current(self, g)

    def is_terminal(self, g: int) -> bool:
        return self.S[g * W + OVER] != 0

    def length(self, g: int) -> int:
        return self.S[g * W + LENGTH]

    def decisions(self, g: int) -> list[int]:
        b = g * W + DEC
        return [self.S[b + p] for p in range(self.players)]

    def returns(self, g: int) -> list[float]:
        return _state_live(self, g).returns()  # type: ignore[no-any-return]

    def heuristics(self, g: int) -> list[float]:
        """Every seat's heuristic: the floats of ``bots.evaluate_all`` of its state, read from
        the arrays."""
        return _heuristics(self, g)

    def observation_tensor(self, g: int, seat: int, out: Any) -> None:
        """The seat's tensor: the floats of ``tensor.encode(state.observation(seat))``,
        written from the arrays."""
        if self.tensor is None:
            from towers.core.registry import tensor_of

            self.tensor = tensor_of(self.game)
            self.tensor_size = self.tensor.size
            self.O = array("d", bytes(8 * self.tensor_size))
        _write_tensor(self, g, seat)
        out[:] = self.O

    def legal_actions(self, g: int) -> list[int]:
        return _legal(self, g)

    def legal_mask(self, g: int, mask: Any) -> None:
        for a in _legal(self, g):
            mask[a] = 1

    def apply(self, g: int, action: int) -> None:
        _apply(self, g, action)

    def play(self, g: int, decisions: int, until: int = -1) -> None:
        _play_out(self, g, decisions, until)

    def play_random(self) -> list[int]:
        for g in range(self.size):
            _play_out(self, g, -1, -1)
        return [self.S[g * W + LENGTH] for g in range(self.size)]

    def write(self, g: int, state: Any) -> None:
        """Game g set to ``state`` (its history and decisions counted from 0)."""
        _write(self, g, state)

    def state(self, g: int) -> Any:
        """Game ``g`` as a one-game state (an empty history)."""
        return _read(self, g)


# ---- playing: the fast rules where they reach, else the one-game rules ---------------------
def _copy_first(e: SifnosBatch) -> None:
    """Game 0's ints (a new game before its chances) copied into every other game's slice."""
    S = e.S
    for g in range(1, e.size):
        b = g * W
        for i in range(W):
            S[b + i] = S[i]
        e.live[g] = None


def _current(e: SifnosBatch, g: int) -> int:
    """Who decides in game g (TERMINAL at the end; chance is resolved between actions)."""
    b = g * W
    S = e.S
    if S[b + OVER]:
        return TERMINAL
    top = b + PENDING + (S[b + DEPTH] - 1) * FW
    if IS_CHANCE[S[top]]:
        return CHANCE
    return S[top + 1]  # every decision's first field is its seat


def _legal(e: SifnosBatch, g: int) -> list[int]:
    if e.S[g * W + OVER]:
        return []
    n = _fast_legal(e, g)
    if n >= 0:
        return [e.L[i] for i in range(n)]
    return _state_live(e, g)._legal_actions()  # type: ignore[no-any-return]


def _apply(e: SifnosBatch, g: int, action: int) -> None:
    S = e.S
    b = g * W
    S[b + DEC + _current(e, g)] += 1
    S[b + LENGTH] += 1
    live = e.live[g]
    e.live[g] = None
    if _fast_apply(e, g, action):
        if _settle(e, g):
            _resolve(e, g)
        return
    state = live if live is not None else _read(e, g)
    state._apply(action)
    _resolve_on(e, g, state)


def _play_out(e: SifnosBatch, g: int, decisions: int, until: int) -> None:
    """Game g played on: at most ``decisions`` decisions (no limit if negative), stopping
    before a decision of seat ``until``."""
    draw = e.draws[g]
    picks = e.choosers[g]
    while True:
        player = _current(e, g)
        if player == TERMINAL or decisions == 0 or player == until:
            return
        decisions -= 1
        n = _fast_legal(e, g)
        if n >= 0:
            if picks is None:
                r = draw()
                pick = int(r * n)
            else:
                pick = picks[player](n)
            _apply(e, g, e.L[pick])
            continue
        legal = _state_live(e, g)._legal_actions()
        pick = int(draw() * len(legal)) if picks is None else picks[player](len(legal))
        _apply(e, g, legal[pick])


def _resolve(e: SifnosBatch, g: int) -> None:
    """Game g's chance nodes resolved, in the arrays while the fast rules cover them."""
    S = e.S
    b = g * W
    while not S[b + OVER]:
        kind = S[b + PENDING + (S[b + DEPTH] - 1) * FW]
        if not IS_CHANCE[kind]:
            return
        r = e.draws[g]()
        S[b + LENGTH] += 1
        if not _fast_chance(e, g, kind, r):
            state = _read(e, g)
            state._apply(LEGALITY.sample_chance(state, r))
            _resolve_on(e, g, state)
            return
        if not _settle(e, g):
            return


def _resolve_on(e: SifnosBatch, g: int, state: Any) -> None:
    """Game g's chance nodes resolved on its one-game state ``state``, then written back."""
    draw = e.draws[g]
    S = e.S
    b = g * W
    n = 0
    chances = F.CHANCE_FRAMES
    while not state.over and type(state.pending[-1]) in chances:
        state._apply(LEGALITY.sample_chance(state, draw()))
        n += 1
    length = S[b + LENGTH] + n
    dec = [S[b + DEC + p] for p in range(SIDES)]
    _write(e, g, state)
    S[b + LENGTH] = length
    for p in range(SIDES):
        S[b + DEC + p] = dec[p]
    e.live[g] = state


def _state_live(e: SifnosBatch, g: int) -> Any:
    state = e.live[g]
    if state is None:
        state = e.live[g] = _read(e, g)
    return state


# ---- the rules over the arrays: tables ----------------------------------------------------
_TYPES = (A.Done, A.UsePrinted, A.UseCard, A.Major, A.PlaceCard, A.Discard, A.Give, A.Adjust,
          A.PlaceDie, A.PlaceTower, A.PlaceSoldier, A.MoveSoldier, A.FortIn, A.MoveShip,
          A.Influence)  # fmt: skip
(T_DONE, T_USE_PRINTED, T_USE_CARD, T_MAJOR, T_PLACE_CARD, T_DISCARD, T_GIVE, T_ADJUST,
 T_PLACE_DIE, T_PLACE_TOWER, T_PLACE_SOLDIER, T_MOVE_SOLDIER, T_FORT_IN, T_MOVE_SHIP,
 T_INFLUENCE) = range(len(_TYPES))  # fmt: skip


def _decoded(value: Any) -> tuple[int, int, int, int]:
    kind = type(value)
    t = _TYPES.index(kind) if kind in _TYPES else -1
    ints = [int(getattr(value, f.name)) for f in dataclass_fields(value)] + [0, 0, 0]
    return t, ints[0], ints[1], ints[2]


_DECODED = [_decoded(v) for v in _legality.SPACE.values]
ACT_TYPE = tuple(d[0] for d in _DECODED)
ACT_A = tuple(d[1] for d in _DECODED)
ACT_B = tuple(d[2] for d in _DECODED)
ACT_C = tuple(d[3] for d in _DECODED)
"""Each action's type (an index in _TYPES, -1: another) and its fields, by its int."""

USE_KINDS = ("place_card", "discard_adjust", "adjust", "gold_adjust", "adjust_and_move",
             "discount_others", "discount_same", "discount", "ignore_image", "network",
             "silver_muster", "muster", "move", "discard_move", "discard_place", "discard_ship",
             "discard_draw")  # fmt: skip
(U_PLACE_CARD, U_DISCARD_ADJUST, U_ADJUST, U_GOLD_ADJUST, U_ADJUST_AND_MOVE, U_DISCOUNT_OTHERS,
 U_DISCOUNT_SAME, U_DISCOUNT, U_IGNORE_IMAGE, U_NETWORK, U_SILVER_MUSTER, U_MUSTER, U_MOVE,
 U_DISCARD_MOVE, U_DISCARD_PLACE, U_DISCARD_SHIP, U_DISCARD_DRAW) = range(len(USE_KINDS))  # fmt: skip
TRIGGERED_EFFECTS = ("fort_die_soldier", "first_die_soldier", "beacon_soldier", "fort_die_move",
                     "cover_move", "second_die_ship", "beacon_ship", "fort_ship")  # fmt: skip


def _kind_code(kind: str) -> int:
    if kind in USE_KINDS:
        return USE_KINDS.index(kind)
    if kind in TRIGGERED_EFFECTS:
        return 100 + TRIGGERED_EFFECTS.index(kind)
    return -1


NO_PRICE = _legality.NO_PRICE
CARDS = DATA.cards
CARD_COST = tuple(c.cost for c in CARDS)
CARD_COLUMN = tuple(c.column for c in CARDS)
CARD_USE = tuple(_kind_code(c.kind) for c in CARDS)
CARD_PRICE = tuple(NO_PRICE if c.discard is None else c.discard for c in CARDS)
CARD_ARG = tuple(-1 if c.mineral_arg is None else c.mineral_arg for c in CARDS)
CARD_TENT = tuple(c.kind == "tent" for c in CARDS)
CARD_PROVINCE = tuple(-1 if c.province is None else c.province for c in CARDS)
CARD_RECOUP = tuple(
    ("draw", "tower_limit", "dice_limit").index(c.kind)
    if c.column == _board.RECOUP_COLUMN and c.kind in ("draw", "tower_limit", "dice_limit")
    else -1
    for c in CARDS
)
PRINTED_USE = tuple(_kind_code(p.id) for p in DATA.printed)
PRINTED_PRICE = tuple(NO_PRICE if p.discard is None else p.discard for p in DATA.printed)
USED_IN = _legality.USED_IN
CARD_USE_CODE = tuple(u[1] for u in _legality.CARD_USES)
PRINTED_IN = _legality.PRINTED_IN
PRINTED_BIT = _board.PRINTED_BIT
PLACE_DIE_BIT = _board.PLACE_DIE_BIT
PLACE_TOWER_BIT = _board.PLACE_TOWER_BIT
MAJOR_COLUMN = _board.MAJOR_COLUMN
ADJUSTS = _invest.ADJUSTS
REGION_VALUE = _invest.REGION_VALUE
REGION_PROVINCE = _board.REGION_PROVINCE
LARGE_OF = _board.LARGE_OF
PROVINCE_REGIONS = tuple(p.regions for p in DATA.provinces)
LARGE_PROVINCES = tuple(DATA.large)
REGION_CORNERS = tuple(r.corners for r in DATA.regions)
SPACE_REGION_LIST = tuple(s.regions for s in DATA.spaces)
SPACE_REGIONS = _construct.SPACE_REGIONS
SPACE_NEIGHBOURS = tuple(s.neighbours for s in DATA.spaces)
SPACE_IMAGE = _legality.SPACE_IMAGE
MOVES_FROM = _legality.MOVES_FROM
FROM_BARRACKS = _legality.FROM_BARRACKS
CENTRAL = _board.CENTRAL
BARRACKS = A.BARRACKS
FORT_SLOTS = _legality.FORT_SLOTS
BEACON_SLOTS = tuple(s for s in range(N_PIECES) if DATA.pieces[s].kind == BEACON)
ACTIVE = F.ACTIVE
ANYWHERE = F.ANYWHERE
ALLY = _board.ALLY
TRACK_LAST = _board.TRACK_LAST
SCORING_TILE_SPACE = _influence.SCORING_TILE_SPACE
FACE_UP_CARD_SPACE = _influence.FACE_UP_CARD_SPACE
MAX_TENTS = int(_board.SETUP["tents"])
MAX_ROUNDS = _rules.MAX_ROUNDS
ALL_REGIONS = (1 << N_REGIONS) - 1
RECOUP_CARDS = DATA.recoup.cards
RECOUP_TOWERS = DATA.recoup.towers
RECOUP_DICE = DATA.recoup.dice
A_GIVE = A.A_GIVE
A_PLACE_CARD = A.A_PLACE_CARD
A_USE_CARD = A.A_USE_CARD
A_USE_PRINTED = A.A_USE_PRINTED
A_PLACE_DIE = A.A_PLACE_DIE
A_PLACE_TOWER = A.A_PLACE_TOWER
A_PLACE_SOLDIER = A.A_PLACE_SOLDIER
A_FORT_IN = A.A_FORT_IN
A_MOVE_SHIP = A.A_MOVE_SHIP
A_INFLUENCE = A.A_INFLUENCE
A_BUILD = A.A_BUILD
ROLL_BASE = _legality.ROLL_BASE
TOWER_BASE = _legality.TOWER_BASE
MINERAL_OF = tuple(CARD_MINERAL)
MINERAL_LO = tuple(sum(1 << c for c in range(HALF) if CARD_MINERAL[c] == m) for m in range(3))
MINERAL_HI = tuple(
    sum(1 << (c - HALF) for c in range(HALF, N_CARDS) if CARD_MINERAL[c] == m) for m in range(3)
)
"""Each mineral's cards, as the two ints of a hand's bitmask."""
BUILD_BELOW = tuple(r[0] for r in _legality.BUILD_RULES)
BUILD_RULE = tuple(r[1] for r in _legality.BUILD_RULES)
BUILD_SPACES = tuple(r[2] for r in _legality.BUILD_RULES)
BUILD_PARTNER = tuple(r[3] for r in _legality.BUILD_RULES)
BUILD_ADJACENT = tuple(r[4] for r in _legality.BUILD_RULES)
EVENTS = ("first_die", "second_die", "fort_die", "cover", "beacon", "fort")
E_FIRST_DIE, E_SECOND_DIE, E_FORT_DIE, E_COVER, E_BEACON, E_FORT = (word_id(x) for x in EVENTS)
EVENT_OF_WORD = {word_id(x): i for i, x in enumerate(EVENTS)}
IS_DRAWING = tuple(c.kind in _effects.DRAWING for c in CARDS)
CARD_TRIGGER = tuple(
    sum(1 << i for i, x in enumerate(EVENTS) if c.kind in _effects.TRIGGERS[x]) for c in CARDS
)
"""The events that trigger each Card, a bit each (in the order of EVENTS)."""
# the rows of a side (offsets in its ROWS) and its growing lists (in GROWING)
INFLUENCE = 0
TOWER_SUPPLY = 3
TOWER_RESERVE = TOWER_SUPPLY + N_IMAGES
TENTS = TOWER_RESERVE + N_IMAGES
PIECES = TENTS + N_PROVINCES
BUILDINGS = PIECES + N_PIECES
PLACED = 0
DICE_SUPPLY = N_CARDS + 1
WORKSHOP = DICE_SUPPLY + 21
# each side's ints (offsets of PER_SIDE's rows)
ALLY_ON_TRACK = SIDE_AT
DICE_RESERVE = SIDE_AT + SIDES
BARRACKS_AT = SIDE_AT + 2 * SIDES
SOLDIER_SUPPLY = SIDE_AT + 3 * SIDES
CENTRAL_AT = SIDE_AT + 4 * SIDES
SOLDIER_AT = BOARD_AT
DIE_OWNER = BOARD_AT + N_REGIONS
DIE_VALUE = DIE_OWNER + N_REGIONS
FORT_AT = DIE_VALUE + N_REGIONS
BEACON_AT = FORT_AT + N_REGIONS
MARKERS = BEACON_AT + N_SPACES
TILE_ROW = LISTS_AT + N_CARDS + 1
FACE_UP = TILE_ROW + 10
DISCOUNTS = FACE_UP + 5 + 7
REGION_OK = SCALARS.index("region_ok")
ENDED_BY = SCALARS.index("ended_by")
INVADED = SCALARS.index("invaded")
TURN = SCALARS.index("turn")
ROUNDS = SCALARS.index("rounds")
K_PREPARE, K_DEFEND, K_INVASION, K_WORKSHOP, K_RECOUP, K_RECOUP_CHOICE, K_SAIL, K_END_TURN = (
    KIND_OF[k] for k in (F.Prepare, F.Defend, F.Invasion, F.Workshop, F.Recoup, F.RecoupChoice,
                         F.Sail, F.EndTurn)
)  # fmt: skip
K_GIVE, K_PLACEMENT, K_ADJUST, K_SOLDIERS, K_SHIP_CHOICE, K_INFLUENCE_CHOICE, K_GAIN = (
    KIND_OF[k] for k in (F.GiveCards, F.Placement, F.AdjustDice, F.Soldiers, F.ShipChoice,
                         F.InfluenceChoice, F.Gain)
)  # fmt: skip
K_GAME_END = KIND_OF[F.GameEnd]
K_TRIGGER, K_TRIGGERED, K_BEACON_CHOICE, K_FACE_UP, K_TILE_CHOICE, K_ROLL, K_TOWER_DRAW = (
    KIND_OF[k] for k in (F.Trigger, F.Triggered, F.BeaconChoice, F.FaceUp, F.TileChoice, F.Roll,
                         F.TowerDraw)
)  # fmt: skip


NEEDS_SORT = tuple(
    kind in (F.Soldiers, F.AdjustDice, F.Triggered, F.FaceUp, F.TileChoice, F.BeaconPlace)
    for kind in KINDS
)
"""The decisions whose answers the arrays list out of order (the others come in increasing
order, each once)."""


# ---- the rules over the arrays: playing -----------------------------------------------------
def _settle(e: SifnosBatch, g: int) -> bool:
    """Game g's steps carried out in the arrays until a decision or a chance is on top (the
    one-game rules' _settle); False: a step they do not cover was met, and the one-game
    rules settled the game and resolved its chance nodes (written back)."""
    S = e.S
    b = g * W
    while not S[b + OVER]:
        top = b + PENDING + (S[b + DEPTH] - 1) * FW
        kind = S[top]
        if IS_SETTLED[kind]:
            return True
        done = _step(e, g, top, kind)
        if done == 0:
            return True
        if done < 0:
            state = _read(e, g)
            state._settle()
            _resolve_on(e, g, state)
            return False
    return True


def _step(e: SifnosBatch, g: int, top: int, kind: int) -> int:
    """The step on top carried out (1), a decision or chance waiting (0), or not covered
    (-1, nothing changed)."""
    S = e.S
    b = g * W
    seat = S[top + 1]
    if kind == K_GAIN:
        n = S[top + 3]
        mineral = S[top + 2]
        if n > 1:
            S[top + 3] = n - 1
        else:
            S[b + DEPTH] -= 1
        _influence_step(e, g, seat, mineral)
        return 1
    if kind == K_TRIGGER:
        S[b + DEPTH] -= 1
        _trigger(e, g, seat, EVENT_OF_WORD[S[top + 2]], S[top + 3])
        return 1
    if kind == K_DRAW:
        if S[b + DECK_TOTAL]:
            return 0
        n = S[b + DISCARDS]
        if n:
            for i in range(n):
                S[b + DECK + S[b + DISCARDS + 1 + i]] += 1
            S[b + DISCARDS] = 0
            S[b + DECK_TOTAL] = n
        else:
            S[b + DEPTH] -= 1
        return 1
    if kind == K_ROLL:
        if S[b + DICE_RESERVE + seat]:
            return 0
        S[b + DEPTH] -= 1
        return 1
    if kind == K_TOWER_DRAW:
        at = b + ROW_AT + seat * ROW_W + TOWER_RESERVE
        for i in range(N_IMAGES):
            if S[at + i]:
                return 0
        S[b + DEPTH] -= 1
        return 1
    if kind == K_DEFEND:
        S[b + DEPTH] -= 1
        _defend(e, g, seat)
        return 1
    if kind == K_RECOUP:
        S[b + DEPTH] -= 1
        _recoup(e, g, seat)
        return 1
    if kind == K_END_TURN:
        return _next_turn(e, g, seat)
    if kind == K_INVASION:
        S[b + DEPTH] -= 1
        _invasion(e, g, seat, S[top + 2])
        return 1
    if kind == K_SAIL:
        return _sail_away(e, g, seat)  # a Sail's one field is its Province
    if kind == K_GAME_END:
        S[b + OVER] = 1
        return 1
    if kind == K_SEAT_EFFECTS:
        S[b + DEPTH] -= 1
        _seat_effects(e, g)
        return 1
    if IS_SOLO[kind]:
        return _solo_step(e, g, top, kind)
    return _step_offered(e, g, top, kind)


def _step_offered(e: SifnosBatch, g: int, top: int, kind: int) -> int:
    """A decision dropped when it offers nothing (the one-game rules' _offered and
    _popped_if), else waiting; -1: not covered."""
    S = e.S
    b = g * W
    seat = S[top + 1]
    if kind == K_ADJUST or kind == K_SOLDIERS or kind == K_RECOUP_CHOICE or kind == K_SHIP_CHOICE:
        e.n = 0
        _decision_legal(e, g, top, kind)
        if e.n > 1:
            return 0
    elif kind == K_WORKSHOP:
        e.n = 0
        if _builds(e, g, seat):
            return 0
    elif kind == K_TRIGGERED:
        if WORDS[S[top + 4]]:
            return 0
    elif kind == K_FACE_UP:
        if S[b + FACE_UP]:
            return 0
    elif kind == K_TILE_CHOICE:
        at = b + TILE_ROW
        for i in range(S[at]):
            if S[at + 1 + i] >= 0:
                return 0
    elif kind == K_BEACON_CHOICE:
        if _has_beacon(e, g, seat) and _beacon_targets(e, g, seat, S[top + 2]):
            return 0
    else:
        return -1
    S[b + DEPTH] -= 1
    return 1


def _fast_chance(e: SifnosBatch, g: int, kind: int, r: float) -> bool:
    """A chance node carried out in the arrays from the draw ``r``; False: not covered."""
    S = e.S
    b = g * W
    top = b + PENDING + (S[b + DEPTH] - 1) * FW
    seat = S[top + 1]
    if kind == K_SHIP_DRAW:
        return _ship_drawn(e, g, top, r)
    if IS_SOLO[kind]:
        return _solo_chance(e, g, top, kind, r)
    if IS_SETUP[kind]:
        return _setup_chance(e, g, top, kind, r)
    if kind == K_DRAW:
        c = _deck_pick(e, b, r)
        S[b + DECK + c] -= 1
        S[b + DECK_TOTAL] -= 1
        if seat < 0:
            _list_append(e, b + FACE_UP, c, 4)  # face up onto the Main Board (setup)
        else:
            _hand_add(e, g, seat, c)
    elif kind == K_ROLL:
        v = LEGALITY._roll_pick(r) - ROLL_BASE
        S[b + DICE_RESERVE + seat] -= 1
        at = b + GROW_AT + seat * GROW_W + (WORKSHOP if S[top + 3] else DICE_SUPPLY)
        S[at + 1 + S[at]] = v + 1
        S[at] += 1
    elif kind == K_TOWER_DRAW:
        at = b + ROW_AT + seat * ROW_W
        i = _counts_pick(e, at + TOWER_RESERVE, N_IMAGES, r)
        S[at + TOWER_RESERVE + i] -= 1
        S[at + TOWER_SUPPLY + i] += 1
    else:
        return False
    n = S[top + 2]
    if n > 1:
        S[top + 2] = n - 1
    else:
        S[b + DEPTH] -= 1
    return True


def _counts_pick(e: SifnosBatch, at: int, kinds: int, r: float) -> int:
    """legality._counts_pick over the counts at ``at``: the kind the draw ``r`` picks."""
    S = e.S
    total = 0
    for k in range(kinds):
        total += S[at + k]
    acc = 0.0
    last = -1
    for k in range(kinds):
        n = S[at + k]
        if n:
            acc += n / total
            if r < acc:
                return k
            last = k
    return last


def _deck_pick(e: SifnosBatch, b: int, r: float) -> int:
    """_counts_pick over the deck, whose cards are one of a kind (each 1 / the cards)."""
    S = e.S
    total = S[b + DECK_TOTAL]
    p = 1 / total
    acc = 0.0
    last = -1
    for k in range(N_CARDS):
        n = S[b + DECK + k]
        if n:
            acc += p if n == 1 else n / total
            if r < acc:
                return k
            last = k
    return last


def _fast_legal(e: SifnosBatch, g: int) -> int:
    """Game g's legal actions listed from the arrays into ``e.L`` (in increasing order, each
    once): how many; -1: not covered."""
    S = e.S
    b = g * W
    top = b + PENDING + (S[b + DEPTH] - 1) * FW
    kind = S[top]
    e.n = 0
    if not _decision_legal(e, g, top, kind):
        return -1
    if NEEDS_SORT[kind]:
        _sorted_once(e)
    return e.n


def _decision_legal(e: SifnosBatch, g: int, top: int, kind: int) -> bool:
    """The answers to the decision at ``top`` emitted into ``e.L`` (perhaps out of order, or
    twice: see NEEDS_SORT); False: not covered."""
    S = e.S
    b = g * W
    seat = S[top + 1]
    if kind == K_PAY:
        _pay_legal(e, g, top)
    elif kind == K_PREPARE:
        _emit(e, DONE)
        _column_uses(e, g, seat, 0)
    elif kind == K_MAJORS:
        done = S[b + MAJORS_DONE]
        _emit(e, DONE)
        if (done & 1) + (done >> 1 & 1) + (done >> 2 & 1) < 2:
            for k in range(3):
                if not done >> k & 1:
                    _emit(e, A_MAJOR + k)
    elif kind == K_COLUMN:
        major = S[top + 2]
        _emit(e, DONE)
        _column_uses(e, g, seat, MAJOR_COLUMN[major])
        if major == 0 and not _used_has(e, g, PLACE_DIE_BIT):
            _die_placements(e, g, seat)
        if major == 1 and not _used_has(e, g, PLACE_TOWER_BIT):
            _tower_placements(e, g, seat)
    elif kind == K_RECOUP_CHOICE:
        _emit(e, DONE)
        _column_uses(e, g, seat, _board.RECOUP_COLUMN)
    elif kind == K_ADJUST:
        _emit(e, DONE)
        _adjustments(e, g, seat)
    elif kind == K_SOLDIERS:
        _emit(e, DONE)
        if S[top + 2]:
            _moves(e, g, seat)
        if S[top + 3]:
            _soldier_places(e, g, seat, S[top + 5])
        if S[top + 4]:
            _fort_regions(e, g, seat)
    elif kind == K_GIVE:
        _hand_emit(e, g, seat, A_GIVE)
    elif kind == K_PLACEMENT:
        if S[top + 2]:
            _hand_emit(e, g, seat, A_PLACE_CARD)
        else:
            for c in _placeable(e, g, seat):
                _emit(e, A_PLACE_CARD + c)
    elif kind == K_TRIGGERED:
        _emit(e, DONE)
        for c in WORDS[S[top + 4]]:
            _emit(e, A_USE_CARD + c)
    elif kind == K_SHIP_CHOICE:
        _emit(e, DONE)
        _ship_moves(e, g)
    elif kind == K_INFLUENCE_CHOICE:
        for k in range(3):
            _emit(e, A_INFLUENCE + k)
    elif kind == K_WORKSHOP:
        _builds(e, g, seat)
    else:
        return _more_legal(e, g, top, kind)
    return True


def _sorted_once(e: SifnosBatch) -> None:
    """``e.L``'s first ``e.n`` actions sorted, each kept once."""
    L = e.L
    n = e.n
    for i in range(1, n):
        x = L[i]
        j = i - 1
        while j >= 0 and L[j] > x:
            L[j + 1] = L[j]
            j -= 1
        L[j + 1] = x
    kept = 1 if n else 0
    for i in range(1, n):
        if L[i] != L[kept - 1]:
            L[kept] = L[i]
            kept += 1
    e.n = kept


def _fast_apply(e: SifnosBatch, g: int, action: int) -> bool:
    """A decision carried out in the arrays; False: not covered (nothing changed)."""
    S = e.S
    b = g * W
    top = b + PENDING + (S[b + DEPTH] - 1) * FW
    kind = S[top]
    seat = S[top + 1]
    t = ACT_TYPE[action]
    if kind == K_PAY:
        _pay(e, g, top, action - DISCARD_BASE)
    elif kind == K_MAJORS:
        if t == T_DONE:
            S[b + DEPTH] -= 1
        else:
            k = action - A_MAJOR
            S[b + MAJORS_DONE] |= 1 << k
            _used_clear(e, g)
            S[b + IGNORE_IMAGE] = 0
            S[b + USE_NETWORK] = 0
            S[b + BEACON_PLACED] = 0
            _push(e, g, K_COLUMN, seat, k)
    elif kind == K_PREPARE or kind == K_COLUMN or kind == K_RECOUP_CHOICE:
        if t == T_DONE:
            S[b + DEPTH] -= 1
            if kind == K_PREPARE:
                S[b + DISCOUNTS] = 0
                _used_clear(e, g)
            elif kind == K_COLUMN:
                _used_clear(e, g)
                S[b + IGNORE_IMAGE] = 0
                S[b + USE_NETWORK] = 0
        elif t == T_PLACE_DIE:
            _used_set(e, g, PLACE_DIE_BIT)
            _place_die(e, g, seat, ACT_A[action], ACT_B[action] + 1)
        elif t == T_PLACE_TOWER:
            _used_set(e, g, PLACE_TOWER_BIT)
            _place_tower(e, g, seat, ACT_A[action], ACT_B[action])
        elif t == T_USE_PRINTED:
            x = ACT_A[action]
            _used_set(e, g, PRINTED_BIT + x)
            _use(e, g, seat, PRINTED_USE[x], PRINTED_PRICE[x], -1)
        else:
            c = ACT_A[action]
            _used_set(e, g, c)
            _use(e, g, seat, CARD_USE[c], CARD_PRICE[c], CARD_ARG[c])
    else:
        return _fast_apply_more(e, g, top, kind, seat, action, t)
    return True


def _fast_apply_more(
    e: SifnosBatch, g: int, top: int, kind: int, seat: int, action: int, t: int
) -> bool:
    S = e.S
    b = g * W
    if kind == K_ADJUST:
        if t == T_DONE:
            S[b + DEPTH] -= 1
            return True
        at = b + GROW_AT + seat * GROW_W + (WORKSHOP if ACT_A[action] else DICE_SUPPLY)
        v = ACT_B[action]
        _list_remove(e, at, v + 1)
        S[at + 1 + S[at]] = v + 2 if ACT_C[action] else v
        S[at] += 1
        _count_down(e, g, top, 2)
    elif kind == K_SOLDIERS:
        if t == T_DONE:
            S[b + DEPTH] -= 1
        elif t == T_MOVE_SOLDIER:
            moves = S[top + 2]
            if moves > 1:
                S[top + 2] = moves - 1
                S[top + 3] = 0
                S[top + 4] = 0
            else:
                S[b + DEPTH] -= 1
            _move_soldier(e, g, seat, ACT_A[action], ACT_B[action])
        elif t == T_PLACE_SOLDIER:
            region = S[top + 5]
            S[b + DEPTH] -= 1
            _place_soldier(e, g, seat, ACT_A[action], region != ANYWHERE)
        else:
            r = ACT_A[action]
            S[b + DEPTH] -= 1
            if S[b + SOLDIER_AT + r] == seat:
                S[b + SOLDIER_AT + r] = -1
            else:
                S[b + CENTRAL_AT + seat] -= 1
            S[b + BARRACKS_AT + seat] += 1
            S[b + REGION_OK] &= 1 << r
            _push(e, g, K_TRIGGER, seat, E_FORT, r)
            _push(e, g, K_FORT_CHOICE, seat, r)
    elif kind == K_GIVE:
        to = S[top + 2]
        _count_down(e, g, top, 3)
        c = action - A_GIVE
        _hand_remove(e, g, seat, c)
        if to == e.opponent:  # cards.give: discarded, its marker moves
            _list_append(e, b + DISCARDS, c, N_CARDS)
            _gain_card(e, g, 1)
        else:
            _hand_add(e, g, to, c)
    elif kind == K_PLACEMENT:
        c = action - A_PLACE_CARD
        free = S[top + 2]
        S[b + DEPTH] -= 1
        _hand_remove(e, g, seat, c)
        price = 0 if free else _take_discounts(e, g, c)
        _place_card(e, g, seat, c)
        if price:
            _push(e, g, K_PAY, seat, CARD_MINERAL[c], price)
    elif kind == K_TRIGGERED:
        if t == T_DONE:
            S[b + DEPTH] -= 1
            return True
        c = action - A_USE_CARD
        rest = tuple([x for x in WORDS[S[top + 4]] if x != c])
        if rest:
            S[top + 4] = word_id(rest)
        else:
            S[b + DEPTH] -= 1
        _used_set(e, g, c)
        _triggered_effect(e, g, seat, CARD_USE[c], S[top + 3])
    elif kind == K_SHIP_CHOICE:
        S[b + DEPTH] -= 1
        if t != T_DONE:
            _sail(e, g, ACT_A[action], ACT_B[action])
    elif kind == K_INFLUENCE_CHOICE:
        _count_down(e, g, top, 2)
        _push(e, g, K_GAIN, seat, action - A_INFLUENCE, 1)
    elif kind == K_WORKSHOP:
        _build(e, g, seat, ACT_A[action], ACT_B[action] + 1)
    else:
        return _more_apply(e, g, top, kind, seat, action)
    return True


def _count_down(e: SifnosBatch, g: int, top: int, field: int) -> None:
    """The frame at ``top`` replaced by one with its ``field`` one less, or popped at 1."""
    S = e.S
    n = S[top + field]
    if n > 1:
        S[top + field] = n - 1
    else:
        S[g * W + DEPTH] -= 1


def _pay(e: SifnosBatch, g: int, top: int, c: int) -> None:
    """A card discarded towards a price (cards.decide_pay)."""
    S = e.S
    b = g * W
    seat = S[top + 1]
    mineral = S[top + 2]
    need = S[top + 3]
    half = S[top + 4]
    _hand_remove(e, g, seat, c)
    at = b + DISCARDS
    S[at + 1 + S[at]] = c
    S[at] += 1
    if half or mineral == ANY or CARD_MINERAL[c] == mineral:
        need -= 1
        half = 0
    else:
        half = 1
    if need <= 0 and not half:
        S[b + DEPTH] -= 1
    else:
        S[top + 3] = need
        S[top + 4] = half


# ---- the rules over the arrays: what may be done (legality's, over the arrays) -------------
def _column_uses(e: SifnosBatch, g: int, seat: int, column: int) -> None:
    """The column's printed effects and placed Cards that can be used now (in increasing
    order: the Cards by their index)."""
    S = e.S
    e.hand_size = _hand_len(e, g, seat)
    e.known = 0
    for index, code, price in PRINTED_IN[column]:
        if not _used_has(e, g, PRINTED_BIT + index) and _can_use(e, g, seat, code, price):
            _emit(e, A_USE_PRINTED + index)
    at = g * W + GROW_AT + seat * GROW_W + PLACED
    one = 1  # a 64-bit int in the twin
    lo = 0
    hi = 0
    for i in range(S[at]):
        c = S[at + 1 + i]
        used_in = USED_IN[c]
        if used_in != column or _used_has(e, g, c):
            continue
        code = CARD_USE_CODE[c]
        price = CARD_PRICE[c]
        if _can_use(e, g, seat, code, price):
            if c < HALF:
                lo |= one << c
            else:
                hi |= one << (c - HALF)
    c = 0
    while lo:
        if lo & 1:
            _emit(e, A_USE_CARD + c)
        lo >>= 1
        c += 1
    c = HALF
    while hi:
        if hi & 1:
            _emit(e, A_USE_CARD + c)
        hi >>= 1
        c += 1


def _can_use(e: SifnosBatch, g: int, seat: int, code: int, price: int) -> bool:
    """Whether an effect of the kind ``code`` (legality.USE_CODES) and price would do
    something now; what several effects ask is found once a list (``e.known``)."""
    if price != NO_PRICE:
        n = e.hand_size
        if n < 2 and not (n == 1 and (price == ANY or _hand_mineral(e, g, seat, price) == 1)):
            return False
    if code == 0:
        return _fact(e, g, seat, 0)
    if code == 1:
        return _fact(e, g, seat, 1)
    if code == 2:
        return _fact(e, g, seat, 1) or _fact(e, g, seat, 2)
    if code == 4:
        return not e.S[g * W + IGNORE_IMAGE]
    if code == 5:
        return not e.S[g * W + USE_NETWORK]
    if code == 6:
        return _fact(e, g, seat, 2) or e.S[g * W + SOLDIER_SUPPLY + seat] > 0
    if code == 7:
        if _fact(e, g, seat, 2) or e.S[g * W + SOLDIER_SUPPLY + seat] > 0:
            return True
        start = e.n
        _fort_regions(e, g, seat)
        return _probed(e, start)
    if code == 8:
        return _fact(e, g, seat, 2)
    if code == 9:
        return e.S[g * W + SOLDIER_SUPPLY + seat] > 0
    if code == 10:
        start = e.n
        _ship_moves(e, g)
        return _probed(e, start)
    return code == 11


def _fact(e: SifnosBatch, g: int, seat: int, which: int) -> bool:
    """Whether ``seat`` can place a card (0), adjust a Die (1), move a Soldier (2): found
    once while ``e.known`` keeps it."""
    bit = 1 << which
    if not e.known & bit:
        e.known |= bit
        if which == 0:
            found = _any_placeable(e, g, seat)
        elif which == 1:
            found = _has_adjustment(e, g, seat)
        else:
            found = _has_move(e, g, seat)
        if found:
            e.known |= bit << 3
    return e.known & (bit << 3) != 0


def _any_placeable(e: SifnosBatch, g: int, seat: int) -> bool:
    """Whether ``seat`` can pay to place a card of its hand (see _placeable)."""
    S = e.S
    at = g * W + HANDS + 2 * seat
    size = _hand_len(e, g, seat) - 1
    h0 = _hand_mineral(e, g, seat, 0)
    h1 = _hand_mineral(e, g, seat, 1)
    h2 = _hand_mineral(e, g, seat, 2)
    discounted = S[g * W + DISCOUNTS] > 0
    for k in range(2):
        x = S[at + k]
        c = k * HALF
        while x:
            if x & 1:
                m = MINERAL_OF[c]
                price = _cost(e, g, c) if discounted else CARD_COST[c]
                if price <= 0:
                    return True
                same = (h0 if m == 0 else h1 if m == 1 else h2) - 1
                if same + (size - same) // 2 >= price:
                    return True
            x >>= 1
            c += 1
    return False


def _hand_mineral(e: SifnosBatch, g: int, seat: int, m: int) -> int:
    """The cards of mineral ``m`` in ``seat``'s hand."""
    at = g * W + HANDS + 2 * seat
    lo = MINERAL_LO[m]
    hi = MINERAL_HI[m]
    return _popcount(e.S[at] & lo) + _popcount(e.S[at + 1] & hi)


def _popcount(x: int) -> int:
    """The bits set in ``x`` (a hand's int: its cards)."""
    k = 0
    while x:
        x &= x - 1
        k += 1
    return k


def _has_adjustment(e: SifnosBatch, g: int, seat: int) -> bool:
    start = e.n
    _adjustments(e, g, seat)
    return _probed(e, start)


def _has_move(e: SifnosBatch, g: int, seat: int) -> bool:
    start = e.n
    _moves(e, g, seat)
    return _probed(e, start)


def _probed(e: SifnosBatch, start: int) -> bool:
    """Whether anything was emitted since ``start``, which is then forgotten (a question
    asked of a list's maker)."""
    found = e.n > start
    e.n = start
    return found


def _emit(e: SifnosBatch, action: int) -> None:
    """``action`` put at the end of the list being made in ``e.L``."""
    if e.n >= LEGAL_ROOM:
        raise ValueError(f"more than {LEGAL_ROOM} actions")
    e.L[e.n] = action
    e.n += 1


def _hand_emit(e: SifnosBatch, g: int, seat: int, base: int) -> None:
    """``base + c`` for each card c of ``seat``'s hand, in increasing order."""
    at = g * W + HANDS + 2 * seat
    for k in range(2):
        x = e.S[at + k]
        c = k * HALF
        while x:
            if x & 1:
                _emit(e, base + c)
            x >>= 1
            c += 1


def _placeable(e: SifnosBatch, g: int, seat: int) -> list[int]:
    """The cards of ``seat``'s hand it can pay to place (each paid for by the others)."""
    hand = _hand(e, g, seat)
    held = [0, 0, 0]
    for c in hand:
        held[CARD_MINERAL[c]] += 1
    size = len(hand) - 1
    discounted = e.S[g * W + DISCOUNTS] > 0
    out = []
    for c in hand:
        m = CARD_MINERAL[c]
        price = _cost(e, g, c) if discounted else CARD_COST[c]
        if price <= 0:
            out.append(c)
            continue
        same = held[m] - 1
        if same + (size - same) // 2 >= price:
            out.append(c)
    return out


def _cost(e: SifnosBatch, g: int, c: int) -> int:
    """The card's cost less the discounts it would take now (cards.cost)."""
    left = CARD_COST[c]
    m = CARD_MINERAL[c]
    found = sorted([d & 3 for d in _discounts(e, g) if d >> 2 == m], reverse=True)
    for d in found:
        if left <= 0:
            break
        left -= d
    return left if left > 0 else 0


def _discounts(e: SifnosBatch, g: int) -> list[int]:
    at = g * W + DISCOUNTS
    return [e.S[at + 1 + i] for i in range(e.S[at])]


def _take_discounts(e: SifnosBatch, g: int, c: int) -> int:
    """cards.take_discounts: the price left, the discounts it took removed."""
    left = CARD_COST[c]
    m = CARD_MINERAL[c]
    mine = sorted([d for d in _discounts(e, g) if d >> 2 == m], key=_discount_order)
    at = g * W + DISCOUNTS
    for d in mine:
        if left <= 0:
            break
        left -= d & 3
        _list_remove(e, at, d)
    return left if left > 0 else 0


def _discount_order(d: int) -> int:
    return -(d & 3)


def _adjustments(e: SifnosBatch, g: int, seat: int) -> None:
    """Each Die value of the Supply and the Workshop one up or down, within 1 to 6."""
    S = e.S
    base = g * W + GROW_AT + seat * GROW_W
    for where in range(2):
        at = base + (WORKSHOP if where else DICE_SUPPLY)
        seen = 0
        for i in range(S[at]):
            seen |= 1 << S[at + 1 + i]
        table = ADJUSTS[where]
        for v in range(1, 7):
            if seen >> v & 1:
                for a in table[v]:
                    _emit(e, a)


def _die_placements(e: SifnosBatch, g: int, seat: int) -> None:
    S = e.S
    b = g * W
    at = b + GROW_AT + seat * GROW_W + DICE_SUPPLY
    values = 0
    for i in range(S[at]):
        values |= 1 << S[at + 1 + i]
    if not values:
        return
    has_card = S[b + HANDS + 2 * seat] != 0 or S[b + HANDS + 2 * seat + 1] != 0
    ok = S[b + REGION_OK]
    for r in range(N_REGIONS):
        if not ok >> r & 1 or S[b + DIE_OWNER + r] >= 0:
            continue
        fort = S[b + FORT_AT + r]
        base = A_PLACE_DIE + 6 * r - 1
        if fort < 0:
            v = REGION_VALUE[r]
            if values >> v & 1:
                _emit(e, base + v)
        elif fort == seat or has_card:
            for v in range(1, 7):
                if values >> v & 1:
                    _emit(e, base + v)


def _tower_placements(e: SifnosBatch, g: int, seat: int) -> None:
    S = e.S
    b = g * W
    supply = b + ROW_AT + seat * ROW_W + TOWER_SUPPLY
    images = 0
    for i in range(N_IMAGES):
        if S[supply + i]:
            images |= 1 << i
    if not images:
        return
    region_ok = S[b + REGION_OK]
    network = S[b + USE_NETWORK]
    ignore_image = S[b + IGNORE_IMAGE]
    covers = _hand_len(e, g, seat) >= 2
    for s in range(N_SPACES):
        regions = SPACE_REGIONS[s]
        if not network and not regions & region_ok:
            continue
        at = b + STACKS + s * (STACK_ROOM + 1)
        height = S[at]
        if height and (not covers or _has_tower_on(e, g, seat, s)):
            continue
        if network and not _tower_reach(e, g, seat, s):
            continue
        base = A_PLACE_TOWER + N_IMAGES * s
        if ignore_image:
            for i in range(N_IMAGES):
                if images >> i & 1:
                    _emit(e, base + i)
        else:
            need = S[at + height] & 7 if height else SPACE_IMAGE[s]
            if images >> need & 1:
                _emit(e, base + need)


def _has_tower_on(e: SifnosBatch, g: int, side: int, s: int) -> bool:
    S = e.S
    at = g * W + STACKS + s * (STACK_ROOM + 1)
    for i in range(S[at]):
        if S[at + 1 + i] >> 3 == side:
            return True
    return False


def _top_tower(e: SifnosBatch, g: int, s: int) -> int:
    S = e.S
    at = g * W + STACKS + s * (STACK_ROOM + 1)
    return S[at + S[at]] if S[at] else -1


def _tower_reach(e: SifnosBatch, g: int, seat: int, space: int) -> int:
    """The Regions that placing on ``space`` leaves as the Active Region's choices."""
    S = e.S
    b = g * W
    if not S[b + USE_NETWORK]:
        return SPACE_REGIONS[space] & S[b + REGION_OK]
    seen = [space]
    todo = [space]
    while todo:
        s = todo.pop()
        for t in SPACE_NEIGHBOURS[s]:
            if t not in seen and (t == space or _has_tower_on(e, g, seat, t)):
                seen.append(t)
                todo.append(t)
    reach = 0
    for s in seen:
        reach |= SPACE_REGIONS[s]
    return reach & S[b + REGION_OK]


def _moves(e: SifnosBatch, g: int, seat: int) -> None:
    """The Soldier moves open to ``seat`` (legality.moves)."""
    S = e.S
    b = g * W
    if S[b + BARRACKS_AT + seat]:
        _emit(e, FROM_BARRACKS)
    has_card = S[b + HANDS + 2 * seat] != 0 or S[b + HANDS + 2 * seat + 1] != 0
    for i in range(N_REGIONS + 1):
        r = i
        if i == N_REGIONS:
            if not S[b + CENTRAL_AT + seat]:
                break
            r = CENTRAL
        elif S[b + SOLDIER_AT + i] != seat:
            continue
        for t, action in MOVES_FROM[r]:
            there = S[b + SOLDIER_AT + t]
            if t == CENTRAL or there < 0 or (there != seat and has_card):
                _emit(e, action)


def _soldier_places(e: SifnosBatch, g: int, seat: int, region: int) -> None:
    S = e.S
    b = g * W
    if not S[b + SOLDIER_SUPPLY + seat]:
        return
    _emit(e, A_PLACE_SOLDIER + CENTRAL)
    region_ok = S[b + REGION_OK]
    for r in range(N_REGIONS):
        if r == CENTRAL or S[b + SOLDIER_AT + r] >= 0:
            continue
        if region == ANYWHERE or r == region or (region == ACTIVE and region_ok >> r & 1):
            _emit(e, A_PLACE_SOLDIER + r)


def _fort_regions(e: SifnosBatch, g: int, seat: int) -> None:
    """FortIn for each Region where ``seat``'s Soldier may become a Fort."""
    S = e.S
    b = g * W
    pieces = b + ROW_AT + seat * ROW_W + PIECES
    for s in FORT_SLOTS:
        if S[pieces + s] >= 0:
            break
    else:
        return
    central = S[b + CENTRAL_AT + seat]
    region_ok = S[b + REGION_OK]
    for r in range(N_REGIONS):
        own = S[b + SOLDIER_AT + r] == seat or (r == CENTRAL and central)
        if own and S[b + FORT_AT + r] < 0 and region_ok >> r & 1:
            _emit(e, A_FORT_IN + r)


def _ship_moves(e: SifnosBatch, g: int) -> None:
    S = e.S
    b = g * W
    for p in range(N_LARGE):
        n = S[b + SHIPS + 5 * p]
        if n and _next_with_room(e, g, p, False) >= 0:
            for i in range(n):
                _emit(e, A_MOVE_SHIP + 4 * p + i)


def _next_with_room(e: SifnosBatch, g: int, p: int, own: bool) -> int:
    S = e.S
    for k in range(1, N_LARGE + (1 if own else 0)):
        q = (p + k) % N_LARGE
        if S[g * W + SHIPS + 5 * q] < 4:
            return q
    return -1


def _builds(e: SifnosBatch, g: int, seat: int) -> int:
    """The Workshop Dice that fit a Buildings' space, each (space, value) once, emitted;
    how many."""
    S = e.S
    at = g * W + GROW_AT + seat * GROW_W + WORKSHOP
    values = 0
    for i in range(S[at]):
        values |= 1 << S[at + 1 + i]
    if not values:
        return 0
    start = e.n
    row = g * W + ROW_AT + seat * ROW_W + BUILDINGS
    for index in range(N_BUILDING_SPACES):
        if not _is_open(e, row, index):
            continue
        for v in range(1, 7):
            if values >> v & 1 and _fits(e, row, index, v):
                _emit(e, A_BUILD + 6 * index + v - 1)
    return e.n - start


def _is_open(e: SifnosBatch, row: int, index: int) -> bool:
    """Whether the Buildings' space ``index`` is free and the spaces below it taken."""
    S = e.S
    if S[row + index]:
        return False
    for x in BUILD_BELOW[index]:
        if not S[row + x]:
            return False
    return True


def _fits(e: SifnosBatch, row: int, index: int, value: int) -> bool:
    """legality._fits over the Buildings at ``row``."""
    S = e.S
    rule = BUILD_RULE[index]
    if rule == 0:  # all different
        for x in BUILD_SPACES[index]:
            if S[row + x] == value:
                return False
        return True
    if rule == 1:  # a sum
        return True
    if rule == 2:  # pairs of seven
        other = S[row + BUILD_PARTNER[index]]
        return not other or other + value == 7
    if rule == 3:  # lower than those below
        for x in BUILD_BELOW[index]:
            if value >= S[row + x]:
                return False
        return True
    if rule == 4:  # all equal
        for x in BUILD_SPACES[index]:
            if S[row + x] and S[row + x] != value:
                return False
        return True
    for x in BUILD_ADJACENT[index]:  # neighbours one apart
        if S[row + x] and abs(S[row + x] - value) != 1:
            return False
    return True


# ---- the rules over the arrays: what doing it does ------------------------------------------
def _use(e: SifnosBatch, g: int, seat: int, kind: int, discard: int, arg: int) -> None:
    """A column's effect used: its result pushed under its price (major_actions.use)."""
    S = e.S
    b = g * W
    if kind == U_PLACE_CARD:
        _push(e, g, K_PLACEMENT, seat, 0)
    elif kind == U_DISCARD_ADJUST or kind == U_ADJUST:
        _push(e, g, K_ADJUST, seat, 1)
    elif kind == U_GOLD_ADJUST:
        _push(e, g, K_ADJUST, seat, 2)
    elif kind == U_ADJUST_AND_MOVE:
        _push(e, g, K_SOLDIERS, seat, 1, 0, 0, ACTIVE)
        _push(e, g, K_ADJUST, seat, 1)
    elif kind == U_DISCOUNT_OTHERS:
        for m in range(3):
            if m != discard:
                _list_append(e, b + DISCOUNTS, m * 4 + 1, 16)
    elif kind == U_DISCOUNT_SAME:
        _list_append(e, b + DISCOUNTS, discard * 4 + 2, 16)
    elif kind == U_DISCOUNT:
        _list_append(e, b + DISCOUNTS, arg * 4 + 1, 16)
    elif kind == U_IGNORE_IMAGE:
        S[b + IGNORE_IMAGE] = 1
    elif kind == U_NETWORK:
        S[b + USE_NETWORK] = 1
    elif kind == U_SILVER_MUSTER:
        _push(e, g, K_SOLDIERS, seat, 2, 1, 0, ACTIVE)
    elif kind == U_MUSTER:
        _push(e, g, K_SOLDIERS, seat, 1, 1, 1, ACTIVE)
    elif kind == U_MOVE or kind == U_DISCARD_MOVE:
        _push(e, g, K_SOLDIERS, seat, 1, 0, 0, ACTIVE)
    elif kind == U_DISCARD_PLACE:
        _push(e, g, K_SOLDIERS, seat, 0, 1, 0, ACTIVE)
    elif kind == U_DISCARD_SHIP:
        _push(e, g, K_SHIP_CHOICE, seat)
    elif kind == U_DISCARD_DRAW:
        _push(e, g, K_DRAW, seat, 2)
    else:
        raise AssertionError(kind)
    if discard != NO_PRICE:
        _push(e, g, K_PAY, seat, discard, 1, 0)


def _triggered_effect(e: SifnosBatch, g: int, seat: int, kind: int, region: int) -> None:
    if kind == 100 or kind == 101:  # fort_die_soldier, first_die_soldier
        _push(e, g, K_SOLDIERS, seat, 0, 1, 0, region)
    elif kind == 102:  # beacon_soldier
        _push(e, g, K_SOLDIERS, seat, 0, 1, 0, ACTIVE)
    elif kind == 103 or kind == 104:  # fort_die_move, cover_move
        _push(e, g, K_SOLDIERS, seat, 1, 0, 0, ACTIVE)
    else:  # second_die_ship, beacon_ship, fort_ship
        _push(e, g, K_SHIP_CHOICE, seat)


def _place_die(e: SifnosBatch, g: int, seat: int, r: int, v: int) -> None:
    S = e.S
    b = g * W
    _list_remove(e, b + GROW_AT + seat * GROW_W + DICE_SUPPLY, v)
    S[b + DIE_OWNER + r] = seat
    S[b + DIE_VALUE + r] = v
    S[b + REGION_OK] &= 1 << r
    province = REGION_PROVINCE[r]
    count = 0
    for x in PROVINCE_REGIONS[province]:
        if S[b + DIE_OWNER + x] >= 0:
            count += 1
    if LARGE_OF[province] >= 0 and (count == 1 or count == 2):
        _push(e, g, K_TRIGGER, seat, E_FIRST_DIE if count == 1 else E_SECOND_DIE, r)
    fort = S[b + FORT_AT + r]
    if fort >= 0:
        _push(e, g, K_TRIGGER, seat, E_FORT_DIE, r)
        if fort != seat:
            _push(e, g, K_GIVE, seat, fort, 1)


def _place_tower(e: SifnosBatch, g: int, seat: int, s: int, image: int) -> None:
    S = e.S
    b = g * W
    S[b + REGION_OK] = _tower_reach(e, g, seat, s)
    top = _top_tower(e, g, s)
    S[b + ROW_AT + seat * ROW_W + TOWER_SUPPLY + image] -= 1
    regions = SPACE_REGION_LIST[s]
    before = _corners_held(e, g, seat, regions)
    _stack_tower(e, g, seat, s, image)
    _push(e, g, K_TRIGGER, seat, E_BEACON, -1)
    beacons_left = _has_beacon(e, g, seat)
    for i in range(len(regions) - 1, -1, -1):
        if before[i] == 3 and beacons_left:
            _push(e, g, K_BEACON_CHOICE, seat, regions[i])
    if top >= 0:
        _push(e, g, K_TRIGGER, seat, E_COVER, -1)
        _push(e, g, K_GIVE, seat, top >> 3, 2)


def _corners_held(e: SifnosBatch, g: int, side: int, regions: tuple[int, ...]) -> list[int]:
    """For each Region of ``regions``, how many of its corners ``side`` holds with a Tower."""
    held = []
    for x in regions:
        had = 0
        for c in REGION_CORNERS[x]:
            if _has_tower_on(e, g, side, c):
                had += 1
        held.append(had)
    return held


def _stack_tower(e: SifnosBatch, g: int, side: int, space: int, image: int) -> None:
    """A Tower of ``side`` showing ``image`` put on top of ``space``'s stack."""
    S = e.S
    at = g * W + STACKS + space * (STACK_ROOM + 1)
    if S[at] >= STACK_ROOM:
        raise ValueError(f"more than {STACK_ROOM} Towers on a space")
    S[at + 1 + S[at]] = side * 8 + image
    S[at] += 1


def _has_beacon(e: SifnosBatch, g: int, seat: int) -> bool:
    at = g * W + ROW_AT + seat * ROW_W + PIECES
    for s in BEACON_SLOTS:
        if e.S[at + s] >= 0:
            return True
    return False


def _beacon_targets(e: SifnosBatch, g: int, seat: int, region: int) -> bool:
    """Whether ``seat`` has an uncovered Tower without a Beacon around ``region`` (-1:
    anywhere)."""
    b = g * W
    spaces = REGION_CORNERS[region] if region >= 0 else range(N_SPACES)
    for s in spaces:
        top = _top_tower(e, g, s)
        if top >= 0 and top >> 3 == seat and e.S[b + BEACON_AT + s] < 0:
            return True
    return False


def _move_soldier(e: SifnosBatch, g: int, seat: int, a: int, to: int) -> None:
    S = e.S
    b = g * W
    if a == BARRACKS:
        S[b + BARRACKS_AT + seat] -= 1
        S[b + SOLDIER_SUPPLY + seat] += 1
        return
    if a == CENTRAL:
        S[b + CENTRAL_AT + seat] -= 1
    else:
        S[b + SOLDIER_AT + a] = -1
    if to == CENTRAL:
        S[b + CENTRAL_AT + seat] += 1
        return
    there = S[b + SOLDIER_AT + to]
    if there >= 0:
        # pushing out: both Soldiers go home, for a card to the opponent
        S[b + SOLDIER_AT + to] = -1
        _soldier_home(e, g, there)
        S[b + BARRACKS_AT + seat] += 1
        _push(e, g, K_GIVE, seat, there, 1)
    else:
        S[b + SOLDIER_AT + to] = seat


def _place_soldier(e: SifnosBatch, g: int, seat: int, r: int, fixes: bool) -> None:
    S = e.S
    b = g * W
    S[b + SOLDIER_SUPPLY + seat] -= 1
    if r == CENTRAL:
        S[b + CENTRAL_AT + seat] += 1
    else:
        S[b + SOLDIER_AT + r] = seat
        if fixes:
            S[b + REGION_OK] &= 1 << r


def _place_card(e: SifnosBatch, g: int, seat: int, c: int) -> None:
    """A card above the Player Board: 1 Influence of its mineral, a Defend card's Tent."""
    b = g * W
    _list_append(e, b + GROW_AT + seat * GROW_W + PLACED, c, N_CARDS)
    if CARD_TENT[c]:
        _tent(e, g, seat, CARD_PROVINCE[c])
    _push(e, g, K_GAIN, seat, CARD_MINERAL[c], 1)


def _tent(e: SifnosBatch, g: int, side: int, province: int) -> None:
    at = g * W + ROW_AT + side * ROW_W + TENTS
    total = 0
    for p in range(N_PROVINCES):
        total += e.S[at + p]
    if total < MAX_TENTS:
        e.S[at + province] += 1


def _sail(e: SifnosBatch, g: int, q: int, i: int) -> None:
    """A Ship moved clockwise by an effect (recoup.sail)."""
    S = e.S
    at = g * W + SHIPS + 5 * q
    n = S[at]
    ship = S[at + 1 + i]
    for j in range(i, n - 1):
        S[at + 1 + j] = S[at + 2 + j]
    S[at] = n - 1
    target = _next_with_room(e, g, q, False)
    at = g * W + SHIPS + 5 * target
    S[at + 1 + S[at]] = ship
    S[at] += 1


def _influence_step(e: SifnosBatch, g: int, side: int, m: int) -> None:
    """One space along a track, and what that space does (influence.influence_step)."""
    if side == e.opponent:
        _solo_influence(e, g, m)
        return
    S = e.S
    b = g * W
    at = b + ROW_AT + side * ROW_W + INFLUENCE + m
    if S[at] >= TRACK_LAST:
        return
    S[at] += 1
    value = S[at]
    if value == e.ally_space and S[b + ALLY_ON_TRACK + side]:
        S[b + ALLY_ON_TRACK + side] = 0
        S[b + BAG + ALLY] += 1
    if value == SCORING_TILE_SPACE and m == S[b + MARKERS + 1]:
        _push(e, g, K_TILE_CHOICE, side)
    if value == FACE_UP_CARD_SPACE and m == S[b + MARKERS]:
        _push(e, g, K_FACE_UP, side)


def _trigger(e: SifnosBatch, g: int, seat: int, event: int, region: int) -> None:
    """The placed Cards of the current major action's column that ``event`` triggers
    (effects.trigger): those that only draw taken at once, the others offered."""
    S = e.S
    b = g * W
    if event == 4 and not S[b + BEACON_PLACED]:
        return
    column = MAJOR_COLUMN[_current_major(e, g)]
    at = b + GROW_AT + seat * GROW_W + PLACED
    offered = []
    for i in range(S[at]):
        c = S[at + 1 + i]
        if CARD_COLUMN[c] != column or not CARD_TRIGGER[c] >> event & 1 or _used_has(e, g, c):
            continue
        if IS_DRAWING[c]:
            _used_set(e, g, c)
            _push(e, g, K_DRAW, seat, 1)
        else:
            offered.append(c)
    if offered:
        _push(e, g, K_TRIGGERED, seat, word_id(EVENTS[event]), region, word_id(tuple(offered)))


def _current_major(e: SifnosBatch, g: int) -> int:
    S = e.S
    b = g * W
    for i in range(S[b + DEPTH] - 1, -1, -1):
        at = b + PENDING + i * FW
        if S[at] == K_COLUMN:
            return S[at + 2]
    raise AssertionError("a trigger outside a major action")


def _defend(e: SifnosBatch, g: int, seat: int) -> None:
    S = e.S
    b = g * W
    if seat != e.opponent:
        _push(e, g, K_WORKSHOP, seat)
    for q in LARGE_PROVINCES:
        dice = 0
        for r in PROVINCE_REGIONS[q]:
            if S[b + DIE_OWNER + r] >= 0:
                dice += 1
        if dice >= 3:
            S[b + INVADED] = LARGE_OF[q]
            _push(e, g, K_INVASION, seat, q)
            best = _leader(e, g, S[b + MARKERS + 2])
            if best >= 0 and best != e.opponent:
                _push(e, g, K_SOLDIERS, best, 1, 0, 0, ACTIVE)
            elif best >= 0:
                _gain_card(e, g, 1)
            return


def _leader(e: SifnosBatch, g: int, mineral: int) -> int:
    """The side with the most Influence of ``mineral``; -1 on a tie."""
    best = -1
    value = -1
    tied = False
    for s in range(e.sides):
        v = e.S[g * W + ROW_AT + s * ROW_W + INFLUENCE + mineral]
        if e.versus and s == e.opponent:
            v = -1  # it competes for Might only
        if v > value:
            best = s
            value = v
            tied = False
        elif v == value:
            tied = True
    return -1 if tied else best


def _recoup_counts(e: SifnosBatch, g: int, seat: int) -> list[int]:
    """The seat's placed Recoup cards that draw, raise the Towers' limit and the Dice's."""
    S = e.S
    counts = [0, 0, 0]
    at = g * W + GROW_AT + seat * GROW_W + PLACED
    for i in range(S[at]):
        k = CARD_RECOUP[S[at + 1 + i]]
        if k >= 0:
            counts[k] += 1
    return counts


def _recoup(e: SifnosBatch, g: int, seat: int) -> None:
    S = e.S
    b = g * W
    counts = _recoup_counts(e, g, seat)
    if S[b + INVADED] >= 0:
        _push(e, g, K_SAIL, S[b + INVADED])
    _push(e, g, K_RECOUP_CHOICE, seat)
    _used_clear(e, g)
    if RECOUP_CARDS + counts[0] > 0:
        _push(e, g, K_DRAW, seat, RECOUP_CARDS + counts[0])
    row = b + ROW_AT + seat * ROW_W
    supply = 0
    reserve = 0
    for i in range(N_IMAGES):
        supply += S[row + TOWER_SUPPLY + i]
        reserve += S[row + TOWER_RESERVE + i]
    need = RECOUP_TOWERS + counts[1] - supply
    if need > 0:
        _push(e, g, K_TOWER_DRAW, seat, need if need < reserve else reserve)
    need = RECOUP_DICE + counts[2] - S[b + GROW_AT + seat * GROW_W + DICE_SUPPLY]
    if need > 0:
        reserve = S[b + DICE_RESERVE + seat]
        _push(e, g, K_ROLL, seat, need if need < reserve else reserve, 0)


def _next_turn(e: SifnosBatch, g: int, seat: int) -> int:
    """The EndTurn step: the next turn begins (turn.next_turn), or the game ends after the
    last round."""
    S = e.S
    b = g * W
    nxt = (seat + 1) % e.sides
    S[b + DEPTH] -= 1
    if nxt == 0 and S[b + ROUNDS] + 1 > MAX_ROUNDS:
        S[b + ROUNDS] += 1
        S[b + TURN] = 0
        _end_game(e, g)
        return 1
    if nxt == 0:
        S[b + ROUNDS] += 1
    S[b + TURN] = nxt
    S[b + INVADED] = -1
    S[b + REGION_OK] = ALL_REGIONS
    S[b + MAJORS_DONE] = 0
    _used_clear(e, g)
    S[b + DISCOUNTS] = 0
    S[b + IGNORE_IMAGE] = 0
    S[b + USE_NETWORK] = 0
    S[b + BEACON_PLACED] = 0
    _push(e, g, K_END_TURN, nxt)
    if nxt == e.opponent:  # solo.start_turn
        _push(e, g, K_SOLO_DRAW, nxt)
        _push(e, g, K_SOLO_DEFEND, nxt)
        _push(e, g, K_SCHEME_REVEAL, 0)
        return 1
    _push(e, g, K_RECOUP, nxt)
    _push(e, g, K_DEFEND, nxt)
    _push(e, g, K_MAJORS, nxt)
    _push(e, g, K_PREPARE, nxt)
    return 1


# ---- the rules over the arrays: Buildings, invasions, Ships -------------------------------
GAIN_EFFECTS = ("any_influence", "any_influence_2", "draw_card", "move_soldier", "move_ship",
                "workshop_die")  # fmt: skip
SPACE_REWARD = tuple(
    -1 if s.reward is None else GAIN_EFFECTS.index(s.reward) for s in DATA.building_spaces
)
SPACE_BUILDING = tuple(s.building for s in DATA.building_spaces)
SPACE_COLUMN = tuple(
    -1 if s.column_mineral is None else s.column_mineral for s in DATA.building_spaces
)
BUILDING_RULE = tuple(
    (
        "all_different",
        "sum",
        "pairs_seven",
        "lower_higher",
        "all_equal",
        "neighbours_one_apart",
    ).index(b.rule)
    for b in DATA.buildings
)
BUILDING_SPACES = tuple(tuple(b.spaces) for b in DATA.buildings)


def _rewards(given: Any) -> tuple[tuple[int, int], ...]:
    """A list of rewards as (the mineral, -1: any; the Influence)."""
    return tuple(
        (-1 if r["influence"] == "any" else MINERALS.index(r["influence"]), int(r["n"]))
        for r in given
    )


BUILDING_COMPLETE = tuple(_rewards(b.raw.get("complete", [])) for b in DATA.buildings)
BUILDING_LOW = tuple(_rewards(b.raw.get("complete_low", [])) for b in DATA.buildings)
BUILDING_HIGH = tuple(_rewards(b.raw.get("complete_high", [])) for b in DATA.buildings)
BUILDING_THRESHOLD = tuple(int(b.raw.get("threshold", 0)) for b in DATA.buildings)
BUILDING_EACH = tuple(tuple(b.raw.get("complete_each", ())) for b in DATA.buildings)
PROVINCE_SPACES = _board.PROVINCE_SPACES
EMPTY_BONUS = tuple(
    ("none", "card", "any_influence").index(x) for x in DATA.game["ship_spaces"]["empty_bonus"]
)
ALLY_PER = tuple(
    0 if s["effect"] == "end_game" else int(s["per"]) for s in DATA.game["ally_spaces"]
)
"""Each Allied Ship space's cards per Influence (0: the game ends)."""


def _build(e: SifnosBatch, g: int, seat: int, index: int, v: int) -> None:
    """A Workshop Die placed on a Building (buildings.decide_build, built)."""
    S = e.S
    b = g * W
    _list_remove(e, b + GROW_AT + seat * GROW_W + WORKSHOP, v)
    row = b + ROW_AT + seat * ROW_W + BUILDINGS
    S[row + index] = v
    if SPACE_REWARD[index] >= 0:
        _gain_effect(e, g, seat, SPACE_REWARD[index])
    building = SPACE_BUILDING[index]
    rule = BUILDING_RULE[building]
    spaces = BUILDING_SPACES[building]
    if rule == 2:  # the Columns: each column of two complete
        column = SPACE_COLUMN[index]
        done = 0
        mine = False
        for m in range(3):
            full = True
            for x in spaces:
                if SPACE_COLUMN[x] == m and not S[row + x]:
                    full = False
            if full:
                done += 1
                if m == column:
                    mine = True
        if mine:
            _push(e, g, K_GAIN, seat, column, BUILDING_EACH[building][done - 1])
        return
    total = 0
    for x in spaces:
        if not S[row + x]:
            return
        total += S[row + x]
    if rule == 1:  # the Storehouse
        if total >= BUILDING_THRESHOLD[building]:
            _gain_rewards(e, g, seat, BUILDING_HIGH[building])
        else:
            _gain_rewards(e, g, seat, BUILDING_LOW[building])
        return
    _gain_rewards(e, g, seat, BUILDING_COMPLETE[building])


def _gain_rewards(e: SifnosBatch, g: int, seat: int, given: tuple) -> None:
    for mineral, n in given:
        if mineral < 0:
            _push(e, g, K_INFLUENCE_CHOICE, seat, n)
        else:
            _push(e, g, K_GAIN, seat, mineral, n)


def _gain_effect(e: SifnosBatch, g: int, seat: int, effect: int) -> None:
    """A one-off effect (effects.gain_effect)."""
    if effect == 0:
        _push(e, g, K_INFLUENCE_CHOICE, seat, 1)
    elif effect == 1:
        _push(e, g, K_INFLUENCE_CHOICE, seat, 2)
    elif effect == 2:
        _push(e, g, K_DRAW, seat, 1)
    elif effect == 3:
        _push(e, g, K_SOLDIERS, seat, 1, 0, 0, ACTIVE)
    elif effect == 4:
        _push(e, g, K_SHIP_CHOICE, seat)
    elif e.S[g * W + DICE_RESERVE + seat]:
        _push(e, g, K_ROLL, seat, 1, 1)


def _invasion(e: SifnosBatch, g: int, seat: int, q: int) -> None:
    """Province ``q`` invaded on ``seat``'s turn (defend.invasion)."""
    S = e.S
    b = g * W
    sides = e.sides
    mights = [0, 0, 0, 0]
    for r in PROVINCE_REGIONS[q]:
        if S[b + DIE_OWNER + r] >= 0:
            mights[S[b + DIE_OWNER + r]] += 1
        if S[b + FORT_AT + r] >= 0:
            mights[S[b + FORT_AT + r]] += 1
        if S[b + SOLDIER_AT + r] >= 0:
            mights[S[b + SOLDIER_AT + r]] += 2
        if r == CENTRAL:
            for s in range(sides):
                mights[s] += 2 * S[b + CENTRAL_AT + s]
    for x in PROVINCE_SPACES[q]:
        top = _top_tower(e, g, x)
        if top >= 0:
            mights[top >> 3] += 1
    best = -1
    for s in range(sides):
        mights[s] += S[b + ROW_AT + s * ROW_W + TENTS + q]
        if mights[s] > best:
            best = mights[s]
    winner = -1
    for k in range(1, sides + 1):
        s = (seat + k) % sides
        if mights[s] == best:
            winner = s
            break
    for r in PROVINCE_REGIONS[q]:  # the Dice go to their Workshops
        owner = S[b + DIE_OWNER + r]
        if owner >= 0:
            _list_append(e, b + GROW_AT + owner * GROW_W + WORKSHOP, S[b + DIE_VALUE + r], 20)
            S[b + DIE_OWNER + r] = -1
            S[b + DIE_VALUE + r] = 0
    for k in range(sides, 0, -1):
        s = (seat + k) % sides
        if s == winner:
            continue
        cards = S[b + ROW_AT + s * ROW_W + TENTS + q]
        for x in PROVINCE_SPACES[q]:
            top = _top_tower(e, g, x)
            if top >= 0 and top >> 3 == s:
                cards += 1
        _draw(e, g, s, cards)
    for r in PROVINCE_REGIONS[q]:
        if S[b + SOLDIER_AT + r] == winner:
            S[b + SOLDIER_AT + r] = -1
            _soldier_home(e, g, winner)
    at = b + SHIPS + 5 * LARGE_OF[q]
    n = S[at]
    for i in range(n, 4):
        if EMPTY_BONUS[i] == 1:
            _draw(e, g, winner, 1)
        elif EMPTY_BONUS[i] == 2:
            if winner == e.opponent:
                _majority_influence(e, g)
            else:
                _push(e, g, K_INFLUENCE_CHOICE, winner, 1)
    for i in range(n - 1, -1, -1):
        _push(e, g, K_GAIN, winner, S[at + 1 + i], 1)


def _sail_away(e: SifnosBatch, g: int, large: int) -> int:
    """The Sail step (recoup.sail_away): the invaded Province's Ships sail, then a Ship is
    drawn, or the game ends when the Bag is empty."""
    S = e.S
    b = g * W
    S[b + DEPTH] -= 1
    at = b + SHIPS + 5 * large
    n = S[at]
    ships = [S[at + 1 + i] for i in range(n)]
    S[at] = 0
    target = large
    for i in range(n - 1, -1, -1):
        target = _next_with_room(e, g, target, True)
        _list_append(e, b + SHIPS + 5 * target, ships[i], 4)
    S[b + INVADED] = -1
    if not (S[b + BAG] or S[b + BAG + 1] or S[b + BAG + 2] or S[b + BAG + 3]):
        _end_game(e, g)
        return 1
    _push(e, g, K_SHIP_DRAW, large, 1)
    return 1


def _end_game(e: SifnosBatch, g: int) -> None:
    """The game ends at once: the Dice on their owners' Forts go to the Workshops, whose
    Dice are placed a last time from the player whose turn it is on (end_of_game.end_game);
    the GameEnd step under them ends it."""
    S = e.S
    b = g * W
    S[b + DEPTH] = 0
    ender = S[b + TURN]
    S[b + ENDED_BY] = ender
    for r in range(N_REGIONS):
        owner = S[b + DIE_OWNER + r]
        if owner >= 0 and S[b + FORT_AT + r] == owner:
            _list_append(e, b + GROW_AT + owner * GROW_W + WORKSHOP, S[b + DIE_VALUE + r], 20)
            S[b + DIE_OWNER + r] = -1
            S[b + DIE_VALUE + r] = 0
    _push(e, g, K_GAME_END, 0)
    n = e.players
    for k in range(n - 1, -1, -1):
        _push(e, g, K_WORKSHOP, (ender + k) % n if ender < n else k)


def _ship_drawn(e: SifnosBatch, g: int, top: int, r: float) -> bool:
    """A Ship drawn from the Bag for the invaded Province, or to the front spaces at setup
    (recoup.ship_drawn)."""
    S = e.S
    b = g * W
    q = S[top + 1]
    kind = _counts_pick(e, b + BAG, 4, r)
    S[b + BAG + kind] -= 1
    if q < 0:
        _setup_ship(e, g, top, kind)
        return True
    S[b + DEPTH] -= 1
    if kind == ALLY:
        per = ALLY_PER[S[b + ALLIES]]
        S[b + ALLIES] += 1
        if per == 0:  # the third Allied Ship: the game ends
            _end_game(e, g)
            return True
        mineral = S[b + MARKERS + 2 + S[b + ALLIES]]
        for side in range(e.players - 1, -1, -1):
            n = S[b + ROW_AT + side * ROW_W + INFLUENCE + mineral] // per
            if n > 0:
                _push(e, g, K_DRAW, side, n)
        if e.solo:  # solo.ally_draw
            _gain_card(e, g, S[b + ROW_AT + e.opponent * ROW_W + INFLUENCE + mineral] // per)
    else:
        target = q if S[b + SHIPS + 5 * q] < 4 else _next_with_room(e, g, q, True)
        _list_append(e, b + SHIPS + 5 * target, kind, 4)
    return True


# ---- the rules over the arrays: Forts, Beacons, the face-up Cards, Scoring Tiles ----------
FORT_FACE_EFFECT = tuple(GAIN_EFFECTS.index(x) for x in FORT_FACES)
PIECE_COLUMN = tuple(p.column for p in DATA.pieces)
COLUMN_PIECES = tuple(
    tuple(p.index for p in DATA.pieces if p.column == column) for column in range(4)
)
COLUMN_BONUS = tuple(GAIN_EFFECTS.index(x) for x in DATA.column_bonus)
TILE_EFFECT = tuple(
    ("draw_card", "any_influence", "tent_anywhere", "fort_anywhere", "free_card",
     "beacon_anywhere", "soldier_anywhere", "workshop_die").index(t.immediate)
    for t in DATA.tiles
)  # fmt: skip
A_TAKE_PIECE = A.A_TAKE_PIECE
A_BEACON_ON = A.A_BEACON_ON
A_TAKE_FACE_UP = A.A_TAKE_FACE_UP
A_TAKE_TILE = A.A_TAKE_TILE
A_TENT_IN = A.A_TENT_IN


def _piece_choices(e: SifnosBatch, g: int, seat: int, slots: tuple) -> None:
    """TakePiece for each of ``slots`` (Fort or Beacon spaces) still holding one."""
    at = g * W + ROW_AT + seat * ROW_W + PIECES
    for s in slots:
        if e.S[at + s] >= 0:
            _emit(e, A_TAKE_PIECE + s)


def _more_legal(e: SifnosBatch, g: int, top: int, kind: int) -> bool:
    """The answers to the rarer decisions, emitted; False: not covered."""
    S = e.S
    b = g * W
    seat = S[top + 1]
    if kind == K_FACE_UP:
        for i in range(S[b + FACE_UP]):
            _emit(e, A_TAKE_FACE_UP + S[b + FACE_UP + 1 + i])
    elif kind == K_TILE_CHOICE:
        for i in range(S[b + TILE_ROW]):
            t = S[b + TILE_ROW + 1 + i]
            if t >= 0:
                _emit(e, A_TAKE_TILE + t)
    elif kind == K_FORT_CHOICE:
        _piece_choices(e, g, seat, FORT_SLOTS)
    elif kind == K_BEACON_CHOICE:
        _emit(e, DONE)
        if _beacon_targets(e, g, seat, S[top + 2]):
            _piece_choices(e, g, seat, BEACON_SLOTS)
    elif kind == K_BEACON_PLACE:
        region = S[top + 2]
        spaces = REGION_CORNERS[region] if region >= 0 else range(N_SPACES)
        for s in spaces:
            t = _top_tower(e, g, s)
            if t >= 0 and t >> 3 == seat and S[b + BEACON_AT + s] < 0:
                _emit(e, A_BEACON_ON + s)
    elif kind == K_TENT_CHOICE:
        for p in range(N_PROVINCES):
            _emit(e, A_TENT_IN + p)
    elif kind == K_FORT_ANYWHERE:
        for r in range(N_REGIONS):
            if S[b + FORT_AT + r] < 0:
                _emit(e, A_FORT_IN + r)
    else:
        return False
    return True


def _more_apply(e: SifnosBatch, g: int, top: int, kind: int, seat: int, action: int) -> bool:
    """The rarer decisions carried out; False: not covered (nothing changed)."""
    S = e.S
    b = g * W
    if kind == K_FACE_UP:
        S[b + DEPTH] -= 1
        c = action - A_TAKE_FACE_UP
        _list_remove(e, b + FACE_UP, c)
        _place_card(e, g, seat, c)
    elif kind == K_TILE_CHOICE:
        S[b + DEPTH] -= 1
        t = action - A_TAKE_TILE
        for i in range(S[b + TILE_ROW]):
            if S[b + TILE_ROW + 1 + i] == t:
                S[b + TILE_ROW + 1 + i] = -1
                break
        S[b + SIDE_AT + 5 * SIDES + seat] = t  # tile_of
        _tile_immediate(e, g, seat, TILE_EFFECT[t])
    elif kind == K_FORT_CHOICE:
        region = S[top + 2]
        S[b + DEPTH] -= 1
        s = action - A_TAKE_PIECE
        face = S[b + ROW_AT + seat * ROW_W + PIECES + s]
        _take_piece(e, g, seat, s)
        S[b + FORT_AT + region] = seat
        _gain_effect(e, g, seat, FORT_FACE_EFFECT[face])
    elif kind == K_BEACON_CHOICE:
        region = S[top + 2]
        S[b + DEPTH] -= 1
        if action != DONE:
            s = action - A_TAKE_PIECE
            mineral = S[b + ROW_AT + seat * ROW_W + PIECES + s]
            _take_piece(e, g, seat, s)
            _push(e, g, K_GAIN, seat, mineral, 1)
            _push(e, g, K_BEACON_PLACE, seat, region)
    elif kind == K_BEACON_PLACE:
        S[b + DEPTH] -= 1
        S[b + BEACON_AT + action - A_BEACON_ON] = seat
        S[b + BEACON_PLACED] = 1
    elif kind == K_TENT_CHOICE:
        S[b + DEPTH] -= 1
        _tent(e, g, seat, action - A_TENT_IN)
    elif kind == K_FORT_ANYWHERE:
        S[b + DEPTH] -= 1
        _push(e, g, K_FORT_CHOICE, seat, action - A_FORT_IN)
    else:
        return False
    return True


def _take_piece(e: SifnosBatch, g: int, seat: int, s: int) -> None:
    """A Fort or Beacon off the board: the third from its column gives the column's bonus."""
    at = g * W + ROW_AT + seat * ROW_W + PIECES
    e.S[at + s] = -1
    column = PIECE_COLUMN[s]
    gone = 0
    for x in COLUMN_PIECES[column]:
        if e.S[at + x] < 0:
            gone += 1
    if gone == 3:
        _gain_effect(e, g, seat, COLUMN_BONUS[column])


def _tile_immediate(e: SifnosBatch, g: int, seat: int, effect: int) -> None:
    """A Scoring Tile's immediate effect (influence.tile_immediate)."""
    S = e.S
    b = g * W
    if effect == 0:
        _push(e, g, K_DRAW, seat, 1)
    elif effect == 1:
        _push(e, g, K_INFLUENCE_CHOICE, seat, 1)
    elif effect == 2:
        total = 0
        for p in range(N_PROVINCES):
            total += S[b + ROW_AT + seat * ROW_W + TENTS + p]
        if total < MAX_TENTS:
            _push(e, g, K_TENT_CHOICE, seat)
    elif effect == 3:
        start = e.n
        _piece_choices(e, g, seat, FORT_SLOTS)
        if _probed(e, start):
            for r in range(N_REGIONS):
                if S[b + FORT_AT + r] < 0:
                    _push(e, g, K_FORT_ANYWHERE, seat)
                    break
    elif effect == 4:
        if S[b + HANDS + 2 * seat] or S[b + HANDS + 2 * seat + 1]:
            _push(e, g, K_PLACEMENT, seat, 1)
    elif effect == 5:
        if _has_beacon(e, g, seat) and _beacon_targets(e, g, seat, -1):
            _push(e, g, K_BEACON_CHOICE, seat, -1)
    elif effect == 6:
        if S[b + SOLDIER_SUPPLY + seat]:
            _push(e, g, K_SOLDIERS, seat, 0, 1, 0, ANYWHERE)
    else:
        _gain_effect(e, g, seat, 5)


# ---- the arrays' small parts ----------------------------------------------------------------
def _used_has(e: SifnosBatch, g: int, i: int) -> bool:
    if i < 62:
        return e.S[g * W + USED] >> i & 1 != 0
    return e.S[g * W + USED + 1] >> (i - 62) & 1 != 0


def _used_set(e: SifnosBatch, g: int, i: int) -> None:
    one = 1  # a 64-bit int in the twin
    if i < 62:
        e.S[g * W + USED] |= one << i
    else:
        e.S[g * W + USED + 1] |= one << (i - 62)


def _used_clear(e: SifnosBatch, g: int) -> None:
    e.S[g * W + USED] = 0
    e.S[g * W + USED + 1] = 0


def _list_remove(e: SifnosBatch, at: int, v: int) -> None:
    """The first ``v`` of the list at ``at`` (its count, then its items) taken out."""
    S = e.S
    n = S[at]
    for i in range(n):
        if S[at + 1 + i] == v:
            for j in range(i, n - 1):
                S[at + 1 + j] = S[at + 2 + j]
            S[at] = n - 1
            return
    raise ValueError(f"{v} is not in the list")


def _list_append(e: SifnosBatch, at: int, v: int, room: int) -> None:
    n = e.S[at]
    if n >= room:
        raise ValueError("a list of the arrays is full")
    e.S[at + 1 + n] = v
    e.S[at] = n + 1


def _hand(e: SifnosBatch, g: int, side: int) -> list[int]:
    at = g * W + HANDS + 2 * side
    return _hand_list(e.S[at], e.S[at + 1])


def _hand_len(e: SifnosBatch, g: int, side: int) -> int:
    at = g * W + HANDS + 2 * side
    return _popcount(e.S[at]) + _popcount(e.S[at + 1])


def _pay_legal(e: SifnosBatch, g: int, top: int) -> None:
    """The cards that may be discarded next towards a price (legality.pay_choices), emitted
    in increasing order."""
    S = e.S
    seat = S[top + 1]
    mineral = S[top + 2]
    need = S[top + 3]
    half = S[top + 4]
    size = _hand_len(e, g, seat) - 1
    h0 = _hand_mineral(e, g, seat, 0)
    h1 = _hand_mineral(e, g, seat, 1)
    h2 = _hand_mineral(e, g, seat, 2)
    fits = 0
    for m in range(3):
        if not (h0 if m == 0 else h1 if m == 1 else h2):
            continue
        if half or mineral == ANY or m == mineral:
            rest_need = need - 1
            rest_half = 0
        else:
            rest_need = need
            rest_half = 1
        if rest_need <= 0 and not rest_half:
            fits |= 1 << m
        elif _is_payable(
            h0 - (m == 0), h1 - (m == 1), h2 - (m == 2), size, mineral, rest_need, rest_half
        ):
            fits |= 1 << m
    at = g * W + HANDS + 2 * seat
    for k in range(2):
        x = S[at + k]
        c = k * HALF
        while x:
            if x & 1:
                m = MINERAL_OF[c]
                if fits >> m & 1:
                    _emit(e, DISCARD_BASE + c)
            x >>= 1
            c += 1


def _is_payable(h0: int, h1: int, h2: int, size: int, mineral: int, need: int, half: int) -> bool:
    """cards.is_payable: whether ``size`` cards, ``h0, h1, h2`` of each mineral, pay
    ``need`` cards of ``mineral`` (ANY: any), any two standing for one."""
    if mineral == ANY:
        match = size
        other = 0
    else:
        match = h0 if mineral == 0 else h1 if mineral == 1 else h2
        other = size - match
    if half:
        if other:
            other -= 1
        elif match:
            match -= 1
        else:
            return False
        need -= 1
    return match + other // 2 >= need


def _hand_add(e: SifnosBatch, g: int, side: int, c: int) -> None:
    at = g * W + HANDS + 2 * side
    one = 1  # a 64-bit int in the twin
    if c < HALF:
        e.S[at] |= one << c
    else:
        e.S[at + 1] |= one << (c - HALF)


def _hand_remove(e: SifnosBatch, g: int, side: int, c: int) -> None:
    at = g * W + HANDS + 2 * side
    one = 1
    if c < HALF:
        e.S[at] &= ~(one << c)
    else:
        e.S[at + 1] &= ~(one << (c - HALF))


def _push(
    e: SifnosBatch, g: int, kind: int, a: int, c: int = 0, d: int = 0, x: int = 0, y: int = 0
) -> None:
    """A frame of ``kind`` and fields ``a, c, d, x, y`` (as many as it has) put on top."""
    S = e.S
    b = g * W
    depth = S[b + DEPTH]
    if depth >= STACK:
        raise ValueError(f"more than {STACK} frames pending")
    at = b + PENDING + depth * FW
    S[at] = kind
    S[at + 1] = a
    S[at + 2] = c
    S[at + 3] = d
    S[at + 4] = x
    S[at + 5] = y
    S[b + DEPTH] = depth + 1


# ---- the rules over the arrays: the Scheme-driven opponent (solo.py) -----------------------
K_SCHEME_REVEAL, K_SCHEME_EFFECT, K_SOLO_FORT, K_SOLO_BEACON = (
    KIND_OF[k] for k in (F.SchemeReveal, F.SchemeEffect, F.SoloFort, F.SoloBeacon)
)
K_SOLO_DEFEND, K_SOLO_WORKSHOP, K_SOLO_DRAW = (
    KIND_OF[k] for k in (F.SoloDefend, F.SoloWorkshop, F.SoloDraw)
)
IS_SOLO = tuple(kind in _solo.STEPS for kind in KINDS)
"""The opponent's frames (its steps and chances)."""
SOLO_MARKER = SCALARS.index("solo_marker")
ACTIVE_DECK = SCALARS.index("active_deck")
SOLO_STACKING = MARKERS + 6


def _list_at(name: str) -> int:
    """The offset of one of LISTS (its count, then its items) in a game's slice."""
    at = LISTS_AT
    for other, n in LISTS:
        if other == name:
            return at
        at += n + 1
    raise KeyError(name)


SCHEME_LEFT = _list_at("scheme_left")
SCHEME_ALLIES = _list_at("scheme_allies")
SCHEME_DISCARDS = _list_at("scheme_discards")
SOLO_FORTS = _list_at("solo_forts")
SOLO_BEACONS = _list_at("solo_beacons")
N_SCHEMES = _solo.N_SCHEMES
SCHEME_TRIES = _solo.SCHEME_TRIES
SCHEME_CODES = _solo.SCHEME_CODES
SCHEME_SPACES = _solo.SCHEME_SPACES
SCHEME_PRIORITY = _solo.SCHEME_PRIORITY
SCHEME_PRIORITY_WORD = tuple(word_id(p) for p in SCHEME_PRIORITY)
"""Each Scheme's corner order as the int a SoloBeacon record holds."""
BONUS_WAITS = _solo.BONUS_WAITS
SCHEME_BONUS = tuple(
    ("influence", "marker", "tent").index(s.bonus) if s.bonus in ("influence", "marker", "tent")
    else -1
    for s in DATA.schemes
)  # fmt: skip
C_DIE = _solo._DIE
C_TOWER = _solo._TOWER
C_SOLDIER = _solo._SOLDIER
C_FORT = _solo._FORT
C_BEACON = _solo._BEACON
C_TENT = _solo._TENT
N_TRACK = _solo.N_TRACK
TRACK_GAIN = _solo.TRACK_GAIN
MAJORITY = _solo.MAJORITY
LOWEST = _solo.LOWEST
TRACK_COL = tuple(space.col for space in _solo.TRACK)
TRACK_ROW = tuple(space.row for space in _solo.TRACK)
SOLO_CAP = _influence.SOLO_CAP
SOLO_TENTS = _solo.TENTS
FORT_INFLUENCE = FORT_FACES.index("any_influence")
"""The Fort face that gives it "any 1 Influence" (the others move its marker)."""


def _solo_step(e: SifnosBatch, g: int, top: int, kind: int) -> int:
    """The opponent's step on top carried out (1), or its chance waiting (0)
    (solo.STEPS)."""
    S = e.S
    b = g * W
    if kind == K_SCHEME_REVEAL:
        if S[top + 1] >= N_SCHEMES:
            S[b + DEPTH] -= 1  # a whole deck's worth revealed and none can be resolved
            return 1
        if not S[b + SCHEME_LEFT + 1 + S[b + ACTIVE_DECK]]:
            _next_deck(e, g)
            return 1
        return 0
    if kind == K_SCHEME_EFFECT:
        s = S[top + 1]
        r = S[top + 2]
        i = S[top + 3]
        if i < 2:
            S[top + 3] = i + 1
            _main_effect(e, g, SCHEME_CODES[s][i], s, r)
        else:
            S[b + DEPTH] -= 1
            _bonus(e, g, s, r)
        return 1
    if kind == K_SOLO_BEACON:
        if S[b + SOLO_BEACONS] and _solo_beacon_target(e, g, S[top + 1], WORDS[S[top + 2]]) >= 0:
            return 0
        S[b + DEPTH] -= 1  # its last Beacon went to another Region first
        return 1
    if kind == K_SOLO_FORT:
        if S[b + SOLO_FORTS] and S[b + FORT_AT + S[top + 1]] < 0:
            return 0
        S[b + DEPTH] -= 1
        return 1
    side = S[top + 1]
    S[b + DEPTH] -= 1
    if kind == K_SOLO_DEFEND:
        _push(e, g, K_SOLO_WORKSHOP, side)
        _defend(e, g, side)
    elif kind == K_SOLO_DRAW:
        if S[b + INVADED] >= 0:
            _push(e, g, K_SAIL, S[b + INVADED])
        _gain_card(e, g, 2)
    else:  # its Workshop Dice back to its Supply
        at = b + GROW_AT + side * GROW_W + WORKSHOP
        n = S[at]
        S[at] = 0
        S[b + DICE_RESERVE + side] += n
        if n and not e.versus:
            _push(e, g, K_GAIN, side, LOWEST, n)
    return 1


def _next_deck(e: SifnosBatch, g: int) -> None:
    """The Active Deck is empty: the next one with Schemes left (its Allied Ship into the
    Bag), or the revealed Schemes shuffled into a new one (solo._next_deck)."""
    S = e.S
    b = g * W
    for d in range(S[b + SCHEME_LEFT] - 1, -1, -1):
        if S[b + SCHEME_LEFT + 1 + d]:
            if S[b + SCHEME_ALLIES + 1 + d]:
                S[b + SCHEME_ALLIES + 1 + d] = 0
                S[b + BAG + ALLY] += 1
            S[b + ACTIVE_DECK] = d
            return
    S[b + SCHEME_LEFT] = 1
    S[b + SCHEME_LEFT + 1] = S[b + SCHEME_DISCARDS]
    S[b + SCHEME_ALLIES] = 1
    S[b + SCHEME_ALLIES + 1] = 0
    S[b + ACTIVE_DECK] = 0
    S[b + SCHEME_DISCARDS] = 0


def _solo_chance(e: SifnosBatch, g: int, top: int, kind: int, r: float) -> bool:
    """The opponent's chance carried out from the draw ``r`` (a Scheme revealed, a Fort or
    a Beacon dealt: solo.CHANCES); False: none to draw (not covered)."""
    S = e.S
    b = g * W
    side = e.opponent
    if kind == K_SCHEME_REVEAL:
        s = _scheme_pick(e, b, r)
        if s < 0:
            return False
        tries = S[top + 1]
        S[b + DEPTH] -= 1
        S[b + SCHEME_LEFT + 1 + S[b + ACTIVE_DECK]] -= 1
        _list_append(e, b + SCHEME_DISCARDS, s, N_SCHEMES)
        region = _resolvable_region(e, g, s)
        if region < 0:
            _push(e, g, K_SCHEME_REVEAL, tries + 1)  # none of A, B, C: a new one
        else:
            _push(e, g, K_SCHEME_EFFECT, s, region, 0)
        return True
    region = S[top + 1]
    if kind == K_SOLO_FORT:
        face = _face_pick(e, b + SOLO_FORTS, r)
        if face < 0:
            return False
        S[b + DEPTH] -= 1
        _list_remove(e, b + SOLO_FORTS, face)
        S[b + FORT_AT + region] = side
        if face == FORT_INFLUENCE:
            _majority_influence(e, g)
        else:
            _gain_card(e, g, 1)
        return True
    m = _face_pick(e, b + SOLO_BEACONS, r)
    if m < 0:
        return False
    target = _solo_beacon_target(e, g, region, WORDS[S[top + 2]])
    S[b + DEPTH] -= 1
    _list_remove(e, b + SOLO_BEACONS, m)
    S[b + BEACON_AT + target] = side
    _push(e, g, K_GAIN, side, m, 1)
    return True


def _scheme_pick(e: SifnosBatch, b: int, r: float) -> int:
    """legality._scheme_pick over the Schemes not revealed this cycle; -1: none."""
    S = e.S
    at = b + SCHEME_DISCARDS
    seen = 0
    for i in range(S[at]):
        seen |= 1 << S[at + 1 + i]
    left = 0
    for s in range(N_SCHEMES):
        if not seen >> s & 1:
            left += 1
    if not left:
        return -1
    p = 1.0 / left
    acc = 0.0
    last = -1
    for s in range(N_SCHEMES):
        if not seen >> s & 1:
            acc += p
            if r < acc:
                return s
            last = s
    return last


def _face_pick(e: SifnosBatch, at: int, r: float) -> int:
    """The face (0-2) of the list at ``at`` the draw ``r`` picks, each face by its share of
    the list (solo.fort_outcomes, solo.beacon_outcomes); -1: an empty list."""
    S = e.S
    n = S[at]
    counts = [0, 0, 0]
    for i in range(n):
        counts[S[at + 1 + i]] += 1
    return _share_pick(counts[0], counts[1], counts[2], n, r)


def _share_pick(c0: int, c1: int, c2: int, n: int, r: float) -> int:
    """The one of three kinds the draw ``r`` picks, each by its share ``c / n`` of the ``n``
    held, added in order as sample_chance adds them (the last held when the floats fall
    short of ``r``); -1: none held."""
    acc = 0.0
    last = -1
    if c0:
        acc += c0 / n
        if r < acc:
            return 0
        last = 0
    if c1:
        acc += c1 / n
        if r < acc:
            return 1
        last = 1
    if c2:
        acc += c2 / n
        if r < acc:
            return 2
        last = 2
    return last


def _resolvable_region(e: SifnosBatch, g: int, s: int) -> int:
    """The first of Scheme ``s``'s Regions A, B, C where both main effects can be resolved
    (solo.resolvable_region); -1: none."""
    S = e.S
    b = g * W
    side = e.opponent
    for tried in SCHEME_TRIES[s]:
        r = tried[0]
        ok = True
        for code in tried[1]:
            if code == C_DIE:
                if S[b + DIE_OWNER + r] >= 0 or S[b + DICE_RESERVE + side] <= 0:
                    ok = False
                    break
            elif code == C_TOWER:
                if _solo_tower_space(e, g, tried[2]) < 0:
                    ok = False
                    break
            elif code == C_SOLDIER:
                if r == CENTRAL or S[b + SOLDIER_AT + r] >= 0 or S[b + SOLDIER_SUPPLY + side] <= 0:
                    ok = False
                    break
            elif code == C_FORT:
                if S[b + FORT_AT + r] >= 0 or not S[b + SOLO_FORTS]:
                    ok = False
                    break
        if ok:
            return r
    return -1


def _solo_tower_space(e: SifnosBatch, g: int, spaces: tuple) -> int:
    """Where its Tower goes among ``spaces`` (a Region's, in a Scheme's corner order): an
    empty space with its image in its Supply, else the first it may cover; -1: none
    (solo._tower_space)."""
    S = e.S
    b = g * W
    side = e.opponent
    supply = b + ROW_AT + side * ROW_W + TOWER_SUPPLY
    covering = -1
    for x in spaces:
        at = b + STACKS + x * (STACK_ROOM + 1)
        n = S[at]
        if not n:
            if S[supply + SPACE_IMAGE[x]]:
                return x
            continue
        mine = False
        for i in range(n):
            if S[at + 1 + i] >> 3 == side:
                mine = True
                break
        if mine or not S[supply + (S[at + n] & 7)]:
            continue
        if covering < 0:
            covering = x
    return covering


def _solo_beacon_target(e: SifnosBatch, g: int, r: int, priority: tuple) -> int:
    """The first corner of ``r`` in the order ``priority`` where its Tower is on top and no
    Beacon sits (solo.beacon_targets' first); -1: none."""
    S = e.S
    b = g * W
    corners = REGION_CORNERS[r]
    for k in priority:
        c = corners[k]
        top = _top_tower(e, g, c)
        if top >= 0 and top >> 3 == e.opponent and S[b + BEACON_AT + c] < 0:
            return c
    return -1


def _main_effect(e: SifnosBatch, g: int, code: int, s: int, r: int) -> None:
    """The main effect ``code`` of Scheme ``s`` in Region ``r``, if it can be resolved
    (solo._main_effect)."""
    S = e.S
    b = g * W
    side = e.opponent
    if code == C_DIE:
        if S[b + DIE_OWNER + r] >= 0 or S[b + DICE_RESERVE + side] <= 0:
            return
        S[b + DICE_RESERVE + side] -= 1
        S[b + DIE_OWNER + r] = side
        S[b + DIE_VALUE + r] = REGION_VALUE[r]  # its Dice's values do not matter
        owner = S[b + FORT_AT + r]
        if owner >= 0 and owner != side:
            _draw(e, g, owner, 1)
    elif code == C_TOWER:
        space = _solo_tower_space(e, g, SCHEME_SPACES[s][r])
        if space >= 0:
            _solo_place_tower(e, g, space, s)
    elif code == C_BEACON:
        if S[b + SOLO_BEACONS] and _solo_beacon_target(e, g, r, SCHEME_PRIORITY[s]) >= 0:
            _push(e, g, K_SOLO_BEACON, r, SCHEME_PRIORITY_WORD[s])
    elif code == C_SOLDIER:
        if r != CENTRAL and S[b + SOLDIER_AT + r] < 0 and S[b + SOLDIER_SUPPLY + side] > 0:
            S[b + SOLDIER_SUPPLY + side] -= 1
            S[b + SOLDIER_AT + r] = side
    elif code == C_FORT:
        if S[b + FORT_AT + r] < 0 and S[b + SOLO_FORTS]:
            _push(e, g, K_SOLO_FORT, r)
    elif code == C_TENT:
        _solo_tent(e, g, REGION_PROVINCE[r])


def _solo_place_tower(e: SifnosBatch, g: int, space: int, s: int) -> None:
    """Its Tower on ``space`` by Scheme ``s``: a Beacon for each Region around where it now
    holds all four corners, the covered player draws 2 (solo._place_tower)."""
    S = e.S
    b = g * W
    side = e.opponent
    top = _top_tower(e, g, space)
    image = SPACE_IMAGE[space] if top < 0 else top & 7
    regions = SPACE_REGION_LIST[space]
    before = _corners_held(e, g, side, regions)
    S[b + ROW_AT + side * ROW_W + TOWER_SUPPLY + image] -= 1
    _stack_tower(e, g, side, space, image)
    priority = SCHEME_PRIORITY[s]
    for k in range(len(regions) - 1, -1, -1):
        x = regions[k]
        if before[k] == 3 and S[b + SOLO_BEACONS] and _solo_beacon_target(e, g, x, priority) >= 0:
            _push(e, g, K_SOLO_BEACON, x, SCHEME_PRIORITY_WORD[s])
    if top >= 0:
        _draw(e, g, top >> 3, 2)  # covering a player's Tower: they draw 2


def _solo_tent(e: SifnosBatch, g: int, province: int) -> None:
    """Its Tent in ``province`` while it has one left (none in the 2-player game)."""
    if e.versus:
        return
    at = g * W + ROW_AT + e.opponent * ROW_W + TENTS
    total = 0
    for p in range(N_PROVINCES):
        total += e.S[at + p]
    if SOLO_TENTS - total:
        e.S[at + province] += 1


def _bonus(e: SifnosBatch, g: int, s: int, r: int) -> None:
    """Scheme ``s``'s bonus, if its Allied Ships have come (none in the 2-player game)."""
    if e.versus or e.S[g * W + ALLIES] < BONUS_WAITS[s]:
        return
    bonus = SCHEME_BONUS[s]
    if bonus == 0:
        _majority_influence(e, g)
    elif bonus == 1:
        _gain_card(e, g, 2)
    elif bonus == 2:
        _solo_tent(e, g, REGION_PROVINCE[r])


def _draw(e: SifnosBatch, g: int, side: int, n: int) -> None:
    """``side`` draws ``n`` cards; the opponent's marker moves instead (cards.draw)."""
    if n <= 0:
        return
    if side == e.opponent:
        _gain_card(e, g, n)
    else:
        _push(e, g, K_DRAW, side, n)


def _soldier_home(e: SifnosBatch, g: int, side: int) -> None:
    """A Soldier back to its Barracks; the opponent's to its Supply (muster.soldier_home)."""
    if side == e.opponent:
        e.S[g * W + SOLDIER_SUPPLY + side] += 1
    else:
        e.S[g * W + BARRACKS_AT + side] += 1


def _gain_card(e: SifnosBatch, g: int, n: int) -> None:
    """Its Solo Marker moved ``n`` spaces, each space's Influence gained (solo.gain_card;
    nothing in the 2-player game)."""
    if e.versus:
        return
    S = e.S
    b = g * W
    for _ in range(n):
        m = (S[b + SOLO_MARKER] + 1) % N_TRACK
        S[b + SOLO_MARKER] = m
        gain = TRACK_GAIN[m]
        if gain == MAJORITY:
            _majority_influence(e, g)
        elif gain >= 0:
            _push(e, g, K_GAIN, e.opponent, gain, 1)


def _majority_influence(e: SifnosBatch, g: int) -> None:
    """Its "any 1 Influence": the mineral under the third Allied Ship's space."""
    if not e.versus:
        _push(e, g, K_GAIN, e.opponent, e.S[g * W + MARKERS + 5], 1)


def _solo_influence(e: SifnosBatch, g: int, m: int) -> None:
    """One space along its track ``m`` (LOWEST: its lowest), up to its cap, and what the
    space does (influence.influence_step, solo.track_space)."""
    if e.versus:
        return  # it gains no Influence in the 2-player game
    S = e.S
    b = g * W
    side = e.opponent
    row = b + ROW_AT + side * ROW_W + INFLUENCE
    st = b + SOLO_STACKING
    if m < 0:  # its lowest; of tied markers, the one on top of the stack
        low = min(S[row], S[row + 1], S[row + 2])
        for k in range(3):
            if S[row + k] == low and (m < 0 or S[st + k] > S[st + m]):
                m = k
    if S[row + m] >= SOLO_CAP:
        return
    S[row + m] += 1
    value = S[row + m]
    S[st + m] = max(S[st], S[st + 1], S[st + 2]) + 1
    space = S[b + SOLO_MARKER]
    n = S[b + FACE_UP]
    if value == FACE_UP_CARD_SPACE and m == S[b + MARKERS] and n:
        card = S[b + FACE_UP + 1] if TRACK_COL[space] < 2 or n == 1 else S[b + FACE_UP + n]
        _list_remove(e, b + FACE_UP, card)
        _list_append(e, b + DISCARDS, card, N_CARDS)
        _push(e, g, K_GAIN, side, MINERAL_OF[card], 1)
    if value == SCORING_TILE_SPACE and m == S[b + MARKERS + 1]:
        first = second = last = -1
        k = 0
        for i in range(S[b + TILE_ROW]):
            t = S[b + TILE_ROW + 1 + i]
            if t >= 0:
                if k == 0:
                    first = t
                elif k == 1:
                    second = t
                last = t
                k += 1
        if k:
            row_of = TRACK_ROW[space]
            if k >= 3:
                pick = first if row_of == 0 else last if row_of == 3 else second
            else:
                pick = first if row_of < 2 else last
            for i in range(S[b + TILE_ROW]):
                if S[b + TILE_ROW + 1 + i] == pick:
                    S[b + TILE_ROW + 1 + i] = -1
                    break
            S[b + SIDE_AT + 5 * SIDES + side] = pick  # tile_of


# ---- the rules over the arrays: the setup's chances and starting effects (setup.py) --------
K_TILE_DRAW, K_MARKER_DRAW, K_AID_DEAL, K_PIECE_DEAL, K_SEAT_EFFECTS = (
    KIND_OF[k] for k in (F.TileDraw, F.MarkerDraw, F.AidDeal, F.PieceDeal, F.SeatEffects)
)
IS_SETUP = tuple(kind in (F.TileDraw, F.MarkerDraw, F.AidDeal, F.PieceDeal) for kind in KINDS)
"""The setup's own chances (its cards, Ships, Towers and Dice are drawn as in play)."""
AID_POOL = _list_at("aid_pool")
AIDS = WORKSHOP + 21
AID_REGION = tuple(aid.region for aid in DATA.setup_aids)
AID_TOWER = tuple(aid.tower for aid in DATA.setup_aids)
AID_IMAGE = tuple(DATA.spaces[aid.tower].image for aid in DATA.setup_aids)
PIECE_FACES = tuple(deal[0] for deal in _legality.PIECE_DEALS)
PIECE_SAME = tuple(deal[1] for deal in _legality.PIECE_DEALS)
"""For each Player Board space: the faces of its kind of piece, and the spaces of its kind."""
N_TILE_KINDS = len(DATA.tiles)
BAG_ALLIES = int(_board.SETUP["bag_allies"])
N_FRONT = 2 * len(MINERALS)
"""The front Ship spaces filled at setup."""
STARTING_DICE = int(_board.SETUP["starting_dice"])
STARTING_TOWERS = int(_board.SETUP["starting_towers"])
SEAT_CARDS = tuple(int(x["cards"]) for x in DATA.seat_effects)
SEAT_SOLDIER = tuple(bool(x["supply_soldier"]) for x in DATA.seat_effects)
SEAT_WORKSHOP_DIE = tuple(bool(x["workshop_die"]) for x in DATA.seat_effects)


def _setup_chance(e: SifnosBatch, g: int, top: int, kind: int, r: float) -> bool:
    """A chance of the setup carried out from the draw ``r`` (setup.py's tile_drawn,
    marker_drawn, aid_dealt, piece_dealt: the outcome picked as legality.sample_chance picks
    it); False: none to draw (not covered)."""
    S = e.S
    b = g * W
    if kind == K_TILE_DRAW:
        at = b + TILE_ROW
        left = 0
        for t in range(N_TILE_KINDS):
            if not _in_list(e, at, t):
                left += 1
        if not left:
            return False
        p = 1.0 / left
        acc = 0.0
        pick = -1
        for t in range(N_TILE_KINDS):
            if not _in_list(e, at, t):
                pick = t
                acc += p
                if r < acc:
                    break
        _list_append(e, at, pick, 9)
        _count_down(e, g, top, 1)
        return True
    if kind == K_MARKER_DRAW:
        counts = [2, 2, 2]
        for s in range(6):
            m = S[b + MARKERS + s]
            if m >= 0:
                counts[m] -= 1
        pick = _share_pick(counts[0], counts[1], counts[2], counts[0] + counts[1] + counts[2], r)
        if pick < 0:
            return False
        s = S[top + 1]
        S[b + MARKERS + s] = pick
        if s < 5:
            S[top + 1] = s + 1
        else:
            S[b + DEPTH] -= 1
        return True
    side = S[top + 1]
    if kind == K_AID_DEAL:
        at = b + AID_POOL
        n = S[at]
        if not n:
            return False
        p = 1.0 / n
        acc = 0.0
        a = S[at + n]
        for i in range(n):
            acc += p
            if r < acc:
                a = S[at + 1 + i]
                break
        _list_remove(e, at, a)
        _list_append(e, b + GROW_AT + side * GROW_W + AIDS, a, 6)
        region = AID_REGION[a]
        image = AID_IMAGE[a]
        S[b + DICE_RESERVE + side] -= 1
        S[b + DIE_OWNER + region] = side
        S[b + DIE_VALUE + region] = REGION_VALUE[region]
        # the opponent's Towers all stand face up beside it, as its Supply
        towers = TOWER_SUPPLY if side == e.opponent else TOWER_RESERVE
        S[b + ROW_AT + side * ROW_W + towers + image] -= 1
        at = b + STACKS + AID_TOWER[a] * (STACK_ROOM + 1)
        S[at + 1 + S[at]] = side * 8 + image
        S[at] += 1
        _count_down(e, g, top, 2)
        return True
    # a Fort or Beacon dealt face up onto the next space of a Player Board
    slot = S[top + 2]
    pieces = b + ROW_AT + side * ROW_W + PIECES
    faces = PIECE_FACES[slot]
    counts = [0, 0, 0]
    for f in faces:
        counts[f] += 1
    n = len(faces)
    for s in PIECE_SAME[slot]:
        if S[pieces + s] >= 0:
            counts[S[pieces + s]] -= 1
            n -= 1
    pick = _share_pick(counts[0], counts[1], counts[2], n, r)
    if pick < 0:
        return False
    S[pieces + slot] = pick
    if slot + 1 < N_PIECES:
        S[top + 2] = slot + 1
    else:
        S[b + DEPTH] -= 1
    return True


def _in_list(e: SifnosBatch, at: int, v: int) -> bool:
    for i in range(e.S[at]):
        if e.S[at + 1 + i] == v:
            return True
    return False


def _setup_ship(e: SifnosBatch, g: int, top: int, kind: int) -> None:
    """A front Ship drawn at setup (recoup.ship_drawn), the Bag filled after the last."""
    S = e.S
    b = g * W
    n = S[top + 2]
    _list_append(e, b + SHIPS + 5 * (N_FRONT - n), kind, 4)
    if n > 1:
        S[top + 2] = n - 1
        return
    S[b + DEPTH] -= 1
    per = e.game.bag_players
    S[b + BAG] = per
    S[b + BAG + 1] = per
    S[b + BAG + 2] = per
    S[b + BAG + 3] = BAG_ALLIES


def _seat_effects(e: SifnosBatch, g: int) -> None:
    """The starting effects by seat, then two random Towers and two rolled Dice each
    (setup.seat_effects)."""
    S = e.S
    b = g * W
    n = e.players
    game = e.game
    for side in range(n - 1, -1, -1):
        _push(e, g, K_ROLL, side, STARTING_DICE, 0)
        _push(e, g, K_TOWER_DRAW, side, STARTING_TOWERS)
    for seat in range(n - 1, -1, -1):
        index = seat
        if game.table == 2 and seat == 1 and not e.versus and not e.solo:
            index = 2  # 2 players: the 2nd player takes the 3rd player's effects
        if SEAT_WORKSHOP_DIE[index]:
            _push(e, g, K_ROLL, seat, 1, 1)
        if SEAT_SOLDIER[index]:
            S[b + BARRACKS_AT + seat] -= 1
            S[b + SOLDIER_SUPPLY + seat] += 1
        _push(e, g, K_DRAW, seat, SEAT_CARDS[index])


# ---- a one-game state written and read -----------------------------------------------------
def _write(e: SifnosBatch, g: int, state: Any) -> None:
    """Game g set to ``state`` (its history and decisions counted from 0)."""
    S = e.S
    b = g * W
    for i in range(W):
        S[b + i] = 0
    sides = e.sides
    for i, name in enumerate(SCALARS):
        S[b + i] = int(getattr(state, name))
    used = state.used
    S[b + USED] = used % USED_SCALE
    S[b + USED + 1] = used // USED_SCALE
    for k, name in enumerate(PER_SIDE):
        values = getattr(state, name)
        for p in range(sides):
            S[b + SIDE_AT + k * SIDES + p] = int(values[p])
    for p in range(sides):
        at = b + ROW_AT + p * ROW_W
        for name, n in ROWS:
            put(S, at, getattr(state, name)[p])
            at += n
        at = b + GROW_AT + p * GROW_W
        for name, n in GROWING:
            items = getattr(state, name)[p]
            if len(items) > n:
                raise ValueError(f"{name} holds more than {n}")
            S[at] = len(items)
            put(S, at + 1, items)
            at += n + 1
        for c in state.hands[p]:
            _hand_add(e, g, p, c)
    at = b + BOARD_AT
    for name, n in BOARD:
        put(S, at, getattr(state, name))
        at += n
    at = b + LISTS_AT
    for name, n in LISTS:
        items = getattr(state, name)
        if len(items) > n:
            raise ValueError(f"{name} holds more than {n}")
        S[at] = len(items)
        put(S, at + 1, [int(v) for v in items])
        at += n + 1
    deck = state.deck
    if deck.top or deck.bottom:
        raise ValueError("a deck with known cards is not held in the batch")
    put(S, b + DECK, deck.counts)
    S[b + DECK_TOTAL] = sum(deck.counts)
    put(S, b + BAG, state.bag.counts)
    for q in range(N_LARGE):
        ships = state.ships[q]
        S[b + SHIPS + 5 * q] = len(ships)
        put(S, b + SHIPS + 5 * q + 1, ships)
    for s in range(N_SPACES):
        stack = state.stacks[s]
        if len(stack) > STACK_ROOM:
            raise ValueError(f"more than {STACK_ROOM} Towers on a space")
        at = b + STACKS + s * (STACK_ROOM + 1)
        S[at] = len(stack)
        put(S, at + 1, stack)
    pending = state.pending
    if len(pending) > STACK:
        raise ValueError(f"more than {STACK} frames pending")
    S[b + DEPTH] = len(pending)
    for i, frame in enumerate(pending):
        at = b + PENDING + i * FW
        k = KIND_OF[type(frame)]
        S[at] = k
        for j, name in enumerate(FIELDS[k]):
            value = getattr(frame, name)
            S[at + 1 + j] = word_id(value) if name in WORD_FIELDS else int(value)
    e.live[g] = None


def _read(e: SifnosBatch, g: int) -> Any:
    """Game ``g`` as a one-game state (an empty history)."""
    S = e.S
    b = g * W
    sides = e.sides
    cls = e.game.state_class()
    state = cls.__new__(cls)
    state.game = e.game
    for i, name in enumerate(SCALARS):
        setattr(state, name, bool(S[b + i]) if name in BOOLS else S[b + i])
    state.used = S[b + USED] + S[b + USED + 1] * USED_SCALE  # a Python int in the twin too
    for k, name in enumerate(PER_SIDE):
        at = b + SIDE_AT + k * SIDES
        values = [S[at + p] for p in range(sides)]
        setattr(state, name, [bool(v) for v in values] if name in BOOLS else values)
    rows: dict[str, list[list[int]]] = {name: [] for name, _ in ROWS}
    grown: dict[str, list[list[int]]] = {name: [] for name, _ in GROWING}
    hands = []
    for p in range(sides):
        at = b + ROW_AT + p * ROW_W
        for name, n in ROWS:
            rows[name].append(seq(S, at, n))
            at += n
        at = b + GROW_AT + p * GROW_W
        for name, n in GROWING:
            grown[name].append(seq(S, at + 1, S[at]))
            at += n + 1
        hands.append(_hand_list(S[b + HANDS + 2 * p], S[b + HANDS + 2 * p + 1]))
    for name, _ in ROWS:
        setattr(state, name, rows[name])
    for name, _ in GROWING:
        setattr(state, name, grown[name])
    state.hands = hands
    at = b + BOARD_AT
    for name, n in BOARD:
        setattr(state, name, seq(S, at, n))
        at += n
    at = b + LISTS_AT
    for name, n in LISTS:
        items = seq(S, at + 1, S[at])
        setattr(state, name, [bool(v) for v in items] if name == "scheme_allies" else items)
        at += n + 1
    state.deck = Deck([], seq(S, b + DECK, N_CARDS), [])
    state.bag = Bag(seq(S, b + BAG, 4))
    state.ships = [seq(S, b + SHIPS + 5 * q + 1, S[b + SHIPS + 5 * q]) for q in range(N_LARGE)]
    room = STACK_ROOM + 1
    state.stacks = [
        seq(S, b + STACKS + s * room + 1, S[b + STACKS + s * room]) for s in range(N_SPACES)
    ]
    pending = DecisionStack()
    for i in range(S[b + DEPTH]):
        at = b + PENDING + i * FW
        k = S[at]
        values = []
        for j, name in enumerate(FIELDS[k]):
            v = S[at + 1 + j]
            if name in WORD_FIELDS:
                values.append(WORDS[v])
            elif (k, j) in BOOL_FIELDS:
                values.append(v == 1)
            else:
                values.append(v)
        pending.append(KINDS[k](*values))
    state.pending = pending
    state._history = []
    state._legal = None
    state._legal_set = None
    return state


def _hand_list(lo: int, hi: int) -> list[int]:
    """The Cards of a hand's two bitmask ints, in increasing order."""
    out = []
    c = 0
    while lo:
        if lo & 1:
            out.append(c)
        lo >>= 1
        c += 1
    c = HALF
    while hi:
        if hi & 1:
            out.append(c)
        hi >>= 1
        c += 1
    return out


def put(S: Any, at: int, values: Sequence[int]) -> None:
    for i, v in enumerate(values):
        S[at + i] = v


def seq(S: Any, at: int, n: int) -> list[int]:
    return [S[at + i] for i in range(n)]


# ---- what a seat sees: its observation tensor, read from the arrays ------------------------
N_KINDS = len(KINDS)
SIDE_FIELD = tuple(bool(f) and f[0] in ("seat", "side") for f in FIELDS)
"""The frames whose first field is the side deciding (the tensor's one-hot of it)."""
N_TILES = len(DATA.tiles)
TILE_SPACES = _tensor.TILE_ROW
SHIP_SPACES = _tensor.SHIP_SPACES
HAND_SCALE = float(_tensor.HAND_SCALE)
VP_SCALE = float(_tensor.VP_SCALE)
DICE_SCALE = float(_tensor.DICE_SCALE)
STACK_SCALE = float(_tensor.STACK_SCALE)
BAG_SCALE = float(_tensor.BAG_SCALE)
TRACK_SCALE = float(_tensor.TRACK)
DICE_ALL = float(_tensor.DICE)
TOWERS_ALL = float(_tensor.TOWERS)
SOLDIERS_ALL = float(_tensor.SOLDIERS)
TENTS_ALL = float(_tensor.TENTS)
PER_IMAGE = float(_tensor.PER_IMAGE)
ROUNDS_ALL = float(MAX_ROUNDS)
CARDS_ALL = float(N_CARDS)
N_MARKERS = 6
ROW_SLOTS = tuple(
    tuple(p.index for p in DATA.pieces if p.row == r) for r in range(len(DATA.row_vp))
)
ROW_VP = tuple(DATA.row_vp)
BUILDING_OF = tuple(tuple(building.spaces) for building in DATA.buildings)
SPACE_PROVINCES = tuple(sum(1 << p for p in set(s.provinces)) for s in DATA.spaces)
TILE_SCORINGS = (
    "per_3_of_highest", "per_2_of_lowest", "per_tent", "per_fort", "per_2_cards_placed",
    "per_beacon", "per_province_networked", "per_2_buildings",
)  # fmt: skip
TILE_SCORING = tuple(TILE_SCORINGS.index(t.scoring) for t in DATA.tiles)
TILE_OF = SIDE_AT + PER_SIDE.index("tile_of") * SIDES
TENTS_PER_VP = int(_scoring.SCORING["tents_per_vp"])
SET_OF = int(_scoring.SCORING["set_of"])
TWO_TIED = int(_scoring.SCORING["majority_two_tied"])
MANY_TIED = int(_scoring.SCORING["majority_many_tied"])
SECOND_TIED = int(_scoring.SCORING["second_tied"])
SECOND_WITHIN = int(_scoring.SCORING["two_player_second_within"])
FIRST_VP = int(DATA.game["ally_spaces"][2]["first_vp"])
SECOND_VP = int(DATA.game["ally_spaces"][2]["second_vp"])


def _capped(value: float, scale: float) -> float:
    """``value / scale`` kept within 0..1 (the tensor's ``capped``)."""
    v = value / scale
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def _side_hot(e: SifnosBatch, at: int, side: int, first: int) -> None:
    """The one-hot of ``side`` among the sides listed from ``first`` (none: zeros)."""
    n = e.sides
    if side < 0:
        return
    if side >= n:
        raise ValueError(f"no side {side} among {n}")
    e.O[at + (side - first + n) % n] = 1.0


def _write_tensor(e: SifnosBatch, g: int, seat: int) -> None:
    """``e.O`` set to ``seat``'s tensor in game g, part by part as :mod:`.tensor` lists them."""
    S = e.S
    V = e.O
    b = g * W
    n = e.sides
    first = seat if 0 <= seat < n else 0
    for i in range(e.tensor_size):
        V[i] = 0.0
    depth = S[b + DEPTH]
    if depth:  # the decision or draw now
        top = b + PENDING + (depth - 1) * FW
        kind = S[top]
        V[kind] = 1.0
        if SIDE_FIELD[kind]:
            _side_hot(e, N_KINDS, S[top + 1], first)
    i = N_KINDS + n
    _side_hot(e, i, S[b + TURN], first)
    i += n
    V[i] = _capped(S[b + ROUNDS], ROUNDS_ALL)
    V[i + 1] = 1.0 if S[b + OVER] else 0.0
    i = _write_players(e, g, first, i + 2)
    i = _write_sides(e, g, first, i)
    if 0 <= seat < n:  # the observer's own hand
        lo = S[b + HANDS + 2 * seat]
        hi = S[b + HANDS + 2 * seat + 1]
        for c in range(HALF):
            if lo >> c & 1:
                V[i + c] = 1.0
            if hi >> c & 1:
                V[i + HALF + c] = 1.0
    i = _write_board(e, g, first, i + N_CARDS)
    if i != e.tensor_size:
        raise AssertionError(f"{i} floats written, not {e.tensor_size}")


def _write_players(e: SifnosBatch, g: int, first: int, i: int) -> int:
    """The ``players`` part from ``V[i]`` on; where the next part starts."""
    S = e.S
    V = e.O
    b = g * W
    n = e.sides
    scores = _scores(e, g)
    for k in range(n):
        p = (first + k) % n
        row = b + ROW_AT + p * ROW_W
        V[i] = 1.0 if p == e.opponent else 0.0
        held = _hand_len(e, g, p)
        V[i + 1] = _capped(held, HAND_SCALE)
        for m in range(3):
            V[i + 2 + m] = _capped(S[row + INFLUENCE + m], TRACK_SCALE)
        V[i + 5] = 1.0 if S[b + ALLY_ON_TRACK + p] else 0.0
        grow = b + GROW_AT + p * GROW_W
        for j in range(2):  # the Supply's Dice, then the Workshop's, by value
            at = grow + (DICE_SUPPLY if j == 0 else WORKSHOP)
            for x in range(S[at]):
                v = S[at + 1 + x]
                if 1 <= v <= 6:
                    V[i + 6 + 6 * j + v - 1] += 1.0 / DICE_SCALE
        i += 18
        V[i] = _capped(S[b + DICE_RESERVE + p], DICE_ALL)
        reserve = 0
        for im in range(N_IMAGES):
            V[i + 1 + im] = _capped(S[row + TOWER_SUPPLY + im], PER_IMAGE)
            reserve += S[row + TOWER_RESERVE + im]
        i += 1 + N_IMAGES
        V[i] = _capped(reserve, TOWERS_ALL)
        V[i + 1] = _capped(S[b + BARRACKS_AT + p], SOLDIERS_ALL)
        V[i + 2] = _capped(S[b + SOLDIER_SUPPLY + p], SOLDIERS_ALL)
        V[i + 3] = _capped(S[b + CENTRAL_AT + p], SOLDIERS_ALL)
        i += 4
        for q in range(N_PROVINCES):
            V[i + q] = _capped(S[row + TENTS + q], TENTS_ALL)
        i += N_PROVINCES
        tile = S[b + TILE_OF + p]
        if 0 <= tile < N_TILES:
            V[i + tile] = 1.0
        V[i + N_TILES] = _capped(scores[p], VP_SCALE)
        i += N_TILES + 1
    return i


def _write_sides(e: SifnosBatch, g: int, first: int, i: int) -> int:
    """The ``pieces``, ``buildings`` and ``placed`` parts from ``V[i]`` on."""
    S = e.S
    V = e.O
    b = g * W
    n = e.sides
    for k in range(n):
        row = b + ROW_AT + (first + k) % n * ROW_W + PIECES
        for slot in range(N_PIECES):
            face = S[row + slot]
            if face < 0:
                V[i] = 1.0
            elif face < 3:
                V[i + 1 + face] = 1.0
            i += 4
    for k in range(n):
        row = b + ROW_AT + (first + k) % n * ROW_W + BUILDINGS
        for x in range(N_BUILDING_SPACES):
            V[i + x] = S[row + x] / 6
        i += N_BUILDING_SPACES
    for k in range(n):
        at = b + GROW_AT + (first + k) % n * GROW_W + PLACED
        for x in range(S[at]):
            V[i + S[at + 1 + x]] = 1.0
        i += N_CARDS
    return i


def _write_board(e: SifnosBatch, g: int, first: int, i: int) -> int:
    """The parts after the hand (Regions, Tower spaces, Ships, the table, the face-up Cards,
    the discards, the Scoring Tiles) from ``V[i]`` on."""
    S = e.S
    V = e.O
    b = g * W
    n = e.sides
    for r in range(N_REGIONS):
        owner = S[b + DIE_OWNER + r]
        if owner >= 0:
            _side_hot(e, i, owner, first)
            V[i + n] = S[b + DIE_VALUE + r] / 6
        _side_hot(e, i + n + 1, S[b + SOLDIER_AT + r], first)
        _side_hot(e, i + 2 * n + 1, S[b + FORT_AT + r], first)
        i += 3 * n + 1
    for s in range(N_SPACES):
        at = b + STACKS + s * (STACK_ROOM + 1)
        height = S[at]
        for x in range(height):
            V[i + ((S[at + 1 + x] >> 3) - first + n) % n] = 1.0
        if height:
            top = S[at + height]
            _side_hot(e, i + n, top >> 3, first)
            V[i + 2 * n + (top & 7)] = 1.0
        V[i + 2 * n + N_IMAGES] = _capped(height, STACK_SCALE)
        _side_hot(e, i + 2 * n + N_IMAGES + 1, S[b + BEACON_AT + s], first)
        i += 3 * n + N_IMAGES + 1
    for q in range(N_LARGE):
        at = b + SHIPS + 5 * q
        for x in range(S[at]):
            if x < SHIP_SPACES:
                V[i + 4 * x + S[at + 1 + x]] = 1.0
        i += 4 * SHIP_SPACES
    return _write_table(e, g, i)


def _write_table(e: SifnosBatch, g: int, i: int) -> int:
    """The ``table``, ``face_up``, ``discards`` and ``scoring_tiles`` parts."""
    S = e.S
    V = e.O
    b = g * W
    bag = S[b + BAG] + S[b + BAG + 1] + S[b + BAG + 2] + S[b + BAG + 3]
    V[i] = _capped(bag, BAG_SCALE)
    allies = S[b + ALLIES]
    if 0 <= allies < 4:
        V[i + 1 + allies] = 1.0
    i += 5
    for x in range(N_MARKERS):
        m = S[b + MARKERS + x]
        if m >= 0:
            V[i + m] = 1.0
        i += 3
    invaded = S[b + INVADED]
    if invaded >= 0:
        V[i + invaded] = 1.0
    i += N_LARGE
    V[i] = _capped(S[b + DECK_TOTAL], CARDS_ALL)
    V[i + 1] = _capped(S[b + DISCARDS], CARDS_ALL)
    i += 2
    for at in (b + FACE_UP, b + DISCARDS):
        for x in range(S[at]):
            c = S[at + 1 + x]
            V[i + (c if c >= 0 else c + N_CARDS)] = 1.0
        i += N_CARDS
    at = b + TILE_ROW
    for x in range(S[at]):
        t = S[at + 1 + x]
        if x < TILE_SPACES and t >= 0:
            V[i + N_TILES * x + t] = 1.0
    return i + N_TILES * TILE_SPACES


# ---- the VP as they stand (scoring.final_scores), from the arrays --------------------------
def _scores(e: SifnosBatch, g: int) -> list[int]:
    """Each side's VP as :func:`.scoring.final_scores` counts them (the Scheme-driven
    opponent's by the solo rules' Final Scoring, none in the 2-player game)."""
    S = e.S
    b = g * W
    out = _majority(e, g)
    for side in range(e.sides):
        row = b + ROW_AT + side * ROW_W
        total = out[side] + S[row + INFLUENCE] + S[row + INFLUENCE + 1] + S[row + INFLUENCE + 2]
        if side == e.opponent:
            if e.versus:
                out[side] = 0
                continue
            if S[b + TILE_OF + side] >= 0:
                total += SOLO_TILE_VP
            held = S[b + CENTRAL_AT + side]
            for r in range(N_REGIONS):
                if S[b + SOLDIER_AT + r] == side:
                    held += 1
            out[side] = total + (SOLO_SOLDIERS_VP if held >= SOLO_SOLDIERS else 0)
            continue
        for r in range(len(ROW_VP)):
            emptied = True
            for slot in ROW_SLOTS[r]:
                if S[row + PIECES + slot] >= 0:
                    emptied = False
                    break
            if emptied:
                total += ROW_VP[r]
        tents = 0
        for q in range(N_PROVINCES):
            tents += S[row + TENTS + q]
        total += tents // TENTS_PER_VP + _tile_points(e, g, side, tents)
        held = _hand_len(e, g, side) + S[b + CENTRAL_AT + side]
        for r in range(N_REGIONS):
            if S[b + SOLDIER_AT + r] == side:
                held += 1
        out[side] = total + held // SET_OF
    return out


def _majority(e: SifnosBatch, g: int) -> list[int]:
    """The 4/2 VP for the third Allied Ship's mineral (:func:`.scoring.majority`)."""
    S = e.S
    b = g * W
    n = e.sides - 1 if e.versus else e.sides  # the sides it is scored among
    out = [0] * e.sides
    if S[b + ALLIES] < 3:
        return out
    mineral = S[b + MARKERS + 5]
    values = [S[b + ROW_AT + s * ROW_W + INFLUENCE + mineral] for s in range(n)]
    best = max(values)
    tied = values.count(best)
    if tied >= 2:
        for s in range(n):
            if values[s] == best:
                out[s] = TWO_TIED if tied == 2 else MANY_TIED
        return out
    winner = values.index(best)
    out[winner] = FIRST_VP
    if n == 1:
        return out
    second = max(values[s] for s in range(n) if s != winner)
    seconds = sum(1 for s in range(n) if s != winner and values[s] == second)
    if n == 2 and best - second > SECOND_WITHIN:
        return out
    for s in range(n):
        if s != winner and values[s] == second:
            out[s] = SECOND_VP if seconds == 1 else SECOND_TIED
    return out


def _tile_points(e: SifnosBatch, g: int, side: int, tents: int) -> int:
    """The VP of ``side``'s Scoring Tile (:func:`.scoring.tile_points`)."""
    S = e.S
    b = g * W
    tile = S[b + TILE_OF + side]
    if tile < 0:
        return 0
    row = b + ROW_AT + side * ROW_W
    how = TILE_SCORING[tile]
    if how <= 1:
        a = S[row + INFLUENCE]
        c = S[row + INFLUENCE + 1]
        d = S[row + INFLUENCE + 2]
        if how == 0:
            return max(a, c, d) // 3
        return min(a, c, d) // 2
    if how == 2:
        return tents
    k = 0
    if how == 3:
        for r in range(N_REGIONS):
            if S[b + FORT_AT + r] == side:
                k += 1
        return k
    if how == 4:
        return S[b + GROW_AT + side * GROW_W + PLACED] // 2
    if how == 5:
        for s in range(N_SPACES):
            if S[b + BEACON_AT + s] == side:
                k += 1
        return k
    if how == 6:
        return _networked(e, g, side)
    for spaces in BUILDING_OF:
        complete = True
        for x in spaces:
            if not S[row + BUILDINGS + x]:
                complete = False
                break
        if complete:
            k += 1
    return 2 * k


def _networked(e: SifnosBatch, g: int, side: int) -> int:
    """The most Provinces one of ``side``'s Tower networks touches."""
    seen = 0
    best = 0
    for start in range(N_SPACES):
        if seen >> start & 1 or not _has_tower_on(e, g, side, start):
            continue
        seen |= 1 << start
        todo = [start]
        provinces = SPACE_PROVINCES[start]
        while todo:
            s = todo.pop()
            for t in SPACE_NEIGHBOURS[s]:
                if not seen >> t & 1 and _has_tower_on(e, g, side, t):
                    seen |= 1 << t
                    todo.append(t)
                    provinces |= SPACE_PROVINCES[t]
        k = _popcount(provinces)
        if k > best:
            best = k
    return best


# ---- every seat's heuristic, read from the arrays (bots.evaluate_all) -----------------------
H_CARD_LATE = _bots.CARD_LATE
H_CARD_EARLY = _bots.CARD_EARLY
H_HAND_FULL = _bots.HAND_FULL
H_PLACED = _bots.PLACED
H_DIE_SUPPLY = _bots.DIE_SUPPLY
H_DIE_IDLE = _bots.DIE_IDLE
H_DIE_WORKSHOP = _bots.DIE_WORKSHOP
H_DIE_MAP = _bots.DIE_MAP
H_TOWER_SUPPLY = _bots.TOWER_SUPPLY
H_SOLDIER_SUPPLY = _bots.SOLDIER_SUPPLY
H_SOLDIER_MAP = _bots.SOLDIER_MAP
H_INVADED_SOON = _bots.INVADED_SOON
H_MIGHT_SLOPE = _bots.MIGHT_SLOPE
H_SHIP_INFLUENCE = _bots.SHIP_INFLUENCE
H_EMPTY_INFLUENCE = _bots.EMPTY_INFLUENCE
H_EMPTY_CARD = _bots.EMPTY_CARD
H_BUILDING_SHARE = _bots.BUILDING_SHARE
H_BEACON_VALUE = _bots.BEACON_VALUE
H_FACE_UP = _bots.FACE_UP
H_TILE = _bots.TILE
H_MAJORITY_WEIGHT = _bots.MAJORITY_WEIGHT
H_ALLY_CARDS = _bots.ALLY_CARDS
H_TENT_ODD = _bots.TENT_ODD
H_MAJOR_LEFT = _bots.MAJOR_LEFT
H_MAIN_OPEN = _bots.MAIN_OPEN
H_SOLDIERS_PENDING = _bots.SOLDIERS_PENDING
H_SHIP_PENDING = _bots.SHIP_PENDING
H_FORT_PENDING = _bots.FORT_PENDING
H_TRIGGERED_PENDING = _bots.TRIGGERED_PENDING
H_TENT_PENDING = _bots.TENT_PENDING
H_ROW_TERM = _bots._ROW_TERM
H_BEACON_TERM = _bots._BEACON_TERM
H_FACE_UP_TERM = _bots._FACE_UP_TERM
H_TILE_TERM = _bots._TILE_TERM
H_ROWS = _bots._ROWS
H_N_LARGE = _bots._N_LARGE
H_LARGE_REGION_K_VALUE = _bots._LARGE_REGION_K_VALUE
H_SPACE_KS = _bots._SPACE_KS
H_SPACE_REWARD = _bots._SPACE_REWARD
H_COMPLETE = tuple(_bots._COMPLETE.get(building.index, 0.0) for building in DATA.buildings)
"""What completing each Building gives, in the heuristic's VP."""
ALL_VALUES = sum(1 << v for v in range(1, 7))
"""Every Die value, as bits 1-6."""
SEAT_AT = tuple(f.index("seat") + 1 if "seat" in f else 0 for f in FIELDS)
"""Where a frame record holds its ``seat`` field (0: none)."""
MUSTER_BIT = PRINTED_BIT + _board.PRINTED["muster"]
SOLO_TILE_VP = int(_scoring.SOLO["tile_vp"])
SOLO_SOLDIERS = int(_scoring.SOLO["soldiers_vp"]["at_least"])
SOLO_SOLDIERS_VP = int(_scoring.SOLO["soldiers_vp"]["vp"])


def _heuristics(e: SifnosBatch, g: int) -> list[float]:
    """``bots.evaluate_all`` of game g: every seat's estimate, the same floats in the same
    order of additions."""
    S = e.S
    b = g * W
    n = e.players
    sides = e.sides
    scores = _scores(e, g)
    opponent_vp = scores[e.opponent] if e.solo else 0
    out = [0.0] * n
    if S[b + OVER]:
        for seat in range(n):
            out[seat] = float(scores[seat]) - opponent_vp if e.solo else float(scores[seat])
        return out
    allies = S[b + ALLIES]
    left = (3 - allies) / 3
    if left < 0.1:
        left = 0.1
    card = H_CARD_LATE + H_CARD_EARLY * left
    use = H_CARD_EARLY * left
    use_beyond = 0.2 * use
    placed = H_PLACED * left
    tiles_left = False
    for i in range(S[b + TILE_ROW]):
        if S[b + TILE_ROW + 1 + i] >= 0:
            tiles_left = True
    # the larger Provinces: Dice, Might and uncovered Towers by side, the Die values taken
    dice = [0] * H_N_LARGE
    might = [0] * (H_N_LARGE * sides)
    towers = [0] * (H_N_LARGE * sides)
    map_dice = [0] * sides
    takes = 0
    any_value = False
    for r, k, worth in H_LARGE_REGION_K_VALUE:
        owner = S[b + DIE_OWNER + r]
        if owner >= 0:
            might[k * sides + owner] += 1
            dice[k] += 1
            map_dice[owner] += 1
        side = S[b + FORT_AT + r]
        if side >= 0:
            might[k * sides + side] += 1
            if owner < 0:
                any_value = True
        elif owner < 0:
            takes |= 1 << worth
        side = S[b + SOLDIER_AT + r]
        if side >= 0:
            might[k * sides + side] += 2
    if any_value:
        takes = ALL_VALUES
    for x in range(N_SPACES):
        top = _top_tower(e, g, x)
        if top >= 0:
            side = top >> 3
            for k in H_SPACE_KS[x]:
                might[k * sides + side] += 1
                towers[k * sides + side] += 1
    for side in range(sides):
        row = b + ROW_AT + side * ROW_W + TENTS
        for k in range(H_N_LARGE):
            might[k * sides + side] += S[row + LARGE_PROVINCES[k]]
    invasions = [0.0] * n
    for k in range(H_N_LARGE):
        q = LARGE_PROVINCES[k]
        best = -1
        other_best = -1
        for side in range(sides):
            m = might[k * sides + side]
            if m > best:
                other_best = best
                best = m
            elif m > other_best:
                other_best = m
        winner = -1
        if dice[k] >= 3:
            turn = S[b + TURN]
            for j in range(1, sides + 1):
                side = (turn + j) % sides
                if might[k * sides + side] == best:
                    winner = side
                    break
        ships = S[b + SHIPS + 5 * k]
        prize = H_SHIP_INFLUENCE * ships
        if not ships:
            prize += H_EMPTY_INFLUENCE
        if ships < 3:
            prize += H_EMPTY_CARD
        soon = H_INVADED_SOON[dice[k] if dice[k] < 3 else 3]
        for seat in range(n):
            mine = might[k * sides + seat]
            if mine == 0:
                continue  # no Might: no Tower or Tent there either
            if dice[k] >= 3:
                share = 1.0 if winner == seat else 0.0
            else:
                lead = mine - (other_best if mine == best else best)
                share = 1.0 / (1.0 + math.exp(-H_MIGHT_SLOPE * lead))
            consolation = 0.0
            if share < 1.0:
                consolation = card * (
                    towers[k * sides + seat] + S[b + ROW_AT + seat * ROW_W + TENTS + q]
                )
            invasions[seat] += soon * (share * prize + (1.0 - share) * consolation)
    for seat in range(n):
        score = float(scores[seat])
        if e.solo:
            score -= opponent_vp  # alone against the Schemes: the opponent's VP count against
        out[seat] = _estimate(
            e, g, seat, score, card, use, use_beyond, placed, left, takes, map_dice[seat],
            invasions[seat], tiles_left,
        )  # fmt: skip
    return out


def _estimate(
    e: SifnosBatch, g: int, seat: int, value: float, card: float, use: float,
    use_beyond: float, placed: float, left: float, takes: int, map_dice: int,
    invasions: float, tiles_left: bool,
) -> float:  # fmt: skip
    """bots._evaluate of ``seat`` from its score ``value`` and what the position holds."""
    S = e.S
    b = g * W
    row = b + ROW_AT + seat * ROW_W
    grow = b + GROW_AT + seat * GROW_W
    # ---- cards
    hand = _hand_len(e, g, seat)
    on_map = 0
    for r in range(N_REGIONS):
        if S[b + SOLDIER_AT + r] == seat:
            on_map += 1
    held = hand + on_map + S[b + CENTRAL_AT + seat]
    value += (held % 4) * H_CARD_LATE
    value += use * (hand if hand < H_HAND_FULL else H_HAND_FULL) + use_beyond * (
        hand - H_HAND_FULL if hand > H_HAND_FULL else 0
    )
    value += placed * S[grow + PLACED]
    # ---- Dice, Towers, Soldiers
    supply = 0.0
    for i in range(S[grow + DICE_SUPPLY]):
        supply += H_DIE_SUPPLY if takes >> S[grow + DICE_SUPPLY + 1 + i] & 1 else H_DIE_IDLE
    value += supply
    value += H_DIE_WORKSHOP * S[grow + WORKSHOP]
    value += H_DIE_MAP * map_dice
    total = 0
    for i in range(N_IMAGES):
        total += S[row + TOWER_SUPPLY + i]
    value += H_TOWER_SUPPLY * total
    value += H_SOLDIER_SUPPLY * S[b + SOLDIER_SUPPLY + seat]
    value += H_SOLDIER_MAP * on_map
    value += invasions
    # ---- Buildings, Beacons, rows, Tents
    value += _building_progress(e, g, seat)
    beacons_left = False
    for s in BEACON_SLOTS:
        if S[row + PIECES + s] >= 0:
            beacons_left = True
    if beacons_left:  # the Regions where the seat has 1-3 of the corner Towers
        for r in range(N_REGIONS):
            k = 0
            for c in REGION_CORNERS[r]:
                if _has_tower_on(e, g, seat, c):
                    k += 1
            if 0 < k < 4:
                value += H_BEACON_TERM[k]
    for r in range(len(H_ROWS)):
        k = 0
        for s in H_ROWS[r]:
            if S[row + PIECES + s] < 0:
                k += 1
        if 0 < k < 4:
            value += H_ROW_TERM[r][k]
    total = 0
    for q in range(N_PROVINCES):
        total += S[row + TENTS + q]
    value += H_TENT_ODD * (total % 2)
    # ---- the Influence tracks
    inf = row + INFLUENCE
    markers = b + MARKERS
    allies = S[b + ALLIES]
    if S[b + FACE_UP] and S[inf + S[markers]] < 3:
        value += H_FACE_UP_TERM[S[inf + S[markers]]]
    if S[b + TILE_OF + seat] < 0 and tiles_left and S[inf + S[markers + 1]] < 5:
        value += H_TILE_TERM[S[inf + S[markers + 1]]]
    if allies < 3:
        value += H_MAJORITY_WEIGHT[allies] * _majority_now(e, g, seat, S[markers + 5])
    if allies < 1:
        value += H_ALLY_CARDS * card * (S[inf + S[markers + 3]] // 2)
    if allies < 2:
        value += H_ALLY_CARDS * card * (S[inf + S[markers + 4]] // 3)
    # ---- the stack
    return _with_pending(e, g, seat, value, card, left, takes)


def _majority_now(e: SifnosBatch, g: int, seat: int, mineral: int) -> float:
    """bots._majority_now: the majority VP ``seat`` would score if the third Allied Ship came
    now."""
    S = e.S
    b = g * W
    scoring = e.sides - 1 if e.versus else e.sides
    mine = S[b + ROW_AT + seat * ROW_W + INFLUENCE + mineral]
    top = -1
    above = 0
    level = 0
    for s in range(scoring):
        if s == seat:
            continue
        v = S[b + ROW_AT + s * ROW_W + INFLUENCE + mineral]
        if v > top:
            top = v
        if v > mine:
            above += 1
        elif v == mine:
            level += 1
    if top < 0:
        return 4.0
    if above == 0:
        if level == 0:
            return 4.0
        return 3.0 if level == 1 else 2.0
    if above == 1:
        # second place: shared when tied, within 4 of the first in a 2-side game
        if scoring == 2 and top - mine > 4:
            return 0.0
        return 2.0 if level == 0 else 1.0
    return 0.0


def _building_progress(e: SifnosBatch, g: int, seat: int) -> float:
    """bots._building_progress: the rewards still to come of the seat's Buildings begun."""
    S = e.S
    row = g * W + ROW_AT + seat * ROW_W + BUILDINGS
    total = 0.0
    for i in range(len(BUILDING_OF)):
        own = BUILDING_OF[i]
        filled = 0
        for x in own:
            if S[row + x]:
                filled += 1
        if not filled or filled == len(own):
            continue
        rest = H_COMPLETE[i]
        for x in own:
            if not S[row + x]:
                rest += H_SPACE_REWARD[x]
        fits = False  # a next Die must still fit somewhere
        for x in own:
            if _is_open(e, row, x):
                for v in range(1, 7):
                    if _fits(e, row, x, v):
                        fits = True
                        break
                if fits:
                    break
        if fits:
            total += H_BUILDING_SHARE * rest * filled / len(own)
    return total


def _with_pending(
    e: SifnosBatch, g: int, seat: int, value: float, card: float, left: float, takes: int
) -> float:
    """``value`` with bots._pending's terms of the seat's frames on the stack (those that are
    its own, and the cards given to it), if any."""
    S = e.S
    b = g * W
    v = 0.0
    found = False
    majors_open = False
    recoup = False
    depth = S[b + DEPTH]
    for i in range(depth):
        at = b + PENDING + i * FW
        kind = S[at]
        owner = S[at + SEAT_AT[kind]] if SEAT_AT[kind] else -1
        if owner != seat:
            if kind == K_GIVE and S[at + 2] == seat:  # cards given to the seat
                found = True
                v += card * S[at + 3]
            continue
        found = True
        if kind == K_PAY:
            v -= card * S[at + 3]
        elif kind == K_GIVE:
            v -= card * S[at + 3]
        elif kind == K_INFLUENCE_CHOICE:
            v += 1.0 * S[at + 2]
        elif kind == K_FACE_UP:
            v += H_FACE_UP if S[b + FACE_UP] else 0.0
        elif kind == K_TILE_CHOICE:
            v += H_TILE
        elif kind == K_BEACON_CHOICE:
            v += H_BEACON_VALUE
        elif kind == K_FORT_CHOICE or kind == K_FORT_ANYWHERE:
            v += H_FORT_PENDING
        elif kind == K_TENT_CHOICE:
            v += H_TENT_PENDING
        elif kind == K_SOLDIERS:
            v += H_SOLDIERS_PENDING
        elif kind == K_SHIP_CHOICE:
            v += H_SHIP_PENDING
        elif kind == K_TRIGGERED:
            v += H_TRIGGERED_PENDING * len(WORDS[S[at + 4]])
        elif kind == K_ADJUST:
            v += _best_adjustment(e, g, seat, takes)
        elif kind == K_PLACEMENT:
            v += _best_placement(e, g, seat, card, left, S[at + 2] != 0)
        elif kind == K_MAJORS:
            majors_open = True
        elif kind == K_RECOUP:
            recoup = True
    if not found:
        return value
    if majors_open:
        done = S[b + MAJORS_DONE]
        v += H_MAJOR_LEFT * (2 - ((done & 1) + (done >> 1 & 1) + (done >> 2 & 1)))
        top = b + PENDING + (depth - 1) * FW
        if S[top] == K_COLUMN and _main_open(e, g, seat, S[top + 2]):
            v += H_MAIN_OPEN[S[top + 2]]
    if recoup:
        v += _recoup_to_come(e, g, seat, card)
    return value + v


def _main_open(e: SifnosBatch, g: int, seat: int, major: int) -> bool:
    """bots._main_open: whether the major action under way can still use its main effect."""
    e.n = 0
    if major == _board.INVEST:
        if _used_has(e, g, PLACE_DIE_BIT):
            return False
        _die_placements(e, g, seat)
    elif major == _board.CONSTRUCT:
        if _used_has(e, g, PLACE_TOWER_BIT):
            return False
        _tower_placements(e, g, seat)
    else:
        if _used_has(e, g, MUSTER_BIT):
            return False
        e.known = 0
        return _can_use(e, g, seat, 7, NO_PRICE)  # legality.USE_CODES["muster"]
    found = e.n > 0
    e.n = 0
    return found


def _best_placement(
    e: SifnosBatch, g: int, seat: int, card: float, left: float, free: bool
) -> float:
    """bots._best_placement: a card placed from the hand, less the cheapest cost."""
    at = g * W + HANDS + 2 * seat
    if not e.S[at] and not e.S[at + 1]:
        return 0.0
    gain = 1.0 + H_PLACED * left - card
    if free:
        return gain
    cheapest = -1
    for c in _hand(e, g, seat):
        k = _cost(e, g, c)
        if cheapest < 0 or k < cheapest:
            cheapest = k
    return gain - card * cheapest


def _best_adjustment(e: SifnosBatch, g: int, seat: int, takes: int) -> float:
    """bots._best_adjustment: what adjusting a Supply Die by 1 may gain."""
    at = g * W + GROW_AT + seat * GROW_W + DICE_SUPPLY
    for i in range(e.S[at]):
        d = e.S[at + 1 + i]
        if takes >> d & 1:
            continue
        if (d > 1 and takes >> (d - 1) & 1) or (d < 6 and takes >> (d + 1) & 1):
            return H_DIE_SUPPLY - H_DIE_IDLE
    return 0.0


def _recoup_to_come(e: SifnosBatch, g: int, seat: int, card: float) -> float:
    """bots._recoup_to_come: Recoup's cards, Dice and Towers still to come this turn."""
    S = e.S
    b = g * W
    counts = _recoup_counts(e, g, seat)
    v = card * (2 + counts[0])
    dice = 2 + counts[2] - S[b + GROW_AT + seat * GROW_W + DICE_SUPPLY]
    if dice < 0:
        dice = 0
    if dice > S[b + DICE_RESERVE + seat]:
        dice = S[b + DICE_RESERVE + seat]
    row = b + ROW_AT + seat * ROW_W
    supply = 0
    reserve = 0
    for i in range(N_IMAGES):
        supply += S[row + TOWER_SUPPLY + i]
        reserve += S[row + TOWER_RESERVE + i]
    towers = 2 + counts[1] - supply
    if towers < 0:
        towers = 0
    if towers > reserve:
        towers = reserve
    return v + H_DIE_SUPPLY * dice + H_TOWER_SUPPLY * towers
