"""Many games of Towers of Sifnos stepped together: the batch engine (see :mod:`towers.core.batch`).

A first engine, not yet the rules written again over flat arrays: each game of the batch is a
one-game :class:`~towers.games.sifnos.rules.SifnosState`, which this module steps below the
public API, in a loop that its compiled twin ``batch_c`` (built from this text with the C
types of ``batch.pxd``, see :mod:`towers.core.compiled`) runs in C:

- a decision's legal actions are those the state kept from settling, else the compiled
  ``legality``'s; a chance node takes one float of the game's generator and its outcome is
  picked by ``legality.sample_chance`` (the state's ``_sample_chance``: the walk of
  :func:`towers.core.chance.sample_chance`, ``acc += p; if r < acc``, without a list);
- the commonest decisions and chances (a card drawn, a Die rolled, a Tower drawn, a card paid,
  given or placed, a major action chosen, a column's effect used, a Die or a Tower placed, a
  Die adjusted or built, a Soldier moved, a decision done) are carried out here as their rules
  carry them out (:func:`carried_out`, calling the rules' own functions for their effects),
  and the steps after them settled here (:func:`settle`); any other action goes to the
  state's ``_apply``.

So it plays every option (1-4 players, the solo game, 2 Player vs Solo Rules) exactly as the
one-game engine does, the same state after every action, which
``tests/games/sifnos/test_batch.py`` checks field by field; it saves the public API's Python
around each action and the decoding and dispatch of the commonest ones (about 1.4 times the
one-game engine's actions a second; the rules over arrays are what remains). Each game's
``random.Random`` is kept and its bound ``random`` called from here (``reset`` makes
``random.Random(seed)`` for an int seed). ``heuristics`` and ``observation_tensor`` read the
game's state (there is no array to read them from yet).

:func:`engine_for` answers None unless ``TOWERS_SIFNOS_BATCH=1`` is set (which
``bench/batch.py`` finds through it): loading a state clones it, which a search's rollouts
played on the state itself do not pay, so mcts's rollouts would be no faster in it; it is
offered to :func:`towers.core.batch.rollouts_for`, ``towers simulate`` and the vector
environments only when asked for, until the rules over arrays replace it.
"""

from __future__ import annotations

import os
import random
from bisect import insort
from collections.abc import Sequence
from typing import Any

from towers.core.compiled import twin
from towers.core.game import TERMINAL
from towers.games.sifnos import frames as F
from towers.games.sifnos import legality as plain_legality
from towers.games.sifnos.actions import (
    A_ADJUST,
    A_DISCARD,
    A_GIVE,
    A_MAJOR,
    A_MOVE_SOLDIER,
    A_PLACE_CARD,
    A_USE_CARD,
    A_USE_PRINTED,
    DATA,
    DONE,
    SPACE,
    Build,
    DrawCard,
    DrawTower,
    PlaceDie,
    PlaceTower,
)
from towers.games.sifnos.board import N_CARDS, PLACE_DIE_BIT, PLACE_TOWER_BIT, PRINTED_BIT
from towers.games.sifnos.buildings import built
from towers.games.sifnos.cards import give, place_card, take_discounts
from towers.games.sifnos.construct import place_tower
from towers.games.sifnos.defend import defend
from towers.games.sifnos.effects import trigger
from towers.games.sifnos.influence import influence_step
from towers.games.sifnos.invest import place_die
from towers.games.sifnos.major_actions import use
from towers.games.sifnos.muster import move_soldier
from towers.games.sifnos.recoup import recoup
from towers.games.sifnos.rules import CHANCE_TYPES, ROLL_OUTCOMES, STEPS, VALUES
from towers.games.sifnos.turn import next_turn

legality = twin(plain_legality)  # the compiled legal actions when built, as the rules use

ENV = "TOWERS_SIFNOS_BATCH"
"""Set to 1 to have :func:`engine_for` answer the engine (see the module docstring)."""

