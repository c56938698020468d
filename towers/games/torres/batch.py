# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""Many games of Torres stepped together: the batch engine (see :mod:`towers.core.batch`).

The games live in two flat arrays, one slice of ``W`` ints and one of ``MW`` 64-bit masks a
game (the offsets below name each field), so that the compiled twin of this file,
``batch_c`` (built from it with the C types of ``batch.pxd``, see
:mod:`towers.core.compiled`), steps them in C. The rules are those of
:class:`towers.games.torres.rules.TorresState`, written again over the arrays: the same
actions legal, in the same order, with the same ints, and the same state after each, which
the tests check field by field after every action of thousands of games. The plain-Python
text is the reference of its twin and the fallback where it is not built, or where it may not
load: on x86-64 the twin is built for processors with the popcount instruction and SSE4.1
(x86-64-v2, see batch.pxd) and refuses to load on any other.

Covered: every variant (the basic game, the common action deck, the master version with
its castles placed by the players and its master card drawn or named), any starting layout,
2-4 players. Besides the moves, a seat's observation tensor (:func:`write_observation`, the
floats of ``tensor.torres_tensor``) and every seat's heuristic (:func:`seat_value`, those of
``bots.evaluate_all``) are read from the arrays.

Randomness: each game has its own ``random.Random`` (one given, or for an int seed its
generator run here in C, MT19937 as CPython seeds it); a chance node takes one float of it
and picks the outcome as :func:`towers.core.chance.sample_chance` does, a random playout
picks ``legal[int(r * len(legal))]`` as :func:`towers.bench.play_random_game` does. So a
game of :meth:`TorresBatch.play_random` from ``random.Random(seed)`` is the game
``play_random_game(game, random.Random(seed), trusted=True)`` plays. A playout does not
write a turn's list out: it counts the legal actions as runs (a base and a mask of squares
each, in the list's order, :func:`turn_runs`) and finds the one it picks among them
(:func:`run_action`).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

from towers.core.batch import check_state, checked_choosers, chooser_list
from towers.core.components import Deck
from towers.games.torres import actions as A
from towers.games.torres import board
from towers.games.torres import steps as _steps

try:
    import cython
except ImportError:  # plain Python without Cython installed: a stand-in saying so (the
    # twin's cython is Cython's own, which no assignment to the name may hide)
    globals()["cython"] = SimpleNamespace(compiled=False)

COMPILED = cython.compiled
if cython.compiled and not towers_has_popcount():  # type: ignore[name-defined]  # noqa: F821
    # the twin is built for processors with the popcount instruction (batch.pxd); without
    # it the import fails and the plain module serves (towers.core.compiled.twin)
    raise ImportError("this processor has no popcount instruction; plain Python serves")
# The ints named in capitals below (sizes, offsets, action numbers, steps) are C constants in
# the twin, an enum of batch.pxd with the same numbers (which a test compares), so that the C
# compiler folds them into its addresses; each block of them is defined here for plain Python.
if not cython.compiled:
    SQ = 64
    MAXC = 32  # castles never touch along a side, so at most 32 on 64 squares
    SEATS = 4
    KNIGHTS = 6
    CARDS = A.CARD_KINDS
    DECK_CARDS = 40  # the common deck's cards; a seat's deck holds 10
    LEVELS_KEPT = 66
ALL = (1 << 64) - 1
BIT = [1 << s for s in range(SQ)]
# the masks of a popcount by halves (ones): every other bit, two of every four, four of eight
PAIRS = 0x5555555555555555
NIBBLES = 0x3333333333333333
BYTES = 0x0F0F0F0F0F0F0F0F
ONE_A_BYTE = 0x0101010101010101
BRUIJN = 0x03F79D71B4CB0A89  # a de Bruijn sequence: the top 6 bits of BRUIJN << s differ
# the s whose BRUIJN << s has top bits i, at i
BRUIJN_INDEX = sorted(range(64), key=lambda s: ((BRUIJN << s) & ALL) >> 58)

# ---- the ints of a game: offsets in its slice of S -----------------------------------------
if not cython.compiled:
    H = 0  # column heights
    OCC = H + SQ  # -1 empty, a seat, or KING
    CID = OCC + SQ  # castle id of each square, -1 bare ground
    AREA = CID + SQ  # surface area of each castle
    CH = AREA + MAXC  # height of each castle
    NCAS = CH + MAXC  # number of castles
    KN = NCAS + 1  # each seat's knights, in the one-game list's order
    NK = KN + SEATS * KNIGHTS
    SCORE = NK + SEATS
    STK = SCORE + SEATS  # each seat's stacks, tallest first
    NSTK = STK + SEATS * 4
    HAND = NSTK + SEATS
    PLAYED = HAND + SEATS * CARDS
    ACQ = PLAYED + SEATS * CARDS  # cards acquired this turn
    DRAWN = ACQ + CARDS
    NDRAWN = DRAWN + 4
    SUPPLY = NDRAWN + 1
    MASTER = SUPPLY + 1
    KINGSQ = MASTER + 1
    PHASE = KINGSQ + 1
    ROUND = PHASE + 1
    START = ROUND + 1
    TURN = START + 1
    TAKEN = TURN + 1
    STEP = TAKEN + 1
    DECIDER = STEP + 1
    PLACED = DECIDER + 1
    AP = PLACED + 1
    BLOCKS = AP + 1
    INUSE = BLOCKS + 1
    LEFTOVER = INUSE + 1
    CPLAYED = LEFTOVER + 1
    ACQS = CPLAYED + 1
    TODRAW = ACQS + 1
    DIRTY = TODRAW + 1  # the masks below are out of date (a block was placed or moved)
    LENGTH = DIRTY + 1  # actions played so far, chance included
    DEC = LENGTH + 1  # decisions each seat took
    HELD = DEC + SEATS  # how many cards each seat holds
    DECK = HELD + SEATS  # the decks, DW ints each: counts, known top, known bottom
    D_TOP = CARDS + 1  # D_TOP - 1: how many known on top; then the cards, the top card last
    D_BOT = D_TOP + DECK_CARDS + 1  # D_BOT - 1: how many known at the bottom; the bottom card last
    DW = D_BOT + DECK_CARDS
    W = DECK + SEATS * DW

SCALARS = (
    ("supply", SUPPLY),
    ("master_card", MASTER),
    ("king", KINGSQ),
    ("phase", PHASE),
    ("round", ROUND),
    ("starting_player", START),
    ("turn", TURN),
    ("turns_taken", TAKEN),
    ("step", STEP),
    ("deciding_player", DECIDER),
    ("placed_in_setup", PLACED),
    ("action_points", AP),
    ("blocks_placed", BLOCKS),
    ("stack_in_use", INUSE),
    ("leftover_blocks", LEFTOVER),
    ("card_played", CPLAYED),
    ("acquisitions", ACQS),
    ("cards_to_draw", TODRAW),
)
"""The one-number fields of a TorresState and where each is kept."""

LISTED = (
    "heights", "occupants", "castle_of", "surface_areas", "castle_heights", "knights",
    "score", "stacks", "hands", "played_cards", "acquired_this_turn", "drawn_cards",
)  # fmt: skip
"""The fields of a TorresState that are lists, the decks aside."""
TENSOR_PARTS = (
    "heights", "castles", "knights", "king", "scores", "phase", "round", "step", "to_move",
    "turn", "starting_player", "stacks", "supply", "knights_in_supply", "turn_state",
    "hand_sizes", "played_cards", "hand", "acquired_this_turn", "drawn", "own_deck", "decks",
    "master_card", "leftovers",
)  # fmt: skip
"""The parts of ``tensor.torres_tensor``, in order, which :func:`write_observation` writes."""

if not cython.compiled:
    RUNS = 160  # room for a turn's runs of legal actions: 3 + 6 x 7 knights' and cards', 64 blocks'
    MTW = 625  # a game's Mersenne Twister: 624 words and the index of the next
if not cython.compiled:  # C constants in the twin too (batch.pxd, beyond an enum's range)
    MASK32 = 0xFFFFFFFF
    UPPER = 0x80000000
    LOWER = 0x7FFFFFFF
    MATRIX_A = 0x9908B0DF
    TEMPER_B = 0x9D2C5680
    TEMPER_C = 0xEFC60000

# ---- the masks of a game: offsets in its slice of M ----------------------------------------
if not cython.compiled:
    FREE = 0  # squares with no piece
    PLACES = 1  # squares open to a block, pieces aside
    LEVELS = 2  # LEVELS + k: squares of height <= k
    DOORS = LEVELS + LEVELS_KEPT  # door exits of each castle
    CMASK = DOORS + MAXC  # squares of each castle
    MINE = CMASK + MAXC  # each seat's knights
    REACH = MINE + SEATS  # REACH + s: the squares a knight on s steps to, pieces aside
    KNOWN = REACH + SQ  # the squares whose REACH is up to date (none once a block moves)
    MW = KNOWN + 1

# ---- the board's tables, flat ----------------------------------------------------------------
ODIR = [board.ORTHO_DIR[s][d] for s in range(SQ) for d in range(4)]
ODIR2 = [board.ORTHO_DIR2[s][d] for s in range(SQ) for d in range(4)]
DDIR = [board.DIAG_DIR[s][d] for s in range(SQ) for d in range(4)]
NEAR = [board.NEIGHBOR_MASK[s] for s in range(SQ)]
NB = [(board.ORTHO_NEIGHBORS[s] + (-1, -1, -1, -1))[d] for s in range(SQ) for d in range(4)]
NNB = [len(board.ORTHO_NEIGHBORS[s]) for s in range(SQ)]
BORDER = sum(1 << s for s in range(SQ) if board.IS_BORDER[s])
MAIN_DIAGONALS = sum(1 << s for s in range(SQ) if board.IS_MAIN_DIAGONAL[s])
if not cython.compiled:
    # the master cards' requirements, by their place in A.MASTER_KEYS
    (
        M_DIFFERENT_LEVELS,
        M_SAME_LEVEL,
        M_IN_A_ROW,
        M_SQUARE,
        M_BORDER,
        M_CASTLE_COUNT,
        M_DIAGONALS,
        M_NEIGHBORS,
    ) = (A.MASTER_KEYS.index(k) for k in (
        "different_levels", "same_level", "in_a_row", "square", "border", "castle_count",
        "diagonals", "neighbors",
    ))  # fmt: skip

if not cython.compiled:  # the action numbers' first ints
    END_TURN = A.END_TURN
    ADVANCE = A.ADVANCE
    KING_STAY = A.KING_STAY
    ACQUIRE = A.ACQUIRE
    RETURN_REST = A.RETURN_REST
    TAKE_STACK = A.TAKE_STACK
    REDISTRIBUTE = A.REDISTRIBUTE
    PLAY_SIX = A.PLAY_SIX
    PLAY_SEVEN = A.PLAY_SEVEN
    KEEP = A.KEEP
    RETURN_TOP = A.RETURN_TOP
    RETURN_BOTTOM = A.RETURN_BOTTOM
    DRAW = A.DRAW
    MASTER_CARD = A.MASTER
    SETUP_CASTLE = A.SETUP_CASTLE
    MASTER_KINDS = A.MASTER_KINDS
    SETUP_KNIGHT = A.SETUP_KNIGHT
    PLACE_KING = A.PLACE_KING
    ADD_KNIGHT = A.ADD_KNIGHT
    PLACE_BLOCK = A.PLACE_BLOCK
    EXTRA_BLOCK = A.EXTRA_BLOCK
    BLOCK_UNDER = A.BLOCK_UNDER
    JUMP_UP = A.JUMP_UP
    DIAGONAL = A.DIAGONAL
    JUMP_OVER = A.JUMP_OVER
    MOVE = A.MOVE
    DOOR_CLIMB = A.DOOR_CLIMB
    RELOCATE = A.RELOCATE
    MOVE_BLOCK = A.MOVE_BLOCK
    NUM_ACTIONS = A.NUM_ACTIONS
