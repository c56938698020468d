"""Turris's observation tensor: a fixed-length vector per player count, made from
``observation(seat)`` only, part by part (see :func:`turris_tensor` and its ``describe()``).

Per-seat parts list the seats in seat order, or from the viewer's own seat first when the
observation names its ``viewer``. Counts with no printed limit (Prestige, resources, tokens,
rounds, cards in hand) are divided by a scale and capped at 1, which the part's description
says. The Tactics hand is the viewer's own only (others' hand sizes are public); nothing is
read from the Tactics deck but its size.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from towers.core.tensors import Observation, ObservationTensor, Part, one_hot
from towers.games.turris.frames import DECISIONS
from towers.games.turris.rules import (
    D4,
    D12,
    P_BEASTS,
    P_BETRAYERS,
    P_OVER,
    P_SETUP,
    P_TURNS,
    TurrisGame,
)

PHASES = (P_SETUP, P_TURNS, P_BETRAYERS, P_BEASTS, P_OVER)
FRAMES = tuple(DECISIONS.by_name)
"""The decision frame kinds, in the order of their one-hot."""
ROUND_SCALE = 400
"""Rounds (the game's length bound allows 400)."""
PRESTIGE_SCALE = 60
RESOURCE_SCALE = 12
TOKEN_SCALE = 8
HAND_SCALE = 8
ACTIONS_SCALE = 6
DEPTH_SCALE = 16
SCOUTS = 4
"""Scouts per player (Setup step 13): the scale of Scout counts."""


def capped(value: float, scale: float) -> float:
    """``value / scale``, kept within 0..1."""
    v = float(value) / scale
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def _seat_order(o: Observation, n: int) -> list[int]:
    """The seats in the order per-seat parts list them (the viewer's first, if named)."""
    me = o.get("viewer")
    me = me if isinstance(me, int) and 0 <= me < n else 0
    return [(me + k) % n for k in range(n)]


def _seat_hot(o: Observation, seat: int | None, n: int) -> list[float]:
    """One-hot of ``seat`` among the seats in listing order (zeros for none)."""
    if seat is None or seat < 0:
        return [0.0] * n
    return one_hot(_seat_order(o, n).index(seat), n)


def _bits(values: Sequence[Any]) -> list[float]:
    return [1.0 if v else 0.0 for v in values]


def _part_decision(n: int, o: Observation) -> list[float]:
    stack = o["stack"]
    top = stack[-1]["frame"] if stack and not o["chance"] else None
    out = [1.0 if o["chance"] else 0.0]
    out += [1.0 if top == f else 0.0 for f in FRAMES]
    out.append(capped(len(stack), DEPTH_SCALE))
    seat = stack[-1].get("seat") if top is not None else None
    return out + _seat_hot(o, seat, n)


def _part_turn(o: Observation) -> list[float]:
    return [
        capped(o["actions_left"], ACTIONS_SCALE),
        1.0 if o["placed_action"] else 0.0,
        1.0 if o["collected"] else 0.0,
        capped(o["gathers"], 2),
        1.0 if o["tactics_played"] else 0.0,
    ]


def _part_scouts(n: int, o: Observation) -> list[float]:
    order = _seat_order(o, n)
    return [capped(row[s], SCOUTS) for row in o["scouts"] for s in order]


def _part_beast_part(nodes: Any, o: Observation) -> list[float]:
    out: list[float] = []
    for at, flipped in zip(o["beast_at"], o["flipped"], strict=True):
        out += one_hot(at, nodes) + [1.0 if at < 0 else 0.0, 1.0 if flipped else 0.0]
    return out


def _part_site_part(sites: Any, o: Observation) -> list[float]:
    out: list[float] = []
    for site, is_open in zip(o["site_at"], o["spot_open"], strict=True):
        out += one_hot(site, sites) + [1.0 if is_open else 0.0]
    return out


def _part_trionfi_part(n: int, trionfi: Any, o: Observation) -> list[float]:
    order = _seat_order(o, n)
    out = [[0.0] * (1 + n) for _ in range(trionfi)]
    for t in o["trionfi_tableau"]:
        if t >= 0:
            out[t][0] = 1.0
    for k, s in enumerate(order):
        for t in o["trionfi_owned"][s]:
            out[t][1 + k] = 1.0
    return [v for row in out for v in row]


def _part_mission_part(missions: Any, n: int, o: Observation) -> list[float]:
    order = _seat_order(o, n)
    out = [[0.0] * (1 + 3 * n) for _ in range(missions)]
    for m in o["missions"]:
        out[m][0] = 1.0
    for k, s in enumerate(order):
        for m in o["reserved"][s]:
            out[m][1 + k] = 1.0
        for m in o["completed"][s]:
            out[m][1 + n + k] = 1.0
        for m in o["ongoing"][s]:
            out[m][1 + 2 * n + k] = 1.0
    return [v for row in out for v in row]


def _part_players(
    council: Any, factions: Any, game: TurrisGame, n: int, o: Observation
) -> list[float]:
    out: list[float] = []
    for s in _seat_order(o, n):
        out.append(capped(o["prestige"][s], PRESTIGE_SCALE))
        out += [capped(x, RESOURCE_SCALE) for x in o["resources"][s]]
        out += [capped(o["reserve"][s], SCOUTS), capped(o["graveyard"][s], SCOUTS)]
        out.append(capped(o["rooms"][s], game.c["tower_rooms"]))
        out.append(capped(o["action_tokens"][s], TOKEN_SCALE))
        out.append(capped(o["hand_sizes"][s], HAND_SCALE))
        out.append(capped(o["grove_room"][s], game.c["grove_tower_room_prestige"]))
        out += one_hot(o["council"][s], council)
        out += one_hot(o["faction"][s], factions)
        out += one_hot(o["side"][s], 2)
    return out


def _part_hand(tactics: Any, o: Observation) -> list[float]:
    out = [0.0] * tactics
    for c in o.get("hand") or ():
        out[c] = 1.0
    return out


def _part_piles(
    missions: Any, sites: Any, tactics: Any, trionfi: Any, o: Observation
) -> list[float]:
    return [
        capped(o["tactics_deck_size"], tactics),
        capped(len(o["tactics_discard"]), tactics),
        capped(_deck_size(o["mission_deck"]), missions),
        capped(_deck_size(o["trionfi_deck"]), trionfi),
        capped(_deck_size(o["site_deck"]), sites),
    ]


def _part_solo(nodes: Any, o: Observation) -> list[float]:
    # zeros in a game with opponents: no Betrayers, no dice
    out = [0.0] * nodes
    for at in o["betrayer_at"]:
        out[at] = 1.0
    out.append(capped(o["betrayer_prestige"], PRESTIGE_SCALE))
    out += _bits(o["damaged"])  # one a Tower Room, in every game
    out += one_hot(o["beast_die"], len(D4.faces))
    card = o["movement_card"]
    out += one_hot(D12.faces.index(card) if card in D12.faces else -1, len(D12.faces))
    return out


def _part_endgame(thresholds: Any, o: Observation) -> list[float]:
    hit = o["thresholds_hit"]
    return [1.0 if t in hit else 0.0 for t in thresholds] + _bits(
        [o["excavation_due"], o["endgame"], o["endgame_in_beasts"]]
    )


def turris_tensor(game: TurrisGame) -> ObservationTensor:
    """The tensor of ``game`` (its player count fixes the length)."""
    n = game.num_players
    d = game.data
    nodes = game.n_nodes
    beasts = len(d.beasts)
    spots = len(game.spots)
    sites = len(d.excavation_sites)
    trionfi = len(d.trionfi)
    missions = len(d.missions)
    tactics = len(d.tactics)
    council = len(d.council)
    factions = len(d.factions)
    altar = len(d.altar)
    thresholds = tuple(game.c["excavation_thresholds"])
    per_player = 1 + 5 + 2 + 1 + 1 + 1 + 1 + council + factions + 2

    decision = partial(_part_decision, n)
    turn = _part_turn
    scouts = partial(_part_scouts, n)
    beast_part = partial(_part_beast_part, nodes)
    site_part = partial(_part_site_part, sites)
    trionfi_part = partial(_part_trionfi_part, n, trionfi)
    mission_part = partial(_part_mission_part, missions, n)
    players = partial(_part_players, council, factions, game, n)
    hand = partial(_part_hand, tactics)
    piles = partial(_part_piles, missions, sites, tactics, trionfi)
    rooms = game.c["trionfi_tableau"]

    solo = partial(_part_solo, nodes)
    endgame = partial(_part_endgame, thresholds)
    return ObservationTensor(
        [
            Part("phase", (len(PHASES),), "one-hot: setup, player turns, Betrayer Phase (solo), "
                 "Beast Phase, over",
                 lambda o: [1.0 if o["phase"] == p else 0.0 for p in PHASES]),
            Part("round", (1,), f"the round / {ROUND_SCALE}, capped at 1",
                 lambda o: [capped(o["round"], ROUND_SCALE)]),
            Part("seats", (3, n), "one-hot per row: the First Player, the Future First Player "
                 "(none: zeros), the seat whose turn it is (none in the Beast Phase)",
                 lambda o: _seat_hot(o, o["first_player"], n) + _seat_hot(o, o["future_first"], n)
                 + _seat_hot(o, o["active"], n)),
            Part("decision", (1 + len(FRAMES) + 1 + n,),
                 "a draw pending; the decision now (one-hot of its frame kind); the stack's depth "
                 f"/ {DEPTH_SCALE}, capped; one-hot: the seat that decides", decision),
            Part("turn", (5,), f"this turn: actions left / {ACTIONS_SCALE} (capped), placed, "
                 "collected, Gather Ichor actions / 2 (capped), a Tactics card played", turn),
            Part("scouts", (nodes, n), f"Scouts per board node, per seat, / {SCOUTS}", scouts),
            Part("beasts", (beasts, nodes + 2), "per Beast (Pain, Delusion, Despair, Harrow): its "
                 "node (one-hot), removed, flipped", beast_part),
            Part("fruit", (nodes,), "one-hot: the Fruit token's node (none: zeros)",
                 lambda o: one_hot(o["fruit"], nodes)),
            Part("altar", (altar,), "one-hot: the Altar token's space", lambda o: one_hot(o["altar"], altar)),
            Part("excavation", (spots, sites + 1), "per Excavation spot A-D: its Site (one-hot, "
                 "none: zeros), whether the spot is open", site_part),
            Part("upgraded", (nodes,), "per node: its Location Upgrade placed",
                 lambda o: _bits(o["upgraded"])),
            Part("trionfi", (trionfi, 1 + n), "per Trionfi card: in the tableau, owned by each seat",
                 trionfi_part),
            Part("missions", (missions, 1 + 3 * n), "per Mission: in the tableau; reserved by, "
                 "completed by, in an Ongoing slot of each seat", mission_part),
            Part("players", (n, per_player), f"per seat: Prestige / {PRESTIGE_SCALE}; I, K, R, W, "
                 f"Artifacts / {RESOURCE_SCALE}; Scouts in reserve and in the Graveyard / {SCOUTS}; "
                 f"Tower Rooms / 6; Additional Action tokens / {TOKEN_SCALE}; Tactics cards in hand "
                 f"/ {HAND_SCALE}; a Grove Tower Room's Prestige due / 5 (each capped); Council spot, "
                 "faction and side (one-hot)", players),
            Part("hand", (tactics,), "the viewer's own Tactics cards (none for a spectator)", hand),
            Part("piles", (5,), "cards left in the Tactics deck, Tactics discards, Mission, Trionfi "
                 "and Excavation Site decks, each / its card count", piles),
            Part("endgame", (len(thresholds) + 3,), "Prestige thresholds reached (10, 20, 30, 40), "
                 "an Excavation change due, the Endgame triggered, triggered in this Beast Phase",
                 endgame),
            Part("solo", (nodes + 1 + rooms + len(D4.faces) + len(D12.faces),), "solo play (zeros "
                 "with opponents): the Betrayers' Scouts per node; their Prestige / "
                 f"{PRESTIGE_SCALE}, capped; a Damaged token per Tower Room; the d4's Beast moving "
                 "now (one-hot, none: zeros); the Beast Movement card's Location number (one-hot "
                 "of 1-12, none: zeros)", solo),
        ]
    )  # fmt: skip


def _deck_size(deck: Sequence[Sequence[int]]) -> int:
    """Cards in a deck given as ``[top, counts, bottom]`` (its JSON form)."""
    top, counts, bottom = deck
    return len(top) + sum(counts) + len(bottom)
