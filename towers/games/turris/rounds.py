"""Gameplay: Rounds. A round of Turris is the Player Turn Phase, the Beast Phase and the
Cleanup Phase; solo, the Betrayer Phase comes between the Player Turn Phase and the Beast
Phase (Appendix 1: Solo Rounds)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.core.game import CHANCE, TERMINAL
from towers.games.turris.frames import (
    P_BEASTS,
    P_BETRAYERS,
    P_SETUP,
    P_TURNS,
    BeastTurn,
    EndTurn,
    TacticsDraw,
    Turn,
)

if TYPE_CHECKING:
    from towers.games.turris.rules import TurrisState


STATE_SLOTS = (
    "_history", "_legal", "_legal_set", "action_tokens", "actions_left", "active", "altar",
    "beast_at", "beast_die", "betrayer_at", "betrayer_prestige", "chance", "collected",
    "completed", "council", "damaged", "endgame", "endgame_in_beasts", "excavation_due",
    "faction", "first_player", "flipped", "fruit", "future_first", "game", "game_over",
    "gathers", "graveyard", "grove_room", "hands", "mission_deck", "missions", "movement_card",
    "once_used", "ongoing", "phase", "placed_action", "player_won", "prestige", "reserve",
    "reserved", "resources", "rooms", "round", "scouts", "side", "site_at", "site_deck",
    "spot_open", "stack", "tactics_deck", "tactics_discard", "tactics_played",
    "thresholds_hit", "trionfi_deck", "trionfi_owned", "trionfi_tableau", "turn_index",
    "upgraded",
)  # fmt: skip
"""A TurrisState's slots in the order CPython lays them out (by name): the compiled twins
read them as C fields in this order (``rounds.pxd`` declares them so), and ``rules.py``
binds the twins only while the class's slots are these."""


GAME_SLOTS = (
    "abyss", "adjacent", "altar_beast", "altar_speed", "always_resolvable", "beast_start", "c",
    "checked_effects", "council_levels", "council_next_spots", "crossroads", "damage_order",
    "data", "decide", "distance_tables", "faction_actions", "factions_offered", "gather_bonus",
    "is_location", "mission_costs", "n_nodes", "n_players", "node_ids", "node_immediate",
    "node_limit", "node_number", "node_of_number", "node_where", "nodes", "numbered_nodes",
    "ongoing", "ongoing_of_mission", "ongoing_of_side", "ongoing_of_site", "ongoing_of_trionfi",
    "random_beasts", "removal", "reserved_costs", "revive_bundles", "revive_cost",
    "revive_cost_all_dead", "scout_places", "settle", "site_immediate", "site_limit", "solo",
    "sources", "spot_of", "spots", "src_council", "src_location", "src_mission", "src_side",
    "src_site", "src_tactics", "src_trionfi", "src_upgrade", "tower_need", "triggered_by",
    "used_spots", "values",
)  # fmt: skip
"""A TurrisGame's tables, its slots, in the order CPython lays them out (by name, after the
Game's list of weak references): the compiled twins read them as C fields in this order
(``rounds.pxd`` declares them so)."""


def current_player(state: TurrisState) -> int:
    """The seat deciding now (the top frame's), or CHANCE while a draw waits, or TERMINAL."""
    if state.game_over:
        return TERMINAL
    if state.chance:
        return CHANCE
    return int(state.stack[-1].seat)  # type: ignore[attr-defined]


def legal_actions(state: TurrisState) -> list[int]:
    """State.legal_actions, asking ``game_over`` rather than current_player() whether the
    game is over (the same answer, one call fewer a decision)."""
    legal = state._legal
    if legal is None:
        legal = state._legal = [] if state.game_over else state._legal_actions()
    return legal.copy()


def apply_trusted(state: TurrisState, action: int) -> None:
    """State.apply_trusted, compiled with the rest of this module when built: the legal
    actions kept are dropped, the action applied (:func:`apply`, the State's ``_apply``) and
    written to the history."""
    state._legal = None
    state._legal_set = None
    apply(state, action)
    state._history.append(action)


def apply(state: TurrisState, action: int) -> None:
    """Apply the legal int ``action`` (the State's ``_apply``): a chance outcome, or the answer
    to the decision on top, by its section's rules (``TurrisGame.decide``); then settle what
    follows."""
    g = state.game
    value = g.values[action]
    if state.chance:
        state._apply_chance(value)
    else:
        top = state.stack[-1]
        g.decide[type(top)](state, top, value)
    run(state)


def run(state: TurrisState) -> None:
    """Advance through everything nobody decides, up to a decision, a draw or the end (the
    State's ``_run``): each frame that needs no decision settled by its section's rules
    (``TurrisGame.settle``), a step on when nothing is pending."""
    stack = state.stack
    settlers = state.game.settle
    while not state.game_over:
        if state.chance:
            return
        if state.excavation_due and is_quiet(state):
            state._change_excavation_sites()
            continue
        if stack:
            top = stack[-1]
            settle = settlers.get(type(top))
            if settle is not None and settle(state, top):
                continue
            return
        next_step(state)


def next_step(state: TurrisState) -> None:
    """Move on when nothing is pending: the first round after Setup (step 14's Tactics cards),
    the next turn, the Betrayer or Beast Phase, or the Cleanup Phase."""
    g = state.game
    n = g.n_players
    if state.phase == P_SETUP:
        # Setup step 14: a Tactics card each, in turn order
        for k in range(n):
            state._queue_draw(TacticsDraw((state.first_player + k) % n))
        state.phase = P_TURNS
        state.round = 1
        state.turn_index = 0
        state._start_turn()
    elif state.phase == P_TURNS:
        state.turn_index += 1
        if state.turn_index < n:
            state._start_turn()
        elif g.solo:
            state._check_solo_rooms()
            if not state.game_over:
                state._betrayer_phase()
        else:
            state._beast_phase()
    elif state.phase == P_BETRAYERS:
        # the end of the Betrayer Phase: the Betrayers gain 1 Prestige
        state._score_betrayers(g.c["solo_betrayer_phase_prestige"])
        if not state.game_over:
            state._beast_phase()
    elif state.phase == P_BEASTS:
        state._end_round()


def is_quiet(state: TurrisState) -> bool:
    """Between actions: the current action is fully resolved (Excavation Sites)."""
    return not state.stack or isinstance(state.stack[-1], Turn | EndTurn | BeastTurn)
