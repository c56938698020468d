# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""Many games of Torres stepped together: the batch engine (see :mod:`towers.core.batch`).

The games live in two flat arrays, one slice of ``W`` ints and one of ``MW`` 64-bit masks a
game (the offsets below name each field), so that the compiled twin of this file,
``batch_c`` (built from it with the C types of ``batch.pxd``, see
:mod:`towers.core.compiled`), steps them in C. The rules are those of
:class:`towers.games.torres.rules.TorresState`, written again over the arrays: the same
actions legal, in the same order, with the same ints, and the same state after each, which
the tests check field by field after every action of thousands of games. The plain-Python
text is the reference of its twin and the fallback where it is not built.

Covered: every variant (the basic game, the common action deck, the master version with
its castles placed by the players and its master card drawn or named), any starting layout,
2-4 players.

Randomness: each game has its own ``random.Random``; a chance node takes one float of it
and picks the outcome as :func:`towers.core.chance.sample_chance` does, a random playout
picks ``legal[int(r * len(legal))]`` as :func:`towers.bench.play_random_game` does. So a
game of :meth:`TorresBatch.play_random` from ``random.Random(seed)`` is the game
``play_random_game(game, random.Random(seed), trusted=True)`` plays.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from typing import Any

from towers.core.components import Deck
from towers.games.torres import actions as A
from towers.games.torres import board
from towers.games.torres import steps as _steps

try:
    import cython

    COMPILED = cython.compiled
except ImportError:  # plain Python without Cython installed
    COMPILED = False

SQ = 64
ALL = (1 << 64) - 1
BIT = [1 << s for s in range(SQ)]
MAXC = 32  # castles never touch along a side, so at most 32 on 64 squares
SEATS = 4
KNIGHTS = 6
CARDS = A.CARD_KINDS
DECK_CARDS = 40  # the common deck's cards; a seat's deck holds 10
LEVELS_KEPT = 66

# ---- the ints of a game: offsets in its slice of S -----------------------------------------
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
DECK = DEC + SEATS  # the decks, DW ints each: counts, known top, known bottom
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

# ---- the masks of a game: offsets in its slice of M ----------------------------------------
FREE = 0  # squares with no piece
PLACES = 1  # squares open to a block, pieces aside
LEVELS = 2  # LEVELS + k: squares of height <= k
DOORS = LEVELS + LEVELS_KEPT  # door exits of each castle
CMASK = DOORS + MAXC  # squares of each castle
MW = CMASK + MAXC

# ---- the board's tables, flat ----------------------------------------------------------------
ODIR = [board.ORTHO_DIR[s][d] for s in range(SQ) for d in range(4)]
ODIR2 = [board.ORTHO_DIR2[s][d] for s in range(SQ) for d in range(4)]
DDIR = [board.DIAG_DIR[s][d] for s in range(SQ) for d in range(4)]
NEAR = [board.NEIGHBOR_MASK[s] for s in range(SQ)]
NB = [(board.ORTHO_NEIGHBORS[s] + (-1, -1, -1, -1))[d] for s in range(SQ) for d in range(4)]
NNB = [len(board.ORTHO_NEIGHBORS[s]) for s in range(SQ)]
BORDER = sum(1 << s for s in range(SQ) if board.IS_BORDER[s])
MAIN_DIAGONALS = sum(1 << s for s in range(SQ) if board.IS_MAIN_DIAGONAL[s])
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

# the action numbers' first ints
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
    """The index of the lowest set bit of the nonzero mask ``m``."""
    if COMPILED:
        return __builtin_ctzll(m)  # type: ignore[name-defined]  # noqa: F821
    return (m & -m).bit_length() - 1


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
        self.L = array("i", [0]) * NUM_ACTIONS  # one game's legal actions
        self.T = array("i", [0]) * SQ  # room for a flood fill or a sort
        self.draws: list[Any] = [random.random] * size
        self.choosers: list[Any] = [None] * size
        start = self.start = array("i", [0]) * W
        if self.master:
            start[SUPPLY] = d.tower_blocks
            for p in range(self.players):
                for c in range(CARDS):
                    start[HAND + CARDS * p + c] = d.copies_per_color
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
        if len(seeds) != self.size or (choosers is not None and len(choosers) != self.size):
            raise ValueError(f"{self.size} seeds (and choosers) are needed, not {len(seeds)}")
        for g in range(self.size):
            seed = seeds[g]
            rng = seed if isinstance(seed, random.Random) else random.Random(seed)
            self.draws[g] = rng.random
            picks = None if choosers is None else choosers[g]
            self.choosers[g] = None if picks is None else list(picks)
            self.S[g * W : (g + 1) * W] = self.start
            mb = g * MW
            self.M[mb + FREE] = ALL
            self.resolve_chance(g)

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
        self.resolve_chance(g)

    def resolve_chance(self, g: int) -> None:
        """Sample the chance nodes of game ``g`` from its generator until someone decides."""
        b = g * W
        S = self.S
        while S[b + STEP] == S_DRAW or S[b + STEP] == S_MASTER_DRAW:
            apply_to(self, g, sample_draw(self, g, self.draws[g]()))
            S[b + LENGTH] += 1

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
        return [play_out(self, g) for g in range(self.size)]

    # ---- the one-game state ----------------------------------------------------------------
    def fields(self, g: int) -> dict[str, Any]:
        """Game ``g`` as the saved fields of a TorresState (without its history)."""
        return to_fields(self, g)

    def load(self, g: int, state: Any, rng: int | random.Random | None = None) -> None:
        """Game ``g`` set to the TorresState ``state`` (its history aside), drawing its chance
        from ``rng`` from now on (:meth:`reset`'s seeds); its chance nodes are resolved."""
        if state.game.options != self.game.options or state.game.num_players != self.players:
            raise ValueError("the state is of another game than the batch's")
        generator = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.draws[g] = generator.random
        self.choosers[g] = None
        from_fields(self, g, state.to_fields())
        self.resolve_chance(g)

    def state(self, g: int) -> Any:
        """Game ``g`` as a TorresState (an empty history)."""
        from towers.games.torres.rules import TorresState

        found = to_fields(self, g)
        found["decks"] = [deck.to_json() for deck in found["decks"]]
        return TorresState.from_fields(self.game, {**found, "_history": []})


