"""Many games of Turris stepped together: the batch engine (see :mod:`towers.core.batch`).

The games live in one flat array of 64-bit ints, a slice of ``W`` a game at the offsets
below: a header (the actions since the reset, each seat's decisions, whether the slice is
behind the game's mirror state), the state's scalars and flags, each seat's ints at fixed
places (room for five seats whatever the player count), each node's Scouts by seat, the
fixed rows (Upgrades, Beasts, Excavation spots, the Trionfi tableau, the Damaged tokens),
the ordered lists (a count, then the items, up to their room: their order is saved, so they
stay lists), the four decks (the known top cards, the counts of the unknown middle and their
total, the known bottom cards), and the decision stack and the chance queue as records of
``FW`` ints (a kind, then the frame's fields: an int as it is, a flag as 0/1, a tuple or a
string as its int in ``WORDS``). ``load`` writes a one-game state into a game's slice
(:func:`_write`) and ``state`` reads one back (:func:`_read`), field for field.

What the arrays play, and what they do not. The chances (each game's own ``random.Random``,
one float a node, the outcome picked as :func:`towers.core.chance.sample_chance` picks it:
:func:`_deck_pick` is ``draws.deck_pick``'s walk, the same float additions in the same order)
draw from the decks in the arrays while no card of the deck is known; the Council's return
(:class:`~.frames.CouncilReturn`) is answered there. Anything else is played by the
one-game rules (``rounds.apply``, ``legality.legal_actions``) on a state read from the
arrays, the game's *mirror*: it stays the game while the one-game rules play it (the slice
is then behind, ``STALE``), and is written back only when the arrays have a rule to play
(the same rules, so the same games whichever way an action goes). Reading and writing a
whole game are the costly steps, so the engine is as fast as the share of actions that stay
in the arrays from one to the next.

``engine_for`` offers it only when the environment variable ``TOWERS_TURRIS_BATCH`` is set
(to anything but "" or "0") until it beats the one-game engine; without it, Turris has no
batch engine of its own (:class:`towers.core.batch.StateBatch` serves).

The compiled twin ``batch_c`` (this text with the C types of ``batch.pxd``, see
:mod:`towers.core.compiled`) steps the arrays in C; the plain text is its reference and the
fallback where it is not built. ``tests/games/turris/test_batch.py`` holds both to the
one-game engine field by field at every decision of whole games in every mode.
"""

from __future__ import annotations

import os
import random
from array import array
from collections.abc import Sequence
from dataclasses import fields as dataclass_fields
from typing import Any

from towers.core.batch import check_state, checked_choosers, chooser_list, generator
from towers.core.components import Deck
from towers.core.frames import DecisionStack
from towers.core.game import TERMINAL
from towers.games.turris import actions as A
from towers.games.turris import frames as F
from towers.games.turris import rules
from towers.games.turris.data import load
from towers.games.turris.interned import made_of

_SECTIONS = vars(rules)
RULES_APPLY: Any = _SECTIONS["rounds"].apply
RULES_RUN: Any = _SECTIONS["rounds"].run
SAMPLE_CHANCE: Any = _SECTIONS["draws"].sample_chance
"""The one-game rules the mirror is played by: the sections ``rules`` uses (their compiled
twins when built)."""

ENV = "TOWERS_TURRIS_BATCH"
"""The environment variable that offers the engine (see the module docstring)."""

_DATA = load()
SEATS = 5  # room for the most seats, whatever the player count
N_NODES = len(_DATA.locations)
N_BEASTS = len(_DATA.beasts)
N_SPOTS = sum(1 for loc in _DATA.locations if loc.kind == "excavation")
N_TABLEAU = int(_DATA.constants["trionfi_tableau"])
N_TRIONFI = len(_DATA.trionfi)
N_TACTICS = len(_DATA.tactics)
N_MISSIONS = len(_DATA.missions)
N_SITES = len(_DATA.excavation_sites)
N_TOKENS = 5  # I, K, R, W and Artifacts (a seat's ``resources``)
THRESHOLDS_ROOM = 32
ONCE_ROOM = 64
STACK_ROOM = 48
CHANCE_ROOM = 24

