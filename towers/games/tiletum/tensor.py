"""Tiletum's observation tensor, for the learning environments: made from ``observation(seat)``
only. Tiletum hides nothing, so it is the whole position: what is printed and the same in
every game (the ``board`` key) is left out, what setup or play changes is in. Per-seat parts
list the observer's own seat first (the spectator's in seat order); a tile is a one-hot over
every tile of the game (``TILES``). ``docs/research.md`` shows the parts for two players."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from towers.core.game import Game
from towers.core.tensors import ObservationTensor, Part, counts, one_hot, padded, rotate_to, scaled
from towers.games.tiletum.actions import COLOURS, DATA
from towers.games.tiletum.data import ACTIONS, FIGURES, RESOURCES
from towers.games.tiletum.frames import DECISIONS

TILES = [k.id for k in DATA.kinds]
TOWNS = [t.id for t in DATA.towns]
SPOTS = list(DATA.spot_ids)
FAIR_TILES = list(DATA.fair_ids)
PHASES = ["setup", "preparation", "action phase", "King phase", "cleanup", "over"]
FRAMES = sorted(DECISIONS.by_name)
ROOMS = [b.rooms for b in DATA.buildings]
MOST_ROOMS = max(ROOMS)
KING_VP = list(DATA.king_track)
KING_START = DATA.king_start
HOUSE_SPACES = 4
BONUS_SPACES = 2
PILLAR_SPACES = 3
OFFER = 5
# Scales of quantities without a fixed most: value / scale, allowed up to HIGH.
VP_SCALE, RESOURCE_SCALE, HIGH = 100, 20, 10.0


def _part_seats(values: Sequence[Any], o: dict[str, Any]) -> list[Any]:
    return rotate_to(o.get("viewer"), values)


def _part_relative(n: int, seat: int | None, o: dict[str, Any]) -> list[float]:
    me = o.get("viewer") or 0
    return one_hot(None if seat is None or seat < 0 else (seat - me) % n, n)


def _part_owner(n: int, relative: Callable[..., Any], value: Any, o: dict[str, Any]) -> list[float]:
    """A space: a seat (own first), free, or not used with this many players."""
    if value == "unused":
        return [0.0] * n + [0.0, 1.0]
    if value is None:
        return [0.0] * n + [1.0, 0.0]
    return relative(value, o) + [0.0, 0.0]


def _part_tile(tile_id: str | None) -> list[float]:
    return counts([tile_id], TILES)


def _part_decision(o: dict[str, Any]) -> list[float]:
    stack = o["decisions"]
    top = stack[-1] if stack else {}
    return (
        counts([top.get("decision")], FRAMES)
        + [len(stack) / 8]
        + counts([top.get("action")], ACTIONS)
        + counts([top.get("figure")], FIGURES)
        + counts([top.get("colour")], COLOURS)
        + [
            top.get("action_points", 0) / 10,
            top.get("steps_left", 0) / 4,
            top.get("count", 0) / 5,
            top.get("value", 0) / 6,
            top.get("amount", 0) / 6,
            float(bool(top.get("from_die"))),
            float(bool(top.get("may_move") or top.get("architect_may_move"))),
            float(bool(top.get("may_place") or top.get("merchant_may_move"))),
        ]
    )


def _part_wheel(o: dict[str, Any]) -> list[float]:
    out: list[float] = []
    for space in o["wheel"]:
        out += counts([space["action"]], ACTIONS)
        out += [space["dice"].get(c, 0) / 5 for c in COLOURS]
    return out


def _part_towns(
    n: int, owner: Callable[..., Any], tile: Callable[..., Any], o: dict[str, Any]
) -> list[float]:
    out: list[float] = []
    for town in o["towns"]:
        houses = town["houses"] + ["unused"] * (HOUSE_SPACES - len(town["houses"]))
        for h in houses:
            out += owner(h, o)
        bonus = list(town["bonus_tiles"]) + [None] * (BONUS_SPACES - len(town["bonus_tiles"]))
        for b in bonus:
            out += tile(b)
        cathedral = town.get("cathedral")
        if cathedral is None:
            out += [0.0] * (5 + PILLAR_SPACES * (n + 2))
            continue
        left = cathedral["tiles_left"]
        out += [
            1.0,
            float(cathedral["unavailable"]),
            (cathedral["cost_stone"] or 0) / 10,
            (cathedral["cost_vp"] or 0) / 10,
            sum(left) / 20,
        ]
        pillars = cathedral["pillars"] + ["unused"] * (PILLAR_SPACES - len(cathedral["pillars"]))
        for p in pillars:
            out += owner(p, o)
    return out


def _part_fairs(o: dict[str, Any]) -> list[float]:
    out: list[float] = []
    for fair in o["fairs"]:
        out += counts([fair["town"]], TOWNS) + counts([fair["tile"]], FAIR_TILES)
        out += [fair["board_vp"] / 5]
    return out


def _part_players(seats: Callable[..., Any], o: dict[str, Any]) -> list[float]:
    out: list[float] = []
    for p in seats(o["players"], o):
        out += [p["vp"] / VP_SCALE]
        out += [p["resources"][r] / RESOURCE_SCALE for r in RESOURCES]
        out += counts(p["storehouse"], TILES, 3)
        for b, building in enumerate(p["buildings"]):
            rooms = [0.0 if r is None else 1.0 for r in building["rooms"]]
            out += padded(rooms, MOST_ROOMS) if b < len(ROOMS) else [0.0] * MOST_ROOMS
            out += [
                float(building["crest"] is not None),
                float(building["roof_house"]),
                float(building["completed"]),
            ]
        out += counts(p["contracts"], TILES, 3)
        out += [p["houses_in_supply"] / 10, p["pillars_in_supply"] / 10]
        out += counts(p["houses_on_map"], TOWNS, 2) + counts(p["pillars_on_map"], TOWNS, 3)
        out += counts([p["merchant"]], SPOTS) + counts([p["architect"]], SPOTS)
        out += [p["bonus_action_points"][a] / 5 for a in ACTIONS if a != "joker"]
        out += counts(p["cathedral_tiles"], TOWNS, 3)
        out += counts(p["dice"], COLOURS, 3)
        out += [(p["king_track"] + KING_START) / (len(KING_VP) - 1)]
    return out


def tiletum_tensor(game: Game) -> ObservationTensor:
    n = game.num_players
    t = len(TILES)
    piles = game.new_initial_state().observation(None)["piles"]  # their sizes at setup

    seats = _part_seats
    relative = partial(_part_relative, n)
    owner = partial(_part_owner, n, relative)
    tile = _part_tile
    decision = _part_decision
    wheel = _part_wheel
    towns = partial(_part_towns, n, owner, tile)
    fairs = _part_fairs
    players = partial(_part_players, seats)
    per_player = (
        1 + len(RESOURCES) + 2 * t + len(ROOMS) * (MOST_ROOMS + 3) + 2 + 2 * len(TOWNS)
        + 2 * len(SPOTS) + (len(ACTIONS) - 1) + len(TOWNS) + len(COLOURS) + 1
    )  # fmt: skip
    per_town = HOUSE_SPACES * (n + 2) + BONUS_SPACES * t + 5 + PILLAR_SPACES * (n + 2)
    per_decision = len(FRAMES) + 1 + len(ACTIONS) + len(FIGURES) + len(COLOURS) + 8
    return ObservationTensor(
        [
            Part("round", (1,), "the round / 4", lambda o: [o["round"] / 4]),
            Part("phase", (len(PHASES),), "one-hot: the phase", lambda o: counts([o["phase"]], PHASES)),
            Part("to_move", (n,), "one-hot, own seat first: who decides now (none at chance)",
                 lambda o: relative(o["to_move"], o)),
            Part("turn_order", (n, n), "for each place in turn order, one-hot of its seat (own first)",
                 lambda o: [v for s in padded_order(o["turn_order"], n) for v in relative(s, o)]),
            Part("decision", (per_decision,),
                 "the decision now: its frame (one-hot), the stack's depth / 8, and its action, figure, "
                 "colour (one-hot), action points / 10, steps left / 4, count / 5, value / 6, "
                 "amount / 6 and yes/no fields", decision),
            Part("die", (1 + 1 + len(COLOURS),), "the die taken this turn: taken, value / 6, colour",
                 lambda o: [0.0] * (2 + len(COLOURS)) if o["die"] is None
                 else [1.0, o["die"]["value"] / 6] + counts([o["die"]["colour"]], COLOURS)),
            Part("wheel", (6, len(ACTIONS) + len(COLOURS)),
                 "each wheel space (values 1-6): its action (one-hot) and dice on it by colour / 5", wheel),
            Part("action_bonus_tiles", (len(ACTIONS), t), "the bonus tile beside each action",
                 lambda o: [v for a in ACTIONS for v in tile(o["action_bonus_tiles"].get(a))]),
            Part("king_tile", (t,), "the bonus tile beside the King track", lambda o: tile(o["king_tile"])),
            Part("king_track", (n, 2), "per seat (own first): its place in the King track's stack from "
                 "the bottom / players, and that space's VP from the least (-4) / 19",
                 lambda o: king_track(o, n)),
            Part("contract_offer", (OFFER, t), "the five contracts on offer, left to right",
                 lambda o: [v for c in padded_ids(o["contract_offer"], OFFER) for v in tile(c)]),
            Part("contract_offer_costs", (OFFER,), "their AP costs / 5",
                 lambda o: scaled(padded(o["contract_offer_costs"], OFFER), 5)),
            Part("character_offer", (OFFER, t), "the five characters on offer",
                 lambda o: [v for c in padded_ids(o["character_offer"], OFFER) for v in tile(c)]),
            Part("piles", (3,), "tiles left in the bonus, contract and character piles / their size",
                 lambda o: [o["piles"][k] / size for k, size in piles.items()]),
            Part("bag", (len(COLOURS),), "dice left in the bag by colour / 10",
                 lambda o: [o["bag"][c] / 10 for c in COLOURS]),
            Part("corruption", (4,), "revealed corruption tokens showing 0, 1, 2 / 3; face down / 3",
                 lambda o: counts(o["corruption_revealed"], [0, 1, 2], 3) + [o["corruption_face_down"] / 3]),
            Part("fairs", (4, len(TOWNS) + len(FAIR_TILES) + 1),
                 "the four fairs in order: town and fair tile (one-hot), the board's VP / 5", fairs),
            Part("towns", (len(TOWNS), per_town),
                 "per town: each house space's owner (own seat first, free, unused), each bonus space's "
                 "tile, and its cathedral (there, unavailable, stone / 10, VP / 10, tiles' VP left / 20, "
                 "each pillar space's owner)", towns),
            Part("players", (n, per_player),
                 f"per seat (own first): VP / {VP_SCALE}; resources / {RESOURCE_SCALE}; storehouse tiles / 3; "
                 "per building its rooms filled, crest, roof house, completed; fulfilled contracts / 3; "
                 "houses and pillars in supply / 10; houses and pillars by town; merchant's and "
                 "architect's spots; bonus AP per action / 5; cathedral tiles taken by town / 3; "
                 "dice taken by colour / 3; King track space from the first (-4) / 14",
                 players, high=HIGH),
        ]
    )  # fmt: skip


def padded_order(order: Sequence[int], n: int) -> list[int | None]:
    return list(order) + [None] * (n - len(order))


def padded_ids(ids: Sequence[str | None], size: int) -> list[str | None]:
    return list(ids) + [None] * (size - len(ids))


def king_track(o: dict[str, Any], n: int) -> list[float]:
    me = o.get("viewer") or 0
    out = [0.0] * (2 * n)
    for place, marker in enumerate(o["king_track"]):
        k = (marker["seat"] - me) % n
        out[2 * k] = (place + 1) / n
        out[2 * k + 1] = (marker["vp"] - KING_VP[0]) / (KING_VP[-1] - KING_VP[0])
    return out
