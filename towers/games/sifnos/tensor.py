"""Towers of Sifnos's observation tensor: a fixed-length vector per player count, made from
``observation(seat)`` only, part by part (see :func:`sifnos_tensor` and its ``describe()``).

Per-side parts list the sides from the observer's own seat on (a spectator's in seat order);
a solo game's Scheme-driven opponent is the side after the last seat. Counts with no printed
limit (cards in hand, rounds, VP) are divided by a scale and capped at 1, which the part's
description says. Cards are the 108 of the data, each one of a kind, so a set of cards is a
0/1 flag per card; the hand is the observer's own only (the others' sizes are public), and
nothing is read from the draw pile but its size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from towers.core.tensors import Observation, ObservationTensor, Part, counts, one_hot, rotate_to
from towers.games.sifnos.actions import DATA
from towers.games.sifnos.data import IMAGES, MINERALS
from towers.games.sifnos.frames import FRAMES as FRAME_KINDS
from towers.games.sifnos.rules import MAX_ROUNDS, SifnosGame

FRAMES = tuple(FRAME_KINDS.by_name)
"""The decision stack's frame kinds, in the order of their one-hot."""
CARDS = {c.id: c.index for c in DATA.cards}
N_CARDS = len(DATA.cards)
REGIONS = len(DATA.regions)
SPACES = len(DATA.spaces)
LARGE = tuple(DATA.provinces[p].id for p in DATA.large)
PROVINCES = tuple(p.id for p in DATA.provinces)
BUILDING_SPACES = tuple(s.id for s in DATA.building_spaces)
TILES = tuple(t.id for t in DATA.tiles)
SHIPS = (*MINERALS, "ally")
PIECES = len(DATA.pieces)
SETUP = DATA.game["setup"]
DICE = int(SETUP["dice"])
TOWERS = int(SETUP["towers"])
SOLDIERS = int(SETUP["soldiers"])
TENTS = int(SETUP["tents"])
PER_IMAGE = max(DATA.towers_by_image)
TRACK = int(DATA.game["influence_track"]["last"])
HAND_SCALE = 30
VP_SCALE = 100
DICE_SCALE = 6
"""Dice of one value in a Supply or Workshop."""
STACK_SCALE = 4
"""Towers in one space's stack."""
BAG_SCALE = 20
"""Ships in the Bag (4 players: 13 and up to 4 Allied Ships)."""
TILE_ROW = 5
"""Scoring Tile spaces: one a player plus one."""
SHIP_SPACES = 4
MARKER_SPACES = tuple(DATA.game["mineral_markers"]["spaces"])
"""The Mineral Marker spaces, in the observation's order."""


def capped(value: float, scale: float) -> float:
    """``value / scale``, kept within 0..1."""
    v = float(value) / scale
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def _flags(ids: Iterable[str], index: dict[str, int], size: int) -> list[float]:
    out = [0.0] * size
    for i in ids:
        out[index[i]] = 1.0
    return out


def _part_order(n: int, o: Observation) -> list[int]:
    seat = o.get("seat")
    return rotate_to(seat if isinstance(seat, int) and 0 <= seat < n else None, range(n))


def _part_first(n: int, o: Observation) -> int:
    """The side listed first: the observing seat's own, or side 0 for a spectator."""
    seat = o.get("seat")
    return seat if isinstance(seat, int) and 0 <= seat < n else 0


def _part_side_hot(
    first: Callable[..., Any], n: int, o: Observation, side: Any, start: int | None = None
) -> list[float]:
    """One-hot of ``side`` among the sides in ``order(o)`` (zeros for no side);
    ``start`` is ``first(o)`` when the caller has it already."""
    out = [0.0] * n
    if not isinstance(side, int) or side < 0:
        return out
    if side >= n:
        raise ValueError(f"no side {side} among {n}")
    out[(side - (first(o) if start is None else start)) % n] = 1.0
    return out


def _part_sides(order: Callable[..., Any], o: Observation) -> list[dict[str, Any]]:
    return [o["sides"][s] for s in order(o)]


def _part_decision(side_hot: Callable[..., Any], o: Observation) -> list[float]:
    frame = o["deciding"] or {}
    kind = frame.get("frame")
    out = [1.0 if kind == f else 0.0 for f in FRAMES]
    return out + side_hot(o, frame.get("seat", frame.get("side")))


def _part_turn(side_hot: Callable[..., Any], o: Observation) -> list[float]:
    return [
        *side_hot(o, o["turn"]),
        capped(o["round"], MAX_ROUNDS),
        1.0 if o["over"] else 0.0,
    ]