DRAW_BASE = SPACE.base(DrawCard)
ROLL_BASE = ROLL_OUTCOMES[0][0]
DRAW_KIND = F.Draw
ROLL_KIND = F.Roll
PAY_KIND = F.Pay
MAJORS_KIND = F.Majors
PREPARE_KIND = F.Prepare
COLUMN_KIND = F.Column
CARD_MINERAL = [card.mineral for card in DATA.cards]
CARD_KIND = [card.kind for card in DATA.cards]
CARD_DISCARD = [card.discard for card in DATA.cards]
PRINTED_KIND = [effect.id for effect in DATA.printed]
PRINTED_DISCARD = [effect.discard for effect in DATA.printed]
N_PRINTED = len(DATA.printed)
USED_BIT = [1 << b for b in range(PRINTED_BIT + N_PRINTED)]
"""``used``'s bit of each card and printed effect (Python ints: the bits go past 64)."""
USING = frozenset([F.Prepare, F.Column, F.RecoupChoice])
"""The decisions whose answers include using a column's effects (major_actions._use_effect)."""
DONE_POPS = frozenset([F.AdjustDice, F.Soldiers, F.RecoupChoice, F.ShipChoice, F.Triggered])
"""The decisions that ``done`` only pops."""
ANY = -1
DRAW = F.DRAW
ROLL = F.ROLL
PAY = F.PAY
COLUMN = F.COLUMN
GAIN = F.GAIN
ADJUST_KIND = F.AdjustDice
GIVE_KIND = F.GiveCards
WORKSHOP_KIND = F.Workshop
PLACE_DIE = PlaceDie
PLACE_TOWER = PlaceTower
BUILD = Build
GIVE_CARDS = F.GIVE_CARDS
PLACEMENT_KIND = F.Placement
SOLDIERS_KIND = F.Soldiers
SOLDIERS = F.SOLDIERS
MOVE_BASE = min(A_MOVE_SOLDIER.values())
MOVE_CODE = [-1] * (max(A_MOVE_SOLDIER.values()) + 1 - MOVE_BASE)
"""Each MoveSoldier action's (from, to) as from * 256 + to."""
for (_a, _b), _move in A_MOVE_SOLDIER.items():
    MOVE_CODE[_move - MOVE_BASE] = _a * 256 + _b
FAST_CHANCES = frozenset([F.Draw, F.Roll, F.TowerDraw])
"""The chances :func:`chance_done` carries out."""
OFFERED = {F.Workshop: 0, F.ShipChoice: 1, F.AdjustDice: 1, F.Soldiers: 1, F.RecoupChoice: 1}
"""The decisions settling drops when their choices (``done`` first but the Workshop's) offer
nothing more, and else keeps those choices as the legal actions (``rules._offered``)."""
ADJUST_DICE = F.ADJUST_DICE
TOWER_DRAW_KIND = F.TowerDraw
TOWER_DRAW = F.TOWER_DRAW
TOWER_BASE = SPACE.base(DrawTower)
ADJUST_BASE = min(A_ADJUST.values())
ADJUST_CODE = [-1] * (max(A_ADJUST.values()) + 1 - ADJUST_BASE)
"""Each Adjust action's (where, value, direction) as where * 16 + value * 2 + direction."""
for (_w, _v, _d), _a in A_ADJUST.items():
    ADJUST_CODE[_a - ADJUST_BASE] = _w * 16 + _v * 2 + _d
GAIN_KIND = F.Gain
TRIGGER_KIND = F.Trigger
DEFEND_KIND = F.Defend
RECOUP_KIND = F.Recoup
END_TURN_KIND = F.EndTurn


def engine_for(game: Any, size: int) -> SifnosBatch | None:
    """A batch engine of ``size`` games of ``game`` (every option) when ``TOWERS_SIFNOS_BATCH``
    asks for it, else None (see the module docstring)."""
    if os.environ.get(ENV, "") in ("", "0"):
        return None
    return SifnosBatch(game, size)