def to_fields(e: TorresBatch, g: int) -> dict[str, Any]:
    """The fields of game ``g`` in the one-game state's shape."""
    S = e.S
    b = g * W
    n = e.players
    decks = []
    for k in range(e.decks):
        d = b + DECK + k * DW
        top = [S[d + D_TOP + i] for i in range(S[d + D_TOP - 1])]
        bottom = [S[d + D_BOT + i] for i in range(S[d + D_BOT - 1])]
        decks.append(Deck(top, [S[d + c] for c in range(CARDS)], bottom))
    ncas = S[b + NCAS]
    return {
        "heights": seq(S, b + H, SQ),
        "occupants": seq(S, b + OCC, SQ),
        "castle_of": seq(S, b + CID, SQ),
        "surface_areas": seq(S, b + AREA, ncas),
        "castle_heights": seq(S, b + CH, ncas),
        "knights": [seq(S, b + KN + KNIGHTS * p, S[b + NK + p]) for p in range(n)],
        "score": seq(S, b + SCORE, n),
        "stacks": [seq(S, b + STK + 4 * p, S[b + NSTK + p]) for p in range(n)],
        "supply": S[b + SUPPLY],
        "hands": [seq(S, b + HAND + CARDS * p, CARDS) for p in range(n)],
        "decks": decks,
        "played_cards": [seq(S, b + PLAYED + CARDS * p, CARDS) for p in range(n)],
        "master_card": S[b + MASTER],
        "king": S[b + KINGSQ],
        "phase": S[b + PHASE],
        "round": S[b + ROUND],
        "starting_player": S[b + START],
        "turn": S[b + TURN],
        "turns_taken": S[b + TAKEN],
        "step": S[b + STEP],
        "deciding_player": S[b + DECIDER],
        "placed_in_setup": S[b + PLACED],
        "action_points": S[b + AP],
        "blocks_placed": S[b + BLOCKS],
        "stack_in_use": S[b + INUSE],
        "leftover_blocks": S[b + LEFTOVER],
        "card_played": bool(S[b + CPLAYED]),
        "acquisitions": S[b + ACQS],
        "acquired_this_turn": seq(S, b + ACQ, CARDS),
        "cards_to_draw": S[b + TODRAW],
        "drawn_cards": seq(S, b + DRAWN, S[b + NDRAWN]),
    }


def from_fields(e: TorresBatch, g: int, fields: dict[str, Any]) -> None:
    """Game ``g`` set to the saved fields of a TorresState (see :func:`to_fields`)."""
    S = e.S
    b = g * W
    S[b : b + W] = e.start
    for key, at, count in (
        ("heights", H, SQ),
        ("occupants", OCC, SQ),
        ("castle_of", CID, SQ),
        ("acquired_this_turn", ACQ, CARDS),
    ):
        put(S, b + at, fields[key], count)
    ncas = len(fields["surface_areas"])
    S[b + NCAS] = ncas
    put(S, b + AREA, fields["surface_areas"], ncas)
    put(S, b + CH, fields["castle_heights"], ncas)
    S[b + NDRAWN] = len(fields["drawn_cards"])
    put(S, b + DRAWN, fields["drawn_cards"], S[b + NDRAWN])
    for p in range(e.players):
        S[b + NK + p] = len(fields["knights"][p])
        put(S, b + KN + KNIGHTS * p, fields["knights"][p], S[b + NK + p])
        S[b + NSTK + p] = len(fields["stacks"][p])
        put(S, b + STK + 4 * p, fields["stacks"][p], S[b + NSTK + p])
        put(S, b + HAND + CARDS * p, fields["hands"][p], CARDS)
        put(S, b + PLAYED + CARDS * p, fields["played_cards"][p], CARDS)
        S[b + SCORE + p] = fields["score"][p]
    for k in range(e.decks):
        top, counts, bottom = fields["decks"][k]
        d = b + DECK + k * DW
        put(S, d, counts, CARDS)
        S[d + D_TOP - 1] = len(top)
        put(S, d + D_TOP, top, len(top))
        S[d + D_BOT - 1] = len(bottom)
        put(S, d + D_BOT, bottom, len(bottom))
    for key, at in SCALARS:
        S[b + at] = int(fields[key])
    S[b + DIRTY] = 1
    free = ALL
    for s in range(SQ):
        if S[b + OCC + s] != -1:
            free &= ~BIT[s]
    e.M[g * MW + FREE] = free


def put(S: Any, at: int, values: Sequence[int], count: int) -> None:
    for i in range(count):
        S[at + i] = values[i]


def seq(S: Any, at: int, count: int) -> list[int]:
    return [S[at + i] for i in range(count)]


# ---- playing -----------------------------------------------------------------------------------
def play_out(e: TorresBatch, g: int) -> int:
    """Play game ``g`` to its end: a chance node by its probabilities, a decision uniformly
    among the legal actions, one float of the game's generator each (or the seat's chooser's
    pick); the actions played."""
    S = e.S
    b = g * W
    draw = e.draws[g]
    picks = e.choosers[g]
    L = e.L
    while True:
        step = S[b + STEP]
        if step == S_OVER:
            return S[b + LENGTH]
        if step == S_DRAW or step == S_MASTER_DRAW:
            apply_to(e, g, sample_draw(e, g, draw()))
        else:
            seat = deciding(e, g)
            count = make_legal(e, g)
            if picks is None:
                i = int(draw() * count)
            else:
                i = picks[seat](count)
            S[b + DEC + seat] += 1
            apply_to(e, g, L[i])
        S[b + LENGTH] += 1


