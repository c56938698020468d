"""The simulated Dark Tower: its drums, seals and glyphs as the reference facts place them, its
releases as chance nodes that sum to 1 and never open a sealed opening, the skulls it keeps
and lets out, and the refusals that leave it unchanged."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from towers.games.dark_tower.tower import (
    BASE,
    DATA_PATH,
    LEVELS,
    OPENINGS,
    SIDES,
    STILL,
    SimulatedTower,
    Tower,
    TowerDataError,
    TowerDevice,
    level_of,
    load,
    side_of,
)

GLYPHS_AT_CALIBRATION = {
    # glyph: (level, side it faces at calibration), reference tower.json, glyphs
    "cleanse": (0, 0),
    "quest": (0, 2),
    "battle": (1, 0),
    "banner": (2, 0),
    "reinforce": (2, 2),
}
DOORS = [BASE + side for side in range(4)]


def settle(tower: Tower, rng: random.Random) -> list[int]:
    """Play the open release out with ``rng``; where skulls came out."""
    out = []
    while tower.is_releasing():
        outcomes = tower.release_outcomes()
        outcome = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        tower.release(outcome)
        if outcome != STILL:
            out.append(outcome)
    return out


def game_step(tower: Tower, rng: random.Random, events: bool = True) -> tuple[int, int]:
    """A turn as a game makes it: a drop and its release, then maybe a drum turning, a glowing
    seal removed or a seal put back, each with its release. Skulls out by the drop, by events."""
    tower.drop()
    by_drop = len(settle(tower, rng))
    by_events = 0
    if events and rng.random() < 0.3:
        tower.rotate(rng.randrange(3), rng.choice((1, 2, 3)))
        by_events += len(settle(tower, rng))
    if events and rng.random() < 0.2 and tower.sealed_openings():
        glow = tower.seal_to_break_outcomes()
        tower.break_seal(rng.choices([o for o, _ in glow], [p for _, p in glow])[0])
        by_events += len(settle(tower, rng))
    if events and rng.random() < 0.05 and tower.open_openings():
        tower.restore_seal(rng.choice(tower.open_openings()))
        by_events += len(settle(tower, rng))
    return by_drop, by_events


def rests(resting: list[int]) -> Tower:
    """A calibrated tower into which skulls were dropped until ``resting`` lie on the ledges."""
    saved = Tower.calibrated().to_json() | {"resting": resting, "dropped": sum(resting)}
    return Tower.from_json(saved)


# ---------------------------------------------------------------------- the tower's frame


def test_calibration_state():
    tower = Tower.calibrated(load())
    assert tower.drums == [0, 0, 0]
    assert tower.sealed_openings() == list(range(12)) and tower.open_openings() == []
    assert tower.skulls_inside() == 0 and not tower.is_releasing()
    assert tower.glyph_sides() == {g: side for g, (_, side) in GLYPHS_AT_CALIBRATION.items()}
    assert tower.public() == {
        "drums": [0, 0, 0],
        "seals": [True] * 12,
        "glyphs": {"cleanse": "north", "quest": "south", "battle": "north", "banner": "north"}
        | {"reinforce": "south"},
        "skulls_inside": 0,
        "skulls_dropped": 0,
        "skulls_out": 0,
        "releasing": False,
    }


@pytest.mark.parametrize("level", range(3))
@pytest.mark.parametrize("steps", [1, 2, 3])
def test_rotation_moves_glyphs_and_seals_with_their_drum(level, steps):
    tower = Tower.calibrated()
    tower.break_seal(level * 4 + 1)  # the seal facing east at calibration
    tower.rotate(level, steps)
    assert tower.drums == [steps if lv == level else 0 for lv in range(3)]
    # the open opening rode on the drum from east to (east + steps) mod 4
    assert tower.open_openings() == [level * 4 + (1 + steps) % 4]
    for glyph, (lv, side) in GLYPHS_AT_CALIBRATION.items():
        assert tower.glyph_sides()[glyph] == ((side + steps) % 4 if lv == level else side)
    assert tower.public()["seals"] == [o != level * 4 + (1 + steps) % 4 for o in range(12)]


def test_four_steps_go_round():
    tower = Tower.calibrated()
    tower.break_seal(4 + 3)
    start = (tower.glyph_sides(), tower.open_openings())
    seen = set()
    for _ in range(4):
        tower.rotate(1, 1)
        seen.add(tower.glyph_sides()["battle"])
    assert seen == {0, 1, 2, 3}
    assert (tower.glyph_sides(), tower.open_openings()) == start and tower.drums == [0, 0, 0]


def test_outcomes_name_their_level_and_side():
    assert [(level_of(o), side_of(o)) for o in (0, 7, 11, BASE + 2, STILL)] == [
        (0, 0),
        (1, 3),
        (2, 3),
        (None, 2),
        (None, None),
    ]


# ----------------------------------------------------------------------------- seals


def test_a_sealed_opening_is_never_an_outcome_until_its_seal_breaks():
    tower = Tower.calibrated()
    tower.drop()
    assert {o for o, _ in tower.release_outcomes()} == {*DOORS, STILL}
    tower.release(BASE)
    tower.release(STILL)
    tower.break_seal(5)  # middle east
    tower.drop()
    offered = dict(tower.release_outcomes())
    assert set(offered) == {5, *DOORS, STILL} and offered[5] > 0
    tower.release(5)
    tower.release(STILL)
    tower.restore_seal(5)
    tower.drop()
    assert {o for o, _ in tower.release_outcomes()} == {*DOORS, STILL}


def test_broken_seals_on_the_upper_levels_let_skulls_out_there():
    tower = Tower.calibrated()
    for opening in range(12):
        tower.break_seal(opening)
    tower.drop()
    by_level = Counter()
    for outcome, p in tower.release_outcomes():
        by_level[level_of(outcome) if outcome < STILL else "still"] += p
    assert by_level[0] > by_level[1] > by_level[2] > by_level[None]


def test_seal_to_break_outcomes_are_the_sealed_openings_alike():
    tower = Tower.calibrated()
    assert tower.seal_to_break_outcomes() == [(o, 1 / 12) for o in range(12)]
    tower.break_seal(3)
    tower.rotate(0, 1)  # the open slot now faces north
    outcomes = tower.seal_to_break_outcomes()
    assert [o for o, _ in outcomes] == [o for o in range(12) if o != 0]
    assert all(math.isclose(p, 1 / 11) for _, p in outcomes)


# ----------------------------------------------------------------- chance, by property

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("drop")),
        st.tuples(st.just("rotate"), st.integers(0, 2), st.sampled_from([1, 2, 3])),
        st.tuples(st.just("break"), st.integers(0, 11)),
        st.tuples(st.just("restore"), st.integers(0, 11)),
    ),
    max_size=60,
)


def check_node(tower: Tower) -> None:
    outcomes = tower.release_outcomes()
    assert math.isclose(sum(p for _, p in outcomes), 1.0, rel_tol=0, abs_tol=1e-12)
    assert all(p > 0 for _, p in outcomes)
    assert len({o for o, _ in outcomes}) == len(outcomes) <= 13
    assert not {o for o, _ in outcomes} & set(tower.sealed_openings())


def play(tower: Tower, ops, rng: random.Random, each=lambda tower: None) -> None:
    """Apply ``ops`` (a bad seal op is skipped), settling each release with ``rng`` and
    calling ``each`` at every chance node and after every step."""
    for op in ops:
        match op:
            case ("drop",):
                tower.drop()
            case ("rotate", level, steps):
                tower.rotate(level, steps)
            case ("break", opening) if tower.is_sealed(opening):
                tower.break_seal(opening)
            case ("restore", opening) if not tower.is_sealed(opening):
                tower.restore_seal(opening)
        each(tower)
        while tower.is_releasing():
            outcomes = tower.release_outcomes()
            tower.release(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            each(tower)


@settings(max_examples=150, deadline=None)
@given(OPS, st.integers(0, 2**32))
def test_every_release_sums_to_one_without_zero_outcomes(ops, seed):
    def each(tower):
        if tower.is_releasing():
            check_node(tower)

    play(Tower.calibrated(), ops, random.Random(seed), each)


@settings(max_examples=100, deadline=None)
@given(OPS, st.integers(0, 2**32))
def test_skulls_dropped_are_skulls_out_and_inside_at_every_step(ops, seed):
    data = load()

    def each(tower):
        assert tower.dropped == tower.emerged + sum(tower.resting) + sum(tower.loose)
        assert tower.skulls_inside() == sum(tower.resting) + sum(tower.loose)
        assert all(
            0 <= n <= ledge.capacity for n, ledge in zip(tower.resting, data.ledges, strict=True)
        )
        assert min(tower.loose) >= 0

    play(Tower.calibrated(), ops, random.Random(seed), each)


def test_conservation_over_long_random_games():
    rng = random.Random(11)
    for _ in range(20):
        tower = Tower.calibrated()
        for _ in range(200):
            game_step(tower, rng)
            assert tower.dropped == tower.emerged + tower.skulls_inside()
            assert not tower.is_releasing() and tower.loose == [0, 0, 0]


# ---------------------------------------------------------------------- the skulls


@pytest.mark.parametrize("events", [True, False], ids=["game events", "drops only"])
def test_as_many_skulls_come_out_as_go_in(events):
    rng = random.Random(5)
    tower = Tower.calibrated()
    capacity = tower.data.capacity
    for _ in range(200):  # warm-up
        game_step(tower, rng, events)
    counts = Counter()
    out = 0
    n = 6000
    for _ in range(n):
        by_drop, by_events = game_step(tower, rng, events)
        counts[by_drop] += 1
        out += by_drop + by_events
        assert tower.skulls_inside() <= capacity
        assert all(
            r <= ledge.capacity for r, ledge in zip(tower.resting, tower.data.ledges, strict=True)
        )
    assert 0.97 <= out / n <= 1.03
    # most drops let one skull out, some none, some several
    assert counts[1] / n > 0.45
    assert 0.15 < counts[0] / n < 0.4
    assert 0.08 < sum(c for k, c in counts.items() if k >= 2) / n < 0.3


def test_a_dropped_skull_rests_on_the_least_crowded_ledge_and_the_tower_fills_to_capacity():
    tower = Tower.calibrated()
    placed = []
    for _ in range(9):
        tower.drop()
        tower.release(STILL)
        placed.append(tower.resting[:])
    assert placed[:4] == [[1, 0, 0], [1, 1, 0], [1, 1, 1], [2, 1, 1]]
    assert tower.resting == [3, 3, 3] == [ledge.capacity for ledge in tower.data.ledges]
    tower.drop()  # a full tower cannot keep it: no STILL until it is out
    assert STILL not in dict(tower.release_outcomes())


def test_a_turning_drum_lets_out_skulls_that_had_rested():
    tower = rests([1, 0, 0])
    tower.rotate(2, 1)  # nothing rests on the bottom drum
    assert tower.release_outcomes() == [(STILL, 1.0)]
    tower.release(STILL)
    tower.rotate(0, 1)
    offered = dict(tower.release_outcomes())
    assert set(offered) == {*DOORS, STILL} and math.isclose(offered[STILL], 0.3)
    tower.release(BASE + 1)
    assert tower.emerged == 1 and tower.skulls_inside() == 0
    tower.release(STILL)
    assert not tower.is_releasing()


def test_a_broken_seal_loosens_its_drum_and_a_restored_one_does_not():
    tower = rests([1, 1, 0])
    tower.break_seal(5)
    assert tower.resting == [1, 0, 0] and tower.loose == [0, 1, 0] and tower.is_releasing()
    tower.release(5)  # out of the opening just broken, on its own level
    tower.release(STILL)
    tower.restore_seal(5)
    assert not tower.is_releasing() and tower.resting == [1, 0, 0]


def test_a_skull_falling_past_a_ledge_knocks_one_loose_and_several_come_out():
    tower = rests([2, 1, 0])
    tower.drop()
    tower.release(BASE)  # the dropped skull passed the top and middle ledges
    assert tower.loose == [1, 1, 0] and tower.resting == [1, 0, 0]
    tower.release(BASE + 2)  # the middle one falls next: it passes only the bottom ledge
    assert tower.loose == [1, 0, 0] and tower.resting == [1, 0, 0]
    tower.release(BASE + 3)  # the top one knocks the last one loose
    assert tower.loose == [1, 0, 0] and tower.resting == [0, 0, 0]
    tower.release(STILL)
    assert tower.resting == [1, 0, 0] and tower.emerged == 3 and tower.dropped == 4


# ----------------------------------------------------------------- as a component


def random_tower(seed: int, steps: int = 30, finish: bool = True) -> Tower:
    rng = random.Random(seed)
    tower = Tower.calibrated()
    for _ in range(steps):
        game_step(tower, rng)
    if not finish:
        tower.drop()
    return tower


def test_copy_shares_nothing():
    tower = random_tower(1)
    copy = tower.copy()
    assert copy == tower
    for name in ("drums", "resting", "loose", "seals"):
        assert getattr(copy, name) is not getattr(tower, name)
    assert all(a is not b for a, b in zip(copy.seals, tower.seals, strict=True))
    before = tower.to_json()
    copy.drop()
    copy.release(STILL)
    copy.rotate(0, 1)
    copy.seals[1][1] = not copy.seals[1][1]
    copy.resting[2] += 1
    assert tower.to_json() == before and copy != tower


@pytest.mark.parametrize("finish", [True, False], ids=["settled", "mid-release"])
def test_json_round_trip(finish):
    for seed in range(10):
        tower = random_tower(seed, finish=finish)
        back = Tower.from_json(json.loads(json.dumps(tower.to_json())))
        assert back == tower
        if not finish:
            assert back.release_outcomes() == tower.release_outcomes()
        assert back.public() == tower.public()


@pytest.mark.parametrize(
    "change, words",
    [
        ({"drums": [0, 4, 0]}, "0 to 3"),
        ({"seals": [[True] * 4] * 2}, "3 lists of 4"),
        ({"resting": [4, 0, 0], "dropped": 4}, "within capacity"),
        ({"dropped": 7}, "skulls out and inside"),
        ({"extra": 1}, "exactly the fields"),
    ],
)
def test_from_json_refuses_a_bad_save(change, words):
    saved = Tower.calibrated().to_json() | change
    with pytest.raises(ValueError, match=words):
        Tower.from_json(saved)


def test_determinize_moves_only_the_hidden_skulls():
    tower = rests([2, 1, 1])
    tower.break_seal(2)
    tower.release(STILL)
    placements = set()
    for seed in range(40):
        copy = tower.determinize(random.Random(seed))
        assert copy.public() == tower.public()
        assert copy.to_json() | {"resting": None} == tower.to_json() | {"resting": None}
        assert sum(copy.resting) == sum(tower.resting)
        assert all(
            n <= ledge.capacity for n, ledge in zip(copy.resting, copy.data.ledges, strict=True)
        )
        placements.add(tuple(copy.resting))
    assert len(placements) > 3
    assert tower.resting == [2, 1, 1]  # the original is untouched


# ----------------------------------------------------------------------- refusals


def released() -> Tower:
    tower = rests([1, 0, 0])
    tower.break_seal(0)
    tower.release(STILL)
    return tower


# (what is tried, words the refusal must hold): on a settled tower, then during a release
SETTLED = [
    (lambda t: t.rotate(3, 1), ["level 3", "0 (top), 1 (middle) or 2 (bottom)"]),
    (lambda t: t.rotate(True, 1), ["level True", "0 (top)"]),
    (lambda t: t.rotate(0, 0), ["steps 0", "1, 2 or 3"]),
    (lambda t: t.rotate(0, 4), ["steps 4", "1, 2 or 3"]),
    (lambda t: t.break_seal(12), ["opening 12", "0 (top north) to 11 (bottom west)"]),
    (lambda t: t.break_seal(-1), ["opening -1", "level * 4 + side"]),
    (
        lambda t: t.break_seal(0),
        ["top north opening", "no seal to break", "1 (top east opening)"],
    ),
    (
        lambda t: t.restore_seal(5),
        ["middle east opening", "already sealed", "0 (top north opening)"],
    ),
    (lambda t: t.release(BASE), ["no release is open"]),
]
RELEASING = [
    (lambda t: t.release(4), ["outcome 4 (middle north opening)", "not offered"]),
    (lambda t: t.release(17), ["outcome 17", "not offered", "16 (still)"]),
    (lambda t: t.drop(), ["cannot drop a skull", "until STILL (16)", "12 (north door)"]),
    (lambda t: t.rotate(1, 1), ["cannot turn a drum", "0 (top north opening)"]),
    (lambda t: t.break_seal(4), ["cannot break a seal"]),
]


@pytest.mark.parametrize(
    "releasing, act, words",
    [(False, *case) for case in SETTLED] + [(True, *case) for case in RELEASING],
)
def test_refusals_say_what_is_allowed_and_change_nothing(releasing, act, words):
    tower = released()
    if releasing:
        tower.drop()
    before = tower.to_json()
    with pytest.raises(ValueError) as error:
        act(tower)
    for word in words:
        assert word in str(error.value)
    assert tower.to_json() == before


def test_data_that_cannot_build_a_tower_is_refused(tmp_path: Path):
    text = DATA_PATH.read_text()
    bad = tmp_path / "tower.toml"
    bad.write_text(text.replace("catch = 0.3", "catch = 1.5", 1))
    with pytest.raises(TowerDataError, match=r"level\[0\]\.catch: should be a number from 0 to 1"):
        load(bad)
    bad.write_text(text.replace('source = "designed: the base', 'source = "the base', 1))
    with pytest.raises(TowerDataError, match=r"base\.source: should start 'rulebook: '"):
        load(bad)


def test_an_owners_tower_file_is_refused_naming_the_file_the_key_and_what_is_allowed(
    tmp_path: Path,
) -> None:
    text = DATA_PATH.read_text()
    bad = tmp_path / "my-tower.toml"
    bad.write_text(text.replace('rotate = "drum"', 'rotate = "spin"', 1))
    with pytest.raises(
        TowerDataError, match=r"my-tower\.toml: loosening\.rotate: should be 'drum' or 'none'"
    ):
        load(bad)
    bad.write_text(text.replace("spill_at = 1", "spill = 1", 1))
    with pytest.raises(TowerDataError) as error:
        load(bad)
    assert str(error.value).startswith(str(bad))
    assert "level[0].spill: unknown key; the keys allowed here are id, capacity, spill_at" in str(
        error.value
    )
    bad.write_text(text.replace('id = "middle"', 'id = "bottom"', 1))
    with pytest.raises(TowerDataError, match="top, middle, bottom, one each in that order"):
        load(bad)
    bad.write_text("[structure\n")
    with pytest.raises(TowerDataError, match="my-tower.toml: not valid TOML"):
        load(bad)
    assert isinstance(error.value, ValueError)  # as before: a ValueError to its callers


def test_every_data_item_says_where_it_comes_from():
    import tomllib

    raw = tomllib.loads(DATA_PATH.read_text())
    items = [raw[k] for k in raw if isinstance(raw[k], dict)] + raw["glyph"] + raw["level"]
    for item in items:
        assert item["source"].split(":")[0] in {"rulebook", "fact", "designed"}
    assert all(item["source"].startswith("designed: ") for item in raw["level"])
    assert [lv["id"] for lv in raw["level"]] == list(LEVELS) and raw["structure"]["sides"] == list(
        SIDES
    )
    assert raw["seals"]["count"] == OPENINGS


# ------------------------------------------------------------------------- devices


def test_simulated_tower_is_a_tower_device():
    device = SimulatedTower()
    assert isinstance(device, TowerDevice)
    assert not isinstance(object(), TowerDevice)


def test_driving_the_simulated_tower():
    device = SimulatedTower()
    rng = random.Random(3)
    assert not device.drop_detected() and device.skull_count() == 0
    device.insert_skull()
    assert device.drop_detected() and not device.drop_detected()
    assert device.skull_count() == 1 and device.cues == [("sound", 113)]
    out = device.settle(rng)
    assert len(out) + device.tower.skulls_inside() == 1
    device.break_seal(8)
    device.settle(rng)
    device.rotate(2, 2)
    device.settle(rng)
    assert device.tower.open_openings() == [10]
    assert device.cues[1:] == [("sequence", 14), ("sound", 112), ("sequence", 18)]
    device.restore_seal(10)
    device.set_light("ledge", "northeast", "breathe")
    device.set_light("top_ring", "west", "on")
    assert device.lights == {("ledge", "northeast"): "breathe", ("top_ring", "west"): "on"}
    device.play_sequence(21)
    device.play_sound(1)
    with pytest.raises(ValueError, match="effects are off, on"):
        device.set_light("ledge", "northeast", "blink")
    with pytest.raises(ValueError, match="positions are north, east, south, west"):
        device.set_light("top_ring", "northeast", "on")
    with pytest.raises(ValueError, match="sequences are 1 to 21"):
        device.play_sequence(22)
    with pytest.raises(ValueError, match="sounds are 1 to 113"):
        device.play_sound(0)
    device.break_seal(6)
    device.settle(rng)
    with pytest.raises(ValueError, match="no seal to break"):
        device.break_seal(6)