# ---- the frames: a record is its kind, then its fields --------------------------------------
DECISION_KINDS: tuple[Any, ...] = tuple(F.DECISIONS.by_name.values())
CHANCE_KINDS: tuple[Any, ...] = tuple(F.CHANCE_EVENTS.by_name.values())
KINDS = DECISION_KINDS + CHANCE_KINDS
KIND_OF = {kind: k for k, kind in enumerate(KINDS)}
FIELDS = tuple(tuple(f.name for f in dataclass_fields(kind)) for kind in KINDS)
"""Each kind's fields, in the order its constructor takes them."""
F_INT, F_FLAG, F_WORD = 0, 1, 2
FIELD_CODES = tuple(
    tuple(
        F_INT if f.type in ("int", int) else F_FLAG if f.type in ("bool", bool) else F_WORD
        for f in dataclass_fields(kind)
    )
    for kind in KINDS
)
"""How each field of each kind is held: an int, a flag (0/1), or a value of ``WORDS``."""
FW = 1 + max(len(f) for f in FIELDS)
K_TURN = KIND_OF[F.Turn]
K_COUNCIL_RETURN = KIND_OF[F.CouncilReturn]
K_TACTICS_DRAW = KIND_OF[F.TacticsDraw]
K_MISSION_DRAW = KIND_OF[F.MissionDraw]
K_TRIONFI_DRAW = KIND_OF[F.TrionfiDraw]
K_SITE_DRAW = KIND_OF[F.SiteDraw]
K_BEAST_TURN = KIND_OF[F.BeastTurn]
K_END_TURN = KIND_OF[F.EndTurn]
IS_DECIDED = tuple(kind in rules.DECIDE for kind in KINDS)
HAS_SETTLE = tuple(kind in rules.SETTLE for kind in KINDS)
"""The kinds the one-game rules may settle without a decision when on top (``SETTLE``)."""

WORDS: list[Any] = []
"""The tuples and strings frames and ``once_used`` hold, by the int the arrays hold."""
WORD_ID: dict[Any, int] = {}


def word_id(value: Any) -> int:
    """The int the arrays hold for a tuple or a string (made once for each met)."""
    key = (type(value), value)
    found = WORD_ID.get(key)
    if found is None:
        found = WORD_ID[key] = len(WORDS)
        WORDS.append(value)
    return found


# ---- the ints of a game: offsets in its slice of S -----------------------------------------
PHASES = (F.P_SETUP, F.P_TURNS, F.P_BETRAYERS, F.P_BEASTS, F.P_OVER)
SCALARS = (
    "phase", "round", "first_player", "future_first", "active", "turn_index", "fruit",
    "altar", "excavation_due", "actions_left", "gathers", "betrayer_prestige", "beast_die",
    "movement_card",
)  # fmt: skip
"""The int fields (``phase`` as its index in ``PHASES``)."""
FLAGS = (
    "endgame", "endgame_in_beasts", "placed_action", "collected", "tactics_played",
    "game_over", "player_won",
)  # fmt: skip
SEAT_INTS = (
    "faction", "side", "reserve", "graveyard", "prestige", "council", "rooms",
    "action_tokens", "grove_room",
)  # fmt: skip
FIXED_INTS = (
    ("beast_at", N_BEASTS), ("site_at", N_SPOTS), ("trionfi_tableau", N_TABLEAU),
)  # fmt: skip
FIXED_FLAGS = (
    ("upgraded", N_NODES), ("flipped", N_BEASTS), ("spot_open", N_SPOTS),
    ("damaged", N_TABLEAU),
)  # fmt: skip
SEAT_LISTS = (
    ("trionfi_owned", N_TRIONFI), ("completed", N_MISSIONS), ("ongoing", N_MISSIONS),
    ("reserved", N_MISSIONS), ("hands", N_TACTICS),
)  # fmt: skip
"""Each seat's ordered lists, with their room: a count, then the items."""
LISTS = (
    ("missions", N_MISSIONS), ("tactics_discard", N_TACTICS),
    ("thresholds_hit", THRESHOLDS_ROOM), ("betrayer_at", 2),
)  # fmt: skip
DECKS = (
    ("tactics_deck", N_TACTICS), ("mission_deck", N_MISSIONS), ("trionfi_deck", N_TRIONFI),
    ("site_deck", N_SITES),
)  # fmt: skip
"""The decks and their kinds: the known top (a count, then the cards), the counts of the
unknown middle, their total, the known bottom (a count, then the cards)."""

