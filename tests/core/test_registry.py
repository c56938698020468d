"""The registry of games and bots."""

from __future__ import annotations

import pytest

import towers
from towers.core import registry


class _Bot:
    def __init__(self, seed: int | None = None, depth: int = 1) -> None:
        self.seed = seed
        self.depth = depth


def test_list_games_is_sorted_and_holds_the_test_game() -> None:
    games = towers.list_games()
    assert games == sorted(games)
    assert "toy" in games


def test_make_defaults_to_the_fewest_players() -> None:
    game = towers.make("toy")
    assert game.num_players == type(game).min_players == 2
    assert game.name == "toy"


def test_make_defaults_to_the_fewest_players_its_options_allow() -> None:
    # the competitive game is for 2-4 heroes, the cooperative one for 1-4
    assert towers.make("dark_tower").num_players == 1
    assert towers.make("dark_tower", mode="competitive").num_players == 2
    with pytest.raises(towers.GameOptionError, match="allowed: heroic, gritty"):
        towers.make("dark_tower", difficulty="deadly")


def test_an_unknown_game_lists_the_games() -> None:
    with pytest.raises(towers.GameOptionError) as failure:
        towers.make("chess")
    assert "unknown game 'chess'" in str(failure.value)
    for name in towers.list_games():
        assert name in str(failure.value)


def test_register_and_unregister() -> None:
    registry.register_game("toy-again", "tests.toy_game:ToyGame")
    try:
        assert "toy-again" in towers.list_games()
        assert type(towers.make("toy-again")).__name__ == "ToyGame"
    finally:
        registry.unregister_game("toy-again")
    assert "toy-again" not in towers.list_games()
    registry.unregister_game("toy-again")  # unregistering twice is harmless


def test_bots_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._BOTS, "test-bot", f"{__name__}:_Bot")
    assert "test-bot" in towers.list_bots()
    assert towers.list_bots() == sorted(towers.list_bots())
    bot = towers.make_bot("test-bot", seed=3, depth=2)
    assert (bot.seed, bot.depth) == (3, 2)


def test_bot_errors_say_what_is_wrong(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._BOTS, "test-bot", f"{__name__}:_Bot")
    with pytest.raises(towers.GameOptionError) as failure:
        towers.make_bot("nobody")
    assert "unknown bot 'nobody'" in str(failure.value)
    assert "test-bot" in str(failure.value)
    with pytest.raises(towers.GameOptionError, match="test-bot has no parameter 'width'"):
        towers.make_bot("test-bot", width=3)
