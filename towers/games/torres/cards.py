"""Torres, A player's turn: Acquire action cards and Play an action card; The Action Cards;
Rule Variant, Common action deck; Master Version, Action cards (each player holds all ten,
none acquired)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from towers.games.torres.steps import S_DRAW, S_KEEP, S_RETURN, S_TURN

if TYPE_CHECKING:
    from towers.games.torres.rules import TorresState


def acquire(state: TorresState) -> None:
    """Acquire action cards: 1 AP; draw the cards to choose from (one from the common deck)."""
    state.action_points -= 1
    state.acquisitions += 1
    state.cards_to_draw = 1 if state.game.is_common else state.game.data.acquire_draw
    continue_draw(state)


def continue_draw(state: TorresState) -> None:
    """Draw the cards still to draw whose identity is known; a chance step for the others."""
    deck = state._deck_of(state.turn)
    while state.cards_to_draw > 0 and deck.has_cards() and not deck.needs_chance():
        state.drawn_cards.append(deck.draw())
        state.cards_to_draw -= 1
    if state.cards_to_draw > 0 and deck.has_cards():
        state.step = S_DRAW
        return
    state.cards_to_draw = 0
    state.step = S_KEEP if state.drawn_cards else S_TURN


def draw(state: TorresState, seat: int, card: int) -> None:
    """The card drawn by chance; from the common deck it goes straight to the hand."""
    got = state._deck_of(seat).draw(card)
    if state.game.is_common:
        gain_card(state, seat, got)
        state.cards_to_draw = 0
        state.step = S_TURN
    else:
        state.drawn_cards.append(got)
        state.cards_to_draw -= 1
        continue_draw(state)


def keep(state: TorresState, seat: int, card: int) -> None:
    """Keep one of the cards drawn; the others go back to the deck."""
    state.drawn_cards.remove(card)
    gain_card(state, seat, card)
    state.step = S_RETURN if state.drawn_cards else S_TURN


def put_back(state: TorresState, seat: int, card: int, top: bool) -> None:
    """A drawn card not kept goes back on top of the deck or under it, as the player
    chooses."""
    deck = state._deck_of(seat)
    if top:
        deck.put_top(card)
    else:
        deck.put_bottom(card)
    state.drawn_cards.remove(card)
    if not state.drawn_cards:
        state.step = S_TURN


def gain_card(state: TorresState, seat: int, card: int) -> None:
    state.hands[seat][card] += 1
    state.acquired_this_turn[card] += 1


def use_card(state: TorresState, seat: int, card: int) -> None:
    """Play an action card: from the hand to the seat's played cards, one a turn."""
    state.hands[seat][card] -= 1
    state.played_cards[seat][card] += 1
    state.card_played = True


def extra_action_points(state: TorresState, seat: int, card: int, points: int) -> None:
    """The Action Cards, 6 and 7 action points: the turn has 1 or 2 AP more."""
    use_card(state, seat, card)
    state.action_points += points


def extra_block(state: TorresState, seat: int, card: int, s: int) -> None:
    """The Action Cards, Extra tower block: a block from the supply onto ``s``."""
    use_card(state, seat, card)
    state.supply -= 1
    state._add_block(s)


def block_under(state: TorresState, seat: int, card: int, s: int, source: int) -> None:
    """The Action Cards, Place a tower block under a knight: the block from the stack in use
    (``source`` 0) or from a stack of ``source`` blocks not yet used."""
    use_card(state, seat, card)
    if source == 0:
        state.stack_in_use -= 1
    else:
        st = state.stacks[seat]
        st.remove(source)
        if source > 1:
            st.append(source - 1)
            st.sort(reverse=True)
    state._add_block(s)


def card_move(state: TorresState, seat: int, card: int, a: int, b: int) -> None:
    """The Action Cards that move a knight (Jump up, Diagonal, Jump over, Door climb,
    Relocate): the knight from ``a`` to ``b``."""
    use_card(state, seat, card)
    state._move_knight(seat, a, b)


def move_block(state: TorresState, seat: int, card: int, a: int, b: int) -> None:
    """The Action Cards, Move a tower block: the top block of ``a`` onto ``b``."""
    use_card(state, seat, card)
    state.heights[a] -= 1
    state.heights[b] += 1
    state._relabel()