def deciding(e: TorresBatch, g: int) -> int:
    S = e.S
    b = g * W
    step = S[b + STEP]
    if step == S_OVER:
        return -4
    if step == S_DRAW or step == S_MASTER_DRAW:
        return -1
    if step in (S_TURN, S_KEEP, S_RETURN, S_TAKE_STACK, S_REDISTRIBUTE):
        return S[b + TURN]
    return S[b + DECIDER]


def sample_draw(e: TorresBatch, g: int, r: float) -> int:
    """The card drawn at a chance node for the float ``r``, as ``sample_chance`` picks it."""
    S = e.S
    acc = 0.0
    if S[g * W + STEP] == S_MASTER_DRAW:  # one master card of eight, each as likely
        for c in range(MASTER_KINDS):
            acc += 1.0 / MASTER_KINDS
            if r < acc:
                return MASTER_CARD + c
        return MASTER_CARD + MASTER_KINDS - 1
    d = deck_of(e, g, S[g * W + TURN])
    total = 0
    for c in range(CARDS):
        total += S[d + c]
    last = -1
    for c in range(CARDS):
        if S[d + c]:
            acc += S[d + c] / total
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
    S = e.S
    M = e.M
    b = g * W
    mb = g * MW
    S[b + H + s] += 1
    hs = S[b + H + s]
    bit = BIT[s]
    fresh = not S[b + DIRTY]
    places = M[mb + PLACES]
    # only "height <= old height" loses the square
    M[mb + LEVELS + hs - 1] &= ~bit
    if hs == 1:
        k = -1
        for i in range(NNB[s]):
            c = S[b + CID + NB[4 * s + i]]
            if c >= 0:
                if k >= 0 and c != k:  # two castles joined: never by the rules
                    relabel(S, b)
                    return
                k = c
        if k >= 0:
            S[b + AREA + k] += 1
            S[b + CID + s] = k
            M[mb + CMASK + k] |= bit
            places |= M[mb + CMASK + k]  # the area grew past every column's height
        else:
            k = S[b + NCAS]
            S[b + NCAS] = k + 1
            S[b + AREA + k] = 1
            S[b + CH + k] = 1
            S[b + CID + s] = k
            M[mb + CMASK + k] = bit
            M[mb + DOORS + k] = 0
            places &= ~bit  # one block high on an area of one
        for i in range(NNB[s]):  # the bare squares next to s judged anew
            c = NB[4 * s + i]
            if not S[b + H + c]:
                if next_castles(S, b, c, -1) == 1:
                    places |= BIT[c]
                else:
                    places &= ~BIT[c]
    else:
        k = S[b + CID + s]
        if hs > S[b + CH + k]:
            S[b + CH + k] = hs
        if hs >= S[b + AREA + k]:
            places &= ~bit
    if fresh:
        M[mb + PLACES] = places
        # a taller column changes only its own castle's doors (movegen.exits_near)
        exits = M[mb + DOORS + k]
        taller = False
        for i in range(NNB[s]):
            c = NB[4 * s + i]
            if S[b + H + c] < hs:
                exits |= BIT[c]
            elif S[b + H + c] > hs:
                taller = True
        M[mb + DOORS + k] = exits | bit if taller else exits & ~bit


def refresh(e: TorresBatch, g: int) -> None:
    """The masks of game ``g`` made anew from the board when a block changed it."""
    S = e.S
    b = g * W
    if not S[b + DIRTY]:
        return
    M = e.M
    mb = g * MW
    ncas = S[b + NCAS]
    for k in range(LEVELS_KEPT):
        M[mb + LEVELS + k] = 0
    for k in range(ncas):
        M[mb + DOORS + k] = 0
        M[mb + CMASK + k] = 0
    places = 0
    for s in range(SQ):
        hs = S[b + H + s]
        bit = BIT[s]
        M[mb + LEVELS + hs] |= bit
        k = S[b + CID + s]
        if k >= 0:
            M[mb + CMASK + k] |= bit
            if hs < S[b + AREA + k]:
                places |= bit
            for i in range(NNB[s]):
                c = NB[4 * s + i]
                if hs > S[b + H + c]:
                    M[mb + DOORS + k] |= BIT[c]
        else:
            one = -1
            for i in range(NNB[s]):
                c = S[b + CID + NB[4 * s + i]]
                if c >= 0:
                    if one >= 0 and c != one:
                        one = -2
                        break
                    one = c
            if one >= 0:
                places |= bit
    M[mb + PLACES] = places
    for k in range(1, LEVELS_KEPT):
        M[mb + LEVELS + k] |= M[mb + LEVELS + k - 1]
    S[b + DIRTY] = 0


def sorted_knights(e: TorresBatch, g: int, p: int) -> int:
    """Seat ``p``'s knights into T, lowest square first; how many."""
    S = e.S
    T = e.T
    at = g * W + KN + KNIGHTS * p
    count = S[g * W + NK + p]
    for i in range(count):
        a = S[at + i]
        j = i
        while j > 0 and T[j - 1] > a:
            T[j] = T[j - 1]
            j -= 1
        T[j] = a
    return count


def add_squares(L: Any, n: int, base: int, mask: int) -> int:
    """``base + s`` into L from ``n`` on, for each set bit s of ``mask``; the new count."""
    while mask:
        if COMPILED:  # the lowest set bit's index, inline: the hottest line of a playout
            L[n] = base + __builtin_ctzll(mask)  # type: ignore[name-defined]  # noqa: F821
        else:
            L[n] = base + (mask & -mask).bit_length() - 1
        n += 1
        mask &= mask - 1
    return n


# ---- the legal actions -------------------------------------------------------------------------
def make_legal(e: TorresBatch, g: int) -> int:
    """The legal actions of game ``g`` into L, in increasing order; how many."""
    step = e.S[g * W + STEP]
    if step == S_TURN:
        refresh(e, g)
        return turn_actions(e, g)
    return step_actions(e, g, step)


