"""Torres: the game and its state (see the package docstring for what is covered)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from towers.core.actions import Action
from towers.core.compiled import twin
from towers.core.components import Deck
from towers.core.game import CHANCE, TERMINAL, Disclosure, Game, State
from towers.core.options import Option
from towers.games.torres import actions as A
from towers.games.torres import legality, movegen, observe
from towers.games.torres.actions import (
    DOOR_CLIMB,
    END_TURN,
    EXTRA_BLOCK,
    MOVE,
    PLACE_BLOCK,
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
from towers.games.torres.board import (
    BIT,
    DIAG_DIR,
    KING,
    ORTHO_DIR,
    ORTHO_DIR2,
    castle_heights,
    castle_masks,
    door_exits,
    label_castles,
    level_masks,
    manhattan,
    placement_mask,
)
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
        n = self.num_players
        d = self.data
        h = [0] * SQ
        supply = d.tower_blocks
        if not self.is_master:
            for s in self.layout:
                h[s] = 1
            supply -= len(self.layout)
        cid, areas = label_castles(h)
        if self.is_master:
            hands = [[d.copies_per_color] * A.CARD_KINDS for _ in range(n)]
            decks: list[Deck] = []
        else:
            hands = [[0] * A.CARD_KINDS for _ in range(n)]
            if self.is_common:
                decks = [Deck.of_counts([d.copies_per_color * d.colors] * A.CARD_KINDS)]
            else:
                decks = [Deck.of_counts([d.copies_per_color] * A.CARD_KINDS) for _ in range(n)]
        state = TorresState(
            game=self,
            heights=h,
            occupants=[-1] * SQ,
            castle_of=cid,
            surface_areas=areas,
            castle_heights=castle_heights(h, cid, len(areas)),
            knights=[[] for _ in range(n)],
            score=[0] * n,
            stacks=[[] for _ in range(n)],
            supply=supply,
            hands=hands,
            decks=decks,
            played_cards=[[0] * A.CARD_KINDS for _ in range(n)],
        )
        if self.is_master:
            card = self.options["master_card"]
            if card is None:
                state.step = S_MASTER_DRAW
            else:
                state.master_card = A.MASTER_KEYS.index(card)
                state.step = S_SETUP_CASTLE
        else:
            state.step = S_SETUP_KNIGHT
        return state


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

    _CACHES: ClassVar[tuple[str, ...]] = (
        "_legal",
        "_legal_set",
        "_doors",
        "_places",
        "_levels",
        "_free",
        "_cmask",
    )
    CLONE_SHARES: ClassVar[tuple[str, ...]] = _CACHES
    _UNSAVED: ClassVar[frozenset[str]] = frozenset({"game", *_CACHES})
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
    def current_player(self) -> int:
        step = self.step
        if step == S_TURN or step == S_KEEP or step == S_RETURN:
            return self.turn
        if step == S_DRAW or step == S_MASTER_DRAW:
            return CHANCE
        if step == S_OVER:
            return TERMINAL
        if step == S_TAKE_STACK or step == S_REDISTRIBUTE:
            return self.turn
        return self.deciding_player

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
        self.castle_of, self.surface_areas = label_castles(self.heights)
        self.castle_heights = castle_heights(self.heights, self.castle_of, len(self.surface_areas))
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
            doors = self._doors = door_exits(self.heights, self.castle_of, len(self.surface_areas))
        return doors

    def _level_masks(self) -> list[int]:
        levels = self._levels
        if levels is None:
            levels = self._levels = level_masks(self.heights)
        return levels

    def free_mask(self) -> int:
        """Squares with no knight and no King on them."""
        free = self._free
        if free is None:
            occ = self.occupants
            free = self._free = sum(1 << s for s in range(SQ) if occ[s] == -1)
        return free

    def _open_squares(self) -> int:
        """The kept mask of squares open to a block, pieces aside, made with the castles'
        square masks that keep it up to date (see _add_block)."""
        if self._places is None or self._cmask is None:
            self._places = placement_mask(self.heights, self.castle_of, self.surface_areas)
            self._cmask = castle_masks(self.castle_of, len(self.surface_areas))
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
        step = self.step
        if step == S_TURN:
            return MG.turn_actions(self)  # the actions of a turn, in increasing order
        if step == S_DRAW:
            return [A.DRAW + c for c, _ in self._deck_of(self.turn).draw_outcomes()]
        if step == S_KEEP:
            return sorted({A.KEEP + c for c in self.drawn_cards})
        if step == S_RETURN:
            cards = set(self.drawn_cards)
            return sorted([A.RETURN_TOP + c for c in cards] + [A.RETURN_BOTTOM + c for c in cards])
        if step == S_TAKE_STACK:
            return sorted({A.TAKE_STACK + hgt - 1 for hgt in self.stacks[self.turn]})
        if step == S_REDISTRIBUTE:
            return [A.RETURN_REST] + sorted(
                {A.REDISTRIBUTE + hgt - 1 for hgt in self.stacks[self.turn] if hgt < 3}
            )
        if step == S_KING_MOVE:
            return [A.KING_STAY] + [A.PLACE_KING + s for s in self._king_squares()]
        if step == S_SETUP_KNIGHT:
            return [A.SETUP_KNIGHT + s for s in self._free_castle_squares()]
        if step == S_SETUP_KING:
            return [A.PLACE_KING + s for s in self._free_castle_squares()]
        if step == S_SETUP_CASTLE:
            return [A.SETUP_CASTLE + s for s in self._castle_setup_squares()]
        if step == S_MASTER_DRAW:
            return [A.MASTER + m for m in range(A.MASTER_KINDS)]
        return []

    def _free_castle_squares(self) -> list[int]:
        """Squares of castles on which no piece stands yet (setup)."""
        taken = {self.castle_of[s] for s in range(SQ) if self.occupants[s] != -1}
        return [
            s
            for s in range(SQ)
            if self.heights[s] and self.castle_of[s] not in taken and self.occupants[s] == -1
        ]

    def _king_squares(self) -> list[int]:
        return [s for s in range(SQ) if self.heights[s] and self.occupants[s] == -1]

    def castle_setup_distance(self) -> int:
        """The distance a new starting castle keeps from the others (master version).

        The rulebook asks for 3; when earlier placements leave no such square, the largest
        distance still possible is used (designed: the rulebook does not say)."""
        castles = [s for s in range(SQ) if self.heights[s]]
        for need in range(self.game.data.master_min_distance, 1, -1):
            if any(
                all(manhattan(s, c) >= need for c in castles)
                for s in range(SQ)
                if not self.heights[s]
            ):
                return need
        return 2

    def _castle_setup_squares(self) -> list[int]:
        castles = [s for s in range(SQ) if self.heights[s]]
        need = self.castle_setup_distance()
        return [
            s
            for s in range(SQ)
            if not self.heights[s] and all(manhattan(s, c) >= need for c in castles)
        ]

    # ---- transitions ------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.step == S_MASTER_DRAW:
            return [(A.MASTER + m, 1.0 / A.MASTER_KINDS) for m in range(A.MASTER_KINDS)]
        return [(A.DRAW + c, p) for c, p in self._deck_of(self.turn).draw_outcomes()]

    def _apply(self, action: int) -> None:
        p = self.turn
        # Moving a knight, placing a block and ending the turn are two thirds of the actions
        # of a game: by int, ahead of the match on the action's value (ending the turn by the
        # match too cost random playouts 2% more instructions an action, by callgrind).
        if MOVE <= action < DOOR_CLIMB:
            self.action_points -= 1
            i = action - MOVE
            self._move_knight(p, i >> 6, i & 63)
            return
        if PLACE_BLOCK <= action < EXTRA_BLOCK:
            if self.stack_in_use == -1:
                self._take_stack(p, self.stacks[p][0])
            self.stack_in_use -= 1
            self.blocks_placed += 1
            self.action_points -= 1
            self._add_block(action - PLACE_BLOCK)
            return
        if action == END_TURN:
            if self.stack_in_use == -1 and self.stacks[p]:
                if not self._stack_auto(p):
                    self.step = S_TAKE_STACK
                    return
                self._take_stack(p, self.stacks[p][0])
            self._after_stack()
            return
        match self.game.values[action]:
            case Draw(card=c):
                card = self._deck_of(p).draw(c)
                if self.game.is_common:
                    self._gain_card(p, card)
                    self.cards_to_draw = 0
                    self.step = S_TURN
                else:
                    self.drawn_cards.append(card)
                    self.cards_to_draw -= 1
                    self._continue_draw()
            case AddKnight(square=s):
                self.action_points -= self.game.data.cost_add_knight
                self._put_knight(p, s)
            case Keep(card=c):
                self.drawn_cards.remove(c)
                self._gain_card(p, c)
                self.step = S_RETURN if self.drawn_cards else S_TURN
            case ReturnTop(card=c) | ReturnBottom(card=c) as back:
                deck = self._deck_of(p)
                if isinstance(back, ReturnTop):
                    deck.put_top(c)
                else:
                    deck.put_bottom(c)
                self.drawn_cards.remove(c)
                if not self.drawn_cards:
                    self.step = S_TURN
            case Advance():
                self.action_points -= 1
                self._advance(p, 1)
            case Acquire():
                self.action_points -= 1
                self.acquisitions += 1
                self.cards_to_draw = 1 if self.game.is_common else self.game.data.acquire_draw
                self._continue_draw()
            case TakeStack(height=i):
                self._take_stack(p, i + 1)
                if self.step == S_TAKE_STACK:
                    self._after_stack()
            case Redistribute(height=i):
                st = self.stacks[p]
                st.remove(i + 1)
                st.append(i + 2)
                st.sort(reverse=True)
                self.leftover_blocks -= 1
                if not self.leftover_blocks or min(st) >= 3:
                    self._return_leftover()
            case ReturnRest():
                self._return_leftover()
            case PlaySix():
                self._use_card(p, A.C_SIX)
                self.action_points += 1
            case PlaySeven():
                self._use_card(p, A.C_SEVEN)
                self.action_points += 2
            case ExtraBlock(square=s):
                self._use_card(p, A.C_EXTRA_BLOCK)
                self.supply -= 1
                self._add_block(s)
            case BlockUnder(square=s, source=k):
                self._use_card(p, A.C_BLOCK_UNDER)
                if k == 0:
                    self.stack_in_use -= 1
                else:
                    st = self.stacks[p]
                    st.remove(k)
                    if k > 1:
                        st.append(k - 1)
                        st.sort(reverse=True)
                self._add_block(s)
            case JumpUp(frm=a, direction=d):
                self._use_card(p, A.C_JUMP_UP)
                self._move_knight(p, a, ORTHO_DIR[a][d])
            case Diagonal(frm=a, direction=d):
                self._use_card(p, A.C_DIAGONAL)
                self._move_knight(p, a, DIAG_DIR[a][d])
            case JumpOver(frm=a, direction=d):
                self._use_card(p, A.C_JUMP_OVER)
                self._move_knight(p, a, ORTHO_DIR2[a][d])
            case DoorClimb(frm=a, to=b):
                self._use_card(p, A.C_DOOR_CLIMB)
                self._move_knight(p, a, b)
            case Relocate(frm=a, to=b):
                self._use_card(p, A.C_RELOCATE)
                self._move_knight(p, a, b)
            case MoveBlock(frm=a, to=b):
                self._use_card(p, A.C_MOVE_BLOCK)
                self.heights[a] -= 1
                self.heights[b] += 1
                self._relabel()
            case KingStays():
                self._begin_phase(self.phase + 1, self.deciding_player)
            case PlaceKing(square=s):
                self._move_king(s)
                if self.step == S_KING_MOVE:
                    self._begin_phase(self.phase + 1, self.deciding_player)
                else:
                    self._begin_phase(0, 0)
            case SetupKnight(square=s):
                self._put_knight(self.deciding_player, s)
                self.placed_in_setup += 1
                if self.placed_in_setup == self.game.num_players:
                    self.step = S_SETUP_KING
                    self.deciding_player = self.game.num_players - 1
                else:
                    self.deciding_player = self.placed_in_setup
            case SetupCastle(square=s):
                self.heights[s] = 1
                self.supply -= 1
                self._relabel()
                self.placed_in_setup += 1
                if self.placed_in_setup == 8:
                    self.placed_in_setup = 0
                    self.deciding_player = 0
                    self.step = S_SETUP_KNIGHT
                else:
                    self.deciding_player = self.placed_in_setup % self.game.num_players
            case MasterCard(card=m):
                self.master_card = m
                self.step = S_SETUP_CASTLE

    def _use_card(self, seat: int, card: int) -> None:
        self.hands[seat][card] -= 1
        self.played_cards[seat][card] += 1
        self.card_played = True

    def _gain_card(self, seat: int, card: int) -> None:
        self.hands[seat][card] += 1
        self.acquired_this_turn[card] += 1

    def _continue_draw(self) -> None:
        deck = self._deck_of(self.turn)
        while self.cards_to_draw > 0 and deck.has_cards() and not deck.needs_chance():
            self.drawn_cards.append(deck.draw())
            self.cards_to_draw -= 1
        if self.cards_to_draw > 0 and deck.has_cards():
            self.step = S_DRAW
            return
        self.cards_to_draw = 0
        self.step = S_KEEP if self.drawn_cards else S_TURN

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

    def _take_stack(self, seat: int, height: int) -> None:
        self.stacks[seat].remove(height)
        self.stack_in_use = height

    def _after_stack(self) -> None:
        """End of turn once the turn's stack is settled: leftovers, then the next turn."""
        p = self.turn
        self.leftover_blocks = max(self.stack_in_use, 0)
        self.stack_in_use = -1
        if self.leftover_blocks and self.stacks[p] and min(self.stacks[p]) < 3:
            self.step = S_REDISTRIBUTE
            return
        self._return_leftover()

    def _return_leftover(self) -> None:
        self.supply += self.leftover_blocks
        self.leftover_blocks = 0
        self._next_turn()

    def _advance(self, seat: int, points: int) -> None:
        """Move a scoring marker; it lands on the next empty space (the start holds any)."""
        if points <= 0:
            return
        target = self.score[seat] + points
        others = {s for i, s in enumerate(self.score) if i != seat}
        while target in others:
            target += 1
        self.score[seat] = target

    def _begin_turn(self) -> None:
        self.step = S_TURN
        self.action_points = self.game.data.action_points
        self.blocks_placed = 0
        self.stack_in_use = -1
        self.card_played = False
        self.acquisitions = 0
        self.acquired_this_turn = [0] * A.CARD_KINDS

    def _next_turn(self) -> None:
        n = self.game.num_players
        self.turns_taken += 1
        if self.turns_taken < n:
            self.turn = (self.turn + 1) % n
            self._begin_turn()
            return
        self.round += 1
        if self.round == self.game.phases_rounds[self.phase]:
            self._score_phase()
            return
        self.turns_taken = 0
        if self.game.is_master:
            self.starting_player = self._leader(self.starting_player)
        self.turn = self.starting_player
        self._begin_turn()

    def _leader(self, unchanged: int) -> int:
        """Master version: the round starts with the player with the most points."""
        best = max(self.score)
        leaders = [i for i, s in enumerate(self.score) if s == best]
        return leaders[0] if len(leaders) == 1 else unchanged

    def _begin_phase(self, phase: int, start: int) -> None:
        n = self.game.num_players
        if self.game.is_master and phase > 0:
            start = self._leader(start)
        self.phase = phase
        self.round = 0
        self.turns_taken = 0
        self.starting_player = start
        self.turn = start
        card = self.game.phases_stacks[phase]
        for i in range(n):
            seat = (start + i) % n
            stacks = []
            for hgt in card:
                got = min(hgt, self.supply)
                self.supply -= got
                if got:
                    stacks.append(got)
            self.stacks[seat] = sorted(stacks, reverse=True)
        self._begin_turn()

    # ---- scoring ----------------------------------------------------------------------
    def castle_points(self, seat: int) -> int:
        """Area x level of the seat's highest knight, for each castle it stands on."""
        best: dict[int, int] = {}
        cid = self.castle_of
        h = self.heights
        for s in self.knights[seat]:
            k = cid[s]
            if k >= 0:
                hs = h[s]
                if hs > best.get(k, 0):
                    best[k] = hs
        areas = self.surface_areas
        points = 0
        for k, lvl in best.items():
            points += areas[k] * lvl
        return points

    def king_bonus(self, seat: int, phase: int) -> int:
        """The King's bonus after ``phase`` (0-based): a knight on level phase+1 of its castle."""
        cid = self.castle_of
        h = self.heights
        k = cid[self.king]
        lvl = phase + 1
        for s in self.knights[seat]:
            if cid[s] == k and h[s] == lvl:
                return self.game.data.king_bonus[phase]
        return 0

    def _score_phase(self) -> None:
        n = self.game.num_players
        order = [(self.starting_player + i) % n for i in range(n)]
        for seat in order:
            self._advance(seat, self.castle_points(seat))
        for seat in order:
            self._advance(seat, self.king_bonus(seat, self.phase))
        if self.game.is_master:
            from towers.games.torres.master import master_points

            points = master_points(self, self.master_card, self.phase)
            for seat in order:
                self._advance(seat, points[seat])
        for seat in range(n):
            self.supply += sum(self.stacks[seat])
            self.stacks[seat] = []
        if self.phase == len(self.game.phases_rounds) - 1:
            self.step = S_OVER
            return
        low = min(self.score)
        self.deciding_player = next(seat for seat in order if self.score[seat] == low)
        self.step = S_KING_MOVE

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
        return observe.determinize(self, seat, rng)


cards_by_name = observe.cards_by_name
