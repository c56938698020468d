# cython: boundscheck=False, wraparound=False, initializedcheck=False, infer_types=True
"""Many games of Tiletum stepped together: the batch engine (see :mod:`towers.core.batch`).

The games live in one flat array of ints, a slice of ``W`` a game (the offsets below name
each field): the board, the seats' boards, the pending chance events and the stack of
pending decisions, each frame four ints (its kind, the index of its class in
``frames.DECISIONS``, and up to three fields; a tuple of floors or actions as a bitmask). The
compiled twin of this file, ``batch_c`` (built from it with the C types of ``batch.pxd``, see
:mod:`towers.core.compiled`), steps them in C. The rules are those of
:class:`towers.games.tiletum.rules.TiletumState`, written again over the array: the same
actions legal, in the same order, with the same ints, and the same state after each, which
the tests check field by field after every action of many games. The plain-Python text is
the reference of its twin and the fallback where it is not built.

Covered: the full rules, 2-4 players, with and without the action tiles variant. Every
seat's heuristic (``bots.estimate_all``, written again over the array) and a seat's
observation tensor (``tensor.encode(state.observation(seat))``) are read from the array, no
one-game state made: the same floats, which the tests check at every decision of many games;
so the vector environments and mcts rollouts played here (``towers.core.batch.Rollouts``)
never build a state.

Randomness: each game keeps its own ``random.Random`` (one given, or ``random.Random(seed)``
for an int seed) and the engine calls its ``random``: a chance node takes one float and picks
the outcome as :func:`towers.core.chance.sample_chance` does (``acc += p; if r < acc``), a
random playout picks ``legal[int(r * len(legal))]`` as :func:`towers.bench.play_random_game`
does. So a game of :meth:`TiletumBatch.play_random` from ``random.Random(seed)`` is the
game that ``play_random_game(game, random.Random(seed), trusted=True)`` plays.
"""

from __future__ import annotations

import dataclasses
import random
from array import array
from collections.abc import Sequence
from typing import Any

from towers.core.batch import check_state, checked_choosers, chooser_list, generator
from towers.core.components import Bag, Deck
from towers.core.frames import DecisionStack
from towers.games.tiletum import actions as A
from towers.games.tiletum import bots as _bots
from towers.games.tiletum import data as D
from towers.games.tiletum import frames as F

try:
    import cython

    COMPILED = cython.compiled
except ImportError:  # plain Python without Cython installed
    COMPILED = False

TERMINAL = -4
EMPTY = F.EMPTY
INACTIVE = F.INACTIVE

_DATA = D.load()
SEATS = 4
NK = len(_DATA.kinds)
NT = len(_DATA.towns)
NC = len(_DATA.cathedrals)
NSP = len(_DATA.spot_ids)
NB = len(_DATA.buildings)
NR = A.N_ROOMS
NCS = len(_DATA.contract_space_vp)
NOFF = len(_DATA.contract_offer_costs)
NCHO = _DATA.character_offer_size
ROUNDS = _DATA.rounds
HSP = A.MAX_HOUSE_SPACES
MSP = A.MAX_BONUS_SPACES
PSP = 4  # pillar spaces a cathedral, at most
SH = 8  # storehouse slots a seat (the rules keep at most storehouse_size)
NEV = 128  # pending chance events, at most
NST = 48  # pending decisions, at most

# ---- the ints of a game: offsets in its slice of S -----------------------------------------
PHASE = 0
ROUND = 1
TURN = 2
TPOS = 3
ACTIVE = 4
OVER = 5
DIEV = 6
DIEC = 7
EXCH = 8
KTILE = 9
LENGTH = 10  # actions played so far, chance included
EVH = 11  # the first pending chance event
EVT = 12  # one past the last
SP = 13  # the decisions pending
NREV = 14
DEC = 15  # decisions each seat took
ORDER = DEC + SEATS
WACT = ORDER + SEATS
WDICE = WACT + 6
BAG = WDICE + 30
ABT = BAG + 5
PILE = ABT + 6
COFF = PILE + 3 * NK
CHOFF = COFF + NOFF
CORR = CHOFF + NCHO
REV = CORR + 3
HS = REV + 8
PS = HS + NT * HSP
CTL = PS + NC * PSP
COST = CTL + NC
MAPT = COST + NC
FTOWN = MAPT + NT * MSP
FTILE = FTOWN + ROUNDS
KT = FTILE + ROUNDS
KTS = KT + SEATS
VP = KTS + SEATS
RES = VP + SEATS
STORE = RES + SEATS * 5
NSTORE = STORE + SEATS * SH
ROOMS = NSTORE + SEATS
CRESTS = ROOMS + SEATS * NR
FUL = CRESTS + SEATS * NB
NFUL = FUL + SEATS * NCS
HSUP = NFUL + SEATS
PSUP = HSUP + SEATS
HOM = PSUP + SEATS
NHOM = HOM + SEATS * NT
POM = NHOM + SEATS
NPOM = POM + SEATS * NC
BAP = NPOM + SEATS
ROOF = BAP + SEATS * 5
COMP = ROOF + SEATS
CT = COMP + SEATS
NCT = CT + SEATS * NC
MERCH = NCT + SEATS
ARCH = MERCH + SEATS
DT = ARCH + SEATS
NDT = DT + SEATS * 4
EV = NDT + SEATS  # the chance events, four ints each
STK = EV + 4 * NEV  # the decisions, four ints each
W = STK + 4 * NST

# ---- the kinds of frames (their places in frames.DECISIONS / CHANCE_EVENTS) -------------------
(
    K_TURN,
    K_PERFORM,
    K_DIE_VALUE,
    K_BONUS_TILE,
    K_DIE_RESOURCES,
    K_OPEN_DIE,
    K_ACTION_OF_CHOICE,
    K_RESOURCES_OF_CHOICE,
    K_PAY_IDENTICAL,
    K_MOVE,
    K_MOVE_BOTH,
    K_MOVE_PLACE,
    K_PLACE_AT_FIGURE,
    K_HOUSE_ANYWHERE,
    K_PILLAR_ANYWHERE,
    K_MOVE_ANYWHERE,
    K_TOWN_MOVE,
    K_CHOOSE_BUILDING,
    K_BUILDING_BONUSES,
    K_COMPLETED,
    K_KING_TILE,
) = range(21)
E_TILE, E_DIE_DRAW, E_DIE_ROLL, E_CORRUPTION, E_COST, E_TOWN, E_FAIR, E_ACTION_TILE = range(8)
DECISION_CLASSES: tuple[Any, ...] = tuple(F.DECISIONS.by_name.values())
EVENT_CLASSES: tuple[Any, ...] = tuple(F.CHANCE_EVENTS.by_name.values())
MASK_FIELDS = frozenset({"floors_left", "actions"})
BOOL_FIELDS = frozenset(
    {"from_die", "architect_may_move", "merchant_may_move", "may_move", "may_place"}
)
S_SETUP = F.S_SETUP
S_PREP = F.S_PREP
S_CYCLE = F.S_CYCLE
S_TURN = F.S_TURN
S_KING = F.S_KING
S_KING_SCORE = F.S_KING_SCORE
S_OVER = F.S_OVER
PILE_BONUS = F.PILE_BONUS
PILE_CONTRACT = F.PILE_CONTRACT
PILE_CHARACTER = F.PILE_CHARACTER
LOC_ACTION = F.LOC_ACTION
LOC_KING = F.LOC_KING
LOC_MAP = F.LOC_MAP
LOC_CONTRACT = F.LOC_CONTRACT
LOC_CHARACTER = F.LOC_CHARACTER

# the actions, resources, figures and effects as plain ints (compared in C by the twin)
GOLD = D.GOLD
FOOD = D.FOOD
STONE = D.STONE
JOKER = D.JOKER
ARCHITECT = D.ARCHITECT
MERCHANT = D.MERCHANT
CHARACTER = D.CHARACTER
CONTRACT = D.CONTRACT
KING = D.KING
FIG_MERCHANT = D.FIG_MERCHANT
FIG_ARCHITECT = D.FIG_ARCHITECT
CAT_CHARACTER = D.CAT_CHARACTER
CAT_CONTRACT = D.CAT_CONTRACT
CAT_CREST = D.CAT_CREST
CAT_HELPER = D.CAT_HELPER
FX_VP = D.FX_VP
FX_GAIN = D.FX_GAIN
FX_ANY = D.FX_ANY
FX_ACTION = D.FX_ACTION
FX_MOVE = D.FX_MOVE
FX_MOVE_BOTH = D.FX_MOVE_BOTH
FX_MOVE_PLACE = D.FX_MOVE_PLACE
FX_PLACE = D.FX_PLACE
FX_KING = D.FX_KING
FX_TOWN_MOVE = D.FX_TOWN_MOVE
FX_ADD_AP = D.FX_ADD_AP
FX_SUBSTITUTE = D.FX_SUBSTITUTE
FX_BUILDING_BONUS = D.FX_BUILDING_BONUS
FX_HOUSE_ANYWHERE = D.FX_HOUSE_ANYWHERE
FX_PILLAR_ANYWHERE = D.FX_PILLAR_ANYWHERE
FX_JUMP = D.FX_JUMP
FAIR_KING = D.FAIR_KING
(
    C_HOUSE_PILLAR,
    C_CONTRACT_CATHEDRAL,
    C_CONTRACTS,
    C_KING,
    C_CONTRACT_CREST,
    C_HOUSES,
    C_UPPER,
    C_CRESTS,
    C_PILLARS,
    C_FULL,
    C_CATHEDRAL_TILES,
) = (D.FAIR_CONDITIONS.index(name) for name in (
    "house_pillar_sets", "contract_cathedral_sets", "contracts", "king_track",
    "contract_crest_sets", "houses", "upper_floor_characters", "crests", "pillars",
    "full_buildings", "cathedral_tiles",
))  # fmt: skip

TAKE_DIE = A.TAKE_DIE
SET_VALUE = A.SET_VALUE
TAKE_TILE = A.TAKE_TILE
SKIP = A.SKIP
SUBSTITUTE = A.SUBSTITUTE
CHOOSE_ACTION = A.CHOOSE_ACTION
GAIN = A.GAIN
PAY = A.PAY
MOVE_MERCHANT = A.MOVE_MERCHANT
MOVE_ARCHITECT = A.MOVE_ARCHITECT
HOUSE = A.HOUSE
PILLAR = A.PILLAR
MAP_TILE = A.MAP_TILE
TAKE_CHARACTER = A.TAKE_CHARACTER
REFRESH = A.REFRESH
PLACE_CHARACTER = A.PLACE_CHARACTER
TAKE_CONTRACT = A.TAKE_CONTRACT
EXCHANGE = A.EXCHANGE
ADVANCE = A.ADVANCE
STOP = A.STOP
END_TURN = A.END_TURN
BUY = A.BUY
FULFIL = A.FULFIL
CREST = A.CREST
CONTRIBUTE = A.CONTRIBUTE
USE_HELPER = A.USE_HELPER
BUILDING = A.BUILDING
FLOOR_BONUS = A.FLOOR_BONUS
DRAW = A.DRAW
BAG_DRAW = A.BAG
ROLL = A.ROLL
CORRUPTION = A.CORRUPTION
COST_TILE = A.COST_TILE
TOWN_TILE = A.TOWN_TILE
FAIR_TILE = A.FAIR_TILE
ACTION_TILE = A.ACTION_TILE
FIRST_TASK = A.FIRST_TASK
FIRST_CONTRACT = A.FIRST_CONTRACT
FIRST_HELPER = A.FIRST_HELPER
NUM_ACTIONS = A.NUM_ACTIONS
SIXTH = 1 / 6


def engine_for(game: Any, size: int) -> TiletumBatch | None:
    """A batch engine of ``size`` games of ``game`` (it plays every option)."""
    return TiletumBatch(game, size)


def ints(values: Any) -> array[int]:
    return array("i", [int(v) for v in values])