def step_actions(e: TorresBatch, g: int, step: int) -> int:
    """The legal actions of every step but a turn's (legality.step_actions)."""
    S = e.S
    L = e.L
    b = g * W
    p = S[b + TURN]
    n = 0
    if step == S_DRAW:
        d = deck_of(e, g, p)
        for c in range(CARDS):
            if S[d + c]:
                L[n] = DRAW + c
                n += 1
    elif step == S_KEEP or step == S_RETURN:
        held = 0
        for i in range(S[b + NDRAWN]):
            held |= BIT[S[b + DRAWN + i]]
        n = add_squares(L, 0, KEEP if step == S_KEEP else RETURN_TOP, held)
        if step == S_RETURN:
            n = add_squares(L, n, RETURN_BOTTOM, held)
    elif step == S_TAKE_STACK or step == S_REDISTRIBUTE:
        if step == S_REDISTRIBUTE:
            L[0] = RETURN_REST
            n = 1
        heights = 0
        for i in range(S[b + NSTK + p]):
            hgt = S[b + STK + 4 * p + i]
            if step == S_TAKE_STACK or hgt < 3:
                heights |= BIT[hgt]
        n = add_squares(L, n, (TAKE_STACK if step == S_TAKE_STACK else REDISTRIBUTE) - 1, heights)
    elif step == S_SETUP_CASTLE:
        n = castle_squares(e, g)
    elif step == S_MASTER_DRAW:
        for c in range(MASTER_KINDS):
            L[c] = MASTER_CARD + c
        n = MASTER_KINDS
    elif step == S_KING_MOVE:
        L[0] = KING_STAY
        n = 1
        for s in range(SQ):
            if S[b + H + s] and S[b + OCC + s] == -1:
                L[n] = PLACE_KING + s
                n += 1
    elif step == S_SETUP_KNIGHT or step == S_SETUP_KING:
        taken = 0  # castles with a piece on them
        for s in range(SQ):
            if S[b + OCC + s] != -1 and S[b + CID + s] >= 0:
                taken |= BIT[S[b + CID + s]]
        base = SETUP_KNIGHT if step == S_SETUP_KNIGHT else PLACE_KING
        for s in range(SQ):
            k = S[b + CID + s]
            if S[b + H + s] and not (taken >> k) & 1 and S[b + OCC + s] == -1:
                L[n] = base + s
                n += 1
    return n


def turn_actions(e: TorresBatch, g: int) -> int:
    """The legal actions of a turn (movegen.turn_actions), in increasing order."""
    S = e.S
    M = e.M
    L = e.L
    b = g * W
    mb = g * MW
    p = S[b + TURN]
    ap = S[b + AP]
    active = S[b + INUSE]
    nst = S[b + NSTK + p]
    L[0] = END_TURN
    n = 1
    if ap >= 1:
        L[1] = ADVANCE
        n = 2
        if S[b + ACQS] < e.max_acq and deck_has_cards(S, deck_of(e, g, p)):
            L[2] = ACQUIRE
            n = 3
    if active == -1 and nst:
        heights = 0
        for i in range(nst):
            heights |= BIT[S[b + STK + 4 * p + i]]
        n = add_squares(L, n, TAKE_STACK - 1, heights)
    hand = b + HAND + CARDS * p
    cards = 0
    if not S[b + CPLAYED]:
        for c in range(CARDS):
            if S[hand + c]:
                cards = 1
                break
    if cards:
        if S[hand + C_SIX] > S[b + ACQ + C_SIX]:
            L[n] = PLAY_SIX
            n += 1
        if S[hand + C_SEVEN] > S[b + ACQ + C_SEVEN]:
            L[n] = PLAY_SEVEN
            n += 1
    free = M[mb + FREE]
    mine = sorted_knights(e, g, p)
    if ap >= 1:
        if ap >= 2 and mine < e.knights_max:
            beside = 0
            for i in range(mine):
                a = e.T[i]
                beside |= NEAR[a] & M[mb + LEVELS + S[b + H + a]]
            n = add_squares(L, n, ADD_KNIGHT, beside & free)
        # blocks from the stack in use, or from the only height of stack there is
        if S[b + BLOCKS] < 3 and (
            active > 0
            or (
                active == -1
                and nst
                and S[b + STK + 4 * p] == S[b + STK + 4 * p + nst - 1]  # one height of stack
            )
        ):
            n = add_squares(L, n, PLACE_BLOCK, M[mb + PLACES] & free)
    if cards:
        n = card_moves(e, g, p, n, mine)
    if ap >= 1:
        n = knight_moves(e, g, n, mine, 0)
    if cards:
        n = late_card_moves(e, g, p, n, mine)
    return n


def knight_moves(e: TorresBatch, g: int, n: int, mine: int, climb: int) -> int:
    """The moves of the knights in T (movegen.knight_pass): steps and door passages, or with
    ``climb`` the Door climb card's passages; into L from ``n`` on, the new count."""
    S = e.S
    M = e.M
    L = e.L
    b = g * W
    mb = g * MW
    free = M[mb + FREE]
    offset = DOOR_CLIMB if climb else MOVE
    for i in range(mine):
        a = e.T[i]
        ha = S[b + H + a]
        near = NEAR[a]
        lower = M[mb + LEVELS + ha]
        level = near & lower
        if level == near:
            if not climb:  # no taller neighbour: no doors, every free neighbour is a step
                n = add_squares(L, n, offset + a * SQ, near & free)
            continue
        reach = 0 if climb else near & M[mb + LEVELS + ha + 1]
        # a taller neighbour: its castle's doors lead anywhere round that castle
        if ha:
            exits = M[mb + DOORS + S[b + CID + a]]
        else:
            exits = 0
            for j in range(NNB[a]):
                c = NB[4 * a + j]
                if S[b + H + c]:
                    exits |= M[mb + DOORS + S[b + CID + c]]
        reach |= exits if climb else exits & lower
        n = add_squares(L, n, offset + a * SQ, reach & free)
    return n


