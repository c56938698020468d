"""What each seat may learn of the actions taken, and whether an action may be taken back:
the one rule that the server's log, live play in the terminal and every replay follow.

A game answers both exactly in ``State.disclosure(action)``; where it does not (None), they
are worked out from the public contract only (``observation``, ``determinize``,
``legal_actions``) by re-dealing a few sampled worlds, so they hold for every game. The
conformance suite (``check_disclosure``) holds a game's answers to a thorough sample.

**Who may read an action in words.** Its actor always may. Another seat may when its own
observation after the action tells the action apart from every other action that could have
been taken: the other legal actions of the true state, and those of a few worlds re-dealt by
``determinize(seat)`` (what the seat cannot tell from the truth), since a seat that does not
know a deck's contents cannot know that only one card could be drawn. The spectator may when
every seat may and the spectator's own observation tells the action apart in the true state.
A game without hidden information shows every action to everybody.

**Undo.** An action reveals hidden information when what some seat observes after it rules out
a world that seat held possible before (sampled: checked on a few worlds re-dealt for that
seat, so a rare world can be missed). Such an action, and so everything before it, cannot be
taken back. A chance outcome is never taken back, so it is not said to reveal anything.

>>> import towers
>>> game = towers.make("torres", players=2, variant="master")
>>> state = game.new_initial_state()
>>> seen_by(state, state.legal_actions()[0], random.Random(0)) is None
True
"""

from __future__ import annotations

import json
import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from towers.core.game import CHANCE, PUBLIC, Disclosure, Game, State

EVERYBODY = "*"
"""The stored form (:func:`to_text`) of an action everybody, spectators too, may read."""

Seen = frozenset[int] | None
"""The seats that may read an action, or None when everybody (the spectator too) may."""

View = Callable[[State, int | None], object]
"""A stand-in for ``State.observation`` (see :func:`seen_in_truth`)."""

WORLDS = 4
"""Re-dealt worlds tried per seat when deciding who may read an action."""

REVEAL_WORLDS = 8
"""Re-dealt worlds tried per seat when deciding whether an action revealed something."""


def seen_by(pre: State, action: int, rng: random.Random) -> Seen:
    """Who may read ``action`` (taken in ``pre``) in words: None for everybody, spectators
    included, else the seats that may (its actor always among them). The game's own
    :meth:`~towers.core.game.State.disclosure` when it gives one, else sampled."""
    if not pre.game.has_hidden_information():
        return None
    declared = pre.disclosure(action)
    if declared is not None:
        return declared.readers
    return sampled_seen_by(pre, action, rng)


def sampled_seen_by(pre: State, action: int, rng: random.Random, worlds: int = WORLDS) -> Seen:
    """:func:`seen_by` worked out on ``worlds`` worlds re-dealt for each seat: a seat is left
    out once one world shows it the same after another action, so more worlds can only
    leave out more seats."""
    game = pre.game
    actor = pre.current_player()
    after = pre.clone()
    after.apply_trusted(action)
    viewers: list[int | None] = [s for s in range(game.num_players) if s != actor]
    viewers.append(None)
    targets = {v: after.observation(v) for v in viewers}
    # the viewers that still tell the action apart; in the true state one copy per other
    # action serves them all
    apart = set(viewers)
    _confuse(pre, action, apart, targets)
    for seat in [v for v in viewers if v is not None and v in apart]:
        for _ in range(worlds):
            _confuse(pre.determinize(seat, rng), action, apart, {seat: targets[seat]})
            if seat not in apart:
                break
    seers = frozenset(s for s in range(game.num_players) if s == actor or s in apart)
    if len(seers) == game.num_players and None in apart:
        return None
    return seers


def seen_in_truth(pre: State, action: int, view: View | None = None) -> Seen:
    """Who may read ``action``, judged in the true state alone: its actor, and each seat
    that no other legal action leaves seeing the same; None when even the spectator tells it
    apart. Exact for an action whose legality and effect owe nothing to what is hidden (a
    Beast's path, two of which may end alike), in a game where each seat's view holds the
    spectator's: a game's :meth:`~towers.core.game.State.disclosure` may answer with it.
    ``view(state, seat)``, when given, stands for ``state.observation(seat)``: anything equal
    exactly when the observations are, and cheaper to make."""
    look = view or _observation
    after = pre.clone()
    after.apply_trusted(action)
    target = look(after, None)
    twins = []
    for other in pre.legal_actions():
        if other != action:
            copy = pre.clone()
            copy.apply_trusted(other)
            if look(copy, None) == target:
                twins.append(copy)
    if not twins:
        return None  # the spectator tells it apart, so each seat does, seeing more
    actor = pre.current_player()
    seers = {actor} if actor >= 0 else set()
    for seat in range(pre.game.num_players):
        if seat != actor:
            mine = look(after, seat)
            if all(look(twin, seat) != mine for twin in twins):
                seers.add(seat)
    return frozenset(seers)