class TiletumBatch:
    """``size`` games of Tiletum, stepped together (see the module docstring and
    :class:`towers.core.batch.BatchEngine`)."""

    def __init__(self, game: Any, size: int) -> None:
        if size < 1:
            raise ValueError("a batch holds at least one game")
        self.game = game
        self.size = size
        n = self.players = game.num_players
        d = game.data
        self.variant = 1 if game.variant else 0
        self.rounds = d.rounds
        self.turns_per_round = d.turns_per_round
        self.store_size = d.storehouse_size
        self.king_top = len(d.king_track) - 1
        self.king_start = d.king_start
        self.king_no_tile_vp = d.king_no_tile_vp
        self.king_refills = d.king_tile_refills
        self.dice_each = n * d.dice_per_colour_per_player
        self.dice_drawn = game.dice_drawn
        self.die_change_cost = d.die_change_cost
        self.buy_cost = d.buy_cost
        self.ap_base = d.action_points_base
        self.wheel_rotation = d.wheel_rotation
        self.take_cost = d.character_take_cost
        self.exchange_cost = d.exchange_cost
        self.per_vp: int = d.resources_per_vp
        self.unavailable = d.unavailable_cost
        self.first_town = d.first_fair_town
        self.n_fair_ids = len(d.fair_ids)
        self.n_town_tiles = len(d.town_tiles)
        self.pile_lo = ints(lo for lo, _ in game.pile_range)
        self.pile_hi = ints(hi for _, hi in game.pile_range)
        self.category = ints(game.tile_category)
        self.crest_of = ints(game.tile_crest)
        self.illustration = ints(game.tile_illustration)
        self.tile_action = ints(game.tile_action)
        self.tile_vp = ints(game.tile_vp)
        self.helper = ints(game.helper_ability)
        self.identical = ints(game.contract_identical)
        self.pay = ints(p for pay in game.contract_pay for p in pay)
        self.crest_kind = ints(d.crest_kind)
        # the effects: those of each tile kind, then each building's roof and crest bonus
        lists = list(game.tile_effects) + [bld.roof_bonus for bld in d.buildings]
        lists += [bld.crest_bonus for bld in d.buildings]
        self.fx_at = ints([sum(len(x) for x in lists[:i]) for i in range(len(lists) + 1)])
        self.fx = ints(v for effects in lists for fx in effects for v in fx)
        self.b_room0 = ints(rs[0] if rs else 0 for rs in game.rooms)
        self.b_nrooms = ints(len(rs) for rs in game.rooms)
        self.b_occupied = ints(1 if bld.occupied else 0 for bld in d.buildings)
        self.b_rooms = ints(bld.rooms for bld in d.buildings)
        self.b_crest_cost = ints(bld.crest_cost for bld in d.buildings)
        self.room_building = ints(game.room_building)
        self.room_floor = ints(game.room_floor)
        self.spot_town = ints(d.spot_town)
        self.adj_at = ints([sum(len(x) for x in d.adjacent[:i]) for i in range(NSP + 1)])
        self.adj = ints(s for spots in d.adjacent for s in spots)
        self.adjt_at = ints([sum(len(x) for x in d.adjacent_towns[:i]) for i in range(NSP + 1)])
        self.adjt = ints(s for spots in d.adjacent_towns for s in spots)
        self.town_cathedral = ints(t.cathedral for t in d.towns)
        self.n_house = ints(len(t.house_players) for t in d.towns)
        self.n_map = ints(len(t.bonus_players) for t in d.towns)
        self.n_pillar = ints(len(c.pillar_players) for c in d.cathedrals)
        self.house_vp = ints((list(t.house_vp) + [0] * HSP)[k] for t in d.towns for k in range(HSP))
        self.house_bb = ints(
            (list(t.house_building_bonus) + [False] * HSP)[k] for t in d.towns for k in range(HSP)
        )
        self.cathedral_vp = ints(
            (list(c.tiles) + [0] * PSP)[k] for c in d.cathedrals for k in range(PSP)
        )
        self.cost_stone = ints(d.cost_stone)
        self.cost_vp = ints(d.cost_vp)
        self.king_track = ints(d.king_track)
        self.offer_costs = ints(d.contract_offer_costs)
        self.space_vp = ints(d.contract_space_vp)
        self.space_pillar = ints(1 if p else 0 for p in d.contract_space_pillar)
        self.fair_condition = ints(d.fair_condition)
        self.fair_vp = ints(d.fair_vp)
        self.fair_board_vp = ints(d.fair_board_vp)
        self.town_tiles = ints(d.town_tiles)
        self.buildings_vp = ints(d.completed_buildings_vp)
        self.bonus_active = ints(
            (list(active) + [False] * MSP)[k] for active in game.bonus_active for k in range(MSP)
        )
        self.corruption_counts = ints(game.corruption_counts)
        self.steps = ints(min(abs(v - w), 6 - abs(v - w)) for v in range(7) for w in range(7))
        self.S = array("i", [0]) * (W * size)
        self.L = array("i", [0]) * (NUM_ACTIONS + 1)  # one game's legal actions
        self.T = array("i", [0]) * 64  # room for a sort or the effects to push
        self.draws: list[Any] = [None] * size
        self.choosers: list[Any] = [None] * size
        self.start = start_of(self, game)
        self.tensor_size = -1  # the tables of the observation tensor, made at its first use
        self.O = array("d", [0.0])
        self.pile_size = self.frame_place = self.frame_slot = self.cathedral_town = self.L
        self.corruption_per_round = d.corruption_per_round
        self.HD = None  # the heuristic's tables, made at its first use

    # ---- the games -----------------------------------------------------------------------
    def reset(
        self,
        seeds: Sequence[int | random.Random],
        choosers: Sequence[Sequence[Any] | None] | None = None,
    ) -> None:
        """New games, the i-th drawing its chance from ``random.Random(seeds[i])`` (or from
        ``seeds[i]`` itself when it is a generator); chance nodes at the start are resolved.

        :meth:`play_random` picks a decision with a float of the same generator, unless
        ``choosers[i]`` gives game i one function a seat, ``pick(count)`` -> the index of the
        legal action that seat takes (a random bot's ``rng.randrange``, say)."""
        picks = checked_choosers(self.size, seeds, choosers)
        for g in range(self.size):
            seed = seeds[g]
            self.draws[g] = generator(seed).random
            self.choosers[g] = picks[g]
            self.S[g * W : (g + 1) * W] = self.start
            run(self, g * W)
            resolve_chance(self, g)

    def current_player(self, g: int) -> int:
        """Who decides in game ``g`` (-4 once it is over; never chance, which is resolved)."""
        b = g * W
        return TERMINAL if self.S[b + OVER] else self.S[b + ACTIVE]

    def is_terminal(self, g: int) -> bool:
        return self.S[g * W + OVER] != 0

    def length(self, g: int) -> int:
        """The actions game ``g`` has played, chance included."""
        return self.S[g * W + LENGTH]

    def legal_actions(self, g: int) -> list[int]:
        """The legal actions of game ``g``, in increasing order ([] once it is over)."""
        if self.S[g * W + OVER]:
            return []
        count = make_legal(self, g * W)
        return list(self.L[:count])

    def legal_mask(self, g: int, mask: Any) -> None:
        """Set ``mask[a]`` to 1 for each legal action ``a`` of game ``g`` (others untouched)."""
        if self.S[g * W + OVER]:
            return
        count = make_legal(self, g * W)
        L = self.L
        for i in range(count):
            mask[L[i]] = 1

    def apply(self, g: int, action: int) -> None:
        """Apply a legal action to game ``g`` (unchecked), then resolve its chance nodes."""
        b = g * W
        self.S[b + DEC + self.S[b + ACTIVE]] += 1
        apply_decision(self, b, action)
        self.S[b + LENGTH] += 1
        run(self, b)
        resolve_chance(self, g)

    def returns(self, g: int) -> list[float]:
        """1 for the winner (the most VP, ties to the first in turn order), 0 for the rest;
        zeros before the end."""
        n = self.players
        out = [0.0] * n
        if self.is_terminal(g):
            out[winner(self, g * W)] = 1.0
        return out

    def decisions(self, g: int) -> list[int]:
        """The decisions each seat of game ``g`` took."""
        b = g * W
        return [self.S[b + DEC + i] for i in range(self.players)]

    def play_random(self) -> list[int]:
        """Play every game to its end at random (see the module docstring); their lengths."""
        return [play_out(self, g, -1, -1) for g in range(self.size)]

    def play(self, g: int, decisions: int, until: int = -1) -> None:
        """Play at most ``decisions`` decisions of game ``g`` (no limit if negative) as
        :meth:`play_random` picks them, and the chance nodes after the last; stop before a
        decision of seat ``until``."""
        play_out(self, g, decisions, until)

    def heuristics(self, g: int) -> list[float]:
        """Every seat's heuristic of game ``g``: the floats of ``bots.estimate_all`` of its
        state, read from the array."""
        if self.HD is None:
            heuristic_tables(self)
        return heuristics_of(self, g * W)

    def observation_tensor(self, g: int, seat: int, out: Any) -> None:
        """Write into ``out`` the observation tensor of ``seat`` in game ``g``: the floats of
        ``tensor.encode(state.observation(seat))``, read from the array."""
        if self.tensor_size < 0:
            tensor_tables(self)
        if not self.tensor_size:
            raise ValueError("the Tiletum tensor's parts are not those the batch writes")
        write_observation(self, g * W, seat)
        out[:] = self.O

    # ---- the one-game state ----------------------------------------------------------------
    def fields(self, g: int) -> dict[str, Any]:
        """Game ``g`` as the saved fields of a TiletumState (without its history)."""
        return to_fields(self, g * W)

    def load(
        self,
        g: int,
        state: Any,
        rng: int | random.Random | None = None,
        choosers: Sequence[Any] | None = None,
    ) -> None:
        """Game ``g`` set to the TiletumState ``state`` (its history aside), drawing its
        chance from ``rng`` from now on and picking its decisions by ``choosers`` (:meth:`reset`'s
        seeds and choosers); its chance nodes are resolved."""
        check_state(self.game, state)
        self.draws[g] = generator(rng).random
        self.choosers[g] = chooser_list(choosers)
        from_state(self, g * W, state)
        resolve_chance(self, g)

    def state(self, g: int) -> Any:
        """Game ``g`` as a TiletumState (an empty history)."""
        return to_state(self, g * W)


# ---- the observation tensor, read from the array ----------------------------------------------
TENSOR_PARTS = (
    "round", "phase", "to_move", "turn_order", "decision", "die", "wheel", "action_bonus_tiles",
    "king_tile", "king_track", "contract_offer", "contract_offer_costs", "character_offer",
    "piles", "bag", "corruption", "fairs", "towns", "players",
)  # fmt: skip
"""The parts of ``tensor.tiletum_tensor`` that :func:`write_observation` writes, in order."""
FRAME_NAMES = sorted(F.DECISIONS.by_name)
"""The decisions in the order of the tensor's one-hot."""
VIEW_FIELDS = (
    ("action",), ("figure",), ("colour",), ("action_points",), ("steps_left",), ("count",),
    ("value",), ("amount",), ("from_die",), ("may_move", "architect_may_move"),
    ("may_place", "merchant_may_move"),
)  # fmt: skip
"""The fields of the decision now that the tensor shows (either name of a pair)."""
NVF = len(VIEW_FIELDS)
TOWER_HOUSES = 4  # the tensor's house, bonus and pillar spaces a town
TOWER_BONUS = 2
TOWER_PILLARS = 3
THIRD = 1.0 / 3
HALF = 1.0 / 2


def view_slot(cls: Any, names: tuple[str, ...]) -> int:
    """The int of a frame (1-3) that holds one of ``names``, 0 if it has none."""
    fields = NAMES_OF[cls]
    for name in names:
        if name in fields:
            return 1 + fields.index(name)
    return 0


def tensor_tables(e: TiletumBatch) -> None:
    """What :func:`write_observation` reads besides the array, made at its first use."""
    from towers.core.registry import tensor_of

    game = e.game
    tensor = tensor_of(game)
    same = tuple(p.name for p in tensor.parts) == TENSOR_PARTS
    e.O = array("d", [0.0]) * tensor.size
    piles = game.new_initial_state().observation(None)["piles"]  # their sizes at setup
    e.pile_size = ints(piles.values())
    e.frame_place = ints(FRAME_NAMES.index(cls.frame_name()) for cls in DECISION_CLASSES)
    e.frame_slot = ints(view_slot(cls, names) for cls in DECISION_CLASSES for names in VIEW_FIELDS)
    e.cathedral_town = ints(c.town for c in game.data.cathedrals)
    e.tensor_size = tensor.size if same else 0


def write_observation(e: TiletumBatch, b: int, seat: int) -> None:
    """``e.O`` set to the observation tensor of ``seat`` in game ``b`` (its offset): the parts
    of ``tensor.tiletum_tensor`` in order, each float the same division of the same ints (per-seat
    parts from ``seat``'s own first)."""
    V = e.O
    S = e.S
    n = e.players
    for i in range(e.tensor_size):
        V[i] = 0.0
    V[0] = (S[b + ROUND] + 1) / 4
    V[1 + phase_name(S, b)] = 1.0
    at = 7
    if not S[b + OVER] and S[b + EVH] == S[b + EVT] and S[b + ACTIVE] >= 0:
        V[at + (S[b + ACTIVE] - seat + n) % n] = 1.0
    at += n
    for i in range(n):  # turn order
        if S[b + ORDER + i] >= 0:
            V[at + (S[b + ORDER + i] - seat + n) % n] = 1.0
        at += n
    at = write_decision(e, b, at)
    if S[b + DIEC] >= 0:  # the die taken
        V[at] = 1.0
        V[at + 1] = S[b + DIEV] / 6
        V[at + 2 + S[b + DIEC]] = 1.0
    at += 7
    for v in range(6):  # the wheel
        a = S[b + WACT + (v + S[b + ROUND] * e.wheel_rotation) % 6] if S[b + WACT] >= 0 else -1
        if a >= 0:
            V[at + a] = 1.0
        for c in range(5):
            V[at + 6 + c] = S[b + WDICE + 5 * v + c] / 5
        at += 11
    for a in range(6):  # the bonus tiles beside the actions, and the King track's
        at = one_tile(V, at, S[b + ABT + a])
    at = one_tile(V, at, S[b + KTILE])
    for place in range(n):  # the King track
        p = S[b + KTS + place]
        k = (p - seat + n) % n
        V[at + 2 * k] = (place + 1) / n
        V[at + 2 * k + 1] = (e.king_track[S[b + KT + p]] - e.king_track[0]) / (
            e.king_track[e.king_top] - e.king_track[0]
        )
    at += 2 * n
    for i in range(5):
        at = one_tile(V, at, S[b + COFF + i] if i < NOFF else -1)
    for i in range(5):
        V[at + i] = (e.offer_costs[i] if i < NOFF else 0) / 5
    at += 5
    for i in range(5):
        at = one_tile(V, at, S[b + CHOFF + i] if i < NCHO else -1)
    for k in range(3):
        total = 0
        for i in range(NK):
            total += S[b + PILE + k * NK + i]
        V[at + k] = total / e.pile_size[k]
    at += 3
    for c in range(5):
        V[at + c] = S[b + BAG + c] / 10
    at += 5
    for i in range(S[b + NREV]):  # corruption revealed, then face down
        v = S[b + REV + i]
        if 0 <= v <= 2:
            V[at + v] += THIRD
    V[at + 3] = (e.corruption_per_round - S[b + NREV]) / 3
    at += 4
    for r in range(ROUNDS):  # the fairs
        if S[b + FTOWN + r] >= 0:
            V[at + S[b + FTOWN + r]] = 1.0
        if S[b + FTILE + r] >= 0:
            V[at + NT + S[b + FTILE + r]] = 1.0
        V[at + NT + e.n_fair_ids] = e.fair_board_vp[r] / 5
        at += NT + e.n_fair_ids + 1
    at = write_towns(e, b, seat, at)
    write_players(e, b, seat, at)


def phase_name(S: array[int], b: int) -> int:
    """The place in ``tensor.PHASES`` of the phase ``observe._phase`` names."""
    step = S[b + PHASE]
    if step == S_OVER:
        return 5
    if step == S_SETUP or step == S_PREP:
        return 0 if S[b + ROUND] == 0 else 4
    if step == S_CYCLE:
        for i in range(S[b + EVH], S[b + EVT]):
            kind = S[b + EV + 4 * i]
            if kind == E_DIE_DRAW or kind == E_DIE_ROLL:
                return 1
    if step == S_KING or step == S_KING_SCORE:
        return 3
    return 2


def one_tile(V: array[float], at: int, kind: int) -> int:
    """A tile's one-hot over the tile kinds (none for -1) at ``at``; the place after it."""
    if kind >= 0:
        V[at + kind] = 1.0
    return at + NK


def write_decision(e: TiletumBatch, b: int, at: int) -> int:
    """The decision part: the top frame's name, the stack's depth, and the fields the tensor
    shows; the place after it."""
    V = e.O
    S = e.S
    depth = S[b + SP]
    nf = len(FRAME_NAMES)
    if depth:
        top = b + STK + 4 * (depth - 1)
        kind = S[top]
        V[at + e.frame_place[kind]] = 1.0
        slots = NVF * kind
        x = e.frame_slot[slots]
        if x:  # its action, figure, colour (a negative one indexes from the end)
            V[at + nf + 1 + (S[top + x] + 6) % 6] = 1.0
        x = e.frame_slot[slots + 1]
        if x:
            V[at + nf + 7 + (S[top + x] + 2) % 2] = 1.0
        x = e.frame_slot[slots + 2]
        if x:
            V[at + nf + 9 + (S[top + x] + 5) % 5] = 1.0
        x = e.frame_slot[slots + 3]  # action points, steps left, count, value, amount
        if x:
            V[at + nf + 14] = S[top + x] / 10
        x = e.frame_slot[slots + 4]
        if x:
            V[at + nf + 15] = S[top + x] / 4
        x = e.frame_slot[slots + 5]
        if x:
            V[at + nf + 16] = S[top + x] / 5
        for j in range(6, 8):
            x = e.frame_slot[slots + j]
            if x:
                V[at + nf + 11 + j] = S[top + x] / 6
        for j in range(3):
            x = e.frame_slot[slots + 8 + j]
            if x and S[top + x]:
                V[at + nf + 19 + j] = 1.0
    V[at + nf] = depth / 8
    return at + nf + 22


