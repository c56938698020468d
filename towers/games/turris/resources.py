"""Resources of Turris: Ichor, Knowledge, Relics, Weaponry (I/K/R/W) and Artifacts, paid and
gained.

General Rules and Concepts: Artifacts (a wild resource, spent instead of any 1 resource);
Complete Mission Step (a reserved Mission costs 1 resource less, of the player's choice);
Errata 3 (steal 1 resource of your choice from the player of your choice); Appendix 1, Solo
Setup 7 (the Betrayers always count as having 1 of each, so a steal from them takes from
the supply)."""

from __future__ import annotations

import functools
from struct import calcsize
from typing import TYPE_CHECKING

from towers.core.actions import Action
from towers.core.compiled import twin
from towers.games.turris import actions as A
from towers.games.turris import interned as _interned
from towers.games.turris.data import TOKENS, Bundle
from towers.games.turris.frames import (
    GainChoice,
    PayChoice,
    unanswered,
)

# frames made once: the compiled twin when built (resources.py is below twins.py)
if TYPE_CHECKING:
    from towers.games.turris.interned import made
else:
    made = twin(_interned).made

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


I, K, R, W, ART = range(5)  # noqa: E741 - the rulebook's letters
"""Indices of ``resources[seat]``: Ichor, Knowledge, Relics, Weaponry, Artifacts."""


LETTER = {t: i for i, t in enumerate(TOKENS)}


BUNDLE_SLOTS = ("A", "I", "K", "R", "W", "any", "counts", "named", "of", "of_index")
EFFECT_SLOTS = ("at", "bundle", "crossroads", "flip", "give", "kind", "n", "of", "play", "steps")
"""A Bundle's and an Effect's slots in the order CPython lays them out (by name): the compiled
twins read them as C fields in this order (``resources.pxd`` declares them so)."""


def laid_out(cls: type, slots: tuple[str, ...], before: int = 0) -> bool:
    """Whether the slots of ``cls`` are ``slots``, in the order CPython lays them out, right
    after the object's header and ``before`` more pointers: the compiled twins are used only
    while each class they read as C fields is laid out so."""
    size = object.__basicsize__ + calcsize("P") * (before + len(slots))
    return tuple(sorted(vars(cls).get("__slots__", ()))) == slots and cls.__basicsize__ == size


BETRAYERS = 1
"""The Betrayers' number where an action names a seat (a steal from them: from the supply)."""


@functools.cache
def ichor(n: int) -> Bundle:
    """A cost of ``n`` Ichor (a Collect's so far)."""
    return Bundle(I=n)


def one_resource_less(cost: Bundle) -> tuple[Bundle, ...]:
    """The costs of a reserved Mission: ``cost`` less one of any resource it names."""
    out = []
    for letter in "IKRW":
        if cost.count(letter):
            less = {x: cost.count(x) - (x == letter) for x in "IKRW"}
            out.append(Bundle(**less, any=cost.any, of=cost.of))
    return tuple(out)


def spend(have: list[int], bundle: Bundle) -> None:
    """Take a payment ``_can_pay`` allowed off the counts ``have`` (I, K, R, W, Artifacts):
    the named resources, Artifacts for what of them is missing and for the Artifacts named,
    the resources of choice from the most plentiful kinds they may be, then Artifacts."""
    artifacts = bundle.A
    for t, need in bundle.named:
        if need > have[t]:
            artifacts += need - have[t]
            have[t] = 0
        else:
            have[t] -= need
    left = bundle.any
    for t in sorted(bundle.of_index, key=lambda t: -have[t]):
        took = min(left, have[t])
        have[t] -= took
        left -= took
    have[ART] = max(0, have[ART] - artifacts - left)


def can_pay(state: TurrisState, seat: int, bundle: Bundle, have: list[int] | None = None) -> bool:
    """Whether ``bundle`` can be paid, Artifacts standing for any missing resource."""
    res = have if have is not None else state.resources[seat]
    missing = bundle.A
    for t, need in bundle.named:
        if need > res[t]:
            missing += need - res[t]
    if bundle.any:
        # the resources of choice come from what is left once the named ones are paid
        counts = bundle.counts
        spare = 0
        for t in bundle.of_index:
            if res[t] > counts[t]:
                spare += res[t] - counts[t]
        missing += max(0, bundle.any - spare)
    return missing <= res[ART]


def pay(state: TurrisState, seat: int, bundle: Bundle, waive: int = 0) -> None:
    """Put the payment of ``bundle`` on the stack (``waive``: letters a reserved Mission leaves
    unpaid)."""
    fixed = "".join(letter * n for letter, n in zip("IKRW", bundle.counts[:4], strict=True))
    state.stack.append(made(PayChoice, seat, fixed + "A" * bundle.A, bundle.any, bundle.of, waive))


def pay_tokens(state: TurrisState, top: PayChoice) -> list[int]:
    res = state.resources[top.seat]
    fixed = top.fixed
    any_n = top.any_n
    of = top.of
    out = []
    if top.waive:
        # the letter left unpaid: any the cost names, if the rest can then be paid
        for letter in sorted(set(fixed) - {"A"}):
            if can_pay_letters(res, fixed.replace(letter, "", 1), any_n, of):
                out.append(LETTER[letter])
        return out
    for t in range(5):
        if res[t] <= 0:
            continue
        rest = rest_after(fixed, any_n, of, t)
        if rest is not None and can_pay_letters(res, rest[0], rest[1], of):
            out.append(t)
    return out


