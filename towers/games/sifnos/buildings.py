"""Buildings (rulebook: Workshop Dice; Buildings): the Workshop's Dice placed on the six
Buildings by each Building's rule, the spaces' rewards and each Building's completion.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from towers.games.sifnos import frames as F
from towers.games.sifnos.actions import DATA, Build
from towers.games.sifnos.data import MINERALS
from towers.games.sifnos.effects import gain_effect

if TYPE_CHECKING:
    from towers.games.sifnos.rules import SifnosState


def _partner(index: int) -> int:
    """The Columns: the other space of ``index``'s Column (-1 for other Buildings)."""
    space = DATA.building_spaces[index]
    if DATA.buildings[space.building].rule != "pairs_seven":
        return -1
    return next(
        x
        for x in DATA.buildings[space.building].spaces
        if x != index and DATA.building_spaces[x].column_mineral == space.column_mineral
    )


SPACE_RULES = tuple(
    (space.below, DATA.buildings[space.building].rule,
     DATA.buildings[space.building].spaces, _partner(space.index), space.adjacent)
    for space in DATA.building_spaces
)  # fmt: skip
"""Each Buildings' space: the spaces below it, its Building's rule and spaces, its partner
in the Columns and its neighbours."""


def built(state: SifnosState, seat: int, index: int) -> None:
    """A Die placed on a Building: the space's reward and the Building's completion."""
    space = DATA.building_spaces[index]
    building = DATA.buildings[space.building]
    b = state.buildings[seat]
    if space.reward:
        gain_effect(state, seat, space.reward)
    raw = building.raw
    match building.rule:
        case "pairs_seven":
            done_cols = [
                m
                for m in range(3)
                if all(b[x] for x in building.spaces if DATA.building_spaces[x].column_mineral == m)
            ]
            if space.column_mineral in done_cols:
                n = raw["complete_each"][len(done_cols) - 1]
                state.pending.push(F.GAIN(seat, space.column_mineral, n))
            return
        case "sum":
            if all(b[x] for x in building.spaces):
                total = sum(b[x] for x in building.spaces)
                reward = raw["complete_high" if total >= raw["threshold"] else "complete_low"]
                rewards(state, seat, reward)
            return
    if all(b[x] for x in building.spaces):
        rewards(state, seat, raw.get("complete", []))


def rewards(state: SifnosState, seat: int, given: list[dict[str, Any]]) -> None:
    for r in given:
        if r["influence"] == "any":
            state.pending.push(F.INFLUENCE_CHOICE(seat, int(r["n"])))
        else:
            state.pending.push(F.GAIN(seat, MINERALS.index(r["influence"]), int(r["n"])))


def decide_build(state: SifnosState, top: F.Workshop, value: Any) -> None:
    if not isinstance(value, Build):
        raise AssertionError(f"{value} at {top}")
    seat, i = top.seat, value.space
    state.workshop[seat].remove(value.value + 1)
    state.buildings[seat][i] = value.value + 1
    built(state, seat, i)