def write_towns(e: TiletumBatch, b: int, seat: int, at: int) -> int:
    """The towns part: each house space's owner, each bonus space's tile, the cathedral;
    the place after it."""
    V = e.O
    S = e.S
    n = e.players
    for t in range(NT):
        for i in range(TOWER_HOUSES):
            v = S[b + HS + t * HSP + i] if i < e.n_house[t] else -2
            at = one_owner(V, at, v, seat, n)
        for i in range(TOWER_BONUS):
            at = one_tile(V, at, S[b + MAPT + t * MSP + i] if i < e.n_map[t] else -1)
        c = e.town_cathedral[t]
        if c < 0:
            at += 5 + TOWER_PILLARS * (n + 2)
            continue
        cost = S[b + COST + c]
        V[at] = 1.0
        V[at + 1] = 1.0 if cost == e.unavailable else 0.0
        V[at + 2] = (e.cost_stone[cost] if cost >= 0 else 0) / 10
        V[at + 3] = (e.cost_vp[cost] if cost >= 0 else 0) / 10
        total = 0
        for i in range(S[b + CTL + c]):
            total += e.cathedral_vp[c * PSP + i]
        V[at + 4] = total / 20
        at += 5
        for i in range(TOWER_PILLARS):
            at = one_owner(V, at, S[b + PS + c * PSP + i] if i < e.n_pillar[c] else -2, seat, n)
    return at


def one_owner(V: array[float], at: int, v: int, seat: int, n: int) -> int:
    """A space's owner: the seat (own first), free (-1) or unused (-2); the place after it."""
    if v == -2:
        V[at + n + 1] = 1.0
    elif v == -1:
        V[at + n] = 1.0
    else:
        V[at + (v - seat + n) % n] = 1.0
    return at + n + 2


def write_players(e: TiletumBatch, b: int, seat: int, at: int) -> None:
    """The players part, from ``seat``'s own on."""
    V = e.O
    S = e.S
    n = e.players
    for r in range(n):
        p = (seat + r) % n
        V[at] = S[b + VP + p] / 100
        for i in range(5):
            V[at + 1 + i] = S[b + RES + 5 * p + i] / 20
        at += 6
        for i in range(S[b + NSTORE + p]):
            V[at + S[b + STORE + SH * p + i]] += THIRD
        at += NK
        for bld in range(NB):
            if e.b_occupied[bld]:
                V[at] = 1.0
            else:
                for i in range(e.b_nrooms[bld]):
                    if S[b + ROOMS + NR * p + e.b_room0[bld] + i] >= 0:
                        V[at + i] = 1.0
            at += 3
            if S[b + CRESTS + NB * p + bld] >= 0:
                V[at] = 1.0
            if not e.b_occupied[bld] and not S[b + ROOF + p] >> bld & 1:
                V[at + 1] = 1.0
            if S[b + COMP + p] >> bld & 1:
                V[at + 2] = 1.0
            at += 3
        for i in range(S[b + NFUL + p]):
            V[at + S[b + FUL + NCS * p + i]] += THIRD
        at += NK
        V[at] = S[b + HSUP + p] / 10
        V[at + 1] = S[b + PSUP + p] / 10
        at += 2
        for i in range(S[b + NHOM + p]):
            V[at + S[b + HOM + NT * p + i]] += HALF
        at += NT
        for i in range(S[b + NPOM + p]):
            V[at + e.cathedral_town[S[b + POM + NC * p + i]]] += THIRD
        at += NT
        V[at + (S[b + MERCH + p] + NSP) % NSP] = 1.0  # (-1 would name the last spot)
        V[at + NSP + (S[b + ARCH + p] + NSP) % NSP] = 1.0
        at += 2 * NSP
        for i in range(5):
            V[at + i] = S[b + BAP + 5 * p + i] / 5
        at += 5
        for i in range(S[b + NCT + p]):
            V[at + e.cathedral_town[S[b + CT + NC * p + i]]] += THIRD
        at += NT
        for i in range(S[b + NDT + p]):
            V[at + S[b + DT + 4 * p + i]] += THIRD
        at += 5
        V[at] = S[b + KT + p] / e.king_top
        at += 1


# ---- the heuristic, read from the array ---------------------------------------------------
# bots.estimate_all written again over the array: the same terms, the same float operations
# in the same order (see towers/games/tiletum/bots.py for what each term means).
PROJECT_HELD = _bots.PROJECT_HELD
PROJECT_GATHERED = _bots.PROJECT_GATHERED
PROJECT_DONE = _bots.PROJECT_DONE
RESOURCE_EARLY = _bots.RESOURCE_EARLY
GOLD_SHARE = _bots.GOLD_SHARE
PILLAR_PROJECT = _bots.PILLAR_PROJECT
ROOM = _bots.ROOM
CREST_PLACED = _bots.CREST_PLACED
CHARACTER_STORED = _bots.CHARACTER_STORED
CREST_STORED = _bots.CREST_STORED
HELPER_SHARE = _bots.HELPER_SHARE
BONUS_AP_USE = _bots.BONUS_AP_USE
LEADER = _bots.LEADER
FAIR_NOW = _bots.FAIR_NOW
FAIR_LATER = _bots.FAIR_LATER
FAIR_ON_THE_WAY = _bots.FAIR_ON_THE_WAY
STEP_DECAY = _bots.STEP_DECAY
AP_SHARE = _bots.AP_SHARE
AP_CAP = _bots.AP_CAP
AP_FLOOR = _bots.AP_FLOOR
AP_CHARACTER = _bots.AP_CHARACTER
NPROJ = 32  # projects a seat has at most (stored contracts, cathedrals)
# the ints of e.HR, the scratch of one seat's heuristic
R_WILD, R_HOUSES, R_PILLARS, R_MJUMP, R_AJUMP, R_PAYING, R_ITEMS = range(5, 12)
R_HSTEPS, R_PSTEPS, R_PTARGET = range(12, 15)
R_ITEM = 16  # (action, action points) of each action pending, from here


def heuristic_tables(e: TiletumBatch) -> None:
    """The heuristic's tables (``bots._tables`` of the data) as flat arrays, and its scratch."""
    d = e.game.data
    t = _bots._tables(d)
    e.dist = ints(v for row in t.dist for v in row)
    e.town_steps = ints(s for row in t.towns_by_steps for s, _ in row)
    e.town_near = ints(u for row in t.towns_by_steps for _, u in row)
    e.cat_steps = ints(s for row in t.cathedrals_by_steps for s, _ in row)
    e.cat_near = ints(c for row in t.cathedrals_by_steps for _, c in row)
    e.reach_w = len(t.reach[0])
    e.reach = array("d", [v for row in t.reach for v in row])
    e.reached = array("d", [v for row in t.reached for v in row])
    e.char_buildings = ints(t.character_buildings)
    e.contract_value = array("d", t.contract_value)
    e.contract_need = ints(t.contract_need)
    e.contract_fixed = ints(
        dict(t.contract_fixed[k]).get(r, 0) for k in range(NK) for r in range(5)
    )
    e.helper_value = array("d", [v for values in t.helper_value for v in values])
    e.round_drop = t.round_drop
    e.HR = array("i", [0]) * (R_ITEM + 2 * NST)
    e.HD = array("d", [0.0]) * 9
    e.PV = array("d", [0.0]) * NPROJ
    e.PI = array("i", [0]) * (4 * NPROJ)


def heuristics_of(e: TiletumBatch, b: int) -> list[float]:
    """``bots.evaluate_all`` of game ``b`` (its offset)."""
    S = e.S
    n = e.players
    if S[b + OVER]:
        return [float(S[b + VP + p]) for p in range(n)]
    top = S[b + KT]  # the King track's leader: the highest, ties to the bottom-most
    for p in range(1, n):
        if S[b + KT + p] > top:
            top = S[b + KT + p]
    leader = -1
    for i in range(n):
        if S[b + KT + S[b + KTS + i]] == top:
            leader = S[b + KTS + i]
            break
    return [evaluate(e, b, seat, leader) for seat in range(n)]


def king_outlook(e: TiletumBatch, b: int, pos: int) -> float:
    """``bots.king_outlook``: the VP of the King phases to come for a marker at ``pos``."""
    S = e.S
    track = e.king_track
    top = e.king_top
    revealed = S[b + NREV]
    n_left = S[b + CORR] + S[b + CORR + 1] + S[b + CORR + 2]
    drop = 0.0
    if n_left:
        drop = (
            (e.corruption_per_round - revealed) * (S[b + CORR + 1] + 2 * S[b + CORR + 2]) / n_left
        )
    p = float(pos if pos < top else top)
    total = 0.0
    for _ in range(e.rounds - S[b + ROUND]):
        p -= drop
        if p <= 0.0:
            p = 0.0
            total += track[0]
        else:
            i = int(p)
            total += track[i] if i == top else track[i] + (p - i) * (track[i + 1] - track[i])
        if p < e.king_start:
            p = float(e.king_start)
        drop = e.round_drop
    return total


def evaluate(e: TiletumBatch, b: int, seat: int, leader: int) -> float:
    """``bots._evaluate`` of ``seat`` in game ``b`` (not over)."""
    S = e.S
    R = e.HR
    vp = float(S[b + VP + seat])
    rounds_left = e.rounds - S[b + ROUND]
    turns_left = rounds_left * e.turns_per_round - S[b + NDT + seat]
    mine = S[b + ACTIVE] == seat
    taking = mine and S[b + SP] > 0 and S[b + STK + 4 * (S[b + SP] - 1)] == K_DIE_VALUE
    if taking:
        turns_left -= 1
    acting = turns_left + 1 if mine and (taking or S[b + DIEC] >= 0) else turns_left
    late = turns_left / 6.0 if turns_left < 6 else 1.0
    per_vp = 1.0 / e.per_vp
    rv = per_vp + (RESOURCE_EARLY - per_vp) * late
    for i in range(R_ITEM):
        R[i] = 0
    for i in range(5):
        R[i] = S[b + RES + 5 * seat + i]
    R[R_PAYING] = -1
    value = pending(e, b, seat, vp, turns_left) if mine else vp
    placing(e, b, seat, acting)
    value += e.HD[0] * e.HD[1]
    value = projects(e, b, seat, value, turns_left, late, rv)
    pos = S[b + KT + seat]  # the King track
    king_now = king_outlook(e, b, pos)
    value += king_now
    if leader == seat:
        value += LEADER
    value = fairs(e, b, seat, value, rounds_left, acting)
    filled = 0  # the buildings
    for i in range(NR):
        if S[b + ROOMS + NR * seat + i] != EMPTY:
            filled += 1
    crested = 0
    for i in range(len(e.char_buildings)):
        if S[b + CRESTS + NB * seat + e.char_buildings[i]] >= 0:
            crested += 1
    value += (ROOM * filled + CREST_PLACED * crested) * late
    completed = S[b + COMP + seat]
    count = 0
    while completed:
        completed &= completed - 1
        count += 1
    value += e.buildings_vp[count]
    bonus = 0
    for i in range(5):
        bonus += S[b + BAP + 5 * seat + i]
    value += bonus * BONUS_AP_USE * turns_left
    if R[R_ITEMS]:  # the action points held or coming this turn
        king_step = king_outlook(e, b, pos + 1) - king_now if pos < e.king_top else 0.0
        h_exp = e.HD[0]
        p_exp = e.HD[1]
        h_steps = R[R_HSTEPS]
        p_steps = R[R_PSTEPS]
        h_gain = (p_exp + 1.0) / (h_steps + 1) if h_steps >= 0 else 0.0
        p_gain = (h_exp + PILLAR_PROJECT) / (p_steps + 1) if p_steps >= 0 else 0.0
        offer = False
        for i in range(R[R_ITEMS]):
            act = R[R_ITEM + 2 * i]
            if act < 0 or act == CONTRACT:
                offer = True
                break
        best = ap_values(e, b, seat, king_step, rv, h_gain, p_gain, offer)
        for i in range(R[R_ITEMS]):
            act = R[R_ITEM + 2 * i]
            value += R[R_ITEM + 2 * i + 1] * (best if act < 0 else e.HD[3 + act])
    return value


def pending(e: TiletumBatch, b: int, seat: int, vp: float, turns_left: int) -> float:
    """``bots._pending``: what this turn has pending for the seat to move, read from its
    stack into ``e.HR`` (the resources with those due, and the rest at the R_ places); the
    value with the completed buildings' bonus to come."""
    S = e.S
    R = e.HR
    value = vp
    items = 0
    for i in range(S[b + SP]):
        at = b + STK + 4 * i
        kind = S[at]
        act = -2
        ap = 0
        if kind == K_PERFORM:
            R[R_ITEM + 2 * items] = S[at + 1]
            R[R_ITEM + 2 * items + 1] = S[at + 2]
            items += 1
        elif kind == K_DIE_VALUE:  # judged at the value the die shows
            shown = S[at + 1]
            R[S[at + 2]] += shown
            act = S[b + WACT + (shown - 1 + S[b + ROUND] * e.wheel_rotation) % 6]
            ap = e.ap_base - shown
        elif kind == K_DIE_RESOURCES:
            R[S[at + 1]] += S[at + 2]
        elif kind == K_OPEN_DIE:
            act = S[at + 1]
            ap = S[at + 2]
        elif kind == K_ACTION_OF_CHOICE:
            R[R_ITEM + 2 * items] = -1
            R[R_ITEM + 2 * items + 1] = S[at + 1]
            items += 1
        elif kind == K_RESOURCES_OF_CHOICE:
            R[R_WILD] += S[at + 1]
        elif kind == K_PAY_IDENTICAL:
            R[R_PAYING] = S[at + 1]
        elif kind == K_HOUSE_ANYWHERE:
            R[R_HOUSES] += 1
        elif kind == K_PILLAR_ANYWHERE:
            R[R_PILLARS] += 1
        elif kind == K_MOVE_ANYWHERE:
            R[R_MJUMP if S[at + 1] == FIG_MERCHANT else R_AJUMP] = 1
        elif kind == K_COMPLETED:
            value += e.b_rooms[S[at + 1]] * BONUS_AP_USE * turns_left
        if act != -2:  # an action of the die: a joker's points go to any action
            R[R_ITEM + 2 * items] = -1 if act == JOKER else act
            bonus = 0 if act == JOKER else S[b + BAP + 5 * seat + (act + 5) % 5]
            R[R_ITEM + 2 * items + 1] = ap + bonus
            items += 1
    R[R_ITEMS] = items
    return value


