# The State base declares no slots; each game's slotted dataclass declares them all.
# mypy: disable-error-code="misc"
"""The contract every game implements: a frozen :class:`Game` and a mutable :class:`State`.

Names follow OpenSpiel so that researchers feel at home. A game subclasses both and fills
in the underscored hooks; the public methods here guard them (a finished game, an illegal
action) so each game's code only handles its own rules.

>>> import towers
>>> game = towers.make("torres", players=2)
>>> state = game.new_initial_state()
>>> state.current_player()
0
>>> a = state.legal_actions()[0]
>>> state.apply_action(a)
>>> state.history() == [a]
True
"""

from __future__ import annotations

import functools
import json
import random
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from towers.core.actions import ActionSpace
from towers.core.components import copy_value, to_json_value
from towers.core.errors import ActionParseError, GameOptionError, IllegalActionError
from towers.core.frames import Frame
from towers.core.options import Option, resolve_options
from towers.core.plugins import heuristic_of, heuristics_of

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -4
"""``current_player()`` once the game is over."""

STATE_FORMAT = "towers-state/1"
"""The tag of ``State.to_json``'s envelope; each game versions its own fields inside it."""

ALLOWED_SHOWN = 12
"""How many allowed actions an IllegalActionError names."""


@dataclass(frozen=True, slots=True)
class Disclosure:
    """What an action, about to be taken, discloses: who may read it and whether it reveals
    something hidden (see :meth:`State.disclosure`).

    ``readers`` is None when everybody, spectators too, may read the action in words; else
    the seats that may (the seat taking it always among them). A seat may read an action
    when what it observes afterwards tells it apart from every other action that could have
    been taken, in the true state and in every world the seat holds possible.

    ``reveals`` is True when what some seat observes after the action rules out a world that
    seat held possible before: such an action cannot be taken back. It is asked of a seat's
    decisions only (an undo never crosses a chance outcome), so at a chance node it is False.
    """

    readers: frozenset[int] | None = None
    reveals: bool = False


PUBLIC = Disclosure()
"""An action everybody may read that reveals nothing hidden (placing a piece in the open)."""


