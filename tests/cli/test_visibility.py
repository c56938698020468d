"""A replay shows each seat, and the spectator, exactly the moves that live play showed them.

Whole games are played through the play session, with one seat "human" (its moves typed by a
random bot through the session's line reader) and bots in the others, or with bots only for
the spectator. What the session's log says of each move to the human seat (its screens show
those lines), or what the screen said to the spectator, is compared line for line with what
``towers replay`` says to the same seat from the saved game.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import towers
from towers.agents.random_bot import RandomBot
from towers.core.record import load
from towers.core.registry import views_of
from towers.terminal.parsing import SeatSpec
from towers.terminal.replay import Replay
from towers.terminal.session import PlaySession
from towers.terminal.visibility import is_seen, seen_by

MOVE_LINE = re.compile(r"^((?:chance|[A-Z][\w ]* \((?:human|random)\)): .*)$", re.MULTILINE)
"""A move as the screen prints it: "chance: ...", or the seat's name and who plays it
("Red (random): ...", "Brutal Warlord (human): ...")."""
REPLAY_LINE = re.compile(r"^\d+\. (.*)$", re.MULTILINE)

ALL = None
GAMES = [
    ("toy", {}, 2, 1, ALL),
    ("toy", {}, 3, 2, ALL),
    ("torres", {"variant": "basic"}, 2, 3, ALL),
    ("torres", {"variant": "common_deck"}, 2, 4, ALL),
    ("torres", {"variant": "master"}, 2, 5, ALL),
    ("tiletum", {}, 2, 6, ALL),
    # the longest games (1,500-2,200 actions at random) are watched by one seat and the
    # spectator, to keep the suite's time
    ("turris", {}, 2, 7, (1, None)),
    ("sifnos", {}, 2, 8, (1, None)),
    ("sifnos", {}, 1, 9, ALL),
    ("dark_tower", {}, 2, 10, ALL),
    ("dark_tower", {"mode": "competitive"}, 3, 11, ALL),
]
"""(game, options, players, seed, the viewers checked: ALL is every seat and the spectator)."""


def screen() -> tuple[Console, io.StringIO]:
    text = io.StringIO()
    return Console(file=text, width=400, color_system=None, highlight=False), text


def play_live(
    name: str, options: dict[str, Any], players: int, seed: int, human: int | None, path: Path
) -> list[str]:
    """A whole game with ``human`` (None: nobody) typing a random bot's moves; each action as
    the human's log reads it, or as the screen printed it to the spectator."""
    game = towers.make(name, players=players, **options)
    seats = [SeatSpec("human" if s == human else "random") for s in range(players)]
    console, text = screen()
    typist = RandomBot(seed=seed + 100)
    box: list[PlaySession] = []

    def type_a_move(prompt: str) -> str:
        state = box[0].state
        return state.action_to_string(typist.choose(state))

    session = PlaySession(
        game.new_initial_state(), seats, seed, console, type_a_move, save_path=path
    )
    box.append(session)
    session.run()
    assert session.state.is_terminal()
    if human is None:
        return MOVE_LINE.findall(text.getvalue())
    return [entry.line(human) for entry in session.log]


def replayed(path: Path, seat: int | None) -> list[str]:
    """The move lines ``towers replay --seat`` prints, one step at a time (``show`` of each
    step prints its move line through ``Replay.move``, which is asked here without drawing
    every board)."""
    rec = Replay(load(path))
    return [rec.move(n, seat) for n in range(1, len(rec) + 1)]


@pytest.mark.parametrize(("name", "options", "players", "seed", "watching"), GAMES)
def test_a_replay_hides_from_each_seat_what_live_play_hid(
    name: str,
    options: dict[str, Any],
    players: int,
    seed: int,
    watching: tuple[int | None, ...] | None,
    tmp_path: Path,
) -> None:
    hidden = towers.make(name, players=players, **options).has_hidden_information()
    viewers = [*range(players), None] if hidden else [0, None]
    if watching is not ALL:
        viewers = list(watching)
    for viewer in viewers:
        path = tmp_path / f"{viewer}.json"
        live = play_live(name, options, players, seed, viewer, path)
        shown = replayed(path, viewer)
        assert len(live) == len(load(path)["history"])
        assert shown == live, f"viewer {viewer}"
        secret = [line for line in live if ": a hidden " in line]
        if not hidden:
            assert secret == []
            continue
        # exactly the moves the viewer may not read are hidden (a game may hide only where
        # things rest, as Return to Dark Tower's cooperative game the skulls inside the
        # tower, and so no move), and each seat saw its own choices in words
        state = towers.make(name, players=players, **options).new_initial_state()
        unread = []
        for k, action in enumerate(load(path)["history"]):
            if not is_seen(seen_by(state, action), [viewer]):
                unread.append(k)
            state.apply_action(action)
        assert [k for k, line in enumerate(live) if ": a hidden " in line] == unread
        hides_no_move = name == "dark_tower" and options.get("mode") != "competitive"
        assert hides_no_move or secret, f"viewer {viewer} was shown every move"
        if viewer is not None:
            own = f"{views_of(state.game).seat_name(viewer)} (human): "
            assert not [line for line in secret if line.startswith(own)]


def test_the_replay_command_prints_the_lines_of_the_seat_asked(tmp_path: Path) -> None:
    path = tmp_path / "toy.json"
    live = play_live("toy", {}, 2, 11, 1, path)
    console, text = screen()
    Replay(load(path)).show_all(console, 1)
    assert REPLAY_LINE.findall(text.getvalue()) == live


def test_the_spectator_sees_only_what_every_seat_sees(tmp_path: Path) -> None:
    path = tmp_path / "bots.json"
    live = play_live("torres", {"variant": "basic"}, 2, 7, None, path)
    data = load(path)
    state = towers.make("torres", players=2).new_initial_state()
    for line, action in zip(live, data["history"], strict=True):
        seen = seen_by(state, action)
        name = state.action_to_string(action)
        assert (": a hidden " not in line) == (seen is None), (line, seen)
        if name.startswith(("draw ", "keep ", "return ")):
            # a card drawn, kept or put back is known to one seat only, even the last one put
            # back, which the others tell from the other ways of putting it back
            assert seen is not None and len(seen) <= 1
            assert re.search(
                r": a hidden (outcome|choice)( \(seen by [A-Z][A-Za-z ]*(, [A-Z][A-Za-z ]*)*\))?$",
                line,
            )
        state.apply_action(action)


def test_the_board_of_a_replay_is_drawn_for_the_seat_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.json"
    play_live("torres", {"variant": "basic"}, 2, 8, 0, path)
    seats: list[int | None] = []
    from towers.games.torres.views import TorresViews

    render = TorresViews.text

    def spy(self: Any, state: Any, seat: int | None) -> str:
        seats.append(seat)
        return render(self, state, seat)

    monkeypatch.setattr(TorresViews, "text", spy)
    rec = Replay(load(path))
    for seat in (0, 1, None):
        seats.clear()
        rec.show_all(screen()[0], seat)
        assert seats == [seat] * (len(rec) + 1)
    # and what the seat is shown holds its hand, which the other seat's board does not
    for n, state in enumerate(rec.states):
        if state.observation(0).get("hand") != state.observation(1).get("hand"):
            console, text = screen()
            rec.show(console, n, 0)
            mine = text.getvalue()
            console, text = screen()
            rec.show(console, n, 1)
            assert mine != text.getvalue()
            break
    else:
        pytest.fail("no position with different hands")