AT: dict[str, int] = {}


def _lay_out() -> int:
    at = 0

    def room(name: str, size: int) -> None:
        nonlocal at
        AT[name] = at
        at += size

    room("length", 1)
    room("dec", SEATS)
    room("stale", 1)
    for name in SCALARS + FLAGS:
        room(name, 1)
    for name in SEAT_INTS:
        room(name, SEATS)
    room("resources", SEATS * N_TOKENS)
    room("scouts", N_NODES * SEATS)
    for name, n in FIXED_INTS + FIXED_FLAGS:
        room(name, n)
    for name, n in SEAT_LISTS:
        room(name, SEATS * (1 + n))
    for name, n in LISTS:
        room(name, 1 + n)
    room("once_used", 1 + ONCE_ROOM)
    for name, n in DECKS:
        room(name, (1 + n) + n + 1 + (1 + n))
    room("chance", 1 + CHANCE_ROOM * FW)
    room("stack", 1 + STACK_ROOM * FW)
    return at


W = _lay_out()
LENGTH = AT["length"]
DEC = AT["dec"]
STALE = AT["stale"]
PHASE = AT["phase"]
ROUND = AT["round"]
GAME_OVER = AT["game_over"]
EXCAVATION_DUE = AT["excavation_due"]
COUNCIL = AT["council"]
RESOURCES = AT["resources"]
SCOUTS = AT["scouts"]
HANDS = AT["hands"]
MISSIONS = AT["missions"]
TRIONFI_TABLEAU = AT["trionfi_tableau"]
SITE_AT = AT["site_at"]
ONCE_USED = AT["once_used"]
TACTICS_DECK = AT["tactics_deck"]
MISSION_DECK = AT["mission_deck"]
TRIONFI_DECK = AT["trionfi_deck"]
SITE_DECK = AT["site_deck"]
CHANCE = AT["chance"]
STACK = AT["stack"]
HAND_W = 1 + N_TACTICS

# ---- action numbers the arrays answer with --------------------------------------------------
A_ACCEPT = A.ACCEPT
A_PASS = A.PASS
A_DRAW_TACTICS = A.SPACE.base(A.DrawTactics)
A_DRAW_MISSION = A.SPACE.base(A.DrawMission)
A_DRAW_TRIONFI = A.SPACE.base(A.DrawTrionfi)
A_DRAW_SITE = A.SPACE.base(A.DrawSite)
LEGAL_ROOM = 512


def engine_for(game: Any, size: int) -> TurrisBatch | None:
    """The batch engine of ``size`` games of ``game`` (every player count and option) when
    ``TOWERS_TURRIS_BATCH`` asks for it, else None."""
    if os.environ.get(ENV, "") in ("", "0"):
        return None
    return TurrisBatch(game, size)


class TurrisBatch:
    """``size`` games of Turris in one array (see the module docstring)."""

    def __init__(self, game: Any, size: int) -> None:
        if size < 1:
            raise ValueError("a batch holds at least one game")
        self.game = game
        self.size = size
        self.players = game.num_players
        self.S = array("q", bytes(8 * W * size))
        self.L = array("q", bytes(8 * LEGAL_ROOM))  # a list of actions being made
        self.rngs = [random.Random(0)] * size
        self.draws = [r.random for r in self.rngs]
        self.choosers: list[Any] = [None] * size
        self.live: list[Any] = [None] * size  # each game's mirror state, while it has one
        self.tensor: Any = None
        self.start: Any = None  # a new game's ints, written once

    # ---- the protocol --------------------------------------------------------------------
    def reset(
        self,
        seeds: Sequence[int | random.Random],
        choosers: Sequence[Sequence[Any] | None] | None = None,
    ) -> None:
        self.choosers = checked_choosers(self.size, seeds, choosers)
        self.rngs = [generator(s) for s in seeds]
        self.draws = [r.random for r in self.rngs]
        if self.start is None:
            _write(self, 0, self.game.new_initial_state())
            self.start = self.S[0:W]
        _copy_start(self)
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
        return _over(self, g)

    def length(self, g: int) -> int:
        return int(self.S[g * W + LENGTH])

    def decisions(self, g: int) -> list[int]:
        b = g * W + DEC
        return [int(self.S[b + p]) for p in range(self.players)]

    def returns(self, g: int) -> list[float]:
        return _state_live(self, g).returns()  # type: ignore[no-any-return]

    def heuristics(self, g: int) -> list[float]:
        return _state_live(self, g).heuristics()  # type: ignore[no-any-return]

    def observation_tensor(self, g: int, seat: int, out: Any) -> None:
        if self.tensor is None:
            from towers.core.registry import tensor_of

            self.tensor = tensor_of(self.game)
        out[:] = self.tensor.encode(_state_live(self, g).observation(seat))

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
        return [int(self.S[g * W + LENGTH]) for g in range(self.size)]

    def write(self, g: int, state: Any) -> None:
        """Game g set to ``state`` (its length and decisions counted from 0)."""
        _write(self, g, state)

    def state(self, g: int) -> Any:
        """Game ``g`` as a one-game state read from the arrays (an empty history), the mirror
        written to them first if they are behind it."""
        _sync(self, g)
        return _read(self, g)