def _part_players(
    order: Callable[..., Any], sides: Callable[..., Any], o: Observation
) -> list[float]:
    out: list[float] = []
    for k, side in enumerate(sides(o)):
        inf = side["influence"]
        out.append(1.0 if side["solo_opponent"] else 0.0)
        out.append(capped(side["hand_size"], HAND_SCALE))
        out += [capped(inf[m], TRACK) for m in MINERALS]
        out.append(1.0 if side["ally_on_track"] else 0.0)
        out += counts(side["dice_supply"], range(1, 7), DICE_SCALE)
        out += counts(side["workshop"], range(1, 7), DICE_SCALE)
        out.append(capped(side["dice_reserve"], DICE))
        out += [capped(side["tower_supply"][im], PER_IMAGE) for im in IMAGES]
        out.append(capped(side["tower_reserve"], TOWERS))
        out.append(capped(side["barracks"], SOLDIERS))
        out.append(capped(side["soldier_supply"], SOLDIERS))
        out.append(capped(o["central_soldiers"][order(o)[k]], SOLDIERS))
        out += [capped(side["tents"].get(p, 0), TENTS) for p in PROVINCES]
        tile = side["scoring_tile"]
        out += one_hot(TILES.index(tile) if tile is not None else None, len(TILES))
        out.append(capped(o["scores"][order(o)[k]], VP_SCALE))
    return out


def _part_pieces(sides: Callable[..., Any], o: Observation) -> list[float]:
    out: list[float] = []
    for side in sides(o):
        for face in side["pieces"]:
            out += [1.0 if face < 0 else 0.0, *one_hot(face, 3)]
    return out


def _part_buildings(sides: Callable[..., Any], o: Observation) -> list[float]:
    out: list[float] = []
    for side in sides(o):
        built = side["buildings"]
        out += [built.get(s, 0) / 6 for s in BUILDING_SPACES]
    return out


def _part_placed(sides: Callable[..., Any], o: Observation) -> list[float]:
    out: list[float] = []
    for side in sides(o):
        out += _flags(side["placed"], CARDS, N_CARDS)
    return out


def _part_hand(o: Observation) -> list[float]:
    seat = o.get("seat")
    mine = o["sides"][seat].get("hand", ()) if isinstance(seat, int) else ()
    return _flags(mine, CARDS, N_CARDS)


def _part_regions(
    first: Callable[..., Any], side_hot: Callable[..., Any], o: Observation
) -> list[float]:
    out: list[float] = []
    start = first(o)
    for r in o["regions"]:
        die = r["die"]
        out += side_hot(o, die[0] if die else None, start)
        out.append(die[1] / 6 if die else 0.0)
        out += side_hot(o, r["soldier"], start)
        out += side_hot(o, r["fort"], start)
    return out


def _part_tower_spaces(
    first: Callable[..., Any],
    order: Callable[..., Any],
    side_hot: Callable[..., Any],
    o: Observation,
) -> list[float]:
    out: list[float] = []
    listed = order(o)
    start = first(o)
    for s in o["tower_spaces"]:
        towers = s["towers"]
        has = {side for side, _ in towers}
        out += [1.0 if side in has else 0.0 for side in listed]
        top = towers[-1] if towers else None
        out += side_hot(o, top[0] if top else None, start)
        out += one_hot(IMAGES.index(top[1]) if top else None, len(IMAGES))
        out.append(capped(len(towers), STACK_SCALE))
        out += side_hot(o, s["beacon"], start)
    return out


def _part_ships(o: Observation) -> list[float]:
    out: list[float] = []
    for p in LARGE:
        queue = o["ships"][p]
        for i in range(SHIP_SPACES):
            out += one_hot(SHIPS.index(queue[i]) if i < len(queue) else None, len(SHIPS))
    return out


def _part_table(o: Observation) -> list[float]:
    out = [capped(o["bag"], BAG_SCALE), *one_hot(o["allies"], 4)]
    for m in o["markers"]:
        out += one_hot(MINERALS.index(m) if m is not None else None, len(MINERALS))
    out += one_hot(LARGE.index(o["invaded"]) if o["invaded"] is not None else None, len(LARGE))
    out += [capped(o["deck"], N_CARDS), capped(len(o["discards"]), N_CARDS)]
    return out


def _part_tiles(o: Observation) -> list[float]:
    out: list[float] = []
    row = o["scoring_tiles"]
    for i in range(TILE_ROW):
        tile = row[i] if i < len(row) else None
        out += one_hot(TILES.index(tile) if tile is not None else None, len(TILES))
    return out


