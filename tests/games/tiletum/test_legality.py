"""One source per rule: the legal actions the rules hand out are exactly those that
:mod:`towers.games.tiletum.legality` allows, and every other action is explained by it.

The rules list their actions from a fast generator that builds only the candidates of the
decision on top; these tests hold it to the rules as written, asking every action of the
space at states of random games at every player count, with and without the action tiles."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import towers
from towers.core.chance import random_action
from towers.games.tiletum import actions as A
from towers.games.tiletum import frames as F
from towers.games.tiletum.data import ACTIONS, CAT_CHARACTER, JOKER, load
from towers.games.tiletum.legality import legal_by_rules, problem
from towers.games.tiletum.rules import TiletumState

D = load()
BUSY = (F.Turn, F.PerformAction, F.TileDraw, F.DieDraw, F.DieRoll)
"""The decisions and chance events of most states: only every few of them are asked."""


def states(players: int, action_tiles: bool, seed: int, every: int) -> Iterator[TiletumState]:
    """Each state of a random game whose decision or chance event is rare, and every
    ``every``-th of the others."""
    game = towers.make("tiletum", players=players, action_tiles=action_tiles)
    state = game.new_initial_state()
    assert isinstance(state, TiletumState)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal():
        n += 1
        now = state.chance_events[0] if state.chance_events else state.stack[-1]
        if not isinstance(now, BUSY) or n % every == 0:
            yield state
        state.apply_action(random_action(state, rng))


def refresh(state: TiletumState) -> TiletumState:
    state._legal = None
    state._legal_set = None
    return state


def where(state: TiletumState) -> str:
    return f"after {[state.action_to_string(a) for a in state.history()[-4:]]}"


@pytest.mark.parametrize("action_tiles", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legal_actions_are_those_the_rules_allow(players: int, action_tiles: bool) -> None:
    seen: set[type] = set()
    for seed in (10 * players, 10 * players + 1):
        for state in states(players, action_tiles, seed, every=4):
            assert legal_by_rules(state) == state.legal_actions(), f"seed {seed} {where(state)}"
            now = state.chance_events[0] if state.chance_events else state.stack[-1]
            seen.add(type(now))
    assert {F.Turn, F.PerformAction, F.ChooseDieValue, F.ActionBonusTile, F.KingTile} <= seen
    assert {F.TileDraw, F.DieDraw, F.DieRoll, F.CorruptionReveal, F.CostTileDraw} <= seen


@pytest.mark.parametrize("players", [2, 4])
def test_every_action_is_performed_as_the_rules_allow(players: int) -> None:
    """Turn states given plenty of resources and a storehouse of every kind of tile, then
    each of the five actions with few and many action points, so that every option and task
    is compared."""
    rng = random.Random(players)
    characters = [k for k, kind in enumerate(D.kinds) if kind.category == CAT_CHARACTER]
    others = [k for k, kind in enumerate(D.kinds) if kind.category != CAT_CHARACTER]
    seen = 0
    for state in states(players, False, 3 * players, every=9):
        if state.chance_events or not isinstance(state.stack[-1], F.Turn | F.PerformAction):
            continue
        seat = state.active_player
        rich = state.clone()
        rich.resources[seat] = [rng.randrange(8) for _ in range(5)]
        rich.storehouse[seat] = [rng.choice(characters), *rng.sample(others, 2)]
        for action in range(len(ACTIONS)):
            if action == JOKER:
                continue
            for ap in (1, 4):
                copy = rich.clone()
                copy.stack[-1] = F.PerformAction(action, ap, rng.random() < 0.5)
                refresh(copy)
                assert legal_by_rules(copy) == copy.legal_actions(), (
                    f"{ACTIONS[action]} with {ap} AP {where(state)}"
                )
                seen += 1
    assert seen > 100


def decisions(rng: random.Random) -> list[F.Frame]:
    """One of each decision a tile or a bonus asks, with its fields drawn at random."""
    contracts = [k for k in A.CONTRACT_KINDS if D.kinds[k].same]
    floors = tuple(f for f in range(3) if rng.random() < 0.6)
    return [
        F.ChooseDieValue(rng.randrange(1, 7), rng.randrange(5)),
        F.ActionBonusTile(rng.randrange(6)),
        F.KingTile(),
        F.DieResources(rng.randrange(5), rng.randrange(1, 7)),
        F.ActionOfChoice(rng.randrange(1, 6), rng.random() < 0.5),
        F.ResourcesOfChoice(rng.randrange(1, 3)),
        F.PayIdentical(rng.choice(contracts)),
        F.Move(rng.randrange(2), rng.randrange(1, 3)),
        F.MoveBoth(rng.random() < 0.5, rng.random() < 0.5),
        F.MoveAndPlace(rng.randrange(2), rng.random() < 0.5, rng.random() < 0.5),
        F.PlaceAtFigure(rng.randrange(2)),
        F.HouseAnywhere(),
        F.PillarAnywhere(),
        F.MoveAnywhere(rng.randrange(2)),
        F.MerchantToAdjacentTown(),
        F.ChooseBuildingBonus(),
        F.BuildingBonuses(rng.randrange(5), floors),
        F.CompletedBuilding(rng.randrange(5), tuple(sorted(rng.sample(range(5), 2)))),
    ]


@pytest.mark.parametrize("players", [2, 3])
def test_every_decision_is_answered_as_the_rules_allow(players: int) -> None:
    """Each decision a tile or bonus asks put on top of turn states, the player's rooms
    partly filled and their resources drawn at random."""
    rng = random.Random(players)
    characters = [k for k, kind in enumerate(D.kinds) if kind.category == CAT_CHARACTER]
    seen = 0
    for state in states(players, False, 7 * players, every=15):
        if state.chance_events or not isinstance(state.stack[-1], F.Turn | F.PerformAction):
            continue
        seat = state.active_player
        for frame in decisions(rng):
            copy = state.clone()
            copy.resources[seat] = [rng.randrange(6) for _ in range(5)]
            copy.rooms[seat] = [
                rng.choice(characters) if rng.random() < 0.5 else F.EMPTY for _ in copy.rooms[seat]
            ]
            if isinstance(frame, F.DieResources):
                # the decision waits only for a player who holds a substitute helper
                copy.storehouse[seat] = [D.kind_index["substitute"]]
            copy.stack.append(frame)
            refresh(copy)
            assert legal_by_rules(copy) == copy.legal_actions(), f"{frame} {where(state)}"
            seen += 1
    assert seen > 150


def test_an_action_is_explained_exactly_when_it_is_refused() -> None:
    for state in states(3, True, 5, every=20):
        legal = set(state.legal_actions())
        for action in range(0, A.NUM_ACTIONS, 3):
            why = state.explain(action)
            assert (why is None) == (action in legal), f"{state.action_to_string(action)}"
            if why is not None:
                found = problem(state, action)
                assert found is not None
                reason, section = found
                assert reason in why and section in why