# ---- playing: the arrays' rules where they reach, else the one-game rules -----------------
def _copy_start(e: TurrisBatch) -> None:
    """A new game's ints (written once, before its chances) copied into every game's slice."""
    S = e.S
    start = e.start
    for g in range(e.size):
        b = g * W
        for i in range(W):
            S[b + i] = start[i]
        e.live[g] = None


def _over(e: TurrisBatch, g: int) -> bool:
    b = g * W
    if e.S[b + STALE]:
        return bool(e.live[g].game_over)
    return e.S[b + GAME_OVER] != 0


def _current(e: TurrisBatch, g: int) -> int:
    """Who decides in game g (TERMINAL at the end; chance is resolved between actions)."""
    S = e.S
    b = g * W
    if S[b + STALE]:
        state = e.live[g]
        if state.game_over:
            return TERMINAL
        return int(state.stack[-1].seat)
    if S[b + GAME_OVER]:
        return TERMINAL
    return int(S[b + STACK + 1 + (S[b + STACK] - 1) * FW + 1])  # a decision's seat


def _legal(e: TurrisBatch, g: int) -> list[int]:
    if _over(e, g):
        return []
    n = _fast_legal(e, g)
    if n >= 0:
        return [int(e.L[i]) for i in range(n)]
    return _legal_on(_state_live(e, g))


def _legal_on(state: Any) -> list[int]:
    """The legal actions of a one-game state (kept on it, as the state keeps them)."""
    legal = state._legal
    if legal is None:
        legal = state._legal = state._legal_actions()
    return legal  # type: ignore[no-any-return]


def _apply(e: TurrisBatch, g: int, action: int) -> None:
    S = e.S
    b = g * W
    S[b + DEC + _current(e, g)] += 1
    S[b + LENGTH] += 1
    if _fast_apply(e, g, action):
        if _settle(e, g):
            _resolve(e, g)
        return
    state = _state_live(e, g)
    S[b + STALE] = 1
    state._legal = None
    state._legal_set = None
    RULES_APPLY(state, action)
    _resolve_on(e, g, state)


def _play_out(e: TurrisBatch, g: int, decisions: int, until: int) -> None:
    """Game g played on: at most ``decisions`` decisions (no limit if negative), stopping
    before a decision of seat ``until``."""
    draw = e.draws[g]
    picks = e.choosers[g]
    L = e.L
    while True:
        player = _current(e, g)
        if player == TERMINAL or decisions == 0 or player == until:
            return
        decisions -= 1
        n = _fast_legal(e, g)
        if n >= 0:
            pick = int(draw() * n) if picks is None else picks[player](n)
            _apply(e, g, int(L[pick]))
            continue
        legal = _legal_on(_state_live(e, g))
        pick = int(draw() * len(legal)) if picks is None else picks[player](len(legal))
        _apply(e, g, legal[pick])


