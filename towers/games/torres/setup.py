"""Torres, Preparation (the starting castles, each player's first knight, the King's first
castle, the action card decks) and Master Version: Initial placement of the castles and the
master card drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.core.components import Deck
from towers.games.torres import actions as A
from towers.games.torres.board import castle_heights, label_castles, manhattan
from towers.games.torres.steps import (
    S_MASTER_DRAW,
    S_SETUP_CASTLE,
    S_SETUP_KING,
    S_SETUP_KNIGHT,
)

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresGame, TorresState

SQ = A.SQUARES


def starting_fields(game: TorresGame) -> dict[str, Any]:
    """The fields of a new game: the 8 castles' foundations (none in the master version),
    the supply, and the action cards (each player's deck, one common deck, or in the master
    version every card in hand)."""
    n = game.num_players
    d = game.data
    h = [0] * SQ
    supply = d.tower_blocks
    if not game.is_master:
        for s in game.layout:
            h[s] = 1
        supply -= len(game.layout)
    cid, areas = label_castles(h)
    if game.is_master:
        hands = [[d.copies_per_color] * A.CARD_KINDS for _ in range(n)]
        decks: list[Deck] = []
    else:
        hands = [[0] * A.CARD_KINDS for _ in range(n)]
        if game.is_common:
            decks = [Deck.of_counts([d.copies_per_color * d.colors] * A.CARD_KINDS)]
        else:
            decks = [Deck.of_counts([d.copies_per_color] * A.CARD_KINDS) for _ in range(n)]
    return {
        "heights": h,
        "occupants": [-1] * SQ,
        "castle_of": cid,
        "surface_areas": areas,
        "castle_heights": castle_heights(h, cid, len(areas)),
        "knights": [[] for _ in range(n)],
        "score": [0] * n,
        "stacks": [[] for _ in range(n)],
        "supply": supply,
        "hands": hands,
        "decks": decks,
        "played_cards": [[0] * A.CARD_KINDS for _ in range(n)],
    }


def first_step(state: TorresState) -> None:
    """The first decision: the first knights, or in the master version the master card
    (drawn, unless the options name it) and then the castles."""
    if state.game.is_master:
        card = state.game.options["master_card"]
        if card is None:
            state.step = S_MASTER_DRAW
        else:
            state.master_card = A.MASTER_KEYS.index(card)
            state.step = S_SETUP_CASTLE
    else:
        state.step = S_SETUP_KNIGHT


def draw_master_card(state: TorresState, card: int) -> None:
    """Master Version, The master cards: the card drawn for the game."""
    state.master_card = card
    state.step = S_SETUP_CASTLE


def free_castle_squares(state: TorresState) -> list[int]:
    """Squares of castles on which no piece stands yet (setup)."""
    castle_of = state.castle_of  # -1 exactly on the squares with no tower block
    occupants = state.occupants
    taken = {castle_of[s] for s, piece in enumerate(occupants) if piece != -1}
    return [
        s
        for s, castle in enumerate(castle_of)
        if castle >= 0 and castle not in taken and occupants[s] == -1
    ]


def setup_knight(state: TorresState, s: int) -> None:
    """Each player in turn places a first knight on an empty castle; then the last player
    places the King."""
    n = state.game.num_players
    state._put_knight(state.deciding_player, s)
    state.placed_in_setup += 1
    if state.placed_in_setup == n:
        state.step = S_SETUP_KING
        state.deciding_player = n - 1
    else:
        state.deciding_player = state.placed_in_setup


def castle_setup_distance(state: TorresState) -> int:
    """The distance a new starting castle keeps from the others (master version).

    The rulebook asks for 3; when earlier placements leave no such square, the largest
    distance still possible is used (designed: the rulebook does not say)."""
    castles = [s for s in range(SQ) if state.heights[s]]
    for need in range(state.game.data.master_min_distance, 1, -1):
        if any(
            all(manhattan(s, c) >= need for c in castles) for s in range(SQ) if not state.heights[s]
        ):
            return need
    return 2


def castle_setup_squares(state: TorresState) -> list[int]:
    """Master Version, Initial placement of the castles: the squares a castle may go on."""
    castles = [s for s in range(SQ) if state.heights[s]]
    need = castle_setup_distance(state)
    return [
        s
        for s in range(SQ)
        if not state.heights[s] and all(manhattan(s, c) >= need for c in castles)
    ]


def setup_castle(state: TorresState, s: int) -> None:
    """Master Version, Initial placement of the castles: the players in turn place the 8
    foundations; then the first knights."""
    state.heights[s] = 1
    state.supply -= 1
    state._relabel()
    state.placed_in_setup += 1
    if state.placed_in_setup == 8:
        state.placed_in_setup = 0
        state.deciding_player = 0
        state.step = S_SETUP_KNIGHT
    else:
        state.deciding_player = state.placed_in_setup % state.game.num_players
