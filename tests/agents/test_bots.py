"""Each bot: legal choices in every seat and player count, seeded, and blind to what its
seat cannot see."""

from __future__ import annotations

import pytest

import towers
from tests.agents.helpers import play_out, toy_decision
from tests.agents.nim import NIM
from towers.agents import GreedyBot, MCTSBot, RandomBot
from towers.core.game import State
from towers.core.registry import make_bot

FAST = {"random": {}, "greedy": {}, "mcts": {"iterations": 12}}


class LegalityCheck:
    """Wraps a bot: asserts that its choice is legal and that it left the state unchanged."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.choices = 0

    def choose(self, state: State) -> int:
        before = state.to_json()
        legal = state.legal_actions()
        action = self.bot.choose(state)  # type: ignore[attr-defined]
        assert action in legal
        assert state.to_json() == before
        self.choices += 1
        return action


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", sorted(FAST))
def test_every_choice_is_legal_and_leaves_the_state_alone(name: str, players: int) -> None:
    for game_seed in range(2):
        bots = [LegalityCheck(make_bot(name, seed=10 * s, **FAST[name])) for s in range(players)]
        state = play_out(toy_decision(players, seed=game_seed), list(bots), seed=game_seed)
        assert state.is_terminal()
        assert sum(b.choices for b in bots) > 0


@pytest.mark.parametrize("name", sorted(FAST))
def test_the_same_seed_gives_the_same_game(name: str) -> None:
    def game(seed: int) -> list[int]:
        bots = [make_bot(name, seed=seed + s, **FAST[name]) for s in range(2)]
        return play_out(toy_decision(seed=1), bots, seed=1).history()

    assert game(3) == game(3)


def test_random_covers_every_legal_action() -> None:
    state = toy_decision(seed=2)
    bot = RandomBot(seed=0)
    assert {bot.choose(state) for _ in range(60)} == set(state.legal_actions())


def test_greedy_takes_the_action_its_heuristic_values_most() -> None:
    state = toy_decision(seed=2)
    state.hands[0] = [1, 3]
    state._legal = state._legal_set = None  # the hand was changed by hand
    # the toy's heuristic: score + cards held x pile height; playing either card is worth
    # 4 after the move, passing 0
    plays = {state.string_to_action("play 1"), state.string_to_action("play 3")}
    assert {GreedyBot(seed=s).choose(state) for s in range(10)} <= plays


def test_greedy_breaks_ties_with_its_generator() -> None:
    state = towers.make(NIM, stones=9).new_initial_state()
    # No stone count ends the game, so every action scores the same.
    assert {GreedyBot(seed=s).choose(state) for s in range(30)} == {0, 1, 2}


def test_greedy_takes_the_last_stones() -> None:
    state = towers.make(NIM, stones=3).new_initial_state()
    assert GreedyBot(seed=0).choose(state) == 2


def test_greedy_rejects_a_bad_sample_count() -> None:
    with pytest.raises(ValueError, match="samples"):
        GreedyBot(samples=0)


def _swap_hidden_card(state: State, seat: int) -> State:
    """The same state for ``seat``'s eyes: another seat's card swapped with one in the deck."""
    other = next(s for s in range(state.game.num_players) if s != seat and state.hands[s])
    copy = state.clone()
    old = copy.hands[other][0]
    new = next(v for v in (1, 2, 3) if v != old and copy.deck.counts[v - 1])
    copy.hands[other][0] = new
    copy.deck.counts[old - 1] += 1
    copy.deck.counts[new - 1] -= 1
    assert copy.observation(seat) == state.observation(seat)
    assert copy.hands != state.hands
    return copy


@pytest.mark.parametrize(
    "make",
    [
        lambda: GreedyBot(seed=4),
        lambda: MCTSBot(seed=4, iterations=60),
        lambda: MCTSBot(seed=4, iterations=60, expand_all=False, rollout_depth=3),
    ],
)
def test_search_depends_only_on_what_the_seat_sees(make: object) -> None:
    state = toy_decision(players=3, seed=5)
    twin = _swap_hidden_card(state, seat=0)
    first, second = make(), make()  # type: ignore[operator]
    assert first.choose(state) == second.choose(twin)
    assert getattr(first, "action_stats", None) == getattr(second, "action_stats", None)


def test_mcts_counts_its_iterations_and_reports_root_statistics() -> None:
    state = toy_decision(seed=3)
    bot = MCTSBot(seed=1, iterations=40)
    action = bot.choose(state)
    assert bot.iterations_done == 40
    assert [a for a, _, _ in bot.action_stats] == state.legal_actions()
    visits = {a: n for a, n, _ in bot.action_stats}
    assert visits[action] == max(visits.values())
    assert all(0.0 <= v <= 1.0 for _, _, v in bot.action_stats)


def test_mcts_seconds_budget_wins_over_iterations() -> None:
    bot = MCTSBot(seed=1, iterations=3, seconds=0.05)
    bot.choose(toy_decision(seed=3))
    assert bot.iterations_done >= 1
    assert bot.seconds == 0.05


def test_mcts_answers_a_forced_move_without_searching() -> None:
    state = towers.make(NIM, stones=1).new_initial_state()
    bot = MCTSBot(seed=0)
    assert bot.choose(state) == 0
    assert bot.iterations_done == 0


@pytest.mark.parametrize("expand_all", [True, False])
@pytest.mark.parametrize("stones", [5, 6, 7, 10, 11])
def test_mcts_finds_the_winning_move_at_nim(stones: int, expand_all: bool) -> None:
    state = towers.make(NIM, stones=stones).new_initial_state()
    bot = MCTSBot(seed=2, iterations=400, expand_all=expand_all)
    # Leaving a multiple of four stones wins; action k takes k + 1.
    assert bot.choose(state) == stones % 4 - 1


def test_mcts_decides_for_the_seat_to_move() -> None:
    state = towers.make(NIM, stones=6).new_initial_state()
    state.apply_action(0)  # seat 1 faces 5 stones
    assert state.current_player() == 1
    assert MCTSBot(seed=2, iterations=300).choose(state) == 0


@pytest.mark.parametrize(
    "params",
    [
        {"iterations": 0},
        {"seconds": 0},
        {"seconds": -1.0},
        {"c": -0.1},
        {"rollout_depth": -1},
        {"scale": 0},
        {"minimax": 1.5},
        {"relative": "maybe"},
        {"expand_all": 1},
    ],
)
def test_mcts_rejects_bad_parameters(params: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="mcts"):
        MCTSBot(seed=0, **params)  # type: ignore[arg-type]


def test_the_registry_makes_bots_with_parameters() -> None:
    bot = make_bot("mcts", seed=3, iterations=7, c=0.5)
    assert isinstance(bot, MCTSBot)
    assert (bot.iterations, bot.c, bot.seed) == (7, 0.5, 3)
    with pytest.raises(towers.GameOptionError, match="mcts"):
        make_bot("mcts", seed=3, depth=4)


def test_bots_accept_an_unseeded_start() -> None:
    state = toy_decision()
    for name in FAST:
        assert make_bot(name, **FAST[name]).choose(state) in state.legal_actions()