def _resolve(e: TurrisBatch, g: int) -> None:
    """Game g's chance nodes resolved: in the arrays while they are up to date and the draw
    is theirs, else on the mirror."""
    S = e.S
    b = g * W
    if S[b + STALE]:
        _resolve_on(e, g, e.live[g])
        return
    while S[b + CHANCE] and not S[b + GAME_OVER]:
        r = e.draws[g]()
        S[b + LENGTH] += 1
        if not _fast_chance(e, g, r):
            state = _state_live(e, g)
            S[b + STALE] = 1
            state._legal = None
            state._legal_set = None
            RULES_APPLY(state, SAMPLE_CHANCE(state, r))
            _resolve_on(e, g, state)
            return
        if not _settle(e, g):
            return


def _resolve_on(e: TurrisBatch, g: int, state: Any) -> None:
    """Game g's chance nodes resolved on its mirror ``state`` (the arrays behind it)."""
    draw = e.draws[g]
    n = 0
    apply = RULES_APPLY
    sample = SAMPLE_CHANCE
    while state.chance and not state.game_over:
        state._legal = None
        state._legal_set = None
        apply(state, sample(state, draw()))
        n += 1
    e.S[g * W + LENGTH] += n


def _state_live(e: TurrisBatch, g: int) -> Any:
    """Game g's mirror, read from the arrays if it has none."""
    state = e.live[g]
    if state is None:
        state = e.live[g] = _read(e, g)
    return state


def _sync(e: TurrisBatch, g: int) -> None:
    """Game g's arrays brought up to its mirror when they are behind it."""
    if e.S[g * W + STALE]:
        _write(e, g, e.live[g])


def _settle(e: TurrisBatch, g: int) -> bool:
    """After an action played in the arrays: what follows played as ``rounds.run`` plays it,
    the chances included; in the arrays where they have the rules, else on the mirror. False
    when the game went on there (or ended)."""
    S = e.S
    b = g * W
    if S[b + GAME_OVER]:
        return False
    if S[b + CHANCE]:
        return True
    depth = S[b + STACK]
    if depth and not S[b + EXCAVATION_DUE]:
        kind = S[b + STACK + 1 + (depth - 1) * FW]
        if not HAS_SETTLE[kind]:
            return True  # a decision, which nothing settles
    state = _state_live(e, g)
    S[b + STALE] = 1
    RULES_RUN(state)
    _resolve_on(e, g, state)
    return False


# ---- the rules over the arrays ---------------------------------------------------------------
def _top(e: TurrisBatch, g: int) -> int:
    """The offset of game g's top frame record (its kind first)."""
    b = g * W
    return b + STACK + 1 + (e.S[b + STACK] - 1) * FW


def _fast_legal(e: TurrisBatch, g: int) -> int:
    """Game g's legal actions written to ``e.L`` when the arrays list them (their count),
    else -1."""
    S = e.S
    b = g * W
    if S[b + STALE] or S[b + GAME_OVER]:
        return -1
    top = _top(e, g)
    kind = S[top]
    L = e.L
    if kind == K_COUNCIL_RETURN:
        L[0] = A_ACCEPT
        L[1] = A_PASS
        return 2
    return -1


def _fast_apply(e: TurrisBatch, g: int, action: int) -> bool:
    """``action`` applied to game g in the arrays when they have the rule for it (the mirror
    dropped), else False (nothing done)."""
    S = e.S
    b = g * W
    if S[b + STALE]:
        return False
    top = _top(e, g)
    kind = S[top]
    if kind == K_COUNCIL_RETURN:
        # Council Track: the token goes back to the start now (Accept) or stays (Pass)
        if action == A_ACCEPT:
            S[b + COUNCIL + S[top + 1]] = 0
        S[b + STACK] -= 1
        e.live[g] = None
        return True
    return False