def open_disclosure(pre: State, action: int, view: View | None = None) -> Disclosure:
    """The :class:`~towers.core.game.Disclosure` of an action that owes nothing to what is
    hidden: read as :func:`seen_in_truth` says, revealing nothing."""
    seen = seen_in_truth(pre, action, view)
    return PUBLIC if seen is None else Disclosure(seen)


def _observation(state: State, seat: int | None) -> object:
    return state.observation(seat)


def to_text(seen: Seen) -> str:
    """``seen`` as stored: ``"*"`` for everybody, else a JSON list of seats."""
    return EVERYBODY if seen is None else json.dumps(sorted(seen))


def can_read(seen: str, seat: int | None) -> bool:
    """True when ``seen`` (a value of :func:`to_text`) lets ``seat`` (None: spectator) read it."""
    if seen == EVERYBODY:
        return True
    return seat is not None and seat in json.loads(seen)


def _confuse(
    world: State, action: int, apart: set[int | None], targets: Mapping[int | None, object]
) -> None:
    """Drop from ``apart`` each viewer in ``targets`` that sees, after some other action of
    ``world``, what it sees after ``action`` in truth."""
    watching = [v for v in targets if v in apart]
    for other in world.legal_actions():
        if not watching:
            return
        if other == action:
            continue
        copy = world.clone()
        copy.apply_trusted(other)
        for v in watching:
            if copy.observation(v) == targets[v]:
                apart.discard(v)
        watching = [v for v in watching if v in apart]


def reveals(pre: State, action: int, rng: random.Random, worlds: int = REVEAL_WORLDS) -> bool:
    """True when taking ``action`` in ``pre`` showed some seat something it could not see:
    the game's own :meth:`~towers.core.game.State.disclosure` when it gives one, else
    sampled (:func:`sampled_reveals`). A chance outcome reveals nothing (it is never taken
    back)."""
    game = pre.game
    if not game.has_hidden_information() or pre.current_player() == CHANCE:
        return False
    declared = pre.disclosure(action)
    if declared is not None:
        return declared.reveals
    return sampled_reveals(pre, action, rng, worlds)


def sampled_reveals(
    pre: State, action: int, rng: random.Random, worlds: int = REVEAL_WORLDS
) -> bool:
    """Whether ``action`` reveals something, worked out on ``worlds`` worlds re-dealt for
    each seat: a seat learns something when what it observes afterwards rules out a world it
    held possible before, i.e. in a re-dealt world no action at all (the same one first, as
    the actor decides in every world alike) would have shown it the same thing. More worlds
    can only find more."""
    game = pre.game
    actor = pre.current_player()
    after = pre.clone()
    after.apply_trusted(action)
    # the other seats first: what an action reveals, it most often reveals to them
    for seat in sorted(range(game.num_players), key=lambda s: s == actor):
        target = after.observation(seat)
        for _ in range(worlds):
            if rules_out(pre.determinize(seat, rng), action, seat, target, actor):
                return True
    return False


def rules_out(world: State, action: int, seat: int, target: object, actor: int) -> bool:
    """Whether ``seat``, seeing ``target`` after ``actor`` took ``action``, knows it is not in
    ``world`` (a world it held possible before): there no action at all, the same one first,
    would have shown it the same."""
    if _shows(world, action, seat, target):
        return False
    return seat == actor or not any(
        _shows(world, other, seat, target) for other in world.legal_actions() if other != action
    )


def _shows(world: State, action: int, seat: int, target: object) -> bool:
    if not world.is_legal(action):
        return False
    copy = world.clone()
    copy.apply_trusted(action)
    return copy.observation(seat) == target


