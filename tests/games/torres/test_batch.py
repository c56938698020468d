"""The batch engine plays Torres exactly as TorresState does: the same legal actions in the
same order, and the same state (every saved field) after every action of thousands of
games; its plain-Python text and its compiled twin agree with each other as well.

The games are driven through the batch's public interface: a decision is drawn from the
game's generator, then the batch resolves the chance nodes from that same generator, which
is the order in which the one-game random playout (``towers.bench.play_random_game``) draws."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import towers
from tests.core import batch_checks
from tests.core.batch_checks import diff, fields_of
from towers.bench import play_random_game
from towers.core.batch import StateBatch, batch_engine, legal_masks, random_playout
from towers.core.chance import random_action, sample_chance
from towers.core.compiled import is_compiled, twin
from towers.core.registry import make_bot
from towers.games.torres import actions as A
from towers.games.torres import batch as plain
from towers.games.torres.rules import TorresState, to_plain
from towers.games.torres.steps import S_TURN

ENGINE = twin(plain)  # the compiled twin when built, else the plain module
COMPILED = ENGINE if is_compiled(ENGINE) else None
needs_twin = pytest.mark.skipif(COMPILED is None, reason="the compiled twin is not built here")
VARIANTS = ("basic", "common_deck", "master")


def batch_fields(engine: Any, g: int) -> dict[str, Any]:
    found = engine.fields(g)
    found["decks"] = [deck.to_json() for deck in found["decks"]]
    return found


def play_both(module: Any, players: int, variant: str, seeds: range) -> int:
    """Each seed's game played on a TorresState and in one batch of all the seeds, every
    field compared at every decision (``batch_checks.play_both``); the states compared."""
    game = towers.make("torres", players=players, variant=variant)
    return batch_checks.play_both(module.TorresBatch(game, len(seeds)), game, seeds, batch_fields)


@pytest.mark.parametrize("part", range(3))
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_state_of_many_games_is_the_one_game_state(
    players: int, variant: str, part: int
) -> None:
    """6 x 3 x 70 = 1,260 games, every state compared field by field."""
    seeds = range(1000 * players + 70 * part, 1000 * players + 70 * (part + 1))
    assert play_both(ENGINE, players, variant, seeds) > 70 * 100


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_are_the_one_game_random_playouts(players: int) -> None:
    """play_random from random.Random(seed) plays play_random_game's game for that seed:
    1,000 games a player count, their lengths and final states compared."""
    game = towers.make("torres", players=players)
    seeds = range(1000)
    engine = ENGINE.TorresBatch(game, len(seeds))
    engine.reset(list(seeds))
    lengths = engine.play_random()
    for seed in seeds:
        rng = random.Random(seed)
        assert lengths[seed] == play_random_game(game, rng, trusted=True), seed
    for seed in range(0, 1000, 50):  # final states of a few, played again on a state
        state = random_playout(game, random.Random(seed))
        assert isinstance(state, TorresState)
        assert not diff(fields_of(state), batch_fields(engine, seed)), seed


@needs_twin
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_plain_module_plays_as_its_twin_and_the_state(players: int, variant: str) -> None:
    assert play_both(plain, players, variant, range(6)) > 600


def card_states(players: int, variant: str, seed: int) -> Any:
    """States of a random game at a turn, the player holding every action card (none
    acquired this turn, none played yet): every card's moves are legal where they can be."""
    game = towers.make("torres", players=players, variant=variant)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if isinstance(state, TorresState) and state.step == S_TURN and rng.random() < 0.3:
            rich = state.clone()
            assert isinstance(rich, TorresState)
            rich.hands[rich.turn] = [1] * A.CARD_KINDS
            rich.acquired_this_turn = [0] * A.CARD_KINDS
            rich.card_played = False
            rich.forget_caches()
            yield rich
        state.apply_action(random_action(state, rng))