def card_moves(e: TorresBatch, g: int, p: int, n: int, mine: int) -> int:
    """The moves of the cards Extra block, Block under a knight, Jump up, Diagonal and Jump
    over, in that order (movegen.card_moves)."""
    S = e.S
    M = e.M
    L = e.L
    T = e.T
    b = g * W
    mb = g * MW
    hand = b + HAND + CARDS * p
    acq = b + ACQ
    free = M[mb + FREE]
    if S[hand + C_EXTRA_BLOCK] > S[acq + C_EXTRA_BLOCK] and S[b + SUPPLY] > 0:
        n = add_squares(L, n, EXTRA_BLOCK, M[mb + PLACES] & free)
    if S[hand + C_BLOCK_UNDER] > S[acq + C_BLOCK_UNDER]:
        sources = 0  # the stack in use (0) or a stack of each height
        for i in range(S[b + NSTK + p]):
            sources |= BIT[S[b + STK + 4 * p + i]]
        if S[b + INUSE] > 0:
            sources |= 1
        if sources:
            for i in range(mine):
                a = T[i]
                ha = S[b + H + a]
                if ha:
                    fits = ha + 1 <= S[b + AREA + S[b + CID + a]]
                else:
                    fits = next_castles(S, b, a, -1) <= 1
                if fits:
                    n = add_squares(L, n, BLOCK_UNDER + 4 * a, sources)
    if S[hand + C_JUMP_UP] > S[acq + C_JUMP_UP]:
        for i in range(mine):
            a = T[i]
            ha = S[b + H + a]
            for d in range(4):
                c = ODIR[4 * a + d]
                if c >= 0 and S[b + OCC + c] == -1 and S[b + H + c] == ha + 2:
                    L[n] = JUMP_UP + 4 * a + d
                    n += 1
    if S[hand + C_DIAGONAL] > S[acq + C_DIAGONAL]:
        for i in range(mine):
            a = T[i]
            ha = S[b + H + a]
            for d in range(4):
                c = DDIR[4 * a + d]
                if c >= 0 and S[b + OCC + c] == -1 and S[b + H + c] <= ha + 1:
                    L[n] = DIAGONAL + 4 * a + d
                    n += 1
    if S[hand + C_JUMP_OVER] > S[acq + C_JUMP_OVER]:
        for i in range(mine):
            a = T[i]
            ha = S[b + H + a]
            for d in range(4):
                c = ODIR2[4 * a + d]
                if c >= 0:
                    m = S[b + OCC + ODIR[4 * a + d]]
                    if 0 <= m < KING and S[b + OCC + c] == -1 and S[b + H + c] <= ha + 1:
                        L[n] = JUMP_OVER + 4 * a + d
                        n += 1
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
    S = e.S
    M = e.M
    L = e.L
    T = e.T
    b = g * W
    mb = g * MW
    hand = b + HAND + CARDS * p
    acq = b + ACQ
    free = M[mb + FREE]
    if S[hand + C_DOOR_CLIMB] > S[acq + C_DOOR_CLIMB]:
        n = knight_moves(e, g, n, mine, 1)
    if S[hand + C_RELOCATE] > S[acq + C_RELOCATE]:
        # as though adding a knight beside one of the seat's other knights
        for i in range(mine):
            a = T[i]
            reach = 0
            for j in range(mine):
                k = T[j]
                if k != a:
                    reach |= NEAR[k] & M[mb + LEVELS + S[b + H + k]]
            n = add_squares(L, n, RELOCATE + a * SQ, reach & free)
    if S[hand + C_MOVE_BLOCK] > S[acq + C_MOVE_BLOCK]:
        n = block_moves(e, g, n)
    return n


