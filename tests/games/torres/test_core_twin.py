"""A game played on a core (the compiled batch engine holding one game, which a TorresState
in play delegates to) is the game the plain TorresState plays, state by state.

One state is played on its core and another, the reference, as a plain TorresState; at every
state the two are compared: who decides, the legal actions, the chance outcomes, the
answers to actions that are not legal and the refusals' words, every seat's heuristic, and
the saved fields (read from a clone of the core's state, which gives its fields back)."""

from __future__ import annotations

import pickle
import random

import pytest

import towers
from towers.core.chance import sample_chance
from towers.core.errors import IllegalActionError
from towers.core.game import CHANCE, TERMINAL
from towers.games.torres import actions as A
from towers.games.torres import rules
from towers.games.torres.rules import VARIANTS, TorresCoreState, TorresState, to_plain

needs_core = pytest.mark.skipif(not rules.HAS_CORE, reason="the compiled batch engine is not built")

ODD_ACTIONS = (-1, A.NUM_ACTIONS, 2**70, 3.0, True, "3", None)


def plain_copy(state: TorresState) -> TorresState:
    """A plain TorresState of the same game (the state itself is left on its core)."""
    copy = state.clone()
    to_plain(copy)
    assert type(copy) is TorresState
    return copy


def compare(fast: TorresState, plain: TorresState, rng: random.Random, where: str) -> int:
    """Compare the two states as a playout asks them; who decides."""
    assert type(fast) is TorresCoreState, where
    player = fast.current_player()
    assert player == plain.current_player(), where
    assert fast.is_terminal() == plain.is_terminal(), where
    assert fast.chance_outcomes() == plain.chance_outcomes(), where
    assert fast.legal_actions() == plain.legal_actions(), where
    assert fast.heuristics() == plain.heuristics(), where
    for odd in (*ODD_ACTIONS, rng.randrange(A.NUM_ACTIONS)):
        assert fast.is_legal(odd) == plain.is_legal(odd), f"{odd!r} {where}"
        if not plain.is_legal(odd):
            refused = fast.clone()  # a refusal reads the fields: the clone gives them back
            with pytest.raises(IllegalActionError) as fast_error:
                refused.apply_action(odd)
            with pytest.raises(IllegalActionError) as plain_error:
                plain.apply_action(odd)
            assert str(fast_error.value) == str(plain_error.value), where
    assert plain_copy(fast).to_json() == plain.to_json(), where
    return player


@needs_core
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_on_its_core_is_the_plain_game(players: int, variant: str) -> None:
    game = towers.make("torres", players=players, variant=variant)
    actions = 0
    for seed in range(6):
        rng = random.Random(100 * players + seed)
        fast = game.new_initial_state()
        plain = plain_copy(fast)
        while True:
            where = f"seed {seed} after {fast.history()[-4:]}"
            player = compare(fast, plain, rng, where)
            if player == TERMINAL:
                assert fast.returns() == plain.returns(), where
                break
            legal = plain.legal_actions()
            action = sample_chance(plain, rng) if player == CHANCE else rng.choice(legal)
            if actions % 2:
                fast.apply_action(action)
                plain.apply_action(action)
            else:
                fast.apply_trusted(action)
                plain.apply_trusted(action)
            if actions % 7 == 0:  # the clone plays on alone, as mcts plays its children
                fast = fast.clone()
            actions += 1
            assert fast.history() == plain.history(), where
    assert actions > 800


@needs_core
def test_a_field_read_gives_the_state_its_fields_back() -> None:
    game = towers.make("torres", players=3)
    state = game.new_initial_state()
    rng = random.Random(7)
    for _ in range(60):
        if state.current_player() == CHANCE:
            state.apply_trusted(sample_chance(state, rng))
        else:
            state.apply_trusted(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert type(copy) is TorresCoreState and copy == state
    heights = copy.heights  # the first read: the fields back, a plain state again
    assert type(copy) is TorresState and copy._core is None
    assert heights == state.heights and copy.to_json() == state.to_json()
    changed = game.new_initial_state()
    changed.step = changed.step  # a write too
    assert type(changed) is TorresState
    kept = pickle.loads(pickle.dumps(game.new_initial_state()))
    assert type(kept) is TorresState and kept.to_json() == game.new_initial_state().to_json()


@needs_core
def test_states_made_to_play_are_on_a_core() -> None:
    for variant in VARIANTS:
        game = towers.make("torres", players=2, variant=variant)
        state = game.new_initial_state()
        assert type(state) is TorresCoreState
        assert type(state.clone()) is TorresCoreState
        saved = game.state_from_json(state.to_json())
        assert type(saved) is TorresState  # a saved game is read as the plain state
        assert type(saved.clone()) is TorresState


@needs_core
def test_a_method_looked_up_before_the_fields_are_read_still_answers() -> None:
    # state.is_legal(bot.choose(state)) looks is_legal up on the state played on its core,
    # and the bot then reads its fields, which makes it a plain TorresState: the method
    # looked up first must answer as the plain state's own (it once read a core no longer there)
    def looked_up(name: str) -> tuple[TorresState, object]:
        state = towers.make("torres", players=2).new_initial_state()
        for _ in range(6):
            state.apply_action(state.legal_actions()[0])
        assert type(state) is TorresCoreState
        method = getattr(state, name)
        assert state.score == [0, 0]  # a field read: the state is given its fields back
        assert type(state) is TorresState and state._core is None
        return state, method

    state, method = looked_up("current_player")
    assert method() == state.current_player()
    state, method = looked_up("legal_actions")
    assert method() == state.legal_actions()
    state, method = looked_up("chance_outcomes")
    assert method() == state.chance_outcomes()
    state, method = looked_up("is_legal")
    legal = state.legal_actions()
    assert method(legal[0]) and not method(-1)
    state, method = looked_up("apply_trusted")
    reference = state.clone()
    method(legal[0])
    reference.apply_trusted(legal[0])
    assert state.to_json() == reference.to_json() and state.history() == reference.history()
    state, method = looked_up("apply_action")
    with pytest.raises(IllegalActionError):
        method(-1)
    method(legal[0])
    assert state.to_json() == reference.to_json()
    state, method = looked_up("clone")
    assert method().to_json() == state.to_json()