def rest_after(fixed: str, any_n: int, of: str, t: int) -> tuple[str, int] | None:
    """What is left of a payment (``fixed`` letters, ``any_n`` of the letters ``of``) once
    token ``t`` is paid; None if it pays nothing owed."""
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


def after_paying(state: TurrisState, top: PayChoice, t: int) -> PayChoice | None:
    """The payment left once token ``t`` is paid (or, with a waiver, left out)."""
    rest = rest_after(top.fixed, top.any_n, top.of, t)
    if rest is None:
        return None
    return made(PayChoice, top.seat, rest[0], rest[1], top.of, top.waive)


def pay_possible(state: TurrisState, top: PayChoice) -> bool:
    return can_pay_letters(state.resources[top.seat], top.fixed, top.any_n, top.of)


def can_pay_letters(res: list[int], fixed: str, any_n: int, of: str) -> bool:
    """:func:`can_pay` of a payment still owed: the letters ``fixed`` (an ``A`` an Artifact)
    and ``any_n`` of the letters ``of``, from the counts ``res``."""
    counts = [0, 0, 0, 0, 0]
    for x in fixed:
        counts[LETTER[x]] += 1
    missing = counts[ART]
    for t in range(4):
        if counts[t] > res[t]:
            missing += counts[t] - res[t]
    if any_n:
        # the resources of choice come from what is left once the named ones are paid
        spare = 0
        for x in of:
            t = LETTER[x]
            if res[t] > counts[t]:
                spare += res[t] - counts[t]
        missing += max(0, any_n - spare)
    return missing <= res[ART]


def settle_pay(state: TurrisState, top: PayChoice) -> bool:
    """Pay at once what leaves no choice; False when the seat chooses a token."""
    seat = top.seat
    if not top.fixed and not top.any_n:
        state.stack.pop()
        return True
    if top.waive:
        if not pay_tokens(state, top):
            state.stack[-1] = made(PayChoice, seat, top.fixed, top.any_n, top.of, 0)
            return True
        return False  # the player names the resource a reserved Mission waives
    res = state.resources[seat]
    # no choice: no resource of choice owed and no spare Artifact to stand in for one
    # (an Artifact "may be spent instead of any 1 resource": Artifacts)
    spare = res[ART] - top.fixed.count("A")
    no_stand_in = spare <= 0 or not top.fixed.replace("A", "")
    if not top.any_n and no_stand_in and all(res[LETTER[x]] >= top.fixed.count(x) for x in "IKRWA"):
        for x in top.fixed:
            res[LETTER[x]] -= 1
        state.stack.pop()
        return True
    options = pay_tokens(state, top)
    if len(options) == 1:
        pay_one(state, top, options[0])
        return True
    if not options:
        state.stack.pop()  # cannot be paid: checked before, so only a waived remainder
        return True
    return False


def pay_one(state: TurrisState, top: PayChoice, t: int) -> None:
    """Pay (or, with a waiver, leave out) token ``t`` of the payment on top."""
    if top.waive:
        fixed = top.fixed.replace(TOKENS[t], "", 1)
        state.stack[-1] = made(PayChoice, top.seat, fixed, top.any_n, top.of, top.waive - 1)
        return
    nxt = after_paying(state, top, t)
    assert nxt is not None
    state.resources[top.seat][t] -= 1
    state.stack[-1] = nxt


def gain(state: TurrisState, seat: int, bundle: Bundle) -> None:
    """Gain ``bundle``; resources of choice become a decision."""
    res = state.resources[seat]
    for t, n in enumerate(bundle.counts):
        res[t] += n
    if bundle.any:
        state.stack.append(made(GainChoice, seat, bundle.any, bundle.of))


def steal_options(state: TurrisState, seat: int, of: str) -> list[tuple[int, int]]:
    """(resource, victim) of each steal of one of the letters ``of`` open to ``seat``."""
    if state.game.solo:
        # from the Betrayers, who always count as having 1 of each: from the supply
        return [(LETTER[letter], BETRAYERS) for letter in of]
    out = []
    for victim in range(state.game.n_players):
        if victim != seat:
            for letter in of:
                if state.resources[victim][LETTER[letter]] > 0:
                    out.append((LETTER[letter], victim))
    return out


def decide_pay_choice(state: TurrisState, top: PayChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`PayChoice`."""
    match value:
        case A.Token(token=t):
            pay_one(state, top, t)
            return
    raise unanswered(top, value)


def settle_gain_choice(state: TurrisState, top: GainChoice) -> bool:
    """Settle a :class:`GainChoice` that needs no decision; False: it is put to its seat."""
    seat = top.seat
    n = top.n
    of = top.of
    if n <= 0:
        state.stack.pop()
        return True
    if len(of) == 1:
        state.resources[seat][LETTER[of]] += n
        state.stack.pop()
        return True
    return False


def decide_gain_choice(state: TurrisState, top: GainChoice, value: Action) -> None:
    """Apply the answer ``value`` to a :class:`GainChoice`."""
    seat = top.seat
    n = top.n
    of = top.of
    match value:
        case A.Token(token=t):
            state.resources[seat][t] += 1
            state.stack[-1] = made(GainChoice, seat, n - 1, of)
            return
    raise unanswered(top, value)