@pytest.mark.parametrize("module", [plain, COMPILED], ids=["plain", "compiled"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_card_move_of_many_states_gives_the_one_game_state(module: Any, players: int) -> None:
    """States loaded into the batch with every card in hand: the same legal actions, and the
    same state after each of them (Move a tower block, Door climb, Relocate... included)."""
    if module is None:
        pytest.skip("the compiled twin is not built here")
    # the plain module (the twin's reference, held to it move by move above) on fewer
    # states and moves: it is some ten times slower
    seeds, moves, least = (range(2), 40, 500) if module is COMPILED else (range(1), 15, 100)
    applied = 0
    kinds: set[str] = set()
    for variant in VARIANTS:
        for seed in seeds:
            game = towers.make("torres", players=players, variant=variant)
            engine = module.TorresBatch(game, 1)
            for state in card_states(players, variant, 10 * players + seed):
                engine.load(0, state, 0)
                legal = state.legal_actions()
                assert engine.legal_actions(0) == legal
                for action in legal[:: max(1, len(legal) // moves)]:
                    after = state.clone()
                    after.apply_trusted(action)
                    engine.load(0, state, 0)
                    module.apply_to(engine, 0, action)
                    where = f"seed {seed}, {state.action_to_string(action)}"
                    assert not diff(fields_of(after), batch_fields(engine, 0)), where
                    kinds.add(type(A.SPACE.values[action]).__name__)
                    applied += 1
    assert applied > least
    assert {"MoveBlock", "DoorClimb", "Relocate", "BlockUnder", "JumpOver"} <= kinds


@pytest.mark.parametrize("module", [plain, COMPILED], ids=["plain", "compiled"])
def test_the_runs_a_playout_counts_give_the_legal_actions_in_order(module: Any) -> None:
    """A random playout counts a turn's legal actions as runs and writes out only the one it
    picks: the count is the list's length and the i-th action of the runs the list's i-th,
    at turns with every action card in hand (their moves among the runs) and without."""
    if module is None:
        pytest.skip("the compiled twin is not built here")
    compared = 0
    for players, variant in ((2, "basic"), (3, "common_deck"), (4, "master")):
        engine = module.TorresBatch(towers.make("torres", players=players, variant=variant), 1)
        for state in card_states(players, variant, 7 * players):
            for turn in (state, state.clone()):
                if turn is not state:  # the same turn with the hand it had
                    turn.hands[turn.turn] = [0] * A.CARD_KINDS
                    turn.forget_caches()
                engine.load(0, turn, 0)
                legal = engine.legal_actions(0)
                count = module.turn_runs(engine, 0)
                assert count == len(legal)
                assert [module.run_action(engine, i) for i in range(count)] == legal
                compared += count
    assert compared > 5000


def test_a_loaded_state_plays_on_as_the_state() -> None:
    game = towers.make("torres", players=3, variant="common_deck")
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(120):
        state.apply_action(random_action(state, rng))
    engine = ENGINE.TorresBatch(game, 2)
    engine.reset([0, 1])
    engine.load(1, state, random.Random(9))
    assert not diff(fields_of(state), batch_fields(engine, 1))
    assert engine.state(1).legal_actions() == state.legal_actions()
    with pytest.raises(ValueError):
        engine.load(0, towers.make("torres", players=2).new_initial_state())


def test_choosers_pick_each_seats_decisions() -> None:
    """With a chooser a seat (a random bot's randrange), the batch plays the game a loop of
    state.legal_actions() and those choosers plays."""
    game = towers.make("torres", players=3)
    engine = ENGINE.TorresBatch(game, 4)
    bots = [[random.Random(100 * g + seat) for seat in range(3)] for g in range(4)]
    engine.reset(list(range(4)), [[rng.randrange for rng in seats] for seats in bots])
    lengths = engine.play_random()
    for g in range(4):
        rng = random.Random(g)
        seats = [random.Random(100 * g + seat) for seat in range(3)]
        state = game.new_initial_state()
        to_plain(state)  # the one-game engine's own rules, not its core (the batch itself)
        taken = [0, 0, 0]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_trusted(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            taken[state.current_player()] += 1
            state.apply_trusted(legal[seats[state.current_player()].randrange(len(legal))])
        assert lengths[g] == len(state.history())
        assert engine.decisions(g) == taken
        assert not diff(fields_of(state), batch_fields(engine, g))


def test_the_core_finds_the_torres_batch_engine_for_every_variant() -> None:
    engine = batch_engine(towers.make("torres", players=2), 5)
    assert engine is not None and type(engine).__name__ == "TorresBatch"
    assert type(engine).__module__ == ENGINE.__name__
    assert engine.size == 5
    for options in ({"variant": "master"}, {"variant": "master", "master_card": "border"}):
        assert batch_engine(towers.make("torres", players=3, **options), 2) is not None


def test_a_named_master_card_and_a_layout_of_ones_own_play_as_the_state() -> None:
    """The options that change the setup: a master card named, not drawn; other castles."""
    layout = [[0, 0], [2, 2], [4, 4], [6, 6], [0, 7], [7, 0], [3, 6], [6, 3]]
    for options in ({"variant": "master", "master_card": "square"}, {"layout": layout}):
        game = towers.make("torres", players=3, **options)
        engine = ENGINE.TorresBatch(game, 1)
        engine.reset([1])
        assert not diff(fields_of(game.new_initial_state()), batch_fields(engine, 0))
        lengths = engine.play_random()
        assert lengths == [play_random_game(game, random.Random(1), trusted=True)]


def test_legal_masks_mark_the_legal_actions() -> None:
    game = towers.make("torres", players=2)
    engine = ENGINE.TorresBatch(game, 3)
    engine.reset([5, 6, 7])
    fallback = StateBatch(game, 3)
    fallback.reset([5, 6, 7])
    masks = legal_masks(engine)
    assert [list(map(int, row)) for row in masks] == [
        list(map(int, row)) for row in legal_masks(fallback)
    ]
    for g in range(3):
        assert [a for a in range(game.num_distinct_actions()) if masks[g][a]] == (
            engine.legal_actions(g)
        )


@pytest.mark.parametrize("players", [2, 4])
def test_a_simulation_of_random_bots_gives_the_same_results_through_the_batch(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from towers.sim import simulate

    def results() -> list[tuple[Any, ...]]:
        report = simulate.run_simulation(
            "torres", players, 12, ["random"] * players, seed=3, options={"variant": "common_deck"}
        )
        return [
            (r.index, r.lineup, r.scores, r.returns, r.actions, r.decisions, r.balance)
            for r in report.results
        ]

    fast = results()
    bots = [make_bot("random", seed=seat) for seat in range(players)]
    game = towers.make("torres", players=players, variant="common_deck")
    assert simulate.play_random_batch(game, bots, random.Random(1)) is not None  # the fast path
    monkeypatch.setattr(simulate, "play_random_batch", lambda *args: None)
    assert results() == fast


@pytest.mark.parametrize("module", [plain, COMPILED], ids=["plain", "compiled"])
def test_the_generator_of_an_int_seed_is_random_randoms(module: Any) -> None:
    """Games seeded from an int draw in C the floats random.Random(seed) would give."""
    if module is None:
        pytest.skip("the compiled twin is not built here")
    engine = module.TorresBatch(towers.make("torres", players=2), 2)
    # the last: a key of 701 words, longer than the generator's 624
    for seed in (0, 1, 7, -3, 2**32, 2**70 + 5, 123456789123456789, 2 ** (32 * 700) + 12345):
        module.seed_generator(engine, 1, module.words_of(seed))
        rng = random.Random(seed)
        assert [module.next_float(engine, 1) for _ in range(1300)] == [
            rng.random() for _ in range(1300)
        ], seed


@pytest.mark.parametrize("module", [plain, COMPILED], ids=["plain", "compiled"])
def test_four_generators_seeded_at_once_are_random_randoms(module: Any) -> None:
    """seed_four seeds four games side by side as random.Random seeds each, the others left
    as they were; a reset seeds its one-word seeds four at a time and the rest one by one."""
    if module is None:
        pytest.skip("the compiled twin is not built here")
    engine = module.TorresBatch(towers.make("torres", players=2), 6)
    seeds = [2**32 - 1, 0, 123456789, 7]
    module.seed_word(engine, 3, 5)
    before = [module.next_float(engine, 3) for _ in range(3)]
    module.seed_word(engine, 3, 5)
    module.seed_four(engine, [4, 0, 5, 1], seeds)
    assert [module.next_float(engine, 3) for _ in range(3)] == before
    for g, seed in zip([4, 0, 5, 1], seeds, strict=True):
        rng = random.Random(seed)
        assert [module.next_float(engine, g) for _ in range(1300)] == [
            rng.random() for _ in range(1300)
        ], seed
    # five one-word seeds (four together, one alone), a long one and a generator between
    seeds = [11, 2**40 + 1, 12, random.Random(5), 13, 14, 15]
    engine = module.TorresBatch(towers.make("torres", players=2), len(seeds))
    engine.reset(seeds)
    for g, seed in enumerate(seeds):
        one = module.TorresBatch(towers.make("torres", players=2), 1)
        one.reset([random.Random(5) if isinstance(seed, random.Random) else seed])
        assert engine.fields(g) == one.fields(0)
        if not isinstance(seed, random.Random):
            assert [module.next_float(engine, g) for _ in range(700)] == [
                module.next_float(one, 0) for _ in range(700)
            ], seed


def test_the_twins_constants_are_the_plain_modules() -> None:
    """batch.pxd's enum, the twin's C constants, holds the numbers the plain module computes
    (sizes, offsets, action numbers, steps)."""
    text = Path(plain.__file__).with_suffix(".pxd").read_text()
    found = {}
    for line in text.split("cdef enum:\n", 1)[1].splitlines():
        if not line.startswith("    "):
            break
        name, value = line.split("=")
        found[name.strip()] = int(value)
    assert len(found) > 100
    assert found == {name: getattr(plain, name) for name in found}


def test_the_twins_generator_constants_are_the_plain_modules() -> None:
    """The MT19937 constants batch.pxd gives the twin as C macros (beyond an enum's range)
    are the plain module's numbers."""
    text = Path(plain.__file__).with_suffix(".pxd").read_text()
    found = {}
    for line in text.splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "#define" and words[2].startswith("0x"):
            found[words[1].removeprefix("TOWERS_")] = int(words[2].rstrip("ULul"), 16)
    assert set(found) == {"MASK32", "UPPER", "LOWER", "MATRIX_A", "TEMPER_B", "TEMPER_C"}
    assert found == {name: getattr(plain, name) for name in found}