def block_moves(e: TorresBatch, g: int, n: int) -> int:
    """The Move a tower block card's moves (movegen.block_move_masks)."""
    S = e.S
    M = e.M
    L = e.L
    b = g * W
    mb = g * MW
    count = S[b + NCAS]
    minimum = e.min_castles
    places = M[mb + PLACES]
    free = M[mb + FREE]
    alone = 0
    for c in range(SQ):
        if not S[b + H + c] and next_castles(S, b, c, -1) == 0:
            alone |= BIT[c]
    kept = (places if count >= minimum else 0) | (alone if count + 1 >= minimum else 0)
    kept &= free
    for a in range(SQ):
        ha = S[b + H + a]
        if not ha or S[b + OCC + a] != -1:
            continue
        bit = BIT[a]
        if ha > 1:  # the castles stay as they are
            n = add_squares(L, n, MOVE_BLOCK + a * SQ, kept & ~bit)
            continue
        k = S[b + CID + a]
        area = S[b + AREA + k]
        near = NEAR[a]
        if area == 1:
            left = count - 1  # the castle goes
            targets = places & ~near if left >= minimum else 0
        else:
            squares = M[mb + CMASK + k]
            if S[b + CH + k] > area - 1 or not connected_without(squares, a):
                continue  # taller than its new area, or divided
            left = count
            if left >= minimum:
                shorter = M[mb + LEVELS + area - 2]  # lower than area - 1
                targets = places & ~near & ~squares | squares & shorter
            else:
                targets = 0
        if left + 1 >= minimum:
            targets |= alone & ~near
        for i in range(NNB[a]):
            c = NB[4 * a + i]
            if not S[b + H + c]:  # the ground next to a, judged with a bare
                castles = next_castles(S, b, c, a)
                if castles == 1 and left >= minimum or castles == 0 and left + 1 >= minimum:
                    targets |= BIT[c]
        n = add_squares(L, n, MOVE_BLOCK + a * SQ, targets & free & ~bit)
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
    seen = BIT[start]
    todo = seen
    while todo:
        q = lowest(todo)
        todo &= todo - 1
        for i in range(NNB[q]):
            c = NB[4 * q + i]
            if (rest >> c) & 1 and not (seen >> c) & 1:
                seen |= BIT[c]
                todo |= BIT[c]
    return seen == rest


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
    S = e.S
    b = g * W
    p = S[b + TURN]
    if MOVE <= a < DOOR_CLIMB:
        S[b + AP] -= 1
        move_knight(e, g, p, (a - MOVE) >> 6, (a - MOVE) & 63)
        return
    if PLACE_BLOCK <= a < EXTRA_BLOCK:
        if S[b + INUSE] == -1:
            take_stack(S, b, p, S[b + STK + 4 * p])
        S[b + INUSE] -= 1
        S[b + BLOCKS] += 1
        S[b + AP] -= 1
        add_block(e, g, a - PLACE_BLOCK)
        return
    if a == END_TURN:
        nst = S[b + NSTK + p]
        if S[b + INUSE] == -1 and nst:
            if S[b + STK + 4 * p] != S[b + STK + 4 * p + nst - 1]:
                S[b + STEP] = S_TAKE_STACK  # the player says which stack was used
                return
            take_stack(S, b, p, S[b + STK + 4 * p])
        after_stack(e, g)
        return
    if a >= EXTRA_BLOCK:
        apply_card(e, g, p, a)
    elif a >= ADD_KNIGHT:
        S[b + AP] -= e.cost_add
        put_knight(e, g, p, a - ADD_KNIGHT)
    elif a >= PLACE_KING:
        move_king(e, g, a - PLACE_KING)
        if S[b + STEP] == S_KING_MOVE:
            begin_phase(e, g, S[b + PHASE] + 1, S[b + DECIDER])
        else:
            begin_phase(e, g, 0, 0)
    elif a >= SETUP_KNIGHT:
        setup_knight(e, g, a - SETUP_KNIGHT)
    elif a >= SETUP_CASTLE:
        setup_castle(e, g, a - SETUP_CASTLE)
    elif a >= MASTER_CARD:
        S[b + MASTER] = a - MASTER_CARD
        S[b + STEP] = S_SETUP_CASTLE
    elif a >= DRAW:
        draw(e, g, p, a - DRAW)
    elif a >= RETURN_BOTTOM:
        put_back(e, g, p, a - RETURN_BOTTOM, 0)
    elif a >= RETURN_TOP:
        put_back(e, g, p, a - RETURN_TOP, 1)
    elif a >= KEEP:
        keep(e, g, p, a - KEEP)
    elif a == PLAY_SEVEN:
        use_card(S, b, p, C_SEVEN)
        S[b + AP] += 2
    elif a == PLAY_SIX:
        use_card(S, b, p, C_SIX)
        S[b + AP] += 1
    elif a >= REDISTRIBUTE:
        redistribute(e, g, p, a - REDISTRIBUTE + 1)
    elif a >= TAKE_STACK:
        take_stack(S, b, p, a - TAKE_STACK + 1)
        if S[b + STEP] == S_TAKE_STACK:
            after_stack(e, g)
    elif a == RETURN_REST:
        return_leftover(e, g)
    elif a == ACQUIRE:
        S[b + AP] -= 1
        S[b + ACQS] += 1
        S[b + TODRAW] = 1 if e.common else e.acquire_draw
        continue_draw(e, g)
    elif a == KING_STAY:
        begin_phase(e, g, S[b + PHASE] + 1, S[b + DECIDER])
    elif a == ADVANCE:
        S[b + AP] -= 1
        advance(e, g, p, 1)


def apply_card(e: TorresBatch, g: int, p: int, a: int) -> None:
    """The Action Cards played on the board: their blocks and their moves (cards.py)."""
    S = e.S
    b = g * W
    if a >= MOVE_BLOCK:
        use_card(S, b, p, C_MOVE_BLOCK)
        S[b + H + ((a - MOVE_BLOCK) >> 6)] -= 1
        S[b + H + ((a - MOVE_BLOCK) & 63)] += 1
        relabel(S, b)
    elif a >= RELOCATE:
        use_card(S, b, p, C_RELOCATE)
        move_knight(e, g, p, (a - RELOCATE) >> 6, (a - RELOCATE) & 63)
    elif a >= DOOR_CLIMB:
        use_card(S, b, p, C_DOOR_CLIMB)
        move_knight(e, g, p, (a - DOOR_CLIMB) >> 6, (a - DOOR_CLIMB) & 63)
    elif a >= JUMP_OVER:
        use_card(S, b, p, C_JUMP_OVER)
        move_knight(e, g, p, (a - JUMP_OVER) >> 2, ODIR2[a - JUMP_OVER])
    elif a >= DIAGONAL:
        use_card(S, b, p, C_DIAGONAL)
        move_knight(e, g, p, (a - DIAGONAL) >> 2, DDIR[a - DIAGONAL])
    elif a >= JUMP_UP:
        use_card(S, b, p, C_JUMP_UP)
        move_knight(e, g, p, (a - JUMP_UP) >> 2, ODIR[a - JUMP_UP])
    elif a >= BLOCK_UNDER:
        use_card(S, b, p, C_BLOCK_UNDER)
        source = (a - BLOCK_UNDER) & 3
        if source == 0:
            S[b + INUSE] -= 1
        else:
            remove_stack(S, b, p, source)
            if source > 1:
                insert_stack(S, b, p, source - 1)
        add_block(e, g, (a - BLOCK_UNDER) >> 2)
    else:  # Extra tower block
        use_card(S, b, p, C_EXTRA_BLOCK)
        S[b + SUPPLY] -= 1
        add_block(e, g, a - EXTRA_BLOCK)


# ---- the pieces --------------------------------------------------------------------------------
def move_knight(e: TorresBatch, g: int, p: int, a: int, c: int) -> None:
    S = e.S
    b = g * W
    S[b + OCC + a] = -1
    S[b + OCC + c] = p
    e.M[g * MW + FREE] ^= BIT[a] | BIT[c]
    at = b + KN + KNIGHTS * p
    for i in range(S[b + NK + p]):
        if S[at + i] == a:
            S[at + i] = c
            return