def sifnos_tensor(game: SifnosGame) -> ObservationTensor:
    """The tensor of ``game`` (its player count, and the solo opponent, fix the length)."""
    n = game.sides

    order = partial(_part_order, n)
    first = partial(_part_first, n)
    side_hot = partial(_part_side_hot, first, n)
    sides = partial(_part_sides, order)
    decision = partial(_part_decision, side_hot)
    turn = partial(_part_turn, side_hot)
    players = partial(_part_players, order, sides)
    pieces = partial(_part_pieces, sides)
    buildings = partial(_part_buildings, sides)
    placed = partial(_part_placed, sides)
    hand = _part_hand
    regions = partial(_part_regions, first, side_hot)
    tower_spaces = partial(_part_tower_spaces, first, order, side_hot)
    ships = _part_ships
    table = _part_table
    tiles = _part_tiles
    per_side = 1 + 1 + 3 + 1 + 6 + 6 + 1 + len(IMAGES) + 1 + 1 + 1 + 1 + len(PROVINCES)
    per_side += len(TILES) + 1
    return ObservationTensor(
        [
            Part("decision", (len(FRAMES) + n,), "the decision or draw now: its frame kind "
                 "(one-hot, none once over); one-hot: the side that decides (none: zeros)",
                 decision),
            Part("turn", (n + 2,), f"one-hot: the side whose turn it is; the round / "
                 f"{MAX_ROUNDS}, capped; the game over", turn),
            Part("players", (n, per_side), "per side: the solo opponent; cards in hand / "
                 f"{HAND_SCALE} (capped); Lead, Silver, Gold Influence / {TRACK}; its Allied "
                 f"Ship still on the track; Supply Dice and Workshop Dice by value 1-6 / "
                 f"{DICE_SCALE}; Dice in the Reserve / {DICE}; Supply Towers by image / "
                 f"{PER_IMAGE}; Towers in the Reserve / {TOWERS}; Soldiers in the Barracks, the "
                 f"Supply and the central Region / {SOLDIERS}; Tents by Province / {TENTS}; "
                 f"its Scoring Tile (one-hot); VP as they stand / {VP_SCALE}, capped", players),
            Part("pieces", (n, PIECES, 4), "per side, per Fort and Beacon space of the Player "
                 "Board (rows of four): taken; the face there (one-hot: a Fort's Influence, "
                 "card or Soldier move; a Beacon's Lead, Silver or Gold)", pieces),
            Part("buildings", (n, len(BUILDING_SPACES)), "per side, per Building Dice space "
                 "(Gate, Storehouse, Columns, Temple, Obelisk, Theatre): the Die's value / 6 "
                 "(empty: 0)", buildings),
            Part("placed", (n, N_CARDS), "per side: each Card above its Player Board", placed),
            Part("hand", (N_CARDS,), "the observer's own cards in hand (none for a "
                 "spectator)", hand),
            Part("regions", (REGIONS, 3 * n + 1), "per Region: its Die's side (one-hot) and "
                 "value / 6; its Soldier's side; its Fort's side (one-hot each, none: zeros)",
                 regions),
            Part("tower_spaces", (SPACES, 3 * n + len(IMAGES) + 1), "per Tower space: each "
                 "side with a Tower in the stack (covered or not); the top Tower's side and "
                 f"image (one-hot); the stack's height / {STACK_SCALE}, capped; the Beacon's "
                 "side (one-hot)", tower_spaces),
            Part("ships", (len(LARGE), SHIP_SPACES, len(SHIPS)), "per larger Province "
                 "clockwise, per Ship space front first: its Ship (one-hot: Lead, Silver, "
                 "Gold, Allied; empty: zeros)", ships),
            Part("table", (1 + 4 + 3 * len(MARKER_SPACES) + len(LARGE) + 2,), f"Ships in the "
                 f"Bag / {BAG_SCALE}, capped; Allied Ships come (one-hot 0-3); each Mineral "
                 "Marker space's mineral (face-up cards, Scoring Tiles, invasion, Allied Ships "
                 "1-3; one-hot); the Province invaded this turn (one-hot); cards in the draw "
                 f"pile and the discards / {N_CARDS}", table),
            Part("face_up", (N_CARDS,), "each face-up card on the Main Board",
                 lambda o: _flags(o["face_up"], CARDS, N_CARDS)),
            Part("discards", (N_CARDS,), "each card in the discards",
                 lambda o: _flags(o["discards"], CARDS, N_CARDS)),
            Part("scoring_tiles", (TILE_ROW, len(TILES)), "per Scoring Tile space, top first: "
                 "its tile (one-hot; claimed or unused: zeros)", tiles),
        ]
    )  # fmt: skip