def placing(e: TiletumBatch, b: int, seat: int, acting: int) -> None:
    """``bots._placing``: houses and pillars expected, into ``e.HD`` (houses, pillars and the
    first pillar's share at 0-2, what a contract space's pillar adds at 8) and ``e.HR`` (the figures'
    steps to a free space, the cathedral the architect heads for)."""
    S = e.S
    R = e.HR
    H = e.HD
    nh = S[b + NHOM + seat]
    np_ = S[b + NPOM + seat]
    h_supply = S[b + HSUP + seat] - R[R_HOUSES]
    p_supply = S[b + PSUP + seat] - R[R_PILLARS]
    h_steps = -1
    if h_supply > 0:
        at = NT * ((S[b + MERCH + seat] + NSP) % NSP)
        for i in range(NT):
            town = e.town_near[at + i]
            if has(S, b + HS + town * HSP, e.n_house[town], EMPTY) and not has(
                S, b + HOM + NT * seat, nh, town
            ):
                h_steps = 0 if R[R_MJUMP] else e.town_steps[at + i]
                break
    p_steps = p_target = -1
    at = NC * ((S[b + ARCH + seat] + NSP) % NSP)
    for i in range(NC):
        c = e.cat_near[at + i]
        if has(S, b + PS + c * PSP, e.n_pillar[c], EMPTY) and not has(
            S, b + POM + NC * seat, np_, c
        ):
            p_steps = 0 if R[R_AJUMP] else e.cat_steps[at + i]
            p_target = c
            break
    w = e.reach_w
    h_exp = float(nh + R[R_HOUSES])
    if h_steps >= 0 and acting > 0:
        h_exp += e.reached[h_steps * w + (h_supply if h_supply < acting else acting)]
    p_exp = float(np_ + R[R_PILLARS])
    p_first = p_next = 0.0
    if p_steps >= 0 and acting > 0:
        if p_supply < acting:
            p_exp += e.reached[p_steps * w + p_supply]
            p_next = e.reach[p_steps * w + p_supply]
        else:
            p_exp += e.reached[p_steps * w + acting]
        if p_supply > 0:
            p_first = e.reach[p_steps * w]
    H[0] = h_exp
    H[1] = p_exp
    H[2] = p_first
    H[8] = p_next * h_exp
    R[R_HSTEPS] = h_steps
    R[R_PSTEPS] = p_steps
    R[R_PTARGET] = p_target


def projects(
    e: TiletumBatch, b: int, seat: int, value: float, turns_left: int, late: float, rv: float
) -> float:
    """``bots._projects``: ``value`` with the projects, the other tiles stored and the
    resources left over (those of ``e.HR``, which the projects take theirs of)."""
    S = e.S
    R = e.HR
    count = 0
    slot = S[b + NFUL + seat]
    for i in range(S[b + NSTORE + seat]):
        k = S[b + STORE + SH * seat + i]
        cat = e.category[k]
        if cat == CAT_CONTRACT:
            v = e.contract_value[k]
            if slot < NCS:
                v += e.space_vp[slot]
                if e.space_pillar[slot]:
                    v += e.HD[8]
            slot += 1
            count = add_project(e, count, v, e.contract_need[k], k, 0, e.identical[k])
            if k == R[R_PAYING]:  # being paid now: as good as fulfilled
                value += (1.0 - PROJECT_DONE) * v
        elif cat == CAT_CHARACTER:
            if has(S, b + ROOMS + NR * seat, NR, EMPTY):
                value += CHARACTER_STORED * late
        elif cat == CAT_CREST:
            if has(S, b + CRESTS + NB * seat, NB, EMPTY):
                value += CREST_STORED * late
        elif cat == CAT_HELPER:
            fixed = e.helper_value[3 * k]
            value += (
                HELPER_SHARE
                * (
                    fixed
                    + (e.helper_value[3 * k + 1] + GOLD_SHARE * e.helper_value[3 * k + 2]) * rv
                )
                * late
            )
    c = R[R_PTARGET]
    if e.HD[2] > 0.0 and S[b + CTL + c] > 0:  # the cathedral the architect heads for
        cost = S[b + COST + c]
        tile = e.cathedral_vp[c * PSP + S[b + CTL + c] - 1]
        stone = e.cost_stone[cost]
        count = add_project(e, count, e.HD[2] * (e.cost_vp[cost] + tile), stone, -1, stone, 0)
    for i in range(S[b + NPOM + seat]):
        c = S[b + POM + NC * seat + i]
        left = S[b + CTL + c]
        if left > 0 and not has(S, b + CT + NC * seat, S[b + NCT + seat], c):
            cost = S[b + COST + c]
            stone = e.cost_stone[cost]
            v = float(e.cost_vp[cost] + e.cathedral_vp[c * PSP + left - 1])
            count = add_project(e, count, v, stone, -1, stone, 0)
    if count:
        value = gather(e, count, value, turns_left)
    total = 0
    for r in range(5):
        total += R[r]
    return value + (total - (1.0 - GOLD_SHARE) * R[GOLD] + R[R_WILD]) * rv


def add_project(
    e: TiletumBatch, count: int, v: float, need: int, kind: int, stone: int, same: int
) -> int:
    """A project (its VP in ``e.PV``; its need, contract or -1 for a cathedral, stone and
    identical resources in ``e.PI``) put after those of a greater or equal density (VP by
    resource needed), as the heuristic's stable sort puts it; the projects now."""
    PV = e.PV
    PI = e.PI
    density = v / need if need else 0.0
    at = count
    while at > 0:
        prev = PV[at - 1] / PI[4 * (at - 1)] if PI[4 * (at - 1)] else 0.0
        if prev >= density:
            break
        PV[at] = PV[at - 1]
        for j in range(4):
            PI[4 * at + j] = PI[4 * (at - 1) + j]
        at -= 1
    PV[at] = v
    PI[4 * at] = need
    PI[4 * at + 1] = kind
    PI[4 * at + 2] = stone
    PI[4 * at + 3] = same
    return count + 1


def gather(e: TiletumBatch, count: int, value: float, turns_left: int) -> float:
    """The projects, densest first, each taking the resources it needs of ``e.HR`` (and of
    those of choice), worth their share of VP."""
    R = e.HR
    PV = e.PV
    PI = e.PI
    hurry = 1.0 if turns_left >= 3 else 0.4 + 0.2 * turns_left
    for i in range(count):
        v = PV[i]
        need = PI[4 * i]
        kind = PI[4 * i + 1]
        got = 0
        for r in range(5):
            if kind >= 0:
                want = e.contract_fixed[5 * kind + r]
                if not want:
                    continue
            elif r == STONE:
                want = PI[4 * i + 2]
            else:
                continue
            have = R[r]
            take = want if have >= want else have
            R[r] = have - take
            got += take
        same = PI[4 * i + 3]
        if same:
            r = 0
            for j in range(1, 5):
                if R[j] > R[r]:
                    r = j
            have = R[r]
            take = same if have >= same else have
            R[r] = have - take
            got += take
        wild = R[R_WILD]
        if got < need and wild:
            fill = need - got if wild >= need - got else wild
            R[R_WILD] = wild - fill
            got += fill
        if got >= need:
            value += PROJECT_DONE * v
        else:
            value += (PROJECT_HELD + PROJECT_GATHERED * got / need) * v * hurry
    return value


def fairs(e: TiletumBatch, b: int, seat: int, value: float, rounds_left: int, acting: int) -> float:
    """``bots._fairs``: ``value`` with this round's and the later fairs the seat may take
    part in."""
    S = e.S
    merchant = S[b + MERCH + seat]
    now = S[b + ROUND]
    for r in range(now, e.rounds):
        tile = S[b + FTILE + r]
        town = S[b + FTOWN + r]
        if tile < 0 or town < 0:
            continue
        if has(S, b + HOM + NT * seat, S[b + NHOM + seat], town):
            share = FAIR_NOW if r == now else FAIR_LATER
        elif r != now:
            continue
        elif merchant == town:
            share = FAIR_NOW
        elif acting > (rounds_left - 1) * e.turns_per_round:  # may still get there
            share = FAIR_ON_THE_WAY * (
                1.0 - STEP_DECAY * e.dist[NSP * ((merchant + NSP) % NSP) + town]
            )
            if share <= 0.0:
                continue
        else:
            continue
        cond = e.fair_condition[tile]
        each = e.fair_board_vp[r] + e.fair_vp[tile]
        value += share * (each if cond == FAIR_KING else each * fair_count(e, b, seat, cond))
    return value


def ap_values(
    e: TiletumBatch,
    b: int,
    seat: int,
    king_step: float,
    rv: float,
    h_gain: float,
    p_gain: float,
    offer: bool,
) -> float:
    """``bots._ap_values``: what one action point is worth to each action, into ``e.HD``
    from 3 on (by action); the most of them."""
    S = e.S
    R = e.HR
    H = e.HD
    store = S[b + NSTORE + seat]
    room = store < e.store_size
    x = AP_SHARE * p_gain
    H[3 + ARCHITECT] = (x if x < AP_CAP else AP_CAP) if p_gain > 0 else AP_FLOOR
    x = AP_SHARE * h_gain
    H[3 + MERCHANT] = (x if x < AP_CAP else AP_CAP) if h_gain > 0 else AP_FLOOR
    full = room and has(S, b + ROOMS + NR * seat, NR, EMPTY)
    H[3 + CHARACTER] = AP_CHARACTER if full else AP_FLOOR
    H[3 + KING] = king_step
    best = AP_FLOOR  # the contract: the best of the offer for what it costs
    slot = S[b + NFUL + seat]
    for i in range(store):
        if e.category[S[b + STORE + SH * seat + i]] == CAT_CONTRACT:
            slot += 1
    if offer and room and slot < NCS:
        space = e.space_vp[slot]
        for i in range(NOFF):
            k = S[b + COFF + i]
            if k < 0:
                continue
            need = e.contract_need[k]
            got = 0
            for r in range(5):
                want = e.contract_fixed[5 * k + r]
                if want:
                    got += want if R[r] >= want else R[r]
            same = e.identical[k]
            if same:
                spare = R[0] - e.pay[5 * k]
                for r in range(1, 5):
                    if R[r] - e.pay[5 * k + r] > spare:
                        spare = R[r] - e.pay[5 * k + r]
                if spare > 0:
                    got += same if spare >= same else spare
            share = PROJECT_DONE if got >= need else PROJECT_HELD + PROJECT_GATHERED * got / need
            per = ((e.contract_value[k] + space) * share - got * rv) / e.offer_costs[i]
            if per > best:
                best = per
    x = AP_SHARE * best
    H[3 + CONTRACT] = (x if x < AP_CAP else AP_CAP) if best > AP_FLOOR else AP_FLOOR
    top = H[3]
    for i in range(1, 5):
        if H[3 + i] > top:
            top = H[3 + i]
    return top


# ---- the one-game state's fields and back ----------------------------------------------------
KIND_OF = {cls: k for classes in (DECISION_CLASSES, EVENT_CLASSES) for k, cls in enumerate(classes)}
"""Each frame class's kind (its place in its FrameKinds)."""
NAMES_OF = {cls: tuple(f.name for f in dataclasses.fields(cls)) for cls in KIND_OF}
"""Each frame class's fields, in order."""


def frame_ints(frame: Any) -> list[int]:
    """A frame as four ints: its kind and its fields (a tuple as a bitmask)."""
    cls = type(frame)
    out = [KIND_OF[cls], 0, 0, 0]
    i = 1
    for name in NAMES_OF[cls]:
        v = getattr(frame, name)
        out[i] = sum(1 << x for x in v) if name in MASK_FIELDS else int(v)
        i += 1
    return out


def make_frame(S: array[int], at: int, classes: tuple[Any, ...]) -> Any:
    """The frame of the four ints at ``at`` (:func:`frame_ints`)."""
    cls = classes[S[at]]
    args: list[Any] = []
    i = 1
    for name in NAMES_OF[cls]:
        v = S[at + i]
        if name in MASK_FIELDS:
            args.append(tuple(x for x in range(8) if v >> x & 1))
        elif name in BOOL_FIELDS:
            args.append(v != 0)
        else:
            args.append(v)
        i += 1
    return cls(*args)


def start_of(e: TiletumBatch, game: Any) -> Any:
    """A new game's ints, before its setup (the fields of ``setup.starting_fields``)."""
    from towers.games.tiletum.setup import starting_fields

    fields = starting_fields(game)
    saved = e.S
    e.S = array("i", [0]) * W
    put_fields(e, 0, fields)
    start = e.S
    e.S = saved
    return start


def from_state(e: TiletumBatch, b: int, state: Any) -> None:
    """Game ``b`` (its offset) set to ``state``, its decision counts zero."""
    put_fields(e, b, {name: getattr(state, name) for name in FIELD_NAMES})


FIELD_NAMES = (
    "phase", "round", "turn", "turn_position", "active_player", "game_over", "chance_events",
    "stack", "die_value", "die_colour", "exchanged_this_turn", "turn_order", "wheel_actions",
    "wheel_dice", "dice_bag", "action_bonus_tiles", "king_tile", "piles", "contract_offer",
    "character_offer", "corruption_tokens", "corruption_revealed", "house_spaces",
    "pillar_spaces", "cathedral_tiles_left", "construction_costs", "map_bonus_tiles",
    "fair_towns", "fair_tiles", "king_track", "king_track_stack", "vp", "resources",
    "storehouse", "rooms", "crests", "fulfilled_contracts", "houses_in_supply",
    "pillars_in_supply", "houses_on_map", "pillars_on_map", "bonus_action_points",
    "roof_houses_freed", "completed_buildings", "cathedral_tiles", "merchant", "architect",
    "dice_taken",
)  # fmt: skip
"""The saved fields of a TiletumState, its history aside."""


def put_fields(e: TiletumBatch, b: int, f: dict[str, Any]) -> None:
    """Game ``b`` (its offset) set to the fields ``f`` of a state (its frames, piles and bags
    as the state holds them)."""
    S = e.S
    n = e.players
    for i in range(W):
        S[b + i] = 0
    S[b + PHASE] = f["phase"]
    S[b + ROUND] = f["round"]
    S[b + TURN] = f["turn"]
    S[b + TPOS] = f["turn_position"]
    S[b + ACTIVE] = f["active_player"]
    S[b + OVER] = 1 if f["game_over"] else 0
    S[b + DIEV] = f["die_value"]
    S[b + DIEC] = f["die_colour"]
    S[b + EXCH] = 1 if f["exchanged_this_turn"] else 0
    S[b + KTILE] = f["king_tile"]
    at = b + EV
    for event in f["chance_events"]:
        put(S, at, frame_ints(event))
        at += 4
    S[b + EVT] = len(f["chance_events"])
    at = b + STK
    for frame in f["stack"]:
        put(S, at, frame_ints(frame))
        at += 4
    S[b + SP] = len(f["stack"])
    put(S, b + ORDER, f["turn_order"])
    put(S, b + WACT, f["wheel_actions"])
    put(S, b + WDICE, [c for row in f["wheel_dice"] for c in row])
    put(S, b + BAG, f["dice_bag"].counts)
    put(S, b + ABT, f["action_bonus_tiles"])
    at = b + PILE
    for pile in f["piles"]:
        if pile.top or pile.bottom:
            raise ValueError("Tiletum's piles hold no known tiles")
        put(S, at, pile.counts)
        at += NK
    put(S, b + COFF, f["contract_offer"])
    put(S, b + CHOFF, f["character_offer"])
    put(S, b + CORR, f["corruption_tokens"].counts)
    S[b + NREV] = len(f["corruption_revealed"])
    put(S, b + REV, f["corruption_revealed"])
    for t in range(NT):
        put(S, b + HS + t * HSP, f["house_spaces"][t])
        put(S, b + MAPT + t * MSP, f["map_bonus_tiles"][t])
    for c in range(NC):
        put(S, b + PS + c * PSP, f["pillar_spaces"][c])
    put(S, b + CTL, f["cathedral_tiles_left"])
    put(S, b + COST, f["construction_costs"])
    put(S, b + FTOWN, f["fair_towns"])
    put(S, b + FTILE, f["fair_tiles"])
    put(S, b + KT, f["king_track"])
    put(S, b + KTS, f["king_track_stack"])
    put(S, b + VP, f["vp"])
    for p in range(n):
        put(S, b + RES + 5 * p, f["resources"][p])
        put(S, b + STORE + SH * p, f["storehouse"][p])
        S[b + NSTORE + p] = len(f["storehouse"][p])
        put(S, b + ROOMS + NR * p, f["rooms"][p])
        put(S, b + CRESTS + NB * p, f["crests"][p])
        put(S, b + FUL + NCS * p, f["fulfilled_contracts"][p])
        S[b + NFUL + p] = len(f["fulfilled_contracts"][p])
        put(S, b + HOM + NT * p, f["houses_on_map"][p])
        S[b + NHOM + p] = len(f["houses_on_map"][p])
        put(S, b + POM + NC * p, f["pillars_on_map"][p])
        S[b + NPOM + p] = len(f["pillars_on_map"][p])
        put(S, b + BAP + 5 * p, f["bonus_action_points"][p])
        put(S, b + CT + NC * p, f["cathedral_tiles"][p])
        S[b + NCT + p] = len(f["cathedral_tiles"][p])
        put(S, b + DT + 4 * p, f["dice_taken"][p])
        S[b + NDT + p] = len(f["dice_taken"][p])
    put(S, b + HSUP, f["houses_in_supply"])
    put(S, b + PSUP, f["pillars_in_supply"])
    put(S, b + ROOF, f["roof_houses_freed"])
    put(S, b + COMP, f["completed_buildings"])
    put(S, b + MERCH, f["merchant"])
    put(S, b + ARCH, f["architect"])