def put_knight(e: TorresBatch, g: int, p: int, s: int) -> None:
    S = e.S
    b = g * W
    S[b + OCC + s] = p
    e.M[g * MW + FREE] &= ~BIT[s]
    S[b + KN + KNIGHTS * p + S[b + NK + p]] = s
    S[b + NK + p] += 1


def move_king(e: TorresBatch, g: int, s: int) -> None:
    S = e.S
    b = g * W
    mb = g * MW
    king = S[b + KINGSQ]
    if king >= 0:
        S[b + OCC + king] = -1
        e.M[mb + FREE] |= BIT[king]
    S[b + KINGSQ] = s
    S[b + OCC + s] = KING
    e.M[mb + FREE] &= ~BIT[s]


def setup_knight(e: TorresBatch, g: int, s: int) -> None:
    """Preparation: each player in turn places a first knight; the last places the King."""
    S = e.S
    b = g * W
    put_knight(e, g, S[b + DECIDER], s)
    S[b + PLACED] += 1
    if S[b + PLACED] == e.players:
        S[b + STEP] = S_SETUP_KING
        S[b + DECIDER] = e.players - 1
    else:
        S[b + DECIDER] = S[b + PLACED]


def manhattan(a: int, c: int) -> int:
    dx = a % 8 - c % 8
    dy = a // 8 - c // 8
    return (dx if dx >= 0 else -dx) + (dy if dy >= 0 else -dy)


def castle_distance(e: TorresBatch, g: int) -> int:
    """The distance a new starting castle keeps from the others (setup.castle_setup_distance):
    the rulebook's, else the largest still possible."""
    S = e.S
    b = g * W
    for need in range(e.min_distance, 1, -1):
        for s in range(SQ):
            if not S[b + H + s] and far_enough(S, b, s, need):
                return need
    return 2


def far_enough(S: Any, b: int, s: int, need: int) -> bool:
    for c in range(SQ):
        if S[b + H + c] and manhattan(s, c) < need:
            return False
    return True


def castle_squares(e: TorresBatch, g: int) -> int:
    """Master Version, Initial placement of the castles: the squares a castle may go on."""
    S = e.S
    L = e.L
    b = g * W
    need = castle_distance(e, g)
    n = 0
    for s in range(SQ):
        if not S[b + H + s] and far_enough(S, b, s, need):
            L[n] = SETUP_CASTLE + s
            n += 1
    return n


def setup_castle(e: TorresBatch, g: int, s: int) -> None:
    """Master Version: the players in turn place the 8 foundations; then the first knights."""
    S = e.S
    b = g * W
    S[b + H + s] = 1
    S[b + SUPPLY] -= 1
    relabel(S, b)
    S[b + PLACED] += 1
    if S[b + PLACED] == 8:
        S[b + PLACED] = 0
        S[b + DECIDER] = 0
        S[b + STEP] = S_SETUP_KNIGHT
    else:
        S[b + DECIDER] = S[b + PLACED] % e.players


def leader(e: TorresBatch, g: int, unchanged: int) -> int:
    """Master version, Turn order: the one player with the most points, else ``unchanged``."""
    S = e.S
    b = g * W
    best = 0
    for i in range(e.players):
        if i == 0 or S[b + SCORE + i] > S[b + SCORE + best]:
            best = i
    for i in range(e.players):
        if i != best and S[b + SCORE + i] == S[b + SCORE + best]:
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
    S = e.S
    b = g * W
    p = S[b + TURN]
    left = S[b + INUSE]
    S[b + LEFTOVER] = left if left > 0 else 0
    S[b + INUSE] = -1
    nst = S[b + NSTK + p]
    if S[b + LEFTOVER] and nst and S[b + STK + 4 * p + nst - 1] < 3:
        S[b + STEP] = S_REDISTRIBUTE
        return
    return_leftover(e, g)


def redistribute(e: TorresBatch, g: int, p: int, height: int) -> None:
    S = e.S
    b = g * W
    remove_stack(S, b, p, height)
    insert_stack(S, b, p, height + 1)
    S[b + LEFTOVER] -= 1
    if not S[b + LEFTOVER] or S[b + STK + 4 * p + S[b + NSTK + p] - 1] >= 3:
        return_leftover(e, g)


def return_leftover(e: TorresBatch, g: int) -> None:
    S = e.S
    b = g * W
    S[b + SUPPLY] += S[b + LEFTOVER]
    S[b + LEFTOVER] = 0
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
    S = e.S
    b = g * W
    n = e.players
    S[b + TAKEN] += 1
    if S[b + TAKEN] < n:
        S[b + TURN] = (S[b + TURN] + 1) % n
        begin_turn(S, b, e.action_points)
        return
    S[b + ROUND] += 1
    if S[b + ROUND] == e.rounds[S[b + PHASE]]:
        score_phase(e, g)
        return
    S[b + TAKEN] = 0
    if e.master:
        S[b + START] = leader(e, g, S[b + START])
    S[b + TURN] = S[b + START]
    begin_turn(S, b, e.action_points)


def begin_phase(e: TorresBatch, g: int, phase: int, start: int) -> None:
    """Tower block distribution: each seat's stacks from the PHASES card, dealt from the
    supply in turn order from the starting player."""
    S = e.S
    b = g * W
    n = e.players
    if e.master and phase > 0:
        start = leader(e, g, start)
    S[b + PHASE] = phase
    S[b + ROUND] = 0
    S[b + TAKEN] = 0
    S[b + START] = start
    S[b + TURN] = start
    for i in range(n):
        seat = (start + i) % n
        S[b + NSTK + seat] = 0
        for j in range(e.card_count[phase]):
            got = e.card_stacks[4 * phase + j]
            if got > S[b + SUPPLY]:
                got = S[b + SUPPLY]
            S[b + SUPPLY] -= got
            if got:
                insert_stack(S, b, seat, got)
    begin_turn(S, b, e.action_points)


