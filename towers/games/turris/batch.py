"""Turris's batch engine: many games stepped by index (the protocol of
:class:`towers.core.batch.BatchEngine`), each game a one-game :class:`TurrisState`.

Every mode is played: 1 to 5 players (solo against the Betrayers too) and the random
Beasts' starts. A game is stepped by the one-game rules themselves, called straight: an
action by ``rounds.apply`` and written to the history (``apply_trusted``), the legal
actions by ``legality.legal_actions``, and each chance node by one float of the game's
generator and the outcome ``draws.sample_chance`` picks from it (the state's own sampler,
as :func:`towers.core.chance.sample_chance` asks it). So ``reset(seeds); play_random()``
plays the games ``towers.bench.play_random_game(game, random.Random(seed), trusted=True)``
plays, action for action, without the public path's work around each action (who decides
asked twice, the legal actions kept and copied, the generic sampler, the interpreter's
loop in the compiled twin ``batch_c``, which calls the rules' compiled twins as C
functions). A state loaded is copied into the game's own state in place, list by list
(:func:`copy_into`), cheaper than a clone and its disposal, which a search's rollouts pay
each time.

The rules being the one-game engine's, the games are the same by construction;
``tests/games/turris/test_batch.py`` holds the engine and its twin to the one-game engine
field by field at every decision. Its speed is the one-game engine's, a few per cent
better: the rules run on the state's Python objects, not on arrays of ints.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from towers.core.batch import Chooser, check_state, checked_choosers, chooser_list, generator
from towers.core.game import TERMINAL, Game, State
from towers.games.turris import rules
from towers.games.turris.draws import sample_chance
from towers.games.turris.legality import legal_actions as legal_of
from towers.games.turris.rounds import apply as rules_apply
from towers.games.turris.rules import TurrisState

RULES_COMPILED = rules.rounds.__name__.endswith("_c")
"""Whether the rules run as their compiled twins (``rules.py`` binds them only while the
state's slots are laid out as they read them): the compiled twin of this module calls them
as C functions and reads the state's C fields, so it serves only then."""


def engine_for(game: Game, size: int) -> TurrisBatch:
    """The batch engine of ``size`` games of ``game`` (every player count and option): the
    plain text's when this is the compiled twin and the rules are not compiled."""
    if __name__.endswith("_c") and not RULES_COMPILED:
        from towers.games.turris import batch

        made: TurrisBatch = batch.TurrisBatch(game, size)
        return made
    return TurrisBatch(game, size)


class TurrisBatch:
    """``size`` games of Turris stepped by index, each a one-game state."""

    def __init__(self, game: Game, size: int) -> None:
        if size < 1:
            raise ValueError("a batch holds at least one game")
        self.game = game
        self.size = size
        self.players = game.num_players
        self.states: list[Any] = []
        self.rngs: list[random.Random] = []
        self.choosers: list[list[Chooser] | None] = []
        self.starts: list[int] = []
        self.taken: list[list[int]] = []
        self.tensor: Any = None

    # ---- new games and loaded ones

    def reset(
        self,
        seeds: Sequence[int | random.Random],
        choosers: Sequence[Sequence[Chooser] | None] | None = None,
    ) -> None:
        self.choosers = checked_choosers(self.size, seeds, choosers)
        self.rngs = [generator(s) for s in seeds]
        self.states = [self.game.new_initial_state() for _ in range(self.size)]
        self.starts = [len(s._history) for s in self.states]
        self.taken = [[0] * self.players for _ in range(self.size)]
        for g in range(self.size):
            resolve(self.states[g], self.rngs[g])

    def load(
        self,
        g: int,
        state: State,
        rng: int | random.Random | None = None,
        choosers: Sequence[Chooser] | None = None,
    ) -> None:
        check_state(self.game, state)
        if not self.states:  # the other games need states too
            self.reset(range(self.size))
        copy: Any = self.states[g]
        if alike(copy, state):
            copy_into(copy, state)
        else:
            copy = self.states[g] = state.clone()
        self.rngs[g] = generator(rng)
        self.choosers[g] = chooser_list(choosers)
        self.starts[g] = len(copy._history)
        self.taken[g] = [0] * self.players
        resolve(copy, self.rngs[g])

    # ---- reading a game

    def current_player(self, g: int) -> int:
        return seat_of(self.states[g])

    def is_terminal(self, g: int) -> bool:
        return bool(self.states[g].game_over)

    def length(self, g: int) -> int:
        return len(self.states[g]._history) - self.starts[g]

    def legal_actions(self, g: int) -> list[int]:
        legal: list[int] = self.states[g].legal_actions()
        return legal

    def legal_mask(self, g: int, mask: Any) -> None:
        for a in self.states[g].legal_actions():
            mask[a] = 1

    def heuristics(self, g: int) -> list[float]:
        found: list[float] = self.states[g].heuristics()
        return found

    def observation_tensor(self, g: int, seat: int, out: Any) -> None:
        if self.tensor is None:
            from towers.core.registry import tensor_of

            self.tensor = tensor_of(self.game)
        out[:] = self.tensor.encode(self.states[g].observation(seat))

    def returns(self, g: int) -> list[float]:
        found: list[float] = self.states[g].returns()
        return found

    def decisions(self, g: int) -> list[int]:
        return list(self.taken[g])

    def state(self, g: int) -> State:
        found: State = self.states[g]
        return found

    # ---- playing

    def apply(self, g: int, action: int) -> None:
        state = self.states[g]
        self.taken[g][state.stack[-1].seat] += 1
        step(state, action)
        resolve(state, self.rngs[g])

    def play(self, g: int, decisions: int, until: int = -1) -> None:
        play_out(self, g, decisions, until)

    def play_random(self) -> list[int]:
        lengths = []
        for g in range(self.size):
            play_out(self, g, -1, -1)
            lengths.append(len(self.states[g]._history) - self.starts[g])
        return lengths


def play_out(e: TurrisBatch, g: int, decisions: int, until: int) -> None:
    """Game g of ``e`` played on for ``decisions`` decisions (to its end if negative), or
    until seat ``until`` decides: each decision ``legal[int(draw * len(legal))]`` from the
    game's generator, or its seat's chooser, then the chance nodes that follow."""
    state = e.states[g]
    rng = e.rngs[g]
    draw = rng.random
    picks = e.choosers[g]
    taken = e.taken[g]
    while not state.game_over:
        player = state.stack[-1].seat
        if decisions == 0 or player == until:
            return
        decisions -= 1
        legal = state._legal
        if legal is None:
            legal = legal_of(state)
        count = len(legal)
        if picks is None:
            pick = int(draw() * count)
        else:
            pick = picks[player](count)
        taken[player] += 1
        step(state, legal[pick])
        resolve(state, rng)


def step(state: TurrisState, action: int) -> None:
    """``state.apply_trusted(action)``: the legal actions kept are dropped, the action
    applied (``rounds.apply``), and written to its history."""
    state._legal = None
    state._legal_set = None
    rules_apply(state, action)
    state._history.append(action)


def resolve(state: TurrisState, rng: random.Random) -> None:
    """The chance nodes first in line resolved, each by one float of ``rng`` and the outcome
    the state's sampler picks (:func:`towers.core.chance.sample_chance`), until a decision
    or the end."""
    while state.chance and not state.game_over:
        step(state, sample_chance(state, rng.random()))


def seat_of(state: Any) -> int:
    """Who decides in ``state`` once its chance is resolved, TERMINAL at the end."""
    if state.game_over:
        return TERMINAL
    return int(state.stack[-1].seat)


COPIED = (
    "game", "phase", "round", "first_player", "future_first", "active", "turn_index",
    "chance", "stack", "faction", "side", "scouts", "reserve", "graveyard", "resources",
    "prestige", "council", "rooms", "trionfi_owned", "trionfi_tableau", "upgraded",
    "beast_at", "flipped", "spot_open", "site_at", "fruit", "altar", "thresholds_hit",
    "excavation_due", "endgame", "endgame_in_beasts", "missions", "completed", "ongoing",
    "reserved", "hands", "tactics_discard", "action_tokens", "actions_left", "placed_action",
    "collected", "gathers", "tactics_played", "grove_room", "once_used", "tactics_deck",
    "mission_deck", "trionfi_deck", "site_deck", "game_over", "betrayer_at",
    "betrayer_prestige", "damaged", "beast_die", "movement_card", "player_won", "_history",
    "_legal", "_legal_set",
)  # fmt: skip
"""The fields :func:`copy_into` sets: a TurrisState's slots (the tests hold the two equal)."""


def copy_into(state: Any, source: Any) -> None:
    """``state`` (a game's own state, of the same game as ``source``) made a copy of
    ``source``: every field set to ``source``'s, each list filled in place with its items
    (the frames, being frozen, shared), the kept legal actions dropped (a cache). The rules
    never let two fields share a list, so filling one changes no other."""
    state.game = source.game
    state.phase = source.phase
    state.round = source.round
    state.first_player = source.first_player
    state.future_first = source.future_first
    state.active = source.active
    state.turn_index = source.turn_index
    state.chance[:] = source.chance
    state.stack[:] = source.stack
    state.faction[:] = source.faction
    state.side[:] = source.side
    rows_into(state.scouts, source.scouts)
    state.reserve[:] = source.reserve
    state.graveyard[:] = source.graveyard
    rows_into(state.resources, source.resources)
    state.prestige[:] = source.prestige
    state.council[:] = source.council
    state.rooms[:] = source.rooms
    rows_into(state.trionfi_owned, source.trionfi_owned)
    state.trionfi_tableau[:] = source.trionfi_tableau
    state.upgraded[:] = source.upgraded
    state.beast_at[:] = source.beast_at
    state.flipped[:] = source.flipped
    state.spot_open[:] = source.spot_open
    state.site_at[:] = source.site_at
    state.fruit = source.fruit
    state.altar = source.altar
    state.thresholds_hit[:] = source.thresholds_hit
    state.excavation_due = source.excavation_due
    state.endgame = source.endgame
    state.endgame_in_beasts = source.endgame_in_beasts
    state.missions[:] = source.missions
    rows_into(state.completed, source.completed)
    rows_into(state.ongoing, source.ongoing)
    rows_into(state.reserved, source.reserved)
    rows_into(state.hands, source.hands)
    state.tactics_discard[:] = source.tactics_discard
    state.action_tokens[:] = source.action_tokens
    state.actions_left = source.actions_left
    state.placed_action = source.placed_action
    state.collected = source.collected
    state.gathers = source.gathers
    state.tactics_played = source.tactics_played
    state.grove_room[:] = source.grove_room
    state.once_used[:] = source.once_used
    deck_into(state.tactics_deck, source.tactics_deck)
    deck_into(state.mission_deck, source.mission_deck)
    deck_into(state.trionfi_deck, source.trionfi_deck)
    deck_into(state.site_deck, source.site_deck)
    state.game_over = source.game_over
    state.betrayer_at[:] = source.betrayer_at
    state.betrayer_prestige = source.betrayer_prestige
    state.damaged[:] = source.damaged
    state.beast_die = source.beast_die
    state.movement_card = source.movement_card
    state.player_won = source.player_won
    state._history[:] = source._history
    state._legal = None
    state._legal_set = None


def rows_into(rows: list[list[Any]], source: list[list[Any]]) -> None:
    """Each row of ``rows`` filled with the items of the same row of ``source``."""
    for k in range(len(source)):
        rows[k][:] = source[k]


def deck_into(deck: Any, source: Any) -> None:
    """``deck`` made a copy of the deck ``source``: its top, counts and bottom."""
    deck.top[:] = source.top
    deck.counts[:] = source.counts
    deck.bottom[:] = source.bottom


def alike(state: Any, source: Any) -> bool:
    """Whether :func:`copy_into` may copy ``source`` into ``state``: both TurrisStates (a
    subclass may hold more), with as many rows in their tables (the same player count)."""
    return (
        type(state) is TurrisState
        and type(source) is TurrisState
        and len(state.scouts) == len(source.scouts)
        and len(state.hands) == len(source.hands)
        and state is not source
        and RULES_COMPILED
    )
