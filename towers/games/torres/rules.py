"""Torres: the game and its state (see the package docstring for what is covered).

The state holds the fields, their caches, copying and saving, and the dispatch of each
action to its rule; the rules live by the rulebook's sections:

- Preparation; Master Version, Initial placement of the castles: :mod:`.setup`
- Playing the Game (Tower block distribution, Starting player, A player's turn and its
  end; Master Version, Turn order): :mod:`.turn`; moving a knight and placing a block are
  the dispatch's own fast paths over the pieces kept here
- Acquire action cards, Play an action card, The Action Cards, Rule Variant, Common action
  deck: :mod:`.cards`
- Scoring (The castle positions, The king's bonus, After the scoring), Move along the
  scoring track, Game End: :mod:`.scoring`; the master cards' points: :mod:`.master`
- Scoring, Move the king (and the King's first castle): :mod:`.king`
- what may be done and why not: :mod:`.legality` (a turn's actions: :mod:`.movegen`)
- what a seat may see, disclosure, re-dealt worlds: :mod:`.observe`
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from towers.core.actions import Action
from towers.core.compiled import is_compiled, twin
from towers.core.components import Deck
from towers.core.game import Disclosure, Game, State
from towers.core.options import Option
from towers.games.torres import actions as A
from towers.games.torres import batch, board, cards, legality, movegen, observe, scoring, setup
from towers.games.torres import king as king_rules
from towers.games.torres import turn as turn_rules
from towers.games.torres.actions import (
    END_TURN,
    Acquire,
    AddKnight,
    Advance,
    BlockUnder,
    Diagonal,
    DoorClimb,
    Draw,
    ExtraBlock,
    JumpOver,
    JumpUp,
    Keep,
    KingStays,
    MasterCard,
    MoveBlock,
    PlaceKing,
    PlaySeven,
    PlaySix,
    Redistribute,
    Relocate,
    ReturnBottom,
    ReturnRest,
    ReturnTop,
    SetupCastle,
    SetupKnight,
    TakeStack,
)
from towers.games.torres.board import BIT, DIAG_DIR, KING, ORTHO_DIR, ORTHO_DIR2, manhattan
from towers.games.torres.data import TorresData, load
from towers.games.torres.steps import (  # noqa: F401 - the rules' vocabulary
    S_DRAW,
    S_KEEP,
    S_KING_MOVE,
    S_MASTER_DRAW,
    S_OVER,
    S_REDISTRIBUTE,
    S_RETURN,
    S_SETUP_CASTLE,
    S_SETUP_KING,
    S_SETUP_KNIGHT,
    S_TAKE_STACK,
    S_TURN,
    STEP_NAMES,
)

SQ = A.SQUARES
MG = twin(movegen)  # the move generator: compiled when built, else plain Python
BD = twin(board)  # the castles and masks of a whole board, the same way
BT = twin(batch)  # the batch engine, whose one-game core a state in play is held in
HAS_CORE = is_compiled(BT)  # a state is played on a core only when that is compiled code

VARIANTS = ("basic", "common_deck", "master")

FIELDS_RENAMED_IN_2 = {
    "h": "heights",
    "occ": "occupants",
    "cid": "castle_of",
    "areas": "surface_areas",
    "tallest": "castle_heights",
    "played": "played_cards",
    "master": "master_card",
    "start": "starting_player",
    "actor": "deciding_player",
    "placed": "placed_in_setup",
    "ap": "action_points",
    "active": "stack_in_use",
    "leftover": "leftover_blocks",
    "acquired": "acquired_this_turn",
    "to_draw": "cards_to_draw",
    "drawn": "drawn_cards",
}
"""The saved fields of version 1 (old name -> new name) renamed in version 2."""

R_TURN = "Torres, A player's turn"
R_ADD = "Torres, Add a knight"
R_MOVE = "Torres, Move a knight"
R_BLOCK = "Torres, Place a tower block"
R_ACQUIRE = "Torres, Acquire action cards"
R_PLAY = "Torres, Play an action card"
R_TRACK = "Torres, Move along the scoring track"
R_CARDS = "Torres, The Action Cards"
R_KING = "Torres, Move the king"
R_PREP = "Torres, Preparation"
R_MASTER = "Torres, Master Version"


def _check_layout(value: Any) -> str | tuple[tuple[int, int], ...]:
    if isinstance(value, str):
        if value not in load().layouts:
            raise ValueError(f"known layouts: {', '.join(load().layouts)}; or a list of 8 [x, y]")
        return value
    squares = tuple((int(x), int(y)) for x, y in value)
    if len(squares) != 8 or len(set(squares)) != 8:
        raise ValueError("a layout is 8 different [x, y] squares")
    if any(not (0 <= x < 8 and 0 <= y < 8) for x, y in squares):
        raise ValueError("squares are [x, y] with x and y from 0 to 7")
    cells = [y * 8 + x for x, y in squares]
    if any(manhattan(a, b) < 2 for i, a in enumerate(cells) for b in cells[i + 1 :]):
        raise ValueError("starting castles may touch only diagonally")
    return squares


def _check_master_card(value: Any) -> str | None:
    if value is None or value in A.MASTER_KEYS:
        return value  # type: ignore[no-any-return]
    raise ValueError(f"master cards: {', '.join(A.MASTER_KEYS)}, or null to draw one")


class TorresGame(Game):
    """Torres for 2-4 players: basic game, common action deck variant, master version."""

    name = "torres"
    min_players = 2
    max_players = 4
    OPTIONS = {
        "variant": Option(
            default="basic",
            help="the rules: the basic game, the common action deck (one deck shared by all) "
            "or the master version",
            choices=VARIANTS,
            # as the rulebook's headings name them
            names={
                "basic": "Basic game",
                "common_deck": "Common action deck",
                "master": "Master version",
            },
        ),
        "layout": Option(
            default="default",
            help="starting castles: a layout name from the data file, or 8 [x, y] squares",
            check=_check_layout,
        ),
        "master_card": Option(
            default=None,
            help="master version only: the master card to use instead of drawing one",
            check=_check_master_card,
        ),
    }

    data: TorresData
    phases_rounds: tuple[int, ...]
    phases_stacks: tuple[tuple[int, ...], ...]
    layout: tuple[int, ...]

    def _setup(self) -> None:
        self.data = load()
        card = self.data.phases[self.num_players]
        self.phases_rounds = card.rounds
        self.phases_stacks = card.stacks
        lay = self.options["layout"]
        squares = self.data.layouts[lay] if isinstance(lay, str) else lay
        self.layout = tuple(y * 8 + x for x, y in squares)
        self.variant = self.options["variant"]
        self.is_master = self.variant == "master"
        self.is_common = self.variant == "common_deck"
        # no acquiring in the master version
        self.max_acquisitions = 0 if self.is_master else self.data.max_acquisitions
        # every action's value by int, made once a process: the rules match on them
        self.values: list[Action] = A.SPACE.values

    def num_distinct_actions(self) -> int:
        return A.NUM_ACTIONS

    def max_game_length(self) -> int:
        turns = self.num_players * sum(self.phases_rounds)
        # a turn: at most 7 AP actions, 2 acquisitions of 6 steps each, a card, a stack,
        # 3 redistributions, the end; setup and King moves besides
        return 12 + self.num_players + turns * 32 + len(self.phases_rounds)

    def has_hidden_information(self) -> bool:
        return not self.is_master

    def state_class(self) -> type[State]:
        return TorresState

    def new_initial_state(self) -> TorresState:
        state = TorresState(game=self, **setup.starting_fields(self))
        setup.first_step(state)
        if HAS_CORE:
            to_core(state)
        return state

    def core_template(self) -> Any:
        """The one-game batch engine the cores of this game's states are copied from."""
        found = self._core_template
        if found is None:
            found = self._core_template = BT.TorresBatch(self, 1)
        return found

    _core_template: Any = None