def put(S: array[int], at: int, values: list[int]) -> None:
    for i in range(len(values)):
        S[at + i] = values[i]


def seq(S: array[int], at: int, count: int) -> list[int]:
    return [S[at + i] for i in range(count)]


def to_fields(e: TiletumBatch, b: int) -> dict[str, Any]:
    """The saved fields of game ``b`` (its offset), without its history."""
    found: dict[str, Any] = to_state(e, b).to_fields()
    del found["_history"]
    return found


def to_state(e: TiletumBatch, b: int) -> Any:
    """Game ``b`` (its offset) as a TiletumState (an empty history)."""
    made = e.game.state_class()
    S = e.S
    n = e.players
    ev = [make_frame(S, b + EV + 4 * i, EVENT_CLASSES) for i in range(S[b + EVH], S[b + EVT])]
    stack = [make_frame(S, b + STK + 4 * i, DECISION_CLASSES) for i in range(S[b + SP])]
    return made(
        game=e.game,
        phase=S[b + PHASE],
        round=S[b + ROUND],
        turn=S[b + TURN],
        turn_position=S[b + TPOS],
        active_player=S[b + ACTIVE],
        game_over=S[b + OVER] != 0,
        chance_events=ev,
        stack=DecisionStack(stack),
        die_value=S[b + DIEV],
        die_colour=S[b + DIEC],
        exchanged_this_turn=S[b + EXCH] != 0,
        turn_order=seq(S, b + ORDER, n),
        wheel_actions=seq(S, b + WACT, 6),
        wheel_dice=[seq(S, b + WDICE + 5 * v, 5) for v in range(6)],
        dice_bag=Bag(seq(S, b + BAG, 5)),
        action_bonus_tiles=seq(S, b + ABT, 6),
        king_tile=S[b + KTILE],
        piles=[Deck([], seq(S, b + PILE + k * NK, NK), []) for k in range(3)],
        contract_offer=seq(S, b + COFF, NOFF),
        character_offer=seq(S, b + CHOFF, NCHO),
        corruption_tokens=Bag(seq(S, b + CORR, 3)),
        corruption_revealed=seq(S, b + REV, S[b + NREV]),
        house_spaces=[seq(S, b + HS + t * HSP, e.n_house[t]) for t in range(NT)],
        pillar_spaces=[seq(S, b + PS + c * PSP, e.n_pillar[c]) for c in range(NC)],
        cathedral_tiles_left=seq(S, b + CTL, NC),
        construction_costs=seq(S, b + COST, NC),
        map_bonus_tiles=[seq(S, b + MAPT + t * MSP, e.n_map[t]) for t in range(NT)],
        fair_towns=seq(S, b + FTOWN, ROUNDS),
        fair_tiles=seq(S, b + FTILE, ROUNDS),
        king_track=seq(S, b + KT, n),
        king_track_stack=seq(S, b + KTS, n),
        vp=seq(S, b + VP, n),
        resources=[seq(S, b + RES + 5 * p, 5) for p in range(n)],
        storehouse=[seq(S, b + STORE + SH * p, S[b + NSTORE + p]) for p in range(n)],
        rooms=[seq(S, b + ROOMS + NR * p, NR) for p in range(n)],
        crests=[seq(S, b + CRESTS + NB * p, NB) for p in range(n)],
        fulfilled_contracts=[seq(S, b + FUL + NCS * p, S[b + NFUL + p]) for p in range(n)],
        houses_in_supply=seq(S, b + HSUP, n),
        pillars_in_supply=seq(S, b + PSUP, n),
        houses_on_map=[seq(S, b + HOM + NT * p, S[b + NHOM + p]) for p in range(n)],
        pillars_on_map=[seq(S, b + POM + NC * p, S[b + NPOM + p]) for p in range(n)],
        bonus_action_points=[seq(S, b + BAP + 5 * p, 5) for p in range(n)],
        roof_houses_freed=seq(S, b + ROOF, n),
        completed_buildings=seq(S, b + COMP, n),
        cathedral_tiles=[seq(S, b + CT + NC * p, S[b + NCT + p]) for p in range(n)],
        merchant=seq(S, b + MERCH, n),
        architect=seq(S, b + ARCH, n),
        dice_taken=[seq(S, b + DT + 4 * p, S[b + NDT + p]) for p in range(n)],
    )


# ---- small pieces: the stack, the events, the storehouse -------------------------------------
def put_frame(S: array[int], at: int, kind: int, x: int, y: int, z: int) -> None:
    """A frame's four ints (a decision's or a chance event's) written from ``at`` on."""
    S[at] = kind
    S[at + 1] = x
    S[at + 2] = y
    S[at + 3] = z


def push(S: array[int], b: int, kind: int, x: int, y: int, z: int) -> None:
    """A decision on top of game ``b``'s stack."""
    put_frame(S, b + STK + 4 * S[b + SP], kind, x, y, z)
    S[b + SP] += 1


def replace(S: array[int], b: int, kind: int, x: int, y: int, z: int) -> None:
    """The decision on top replaced."""
    put_frame(S, b + STK + 4 * (S[b + SP] - 1), kind, x, y, z)


def add_event(S: array[int], b: int, kind: int, x: int, y: int, z: int) -> None:
    """A chance event at the end of game ``b``'s queue."""
    put_frame(S, b + EV + 4 * S[b + EVT], kind, x, y, z)
    S[b + EVT] += 1


def drop_event(S: array[int], b: int) -> None:
    """The first chance event done (the queue starts again at 0 once empty)."""
    S[b + EVH] += 1
    if S[b + EVH] == S[b + EVT]:
        S[b + EVH] = 0
        S[b + EVT] = 0


def store(S: array[int], b: int, seat: int, kind: int) -> None:
    at = b + NSTORE + seat
    S[b + STORE + SH * seat + S[at]] = kind
    S[at] += 1


def unstore(S: array[int], b: int, seat: int, kind: int) -> None:
    """The first ``kind`` of the seat's storehouse taken out (as list.remove)."""
    at = b + STORE + SH * seat
    count = S[b + NSTORE + seat]
    i = 0
    while S[at + i] != kind:
        i += 1
    while i < count - 1:
        S[at + i] = S[at + i + 1]
        i += 1
    S[b + NSTORE + seat] = count - 1


def add_vp(S: array[int], b: int, seat: int, delta: int) -> None:
    """Points scored or lost; the score never goes below 0 (Playing the Game)."""
    v = S[b + VP + seat] + delta
    S[b + VP + seat] = v if v > 0 else 0


def pile_has(S: array[int], b: int, pile: int) -> bool:
    at = b + PILE + pile * NK
    for k in range(NK):
        if S[at + k]:
            return True
    return False


# ---- chance ----------------------------------------------------------------------------------
def resolve_chance(e: TiletumBatch, g: int) -> None:
    """Sample the chance nodes of game ``g`` from its generator until someone decides."""
    S = e.S
    b = g * W
    draw = e.draws[g]
    while not S[b + OVER] and S[b + EVT] > S[b + EVH]:
        apply_chance(e, b, sample(e, b, draw()))
        S[b + LENGTH] += 1
        run(e, b)


def sample(e: TiletumBatch, b: int, r: float) -> int:
    """The outcome of the first chance event that ``r`` picks: each outcome's probability
    added in the order the one-game state lists them, the first whose sum passes ``r``."""
    S = e.S
    at = b + EV + 4 * S[b + EVH]
    kind = S[at]
    acc = 0.0
    last = -1
    if kind == E_TILE:
        pile = S[at + 1]
        c = b + PILE + pile * NK
        total = 0
        for k in range(e.pile_lo[pile], e.pile_hi[pile]):
            total += S[c + k]
        for k in range(e.pile_lo[pile], e.pile_hi[pile]):
            if S[c + k]:
                acc += S[c + k] / total
                last = DRAW + k
                if r < acc:
                    return last
        return last
    if kind == E_DIE_ROLL:
        for v in range(6):
            acc += SIXTH
            if r < acc:
                return ROLL + v
        return ROLL + 5
    if kind == E_DIE_DRAW or kind == E_CORRUPTION:
        c = b + BAG if kind == E_DIE_DRAW else b + CORR
        count = 5 if kind == E_DIE_DRAW else 3
        base = BAG_DRAW if kind == E_DIE_DRAW else CORRUPTION
        total = 0
        for k in range(count):
            total += S[c + k]
        for k in range(count):
            if S[c + k]:
                acc += S[c + k] / total
                last = base + k
                if r < acc:
                    return last
        return last
    # the rest: a free tile of a few, each as likely
    out = e.T
    free = 0
    if kind == E_COST:
        for i in range(NC):
            if not has(S, b + COST, NC, i):
                out[free] = COST_TILE + i
                free += 1
    elif kind == E_TOWN:
        for i in range(e.n_town_tiles):
            if not has(S, b + FTOWN, ROUNDS, e.town_tiles[i]):
                out[free] = TOWN_TILE + i
                free += 1
    elif kind == E_FAIR:
        for i in range(e.n_fair_ids):
            if not has(S, b + FTILE, ROUNDS, i):
                out[free] = FAIR_TILE + i
                free += 1
    else:
        for i in range(6):
            if not has(S, b + WACT, 6, i):
                out[free] = ACTION_TILE + i
                free += 1
    p = 1 / free
    for i in range(free):
        acc += p
        if r < acc:
            return out[i]
    return out[free - 1]


def has(S: array[int], at: int, count: int, value: int) -> bool:
    for i in range(count):
        if S[at + i] == value:
            return True
    return False


def apply_chance(e: TiletumBatch, b: int, action: int) -> None:
    S = e.S
    at = b + EV + 4 * S[b + EVH]
    kind = S[at]
    if kind == E_DIE_ROLL:
        S[b + WDICE + 5 * (action - ROLL) + S[at + 1]] += 1
        drop_event(S, b)
    elif kind == E_DIE_DRAW:
        colour = action - BAG_DRAW
        S[b + BAG + colour] -= 1
        S[at] = E_DIE_ROLL
        S[at + 1] = colour
    elif kind == E_TILE:
        tile = action - DRAW
        S[b + PILE + S[at + 1] * NK + tile] -= 1
        place = S[at + 2]
        i = S[at + 3]
        if place == LOC_ACTION:
            S[b + ABT + i] = tile
        elif place == LOC_KING:
            S[b + KTILE] = tile
        elif place == LOC_MAP:
            S[b + MAPT + i] = tile  # i = town x MSP + space
        elif place == LOC_CONTRACT:
            S[b + COFF + i] = tile
        else:
            S[b + CHOFF + i] = tile
        drop_event(S, b)
    elif kind == E_CORRUPTION:
        value = action - CORRUPTION
        S[b + CORR + value] -= 1
        S[b + REV + S[b + NREV]] = value
        S[b + NREV] += 1
        corrupt(e, b, value)
        drop_event(S, b)
    elif kind == E_COST:
        c = S[at + 1]
        tile = action - COST_TILE
        S[b + COST + c] = tile
        if tile == e.unavailable:
            for k in range(e.n_pillar[c]):
                S[b + PS + c * PSP + k] = INACTIVE
            S[b + CTL + c] = 0
        drop_event(S, b)
    elif kind == E_TOWN:
        S[b + FTOWN + S[at + 1]] = e.town_tiles[action - TOWN_TILE]
        drop_event(S, b)
    elif kind == E_FAIR:
        S[b + FTILE + S[at + 1]] = action - FAIR_TILE
        drop_event(S, b)
    else:
        S[b + WACT + S[at + 1]] = action - ACTION_TILE
        drop_event(S, b)


# ---- the flow (rounds.py) ----------------------------------------------------------------------
def run(e: TiletumBatch, b: int) -> None:
    """Advance through everything nobody decides, up to a decision, a chance node or the end."""
    S = e.S
    while not S[b + OVER]:
        if S[b + EVT] > S[b + EVH]:
            at = b + EV + 4 * S[b + EVH]
            if S[at] != E_TILE or pile_has(S, b, S[at + 1]):
                return
            drop_event(S, b)  # a tile drawn from an empty pile is dropped
            continue
        if S[b + SP]:
            at = b + STK + 4 * (S[b + SP] - 1)
            kind = S[at]
            if kind == K_PERFORM:
                if not S[at + 3] and S[at + 2] <= 0:
                    S[b + SP] -= 1
                    continue
                return
            if (
                kind == K_TURN
                or kind == K_DIE_VALUE
                or kind == K_BONUS_TILE
                or kind == K_ACTION_OF_CHOICE
                or kind == K_PAY_IDENTICAL
                or kind == K_MOVE_ANYWHERE
                or kind == K_TOWN_MOVE
                or kind == K_COMPLETED
                or kind == K_KING_TILE
            ):
                return
            if not settle(e, b, at, kind):
                return
            continue
        next_step(e, b)