NUMBERS = tuple(range(NUM_ACTIONS)) if COMPILED else ()  # the action ints, made once
if not cython.compiled:
    C_JUMP_UP = A.C_JUMP_UP
    C_BLOCK_UNDER = A.C_BLOCK_UNDER
    C_EXTRA_BLOCK = A.C_EXTRA_BLOCK
    C_DOOR_CLIMB = A.C_DOOR_CLIMB
    C_DIAGONAL = A.C_DIAGONAL
    C_SIX = A.C_SIX
    C_SEVEN = A.C_SEVEN
    C_MOVE_BLOCK = A.C_MOVE_BLOCK
    C_RELOCATE = A.C_RELOCATE
    C_JUMP_OVER = A.C_JUMP_OVER
    KING = board.KING  # the King's occupant code
    # the steps, as plain ints here so that the twin compares them in C
    S_DRAW = _steps.S_DRAW
    S_MASTER_DRAW = _steps.S_MASTER_DRAW
    S_SETUP_CASTLE = _steps.S_SETUP_CASTLE
    S_KEEP = _steps.S_KEEP
    S_KING_MOVE = _steps.S_KING_MOVE
    S_OVER = _steps.S_OVER
    S_REDISTRIBUTE = _steps.S_REDISTRIBUTE
    S_RETURN = _steps.S_RETURN
    S_SETUP_KING = _steps.S_SETUP_KING
    S_SETUP_KNIGHT = _steps.S_SETUP_KNIGHT
    S_TAKE_STACK = _steps.S_TAKE_STACK
    S_TURN = _steps.S_TURN


def lowest(m: int) -> int:
    """The index of the lowest set bit of the nonzero mask ``m`` (in plain Python by a de
    Bruijn sequence, which keeps the twin's function free of Python objects)."""
    if cython.compiled:  # decided when the twin is compiled
        return __builtin_ctzll(m)  # type: ignore[name-defined]  # noqa: F821
    return BRUIJN_INDEX[(((m & -m) * BRUIJN) & ALL) >> 58]


def ones(m: int) -> int:
    """How many bits of the mask ``m`` are set (in the twin the processor's popcount, see
    batch.pxd; in plain Python by halves, quarters...)."""
    if cython.compiled:  # decided when the twin is compiled
        return __builtin_popcountll(m)  # type: ignore[name-defined]  # noqa: F821
    m -= (m >> 1) & PAIRS
    m = (m & NIBBLES) + ((m >> 2) & NIBBLES)
    m = (m + (m >> 4)) & BYTES
    return ((m * ONE_A_BYTE) & ALL) >> 56


def engine_for(game: Any, size: int) -> TorresBatch | None:
    """A batch engine of ``size`` games of ``game`` (it plays every variant)."""
    return TorresBatch(game, size)


class TorresBatch:
    """``size`` games of Torres, stepped together (see the module docstring and
    :class:`towers.core.batch.BatchEngine`)."""

    def __init__(self, game: Any, size: int) -> None:
        if size < 1:
            raise ValueError("a batch holds at least one game")
        self.game = game
        self.size = size
        self.players = game.num_players
        self.common = 1 if game.is_common else 0
        self.master = 1 if game.is_master else 0
        self.decks = 0 if game.is_master else 1 if game.is_common else self.players
        self.max_acq = game.max_acquisitions
        d = game.data
        self.action_points = d.action_points
        self.cost_add = d.cost_add_knight
        self.knights_max = d.knights_per_player
        self.acquire_draw = d.acquire_draw
        self.min_castles = d.min_castles
        self.phases = len(game.phases_rounds)
        self.rounds = array("i", game.phases_rounds)
        self.card_stacks = array("i", [0] * (4 * self.phases))
        self.card_count = array("i", [len(c) for c in game.phases_stacks])
        for ph, card in enumerate(game.phases_stacks):
            for i, hgt in enumerate(card):
                self.card_stacks[4 * ph + i] = hgt
        self.king_bonus = array("i", d.king_bonus)
        # the master cards, by their place in A.MASTER_KEYS: requirement, points, bonus
        self.master_kind = array("i", [A.MASTER_KEYS.index(k) for k in d.master_keys])
        self.master_points = array("i", [p for card in d.master_points for p in card])
        most = [d.master_most.get(k) or (0,) * self.phases for k in d.master_keys]
        self.master_most = array("i", [p for card in most for p in card])
        self.master_castles = array("i", d.master_castles)
        self.min_distance = d.master_min_distance
        self.S = array("i", [0]) * (W * size)
        self.M = array("Q", [0]) * (MW * size)
        # one game's legal actions; the last int: the stamp of the core they are of (below)
        self.L = array("i", [0]) * (NUM_ACTIONS + 1)
        self.nlegal = -1
        self.stamp = 0
        self.T = array("i", [0]) * SQ  # room for a flood fill or a sort
        self.MT = array("I", [0]) * (MTW * size)  # each game's generator, seeded from an int
        self.draws: list[Any] = [None] * size  # or a generator's random, called from here
        from towers.core.registry import tensor_of

        tensor = tensor_of(game)  # made once a game
        same = tuple(p.name for p in tensor.parts) == TENSOR_PARTS
        self.tensor_size = tensor.size if same else 0
        self.O = array("d", [0.0]) * tensor.size  # one observation tensor
        self.choosers: list[Any] = [None] * size
        start = self.start = array("i", [0]) * W
        if self.master:
            start[SUPPLY] = d.tower_blocks
            for p in range(self.players):
                for c in range(CARDS):
                    start[HAND + CARDS * p + c] = d.copies_per_color
                start[HELD + p] = CARDS * d.copies_per_color
            card = game.options["master_card"]
            start[STEP] = S_MASTER_DRAW if card is None else S_SETUP_CASTLE
        else:
            for s in game.layout:
                start[H + s] = 1
            start[SUPPLY] = d.tower_blocks - len(game.layout)
            start[STEP] = S_SETUP_KNIGHT
        for s in range(SQ):
            start[OCC + s] = -1
        per_kind = d.copies_per_color * (d.colors if self.common else 1)
        for k in range(self.decks):
            for c in range(CARDS):
                start[DECK + k * DW + c] = per_kind
        start[MASTER] = -1 if not self.master or card is None else A.MASTER_KEYS.index(card)
        start[KINGSQ] = -1
        start[INUSE] = -1
        start[DIRTY] = 1
        relabel(start, 0)
        # the masks of the start, made once in game 0's place (every reset copies them)
        self.S[0:W] = self.start
        for i in range(MW):
            self.M[i] = 0
        self.M[FREE] = ALL
        refresh(self, 0)
        start[DIRTY] = 0
        self.start_masks = array("Q", [0]) * MW
        for i in range(MW):
            self.start_masks[i] = self.M[i]

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
        gs = []  # the games seeded from one word, four at a time
        words = []
        for g in range(self.size):
            seed = seeds[g]
            if isinstance(seed, random.Random):
                self.draws[g] = seed.random
            else:  # random.Random(seed)'s own stream, drawn in C
                self.draws[g] = None
                word = abs(int(seed))
                if word <= MASK32:
                    gs.append(g)
                    words.append(word)
                    if len(gs) == 4:
                        seed_four(self, gs, words)
                        gs = []
                        words = []
                else:
                    seed_generator(self, g, words_of(word))
        for k in range(len(gs)):
            seed_word(self, gs[k], words[k])
        for g in range(self.size):
            self.choosers[g] = picks[g]
            start_game(self, g)
            resolve(self, g)

    def current_player(self, g: int) -> int:
        """Who decides in game ``g`` (-4 once it is over; never chance, which is resolved)."""
        return deciding(self, g)

    def is_terminal(self, g: int) -> bool:
        return self.S[g * W + STEP] == S_OVER

    def length(self, g: int) -> int:
        """The actions game ``g`` has played, chance included."""
        return self.S[g * W + LENGTH]

    def legal_actions(self, g: int) -> list[int]:
        """The legal actions of game ``g``, in increasing order ([] once it is over)."""
        count = make_legal(self, g)
        return list(self.L[:count])

    def legal_mask(self, g: int, mask: Any) -> None:
        """Set ``mask[a]`` to 1 for each legal action ``a`` of game ``g`` (others untouched)."""
        count = make_legal(self, g)
        L = self.L
        for i in range(count):
            mask[L[i]] = 1

    def apply(self, g: int, action: int) -> None:
        """Apply a legal action to game ``g`` (unchecked), then resolve its chance nodes."""
        self.S[g * W + DEC + deciding(self, g)] += 1
        apply_to(self, g, action)
        self.S[g * W + LENGTH] += 1
        resolve(self, g)

    def resolve_chance(self, g: int) -> None:
        """Sample the chance nodes of game ``g`` from its generator until someone decides."""
        resolve(self, g)

    def returns(self, g: int) -> list[float]:
        """1 for a win, the wins of a tie shared, 0 for a loss; zeros before the end."""
        n = self.players
        if not self.is_terminal(g):
            return [0.0] * n
        b = g * W
        best = max(self.S[b + SCORE + i] for i in range(n))
        won = [i for i in range(n) if self.S[b + SCORE + i] == best]
        return [1.0 / len(won) if i in won else 0.0 for i in range(n)]

    def decisions(self, g: int) -> list[int]:
        """The decisions each seat of game ``g`` took."""
        b = g * W
        return [self.S[b + DEC + i] for i in range(self.players)]

    def scores(self, g: int) -> list[int]:
        b = g * W
        return [self.S[b + SCORE + i] for i in range(self.players)]

    def play_random(self) -> list[int]:
        """Play every game to its end at random (see the module docstring); their lengths."""
        return [play_out(self, g, -1, -1) for g in range(self.size)]

    def play(self, g: int, decisions: int, until: int = -1) -> None:
        """Play at most ``decisions`` decisions of game ``g`` (no limit if negative) as
        :meth:`play_random` picks them, and the chance nodes after the last; stop before a
        decision of seat ``until``."""
        play_out(self, g, decisions, until)

    def heuristics(self, g: int) -> list[float]:
        """Every seat's heuristic of game ``g``: the floats of ``bots.evaluate_all`` of its
        state."""
        return [seat_value(self, g, seat) for seat in range(self.players)]

    def observation_tensor(self, g: int, seat: int, out: Any) -> None:
        """Write into ``out`` the observation tensor of ``seat`` in game ``g``: the floats
        of ``tensor.encode(state.observation(seat))``, read from the arrays."""
        if not self.tensor_size:
            raise ValueError("the Torres tensor's parts are not those the batch writes")
        write_observation(self, g, seat)
        out[:] = self.O

    # ---- the one-game state ----------------------------------------------------------------
    def fields(self, g: int) -> dict[str, Any]:
        """Game ``g`` as the saved fields of a TorresState (without its history)."""
        return to_fields(self, g)

    def load(
        self,
        g: int,
        state: Any,
        rng: int | random.Random | None = None,
        choosers: Sequence[Any] | None = None,
    ) -> None:
        """Game ``g`` set to the TorresState ``state`` (its history aside), drawing its chance
        from ``rng`` from now on and picking its decisions by ``choosers`` (:meth:`reset`'s
        seeds and choosers); its chance nodes are resolved."""
        check_state(self.game, state)
        if isinstance(rng, random.Random):
            self.draws[g] = rng.random
        else:
            self.draws[g] = None
            seed_generator(self, g, words_of(rng if rng is not None else random.getrandbits(64)))
        self.choosers[g] = chooser_list(choosers)
        core = getattr(state, "_core", None)
        if core is None:
            from_fields(self, g, fields_of(state))
        else:  # a state played on its core: its arrays copied as they are
            copy_game(core, self, g)
        resolve(self, g)

    def state(self, g: int) -> Any:
        """Game ``g`` as a TorresState (an empty history)."""
        found = to_fields(self, g)
        found["decks"] = [deck.to_json() for deck in found["decks"]]
        return self.game.state_class().from_fields(self.game, {**found, "_history": []})


def start_game(e: TorresBatch, g: int) -> None:
    """Game ``g`` set to the start: its ints and masks copied from the start's."""
    if cython.compiled:  # decided when the twin is compiled: C loops, no slices made
        b = g * W
        for i in range(W):
            e.S[b + i] = e.start[i]
        b = g * MW
        for i in range(MW):
            e.M[b + i] = e.start_masks[i]
    else:
        e.S[g * W : (g + 1) * W] = e.start
        e.M[g * MW : (g + 1) * MW] = e.start_masks


def resolve(e: TorresBatch, g: int) -> None:
    """Sample the chance nodes of game ``g`` from its generator until someone decides."""
    b = g * W
    draw = e.draws[g]
    while e.S[b + STEP] == S_DRAW or e.S[b + STEP] == S_MASTER_DRAW:
        r = draw() if draw is not None else next_float(e, g)
        apply_to(e, g, sample_draw(e, g, r))
        e.S[b + LENGTH] += 1