def _fast_chance(e: TurrisBatch, g: int, r: float) -> bool:
    """The chance event first in line resolved by the draw ``r`` in the arrays when it draws
    from a deck with no card known (``draws.apply_chance``), else False (nothing done)."""
    S = e.S
    b = g * W
    q = b + CHANCE + 1
    kind = S[q]
    if kind == K_TACTICS_DRAW:
        card = _deck_pick(e, b + TACTICS_DECK, N_TACTICS, r)
        if card < 0:
            return False
        _list_append(e, b + HANDS + S[q + 1] * HAND_W, card)
    elif kind == K_MISSION_DRAW:
        card = _deck_pick(e, b + MISSION_DECK, N_MISSIONS, r)
        if card < 0:
            return False
        _list_append(e, b + MISSIONS, card)
    elif kind == K_TRIONFI_DRAW:
        card = _deck_pick(e, b + TRIONFI_DECK, N_TRIONFI, r)
        if card < 0:
            return False
        S[b + TRIONFI_TABLEAU + S[q + 1]] = card
    elif kind == K_SITE_DRAW:
        card = _deck_pick(e, b + SITE_DECK, N_SITES, r)
        if card < 0:
            return False
        S[b + SITE_AT + S[q + 1]] = card
    else:
        return False
    _chance_pop(e, g)
    e.live[g] = None
    return True


def _deck_pick(e: TurrisBatch, d: int, kinds: int, r: float) -> int:
    """The card the draw ``r`` takes from the deck at ``d`` (of ``kinds`` kinds), taken out
    of its counts: ``draws.deck_pick``'s walk, the same float additions in the same order;
    -1 (nothing taken) when a card of the deck is known or the deck is empty."""
    S = e.S
    counts = d + 1 + kinds
    bottom = counts + kinds + 1
    if S[d] or S[bottom]:
        return -1
    total = S[counts + kinds]
    if total <= 0:
        return -1
    acc = 0.0
    last = -1
    for k in range(kinds):
        n = S[counts + k]
        if n:
            acc += n / total
            last = k
            if r < acc:
                break
    S[counts + last] -= 1
    S[counts + kinds] = total - 1
    return last


def _chance_pop(e: TurrisBatch, g: int) -> None:
    """The chance event first in line taken off the queue (the rest moved up)."""
    S = e.S
    q = g * W + CHANCE
    n = S[q]
    for i in range(q + 1, q + 1 + (n - 1) * FW):
        S[i] = S[i + FW]
    S[q] = n - 1


def _list_append(e: TurrisBatch, at: int, v: int) -> None:
    e.S[at + 1 + e.S[at]] = v
    e.S[at] += 1


# ---- a one-game state written into a game's slice, and read back -----------------------------
def _write(e: TurrisBatch, g: int, state: Any) -> None:
    """``state`` written into game g's slice: its mirror (the arrays brought up to it, which
    stays the mirror), or another state (its length and decisions counted from 0, the game
    left without a mirror: the caller keeps its own state)."""
    S = e.S
    b = g * W
    live = e.live[g]
    stale = S[b + STALE]
    S[b + STALE] = 0
    if not (stale and live is state):
        S[b + LENGTH] = 0
        for p in range(SEATS):
            S[b + DEC + p] = 0
        e.live[g] = None
    n = len(state.faction)
    S[b + PHASE] = PHASES.index(state.phase)
    for name in SCALARS[1:]:
        S[b + AT[name]] = getattr(state, name)
    for name in FLAGS:
        S[b + AT[name]] = 1 if getattr(state, name) else 0
    for name in SEAT_INTS:
        values = getattr(state, name)
        at = b + AT[name]
        for p in range(SEATS):
            S[at + p] = values[p] if p < n else 0
    at = b + RESOURCES
    for p in range(SEATS):
        row = state.resources[p] if p < n else None
        for k in range(N_TOKENS):
            S[at + p * N_TOKENS + k] = row[k] if row is not None else 0
    at = b + SCOUTS
    for i in range(N_NODES):
        row = state.scouts[i]
        for p in range(SEATS):
            S[at + i * SEATS + p] = row[p] if p < n else 0
    for name, size in FIXED_INTS + FIXED_FLAGS:
        values = getattr(state, name)
        at = b + AT[name]
        for k in range(size):
            S[at + k] = int(values[k])
    for name, size in SEAT_LISTS:
        lists = getattr(state, name)
        at = b + AT[name]
        for p in range(SEATS):
            _put_list(S, at + p * (1 + size), lists[p] if p < n else [], size)
    for name, size in LISTS:
        _put_list(S, b + AT[name], getattr(state, name), size)
    _put_list(S, b + ONCE_USED, [word_id(tag) for tag in state.once_used], ONCE_ROOM)
    for name, size in DECKS:
        deck = getattr(state, name)
        at = b + AT[name]
        _put_list(S, at, deck.top, size)
        total = 0
        for k in range(size):
            S[at + 1 + size + k] = deck.counts[k]
            total += deck.counts[k]
        S[at + 1 + 2 * size] = total
        _put_list(S, at + 2 + 2 * size, deck.bottom, size)
    _put_frames(S, b + CHANCE, state.chance, CHANCE_ROOM)
    _put_frames(S, b + STACK, state.stack, STACK_ROOM)


