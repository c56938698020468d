# cython: boundscheck=False, wraparound=False, initializedcheck=False
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

What the arrays play, and what they do not. The rules of :class:`~.rules.TurrisState` are
written again over the arrays, each function naming the one it follows: the settle loop
(``rounds.run``), the legal actions of every decision, their answers, and what follows them:
the end of Setup, the Turn and its actions, Tactics cards, rewards and every kind of effect
with the checks of ``legality.can_resolve``, paying and gaining, the ongoing effects' triggers,
the Council track, the Complete Mission Step, Tower Rooms, Prestige and the Endgame's trigger,
the Excavation Sites' change, the Beast Phase, Cleanup and the end of the game; in solo play
the Betrayer Phase (the Betrayer Scouts' moves, the Damaged tokens, the d4's Beast), the pushed
Betrayer Scouts, the Damaged token removed instead of the Future First Player card, and the
Solo Endgame. The chances are drawn there too (each game's own ``random.Random``, one float a
node, the outcome picked as :func:`towers.core.chance.sample_chance` picks it:
:func:`_deck_pick` is ``draws.deck_pick``'s walk, the same float additions in the same order):
the decks' draws, the First Player, the random Beasts' starts and the solo dice. Anything else
(a deck with a known card, never met in play from the start) is played by the one-game rules
(``rounds.apply``, ``legality.legal_actions``) on a state read from the arrays, the game's
*mirror*: it stays the game while the one-game rules play it (the slice is then behind,
``STALE``), and is written back once the decision on top is one the arrays answer
(``IN_ARRAYS``): the same rules, so the same games whichever way an action goes. Reading and
writing a whole game are the costly steps (about ten one-game actions for the two), so the
engine is fast where the games stay in the arrays: every game, all along, in every mode.
``returns`` and ``heuristics`` are worked out over the arrays (:func:`_heuristics` is
``bots.evaluate_all``, the same float operations in the same order and its memos, so the same
floats to the last bit), and so is ``observation_tensor`` (:func:`_write_tensor` writes
the floats of ``tensor.encode(state.observation(seat))``, what the seat may see only).

``engine_for`` offers it for every player count, the solo game too, and none at all when
the environment variable ``TOWERS_TURRIS_BATCH`` is "0" (:class:`towers.core.batch.StateBatch`
then serves).

The compiled twin ``batch_c`` (this text with the C types of ``batch.pxd``, see
:mod:`towers.core.compiled`) steps the arrays in C; the plain text is its reference and the
fallback where it is not built. ``tests/games/turris/test_batch.py`` holds both to the
one-game engine field by field at every decision of whole games in every mode.
"""

from __future__ import annotations

import builtins
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
from towers.games.turris import bots as B_
from towers.games.turris import frames as F
from towers.games.turris import rules
from towers.games.turris import tensor as _tensor
from towers.games.turris.data import TOKENS, load
from towers.games.turris.interned import made_of
from towers.games.turris.resources import LETTER

_SECTIONS = vars(rules)
RULES_APPLY: Any = _SECTIONS["rounds"].apply
RULES_RUN: Any = _SECTIONS["rounds"].run
SAMPLE_CHANCE: Any = _SECTIONS["draws"].sample_chance
"""The one-game rules the mirror is played by: the sections ``rules`` uses (their compiled
twins when built)."""

ENV = "TOWERS_TURRIS_BATCH"
"""The environment variable that turns the engine off when "0" (see the module docstring)."""

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
K_COLLECT_PICK = KIND_OF[F.CollectPick]
K_REWARDS = KIND_OF[F.Rewards]
K_RESOLVING = KIND_OF[F.Resolving]
K_PAY_CHOICE = KIND_OF[F.PayChoice]
K_GAIN_CHOICE = KIND_OF[F.GainChoice]
K_TRADE_OFFER = KIND_OF[F.TradeOffer]
K_STEAL_CHOICE = KIND_OF[F.StealChoice]
K_COUNCIL_STEP = KIND_OF[F.CouncilStep]
K_PLAY_TACTICS_CHOICE = KIND_OF[F.PlayTacticsChoice]
K_RESERVE_CHOICE = KIND_OF[F.ReserveChoice]
K_PLACE_FREE = KIND_OF[F.PlaceFree]
K_MOVE_SCOUT_CHOICE = KIND_OF[F.MoveScoutChoice]
K_MOVE_BEAST_CHOICE = KIND_OF[F.MoveBeastChoice]
K_REVIVE_CHOICE = KIND_OF[F.ReviveChoice]
K_FRUIT_CHOICE = KIND_OF[F.FruitChoice]
K_REPAIR_CHOICE = KIND_OF[F.RepairChoice]
K_TRIONFI_CHOICE = KIND_OF[F.TrionfiChoice]
K_TARGET_CHOICE = KIND_OF[F.TargetChoice]
K_BEAST_PATH = KIND_OF[F.BeastPath]
K_BEAST_EFFECT = KIND_OF[F.BeastEffect]
K_BETRAYER_PUSH = KIND_OF[F.BetrayerPush]
K_DISPLACE_CHOICE = KIND_OF[F.DisplaceChoice]
K_DESPAIR_CHOICE = KIND_OF[F.DespairChoice]
K_TRADE_GAIN = KIND_OF[F.TradeGain]
K_MISSION_STEP = KIND_OF[F.MissionStep]
K_ONGOING_CHOICE = KIND_OF[F.OngoingChoice]
K_DISCARD_DOWN = KIND_OF[F.DiscardDown]
K_FACTION_CHOICE = KIND_OF[F.FactionChoice]
K_FIRST_PLAYER_DRAW = KIND_OF[F.FirstPlayerDraw]
IS_DECIDED = tuple(kind in rules.DECIDE for kind in KINDS)
HAS_SETTLE = tuple(kind in rules.SETTLE for kind in KINDS)
IN_ARRAYS = tuple(
    kind
    in (
        F.Turn, F.CollectPick, F.Rewards, F.CouncilReturn, F.PayChoice, F.GainChoice,
        F.CouncilStep, F.MoveBeastChoice, F.TargetChoice, F.BeastPath, F.BeastEffect,
        F.DisplaceChoice, F.DespairChoice, F.MoveScoutChoice, F.ReserveChoice,
        F.ReviveChoice, F.TradeOffer, F.FruitChoice, F.StealChoice, F.PlaceFree,
        F.MissionStep, F.OngoingChoice, F.DiscardDown, F.TrionfiChoice, F.PlayTacticsChoice,
        F.FactionChoice, F.BetrayerPush, F.RepairChoice,
    )
    for kind in KINDS
)  # fmt: skip
"""The decisions the arrays list and answer (mostly: a check or a trigger they have not may
send one back to the mirror): a game on its mirror is written back to them at these."""
"""The kinds the one-game rules may settle without a decision when on top (``SETTLE``)."""

WORDS: list[Any] = []
"""The tuples and strings frames and ``once_used`` hold, by the int the arrays hold."""
WORD_ID: dict[Any, int] = {}


def word_id(value: Any) -> int:
    """The int the arrays hold for a tuple or a string (made once for each met)."""
    found = WORD_ID.get(value)  # tuples of ints and strings: no two equal across kinds
    if found is None:
        found = WORD_ID[value] = len(WORDS)
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
WRITTEN_INTS = SCALARS[1:]  # ``phase`` is written as its index
WRITTEN_INTS_AT = tuple(AT[name] for name in WRITTEN_INTS)
FLAGS_AT = tuple(AT[name] for name in FLAGS)
SEAT_INTS_AT = tuple(AT[name] for name in SEAT_INTS)
FIXED = FIXED_INTS + FIXED_FLAGS
FIXED_AT = tuple(AT[name] for name, _ in FIXED)
SEAT_LISTS_AT = tuple(AT[name] for name, _ in SEAT_LISTS)
LISTS_AT = tuple(AT[name] for name, _ in LISTS)
DECKS_AT = tuple(AT[name] for name, _ in DECKS)
"""The offsets of the fields :func:`_write` writes, in the order of their names."""
DEC = AT["dec"]
STALE = AT["stale"]
PHASE = AT["phase"]
ROUND = AT["round"]
ACTIONS_LEFT = AT["actions_left"]
PLACED_ACTION = AT["placed_action"]
COLLECTED = AT["collected"]
GATHERS = AT["gathers"]
TACTICS_PLAYED = AT["tactics_played"]
FUTURE_FIRST = AT["future_first"]
FACTION = AT["faction"]
SIDE = AT["side"]
RESERVE = AT["reserve"]
GRAVEYARD = AT["graveyard"]
ACTION_TOKENS = AT["action_tokens"]
ONGOING = AT["ongoing"]
ONGOING_W = 1 + N_MISSIONS
TRIONFI_OWNED = AT["trionfi_owned"]
TRIONFI_OWNED_W = 1 + N_TRIONFI
BEAST_AT = AT["beast_at"]
BETRAYER_AT = AT["betrayer_at"]
UPGRADED = AT["upgraded"]
GROVE_ROOM = AT["grove_room"]
AT_RESERVED = AT["reserved"]
RESERVED_W = 1 + N_MISSIONS
AT_TURN_INDEX = AT["turn_index"]
AT_FIRST_PLAYER = AT["first_player"]
AT_ACTIVE = AT["active"]
PRESTIGE = AT["prestige"]
AT_THRESHOLDS_HIT = AT["thresholds_hit"]
AT_ENDGAME = AT["endgame"]
AT_ENDGAME_IN_BEASTS = AT["endgame_in_beasts"]
PHASE_BEASTS = PHASES.index(F.P_BEASTS)
PHASE_BETRAYERS = PHASES.index(F.P_BETRAYERS)
PHASE_OVER = PHASES.index(F.P_OVER)
PHASE_SETUP = PHASES.index(F.P_SETUP)
AT_FRUIT = AT["fruit"]
AT_ALTAR = AT["altar"]
AT_MOVEMENT_CARD = AT["movement_card"]
PHASE_TURNS = PHASES.index(F.P_TURNS)
AT_SPOT_OPEN = AT["spot_open"]
AT_DAMAGED = AT["damaged"]
AT_FLIPPED = AT["flipped"]
AT_ROOMS = AT["rooms"]
COMPLETED = AT["completed"]
COMPLETED_W = 1 + N_MISSIONS
TACTICS_DISCARD = AT["tactics_discard"]
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
A_PLACE = A.SPACE.base(A.Place)
A_COLLECT = A.SPACE.encode(A.Collect())
A_COLLECT_SCOUT = A.SPACE.base(A.CollectScout)
A_GATHER_ICHOR = A.SPACE.encode(A.GatherIchor())
A_FORCE_REVIVE = A.SPACE.encode(A.ForceRevive())
A_FACTION_ACTION = A.SPACE.encode(A.FactionAction())
A_USE_ACTION_TOKEN = A.SPACE.encode(A.UseActionToken())
A_PLAY_TACTICS = A.SPACE.base(A.PlayTactics)
A_RESOLVE = A.SPACE.base(A.Resolve)
I_ = 0  # Ichor's index in a seat's resources
ART = 4  # the Artifacts'
C_GAIN, C_PAY, C_SACRIFICE, C_REVIVE, C_RESERVE, C_PLACE, C_FIRST_PLAYER = range(7)
C_COUNCIL_REWARD, C_STEAL, C_MOVE_SCOUT, C_TOWER_ROOM, C_MOVE_BEAST, C_OTHER = range(7, 13)
CHECK_CODES = {
    "gain": C_GAIN, "pay": C_PAY, "sacrifice": C_SACRIFICE, "revive": C_REVIVE,
    "reserve": C_RESERVE, "place": C_PLACE, "first_player": C_FIRST_PLAYER,
    "council_reward": C_COUNCIL_REWARD, "steal": C_STEAL, "move_scout": C_MOVE_SCOUT,
    "tower_room": C_TOWER_ROOM, "move_beast": C_MOVE_BEAST,
}  # fmt: skip
"""The checks of ``legality.can_resolve``, by effect kind (any other passes them all)."""
EFFECT_KINDS = (
    "gain", "pay", "trade", "steal", "prestige", "council", "council_reward", "tactics",
    "play_tactics", "reserve", "action", "action_token", "place", "move_scout", "move_beast",
    "revive", "sacrifice", "fruit", "first_player", "tower_room",
)  # fmt: skip
(E_GAIN, E_PAY, E_TRADE, E_STEAL, E_PRESTIGE, E_COUNCIL, E_COUNCIL_REWARD, E_TACTICS,
 E_PLAY_TACTICS, E_RESERVE, E_ACTION, E_ACTION_TOKEN, E_PLACE, E_MOVE_SCOUT, E_MOVE_BEAST,
 E_REVIVE, E_SACRIFICE, E_FRUIT, E_FIRST_PLAYER, E_TOWER_ROOM) = range(len(EFFECT_KINDS))  # fmt: skip
"""The effect kinds of ``effects.resolve_effect``, by their code in the arrays' tables."""
A_TOKEN = A.SPACE.base(A.Token)
TRIGGERS = (
    "place", "collect", "gather_ichor", "turn_start", "council", "sacrifice", "devoured",
    "other_devoured", "mission", "tower_room",
)  # fmt: skip
"""The triggers ``effects.trigger`` is called with, by their code in the arrays' table."""
(T_PLACE, T_COLLECT, T_GATHER_ICHOR, T_TURN_START, T_COUNCIL, T_SACRIFICE, T_DEVOURED,
 T_OTHER_DEVOURED, T_MISSION, T_TOWER_ROOM) = range(len(TRIGGERS))  # fmt: skip
A_COUNCIL_SPOT = A.SPACE.base(A.CouncilSpot)
A_CHOOSE_BEAST = A.SPACE.base(A.ChooseBeast)
A_CHOOSE = A.SPACE.base(A.Choose)
A_STEAL = A.SPACE.base(A.Steal)
A_STEAL_STRIDE = A.SPACE.encode(A.Steal(1, 0)) - A_STEAL
A_CHOOSE_MISSION = A.SPACE.base(A.ChooseMission)
A_ONGOING_SLOT = A.SPACE.base(A.OngoingSlot)
A_DISCARD = A.SPACE.base(A.Discard)
A_TAKE_TRIONFI = A.SPACE.base(A.TakeTrionfi)
A_CHOOSE_FACTION = A.SPACE.base(A.ChooseFaction)
A_DRAW_TACTICS = A.SPACE.base(A.DrawTactics)
A_DRAW_MISSION = A.SPACE.base(A.DrawMission)
A_DRAW_TRIONFI = A.SPACE.base(A.DrawTrionfi)
A_DRAW_SITE = A.SPACE.base(A.DrawSite)
LEGAL_ROOM = 512
BW = 12  # a Bundle's ints in the engine's table (``_bundle``)


def engine_for(game: Any, size: int) -> TurrisBatch | None:
    """The batch engine of ``size`` games of ``game``: offered for every player count and
    option (the solo game too), whose every action the arrays play.
    ``TOWERS_TURRIS_BATCH=0`` offers none (None: :class:`towers.core.batch.StateBatch`
    serves)."""
    if os.environ.get(ENV, "") == "0":
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
        self.tensor_size = -1  # the tensor's length, once its tables are made
        self.floats = array("d", bytes(8))  # the tensor's floats as they are written
        self.O = self.floats
        self.heuristic: Any = None  # the heuristic's tables of the game (bots._tables)
        self.start: Any = None  # a new game's ints, written once
        self.H = array("q", bytes(8 * N_TOKENS))  # a seat's resources as a check spends them
        self.D = array("q", bytes(8 * N_NODES))  # steps from a node (-1: out of reach)
        shapes = (1 << N_SPOTS) * N_NODES  # the board's shapes, times the start nodes
        self.T = array("q", bytes(8 * shapes * N_NODES))  # the distances searched
        self.searched = array("q", bytes(8 * shapes))
        _tables(self, game)

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
            self.start = array("q", self.S[0:W])  # a copy (the twin's slice is a view)
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
        return _returns(self, g)

    def heuristics(self, g: int) -> list[float]:
        return _heuristics(self, g)

    def observation_tensor(self, g: int, seat: int, out: Any) -> None:
        """The seat's tensor: the floats of ``tensor.encode(state.observation(seat))``,
        written from the arrays (encoded from the mirror while they are behind it)."""
        if self.tensor is None:
            _tensor_tables(self, self.game)
        if self.S[g * W + STALE] or not 0 <= seat < self.players:
            out[:] = self.tensor.encode(_state_live(self, g).observation(seat))
            return
        _write_tensor(self, g, seat)
        out[:] = self.floats  # an array: a list or a numpy row copies it at C speed

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
        S[b : b + W] = start
        e.live[g] = None


def _over(e: TurrisBatch, g: int) -> bool:
    b = g * W
    if e.S[b + STALE]:
        return bool(e.live[g].game_over)
    return e.S[b + GAME_OVER] != 0


def _current(e: TurrisBatch, g: int) -> int:
    """Who decides in game g (TERMINAL at the end; chance is resolved between actions)."""
    b = g * W
    if e.S[b + STALE]:
        state = e.live[g]
        if state.game_over:
            return TERMINAL
        return int(state.stack[len(state.stack) - 1].seat)
    if e.S[b + GAME_OVER]:
        return TERMINAL
    return int(e.S[b + STACK + 1 + (e.S[b + STACK] - 1) * FW + 1])  # a decision's seat


def _take_back(e: TurrisBatch, g: int) -> None:
    """Game g's arrays brought up to its mirror when they are behind it and the decision on
    top is one they answer (``IN_ARRAYS``)."""
    if e.S[g * W + STALE]:
        state = e.live[g]
        if not state.game_over and IN_ARRAYS[KIND_OF[type(state.stack[len(state.stack) - 1])]]:
            _write(e, g, state)


def _legal(e: TurrisBatch, g: int) -> list[int]:
    if _over(e, g):
        return []
    _take_back(e, g)
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
    b = g * W
    e.S[b + DEC + _current(e, g)] += 1
    e.S[b + LENGTH] += 1
    if _fast_apply(e, g, action):
        if _settle(e, g):
            _resolve(e, g)
        return
    state = _state_live(e, g)
    e.S[b + STALE] = 1
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
        _take_back(e, g)
        n = _fast_legal(e, g)
        if n >= 0:
            if picks is None:
                r = draw()
                pick = int(r * n)
            else:
                pick = picks[player](n)
            _apply(e, g, int(L[pick]))
            continue
        legal = _legal_on(_state_live(e, g))
        pick = int(draw() * len(legal)) if picks is None else picks[player](len(legal))
        _apply(e, g, legal[pick])


def _resolve(e: TurrisBatch, g: int) -> None:
    """Game g's chance nodes resolved: in the arrays while they are up to date and the draw
    is theirs, else on the mirror."""
    b = g * W
    if e.S[b + STALE]:
        _resolve_on(e, g, e.live[g])
        return
    while e.S[b + CHANCE] and not e.S[b + GAME_OVER]:
        r = e.draws[g]()
        e.S[b + LENGTH] += 1
        if not _fast_chance(e, g, r):
            state = _state_live(e, g)
            e.S[b + STALE] = 1
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


# ---- the views: returns and heuristics read from the arrays ---------------------------------
SUM = builtins.sum
"""Python's ``sum`` (its own way of adding floats, kept as the one-game heuristic adds them)."""
SEAT_FIELD = tuple(1 + f.index("seat") if "seat" in f else -1 for f in FIELDS)
"""Where each kind's record holds its seat (-1: none)."""
PLAYER_WON = AT["player_won"]
H_RESOURCE = B_.RESOURCE
H_ARTIFACT = B_.ARTIFACT
H_ICHOR = B_.ICHOR
H_ICHOR_SPARE = B_.ICHOR_SPARE
H_REACH = B_.REACH
H_REACH_FLOOR = B_.REACH_FLOOR
H_COMPLETED = B_.COMPLETED
H_ROOM_READY = B_.ROOM_READY
H_SCOUT_RESERVE = B_.SCOUT_RESERVE
H_SCOUT_BOARD = B_.SCOUT_BOARD
H_REWARD_SHARE = B_.REWARD_SHARE
H_COLLECT_ICHOR = B_.COLLECT_ICHOR
H_SCOUT_DEAD = B_.SCOUT_DEAD
H_RISK_NEAR = B_.RISK_NEAR
H_RISK_FAR = B_.RISK_FAR
H_COUNCIL_STEP = B_.COUNCIL_STEP
H_COUNCIL_STUCK = B_.COUNCIL_STUCK
H_ACTION_TOKEN = B_.ACTION_TOKEN
H_ACTION_NOW = B_.ACTION_NOW
H_FUTURE_FIRST = B_.FUTURE_FIRST
H_ONGOING = B_.ONGOING
H_PENDING = B_.PENDING
H_ICHOR_KEPT = B_.ICHOR_KEPT
H_MISSIONS_COUNTED = B_.MISSIONS_COUNTED
H_MEMO_LIMIT = B_.MEMO_LIMIT
"""The heuristic's weights (``bots``), as the engine reads them."""


def _returns(e: TurrisBatch, g: int) -> list[float]:
    """``State.returns`` with ``endgame.winners``: most Prestige, then most resources (I, K,
    R, W), then nearest the First Player in turn order; in solo play, the player if won."""
    S = e.S
    b = g * W
    if S[b + STALE]:
        return e.live[g].returns()  # type: ignore[no-any-return]
    n = e.players
    if not S[b + GAME_OVER]:
        return [0.0] * n
    if e.solo:
        return [1.0 if S[b + PLAYER_WON] else 0.0]
    first = S[b + AT_FIRST_PLAYER]
    best = -1
    top_p = 0
    top_r = 0
    for k in range(n):
        s = (first + k) % n
        p = S[b + PRESTIGE + s]
        at = b + RESOURCES + s * N_TOKENS
        r = S[at] + S[at + 1] + S[at + 2] + S[at + 3]
        if best < 0 or p > top_p or (p == top_p and r > top_r):
            best = s
            top_p = p
            top_r = r
    return [1.0 if s == best else 0.0 for s in range(n)]


def _heuristics(e: TurrisBatch, g: int) -> list[float]:
    """``bots.evaluate_all`` over the arrays: the same floats, added in the same order (the
    heuristic's own tables and memos of the game)."""
    S = e.S
    b = g * W
    if S[b + STALE]:
        return e.live[g].heuristics()  # type: ignore[no-any-return]
    n = e.players
    if S[b + GAME_OVER]:
        out = []
        for seat in range(n):
            at = b + RESOURCES + seat * N_TOKENS
            out.append(
                float(S[b + PRESTIGE + seat]) + 0.01 * (S[at] + S[at + 1] + S[at + 2] + S[at + 3])
            )
        return out
    t = e.heuristic
    if t is None:
        t = e.heuristic = B_._tables(e.game)
    # ---- the seat-free parts (bots._position)
    depth = S[b + STACK]
    pending = []
    collect_seat = -1
    collect_chosen: Any = None
    for i in range(depth):
        at = b + STACK + 1 + i * FW
        kind = S[at]
        f = SEAT_FIELD[kind]
        if f < 0:
            continue
        who = S[at + f]
        if who < 0:
            continue
        if kind == K_REWARDS:
            packets = WORDS[S[at + 2]]
            pending.append((who, H_PENDING * SUM([max(0.0, t.source_value[p]) for p in packets])))
        elif kind == K_GAIN_CHOICE:
            pending.append((who, H_RESOURCE * S[at + 2]))
        elif kind == K_TRIONFI_CHOICE:
            pending.append((who, H_ROOM_READY * S[at + 2]))
        if i == depth - 1 and kind == K_COLLECT_PICK:
            collect_seat = who
            collect_chosen = WORDS[S[at + 2]]
    worth = _scout_worth(e, g, t)
    tableau = tuple([int(S[b + MISSIONS + 1 + i]) for i in range(S[b + MISSIONS])])
    return [
        _evaluate(e, g, t, seat, worth, tableau, collect_chosen if collect_seat == seat else None,
                  pending)
        for seat in range(n)
    ]  # fmt: skip


def _scout_worth(e: TurrisBatch, g: int, t: Any) -> list[tuple[int, float, float]]:
    """``bots._scout_worth`` of every seat: per node holding Scouts, (node, the reward a
    Collect there brings, what a Scout there is worth before a Collect)."""
    S = e.S
    b = g * W
    devours = t.devours
    hunters = []
    for k in range(N_BEASTS):
        at = S[b + BEAST_AT + k]
        if at >= 0 and devours[k] and not S[b + AT_FLIPPED + k]:
            hunters.append(at)
    memo = t.node_reward
    worth = []
    far = e.game.n_nodes
    for node in range(N_NODES):
        if not _scouts_on(e, g, node):
            continue
        k = e.spot_of[node]
        key = (node, -1 if k < 0 else int(S[b + SITE_AT + k]), S[b + UPGRADED + node] != 0)
        if key in memo:
            collected = memo[key]
        else:
            collected = None
            if not _is_immediate(e, g, node):
                collected = t.source_value[_reward_source(e, g, node)]
            memo[key] = collected
        reward = 0.0
        if collected is not None and _gives_reward(e, g, node):
            reward = collected
        each = H_SCOUT_BOARD + H_REWARD_SHARE * reward
        near = far
        row = t.dist[node]
        for at in hunters:
            if row[at] < near:
                near = row[at]
        if near <= 1:
            each -= H_RISK_NEAR * (each + H_SCOUT_RESERVE - H_SCOUT_DEAD)
        elif near == 2:
            each -= H_RISK_FAR * (each + H_SCOUT_RESERVE - H_SCOUT_DEAD)
        worth.append((node, reward, each))
    return worth


def _seat_list(e: TurrisBatch, g: int, at: int, width: int, seat: int) -> list[int]:
    """A seat's ordered list at ``at`` (a count, then the items, ``width`` ints a seat)."""
    S = e.S
    c = g * W + at + seat * width
    return [int(S[c + 1 + i]) for i in range(S[c])]


def _missions_value(
    e: TurrisBatch, g: int, t: Any, seat: int, tableau: Any, res: list[int]
) -> float:
    """``bots._missions_value``: the best Missions within reach (the heuristic's memos)."""
    key = tuple(res)
    reserved_list = _seat_list(e, g, AT_RESERVED, RESERVED_W, seat)
    whole = (tableau, tuple(reserved_list), key)
    got = t.missions_memo.get(whole)
    if got is not None:
        return got  # type: ignore[no-any-return]
    memo = t.reach_memo
    if len(memo) > H_MEMO_LIMIT:
        memo.clear()
        t.missions_memo.clear()
    shares = []
    for reserved, missions in ((False, tableau), (True, reserved_list)):
        for m in missions:
            got = memo.get((m, reserved, key))
            if got is None:
                need = t.mission_need[m]
                total = max(1, need[5] - 1) if reserved else need[5]
                frac = min(1.0, B_._covered(need, t.mission_of[m], res) / total) if total else 1.0
                got = t.mission_prestige[m] * (
                    H_REACH_FLOOR + (H_REACH - H_REACH_FLOOR) * frac * frac
                )
                memo[(m, reserved, key)] = got
            shares.append(got)
    shares.sort(reverse=True)
    got = t.missions_memo[whole] = SUM(shares[:H_MISSIONS_COUNTED])
    return got  # type: ignore[no-any-return]


def _evaluate(
    e: TurrisBatch, g: int, t: Any, seat: int, worth: Any, tableau: Any, chosen: Any, pending: Any
) -> float:
    """``bots._evaluate`` of a game not over, over the arrays (the same operations in the same
    order)."""
    S = e.S
    b = g * W
    at = b + RESOURCES + seat * N_TOKENS
    res = [int(S[at + i]) for i in range(N_TOKENS)]
    # ---- Scouts (bots._scouts_value)
    value = float(S[b + PRESTIGE + seat])
    on_board = 0
    gains: list[float] = []
    for node, reward, each in worth:
        k = S[b + SCOUTS + node * SEATS + seat]
        if not k:
            continue
        on_board += k
        if chosen is None:
            value += k * each
            continue
        recalled = H_SCOUT_RESERVE + H_PENDING * max(0.0, reward) - H_COLLECT_ICHOR
        picked = chosen.count(node)
        value += picked * recalled + (k - picked) * each
        gains += [recalled - each] * (k - picked)
    if chosen is not None:
        gains.sort(reverse=True)
        affordable = res[0] + res[4] - len(chosen)
        value += SUM([x for x in gains[: max(0, affordable)] if x > 0])
    dead = S[b + GRAVEYARD + seat]
    value += H_SCOUT_RESERVE * S[b + RESERVE + seat] + H_SCOUT_DEAD * dead
    # ---- resources
    useful = on_board + 3 * dead + H_ICHOR_KEPT
    ichor = res[0]
    value += H_ICHOR * min(ichor, useful) + H_ICHOR_SPARE * max(0, ichor - useful)
    value += H_RESOURCE * (res[1] + res[2] + res[3]) + H_ARTIFACT * res[4]
    value += _missions_value(e, g, t, seat, tableau, res)
    # ---- Missions, Tower Rooms, the Council track
    value += H_COMPLETED * S[b + COMPLETED + seat * COMPLETED_W]
    value += H_ONGOING * (
        S[b + ONGOING + seat * ONGOING_W] + S[b + TRIONFI_OWNED + seat * TRIONFI_OWNED_W]
    )
    grove = S[b + GROVE_ROOM + seat]
    if grove and _may_build(e, g, seat):
        value += H_ROOM_READY * grove
    level = t.council_level[S[b + COUNCIL + seat]]
    value += H_COUNCIL_STUCK if level == e.game.council_levels else H_COUNCIL_STEP * level
    # ---- cards and tokens
    values = t.tactics_value
    hand = [values[c] for c in _seat_list(e, g, HANDS, HAND_W, seat)]
    limit = e.hand_limit
    if len(hand) <= limit:
        value += SUM(hand)
    else:
        hand.sort(reverse=True)
        value += SUM(hand[:limit])
    value += H_ACTION_TOKEN * S[b + ACTION_TOKENS + seat]
    if S[b + FUTURE_FIRST] == seat:
        value += H_FUTURE_FIRST
    if S[b + AT_ACTIVE] == seat and S[b + PHASE] == PHASE_TURNS:
        value += H_ACTION_NOW * max(0, S[b + ACTIONS_LEFT])
    # ---- the seat's rewards still pending on the stack
    for who, p in pending:
        if who == seat:
            value += p
    return float(value)


# ---- what a seat sees: its observation tensor, written from the arrays ---------------------
N_PHASES = len(PHASES)
PHASE_HOT = tuple(_tensor.PHASES.index(p) for p in PHASES)
"""Each phase's place in the tensor's one-hot of it."""
N_FRAMES = len(_tensor.FRAMES)
FRAME_HOT = tuple(
    _tensor.FRAMES.index(kind.frame_name()) if kind in DECISION_KINDS else -1 for kind in KINDS
)
"""Each kind's place in the one-hot of the decision on top (-1: none, a draw)."""
ROUND_SCALE = float(_tensor.ROUND_SCALE)
PRESTIGE_SCALE = float(_tensor.PRESTIGE_SCALE)
RESOURCE_SCALE = float(_tensor.RESOURCE_SCALE)
TOKEN_SCALE = float(_tensor.TOKEN_SCALE)
HAND_SCALE = float(_tensor.HAND_SCALE)
ACTIONS_SCALE = float(_tensor.ACTIONS_SCALE)
DEPTH_SCALE = float(_tensor.DEPTH_SCALE)
SCOUT_SCALE = float(_tensor.SCOUTS)
N_DIE = len(_tensor.D4.faces)
D12_FACES = tuple(_tensor.D12.faces)


def _tensor_tables(e: TurrisBatch, game: Any) -> None:
    """The tensor of the game (``tensor_of``), the array of its floats (``e.floats``, which
    ``e.O`` views) and the sizes and scales its parts take from the game."""
    from towers.core.registry import tensor_of

    d = game.data
    e.tensor = tensor_of(game)
    e.tensor_size = e.tensor.size
    e.floats = array("d", bytes(8 * e.tensor_size))
    e.O = e.floats  # the twin's typed view of them
    e.n_council = len(d.council)
    e.n_factions = len(d.factions)
    e.n_altar = len(d.altar)
    e.rooms_scale = float(game.c["tower_rooms"])
    e.grove_scale = float(game.c["grove_tower_room_prestige"])


def _capped(value: float, scale: float) -> float:
    """``value / scale`` kept within 0..1 (the tensor's ``capped``)."""
    v = value / scale
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def _seat_hot(e: TurrisBatch, at: int, seat: int) -> None:
    """The one-hot of ``seat`` among the seats from ``e.O[at]`` on (none: zeros)."""
    if seat < 0:
        return
    if seat >= e.players:
        raise ValueError(f"no seat {seat} among {e.players}")
    e.O[at + seat] = 1.0


def _write_tensor(e: TurrisBatch, g: int, seat: int) -> None:
    """``e.O`` set to ``seat``'s tensor in game g, part by part as
    :func:`.tensor.turris_tensor` lists them (the seats in seat order: the observation names
    no viewer)."""
    S = e.S
    V = e.O
    b = g * W
    n = e.players
    for i in range(e.tensor_size):
        V[i] = 0.0
    V[PHASE_HOT[S[b + PHASE]]] = 1.0
    V[N_PHASES] = _capped(S[b + ROUND], ROUND_SCALE)
    i = N_PHASES + 1
    _seat_hot(e, i, S[b + AT_FIRST_PLAYER])
    _seat_hot(e, i + n, S[b + FUTURE_FIRST])
    _seat_hot(e, i + 2 * n, S[b + AT_ACTIVE])
    i += 3 * n
    depth = S[b + STACK]
    if S[b + CHANCE]:
        V[i] = 1.0  # a draw pending: no decision now
    elif depth:
        top = b + STACK + 1 + (depth - 1) * FW
        kind = S[top]
        hot = FRAME_HOT[kind]
        if hot >= 0:
            V[i + 1 + hot] = 1.0
        f = SEAT_FIELD[kind]
        if f >= 0:
            _seat_hot(e, i + 2 + N_FRAMES, S[top + f])
    V[i + 1 + N_FRAMES] = _capped(depth, DEPTH_SCALE)
    i += 2 + N_FRAMES + n
    V[i] = _capped(S[b + ACTIONS_LEFT], ACTIONS_SCALE)
    V[i + 1] = 1.0 if S[b + PLACED_ACTION] else 0.0
    V[i + 2] = 1.0 if S[b + COLLECTED] else 0.0
    V[i + 3] = _capped(S[b + GATHERS], 2.0)
    V[i + 4] = 1.0 if S[b + TACTICS_PLAYED] else 0.0
    i += 5
    for node in range(N_NODES):
        at = b + SCOUTS + node * SEATS
        for p in range(n):
            V[i + p] = _capped(S[at + p], SCOUT_SCALE)
        i += n
    i = _write_board(e, g, i)
    i = _write_cards(e, g, i)
    i = _write_players(e, g, i)
    at = b + HANDS + seat * HAND_W  # the seat's own Tactics cards
    for x in range(S[at]):
        V[i + S[at + 1 + x]] = 1.0
    i = _write_rest(e, g, i + N_TACTICS)
    if i != e.tensor_size:
        raise AssertionError(f"{i} floats written, not {e.tensor_size}")


def _write_board(e: TurrisBatch, g: int, i: int) -> int:
    """The ``beasts``, ``fruit``, ``altar``, ``excavation`` and ``upgraded`` parts from
    ``e.O[i]`` on; where the next part starts."""
    S = e.S
    V = e.O
    b = g * W
    for k in range(N_BEASTS):
        at = S[b + BEAST_AT + k]
        if 0 <= at < N_NODES:
            V[i + at] = 1.0
        elif at < 0:
            V[i + N_NODES] = 1.0  # removed
        V[i + N_NODES + 1] = 1.0 if S[b + AT_FLIPPED + k] else 0.0
        i += N_NODES + 2
    at = S[b + AT_FRUIT]
    if 0 <= at < N_NODES:
        V[i + at] = 1.0
    i += N_NODES
    at = S[b + AT_ALTAR]
    if 0 <= at < e.n_altar:
        V[i + at] = 1.0
    i += e.n_altar
    for k in range(N_SPOTS):
        site = S[b + SITE_AT + k]
        if 0 <= site < N_SITES:
            V[i + site] = 1.0
        V[i + N_SITES] = 1.0 if S[b + AT_SPOT_OPEN + k] else 0.0
        i += N_SITES + 1
    for node in range(N_NODES):
        V[i + node] = 1.0 if S[b + UPGRADED + node] else 0.0
    return i + N_NODES


def _write_cards(e: TurrisBatch, g: int, i: int) -> int:
    """The ``trionfi`` and ``missions`` parts from ``e.O[i]`` on: per card, where it is."""
    S = e.S
    V = e.O
    b = g * W
    n = e.players
    w = 1 + n
    for k in range(N_TABLEAU):
        t = S[b + TRIONFI_TABLEAU + k]
        if t >= 0:
            V[i + t * w] = 1.0
    for p in range(n):
        at = b + TRIONFI_OWNED + p * TRIONFI_OWNED_W
        for x in range(S[at]):
            V[i + S[at + 1 + x] * w + 1 + p] = 1.0
    i += N_TRIONFI * w
    w = 1 + 3 * n
    at = b + MISSIONS
    for x in range(S[at]):
        V[i + S[at + 1 + x] * w] = 1.0
    for p in range(n):
        at = b + AT_RESERVED + p * RESERVED_W
        for x in range(S[at]):
            V[i + S[at + 1 + x] * w + 1 + p] = 1.0
        at = b + COMPLETED + p * COMPLETED_W
        for x in range(S[at]):
            V[i + S[at + 1 + x] * w + 1 + n + p] = 1.0
        at = b + ONGOING + p * ONGOING_W
        for x in range(S[at]):
            V[i + S[at + 1 + x] * w + 1 + 2 * n + p] = 1.0
    return i + N_MISSIONS * w


def _write_players(e: TurrisBatch, g: int, i: int) -> int:
    """The ``players`` part from ``e.O[i]`` on: each seat's row, in seat order."""
    S = e.S
    V = e.O
    b = g * W
    for p in range(e.players):
        V[i] = _capped(S[b + PRESTIGE + p], PRESTIGE_SCALE)
        at = b + RESOURCES + p * N_TOKENS
        for k in range(N_TOKENS):
            V[i + 1 + k] = _capped(S[at + k], RESOURCE_SCALE)
        i += 1 + N_TOKENS
        V[i] = _capped(S[b + RESERVE + p], SCOUT_SCALE)
        V[i + 1] = _capped(S[b + GRAVEYARD + p], SCOUT_SCALE)
        V[i + 2] = _capped(S[b + AT_ROOMS + p], e.rooms_scale)
        V[i + 3] = _capped(S[b + ACTION_TOKENS + p], TOKEN_SCALE)
        V[i + 4] = _capped(S[b + HANDS + p * HAND_W], HAND_SCALE)
        V[i + 5] = _capped(S[b + GROVE_ROOM + p], e.grove_scale)
        i += 6
        k = S[b + COUNCIL + p]
        if 0 <= k < e.n_council:
            V[i + k] = 1.0
        i += e.n_council
        k = S[b + FACTION + p]
        if 0 <= k < e.n_factions:
            V[i + k] = 1.0
        i += e.n_factions
        k = S[b + SIDE + p]
        if 0 <= k < 2:
            V[i + k] = 1.0
        i += 2
    return i


def _deck_size(S: Any, at: int, size: int) -> int:
    """The cards of the deck at ``at`` (of ``size`` kinds): the known top, the unknown
    middle's total and the known bottom."""
    return int(S[at] + S[at + 1 + 2 * size] + S[at + 2 + 2 * size])


def _write_rest(e: TurrisBatch, g: int, i: int) -> int:
    """The ``piles``, ``endgame`` and ``solo`` parts from ``e.O[i]`` on."""
    S = e.S
    V = e.O
    b = g * W
    V[i] = _capped(_deck_size(S, b + TACTICS_DECK, N_TACTICS), N_TACTICS)
    V[i + 1] = _capped(S[b + TACTICS_DISCARD], N_TACTICS)
    V[i + 2] = _capped(_deck_size(S, b + MISSION_DECK, N_MISSIONS), N_MISSIONS)
    V[i + 3] = _capped(_deck_size(S, b + TRIONFI_DECK, N_TRIONFI), N_TRIONFI)
    V[i + 4] = _capped(_deck_size(S, b + SITE_DECK, N_SITES), N_SITES)
    i += 5
    at = b + AT_THRESHOLDS_HIT
    thresholds = e.thresholds
    for k in range(len(thresholds)):
        t = thresholds[k]
        for x in range(S[at]):
            if S[at + 1 + x] == t:
                V[i + k] = 1.0
                break
    i += len(thresholds)
    V[i] = 1.0 if S[b + EXCAVATION_DUE] else 0.0
    V[i + 1] = 1.0 if S[b + AT_ENDGAME] else 0.0
    V[i + 2] = 1.0 if S[b + AT_ENDGAME_IN_BEASTS] else 0.0
    i += 3
    at = b + BETRAYER_AT  # zeros with opponents: no Betrayers, no dice
    for x in range(S[at]):
        V[i + S[at + 1 + x]] = 1.0
    i += N_NODES
    V[i] = _capped(S[b + BETRAYER_PRESTIGE], PRESTIGE_SCALE)
    i += 1
    for k in range(N_TABLEAU):
        V[i + k] = 1.0 if S[b + AT_DAMAGED + k] else 0.0
    i += N_TABLEAU
    k = S[b + AT_BEAST_DIE]
    if 0 <= k < N_DIE:
        V[i + k] = 1.0
    i += N_DIE
    card = S[b + AT_MOVEMENT_CARD]
    for k in range(len(D12_FACES)):
        if D12_FACES[k] == card:
            V[i + k] = 1.0
            break
    return i + len(D12_FACES)


def _settle(e: TurrisBatch, g: int) -> bool:
    """After an action played in the arrays: what follows played as ``rounds.run`` plays it
    (up to a decision, a draw or the end), in the arrays where they have the rules, else on
    the mirror (with the draws that follow). True when the game waits in the arrays (a
    decision or a draw), False when it went on on the mirror or ended."""
    b = g * W
    while not e.S[b + GAME_OVER]:
        if e.S[b + CHANCE]:
            return True
        depth = e.S[b + STACK]
        if e.S[b + EXCAVATION_DUE]:
            quiet = depth == 0
            if not quiet:
                kind = e.S[b + STACK + 1 + (depth - 1) * FW]
                quiet = kind == K_TURN or kind == K_END_TURN or kind == K_BEAST_TURN
            if quiet:
                _change_excavation_sites(e, g)
                continue
        if depth == 0:
            if _next_turn(e, g) or _beast_phase(e, g) or _end_round(e, g) or _first_round(e, g):
                continue
            if _solo_step(e, g):
                continue
            break
        top = b + STACK + 1 + (depth - 1) * FW
        kind = e.S[top]
        if not HAS_SETTLE[kind]:
            return True  # a decision, which nothing settles
        found = _settle_frame(e, g, top, kind)
        if found > 0:
            continue
        if found == 0:
            return True
        break
    else:
        return False
    state = _state_live(e, g)
    e.S[b + STALE] = 1
    RULES_RUN(state)
    _resolve_on(e, g, state)
    return False


def _settle_frame(e: TurrisBatch, g: int, top: int, kind: int) -> int:
    """The frame at ``top`` (of ``kind``, one that settles) settled in the arrays as
    ``rounds.run`` would: 1 when it was (the loop goes on), 0 when it waits for a decision,
    -1 when the one-game rules must settle it."""
    b = g * W
    depth = e.S[b + STACK]
    if kind == K_REWARDS:
        # effects.settle_rewards: none left, or one that must be resolved
        packets = WORDS[e.S[top + 2]]
        if not packets:
            e.S[b + STACK] = depth - 1
            return 1
        if e.S[top + 3] or len(packets) > 1:
            return 0
        e.S[top] = K_RESOLVING
        e.S[top + 2] = packets[0]
        e.S[top + 3] = 0
        return 1
    if kind == K_RESOLVING:
        _settle_resolving(e, g, top)
        return 1
    elif kind == K_PAY_CHOICE:
        return _settle_pay(e, g, top)
    elif kind == K_GAIN_CHOICE:
        # resources.settle_gain_choice
        of = WORDS[e.S[top + 3]]
        if e.S[top + 2] <= 0:
            e.S[b + STACK] = depth - 1
            return 1
        if len(of) == 1:
            e.S[b + RESOURCES + e.S[top + 1] * N_TOKENS + LETTER[of]] += e.S[top + 2]
            e.S[b + STACK] = depth - 1
            return 1
        return 0
    elif kind == K_END_TURN:
        _end_turn_stage(e, g, top)
        return 1
    elif kind == K_COUNCIL_STEP:
        return _settle_council_step(e, g, top)
    elif kind == K_MOVE_BEAST_CHOICE:
        return _settle_move_beast(e, g, top)
    elif kind == K_BEAST_TURN:
        e.S[b + STACK] = depth - 1
        _beast_target(e, g, e.S[top + 1], e.S[top + 2])
        return 1
    elif kind == K_TARGET_CHOICE:
        options = WORDS[e.S[top + 3]]
        if len(options) != 1:
            return 0
        e.S[b + STACK] = depth - 1
        _path_frame(e, g, e.S[top + 2], options[0], e.S[top + 4])
        return 1
    elif kind == K_BEAST_PATH:
        if _settle_path(e, g, top):
            return 1
        return 0
    elif kind == K_BEAST_EFFECT:
        return _settle_beast_effect(e, g, top)
    elif kind == K_DISPLACE_CHOICE:
        n = _displace_destinations(e, g, e.S[top + 2])
        if n > 1:
            return 0
        e.S[b + STACK] = depth - 1
        if n:
            _move_scout(e, g, e.S[top + 3], e.S[top + 2], e.L[0] - A_CHOOSE)
        return 1
    return _settle_more(e, g, top, kind)


def _settle_more(e: TurrisBatch, g: int, top: int, kind: int) -> int:
    """:func:`_settle_frame` of the other kinds of frame."""
    b = g * W
    depth = e.S[b + STACK]
    if kind == K_MOVE_SCOUT_CHOICE:
        # effects.settle_move_scout_choice
        if e.S[top + 4] != -1:
            return 0
        if e.S[top + 2] > 0 and _movable_scouts(e, g, e.S[top + 1], e.S[top + 3]):
            return 0
        e.S[b + STACK] = depth - 1
        return 1
    elif kind == K_RESERVE_CHOICE:
        if e.S[top + 2] > 0 and e.S[b + MISSIONS]:
            return 0
        e.S[b + STACK] = depth - 1
        return 1
    elif kind == K_REVIVE_CHOICE:
        # effects.settle_revive_choice
        seat = e.S[top + 1]
        if e.S[top + 5] < e.S[top + 2] and e.S[b + GRAVEYARD + seat]:
            _resources_to_h(e, g, seat)
            if _can_pay(e, e.effects[e.S[top + 3]][e.S[top + 4]][2]):
                return 0
        e.S[b + STACK] = depth - 1
        return 1
    elif kind == K_TRADE_OFFER:
        # effects.settle_trade_offer
        if e.S[top + 4] > 0:
            _resources_to_h(e, g, e.S[top + 1])
            if _can_pay(e, e.effects[e.S[top + 2]][e.S[top + 3]][11]):
                return 0
        e.S[b + STACK] = depth - 1
        return 1
    elif kind == K_TRADE_GAIN:
        # effects.settle_trade_gain: what an accepted trade gives
        e.S[b + STACK] = depth - 1
        effect = e.effects[e.S[top + 2]][e.S[top + 3]]
        _gain(e, g, e.S[top + 1], effect[2], effect[10])
        return 1
    elif kind == K_STEAL_CHOICE:
        if e.S[top + 2] > 0 and _can_steal(e, g, e.S[top + 1], _letters(WORDS[e.S[top + 3]])):
            return 0
        e.S[b + STACK] = depth - 1
        return 1
    elif kind == K_PLACE_FREE:
        # action_step.settle_place_free
        n = _place_nodes(e, g, e.S[top + 1]) if e.S[top + 2] > 0 else 0
        if n > 0:
            return 0
        if n == 0:
            e.S[b + STACK] = depth - 1
            return 1
    elif kind == K_MISSION_STEP:
        if _has_completable(e, g, e.S[top + 1]):
            return 0
        e.S[b + STACK] = depth - 1
        return 1
    elif kind == K_DISCARD_DOWN:
        if e.S[b + HANDS + e.S[top + 1] * HAND_W] > e.hand_limit:
            return 0
        e.S[b + STACK] = depth - 1
        return 1
    elif kind == K_TRIONFI_CHOICE:
        # trionfi.settle_trionfi_choice
        if e.solo and not _has_solo_room(e, g):
            e.S[b + STACK] = depth - 1  # no undamaged Tower Room: no construction (Solo)
            return 1
        if e.solo:
            return 0
        left = False
        for k in range(N_TABLEAU):
            if e.S[b + TRIONFI_TABLEAU + k] >= 0:
                left = True
        if left:
            return 0
        # no card left: the Prestige and the Tower track only (Trionfi cards)
        e.S[b + STACK] = depth - 1
        _room_built(e, g, e.S[top + 1], e.S[top + 2])
        return 1
    elif kind == K_PLAY_TACTICS_CHOICE:
        # tactics.settle_play_tactics_choice
        seat = e.S[top + 1]
        if (
            e.S[top + 2] <= 0
            or not e.S[b + HANDS + seat * HAND_W]
            or (e.S[top + 3] and not _tactics_choices(e, g, top))
        ):
            e.S[b + STACK] = depth - 1
            return 1
        return 0
    elif kind == K_DESPAIR_CHOICE:
        # beast_phase.settle_despair_choice
        res = b + RESOURCES + e.S[top + 1] * N_TOKENS
        kinds = 0
        first = -1
        for t in range(1, 4):
            if e.S[res + t] > 0:
                kinds += 1
                if first < 0:
                    first = t
        if kinds > 1:
            return 0
        e.S[b + STACK] = depth - 1
        if kinds:
            e.S[res + first] -= 1
        elif e.S[res + I_] > 0:
            e.S[res + I_] -= 1
        return 1
    return _settle_solo(e, g, top, kind)


def _end_turn_stage(e: TurrisBatch, g: int, top: int) -> None:
    """``player_turn.end_turn_stage`` of the EndTurn at ``top`` in the arrays: the steps
    after the Action Step, a step with a decision put on the stack above the next stage."""
    b = g * W
    seat = e.S[top + 1]
    stage = e.S[top + 2]
    if stage == 0:
        if _has_completable(e, g, seat):
            e.S[top + 2] = 1
            _push(e, g, K_MISSION_STEP, seat, 0, 0, 0, 0)
            return
        stage = 1
    if stage == 1:
        # the Trionfi Step: a Tower Room from a Grove Collect, prerequisite met now
        grove = e.S[b + GROVE_ROOM + seat]
        e.S[b + GROVE_ROOM + seat] = 0
        if grove and _may_build(e, g, seat):
            e.S[top + 2] = 2
            _push(e, g, K_TRIONFI_CHOICE, seat, grove, 1, 0, 0)
            return
        stage = 2
    if e.S[b + HANDS + seat * HAND_W] > e.hand_limit:
        e.S[top + 2] = 3
        _push(e, g, K_DISCARD_DOWN, seat, 0, 0, 0, 0)
        return
    e.S[b + STACK] -= 1
    for _ in range(e.mission_tableau - e.S[b + MISSIONS]):
        _queue_mission_draw(e, g)


def _queue_mission_draw(e: TurrisBatch, g: int) -> None:
    """``draws.queue_draw`` of a MissionDraw: queued if the deck holds a card for it."""
    S = e.S
    b = g * W
    q = b + CHANCE
    n = S[q]
    queued = 0
    for j in range(n):
        if S[q + 1 + j * FW] == K_MISSION_DRAW:
            queued += 1
    d = b + MISSION_DECK
    cards = S[d] + S[d + 1 + 2 * N_MISSIONS] + S[d + 2 + 2 * N_MISSIONS]
    if cards - queued <= 0:
        return
    if n >= CHANCE_ROOM:
        raise ValueError(f"{n + 1} draws in a room of {CHANCE_ROOM}")
    S[q + 1 + n * FW] = K_MISSION_DRAW
    S[q] = n + 1


def _has_completable(e: TurrisBatch, g: int, seat: int) -> bool:
    """``missions.completable`` is not empty: a Mission of the tableau the seat can pay for,
    or one it reserved at 1 resource less."""
    b = g * W
    res = b + RESOURCES + seat * N_TOKENS
    for t in range(N_TOKENS):
        e.H[t] = e.S[res + t]  # _can_pay only reads them
    at = b + MISSIONS
    for k in range(e.S[at]):
        if _can_pay(e, e.mission_costs[e.S[at + 1 + k]]):
            return True
    at = b + AT_RESERVED + seat * RESERVED_W
    for k in range(e.S[at]):
        for cost in e.reserved_costs[e.S[at + 1 + k]]:
            if _can_pay(e, cost):
                return True
    return False


def _next_turn(e: TurrisBatch, g: int) -> bool:
    """``rounds.next_step`` when the next seat's turn comes (``player_turn.start_turn``) in
    the arrays, or False (nothing done): another step of the round, or a turn-start effect
    set off."""
    b = g * W
    if e.S[b + PHASE] != PHASE_TURNS or e.S[b + AT_TURN_INDEX] + 1 >= e.players:
        return False
    index = e.S[b + AT_TURN_INDEX] + 1
    seat = (e.S[b + AT_FIRST_PLAYER] + index) % e.players
    e.S[b + AT_TURN_INDEX] = index
    _start_turn(e, g, seat)
    return True


def _start_turn(e: TurrisBatch, g: int, seat: int) -> None:
    """``player_turn.start_turn`` (its trigger set off nothing): two actions, nothing played
    or collected yet."""
    b = g * W
    e.S[b + AT_ACTIVE] = seat
    e.S[b + ACTIONS_LEFT] = e.actions_per_turn
    e.S[b + PLACED_ACTION] = 0
    e.S[b + COLLECTED] = 0
    e.S[b + GATHERS] = 0
    e.S[b + TACTICS_PLAYED] = 0
    e.S[b + ONCE_USED] = 0
    _push(e, g, K_TURN, seat, 0, 0, 0, 0)
    _trigger(e, g, seat, T_TURN_START, -1)


def _end_round(e: TurrisBatch, g: int) -> bool:
    """``rounds.next_step`` at the end of the Beast Phase: ``cleanup.end_round`` (the
    Endgame's Beast removed, the Cleanup Phase, the next round or the end); False (nothing
    done) for another step, or a turn-start effect set off."""
    S = e.S
    b = g * W
    if S[b + PHASE] != PHASE_BEASTS:
        return False
    first = S[b + FUTURE_FIRST] if S[b + FUTURE_FIRST] >= 0 else S[b + AT_FIRST_PLAYER]
    # Endgame: at the end of each Beast Phase after the trigger, remove a Beast
    if S[b + AT_ENDGAME] and not S[b + AT_ENDGAME_IN_BEASTS]:
        for beast in e.removal:
            at = S[b + BEAST_AT + beast]
            if at >= 0:
                _vacate(e, g, at)
                S[b + BEAST_AT + beast] = -1
                S[b + AT_FLIPPED + beast] = 0
                break
    S[b + AT_ENDGAME_IN_BEASTS] = 0
    # Cleanup Phase
    S[b + AT_ALTAR] = (S[b + AT_ALTAR] + 1) % e.altar_spaces
    S[b + AT_FIRST_PLAYER] = first
    S[b + FUTURE_FIRST] = -1
    S[b + AT_FRUIT] = -1  # Rules Clarification 4
    if not e.solo:
        left = False
        for beast in range(N_BEASTS):
            if S[b + BEAST_AT + beast] >= 0:
                left = True
        if not left:
            # the Endgame's last Beast is gone (solo play ends only by the Solo Endgame)
            S[b + GAME_OVER] = 1
            S[b + PHASE] = PHASE_OVER
            S[b + AT_ACTIVE] = -1
            return True
    S[b + PHASE] = PHASE_TURNS
    S[b + ROUND] += 1
    S[b + AT_TURN_INDEX] = 0
    _start_turn(e, g, first)
    return True


def _settle_resolving(e: TurrisBatch, g: int, top: int) -> None:
    """``effects.settle_resolving`` of the Resolving at ``top``: its effects one after another
    while each leaves the stack as it was and brings no draw."""
    b = g * W
    seat = e.S[top + 1]
    src = e.S[top + 2]
    i = e.S[top + 3]
    effects = e.effects[src]
    depth = e.S[b + STACK]
    while i < len(effects):
        _effect(e, g, top, seat, effects[i], src, i)
        if e.S[b + STACK] != depth or e.S[b + CHANCE] or e.S[b + GAME_OVER]:
            return
        i += 1
    e.S[b + STACK] = depth - 1


def _effect(
    e: TurrisBatch, g: int, top: int, seat: int, effect: tuple[Any, ...], src: int, index: int
) -> None:
    """``effects.resolve_effect`` of ``effect`` (the ``index``-th of source ``src``, the
    Resolving at ``top`` moved past it first)."""
    b = g * W
    kind = effect[0]
    n = effect[1]
    e.S[top + 3] = index + 1
    if kind == E_GAIN:
        _gain(e, g, seat, effect[2], effect[10])
    elif kind == E_PAY:
        fixed, any_n, of = effect[9]
        _push(e, g, K_PAY_CHOICE, seat, fixed, any_n, of, 0)
    elif kind == E_TRADE:
        _push(e, g, K_TRADE_OFFER, seat, src, index, n, 0)
    elif kind == E_STEAL:
        _push(e, g, K_STEAL_CHOICE, seat, n, effect[7], 0, 0)
    elif kind == E_PRESTIGE:
        _score(e, g, seat, n)
    elif kind == E_COUNCIL:
        _push(e, g, K_COUNCIL_STEP, seat, n, 0, 0, 0)
    elif kind == E_COUNCIL_REWARD:
        spot = e.S[b + COUNCIL + seat]
        if spot:
            packets = (e.src_council[spot],) * n
            _push(e, g, K_REWARDS, seat, word_id(packets), 1, 0, 0)
    elif kind == E_TACTICS:
        drawn = 0
        for _ in range(n):
            if _queue_tactics_draw(e, g, seat):
                drawn += 1
        if effect[8] and drawn:
            # decided once the cards are drawn: draws come before any decision
            _push(e, g, K_PLAY_TACTICS_CHOICE, seat, 1, drawn, 0, 0)
    elif kind == E_PLAY_TACTICS:
        _push(e, g, K_PLAY_TACTICS_CHOICE, seat, n, 0, 0, 0)
    elif kind == E_RESERVE:
        _push(e, g, K_RESERVE_CHOICE, seat, n, 0, 0, 0)
    elif kind == E_ACTION:
        e.S[b + ACTIONS_LEFT] += n
    elif kind == E_ACTION_TOKEN:
        e.S[b + ACTION_TOKENS + seat] += n
    elif kind == E_PLACE:
        _push(e, g, K_PLACE_FREE, seat, n, 0, 0, 0)
    elif kind == E_MOVE_SCOUT:
        _push(e, g, K_MOVE_SCOUT_CHOICE, seat, n, effect[3], -1, 0)
    elif kind == E_MOVE_BEAST:
        _push(e, g, K_MOVE_BEAST_CHOICE, seat, effect[3], effect[4], effect[5], -1, -1)
    elif kind == E_REVIVE:
        _push(e, g, K_REVIVE_CHOICE, seat, n, src, index, 0)
    elif kind == E_SACRIFICE:
        for _ in range(min(n, e.S[b + RESERVE + seat])):
            e.S[b + RESERVE + seat] -= 1
            e.S[b + GRAVEYARD + seat] += 1
            _push(e, g, K_COUNCIL_STEP, seat, 1, 0, 0, 0)
            _trigger(e, g, seat, T_SACRIFICE, -1)
    elif kind == E_FRUIT:
        _push(e, g, K_FRUIT_CHOICE, seat, 0, 0, 0, 0)
    elif kind == E_FIRST_PLAYER:
        if e.solo:
            # instead of the card, the player may remove 1 Damaged token
            _push(e, g, K_REPAIR_CHOICE, seat, 0, 0, 0, 0)
        elif e.S[b + FUTURE_FIRST] != seat:
            e.S[b + FUTURE_FIRST] = seat
    elif kind == E_TOWER_ROOM:
        if effect[6]:
            if _may_build(e, g, seat):
                _push(e, g, K_TRIONFI_CHOICE, seat, n, 0, 0, 0)
        elif e.S[b + GROVE_ROOM + seat] < n:
            e.S[b + GROVE_ROOM + seat] = n


def _queue_tactics_draw(e: TurrisBatch, g: int, seat: int) -> bool:
    """``draws.queue_draw`` of a TacticsDraw for ``seat``: the discards shuffled in first when
    the deck is out of cards for it (Rules Clarification 2); whether it was queued."""
    S = e.S
    b = g * W
    q = b + CHANCE
    queued = 0
    for j in range(S[q]):
        if S[q + 1 + j * FW] == K_TACTICS_DRAW:
            queued += 1
    d = b + TACTICS_DECK
    if S[d] + S[d + 1 + 2 * N_TACTICS] + S[d + 2 + 2 * N_TACTICS] <= 0:
        _shuffle_discards(e, g)
    if S[d] + S[d + 1 + 2 * N_TACTICS] + S[d + 2 + 2 * N_TACTICS] - queued <= 0:
        _shuffle_discards(e, g)
        if S[d] + S[d + 1 + 2 * N_TACTICS] + S[d + 2 + 2 * N_TACTICS] - queued <= 0:
            return False
    _queue(e, g, K_TACTICS_DRAW, seat)
    return True


def _shuffle_discards(e: TurrisBatch, g: int) -> None:
    """The Tactics discards shuffled into the deck's unknown middle (``Deck.shuffle_in``)."""
    S = e.S
    b = g * W
    at = b + TACTICS_DISCARD
    counts = b + TACTICS_DECK + 1 + N_TACTICS
    for k in range(S[at]):
        S[counts + S[at + 1 + k]] += 1
    S[counts + N_TACTICS] += S[at]
    S[at] = 0


def _thresholds(e: TurrisBatch, g: int, now: int) -> None:
    """``prestige.score``'s thresholds: each Excavation threshold ``now`` reaches for the first
    time anyone does, noted, and an Excavation change due once the current action is
    resolved."""
    S = e.S
    b = g * W
    at = b + AT_THRESHOLDS_HIT
    for t in e.thresholds:
        if now >= t:
            hit = False
            for k in range(S[at]):
                if S[at + 1 + k] == t:
                    hit = True
            if not hit:
                _list_append(e, at, t)
                S[b + EXCAVATION_DUE] += 1


def _score(e: TurrisBatch, g: int, seat: int, points: int) -> None:
    """``prestige.score``: the points, the Excavation thresholds first reached, the
    Endgame's trigger (solo: the Solo Endgame at 40 Prestige)."""
    S = e.S
    b = g * W
    S[b + PRESTIGE + seat] += points
    _thresholds(e, g, S[b + PRESTIGE + seat])
    # endgame.check_endgame
    if e.solo:
        _check_solo_end(e, g)
        return
    if S[b + AT_ENDGAME]:
        return
    most = 0
    rooms = 0
    for p in range(e.players):
        if S[b + PRESTIGE + p] > most:
            most = S[b + PRESTIGE + p]
        rooms += S[b + AT_ROOMS + p]
    if most >= e.prestige_end or rooms >= e.tower_rooms:
        S[b + AT_ENDGAME] = 1
        S[b + AT_ENDGAME_IN_BEASTS] = 1 if S[b + PHASE] == PHASE_BEASTS else 0


def _settle_pay(e: TurrisBatch, g: int, top: int) -> int:
    """``resources.settle_pay`` of the PayChoice at ``top``: 1 when settled (paid, or a token
    paid that left no choice), 0 when the seat chooses (a waiver's resource too)."""
    b = g * W
    seat = e.S[top + 1]
    fixed = WORDS[e.S[top + 2]]
    any_n = e.S[top + 3]
    if not fixed and not any_n:
        e.S[b + STACK] -= 1
        return 1
    if e.S[top + 5]:
        if not _waive_tokens(e, g, top):
            e.S[top + 5] = 0
            return 1
        return 0  # the player names the resource a reserved Mission waives
    res = b + RESOURCES + seat * N_TOKENS
    # no choice: no resource of choice owed and no spare Artifact to stand in for one
    spare = e.S[res + ART] - fixed.count("A")
    if not any_n and (spare <= 0 or not fixed.replace("A", "")):
        enough = True
        for t in range(N_TOKENS):
            if e.S[res + t] < fixed.count(TOKENS[t]):
                enough = False
        if enough:
            for x in fixed:
                e.S[res + LETTER[x]] -= 1
            e.S[b + STACK] -= 1
            return 1
    n = _pay_tokens(e, g, top)
    if n == 1:
        _pay_one(e, g, top, e.L[0])
        return 1
    if n == 0:
        e.S[b + STACK] -= 1  # cannot be paid: checked before, so only a waived remainder
        return 1
    return 0


def _pay_tokens(e: TurrisBatch, g: int, top: int) -> int:
    """``resources.pay_tokens`` (no waiver) to the start of ``e.L``: the tokens that pay
    something owed and leave the rest payable; their count."""
    S = e.S
    L = e.L
    seat = S[top + 1]
    fixed = WORDS[S[top + 2]]
    any_n = S[top + 3]
    of = WORDS[S[top + 4]]
    res = g * W + RESOURCES + seat * N_TOKENS
    H = e.H
    n = 0
    for t in range(N_TOKENS):
        if S[res + t] <= 0:
            continue
        rest = _rest_after(fixed, any_n, of, t)
        if rest is None:
            continue
        for k in range(N_TOKENS):
            H[k] = S[res + k]
        if _can_pay_letters(e, rest[0], rest[1], of):
            L[n] = t
            n += 1
    return n


def _rest_after(fixed: str, any_n: int, of: str, t: int) -> tuple[str, int] | None:
    """``resources.rest_after``: what is left of a payment once token ``t`` is paid."""
    letter = TOKENS[t]
    if letter in fixed:
        return fixed.replace(letter, "", 1), any_n
    if any_n and letter in of:
        return fixed, any_n - 1
    if letter == "A" and (fixed or any_n):
        # an Artifact stands for one resource: the first still owed
        if fixed:
            return fixed[1:], any_n
        return fixed, any_n - 1
    return None


def _can_pay_letters(e: TurrisBatch, fixed: str, any_n: int, of: str) -> bool:
    """``resources.can_pay_letters`` from the counts in ``e.H``."""
    H = e.H
    counts = [0, 0, 0, 0, 0]
    for x in fixed:
        counts[LETTER[x]] += 1
    missing = counts[ART]
    for t in range(4):
        if counts[t] > H[t]:
            missing += counts[t] - H[t]
    if any_n:
        spare = 0
        for x in of:
            t = LETTER[x]
            if H[t] > counts[t]:
                spare += H[t] - counts[t]
        if any_n > spare:
            missing += any_n - spare
    return missing <= H[ART]


def _waive_tokens(e: TurrisBatch, g: int, top: int) -> int:
    """``resources.pay_tokens`` with a waiver, to the start of ``e.L``: the letters the cost
    names (Artifacts aside) that may be left unpaid, the rest payable then; their count."""
    S = e.S
    L = e.L
    fixed = WORDS[S[top + 2]]
    any_n = S[top + 3]
    of = WORDS[S[top + 4]]
    n = 0
    for letter in sorted(set(fixed) - {"A"}):
        _resources_to_h(e, g, S[top + 1])
        if _can_pay_letters(e, fixed.replace(letter, "", 1), any_n, of):
            L[n] = LETTER[letter]
            n += 1
    return n


def _pay_one(e: TurrisBatch, g: int, top: int, t: int) -> None:
    """``resources.pay_one``: token ``t`` paid (or, with a waiver, left out), the payment
    left on top."""
    S = e.S
    if S[top + 5]:
        S[top + 2] = word_id(WORDS[S[top + 2]].replace(TOKENS[t], "", 1))
        S[top + 5] -= 1
        return
    seat = S[top + 1]
    rest = _rest_after(WORDS[S[top + 2]], S[top + 3], WORDS[S[top + 4]], t)
    assert rest is not None
    S[g * W + RESOURCES + seat * N_TOKENS + t] -= 1
    S[top + 2] = word_id(rest[0])
    S[top + 3] = rest[1]


def _first_round(e: TurrisBatch, g: int) -> bool:
    """``rounds.next_step`` at the end of Setup: step 14's Tactics card each, in turn order,
    then the first round's first turn; False (nothing done) for any other step."""
    S = e.S
    b = g * W
    if S[b + PHASE] != PHASE_SETUP:
        return False
    n = e.players
    first = S[b + AT_FIRST_PLAYER]
    for k in range(n):
        _queue_tactics_draw(e, g, (first + k) % n)
    S[b + PHASE] = PHASE_TURNS
    S[b + ROUND] = 1
    S[b + AT_TURN_INDEX] = 0
    _start_turn(e, g, first % n)
    return True


def _beast_phase(e: TurrisBatch, g: int) -> bool:
    """``rounds.next_step`` at the end of the last turn (not solo): the Beast Phase begins,
    each Beast's turn, Pain first (``beast_phase.begin_beast_phase``); False (nothing done)
    for any other step."""
    S = e.S
    b = g * W
    if e.solo or S[b + PHASE] != PHASE_TURNS or S[b + AT_TURN_INDEX] + 1 < e.players:
        return False
    S[b + AT_TURN_INDEX] += 1
    S[b + PHASE] = PHASE_BEASTS
    S[b + AT_ACTIVE] = -1
    for beast in range(N_BEASTS - 1, -1, -1):
        _push(e, g, K_BEAST_TURN, beast, 0, 0, 0, 0)
    return True


def _distances(e: TurrisBatch, g: int, start: int) -> None:
    """``board.distances`` from ``start`` into ``e.D``: the steps to each node over the nodes
    that exist (Crossroads count), -1 out of reach. The board changes shape only when the
    Excavation spots do, so each shape's table from each node is searched once (``e.T``,
    ``e.searched``), as the one-game engine keeps them."""
    b = g * W
    shape = 0  # a bit for each Excavation spot that exists (a Site there, or open)
    for k in range(N_SPOTS):
        if e.S[b + SITE_AT + k] >= 0 or e.S[b + AT_SPOT_OPEN + k]:
            shape |= 1 << k
    key = shape * N_NODES + start
    if key == e.d_key:
        return  # ``e.D`` holds that table already
    at = key * N_NODES
    if not e.searched[key]:
        _search(e, g, start, at)
        e.searched[key] = 1
    e.D = e.T[at : at + N_NODES]  # the table's own row (in the plain text, a copy of it)
    e.d_key = key


def _search(e: TurrisBatch, g: int, start: int, at: int) -> None:
    """The breadth-first search of ``_distances``, into ``e.T`` from ``at``."""
    T = e.T
    opened = _open_bits(e, g)
    for n in range(N_NODES):
        T[at + n] = -1
    T[at + start] = 0
    one = 1
    frontier = one << start
    d = 0
    while frontier:
        d += 1
        nxt = 0
        for here in range(N_NODES):
            if frontier >> here & 1:
                nxt |= e.adj[here]
        nxt &= opened
        for there in range(N_NODES):
            if nxt >> there & 1:
                if T[at + there] < 0:
                    T[at + there] = d
                else:
                    nxt &= ~(one << there)
        frontier = nxt


def _beast_target(e: TurrisBatch, g: int, beast: int, chain: int) -> None:
    """``beast_phase.beast_target``: 1) Choose Target for the Beast (the Fruit, else the
    closest Location with the most Scouts, a tie the First Player's choice, else the Abyss;
    solo, the Beast Movement card with none of the player's Scouts out); a flipped Beast
    stands up instead."""
    b = g * W
    at = e.S[b + BEAST_AT + beast]
    if at < 0:
        return
    if e.S[b + AT_FLIPPED + beast] and not chain:
        e.S[b + AT_FLIPPED + beast] = 0  # it does not move: it stands up (Move Beast)
        return
    if chain:
        # the Chain Attack: a Scout next to the Harrow, and the Fruit off the Main Board
        if e.S[b + AT_FRUIT] >= 0:
            return
        near = False
        for n in e.adjacent[at]:
            if _scouts_on(e, g, n):
                near = True
        if not near:
            return
    if e.S[b + AT_FRUIT] >= 0:
        target = e.S[b + AT_FRUIT]
    elif e.solo and not _on_board(e, g, 0):
        # none of the player's Scouts on the Main Board: the Beast Movement card (d12)
        target = e.node_of_number[e.S[b + AT_MOVEMENT_CARD]]
    else:
        _distances(e, g, at)
        beasts = 0  # the nodes holding a Beast, one bit a node
        one = 1
        for k in range(N_BEASTS):
            if e.S[b + BEAST_AT + k] >= 0:
                beasts |= one << e.S[b + BEAST_AT + k]
        best = 0  # the nearest nodes with the most Scouts so far, one bit a node
        best_d = 0
        best_count = 0
        for n in range(N_NODES):
            d = e.D[n]
            # a Location with a Beast counts as having no Scouts for targeting
            if d < 0 or beasts >> n & 1:
                continue
            count = _scouts_on(e, g, n)
            if not count:
                continue
            # the nearest, then the most Scouts
            if not best or d < best_d or (d == best_d and count > best_count):
                best = one << n
                best_d = d
                best_count = count
            elif d == best_d and count == best_count:
                best |= one << n
        if best & (best - 1):  # a tie
            tied = word_id(tuple([n for n in range(N_NODES) if best >> n & 1]))
            _push(e, g, K_TARGET_CHOICE, e.S[b + AT_FIRST_PLAYER], beast, tied, chain, 0)
            return
        target = e.abyss
        for n in range(N_NODES):
            if best >> n & 1:
                target = n
    if target == at:
        return
    _path_frame(e, g, beast, target, chain)


def _path_frame(e: TurrisBatch, g: int, beast: int, target: int, chain: int) -> None:
    """``beast_phase.path_frame`` pushed: the path to plot, at the Beast's speed (2 with the
    Altar token on its spot)."""
    b = g * W
    altar = e.S[b + AT_ALTAR]
    speed = e.altar_speed[altar] if e.altar_beast[altar] == beast else 1
    _push(e, g, K_BEAST_PATH, e.S[b + AT_FIRST_PLAYER], beast, target, e.empty, speed, chain)


def _ways_on(e: TurrisBatch, here: int) -> int:
    """``beast_phase.ways_on`` as Choose actions to the start of ``e.L`` (``e.D``: the
    distances to the target): the nodes next to ``here`` one step nearer; their count."""
    if e.D[here] < 0:
        return 0
    left = e.D[here] - 1
    n = 0
    around = e.adj[here]  # one bit a node: in increasing order, as sorted
    there = 0
    while around:
        if around & 1 and e.D[there] == left:
            e.L[n] = A_CHOOSE + there
            n += 1
        around >>= 1
        there += 1
    return n


def _settle_path(e: TurrisBatch, g: int, top: int) -> bool:
    """``beast_phase.settle_path`` of the BeastPath at ``top``: the path extended while it
    has one way on, then the Beast moved; False when the First Player chooses the way."""
    b = g * W
    beast = e.S[top + 2]
    target = e.S[top + 3]
    start = e.S[b + BEAST_AT + beast]
    _distances(e, g, start)
    total = e.D[target]
    if total < 0:
        e.S[b + STACK] -= 1
        return True
    path = WORDS[e.S[top + 4]]
    steps = e.S[top + 5] if e.S[top + 5] < total else total
    if len(path) < steps:
        _distances(e, g, target)
        grown = path
        while len(grown) < steps:
            n = _ways_on(e, grown[len(grown) - 1] if grown else start)
            if n == 1:
                grown = (*grown, e.L[0] - A_CHOOSE)
                continue
            if n:
                if len(grown) != len(path):
                    e.S[top + 4] = word_id(grown)
                return False
            break
        path = grown
    e.S[b + STACK] -= 1
    _move_beast(e, g, beast, path)
    return True


def _move_beast(e: TurrisBatch, g: int, beast: int, path: tuple[int, ...]) -> None:
    """``beast_phase.move_beast``: along the plotted path, never ending with another Beast,
    stopping early at a Scout; the Beast's effect where it ends, the Betrayers' Scouts there
    pushed."""
    b = g * W
    start = e.S[b + BEAST_AT + beast]
    end = start
    for node in path:
        alone = True
        for k in range(N_BEASTS):
            if k != beast and e.S[b + BEAST_AT + k] == node:
                alone = False
        if not alone:
            continue  # moved through, if it lands beyond
        end = node
        if _ends_beast_move(e, g, node):
            break
    e.S[b + BEAST_AT + beast] = end
    if end != start:
        _vacate(e, g, start)
        # the Chain Attack only in the Beast Phase, not on the Betrayer Phase's d4 move
        _beast_arrives(e, g, beast, end, 0 if e.S[b + PHASE] == PHASE_BETRAYERS else 1)


def _beast_arrives(e: TurrisBatch, g: int, beast: int, end: int, in_phase: int) -> None:
    """A Beast's move ended on ``end`` (not where it began): its effect on the Scouts there
    (``beast_phase.effect_frame``; ``in_phase``: a Chain Attack may follow), the Betrayers'
    Scouts there pushed (``solo.push_betrayers``)."""
    b = g * W
    if _scouts_on(e, g, end):
        # its Scouts in turn order from the First Player
        n = e.players
        first = e.S[b + AT_FIRST_PLAYER]
        queue = []
        for k in range(n):
            seat = (first + k) % n
            for _ in range(e.S[b + SCOUTS + end * SEATS + seat]):
                queue.append(seat)
        _push(e, g, K_BEAST_EFFECT, queue[0], beast, end, word_id(tuple(queue)), e.empty, in_phase)
    for k in range(e.S[b + BETRAYER_AT] - 1, -1, -1):
        if e.S[b + BETRAYER_AT + 1 + k] == end:
            _push(e, g, K_BETRAYER_PUSH, e.S[b + AT_FIRST_PLAYER], k, 0, 0, 0)


def _settle_beast_effect(e: TurrisBatch, g: int, top: int) -> int:
    """``beast_phase.settle_beast_effect`` of the BeastEffect at ``top``: 1 when settled, 0
    when the Scout's owner may Shield it."""
    b = g * W
    seat = e.S[top + 1]
    queue = WORDS[e.S[top + 4]]
    if not queue:
        devoured = WORDS[e.S[top + 5]]
        e.S[b + STACK] -= 1
        beast = e.S[top + 2]
        if e.chain_attack[beast] and e.S[top + 6] and devoured:
            # the Chain Attack: after a Devour in the Beast Phase the Harrow may go again
            _push(e, g, K_BEAST_TURN, beast, 1, 0, 0, 0)
        # the Devoured Scouts' owners advance on the Council track in turn order
        for k in range(len(devoured) - 1, -1, -1):
            _push(e, g, K_COUNCIL_STEP, devoured[k], 1, 0, 0, 0)
        for k in range(len(devoured) - 1, -1, -1):
            who = devoured[k]
            _trigger(e, g, who, T_DEVOURED, -1)
            for other in range(e.players):
                if other != who:
                    _trigger(e, g, other, T_OTHER_DEVOURED, -1)
        return 1
    if e.S[b + SCOUTS + e.S[top + 3] * SEATS + seat] <= 0:
        _next_scout(e, g, top, e.S[top + 5])
        return 1
    if e.S[b + RESOURCES + seat * N_TOKENS + ART] > 0:
        return 0  # the owner may Shield this Scout with an Artifact
    _beast_hits(e, g, top)
    return 1


def _next_scout(e: TurrisBatch, g: int, top: int, devoured: int) -> None:
    """``beast_phase.next_scout``: on to the next Scout of the queue (``devoured``: the
    owners Devoured so far, as an int of ``WORDS``)."""
    S = e.S
    rest = WORDS[S[top + 4]][1:]
    if rest:
        S[top + 1] = rest[0]
    S[top + 4] = word_id(rest)
    S[top + 5] = devoured


def _beast_hits(e: TurrisBatch, g: int, top: int) -> None:
    """``beast_phase.beast_hits``: Devour, the Delusion's move away, or the Despair's
    discard, on the Scout first in the queue."""
    S = e.S
    b = g * W
    seat = S[top + 1]
    beast = S[top + 2]
    node = S[top + 3]
    if e.devours[beast]:
        _next_scout(e, g, top, word_id((*WORDS[S[top + 5]], seat)))
        S[b + SCOUTS + node * SEATS + seat] -= 1
        S[b + GRAVEYARD + seat] += 1
    elif e.displaces[beast]:
        _next_scout(e, g, top, S[top + 5])
        _push(e, g, K_DISPLACE_CHOICE, S[b + AT_FIRST_PLAYER], node, seat, 0, 0)
    else:
        _next_scout(e, g, top, S[top + 5])
        _push(e, g, K_DESPAIR_CHOICE, seat, 0, 0, 0, 0)


def _is_scout_node(e: TurrisBatch, g: int, node: int) -> bool:
    """``board.is_scout_node``: a Location, or an Excavation spot holding a Site."""
    if e.is_location[node]:
        return True
    k = e.spot_of[node]
    return k >= 0 and e.S[g * W + SITE_AT + k] >= 0


def _beast_free(e: TurrisBatch, g: int, node: int) -> bool:
    """No Beast on ``node``."""
    at = g * W + BEAST_AT
    for k in range(N_BEASTS):
        if e.S[at + k] == node:
            return False
    return True


def _displace_destinations(e: TurrisBatch, g: int, node: int) -> int:
    """``beast_phase.displace_destinations`` as Choose actions to the start of ``e.L``: 1
    step away (no Crossroads, no other Beast), if none 1 step further; their count."""
    L = e.L
    opened = _open_bits(e, g)
    found = 0  # the nodes found, one bit a node
    one = 1
    for n in e.adjacent[node]:
        if opened >> n & 1 and _is_scout_node(e, g, n) and _beast_free(e, g, n):
            found |= one << n
    if not found:
        for n in e.adjacent[node]:
            if opened >> n & 1:
                for m in e.adjacent[n]:
                    if m != node and opened >> m & 1 and _is_scout_node(e, g, m):
                        if _beast_free(e, g, m):
                            found |= one << m
    count = 0
    for n in range(N_NODES):
        if found >> n & 1:
            L[count] = A_CHOOSE + n
            count += 1
    return count


def _move_scout(e: TurrisBatch, g: int, seat: int, frm: int, to: int) -> None:
    """``board.move_scout``: a Scout of ``seat`` moved (no PLACE)."""
    at = g * W + SCOUTS + seat
    e.S[at + frm * SEATS] -= 1
    e.S[at + to * SEATS] += 1


def _resources_to_h(e: TurrisBatch, g: int, seat: int) -> None:
    """The seat's resources copied to ``e.H`` (what ``_can_pay`` reads)."""
    at = g * W + RESOURCES + seat * N_TOKENS
    for t in range(N_TOKENS):
        e.H[t] = e.S[at + t]


def _letters(of: str) -> tuple[int, ...]:
    return tuple(LETTER[x] for x in of)


def _gain(e: TurrisBatch, g: int, seat: int, bundle: int, of: int) -> None:
    """``resources.gain`` of Bundle number ``bundle``: its tokens, its tokens of choice a
    decision (``of``: their letters, as an int of ``WORDS``)."""
    at = g * W + RESOURCES + seat * N_TOKENS
    row = bundle * BW
    for t in range(N_TOKENS):
        e.S[at + t] += e.B[row + t]
    if e.B[row + 5]:
        _push(e, g, K_GAIN_CHOICE, seat, e.B[row + 5], of, 0, 0)


def _scout_moves(e: TurrisBatch, g: int, origin: int, steps: int) -> int:
    """``board.scout_moves`` as Choose actions to the start of ``e.L`` (in increasing order):
    Locations and Sites (no Crossroads) up to ``steps`` steps away; their count."""
    _distances(e, g, origin)
    D = e.D
    L = e.L
    n = 0
    for node in range(N_NODES):
        d = D[node]
        if 0 < d <= steps and not e.is_crossroads[node] and _is_scout_node(e, g, node):
            L[n] = A_CHOOSE + node
            n += 1
    return n


def _movable_scouts(e: TurrisBatch, g: int, seat: int, steps: int) -> int:
    """``board.movable_scouts`` as Choose actions to the start of ``e.L``: the nodes of the
    seat's Scouts with somewhere to move; their count."""
    at = g * W + SCOUTS + seat
    L = e.L
    found = 0  # one bit a node
    one = 1
    for node in range(N_NODES):
        if e.S[at + node * SEATS] > 0 and _scout_moves(e, g, node, steps):
            found |= one << node
    n = 0
    for node in range(N_NODES):
        if found >> node & 1:
            L[n] = A_CHOOSE + node
            n += 1
    return n


def _ends_beast_move(e: TurrisBatch, g: int, node: int) -> bool:
    """``board.ends_beast_move``: a Scout there, or a Betrayer Scout."""
    if _scouts_on(e, g, node):
        return True
    b = g * W
    for k in range(e.S[b + BETRAYER_AT]):
        if e.S[b + BETRAYER_AT + 1 + k] == node:
            return True
    return False


def _change_excavation_sites(e: TurrisBatch, g: int) -> None:
    """``prestige.change_excavation_sites``: every Site removed and as many drawn, in order
    from A."""
    S = e.S
    b = g * W
    S[b + EXCAVATION_DUE] -= 1
    for k in e.used_spots:
        S[b + SITE_AT + k] = -1
        # draws.queue_draw: a SiteDraw, if the deck has a card for it
        q = b + CHANCE
        queued = 0
        for j in range(S[q]):
            if S[q + 1 + j * FW] == K_SITE_DRAW:
                queued += 1
        d = b + SITE_DECK
        if S[d] + S[d + 1 + 2 * N_SITES] + S[d + 2 + 2 * N_SITES] - queued > 0:
            _queue(e, g, K_SITE_DRAW, k)


def _queue(e: TurrisBatch, g: int, kind: int, field: int) -> None:
    """A chance event of ``kind`` (its one field ``field``) queued last."""
    q = g * W + CHANCE
    n = e.S[q]
    if n >= CHANCE_ROOM:
        raise ValueError(f"{n + 1} draws in a room of {CHANCE_ROOM}")
    r = q + 1 + n * FW
    e.S[r] = kind
    e.S[r + 1] = field
    e.S[q] = n + 1


def _room_built(e: TurrisBatch, g: int, seat: int, prestige: int) -> None:
    """``trionfi.room_built``: the Tower track, the Prestige, the Endgame checked."""
    e.S[g * W + AT_ROOMS + seat] += 1
    _trigger(e, g, seat, T_TOWER_ROOM, -1)
    _score(e, g, seat, prestige)


def _tactics_choices(e: TurrisBatch, g: int, top: int) -> int:
    """``tactics.tactics_choices`` of the PlayTacticsChoice at ``top`` as PlayTactics actions
    to the start of ``e.L``: the playable cards in hand, only among the last ``drawn`` when
    it is not 0; their count."""
    S = e.S
    b = g * W
    L = e.L
    seat = S[top + 1]
    drawn = S[top + 3]
    at = b + HANDS + seat * HAND_W
    size = S[at]
    held = 0
    one = 1
    first = size - drawn if drawn > 0 else 0
    for k in range(first if first > 0 else 0, size):
        held |= one << S[at + 1 + k]
    n = 0
    for c in range(N_TACTICS):
        if held >> c & 1 and _can_resolve(e, g, seat, e.src_tactics[c], -1) > 0:
            L[n] = A_PLAY_TACTICS + c
            n += 1
    return n


def _settle_council_step(e: TurrisBatch, g: int, top: int) -> int:
    """``council.settle_council_step`` of the CouncilStep at ``top``: 1 when settled, 0 when
    the seat chooses the spot."""
    b = g * W
    seat = e.S[top + 1]
    steps = e.S[top + 2]
    if steps <= 0:
        e.S[b + STACK] -= 1
        return 1
    spots = e.council_next[e.S[b + COUNCIL + seat]]
    if len(spots) > 1:
        return 0
    if not spots:
        # past the last level: back to the start, no reward (Council Track)
        e.S[b + COUNCIL + seat] = 0
        e.S[top + 2] = steps - 1
        _trigger(e, g, seat, T_COUNCIL, -1)
        return 1
    _council_to(e, g, top, spots[0])
    return 1


def _council_to(e: TurrisBatch, g: int, top: int, spot: int) -> None:
    """``council.council_to`` (its trigger set off nothing): the token on ``spot``, the token's
    return offered on the last level, the spot's reward (optional)."""
    seat = e.S[top + 1]
    e.S[top + 2] -= 1
    e.S[g * W + COUNCIL + seat] = spot
    if e.council_last[spot]:
        _push(e, g, K_COUNCIL_RETURN, seat, 0, 0, 0, 0)
    _push(e, g, K_REWARDS, seat, word_id((e.src_council[spot],)), 1, 0, 0)
    _trigger(e, g, seat, T_COUNCIL, -1)


def _settle_move_beast(e: TurrisBatch, g: int, top: int) -> int:
    """``beast_moves.settle_move_beast_choice`` of the MoveBeastChoice at ``top``: 1 when
    settled, 0 when its seat decides."""
    S = e.S
    b = g * W
    beast = S[top + 5]
    if beast == -1:
        if _can_move_a_beast(e, g, S[top + 2], S[top + 4]):
            return 0
        S[b + STACK] -= 1
        return 1
    if _beast_steps(e, g, top):
        return 0
    # beast_moves.beast_moved: the flip, the spot left, the effect where it ends
    start = S[top + 6]
    end = S[b + BEAST_AT + beast]
    S[b + STACK] -= 1
    if S[top + 3]:
        S[b + AT_FLIPPED + beast] = 1
    if end != start:
        _vacate(e, g, start)
        # the effect at the end of the move, before the flip (FAQ 2); no Chain Attack
        _beast_arrives(e, g, beast, end, 0)
    return 1


def _vacate(e: TurrisBatch, g: int, node: int) -> None:
    """``board.vacate``: a Beast gone from an Excavation spot with no Site closes it for
    good."""
    k = e.spot_of[node]
    if k >= 0 and e.is_spot[node]:
        b = g * W
        if e.S[b + SITE_AT + k] < 0:
            e.S[b + AT_SPOT_OPEN + k] = 0


def _beast_steps(e: TurrisBatch, g: int, top: int) -> int:
    """``beast_moves.beast_steps`` as Choose actions to the start of ``e.L``: the next steps
    that keep the whole move possible (none once it is made); their count."""
    b = g * W
    steps = e.S[top + 2]
    if steps <= 0:
        return 0
    beast = e.S[top + 5]
    start = e.S[top + 6]
    here = e.S[b + BEAST_AT + beast]
    if here != start:
        ends = _scouts_on(e, g, here) > 0
        for k in range(e.S[b + BETRAYER_AT]):
            if e.S[b + BETRAYER_AT + 1 + k] == here:
                ends = True
        if ends:
            alone = True
            for k in range(N_BEASTS):
                if k != beast and e.S[b + BEAST_AT + k] == here:
                    alone = False
            if alone:
                return 0  # a Scout ends the move early (Easily Missed Rules)
    opened = _open_bits(e, g)
    one = 1
    betrayers = 0
    for j in range(e.S[b + BETRAYER_AT]):
        betrayers |= one << e.S[b + BETRAYER_AT + 1 + j]
    others = 0
    for j in range(N_BEASTS):
        there = e.S[b + BEAST_AT + j]
        if j != beast and there >= 0:
            others |= one << there
    n = 0
    for node in e.adjacent[here]:
        if node != start and opened >> node & 1:
            if _reach(e, g, betrayers, opened, others, node, steps - 1, start):
                e.L[n] = A_CHOOSE + node
                n += 1
    return n


def _movable_beasts(e: TurrisBatch, g: int, steps: int, crossroads: int) -> int:
    """``beast_moves.movable_beasts`` as ChooseBeast actions to the start of ``e.L``."""
    S = e.S
    b = g * W
    L = e.L
    opened = _open_bits(e, g)
    one = 1
    betrayers = 0
    for j in range(S[b + BETRAYER_AT]):
        betrayers |= one << S[b + BETRAYER_AT + 1 + j]
    n = 0
    for k in range(N_BEASTS):
        at = S[b + BEAST_AT + k]
        if at < 0 or (not crossroads and e.is_crossroads[at]):
            continue
        if S[b + AT_FLIPPED + k] or steps == 0:
            L[n] = A_CHOOSE_BEAST + k
            n += 1
            continue
        others = 0
        for j in range(N_BEASTS):
            there = S[b + BEAST_AT + j]
            if j != k and there >= 0:
                others |= one << there
        if _reach(e, g, betrayers, opened, others, at, steps, at):
            L[n] = A_CHOOSE_BEAST + k
            n += 1
    return n


# ---- the rules over the arrays ---------------------------------------------------------------
def _bundle(e: TurrisBatch, bundle: Any) -> int:
    """The number of ``bundle`` in the engine's table of Bundles (``e.B``, ``BW`` ints each:
    its counts I, K, R, W, A, its tokens of choice, how many letters they may be, their
    indices in the order of ``of``), added the first time."""
    found = e.bundles.get(bundle)
    if found is None:
        found = e.bundles[bundle] = len(e.bundles)
        row = [*bundle.counts, bundle.any, len(bundle.of_index), *bundle.of_index]
        e.rows.extend(row + [0] * (BW - len(row)))
    return int(found)


def _pay_frame(bundle: Any) -> tuple[int, int, int]:
    """The fields of the PayChoice ``resources.pay`` pushes for ``bundle`` (no waive): its
    fixed letters, its tokens of choice, their letters (the strings as ints of ``WORDS``)."""
    fixed = "".join(x * n for x, n in zip("IKRW", bundle.counts[:4], strict=True))
    return word_id(fixed + "A" * bundle.A), bundle.any, word_id(bundle.of)


def _tables(e: TurrisBatch, game: Any) -> None:
    """The game's tables the arrays' rules read (``TurrisGame``'s, as tuples of ints)."""
    c = game.c
    e.places = tuple(game.scout_places)
    e.spot_of = array("q", game.spot_of)
    e.site_limit = array("q", game.site_limit)
    e.site_immediate = array("q", [1 if x else 0 for x in game.site_immediate])
    e.node_limit = array("q", game.node_limit)
    e.node_immediate = array("q", [1 if x else 0 for x in game.node_immediate])
    e.src_site = array("q", game.src_site)
    e.src_upgrade = array("q", game.src_upgrade)
    e.src_location = array("q", game.src_location)
    e.src_tactics = tuple(game.src_tactics)
    e.always = array("q", [1 if x else 0 for x in game.always_resolvable])
    e.rewarding = tuple(1 if effects else 0 for _, effects in game.sources)
    e.bundles = {}
    e.rows = []
    checks = []
    for effects in game.checked_effects:
        found = []
        for effect in effects:
            found.append(
                (
                    CHECK_CODES.get(effect.kind, C_OTHER),
                    effect.n,
                    _bundle(e, effect.bundle),
                    effect.steps,
                    1 if effect.crossroads else 0,
                    1 if effect.at == "now" else 0,
                    tuple(LETTER[x] for x in effect.of),
                )
            )
        checks.append(tuple(found))
    e.checks = tuple(checks)
    e.faction_actions = tuple(game.faction_actions)
    e.adjacent = tuple(game.adjacent)
    e.adj = array("q", [sum(1 << n for n in around) for around in game.adjacent])
    e.is_location = array("q", [1 if x else 0 for x in game.is_location])
    e.is_crossroads = array("q", [1 if i in game.crossroads else 0 for i in range(N_NODES)])
    e.tower_need = tuple(game.tower_need)
    e.mission_costs = array("q", [_bundle(e, cost) for cost in game.mission_costs])
    e.reserved_costs = tuple(tuple(_bundle(e, c) for c in costs) for costs in game.reserved_costs)
    e.hand_limit = int(c["tactics_hand_limit"])
    e.mission_tableau = int(c["mission_tableau"])
    e.actions_per_turn = int(c["actions_per_turn"])
    e.effects = _effect_rows(e, game)
    e.src_council = tuple(game.src_council)
    e.thresholds = tuple(int(t) for t in c["excavation_thresholds"])
    e.prestige_end = int(c["prestige_end"])
    e.tower_rooms = int(c["tower_rooms"])
    e.council_next = tuple(tuple(spots) for spots in game.council_next_spots)
    e.council_last = tuple(
        1 if spot.level == game.council_levels else 0 for spot in game.data.council
    )
    e.is_spot = tuple(1 if k >= 0 else 0 for k in game.spot_of)
    e.abyss = int(game.abyss)
    e.altar_beast = tuple(game.altar_beast)
    e.altar_speed = tuple(game.altar_speed)
    e.node_of_number = tuple(game.node_of_number.get(k, -1) for k in range(13))
    e.devours = tuple(1 if beast.effect == "devour" else 0 for beast in game.data.beasts)
    e.displaces = tuple(1 if beast.effect == "displace" else 0 for beast in game.data.beasts)
    e.chain_attack = tuple(1 if beast.chain_attack else 0 for beast in game.data.beasts)
    e.removal = tuple(game.removal)
    e.mission_ongoing = tuple(1 if m.ongoing else 0 for m in game.data.missions)
    e.mission_prestige = tuple(int(m.prestige) for m in game.data.missions)
    e.mission_pays = tuple(_pay_frame(m.cost) for m in game.data.missions)
    e.src_mission = tuple(game.src_mission)
    e.ongoing_slots = int(c["ongoing_mission_slots"])
    e.used_spots = tuple(game.used_spots)
    e.src_trionfi = tuple(game.src_trionfi)
    e.trionfi_node = tuple(game.data.index[t.location] for t in game.data.trionfi)
    e.factions_offered = tuple(game.factions_offered)
    e.src_side = tuple(game.src_side)
    e.spot_nodes = tuple(game.spots)
    e.land = sum(1 << n for n in range(N_NODES) if game.spot_of[n] < 0)
    e.B = array("q", e.rows)
    e.altar_spaces = len(game.data.altar)
    e.solo = 1 if game.solo else 0
    e.scouts_per_player = int(c["scouts_per_player"])
    e.collect_cost = int(c["collect_cost_per_scout"])
    e.gather_ichor = int(c["gather_ichor"])
    e.gather_bonus = int(game.gather_bonus)
    e.revive_costs = tuple(int(b.I) for b in game.revive_bundles)
    e.revive_pays = tuple(_pay_frame(b) for b in game.revive_bundles)
    e.of_default = word_id(game.revive_bundles[0].of)
    e.empty = word_id(())
    e.ichor_words = tuple(word_id("I" * k) for k in range(4 * SEATS * e.collect_cost + 1))
    _trigger_owners(e, game)
    e.node_ids = tuple(game.node_ids)
    e.node_where = tuple(game.node_where)
    e.spots = tuple(game.spots)
    e.ongoing_of_side = tuple(game.ongoing_of_side)
    e.ongoing_of_mission = tuple(game.ongoing_of_mission)
    e.ongoing_of_trionfi = tuple(game.ongoing_of_trionfi)
    e.ongoing_of_site = tuple(game.ongoing_of_site)
    _solo_tables(e, game)
    _path_tables(e, game)


def _effect_rows(e: TurrisBatch, game: Any) -> tuple:
    """Each effect source's effects as tuples of ints (their bundles in ``e.rows``)."""
    return tuple(
        tuple(
            (
                EFFECT_KINDS.index(effect.kind),
                effect.n,
                _bundle(e, effect.bundle),
                effect.steps,
                1 if effect.flip else 0,
                1 if effect.crossroads else 0,
                1 if effect.at == "now" else 0,
                word_id(effect.of),
                1 if effect.play else 0,
                _pay_frame(effect.bundle),
                word_id(effect.bundle.of),
                _bundle(e, effect.give),
                _pay_frame(effect.give),
            )
            for effect in effects
        )
        for _, effects in game.sources
    )


def _trigger_owners(e: TurrisBatch, game: Any) -> None:
    """``e.owners``: each trigger's owners of an ongoing effect, one bit each: the faction
    sides (2 a faction), the Missions, the Trionfi cards, the Excavation Sites
    (``effects.is_set_off``)."""
    e.owners = array("q", bytes(8 * 4 * len(TRIGGERS)))
    for code, on in enumerate(TRIGGERS):
        owned = game.triggered_by.get(on)
        if owned is None:
            continue
        sides, missions, trionfi, sites = owned
        for f, side in sides:
            e.owners[4 * code] |= 1 << (2 * f + side)
        for m in missions:
            e.owners[4 * code + 1] |= 1 << m
        for t in trionfi:
            e.owners[4 * code + 2] |= 1 << t
        for site in sites:
            e.owners[4 * code + 3] |= 1 << site


def _top(e: TurrisBatch, g: int) -> int:
    """The offset of game g's top frame record (its kind first)."""
    b = g * W
    return b + STACK + 1 + (e.S[b + STACK] - 1) * FW


def _fast_legal(e: TurrisBatch, g: int) -> int:
    """Game g's legal actions written to ``e.L`` when the arrays list them (their count),
    else -1."""
    b = g * W
    if e.S[b + STALE] or e.S[b + GAME_OVER]:
        return -1
    top = _top(e, g)
    kind = e.S[top]
    if kind == K_TURN:
        return _legal_turn(e, g, e.S[top + 1])
    if kind == K_COLLECT_PICK:
        return _legal_collect_pick(e, g, top)
    if kind == K_REWARDS:
        return _legal_rewards(e, g, top)
    if kind == K_COUNCIL_RETURN:
        e.L[0] = A_ACCEPT
        e.L[1] = A_PASS
        return 2
    if kind == K_COUNCIL_STEP:
        spots = e.council_next[e.S[b + COUNCIL + e.S[top + 1]]]
        for i in range(len(spots)):
            e.L[i] = A_COUNCIL_SPOT + spots[i]
        return _sort(e, len(spots))
    if kind == K_MOVE_BEAST_CHOICE:
        if e.S[top + 5] == -1:
            return _movable_beasts(e, g, e.S[top + 2], e.S[top + 4])
        return _sort(e, _beast_steps(e, g, top))
    if kind == K_TARGET_CHOICE:
        options = WORDS[e.S[top + 3]]
        for i in range(len(options)):
            e.L[i] = A_CHOOSE + options[i]
        return len(options)
    if kind == K_BEAST_PATH:
        path = WORDS[e.S[top + 4]]
        _distances(e, g, e.S[top + 3])
        return _ways_on(e, path[len(path) - 1] if path else e.S[b + BEAST_AT + e.S[top + 2]])
    if kind == K_BEAST_EFFECT:
        e.L[0] = A_ACCEPT
        e.L[1] = A_PASS
        return 2
    if kind == K_DISPLACE_CHOICE:
        return _displace_destinations(e, g, e.S[top + 2])
    if kind == K_DESPAIR_CHOICE:
        n = 0
        for t in range(1, 4):
            if e.S[b + RESOURCES + e.S[top + 1] * N_TOKENS + t] > 0:
                e.L[n] = A_TOKEN + t
                n += 1
        return n
    if kind == K_MOVE_SCOUT_CHOICE:
        if e.S[top + 4] == -1:
            n = _movable_scouts(e, g, e.S[top + 1], e.S[top + 3])
            e.L[n] = A_PASS
            return n + 1
        return _scout_moves(e, g, e.S[top + 4], e.S[top + 3])
    if kind == K_RESERVE_CHOICE or kind == K_MISSION_STEP:
        n = 0
        if kind == K_RESERVE_CHOICE:
            at = b + MISSIONS
            for k in range(e.S[at]):
                e.L[n] = A_CHOOSE_MISSION + e.S[at + 1 + k]
                n += 1
        else:
            n = _completable(e, g, e.S[top + 1])
        _sort(e, n)
        e.L[n] = A_PASS
        return n + 1
    return _legal_more(e, g, top, kind)


def _legal_more(e: TurrisBatch, g: int, top: int, kind: int) -> int:
    """:func:`_fast_legal` of the other kinds of decision."""
    b = g * W
    if kind == K_REVIVE_CHOICE:
        e.L[0] = A_ACCEPT
        if e.S[top + 5] > 0:
            e.L[1] = A_PASS
            return 2
        return 1
    if kind == K_TRADE_OFFER:
        e.L[0] = A_ACCEPT
        e.L[1] = A_PASS
        return 2
    if kind == K_FRUIT_CHOICE:
        n = 0
        for node in range(N_NODES):
            if _is_scout_node(e, g, node):
                e.L[n] = A_CHOOSE + node
                n += 1
        return n
    if kind == K_STEAL_CHOICE:
        n = 0
        seat = e.S[top + 1]
        for x in WORDS[e.S[top + 3]]:
            t = LETTER[x]
            if e.solo:
                # from the Betrayers, who always count as having 1 of each: the supply
                e.L[n] = A_STEAL + A_STEAL_STRIDE * t + 1
                n += 1
                continue
            for victim in range(e.players):
                if victim != seat and e.S[b + RESOURCES + victim * N_TOKENS + t] > 0:
                    e.L[n] = A_STEAL + A_STEAL_STRIDE * t + victim
                    n += 1
        _sort(e, n)
        return n
    if kind == K_PLACE_FREE:
        n = _place_nodes(e, g, e.S[top + 1])
        if n < 0:
            return -1
        e.L[n] = A_PASS
        return n + 1
    if kind == K_ONGOING_CHOICE:
        used = e.S[b + ONGOING + e.S[top + 1] * ONGOING_W]
        n = 0
        if used < e.ongoing_slots:
            e.L[0] = A_ONGOING_SLOT + used
            n = 1
        else:
            for k in range(e.ongoing_slots):
                e.L[n] = A_ONGOING_SLOT + k
                n += 1
        e.L[n] = A_PASS
        return n + 1
    if kind == K_DISCARD_DOWN:
        at = b + HANDS + e.S[top + 1] * HAND_W
        n = 0
        for k in range(e.S[at]):
            e.L[n] = A_DISCARD + e.S[at + 1 + k]
            n += 1
        return _sort(e, n)
    if kind == K_TRIONFI_CHOICE:
        n = 0
        for k in range(N_TABLEAU):
            t = e.S[b + TRIONFI_TABLEAU + k]
            if t >= 0 and not (e.solo and e.S[b + AT_DAMAGED + k]):
                e.L[n] = A_TAKE_TRIONFI + t
                n += 1
        n = _sort(e, n)
        if e.S[top + 3]:
            e.L[n] = A_PASS
            n += 1
        return n
    if kind == K_PLAY_TACTICS_CHOICE:
        n = _tactics_choices(e, g, top)
        e.L[n] = A_PASS
        return n + 1
    if kind == K_FACTION_CHOICE:
        n = 0
        for f in e.factions_offered:
            taken = False
            for p in range(e.players):
                if e.S[b + FACTION + p] == f:
                    taken = True
            if not taken:
                e.L[n] = A_CHOOSE_FACTION + 2 * f
                e.L[n + 1] = A_CHOOSE_FACTION + 2 * f + 1
                n += 2
        return n
    if kind == K_PAY_CHOICE and e.S[top + 5]:
        n = _waive_tokens(e, g, top)
        for i in range(n):
            e.L[i] += A_TOKEN
        return n
    if kind == K_PAY_CHOICE and not e.S[top + 5]:
        n = _pay_tokens(e, g, top)
        for i in range(n):
            e.L[i] += A_TOKEN
        return n
    if kind == K_GAIN_CHOICE:
        # legality.legal_gain_choice: a token of each letter
        of = WORDS[e.S[top + 3]]
        n = 0
        for x in of:
            e.L[n] = A_TOKEN + LETTER[x]
            n += 1
        return _sort(e, n)
    return _legal_solo(e, g, top, kind)


def _sort(e: TurrisBatch, n: int) -> int:
    """The first ``n`` actions of ``e.L`` sorted, repeats dropped (``legality.in_order``);
    how many are left."""
    for i in range(1, n):
        x = e.L[i]
        j = i - 1
        while j >= 0 and e.L[j] > x:
            e.L[j + 1] = e.L[j]
            j -= 1
        e.L[j + 1] = x
    kept = 0
    for i in range(n):
        if kept == 0 or e.L[i] != e.L[kept - 1]:
            e.L[kept] = e.L[i]
            kept += 1
    return kept


def _completable(e: TurrisBatch, g: int, seat: int) -> int:
    """``missions.completable`` as ChooseMission actions to the start of ``e.L`` (unsorted):
    the Missions of the tableau the seat can pay for, and its reserved ones at 1 resource
    less; their count."""
    b = g * W
    n = 0
    at = b + MISSIONS
    _resources_to_h(e, g, seat)  # _can_pay only reads them
    for k in range(e.S[at]):
        m = e.S[at + 1 + k]
        if _can_pay(e, e.mission_costs[m]):
            e.L[n] = A_CHOOSE_MISSION + m
            n += 1
    at = b + AT_RESERVED + seat * RESERVED_W
    for k in range(e.S[at]):
        m = e.S[at + 1 + k]
        for cost in e.reserved_costs[m]:
            if _can_pay(e, cost):
                e.L[n] = A_CHOOSE_MISSION + m
                n += 1
                break
    return n


def _legal_turn(e: TurrisBatch, g: int, seat: int) -> int:
    """``legality.legal_turn`` in the arrays (in increasing order, as ``legal_actions``
    sorts them): their count, or -1 when a check is not theirs."""
    b = g * W
    n = 0
    if e.S[b + ACTIONS_LEFT] > 0:
        collected = e.S[b + COLLECTED]
        if not collected:
            n = _place_nodes(e, g, seat)
            if n < 0:
                return -1
        if not collected and not e.S[b + PLACED_ACTION] and _on_board(e, g, seat):
            if _can_pay_ichor(e, g, seat, 1):
                e.L[n] = A_COLLECT
                n += 1
        e.L[n] = A_GATHER_ICHOR
        n += 1
        grave = e.S[b + GRAVEYARD + seat]
        if grave:
            cost = e.revive_costs[1 if grave == e.scouts_per_player else 0]
            if _can_pay_ichor(e, g, seat, cost):
                e.L[n] = A_FORCE_REVIVE
                n += 1
        src = _faction_action(e, g, seat)
        if src == -2:
            return -1
        if src >= 0:
            e.L[n] = A_FACTION_ACTION
            n += 1
    if e.S[b + ACTION_TOKENS + seat]:
        e.L[n] = A_USE_ACTION_TOKEN
        n += 1
    if not e.S[b + TACTICS_PLAYED]:
        at = b + HANDS + seat * HAND_W
        size = e.S[at]
        c = -1
        for _j in range(size):
            # the cards in hand in increasing order, each once (a hand holds a few)
            nxt = N_TACTICS
            for k in range(size):
                card = e.S[at + 1 + k]
                if c < card < nxt:
                    nxt = card
            if nxt == N_TACTICS:
                break
            c = nxt
            ok = _can_resolve(e, g, seat, e.src_tactics[c], -1)
            if ok < 0:
                return -1
            if ok:
                e.L[n] = A_PLAY_TACTICS + c
                n += 1
    if e.S[b + ACTIONS_LEFT] <= 0:
        e.L[n] = A_PASS
        n += 1
    return n


def _place_nodes(e: TurrisBatch, g: int, seat: int) -> int:
    """``action_step.place_nodes`` as PLACE actions from the start of ``e.L``: their count,
    or -1 when a check is not the arrays'."""
    b = g * W
    if e.S[b + RESERVE + seat] <= 0:
        return 0
    taken = 0  # the nodes of the Beasts and the Betrayers' Scouts, one bit a node
    one = 1  # a 64-bit one in the twin
    for k in range(N_BEASTS):
        at = e.S[b + BEAST_AT + k]
        if at >= 0:
            taken |= one << at
    for k in range(e.S[b + BETRAYER_AT]):
        taken |= one << e.S[b + BETRAYER_AT + 1 + k]
    n = 0
    for node in e.places:
        if taken >> node & 1:
            continue
        k = e.spot_of[node]
        if k >= 0:
            site = e.S[b + SITE_AT + k]
            if site < 0:
                continue
            limit = e.site_limit[site]
            immediate = e.site_immediate[site]
        else:
            site = -1
            limit = e.node_limit[node]
            immediate = e.node_immediate[node]
        if limit == 1 and _scouts_on(e, g, node):
            continue
        if immediate:
            src = _reward_source(e, g, node)
            if not e.always[src]:
                ok = _can_resolve(e, g, seat, src, node)
                if ok < 0:
                    return -1
                if not ok:
                    continue
        e.L[n] = A_PLACE + node
        n += 1
    return n


def _scouts_on(e: TurrisBatch, g: int, node: int) -> int:
    """How many Scouts stand on ``node``, every seat's."""
    at = g * W + SCOUTS + node * SEATS
    total = 0
    for p in range(e.players):  # the seats beyond the players' hold none
        total += e.S[at + p]
    return total


def _on_board(e: TurrisBatch, g: int, seat: int) -> bool:
    """Whether a Scout of ``seat`` stands on the Main Board."""
    at = g * W + SCOUTS + seat
    for node in range(N_NODES):
        if e.S[at + node * SEATS] > 0:
            return True
    return False


def _reward_source(e: TurrisBatch, g: int, node: int) -> int:
    """``board.reward_source``: the Site's, else the Upgrade's once built, else the
    Location's."""
    b = g * W
    k = e.spot_of[node]
    if k >= 0:
        site = e.S[b + SITE_AT + k]
        if site >= 0:
            return int(e.src_site[site])
    if e.S[b + UPGRADED + node] and e.src_upgrade[node] >= 0:
        return int(e.src_upgrade[node])
    return int(e.src_location[node])


def _is_immediate(e: TurrisBatch, g: int, node: int) -> bool:
    k = e.spot_of[node]
    if k >= 0:
        site = e.S[g * W + SITE_AT + k]
        if site >= 0:
            return e.site_immediate[site] != 0
    return e.node_immediate[node] != 0


def _gives_reward(e: TurrisBatch, g: int, node: int) -> bool:
    """``board.gives_reward``: no Beast and no Betrayer Scout on ``node``."""
    S = e.S
    b = g * W
    for k in range(N_BEASTS):
        if S[b + BEAST_AT + k] == node:
            return False
    for k in range(S[b + BETRAYER_AT]):
        if S[b + BETRAYER_AT + 1 + k] == node:
            return False
    return True


def _can_pay_ichor(e: TurrisBatch, g: int, seat: int, cost: int) -> bool:
    """``resources.can_pay`` of ``cost`` Ichor: Artifacts for what is missing."""
    at = g * W + RESOURCES + seat * N_TOKENS
    missing = cost - e.S[at + I_]
    return missing <= 0 or missing <= e.S[at + ART]


def _faction_action(e: TurrisBatch, g: int, seat: int) -> int:
    """``action_step.faction_action``: the source of the seat's faction action, -1 for none,
    -2 when a check is not the arrays'."""
    b = g * W
    f = e.S[b + FACTION + seat]
    if f < 0:
        return -1
    for src in e.faction_actions[f][e.S[b + SIDE + seat]]:
        ok = _can_resolve(e, g, seat, src, -1)
        if ok < 0:
            return -2
        if ok:
            return int(src)
    return -1


def _can_resolve(e: TurrisBatch, g: int, seat: int, src: int, placing: int) -> int:
    """``legality.can_resolve_source`` in the arrays: 1 or 0, -1 when one of its checks is not
    theirs (``CHECK_CODES``)."""
    if e.always[src]:
        return 1
    b = g * W
    res = b + RESOURCES + seat * N_TOKENS
    for t in range(N_TOKENS):
        e.H[t] = e.S[res + t]
    in_reserve = e.S[b + RESERVE + seat] - (1 if placing >= 0 else 0)
    in_grave = e.S[b + GRAVEYARD + seat]
    for check in e.checks[src]:
        code = check[0]
        if code == C_GAIN:
            counts = check[2][4]
            for t in range(N_TOKENS):
                e.H[t] += counts[t]
        elif code == C_PAY:
            if not _can_pay(e, check[2]):
                return 0
            _spend(e, check[2])
        elif code == C_SACRIFICE:
            if in_reserve < check[1]:
                return 0
            in_reserve -= check[1]
            in_grave += check[1]
        elif code == C_REVIVE:
            if in_grave <= 0 or not _can_pay(e, check[2]):
                return 0
        elif code == C_RESERVE:
            if not e.S[b + MISSIONS]:
                return 0
        elif code == C_PLACE:
            if in_reserve <= 0:
                return 0
        elif code == C_FIRST_PLAYER:
            if e.S[b + FUTURE_FIRST] == seat and not e.solo:
                return 0
        elif code == C_COUNCIL_REWARD:
            if e.S[b + COUNCIL + seat] == 0:
                return 0
        elif code == C_STEAL:
            if not _can_steal(e, g, seat, check[6]):
                return 0
        elif code == C_MOVE_SCOUT:
            # at least one of the seat's Scouts on the Main Board has somewhere to go
            if not _can_move_a_scout(e, g, seat, check[3], placing):
                return 0
        elif code == C_TOWER_ROOM:
            if check[5] and not _may_build(e, g, seat):
                return 0
            if e.solo and not _has_solo_room(e, g):
                return 0  # no undamaged Tower Room (Player Turn Phase (Solo))
        elif code == C_MOVE_BEAST:
            if not _can_move_a_beast(e, g, check[3], check[4]):
                return 0
    return 1


def _can_steal(e: TurrisBatch, g: int, seat: int, of: tuple[int, ...]) -> bool:
    """``resources.steal_options`` is not empty: a victim holds one of the tokens ``of``
    (solo: the Betrayers always count as holding one of each)."""
    if e.solo:
        return len(of) > 0
    S = e.S
    at = g * W + RESOURCES
    for victim in range(e.players):
        if victim != seat:
            for t in of:
                if S[at + victim * N_TOKENS + t] > 0:
                    return True
    return False


def _open_bits(e: TurrisBatch, g: int) -> int:
    """The nodes that exist now (``board.open_nodes``), one bit a node."""
    b = g * W
    bits = e.land  # every node but the Excavation spots
    one = 1
    for k in range(N_SPOTS):
        if e.S[b + SITE_AT + k] >= 0 or e.S[b + AT_SPOT_OPEN + k]:
            node = e.spot_nodes[k]
            bits |= one << node
    return bits


def _can_move_a_scout(e: TurrisBatch, g: int, seat: int, steps: int, placing: int) -> bool:
    """``board.scout_moves`` is not empty from one of the seat's Scouts (or ``placing``): a
    Location or Site (no Crossroads) up to ``steps`` steps away over the nodes that exist."""
    b = g * W
    opened = _open_bits(e, g)
    one = 1
    for node in range(N_NODES):
        if node == placing or e.S[b + SCOUTS + node * SEATS + seat] > 0:
            reached = one << node
            frontier = reached
            for _ in range(steps):
                nxt = 0
                for here in range(N_NODES):
                    if frontier >> here & 1:
                        for there in e.adjacent[here]:
                            nxt |= one << there
                nxt &= opened & ~reached
                if not nxt:
                    break
                for there in range(N_NODES):
                    if nxt >> there & 1 and not e.is_crossroads[there]:
                        k = e.spot_of[there]
                        if e.is_location[there] or (k >= 0 and e.S[b + SITE_AT + k] >= 0):
                            return True
                reached |= nxt
                frontier = nxt
    return False


def _has_solo_room(e: TurrisBatch, g: int) -> bool:
    """``solo.solo_rooms`` is not empty: a Trionfi card on a Tower Room with no Damaged
    token."""
    S = e.S
    b = g * W
    for k in range(N_TABLEAU):
        if S[b + TRIONFI_TABLEAU + k] >= 0 and not S[b + AT_DAMAGED + k]:
            return True
    return False


def _may_build(e: TurrisBatch, g: int, seat: int) -> bool:
    """``trionfi.may_build``: the Missions prerequisite of the seat's next Tower Room."""
    S = e.S
    b = g * W
    nxt = S[b + AT_ROOMS + seat] + 1
    if e.solo and not _has_solo_room(e, g):
        return False
    return nxt < len(e.tower_need) and S[b + COMPLETED + seat * COMPLETED_W] >= e.tower_need[nxt]


def _can_move_a_beast(e: TurrisBatch, g: int, steps: int, crossroads: int) -> bool:
    """``beast_moves.movable_beasts`` is not empty: a flipped Beast, any for a flip, else one
    with a full move open to it."""
    b = g * W
    opened = -1
    betrayers = 0
    one = 1
    for k in range(N_BEASTS):
        at = e.S[b + BEAST_AT + k]
        if at < 0 or (not crossroads and e.is_crossroads[at]):
            continue
        if e.S[b + AT_FLIPPED + k] or steps == 0:
            return True
        if opened < 0:
            opened = _open_bits(e, g)
            for j in range(e.S[b + BETRAYER_AT]):
                betrayers |= one << e.S[b + BETRAYER_AT + 1 + j]
        others = 0
        for j in range(N_BEASTS):
            there = e.S[b + BEAST_AT + j]
            if j != k and there >= 0:
                others |= one << there
        if _reach(e, g, betrayers, opened, others, at, steps, at):
            return True
    return False


def _reach(
    e: TurrisBatch,
    g: int,
    betrayers: int,
    opened: int,
    others: int,
    here: int,
    steps: int,
    start: int,
) -> bool:
    """``beast_moves.reach``: whether a Beast at ``here`` with ``steps`` to go on a move begun
    at ``start`` can finish it (all its steps, or fewer on reaching a Scout), never ending
    with another Beast nor back at ``start``."""
    one = 1
    bit = one << here
    if here != start and not others & bit:
        if steps == 0 or betrayers & bit or _scouts_on(e, g, here):
            return True
    if steps == 0:
        return False
    for n in e.adjacent[here]:
        if n != start and opened >> n & 1:
            if _reach(e, g, betrayers, opened, others, n, steps - 1, start):
                return True
    return False


def _can_pay(e: TurrisBatch, bundle: int) -> bool:
    """``resources.can_pay`` of Bundle number ``bundle`` from the counts in ``e.H``:
    Artifacts for what is missing, the tokens of choice from what is left once the named
    ones are paid."""
    row = bundle * BW
    missing = e.B[row + 4]
    for t in range(4):
        need = e.B[row + t]
        if need > e.H[t]:
            missing += need - e.H[t]
    choice = e.B[row + 5]
    if choice:
        spare = 0
        for j in range(e.B[row + 6]):
            t = e.B[row + 7 + j]
            if e.H[t] > e.B[row + t]:
                spare += e.H[t] - e.B[row + t]
        if choice > spare:
            missing += choice - spare
    return missing <= e.H[ART]


def _spend(e: TurrisBatch, bundle: int) -> None:
    """``resources.spend`` of Bundle number ``bundle`` from ``e.H``: the named resources,
    Artifacts for what of them is missing, the tokens of choice from the most plentiful kinds
    first (the first of ``of`` among equals), then Artifacts."""
    row = bundle * BW
    artifacts = e.B[row + 4]
    for t in range(4):
        need = e.B[row + t]
        if need:
            if need > e.H[t]:
                artifacts += need - e.H[t]
                e.H[t] = 0
            else:
                e.H[t] -= need
    left = e.B[row + 5]
    kinds = e.B[row + 6]
    done = 0  # the kinds of ``of`` taken from so far, one bit each
    for _ in range(kinds):
        best = -1
        for j in range(kinds):
            if not done >> j & 1 and (best < 0 or e.H[e.B[row + 7 + j]] > e.H[e.B[row + 7 + best]]):
                best = j
        done |= 1 << best
        t = e.B[row + 7 + best]
        took = left if left < e.H[t] else e.H[t]
        e.H[t] -= took
        left -= took
    rest = e.H[ART] - artifacts - left
    e.H[ART] = rest if rest > 0 else 0


def _is_set_off(e: TurrisBatch, g: int, seat: int, code: int) -> bool:
    """``effects.is_set_off``: whether the seat holds an owner of an ongoing effect of the
    trigger ``code``, or a Site of them is out."""
    b = g * W
    t = 4 * code
    faction = e.S[b + FACTION + seat]
    if faction >= 0 and e.owners[t] >> (2 * faction + e.S[b + SIDE + seat]) & 1:
        return True
    at = b + ONGOING + seat * ONGOING_W
    for k in range(e.S[at]):
        if e.owners[t + 1] >> e.S[at + 1 + k] & 1:
            return True
    at = b + TRIONFI_OWNED + seat * TRIONFI_OWNED_W
    for k in range(e.S[at]):
        if e.owners[t + 2] >> e.S[at + 1 + k] & 1:
            return True
    for k in range(N_SPOTS):
        site = e.S[b + SITE_AT + k]
        if site >= 0 and e.owners[t + 3] >> site & 1:
            return True
    return False


def _trigger(e: TurrisBatch, g: int, seat: int, code: int, node: int) -> None:
    """``effects.trigger``: the seat's ongoing effects set off by the trigger ``code``
    (``node``: where, -1 for nowhere) pushed, each once a turn if it says so: its faction
    side's, its Missions' in Ongoing slots, its Trionfi cards', the Excavation Sites' holding
    its Scouts."""
    if not _is_set_off(e, g, seat, code):
        return
    on = TRIGGERS[code]
    b = g * W
    lists = []
    faction = e.S[b + FACTION + seat]
    if faction >= 0:
        lists.append(e.ongoing_of_side[faction][e.S[b + SIDE + seat]])
    at = b + ONGOING + seat * ONGOING_W
    for k in range(e.S[at]):
        lists.append(e.ongoing_of_mission[e.S[at + 1 + k]])
    at = b + TRIONFI_OWNED + seat * TRIONFI_OWNED_W
    for k in range(e.S[at]):
        lists.append(e.ongoing_of_trionfi[e.S[at + 1 + k]])
    for k in range(N_SPOTS):
        # a Beast or a Betrayer Scout there prevents a Site's effect, as on a Collect
        site = e.S[b + SITE_AT + k]
        spot = e.spots[k]
        if (
            site >= 0
            and e.ongoing_of_site[site]
            and e.S[b + SCOUTS + spot * SEATS + seat]
            and _gives_reward(e, g, spot)
        ):
            lists.append(e.ongoing_of_site[site])
    node_id = e.node_ids[node] if node >= 0 else ""
    where = e.node_where[node] if node >= 0 else ""
    for effects in lists:
        for trig, place, once, src in effects:
            if trig != on or (place and place != node_id and place != where):
                continue
            if once:
                tag = word_id(f"{seat}:{src}")
                used = False
                for i in range(e.S[b + ONCE_USED]):
                    if e.S[b + ONCE_USED + 1 + i] == tag:
                        used = True
                if used:
                    continue
                if e.S[b + ONCE_USED] >= ONCE_ROOM:
                    raise ValueError(f"{e.S[b + ONCE_USED] + 1} tags in a room of {ONCE_ROOM}")
                _list_append(e, b + ONCE_USED, tag)
            if _can_resolve(e, g, seat, src, -1) > 0:
                _push(e, g, K_RESOLVING, seat, src, 0, 0, 0)


def _legal_collect_pick(e: TurrisBatch, g: int, top: int) -> int:
    """``legality.legal_collect_pick`` in the arrays."""
    b = g * W
    seat = e.S[top + 1]
    chosen = WORDS[e.S[top + 2]]
    n = 0
    if _can_pay_ichor(e, g, seat, len(chosen) + 1):
        at = b + SCOUTS + seat
        for node in range(N_NODES):
            here = e.S[at + node * SEATS]
            if here > 0 and chosen.count(node) < here:
                e.L[n] = A_COLLECT_SCOUT + node
                n += 1
    if chosen:
        e.L[n] = A_PASS
        n += 1
    return n


def _legal_rewards(e: TurrisBatch, g: int, top: int) -> int:
    """``legality.legal_rewards`` in the arrays, or -1."""
    seat = e.S[top + 1]
    packets = WORDS[e.S[top + 2]]
    n = 0
    for k in range(len(packets)):
        ok = _can_resolve(e, g, seat, packets[k], -1)
        if ok < 0:
            return -1
        if ok:
            e.L[n] = A_RESOLVE + k
            n += 1
    if e.S[top + 3] or n == 0:
        e.L[n] = A_PASS
        n += 1
    return n


def _fast_apply(e: TurrisBatch, g: int, action: int) -> bool:
    """``action`` applied to game g in the arrays when they have the rule for it (the mirror
    dropped), else False (nothing done)."""
    b = g * W
    if e.S[b + STALE]:
        return False
    top = _top(e, g)
    kind = e.S[top]
    if kind == K_TURN:
        done = _apply_turn(e, g, top, action)
    elif kind == K_COLLECT_PICK:
        done = _apply_collect_pick(e, g, top, action)
    elif kind == K_REWARDS:
        done = _apply_rewards(e, g, top, action)
    elif kind == K_PAY_CHOICE:
        _pay_one(e, g, top, action - A_TOKEN)
        done = True
    elif kind == K_TRIONFI_CHOICE:
        if action == A_PASS:
            e.S[b + STACK] -= 1
            done = True
        else:
            _take_trionfi(e, g, top, action - A_TAKE_TRIONFI)
            done = True
    elif kind == K_PLAY_TACTICS_CHOICE:
        e.S[b + STACK] -= 1
        if action != A_PASS:
            seat = e.S[top + 1]
            drawn = e.S[top + 3]
            _push(
                e,
                g,
                K_PLAY_TACTICS_CHOICE,
                seat,
                e.S[top + 2] - 1,
                drawn - 1 if drawn > 0 else 0,
                0,
                0,
            )
            _play_tactics(e, g, seat, action - A_PLAY_TACTICS)
        done = True
    elif kind == K_FACTION_CHOICE:
        f = (action - A_CHOOSE_FACTION) // 2
        side = (action - A_CHOOSE_FACTION) % 2
        seat = e.S[top + 1]
        e.S[b + STACK] -= 1
        e.S[b + FACTION + seat] = f
        e.S[b + SIDE + seat] = side
        _push(e, g, K_RESOLVING, seat, e.src_side[f][side], 0, 0, 0)
        done = True
    elif kind == K_GAIN_CHOICE:
        e.S[b + RESOURCES + e.S[top + 1] * N_TOKENS + action - A_TOKEN] += 1
        e.S[top + 2] -= 1
        done = True
    elif kind == K_COUNCIL_STEP:
        _council_to(e, g, top, action - A_COUNCIL_SPOT)
        done = True
    elif kind == K_MOVE_BEAST_CHOICE:
        done = _apply_move_beast(e, g, top, action)
    elif kind == K_TARGET_CHOICE:
        e.S[b + STACK] -= 1
        _path_frame(e, g, e.S[top + 2], action - A_CHOOSE, e.S[top + 4])
        done = True
    elif kind == K_BEAST_PATH:
        e.S[top + 4] = word_id((*WORDS[e.S[top + 4]], action - A_CHOOSE))
        done = True
    elif kind == K_BEAST_EFFECT:
        if action == A_ACCEPT:
            # Shield: an Artifact ignores the effect on this Scout (Artifacts)
            e.S[b + RESOURCES + e.S[top + 1] * N_TOKENS + ART] -= 1
            _next_scout(e, g, top, e.S[top + 5])
        else:
            _beast_hits(e, g, top)
        done = True
    elif kind == K_DISPLACE_CHOICE:
        e.S[b + STACK] -= 1
        _move_scout(e, g, e.S[top + 3], e.S[top + 2], action - A_CHOOSE)
        done = True
    elif kind == K_DESPAIR_CHOICE:
        e.S[b + STACK] -= 1
        e.S[b + RESOURCES + e.S[top + 1] * N_TOKENS + action - A_TOKEN] -= 1
        done = True
    else:
        done = _apply_more(e, g, top, kind, action)
    if done:
        e.live[g] = None
    return done


def _apply_more(e: TurrisBatch, g: int, top: int, kind: int, action: int) -> bool:
    """:func:`_fast_apply` of the other kinds of decision (False: not in the arrays)."""
    b = g * W
    if kind == K_MOVE_SCOUT_CHOICE:
        if action == A_PASS:
            e.S[b + STACK] -= 1
        elif e.S[top + 4] == -1:
            e.S[top + 4] = action - A_CHOOSE
        else:
            _move_scout(e, g, e.S[top + 1], e.S[top + 4], action - A_CHOOSE)
            e.S[top + 2] -= 1
            e.S[top + 4] = -1
        done = True
    elif kind == K_RESERVE_CHOICE:
        if action == A_PASS:
            e.S[b + STACK] -= 1
        else:
            m = action - A_CHOOSE_MISSION
            e.S[top + 2] -= 1
            _list_remove(e, b + MISSIONS, m)
            _list_append(e, b + AT_RESERVED + e.S[top + 1] * RESERVED_W, m)
        done = True
    elif kind == K_REVIVE_CHOICE:
        if action == A_PASS:
            e.S[b + STACK] -= 1
        else:
            seat = e.S[top + 1]
            e.S[top + 5] += 1
            e.S[b + GRAVEYARD + seat] -= 1
            e.S[b + RESERVE + seat] += 1
            fixed, any_n, of = e.effects[e.S[top + 3]][e.S[top + 4]][9]
            _push(e, g, K_PAY_CHOICE, seat, fixed, any_n, of, 0)
        done = True
    elif kind == K_TRADE_OFFER:
        if action == A_PASS:
            e.S[b + STACK] -= 1
        else:
            seat = e.S[top + 1]
            e.S[top + 4] -= 1
            _push(e, g, K_TRADE_GAIN, seat, e.S[top + 2], e.S[top + 3], 0, 0)
            fixed, any_n, of = e.effects[e.S[top + 2]][e.S[top + 3]][12]
            _push(e, g, K_PAY_CHOICE, seat, fixed, any_n, of, 0)  # paid before the gain
        done = True
    elif kind == K_FRUIT_CHOICE:
        e.S[b + STACK] -= 1
        e.S[b + AT_FRUIT] = action - A_CHOOSE
        done = True
    elif kind == K_STEAL_CHOICE:
        t = (action - A_STEAL) // A_STEAL_STRIDE
        victim = (action - A_STEAL) % A_STEAL_STRIDE
        e.S[top + 2] -= 1
        if not e.solo:
            # solo: from the supply; the Betrayers stay at 1 of each (Solo Setup 7)
            e.S[b + RESOURCES + victim * N_TOKENS + t] -= 1
        e.S[b + RESOURCES + e.S[top + 1] * N_TOKENS + t] += 1
        done = True
    elif kind == K_PLACE_FREE:
        if action == A_PASS:
            e.S[b + STACK] -= 1
        else:
            e.S[top + 2] -= 1
            _place(e, g, e.S[top + 1], action - A_PLACE)
        done = True
    elif kind == K_MISSION_STEP:
        if action == A_PASS:
            e.S[b + STACK] -= 1
            done = True
        else:
            _complete_mission(e, g, e.S[top + 1], action - A_CHOOSE_MISSION)
            done = True
    elif kind == K_ONGOING_CHOICE:
        e.S[b + STACK] -= 1
        if action != A_PASS:
            slot = action - A_ONGOING_SLOT
            at = b + ONGOING + e.S[top + 1] * ONGOING_W
            if slot < e.S[at]:
                e.S[at + 1 + slot] = e.S[top + 2]
            else:
                _list_append(e, at, e.S[top + 2])
        done = True
    elif kind == K_DISCARD_DOWN:
        card = action - A_DISCARD
        _list_remove(e, b + HANDS + e.S[top + 1] * HAND_W, card)
        _list_append(e, b + TACTICS_DISCARD, card)
        done = True
    elif kind == K_COUNCIL_RETURN:
        # Council Track: the token goes back to the start now (Accept) or stays (Pass)
        if action == A_ACCEPT:
            e.S[b + COUNCIL + e.S[top + 1]] = 0
        e.S[b + STACK] -= 1
        done = True
    else:
        done = _apply_solo(e, g, top, kind, action)
    return done


def _push(
    e: TurrisBatch, g: int, kind: int, f1: int, f2: int, f3: int, f4: int, f5: int, f6: int = 0
) -> None:
    """A frame of ``kind`` put on game g's stack, with its fields (the rest 0)."""
    b = g * W
    depth = e.S[b + STACK]
    if depth >= STACK_ROOM:
        raise ValueError(f"{depth + 1} frames in a room of {STACK_ROOM}")
    r = b + STACK + 1 + depth * FW
    e.S[r] = kind
    e.S[r + 1] = f1
    e.S[r + 2] = f2
    e.S[r + 3] = f3
    e.S[r + 4] = f4
    e.S[r + 5] = f5
    e.S[r + 6] = f6
    e.S[b + STACK] = depth + 1


def _apply_turn(e: TurrisBatch, g: int, top: int, action: int) -> bool:
    """``action_step.decide_turn`` in the arrays, or False (nothing done) where a trigger
    would set off an ongoing effect."""
    b = g * W
    seat = e.S[top + 1]
    if A_PLACE <= action < A_PLACE + N_NODES:
        e.S[b + ACTIONS_LEFT] -= 1
        e.S[b + PLACED_ACTION] = 1
        _place(e, g, seat, action - A_PLACE)
        return True
    if action == A_COLLECT:
        e.S[b + ACTIONS_LEFT] -= 1
        e.S[b + COLLECTED] = 1
        _push(e, g, K_COLLECT_PICK, seat, e.empty, 0, 0, 0)
        return True
    if action == A_GATHER_ICHOR:
        e.S[b + ACTIONS_LEFT] -= 1
        e.S[b + GATHERS] += 1
        # two or more Gather Ichor actions: 1 additional Ichor in total
        bonus = e.gather_bonus if e.S[b + GATHERS] == 2 else 0
        e.S[b + RESOURCES + seat * N_TOKENS + I_] += e.gather_ichor + bonus
        _trigger(e, g, seat, T_GATHER_ICHOR, -1)
        return True
    if action == A_FORCE_REVIVE:
        e.S[b + ACTIONS_LEFT] -= 1
        dead = 1 if e.S[b + GRAVEYARD + seat] == e.scouts_per_player else 0
        fixed, any_n, of = e.revive_pays[dead]
        _push(e, g, K_PAY_CHOICE, seat, fixed, any_n, of, 0)
        e.S[b + GRAVEYARD + seat] -= 1
        e.S[b + RESERVE + seat] += 1
        return True
    if action == A_FACTION_ACTION:
        src = _faction_action(e, g, seat)
        if src < 0:
            return False
        e.S[b + ACTIONS_LEFT] -= 1
        _push(e, g, K_RESOLVING, seat, src, 0, 0, 0)
        return True
    if action == A_USE_ACTION_TOKEN:
        e.S[b + ACTION_TOKENS + seat] -= 1
        e.S[b + ACTIONS_LEFT] += 1
        return True
    if A_PLAY_TACTICS <= action < A_PLAY_TACTICS + N_TACTICS:
        e.S[b + TACTICS_PLAYED] = 1
        _play_tactics(e, g, seat, action - A_PLAY_TACTICS)
        return True
    if action == A_PASS:
        e.S[top] = K_END_TURN
        e.S[top + 2] = 0
        return True
    return False


def _play_tactics(e: TurrisBatch, g: int, seat: int, card: int) -> None:
    """``tactics.play_tactics``: the card discarded, its effects resolved."""
    b = g * W
    _list_remove(e, b + HANDS + seat * HAND_W, card)
    _list_append(e, b + TACTICS_DISCARD, card)
    _push(e, g, K_RESOLVING, seat, e.src_tactics[card], 0, 0, 0)


def _take_trionfi(e: TurrisBatch, g: int, top: int, t: int) -> None:
    """``trionfi.take_trionfi`` (the TrionfiChoice popped first): the card taken, its
    Location upgraded, its effect, the room built, the card owned."""
    S = e.S
    b = g * W
    seat = S[top + 1]
    prestige = S[top + 2]
    S[b + STACK] -= 1
    for k in range(N_TABLEAU):
        if S[b + TRIONFI_TABLEAU + k] == t:
            S[b + TRIONFI_TABLEAU + k] = -1
            break
    S[b + UPGRADED + e.trionfi_node[t]] = 1
    _push(e, g, K_RESOLVING, seat, e.src_trionfi[t], 0, 0, 0)
    _room_built(e, g, seat, prestige)
    # owned once its room is built: a card's ongoing effect counts later rooms only
    _list_append(e, b + TRIONFI_OWNED + seat * TRIONFI_OWNED_W, t)


def _place(e: TurrisBatch, g: int, seat: int, node: int) -> None:
    """``action_step.place``: a Scout of the seat's reserve on ``node``; an Immediate reward
    resolves at once."""
    b = g * W
    e.S[b + RESERVE + seat] -= 1
    e.S[b + SCOUTS + node * SEATS + seat] += 1
    _trigger(e, g, seat, T_PLACE, node)
    if _is_immediate(e, g, node):
        _push(e, g, K_RESOLVING, seat, _reward_source(e, g, node), 0, 0, 0)


def _complete_mission(e: TurrisBatch, g: int, seat: int, m: int) -> None:
    """``missions.complete_mission`` (the MissionStep popped first): its Prestige, its
    effect, an Ongoing slot offered for an ongoing effect, its cost paid (a reserved one's
    with a resource waived)."""
    S = e.S
    b = g * W
    S[b + STACK] -= 1
    at = b + AT_RESERVED + seat * RESERVED_W
    reserved = False
    for k in range(S[at]):
        if S[at + 1 + k] == m:
            reserved = True
    if reserved:
        _list_remove(e, at, m)
    else:
        _list_remove(e, b + MISSIONS, m)
    _list_append(e, b + COMPLETED + seat * COMPLETED_W, m)
    _trigger(e, g, seat, T_MISSION, -1)
    if e.mission_ongoing[m]:
        _push(e, g, K_ONGOING_CHOICE, seat, m, 0, 0, 0)
    _push(e, g, K_RESOLVING, seat, e.src_mission[m], 0, 0, 0)
    _score(e, g, seat, e.mission_prestige[m])
    fixed, any_n, of = e.mission_pays[m]
    _push(e, g, K_PAY_CHOICE, seat, fixed, any_n, of, 1 if reserved else 0)


def _apply_collect_pick(e: TurrisBatch, g: int, top: int, action: int) -> bool:
    """``action_step.decide_collect_pick`` in the arrays, or False where a trigger would set
    off an ongoing effect."""
    b = g * W
    seat = e.S[top + 1]
    chosen = WORDS[e.S[top + 2]]
    if action != A_PASS:
        e.S[top + 2] = word_id((*chosen, action - A_COLLECT_SCOUT))
        return True
    # action_step.collect: back to the reserve, the rewards in the player's order, the Ichor
    e.S[b + STACK] -= 1
    packets = []
    for node in chosen:
        e.S[b + SCOUTS + node * SEATS + seat] -= 1
        e.S[b + RESERVE + seat] += 1
        src = _reward_source(e, g, node)
        if not _is_immediate(e, g, node) and _gives_reward(e, g, node) and e.rewarding[src]:
            packets.append(src)
    for node in sorted(set(chosen)):
        _trigger(e, g, seat, T_COLLECT, node)
    if packets:
        _push(e, g, K_REWARDS, seat, word_id(tuple(packets)), 1, 0, 0)
    cost = len(chosen) * e.collect_cost
    _push(e, g, K_PAY_CHOICE, seat, e.ichor_words[cost], 0, e.of_default, 0)
    return True


def _apply_move_beast(e: TurrisBatch, g: int, top: int, action: int) -> bool:
    """``beast_moves.decide_move_beast_choice`` in the arrays."""
    S = e.S
    b = g * W
    if A_CHOOSE_BEAST <= action < A_CHOOSE_BEAST + N_BEASTS:
        # beast_moves.choose_beast
        beast = action - A_CHOOSE_BEAST
        if S[b + AT_FLIPPED + beast]:
            # a flipped Beast stands up again instead of moving (Easily Missed Rules)
            S[b + AT_FLIPPED + beast] = 0
            S[b + STACK] -= 1
            return True
        if S[top + 2] == 0:
            S[b + AT_FLIPPED + beast] = S[top + 3]
            S[b + STACK] -= 1
            return True
        S[top + 5] = beast
        S[top + 6] = S[b + BEAST_AT + beast]
        return True
    S[b + BEAST_AT + S[top + 5]] = action - A_CHOOSE
    S[top + 2] -= 1
    return True


def _apply_rewards(e: TurrisBatch, g: int, top: int, action: int) -> bool:
    """``effects.decide_rewards`` in the arrays."""
    b = g * W
    if action == A_PASS:
        e.S[b + STACK] -= 1
        return True
    seat = e.S[top + 1]
    packets = WORDS[e.S[top + 2]]
    k = action - A_RESOLVE
    e.S[top + 2] = word_id(packets[:k] + packets[k + 1 :])
    _push(e, g, K_RESOLVING, seat, packets[k], 0, 0, 0)
    return True


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
    elif kind == K_FIRST_PLAYER_DRAW:
        # draws.walk over the seats, 1 / n each
        n = e.players
        acc = 0.0
        seat = n - 1
        for s in range(n):
            acc += 1 / n
            if r < acc:
                seat = s
                break
        _chance_pop(e, g)
        e.live[g] = None
        S[b + AT_FIRST_PLAYER] = seat
        # Setup step 9: from the First Player, each seat chooses in turn order
        for k in range(n - 1, -1, -1):
            _push(e, g, K_FACTION_CHOICE, (seat + k) % n, 0, 0, 0, 0)
        return True
    else:
        return _chance_solo(e, g, r)
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
    q = g * W + CHANCE
    n = e.S[q]
    for i in range(q + 1, q + 1 + (n - 1) * FW):
        e.S[i] = e.S[i + FW]
    e.S[q] = n - 1


def _list_remove(e: TurrisBatch, at: int, v: int) -> None:
    """The first ``v`` taken out of the list at ``at`` (the rest moved up)."""
    n = e.S[at]
    k = 0
    while e.S[at + 1 + k] != v:
        k += 1
    for i in range(at + 1 + k, at + n):
        e.S[i] = e.S[i + 1]
    e.S[at] = n - 1


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
    for i in range(len(WRITTEN_INTS)):
        at = WRITTEN_INTS_AT[i]
        S[b + at] = getattr(state, WRITTEN_INTS[i])
    for i in range(len(FLAGS)):
        at = FLAGS_AT[i]
        S[b + at] = 1 if getattr(state, FLAGS[i]) else 0
    for i in range(len(SEAT_INTS)):
        values = getattr(state, SEAT_INTS[i])
        at = b + SEAT_INTS_AT[i]
        for p in range(SEATS):
            S[at + p] = values[p] if p < n else 0
    rows = state.resources
    at = b + RESOURCES
    for p in range(SEATS):
        if p < n:
            row = rows[p]
            for k in range(N_TOKENS):
                S[at + p * N_TOKENS + k] = row[k]
        else:
            for k in range(N_TOKENS):
                S[at + p * N_TOKENS + k] = 0
    rows = state.scouts
    at = b + SCOUTS
    for i in range(N_NODES):
        row = rows[i]
        for p in range(SEATS):
            S[at + i * SEATS + p] = row[p] if p < n else 0
    for i in range(len(FIXED)):
        name, size = FIXED[i]
        values = getattr(state, name)
        at = b + FIXED_AT[i]
        for k in range(size):
            S[at + k] = values[k]  # a flag as 0/1
    for i in range(len(SEAT_LISTS)):
        name, size = SEAT_LISTS[i]
        lists = getattr(state, name)
        at = b + SEAT_LISTS_AT[i]
        for p in range(SEATS):
            _put_list(S, at + p * (1 + size), lists[p] if p < n else [], size)
    for i in range(len(LISTS)):
        name, size = LISTS[i]
        _put_list(S, b + LISTS_AT[i], getattr(state, name), size)
    _put_list(S, b + ONCE_USED, [word_id(tag) for tag in state.once_used], ONCE_ROOM)
    for i in range(len(DECKS)):
        name, size = DECKS[i]
        deck = getattr(state, name)
        at = b + DECKS_AT[i]
        _put_list(S, at, deck.top, size)
        counts = deck.counts
        total = 0
        for k in range(size):
            c = counts[k]
            S[at + 1 + size + k] = c
            total += c
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


# ---- solo play: the Betrayer Phase, the solo decisions and dice, the Solo Endgame ------------
K_BEAST_DIE = KIND_OF[F.BeastDie]
K_MOVEMENT_DIE = KIND_OF[F.MovementDie]
K_BEAST_START_DRAW = KIND_OF[F.BeastStartDraw]
A_REPAIR_ROOM = A.SPACE.base(A.RepairRoom)
BETRAYER_PRESTIGE = AT["betrayer_prestige"]
AT_BEAST_DIE = AT["beast_die"]
AT_PLAYER_WON = AT["player_won"]


def _solo_tables(e: TurrisBatch, game: Any) -> None:
    """The solo game's tables (``TurrisGame``'s, and the dice's chances as ``draws`` lists
    them)."""
    from towers.games.turris import draws

    c = game.c
    e.node_number = tuple(game.node_number)
    e.damage_order = tuple(game.damage_order)
    e.rooms_to_win = int(c["solo_tower_rooms_to_win"])
    e.damage_prestige = int(c["solo_damage_prestige"])
    e.betrayer_phase_prestige = int(c["solo_betrayer_phase_prestige"])
    e.d4 = _running_totals(draws.D4.roll_outcomes())
    e.d12 = _running_totals(draws.D12.roll_outcomes())
    e.d12_faces = tuple(draws.D12.faces)


def _running_totals(outcomes: list[tuple[int, float]]) -> Any:
    """The running totals of the outcomes' chances, added in their order as ``draws.walk``
    adds them (C doubles)."""
    totals = array("d")
    acc = 0.0
    for _, p in outcomes:
        acc += p
        totals.append(acc)
    return totals


def _path_tables(e: TurrisBatch, game: Any) -> None:
    """The Beasts' paths' tables: no distances in ``e.D`` yet (``e.d_key``; each node's
    neighbours are the bits of ``e.adj``, in increasing order as ``beast_phase.ways_on``
    sorts them)."""
    e.d_key = -1


def _solo_step(e: TurrisBatch, g: int) -> bool:
    """``rounds.next_step`` of solo play: at the end of the Player Turn Phase the Solo
    Endgame's Tower Rooms checked (``solo.check_solo_rooms``), then the Betrayer Phase
    (``solo.betrayer_phase``); at the end of the Betrayer Phase the Betrayers' Prestige, then
    the Beast Phase (``beast_phase.begin_beast_phase``). False (nothing done) for any other
    step."""
    if not e.solo:
        return False
    S = e.S
    b = g * W
    if S[b + PHASE] == PHASE_TURNS:
        if S[b + AT_TURN_INDEX] + 1 < e.players:
            return False
        S[b + AT_TURN_INDEX] += 1
        _check_solo_rooms(e, g)
        if not S[b + GAME_OVER]:
            _betrayer_phase(e, g)
        return True
    if S[b + PHASE] == PHASE_BETRAYERS:
        # the end of the Betrayer Phase: the Betrayers gain 1 Prestige
        _score_betrayers(e, g, e.betrayer_phase_prestige)
        if not S[b + GAME_OVER]:
            S[b + PHASE] = PHASE_BEASTS
            S[b + AT_ACTIVE] = -1
            for beast in range(N_BEASTS - 1, -1, -1):
                _push(e, g, K_BEAST_TURN, beast, 0, 0, 0, 0)
        return True
    return False


def _end_solo(e: TurrisBatch, g: int, won: int) -> None:
    """``solo.end_solo``: the game over, won by the player or not."""
    S = e.S
    b = g * W
    S[b + GAME_OVER] = 1
    S[b + AT_PLAYER_WON] = won
    S[b + PHASE] = PHASE_OVER
    S[b + AT_ACTIVE] = -1


def _check_solo_end(e: TurrisBatch, g: int) -> None:
    """``endgame.check_endgame`` in solo play (Solo Endgame b): 40 Prestige ends the game at
    once, the player's first."""
    S = e.S
    b = g * W
    if S[b + GAME_OVER]:
        return
    if S[b + PRESTIGE] >= e.prestige_end:
        _end_solo(e, g, 1)
    elif S[b + BETRAYER_PRESTIGE] >= e.prestige_end:
        _end_solo(e, g, 0)


def _check_solo_rooms(e: TurrisBatch, g: int) -> None:
    """``solo.check_solo_rooms`` (Solo Endgame a): 6 Tower Rooms constructed and none of them
    Damaged."""
    S = e.S
    b = g * W
    if S[b + AT_ROOMS] < e.rooms_to_win:
        return
    for k in range(N_TABLEAU):
        if S[b + TRIONFI_TABLEAU + k] < 0 and S[b + AT_DAMAGED + k]:
            return
    _end_solo(e, g, 1)


def _score_betrayers(e: TurrisBatch, g: int, points: int) -> None:
    """``solo.score_betrayers``: the Betrayers' points (they count for the Excavation
    thresholds), the Solo Endgame checked."""
    S = e.S
    b = g * W
    S[b + BETRAYER_PRESTIGE] += points
    _thresholds(e, g, S[b + BETRAYER_PRESTIGE])
    _check_solo_end(e, g)


def _betrayer_phase(e: TurrisBatch, g: int) -> None:
    """``solo.betrayer_phase``: both Betrayer Scouts moved, from the lower-numbered Location
    (a tie in their order), then the d4 and the d12 rolled."""
    S = e.S
    b = g * W
    S[b + PHASE] = PHASE_BETRAYERS
    S[b + AT_ACTIVE] = -1
    at = b + BETRAYER_AT
    # two Scouts: the second first when its number is lower (a sort that keeps ties)
    swap = S[at] == 2 and e.node_number[S[at + 2]] < e.node_number[S[at + 1]]
    for j in range(S[at]):
        _move_betrayer(e, g, 1 - j if swap else j)
        if S[b + GAME_OVER]:
            return
    _queue(e, g, K_BEAST_DIE, 0)
    _queue(e, g, K_MOVEMENT_DIE, 0)


def _move_betrayer(e: TurrisBatch, g: int, k: int) -> None:
    """``solo.move_betrayer``: Betrayer Scout ``k`` to the next higher free number, else the
    lowest free one and a Damaged token (from an Excavation Site: the lowest, no token)."""
    S = e.S
    b = g * W
    at = S[b + BETRAYER_AT + 1 + k]
    here = e.node_number[at]
    one = 1
    taken = 0  # the nodes of the Beasts and the Betrayers' Scouts, one bit a node
    for j in range(N_BEASTS):
        if S[b + BEAST_AT + j] >= 0:
            taken |= one << S[b + BEAST_AT + j]
    for j in range(S[b + BETRAYER_AT]):
        taken |= one << S[b + BETRAYER_AT + 1 + j]
    lowest = -1
    higher = -1
    for num in range(len(e.node_of_number)):
        node = e.node_of_number[num]
        if node < 0 or taken >> node & 1 or _scouts_on(e, g, node):
            continue
        if lowest < 0:
            lowest = node
        if num > here:
            higher = node
            break
    if lowest < 0:
        return
    if e.spot_of[at] >= 0:
        S[b + BETRAYER_AT + 1 + k] = lowest
        return
    if higher >= 0:
        S[b + BETRAYER_AT + 1 + k] = higher
        return
    S[b + BETRAYER_AT + 1 + k] = lowest
    _damage_room(e, g)


def _damage_room(e: TurrisBatch, g: int) -> None:
    """``solo.damage_room``: a Damaged token on the next undamaged Tower Room in their order,
    4 Prestige to the Betrayers; none with all six Damaged."""
    S = e.S
    b = g * W
    for slot in e.damage_order:
        if not S[b + AT_DAMAGED + slot]:
            S[b + AT_DAMAGED + slot] = 1
            _score_betrayers(e, g, e.damage_prestige)
            return


def _settle_solo(e: TurrisBatch, g: int, top: int, kind: int) -> int:
    """:func:`_settle_frame` of the solo decisions (``solo.settle_betrayer_push``,
    ``solo.settle_repair_choice``): 1 when settled, 0 when the player decides, -1 for any
    other kind."""
    S = e.S
    b = g * W
    if kind == K_BETRAYER_PUSH:
        at = b + BETRAYER_AT + 1 + S[top + 2]
        n = _displace_destinations(e, g, S[at])
        if n > 1:
            return 0
        S[b + STACK] -= 1
        if n:
            S[at] = e.L[0] - A_CHOOSE
        return 1
    if kind == K_REPAIR_CHOICE:
        for k in range(N_TABLEAU):
            if S[b + AT_DAMAGED + k]:
                return 0
        S[b + STACK] -= 1
        return 1
    return -1


def _legal_solo(e: TurrisBatch, g: int, top: int, kind: int) -> int:
    """:func:`_fast_legal` of the solo decisions (``legality.legal_betrayer_push``,
    ``legality.legal_repair_choice``), or -1 for any other kind."""
    S = e.S
    b = g * W
    L = e.L
    if kind == K_BETRAYER_PUSH:
        return _displace_destinations(e, g, S[b + BETRAYER_AT + 1 + S[top + 2]])
    if kind == K_REPAIR_CHOICE:
        n = 0
        for k in range(N_TABLEAU):
            if S[b + AT_DAMAGED + k]:
                L[n] = A_REPAIR_ROOM + k
                n += 1
        L[n] = A_PASS
        return _sort(e, n + 1)
    return -1


def _apply_solo(e: TurrisBatch, g: int, top: int, kind: int, action: int) -> bool:
    """:func:`_apply_more` of the solo decisions (``solo.decide_betrayer_push``,
    ``solo.decide_repair_choice``), or False (nothing done) for any other kind."""
    S = e.S
    b = g * W
    if kind == K_BETRAYER_PUSH:
        S[b + STACK] -= 1
        S[b + BETRAYER_AT + 1 + S[top + 2]] = action - A_CHOOSE
        return True
    if kind == K_REPAIR_CHOICE:
        S[b + STACK] -= 1
        if action != A_PASS:
            S[b + AT_DAMAGED + action - A_REPAIR_ROOM] = 0
        return True
    return False


def _walk(totals: Any, r: float) -> int:
    """``draws.walk`` over outcomes of the running totals ``totals`` (``_running_totals``):
    the index of the first whose running total passes ``r``, else the last."""
    for i in range(len(totals)):
        if r < totals[i]:
            return i
    return len(totals) - 1


def _chance_solo(e: TurrisBatch, g: int, r: float) -> bool:
    """:func:`_fast_chance` of the solo dice and the random Beasts' starts
    (``draws.apply_chance``), or False (nothing done) for any other event."""
    S = e.S
    b = g * W
    q = b + CHANCE + 1
    kind = S[q]
    if kind == K_BEAST_DIE:
        _chance_pop(e, g)
        S[b + AT_BEAST_DIE] = _walk(e.d4, r)
    elif kind == K_MOVEMENT_DIE:
        _chance_pop(e, g)
        # the d12 is the Beast Movement card drawn; the d4's Beast moves now
        S[b + AT_MOVEMENT_CARD] = e.d12_faces[_walk(e.d12, r)]
        _push(e, g, K_BEAST_TURN, S[b + AT_BEAST_DIE], 0, 0, 0, 0)
    elif kind == K_BEAST_START_DRAW:
        # draws.chance_outcomes: the spots with no Beast, 1 / their count each
        free = 0
        for k in range(N_SPOTS):
            if _beast_free(e, g, e.spots[k]):
                free += 1
        p = 1 / free
        acc = 0.0
        spot = -1
        for k in range(N_SPOTS):
            if _beast_free(e, g, e.spots[k]):
                spot = k
                acc += p
                if r < acc:
                    break
        S[b + BEAST_AT + S[q + 1]] = e.spots[spot]
        _chance_pop(e, g)
    else:
        return False
    e.live[g] = None
    return True