class SifnosBatch:
    """``size`` games of Towers of Sifnos, stepped together (see the module docstring and
    :class:`towers.core.batch.BatchEngine`)."""

    def __init__(self, game: Any, size: int) -> None:
        if size < 1:
            raise ValueError("a batch holds at least one game")
        self.game = game
        self.size = size
        self.players = game.num_players
        self.states: list[Any] = [None] * size
        self.draws: list[Any] = [None] * size
        self.choosers: list[Any] = [None] * size
        self.starts: list[int] = [0] * size
        self.taken: list[list[int]] = [[0] * self.players for _ in range(size)]
        self.tensor: Any = None

    # ---- the games -----------------------------------------------------------------------
    def reset(
        self,
        seeds: Sequence[int | random.Random],
        choosers: Sequence[Sequence[Any] | None] | None = None,
    ) -> None:
        """New games, the i-th drawing its chance from ``random.Random(seeds[i])`` (or from
        ``seeds[i]`` itself when it is a generator); chance nodes at the start are resolved.
        ``choosers[i]`` gives game i one function a seat, ``pick(count)`` -> the index of the
        legal action that seat takes in :meth:`play_random`."""
        if len(seeds) != self.size or (choosers is not None and len(choosers) != self.size):
            raise ValueError(f"{self.size} seeds (and choosers) are needed, not {len(seeds)}")
        for g in range(self.size):
            seed = seeds[g]
            rng = seed if isinstance(seed, random.Random) else random.Random(seed)
            picks = None if choosers is None else choosers[g]
            self._set(g, self.game.new_initial_state(), rng, picks)

    def _set(self, g: int, state: Any, rng: random.Random, picks: Any) -> None:
        self.states[g] = state
        self.draws[g] = rng.random
        self.choosers[g] = None if picks is None else list(picks)
        self.starts[g] = len(state._history)
        self.taken[g] = [0] * self.players
        play_out(self, g, 0, -1)

    def current_player(self, g: int) -> int:
        """Who decides in game ``g`` (TERMINAL once it is over; never chance, resolved)."""
        state = self.states[g]
        if state.over:
            return TERMINAL
        top: Any = state.pending[-1]
        return int(top.seat)

    def is_terminal(self, g: int) -> bool:
        return bool(self.states[g].over)

    def length(self, g: int) -> int:
        """The actions game ``g`` has played since its reset or load, chance included."""
        return len(self.states[g]._history) - self.starts[g]

    def legal_actions(self, g: int) -> list[int]:
        """The legal actions of game ``g``, in increasing order ([] once it is over)."""
        state = self.states[g]
        if state.over:
            return []
        return list(legal_of(state))

    def legal_mask(self, g: int, mask: Any) -> None:
        """Set ``mask[a]`` to 1 for each legal action ``a`` of game ``g`` (others untouched)."""
        for a in self.legal_actions(g):
            mask[a] = 1

    def apply(self, g: int, action: int) -> None:
        """Apply a legal action to game ``g`` (unchecked), then resolve its chance nodes."""
        state = self.states[g]
        self.taken[g][self.current_player(g)] += 1
        act(state, action)
        play_out(self, g, 0, -1)

    def returns(self, g: int) -> list[float]:
        returns: list[float] = self.states[g].returns()
        return returns

    def decisions(self, g: int) -> list[int]:
        """The decisions each seat of game ``g`` took."""
        return list(self.taken[g])

    def play_random(self) -> list[int]:
        """Play every game to its end at random (see :mod:`towers.core.batch`); their lengths."""
        for g in range(self.size):
            play_out(self, g, -1, -1)
        return [self.length(g) for g in range(self.size)]

    def play(self, g: int, decisions: int, until: int = -1) -> None:
        """Play at most ``decisions`` decisions of game ``g`` (no limit if negative) as
        :meth:`play_random` picks them, and the chance nodes after the last; stop before a
        decision of seat ``until``."""
        play_out(self, g, decisions, until)

    def heuristics(self, g: int) -> list[float]:
        """Every seat's heuristic of game ``g``: ``state.heuristics()`` of its state (read
        from the state, which the engine holds)."""
        values: list[float] = self.states[g].heuristics()
        return values

    def observation_tensor(self, g: int, seat: int, out: Any) -> None:
        """Write into ``out`` the observation tensor of ``seat`` in game ``g``:
        ``tensor.encode(state.observation(seat))`` of its state."""
        if self.tensor is None:
            from towers.core.registry import tensor_of

            self.tensor = tensor_of(self.game)
        out[:] = self.tensor.encode(self.states[g].observation(seat))

    # ---- the one-game state ----------------------------------------------------------------
    def load(
        self,
        g: int,
        state: Any,
        rng: int | random.Random | None = None,
        choosers: Sequence[Any] | None = None,
    ) -> None:
        """Game ``g`` set to a copy of ``state``, drawing its chance from ``rng`` (an int: from
        ``random.Random(rng)``) and picking its decisions by ``choosers`` (:meth:`reset`'s);
        its chance nodes are resolved."""
        game = state.game
        if game is not self.game and game != self.game:
            raise ValueError("the state is of another game than the batch's")
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        self._set(g, state.clone(), rng, choosers)

    def state(self, g: int) -> Any:
        """Game ``g`` as a one-game state (a copy, with an empty history)."""
        copy = self.states[g].clone()
        copy._history = []
        return copy


