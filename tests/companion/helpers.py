"""A seeded table for companion sessions: the greedy bot's choice for each seat, a seeded
draw for each card or die the table enters, typed as the entry's text."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from towers.agents.greedy import GreedyBot
from towers.companion.session import CompanionSession
from towers.games.dark_tower.tower import SimulatedTower, Tower, TowerDevice


def table_choice(session: CompanionSession, bot: GreedyBot, rng: random.Random) -> int:
    waiting = session.waiting()
    assert waiting is not None
    if waiting.is_table:
        return rng.choice(session.entries())
    return bot.choose(session.state)


def play_out(session: CompanionSession, seed: int, limit: int | None = None) -> Iterator[str]:
    """Enter the seeded table's choices, yielding each as text, until the game ends (or
    ``limit`` entries)."""
    bot = GreedyBot(seed=seed)
    rng = random.Random(seed)
    session.advance()
    n = 0
    while not session.is_over() and (limit is None or n < limit):
        action = table_choice(session, bot, rng)
        text = session.name(action)
        session.enter(action)
        n += 1
        yield text


def script(seed: int, players: int = 2) -> tuple[list[str], list[int]]:
    """The whole session's entries as text and the history it ends with."""
    session = CompanionSession.new(players, seed=seed)
    lines = list(play_out(session, seed))
    return lines, session.state.history()


class TableTower:
    """A real tower as the session sees it: a TowerDevice that is not a simulation; it
    records what it was told, and can be made to fail."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.failing = False

    def _call(self, *call: Any) -> None:
        if self.failing:
            raise ConnectionError("the tower is out of reach")
        self.calls.append(call)

    def rotate(self, level: int, steps: int) -> None:
        self._call("rotate", level, steps)

    def break_seal(self, opening: int) -> None:
        self._call("break_seal", opening)

    def restore_seal(self, opening: int) -> None:
        self._call("restore_seal", opening)

    def drop_detected(self) -> bool:
        return False

    def skull_count(self) -> int:
        return 0

    def set_light(self, layer: str, position: str, effect: str) -> None:
        self._call("light", layer, position, effect)

    def play_sequence(self, sequence: int) -> None:
        self._call("sequence", sequence)

    def play_sound(self, sound: int) -> None:
        self._call("sound", sound)


def factory(device: TowerDevice | None = None) -> Any:
    def open_tower(kind: str, tower: Tower | None = None) -> TowerDevice:
        return device if device is not None else SimulatedTower(tower)

    return open_tower
