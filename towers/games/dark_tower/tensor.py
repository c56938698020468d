"""Return to Dark Tower's observation tensor: a fixed-length vector per player count, made from
``observation(seat)`` only, part by part (see :func:`dark_tower_tensor` and its
``describe()``).

Everything the observation holds is public (the team plays with open hands), so every seat's
vector is the same; the skulls inside the tower count by their public total. Counts with no
printed limit are divided by a scale and capped at 1, which the part's description says.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from towers.core.tensors import Observation, ObservationTensor, Part, one_hot
from towers.games.dark_tower.data import BUILDING_TYPES, DATA, SIDES, STATUSES
from towers.games.dark_tower.frames import FRAMES
from towers.games.dark_tower.rules import DarkTowerGame

FRAME_NAMES = tuple(FRAMES.by_name)
LOCATIONS = {loc.name: i for i, loc in enumerate(DATA.locations)}
N_LOC = len(DATA.locations)
TREASURES = {t.name: i for i, t in enumerate(DATA.treasures)}
COMPANIONS = {c.name: i for i, c in enumerate(DATA.companions)}
QUEST_ITEMS = {q.name: i for i, q in enumerate(DATA.quest_items)}
QUESTS = {q.name: i for i, q in enumerate(DATA.quests)}
GOAL_STEPS = max(len(g.steps) for g in DATA.main_goals)
"""The most steps a main goal has (the goal's part is the same size for every goal)."""
GEAR = [g.name for g in DATA.gear]
POTIONS = [p.name for p in DATA.potions]
BUILDINGS = [
    f"{BUILDING_TYPES[b.type]} of {DATA.locations[b.location].name}" for b in DATA.buildings
]
GLYPHS = ("cleanse", "quest", "battle", "banner", "reinforce")
ROOM_KINDS = 13
WARRIOR_SCALE = 20
SPIRIT_SCALE = 10
MOVE_SCALE = 20
TOKEN_SCALE = 4
SKULLS = int(DATA.game["skulls"]["total"])
MONTHS = int(DATA.game["months"]["count"])
VIRTUES = [k.virtue for k in DATA.kingdoms]
TESTS_OF_KIND = [[q.name for q in DATA.quests if q.kingdom == k] for k in range(len(VIRTUES))]
TEST_SLOT = {name: i for names in TESTS_OF_KIND for i, name in enumerate(names)}
"""A heroic test card's place among the four of its type."""


def capped(value: float, scale: float) -> float:
    v = float(value) / scale
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def _flags(names: Any, index: dict[str, int]) -> list[float]:
    out = [0.0] * len(index)
    for name in names:
        out[index[name]] = 1.0
    return out


def _part_decision(n: int, o: Observation) -> list[float]:
    frame = o["deciding"]
    kind = FRAME_NAMES.index(frame["frame"]) if frame and o["result"] == "playing" else None
    seat = frame.get("seat") if kind is not None else None
    return one_hot(kind, len(FRAME_NAMES)) + one_hot(
        seat if isinstance(seat, int) and seat >= 0 else None, n
    )


def _part_time(n: int, o: Observation) -> list[float]:
    return [
        *one_hot(o["month"] - 1, MONTHS),
        capped(o["turns_left_in_month"], 9),
        *one_hot(o["current"], n),
        float(o["result"] == "won"),
        float(o["result"] == "lost"),
    ]


def _part_turn(o: Observation) -> list[float]:
    t = o["turn"]
    faces = DATA.haggle_faces
    return [
        float(t["banner_used"]), capped(t["moves_left"], MOVE_SCALE), float(t["moved"]),
        float(t["doubled"]), float(t["heroic_done"]), float(t["reinforced"]),
        float(t["traded"]), *one_hot(None if t["haggle"] is None else faces.index(t["haggle"]), 6),
    ]  # fmt: skip


def _part_heroes(o: Observation) -> list[float]:
    out: list[float] = []
    for h in o["heroes"]:
        out += one_hot(LOCATIONS[h["at"]], N_LOC)
        out += [capped(h["warriors"], WARRIOR_SCALE), capped(h["spirit"], SPIRIT_SCALE)]
        out += [capped(h["gear"].get(g, 0), 3) for g in GEAR]
        out += [capped(h["potions"].get(p, 0), 3) for p in POTIONS]
        out += _flags(h["treasures"], TREASURES)
        out += _flags(h["companions"], COMPANIONS)
        out += _flags(h["quest_items"], QUEST_ITEMS)
        out += [capped(len(h["corruptions"]), 3), capped(len(h["virtues"]), 6)]
    return out


def _part_foes(o: Observation) -> list[float]:
    out: list[float] = []
    for f in o["foes"]:
        out += one_hot(STATUSES.index(f["status"]), len(STATUSES))
        at = [0.0] * N_LOC
        for name, count in f["at"].items():
            at[LOCATIONS[name]] = capped(count, TOKEN_SCALE)
        out += at
    return out


def _part_adversary(o: Observation) -> list[float]:
    a = o["adversary"]
    where = LOCATIONS[a["at"]] if a["at"] else None
    card = a["revealed_card"] if a["revealed_card"] >= 0 else None
    return [*one_hot(where, N_LOC), capped(a["cards_left"], 5), *one_hot(card, 4),
            capped(a["rung"], 8)]  # fmt: skip


def _part_buildings(o: Observation) -> list[float]:
    out: list[float] = []
    for name in BUILDINGS:
        skulls = o["buildings"][name]
        out += [0.0, 1.0] if skulls == "destroyed" else [skulls / 3, 0.0]
    return out


def _part_skulls(o: Observation) -> list[float]:
    s = o["skulls"]
    return [capped(s[k], SKULLS) for k in ("supply", "in_tower", "out_of_game", "being_placed")]


def _part_tower(o: Observation) -> list[float]:
    t = o["tower"]
    out: list[float] = []
    for drum in t["drums"]:
        out += one_hot(drum, 4)
    out += [float(s) for s in t["seals"]]
    for g in GLYPHS:
        out += one_hot(SIDES.index(t["glyphs"][g]), 4)
    out.append(float(t["releasing"]))
    return out


def _part_goal(o: Observation) -> list[float]:
    g = o["main_goal"]
    out = one_hot(g["step"], GOAL_STEPS + 1)
    for r, kind in enumerate(g["rooms"]):
        out += one_hot(kind if kind >= 0 else None, ROOM_KINDS)
        out.append(float(g["cleared"] >> r & 1))
    return out


def _part_table(o: Observation) -> list[float]:
    out: list[float] = []
    for t in o["market"]:
        out += one_hot(TREASURES[t] if t else None, len(TREASURES))
    decks = o["decks"]
    out += [capped(decks["treasures"], len(TREASURES)), capped(decks["potions"], 18)]
    out += [capped(decks["corruptions"], len(DATA.corruptions))]
    out += [capped(decks["events"], len(DATA.events))]
    for q in o["monthly_quests"]:
        out += one_hot(QUESTS[q] if q else None, len(QUESTS))
    out += _flags(o["quests_dealt"], QUESTS)
    return out


def _part_race(n: int, o: Observation) -> list[float]:
    out: list[float] = []
    for h in o["heroes"]:
        for kind, virtue in enumerate(VIRTUES):
            name = h["tests"][virtue]
            out += one_hot(TEST_SLOT[name] if name else None, len(TESTS_OF_KIND[kind]))
        out += [float(v in h["tests_done"]) for v in VIRTUES]
        out += [capped(h["amulets"], 4), float(h["eliminated"])]
    return out + one_hot(o["winner"] if o["winner"] >= 0 else None, n)


def dark_tower_tensor(game: DarkTowerGame) -> ObservationTensor:
    """The tensor of ``game`` (its player count fixes the length)."""
    n = game.num_players

    decision = partial(_part_decision, n)
    time = partial(_part_time, n)
    turn = _part_turn
    heroes = _part_heroes
    foes = _part_foes
    adversary = _part_adversary
    buildings = _part_buildings
    skulls = _part_skulls
    tower = _part_tower
    goal = _part_goal
    table = _part_table
    race = partial(_part_race, n)
    rooms = GOAL_STEPS
    per_hero = N_LOC + 2 + len(GEAR) + len(POTIONS) + len(TREASURES) + len(COMPANIONS)
    per_hero += len(QUEST_ITEMS) + 2
    return ObservationTensor(
        [
            Part("decision", (len(FRAME_NAMES) + n,), "the decision or draw now: its frame "
                 "kind (one-hot, none once over); the seat that decides (one-hot, none: zeros)",
                 decision),
            Part("time", (MONTHS + 1 + n + 2,), "the month (one-hot); turns left in it / 9; the "
                 "seat whose turn it is (one-hot); won; lost", time),
            Part("turn", (13,), f"this turn: Banner taken; moves left / {MOVE_SCALE}, capped; "
                 "moved; doubled; heroic action taken; Reinforced; traded; the haggle die's "
                 "face (one-hot, none: zeros)", turn),
            Part("heroes", (n, per_hero), "per seat: its location (one-hot); warriors / "
                 f"{WARRIOR_SCALE} and spirit / {SPIRIT_SCALE}, capped; gear and potions by "
                 "kind / 3; each treasure, companion and quest item held; corruptions / 3; active "
                 "virtues "
                 "/ 6", heroes),
            Part("foes", (3, len(STATUSES) + N_LOC), "per foe (levels 2, 3, 4): its status "
                 f"(one-hot); its tokens on each location / {TOKEN_SCALE}, capped", foes),
            Part("adversary", (N_LOC + 1 + 4 + 1,), "the adversary's location (one-hot, not "
                 "spawned: zeros); its battle cards left / 5; the revealed card (one-hot); the "
                 "advantages on it / 8", adversary),
            Part("buildings", (len(BUILDINGS), 2), "per building: skulls / 3; destroyed",
                 buildings),
            Part("skulls", (4,), f"skulls in the supply, inside the tower, out of the game and "
                 f"being placed, each / {SKULLS}", skulls),
            Part("tower", (12 + 12 + 4 * len(GLYPHS) + 1,), "each drum's rotation (one-hot); "
                 "each opening sealed; the side each glyph faces (one-hot); skulls coming out",
                 tower),
            Part("goal", (rooms + 1 + 5 * (ROOM_KINDS + 1),), "the main goal's steps "
                 "done (one-hot); per room of the current dungeon: what it holds (one-hot, "
                 "the 13th the target; unrevealed: zeros) and cleared", goal),
            Part("table", (3 * len(TREASURES) + 4 + 2 * len(QUESTS) + len(QUESTS),), "the "
                 "market's treasures (one-hot each slot); cards left in the treasure, potion, "
                 "corruption and event decks, each / its size; the month's companion and "
                 "adversary quests (one-hot); the quests dealt", table),
        ]
        + (
            [
                Part("race", (n * (len(QUESTS) + len(VIRTUES) + 2) + n,), "competitive "
                     "game, per seat: each heroic test by type (one-hot among the type's "
                     "cards; hidden or not dealt: zeros); each type completed; Amulets of Hope "
                     "/ 4; eliminated; then the winner (one-hot, none: zeros)", race)
            ]
            if game.competitive
            else []
        )
    )  # fmt: skip