# ---- playing ---------------------------------------------------------------------------------
def legal_of(state: Any) -> list[int]:
    """The legal actions of the decision on top of ``state`` (not over, not chance): those
    settling kept, else the compiled legality's (the list is the state's: not to be changed)."""
    legal: list[int] | None = state._legal
    if legal is None:
        legal = state._legal = legality.legal_actions(state, state.pending[-1])
    return legal


def act(state: Any, action: int) -> None:
    """``state.apply_trusted(action)``, as it is written."""
    state._legal = None
    state._legal_set = None
    state._apply(action)
    state._history.append(action)


def play_out(e: SifnosBatch, g: int, decisions: int, until: int) -> None:
    """Play game ``g`` to its end, or until ``decisions`` decisions are taken (no limit if
    negative) or seat ``until`` is to decide: a chance node by its probabilities, a decision
    uniformly among the legal actions, one float of the game's generator each (or the seat's
    chooser's pick)."""
    state = e.states[g]
    draw = e.draws[g]
    picks = e.choosers[g]
    taken = e.taken[g]
    history = state._history
    chance_types = CHANCE_TYPES
    while not state.over:
        top = state.pending[-1]
        kind = type(top)
        if kind in chance_types:
            action = legality.sample_chance(state, draw())
            if action < 0:
                raise ValueError("sample_chance needs a chance node")
        else:
            seat = top.seat
            if decisions == 0 or seat == until:
                return
            decisions -= 1
            legal = state._legal
            if legal is None:
                legal = legality.legal_actions(state, top)
            count = len(legal)
            if picks is None:
                i = int(draw() * count)
            else:
                i = picks[seat](count)
            taken[seat] += 1
            action = legal[i]
        state._legal = None
        state._legal_set = None
        if not carried_out(state, top, kind, action):
            state._apply(action)
        history.append(action)


# ---- the commonest decisions and chances, carried out here as their rules do -----------------
def carried_out(state: Any, top: Any, kind: Any, action: int) -> bool:
    """``state._apply(action)`` for the decision or chance ``top`` (of type ``kind``) when it
    is one of the commonest (a card drawn, a Die rolled, a card paid, a major action chosen,
    a column's effect used, a decision done...), written again without decoding the action
    (or decoding it from ``rules.VALUES``); False for the others, which the state applies."""
    if kind in FAST_CHANCES:
        if kind is DRAW_KIND and state.deck.top:
            return False  # a known card on top: Deck.draw takes it
        chance_done(state, top, kind, action)
    elif not decided(state, top, kind, action):
        return False
    settle(state)
    return True


