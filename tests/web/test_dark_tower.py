"""Return to Dark Tower in a real browser, played to the end by clicking: a one-hero cooperative
game created in the lobby. The hero plays as one in a hurry would (:func:`choose`: a step
across the map now and then, the skull dropped as soon as the turn allows, a battle or a
cleanse when one is at hand), and makes each move as a person does on the page: the move's
target clicked on the board (a space, the Tower, a building, a foe, a gear), then the
button of the chooser where several moves share it, or the move's button in words."""

from __future__ import annotations

import random
from typing import Any

from tests.server.live import Live
from tests.web.browser import create_in_lobby, needs_chromium, play_to_the_end, shot
from towers.games.dark_tower import actions as A
from towers.games.dark_tower.rules import DarkTowerState

pytestmark = needs_chromium


def choose(state: DarkTowerState, legal: list[int], rng: random.Random) -> int:
    """The hurried hero's move."""
    values = {a: A.SPACE.decode(a) for a in legal}

    def some(*kinds: type) -> int | None:
        fits = [a for a, v in values.items() if isinstance(v, kinds)]
        return rng.choice(fits) if fits else None

    for kinds, chance in (
        ((A.Battle, A.Cleanse, A.Improve, A.Resolve, A.EnterRoom), 0.9),
        ((A.Move,), 0.5),
        ((A.DropSkull,), 1.0),
    ):
        choice = some(*kinds)
        if choice is not None and rng.random() < chance:
            return choice
    if A.SPACE.encode(A.Done()) in legal:
        return A.SPACE.encode(A.Done())
    return rng.choice(legal)


def test_a_one_hero_dark_tower_game_played_by_clicking(live: Live, page: Any) -> None:
    seed = 4
    gid, secret = create_in_lobby(page, live.base, "dark_tower", [], seed)
    ways, kinds, final = play_to_the_end(
        page, live, gid, secret, seed, choose, lambda action: type(A.SPACE.decode(action)).__name__
    )
    assert isinstance(final, DarkTowerState)
    assert "Month" in page.inner_text("#board")
    assert ways["board"] >= 20 and ways["words"] >= 5, ways
    assert kinds["Move"] and kinds["DropSkull"] and kinds["PlaceSkull"], kinds
    shot(page, "dark-tower-over")
