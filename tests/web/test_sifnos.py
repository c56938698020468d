"""Towers of Sifnos in a real browser, played to the end by clicking: a two-player game against
a bot and a solo game against the Scheme-driven opponent, each created in the lobby. The human seat plays as a player in a hurry to bring on the
invasions would (:func:`choose`: a Die where a Province is nearest its third, Dice adjusted to
fit, a Tower now and then, as few other effects as it may), and makes each move the way a
person does on the page: the move's targets clicked on the board in order, then the button of
the chooser where several moves share those targets, or the move's button in words. Now and
then it checks that the board shows its own hand and nothing of the bot's."""

from __future__ import annotations

import random
import re
from typing import Any

from tests.server.live import Live
from tests.web.browser import create_in_lobby, needs_chromium, play_to_the_end, shot
from towers.games.sifnos import actions as A
from towers.games.sifnos.rules import SifnosState

pytestmark = needs_chromium
D = A.DATA
LOOK = 25  # moves between two looks at what the board shows of the hands


def _third_dice(state: SifnosState) -> set[int]:
    """The printed values of the empty Regions of Provinces that hold 2 Dice."""
    out: set[int] = set()
    for p in D.large:
        regions = D.provinces[p].regions
        if sum(state.die_owner[r] >= 0 for r in regions) == 2:
            out |= {D.regions[r].value for r in regions if state.die_owner[r] < 0}
    return out


def _dice_there(state: SifnosState, region: int) -> int:
    p = D.regions[region].province
    if p not in D.large:
        return -1  # a Die in the central Region never leaves it
    return sum(state.die_owner[r] >= 0 for r in D.provinces[p].regions)


def choose(state: SifnosState, legal: list[int], rng: random.Random) -> int:
    """The hurried player's move."""
    values = {a: A.SPACE.decode(a) for a in legal}
    top = type(state.pending[-1]).__name__
    seat = state.current_player()

    def some(kind: type, **fields: int) -> int | None:
        fits = [
            a
            for a, v in values.items()
            if isinstance(v, kind) and all(getattr(v, k) == x for k, x in fields.items())
        ]
        return rng.choice(fits) if fits else None

    wanted = _third_dice(state)
    supply = set(state.dice_supply[seat])
    near = not supply & wanted and any(abs(v - w) == 1 for v in supply for w in wanted)
    choice: int | None = None
    match top:
        case "Prepare":
            if near:
                choice = some(A.UsePrinted, effect=1)  # any Card: adjust a Die
            if choice is None and rng.random() < 0.2:
                choice = some(A.UsePrinted, effect=0)  # place a Card
        case "AdjustDice":
            for a, v in values.items():
                if isinstance(v, A.Adjust) and v.where == 0:
                    if v.value + 1 + (1 if v.direction else -1) in wanted:
                        choice = a
        case "Majors":
            choice = some(A.Major, major=0)
            if choice is None and rng.random() < 0.4:
                choice = some(A.Major, major=1)
        case "Column":
            dice = [(a, v) for a, v in values.items() if isinstance(v, A.PlaceDie)]
            best = max((_dice_there(state, v.region) for _, v in dice), default=-1)
            if best >= 0:
                choice = rng.choice([a for a, v in dice if _dice_there(state, v.region) == best])
            else:
                choice = some(A.PlaceTower)
        case "Soldiers" | "ShipChoice" | "RecoupChoice" | "Triggered" | "BeaconChoice":
            if rng.random() < 0.3:
                choice = rng.choice(legal)
        case _:
            choice = rng.choice(legal)
    if choice is None:
        choice = A.DONE if A.DONE in legal else rng.choice(legal)
    return choice


def check_hands(page: Any, state: SifnosState) -> int:
    """The board shows seat 0's own Cards and none of the bot's hand; how many it shows."""
    mine = sorted(f"card-{D.cards[c].id}" for c in state.hands[0])
    shown = page.locator('#board [id^="card-"]').evaluate_all("cs => cs.map(c => c.id)")
    placed = {f"card-{D.cards[c].id}" for side in state.placed for c in side}
    face_up = {f"card-{D.cards[c].id}" for c in state.face_up}
    assert sorted(set(shown) - placed - face_up) == mine
    board = page.evaluate("() => document.querySelector('#board svg').outerHTML")
    for c in state.hands[1]:
        assert not re.search(rf"\b{D.cards[c].id}\b", board), D.cards[c].id
    return len(mine)


def play_out(page: Any, live: Live, gid: str, secret: str, seed: int) -> tuple[Any, Any, Any]:
    """Seat 0 played to the end, its hands looked at now and then (``ways["looks"]``)."""
    return play_to_the_end(
        page, live, gid, secret, seed, choose,
        lambda action: type(A.SPACE.decode(action)).__name__, check_hands, LOOK,
    )  # fmt: skip


def test_a_sifnos_game_against_a_bot_played_by_clicking(live: Live, page: Any) -> None:
    seed = 3  # a game of 17 rounds
    gid, secret = create_in_lobby(page, live.base, "sifnos", ["random"], seed)
    ways, kinds, final = play_out(page, live, gid, secret, seed)
    winner = page.inner_text("#winner")
    assert winner.startswith("You win!") if final.winners() == [0] else "Blue" in winner
    assert ways["board"] >= 30 and ways["words"] >= 20 and ways["looks"] >= 1, ways
    assert kinds["PlaceDie"] and kinds["Discard"] and kinds["Major"], kinds
    shot(page, "sifnos-over")


def test_a_solo_sifnos_game_against_the_schemes_played_by_clicking(live: Live, page: Any) -> None:
    seed = 8  # a game of 14 rounds
    gid, secret = create_in_lobby(page, live.base, "sifnos", [], seed)
    ways, kinds, final = play_out(page, live, gid, secret, seed)
    assert final.game.solo and final.observation(0)["solo"]["revealed"]
    winner = page.inner_text("#winner")
    assert winner.startswith("You win!") if final.winners() == [0] else "lost" in winner.lower()
    assert ways["board"] >= 30 and ways["words"] >= 20 and ways["looks"] >= 1, ways
    assert kinds["PlaceDie"] and kinds["Major"], kinds
    shot(page, "sifnos-solo-over")