def chance_done(state: Any, top: Any, kind: Any, action: int) -> None:
    """A card drawn, a Die rolled or a Tower drawn (the outcome ``action``), as their rules
    (cards.drawn, invest.rolled, construct.tower_drawn) carry them out."""
    p = state.pending
    if kind is DRAW_KIND:  # cards.drawn
        deck = state.deck
        card = action - DRAW_BASE
        deck.counts[card] -= 1
        seat = top.seat
        if seat < 0:
            state.face_up.append(card)
        else:
            insort(state.hands[seat], card)
        n = top.n
        if n > 1:
            p[-1] = DRAW(seat, n - 1)
        else:
            p.pop()
    elif kind is ROLL_KIND:  # invest.rolled
        seat = top.seat
        state.dice_reserve[seat] -= 1
        (state.workshop if top.workshop else state.dice_supply)[seat].append(action - ROLL_BASE + 1)
        n = top.n
        if n > 1:
            p[-1] = ROLL(seat, n - 1, top.workshop)
        else:
            p.pop()
    elif kind is TOWER_DRAW_KIND:  # construct.tower_drawn
        seat = top.seat
        image = action - TOWER_BASE
        state.tower_reserve[seat][image] -= 1
        state.tower_supply[seat][image] += 1
        n = top.n
        if n > 1:
            p[-1] = TOWER_DRAW(seat, n - 1)
        else:
            p.pop()


def decided(state: Any, top: Any, kind: Any, action: int) -> bool:
    """The commonest decisions answered by ``action``, as their rules carry them out; False
    for the others."""
    p = state.pending
    if kind is ADJUST_KIND and action != DONE:  # invest.decide_adjust
        seat = top.seat
        code = ADJUST_CODE[action - ADJUST_BASE]
        face = (code >> 1 & 7) + 1
        dice = (state.workshop if code >> 4 else state.dice_supply)[seat]
        dice.remove(face)
        dice.append(face + 1 if code & 1 else face - 1)
        n = top.n
        if n > 1:
            p[-1] = ADJUST_DICE(seat, n - 1)
        else:
            p.pop()
    elif kind is GIVE_KIND:  # cards.decide_give
        seat = top.seat
        n = top.n
        if n > 1:
            p[-1] = GIVE_CARDS(seat, top.to, n - 1)
        else:
            p.pop()
        give(state, seat, top.to, action - A_GIVE)
    elif kind is PLACEMENT_KIND:  # cards.decide_placement
        seat = top.seat
        card = action - A_PLACE_CARD
        p.pop()
        state.hands[seat].remove(card)
        price = 0 if top.free else take_discounts(state, card)
        place_card(state, seat, card)
        if price:
            p.append(PAY(seat, CARD_MINERAL[card], price, False))
    elif kind is SOLDIERS_KIND and MOVE_BASE <= action < MOVE_BASE + len(MOVE_CODE):
        code = MOVE_CODE[action - MOVE_BASE]  # muster.decide_soldiers, a Soldier moved
        if code < 0:
            return False
        seat = top.seat
        n = top.moves
        if n > 1:
            p[-1] = SOLDIERS(seat, n - 1, False, False, top.region)
        else:
            p.pop()
        move_soldier(state, seat, code >> 8, code & 255)
    elif kind is COLUMN_KIND and type(VALUES[action]) is PLACE_DIE:  # decide_column
        value = VALUES[action]
        state.used |= USED_BIT[PLACE_DIE_BIT]
        place_die(state, top.seat, value.region, value.value + 1)
    elif kind is COLUMN_KIND and type(VALUES[action]) is PLACE_TOWER:
        value = VALUES[action]
        state.used |= USED_BIT[PLACE_TOWER_BIT]
        place_tower(state, top.seat, value.space, value.image)
    elif kind is WORKSHOP_KIND:  # buildings.decide_build
        value = VALUES[action]
        if type(value) is not BUILD:
            return False
        seat = top.seat
        state.workshop[seat].remove(value.value + 1)
        state.buildings[seat][value.space] = value.value + 1
        built(state, seat, value.space)
    elif kind is PAY_KIND:  # cards.decide_pay
        seat = top.seat
        mineral = top.mineral
        need = top.need
        half = top.half
        card = action - A_DISCARD
        state.hands[seat].remove(card)
        state.discards.append(card)
        if half or mineral == ANY or CARD_MINERAL[card] == mineral:
            need -= 1
            half = False
        else:
            half = True
        if need <= 0 and not half:
            p.pop()
        else:
            p[-1] = PAY(seat, mineral, need, half)
    elif kind is MAJORS_KIND:  # major_actions.decide_majors
        if action == DONE:
            p.pop()
        else:
            major = action - A_MAJOR
            state.majors_done |= 1 << major
            state.used = 0
            state.ignore_image = state.use_network = state.beacon_placed = False
            p.append(COLUMN(top.seat, major))
    elif action == DONE and kind in DONE_POPS:
        p.pop()
    elif kind in USING and A_USE_CARD <= action < A_USE_CARD + N_CARDS:
        card = action - A_USE_CARD  # major_actions._use_effect
        state.used |= USED_BIT[card]
        use(state, top.seat, CARD_KIND[card], CARD_DISCARD[card], DATA.cards[card])
    elif kind in USING and A_USE_PRINTED <= action < A_USE_PRINTED + N_PRINTED:
        effect = action - A_USE_PRINTED
        state.used |= USED_BIT[PRINTED_BIT + effect]
        use(state, top.seat, PRINTED_KIND[effect], PRINTED_DISCARD[effect], None)
    elif action == DONE and kind is PREPARE_KIND:  # major_actions.decide_prepare
        p.pop()
        state.discounts = []
        state.used = 0
    elif action == DONE and kind is COLUMN_KIND:  # major_actions.decide_column
        p.pop()
        state.used = 0
        state.ignore_image = state.use_network = False
    else:
        return False
    return True