def to_fields(e: TorresBatch, g: int) -> dict[str, Any]:
    """The fields of game ``g`` in the one-game state's shape."""
    b = g * W
    n = e.players
    decks = []
    for k in range(e.decks):
        d = b + DECK + k * DW
        top = [e.S[d + D_TOP + i] for i in range(e.S[d + D_TOP - 1])]
        bottom = [e.S[d + D_BOT + i] for i in range(e.S[d + D_BOT - 1])]
        decks.append(Deck(top, [e.S[d + c] for c in range(CARDS)], bottom))
    ncas = e.S[b + NCAS]
    return {
        "heights": seq(e.S, b + H, SQ),
        "occupants": seq(e.S, b + OCC, SQ),
        "castle_of": seq(e.S, b + CID, SQ),
        "surface_areas": seq(e.S, b + AREA, ncas),
        "castle_heights": seq(e.S, b + CH, ncas),
        "knights": [seq(e.S, b + KN + KNIGHTS * p, e.S[b + NK + p]) for p in range(n)],
        "score": seq(e.S, b + SCORE, n),
        "stacks": [seq(e.S, b + STK + 4 * p, e.S[b + NSTK + p]) for p in range(n)],
        "supply": e.S[b + SUPPLY],
        "hands": [seq(e.S, b + HAND + CARDS * p, CARDS) for p in range(n)],
        "decks": decks,
        "played_cards": [seq(e.S, b + PLAYED + CARDS * p, CARDS) for p in range(n)],
        "master_card": e.S[b + MASTER],
        "king": e.S[b + KINGSQ],
        "phase": e.S[b + PHASE],
        "round": e.S[b + ROUND],
        "starting_player": e.S[b + START],
        "turn": e.S[b + TURN],
        "turns_taken": e.S[b + TAKEN],
        "step": e.S[b + STEP],
        "deciding_player": e.S[b + DECIDER],
        "placed_in_setup": e.S[b + PLACED],
        "action_points": e.S[b + AP],
        "blocks_placed": e.S[b + BLOCKS],
        "stack_in_use": e.S[b + INUSE],
        "leftover_blocks": e.S[b + LEFTOVER],
        "card_played": bool(e.S[b + CPLAYED]),
        "acquisitions": e.S[b + ACQS],
        "acquired_this_turn": seq(e.S, b + ACQ, CARDS),
        "cards_to_draw": e.S[b + TODRAW],
        "drawn_cards": seq(e.S, b + DRAWN, e.S[b + NDRAWN]),
    }


def fields_of(state: Any) -> dict[str, Any]:
    """The fields :func:`from_fields` reads, taken from a TorresState as they are (no copy:
    its saved fields would copy every list)."""
    found = {key: getattr(state, key) for key in LISTED}
    for key, _ in SCALARS:
        found[key] = getattr(state, key)
    found["decks"] = [(d.top, d.counts, d.bottom) for d in state.decks]
    return found


def from_fields(e: TorresBatch, g: int, fields: dict[str, Any]) -> None:
    """Game ``g`` set to the saved fields of a TorresState (see :func:`to_fields`)."""
    b = g * W
    e.S[b : b + W] = e.start
    for key, at, count in (
        ("heights", H, SQ),
        ("occupants", OCC, SQ),
        ("castle_of", CID, SQ),
        ("acquired_this_turn", ACQ, CARDS),
    ):
        put(e.S, b + at, fields[key], count)
    ncas = len(fields["surface_areas"])
    e.S[b + NCAS] = ncas
    put(e.S, b + AREA, fields["surface_areas"], ncas)
    put(e.S, b + CH, fields["castle_heights"], ncas)
    e.S[b + NDRAWN] = len(fields["drawn_cards"])
    put(e.S, b + DRAWN, fields["drawn_cards"], e.S[b + NDRAWN])
    for p in range(e.players):
        e.S[b + NK + p] = len(fields["knights"][p])
        put(e.S, b + KN + KNIGHTS * p, fields["knights"][p], e.S[b + NK + p])
        e.S[b + NSTK + p] = len(fields["stacks"][p])
        put(e.S, b + STK + 4 * p, fields["stacks"][p], e.S[b + NSTK + p])
        put(e.S, b + HAND + CARDS * p, fields["hands"][p], CARDS)
        e.S[b + HELD + p] = sum(fields["hands"][p])
        put(e.S, b + PLAYED + CARDS * p, fields["played_cards"][p], CARDS)
        e.S[b + SCORE + p] = fields["score"][p]
    for k in range(e.decks):
        top, counts, bottom = fields["decks"][k]
        d = b + DECK + k * DW
        put(e.S, d, counts, CARDS)
        e.S[d + D_TOP - 1] = len(top)
        put(e.S, d + D_TOP, top, len(top))
        e.S[d + D_BOT - 1] = len(bottom)
        put(e.S, d + D_BOT, bottom, len(bottom))
    for key, at in SCALARS:
        e.S[b + at] = int(fields[key])
    e.S[b + DIRTY] = 1
    free = ALL
    for s in range(SQ):
        if e.S[b + OCC + s] != -1:
            free &= ~BIT[s]
    e.M[g * MW + FREE] = free
    e.M[g * MW + KNOWN] = 0
    for p in range(SEATS):
        mine = 0
        for k in range(e.S[b + NK + p]):
            mine |= BIT[e.S[b + KN + KNIGHTS * p + k]]
        e.M[g * MW + MINE + p] = mine


def put(S: Any, at: int, values: Sequence[int], count: int) -> None:
    for i in range(count):
        S[at + i] = values[i]


def seq(S: Any, at: int, count: int) -> list[int]:
    return [S[at + i] for i in range(count)]


# ---- what a seat sees, and the heuristic ---------------------------------------------------------
def write_observation(e: TorresBatch, g: int, seat: int) -> None:
    """``e.O`` set to the observation tensor of ``seat`` in game ``g``: the parts of
    ``tensor.torres_tensor`` in order, each float the same division of the same ints (per-seat
    parts from ``seat``'s own first)."""
    for i in range(e.tensor_size):
        e.O[i] = 0.0
    b = g * W
    n = e.players
    for s in range(SQ):  # heights
        e.O[s] = e.S[b + H + s] / 16.0
        k = e.S[b + CID + s]
        if k >= 0:  # castles: area / 64, height / 16
            e.O[SQ + s] = e.S[b + AREA + k] / 64.0
            e.O[2 * SQ + s] = e.S[b + CH + k] / 16.0
    at = 3 * SQ
    for r in range(n):  # knights
        p = (seat + r) % n
        for i in range(e.S[b + NK + p]):
            e.O[at + r * SQ + e.S[b + KN + KNIGHTS * p + i]] = 1.0
    at += n * SQ
    if e.S[b + KINGSQ] >= 0:
        e.O[at + e.S[b + KINGSQ]] = 1.0
    at += SQ
    for r in range(n):  # scores / 100
        e.O[at + r] = e.S[b + SCORE + (seat + r) % n] / 100.0
    at += n
    phase = e.S[b + PHASE]
    e.O[at + phase] = 1.0
    e.O[at + 3] = (e.S[b + ROUND] + 1) / 5.0
    e.O[at + 4] = e.rounds[phase] / 5.0
    at += 5
    e.O[at + e.S[b + STEP]] = 1.0
    at += S_OVER + 1
    mover = deciding(e, g)
    if mover >= 0:  # to move, turn, starting player: one-hot, own seat first
        e.O[at + (mover - seat) % n] = 1.0
    e.O[at + n + (e.S[b + TURN] - seat) % n] = 1.0
    e.O[at + 2 * n + (e.S[b + START] - seat) % n] = 1.0
    at += 3 * n
    for r in range(n):  # stacks of height 1, 2, 3 / 4
        p = (seat + r) % n
        for i in range(e.S[b + NSTK + p]):
            hgt = e.S[b + STK + 4 * p + i]
            if 1 <= hgt <= 3:
                e.O[at + 3 * r + hgt - 1] += 0.25
    at += 3 * n
    e.O[at] = e.S[b + SUPPLY] / 92.0
    at += 1
    for r in range(n):  # knights in supply / 6
        e.O[at + r] = (e.knights_max - e.S[b + NK + (seat + r) % n]) / 6.0
    at += n
    inuse = e.S[b + INUSE]
    e.O[at] = e.S[b + AP] / 10.0
    e.O[at + 1] = (inuse if inuse > 0 else 0) / 3.0
    e.O[at + 2] = 1.0 if inuse < 0 else 0.0
    e.O[at + 3] = e.S[b + BLOCKS] / 3.0
    e.O[at + 4] = 1.0 if e.S[b + CPLAYED] else 0.0
    e.O[at + 5] = e.S[b + ACQS] / 2.0
    at += 6
    for r in range(n):  # cards held / 10
        p = (seat + r) % n
        held = 0
        for c in range(CARDS):
            held += e.S[b + HAND + CARDS * p + c]
        e.O[at + r] = held / 10.0
    at += n
    for r in range(n):  # cards played / 4
        p = (seat + r) % n
        for c in range(CARDS):
            e.O[at + CARDS * r + c] = e.S[b + PLAYED + CARDS * p + c] / 4.0
    at += n * CARDS
    for c in range(CARDS):  # the seat's hand / 4
        e.O[at + c] = e.S[b + HAND + CARDS * seat + c] / 4.0
    at += CARDS
    if seat == e.S[b + TURN]:  # acquired this turn and drawn, / 4
        for c in range(CARDS):
            e.O[at + c] = e.S[b + ACQ + c] / 4.0
        for i in range(e.S[b + NDRAWN]):
            e.O[at + CARDS + e.S[b + DRAWN + i]] += 0.25
    at += 2 * CARDS
    if e.decks and not e.common:  # the seat's own deck: known on top, at the bottom
        d = b + DECK + seat * DW
        for i in range(e.S[d + D_TOP - 1]):
            e.O[at + e.S[d + D_TOP + i]] += 0.25
        for i in range(e.S[d + D_BOT - 1]):
            e.O[at + CARDS + e.S[d + D_BOT + i]] += 0.25
    at += 2 * CARDS
    for r in range(e.decks):  # each deck: cards / 40, known on top / 10, at the bottom / 10
        d = b + DECK + ((seat + r) % n if e.decks == n else r) * DW
        cards = e.S[d + D_TOP - 1] + e.S[d + D_BOT - 1]
        for c in range(CARDS):
            cards += e.S[d + c]
        e.O[at + 3 * r] = cards / 40.0
        e.O[at + 3 * r + 1] = e.S[d + D_TOP - 1] / 10.0
        e.O[at + 3 * r + 2] = e.S[d + D_BOT - 1] / 10.0
    at += 3 * e.decks
    if e.S[b + MASTER] >= 0:
        e.O[at + e.S[b + MASTER]] = 1.0
    at += MASTER_KINDS
    e.O[at] = e.S[b + NDRAWN] / 4.0
    e.O[at + 1] = e.S[b + LEFTOVER] / 3.0


def seat_value(e: TorresBatch, g: int, seat: int) -> float:
    """``bots.evaluate_all(state)[seat]`` of game ``g``, the same operations in the same
    order: the score, the castle points the seat's knights hold now (and 0.35 of them a phase
    left), the King's bonus, 0.4 a knight and 0.5 an action point left to the mover."""
    b = g * W
    if e.S[b + STEP] == S_OVER:
        return float(e.S[b + SCORE + seat])
    phase = e.S[b + PHASE]
    later = 0.35 * (e.phases - 1 - phase)
    king = e.S[b + KINGSQ]
    king_castle = e.S[b + CID + king] if king >= 0 else -1
    for k in range(e.S[b + NCAS]):  # the seat's highest knight on each castle so far
        e.T[k] = 0
    position = 0
    bonus = 0
    at = b + KN + KNIGHTS * seat
    count = e.S[b + NK + seat]
    for i in range(count):
        s = e.S[at + i]
        k = e.S[b + CID + s]
        if k >= 0:
            hs = e.S[b + H + s]
            if hs > e.T[k]:
                position += e.S[b + AREA + k] * (hs - e.T[k])
                e.T[k] = hs
            if k == king_castle and hs == phase + 1:
                bonus = e.king_bonus[phase]
    value = float(e.S[b + SCORE + seat]) + position + bonus + later * position
    value += 0.4 * count
    if e.S[b + STEP] == S_TURN and seat == e.S[b + TURN]:
        value += 0.5 * e.S[b + AP]
    return value


# ---- playing -----------------------------------------------------------------------------------
def play_out(e: TorresBatch, g: int, decisions: int, until: int) -> int:
    """Play game ``g`` to its end, or until ``decisions`` decisions are taken (no limit if
    negative) or seat ``until`` is to decide: a chance node by its probabilities, a decision
    uniformly among the legal actions, one float of the game's generator each (or the seat's
    chooser's pick); the actions played since the reset."""
    b = g * W
    draw = e.draws[g]
    picks = e.choosers[g]
    while True:
        step = e.S[b + STEP]
        if step == S_OVER:
            return e.S[b + LENGTH]
        if step == S_DRAW or step == S_MASTER_DRAW:
            apply_to(e, g, sample_draw(e, g, draw() if draw is not None else playout_float(e, g)))
        else:
            seat = e.S[b + TURN] if step == S_TURN else deciding(e, g)
            if decisions == 0 or seat == until:
                return e.S[b + LENGTH]
            decisions -= 1
            count = turn_runs(e, g) if step == S_TURN else make_legal(e, g)
            if picks is None:
                r = draw() if draw is not None else playout_float(e, g)
                i = int(r * count)
            else:
                i = picks[seat](count)
            e.S[b + DEC + seat] += 1
            a = run_action(e, i) if step == S_TURN else e.L[i]
            if MOVE <= a < DOOR_CLIMB:  # the commonest action, as apply_to moves the knight
                e.S[b + AP] -= 1
                move_knight(e, g, seat, (a - MOVE) >> 6, (a - MOVE) & 63)
            else:
                apply_to(e, g, a)
        e.S[b + LENGTH] += 1