def settle(e: TiletumBatch, b: int, at: int, kind: int) -> bool:
    """Resolve the top decision if it needs none now (rules._settle, effects.settle_bonus);
    True if the stack changed."""
    S = e.S
    seat = S[b + ACTIVE]
    if kind == K_OPEN_DIE:
        action = S[at + 1]
        ap = S[at + 2]
        if action == JOKER:
            replace(S, b, K_ACTION_OF_CHOICE, ap, 1, 0)
        else:
            replace(S, b, K_PERFORM, action, ap + S[b + BAP + 5 * seat + action], 1)
        return True
    if kind == K_DIE_RESOURCES:
        if substitute_helper(e, b, seat) < 0:
            S[b + SP] -= 1
            S[b + RES + 5 * seat + S[at + 1]] += S[at + 2]
            return True
        return False
    if kind == K_RESOURCES_OF_CHOICE or kind == K_MOVE:
        n = S[at + 1] if kind == K_RESOURCES_OF_CHOICE else S[at + 2]
        if n <= 0:
            S[b + SP] -= 1
            return True
        return False
    if kind == K_MOVE_BOTH:
        if not S[at + 1] and not S[at + 2]:
            S[b + SP] -= 1
            return True
        return False
    if kind == K_MOVE_PLACE:
        if not S[at + 2] and (not S[at + 3] or not can_place_here(e, b, seat, S[at + 1])):
            S[b + SP] -= 1
            return True
        return False
    if kind == K_PLACE_AT_FIGURE:
        if not can_place_here(e, b, seat, S[at + 1]):
            S[b + SP] -= 1
            return True
        return False
    if kind == K_HOUSE_ANYWHERE:
        for t in range(NT):
            if can_house(e, b, seat, t):
                return False
        S[b + SP] -= 1
        return True
    if kind == K_PILLAR_ANYWHERE:
        for c in range(NC):
            if can_pillar(e, b, seat, c):
                return False
        S[b + SP] -= 1
        return True
    if kind == K_CHOOSE_BUILDING:
        for bld in range(5):
            if building_mask(e, b, seat, bld):
                return False
        S[b + SP] -= 1
        return True
    if kind == K_BUILDING_BONUSES:
        if not building_mask(e, b, seat, S[at + 1]) & S[at + 2]:
            S[b + SP] -= 1
            return True
        return False
    return False


def next_step(e: TiletumBatch, b: int) -> None:
    """The next step nobody decides: the phases in order, a turn started, the game ended."""
    S = e.S
    step = S[b + PHASE]
    if step == S_SETUP:
        enqueue_setup(e, b)
        S[b + PHASE] = S_PREP
    elif step == S_PREP:
        for _ in range(e.dice_drawn):
            add_event(S, b, E_DIE_DRAW, 0, 0, 0)
        S[b + PHASE] = S_CYCLE
    elif step == S_CYCLE:
        add_event(S, b, E_CORRUPTION, 0, 0, 0)
        S[b + PHASE] = S_TURN
        S[b + TPOS] = 0
    elif step == S_TURN:
        S[b + ACTIVE] = S[b + ORDER + S[b + TPOS]]
        S[b + DIEV] = 0
        S[b + DIEC] = -1
        S[b + EXCH] = 0
        push(S, b, K_TURN, 0, 0, 0)
    elif step == S_KING:
        king_phase_tile(e, b)
        S[b + PHASE] = S_KING_SCORE
    elif step == S_KING_SCORE:
        king_phase_score(e, b)
        fair_phase(e, b)
        if S[b + ROUND] == e.rounds - 1:
            for seat in range(e.players):
                add_vp(S, b, seat, final_points(e, b, seat))
            S[b + OVER] = 1
            S[b + PHASE] = S_OVER
            S[b + ACTIVE] = -1
        else:
            cleanup(e, b)
            S[b + ROUND] += 1
            S[b + TURN] = 0
            S[b + PHASE] = S_PREP


def enqueue_setup(e: TiletumBatch, b: int) -> None:
    """The setup draws, in the order of the rulebook's steps 3-9 (setup.enqueue_setup)."""
    S = e.S
    if e.variant:
        for p in range(6):
            add_event(S, b, E_ACTION_TILE, p, 0, 0)
    for a in range(6):
        add_event(S, b, E_TILE, PILE_BONUS, LOC_ACTION, a)
    add_event(S, b, E_TILE, PILE_BONUS, LOC_KING, 0)
    for i in range(NT * MSP):
        if e.bonus_active[i]:
            add_event(S, b, E_TILE, PILE_BONUS, LOC_MAP, i)
    for i in range(NOFF):
        add_event(S, b, E_TILE, PILE_CONTRACT, LOC_CONTRACT, i)
    for i in range(NCHO):
        add_event(S, b, E_TILE, PILE_CHARACTER, LOC_CHARACTER, i)
    for c in range(NC):
        add_event(S, b, E_COST, c, 0, 0)
    for i in range(1, e.rounds):
        add_event(S, b, E_TOWN, i, 0, 0)
    for i in range(e.rounds):
        add_event(S, b, E_FAIR, i, 0, 0)


def end_turn(e: TiletumBatch, b: int) -> None:
    """The turn ends: the Contract offer shifted and refilled, the next player in turn order;
    after everyone's third turn the King phase follows."""
    S = e.S
    S[b + SP] = 0
    # shift the offer's tiles right to fill the gaps, then refill it from the left
    at = b + COFF
    to = NOFF - 1
    for i in range(NOFF - 1, -1, -1):
        k = S[at + i]
        if k >= 0:
            S[at + to] = k
            to -= 1
    gaps = to + 1
    for i in range(gaps):
        S[at + i] = EMPTY
    for i in range(gaps):
        add_event(S, b, E_TILE, PILE_CONTRACT, LOC_CONTRACT, i)
    S[b + TPOS] += 1
    if S[b + TPOS] == e.players:
        S[b + TPOS] = 0
        S[b + TURN] += 1
        S[b + PHASE] = S_CYCLE if S[b + TURN] < e.turns_per_round else S_KING
    S[b + ACTIVE] = -1


def cleanup(e: TiletumBatch, b: int) -> None:
    """The Cleanup phase (cleanup.py)."""
    S = e.S
    for a in range(6):
        if S[b + ABT + a] < 0:
            add_event(S, b, E_TILE, PILE_BONUS, LOC_ACTION, a)
    if S[b + ROUND] < e.king_refills and S[b + KTILE] < 0:
        add_event(S, b, E_TILE, PILE_BONUS, LOC_KING, 0)
    for v in range(3):
        S[b + CORR + v] = e.corruption_counts[v]
    S[b + NREV] = 0
    for i in range(8):
        S[b + REV + i] = 0
    for c in range(5):
        S[b + BAG + c] = e.dice_each
    for i in range(30):
        S[b + WDICE + i] = 0
    for p in range(e.players):
        S[b + NDT + p] = 0
        for i in range(4):
            S[b + DT + 4 * p + i] = 0


# ---- the King track (king.py) ----------------------------------------------------------------
def corrupt(e: TiletumBatch, b: int, value: int) -> None:
    """Every marker left by ``value`` (not past the end), leftmost first, keeping the order of
    markers that share a space: a stable sort of the bottom-to-top order."""
    if not value:
        return
    S = e.S
    n = e.players
    for seat in range(n):
        v = S[b + KT + seat] - value
        S[b + KT + seat] = v if v > 0 else 0
    sort_stack(e, b, 1)


def sort_stack(e: TiletumBatch, b: int, up: int) -> None:
    """The King track's stack sorted stably by position (``up``), or by position from the
    highest (not ``up``), into the turn order (insertion sort: at most four markers)."""
    S = e.S
    n = e.players
    T = e.T
    for i in range(n):
        T[i] = S[b + KTS + i]
    for i in range(1, n):
        s = T[i]
        key = S[b + KT + s]
        j = i
        while j > 0 and (S[b + KT + T[j - 1]] > key if up else S[b + KT + T[j - 1]] < key):
            T[j] = T[j - 1]
            j -= 1
        T[j] = s
    at = b + KTS if up else b + ORDER
    for i in range(n):
        S[at + i] = T[i]


def king_advance(e: TiletumBatch, b: int, seat: int, steps: int) -> None:
    S = e.S
    n = e.players
    old = S[b + KT + seat]
    new = old + steps
    if new > e.king_top:
        new = e.king_top
    if new == old:
        return
    S[b + KT + seat] = new
    # the seat out of the stack, then on top of the markers already on its new space
    at = b + KTS
    i = 0
    while S[at + i] != seat:
        i += 1
    while i < n - 1:
        S[at + i] = S[at + i + 1]
        i += 1
    place = n - 1
    while place > 0 and S[b + KT + S[at + place - 1]] > new:
        place -= 1
    i = n - 1
    while i > place:
        S[at + i] = S[at + i - 1]
        i -= 1
    S[at + place] = seat


def first_best(S: array[int], values: int, order: int, n: int) -> int:
    """The first seat in the order at ``order`` whose value (at ``values``) is the highest:
    the King track's leader, ties to the bottom-most marker; the winner, ties to the first in
    turn order."""
    best = S[values]
    for seat in range(1, n):
        if S[values + seat] > best:
            best = S[values + seat]
    for i in range(n):
        if S[values + S[order + i]] == best:
            return S[order + i]
    return -1


def king_phase_tile(e: TiletumBatch, b: int) -> None:
    S = e.S
    leader = first_best(S, b + KT, b + KTS, e.players)
    S[b + ACTIVE] = leader
    tile = S[b + KTILE]
    if tile < 0:
        add_vp(S, b, leader, e.king_no_tile_vp)
    elif can_store(e, b, leader, tile):
        push(S, b, K_KING_TILE, 0, 0, 0)
    else:
        S[b + KTILE] = EMPTY


def king_phase_score(e: TiletumBatch, b: int) -> None:
    S = e.S
    n = e.players
    for seat in range(n):
        add_vp(S, b, seat, e.king_track[S[b + KT + seat]])
    sort_stack(e, b, 0)  # the turn order: highest first, ties to the bottom-most marker
    rnd = S[b + ROUND]
    fair = S[b + FTILE + rnd]
    if fair >= 0 and e.fair_condition[fair] == FAIR_KING:
        flat = e.fair_board_vp[rnd] + e.fair_vp[fair]
        for seat in range(n):
            if is_at_fair(e, b, seat):
                add_vp(S, b, seat, flat)
                add_vp(S, b, seat, e.king_track[S[b + KT + seat]])
    # red markers up to the start: on top of its stack, the lowest of them on top
    start = e.king_start
    T = e.T
    count = 0
    for i in range(n):
        s = S[b + KTS + i]
        if S[b + KT + s] == start:
            T[count] = s
            count += 1
    red = count
    for i in range(n):
        s = S[b + KTS + i]
        if S[b + KT + s] < start:
            key = S[b + KT + s]
            j = count
            while j > red and S[b + KT + T[j - 1]] < key:
                T[j] = T[j - 1]
                j -= 1
            T[j] = s
            count += 1
    for i in range(n):
        s = S[b + KTS + i]
        if S[b + KT + s] > start:
            T[count] = s
            count += 1
    for i in range(n):
        s = T[i]
        S[b + KTS + i] = s
        if S[b + KT + s] < start:
            S[b + KT + s] = start
    S[b + ACTIVE] = -1


# ---- the fair and the end (fair.py, final_scoring.py) ------------------------------------------
def is_at_fair(e: TiletumBatch, b: int, seat: int) -> bool:
    S = e.S
    town = S[b + FTOWN + S[b + ROUND]]
    return has(S, b + HOM + NT * seat, S[b + NHOM + seat], town) or S[b + MERCH + seat] == town


def crests_placed(e: TiletumBatch, b: int, seat: int) -> int:
    S = e.S
    count = 0
    for i in range(NB):
        if S[b + CRESTS + NB * seat + i] >= 0:
            count += 1
    return count


def fair_count(e: TiletumBatch, b: int, seat: int, condition: int) -> int:
    S = e.S
    houses = S[b + NHOM + seat]
    pillars = S[b + NPOM + seat]
    contracts = S[b + NFUL + seat]
    tiles = S[b + NCT + seat]
    if condition == C_HOUSE_PILLAR:
        return houses if houses < pillars else pillars
    if condition == C_CONTRACT_CATHEDRAL:
        return contracts if contracts < tiles else tiles
    if condition == C_CONTRACTS:
        return contracts
    if condition == C_KING:
        return 1
    if condition == C_CONTRACT_CREST:
        crests = crests_placed(e, b, seat)
        return contracts if contracts < crests else crests
    if condition == C_HOUSES:
        return houses
    if condition == C_UPPER:
        count = 0
        for i in range(NR):
            if S[b + ROOMS + NR * seat + i] >= 0 and e.room_floor[i] >= 2:
                count += 1
        return count
    if condition == C_CRESTS:
        return crests_placed(e, b, seat)
    if condition == C_PILLARS:
        return pillars
    if condition == C_FULL:
        count = 0
        for bld in range(NB):
            if is_full(e, b, seat, bld):
                count += 1
        return count
    return tiles


def fair_phase(e: TiletumBatch, b: int) -> None:
    S = e.S
    rnd = S[b + ROUND]
    fair = S[b + FTILE + rnd]
    if fair < 0 or e.fair_condition[fair] == FAIR_KING:
        return
    each = e.fair_board_vp[rnd] + e.fair_vp[fair]
    for seat in range(e.players):
        if is_at_fair(e, b, seat):
            add_vp(S, b, seat, each * fair_count(e, b, seat, e.fair_condition[fair]))


def final_points(e: TiletumBatch, b: int, seat: int) -> int:
    """Houses x pillars, completed buildings, resources (End of the Game and Final Scoring)."""
    S = e.S
    done = 0
    for bld in range(NB):
        if S[b + COMP + seat] >> bld & 1:
            done += 1
    res = 0
    for r in range(5):
        res += S[b + RES + 5 * seat + r]
    return S[b + NHOM + seat] * S[b + NPOM + seat] + e.buildings_vp[done] + res // e.per_vp


def winner(e: TiletumBatch, b: int) -> int:
    """The most VP; a tie goes to the tied player first in turn order."""
    return first_best(e.S, b + VP, b + ORDER, e.players)


# ---- the queries (legality.py) -----------------------------------------------------------------
def can_store(e: TiletumBatch, b: int, seat: int, kind: int) -> bool:
    """Storehouse rules: a free space; never a crest you have; a contract needs a space."""
    S = e.S
    at = b + STORE + SH * seat
    count = S[b + NSTORE + seat]
    if count >= e.store_size:
        return False
    cat = e.category[kind]
    if cat == CAT_CREST:
        crest = e.crest_of[kind]
        if has(S, b + CRESTS + NB * seat, NB, crest):
            return False
        for i in range(count):
            if e.crest_of[S[at + i]] == crest:
                return False
    elif cat == CAT_CONTRACT:
        stored = 0
        for i in range(count):
            if e.category[S[at + i]] == CAT_CONTRACT:
                stored += 1
        if stored >= NCS - S[b + NFUL + seat]:
            return False
    return True


def can_house(e: TiletumBatch, b: int, seat: int, town: int) -> bool:
    S = e.S
    if S[b + HSUP + seat] <= 0 or has(S, b + HOM + NT * seat, S[b + NHOM + seat], town):
        return False
    return has(S, b + HS + town * HSP, e.n_house[town], EMPTY)


def can_pillar(e: TiletumBatch, b: int, seat: int, c: int) -> bool:
    S = e.S
    if S[b + PSUP + seat] <= 0 or has(S, b + POM + NC * seat, S[b + NPOM + seat], c):
        return False
    return has(S, b + PS + c * PSP, e.n_pillar[c], EMPTY)


def can_place_here(e: TiletumBatch, b: int, seat: int, figure: int) -> bool:
    S = e.S
    if figure == FIG_MERCHANT:
        town = e.spot_town[S[b + MERCH + seat]]
        return town >= 0 and can_house(e, b, seat, town)
    town = e.spot_town[S[b + ARCH + seat]]
    if town < 0:
        return False
    c = e.town_cathedral[town]
    return c >= 0 and can_pillar(e, b, seat, c)