def has_cards(deck: Any) -> bool:
    """``deck.has_cards()``, its counts scanned here."""
    if deck.top or deck.bottom:
        return True
    for n in deck.counts:
        if n:
            return True
    return False


def settle(state: Any) -> None:
    """``state._settle()``: the steps on top of the stack carried out until a decision or a
    chance is there, the commonest called here directly, the others by ``rules.STEPS``."""
    p = state.pending
    steps = STEPS
    offered = OFFERED
    choices = legality.CHOICES
    while not state.over:
        top = p[-1]
        kind = type(top)
        if kind is DRAW_KIND:
            if has_cards(state.deck):
                return
        elif kind is ROLL_KIND:
            if state.dice_reserve[top.seat]:
                return
            p.pop()
            continue
        elif kind is GAIN_KIND:
            n = top.n
            if n > 1:
                p[-1] = GAIN(top.seat, top.mineral, n - 1)
            else:
                p.pop()
            influence_step(state, top.seat, top.mineral)
            continue
        elif kind is TRIGGER_KIND:
            p.pop()
            trigger(state, top.seat, top.event, top.region)
            continue
        elif kind is DEFEND_KIND:
            p.pop()
            defend(state, top.seat)
            continue
        elif kind is RECOUP_KIND:
            p.pop()
            recoup(state, top.seat)
            continue
        elif kind is END_TURN_KIND:
            p.pop()
            next_turn(state, top.seat)
            continue
        else:
            least = offered.get(kind, -1)
            if least >= 0:
                out = choices[kind](state, top)
                if len(out) <= least:
                    p.pop()
                    continue
                state._legal = legality.sorted_once(out)
                return
        step = steps.get(kind)
        if step is None or not step(state, top):
            return