class Game(ABC):
    """A game with its options fixed: immutable, shared by every state made from it."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    OPTIONS: ClassVar[Mapping[str, Option]] = {}
    COOPERATIVE: bool = False
    """True for a game the players win or lose together against the game itself: a lost
    game then has no winner, whatever the player count. A game whose options choose its
    mode sets it in ``_setup``."""
    MAY_END_WITHOUT_WINNER: bool = False
    """True for a competitive game whose rules can end it with nobody winning (time running
    out, every player out at once); set in ``_setup`` where the options decide."""

    def __init__(self, players: int, **options: Any) -> None:
        if not isinstance(players, int) or not (self.min_players <= players <= self.max_players):
            raise GameOptionError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, "
                f"not {players!r}"
            )
        resolved = resolve_options(self.name, self.OPTIONS, options)
        self._players = players
        self._options: Mapping[str, Any] = MappingProxyType(resolved)
        self._setup()

    def _setup(self) -> None:  # noqa: B027 - optional hook
        """Derive tables from the options (called once from ``__init__``)."""

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def options(self) -> Mapping[str, Any]:
        return self._options

    ACTIONS: ClassVar[ActionSpace | None] = None
    """The game's declared action space; with it, the action count and the actions' names
    come for free (a game without one writes those three methods itself)."""

    def num_distinct_actions(self) -> int:
        """Size of the whole action space; every action is an int below it."""
        return self._space().size

    def _space(self) -> ActionSpace:
        space = type(self).ACTIONS
        if space is None:
            raise NotImplementedError(
                f"{type(self).__name__} declares no ACTIONS space, so it writes "
                f"num_distinct_actions, action_to_string and string_to_action itself"
            )
        return space

    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions (chance outcomes included) in one game."""

    @abstractmethod
    def new_initial_state(self) -> State:
        """A new game at its first decision (or chance node)."""

    @abstractmethod
    def state_class(self) -> type[State]:
        """The State subclass of this game."""

    def has_hidden_information(self) -> bool:
        """True when some seat may not see all of the state (search bots then determinize)."""
        return False

    @property
    def evaluate(self) -> Callable[[State, int], float] | None:
        """The bots' heuristic that the game's plugin declares (None: the scores so far);
        looked up once, since a search asks for it thousands of times."""
        try:
            return self._evaluate
        except AttributeError:
            self._evaluate: Callable[[State, int], float] | None = heuristic_of(self)
            return self._evaluate

    @property
    def evaluate_all(self) -> Callable[[State], list[float]]:
        """Every seat's heuristic at once, ``[evaluate(state, seat) for seat in seats]``: the
        game's own when its plugin declares one (``GamePlugin(heuristics=)``), else seat by
        seat; looked up once."""
        try:
            return self._evaluate_all
        except AttributeError:
            self._evaluate_all: Callable[[State], list[float]] = heuristics_of(
                self
            ) or _seat_by_seat(self.evaluate, range(self._players))
            return self._evaluate_all

    def state_from_json(self, text: str) -> State:
        """The state that ``State.to_json`` wrote, by this release or an earlier one: a state
        of an older ``version`` of the game's fields is upgraded by ``State.upgrade_fields``
        (a state written before the format was tagged counts as version 1)."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format", STATE_FORMAT) != STATE_FORMAT:
            found = data.get("format") if isinstance(data, dict) else None
            raise GameOptionError(f"this JSON is not a towers state (format {found!r})")
        cls = self.state_class()
        version = data.get("version", 1)
        if not isinstance(version, int) or not 1 <= version <= cls.FIELDS_VERSION:
            raise GameOptionError(
                f"this {self.name} state has version {version!r}; this release reads "
                f"versions 1 to {cls.FIELDS_VERSION} (a newer towers wrote it?)"
            )
        if data.get("game") != self.name or data.get("players") != self.num_players:
            raise GameOptionError(
                f"this JSON holds a {data.get('game')!r} state for {data.get('players')!r} "
                f"players, not {self.name!r} for {self.num_players}"
            )
        if dict(data.get("options", {})) != dict(self._options):
            raise GameOptionError(
                f"this JSON was written with options {data.get('options')!r}, "
                f"not {dict(self._options)!r}"
            )
        fields = data["state"]
        if version < cls.FIELDS_VERSION:
            fields = cls.upgrade_fields(dict(fields), version)
        return cls.from_fields(self, fields)

    def __copy__(self) -> Game:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self  # immutable: states that copy themselves keep referring to the same game

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as what makes it (to send games and states to other processes)
        return _remake, (type(self), self._players, dict(self._options))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"{type(self).__name__}(players={self._players}{', ' if opts else ''}{opts})"


def _seat_by_seat(
    evaluate: Callable[[State, int], float] | None, seats: range
) -> Callable[[State], list[float]]:
    """Every seat's heuristic, one seat at a time (the scores so far when ``evaluate`` is
    None)."""
    if evaluate is None:
        return lambda state: list(state.scores())
    return lambda state: [evaluate(state, seat) for seat in seats]


def _remake(cls: type[Game], players: int, options: dict[str, Any]) -> Game:
    return cls(players, **options)


class State(ABC):
    """One game in progress. Mutable; ``clone()`` gives an independent copy.

    Subclasses are ``@dataclass(slots=True)`` with JSON-ready fields (ints, strings, lists,
    dicts with string keys, None). ``game`` and ``_legal`` are the only fields not saved.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's own ``action_to_string``, ``string_to_action``, ``disclosure`` or
        ``reveal_witness`` is wrapped in the guard the base method has: an action id that is
        not one of the game's is refused with an ActionParseError naming the allowed range
        before the game's code sees it."""
        super().__init_subclass__(**kwargs)
        for name, guard in _GUARDS.items():
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "_guarded", False):
                setattr(cls, name, guard(method))

    game: Game
    _history: list[int]
    _legal: list[int] | None  # never changed once made; clones may share it
    _legal_set: frozenset[int] | None
    CLONE_SHARES: ClassVar[tuple[str, ...]] = ()
    """Fields of caches this state replaces but never changes in place, which the default
    ``clone()`` shares instead of copying."""

    # ---- hooks each game implements -------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat that decides now, or CHANCE, or TERMINAL."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Sorted legal actions (at a chance node, the outcomes) of a game not over, as a new
        list: the state keeps it as it is and hands out copies."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply an action known to be legal (the history is kept by the caller)."""

    @abstractmethod
    def _explain(self, action: int) -> tuple[str, str]:
        """For an action that is not legal now: (why, rulebook section)."""

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """Outcomes with probabilities at a chance node (a game with chance writes it)."""
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    @abstractmethod
    def scores(self) -> list[float]:
        """Victory points as the rulebook counts them, by seat."""

    def action_to_string(self, action: int) -> str:
        """A short name of the action, the same in every state; ActionParseError for an id
        that is no action of the game."""
        self.check_action(action)
        return self.game._space().name(action)

    def string_to_action(self, text: str) -> int:
        """The action named by text (as action_to_string writes it); ActionParseError if none."""
        _check_text(text)
        return self.game._space().parse(text)

    def check_action(self, action: object) -> None:
        """An ActionParseError, saying which ids are allowed, unless ``action`` is an id of
        this game's actions (an int, not a bool, from 0 to ``num_distinct_actions() - 1``);
        whether it is legal now is not asked."""
        if type(action) is not int or not 0 <= action < self.game.num_distinct_actions():
            last = self.game.num_distinct_actions() - 1
            raise ActionParseError(
                f"{value_repr(action)} is not a {self.game.name} action; actions are whole "
                f"numbers from 0 to {last}"
            )

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """All that ``seat`` may know, JSON-ready; ``None`` is the spectator's view."""

    def clone(self) -> State:
        """An independent copy: no mutable container shared with this state.

        By default each declared field is copied as its annotation says: immutable values
        kept, a list of them copied, a list of such lists copied row by row, a component by its
        ``copy()``, anything else by what it holds (lists and dicts copied through). The
        function doing it is written once per state class. A game may still write its own;
        the conformance suite checks either."""
        return _cloner(type(self))(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()  # clone() shares nothing with the original

    def winners(self) -> list[int]:
        """Seats that won (several on a tie the rulebook leaves shared). Empty before the end,
        and at the end of a solo game the player lost to the game itself."""
        if not self.is_terminal():
            return []
        s = self.scores()
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    def heuristic(self, seat: int) -> float:
        """How well ``seat`` stands, in victory points, judged only from what it may observe.

        Greedy and search bots use it: the heuristic the game's plugin declares, else the
        scores so far."""
        evaluate = self.game.evaluate
        return self.scores()[seat] if evaluate is None else evaluate(self, seat)

    def heuristics(self) -> list[float]:
        """``heuristic(seat)`` of every seat, in one call: what a search values a position
        by (a game may compute the seats together, :attr:`Game.evaluate_all`; a state that
        writes its own ``heuristic`` is asked seat by seat)."""
        if type(self).heuristic is not State.heuristic:
            return [self.heuristic(seat) for seat in range(self.game.num_players)]
        return self.game.evaluate_all(self)

    def _determinize(self, seat: int, rng: random.Random) -> State:
        """A copy with what ``seat`` cannot see re-dealt; games with hidden parts override it."""
        return self.clone()

    def disclosure(self, action: int) -> Disclosure | None:
        """Who may read ``action`` (legal now) and whether it reveals hidden information, as
        the game knows it exactly; None where the game does not say, and
        :mod:`towers.core.knowledge` then works it out by re-dealing sampled worlds (slower,
        and a rare world can be missed). A game with hidden information writes it, and may
        still answer None for the rare positions it leaves to the sampled answer; the
        conformance suite holds every answer to a thorough sample. An id that is no action
        of the game raises ActionParseError."""
        self.check_action(action)
        return None

    def reveal_witness(self, action: int, rng: random.Random) -> tuple[int, State] | None:
        """A world that proves ``disclosure(action).reveals``: a seat and a state that seat
        held possible (one ``_determinize(seat)`` could deal) which what it sees after the
        action rules out. The conformance check asks for one where re-dealt worlds show
        none, the world proving it being too rare to be dealt; None: the game gives none."""
        self.check_action(action)
        return None

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A copy in which everything ``seat`` cannot see is re-dealt at random."""
        n = self.game.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat!r} is not in this game; seats are 0 to {n - 1}")
        return self._determinize(seat, rng)._dealt_again()

    def _dealt_again(self) -> State:
        """This state, its legal actions forgotten: they may depend on what was re-dealt (a
        hand), so none are carried over."""
        self._legal = None
        self._legal_set = None
        return self

    # ---- the public, guarded contract ------------------------------------------------
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player() != CHANCE:
            return []
        return self._chance_outcomes()

    def legal_actions(self) -> list[int]:
        """Sorted legal actions for the player to move (at a chance node, the outcomes)."""
        legal = self._legal
        if legal is None:
            # kept as made: only copies of it leave the state
            over = self.current_player() == TERMINAL
            legal = self._legal = [] if over else self._legal_actions()
        return legal.copy()

    def is_legal(self, action: int) -> bool:
        if type(action) is not int:
            return False  # 3.0, True or "3" would slip through a membership test
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
            assert legal is not None
        if len(legal) <= 64:
            # a scan of a short list costs less than building a set
            return action in legal
        legal_set = self._legal_set
        if legal_set is None:
            legal_set = self._legal_set = frozenset(legal)
        return action in legal_set

    def explain(self, action: int) -> str | None:
        """Why ``action`` is not allowed now, with the rulebook section; None if it is allowed."""
        if self.is_legal(action):
            return None
        return str(self._illegal(action))

    def _illegal(self, action: int) -> IllegalActionError:
        legal = self.legal_actions()
        try:
            tried = self.action_to_string(action) if type(action) is int else f"action {action!r}"
        except (ActionParseError, IndexError, ValueError):
            tried = f"action {action!r}"
        if self.is_terminal():
            return IllegalActionError(tried, "the game is over", allowed_total=0)
        if type(action) is not int or not 0 <= action < self.game.num_distinct_actions():
            why, rule = (
                f"actions are whole numbers from 0 to {self.game.num_distinct_actions() - 1}",
                "",
            )
        else:
            why, rule = self._explain(action)
        shown = [self.action_to_string(a) for a in legal[:ALLOWED_SHOWN]]
        return IllegalActionError(tried, why, rule, shown, len(legal))

    def apply_action(self, action: int) -> None:
        """Apply a legal action; an illegal one raises IllegalActionError and changes nothing."""
        if not self.is_legal(action):
            raise self._illegal(action)
        # the cache is cleared first: a game's _apply may fill it with the next decision's
        # actions, when settling has worked them out already
        self._legal = None
        self._legal_set = None
        self._apply(action)
        self._history.append(action)

    def apply_trusted(self, action: int) -> None:
        """Apply an action the caller took from ``legal_actions()`` of this very state."""
        self._legal = None
        self._legal_set = None
        self._apply(action)
        self._history.append(action)

    def history(self) -> list[int]:
        """Every action so far, chance outcomes included: the full record, private choices
        too, so a seat is shown only what ``observation(seat)`` holds, never this list."""
        return list(self._history)

    def returns(self) -> list[float]:
        """1 for a win, 0 for a loss, a tie shared (1/k each of k winners); zeros before the end
        (and after a lost solo game). In a cooperative game (:attr:`Game.COOPERATIVE`) the
        seats win together and each gets the whole 1."""
        n = self.game.num_players
        if not self.is_terminal():
            return [0.0] * n
        won = self.winners()
        share = 1.0 if self.game.COOPERATIVE or not won else 1.0 / len(won)
        return [share if i in won else 0.0 for i in range(n)]

    # ---- serialization ------------------------------------------------------------------
    _UNSAVED: ClassVar[frozenset[str]] = frozenset({"game", "_legal", "_legal_set"})

    FIELD_READERS: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}
    """For fields that hold components or frames: how to read each back from its JSON (a
    field not named here is read as plain JSON)."""

    def to_fields(self) -> dict[str, Any]:
        return {
            name: to_json_value(getattr(self, name))
            for name in _slot_names(type(self))
            if name not in self._UNSAVED
        }

    @classmethod
    def from_fields(cls, game: Game, fields: Mapping[str, Any]) -> State:
        state = cls.__new__(cls)
        names = [n for n in _slot_names(cls) if n not in cls._UNSAVED]
        missing = [n for n in names if n not in fields]
        if missing:
            raise GameOptionError(f"saved state lacks the fields {', '.join(missing)}")
        state.game = game
        readers = cls.FIELD_READERS
        for name in names:
            value = _copy_json(fields[name])
            reader = readers.get(name)
            setattr(state, name, value if reader is None else reader(value))
        for name in cls._UNSAVED - {"game"}:
            # caches are rebuilt on demand
            setattr(state, name, None)
        return state

    FIELDS_VERSION: ClassVar[int] = 1
    """The version of the game's saved fields; a game that renames or reshapes them raises
    it and reads the older versions in :meth:`upgrade_fields`."""

    @classmethod
    def upgrade_fields(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        """Saved fields of an older ``version`` in today's shape (none to upgrade yet)."""
        return fields

    def to_json(self) -> str:
        """The whole state (hidden parts included) and its history, as JSON, tagged with the
        format and the version of its fields."""
        return json.dumps(
            {"format": STATE_FORMAT, "version": type(self).FIELDS_VERSION, **self._content()},
            separators=(",", ":"),
        )

    def content_json(self) -> str:
        """The state as JSON without the format tags: what digests of a position cover."""
        return json.dumps(self._content(), separators=(",", ":"))

    def _content(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "players": self.game.num_players,
            "options": dict(self.game.options),
            "state": self.to_fields(),
        }

    def __str__(self) -> str:
        return json.dumps(self.observation(None), indent=1)


def value_repr(value: object) -> str:
    """A value as an error message shows it: short, whatever it is."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_text(text: object) -> None:
    if not isinstance(text, str):
        raise ActionParseError(f"{value_repr(text)} is not an action's name; give its text")


def _guard_action(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` (taking an action id first) behind :meth:`State.check_action`."""

    @functools.wraps(method)
    def guarded(self: State, action: int, *args: Any, **kwargs: Any) -> Any:
        self.check_action(action)
        return method(self, action, *args, **kwargs)

    guarded._guarded = True  # type: ignore[attr-defined]
    return guarded


def _guard_text(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` (taking an action's name) refusing anything but text."""

    @functools.wraps(method)
    def guarded(self: State, text: str, *args: Any, **kwargs: Any) -> Any:
        _check_text(text)
        return method(self, text, *args, **kwargs)

    guarded._guarded = True  # type: ignore[attr-defined]
    return guarded


_GUARDS: dict[str, Callable[[Callable[..., Any]], Callable[..., Any]]] = {
    "action_to_string": _guard_action,
    "string_to_action": _guard_text,
    "disclosure": _guard_action,
    "reveal_witness": _guard_action,
}
"""The public methods whose guard a game's own version is wrapped in (see
:meth:`State.__init_subclass__`)."""


_SHARED_ON_CLONE = frozenset({"game", "_legal", "_legal_set"})
"""Fields every clone shares: the immutable Game, and the caches a state replaces, never edits.
A state class adds its own such caches in ``CLONE_SHARES``."""


def _shared_on_clone(cls: type) -> frozenset[str]:
    return _SHARED_ON_CLONE | frozenset(getattr(cls, "CLONE_SHARES", ()))


@functools.cache
def _slot_names(cls: type) -> tuple[str, ...]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in getattr(klass, "__slots__", ()):
            if name not in names and name != "__weakref__":
                names.append(name)
    return tuple(names)


def _clone_by_value(state: State) -> State:
    """The clone of any state: each field copied by what it holds at this moment."""
    cls = type(state)
    copy = cls.__new__(cls)
    shared = _shared_on_clone(cls)
    for name in _slot_names(cls):
        if hasattr(state, name):
            value = getattr(state, name)
            setattr(copy, name, value if name in shared else copy_value(value))
    return copy


_IMMUTABLE = (int, float, str, bool, bytes, type(None), frozenset)


def _is_immutable(tp: Any) -> bool:
    """Whether every value of the annotation ``tp`` is immutable: an atom, a frozen
    dataclass (an action), a frame, or a tuple or frozenset of such."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        return all(_is_immutable(a) for a in typing.get_args(tp))
    if origin in (tuple, frozenset):
        return all(a is Ellipsis or _is_immutable(a) for a in typing.get_args(tp))
    if not isinstance(tp, type):
        return False
    if issubclass(tp, _IMMUTABLE) or tp is tuple or issubclass(tp, Frame):
        return True  # a frame is frozen (FrameKinds refuses one that is not)
    params = getattr(tp, "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


def _copy_expression(tp: Any, value: str) -> str:
    """Python that copies ``value``, a field annotated ``tp``, sharing nothing mutable;
    ``copy_value(...)`` where the annotation does not say enough."""
    if _is_immutable(tp):
        return value
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = _copy_expression(next(a for a in args if a is not type(None)), value)
        return f"(None if {value} is None else {inner})"
    if origin is list and len(args) == 1:
        # list.copy() and map() rather than slices and a comprehension: no slice object
        # made and no function frame a row, about a third fewer machine instructions
        if _is_immutable(args[0]):
            return f"{value}.copy()"
        if typing.get_origin(args[0]) is list and all(map(_is_immutable, typing.get_args(args[0]))):
            return f"[*map(list_copy, {value})]"
        row = _copy_expression(args[0], "v")
        if "copy_value" not in row:
            return f"[{row} for v in {value}]"
    if isinstance(tp, type) and origin is None and callable(getattr(tp, "copy", None)):
        return f"{value}.copy()"  # a component, a decision stack
    return f"copy_value({value})"


@functools.cache
def _cloner(cls: type[State]) -> Callable[[State], State]:
    """A clone function written for ``cls`` from its fields' annotations, a line a field (a
    list of ints copied, a list of such lists copied row by row, a component copying itself);
    a field whose annotation says too little is copied by what it holds, and a state with a
    field unset is cloned field by field."""
    try:
        hints = typing.get_type_hints(cls)
    except (NameError, TypeError):
        return _clone_by_value
    lines = ["def clone(self):", "    copy = new(cls)", "    try:"]
    shared = _shared_on_clone(cls)
    for name in _slot_names(cls):
        if name in shared:
            expression = f"self.{name}"
        elif name in hints:
            expression = _copy_expression(hints[name], f"self.{name}")
        else:
            expression = f"copy_value(self.{name})"
        lines.append(f"        copy.{name} = {expression}")
    # a field holding other than its annotation says (a tuple for a list) is copied by value
    lines += ["    except (AttributeError, TypeError):", "        return by_value(self)"]
    lines.append("    return copy")
    # a subclass that inherits this function as its clone() is sent to its own
    lines[1:1] = ["    if type(self) is not cls:", "        return cloner(type(self))(self)"]
    scope: dict[str, Any] = {
        "new": cls.__new__,
        "cls": cls,
        "copy_value": copy_value,
        "list_copy": list.copy,
        "by_value": _clone_by_value,
        "cloner": _cloner,
    }
    exec(compile("\n".join(lines), f"<clone of {cls.__qualname__}>", "exec"), scope)
    clone: Callable[[State], State] = scope["clone"]
    clone._generated = True  # type: ignore[attr-defined]
    if cls.clone is State.clone or getattr(cls.clone, "_generated", False):
        # the class's clone() from now on, without the look-up through State.clone
        cls.clone = clone  # type: ignore[method-assign,assignment]
    return clone


def _copy_json(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    return value