@dataclass(slots=True)
class TorresState(State):
    game: TorresGame
    heights: list[int]  # column height of each square (the level of a piece standing there)
    occupants: list[int]  # -1 empty, 0-3 a knight of that seat, KING
    castle_of: list[int]  # castle id of each square, -1 for bare ground (derived from the heights)
    surface_areas: list[int]  # surface area of each castle (derived from the heights)
    castle_heights: list[int]  # height of each castle (derived from the heights)
    knights: list[list[int]]  # squares of each seat's knights
    score: list[int]
    stacks: list[list[int]]  # heights of the stacks each seat still holds this phase
    supply: int  # tower blocks in the common supply
    hands: list[list[int]]  # action cards held, a count per kind
    decks: list[Deck]  # one per seat, one shared (common deck), none (master)
    played_cards: list[list[int]]  # action cards each seat has played (public)
    master_card: int = -1
    king: int = -1
    phase: int = 0
    round: int = 0
    starting_player: int = 0  # seat that started this round
    turn: int = 0  # seat whose turn it is
    turns_taken: int = 0
    step: int = S_SETUP_KNIGHT
    deciding_player: int = 0  # seat deciding during setup and the King's move
    placed_in_setup: int = 0  # castles placed (master setup) / first knights placed
    action_points: int = 0
    blocks_placed: int = 0
    stack_in_use: int = -1  # blocks left in the stack taken this turn; -1 before one is taken
    leftover_blocks: int = 0
    card_played: bool = False
    acquisitions: int = 0
    acquired_this_turn: list[int] = field(default_factory=lambda: [0] * A.CARD_KINDS)
    cards_to_draw: int = 0
    drawn_cards: list[int] = field(default_factory=list)
    _history: list[int] = field(default_factory=list)
    _legal: list[int] | None = None
    _legal_set: frozenset[int] | None = None
    # Caches derived from the heights and occupants, as bit masks over the squares (bit s = square s).
    # They are replaced, never changed in place, so clones may share them.
    _doors: list[int] | None = None  # door exits of each castle
    _places: int | None = None  # squares open to a block, pieces aside
    _levels: list[int] | None = None  # squares of height <= k
    _free: int | None = None  # squares with no piece on them
    _cmask: list[int] | None = None  # squares of each castle
    # The one-game batch engine the state is played on (a TorresCoreState), else None.
    _core: Any = None

    _CACHES: ClassVar[tuple[str, ...]] = (
        "_legal",
        "_legal_set",
        "_doors",
        "_places",
        "_levels",
        "_free",
        "_cmask",
    )
    # a plain state's core is None (a TorresCoreState has a clone of its own)
    CLONE_SHARES: ClassVar[tuple[str, ...]] = (*_CACHES, "_core")
    _UNSAVED: ClassVar[frozenset[str]] = frozenset({"game", "_core", *_CACHES})
    FIELD_READERS: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "decks": lambda decks: [Deck.from_json(d) for d in decks]
    }
    FIELDS_VERSION: ClassVar[int] = 2
    """2: the fields are called by the rulebook's words (version 1 had short names)."""

    @classmethod
    def upgrade_fields(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        if version < 2:
            fields = {FIELDS_RENAMED_IN_2.get(k, k): v for k, v in fields.items()}
        return fields

    # ---- contract ---------------------------------------------------------------------
    # A random playout asks these once an action: the move generator's functions (compiled
    # when built) bound as methods, answering as State's guarded methods do.
    current_player = MG.current_player
    legal_actions = MG.legal_actions
    is_legal = MG.is_legal
    apply_action = MG.apply_action
    apply_trusted = MG.apply_trusted

    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def action_to_string(self, action: int) -> str:
        return A.SPACE.name(action)

    def string_to_action(self, text: str) -> int:
        """The action ``text`` names; a card may also be named by the key earlier releases
        wrote (``play six_ap`` for ``play 6 action points``)."""
        return A.SPACE.parse_renamed(text, A.OLD_CARD_WORDS)

    # ---- helpers ----------------------------------------------------------------------
    def _deck_of(self, seat: int) -> Deck:
        return self.decks[0] if self.game.is_common else self.decks[seat]

    def forget_caches(self) -> None:
        """Drop every cache derived from the fields (for code that edits fields by hand)."""
        for name in self._CACHES:
            setattr(self, name, None)

    def _relabel(self) -> None:
        self.castle_of, self.surface_areas = BD.label_castles(self.heights)
        self.castle_heights = BD.castle_heights(
            self.heights, self.castle_of, len(self.surface_areas)
        )
        self._doors = None
        self._places = None
        self._levels = None
        self._cmask = None

    def _add_block(self, s: int) -> None:
        """One block more on ``s``; the castles and every kept mask follow it
        (:func:`movegen.add_block`)."""
        MG.add_block(self, s)

    def _door_exits(self) -> list[int]:
        doors = self._doors
        if doors is None:
            doors = self._doors = BD.door_exits(
                self.heights, self.castle_of, len(self.surface_areas)
            )
        return doors

    def _level_masks(self) -> list[int]:
        levels = self._levels
        if levels is None:
            levels = self._levels = BD.level_masks(self.heights)
        return levels

    def free_mask(self) -> int:
        """Squares with no knight and no King on them."""
        free = self._free
        if free is None:
            free = self._free = BD.free_squares(self.occupants)
        return free

    def _open_squares(self) -> int:
        """The kept mask of squares open to a block, pieces aside, made with the castles'
        square masks that keep it up to date (see _add_block)."""
        if self._places is None or self._cmask is None:
            self._places = BD.placement_mask(self.heights, self.castle_of, self.surface_areas)
            self._cmask = BD.castle_masks(self.castle_of, len(self.surface_areas))
        return self._places

    def _stack_auto(self, seat: int) -> bool:
        """True when the seat's stacks are all of one height, so which is taken is no choice."""
        st = self.stacks[seat]  # kept tallest first
        return bool(st) and st[0] == st[-1]

    def block_moves(self) -> list[tuple[int, int]]:
        """(from, to) pairs for the Move a tower block card."""
        return [(a, b) for a, targets in MG.block_move_masks(self) for b in MG.squares_of(targets)]

    # ---- legal actions ----------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        if self.step == S_TURN:
            return MG.turn_actions(self)  # the actions of a turn, in increasing order
        return legality.step_actions(self)

    # ---- transitions ------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.step == S_MASTER_DRAW:
            return [(A.MASTER + m, 1.0 / A.MASTER_KINDS) for m in range(A.MASTER_KINDS)]
        return [(A.DRAW + c, p) for c, p in self._deck_of(self.turn).draw_outcomes()]

    def _apply(self, action: int) -> None:
        """The dispatch: each action to the rule of its rulebook section."""
        # moving a knight and placing a block, two thirds of a game's actions, by int
        if MG.apply_common(self, action):
            return
        p = self.turn
        if action == END_TURN:
            if self.stack_in_use == -1 and self.stacks[p]:
                if not self._stack_auto(p):
                    self.step = S_TAKE_STACK
                    return
                turn_rules.take_stack(self, p, self.stacks[p][0])
            turn_rules.after_stack(self)
            return
        match self.game.values[action]:
            case Draw(card=c):
                cards.draw(self, p, c)
            case AddKnight(square=s):
                self.action_points -= self.game.data.cost_add_knight
                self._put_knight(p, s)
            case Keep(card=c):
                cards.keep(self, p, c)
            case ReturnTop(card=c):
                cards.put_back(self, p, c, True)
            case ReturnBottom(card=c):
                cards.put_back(self, p, c, False)
            case Advance():
                self.action_points -= 1
                scoring.advance(self, p, 1)
            case Acquire():
                cards.acquire(self)
            case TakeStack(height=i):
                turn_rules.choose_stack(self, p, i + 1)
            case Redistribute(height=i):
                turn_rules.redistribute(self, p, i + 1)
            case ReturnRest():
                turn_rules.return_leftover(self)
            case PlaySix():
                cards.extra_action_points(self, p, A.C_SIX, 1)
            case PlaySeven():
                cards.extra_action_points(self, p, A.C_SEVEN, 2)
            case ExtraBlock(square=s):
                cards.extra_block(self, p, A.C_EXTRA_BLOCK, s)
            case BlockUnder(square=s, source=k):
                cards.block_under(self, p, A.C_BLOCK_UNDER, s, k)
            case JumpUp(frm=a, direction=d):
                cards.card_move(self, p, A.C_JUMP_UP, a, ORTHO_DIR[a][d])
            case Diagonal(frm=a, direction=d):
                cards.card_move(self, p, A.C_DIAGONAL, a, DIAG_DIR[a][d])
            case JumpOver(frm=a, direction=d):
                cards.card_move(self, p, A.C_JUMP_OVER, a, ORTHO_DIR2[a][d])
            case DoorClimb(frm=a, to=b):
                cards.card_move(self, p, A.C_DOOR_CLIMB, a, b)
            case Relocate(frm=a, to=b):
                cards.card_move(self, p, A.C_RELOCATE, a, b)
            case MoveBlock(frm=a, to=b):
                cards.move_block(self, p, A.C_MOVE_BLOCK, a, b)
            case KingStays():
                king_rules.king_stays(self)
            case PlaceKing(square=s):
                king_rules.place_king(self, s)
            case SetupKnight(square=s):
                setup.setup_knight(self, s)
            case SetupCastle(square=s):
                setup.setup_castle(self, s)
            case MasterCard(card=m):
                setup.draw_master_card(self, m)

    # ---- the pieces on the board: their squares and the masks kept of them ---------------
    def _move_knight(self, seat: int, a: int, b: int) -> None:
        self.occupants[a] = -1
        self.occupants[b] = seat
        if self._free is not None:
            self._free ^= BIT[a] | BIT[b]
        mine = self.knights[seat]
        mine[mine.index(a)] = b

    def _put_knight(self, seat: int, s: int) -> None:
        self.occupants[s] = seat
        if self._free is not None:
            self._free &= ~BIT[s]
        self.knights[seat].append(s)

    def _move_king(self, s: int) -> None:
        free = self._free
        if self.king >= 0:
            self.occupants[self.king] = -1
            if free is not None:
                free |= BIT[self.king]
        self.king = s
        self.occupants[s] = KING
        if free is not None:
            self._free = free & ~BIT[s]

    # ---- the rules' names of earlier releases, kept for their callers --------------------
    def _advance(self, seat: int, points: int) -> None:
        scoring.advance(self, seat, points)

    def castle_points(self, seat: int) -> int:
        """Scoring, The castle positions (:func:`scoring.castle_points`)."""
        return scoring.castle_points(self, seat)

    def king_bonus(self, seat: int, phase: int) -> int:
        """Scoring, The king's bonus (:func:`scoring.king_bonus`)."""
        return scoring.king_bonus(self, seat, phase)

    # ---- explanations -----------------------------------------------------------------
    def _explain(self, action: int) -> tuple[str, str]:
        found = legality.problem(self, action)
        # only asked of refused actions, and the tests hold the generators to these rules
        return found if found is not None else ("not allowed now", R_TURN)

    # ---- hidden information (observe.py) ------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (:func:`observe.observation`)."""
        return observe.observation(self, seat)

    def disclosure(self, action: int) -> Disclosure | None:
        """Who may read ``action`` (:func:`observe.disclosure`)."""
        return observe.disclosure(self, action)

    def _pool(self, seat: int) -> dict[int, int]:
        return observe.hidden_pool(self, seat)

    def _determinize(self, seat: int, rng: random.Random) -> TorresState:
        world = observe.determinize(self, seat, rng)
        if HAS_CORE:
            to_core(world)
        return world


class TorresCoreState(TorresState):
    """A TorresState played on its core, the one-game batch engine of :mod:`.batch` compiled
    (built when the state is made or cloned, where that twin is built).

    The core holds the whole game: a playout's calls (who decides, the legal actions, an
    action applied, a chance node's outcomes, a clone, the heuristics) are the core's,
    compiled, and the fields are not kept up to date meanwhile. Reading or writing any
    field gives the state its fields back, made from the core, and makes it a plain
    TorresState again (:func:`to_plain`), so every other reader (saving, observation,
    explanations, the views, the rules' own functions) sees a TorresState as it always did.
    The tests hold a game played on a core to one played without, state by state."""

    __slots__ = ()

    current_player = BT.one_current_player
    legal_actions = BT.one_legal_actions
    is_legal = BT.one_is_legal
    apply_action = BT.one_apply_action
    apply_trusted = BT.one_apply_trusted
    chance_outcomes = BT.one_chance_outcomes
    clone = BT.one_clone

    def _dealt_again(self) -> TorresState:
        return self  # a core made anew has no legal actions kept (State._dealt_again)

    def __eq__(self, other: object) -> bool:
        to_plain(self)
        return self == other

    __hash__ = None  # type: ignore[assignment]

    def __reduce_ex__(self, protocol: Any) -> Any:
        to_plain(self)
        return self.__reduce_ex__(protocol)


KEPT_ON_CORE = ("game", "_history", "_core")
"""The fields a TorresCoreState keeps as they are; the others are the core's."""


def to_plain(state: TorresState) -> None:
    """``state``, played on its core, made a plain TorresState with its fields set from it."""
    if state._core is None:
        return
    fields = BT.to_fields(state._core, 0)
    state.__class__ = TorresState
    for name, value in fields.items():
        setattr(state, name, value)
    for name in TorresState._CACHES:
        setattr(state, name, None)
    state._core = None


def to_core(state: TorresState) -> None:
    """``state``, a plain TorresState, played on a core from now on (with the compiled batch
    engine)."""
    if type(state) is TorresState:
        state._core = BT.core_of(state.game.core_template(), state)
        state.__class__ = TorresCoreState


def _field_of_core(name: str) -> property:
    def read(state: TorresState) -> Any:
        to_plain(state)
        return getattr(state, name)

    def write(state: TorresState, value: Any) -> None:
        to_plain(state)
        setattr(state, name, value)

    return property(read, write, doc=f"the {name} field, read from the core")


for _name in TorresState.__slots__:
    if _name not in KEPT_ON_CORE:
        setattr(TorresCoreState, _name, _field_of_core(_name))


cards_by_name = observe.cards_by_name