def _put_list(S: Any, at: int, items: Sequence[int], room: int) -> None:
    if len(items) > room:
        raise ValueError(f"a list of {len(items)} items in a room of {room}")
    S[at] = len(items)
    for k in range(len(items)):
        S[at + 1 + k] = items[k]


def _put_frames(S: Any, at: int, frames: Sequence[Any], room: int) -> None:
    if len(frames) > room:
        raise ValueError(f"{len(frames)} frames in a room of {room}")
    S[at] = len(frames)
    for j in range(len(frames)):
        frame = frames[j]
        kind = KIND_OF[type(frame)]
        r = at + 1 + j * FW
        S[r] = kind
        names = FIELDS[kind]
        codes = FIELD_CODES[kind]
        for f in range(len(names)):
            value = getattr(frame, names[f])
            code = codes[f]
            if code == F_INT:
                S[r + 1 + f] = value
            elif code == F_FLAG:
                S[r + 1 + f] = 1 if value else 0
            else:
                S[r + 1 + f] = word_id(value)


def _read(e: TurrisBatch, g: int) -> Any:
    """Game g as a new one-game state (an empty history), read from its slice."""
    S = e.S
    b = g * W
    game = e.game
    n = e.players
    cls = game.state_class()
    state = cls.__new__(cls)
    state.game = game
    state.phase = PHASES[S[b + PHASE]]
    for name in SCALARS[1:]:
        setattr(state, name, int(S[b + AT[name]]))
    for name in FLAGS:
        setattr(state, name, S[b + AT[name]] != 0)
    for name in SEAT_INTS:
        at = b + AT[name]
        setattr(state, name, [int(S[at + p]) for p in range(n)])
    at = b + RESOURCES
    state.resources = [[int(S[at + p * N_TOKENS + k]) for k in range(N_TOKENS)] for p in range(n)]
    at = b + SCOUTS
    state.scouts = [[int(S[at + i * SEATS + p]) for p in range(n)] for i in range(N_NODES)]
    for name, size in FIXED_INTS:
        at = b + AT[name]
        setattr(state, name, [int(S[at + k]) for k in range(size)])
    for name, size in FIXED_FLAGS:
        at = b + AT[name]
        setattr(state, name, [S[at + k] != 0 for k in range(size)])
    for name, size in SEAT_LISTS:
        at = b + AT[name]
        setattr(state, name, [_get_list(S, at + p * (1 + size)) for p in range(n)])
    for name, _size in LISTS:
        setattr(state, name, _get_list(S, b + AT[name]))
    state.once_used = [WORDS[i] for i in _get_list(S, b + ONCE_USED)]
    for name, size in DECKS:
        at = b + AT[name]
        top = _get_list(S, at)
        counts = [int(S[at + 1 + size + k]) for k in range(size)]
        bottom = _get_list(S, at + 2 + 2 * size)
        setattr(state, name, Deck(top, counts, bottom))
    state.chance = _get_frames(S, b + CHANCE)
    state.stack = DecisionStack(_get_frames(S, b + STACK))
    state._history = []
    state._legal = None
    state._legal_set = None
    return state


def _get_list(S: Any, at: int) -> list[int]:
    return [int(S[at + 1 + k]) for k in range(S[at])]


def _get_frames(S: Any, at: int) -> list[Any]:
    out = []
    for j in range(S[at]):
        r = at + 1 + j * FW
        kind = S[r]
        codes = FIELD_CODES[kind]
        values: list[Any] = []
        for f in range(len(codes)):
            v = S[r + 1 + f]
            code = codes[f]
            if code == F_INT:
                values.append(int(v))
            elif code == F_FLAG:
                values.append(v != 0)
            else:
                values.append(WORDS[v])
        out.append(made_of(KINDS[kind], tuple(values)))
    return out
