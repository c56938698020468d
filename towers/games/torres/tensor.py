"""Torres's observation tensor, for the learning environments: made from ``observation(seat)``
only, so it holds nothing the seat may not see. Per-seat parts list the observer's own seat
first (the spectator's in seat order); squares run a1, b1, ..., h8 (``y * 8 + x``).
``docs/research.md`` shows the parts for two players."""

from __future__ import annotations

from typing import Any

from towers.core.game import Game
from towers.core.tensors import ObservationTensor, Part, counts, one_hot, rotate_to, scaled
from towers.games.torres.actions import CARD_KEYS, MASTER_KEYS, SIZE, square_name
from towers.games.torres.steps import STEP_NAMES

SQUARES = [square_name(s) for s in range(SIZE * SIZE)]
CARDS = len(CARD_KEYS)
MOST_OF_A_CARD = 4
"""Copies of one action card in the largest deck (the shared deck: one per colour)."""
HEIGHT_SCALE = 16
"""Tower heights are divided by this; a castle is never taller than its area (64 at most)."""
SCORE_SCALE = 100
SCORE_HIGH = 10.0
"""Scores are divided by SCORE_SCALE and stay below SCORE_HIGH (1,000 points)."""
BLOCKS = 92
"""Tower blocks in the box (the data file's supply)."""
KNIGHTS = 6


def torres_tensor(game: Game) -> ObservationTensor:
    n = game.num_players
    decks = {"basic": n, "common_deck": 1, "master": 0}[str(game.options["variant"])]
    sq = len(SQUARES)

    def seats(values: list[Any], o: dict[str, Any]) -> list[Any]:
        return rotate_to(o.get("seat"), values)

    def relative(seat: int | None, o: dict[str, Any]) -> list[float]:
        me = o.get("seat") or 0
        return one_hot(None if seat is None else (seat - me) % n, n)

    def knights(o: dict[str, Any]) -> list[float]:
        out: list[float] = []
        for squares in seats(o["knights"], o):
            out += counts(squares, SQUARES)
        return out

    def castle_planes(o: dict[str, Any]) -> list[float]:
        area = [0.0] * sq
        height = [0.0] * sq
        index = {s: i for i, s in enumerate(SQUARES)}
        for castle in o["castles"]:
            for s in castle["squares"]:
                area[index[s]] = castle["surface_area"] / sq
                height[index[s]] = castle["height"] / HEIGHT_SCALE
        return area + height

    def card_counts(hands: list[dict[str, int]]) -> list[float]:
        out: list[float] = []
        for hand in hands:
            out += [hand.get(c, 0) / MOST_OF_A_CARD for c in CARD_KEYS]
        return out

    def deck_parts(o: dict[str, Any]) -> list[float]:
        out: list[float] = []
        listed = o["deck_sizes"]
        for d in seats(listed, o) if len(listed) == n else listed:
            out += [
                d["cards"] / (CARDS * MOST_OF_A_CARD),
                d["known_on_top"] / CARDS,
                d["known_at_bottom"] / CARDS,
            ]
        return out

    def stacks(o: dict[str, Any]) -> list[float]:
        out: list[float] = []
        for held in seats(o["stacks"], o):
            out += counts(held, [1, 2, 3], scale=4)
        return out

    return ObservationTensor(
        [
            Part("heights", (SIZE, SIZE), f"tower height of each square / {HEIGHT_SCALE}",
                 lambda o: [o["heights"][s] / HEIGHT_SCALE for s in SQUARES], high=4.0),
            Part("castles", (2, SIZE, SIZE), "per square: its castle's surface area / 64, and its castle's height / 16",
                 castle_planes, high=4.0),
            Part("knights", (n, SIZE, SIZE), "per seat (own first): 1 where that seat has a knight",
                 knights),
            Part("king", (SIZE, SIZE), "1 on the King's square", lambda o: counts([o["king"]], SQUARES)),
            Part("scores", (n,), f"per seat (own first): score / {SCORE_SCALE}",
                 lambda o: scaled(seats(o["scores"], o), SCORE_SCALE), high=SCORE_HIGH),
            Part("phase", (3,), "one-hot: the phase (1-3)", lambda o: one_hot(o["phase"] - 1, 3)),
            Part("round", (2,), "the round / 5, and the rounds of this phase / 5",
                 lambda o: [o["round"] / 5, o["rounds"][o["phase"] - 1] / 5]),
            Part("step", (len(STEP_NAMES),), "one-hot: what is being decided",
                 lambda o: one_hot(STEP_NAMES.index(o["step"]), len(STEP_NAMES))),
            Part("to_move", (n,), "one-hot, own seat first: who decides now (none at chance)",
                 lambda o: relative(o["current_player"], o)),
            Part("turn", (n,), "one-hot, own seat first: whose turn it is", lambda o: relative(o["turn"], o)),
            Part("starting_player", (n,), "one-hot, own seat first: who started the round",
                 lambda o: relative(o["starting_player"], o)),
            Part("stacks", (n, 3), "per seat (own first): stacks held of height 1, 2, 3 / 4", stacks),
            Part("supply", (1,), f"tower blocks in the general supply / {BLOCKS}",
                 lambda o: [o["supply"] / BLOCKS]),
            Part("knights_in_supply", (n,), f"per seat (own first): knights not on the board / {KNIGHTS}",
                 lambda o: scaled(seats(o["knights_in_supply"], o), KNIGHTS)),
            Part("turn_state", (6,),
                 "action points left / 10; blocks left in the stack in use / 3 and 1 if none is taken; "
                 "blocks placed / 3; a card played; acquisitions / 2",
                 lambda o: [o["action_points"] / 10,
                            (o["stack_in_use"] or 0) / 3, 1.0 if o["stack_in_use"] is None else 0.0,
                            o["blocks_placed"] / 3, float(o["card_played"]), o["acquisitions"] / 2]),
            Part("hand_sizes", (n,), "per seat (own first): action cards held / 10",
                 lambda o: scaled(seats(o["hand_sizes"], o), CARDS)),
            Part("played_cards", (n, CARDS), "per seat (own first): each action card played / 4",
                 lambda o: card_counts(seats(o["played_cards"], o))),
            Part("hand", (CARDS,), "the observer's action cards / 4 (zeros for a spectator)",
                 lambda o: card_counts([o.get("hand", {})])),
            Part("acquired_this_turn", (CARDS,), "cards the observer acquired this turn / 4",
                 lambda o: card_counts([o.get("acquired_this_turn", {})])),
            Part("drawn", (CARDS,), "cards the observer drew and has not kept or returned / 4",
                 lambda o: counts(o.get("drawn", []), CARD_KEYS, MOST_OF_A_CARD)),
            Part("own_deck", (2, CARDS), "cards the observer put back on top of its deck, and at its bottom / 4",
                 lambda o: counts(o.get("deck_top", []), CARD_KEYS, MOST_OF_A_CARD)
                 + counts(o.get("deck_bottom", []), CARD_KEYS, MOST_OF_A_CARD)),
            Part("decks", (decks, 3), "per action deck (own first, or the shared one): cards left / 40, known on top / 10, known at the bottom / 10",
                 deck_parts),
            Part("master_card", (len(MASTER_KEYS),), "one-hot: the master card (master version)",
                 lambda o: counts([o["master_card"]], MASTER_KEYS)),
            Part("leftovers", (2,), "cards drawn and not yet kept or returned / 4; leftover blocks / 3",
                 lambda o: [o["drawn_count"] / MOST_OF_A_CARD, o["leftover_blocks"] / 3]),
        ]
    )  # fmt: skip