# ---- scoring (scoring.py) ----------------------------------------------------------------------
def advance(e: TorresBatch, g: int, seat: int, points: int) -> None:
    """A scoring marker on; it lands on the next space no other marker holds."""
    if points <= 0:
        return
    S = e.S
    b = g * W
    target = S[b + SCORE + seat] + points
    moved = True
    while moved:
        moved = False
        for i in range(e.players):
            if i != seat and S[b + SCORE + i] == target:
                target += 1
                moved = True
    S[b + SCORE + seat] = target


def castle_points(e: TorresBatch, g: int, seat: int) -> int:
    """Area x level of the seat's highest knight, for each castle it stands on."""
    S = e.S
    b = g * W
    at = b + KN + KNIGHTS * seat
    count = S[b + NK + seat]
    points = 0
    for i in range(count):
        s = S[at + i]
        k = S[b + CID + s]
        if k < 0:
            continue
        hs = S[b + H + s]
        best = True  # the first of the highest knights on its castle counts
        for j in range(count):
            q = S[at + j]
            if j != i and S[b + CID + q] == k:
                if S[b + H + q] > hs or (S[b + H + q] == hs and j < i):
                    best = False
                    break
        if best:
            points += S[b + AREA + k] * hs
    return points


def king_bonus(e: TorresBatch, g: int, seat: int, phase: int) -> int:
    S = e.S
    b = g * W
    k = S[b + CID + S[b + KINGSQ]]
    at = b + KN + KNIGHTS * seat
    for i in range(S[b + NK + seat]):
        s = S[at + i]
        if S[b + CID + s] == k and S[b + H + s] == phase + 1:
            return e.king_bonus[phase]
    return 0


def score_phase(e: TorresBatch, g: int) -> None:
    """Score the phase, take back the stacks, end the game or let the lowest move the King."""
    S = e.S
    b = g * W
    n = e.players
    start = S[b + START]
    phase = S[b + PHASE]
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
        for i in range(S[b + NSTK + seat]):
            S[b + SUPPLY] += S[b + STK + 4 * seat + i]
        S[b + NSTK + seat] = 0
    if phase == e.phases - 1:
        S[b + STEP] = S_OVER
        return
    low = S[b + SCORE]
    for seat in range(n):
        if S[b + SCORE + seat] < low:
            low = S[b + SCORE + seat]
    for i in range(n):
        seat = (start + i) % n
        if S[b + SCORE + seat] == low:
            S[b + DECIDER] = seat
            break
    S[b + STEP] = S_KING_MOVE


# ---- the master cards (master.py) -------------------------------------------------------------
def master_points(e: TorresBatch, g: int, seat: int, phase: int) -> int:
    """What the master card in play gives ``seat`` at the scoring after ``phase``."""
    S = e.S
    b = g * W
    card = S[b + MASTER]
    per = e.master_points[3 * card + phase]
    if per == 0:
        return 0
    kind = e.master_kind[card]
    if kind == M_BORDER or kind == M_DIAGONALS:
        marks = BORDER if kind == M_BORDER else MAIN_DIAGONALS
        mine = marked(S, b, seat, marks)
        points = mine * per
        for i in range(e.players):  # the one player with the most such knights
            if i != seat and marked(S, b, i, marks) >= mine:
                return points
        return points + e.master_most[3 * card + phase] if mine > 0 else points
    return per if has_requirement(S, b, seat, kind, e.master_castles[phase]) else 0


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
    seen = BIT[S[at]]
    todo = seen
    while todo:
        q = lowest(todo)
        todo &= todo - 1
        for i in range(NNB[q]):
            c = NB[4 * q + i]
            if (mine >> c) & 1 and not (seen >> c) & 1:
                seen |= BIT[c]
                todo |= BIT[c]
    return seen == mine


# ---- the action cards (cards.py) ---------------------------------------------------------------
def continue_draw(e: TorresBatch, g: int) -> None:
    """Draw the cards still to draw whose identity is known; a chance step for the others."""
    S = e.S
    b = g * W
    d = deck_of(e, g, S[b + TURN])
    while S[b + TODRAW] > 0 and deck_has_cards(S, d) and not deck_needs_chance(S, d):
        S[b + DRAWN + S[b + NDRAWN]] = deck_draw_known(S, d)
        S[b + NDRAWN] += 1
        S[b + TODRAW] -= 1
    if S[b + TODRAW] > 0 and deck_has_cards(S, d):
        S[b + STEP] = S_DRAW
        return
    S[b + TODRAW] = 0
    S[b + STEP] = S_KEEP if S[b + NDRAWN] else S_TURN


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
    S = e.S
    b = g * W
    S[deck_of(e, g, p) + card] -= 1
    if e.common:
        S[b + HAND + CARDS * p + card] += 1
        S[b + ACQ + card] += 1
        S[b + TODRAW] = 0
        S[b + STEP] = S_TURN
    else:
        S[b + DRAWN + S[b + NDRAWN]] = card
        S[b + NDRAWN] += 1
        S[b + TODRAW] -= 1
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
    S = e.S
    b = g * W
    remove_drawn(S, b, card)
    S[b + HAND + CARDS * p + card] += 1
    S[b + ACQ + card] += 1
    S[b + STEP] = S_RETURN if S[b + NDRAWN] else S_TURN


def put_back(e: TorresBatch, g: int, p: int, card: int, top: int) -> None:
    S = e.S
    b = g * W
    d = deck_of(e, g, p)
    at = d + D_TOP if top else d + D_BOT
    S[at + S[at - 1]] = card
    S[at - 1] += 1
    remove_drawn(S, b, card)
    if not S[b + NDRAWN]:
        S[b + STEP] = S_TURN


def use_card(S: Any, b: int, p: int, card: int) -> None:
    S[b + HAND + CARDS * p + card] -= 1
    S[b + PLAYED + CARDS * p + card] += 1
    S[b + CPLAYED] = 1