# ---- random.Random's generator, in C for the games seeded from an int ---------------------------
def words_of(seed: int) -> list[int]:
    """The 32-bit words random.Random(seed) seeds its generator with, lowest first."""
    n = abs(int(seed))
    words = []
    while n:
        words.append(n & MASK32)
        n >>= 32
    return words or [0]


def mt_start() -> list[int]:
    """The words MT19937's init_by_array starts from: init_genrand(19650218)'s."""
    words = [19650218]
    for i in range(1, 624):
        words.append((1812433253 * (words[i - 1] ^ (words[i - 1] >> 30)) + i) & MASK32)
    return words


MT_START = mt_start()


def seed_generator(e: TorresBatch, g: int, key: list[int]) -> None:
    """Game ``g``'s generator as random.Random seeds it from ``key`` (MT19937's
    init_by_array)."""
    if len(key) == 1:
        seed_word(e, g, key[0])
        return
    at = g * MTW
    words = array("Q", key)
    count = len(key)
    # each word mixed with the one written before it, kept in ``prev``; the first pass over
    # the words reads init_genrand(19650218)'s
    prev = MT_START[0]
    j = 0
    for i in range(1, 624):
        prev = ((MT_START[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + words[j] + j) & MASK32
        e.MT[at + i] = prev
        j += 1
        if j >= count:
            j = 0
    e.MT[at] = prev
    i = 1
    for _ in range(max(624, count) - 623):  # a key longer than 623 words goes round again
        prev = ((e.MT[at + i] ^ ((prev ^ (prev >> 30)) * 1664525)) + words[j] + j) & MASK32
        e.MT[at + i] = prev
        i += 1
        j += 1
        if i >= 624:
            e.MT[at] = prev
            i = 1
        if j >= count:
            j = 0
    for _ in range(623):
        prev = ((e.MT[at + i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & MASK32
        e.MT[at + i] = prev
        i += 1
        if i >= 624:
            e.MT[at] = prev
            i = 1
    e.MT[at] = UPPER
    e.MT[at + 624] = 624


def seed_word(e: TorresBatch, g: int, word: int) -> None:
    """:func:`seed_generator` of a key of one word (a seed below 2 ** 32), its steps in the
    order the key's index takes them: 1 to 623, 1 again; 2 to 623, 1."""
    at = g * MTW
    prev = MT_START[0]
    for i in range(1, 624):
        prev = ((MT_START[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + word) & MASK32
        e.MT[at + i] = prev
    e.MT[at] = prev
    prev = ((e.MT[at + 1] ^ ((prev ^ (prev >> 30)) * 1664525)) + word) & MASK32
    e.MT[at + 1] = prev
    for i in range(2, 624):
        prev = ((e.MT[at + i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & MASK32
        e.MT[at + i] = prev
    e.MT[at] = prev
    prev = ((e.MT[at + 1] ^ ((prev ^ (prev >> 30)) * 1566083941)) - 1) & MASK32
    e.MT[at + 1] = prev
    e.MT[at] = UPPER
    e.MT[at + 624] = 624


QUAD = [0] * (4 * 624)  # four generators' words side by side, word i of each at 4 * i
MT_START4 = [w for w in MT_START for _ in range(4)]  # MT_START laid out as QUAD


def seed_four(e: TorresBatch, gs: Sequence[int], words: Sequence[int]) -> None:
    """:func:`seed_word` for four games at once, games ``gs`` from the one-word keys
    ``words``: each step of the four generators side by side in QUAD, so that the C compiler
    makes one step of all four with the processor's vector instructions (a seed's steps are
    serial, four seeds' are not); then each generator into its place."""
    w0 = words[0]
    w1 = words[1]
    w2 = words[2]
    w3 = words[3]
    p0 = p1 = p2 = p3 = MT_START[0]
    for i in range(1, 624):
        p0 = ((MT_START4[4 * i] ^ ((p0 ^ (p0 >> 30)) * 1664525)) + w0) & MASK32
        p1 = ((MT_START4[4 * i + 1] ^ ((p1 ^ (p1 >> 30)) * 1664525)) + w1) & MASK32
        p2 = ((MT_START4[4 * i + 2] ^ ((p2 ^ (p2 >> 30)) * 1664525)) + w2) & MASK32
        p3 = ((MT_START4[4 * i + 3] ^ ((p3 ^ (p3 >> 30)) * 1664525)) + w3) & MASK32
        QUAD[4 * i] = p0
        QUAD[4 * i + 1] = p1
        QUAD[4 * i + 2] = p2
        QUAD[4 * i + 3] = p3
    p0 = ((QUAD[4] ^ ((p0 ^ (p0 >> 30)) * 1664525)) + w0) & MASK32
    p1 = ((QUAD[5] ^ ((p1 ^ (p1 >> 30)) * 1664525)) + w1) & MASK32
    p2 = ((QUAD[6] ^ ((p2 ^ (p2 >> 30)) * 1664525)) + w2) & MASK32
    p3 = ((QUAD[7] ^ ((p3 ^ (p3 >> 30)) * 1664525)) + w3) & MASK32
    QUAD[4] = p0
    QUAD[5] = p1
    QUAD[6] = p2
    QUAD[7] = p3
    for i in range(2, 624):
        p0 = ((QUAD[4 * i] ^ ((p0 ^ (p0 >> 30)) * 1566083941)) - i) & MASK32
        p1 = ((QUAD[4 * i + 1] ^ ((p1 ^ (p1 >> 30)) * 1566083941)) - i) & MASK32
        p2 = ((QUAD[4 * i + 2] ^ ((p2 ^ (p2 >> 30)) * 1566083941)) - i) & MASK32
        p3 = ((QUAD[4 * i + 3] ^ ((p3 ^ (p3 >> 30)) * 1566083941)) - i) & MASK32
        QUAD[4 * i] = p0
        QUAD[4 * i + 1] = p1
        QUAD[4 * i + 2] = p2
        QUAD[4 * i + 3] = p3
    QUAD[4] = ((QUAD[4] ^ ((p0 ^ (p0 >> 30)) * 1566083941)) - 1) & MASK32
    QUAD[5] = ((QUAD[5] ^ ((p1 ^ (p1 >> 30)) * 1566083941)) - 1) & MASK32
    QUAD[6] = ((QUAD[6] ^ ((p2 ^ (p2 >> 30)) * 1566083941)) - 1) & MASK32
    QUAD[7] = ((QUAD[7] ^ ((p3 ^ (p3 >> 30)) * 1566083941)) - 1) & MASK32
    mt = e.MT
    for k in range(4):
        g = gs[k]
        at = g * MTW
        for i in range(1, 624):
            mt[at + i] = QUAD[4 * i + k]
        mt[at] = UPPER
        mt[at + 624] = 624


def twist(e: TorresBatch, g: int) -> None:
    """The next 624 words of game ``g``'s generator, in three parts for the ends of the
    wrapping (MT19937's twist)."""
    at = g * MTW
    for k in range(227):
        y = (e.MT[at + k] & UPPER) | (e.MT[at + k + 1] & LOWER)
        e.MT[at + k] = e.MT[at + k + 397] ^ (y >> 1) ^ (-(y & 1) & MATRIX_A)
    for k in range(227, 623):
        y = (e.MT[at + k] & UPPER) | (e.MT[at + k + 1] & LOWER)
        e.MT[at + k] = e.MT[at + k - 227] ^ (y >> 1) ^ (-(y & 1) & MATRIX_A)
    y = (e.MT[at + 623] & UPPER) | (e.MT[at] & LOWER)
    e.MT[at + 623] = e.MT[at + 396] ^ (y >> 1) ^ (-(y & 1) & MATRIX_A)


def temper(y: int) -> int:
    """A word of the generator's state as it is given out (MT19937's tempering)."""
    y ^= y >> 11
    y ^= (y << 7) & TEMPER_B
    y ^= (y << 15) & TEMPER_C
    y ^= y >> 18
    return y & MASK32


def next_word(e: TorresBatch, g: int) -> int:
    """The next 32 bits of game ``g``'s generator (MT19937's genrand_uint32)."""
    at = g * MTW
    i = e.MT[at + 624]
    if i >= 624:
        twist(e, g)
        i = 0
    e.MT[at + 624] = i + 1
    return temper(e.MT[at + i])


def next_float(e: TorresBatch, g: int) -> float:
    """The float random.Random.random() gives next for game ``g``: two words."""
    at = g * MTW
    i = e.MT[at + 624]
    if i < 623:  # both words made already
        e.MT[at + 624] = i + 2
        a = temper(e.MT[at + i]) >> 5
        c = temper(e.MT[at + i + 1]) >> 6
    else:
        a = next_word(e, g) >> 5
        c = next_word(e, g) >> 6
    # the 53 bits made whole as an int (exact), so one conversion to a float
    return ((a << 26) + c) * (1.0 / 9007199254740992.0)


def playout_float(e: TorresBatch, g: int) -> float:
    """:func:`next_float` for a playout: its common case (both words made already) written
    out in the twin's caller, the call left for the rest."""
    at = g * MTW
    i = e.MT[at + 624]
    if i < 623:
        e.MT[at + 624] = i + 2
        a = temper(e.MT[at + i]) >> 5
        c = temper(e.MT[at + i + 1]) >> 6
        return ((a << 26) + c) * (1.0 / 9007199254740992.0)
    return next_float(e, g)


def deciding(e: TorresBatch, g: int) -> int:
    b = g * W
    step = e.S[b + STEP]
    if step == S_OVER:
        return -4
    if step == S_DRAW or step == S_MASTER_DRAW:
        return -1
    if step in (S_TURN, S_KEEP, S_RETURN, S_TAKE_STACK, S_REDISTRIBUTE):
        return e.S[b + TURN]
    return e.S[b + DECIDER]


def sample_draw(e: TorresBatch, g: int, r: float) -> int:
    """The card drawn at a chance node for the float ``r``, as ``sample_chance`` picks it."""
    acc = 0.0
    if e.S[g * W + STEP] == S_MASTER_DRAW:  # one master card of eight, each as likely
        for c in range(MASTER_KINDS):
            acc += 1.0 / MASTER_KINDS
            if r < acc:
                return MASTER_CARD + c
        return MASTER_CARD + MASTER_KINDS - 1
    d = deck_of(e, g, e.S[g * W + TURN])
    total = 0
    for c in range(CARDS):
        total += e.S[d + c]
    last = -1
    for c in range(CARDS):
        if e.S[d + c]:
            acc += e.S[d + c] / total
            last = c
            if r < acc:
                return DRAW + c
    return DRAW + last


def deck_of(e: TorresBatch, g: int, seat: int) -> int:
    """Where the deck ``seat`` draws from starts in S."""
    return g * W + DECK + (0 if e.common else seat * DW)


# ---- the castles and the masks kept of the board -----------------------------------------------
def relabel(S: Any, b: int) -> None:
    """The castles found anew from the heights (ids in square order, as label_castles)."""
    for s in range(SQ):
        S[b + CID + s] = -1
    k = 0
    for s in range(SQ):
        if S[b + H + s] and S[b + CID + s] < 0:
            S[b + CID + s] = k
            area = flood(S, b, s, k)
            S[b + AREA + k] = area
            k += 1
    S[b + NCAS] = k
    for c in range(k):
        S[b + CH + c] = 0
    for s in range(SQ):
        c = S[b + CID + s]
        if c >= 0 and S[b + H + s] > S[b + CH + c]:
            S[b + CH + c] = S[b + H + s]
    S[b + DIRTY] = 1


def flood(S: Any, b: int, s: int, k: int) -> int:
    """Mark castle ``k`` from its square ``s`` onward; its area."""
    todo = BIT[s]
    area = 0
    while todo:
        q = lowest(todo)
        todo &= todo - 1
        area += 1
        for i in range(NNB[q]):
            n = NB[4 * q + i]
            if S[b + H + n] and S[b + CID + n] < 0:
                S[b + CID + n] = k
                todo |= BIT[n]
    return area


def add_block(e: TorresBatch, g: int, s: int) -> None:
    """One block more on ``s``; the castles follow as TorresState's do, and the masks kept of
    them unless they are out of date anyway (movegen.add_block)."""
    b = g * W
    mb = g * MW
    e.M[mb + KNOWN] = 0
    e.S[b + H + s] += 1
    hs = e.S[b + H + s]
    bit = BIT[s]
    fresh = not e.S[b + DIRTY]
    places = e.M[mb + PLACES]
    # only "height <= old height" loses the square
    e.M[mb + LEVELS + hs - 1] &= ~bit
    if hs == 1:
        k = -1
        for i in range(NNB[s]):
            c = e.S[b + CID + NB[4 * s + i]]
            if c >= 0:
                if k >= 0 and c != k:  # two castles joined: never by the rules
                    relabel(e.S, b)
                    return
                k = c
        if k >= 0:
            e.S[b + AREA + k] += 1
            e.S[b + CID + s] = k
            e.M[mb + CMASK + k] |= bit
            places |= e.M[mb + CMASK + k]  # the area grew past every column's height
        else:
            k = e.S[b + NCAS]
            e.S[b + NCAS] = k + 1
            e.S[b + AREA + k] = 1
            e.S[b + CH + k] = 1
            e.S[b + CID + s] = k
            e.M[mb + CMASK + k] = bit
            e.M[mb + DOORS + k] = 0
            places &= ~bit  # one block high on an area of one
        for i in range(NNB[s]):  # the bare squares next to s judged anew
            c = NB[4 * s + i]
            if not e.S[b + H + c]:
                if next_castles(e.S, b, c, -1) == 1:
                    places |= BIT[c]
                else:
                    places &= ~BIT[c]
    else:
        k = e.S[b + CID + s]
        if hs > e.S[b + CH + k]:
            e.S[b + CH + k] = hs
        if hs >= e.S[b + AREA + k]:
            places &= ~bit
    if fresh:
        e.M[mb + PLACES] = places
        # a taller column changes only its own castle's doors (movegen.exits_near)
        exits = e.M[mb + DOORS + k]
        taller = False
        for i in range(NNB[s]):
            c = NB[4 * s + i]
            if e.S[b + H + c] < hs:
                exits |= BIT[c]
            elif e.S[b + H + c] > hs:
                taller = True
        e.M[mb + DOORS + k] = exits | bit if taller else exits & ~bit


def refresh(e: TorresBatch, g: int) -> None:
    """The masks of game ``g`` made anew from the board when a block changed it."""
    b = g * W
    if not e.S[b + DIRTY]:
        return
    mb = g * MW
    ncas = e.S[b + NCAS]
    e.M[mb + KNOWN] = 0
    for k in range(LEVELS_KEPT):
        e.M[mb + LEVELS + k] = 0
    for k in range(ncas):
        e.M[mb + DOORS + k] = 0
        e.M[mb + CMASK + k] = 0
    places = 0
    for s in range(SQ):
        hs = e.S[b + H + s]
        bit = BIT[s]
        e.M[mb + LEVELS + hs] |= bit
        k = e.S[b + CID + s]
        if k >= 0:
            e.M[mb + CMASK + k] |= bit
            if hs < e.S[b + AREA + k]:
                places |= bit
            for i in range(NNB[s]):
                c = NB[4 * s + i]
                if hs > e.S[b + H + c]:
                    e.M[mb + DOORS + k] |= BIT[c]
        else:
            one = -1
            for i in range(NNB[s]):
                c = e.S[b + CID + NB[4 * s + i]]
                if c >= 0:
                    if one >= 0 and c != one:
                        one = -2
                        break
                    one = c
            if one >= 0:
                places |= bit
    e.M[mb + PLACES] = places
    for k in range(1, LEVELS_KEPT):
        e.M[mb + LEVELS + k] |= e.M[mb + LEVELS + k - 1]
    e.S[b + DIRTY] = 0


# a turn's legal actions as runs while turn_runs counts them (NRUNS of them; -1 when not
# counting): shared by every engine, like T, and module-level C arrays in the twin, so that
# their addresses are constants (RUNS long there, batch.pxd)
if not cython.compiled:
    RUN_BASE = [0] * RUNS
    RUN_MASK = [0] * RUNS
    RUN_END = [0] * RUNS  # the count of the actions up to the run's end
NRUNS = -1


def add_squares(e: TorresBatch, n: int, base: int, mask: int) -> int:
    """``base + s`` into L from ``n`` on, for each set bit s of ``mask``; the new count.
    While :func:`turn_runs` counts, the run (``base``, ``mask``) is kept instead, with the
    count at its end."""
    global NRUNS
    if NRUNS >= 0:
        if mask:
            k = NRUNS
            n += ones(mask)
            RUN_BASE[k] = base
            RUN_MASK[k] = mask
            RUN_END[k] = n
            NRUNS = k + 1
        return n
    while mask:
        e.L[n] = base + lowest(mask)
        n += 1
        mask &= mask - 1
    return n


# ---- the legal actions -------------------------------------------------------------------------
def turn_runs(e: TorresBatch, g: int) -> int:
    """How many legal actions a turn of game ``g`` has, kept as runs (a base and a mask each,
    in the list's order) rather than written out: a random playout needs only the one it
    picks (:func:`run_action`)."""
    global NRUNS
    if e.S[g * W + DIRTY]:
        refresh(e, g)
    NRUNS = 0
    n = turn_actions(e, g)
    NRUNS = -1
    return n


def run_action(e: TorresBatch, i: int) -> int:
    """The ``i``-th legal action of the runs :func:`turn_runs` kept: ``legal_actions()[i]``."""
    j = 0
    while RUN_END[j] <= i:
        j += 1
    if j:
        i -= RUN_END[j - 1]
    mask = RUN_MASK[j]
    while i:
        mask &= mask - 1
        i -= 1
    return RUN_BASE[j] + lowest(mask)


def make_legal(e: TorresBatch, g: int) -> int:
    """The legal actions of game ``g`` into L, in increasing order; how many."""
    step = e.S[g * W + STEP]
    if step == S_TURN:
        if e.S[g * W + DIRTY]:
            refresh(e, g)
        return turn_actions(e, g)
    return step_actions(e, g, step)


def step_actions(e: TorresBatch, g: int, step: int) -> int:
    """The legal actions of every step but a turn's (legality.step_actions)."""
    b = g * W
    p = e.S[b + TURN]
    n = 0
    if step == S_DRAW:
        d = deck_of(e, g, p)
        for c in range(CARDS):
            if e.S[d + c]:
                e.L[n] = DRAW + c
                n += 1
    elif step == S_KEEP or step == S_RETURN:
        held = 0
        for i in range(e.S[b + NDRAWN]):
            held |= BIT[e.S[b + DRAWN + i]]
        n = add_squares(e, 0, KEEP if step == S_KEEP else RETURN_TOP, held)
        if step == S_RETURN:
            n = add_squares(e, n, RETURN_BOTTOM, held)
    elif step == S_TAKE_STACK or step == S_REDISTRIBUTE:
        if step == S_REDISTRIBUTE:
            e.L[0] = RETURN_REST
            n = 1
        heights = 0
        for i in range(e.S[b + NSTK + p]):
            hgt = e.S[b + STK + 4 * p + i]
            if step == S_TAKE_STACK or hgt < 3:
                heights |= BIT[hgt]
        n = add_squares(e, n, (TAKE_STACK if step == S_TAKE_STACK else REDISTRIBUTE) - 1, heights)
    elif step == S_SETUP_CASTLE:
        n = castle_squares(e, g)
    elif step == S_MASTER_DRAW:
        for c in range(MASTER_KINDS):
            e.L[c] = MASTER_CARD + c
        n = MASTER_KINDS
    elif step == S_KING_MOVE:
        e.L[0] = KING_STAY
        n = 1
        for s in range(SQ):
            if e.S[b + H + s] and e.S[b + OCC + s] == -1:
                e.L[n] = PLACE_KING + s
                n += 1
    elif step == S_SETUP_KNIGHT or step == S_SETUP_KING:
        taken = 0  # castles with a piece on them
        for s in range(SQ):
            if e.S[b + OCC + s] != -1 and e.S[b + CID + s] >= 0:
                taken |= BIT[e.S[b + CID + s]]
        base = SETUP_KNIGHT if step == S_SETUP_KNIGHT else PLACE_KING
        for s in range(SQ):
            k = e.S[b + CID + s]
            if e.S[b + H + s] and not (taken >> k) & 1 and e.S[b + OCC + s] == -1:
                e.L[n] = base + s
                n += 1
    return n


def turn_actions(e: TorresBatch, g: int) -> int:
    """The legal actions of a turn (movegen.turn_actions), in increasing order."""
    b = g * W
    mb = g * MW
    p = e.S[b + TURN]
    ap = e.S[b + AP]
    active = e.S[b + INUSE]
    nst = e.S[b + NSTK + p]
    first = BIT[END_TURN]  # the actions below 64: one run
    if ap >= 1:
        first |= BIT[ADVANCE]
        if e.S[b + ACQS] < e.max_acq and deck_has_cards(e.S, deck_of(e, g, p)):
            first |= BIT[ACQUIRE]
    if active == -1 and nst:
        for i in range(nst):
            first |= BIT[TAKE_STACK - 1 + e.S[b + STK + 4 * p + i]]
    hand = b + HAND + CARDS * p
    cards = 0 if e.S[b + CPLAYED] else e.S[b + HELD + p]
    if cards:
        if e.S[hand + C_SIX] > e.S[b + ACQ + C_SIX]:
            first |= BIT[PLAY_SIX]
        if e.S[hand + C_SEVEN] > e.S[b + ACQ + C_SEVEN]:
            first |= BIT[PLAY_SEVEN]
    n = add_squares(e, 0, 0, first)
    free = e.M[mb + FREE]
    mine = e.M[mb + MINE + p]
    if ap >= 1:
        if ap >= 2 and ones(mine) < e.knights_max:
            beside = 0
            rest = mine
            while rest:
                a = lowest(rest)
                rest &= rest - 1
                beside |= NEAR[a] & e.M[mb + LEVELS + e.S[b + H + a]]
            n = add_squares(e, n, ADD_KNIGHT, beside & free)
        # blocks from the stack in use, or from the only height of stack there is
        if e.S[b + BLOCKS] < 3 and (
            active > 0
            or (
                active == -1
                and nst
                and e.S[b + STK + 4 * p] == e.S[b + STK + 4 * p + nst - 1]  # one height of stack
            )
        ):
            n = add_squares(e, n, PLACE_BLOCK, e.M[mb + PLACES] & free)
    if cards:
        n = card_moves(e, g, p, n, mine)
    if ap >= 1:
        n = knight_moves(e, g, n, mine, 0)
    if cards:
        n = late_card_moves(e, g, p, n, mine)
    return n


def knight_moves(e: TorresBatch, g: int, n: int, mine: int, climb: int) -> int:
    """The moves of the knights ``mine`` (a mask), lowest square first (movegen.knight_pass): steps and door passages, or with
    ``climb`` the Door climb card's passages; into L from ``n`` on, the new count."""
    b = g * W
    mb = g * MW
    free = e.M[mb + FREE]
    known = e.M[mb + KNOWN]
    offset = DOOR_CLIMB if climb else MOVE
    rest = mine
    while rest:
        a = lowest(rest)
        rest &= rest - 1
        if not climb and (known >> a) & 1:  # the steps found since the last block
            n = add_squares(e, n, offset + a * SQ, e.M[mb + REACH + a] & free)
            continue
        ha = e.S[b + H + a]
        near = NEAR[a]
        lower = e.M[mb + LEVELS + ha]
        level = near & lower
        if level == near:
            if climb:
                continue
            reach = near  # no taller neighbour: no doors, every neighbour is a step
        else:
            reach = 0 if climb else near & e.M[mb + LEVELS + ha + 1]
            # a taller neighbour: its castle's doors lead anywhere round that castle
            if ha:
                exits = e.M[mb + DOORS + e.S[b + CID + a]]
            else:
                exits = 0
                tall = near & ~lower  # the neighbours with blocks on them
                while tall:
                    exits |= e.M[mb + DOORS + e.S[b + CID + lowest(tall)]]
                    tall &= tall - 1
            reach |= exits if climb else exits & lower
        if not climb:
            e.M[mb + REACH + a] = reach
            known |= BIT[a]
        n = add_squares(e, n, offset + a * SQ, reach & free)
    if not climb:
        e.M[mb + KNOWN] = known
    return n


def card_moves(e: TorresBatch, g: int, p: int, n: int, mine: int) -> int:
    """The moves of the cards Extra block, Block under a knight, Jump up, Diagonal and Jump
    over, in that order (movegen.card_moves)."""
    b = g * W
    mb = g * MW
    hand = b + HAND + CARDS * p
    acq = b + ACQ
    free = e.M[mb + FREE]
    if e.S[hand + C_EXTRA_BLOCK] > e.S[acq + C_EXTRA_BLOCK] and e.S[b + SUPPLY] > 0:
        n = add_squares(e, n, EXTRA_BLOCK, e.M[mb + PLACES] & free)
    if e.S[hand + C_BLOCK_UNDER] > e.S[acq + C_BLOCK_UNDER]:
        sources = 0  # the stack in use (0) or a stack of each height
        for i in range(e.S[b + NSTK + p]):
            sources |= BIT[e.S[b + STK + 4 * p + i]]
        if e.S[b + INUSE] > 0:
            sources |= 1
        if sources:
            rest = mine
            while rest:
                a = lowest(rest)
                rest &= rest - 1
                ha = e.S[b + H + a]
                if ha:
                    fits = ha + 1 <= e.S[b + AREA + e.S[b + CID + a]]
                else:
                    fits = next_castles(e.S, b, a, -1) <= 1
                if fits:
                    n = add_squares(e, n, BLOCK_UNDER + 4 * a, sources)
    if e.S[hand + C_JUMP_UP] > e.S[acq + C_JUMP_UP]:
        rest = mine
        while rest:
            a = lowest(rest)
            rest &= rest - 1
            ha = e.S[b + H + a]
            dirs = 0  # the directions open, a bit each
            for d in range(4):
                c = ODIR[4 * a + d]
                if c >= 0 and e.S[b + OCC + c] == -1 and e.S[b + H + c] == ha + 2:
                    dirs |= BIT[d]
            n = add_squares(e, n, JUMP_UP + 4 * a, dirs)
    if e.S[hand + C_DIAGONAL] > e.S[acq + C_DIAGONAL]:
        rest = mine
        while rest:
            a = lowest(rest)
            rest &= rest - 1
            ha = e.S[b + H + a]
            dirs = 0
            for d in range(4):
                c = DDIR[4 * a + d]
                if c >= 0 and e.S[b + OCC + c] == -1 and e.S[b + H + c] <= ha + 1:
                    dirs |= BIT[d]
            n = add_squares(e, n, DIAGONAL + 4 * a, dirs)
    if e.S[hand + C_JUMP_OVER] > e.S[acq + C_JUMP_OVER]:
        rest = mine
        while rest:
            a = lowest(rest)
            rest &= rest - 1
            ha = e.S[b + H + a]
            dirs = 0
            for d in range(4):
                c = ODIR2[4 * a + d]
                if c >= 0:
                    m = e.S[b + OCC + ODIR[4 * a + d]]
                    if 0 <= m < KING and e.S[b + OCC + c] == -1 and e.S[b + H + c] <= ha + 1:
                        dirs |= BIT[d]
            n = add_squares(e, n, JUMP_OVER + 4 * a, dirs)
    return n


def next_castles(S: Any, b: int, s: int, without: int) -> int:
    """How many castles touch square ``s`` (0, 1 or 2 for more), square ``without`` aside."""
    one = -1
    for i in range(NNB[s]):
        q = NB[4 * s + i]
        if q != without:
            c = S[b + CID + q]
            if c >= 0:
                if one >= 0 and c != one:
                    return 2
                one = c
    return 1 if one >= 0 else 0


def late_card_moves(e: TorresBatch, g: int, p: int, n: int, mine: int) -> int:
    """The moves of the cards Door climb, Relocate and Move a tower block, in that order
    (movegen.late_card_moves)."""
    b = g * W
    mb = g * MW
    hand = b + HAND + CARDS * p
    acq = b + ACQ
    free = e.M[mb + FREE]
    if e.S[hand + C_DOOR_CLIMB] > e.S[acq + C_DOOR_CLIMB]:
        n = knight_moves(e, g, n, mine, 1)
    if e.S[hand + C_RELOCATE] > e.S[acq + C_RELOCATE]:
        # as though adding a knight beside one of the seat's other knights
        rest = mine
        while rest:
            a = lowest(rest)
            rest &= rest - 1
            reach = 0
            others = mine & ~BIT[a]
            while others:
                k = lowest(others)
                others &= others - 1
                reach |= NEAR[k] & e.M[mb + LEVELS + e.S[b + H + k]]
            n = add_squares(e, n, RELOCATE + a * SQ, reach & free)
    if e.S[hand + C_MOVE_BLOCK] > e.S[acq + C_MOVE_BLOCK]:
        n = block_moves(e, g, n)
    return n


def block_moves(e: TorresBatch, g: int, n: int) -> int:
    """The Move a tower block card's moves (movegen.block_move_masks)."""
    b = g * W
    mb = g * MW
    count = e.S[b + NCAS]
    minimum = e.min_castles
    places = e.M[mb + PLACES]
    free = e.M[mb + FREE]
    alone = 0
    for c in range(SQ):
        if not e.S[b + H + c] and next_castles(e.S, b, c, -1) == 0:
            alone |= BIT[c]
    kept = (places if count >= minimum else 0) | (alone if count + 1 >= minimum else 0)
    kept &= free
    for a in range(SQ):
        ha = e.S[b + H + a]
        if not ha or e.S[b + OCC + a] != -1:
            continue
        bit = BIT[a]
        if ha > 1:  # the castles stay as they are
            n = add_squares(e, n, MOVE_BLOCK + a * SQ, kept & ~bit)
            continue
        k = e.S[b + CID + a]
        area = e.S[b + AREA + k]
        near = NEAR[a]
        if area == 1:
            left = count - 1  # the castle goes
            targets = places & ~near if left >= minimum else 0
        else:
            squares = e.M[mb + CMASK + k]
            if e.S[b + CH + k] > area - 1 or not connected_without(squares, a):
                continue  # taller than its new area, or divided
            left = count
            if left >= minimum:
                shorter = e.M[mb + LEVELS + area - 2]  # lower than area - 1
                targets = places & ~near & ~squares | squares & shorter
            else:
                targets = 0
        if left + 1 >= minimum:
            targets |= alone & ~near
        for i in range(NNB[a]):
            c = NB[4 * a + i]
            if not e.S[b + H + c]:  # the ground next to a, judged with a bare
                castles = next_castles(e.S, b, c, a)
                if castles == 1 and left >= minimum or castles == 0 and left + 1 >= minimum:
                    targets |= BIT[c]
        n = add_squares(e, n, MOVE_BLOCK + a * SQ, targets & free & ~bit)
    return n


def connected_without(squares: int, a: int) -> bool:
    """True when the castle made of ``squares`` stays in one piece without square ``a``."""
    rest = squares & ~BIT[a]
    start = -1
    for i in range(NNB[a]):
        c = NB[4 * a + i]
        if (rest >> c) & 1:
            start = c
            break
    return reached(rest, start) == rest


def reached(squares: int, start: int) -> int:
    """The squares of ``squares`` joined orthogonally to ``start`` (one of them) through
    them."""
    seen = BIT[start]
    todo = seen
    while todo:
        q = lowest(todo)
        todo &= todo - 1
        for i in range(NNB[q]):
            c = NB[4 * q + i]
            if (squares >> c) & 1 and not (seen >> c) & 1:
                seen |= BIT[c]
                todo |= BIT[c]
    return seen


def deck_has_cards(S: Any, d: int) -> bool:
    if S[d + D_TOP - 1] or S[d + D_BOT - 1]:
        return True
    for c in range(CARDS):
        if S[d + c]:
            return True
    return False


def deck_needs_chance(S: Any, d: int) -> bool:
    if S[d + D_TOP - 1]:
        return False
    for c in range(CARDS):
        if S[d + c]:
            return True
    return False


# ---- the transitions (rules._apply and the rulebook's sections it calls) -----------------------
def apply_to(e: TorresBatch, g: int, a: int) -> None:
    """Apply the legal action ``a`` to game ``g`` (TorresState._apply)."""
    b = g * W
    p = e.S[b + TURN]
    if MOVE <= a < DOOR_CLIMB:
        e.S[b + AP] -= 1
        move_knight(e, g, p, (a - MOVE) >> 6, (a - MOVE) & 63)
        return
    if PLACE_BLOCK <= a < EXTRA_BLOCK:
        if e.S[b + INUSE] == -1:
            take_stack(e.S, b, p, e.S[b + STK + 4 * p])
        e.S[b + INUSE] -= 1
        e.S[b + BLOCKS] += 1
        e.S[b + AP] -= 1
        add_block(e, g, a - PLACE_BLOCK)
        return
    if a == END_TURN:
        nst = e.S[b + NSTK + p]
        if e.S[b + INUSE] == -1 and nst:
            if e.S[b + STK + 4 * p] != e.S[b + STK + 4 * p + nst - 1]:
                e.S[b + STEP] = S_TAKE_STACK  # the player says which stack was used
                return
            take_stack(e.S, b, p, e.S[b + STK + 4 * p])
        after_stack(e, g)
        return
    if a >= EXTRA_BLOCK:
        apply_card(e, g, p, a)
    elif a >= ADD_KNIGHT:
        e.S[b + AP] -= e.cost_add
        put_knight(e, g, p, a - ADD_KNIGHT)
    elif a >= PLACE_KING:
        move_king(e, g, a - PLACE_KING)
        if e.S[b + STEP] == S_KING_MOVE:
            begin_phase(e, g, e.S[b + PHASE] + 1, e.S[b + DECIDER])
        else:
            begin_phase(e, g, 0, 0)
    elif a >= SETUP_KNIGHT:
        setup_knight(e, g, a - SETUP_KNIGHT)
    elif a >= SETUP_CASTLE:
        setup_castle(e, g, a - SETUP_CASTLE)
    elif a >= MASTER_CARD:
        e.S[b + MASTER] = a - MASTER_CARD
        e.S[b + STEP] = S_SETUP_CASTLE
    elif a >= DRAW:
        draw(e, g, p, a - DRAW)
    elif a >= RETURN_BOTTOM:
        put_back(e, g, p, a - RETURN_BOTTOM, 0)
    elif a >= RETURN_TOP:
        put_back(e, g, p, a - RETURN_TOP, 1)
    elif a >= KEEP:
        keep(e, g, p, a - KEEP)
    elif a == PLAY_SEVEN:
        use_card(e.S, b, p, C_SEVEN)
        e.S[b + AP] += 2
    elif a == PLAY_SIX:
        use_card(e.S, b, p, C_SIX)
        e.S[b + AP] += 1
    elif a >= REDISTRIBUTE:
        redistribute(e, g, p, a - REDISTRIBUTE + 1)
    elif a >= TAKE_STACK:
        take_stack(e.S, b, p, a - TAKE_STACK + 1)
        if e.S[b + STEP] == S_TAKE_STACK:
            after_stack(e, g)
    elif a == RETURN_REST:
        return_leftover(e, g)
    elif a == ACQUIRE:
        e.S[b + AP] -= 1
        e.S[b + ACQS] += 1
        e.S[b + TODRAW] = 1 if e.common else e.acquire_draw
        continue_draw(e, g)
    elif a == KING_STAY:
        begin_phase(e, g, e.S[b + PHASE] + 1, e.S[b + DECIDER])
    elif a == ADVANCE:
        e.S[b + AP] -= 1
        advance(e, g, p, 1)


def apply_card(e: TorresBatch, g: int, p: int, a: int) -> None:
    """The Action Cards played on the board: their blocks and their moves (cards.py)."""
    b = g * W
    if a >= MOVE_BLOCK:
        use_card(e.S, b, p, C_MOVE_BLOCK)
        e.S[b + H + ((a - MOVE_BLOCK) >> 6)] -= 1
        e.S[b + H + ((a - MOVE_BLOCK) & 63)] += 1
        relabel(e.S, b)
    elif a >= RELOCATE:
        use_card(e.S, b, p, C_RELOCATE)
        move_knight(e, g, p, (a - RELOCATE) >> 6, (a - RELOCATE) & 63)
    elif a >= DOOR_CLIMB:
        use_card(e.S, b, p, C_DOOR_CLIMB)
        move_knight(e, g, p, (a - DOOR_CLIMB) >> 6, (a - DOOR_CLIMB) & 63)
    elif a >= JUMP_OVER:
        use_card(e.S, b, p, C_JUMP_OVER)
        move_knight(e, g, p, (a - JUMP_OVER) >> 2, ODIR2[a - JUMP_OVER])
    elif a >= DIAGONAL:
        use_card(e.S, b, p, C_DIAGONAL)
        move_knight(e, g, p, (a - DIAGONAL) >> 2, DDIR[a - DIAGONAL])
    elif a >= JUMP_UP:
        use_card(e.S, b, p, C_JUMP_UP)
        move_knight(e, g, p, (a - JUMP_UP) >> 2, ODIR[a - JUMP_UP])
    elif a >= BLOCK_UNDER:
        use_card(e.S, b, p, C_BLOCK_UNDER)
        source = (a - BLOCK_UNDER) & 3
        if source == 0:
            e.S[b + INUSE] -= 1
        else:
            remove_stack(e.S, b, p, source)
            if source > 1:
                insert_stack(e.S, b, p, source - 1)
        add_block(e, g, (a - BLOCK_UNDER) >> 2)
    else:  # Extra tower block
        use_card(e.S, b, p, C_EXTRA_BLOCK)
        e.S[b + SUPPLY] -= 1
        add_block(e, g, a - EXTRA_BLOCK)


# ---- the pieces --------------------------------------------------------------------------------
def move_knight(e: TorresBatch, g: int, p: int, a: int, c: int) -> None:
    b = g * W
    e.S[b + OCC + a] = -1
    e.S[b + OCC + c] = p
    e.M[g * MW + FREE] ^= BIT[a] | BIT[c]
    e.M[g * MW + MINE + p] ^= BIT[a] | BIT[c]
    at = b + KN + KNIGHTS * p
    for i in range(e.S[b + NK + p]):
        if e.S[at + i] == a:
            e.S[at + i] = c
            return


def put_knight(e: TorresBatch, g: int, p: int, s: int) -> None:
    b = g * W
    e.S[b + OCC + s] = p
    e.M[g * MW + FREE] &= ~BIT[s]
    e.M[g * MW + MINE + p] |= BIT[s]
    e.S[b + KN + KNIGHTS * p + e.S[b + NK + p]] = s
    e.S[b + NK + p] += 1


def move_king(e: TorresBatch, g: int, s: int) -> None:
    b = g * W
    mb = g * MW
    king = e.S[b + KINGSQ]
    if king >= 0:
        e.S[b + OCC + king] = -1
        e.M[mb + FREE] |= BIT[king]
    e.S[b + KINGSQ] = s
    e.S[b + OCC + s] = KING
    e.M[mb + FREE] &= ~BIT[s]


def setup_knight(e: TorresBatch, g: int, s: int) -> None:
    """Preparation: each player in turn places a first knight; the last places the King."""
    b = g * W
    put_knight(e, g, e.S[b + DECIDER], s)
    e.S[b + PLACED] += 1
    if e.S[b + PLACED] == e.players:
        e.S[b + STEP] = S_SETUP_KING
        e.S[b + DECIDER] = e.players - 1
    else:
        e.S[b + DECIDER] = e.S[b + PLACED]


def manhattan(a: int, c: int) -> int:
    dx = a % 8 - c % 8
    dy = a // 8 - c // 8
    return (dx if dx >= 0 else -dx) + (dy if dy >= 0 else -dy)


def castle_distance(e: TorresBatch, g: int) -> int:
    """The distance a new starting castle keeps from the others (setup.castle_setup_distance):
    the rulebook's, else the largest still possible."""
    b = g * W
    for need in range(e.min_distance, 1, -1):
        for s in range(SQ):
            if not e.S[b + H + s] and far_enough(e.S, b, s, need):
                return need
    return 2


def far_enough(S: Any, b: int, s: int, need: int) -> bool:
    for c in range(SQ):
        if S[b + H + c] and manhattan(s, c) < need:
            return False
    return True


def castle_squares(e: TorresBatch, g: int) -> int:
    """Master Version, Initial placement of the castles: the squares a castle may go on."""
    b = g * W
    need = castle_distance(e, g)
    n = 0
    for s in range(SQ):
        if not e.S[b + H + s] and far_enough(e.S, b, s, need):
            e.L[n] = SETUP_CASTLE + s
            n += 1
    return n


def setup_castle(e: TorresBatch, g: int, s: int) -> None:
    """Master Version: the players in turn place the 8 foundations; then the first knights."""
    b = g * W
    e.S[b + H + s] = 1
    e.S[b + SUPPLY] -= 1
    relabel(e.S, b)
    e.S[b + PLACED] += 1
    if e.S[b + PLACED] == 8:
        e.S[b + PLACED] = 0
        e.S[b + DECIDER] = 0
        e.S[b + STEP] = S_SETUP_KNIGHT
    else:
        e.S[b + DECIDER] = e.S[b + PLACED] % e.players


def leader(e: TorresBatch, g: int, unchanged: int) -> int:
    """Master version, Turn order: the one player with the most points, else ``unchanged``."""
    b = g * W
    best = 0
    for i in range(e.players):
        if i == 0 or e.S[b + SCORE + i] > e.S[b + SCORE + best]:
            best = i
    for i in range(e.players):
        if i != best and e.S[b + SCORE + i] == e.S[b + SCORE + best]:
            return unchanged
    return best


# ---- the stacks and the turn (turn.py) ---------------------------------------------------------
def remove_stack(S: Any, b: int, p: int, height: int) -> None:
    """The first stack of ``height`` out of seat ``p``'s (list.remove)."""
    at = b + STK + 4 * p
    count = S[b + NSTK + p]
    i = 0
    while S[at + i] != height:
        i += 1
    while i + 1 < count:
        S[at + i] = S[at + i + 1]
        i += 1
    S[b + NSTK + p] = count - 1


def insert_stack(S: Any, b: int, p: int, height: int) -> None:
    """A stack of ``height`` into seat ``p``'s, kept tallest first (append, then sort)."""
    at = b + STK + 4 * p
    i = S[b + NSTK + p]
    while i > 0 and S[at + i - 1] < height:
        S[at + i] = S[at + i - 1]
        i -= 1
    S[at + i] = height
    S[b + NSTK + p] += 1


def take_stack(S: Any, b: int, p: int, height: int) -> None:
    remove_stack(S, b, p, height)
    S[b + INUSE] = height


def after_stack(e: TorresBatch, g: int) -> None:
    """End of turn once its stack is settled: leftovers, then the next turn."""
    b = g * W
    p = e.S[b + TURN]
    left = e.S[b + INUSE]
    e.S[b + LEFTOVER] = left if left > 0 else 0
    e.S[b + INUSE] = -1
    nst = e.S[b + NSTK + p]
    if e.S[b + LEFTOVER] and nst and e.S[b + STK + 4 * p + nst - 1] < 3:
        e.S[b + STEP] = S_REDISTRIBUTE
        return
    return_leftover(e, g)


def redistribute(e: TorresBatch, g: int, p: int, height: int) -> None:
    b = g * W
    remove_stack(e.S, b, p, height)
    insert_stack(e.S, b, p, height + 1)
    e.S[b + LEFTOVER] -= 1
    if not e.S[b + LEFTOVER] or e.S[b + STK + 4 * p + e.S[b + NSTK + p] - 1] >= 3:
        return_leftover(e, g)


def return_leftover(e: TorresBatch, g: int) -> None:
    b = g * W
    e.S[b + SUPPLY] += e.S[b + LEFTOVER]
    e.S[b + LEFTOVER] = 0
    next_turn(e, g)


def begin_turn(S: Any, b: int, action_points: int) -> None:
    S[b + STEP] = S_TURN
    S[b + AP] = action_points
    S[b + BLOCKS] = 0
    S[b + INUSE] = -1
    S[b + CPLAYED] = 0
    S[b + ACQS] = 0
    for c in range(CARDS):
        S[b + ACQ + c] = 0


def next_turn(e: TorresBatch, g: int) -> None:
    """The next player; after the round's last turn the next round or the phase's scoring."""
    b = g * W
    n = e.players
    e.S[b + TAKEN] += 1
    if e.S[b + TAKEN] < n:
        e.S[b + TURN] = (e.S[b + TURN] + 1) % n
        begin_turn(e.S, b, e.action_points)
        return
    e.S[b + ROUND] += 1
    if e.S[b + ROUND] == e.rounds[e.S[b + PHASE]]:
        score_phase(e, g)
        return
    e.S[b + TAKEN] = 0
    if e.master:
        e.S[b + START] = leader(e, g, e.S[b + START])
    e.S[b + TURN] = e.S[b + START]
    begin_turn(e.S, b, e.action_points)


def begin_phase(e: TorresBatch, g: int, phase: int, start: int) -> None:
    """Tower block distribution: each seat's stacks from the PHASES card, dealt from the
    supply in turn order from the starting player."""
    b = g * W
    n = e.players
    if e.master and phase > 0:
        start = leader(e, g, start)
    e.S[b + PHASE] = phase
    e.S[b + ROUND] = 0
    e.S[b + TAKEN] = 0
    e.S[b + START] = start
    e.S[b + TURN] = start
    for i in range(n):
        seat = (start + i) % n
        e.S[b + NSTK + seat] = 0
        for j in range(e.card_count[phase]):
            got = e.card_stacks[4 * phase + j]
            if got > e.S[b + SUPPLY]:
                got = e.S[b + SUPPLY]
            e.S[b + SUPPLY] -= got
            if got:
                insert_stack(e.S, b, seat, got)
    begin_turn(e.S, b, e.action_points)


# ---- scoring (scoring.py) ----------------------------------------------------------------------
def advance(e: TorresBatch, g: int, seat: int, points: int) -> None:
    """A scoring marker on; it lands on the next space no other marker holds."""
    if points <= 0:
        return
    b = g * W
    target = e.S[b + SCORE + seat] + points
    moved = True
    while moved:
        moved = False
        for i in range(e.players):
            if i != seat and e.S[b + SCORE + i] == target:
                target += 1
                moved = True
    e.S[b + SCORE + seat] = target


def castle_points(e: TorresBatch, g: int, seat: int) -> int:
    """Area x level of the seat's highest knight, for each castle it stands on."""
    b = g * W
    at = b + KN + KNIGHTS * seat
    count = e.S[b + NK + seat]
    points = 0
    for i in range(count):
        s = e.S[at + i]
        k = e.S[b + CID + s]
        if k < 0:
            continue
        hs = e.S[b + H + s]
        best = True  # the first of the highest knights on its castle counts
        for j in range(count):
            q = e.S[at + j]
            if j != i and e.S[b + CID + q] == k:
                if e.S[b + H + q] > hs or (e.S[b + H + q] == hs and j < i):
                    best = False
                    break
        if best:
            points += e.S[b + AREA + k] * hs
    return points


def king_bonus(e: TorresBatch, g: int, seat: int, phase: int) -> int:
    b = g * W
    k = e.S[b + CID + e.S[b + KINGSQ]]
    at = b + KN + KNIGHTS * seat
    for i in range(e.S[b + NK + seat]):
        s = e.S[at + i]
        if e.S[b + CID + s] == k and e.S[b + H + s] == phase + 1:
            return e.king_bonus[phase]
    return 0


def score_phase(e: TorresBatch, g: int) -> None:
    """Score the phase, take back the stacks, end the game or let the lowest move the King."""
    b = g * W
    n = e.players
    start = e.S[b + START]
    phase = e.S[b + PHASE]
    for i in range(n):
        seat = (start + i) % n
        advance(e, g, seat, castle_points(e, g, seat))
    for i in range(n):
        seat = (start + i) % n
        advance(e, g, seat, king_bonus(e, g, seat, phase))
    if e.master:
        for i in range(n):
            seat = (start + i) % n
            advance(e, g, seat, master_points(e, g, seat, phase))
    for seat in range(n):
        for i in range(e.S[b + NSTK + seat]):
            e.S[b + SUPPLY] += e.S[b + STK + 4 * seat + i]
        e.S[b + NSTK + seat] = 0
    if phase == e.phases - 1:
        e.S[b + STEP] = S_OVER
        return
    low = e.S[b + SCORE]
    for seat in range(n):
        if e.S[b + SCORE + seat] < low:
            low = e.S[b + SCORE + seat]
    for i in range(n):
        seat = (start + i) % n
        if e.S[b + SCORE + seat] == low:
            e.S[b + DECIDER] = seat
            break
    e.S[b + STEP] = S_KING_MOVE


# ---- the master cards (master.py) -------------------------------------------------------------
def master_points(e: TorresBatch, g: int, seat: int, phase: int) -> int:
    """What the master card in play gives ``seat`` at the scoring after ``phase``."""
    b = g * W
    card = e.S[b + MASTER]
    per = e.master_points[3 * card + phase]
    if per == 0:
        return 0
    kind = e.master_kind[card]
    if kind == M_BORDER or kind == M_DIAGONALS:
        marks = BORDER if kind == M_BORDER else MAIN_DIAGONALS
        mine = marked(e.S, b, seat, marks)
        points = mine * per
        for i in range(e.players):  # the one player with the most such knights
            if i != seat and marked(e.S, b, i, marks) >= mine:
                return points
        return points + e.master_most[3 * card + phase] if mine > 0 else points
    return per if has_requirement(e.S, b, seat, kind, e.master_castles[phase]) else 0


def marked(S: Any, b: int, seat: int, marks: int) -> int:
    """How many of the seat's knights stand on the squares of ``marks``."""
    count = 0
    for i in range(S[b + NK + seat]):
        if (marks >> S[b + KN + KNIGHTS * seat + i]) & 1:
            count += 1
    return count


def has_requirement(S: Any, b: int, seat: int, kind: int, castles: int) -> bool:
    """The master cards scored a whole: does the seat meet the requirement of ``kind``?"""
    at = b + KN + KNIGHTS * seat
    count = S[b + NK + seat]
    if kind == M_CASTLE_COUNT:
        seen = 0
        for i in range(count):
            k = S[b + CID + S[at + i]]
            if k >= 0:
                seen |= BIT[k]
        return bin(seen).count("1") == castles
    if count < 2 and kind != M_SQUARE:
        return False
    if kind == M_SQUARE:
        return has_square(S, at, count)
    if kind == M_NEIGHBORS:
        return all_neighboring(S, at, count)
    same_level = same_x = same_y = True
    different = True
    for i in range(count):
        a = S[at + i]
        for j in range(count):
            c = S[at + j]
            if j != i:
                if S[b + H + a] != S[b + H + c]:
                    same_level = False
                elif j > i:
                    different = False
                if a % 8 != c % 8:
                    same_x = False
                if a // 8 != c // 8:
                    same_y = False
    if kind == M_DIFFERENT_LEVELS:
        return different
    if kind == M_SAME_LEVEL:
        return same_level
    return same_x or same_y  # in a row


def has_square(S: Any, at: int, count: int) -> bool:
    """Four knights at the corners of a square, in any orientation (master.has_square)."""
    for i in range(count):
        for j in range(count):
            p = S[at + i]
            q = S[at + j]
            x1, y1, x2, y2 = p % 8, p // 8, q % 8, q // 8
            if (x1, y1) < (x2, y2):
                dx = x2 - x1
                dy = y2 - y1
                if knight_at(S, at, count, x1 - dy, y1 + dx) and knight_at(
                    S, at, count, x2 - dy, y2 + dx
                ):
                    return True
    return False


def knight_at(S: Any, at: int, count: int, x: int, y: int) -> bool:
    if not (0 <= x < 8 and 0 <= y < 8):
        return False
    for i in range(count):
        if S[at + i] == 8 * y + x:
            return True
    return False


def all_neighboring(S: Any, at: int, count: int) -> bool:
    """The knights make one group joined orthogonally (master.all_neighboring)."""
    mine = 0
    for i in range(count):
        mine |= BIT[S[at + i]]
    return reached(mine, S[at]) == mine


# ---- the action cards (cards.py) ---------------------------------------------------------------
def continue_draw(e: TorresBatch, g: int) -> None:
    """Draw the cards still to draw whose identity is known; a chance step for the others."""
    b = g * W
    d = deck_of(e, g, e.S[b + TURN])
    while e.S[b + TODRAW] > 0 and deck_has_cards(e.S, d) and not deck_needs_chance(e.S, d):
        e.S[b + DRAWN + e.S[b + NDRAWN]] = deck_draw_known(e.S, d)
        e.S[b + NDRAWN] += 1
        e.S[b + TODRAW] -= 1
    if e.S[b + TODRAW] > 0 and deck_has_cards(e.S, d):
        e.S[b + STEP] = S_DRAW
        return
    e.S[b + TODRAW] = 0
    e.S[b + STEP] = S_KEEP if e.S[b + NDRAWN] else S_TURN


def deck_draw_known(S: Any, d: int) -> int:
    """The known top card, else the known bottom one (Deck.draw with nobody's chance)."""
    ntop = S[d + D_TOP - 1]
    if ntop:
        S[d + D_TOP - 1] = ntop - 1
        return S[d + D_TOP + ntop - 1]
    nbot = S[d + D_BOT - 1]
    card = S[d + D_BOT]
    for i in range(nbot - 1):
        S[d + D_BOT + i] = S[d + D_BOT + i + 1]
    S[d + D_BOT - 1] = nbot - 1
    return card


def draw(e: TorresBatch, g: int, p: int, card: int) -> None:
    """The card drawn by chance; from the common deck it goes straight to the hand."""
    b = g * W
    e.S[deck_of(e, g, p) + card] -= 1
    if e.common:
        e.S[b + HAND + CARDS * p + card] += 1
        e.S[b + HELD + p] += 1
        e.S[b + ACQ + card] += 1
        e.S[b + TODRAW] = 0
        e.S[b + STEP] = S_TURN
    else:
        e.S[b + DRAWN + e.S[b + NDRAWN]] = card
        e.S[b + NDRAWN] += 1
        e.S[b + TODRAW] -= 1
        continue_draw(e, g)


def remove_drawn(S: Any, b: int, card: int) -> None:
    count = S[b + NDRAWN]
    i = 0
    while S[b + DRAWN + i] != card:
        i += 1
    while i + 1 < count:
        S[b + DRAWN + i] = S[b + DRAWN + i + 1]
        i += 1
    S[b + NDRAWN] = count - 1


def keep(e: TorresBatch, g: int, p: int, card: int) -> None:
    b = g * W
    remove_drawn(e.S, b, card)
    e.S[b + HAND + CARDS * p + card] += 1
    e.S[b + HELD + p] += 1
    e.S[b + ACQ + card] += 1
    e.S[b + STEP] = S_RETURN if e.S[b + NDRAWN] else S_TURN


def put_back(e: TorresBatch, g: int, p: int, card: int, top: int) -> None:
    b = g * W
    d = deck_of(e, g, p)
    at = d + D_TOP if top else d + D_BOT
    e.S[at + e.S[at - 1]] = card
    e.S[at - 1] += 1
    remove_drawn(e.S, b, card)
    if not e.S[b + NDRAWN]:
        e.S[b + STEP] = S_TURN


def use_card(S: Any, b: int, p: int, card: int) -> None:
    S[b + HAND + CARDS * p + card] -= 1
    S[b + HELD + p] -= 1
    S[b + PLAYED + CARDS * p + card] += 1
    S[b + CPLAYED] = 1


# ---- one game on its own: the core a TorresState is played on ------------------------------------
# With this file compiled, a TorresState in play holds its game as a one-game batch, its
# "core" (rules.TorresCoreState): these functions are its public calls of a playout, bound as
# the state's methods, and its clone. A core shares its engine's tables and scratch arrays with
# the engine it was copied from, and has its own ints and masks; the legal actions in the
# shared L are a core's while L's last int is its stamp.

LAST_STAMP = 0


def copy_core(e: TorresBatch) -> TorresBatch:
    """A one-game engine sharing ``e``'s tables and scratch arrays, with a copy of game 0's
    ints and masks."""
    c = TorresBatch.__new__(TorresBatch)
    c.game = e.game
    c.size = 1
    c.players = e.players
    c.common = e.common
    c.master = e.master
    c.decks = e.decks
    c.max_acq = e.max_acq
    c.action_points = e.action_points
    c.cost_add = e.cost_add
    c.knights_max = e.knights_max
    c.acquire_draw = e.acquire_draw
    c.min_castles = e.min_castles
    c.phases = e.phases
    c.rounds = e.rounds
    c.card_stacks = e.card_stacks
    c.card_count = e.card_count
    c.king_bonus = e.king_bonus
    c.master_kind = e.master_kind
    c.master_points = e.master_points
    c.master_most = e.master_most
    c.master_castles = e.master_castles
    c.min_distance = e.min_distance
    if COMPILED:
        c.S = e.S[:W].copy()  # type: ignore[attr-defined]  # a memoryview's copy
        c.M = e.M[:MW].copy()  # type: ignore[attr-defined]
    else:
        c.S = e.S[:W]
        c.M = e.M[:MW]
    c.L = e.L
    c.T = e.T
    c.MT = e.MT
    c.draws = e.draws
    c.choosers = e.choosers
    c.tensor_size = e.tensor_size
    c.O = e.O
    c.start = e.start
    c.start_masks = e.start_masks
    c.nlegal = -1
    global LAST_STAMP
    LAST_STAMP = (LAST_STAMP + 1) & 0x3FFFFFFF
    c.stamp = LAST_STAMP
    return c


def copy_game(core: TorresBatch, e: TorresBatch, g: int) -> None:
    """Game ``g`` of ``e`` set to the one game of ``core``."""
    b = g * W
    for i in range(W):
        e.S[b + i] = core.S[i]
    mb = g * MW
    for i in range(MW):
        e.M[mb + i] = core.M[i]


def core_of(template: TorresBatch, state: Any) -> TorresBatch:
    """A core (see :func:`copy_core`) holding the TorresState ``state``."""
    c = copy_core(template)
    from_fields(c, 0, fields_of(state))
    return c


def legal_count(e: TorresBatch) -> int:
    """The core's legal actions into L (unless they are there already); how many."""
    if e.nlegal >= 0 and e.L[NUM_ACTIONS] == e.stamp:
        return e.nlegal
    n = make_legal(e, 0)
    e.nlegal = n
    e.L[NUM_ACTIONS] = e.stamp
    return n


def one_current_player(state: Any) -> int:
    """The seat that decides now, or CHANCE, or TERMINAL (State.current_player)."""
    e = state._core
    # None when the state was given its fields back (made a plain TorresState) after this
    # method was looked up on it, as in state.is_legal(bot.choose(state)): the plain
    # state's own method answers then
    if e is None:
        return type(state).current_player(state)
    return deciding(e, 0)


def one_legal_actions(state: Any) -> list[int]:
    """Sorted legal actions for the player to move, at a chance node the outcomes (a new list)."""
    e = state._core
    if e is None:
        return type(state).legal_actions(state)
    out = []  # made first: nothing between making L and reading it may run Python code
    n = legal_count(e)
    for i in range(n):
        out.append(NUMBERS[e.L[i]] if COMPILED else e.L[i])
    return out


def one_is_legal(state: Any, action: Any) -> bool:
    """True when ``action`` (an int, not a bool) is legal now: a binary search of L."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        return False  # 3.0, True or "3" would slip through a comparison
    e = state._core
    if e is None:
        return type(state).is_legal(state, action)
    a = action
    n = legal_count(e)
    lo = 0
    hi = n
    while lo < hi:
        mid = (lo + hi) >> 1
        if e.L[mid] < a:
            lo = mid + 1
        else:
            hi = mid
    return lo < n and e.L[lo] == a


def one_apply_action(state: Any, action: Any) -> None:
    """Apply a legal action; an illegal one raises IllegalActionError and changes nothing."""
    if not one_is_legal(state, action):
        raise state._illegal(action)
    one_apply_trusted(state, action)


def one_apply_trusted(state: Any, action: int) -> None:
    """Apply an action the caller took from ``legal_actions()`` of this very state."""
    e = state._core
    if e is None:
        type(state).apply_trusted(state, action)
        return
    apply_to(e, 0, action)
    e.nlegal = -1
    state._history.append(action)


def one_chance_outcomes(state: Any) -> list[tuple[int, float]]:
    """The outcomes of a chance node with their probabilities, as the one-game state lists
    them ([] when someone decides)."""
    e = state._core
    if e is None:
        return type(state).chance_outcomes(state)
    step = e.S[STEP]
    out = []
    if step == S_MASTER_DRAW:
        for c in range(MASTER_KINDS):
            out.append((MASTER_CARD + c, 1.0 / MASTER_KINDS))
    elif step == S_DRAW:
        d = deck_of(e, 0, e.S[TURN])
        total = 0
        for c in range(CARDS):
            total += e.S[d + c]
        for c in range(CARDS):
            if e.S[d + c]:
                out.append((DRAW + c, e.S[d + c] / total))
    return out


def one_clone(state: Any) -> Any:
    """A copy of the state played on its core: the core's arrays copied, its history."""
    cls: Any = type(state)
    if state._core is None:
        return cls.clone(state)
    copy = cls.__new__(cls)
    copy.game = state.game
    copy._history = state._history.copy()
    copy._core = copy_core(state._core)
    return copy


def one_heuristics(state: Any) -> list[float]:
    """Every seat's heuristic of the state played on its core (bots.evaluate_all)."""
    e = state._core
    if e is None:
        raise ValueError("the state is no longer played on a core: ask bots.evaluate_all")
    return [seat_value(e, 0, seat) for seat in range(e.players)]
