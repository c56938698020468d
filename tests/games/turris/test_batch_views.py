"""What the Turris batch engine gives besides the moves: each seat's observation tensor,
written from its arrays, is the floats of ``tensor.encode(state.observation(seat))`` of the
one-game state played alongside, at every decision of whole games in every mode (1 to 5
players, the random Beasts' starts), for every seat, in the plain text and in its compiled
twin; a game on its mirror (the arrays behind it) gives its mirror's tensor."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.core import batch_checks
from tests.core.batch_checks import fields_of, walked
from tests.games.turris.test_batch import MODES, MODULES, _game, _name
from towers.core.chance import sample_chance
from towers.core.game import CHANCE, TERMINAL
from towers.core.registry import tensor_of
from towers.games.turris import batch as plain


def _tensors(engine: Any, g: int) -> list[list[float]]:
    """Every seat's tensor of game g, as the engine writes it."""
    size = tensor_of(engine.game).size
    found = []
    for seat in range(engine.players):
        out = [0.0] * size
        engine.observation_tensor(g, seat, out)
        found.append(out)
    return found


def _alike(found: list[list[float]], state: Any, where: str) -> None:
    tensor = tensor_of(state.game)
    for seat, got in enumerate(found):
        want = tensor.encode(state.observation(seat))
        wrong = [(k, want[k], got[k]) for k in range(len(want)) if got[k] != want[k]]
        assert not wrong, f"{where}, seat {seat}: (at, want, got) {wrong[:8]}"


@pytest.mark.parametrize("module", MODULES, ids=_name)
@pytest.mark.parametrize(("players", "beasts"), MODES)
def test_tensors_are_the_states_at_every_decision(module: Any, players: int, beasts: bool) -> None:
    """Every seat's tensor at every decision of whole games (written before the engine's state
    is read, so from the arrays as the game left them), as the one-game state's."""
    game = _game(players, beasts)
    games = 1 if module is plain else 3
    seeds = range(players * 100 + 50, players * 100 + 50 + games)
    engine = module.TurrisBatch(game, len(seeds))
    written: dict[int, list[list[float]]] = {}

    def fields(e: Any, g: int) -> dict[str, Any]:
        written[g] = _tensors(e, g)
        return fields_of(e.state(g))

    def also(e: Any, g: int, state: Any, where: str) -> None:
        _alike(written[g], state, where)

    assert batch_checks.play_both(engine, game, seeds, fields, also=also) > 100 * games


def test_the_tensor_reads_no_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random games with every seat's tensor written after each action read no one-game
    state from the arrays (the tensor is theirs), and end as they do without."""
    read = []

    def refused(*args: Any) -> None:
        read.append(args)
        raise AssertionError("a state was read from the arrays")

    for players in (1, 3, 5):
        game = _game(players)
        engine = plain.TurrisBatch(game, 2)
        engine.reset([7, 8])
        lengths = engine.play_random()
        engine.reset([7, 8])
        monkeypatch.setattr(plain, "_read", refused)
        for g in range(2):
            while not engine.is_terminal(g):
                _tensors(engine, g)
                engine.play(g, 1)
            _tensors(engine, g)
        monkeypatch.undo()
        assert not read
        assert [engine.length(g) for g in range(2)] == lengths


@pytest.mark.parametrize("module", MODULES, ids=_name)
def test_a_game_on_its_mirror_gives_the_mirror_s_tensor(module: Any) -> None:
    """Mid-game states loaded with a known card on top of the Tactics deck (a draw the arrays
    leave to the one-game rules, so the game goes on on its mirror for a while) and played on
    by the choosers given, the state beside them: every seat's tensor at every decision is
    the state's, some of them while the arrays are behind."""
    game = _game(3)
    engine = module.TurrisBatch(game, 1)
    engine.reset([0])
    behind = 0
    for seed in range(6):
        rng = random.Random(seed)
        state: Any = walked(game, rng, rng.randrange(30, 400))
        deck = state.tactics_deck
        if state.is_terminal() or not any(deck.counts):
            continue
        card = max(k for k, c in enumerate(deck.counts) if c)
        deck.counts[card] -= 1
        deck.top.append(card)
        seats = [random.Random(seed * 10 + p) for p in range(3)]
        twins = [random.Random(seed * 10 + p) for p in range(3)]
        engine.load(0, state.clone(), random.Random(seed), [b.randrange for b in seats])
        chance = random.Random(seed)
        while True:
            behind += bool(engine.S[plain.STALE])
            _alike(_tensors(engine, 0), state, f"seed {seed}, action {len(state.history())}")
            player = state.current_player()
            if player == TERMINAL:
                assert engine.is_terminal(0)
                break
            legal = state.legal_actions()
            state.apply_trusted(legal[twins[player].randrange(len(legal))])
            while state.current_player() == CHANCE:
                state.apply_trusted(sample_chance(state, chance))
            engine.play(0, 1)
    assert behind > 0