def state_at(game: Game, history: Sequence[int], ply: int) -> State:
    """The state after the first ``ply`` actions of ``history`` (taken from the log, so legal)."""
    state = game.new_initial_state()
    for action in history[:ply]:
        state.apply_trusted(action)
    return state


def compute_seen(
    game: Game,
    history: Sequence[int],
    plies: Sequence[int],
    known_states: Mapping[int, State],
    seed: int,
) -> dict[int, str]:
    """``seen_by`` of the actions at ``plies``, replaying the game where no state before them
    is at hand in ``known_states`` (ply -> the state before that ply's action), from the
    latest known state before them (copied: the known states are not changed)."""
    out: dict[int, str] = {}
    state: State | None = None
    at = 0
    for ply in sorted(plies):
        pre = known_states.get(ply)
        if pre is None:
            if state is None or at > ply:
                earlier = [k for k in known_states if k <= ply]
                if earlier:
                    at = max(earlier)
                    state = known_states[at].clone()
                else:
                    state, at = game.new_initial_state(), 0
            while at < ply:
                state.apply_trusted(history[at])
                at += 1
            pre = state
        rng = random.Random(f"{seed}:seen:{ply}")
        out[ply] = to_text(seen_by(pre, history[ply], rng))
    return out


# ---- the recent actions as a seat may read them ---------------------------------------------


@dataclass(frozen=True)
class Told:
    """One action of a game's history with who may read it: what a view may say of it."""

    ply: int
    """Its place in the history, from 0."""
    actor: int
    """The seat that took it, or CHANCE."""
    action: int
    seen: Seen
    """Who may read it (:func:`seen_by`): None for everybody."""

    def is_read_by(self, seat: int | None) -> bool:
        """True when ``seat`` (None: the spectator) may read the action in words."""
        return self.seen is None or (seat is not None and seat in self.seen)


RECENT_KEPT = 256
"""How many replayed positions :func:`recent` keeps, so that a game that goes on one action
at a time is not replayed from its start at every view."""

_kept: OrderedDict[tuple[object, ...], State] = OrderedDict()
_kept_lock = threading.Lock()


def recent(state: State, count: int) -> list[Told]:
    """The last ``count`` actions of ``state``'s history, oldest first, each with who may read
    it: the one source of what a view may tell of the history (a board's "lately" line, an
    announcement), so that an action hidden from a seat is never named on that seat's screen.

    Who may read each is :func:`seen_by` asked of the position before it, drawn from the seed
    the terminal's log uses, so a view and the log agree. The positions are found by
    replaying the game, from one kept by an earlier call where there is one.

    >>> import towers
    >>> game = towers.make("torres", players=2, variant="master")
    >>> state = game.new_initial_state()
    >>> for _ in range(3):
    ...     state.apply_action(state.legal_actions()[0])
    >>> [(t.ply, t.is_read_by(None)) for t in recent(state, 2)]
    [(1, True), (2, True)]
    """
    history = state._history
    start = max(0, len(history) - max(0, count))
    if start == len(history):
        return []
    game = state.game
    hidden = game.has_hidden_information()
    pre = _position(game, history, start)
    out: list[Told] = []
    for ply in range(start, len(history)):
        action = history[ply]
        rng = random.Random(f"{ply}:{action}")
        seen = seen_by(pre, action, rng) if hidden else None
        out.append(Told(ply, pre.current_player(), action, seen))
        pre.apply_trusted(action)
    return out


def _game_key(game: Game) -> tuple[object, ...]:
    return (type(game), game.num_players, json.dumps(dict(game.options), sort_keys=True))


def _position(game: Game, history: Sequence[int], ply: int) -> State:
    """A fresh copy of the position after ``history[:ply]``, from a kept one where one lies
    close behind it; the position at ``ply`` is kept for the next call."""
    key = _game_key(game)
    state: State | None = None
    at = 0
    with _kept_lock:
        for back in range(0, 16):
            if ply - back < 0:
                break
            found = _kept.get((key, tuple(history[: ply - back])))
            if found is not None:
                state, at = found.clone(), ply - back
                break
    if state is None:
        state = game.new_initial_state()
    for action in history[at:ply]:
        state.apply_trusted(action)
    with _kept_lock:
        _kept[(key, tuple(history[:ply]))] = state.clone()
        _kept.move_to_end((key, tuple(history[:ply])))
        while len(_kept) > RECENT_KEPT:
            _kept.popitem(last=False)
    return state