def building_mask(e: TiletumBatch, b: int, seat: int, bld: int) -> int:
    """Floors (bit f) of building ``bld`` that hold a character."""
    S = e.S
    at = b + ROOMS + NR * seat + e.b_room0[bld]
    mask = 0
    for f in range(e.b_nrooms[bld]):
        if S[at + f] >= 0:
            mask |= 1 << f
    return mask


def is_full(e: TiletumBatch, b: int, seat: int, bld: int) -> bool:
    S = e.S
    at = b + ROOMS + NR * seat + e.b_room0[bld]
    for f in range(e.b_nrooms[bld]):
        if S[at + f] < 0:
            return False
    return True


def substitute_helper(e: TiletumBatch, b: int, seat: int) -> int:
    S = e.S
    at = b + STORE + SH * seat
    for i in range(S[b + NSTORE + seat]):
        k = S[at + i]
        if e.helper[k] == FX_SUBSTITUTE:
            return k
    return -1


def die_frame(S: array[int], b: int) -> int:
    """Where on the stack the die's action is being performed (-1: it is not)."""
    for i in range(S[b + SP]):
        at = b + STK + 4 * i
        if S[at] == K_PERFORM and S[at + 3]:
            return i
    return -1


def add_die_points(e: TiletumBatch, b: int, points: int, only_for: int) -> None:
    """Action points added to the die's action (if it is ``only_for``, when not -1)."""
    S = e.S
    i = die_frame(S, b)
    if i >= 0:
        at = b + STK + 4 * i
        if only_for < 0 or S[at + 1] == only_for:
            S[at + 2] += points


# ---- the decisions (rules._apply_decision and the sections it calls) -------------------------
def apply_decision(e: TiletumBatch, b: int, action: int) -> None:
    S = e.S
    seat = S[b + ACTIVE]
    at = b + STK + 4 * (S[b + SP] - 1)
    kind = S[at]
    if kind == K_PERFORM or kind == K_TURN:
        if action < SET_VALUE:  # a die taken
            k = action - TAKE_DIE
            S[b + WDICE + k] -= 1
            push(S, b, K_DIE_VALUE, k // 5 + 1, k % 5, 0)
        elif action == END_TURN:
            end_turn(e, b)
        elif action == STOP:
            S[b + SP] -= 1
        elif FIRST_TASK <= action < BUILDING:
            task(e, b, seat, action)
        else:
            option(e, b, seat, at, action)
    elif kind == K_DIE_VALUE:
        set_value(e, b, seat, S[at + 1], S[at + 2], action - SET_VALUE + 1)
    elif kind == K_BONUS_TILE:
        S[b + SP] -= 1
        if action == TAKE_TILE:
            a = S[at + 1]
            store(S, b, seat, S[b + ABT + a])
            S[b + ABT + a] = EMPTY
    elif kind == K_KING_TILE:
        S[b + SP] -= 1
        if action == TAKE_TILE:
            store(S, b, seat, S[b + KTILE])
        S[b + KTILE] = EMPTY
    elif kind == K_DIE_RESOURCES:
        S[b + SP] -= 1
        if action == SKIP:
            S[b + RES + 5 * seat + S[at + 1]] += S[at + 2]
        else:
            unstore(S, b, seat, substitute_helper(e, b, seat))
            S[b + RES + 5 * seat + action - SUBSTITUTE] += S[at + 2]
    elif kind == K_ACTION_OF_CHOICE:
        ap = S[at + 1]
        chosen = action - CHOOSE_ACTION
        if S[at + 2]:
            ap += S[b + BAP + 5 * seat + chosen]
        replace(S, b, K_PERFORM, chosen, ap, S[at + 2])
    elif kind == K_PAY_IDENTICAL:
        S[b + SP] -= 1
        fulfil(e, b, seat, S[at + 1], action - PAY)
    elif kind == K_CHOOSE_BUILDING:
        if action == SKIP:
            S[b + SP] -= 1
        else:
            bld = action - BUILDING
            replace(S, b, K_BUILDING_BONUSES, bld, building_mask(e, b, seat, bld), 0)
    elif kind == K_BUILDING_BONUSES:
        if action == SKIP:
            S[b + SP] -= 1
        else:
            f = action - FLOOR_BONUS
            bld = S[at + 1]
            replace(S, b, K_BUILDING_BONUSES, bld, S[at + 2] & ~(1 << f), 0)
            effects(e, b, seat, S[b + ROOMS + NR * seat + e.b_room0[bld] + f])
    elif kind == K_COMPLETED:
        S[b + SP] -= 1
        award(e, b, seat, S[at + 1], action - CHOOSE_ACTION)
    else:
        decide_bonus(e, b, seat, at, kind, action)


def set_value(e: TiletumBatch, b: int, seat: int, shown: int, colour: int, value: int) -> None:
    """The die's value, paid in Gold by the step; then its Bonus tile (if it may be stored),
    its Resources and its Action, resolved in that order."""
    S = e.S
    S[b + RES + 5 * seat + GOLD] -= e.die_change_cost * e.steps[7 * shown + value]
    S[b + SP] -= 1
    S[b + DIEV] = value
    S[b + DIEC] = colour
    S[b + DT + 4 * seat + S[b + NDT + seat]] = colour
    S[b + NDT + seat] += 1
    action = S[b + WACT + (value - 1 + S[b + ROUND] * e.wheel_rotation) % 6]
    push(S, b, K_OPEN_DIE, action, e.ap_base - value, 0)
    push(S, b, K_DIE_RESOURCES, colour, value, 0)
    tile = S[b + ABT + action]
    if tile >= 0 and can_store(e, b, seat, tile):
        push(S, b, K_BONUS_TILE, action, 0, 0)


def spend(S: array[int], at: int, points: int) -> None:
    """The action being performed (its frame at ``at``) pays ``points`` action points."""
    S[at + 2] -= points


def option(e: TiletumBatch, b: int, seat: int, at: int, action: int) -> None:
    """An option of the action being performed, paying its AP (Actions in Detail)."""
    S = e.S
    if MOVE_MERCHANT <= action < HOUSE:
        spend(S, at, 1)
        if action < MOVE_ARCHITECT:
            S[b + MERCH + seat] = action - MOVE_MERCHANT
        else:
            S[b + ARCH + seat] = action - MOVE_ARCHITECT
    elif EXCHANGE <= action < ADVANCE:
        spend(S, at, e.exchange_cost)
        k = action - EXCHANGE
        give = k // 4
        get = k % 4
        if get >= give:
            get += 1
        S[b + RES + 5 * seat + give] -= 1
        S[b + RES + 5 * seat + get] += 1
        if not S[b + EXCH]:
            S[b + EXCH] = 1
            push(S, b, K_RESOURCES_OF_CHOICE, 1, 0, 0)
    elif TAKE_CHARACTER <= action < REFRESH:
        spend(S, at, e.take_cost)
        i = action - TAKE_CHARACTER
        store(S, b, seat, S[b + CHOFF + i])
        S[b + CHOFF + i] = EMPTY
        add_event(S, b, E_TILE, PILE_CHARACTER, LOC_CHARACTER, i)
    elif PLACE_CHARACTER <= action < TAKE_CONTRACT:
        k = action - PLACE_CHARACTER
        kind = k // NR
        room = k % NR
        spend(S, at, e.room_floor[room])
        unstore(S, b, seat, kind)
        S[b + ROOMS + NR * seat + room] = kind
        effects(e, b, seat, kind)
        check_building(e, b, seat, e.room_building[room])
    elif action == ADVANCE:
        spend(S, at, 1)
        king_advance(e, b, seat, 1)
    elif TAKE_CONTRACT <= action < EXCHANGE:
        i = action - TAKE_CONTRACT
        spend(S, at, e.offer_costs[i])
        store(S, b, seat, S[b + COFF + i])
        S[b + COFF + i] = EMPTY
    elif action == REFRESH:
        spend(S, at, e.take_cost)
        pile = b + PILE + PILE_CHARACTER * NK
        for i in range(NCHO):
            k = S[b + CHOFF + i]
            if k >= 0:
                S[pile + k] += 1
        for i in range(NCHO):
            S[b + CHOFF + i] = EMPTY
            add_event(S, b, E_TILE, PILE_CHARACTER, LOC_CHARACTER, i)
    elif HOUSE <= action < PILLAR:
        spend(S, at, 1)
        k = action - HOUSE
        place_house(e, b, seat, k // HSP, k % HSP)
    elif MAP_TILE <= action < TAKE_CHARACTER:
        spend(S, at, 1)
        k = action - MAP_TILE
        store(S, b, seat, S[b + MAPT + k])
        S[b + MAPT + k] = EMPTY
    else:  # a pillar
        spend(S, at, 1)
        place_pillar(e, b, seat, action - PILLAR)


def place_house(e: TiletumBatch, b: int, seat: int, town: int, space: int) -> None:
    """A House from the supply on a Town's space; the space's VP, or its Building Bonus."""
    S = e.S
    S[b + HS + town * HSP + space] = seat
    S[b + HSUP + seat] -= 1
    S[b + HOM + NT * seat + S[b + NHOM + seat]] = town
    S[b + NHOM + seat] += 1
    vp = e.house_vp[town * HSP + space]
    if vp:
        add_vp(S, b, seat, vp)
    if e.house_bb[town * HSP + space]:
        push(S, b, K_CHOOSE_BUILDING, 0, 0, 0)


def place_pillar(e: TiletumBatch, b: int, seat: int, c: int) -> None:
    S = e.S
    at = b + PS + c * PSP
    i = 0
    while S[at + i] != EMPTY:
        i += 1
    S[at + i] = seat
    S[b + PSUP + seat] -= 1
    S[b + POM + NC * seat + S[b + NPOM + seat]] = c
    S[b + NPOM + seat] += 1


def task(e: TiletumBatch, b: int, seat: int, action: int) -> None:
    """The Tasks (tasks.py)."""
    S = e.S
    res = b + RES + 5 * seat
    if action < FULFIL:  # buy a resource
        S[res + GOLD] -= e.buy_cost
        S[res + action - BUY + 1] += 1
    elif action < CREST:
        kind = FIRST_CONTRACT + action - FULFIL
        if e.identical[kind]:
            push(S, b, K_PAY_IDENTICAL, kind, 0, 0)
        else:
            fulfil(e, b, seat, kind, -1)
    elif action < CONTRIBUTE:
        k = action - CREST
        crest = k // NB
        space = k % NB
        unstore(S, b, seat, e.crest_kind[crest])
        S[res + FOOD] -= e.b_crest_cost[space]
        S[b + CRESTS + NB * seat + space] = crest
        effects(e, b, seat, NK + NB + space)
        check_building(e, b, seat, space)
    elif action < USE_HELPER:
        c = action - CONTRIBUTE
        cost = S[b + COST + c]
        S[res + STONE] -= e.cost_stone[cost]
        left = S[b + CTL + c] - 1
        S[b + CTL + c] = left
        S[b + CT + NC * seat + S[b + NCT + seat]] = c
        S[b + NCT + seat] += 1
        add_vp(S, b, seat, e.cost_vp[cost] + e.cathedral_vp[c * PSP + left])
    else:
        kind = FIRST_HELPER + action - USE_HELPER
        unstore(S, b, seat, kind)
        effects(e, b, seat, kind)


def fulfil(e: TiletumBatch, b: int, seat: int, kind: int, same_type: int) -> None:
    """A Contract paid and moved to the leftmost open Contract space (tasks.fulfil)."""
    S = e.S
    res = b + RES + 5 * seat
    for r in range(5):
        S[res + r] -= e.pay[5 * kind + r]
    if same_type >= 0:
        S[res + same_type] -= e.identical[kind]
    unstore(S, b, seat, kind)
    space = S[b + NFUL + seat]
    S[b + FUL + NCS * seat + space] = kind
    S[b + NFUL + seat] = space + 1
    if e.space_pillar[space]:
        S[b + PSUP + seat] += 1
    add_vp(S, b, seat, e.tile_vp[kind] + e.space_vp[space])
    effects(e, b, seat, kind)


def check_building(e: TiletumBatch, b: int, seat: int, bld: int) -> None:
    """A full building frees its roof house; full with a crest it is Completed."""
    S = e.S
    if not is_full(e, b, seat, bld):
        return
    bit = 1 << bld
    occupied = e.b_occupied[bld]
    if not occupied and not S[b + ROOF + seat] & bit:
        S[b + ROOF + seat] |= bit
        S[b + HSUP + seat] += 1
        effects(e, b, seat, NK + bld)
    if S[b + CRESTS + NB * seat + bld] >= 0 and not S[b + COMP + seat] & bit:
        S[b + COMP + seat] |= bit
        if occupied:
            return
        mask = 0
        at = b + ROOMS + NR * seat + e.b_room0[bld]
        for f in range(e.b_nrooms[bld]):
            mask |= 1 << e.tile_action[S[at + f]]
        if mask & (mask - 1):
            push(S, b, K_COMPLETED, bld, mask, 0)
        else:
            action = 0
            while not mask >> action & 1:
                action += 1
            award(e, b, seat, bld, action)


def award(e: TiletumBatch, b: int, seat: int, bld: int, action: int) -> None:
    """The building's bonus AP marker goes on its action, the current one included."""
    rooms = e.b_rooms[bld]
    e.S[b + BAP + 5 * seat + action] += rooms
    add_die_points(e, b, rooms, action)


def effects(e: TiletumBatch, b: int, seat: int, which: int) -> None:
    """The effects of list ``which`` (a tile kind, NK + a building's roof, NK + NB + its
    crest): what needs no decision now, the rest stacked to resolve in listed order."""
    S = e.S
    T = e.T
    fx = e.fx
    pushes = 0
    for i in range(e.fx_at[which], e.fx_at[which + 1]):
        code = fx[3 * i]
        x = fx[3 * i + 1]
        y = fx[3 * i + 2]
        kind = -1
        u = 0
        v = 0
        w = 0
        if code == FX_VP:
            add_vp(S, b, seat, x)
        elif code == FX_GAIN:
            S[b + RES + 5 * seat + x] += y
        elif code == FX_ANY:
            kind = K_RESOURCES_OF_CHOICE
            u = x
        elif code == FX_ACTION:
            if x < 0:
                kind = K_ACTION_OF_CHOICE
                u = y
            else:
                kind = K_PERFORM
                u = x
                v = y
        elif code == FX_MOVE:
            kind = K_MOVE
            u = x
            v = y
        elif code == FX_MOVE_BOTH:
            kind = K_MOVE_BOTH
            u = 1
            v = 1
        elif code == FX_MOVE_PLACE:
            kind = K_MOVE_PLACE
            u = x
            v = 1
            w = 1
        elif code == FX_PLACE:
            kind = K_PLACE_AT_FIGURE
            u = x
        elif code == FX_KING:
            king_advance(e, b, seat, x)
        elif code == FX_TOWN_MOVE:
            kind = K_TOWN_MOVE
        elif code == FX_ADD_AP:
            add_die_points(e, b, x, -1)
        elif code == FX_BUILDING_BONUS:
            kind = K_CHOOSE_BUILDING
        elif code == FX_HOUSE_ANYWHERE:
            kind = K_HOUSE_ANYWHERE
        elif code == FX_PILLAR_ANYWHERE:
            kind = K_PILLAR_ANYWHERE
        elif code == FX_JUMP:
            kind = K_MOVE_ANYWHERE
            u = x
        if kind >= 0:
            T[4 * pushes] = kind
            T[4 * pushes + 1] = u
            T[4 * pushes + 2] = v
            T[4 * pushes + 3] = w
            pushes += 1
    while pushes > 0:
        pushes -= 1
        push(S, b, T[4 * pushes], T[4 * pushes + 1], T[4 * pushes + 2], T[4 * pushes + 3])


def move_figure(S: array[int], b: int, seat: int, action: int) -> None:
    if action < MOVE_ARCHITECT:
        S[b + MERCH + seat] = action - MOVE_MERCHANT
    else:
        S[b + ARCH + seat] = action - MOVE_ARCHITECT


def place(e: TiletumBatch, b: int, seat: int, action: int) -> None:
    if action < PILLAR:
        k = action - HOUSE
        place_house(e, b, seat, k // HSP, k % HSP)
    else:
        place_pillar(e, b, seat, action - PILLAR)


def decide_bonus(e: TiletumBatch, b: int, seat: int, at: int, kind: int, action: int) -> None:
    """A bonus decision on top resolved by ``action`` (effects.decide_bonus)."""
    S = e.S
    if kind == K_RESOURCES_OF_CHOICE:
        S[b + RES + 5 * seat + action - GAIN] += 1
        S[at + 1] -= 1
    elif kind == K_MOVE:
        if action == SKIP:
            S[b + SP] -= 1
        else:
            S[at + 2] -= 1
            move_figure(S, b, seat, action)
    elif kind == K_MOVE_BOTH:
        if action == SKIP:
            S[b + SP] -= 1
        elif action >= MOVE_ARCHITECT:
            S[at + 1] = 0
            move_figure(S, b, seat, action)
        else:
            S[at + 2] = 0
            move_figure(S, b, seat, action)
    elif kind == K_MOVE_PLACE:
        if action == SKIP:
            S[b + SP] -= 1
        elif action < HOUSE:
            S[at + 2] = 0
            move_figure(S, b, seat, action)
        else:
            S[at + 3] = 0
            place(e, b, seat, action)
    elif kind == K_PLACE_AT_FIGURE or kind == K_HOUSE_ANYWHERE or kind == K_PILLAR_ANYWHERE:
        S[b + SP] -= 1
        place(e, b, seat, action)
    else:  # the figure anywhere, the merchant to an adjacent town
        S[b + SP] -= 1
        if action != SKIP:
            move_figure(S, b, seat, action)


# ---- the legal actions (legality.legal_actions) ------------------------------------------------
def make_legal(e: TiletumBatch, b: int) -> int:
    """Game ``b``'s legal decisions into ``e.L``, in increasing order; how many."""
    S = e.S
    L = e.L
    seat = S[b + ACTIVE]
    at = b + STK + 4 * (S[b + SP] - 1)
    kind = S[at]
    n = 0
    if kind == K_PERFORM:
        n = gen_frame(e, b, seat, at, n)
        n = gen_tasks(e, b, seat, n)
        L[n] = END_TURN if S[at + 3] else STOP
        n += 1
        sort(L, n)
        return n
    if kind == K_TURN:
        for k in range(30):
            if S[b + WDICE + k]:
                L[n] = TAKE_DIE + k
                n += 1
        n = gen_tasks(e, b, seat, n)
        sort(L, n)
        return n
    if kind == K_DIE_VALUE:
        shown = S[at + 1]
        gold = S[b + RES + 5 * seat + GOLD]
        for w in range(1, 7):
            if e.die_change_cost * e.steps[7 * shown + w] <= gold:
                L[n] = SET_VALUE + w - 1
                n += 1
        return n
    n = gen_decision(e, b, seat, at, kind)
    sort(L, n)
    return n


def gen_decision(e: TiletumBatch, b: int, seat: int, at: int, kind: int) -> int:
    """The choices of a decision other than a turn, an action or a die's value, unsorted."""
    S = e.S
    L = e.L
    n = 0
    if kind == K_BONUS_TILE or kind == K_KING_TILE:
        L[0] = TAKE_TILE
        L[1] = SKIP
        n = 2
    elif kind == K_DIE_RESOURCES:
        for r in range(5):
            if r != S[at + 1]:
                L[n] = SUBSTITUTE + r
                n += 1
        L[n] = SKIP
        n += 1
    elif kind == K_ACTION_OF_CHOICE:
        for a in range(5):
            L[n] = CHOOSE_ACTION + a
            n += 1
    elif kind == K_RESOURCES_OF_CHOICE:
        for r in range(5):
            L[n] = GAIN + r
            n += 1
    elif kind == K_PAY_IDENTICAL:
        contract = S[at + 1]
        same = e.identical[contract]
        for r in range(5):
            if S[b + RES + 5 * seat + r] >= same + e.pay[5 * contract + r]:
                L[n] = PAY + r
                n += 1
    elif kind == K_MOVE:
        n = gen_moves(e, b, seat, S[at + 1], n)
        L[n] = SKIP
        n += 1
    elif kind == K_MOVE_BOTH:
        if S[at + 1]:
            n = gen_moves(e, b, seat, FIG_ARCHITECT, n)
        if S[at + 2]:
            n = gen_moves(e, b, seat, FIG_MERCHANT, n)
        L[n] = SKIP
        n += 1
    elif kind == K_MOVE_PLACE:
        if S[at + 2]:
            n = gen_moves(e, b, seat, S[at + 1], n)
        if S[at + 3]:
            n = gen_place_here(e, b, seat, S[at + 1], n)
        L[n] = SKIP
        n += 1
    elif kind == K_PLACE_AT_FIGURE:
        n = gen_place_here(e, b, seat, S[at + 1], n)
    elif kind == K_HOUSE_ANYWHERE:
        for t in range(NT):
            if can_house(e, b, seat, t):
                n = gen_house_spaces(e, b, t, n)
    elif kind == K_PILLAR_ANYWHERE:
        for c in range(NC):
            if can_pillar(e, b, seat, c):
                L[n] = PILLAR + c
                n += 1
    elif kind == K_MOVE_ANYWHERE:
        merchant = S[at + 1] == FIG_MERCHANT
        here = S[b + MERCH + seat] if merchant else S[b + ARCH + seat]
        base = MOVE_MERCHANT if merchant else MOVE_ARCHITECT
        for s in range(NSP):
            if s != here:
                L[n] = base + s
                n += 1
        L[n] = SKIP
        n += 1
    elif kind == K_TOWN_MOVE:
        spot = S[b + MERCH + seat]
        for i in range(e.adjt_at[spot], e.adjt_at[spot + 1]):
            L[n] = MOVE_MERCHANT + e.adjt[i]
            n += 1
        L[n] = SKIP
        n += 1
    elif kind == K_CHOOSE_BUILDING:
        for bld in range(5):
            if building_mask(e, b, seat, bld):
                L[n] = BUILDING + bld
                n += 1
        L[n] = SKIP
        n += 1
    elif kind == K_BUILDING_BONUSES:
        mask = building_mask(e, b, seat, S[at + 1]) & S[at + 2]
        for f in range(3):
            if mask >> f & 1:
                L[n] = FLOOR_BONUS + f
                n += 1
        L[n] = SKIP
        n += 1
    elif kind == K_COMPLETED:
        for a in range(6):
            if S[at + 2] >> a & 1:
                L[n] = CHOOSE_ACTION + a
                n += 1
    return n


def sort(L: array[int], n: int) -> None:
    """An insertion sort of ``L[:n]`` (short lists, mostly in order already)."""
    for i in range(1, n):
        v = L[i]
        j = i
        while j > 0 and L[j - 1] > v:
            L[j] = L[j - 1]
            j -= 1
        L[j] = v


def gen_moves(e: TiletumBatch, b: int, seat: int, figure: int, n: int) -> int:
    S = e.S
    L = e.L
    if figure == FIG_MERCHANT:
        spot = S[b + MERCH + seat]
        base = MOVE_MERCHANT
    else:
        spot = S[b + ARCH + seat]
        base = MOVE_ARCHITECT
    for i in range(e.adj_at[spot], e.adj_at[spot + 1]):
        L[n] = base + e.adj[i]
        n += 1
    return n


def gen_house_spaces(e: TiletumBatch, b: int, town: int, n: int) -> int:
    S = e.S
    L = e.L
    base = HOUSE + town * HSP
    for k in range(e.n_house[town]):
        if S[b + HS + town * HSP + k] == EMPTY:
            L[n] = base + k
            n += 1
    return n


def gen_place_here(e: TiletumBatch, b: int, seat: int, figure: int, n: int) -> int:
    S = e.S
    if figure == FIG_MERCHANT:
        town = e.spot_town[S[b + MERCH + seat]]
        if town >= 0 and can_house(e, b, seat, town):
            n = gen_house_spaces(e, b, town, n)
    else:
        town = e.spot_town[S[b + ARCH + seat]]
        if town >= 0:
            c = e.town_cathedral[town]
            if c >= 0 and can_pillar(e, b, seat, c):
                e.L[n] = PILLAR + c
                n += 1
    return n


def gen_frame(e: TiletumBatch, b: int, seat: int, at: int, n: int) -> int:
    """The options of the action being performed (legality._gen_frame)."""
    S = e.S
    L = e.L
    action = S[at + 1]
    ap = S[at + 2]
    if ap <= 0:
        return n
    if action == ARCHITECT or action == MERCHANT:
        figure = FIG_ARCHITECT if action == ARCHITECT else FIG_MERCHANT
        n = gen_moves(e, b, seat, figure, n)
        n = gen_place_here(e, b, seat, figure, n)
        spot = S[b + ARCH + seat] if action == ARCHITECT else S[b + MERCH + seat]
        town = e.spot_town[spot]
        if town >= 0:
            for k in range(e.n_map[town]):
                tile = S[b + MAPT + town * MSP + k]
                if tile >= 0 and can_store(e, b, seat, tile):
                    L[n] = MAP_TILE + town * MSP + k
                    n += 1
    elif action == CHARACTER:
        if ap >= e.take_cost:
            offered = False
            for i in range(NCHO):
                k = S[b + CHOFF + i]
                if k >= 0:
                    offered = True
                    if can_store(e, b, seat, k):
                        L[n] = TAKE_CHARACTER + i
                        n += 1
            if offered or pile_has(S, b, PILE_CHARACTER):
                L[n] = REFRESH
                n += 1
        at_store = b + STORE + SH * seat
        count = S[b + NSTORE + seat]
        for i in range(count):
            k = S[at_store + i]
            if e.category[k] != CAT_CHARACTER or has(S, at_store, i, k):
                continue
            n = gen_rooms(e, b, seat, k, ap, n)
    elif action == CONTRACT:
        for i in range(NOFF):
            k = S[b + COFF + i]
            if k >= 0 and e.offer_costs[i] <= ap and can_store(e, b, seat, k):
                L[n] = TAKE_CONTRACT + i
                n += 1
        if ap >= e.exchange_cost:
            for give in range(5):
                if S[b + RES + 5 * seat + give]:
                    for j in range(4):
                        L[n] = EXCHANGE + give * 4 + j
                        n += 1
    elif action == KING:
        if S[b + KT + seat] < e.king_top:
            L[n] = ADVANCE
            n += 1
    return n


def gen_rooms(e: TiletumBatch, b: int, seat: int, kind: int, ap: int, n: int) -> int:
    """The rooms a character may go into (legality.character_rooms), those whose floor the
    AP pay for."""
    S = e.S
    L = e.L
    rooms = b + ROOMS + NR * seat
    mine = e.illustration[kind]
    held = -1  # the building holding the illustration
    for i in range(NR):
        k = S[rooms + i]
        if k >= 0 and e.illustration[k] == mine:
            if held >= 0 and e.room_building[i] != held:
                return n
            held = e.room_building[i]
    base = PLACE_CHARACTER + kind * NR
    if held < 0:
        for r in range(NR):
            if S[rooms + r] < 0 and e.room_floor[r] <= ap:
                L[n] = base + r
                n += 1
        return n
    first = e.b_room0[held]
    for r in range(first, first + e.b_nrooms[held]):
        if S[rooms + r] < 0 and e.room_floor[r] <= ap:
            L[n] = base + r
            n += 1
    return n


def gen_tasks(e: TiletumBatch, b: int, seat: int, n: int) -> int:
    """The tasks of the turn (legality._gen_tasks; the callers sort)."""
    S = e.S
    L = e.L
    res = b + RES + 5 * seat
    if S[res + GOLD] >= e.buy_cost:
        for r in range(4):
            L[n] = BUY + r
            n += 1
    at_store = b + STORE + SH * seat
    count = S[b + NSTORE + seat]
    for i in range(count):
        k = S[at_store + i]
        if has(S, at_store, i, k):  # a kind stored twice gives its tasks once
            continue
        cat = e.category[k]
        if cat == CAT_CONTRACT:
            if S[b + NFUL + seat] >= NCS:
                continue
            ok = True
            for r in range(5):
                if S[res + r] < e.pay[5 * k + r]:
                    ok = False
            if not ok:
                continue
            same = e.identical[k]
            if same:
                ok = False
                for r in range(5):
                    if S[res + r] >= same + e.pay[5 * k + r]:
                        ok = True
            if ok:
                L[n] = FULFIL + k - FIRST_CONTRACT
                n += 1
        elif cat == CAT_CREST:
            base = CREST + e.crest_of[k] * NB
            food = S[res + FOOD]
            for s in range(NB):
                if S[b + CRESTS + NB * seat + s] < 0 and food >= e.b_crest_cost[s]:
                    L[n] = base + s
                    n += 1
        elif cat == CAT_HELPER:
            fx = e.helper[k]
            if fx == FX_SUBSTITUTE:
                continue
            if fx == FX_ADD_AP and die_frame(S, b) < 0:
                continue
            if fx == FX_BUILDING_BONUS:
                ok = False
                for bld in range(5):
                    if building_mask(e, b, seat, bld):
                        ok = True
                if not ok:
                    continue
            L[n] = USE_HELPER + k - FIRST_HELPER
            n += 1
    for i in range(S[b + NPOM + seat]):
        c = S[b + POM + NC * seat + i]
        if has(S, b + CT + NC * seat, S[b + NCT + seat], c) or S[b + CTL + c] <= 0:
            continue
        if S[res + STONE] >= e.cost_stone[S[b + COST + c]]:
            L[n] = CONTRIBUTE + c
            n += 1
    return n


# ---- playing on ----------------------------------------------------------------------------------
def play_out(e: TiletumBatch, g: int, decisions: int, until: int) -> int:
    """Game ``g`` played on for ``decisions`` decisions (to its end if negative), or until
    seat ``until`` decides; its length."""
    S = e.S
    b = g * W
    L = e.L
    draw = e.draws[g]
    picks = e.choosers[g]
    while not S[b + OVER]:
        seat = S[b + ACTIVE]
        if decisions == 0 or seat == until:
            break
        decisions -= 1
        count = make_legal(e, b)
        i = int(draw() * count) if picks is None else picks[seat](count)
        S[b + DEC + seat] += 1
        apply_decision(e, b, L[i])
        S[b + LENGTH] += 1
        run(e, b)
        resolve_chance(e, g)
    return S[b + LENGTH]
